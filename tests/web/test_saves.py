"""Saves in the browser: a reload continues the game with its undo history; a damaged stored save
is set aside with a notice and nothing else is lost."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import boot
from tests.web.helpers import drawn, play, start_code, state, wait_drawn, winnable

pytestmark = pytest.mark.web  # left out of the plain run: `pytest -m web`

DAMAGE = """
async ([name, text]) => {
  const db = await new Promise((ok, fail) => {
    const r = indexedDB.open("/dp-saves");
    r.onsuccess = () => ok(r.result);
    r.onerror = () => fail(r.error);
  });
  const store = db.transaction("FILE_DATA", "readwrite").objectStore("FILE_DATA");
  const key = "/dp-saves/" + name;
  const entry = await new Promise((ok) => { const g = store.get(key); g.onsuccess = () => ok(g.result); });
  if (!entry) return false;
  entry.contents = new TextEncoder().encode(text);
  entry.timestamp = new Date();
  await new Promise((ok) => { const p = store.put(entry, key); p.onsuccess = ok; });
  db.close();
  return true;
}
"""


def played_some(page: Any) -> dict[str, Any]:
    code, line = winnable("classic")
    start_code(page, code)
    for move in line[:5]:
        play(page, move, "tap")
    return state(page)


def test_a_reload_offers_continue_with_the_same_cards_and_undo_history(
    phone: Any, base_url: str
) -> None:
    before = played_some(phone)
    boot(phone, base_url)
    assert phone.locator("#start").is_visible()
    assert phone.get_by_role("button", name="Continue").is_visible()
    n = drawn(phone)
    phone.get_by_role("button", name="Continue").tap()
    wait_drawn(phone, n)
    after = state(phone)
    for key in ("deal_code", "slots", "stock", "waste", "moves", "score"):
        assert after[key] == before[key], key
    assert after["can_undo"]
    n = drawn(phone)
    phone.get_by_role("button", name="Undo").tap()
    wait_drawn(phone, n)
    assert state(phone)["moves"] == before["moves"] - 1


def test_a_damaged_stored_save_is_set_aside_with_a_notice(phone: Any, base_url: str) -> None:
    played_some(phone)
    for name in ("current.toml", "current.toml.bak"):  # the game and its backup
        assert phone.evaluate(DAMAGE, [name, "this is not a saved game [[["]), name
    boot(phone, base_url)
    notices = phone.locator("#notices").inner_text()
    assert "current.toml" in notices and "damaged" in notices.lower(), notices
    assert not phone.get_by_role("button", name="Continue").is_visible()
    # the game goes on: a new deal plays and is saved again
    code, line = winnable("classic")
    start_code(phone, code)
    play(phone, line[0], "tap")
    boot(phone, base_url)
    assert phone.get_by_role("button", name="Continue").is_visible()
