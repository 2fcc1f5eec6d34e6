"""A game round-trips through plain dicts (and TOML), undo and redo history included."""

from __future__ import annotations

import random
import tomllib

import pytest
import tomli_w

from desert_pyramid.engine import (
    DESERT,
    GAME_SCHEMA,
    RELAXED,
    Deal,
    Game,
    StateError,
    classic_layout,
)
from tests.helpers import pyramid_layout, snapshot


def played_game(rules=DESERT, seed: int = 5, steps: int = 60, layout=None) -> Game:  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    g = Game(layout or classic_layout(), rules, Deal.from_seed(seed), multiplier=2)
    for _ in range(steps):
        legal = g.legal_moves()
        if not legal:
            break
        g.play(rng.choice(legal))
    return g


@pytest.mark.parametrize(
    "rules", [DESERT, RELAXED, DESERT.with_options(draw_three=True, relaxed_match=True)]
)
def test_round_trip_through_toml(rules) -> None:  # type: ignore[no-untyped-def]
    g = played_game(rules)
    g.undo()
    g.undo()
    data = g.to_dict()
    assert data["schema"] == GAME_SCHEMA
    text = tomli_w.dumps(data)
    back = Game.from_dict(tomllib.loads(text), classic_layout())
    assert snapshot(back) == snapshot(g)
    assert back.history == g.history and back.redo_stack == g.redo_stack
    assert back.multiplier == 2 and back.deal.seed == 5
    back.redo()
    g.redo()
    assert snapshot(back) == snapshot(g)
    back.undo_all()
    assert back.moves == 0 and back.points == 0


def test_permutation_deal_round_trips() -> None:
    cards = list(Deal.from_seed(9).cards)
    cards.reverse()
    g = Game(pyramid_layout(5), DESERT, Deal(tuple(cards)))
    g.play(g.legal_moves()[-1])
    back = Game.from_dict(tomllib.loads(tomli_w.dumps(g.to_dict())), pyramid_layout(5))
    assert snapshot(back) == snapshot(g) and back.deal.seed is None


@pytest.mark.parametrize(
    "change,message",
    [
        (lambda d: d.update(schema=99), "schema 99 is not supported"),
        (lambda d: d.pop("deal"), "missing 'deal'"),
        (lambda d: d.update(layout=7), "on layout 7, not on layout 1"),
        (lambda d: d.update(moves=["F", "F", "1+2"]), "saved move 3 \\('1\\+2'\\) does not replay"),
        (lambda d: d.update(deal="AS AS"), "cannot be read: a deal has 52 cards"),
        (
            lambda d: d.update(rules={"passes": 7}),
            "cannot be read: passes must be 1, 3 or unlimited",
        ),
        (lambda d: d.update(multiplier="x"), "multiplier must be an integer"),
        (lambda d: d.update(moves="F"), "moves and redo must be lists"),
    ],
)
def test_bad_saved_games_raise_state_errors(change, message: str) -> None:  # type: ignore[no-untyped-def]
    data = played_game(steps=4).to_dict()
    change(data)
    with pytest.raises(StateError, match=message):
        Game.from_dict(data, classic_layout())
