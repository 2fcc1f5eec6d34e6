"""Screenshots of the web edition's Settings and How to play (not a test): every page at 390x844,
844x390 and 1440x900, in English and German, and Settings at 200% text.

    python -m tests.web.shots_settings SITE OUT

``SITE`` is a built site (``desert-pyramid web build SITE``); the pictures go to ``OUT``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from tests.web.conftest import boot
from tests.web.shots import served_browser

SIZES = ((390, 844), (844, 390), (1440, 900))
PAGES = ("rules", "variations", "glossary", "quiz")


def choose(page: Any, key: str, value: str) -> None:
    """A settings row set on the Settings screen, and its answer applied."""
    before = page.evaluate("JSON.stringify(window.desertPyramid.settings.values)")
    page.select_option(f'#settings-rows select[data-key="{key}"]', value)
    page.wait_for_function(
        f"JSON.stringify(window.desertPyramid.settings.values) !== {before!r}", timeout=30_000
    )


def language(page: Any, code: str) -> None:
    page.select_option("#language", code)
    page.wait_for_function(f"window.desertPyramid.language === {code!r}", timeout=30_000)


def shoot(site: Path, out: Path) -> None:

    out.mkdir(parents=True, exist_ok=True)
    with served_browser(str(site)) as (browser, url):
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        boot(page, url)
        for lang in ("en", "de"):
            page.click("#start-settings")
            language(page, lang)
            for w, h in SIZES:
                page.set_viewport_size({"width": w, "height": h})
                page.wait_for_timeout(200)
                page.screenshot(path=str(out / f"settings-{lang}-{w}x{h}.png"))
            page.set_viewport_size({"width": 390, "height": 844})
            page.click("#settings-back")
            page.wait_for_timeout(200)
            for w, h in SIZES:
                page.set_viewport_size({"width": w, "height": h})
                page.wait_for_timeout(200)
                page.screenshot(path=str(out / f"start-{lang}-{w}x{h}.png"))
            page.click("#start-howto")
            for name in PAGES:
                page.click(f"#howto-tab-{name}")
                page.wait_for_function(f"document.body.dataset.howtoPage === {name!r}")
                if name == "quiz":
                    page.click('.choice[data-choice="1"]')
                    page.wait_for_selector(".verdict")
                for w, h in SIZES:
                    page.set_viewport_size({"width": w, "height": h})
                    page.wait_for_timeout(250)
                    page.screenshot(path=str(out / f"howto-{name}-{lang}-{w}x{h}.png"))
                page.set_viewport_size({"width": 390, "height": 844})
            page.click("#howto-back")
        # 200% text, high contrast: Settings and How to play (German: the longest words)
        page.click("#start-settings")
        choose(page, "text_size", "200")
        for w, h in SIZES:
            page.set_viewport_size({"width": w, "height": h})
            page.wait_for_timeout(200)
            page.screenshot(path=str(out / f"settings-de-200-{w}x{h}.png"))
        choose(page, "high_contrast", "true")
        page.screenshot(path=str(out / "settings-de-200-contrast-1440x900.png"))
        page.set_viewport_size({"width": 390, "height": 844})
        page.click("#settings-back")
        page.click("#start-howto")
        page.click("#howto-tab-quiz")
        for w, h in SIZES:
            page.set_viewport_size({"width": w, "height": h})
            page.wait_for_timeout(200)
            page.screenshot(path=str(out / f"howto-quiz-de-200-contrast-{w}x{h}.png"))
        page.click("#howto-tab-rules")
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(200)
        page.screenshot(path=str(out / "howto-rules-de-200-contrast-390x844.png"))
        # the table at 200% text, high contrast and the four-colour deck
        page.click("#howto-back")
        page.click("#start-settings")
        choose(page, "four_colour", "true")
        page.click("#settings-back")
        page.click("#deal")
        page.wait_for_function("document.body.dataset.screen === 'table'")
        for w, h in SIZES:
            page.set_viewport_size({"width": w, "height": h})
            page.wait_for_timeout(300)
            page.screenshot(path=str(out / f"table-de-200-contrast-four-colour-{w}x{h}.png"))


if __name__ == "__main__":
    shoot(Path(sys.argv[1]), Path(sys.argv[2]))
