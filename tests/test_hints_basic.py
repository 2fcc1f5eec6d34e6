"""Hints: the interface of docs/interfaces.md, and true words."""

from __future__ import annotations

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import CLASSIC, DESERT, Deal, Game
from desert_pyramid.solver import Verdict, solve
from desert_pyramid.solver.hints import CANNOT_TELL, NO_WAY, Hint, hint_for

LAYOUT = get_layout(1)


def test_hint_on_a_winnable_deal_is_the_first_move_of_a_winning_line() -> None:
    game = Game(LAYOUT, DESERT, Deal.from_seed(5, 3))
    hint = hint_for(game, 100_000)
    assert hint.verdict is Verdict.WINNABLE
    assert hint.move is not None and hint.move == hint.line[0]
    assert hint.text and hint.rewind_to is None
    g = game.copy()
    g.replay(hint.line)
    assert g.won
    assert Hint.from_dict(hint.to_dict()) == hint


def test_lost_hint_points_back_to_the_last_winnable_position() -> None:
    # play a winnable classic deal badly until the solver proves it lost
    for i in range(30):
        game = Game(LAYOUT, CLASSIC, Deal.from_seed(11, i))
        if solve(game, 100_000).verdict is not Verdict.WINNABLE:
            continue
        while not game.is_over:
            moves = game.legal_moves()
            # the last legal move is a flip or a redeal when there is one: never pair
            game.play(moves[-1])
            r = solve(game, 100_000)
            if r.verdict is Verdict.LOST:
                hint = hint_for(game, 100_000)
                assert hint.verdict is Verdict.LOST and hint.move is None
                assert hint.text.startswith(NO_WAY)
                assert hint.rewind_to is not None and hint.rewind_to < game.moves
                back = Game(LAYOUT, CLASSIC, game.deal)
                back.replay(game.history[: hint.rewind_to])
                assert solve(back, 100_000).verdict is Verdict.WINNABLE
                after = Game(LAYOUT, CLASSIC, game.deal)
                after.replay(game.history[: hint.rewind_to + 1])
                assert solve(after, 100_000).verdict is Verdict.LOST
                return
    raise AssertionError("no deal went from winnable to lost")


def test_unknown_hint_says_it_cannot_tell() -> None:
    for i in range(40):
        game = Game(LAYOUT, CLASSIC, Deal.from_seed(3, i))
        if solve(game, 1).verdict is Verdict.UNKNOWN:
            hint = hint_for(game, 1)
            assert (
                hint.verdict is Verdict.UNKNOWN and hint.move is None and hint.text == CANNOT_TELL
            )
            return
    raise AssertionError("every deal decided in one node")
