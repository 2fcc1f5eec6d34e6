"""Screenshots of the statistics, past games and replay screens (not a test): a fresh profile in
each size and language plays a won and a lost deal by taps, then the screens are filmed.

    python tests/web/shots_records.py OUT [--site SITE]

``SITE`` is a built site (``desert-pyramid web build``); without it one is built into a
temporary folder. Sizes: 390x844 (a phone), 844x390 (held sideways), 1440x900; English and German.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.web.conftest import boot  # noqa: E402
from tests.web.helpers import play, start_code, winnable  # noqa: E402
from tests.web.shots import device_page, served_browser  # noqa: E402
from tests.web.test_records import leave_to_start, lost_deal  # noqa: E402

SIZES = [(390, 844, True), (844, 390, True), (1440, 900, False)]


def film(
    browser: Any, url: str, out: Path, width: int, height: int, touch: bool, lang: str
) -> None:
    page = device_page(browser, width, height, touch, lang)
    boot(page, url)
    how = "tap" if touch else "click"
    code, line = winnable("desert")
    start_code(page, code)
    for move in line:
        play(page, move, how)
    leave_to_start(page)
    code, line = lost_deal()
    start_code(page, code)
    for move in line:
        play(page, move, how)
    leave_to_start(page)
    name = f"{width}x{height}-{lang}"
    page.screenshot(path=str(out / f"start-{name}.png"))
    page.click("#open-stats")
    page.wait_for_function("document.querySelectorAll('#stats-figures dd').length > 0")
    page.screenshot(path=str(out / f"stats-{name}.png"), full_page=True)
    page.select_option("#stats-view", index=2)
    page.screenshot(path=str(out / f"stats-key-{name}.png"), full_page=True)
    page.click("#open-games")
    page.wait_for_function("document.querySelectorAll('#games-list button').length > 1")
    page.screenshot(path=str(out / f"games-{name}.png"))
    page.click("#games-list li:first-child button")
    page.wait_for_function(
        "window.desertPyramid.replay && window.desertPyramid.replay.analysis.done", timeout=120_000
    )
    losing = page.evaluate("window.desertPyramid.replay.analysis.losing_move")
    page.click("#replay-lost")
    page.screenshot(path=str(out / f"replay-lost-{name}.png"))
    for _ in range(3):
        page.click("#replay-next")
    page.screenshot(path=str(out / f"replay-{name}.png"))
    print(name, "losing move", losing)
    page.context.close()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--site")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with served_browser(args.site) as (browser, url):
        for lang in ("en", "de"):
            for width, height, touch in SIZES:
                film(browser, url, out, width, height, touch, lang)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
