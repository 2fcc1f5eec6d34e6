"""The rules-of-thumb player follows the beginner's four tips; the solver player follows real lines."""

from __future__ import annotations

import pytest

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import CLASSIC, DESERT, Deal, Game, Move
from desert_pyramid.solver import Verdict, solve
from desert_pyramid.solver.players import SolverPlayer, ThumbPlayer, play_out
from tests.helpers import game_from

BOTTOM_QUIET = {23: "2C", 24: "2D", 25: "3C", 26: "3D", 27: "4C"}  # no pair among them


def test_tip1_kings_at_once() -> None:
    game = game_from({**BOTTOM_QUIET, 22: "KS", 28: "6H"}, ["7C"], CLASSIC)
    assert ThumbPlayer().next_move(game) == Move.parse("K22")


def test_tip2_pairs_before_flipping() -> None:
    game = game_from({**BOTTOM_QUIET, 22: "6S", 28: "5H"}, ["7C"], CLASSIC)
    game.play_text("F")
    assert ThumbPlayer().next_move(game) == Move.parse("22+W")  # not another flip


def test_tip3_uncover_more_then_pyramid_pairs() -> None:
    # 22 and 23 together free slot 16; the waste pair frees nothing
    game = game_from({**BOTTOM_QUIET, 22: "6S", 23: "7D", 28: "5H"}, ["7C"], CLASSIC)
    game.play_text("F")
    assert ThumbPlayer().next_move(game) == Move.parse("23+22")
    # nothing uncovers anything: the pyramid pair beats the waste pair
    game = game_from({**BOTTOM_QUIET, 22: "6S", 24: "7D", 28: "5H"}, ["7C"], CLASSIC)
    game.play_text("F")
    assert ThumbPlayer().next_move(game) == Move.parse("24+22")


def test_tip4_waste_card_for_the_card_sitting_on_its_partners() -> None:
    # the 6♠ (slot 22) lies on every other 7 of the pyramid; the 6♥ (slot 28) does not
    cards = {**BOTTOM_QUIET, 22: "6S", 28: "6H", 16: "7D", 7: "7H", 2: "7S"}
    game = game_from(cards, ["7C"], CLASSIC)
    game.play_text("F")
    assert ThumbPlayer().next_move(game) == Move.parse("22+W")
    # mirrored: the 6 on the right edge sits on the 7s
    cards = {**BOTTOM_QUIET, 22: "6S", 28: "6H", 21: "7D", 10: "7H", 3: "7S"}
    game = game_from(cards, ["7C"], CLASSIC)
    game.play_text("F")
    assert ThumbPlayer().next_move(game) == Move.parse("28+W")


def test_thumb_wins_about_one_deal_in_three() -> None:
    wins = sum(
        play_out(Game(get_layout(1), CLASSIC, Deal.from_seed(0, i)), ThumbPlayer())
        for i in range(60)
    )
    assert 10 <= wins <= 35  # players' saying: "about 1 deal in 3"


def test_thumb_has_no_look_ahead_and_stops_when_stuck() -> None:
    game = Game(get_layout(1), CLASSIC, Deal.from_seed(0, 1))
    play_out(game, ThumbPlayer())
    assert game.won or game.is_stuck()
    assert ThumbPlayer().next_move(game) is None


def test_solver_player_replans_after_a_detour() -> None:
    for i in range(20):
        game = Game(get_layout(1), DESERT, Deal.from_seed(12, i))
        if solve(game, 100_000).verdict is not Verdict.WINNABLE:
            continue
        player = SolverPlayer(100_000)
        for _ in range(3):
            game.play(player.next_move(game) or Move.parse("F"))
        # a detour: a flip the line did not ask for (if the game stays winnable)
        detour = game.copy()
        if detour.stock:
            detour.play_text("F")
            if solve(detour, 100_000).verdict is Verdict.WINNABLE:
                assert play_out(detour, player)
                assert (
                    player.last_result is not None
                    and player.last_result.verdict is Verdict.WINNABLE
                )
                return
    pytest.fail("no deal to test")


def test_strict_solver_player_gives_up_on_a_lost_deal() -> None:
    for i in range(30):
        game = Game(get_layout(1), CLASSIC, Deal.from_seed(12, i))
        if solve(game, 100_000).verdict is Verdict.LOST:
            assert SolverPlayer.strict(100_000).next_move(game) is None
            # the default player falls back to the thumb player's move
            assert SolverPlayer(100_000).next_move(game) == ThumbPlayer().next_move(game)
            return
    pytest.fail("no lost deal")
