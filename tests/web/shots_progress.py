"""Screenshots of the Relics and Card backs screens and of the won dialog with an unlock, at
390x844, 844x390 and 1440x900, in English and German (not a test: run it by hand).

    python -m tests.web.shots_progress SITE OUT

SITE is a built site (``desert-pyramid web build``); each shot starts from a fresh browser
profile one pyramid short of the Clay Jar (tests/web/test_progress.py's seeding), wins a deal by
taps, and photographs the won dialog, the Relics screen and the Card backs screen.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from tests.web.conftest import boot
from tests.web.helpers import play, start_code, winnable
from tests.web.shots import served_browser
from tests.web.test_progress import NO_REDEAL_SEED, SEED_SAVES, seeded_files

SIZES = {"phone": (390, 844), "phone-sideways": (844, 390), "desk": (1440, 900)}


def main(argv: list[str]) -> int:

    site, out = Path(argv[0]), Path(argv[1])
    out.mkdir(parents=True, exist_ok=True)
    code, line = winnable("desert", 1, NO_REDEAL_SEED)
    with served_browser(str(site)) as (browser, url):
        for lang in ("en", "de"):
            for name, (w, h) in SIZES.items():
                mobile = name.startswith("phone")
                context = browser.new_context(
                    viewport={"width": w, "height": h},
                    device_scale_factor=2 if mobile else 1,
                    has_touch=mobile,
                    is_mobile=mobile,
                )
                page = context.new_page()
                page.goto(url + "build.json")
                with tempfile.TemporaryDirectory() as folder:
                    page.evaluate(SEED_SAVES, seeded_files(Path(folder), cleared=1))
                page.evaluate(f"localStorage.setItem('dp-language', '{lang}')")
                boot(page, url)
                start_code(page, code)
                for move in line:
                    play(page, move, "tap" if mobile else "click")
                page.wait_for_selector('#ending-unlocks [data-unlock="clay_jar"]')
                page.wait_for_timeout(300)
                page.screenshot(path=str(out / f"won-{lang}-{name}.png"))
                page.click("#ending-new")
                page.wait_for_selector("#start:not([hidden])")
                page.screenshot(path=str(out / f"start-{lang}-{name}.png"))
                page.click("#open-relics")
                page.wait_for_selector("#relics-list .reward.earned")
                page.wait_for_timeout(300)
                page.screenshot(path=str(out / f"relics-{lang}-{name}.png"))
                page.click("#relics-to-backs")
                page.wait_for_selector('#backs-list [data-back="no_redeal"]')
                page.click('[data-back="no_redeal"]')
                page.wait_for_selector('[data-back="no_redeal"][aria-pressed="true"]')
                page.wait_for_timeout(300)
                page.screenshot(path=str(out / f"backs-{lang}-{name}.png"))
                page.click("#backs-back")
                page.wait_for_selector("#start:not([hidden])")
                start_code(page, code)
                page.wait_for_timeout(300)
                page.screenshot(path=str(out / f"table-back-{lang}-{name}.png"))
                context.close()
                print(f"{lang} {name}: done", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
