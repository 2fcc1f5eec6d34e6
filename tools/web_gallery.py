"""Maintainer tool: the browser edition's gallery for the README, from a built site in Debian's
Chromium (Playwright, never a browser download): the start page, a Practice table, an Expedition
as its daylight goes, the statistics, Settings, How to play, the relics and the card backs, on a
phone held upright (390 x 844), the table held sideways (844 x 390) and the start page on a
computer (1440 x 900).

    python tools/web_gallery.py                 # builds the site in a temporary folder
    python tools/web_gallery.py --site SITE --out docs/screens

Every picture is reached as a player reaches it: by taps on the page's own buttons, the
Expedition's daylight moved on by the page's clock (``window.desertPyramidClock``, as the tests
drive it). A fresh browser profile each run. Writes ``web-NAME.png``; look at them before
committing.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screens"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
BOOT_MS = 120_000


def started(page: Any) -> None:
    page.wait_for_function(
        "window.desertPyramid && window.desertPyramid.started === true", timeout=BOOT_MS
    )


def on_screen(page: Any, name: str) -> None:
    page.wait_for_function(f"document.body.dataset.screen === {name!r}", timeout=30_000)
    page.wait_for_timeout(400)  # pictures decoded, transitions over


def shoot(page: Any, out: Path, name: str) -> Path:
    path = out / f"web-{name}.png"
    page.screenshot(path=str(path))
    print(path)
    return path


def phone(browser: Any, url: str, out: Path) -> None:
    """The upright phone's pictures: every screen from the start page."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    page.goto(url)
    started(page)
    on_screen(page, "start")
    shoot(page, out, "start-390x844")
    page.tap("#deal")
    on_screen(page, "table")
    shoot(page, out, "table-390x844")
    page.tap("#menu")
    on_screen(page, "start")
    page.evaluate(
        "window.__now = performance.now(); window.desertPyramidClock.now = () => window.__now"
    )
    page.tap("#play-expedition")
    on_screen(page, "table")
    page.wait_for_function("window.desertPyramid.state && window.desertPyramid.state.expedition")
    for _ in range(40):  # 160 s of daylight gone, the page's timer ticking every 4 s
        page.evaluate(
            "async () => { await window.desertPyramid.settled();"
            " window.__now += 4000; await window.desertPyramid.tick(); }"
        )
    page.wait_for_timeout(1200)
    shoot(page, out, "expedition-390x844")
    page.tap("#menu")
    on_screen(page, "start")
    for button, screen, back in (
        ("#open-stats", "stats", "#stats-back"),
        ("#start-settings", "settings", "#settings-back"),
        ("#start-howto", "howto", "#howto-back"),
        ("#open-relics", "relics", "#relics-back"),
        ("#open-backs", "backs", "#backs-back"),
    ):
        page.tap(button)
        on_screen(page, screen)
        shoot(page, out, f"{screen}-390x844")
        page.tap(back)
        on_screen(page, "start")
    context.close()


def sideways_and_desk(browser: Any, url: str, out: Path) -> None:
    """The table on a phone held sideways; the start page on a computer."""
    context = browser.new_context(
        viewport={"width": 844, "height": 390}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    page.goto(url)
    started(page)
    page.tap("#deal")
    on_screen(page, "table")
    shoot(page, out, "table-844x390")
    context.close()
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    page = context.new_page()
    page.goto(url)
    started(page)
    on_screen(page, "start")
    shoot(page, out, "start-1440x900")
    context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--site", help="a built site (desert-pyramid web build); default: built now"
    )
    parser.add_argument("--out", default=str(OUT), help="where the pictures go")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from playwright.sync_api import sync_playwright

    from desert_pyramid.commands.web import build_site, make_server

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(args.site) if args.site else Path(tmp) / "site"
        if not args.site:
            build_site(site)
        server = make_server(site, 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                phone(browser, url, out)
                sideways_and_desk(browser, url, out)
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
