"""The table and the pondering hint worker: the hint says at once that it is on its way, Esc drops
it (without pausing), a move drops it silently, and the worker ponders from the first frames."""

from __future__ import annotations

import pytest
from arcade import key as K

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import DESERT, Deal

pytestmark = pytest.mark.ui


def deal(ui, seed: int = 5) -> object:  # type: ignore[no-untyped-def]
    ui.app.start_practice(DESERT, get_layout(1), Deal.from_seed(seed))
    ui.frames(1)
    return ui.view


def test_esc_drops_a_hint_on_its_way_and_a_second_esc_pauses(ui) -> None:  # type: ignore[no-untyped-def]
    from desert_pyramid.ui.screens.pause import PauseView

    view = deal(ui)
    ui.frames(8)  # the table wakes its advisor: the hint process starts and ponders
    assert view.advisor._awake and view.advisor._pondered is not None
    ui.key(K.H)
    assert view.message == "Thinking…" and view.advisor.thinking  # at once, before any answer
    ui.key(K.ESCAPE)
    assert view.message == "Hint cancelled." and not view.advisor.thinking
    assert ui.view is view  # the first Esc only dropped the hint
    ui.frames(3)
    assert view.control.hint_move is None  # no answer shows up after the cancel
    ui.key(K.ESCAPE)
    assert isinstance(ui.view, PauseView)


def test_the_hint_after_pondering_and_a_move_dropping_the_question(ui) -> None:  # type: ignore[no-untyped-def]
    view = deal(ui)
    game = view.game
    ui.frames(8)
    ui.key(K.H)
    ui.frames_until(lambda: view.control.hint_move is not None, 30)
    move = view.control.hint_move
    assert move is not None, view.message
    ui.key(K.H)  # ask again, then move before the answer is shown
    ui.key(K.SPACE)
    ui.frames(3)
    assert not view.advisor.thinking and "stopped" not in view.message
    assert game.moves == 1
