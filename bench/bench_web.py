"""The web edition in Chromium: start, download, taps and hints, memory.

Run: ``python bench/bench_web.py [--site DIR] [--runs 3]`` (needs the ``web`` extra and
Debian's Chromium; builds the site into a temporary folder unless ``--site`` names a built one).

Prints, each against the issue's target on this machine:

* cold start: a new browser profile (no cache, no service worker) opens the site until the
  table of a new deal is playable (target <= 10 s);
* warm start: the same profile reloads (the service worker's cache, the heap snapshot the
  worker kept) until the table is playable (<= 4 s);
* start to a playable Expedition, cold and warm: the same, through the start page's Expedition
  button (the application's trek: its first pyramid searched and proven winnable in the
  worker) until its first pyramid is drawn;
* download: the gzipped size of every file a first visit fetches and the service worker keeps
  (<= 10 MB); and what the languages cost: the zips of the six fetched when chosen, and the
  whole with all seven (``print_languages_download``);
* tap to drawn: from a tap's end (pointerup) to the next frame after the worker's answer was
  drawn, over 40 taps on the stock and the cards (median, p95; p95 <= 50 ms);
* hint: 30 hints (6 deals, 5 positions each along the hinted line), the page's wait from the
  request to the answer (median, p95, max; p95 <= 2 s);
* the worker's memory: the size of Pyodide's WebAssembly heap after all that.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from desert_pyramid.commands.web import build_site, make_server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def download_size(site: Path) -> tuple[int, int]:
    """(raw, gzipped) bytes of the files the service worker keeps (a first visit's download)."""
    files = json.loads((site / "build.json").read_text(encoding="utf-8"))["files"]
    raw = gz = 0
    for name in [*files, "sw.js", "build.json"]:
        path = site / ("index.html" if name == "./" else name)
        data = path.read_bytes()
        raw += len(data)
        gz += len(gzip.compress(data, 6))
    return raw, gz


def languages_download(site: Path) -> dict[str, int]:
    """What the seven languages cost (issue 39): the first visit carries English only (Babel's
    English data in ``py/game.zip``); each other language is a zip of its own (``py/lang/``: its
    compiled catalogue and Babel's data), fetched when chosen. Gives the six zips' bytes (the
    largest one too: what a German or Russian player's first visit adds), Babel's English data,
    the fonts (Latin and Cyrillic, as they travel), the first visit's gzipped size and that
    with every language fetched. Fails when a language's zip or a font is missing from the
    build, so the figure is always the seven's."""
    import zipfile

    from desert_pyramid.i18n import LANGUAGES, SOURCE

    build = json.loads((site / "build.json").read_text(encoding="utf-8"))
    zips = build.get("languages", {})
    missing = set(LANGUAGES) - {SOURCE} - set(zips)
    if missing:
        raise SystemExit(f"the build lacks the languages {', '.join(sorted(missing))}")
    sizes = {code: (site / name).stat().st_size for code, name in zips.items()}
    with zipfile.ZipFile(site / "py" / "game.zip") as archive:
        babel = sum(
            m.compress_size for m in archive.infolist() if "babel/locale-data/" in m.filename
        )
    fonts = sorted((site / "fonts").glob("*.woff2"))
    if len(fonts) < 3:
        raise SystemExit("the build lacks the fonts (fonts/*.woff2)")
    font_bytes = sum(len(gzip.compress(f.read_bytes(), 6)) for f in fonts)
    raw, gz = download_size(site)
    return {
        "languages": len(sizes) + 1,
        "zips": sum(sizes.values()),
        "largest": max(sizes.values()),
        "english_babel": babel,
        "fonts": font_bytes,
        "total_gz": gz,
        "total_raw": raw,
        "all_gz": gz + sum(sizes.values()),
    }


def print_languages_download(f: dict[str, int]) -> None:
    """One line: the first visit, and the languages fetched when chosen."""
    print(
        f"languages: first visit (English) {f['total_gz'] / 1e6:.2f} MB gzipped; the other "
        f"{f['languages'] - 1} languages' zips {f['zips'] / 1e3:.0f} KB (the largest "
        f"{f['largest'] / 1e3:.0f} KB, fetched when chosen), with all {f['languages']} "
        f"{f['all_gz'] / 1e6:.2f} MB; Babel's English data {f['english_babel'] / 1e3:.0f} KB, "
        f"fonts {f['fonts'] / 1e3:.0f} KB (target <= 10 MB)"
    )


def to_table(page: Any, url: str, button: str = "#deal") -> float:
    """Seconds from navigation to a playable table (a new deal drawn; ``#play-expedition``: a
    new trek's first pyramid)."""
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_function(
        "window.desertPyramid && window.desertPyramid.started === true", timeout=180_000
    )
    page.click(button)
    page.wait_for_selector("#table:not([hidden]) .card")
    return time.perf_counter() - started


def cold_and_warm(browser: Any, url: str, button: str) -> tuple[float, float]:
    """A new profile's first start, then its reload (the service worker's cache and the heap
    snapshot kept), each to a playable table through ``button``."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    cold = to_table(page, url, button)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    # the service worker's cache and the worker's heap snapshot are kept
    page.wait_for_function(
        "caches.keys().then(k => k.length > 1 && k.includes('desert-pyramid-snapshots'))",
        timeout=120_000,
    )
    warm = to_table(page, url, button)
    context.close()
    return cold, warm


def wait_drawn(page: Any, before: int) -> None:
    page.wait_for_function(f"window.desertPyramid.drawCount > {before}", timeout=60_000)


def taps(page: Any, count: int) -> list[float]:
    page.evaluate("window.desertPyramid.tapTimes = []")
    for i in range(count):
        st = page.evaluate("window.desertPyramid.state")
        free = [s["slot"] for s in st["slots"] if s["card"] and s["free"]]
        place = "stock" if i % 2 == 0 or not free else str(free[i % len(free)])
        if st["won"] or st["stuck"]:
            page.click("#ending-new")
            page.click("#deal")
            page.wait_for_selector("#table:not([hidden]) .card")
            continue
        before = page.evaluate("window.desertPyramid.drawCount")
        page.tap(f'#board [data-place="{place}"]')
        wait_drawn(page, before)
    page.wait_for_timeout(100)
    times: list[float] = page.evaluate("window.desertPyramid.tapTimes")
    return times


def hints(page: Any, deals: int, per_deal: int) -> list[float]:
    out: list[float] = []
    for _ in range(deals):
        page.click("#menu")
        page.click("#deal")
        page.wait_for_selector("#table:not([hidden]) .card")
        for _ in range(per_deal):
            before = page.evaluate("window.desertPyramid.drawCount")
            started = time.perf_counter()
            page.click("#hint")
            wait_drawn(page, before)
            out.append(time.perf_counter() - started)
            st = page.evaluate("window.desertPyramid.state")
            if not st["hint"]:
                break
            before = page.evaluate("window.desertPyramid.drawCount")
            page.keyboard.press("Enter")
            wait_drawn(page, before)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", help="a built site (default: build one)")
    parser.add_argument("--runs", type=int, default=3, help="cold and warm starts to time")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    os.environ.setdefault("ARCADE_HEADLESS", "1")
    with tempfile.TemporaryDirectory(prefix="dp-bench-web-") as tmp:
        site = Path(args.site) if args.site else Path(tmp) / "site"
        if not args.site:
            build_site(site)
        server = make_server(site, 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        raw, gz = download_size(site)
        languages = languages_download(site)
        cold: list[float] = []
        warm: list[float] = []
        trek_cold: list[float] = []
        trek_warm: list[float] = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for _ in range(args.runs):
                c, w = cold_and_warm(browser, url, "#deal")
                cold.append(c)
                warm.append(w)
                c, w = cold_and_warm(browser, url, "#play-expedition")
                trek_cold.append(c)
                trek_warm.append(w)
            context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
            page = context.new_page()
            to_table(page, url)
            tap_ms = taps(page, 40)
            hint_s = hints(page, 6, 5)
            memory = page.evaluate("window.desertPyramidMemory()")
            context.close()
            browser.close()
        server.shutdown()
    print(
        f"cold start to a playable table: median {statistics.median(cold):.2f} s "
        f"(runs {', '.join(f'{c:.2f}' for c in cold)}; target <= 10 s)"
    )
    print(
        f"warm start (cached):            median {statistics.median(warm):.2f} s "
        f"(runs {', '.join(f'{w:.2f}' for w in warm)}; target <= 4 s)"
    )
    print(
        f"cold start to an Expedition:    median {statistics.median(trek_cold):.2f} s "
        f"(runs {', '.join(f'{c:.2f}' for c in trek_cold)})"
    )
    print(
        f"warm start to an Expedition:    median {statistics.median(trek_warm):.2f} s "
        f"(runs {', '.join(f'{w:.2f}' for w in trek_warm)})"
    )
    print(
        f"download:                       {gz / 1e6:.2f} MB gzipped ({raw / 1e6:.2f} MB raw; "
        "target <= 10 MB)"
    )
    print_languages_download(languages)
    print(
        f"tap to drawn ({len(tap_ms)} taps):         median {statistics.median(tap_ms):.1f} ms, "
        f"p95 {pct(tap_ms, 95):.1f} ms (target p95 <= 50 ms)"
    )
    print(
        f"hint ({len(hint_s)} positions):           median {statistics.median(hint_s):.2f} s, "
        f"p95 {pct(hint_s, 95):.2f} s, max {max(hint_s):.2f} s (target p95 <= 2 s)"
    )
    if memory:
        print(f"worker memory (wasm heap):      {memory / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
