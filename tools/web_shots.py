"""Screenshots of the web edition's table at phone, tablet and computer sizes.

    python tools/web_shots.py SITE OUT_DIR [--extremes]

``--extremes`` adds 320 x 568, 568 x 320 and 2560 x 1440. SITE is a built site (``desert-pyramid web build SITE``); Debian's Chromium draws it.
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path

from desert_pyramid.commands.web import make_server

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
SIZES = [(390, 844, 3, True), (844, 390, 3, True), (820, 1180, 2, True), (1440, 900, 1, False)]
EXTREMES = [(320, 568, 2, True), (568, 320, 2, True), (2560, 1440, 1, False)]
CODE = "DP-20S-ZGCV-002G-9ZM7"  # a Desert deal with a lone 3 at the start (slot 21)


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    site, out = Path(argv[0]), Path(argv[1])
    sizes = SIZES + (EXTREMES if "--extremes" in argv else [])
    out.mkdir(parents=True, exist_ok=True)
    server = make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for w, h, dpr, touch in sizes:
            context = browser.new_context(
                viewport={"width": w, "height": h}, device_scale_factor=dpr, has_touch=touch
            )
            page = context.new_page()
            page.goto(url)
            page.wait_for_function(
                "window.desertPyramid && window.desertPyramid.started", timeout=120_000
            )
            page.screenshot(path=str(out / f"start-{w}x{h}.png"))
            page.goto(f"{url}#deal={CODE}")
            page.wait_for_selector("#table:not([hidden]) .card")
            for place in ("stock", "stock", "21"):
                n = page.evaluate("window.desertPyramid.drawCount")
                page.click(f'#board [data-place="{place}"]')
                page.wait_for_function(f"window.desertPyramid.drawCount > {n}")
            page.screenshot(path=str(out / f"table-{w}x{h}.png"))
            context.close()
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
