"""Where a card is and what a move frees (engine.whereabouts), checked against the game itself."""

from __future__ import annotations

import random

import pytest

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import CLASSIC, DESERT, SATCHEL, STOCK, WASTE, Deal, Game, Move
from desert_pyramid.engine.whereabouts import cards_on, freed_by, locate, slots_under

LAYOUT = get_layout(1)


def positions(
    rules_list: tuple[object, ...] = (DESERT, CLASSIC.with_options(stock_top_playable=True)),
):
    for rules in rules_list:
        for seed in range(6):
            rng = random.Random(seed)
            game = Game(LAYOUT, rules, Deal.from_seed(41, seed))  # type: ignore[arg-type]
            for _ in range(rng.randrange(5, 40)):
                moves = game.legal_moves()
                if not moves or game.won:
                    break
                game.play(rng.choice(moves))
            yield game


@pytest.mark.parametrize("game", list(positions()))
def test_every_card_is_found_where_the_game_has_it(game: Game) -> None:
    playable = {int(c): p for p, c in game.playable()}
    for card in range(52):
        at = locate(game, card)
        if card in game.discard:
            assert at is None
            continue
        assert at is not None
        assert at.playable == (card in playable)
        if at.playable:
            assert at.place == playable[card]
        if at.place >= 0:
            assert game.cards[at.place] == card and at.above == cards_on(game, at.place)
            assert (at.above == 0) == game.is_free(at.place)
        elif at.place == WASTE:
            assert game.waste[len(game.waste) - 1 - at.above] == card
        elif at.place == STOCK:
            assert game.stock[len(game.stock) - 1 - at.above] == card
        else:
            assert at.place == SATCHEL and game.satchel == card and at.above == 0


def test_cards_on_counts_every_card_lying_over_a_slot() -> None:
    game = Game(LAYOUT, DESERT, Deal.from_seed(41, 0))
    assert cards_on(game, 0) == 27  # the apex lies under the whole pyramid
    assert [cards_on(game, s) for s in range(21, 28)] == [0] * 7
    assert cards_on(game, 15) == 2  # the first of row 6: the first two of row 7 lie on it
    assert cards_on(game, 9) == 2 + 3 + 4  # the end of row 4: a triangle down to row 7
    assert slots_under(LAYOUT, 27) == {20, 14, 9, 5, 2, 0}  # the pyramid's right edge
    assert slots_under(LAYOUT, 0) == frozenset()
    # the middle of row 7: a triangle of 2, 3, 4, 3, 2, 1 slots up to the apex
    assert slots_under(LAYOUT, 24) == {17, 18, 11, 12, 13, 6, 7, 8, 9, 3, 4, 5, 1, 2, 0}


def test_freed_by_names_the_slots_a_removal_uncovers_and_leaves_the_game_alone() -> None:
    for game in positions((DESERT,)):
        for move in game.removals():
            before = game.to_dict()
            freed = freed_by(game, move)
            assert game.to_dict() == before
            after = game.copy()
            after.play(move)
            assert freed == [s for s in after.free_slots() if s not in game.free_slots()]
            gone = {move.a, move.b} if move.b >= 0 else {move.a}
            for s in freed:
                assert not game.is_free(s) and set(game.covering(s)) <= gone
    assert freed_by(Game(LAYOUT, DESERT, Deal.from_seed(41, 0)), Move.flip()) == []
