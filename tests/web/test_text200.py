"""The Settings' Text size at 200% holds at the table on a phone, upright and held sideways: the
bar's labels, figures and buttons, the piles' captions and the message line are drawn at twice
their 100% size (read from the page's real layout), each inside the screen, none over another or
over a card, every button and card a 44 px target, no sideways scroll; then 100% again.

A browser profile of its own (its text size is changed; the shared pages keep theirs)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.web.conftest import boot
from tests.web.helpers import drawn, four_deal, start_code, stuck_deal, wait_drawn

pytestmark = pytest.mark.web  # left out of the plain run: `pytest -m web`

PORTRAIT = {"width": 390, "height": 844}
LANDSCAPE = {"width": 844, "height": 390}

# What the test reads of the table: each kind of text's font size, and the boxes of everything
# drawn (the texts, the cards), as getBoundingClientRect gives them.
READ = """() => {
  const px = (el) => parseFloat(getComputedStyle(el).fontSize);
  const seen = (el) => el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const box = (el, what) => {
    const r = el.getBoundingClientRect();
    return { what, left: r.left, top: r.top, right: r.right, bottom: r.bottom,
             cut: el.scrollWidth > el.clientWidth + 1 || (el.tagName === "BUTTON" && el.scrollHeight > el.clientHeight + 1) };
  };
  const texts = [];
  for (const el of document.querySelectorAll("#bar button")) if (seen(el)) texts.push(box(el, "button #" + el.id));
  for (const el of document.querySelectorAll("#figures > span")) if (seen(el)) texts.push(box(el, "figure " + el.textContent));
  for (const el of document.querySelectorAll("#board .pile .caption")) if (seen(el)) texts.push(box(el, "caption " + el.textContent));
  texts.push(box(document.getElementById("message"), "message"));
  const cards = [...document.querySelectorAll("#board .card, #board .pile")].filter(seen)
    .map((el) => box(el, "card " + (el.dataset.card || el.dataset.place)));
  return {
    sizes: {
      label: px(document.querySelector("#figures b")),
      figure: px(document.getElementById("score")),
      button: px(document.getElementById("hint")),
      message: px(document.getElementById("message")),
      caption: px(document.querySelector("#stock .caption")),
      count: px(document.querySelector("#stock .count")),
    },
    texts, cards,
    view: { width: innerWidth, height: innerHeight },
    scroll: { page: document.documentElement.scrollWidth, table: document.getElementById("table").scrollWidth,
              tableWidth: document.getElementById("table").clientWidth },
  };
}"""


def read(page: Any) -> dict[str, Any]:
    # two frames: the board laid out again after a resize (its ResizeObserver) and drawn
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    result: dict[str, Any] = page.evaluate(READ)
    return result


def overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    tol = 0.5
    return (
        min(a["right"], b["right"]) - max(a["left"], b["left"]) > tol
        and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > tol
    )


def check_layout(seen: dict[str, Any]) -> None:
    """Every text inside the screen, whole, over no other text and no card; 44 px targets; no
    sideways scroll."""
    width, height = seen["view"]["width"], seen["view"]["height"]
    texts, cards = seen["texts"], seen["cards"]
    for t in texts + cards:
        inside = t["left"] >= -0.5 and t["top"] >= -0.5
        inside = inside and t["right"] <= width + 0.5 and t["bottom"] <= height + 0.5
        assert inside, (t, width, height)
    for t in texts:
        assert not t["cut"], t
    for i, a in enumerate(texts):
        for b in texts[i + 1 :]:
            assert not overlap(a, b), (a, b)
        for c in cards:
            assert not overlap(a, c), (a, c)
    for t in texts + cards:
        if t["what"].startswith(("button", "card")):
            assert t["right"] - t["left"] >= 44 - 0.5, t
            assert t["bottom"] - t["top"] >= 44 - 0.5, t
    scroll = seen["scroll"]
    assert scroll["page"] <= width and scroll["table"] <= scroll["tableWidth"], scroll


def check_scaled(seen: dict[str, Any], base: dict[str, Any], factor: float) -> None:
    for key, size in base["sizes"].items():
        assert seen["sizes"][key] == pytest.approx(size * factor, abs=0.05), (key, size)


def set_text_size(page: Any, size: int) -> None:
    """The Text size row of the Settings screen, from the table and back to it (Continue)."""
    page.click("#menu")
    page.wait_for_function("document.body.dataset.screen === 'start'")
    page.click("#start-settings")
    before = page.evaluate("window.desertPyramid.settings.values.text_size")
    page.select_option('#settings-rows select[data-key="text_size"]', json.dumps(size))
    if before != size:
        page.wait_for_function(f"window.desertPyramid.settings.values.text_size === {size}")
    page.click("#settings-back")
    page.wait_for_function("document.body.dataset.screen === 'start'")
    before = drawn(page)
    page.click("#continue")
    wait_drawn(page, before)


def test_200_percent_text_holds_at_the_table_upright_and_sideways(
    browser: Any, base_url: str
) -> None:
    context = browser.new_context(
        viewport=PORTRAIT, device_scale_factor=2, has_touch=True, is_mobile=True
    )
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        boot(page, base_url)
        page.wait_for_function("window.desertPyramid.settings !== null")
        assert page.evaluate("window.desertPyramid.settings.values.text_size") == 100
        # a Practice deal, a lone 4 tapped: the message line says what it needs
        code, four = four_deal()
        start_code(page, code)
        before = drawn(page)
        page.tap(f'#board [data-place="{four}"]')
        wait_drawn(page, before)
        assert "9" in page.locator("#message").inner_text()
        # 100%: the sizes each way round (each has its own), and the layout already sound
        base = {}
        for name, view in (("portrait", PORTRAIT), ("landscape", LANDSCAPE)):
            page.set_viewport_size(view)
            base[name] = read(page)
            check_layout(base[name])
        # 200% (the player's choice on the Settings screen): twice the size, still sound
        set_text_size(page, 200)
        assert page.evaluate("document.body.classList.contains('large-text')")
        for name, view in (("landscape", LANDSCAPE), ("portrait", PORTRAIT)):
            page.set_viewport_size(view)
            seen = read(page)
            check_scaled(seen, base[name], 2)
            check_layout(seen)
        # a long message: the line keeps two lines at least and scrolls the rest
        message = page.locator("#message")
        lines = page.evaluate(
            "(() => { const m = document.getElementById('message');"
            " return m.clientHeight / parseFloat(getComputedStyle(m).lineHeight); })()"
        )
        assert lines >= 2, lines
        assert message.evaluate("(m) => getComputedStyle(m).overflowY") == "auto"
        # a deal without the Satchel (two piles), held sideways
        page.set_viewport_size(LANDSCAPE)
        start_code(page, stuck_deal())
        assert page.locator("#satchel").is_hidden()
        check_layout(read(page))
        # then an Expedition at 200% (the Satchel's pile back): its pause button, its pyramid and
        # daylight figures, its bar
        page.click("#menu")
        page.wait_for_function("document.body.dataset.screen === 'start'")
        before = drawn(page)
        page.click("#play-expedition")
        wait_drawn(page, before)
        assert page.locator("#daylight-figure").is_visible()
        assert page.locator("#daylight-bar").is_visible()
        assert page.locator("#satchel").is_visible()
        for name, view in (("landscape", LANDSCAPE), ("portrait", PORTRAIT)):
            page.set_viewport_size(view)
            seen = read(page)
            check_scaled(seen, base[name], 2)
            check_layout(seen)
            bar = page.locator("#daylight-bar").bounding_box()
            assert bar["width"] > 0 and bar["y"] >= 0
        # back to 100%: the sizes of before
        set_text_size(page, 100)
        assert not page.evaluate("document.body.classList.contains('large-text')")
        for name, view in (("landscape", LANDSCAPE), ("portrait", PORTRAIT)):
            page.set_viewport_size(view)
            seen = read(page)
            check_scaled(seen, base[name], 1)
            check_layout(seen)
        assert errors == []
    finally:
        context.close()
