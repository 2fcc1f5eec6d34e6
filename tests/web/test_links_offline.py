"""Deal links (``#deal=DP-…``), the start page, and starting with no network."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import boot
from tests.web.helpers import play, state, winnable

pytestmark = pytest.mark.web  # left out of the plain run: `pytest -m web`


def test_a_deal_link_opens_that_deal_at_the_table(desk: Any, base_url: str) -> None:
    code, line = winnable("classic")
    desk.goto("about:blank")
    boot(desk, f"{base_url}#deal={code}")
    assert desk.locator("#table").is_visible()
    assert state(desk)["deal_code"] == code
    play(desk, line[0], "click")


def test_a_bad_deal_link_says_what_is_wrong_and_shows_the_picker(desk: Any, base_url: str) -> None:
    desk.goto("about:blank")
    boot(desk, f"{base_url}#deal=DP-NOPE")
    assert desk.locator("#start").is_visible()
    notice = desk.locator("#notices").inner_text()
    assert "deal link" in notice and "deal code" in notice and "too short" in notice, notice
    assert desk.locator("#picker").is_visible()
    assert desk.locator("#layout option").count() == 56
    assert desk.locator("#rules option").count() == 4


def test_index_alone_opens_the_start_page(desk: Any, base_url: str) -> None:
    desk.goto("about:blank")
    boot(desk, base_url)
    assert desk.locator("#start").is_visible()
    assert desk.get_by_role("button", name="Deal", exact=True).is_visible()


def test_after_the_first_visit_the_game_starts_offline(browser: Any, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 844, "height": 390}, has_touch=True)
    try:
        page = context.new_page()
        boot(page, base_url)
        assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        # the service worker's cache holds the whole build (it is filled at once) before the
        # network goes
        page.wait_for_function("caches.keys().then(k => k.length > 0)", timeout=60_000)
        page.wait_for_function(
            """(async () => { const k = await caches.keys(); const c = await caches.open(k[0]);
                return (await c.keys()).length; })()""",
            timeout=60_000,
        )
        manifest = page.evaluate("fetch('manifest.webmanifest').then(r => r.json())")
        assert manifest["icons"] and manifest["display"] == "standalone"
        context.set_offline(True)
        page.goto("about:blank")
        boot(page, base_url)
        page.click("#deal")
        page.wait_for_selector("#table:not([hidden]) .card")
        assert state(page)["moves"] == 0
    finally:
        context.set_offline(False)
        context.close()


SNAPSHOT_KEPT = """caches.has("desert-pyramid-snapshots").then(async (has) => has &&
    (await (await caches.open("desert-pyramid-snapshots")).keys()).length === 1)"""


def test_a_warm_start_restores_the_heap_and_deals_afresh(browser: Any, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        page = context.new_page()
        boot(page, base_url)
        assert page.evaluate("window.desertPyramid.boot.restored") is False
        page.wait_for_function(SNAPSHOT_KEPT, timeout=120_000)
        codes = []
        for _ in range(2):
            page.goto("about:blank")
            boot(page, base_url)
            booted = page.evaluate("window.desertPyramid.boot")
            assert booted["restored"] is True, booted
            page.click("#deal")
            page.wait_for_selector("#table:not([hidden]) .card")
            codes.append(state(page)["deal_code"])
            line_ok = page.evaluate("window.desertPyramid.state.moves") == 0
            assert line_ok
        assert codes[0] != codes[1]  # the restored random generator was seeded again
        # a damaged snapshot is dropped and the game boots plainly
        page.evaluate(
            """caches.open("desert-pyramid-snapshots").then(async (c) => {
                 const [key] = await c.keys();
                 await c.put(key, new Response(new Uint8Array([1, 2, 3])));
               })"""
        )
        page.goto("about:blank")
        boot(page, base_url)
        assert page.evaluate("window.desertPyramid.boot.restored") is False
        page.click("#deal")
        page.wait_for_selector("#table:not([hidden]) .card")
    finally:
        context.close()
