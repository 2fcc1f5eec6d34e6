"""Screenshots of the Profile screen (and the start page's entry to it) at 390x844, 844x390 and
1440x900, in English and German, after a desktop profile was imported (the outcome shown).

Run: ``python tests/web/shots_profile.py SITE OUT`` (a built site; not a test)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from desert_pyramid.cli import main as cli  # noqa: E402
from tests.web.conftest import boot  # noqa: E402
from tests.web.shots import served_browser  # noqa: E402

SIZES = ((390, 844, True), (844, 390, True), (1440, 900, False))


def shoot(site: Path, out: Path) -> None:

    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        moved = Path(tmp) / "desert-pyramid-profile.toml"
        assert (
            cli(["profile", "--save-dir", str(ROOT / "saves" / "v1"), "--export", str(moved)]) == 0
        )
        with served_browser(str(site)) as (browser, url):
            for width, height, touch in SIZES:
                context = browser.new_context(
                    viewport={"width": width, "height": height}, has_touch=touch
                )
                page = context.new_page()
                boot(page, url)
                for lang in ("en", "de"):
                    if lang == "de":
                        page.select_option("#language", "de")
                        page.wait_for_function("document.documentElement.lang === 'de'")
                    page.click("#open-profile")
                    page.wait_for_selector("#profile-summary li")
                    page.set_input_files("#profile-file", str(moved))
                    page.wait_for_selector("#profile-outcome:not([hidden])")
                    page.wait_for_timeout(300)
                    page.screenshot(path=str(out / f"profile-{lang}-{width}x{height}.png"))
                    page.click("#profile-back")
                    page.wait_for_selector("#start:not([hidden])")
                    page.locator("#open-profile").scroll_into_view_if_needed()
                    page.screenshot(path=str(out / f"start-{lang}-{width}x{height}.png"))
                context.close()


if __name__ == "__main__":
    shoot(Path(sys.argv[1]), Path(sys.argv[2]))
