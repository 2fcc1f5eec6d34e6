"""The solver's bit-packed rules are the engine's rules: a property test over random positions.

The search does not call the engine: it compiles a position into integers (``Searcher.from_game``)
and generates moves with its own bit arithmetic. Here, on random positions of random deals under
every preset and every rule option, the bare search's moves at the node's own time
(``Searcher.moves_at_root``) must be exactly the engine's legal removals and stashes, and each
move's child state must be exactly the state the search compiles from the engine's position after
that move (same board, same time, same free slots, same live counts). A flip and a redeal must
leave the board as it is and reach a time the node's ``reach`` holds. Together these say the
model is the engine's game, move for move.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import Deal, Game, Move, Rules
from desert_pyramid.engine.moves import MoveKind
from desert_pyramid.solver.core import Searcher, Store

RULES = [
    "desert",
    "classic",
    "strict",
    "relaxed",
    "classic+p1",
    "classic+pu",
    "classic+top",
    "classic+all52",
    "classic+match",
    "classic+draw3",
    "classic+satchel",
    "desert+all52",
    "desert+top+draw3",
    "relaxed+pu+satchel",
    "strict+draw3+pu",
    "strict+top",
    "relaxed+top+all52",
]


def random_position(rules: Rules, seed: int, steps: int, rng: random.Random) -> Game:
    """A position after up to ``steps`` random legal moves (removals and stashes favoured)."""
    game = Game(get_layout(1), rules, Deal.from_seed(seed))
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            break
        plays = [m for m in moves if m.kind not in (MoveKind.FLIP, MoveKind.REDEAL)]
        pool = plays if plays and rng.random() < 0.6 else moves
        game.play(rng.choice(pool))
    return game


def engine_move(kind: int, a: int, b: int) -> Move:
    """A model move ``(kind, a, b)`` as the engine's move."""
    if kind == MoveKind.PAIR:
        return Move.pair(a, b)
    return Move(MoveKind(kind), a)


def compiled(game: Game, cycle: tuple[int, ...]) -> Searcher:
    return Searcher.from_game(game, plain=True, cycle_order=cycle)


def check_position(game: Game, cycle: tuple[int, ...]) -> None:
    """The bare search's moves at ``game``'s position are the engine's, with the same results."""
    node = compiled(game, cycle)
    generated = node.moves_at_root()
    engine = {m for m in game.legal_moves() if m.kind not in (MoveKind.FLIP, MoveKind.REDEAL)}
    if isinstance(generated, tuple):  # a move that wins at once: it is legal and it wins
        _, (kind, a, b) = generated
        move = engine_move(kind, a, b)
        assert move in engine
        after = game.copy()
        after.play(move)
        assert after.won
        return
    model = {engine_move(*child[10]): child for child in generated}
    assert len(model) == len(generated)  # no move twice
    assert set(model) == engine, (str(game.rules), game.history)
    for move, child in model.items():
        after = game.copy()
        after.play(move)
        state = compiled(after, cycle).root_state()
        _, vac, gone, sat, _t_at, t_next, fr, ix, lv, lc, _ = child
        assert (vac, gone, sat, t_next, fr, ix, lv, lc) == state, (move, game.history)
    # flips and redeals change only the time, to one the node's reach holds
    vacated, gone, satchel, start, _, indexes, _, _ = node.root_state()
    reach = node.reach(gone, indexes, start)
    for move in game.legal_moves():
        if move.kind in (MoveKind.FLIP, MoveKind.REDEAL):
            after = game.copy()
            after.play(move)
            state = compiled(after, cycle).root_state()
            assert state[:3] == (vacated, gone, satchel)
            assert reach >> state[3] & 1, (move, game.history)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules_text=st.sampled_from(RULES),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 70),
    rng_seed=st.integers(0, 2**32 - 1),
)
def test_the_search_moves_are_the_engines_moves(
    rules_text: str, seed: int, steps: int, rng_seed: int
) -> None:
    """At a random position, and at every position its flips and redeals reach (every waste top
    and stock top of the passes left), before any removal."""
    rules = Rules.parse(rules_text)
    game = random_position(rules, seed, steps, random.Random(rng_seed))
    cycle = Store(game).cycle  # every position numbered by the deal's whole cycle
    for _ in range(60):
        if game.won:
            return
        check_position(game, cycle)
        turns = [m for m in game.legal_moves() if m.kind in (MoveKind.FLIP, MoveKind.REDEAL)]
        if not turns:
            return
        game.play(turns[0])
