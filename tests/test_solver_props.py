"""Property tests: the solver agrees with a brute-force search over the engine's own moves.

Positions come from random play (removals first) deep into random deals, under every preset and
every single rule option. On each, the solver's verdict must match an exhaustive search that uses
only ``Game.legal_moves``/``play``/``undo`` (no pruning at all), and a "winnable" line must replay to
a win in the engine.
"""

from __future__ import annotations

import functools
import random
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import CLASSIC, DESERT, RELAXED, STRICT, Deal, Game, Layout, Move, Rules
from desert_pyramid.solver import Verdict, solve

LAYOUT = get_layout(1)


def tower_layout() -> Layout:
    """A non-pyramid layout of 18 cards: rows of 4, 3, 4, 3, 4 that overlap like bricks, so the edge
    cards of the long rows are covered by one card and the others by two; the last row is free."""
    slots = []
    sid = 0
    for row, (count, x0) in enumerate([(4, 0), (3, 1), (4, 0), (3, 1), (4, 0)], start=1):
        for c in range(count):
            sid += 1
            slots.append(
                {"id": sid, "row": row, "x": x0 + 2 * c, "y": row - 1, "z": row, "covered_by": []}
            )
    for s in slots:
        s["covered_by"] = [
            t["id"] for t in slots if t["row"] == s["row"] + 1 and abs(t["x"] - s["x"]) == 1
        ]
    return Layout.from_dict(
        {"number": 60, "name": "Tower (test)", "slot": slots}, source="test tower"
    )


BRUTE_LIMIT = 60_000  # positions the brute force may visit
STRICT_WINNABLE = (869, 1131, 1715, 2222, 2431, 2638)  # deals of seed 5 winnable under strict rules
# Rule sets under which few of the first 200 deals (seed 5) are proved winnable in 2,000 nodes:
# the deals the scan below finds for them, so that each test process does not search the 200
# again (1-5 s each): the same deals, still solved and their lines followed by every check.
FEW_WINNABLE = {
    CLASSIC.with_options(passes=1): (36, 71, 99),
    STRICT.with_options(stock_top_playable=True): (1, 4, 35, 73),
    CLASSIC.with_options(draw_three=True): (0, 10, 21, 28),
}


class TooBig(Exception):
    pass


def brute_winnable(game: Game) -> bool:
    """Exhaustive search over engine positions (visited set on ``position_key``)."""
    g = game.copy()
    seen: set[tuple[object, ...]] = set()

    def go() -> bool:
        if g.won:
            return True
        key = g.position_key()
        if key in seen:
            return False
        seen.add(key)
        if len(seen) > BRUTE_LIMIT:
            raise TooBig
        for m in g.legal_moves():
            g.play(m)
            try:
                if go():
                    return True
            finally:
                g.undo()
        return False

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 5000))
    try:
        return go()
    finally:
        sys.setrecursionlimit(old)


@functools.cache
def winnable_deals(
    rules: Rules, layout: Layout = LAYOUT
) -> tuple[tuple[Deal, tuple[Move, ...]], ...]:
    """A few deals the solver proves winnable under ``rules``, with their lines (found once)."""
    if rules.all_52 and rules.passes == 1 and not rules.stock_top_playable and layout is LAYOUT:
        # Strict rules: about 1 deal in 1,000 is winnable; these are (seed 5).
        candidates = [Deal.from_seed(5, i) for i in STRICT_WINNABLE]
    elif layout is LAYOUT and rules in FEW_WINNABLE:
        candidates = [Deal.from_seed(5, i) for i in FEW_WINNABLE[rules]]
    else:
        candidates = [Deal.from_seed(5, i) for i in range(200)]
    found: list[tuple[Deal, tuple[Move, ...]]] = []
    for deal in candidates:
        r = solve(Game(layout, rules, deal), 2_000)
        if r.verdict is Verdict.WINNABLE and len(r.line) > 4:
            found.append((deal, r.line))
            if len(found) == 4:
                break
    assert found, f"no winnable deal found under {rules}"
    return tuple(found)


def late_position(
    rules: Rules, deal_seed: int, play_seed: int, left: int, layout: Layout = LAYOUT
) -> Game | None:
    """A position late in a game: at most ``left`` layout cards (and, when all 52 must go, at most
    ``left + 2`` stock and waste cards), or None when the random play ends the game first.

    From a deal proved winnable, follow the winning line for a random share of it (for half of
    the seeds, on until the position is that small); then play at random, removals first (with
    probability 0.55 to 0.95), until the position is small and a few random moves are made, which
    often throws the win away."""
    rng = random.Random(play_seed)
    deals = winnable_deals(rules, layout)
    deal, line = deals[deal_seed % len(deals)]
    game = Game(layout, rules, deal)

    def small(g: Game) -> bool:
        return g.layout_left <= left and (
            not rules.all_52 or len(g.stock) + len(g.waste) <= left + 2
        )

    follow = rng.randrange(len(line) // 3, len(line))
    for i, m in enumerate(line[:-1]):
        if i >= follow and (small(game) or play_seed % 2):
            break
        game.play(m)
    keep = 0.55 + (play_seed % 5) * 0.1  # how eagerly the random play removes cards
    extra = rng.randrange(12)
    for step in range(60):
        moves = game.legal_moves()
        if game.won or not moves or (step >= extra and small(game)):
            break
        removals = [m for m in moves if m.is_removal]
        others = [m for m in moves if not m.is_removal]
        if removals and (rng.random() < keep or not others):
            game.play(rng.choice(removals))
        else:
            game.play(rng.choice(others))
    if game.won or not small(game):
        return None
    return game


RULE_SETS = {
    "desert": DESERT,
    "classic": CLASSIC,
    "strict": STRICT,
    "relaxed": RELAXED,
    "classic+p1": CLASSIC.with_options(passes=1),
    "classic+pu": CLASSIC.with_options(passes=0),
    "classic+top": CLASSIC.with_options(stock_top_playable=True),
    "classic+all52": CLASSIC.with_options(all_52=True),
    "classic+match": CLASSIC.with_options(relaxed_match=True),
    "classic+draw3": CLASSIC.with_options(draw_three=True),
    "desert+draw3": DESERT.with_options(draw_three=True),
    "desert+top+match": DESERT.with_options(stock_top_playable=True, relaxed_match=True),
    "desert+p1+all52": DESERT.with_options(passes=1, all_52=True),
    "relaxed+satchel+draw3": RELAXED.with_options(satchel=True, draw_three=True),
    "strict+top": STRICT.with_options(stock_top_playable=True),
    "tower:desert+p1": DESERT.with_options(passes=1),
    "tower:classic": CLASSIC,
    "tower:classic+p1+top": CLASSIC.with_options(passes=1, stock_top_playable=True),
}
TOWER = tower_layout()


def layout_for(name: str) -> Layout:
    return TOWER if name.startswith("tower:") else LAYOUT


def check(rules: Rules, deal_seed: int, play_seed: int, left: int, layout: Layout = LAYOUT) -> str:
    game = late_position(rules, deal_seed, play_seed, left, layout)
    if game is None:
        return "none"
    result = solve(game, 2_000_000)
    assert result.verdict is not Verdict.UNKNOWN
    try:
        truth = brute_winnable(game)
    except TooBig:
        return "big"
    if result.verdict is Verdict.WINNABLE:
        g = game.copy()
        g.replay(result.line)
        assert g.won, f"line does not win: {[str(m) for m in result.line]}"
    assert (result.verdict is Verdict.WINNABLE) == truth, (
        f"solver says {result.verdict}, brute force says {'winnable' if truth else 'lost'}\n"
        f"{game.to_dict()}"
    )
    return str(result.verdict)


@pytest.mark.parametrize("name", list(RULE_SETS))
@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
@given(deal_seed=st.integers(0, 10_000), play_seed=st.integers(0, 10_000), left=st.integers(3, 10))
def test_solver_agrees_with_brute_force(
    name: str, deal_seed: int, play_seed: int, left: int
) -> None:
    check(RULE_SETS[name], deal_seed, play_seed, left, layout_for(name))


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_both_verdicts_are_exercised(name: str) -> None:
    """The comparison above is not vacuous: for every rule set, fixed samples include positions
    that the brute force confirms winnable and positions it confirms lost."""
    seen: set[str] = set()
    rng = random.Random(name)
    for _ in range(3000):  # late lost positions are rare (about 1 in 100) under forgiving rules
        seen.add(
            check(
                RULE_SETS[name],
                rng.randrange(10_000),
                rng.randrange(10_000),
                rng.randrange(3, 11),
                layout_for(name),
            )
        )
        if {"winnable", "lost"} <= seen:
            return
    pytest.fail(f"{name}: only saw {sorted(seen)}")


def mid_position(rules: Rules, deal_seed: int, play_seed: int, layout: Layout = LAYOUT) -> Game:
    """A position some way into a deal: random play, removals first, for a random number of moves."""
    rng = random.Random(play_seed)
    game = Game(layout, rules, Deal.from_seed(deal_seed, 0))
    for _ in range(rng.randrange(8, 40)):
        moves = game.legal_moves()
        if game.won or not moves:
            break
        removals = [m for m in moves if m.is_removal]
        game.play(rng.choice(removals) if removals and rng.random() < 0.8 else rng.choice(moves))
    return game


@pytest.mark.parametrize("name", list(RULE_SETS))
@settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
@given(deal_seed=st.integers(0, 10_000), play_seed=st.integers(0, 10_000))
def test_pruning_never_changes_a_verdict(name: str, deal_seed: int, play_seed: int) -> None:
    """Mid-game positions, too big for the brute force: the search with all its pruning rules gives
    the verdict of the same search with none (when that one decides within its budget)."""
    from desert_pyramid.solver.core import Searcher, _Stop

    game = mid_position(RULE_SETS[name], deal_seed, play_seed, layout_for(name))
    pruned = solve(game, 2_000_000)
    assert pruned.verdict is not Verdict.UNKNOWN
    bare = Searcher.from_game(game, plain=True)
    try:
        verdict = bare.solve(40_000, None)
    except _Stop:
        return  # the bare search cannot tell: nothing to compare
    assert verdict is pruned.verdict, f"pruned {pruned.verdict}, bare {verdict}: {game.to_dict()}"
