"""Every screen's Back at its top, and the statistics' per-day chart labelled on a phone without
crowding: a fresh phone (390x844) whose profile played a game a day for 16 days (its save files,
written by the game's own application, put in the browser's save store before the page opens, as
``test_progress.py`` does)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.test_web_replay import played_on_days
from tests.web.conftest import boot
from tests.web.test_progress import SEED_SAVES

pytestmark = pytest.mark.web

#: each screen with a bar, and the start page's button that opens it
SCREENS = {
    "stats": "#open-stats",
    "relics": "#open-relics",
    "backs": "#open-backs",
    "profile": "#open-profile",
    "settings": "#start-settings",
    "howto": "#start-howto",
}

FIRST_FOCUSABLE = """
(id) => {
  const section = document.getElementById(id);
  const all = section.querySelectorAll("button, select, input, a[href], [tabindex]");
  return [...all].find((el) => !el.disabled && el.offsetParent !== null)?.id || "";
}
"""

DAY_LABELS = """
() => [...document.querySelectorAll('#stats-bars .day')].map((el) => {
  const r = el.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(el);
  const t = range.getBoundingClientRect();  // the text's own box (it may be wider than its column)
  return { text: el.textContent, left: t.left, right: t.right, column: r.width };
})
"""


def test_back_is_at_the_top_of_every_screen_and_the_day_chart_is_readable_on_a_phone(
    browser: Any, base_url: str, tmp_path: Path
) -> None:
    played_on_days(tmp_path)
    files = {p.name: list(p.read_bytes()) for p in tmp_path.glob("*.toml")}
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="en-GB"
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(base_url + "build.json")  # the site's origin, before the game boots
        page.evaluate(SEED_SAVES, files)
        boot(page, base_url)
        for screen, opener in SCREENS.items():
            page.tap(opener)
            page.wait_for_function(f"document.body.dataset.screen === {screen!r}")
            back = page.locator(f"#{screen}-back")
            # the bar: Back, then the heading, at the top; the first thing Tab reaches
            assert page.evaluate(FIRST_FOCUSABLE, screen) == f"{screen}-back"
            box = back.bounding_box()
            assert box is not None and box["y"] < 60 and box["height"] >= 44, (screen, box)
            title = page.locator(f"#{screen}-title").bounding_box()
            assert title is not None and title["y"] < 60, (screen, title)
            assert back.inner_text() == "Back"
            if screen == "stats":
                page.wait_for_function("document.querySelector('#stats-bars').dataset.labelled")
                labels = page.evaluate(DAY_LABELS)
                assert len(labels) == 14
                shown = [d for d in labels if d["text"]]
                # every second day (or third) in figures, the latest always, none overlapping
                assert labels[-1]["text"] == "16/11"
                assert 4 <= len(shown) < 14, [d["text"] for d in labels]
                for a, b in zip(shown, shown[1:], strict=False):
                    assert a["right"] + 2 <= b["left"], (a, b)
                # the desk's width names them all (the month's name where it fits)
                page.set_viewport_size({"width": 1280, "height": 720})
                page.wait_for_function(
                    "document.querySelector('#stats-bars').dataset.labelled === '1'"
                )
                labels = page.evaluate(DAY_LABELS)
                assert labels[-1]["text"] == "16 Nov" and all(d["text"] for d in labels)
                page.set_viewport_size({"width": 390, "height": 844})
            # a long screen scrolled to its end keeps its Back in view (the bar stays on top)
            page.evaluate(
                "(id) => { const s = document.getElementById(id); s.scrollTop = s.scrollHeight; }",
                screen,
            )
            box = back.bounding_box()
            assert box is not None and 0 <= box["y"] < 60, (screen, box)
            back.tap()
            page.wait_for_function("document.body.dataset.screen === 'start'")
        assert errors == []
    finally:
        context.close()
