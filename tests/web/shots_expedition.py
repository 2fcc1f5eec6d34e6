"""Screenshots of the Expedition in the browser (not a test: run it by hand), in English and
German at 390 x 844 and 844 x 390 (a touch phone) and 1440 x 900: the table with the daylight
going, the pause, the cleared-pyramid moment, the sunset and the trek's results.

    python tests/web/shots_expedition.py OUT [--site DIR]

The clock is the test's fake one (tests/web/test_expedition.py), so every picture shows the
moment it names.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))

from desert_pyramid.commands.web import build_site  # noqa: E402
from tests.web.conftest import boot  # noqa: E402
from tests.web.helpers import play, state  # noqa: E402
from tests.web.shots import served_browser  # noqa: E402
from tests.web.test_expedition import (  # noqa: E402
    advance,
    fake_clock,
    leave,
    play_last,
    start_trek,
    to_start,
    winning_line,
)


def choose(page: Any, language: str) -> None:
    to_start(page)
    page.select_option("#language", language)
    page.wait_for_function(f"window.desertPyramid.language === {language!r}", timeout=30_000)


def story(page: Any, out: Path, tag: str) -> None:
    """One trek, a picture at each moment: ``NAME-TAG.png``."""
    fake_clock(page)
    st = start_trek(page)
    advance(page, 84_000)  # the afternoon: 2:36 of daylight left
    page.wait_for_timeout(1_500)  # the sky's and the bar's transitions
    page.screenshot(path=str(out / f"table-{tag}.png"))
    page.click("#pause")
    page.wait_for_selector("#pause-panel:not([hidden])")
    page.screenshot(path=str(out / f"paused-{tag}.png"))
    page.click("#pause-resume")
    page.wait_for_function("window.desertPyramid.state.paused === false")
    line = winning_line(st)
    how = "tap" if "844" in tag or "390" in tag else "click"
    for move in line[:-1]:
        play(page, move, how)
    play_last(page, line[-1], how)
    page.wait_for_timeout(400)
    page.screenshot(path=str(out / f"cleared-{tag}.png"))
    left = state(page)["expedition"]["daylight_ms"]
    advance(page, left)
    page.wait_for_timeout(2_000)  # the night falling
    page.screenshot(path=str(out / f"sunset-{tag}.png"))
    page.wait_for_selector("#trek-end:not([hidden])", timeout=10_000)
    page.wait_for_timeout(300)
    page.screenshot(path=str(out / f"results-{tag}.png"))
    page.evaluate("window.desertPyramidClock.now = () => performance.now()")
    leave(page)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--site", help="a built site (default: build one into OUT/site)")
    parser.add_argument("--only", choices=("phone", "desk"), help="one device's pictures only")
    args = parser.parse_args(argv)

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    site = Path(args.site) if args.site else out / "site"
    if not args.site:
        build_site(site)
    with served_browser(str(site)) as (browser, url):
        phone = browser.new_context(
            viewport={"width": 390, "height": 844},
            device_scale_factor=2,
            has_touch=True,
            is_mobile=True,
        )
        desk = browser.new_context(viewport={"width": 1440, "height": 900})
        devices = (("phone", phone, ((390, 844), (844, 390))), ("desk", desk, ((1440, 900),)))
        for name, context, sizes in devices:
            if args.only and args.only != name:
                context.close()
                continue
            page = context.new_page()
            boot(page, url)
            for language in ("en", "de"):
                choose(page, language)
                for w, h in sizes:
                    page.set_viewport_size({"width": w, "height": h})
                    story(page, out, f"{language}-{w}x{h}")
            choose(page, "en")
            context.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
