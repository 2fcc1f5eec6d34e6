"""The lost hint always says how far back the last winnable position is, even on hard positions
that the first, small rewind budget cannot decide."""

from __future__ import annotations

import pytest

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import CLASSIC, Deal, Game
from desert_pyramid.solver import Verdict, solve
from desert_pyramid.solver.hints import REWIND_BUDGET, hint_for, last_winnable

from .solver_source import use_source_in


def hard_lost_position() -> Game:
    game = Game(get_layout(1), CLASSIC, Deal.from_seed(1, 4550))
    game.replay("25+22 F F F F KW F F F F F 28+W 26+W K19 F".split())
    return game


def test_a_first_budget_too_small_alone_proves_nothing_here() -> None:
    """A third of the hint's first rewind budget cannot decide it alone (the hint's own first
    budget now can); growing from that same budget finds how far back."""
    game = hard_lost_position()
    small = REWIND_BUDGET // 3
    keep, _nodes, _lost = last_winnable(game, small, max_budget=small)
    assert keep is None  # what the hint said before budgets grew: "undo", without how far
    keep, _nodes, _lost = last_winnable(game, small)
    assert keep == 12


def test_growing_budgets_find_how_far_back() -> None:
    game = hard_lost_position()
    keep, nodes, lost = last_winnable(game)
    assert keep == 12 and not lost and nodes > 0
    before = Game(game.layout, game.rules, game.deal)
    before.replay(game.history[:12])
    after = before.copy()
    after.play(game.history[12])
    assert solve(before, 1_000_000).verdict is Verdict.WINNABLE
    assert solve(after, 1_000_000).verdict is Verdict.LOST


def test_the_hint_says_undo_three_moves() -> None:
    hint = hint_for(hard_lost_position())
    assert hint.verdict is Verdict.LOST
    assert hint.rewind_to == 12
    assert "Undo 3 moves to get back to a position that can still be won." in hint.text


def test_a_search_is_cancelled_by_what_is_passed_in_not_by_a_class_setting() -> None:
    from desert_pyramid.solver.core import Searcher

    game = hard_lost_position()
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 3

    r = solve(game, 50_000_000, should_stop=stop)
    assert r.verdict is Verdict.UNKNOWN and r.reason == "cancelled" and r.nodes < 5_000
    assert not hasattr(Searcher, "should_stop") or Searcher.should_stop is None  # nothing global
    # a search given nothing runs to its answer, unaffected by the one cancelled before
    assert solve(game, 1_000_000).verdict is Verdict.LOST
    hint = hint_for(game, should_stop=lambda: True)
    assert hint.verdict is Verdict.UNKNOWN


def test_the_rewind_search_runs_no_probes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The positions the rewind search asks are mostly lost, where the discrepancy probes (which
    only find wins) would be spent for nothing: it searches without them, and says the same."""
    from desert_pyramid.solver import hints

    src = use_source_in(monkeypatch, hints)  # (a compiled search would not call a replaced method)
    game = hard_lost_position()
    probed: list[int] = []
    original = src.Searcher._search

    def counted(self: object, *args: int) -> bool:
        if len(args) > 8 and args[8] >= 0:  # a probe's node carries its discrepancies
            probed.append(1)
        return original(self, *args)  # type: ignore[no-any-return]

    monkeypatch.setattr(src.Searcher, "_search", counted)
    keep, _nodes, lost = hints.last_winnable(game)
    assert (keep, lost) == (12, False) and not probed
    assert src.solve(game.after(12), 1_000_000).verdict.value == "winnable"
    assert probed  # (the same count sees the probes of an ordinary search)
