"""What a first visit fetches, in a fresh browser profile: English only (no other language's zip),
the faces as WebP drawn at the table; a language fetched when the player chooses it and kept
offline from then on; a language never fetched, chosen offline, refused with the reason while
the game stays in its language."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import boot
from tests.web.helpers import choose_language, drawn, wait_drawn

pytestmark = pytest.mark.web  # left out of the plain run: `pytest -m web`

FILES_CACHED = """(async () => {
    for (const name of await caches.keys()) {
      if (name === "desert-pyramid-snapshots") continue;
      const files = await (await caches.open(name)).keys();
      if (files.length > 60) return true;  // the build's files, put in the cache at once
    }
    return false;
  })()"""

FACES_DRAWN = """[...document.querySelectorAll('#board img')].map(
    (img) => [img.getAttribute('src'), img.complete && img.naturalWidth > 0])"""


def test_languages_are_fetched_when_chosen_and_kept_offline(browser: Any, base_url: str) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, locale="en-GB"
    )
    fetched: list[str] = []
    context.on("request", lambda r: fetched.append(r.url[len(base_url) :]))
    try:
        page = context.new_page()
        boot(page, base_url)
        assert page.evaluate("window.desertPyramid.language") == "en"
        assert "py/game.zip" in fetched
        assert not [u for u in fetched if u.startswith("py/lang/")], fetched
        # the table's faces are WebP, and drawn
        before = drawn(page)
        page.tap("#deal")
        wait_drawn(page, before)
        page.wait_for_function(
            "[...document.querySelectorAll('#board img')].every((i) => i.complete)"
        )
        faces = page.evaluate(FACES_DRAWN)
        assert faces and all(src.endswith(".webp") and ok for src, ok in faces), faces
        page.click("#menu")
        assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function(FILES_CACHED, timeout=60_000)
        # French, fetched when chosen: the page re-drawn in it
        choose_language(page, "fr")
        assert "py/lang/fr.zip" in fetched
        assert page.get_by_role("button", name="Donne", exact=True).is_visible()
        choose_language(page, "en")
        page.close()

        context.set_offline(True)
        page = context.new_page()
        boot(page, base_url)
        assert page.evaluate("window.desertPyramid.language") == "en"
        choose_language(page, "fr")  # fetched once: it comes offline too
        assert page.get_by_role("button", name="Donne", exact=True).is_visible()
        choose_language(page, "en")
        # German was never fetched: offline, the page says so and stays English
        page.click("#start-settings")
        page.select_option("#language", "de")
        message = (
            "Deutsch could not be downloaded (is the browser offline?): "
            "the game is in English until it can be."
        )
        page.wait_for_function(
            f"document.querySelector('#notices').innerText.includes({message!r})",
            timeout=30_000,
        )
        assert page.locator("#notices p", has_text=message).count() == 1
        assert page.evaluate("window.desertPyramid.language") == "en"
        assert page.locator("#language").input_value() == "en"
        assert page.evaluate("document.documentElement.lang") == "en"
        page.click("#settings-back")
        assert page.get_by_role("button", name="Deal", exact=True).is_visible()
    finally:
        context.set_offline(False)
        context.close()


def test_the_build_fetches_the_languages_and_the_large_icon_later(site: Path) -> None:
    build = json.loads((site / "build.json").read_text(encoding="utf-8"))
    first, later = set(build["files"]), set(build["later"])
    zips = set(build["languages"].values())
    assert zips == {f"py/lang/{c}.zip" for c in ("de", "fr", "es", "it", "pt_BR", "ru")}
    assert zips <= later and "art/icon-512.png" in later and not later & first
    manifest = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    for icon in manifest["icons"]:  # the manifest's icons stay PNG
        assert icon["type"] == "image/png" and (site / icon["src"]).read_bytes()[:4] == b"\x89PNG"
    assert "art/icon-192.png" in first and "art/cards/back.webp" in first
    assert not [f for f in first if f.endswith(".png") and not f.startswith("art/icon-")]
    assert not [f for f in first if f.endswith(".ttf")]
    # the service worker keeps build.json (offline, the worker reads the languages from it)
    assert '"build.json"' in (site / "sw.js").read_text(encoding="utf-8")
