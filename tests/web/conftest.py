"""The web edition in a real browser: the site built once, served from 127.0.0.1, Debian's
Chromium driven by Playwright (never a browser download), one browser for the whole run and one
booted page per viewport (Pyodide's boot costs seconds).

Run with ``pytest -m web`` (the README's command leaves them out; .ci/run runs them).
"""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from desert_pyramid.commands.web import WEB_SOURCE, build_site, make_server

CHROMIUM = os.environ.get("DESERT_PYRAMID_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
BOOT_TIMEOUT_MS = 120_000


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once by ``desert-pyramid web build``'s own function (or the one CI built
    already: ``DESERT_PYRAMID_WEB_SITE``)."""
    built = os.environ.get("DESERT_PYRAMID_WEB_SITE")
    if built and (Path(built) / "index.html").is_file():
        return Path(built)
    if shutil.which("npm") is None and not (WEB_SOURCE / "node_modules" / "pyodide").is_dir():
        pytest.fail("the web tests need the Pyodide runtime: run 'npm ci' in web/ (needs Node)")
    out = tmp_path_factory.mktemp("web") / "site"
    build_site(out)
    return out


@pytest.fixture(scope="session")
def base_url(site: Path) -> Iterator[str]:
    server = make_server(site, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).is_file():
        pytest.fail(f"the web tests need Chromium at {CHROMIUM} (Debian: apt-get install chromium)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


def boot(page: Any, url: str) -> None:
    """Open ``url`` and wait until the game has started (the start page or a table)."""
    page.goto(url)
    page.wait_for_function(
        "window.desertPyramid && window.desertPyramid.started === true", timeout=BOOT_TIMEOUT_MS
    )


@pytest.fixture(scope="session")
def phone(browser: Any, base_url: str) -> Iterator[Any]:
    """A touch phone, 390 x 844 at 3x, booted once."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        device_scale_factor=3,
        has_touch=True,
        is_mobile=True,
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    boot(page, base_url)
    page.errors = errors
    yield page
    context.close()


@pytest.fixture(scope="session")
def desk(browser: Any, base_url: str) -> Iterator[Any]:
    """A computer's window, 1280 x 720 with a mouse, booted once."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    boot(page, base_url)
    page.errors = errors
    yield page
    context.close()
