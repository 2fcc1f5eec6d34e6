"""What the screenshot scripts under ``tests/web/`` share (they are not tests): a built site
served from 127.0.0.1 and Debian's Chromium launched on it, as ``tests/web/conftest.py`` does
for the tests.

    with served_browser(args.site) as (browser, url):
        ...

``site``: a built site (``desert-pyramid web build``); ``None`` builds one into a temporary
folder first."""

from __future__ import annotations

import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from desert_pyramid.commands.web import build_site, make_server
from tests.web.conftest import ARGS, CHROMIUM


@contextmanager
def served_browser(site: str | None) -> Iterator[tuple[Any, str]]:
    """Chromium, and the URL the site is served at; both closed after."""
    folder = Path(site) if site else Path(tempfile.mkdtemp()) / "site"
    if not site:
        build_site(folder)
    server = make_server(folder, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    from playwright.sync_api import sync_playwright

    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                yield browser, url
            finally:
                browser.close()
    finally:
        server.shutdown()


def device_page(browser: Any, width: int, height: int, touch: bool, lang: str) -> Any:
    """A page in a fresh context (its own storage) of ``width`` x ``height``, a phone's touch
    screen where ``touch``, the browser's language German or English (``lang``)."""
    context = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=1,
        has_touch=touch,
        is_mobile=touch,
        locale="de-DE" if lang == "de" else "en-GB",
    )
    return context.new_page()
