"""Screenshots of the Settings' new rows (Speech, Timer, Score, Large indices) and of a table with
them in use (not a test): the Settings screen scrolled to the Speech row and its voice line, a
Practice deal with large indices and the timer and score hidden, an Expedition at dusk with its
daylight hidden and its bar kept; at 390x844, 844x390 and 1440x900, in English and German, and
the Settings at 200% text.

    python -m tests.web.shots_voice SITE OUT

``SITE`` is a built site (``desert-pyramid web build SITE``); the pictures go to ``OUT``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tests.web.conftest import boot
from tests.web.shots import served_browser
from tests.web.test_expedition import advance, fake_clock

SIZES = ((390, 844), (844, 390), (1440, 900))


def choose(page: Any, key: str, value: Any) -> None:
    before = page.evaluate("JSON.stringify(window.desertPyramid.settings.values)")
    page.select_option(f'#settings-rows select[data-key="{key}"]', json.dumps(value))
    page.wait_for_function(
        "(b) => JSON.stringify(window.desertPyramid.settings.values) !== b", arg=before
    )


def each_size(page: Any, out: Path, name: str, before: Any = None) -> None:
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(300)
        if before is not None:
            before()
        page.screenshot(path=str(out / f"{name}-{w}x{h}.png"))
    page.set_viewport_size({"width": 390, "height": 844})


def shoot(site: Path, out: Path) -> None:

    out.mkdir(parents=True, exist_ok=True)
    with served_browser(str(site)) as (browser, url):
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        boot(page, url)
        page.wait_for_function("window.desertPyramid.settings !== null")
        page.click("#start-settings")
        for key, value in (("speech", "on"), ("hide_timer", True), ("hide_score", True)):
            choose(page, key, value)
        choose(page, "large_index", True)
        page.wait_for_timeout(1800)  # the voices listed (none here): the line under the row

        def to_speech() -> None:
            page.locator('select[data-key="speech"]').scroll_into_view_if_needed()

        for lang in ("en", "de"):
            page.select_option("#language", lang)
            page.wait_for_function(f"window.desertPyramid.language === {lang!r}")
            page.wait_for_timeout(300)
            each_size(page, out, f"settings-{lang}", to_speech)
            page.click("#settings-back")
            page.select_option("#rules", "desert")
            page.select_option("#layout", "1")
            page.click("#deal")
            page.wait_for_function("document.body.dataset.screen === 'table'")
            page.click('#board [data-place="stock"]')
            page.wait_for_function(
                "[...document.querySelectorAll('#pyramid img')].every(i => i.complete && i.naturalWidth > 0)"
            )
            each_size(page, out, f"table-large-hidden-{lang}")
            page.click("#menu")
            page.wait_for_function("document.body.dataset.screen === 'start'")
            fake_clock(page)
            page.click("#play-expedition")
            page.wait_for_function("document.body.dataset.screen === 'table'")
            advance(page, 190_000)
            each_size(page, out, f"expedition-dusk-hidden-{lang}")
            page.evaluate("window.desertPyramidClock.now = () => performance.now()")
            page.keyboard.press("Escape")
            page.wait_for_selector("#pause-menu:visible")
            page.click("#pause-menu")
            page.wait_for_function("document.body.dataset.screen === 'start'")
            page.click("#start-settings")
        choose(page, "text_size", 200)
        each_size(page, out, "settings-de-200", to_speech)


if __name__ == "__main__":
    shoot(Path(sys.argv[1]), Path(sys.argv[2]))
