"""The computer players play whole deals move by move."""

from __future__ import annotations

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import CLASSIC, DESERT, Deal, Game, MoveKind
from desert_pyramid.solver import Verdict, solve
from desert_pyramid.solver.players import SolverPlayer, ThumbPlayer, play_out

LAYOUT = get_layout(1)


def test_solver_player_wins_every_winnable_deal() -> None:
    for i in range(6):
        game = Game(LAYOUT, DESERT, Deal.from_seed(8, i))
        verdict = solve(game, 100_000).verdict
        won = play_out(game, SolverPlayer(100_000))
        assert won == (verdict is Verdict.WINNABLE)


def test_thumb_player_plays_to_the_end() -> None:
    wins = 0
    for i in range(10):
        game = Game(LAYOUT, CLASSIC, Deal.from_seed(8, i))
        won = play_out(game, ThumbPlayer())
        assert won or game.is_stuck()
        wins += won
    assert ThumbPlayer().next_move(game) is None or game.won is False


def test_thumb_player_takes_kings_at_once() -> None:
    for i in range(30):
        game = Game(LAYOUT, CLASSIC, Deal.from_seed(1, i))
        kings = [m for m in game.removals() if m.kind == MoveKind.KING]
        if kings:
            assert ThumbPlayer().next_move(game) in kings
            return
    raise AssertionError("no deal with a free king")
