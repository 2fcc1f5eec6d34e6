"""Pause's "New deal" throws the game under way away only when pressed twice (its label says so
first), through real key presses and clicks; a deal not yet played starts anew at once."""

from __future__ import annotations

from typing import Any

import pytest
from arcade import key as K

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import DESERT, Deal
from desert_pyramid.ui.screens.pause import PauseView
from desert_pyramid.ui.table.view import TableView

pytestmark = pytest.mark.ui


def paused_practice(ui: Any, moves: int) -> tuple[TableView, PauseView]:
    ui.app.start_practice(DESERT, get_layout(1), Deal.from_seed(4))
    ui.frames(1)
    table = ui.view
    assert isinstance(table, TableView)
    for _ in range(moves):
        ui.key(K.SPACE)  # a move: the stock flipped
    assert table.game.moves == moves
    ui.key(K.ESCAPE)
    pause = ui.view
    assert isinstance(pause, PauseView) and pause.table is table
    return table, pause


def focus_on(ui: Any, pause: PauseView, label: str) -> int:
    menu = pause.menu
    target = [b.label for b in menu.buttons].index(label)
    while menu.focus != target:
        ui.key(K.DOWN)
    return target


def test_new_deal_asks_before_throwing_a_game_away(ui: Any) -> None:
    table, pause = paused_practice(ui, 2)
    i = focus_on(ui, pause, "New deal")
    ui.key(K.ENTER)
    assert ui.view is pause and ui.app.table is table and table.game.moves == 2
    assert pause.menu.buttons[i].label == "New deal? Press again"
    ui.key(K.DOWN)  # the focus moves away: the question is forgotten
    assert pause.menu.buttons[i].label == "New deal"
    ui.key(K.UP)
    ui.key(K.ENTER)
    assert ui.view is pause
    ui.key(K.ENTER)  # pressed again: a new deal
    ui.frames(1)
    assert isinstance(ui.view, TableView) and ui.view is not table and ui.view.game.moves == 0


def test_new_deal_by_the_mouse_asks_too(ui: Any) -> None:
    table, pause = paused_practice(ui, 1)
    ui.frames(1)
    button = next(b for b in pause.menu.buttons if b.label == "New deal")
    ui.click(button.rect.cx, button.rect.cy)
    assert ui.view is pause and button.label == "New deal? Press again"
    ui.click(button.rect.cx, button.rect.cy)
    ui.frames(1)
    assert isinstance(ui.view, TableView) and ui.view is not table


def test_a_deal_not_yet_played_starts_anew_at_once(ui: Any) -> None:
    table, pause = paused_practice(ui, 0)
    focus_on(ui, pause, "New deal")
    ui.key(K.ENTER)
    ui.frames(1)
    assert isinstance(ui.view, TableView) and ui.view is not table


def test_restart_asks_before_throwing_a_game_away(ui: Any) -> None:
    table, pause = paused_practice(ui, 2)
    i = focus_on(ui, pause, "Restart this deal")
    ui.key(K.ENTER)
    assert ui.view is pause and ui.app.table is table and table.game.moves == 2
    assert pause.menu.buttons[i].label == "Restart? Press again"
    ui.key(K.ENTER)  # pressed again: the same deal from its start
    ui.frames(1)
    again = ui.view
    assert isinstance(again, TableView) and again is not table and again.game.moves == 0
    assert again.game.deal == table.game.deal


def test_a_daily_restart_asks_too(ui: Any) -> None:
    ui.app.start_mode("daily")
    ui.frames(1)
    table = ui.view
    assert isinstance(table, TableView) and table.session.mode == "daily"
    ui.key(K.SPACE)  # a move: the stock flipped
    assert table.game.moves == 1
    ui.key(K.ESCAPE)
    pause = ui.view
    assert isinstance(pause, PauseView)
    i = focus_on(ui, pause, "Restart this day's deal")
    ui.key(K.ENTER)
    assert ui.view is pause and pause.menu.buttons[i].label == "Restart? Press again"
    ui.key(K.ENTER)
    ui.frames(1)
    assert isinstance(ui.view, TableView) and ui.view is not table and ui.view.game.moves == 0


def test_a_restart_before_any_move_goes_at_once(ui: Any) -> None:
    table, pause = paused_practice(ui, 0)
    focus_on(ui, pause, "Restart this deal")
    ui.key(K.ENTER)
    ui.frames(1)
    assert isinstance(ui.view, TableView) and ui.view is not table
