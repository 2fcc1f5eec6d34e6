"""Where only the waste top plays (the classic and strict rules).

The window bound (``Searcher._window_lost``): a card with no layout partner left must go in a
window of the stock/waste that holds one of its partners, each with a partner of its own. Three
checks: the bound agrees with a plain re-statement of its definition (windows built card by card,
the earliest window carried through every live layout card) on many boards; every position it
calls lost is lost for a brute-force search over the engine's own moves; and the solver with the
bound gives the same verdicts as without it. Then the waste-only move generator
(``Searcher._waste_moves``) against the general one.
"""

from __future__ import annotations

import random

import pytest

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import CLASSIC, STRICT, Deal, Game, Layout, Rules
from desert_pyramid.engine.cards import KING_RANK
from desert_pyramid.solver.core import Searcher

from .solver_source import source_core
from .test_solver_props import TOWER, TooBig, brute_winnable

LAYOUT = get_layout(1)
CLASSIC_P1 = CLASSIC.with_options(passes=1)
# the rule sets where only the waste top plays, on the classic pyramid and a non-pyramid layout
WASTE_ONLY_RULES = pytest.mark.parametrize(
    ("rules", "layout"),
    [(CLASSIC, LAYOUT), (CLASSIC_P1, LAYOUT), (STRICT, LAYOUT), (CLASSIC, TOWER)],
    ids=["classic", "classic+p1", "strict", "tower:classic"],
)


def reference_lost(s: Searcher, vacated: int, gone: int, start: int) -> bool:
    """The bound as its docstring defines it, written out card by card."""
    K = s.K
    p, a = divmod(start, K + 1)

    def layout_has(rank: int) -> bool:
        return any(not vacated >> i & 1 and s.slot_rank[i] == rank for i in range(s.n))

    def dead(k: int) -> bool:
        r = s.cyc_rank[k]
        return r != KING_RANK and not layout_has(13 - r)

    live = [k for k in range(K) if not gone >> k & 1]
    windows: dict[int, list[int]] = {r: [] for r in range(1, 14)}
    card_windows: list[tuple[int, int]] = []  # (cycle position, a window it plays in)
    for k in reversed([k for k in live if k < a]):  # the waste, top first
        if dead(k):
            break
        windows[s.cyc_rank[k]].append(0)
        card_windows.append((k, 0))
    w = 0
    for pass_ in range(p, s.passes):
        for k in live:
            if pass_ == p and k < a:
                continue
            if dead(k):
                w += 1
            else:
                windows[s.cyc_rank[k]].append(w)
                card_windows.append((k, w))
        w += 1
    for r in windows:
        windows[r].sort()
    earliest: dict[int, int] = {}
    needs: list[tuple[int, int]] = []  # (partner rank, earliest window) of the cards bound
    for x in s.cover_order:
        if vacated >> x & 1:
            continue
        e = max(
            (earliest[y] for y in range(s.n) if s.cov_mask[x] >> y & 1 and y in earliest), default=0
        )
        r = s.slot_rank[x]
        partners_in_layout = [
            z
            for z in range(s.n)
            if not vacated >> z & 1
            and s.slot_rank[z] == 13 - r
            and not (s.above[x] >> z & 1 or s.below[x] >> z & 1)
        ]
        if r != KING_RANK and not partners_in_layout:
            later = [v for v in windows[13 - r] if v >= e]
            if not later:
                return True
            e = later[0]
            needs.append((13 - r, e))
        earliest[x] = e
    # each such card takes a partner of its own, one with a window no sooner than its earliest
    for q in range(1, 13):
        es = sorted((e for rank, e in needs if rank == q), reverse=True)
        cards = [k for k in live if s.cyc_rank[k] == q]
        last_windows = [max((v for k2, v in card_windows if k2 == k), default=-1) for k in cards]
        for t, e in enumerate(es, start=1):
            if sum(1 for v in last_windows if v >= e) < t:
                return True
    return False


def random_positions(rules: Rules, layout: Layout, count: int, seed: int) -> list[Game]:
    """Positions of random play (removals three times in four, else a flip or a redeal), taken
    every few moves once the game has left its first pass (or at once with one pass)."""
    rng = random.Random(seed)
    out: list[Game] = []
    deal_no = 0
    while len(out) < count:
        game = Game(layout, rules, Deal.from_seed(seed, deal_no))
        deal_no += 1
        for step in range(200):
            moves = game.legal_moves()
            if game.won or not moves:
                break
            removals = [m for m in moves if m.is_removal]
            others = [m for m in moves if not m.is_removal]
            game.play(
                rng.choice(removals if removals and (rng.random() < 0.75 or not others) else others)
            )
            if step % 5 == 4 and (game.redeals or rules.passes == 1):
                out.append(game.copy())
    return out[:count]


@WASTE_ONLY_RULES
def test_the_bound_is_its_definition(rules: Rules, layout: Layout) -> None:
    fired = 0
    for game in random_positions(rules, layout, 150, seed=11):
        s = Searcher.from_game(game)
        assert s.windows
        vacated, gone, _, start, _, _, live, live_cycle = s.root_state()
        got = s._window_lost(vacated, gone, start, live, live_cycle)
        assert got == reference_lost(s, vacated, gone, start), game.to_dict()
        fired += got
    assert fired >= 10  # the boards exercise the cut, not only the pass


@WASTE_ONLY_RULES
def test_a_position_the_bound_calls_lost_is_lost(rules: Rules, layout: Layout) -> None:
    checked = 0
    for game in random_positions(rules, layout, 400, seed=12):
        s = Searcher.from_game(game)
        vacated, gone, _, start, _, _, live, live_cycle = s.root_state()
        if not s._window_lost(vacated, gone, start, live, live_cycle):
            continue
        try:
            assert not brute_winnable(game), game.to_dict()
        except TooBig:
            continue
        checked += 1
        if checked == 12:
            break
    assert checked == 12


def test_the_bound_is_asked_only_where_it_holds() -> None:
    deal = Deal.from_seed(1, 0)
    for rules in (
        CLASSIC.with_options(draw_three=True),
        CLASSIC.with_options(stock_top_playable=True),
        CLASSIC.with_options(relaxed_match=True),
        CLASSIC.with_options(passes=0),
        CLASSIC.with_options(satchel=True),
    ):
        assert not Searcher.from_game(Game(LAYOUT, rules, deal)).windows, rules
    assert not Searcher.from_game(Game(LAYOUT, CLASSIC, deal), plain=True).windows


@pytest.mark.parametrize(
    ("rules", "layout"), [(CLASSIC, LAYOUT), (CLASSIC, TOWER)], ids=["classic", "tower:classic"]
)
def test_the_same_verdicts_with_and_without_the_bound(
    rules: Rules, layout: Layout, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = source_core()  # (a compiled search would not call a replaced method)
    deals = [Deal.from_seed(3, i) for i in range(40)]
    with_bound = [src.solve(Game(layout, rules, d), 60_000).verdict.value for d in deals]
    monkeypatch.setattr(src.Searcher, "_window_lost", lambda *args: False)
    without = [src.solve(Game(layout, rules, d), 60_000).verdict.value for d in deals]
    decided = [(a, b) for a, b in zip(with_bound, without, strict=True) if "unknown" not in (a, b)]
    assert len(decided) >= 30
    assert all(a == b for a, b in decided)
    assert "lost" in with_bound and "winnable" in with_bound


@pytest.mark.parametrize(
    ("rules", "layout"),
    [(CLASSIC, LAYOUT), (STRICT, LAYOUT), (CLASSIC, TOWER)],
    ids=["classic", "strict", "tower:classic"],
)
def test_the_waste_only_generator_gives_the_general_ones_children(
    rules: Rules, layout: Layout
) -> None:
    """Searcher._waste_moves is _cycle_moves written out for the rules where only the waste top
    plays: at every position, the very same children (and wins) in the very same order, once the
    general generator's children are put in canonical form as the search does before searching
    them (the waste-only generator does it as it goes). The general generator takes the new
    times as a bitmask, the waste-only one as the first time and the first time explored before
    (draw one: every time from a node's first one on is reachable): both a new board and a board
    explored before from a later time are compared."""
    compared = partly = 0
    rng = random.Random(7)
    for game in random_positions(rules, layout, 120, seed=13):
        s = Searcher.from_game(game)
        s._start_settling()  # nodes in canonical form, as in a search past its first nodes
        assert s.waste_only
        vacated, gone, satchel, start, free, indexes, live, live_cycle = s.root_state()
        if not s.K:
            continue
        fbr = s._free_by_rank(free)
        reach = s.reach(gone, indexes, start)
        first = s._first_time(indexes, start)
        assert first == (reach & -reach).bit_length() - 1
        later = [t for t in range(first + 1, s.end) if reach >> t & 1]
        for explored in [s.end, *rng.sample(later, min(2, len(later)))]:
            new = reach & ((1 << explored) - 1)
            state = (vacated, gone, satchel, start, free, indexes, live, live_cycle, fbr)
            general: list[object] = []
            waste: list[object] = []
            by_cycle = s._cycle_moves(general, *state, new, reach)  # type: ignore[arg-type]
            by_waste = s._waste_moves(waste, *state, first, explored)  # type: ignore[arg-type]
            assert by_cycle == by_waste
            settled = []
            for child in general:
                c = list(child)  # type: ignore[call-overload]
                if c[2] != gone:
                    c[2], c[7] = s._settled(c[2], c[2] & ~gone, c[7])
                settled.append(tuple(c))
            assert settled == waste
            compared += bool(general)
            partly += bool(general) and explored < s.end
    assert compared >= 50
    assert partly >= 20
