"""Screenshots of the replay's Play on, the screens' bars and the per-day chart (not a test): a
fresh browser profile in each size and language holding 16 days of games (``played_on_days``),
then the statistics, Relics, Card backs, Profile, a past game's replay and the table played on
from it are filmed.

    python tests/web/shots_replay.py OUT [--site SITE]

``SITE`` is a built site (``desert-pyramid web build``); without it one is built into a
temporary folder. Sizes: 390x844 (a phone), 844x390 (held sideways), 1440x900; English and German.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.test_web_replay import played_on_days  # noqa: E402
from tests.web.conftest import boot  # noqa: E402
from tests.web.shots import device_page, served_browser  # noqa: E402
from tests.web.test_progress import SEED_SAVES  # noqa: E402

SIZES = [(390, 844, True), (844, 390, True), (1440, 900, False)]


def film(
    browser: Any,
    url: str,
    files: dict[str, list[int]],
    out: Path,
    size: tuple[int, int, bool],
    lang: str,
) -> None:
    width, height, touch = size
    page = device_page(browser, width, height, touch, lang)
    page.goto(url + "build.json")
    page.evaluate(SEED_SAVES, files)
    boot(page, url)
    name = f"{width}x{height}-{lang}"

    def shot(what: str, full: bool = False) -> None:
        page.wait_for_timeout(300)
        page.screenshot(path=str(out / f"{what}-{name}.png"), full_page=full)

    page.click("#open-stats")
    page.wait_for_function("document.querySelector('#stats-bars').dataset.labelled")
    shot("stats")
    page.evaluate("document.getElementById('stats').scrollTop = 1e6")
    shot("stats-end")
    page.click("#stats-back")
    for screen, opener in (("relics", "#open-relics"), ("backs", "#open-backs")):
        page.click(opener)
        page.wait_for_selector(f"#{screen}-list li")
        page.wait_for_function(
            f"[...document.querySelectorAll('#{screen}-list img')].every(i => i.complete)"
        )
        shot(screen)
        page.evaluate(f"document.getElementById('{screen}').scrollTop = 1e6")
        shot(f"{screen}-end")
        page.click(f"#{screen}-back")
    page.click("#open-profile")
    page.wait_for_selector("#profile-summary li")
    shot("profile")
    page.click("#profile-back")
    page.click("#open-stats")
    page.click("#open-games")
    page.wait_for_selector("#games-list li")
    page.click("#games-list li:first-child button")
    page.wait_for_function(
        "window.desertPyramid.replay && window.desertPyramid.replay.analysis.done", timeout=120_000
    )
    page.click("#replay-end")
    page.click("#replay-prev")
    shot("replay")
    page.click("#replay-play-on")
    page.wait_for_function("document.body.dataset.screen === 'table'")
    shot("played-on")
    page.click("#menu")
    page.context.close()
    print(name)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--site")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    saves = Path(tempfile.mkdtemp())
    played_on_days(saves)
    files = {p.name: list(p.read_bytes()) for p in saves.glob("*.toml")}
    with served_browser(args.site) as (browser, url):
        for lang in ("en", "de"):
            for size in SIZES:
                film(browser, url, files, out, size, lang)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
