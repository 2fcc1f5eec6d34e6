"""Nodes in canonical form (``Searcher.canonical_cycle``, ``Searcher._settle``).

What can happen from a node depends on its stock and waste only through the ranks of the live
cards, in order, and where the time lies among them. The search keeps every node with each live
card at the first place of its rank after the card before it, so nodes that differ only in which
of two such cards is gone are one board. Checked here: the form keeps the live ranks and the
time's place among them and is the greedy placement written out plainly; a child settled from its
parent is the child's canonical form; every node of real searches under every kind of rules is in
it. (That it never changes a verdict is checked by the brute-force comparisons of
``test_solver_props.py``, which search in canonical form.)
"""

from __future__ import annotations

import random

import pytest

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import CLASSIC, DESERT, STRICT, Deal, Game, Rules
from desert_pyramid.solver.core import Searcher

from .solver_source import source_core

LAYOUT = get_layout(1)
RULE_SETS = [
    CLASSIC,
    STRICT,
    DESERT,
    Rules.parse("relaxed"),
    Rules.parse("classic+draw3"),
    Rules.parse("desert+top"),
    Rules.parse("classic+all52"),
]


def sequence(s: Searcher, gone: int, time: int) -> tuple[int, list[int], list[int]]:
    """The pass, and the live cycle cards' ranks under and over the time, in order."""
    p, a = divmod(time, s.K + 1)
    live = [k for k in range(s.K) if not gone >> k & 1]
    return p, [s.cyc_rank[k] for k in live if k < a], [s.cyc_rank[k] for k in live if k >= a]


def greedy(s: Searcher, gone: int) -> int:
    """Each live card, in order, at the first place of its rank after the one before it: the
    positions left over are gone."""
    placed: set[int] = set()
    cur = 0
    for k in range(s.K):
        if not gone >> k & 1:
            cur = next(j for j in range(cur, s.K) if s.cyc_rank[j] == s.cyc_rank[k])
            placed.add(cur)
            cur += 1
    return sum(1 << k for k in range(s.K) if k not in placed)


def normal_time(s: Searcher, gone: int, p: int, a: int) -> int:
    """The time at index ``a`` of pass ``p``, as the search writes it (just over the live card
    under it)."""
    under = ~gone & ((1 << s.K) - 1) & ((1 << a) - 1)
    return p * (s.K + 1) + under.bit_length()


def searchers(count: int, seed: int) -> list[Searcher]:
    rng = random.Random(seed)
    out = []
    for i in range(count):
        rules = RULE_SETS[i % len(RULE_SETS)]
        out.append(
            Searcher.from_game(Game(LAYOUT, rules, Deal.from_seed(seed, rng.randrange(9999))))
        )
    return out


def test_the_canonical_form_keeps_the_live_ranks_and_where_the_time_lies() -> None:
    rng = random.Random(5)
    moved = 0
    for s in searchers(40, 5):
        for _ in range(60):
            gone = sum(1 << k for k in range(s.K) if rng.random() < rng.choice((0.2, 0.5, 0.8)))
            time = normal_time(s, gone, rng.randrange(s.passes), rng.randrange(s.K + 1))
            g, t = s.canonical_cycle(gone, time)
            assert sequence(s, g, t) == sequence(s, gone, time)
            assert g == greedy(s, gone)
            assert t == normal_time(s, g, *divmod(t, s.K + 1))
            assert s.canonical_cycle(g, t) == (g, t)
            moved += g != gone
    assert moved > 500  # most random cycles are not in canonical form


def test_a_settled_child_is_the_childs_canonical_form() -> None:
    """From a canonical parent, the move takes the waste top (the live card under the time), the
    stock top (the one over it) or both; the child settled from the parent is canonical, keeps
    the live ranks, and keeps the child's time."""
    rng = random.Random(8)
    settled_some = 0
    for s in searchers(40, 8):
        every = (1 << s.K) - 1
        for _ in range(60):
            raw = sum(1 << k for k in range(s.K) if rng.random() < 0.4)
            parent, time = s.canonical_cycle(raw, normal_time(s, raw, 0, rng.randrange(s.K + 1)))
            p, a = divmod(time, s.K + 1)
            live = ~parent & every
            under = live & ((1 << a) - 1)
            over = live & ~((1 << a) - 1)
            choices = []
            if under:
                choices.append(1 << (under.bit_length() - 1))
            if over:
                choices.append(over & -over)
            if under and over:
                choices.append(choices[0] | choices[1])
            for removed in choices:
                child = parent | removed
                child_time = normal_time(s, child, p, a)
                got = s._settle(child, removed)
                assert (got, child_time) == s.canonical_cycle(child, child_time)
                assert sequence(s, got, child_time) == sequence(s, child, child_time)
                settled_some += got != child
    assert settled_some > 50


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.describe())
def test_every_node_of_a_search_is_canonical(rules: Rules, monkeypatch: pytest.MonkeyPatch) -> None:
    """Once a search has spent its first nodes (most deals are decided sooner), every node it meets,
    under every kind of rules (waste only, the Satchel, the stock top playable, draw three, all
    52), is in canonical form, with its indexes to match; and its winning lines win."""
    src = source_core()  # (a compiled search would not call a replaced method)
    seen = {"nodes": 0}
    original = src.Searcher._search

    def checked(
        self: Searcher, vacated: int, gone: int, satchel: int, start: int, *rest: int
    ) -> bool:
        if self.settling:
            assert self.canonical_cycle(gone, start) == (gone, start)
            assert rest[1] == 1 | (~gone & ((1 << self.K) - 1)) << 1
            seen["nodes"] += 1
        return original(self, vacated, gone, satchel, start, *rest)

    monkeypatch.setattr(src.Searcher, "_search", checked)
    monkeypatch.setattr(src, "QUICK_FIRST", 1)  # settle from the first nodes on: check them all
    for i in range(200):
        game = Game(LAYOUT, rules, Deal.from_seed(31, i))
        result = src.solve(game, 20_000)
        if result.verdict.value == "winnable":
            won = game.copy()
            won.replay(result.line)
            assert won.won
        if seen["nodes"] > 2_000:
            break
    assert seen["nodes"] > 200


def test_two_tens_in_a_row_either_gone_are_one_node() -> None:
    """The example of the docs: a cycle holding ``T T`` side by side, with either one gone (a ten
    paired with a 3 at the one time or the other) is one board."""
    for i in range(200):
        s = Searcher.from_game(Game(LAYOUT, CLASSIC, Deal.from_seed(3, i)))
        pairs = [k for k in range(s.K - 1) if s.cyc_rank[k] == s.cyc_rank[k + 1]]
        if pairs:
            k = pairs[0]
            first = s.canonical_cycle(1 << k, 0)
            second = s.canonical_cycle(1 << (k + 1), 0)
            assert first == second == (1 << (k + 1), 0)
            return
    pytest.fail("no deal with two cards of one rank side by side in its stock")
