"""A deal won in the browser, by touch on a phone and by mouse on a computer."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.helpers import play, start_code, state, winnable

pytestmark = pytest.mark.web  # left out of the plain run: `pytest -m web`


def test_a_deal_won_by_taps_on_a_phone(phone: Any) -> None:
    code, line = winnable("classic")
    start_code(phone, code)
    for move in line:
        play(phone, move, "tap")
    end = state(phone)
    assert end["won"] and end["finished"]
    assert phone.locator("#ending-title").inner_text() == "You won!"
    assert "You won!" in phone.locator("[role=status]").inner_text()
    assert phone.locator("#pyramid .card").count() == 0  # every card left the accessibility tree
    assert not phone.errors


def test_the_same_deal_won_by_mouse_with_drags(desk: Any) -> None:
    code, line = winnable("classic")
    start_code(desk, code)
    for i, move in enumerate(line):
        play(desk, move, "click", use_drag=i % 2 == 0)
    assert state(desk)["won"]
    assert not desk.errors
