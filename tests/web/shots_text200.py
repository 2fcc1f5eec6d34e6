"""Screenshots of the table, its dialogs and the replay at 100% and 200% text (not a test): a
fresh browser profile in each size and language; at each text size a Practice deal with a
message ("a 4 needs a 9"), a deal won by taps (the won dialog), a stuck deal (the stuck dialog,
then left: a past game), today's Daily, an Expedition (its daylight bar), its sunset (the banner)
and the trek's results (the page's clock driven as tests/web/test_expedition.py drives it), and
the past game's replay.

    python tests/web/shots_text200.py OUT [--site SITE] [--sizes 390x844,...] [--languages en,de]

``SITE`` is a built site (``desert-pyramid web build``); without it one is built into a
temporary folder. Sizes: 390x844, 844x390 (phones), 768x1024 (a tablet), 1440x900.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.web.conftest import boot  # noqa: E402
from tests.web.helpers import (  # noqa: E402
    drawn,
    four_deal,
    play,
    start_code,
    stuck_deal,
    wait_drawn,
    winnable,
)
from tests.web.shots import device_page, served_browser  # noqa: E402
from tests.web.test_expedition import advance, fake_clock, real_clock  # noqa: E402

SIZES = ["390x844", "844x390", "768x1024", "1440x900"]
TOUCH = {"390x844", "844x390", "768x1024"}


def set_text_size(page: Any, size: int) -> None:
    """The Settings' Text size, as the Settings screen sets it (its module's ``change``)."""
    page.evaluate(
        "async (size) => { const m = await import('./settings.js');"
        " const r = await m.change('text_size', size); if (!r.ok) throw new Error(r.error); }",
        size,
    )


def film(browser: Any, url: str, out: Path, size: str, lang: str) -> None:
    width, height = (int(v) for v in size.split("x"))
    touch = size in TOUCH
    page = device_page(browser, width, height, touch, lang)
    boot(page, url)
    how = "tap" if touch else "click"
    for scale in (100, 200):
        name = f"{size}-{lang}-{scale}"
        set_text_size(page, scale)

        def shot(what: str, name: str = name) -> None:
            page.wait_for_timeout(400)
            page.screenshot(path=str(out / f"{what}-{name}.png"))

        # a Practice deal and its message: a lone 4 tapped ("a 4 needs a 9")
        code, four = four_deal()
        start_code(page, code)
        before = drawn(page)
        if touch:
            page.tap(f'#board [data-place="{four}"]')
        else:
            page.click(f'#board [data-place="{four}"]')
        wait_drawn(page, before)
        shot("practice")
        # a deal won by taps: the won dialog
        code, line = winnable("desert")
        start_code(page, code)
        for move in line:
            play(page, move, how)
        page.wait_for_selector("#ending:not([hidden])")
        shot("won")
        page.click("#ending-new")
        page.wait_for_function("document.body.dataset.screen === 'start'")
        # a stuck deal: the stuck dialog, then left (a lost past game for the replay)
        start_code(page, stuck_deal())
        while page.locator("#ending").is_hidden():
            before = drawn(page)
            page.keyboard.press(" ")
            wait_drawn(page, before)
        shot("stuck")
        page.click("#ending-new")
        page.wait_for_function("document.body.dataset.screen === 'start'")
        # today's Daily
        before = drawn(page)
        page.click("#play-daily")
        wait_drawn(page, before)
        shot("daily")
        page.click("#menu")
        page.wait_for_function("document.body.dataset.screen === 'start'")
        # an Expedition, its sunset and its results
        fake_clock(page)
        before = drawn(page)
        page.click("#play-expedition")
        wait_drawn(page, before)
        page.wait_for_timeout(1500)
        shot("expedition")
        advance(page, 244_000)
        page.wait_for_function("window.desertPyramid.state.finished === true")
        page.wait_for_selector("#banner:not([hidden])")
        shot("sunset")
        page.wait_for_selector("#trek-end:not([hidden])", timeout=10_000)
        shot("trek-end")
        real_clock(page)
        page.click("#trek-end-menu")
        page.wait_for_function("document.body.dataset.screen === 'start'")
        # the past game's replay, stepped on a few moves
        page.click("#open-stats")
        page.click("#open-games")
        page.wait_for_selector("#games-list li")
        page.click("#games-list li:nth-child(2) button")  # the stuck deal (the trek is newer)
        page.wait_for_function("document.body.dataset.screen === 'replay'")
        page.click("#replay-end")
        page.click("#replay-prev")
        page.evaluate("document.getElementById('replay').scrollTop = 0")
        shot("replay")
        page.evaluate("document.getElementById('replay').scrollTop = 1e6")
        shot("replay-end")
        page.click("#replay-close")
        page.wait_for_function("document.body.dataset.screen !== 'replay'")
        if page.evaluate("document.body.dataset.screen") != "start":
            page.click("#games-back")
            page.click("#stats-back")
        print(name, flush=True)
    page.context.close()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--site")
    parser.add_argument("--sizes", default=",".join(SIZES))
    parser.add_argument("--languages", default="en,de")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with served_browser(args.site) as (browser, url):
        for lang in args.languages.split(","):
            for size in args.sizes.split(","):
                film(browser, url, out, size, lang)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
