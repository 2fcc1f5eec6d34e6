"""A relic earned and shown in the browser, and a card back chosen for the table's stock.

A fresh browser profile of its own (not the shared pages'), one pyramid short of the Clay Jar: its
save files (made by the desktop's own ``SaveStore``) are put in the IndexedDB store that the
worker's save folder (an Emscripten IDBFS mount, ``/dp-saves``) is read from at boot, before the
page is opened, as a browser that played before holds them (docs/web.md, "Tests and figures").
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.test_web_progress import seed_profile
from tests.web.conftest import boot
from tests.web.helpers import play, start_code, state, winnable

pytestmark = pytest.mark.web

#: a winnable deal whose winning line holds no redeal: its win earns the Unbroken Sun back too
NO_REDEAL_SEED = 5

SEED_SAVES = """
async (files) => {
  const db = await new Promise((resolve, reject) => {
    const req = indexedDB.open("/dp-saves", 21);  // the mount point and IDBFS's DB_VERSION
    req.onupgradeneeded = () => {
      const store = req.result.createObjectStore("FILE_DATA");
      store.createIndex("timestamp", "timestamp", { unique: false });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  await new Promise((resolve, reject) => {
    const tx = db.transaction(["FILE_DATA"], "readwrite");
    const store = tx.objectStore("FILE_DATA");
    for (const [name, bytes] of Object.entries(files)) {
      // a file as IDBFS keeps it: its time, its mode (a regular file, rw-r--r--), its bytes
      store.put({ timestamp: new Date(), mode: 0o100644, contents: new Uint8Array(bytes) },
                `/dp-saves/${name}`);
    }
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}
"""


def seeded_files(folder: Path, cleared: int) -> dict[str, list[int]]:
    """The save files of a player with ``cleared`` pyramids cleared, as the desktop writes them."""
    seed_profile(folder, cleared=cleared)
    files = {p.name: list(p.read_bytes()) for p in folder.glob("*.toml")}
    assert "save.toml" in files, files.keys()
    return files


def image_loaded(page: Any, selector: str) -> str:
    """The picture's file if the browser drew it (loaded, with pixels), else ""."""
    src: str = page.eval_on_selector(
        selector, "img => (img.complete && img.naturalWidth > 0) ? img.getAttribute('src') : ''"
    )
    return src


def test_a_relic_earned_is_shown_and_a_back_chosen_is_on_the_stock(
    browser: Any, base_url: str, tmp_path: Path
) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        device_scale_factor=3,
        has_touch=True,
        is_mobile=True,
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(base_url + "build.json")  # the site's origin, before the game boots
        page.evaluate(SEED_SAVES, seeded_files(tmp_path, cleared=1))
        boot(page, base_url)
        assert page.evaluate("document.body.dataset.screen") == "start"

        # the Relics screen: one found, the Clay Jar one pyramid away
        page.tap("#open-relics")
        page.wait_for_selector('#relics-list [data-relic="clay_jar"]')
        summary = page.inner_text("#relics-summary")
        assert summary == (
            "1 pyramid cleared in all · 1 of 12 relics found · next: Clay Jar in 1 more pyramid"
        )
        assert page.get_attribute('[data-relic="clay_jar"]', "class") == "reward locked"
        assert page.locator("#relics-list .reward.earned").count() == 1
        page.wait_for_function(
            "document.querySelector('[data-relic=\"brass_compass\"] img').naturalWidth > 0"
        )
        page.tap("#relics-back")
        page.wait_for_selector("#start:not([hidden])")

        # a winnable deal won by taps: the won dialog lists the relic and the back it earned
        code, line = winnable("desert", 1, NO_REDEAL_SEED)
        start_code(page, code)
        for move in line:
            play(page, move, "tap")
        assert state(page)["won"]
        page.wait_for_selector('#ending-unlocks [data-unlock="clay_jar"]')
        jar = page.inner_text('#ending-unlocks [data-unlock="clay_jar"]')
        assert "Relic found" in jar and "Clay Jar" in jar
        assert "Unbroken Sun" in page.inner_text('#ending-unlocks [data-unlock="no_redeal"]')
        page.wait_for_function(
            "[...document.querySelectorAll('#ending-unlocks img')].every(i => i.naturalWidth > 0)"
        )
        assert "Relic found: Clay Jar" in page.inner_text("#status")
        result = state(page)["result"]
        assert [u["id"] for u in result["unlocks"]] == ["clay_jar", "no_redeal"]

        # the Relics screen shows it found, in colour, with when and what for
        page.tap("#ending-new")
        page.wait_for_selector("#start:not([hidden])")
        page.tap("#open-relics")
        page.wait_for_selector('#relics-list [data-relic="clay_jar"].earned')
        detail = page.inner_text('[data-relic="clay_jar"] .detail')
        assert detail.startswith("Clay Jar · found on ") and "2 pyramids in all" in detail
        assert image_loaded(page, '[data-relic="clay_jar"] img') == "art/relics/clay_jar.webp"

        # the Card backs screen: the Unbroken Sun chosen for the cards
        page.tap("#relics-to-backs")
        page.wait_for_selector('#backs-list [data-back="no_redeal"]')
        assert page.get_attribute('[data-back="sandstone"]', "aria-pressed") == "true"
        locked = '[data-back="clears_50"]'
        page.tap(locked)
        page.wait_for_function(
            "document.getElementById('backs-message').textContent.includes('locked')"
        )
        assert page.inner_text("#backs-message") == (
            "Golden Pyramid is locked. Clear 50 pyramids in all."
        )
        page.tap('[data-back="no_redeal"]')
        page.wait_for_selector('[data-back="no_redeal"][aria-pressed="true"]')
        assert page.inner_text("#backs-message") == "Unbroken Sun is on your cards now."
        page.tap("#backs-back")
        page.wait_for_selector("#start:not([hidden])")

        # the table's stock shows it, and after a reload (a new worker) still does
        start_code(page, code)
        assert state(page)["back"] == "no_redeal"
        stock = "#stock img"
        page.wait_for_function("document.querySelector('#stock img').naturalWidth > 0")
        assert image_loaded(page, stock) == "art/cards/back-no_redeal.webp"
        page.reload()
        page.wait_for_function("window.desertPyramid && window.desertPyramid.started === true")
        start_code(page, code)
        page.wait_for_function("document.querySelector('#stock img').naturalWidth > 0")
        assert image_loaded(page, stock) == "art/cards/back-no_redeal.webp"
        assert errors == [], json.dumps(errors)
    finally:
        context.close()
