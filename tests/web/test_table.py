"""The table in the browser: undo and redo, the Satchel, "a 4 needs a 9", hints that keep the
page responsive, the desktop's keys, and the names a screen reader gives every part."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.helpers import (
    drawn,
    four_deal,
    lone_card_deal,
    play,
    press,
    selector,
    start_code,
    state,
    stuck_deal,
    wait_drawn,
    winnable,
)

pytestmark = pytest.mark.web  # left out of the plain run: `pytest -m web`


def click_button(page: Any, name: str) -> None:
    before = drawn(page)
    page.get_by_role("button", name=name, exact=True).click()
    wait_drawn(page, before)


def test_undo_and_redo_by_button_and_by_key(desk: Any) -> None:
    code, line = winnable("classic")
    start_code(desk, code)
    for move in line[:3]:
        play(desk, move, "click")
    after = state(desk)
    click_button(desk, "Undo")
    undone = state(desk)
    assert undone["moves"] == after["moves"] - 1 and undone["can_redo"]
    assert "Undone" in desk.locator("[role=status]").inner_text()
    click_button(desk, "Redo")
    assert state(desk)["slots"] == after["slots"] and state(desk)["moves"] == after["moves"]
    before = drawn(desk)
    desk.keyboard.press("z")
    wait_drawn(desk, before)
    assert state(desk)["moves"] == after["moves"] - 1
    before = drawn(desk)
    desk.keyboard.press("y")
    wait_drawn(desk, before)
    assert state(desk)["moves"] == after["moves"]


def test_the_satchel_keeps_a_lone_card(phone: Any) -> None:
    code, slot = lone_card_deal("desert")
    start_code(phone, code)
    name = state(phone)["slots"][slot]["card"]["name"]
    press(phone, slot, "tap")
    assert state(phone)["selected"] == slot
    assert "Satchel" in state(phone)["message"]
    press(phone, -3, "tap")  # the Satchel
    now = state(phone)
    assert now["satchel"]["name"] == name and now["moves"] == 1
    satchel = f"{name[0].upper()}{name[1:]} in the Satchel."  # as the desktop says it
    assert phone.get_by_role("button", name=satchel, exact=True).is_visible()
    assert phone.locator(selector(slot)).count() == 0  # it left the layout


def test_a_lone_four_says_it_needs_a_nine(phone: Any) -> None:
    code, slot = four_deal("desert")
    start_code(phone, code)
    press(phone, slot, "tap")
    assert "needs a 9" in phone.locator("#message").inner_text()
    assert "a four needs a nine" in phone.locator("[role=status]").inner_text().lower()


def test_every_part_has_the_name_a_screen_reader_says(desk: Any) -> None:
    code, _line = winnable("classic")
    start_code(desk, code)
    st = state(desk)
    cards = desk.locator("#pyramid button.card")
    assert cards.count() == sum(1 for s in st["slots"] if s["card"])
    names = {s["card"]["name"] for s in st["slots"] if s["card"]}
    for name in names:
        assert desk.get_by_role("button", name=name, exact=True).count() == 1, name
    assert all(" of " in n for n in names)  # "seven of clubs"
    stock = desk.get_by_role("button", name="Stock", exact=False)
    assert stock.first.get_attribute("aria-label").startswith("Stock")
    assert desk.get_by_role("button", name="Waste, empty.", exact=True).count() == 1
    assert desk.get_by_role("button", name="Satchel", exact=False).count() == 0  # classic: none
    # after a flip the waste names its top card
    press(desk, -2, "click")
    top = state(desk)["waste"]["top"]
    waste = f"{top['name'][0].upper()}{top['name'][1:]} on the waste, 1 card."
    assert desk.get_by_role("button", name=waste, exact=True).is_visible()
    for name in ("Hint", "Undo", "Redo"):
        assert desk.get_by_role("button", name=name, exact=True).count() == 1
    assert desk.locator("[role=status]").count() == 1


def test_a_hint_thinks_without_freezing_the_page_and_explains_itself(desk: Any) -> None:
    code, _line = winnable("desert")
    start_code(desk, code)
    before = drawn(desk)
    desk.evaluate(
        """window.busySeen = false;
           new MutationObserver(() => { if (document.getElementById("hint")
             .getAttribute("aria-busy") === "true") window.busySeen = true; })
             .observe(document.getElementById("hint"), { attributes: true });"""
    )
    desk.get_by_role("button", name="Hint", exact=True).click()
    assert desk.evaluate("1 + 1") == 2  # the page answers while the worker searches
    wait_drawn(desk, before)
    assert desk.evaluate("window.busySeen")  # the button showed it was thinking
    st = state(desk)
    assert st["hint"], st["message"]
    assert "Enter plays it" in st["message"]
    assert desk.locator("#hint").get_attribute("aria-busy") is None
    moves = st["moves"]
    before = drawn(desk)
    desk.keyboard.press("Enter")  # the desktop's key: play the hinted move
    wait_drawn(desk, before)
    assert state(desk)["moves"] == moves + 1


def test_the_arrow_keys_move_the_focus_and_enter_taps(desk: Any) -> None:
    code, _line = winnable("classic")
    start_code(desk, code)
    st = state(desk)
    bottom = [s["slot"] for s in st["slots"] if s["free"]]  # the bottom row, left to right
    desk.focus(selector(bottom[0]))
    desk.keyboard.press("ArrowRight")
    assert desk.evaluate("document.activeElement.dataset.place") == str(bottom[1])
    desk.keyboard.press("ArrowUp")
    up = desk.evaluate("document.activeElement.dataset.place")
    assert up.isdigit() and int(up) not in bottom  # a card of the row above
    desk.focus(selector(bottom[-1]))
    desk.keyboard.press("ArrowRight")  # held sideways, the piles lie beside the pyramid
    assert desk.evaluate("document.activeElement.dataset.place") in ("stock", "waste")
    before = drawn(desk)
    desk.focus(selector(-2))
    desk.keyboard.press("Enter")  # a focused button pressed: the stock flips
    wait_drawn(desk, before)
    assert state(desk)["moves"] == 1


def test_a_stuck_deal_says_so_and_undo_takes_it_back(desk: Any) -> None:
    start_code(desk, stuck_deal())
    while not state(desk)["stuck"]:
        assert state(desk)["stock"]["count"] > 0, "the stock ran out without a stuck deal"
        press(desk, -2, "click")
    assert desk.locator("#ending").is_visible()
    assert desk.locator("#ending-title").inner_text() == "NO MORE MOVES"  # the desktop's title
    assert "No removal can ever be made" in desk.locator("#ending-text").inner_text()
    assert "no removal can ever be made" in desk.locator("[role=status]").inner_text().lower()
    moves = state(desk)["moves"]
    before = drawn(desk)
    desk.locator("#ending-undo").click()
    wait_drawn(desk, before)
    assert state(desk)["moves"] == moves - 1 and not state(desk)["stuck"]
    assert desk.locator("#ending").is_hidden()
