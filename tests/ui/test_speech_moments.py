"""No silent or meaningless moment by ear (issue 40, item 19): the stuck dialog is a menu that is
said (and its first Esc, "keep looking", too); the keys help answers Enter, B and D; a new deal
never says "Selection dropped."; a text field is read without its caret."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from arcade import key as K

from desert_pyramid.app import sessions
from desert_pyramid.app.spoken import button_text
from desert_pyramid.speech import RecordBackend

from .test_moments import stuck_practice

pytestmark = pytest.mark.ui


@pytest.fixture
def said(ui: Any) -> Iterator[list[str]]:
    voice = ui.app.speech.voice
    log = RecordBackend()
    before = voice.log
    voice.log = log
    yield log.lines
    voice.log = before


def heard(lines: list[str], ui: Any, symbol: int, modifiers: int = 0) -> str:
    start = len(lines)
    ui.key(symbol, modifiers)
    ui.frames(1)
    return " ".join(lines[start:])


def test_the_stuck_dialog_is_said_and_its_first_esc_keeps_looking_out_loud(
    ui: Any, said: list[str]
) -> None:
    view = stuck_practice(ui)
    ui.frames(1)
    opened = " ".join(said[-2:])
    assert "No more moves. None of the cards left can pair." in opened, opened
    assert opened.endswith("Undo to where it can still be won."), opened
    assert heard(said, ui, K.DOWN) == "New deal."
    assert heard(said, ui, K.UP) == "Undo to where it can still be won."
    moves = view.game.moves
    assert heard(said, ui, K.ESCAPE) == "Keep looking."  # not silence
    assert view.stuck_dialog is None and view.game.moves == moves
    assert heard(said, ui, K.ESCAPE).startswith("Paused.")


def test_the_keys_help_answers_enter_b_and_d(ui: Any, said: list[str]) -> None:
    ui.practice(5)
    opened = heard(said, ui, K.F1)
    assert opened.startswith("Help: the keys."), opened[:80]
    for key in (K.B, K.D, K.L):
        assert heard(said, ui, key) == (
            "The listening keys work at the table: Esc goes back to it."
        )
    back = heard(said, ui, K.ENTER)  # Enter: the keys read, back to the table
    assert back.startswith("Back at the table."), back
    assert type(ui.view).__name__ == "TableView"
    assert heard(said, ui, K.D).startswith("Score 0, chain 0, 0 moves")


def test_a_new_expedition_does_not_drop_the_last_deals_selection_aloud(
    ui: Any, said: list[str]
) -> None:
    view = ui.practice(5)
    two = next(s for s in view.game.free_slots() if len(view.control.partners_of(s)) > 1)
    while view.focus != two:
        heard(said, ui, K.TAB)
    assert "pick one" in heard(said, ui, K.ENTER)
    start = len(said)
    ui.app.new_table(sessions.expedition(2024))
    ui.frames(2)
    opened = " ".join(said[start:])
    assert opened.startswith("Expedition.") and "Selection dropped" not in opened, opened


def test_a_text_field_is_read_without_its_caret(ui: Any, said: list[str]) -> None:
    assert button_text("Deal code", "|") == "Deal code, typing: nothing yet."
    assert button_text("Deal code", "DP-1-0|") == "Deal code, typing: DP-1-0."
    ui.app.show_practice_setup()
    ui.frames(2)
    menu = ui.view.menu
    code_row = next(i for i, b in enumerate(menu.buttons) if b.label == "Deal code")
    assert menu.focus == code_row + 1  # Play
    line = heard(said, ui, K.UP)  # the field has the focus: it shows its caret, typing
    assert ui.view.editing(), line
    assert "|" not in line and line == "Deal code, typing: nothing yet.", line
    start = len(said)
    for ch in "DP":
        ui.app.dispatch_event("on_text", ch)
        ui.app.dispatch_events()
        ui.frames(1)
    typed = " ".join(said[start:])
    assert "|" not in typed and typed.endswith("Deal code, typing: DP."), typed
