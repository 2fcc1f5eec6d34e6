"""Playing whole deals through window events: keyboard alone, mouse alone."""

from __future__ import annotations

import sys

import pytest

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import DESERT, Deal, Game

from .winning import find_win

pytestmark = pytest.mark.ui
SEED = 4  # a deal the test search wins quickly


def winning_line(seed: int) -> list:  # type: ignore[type-arg]
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    line = find_win(Game(get_layout(1), DESERT, Deal.from_seed(seed)))
    assert line is not None
    return line


@pytest.mark.parametrize("by", ["keys", "mouse"])
def test_win_a_deal(ui, by: str) -> None:  # type: ignore[no-untyped-def]
    from desert_pyramid.ui.screens.results import ResultsView
    from desert_pyramid.ui.table.view import TableView

    ui.app.start_practice(DESERT, get_layout(1), Deal.from_seed(SEED))
    ui.frames(1)
    assert isinstance(ui.view, TableView)
    game = ui.view.game
    for move in winning_line(SEED):
        before = game.moves
        ui.play(move, by)
        assert game.moves == before + 1, f"{move} was not played ({ui.view.message})"
        assert game.history[-1] == move
    assert game.won
    for _ in range(10):
        ui.frames(1)
        if isinstance(ui.view, ResultsView):
            break
    assert isinstance(ui.view, ResultsView)
    assert ui.view.results.won is True
