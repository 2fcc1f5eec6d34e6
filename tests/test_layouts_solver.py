"""On every layout, the solver's winning line for a winnable deal replays to a win in the engine."""

from __future__ import annotations

import pytest

from desert_pyramid.catalog import all_layouts
from desert_pyramid.engine import DESERT, RELAXED, Deal, Game, Rules
from desert_pyramid.solver import Verdict, solve

LAYOUTS = all_layouts()
BUDGET = 20_000  # small: the test takes the first deal the solver settles quickly
TRIES = 80


def first_quick_win(number: int, rules: Rules) -> tuple[int, Game, tuple[object, ...]]:
    layout = LAYOUTS[number]
    for i in range(TRIES):
        game = Game(layout, rules, Deal.from_seed(4242 + number, i))
        before = game.position_key()
        result = solve(game, node_budget=BUDGET)
        assert game.position_key() == before and game.moves == 0, "solve() changed the game"
        if result.verdict is Verdict.WINNABLE:
            return i, game, result.line
    raise AssertionError(
        f"layout {number}: no deal of {TRIES} solved as winnable within {BUDGET} nodes"
    )


@pytest.mark.parametrize("rules", [DESERT, RELAXED], ids=["desert", "relaxed"])
@pytest.mark.parametrize("number", sorted(LAYOUTS))
def test_winning_line_replays_to_a_win(number: int, rules: Rules) -> None:
    index, game, line = first_quick_win(number, rules)
    assert line, "a winnable deal that is not won yet needs at least one move"
    for step, move in enumerate(line):
        assert not game.won, (
            f"layout {number}, deal {index}: won before the line ended (move {step})"
        )
        game.play(move)  # raises IllegalMoveError if the solver's move is not legal here
    assert game.won, f"layout {number}, deal {index}: the line ends without a win"
    assert all(c < 0 for c in game.cards)
