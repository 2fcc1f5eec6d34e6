"""The Store: what the searches of one game proved stays proved, and never changes an answer.

Searches of every position of a game, in a shuffled order, some of them stopped early (a small
budget, a cancel), all share one store; each answer must be the answer of a search from nothing
(when both decide), every winning line must replay to a win, and a position asked again is
answered at once with the same verdict and line.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import CLASSIC, DESERT, Deal, Game, Rules
from desert_pyramid.solver import Verdict, solve
from desert_pyramid.solver.core import Store
from desert_pyramid.solver.hints import hint_for, last_winnable
from desert_pyramid.solver.players import ThumbPlayer

from .solver_source import source_core


def thumb_game(rules: Rules, seed: int, index: int, moves: int) -> Game:
    game = Game(get_layout(1), rules, Deal.from_seed(seed, index))
    thumb = ThumbPlayer()
    for _ in range(moves):
        move = thumb.next_move(game)
        if move is None:
            break
        game.play(move)
    return game


@pytest.mark.parametrize(
    "rules, index",
    [
        (CLASSIC, 66),  # lost after 8 moves (5,000 nodes from nothing)
        (CLASSIC, 14),
        (DESERT, 22),
        (DESERT, 146),
        (Rules.parse("classic+draw3"), 11),
    ],
)
def test_shared_store_answers_as_a_search_from_nothing(rules: Rules, index: int) -> None:
    game = thumb_game(rules, 12, index, 16)
    store = Store(game)
    fewer = 0
    rng = random.Random(index)
    order = list(range(game.moves + 1))
    rng.shuffle(order)
    for k in order:
        position = game.after(k)
        if rng.random() < 0.3:  # a search stopped early leaves only what it proved
            calls = iter(range(rng.randrange(1, 40)))

            def stop(calls: Iterator[int] = calls) -> bool:
                return next(calls, None) is None

            solve(position, 50_000, should_stop=stop, store=store)
            solve(position, rng.randrange(1, 3_000), store=store)
        cold = solve(position, 40_000)
        warm = solve(position, 40_000, store=store)
        if Verdict.UNKNOWN not in (cold.verdict, warm.verdict):
            assert warm.verdict is cold.verdict, (k, cold, warm)
        fewer += warm.nodes < cold.nodes
        if warm.verdict is Verdict.WINNABLE:
            g = position.copy()
            g.replay(warm.line)
            assert g.won
        again = solve(position, 40_000, store=store)
        if warm.verdict is not Verdict.UNKNOWN:
            assert (again.verdict, again.line, again.nodes) == (warm.verdict, warm.line, 0)
    assert store.searches > game.moves and fewer  # the store saved work somewhere


def test_a_store_of_another_game_is_not_used() -> None:
    game = thumb_game(CLASSIC, 12, 3, 10)
    other = Store(thumb_game(CLASSIC, 12, 4, 10))
    before = other.searches
    assert solve(game, 40_000, store=other).verdict is solve(game, 40_000).verdict
    assert other.searches == before


def test_the_rewind_search_goes_on_from_the_verdict_search() -> None:
    """The hard lost position of deal 4550: with the hint's store the rewind needs fewer nodes
    than from nothing, and says the same."""
    game = Game(get_layout(1), CLASSIC, Deal.from_seed(1, 4550))
    game.replay("25+22 F F F F KW F F F F F 28+W 26+W K19 F".split())
    cold = last_winnable(game)
    store = Store(game)
    assert solve(game, 3_000_000, store=store).verdict is Verdict.LOST
    warm = last_winnable(game, store=store)
    assert warm[0] == cold[0] == 12 and warm[2] == cold[2]
    assert warm[1] < cold[1]
    hint = hint_for(game, store=store)
    assert hint.rewind_to == 12 and "Undo 3 moves" in hint.text


def test_a_search_without_a_store_keeps_what_its_phases_proved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A lost deal that outlasts the first exhaustive phase and the probes (deal 41 of the
    200-deal benchmark's seed, classic): the last exhaustive search does not search again the
    boards the first phases proved lost. So a search from nothing counts exactly the nodes of a
    search with a fresh store, and fewer than when each stopped phase's proofs are thrown away.
    (The search as plain Python: a compiled class's methods cannot be replaced.)"""
    core = source_core()
    game = Game(get_layout(1), CLASSIC, Deal.from_seed(20240601, 41))
    plain = core.solve(game, 200_000)
    fresh = core.solve(game, 200_000, store=core.Store(game))
    assert plain.verdict.value == fresh.verdict.value == "lost"
    assert plain.nodes == fresh.nodes > core.PROBE_FIRST + core.PROBE_CAP

    def forget_all(self: core.Searcher) -> None:
        self.table.clear()
        self.stack = []

    monkeypatch.setattr(core.Searcher, "forget_open", forget_all)
    dropped = core.solve(game, 200_000)
    assert dropped.verdict.value == "lost"
    assert plain.nodes < dropped.nodes


@pytest.mark.parametrize("index", [63, 41])  # won by the probes (at 3 discrepancies); lost
def test_a_probe_that_searched_a_board_whole_proves_it_lost(
    monkeypatch: pytest.MonkeyPatch, index: int
) -> None:
    """A probe's board whose whole subtree it searched (no child left out for want of
    discrepancies, no board skipped because the probe had met it) goes in the table as proved lost:
    the probes after it and the exhaustive search do not search it again. Each such board is lost
    for an exhaustive search of it from nothing (deal 63 is won, so a board on its winning line
    put in the table by mistake would be caught), and the deal's verdict stays: the same verdict
    and line, fewer nodes than when the probes' proofs are dropped. (The search as plain Python.)"""
    core = source_core()
    game = Game(get_layout(1), CLASSIC, Deal.from_seed(20240601, index))
    states: dict[int, tuple[int, ...]] = {}
    proved: list[int] = []
    search, record = core.Searcher._search, core.Searcher._probe_proved

    def remember(self: core.Searcher, *state: int) -> bool:
        vacated, gone, satchel = state[:3]
        states[vacated | gone << self.n | satchel << (self.n + self.K)] = state[:8]
        return search(self, *state)

    def note(self: core.Searcher, key: int, reach: int) -> None:
        proved.append(key)
        record(self, key, reach)

    monkeypatch.setattr(core.Searcher, "_search", remember)
    monkeypatch.setattr(core.Searcher, "_probe_proved", note)
    kept = core.solve(game, 200_000)
    monkeypatch.setattr(core.Searcher, "_probe_proved", lambda *_: None)
    dropped = core.solve(game, 200_000)
    assert kept.verdict is dropped.verdict
    assert kept.line == dropped.line
    assert kept.nodes < dropped.nodes
    if kept.verdict.value == "winnable":
        g = game.copy()
        g.replay(kept.line)
        assert g.won
    else:
        assert kept.verdict.value == "lost"
    assert len(set(proved)) > 50
    monkeypatch.setattr(core.Searcher, "_search", search)
    for key in sorted(set(proved))[::5]:  # every fifth: each a search of its own
        fresh = core.Searcher.from_game(game)
        fresh.budget, fresh.deadline, fresh._should_stop = 200_000, None, None
        fresh.nodes, fresh.table, fresh.path, fresh.stack = 0, {}, [], []
        fresh._start_settling()
        assert not fresh._search(*states[key]), key
