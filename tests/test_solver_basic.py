"""The solver's interface and verdicts on whole deals: lines replay to a win in the engine."""

from __future__ import annotations

import pytest

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import CLASSIC, DESERT, RELAXED, STRICT, Deal, Game, Rules
from desert_pyramid.solver import SolveResult, Verdict, solve

LAYOUT = get_layout(1)


def replay_wins(game: Game, result: SolveResult) -> bool:
    g = game.copy()
    for m in result.line:
        g.play(m)
    return g.won


@pytest.mark.parametrize("rules", [CLASSIC, DESERT, STRICT, RELAXED], ids=str)
def test_verdicts_on_deals(rules: Rules) -> None:
    seen = set()
    for i in range(12):
        game = Game(LAYOUT, rules, Deal.from_seed(2024, i))
        before = game.to_dict()
        result = solve(game, 50_000)
        assert game.to_dict() == before  # never mutates the game
        seen.add(result.verdict)
        if result.verdict is Verdict.WINNABLE:
            assert result.line and replay_wins(game, result)
        else:
            assert result.line == ()
        assert result.nodes <= 50_000
    assert Verdict.WINNABLE in seen or rules == STRICT


def test_verdict_strings() -> None:
    assert Verdict.WINNABLE.value == "winnable" and str(Verdict.LOST) == "lost"
    assert Verdict("unknown") is Verdict.UNKNOWN


def test_budget_gives_unknown_and_is_deterministic() -> None:
    # a deal that needs more than a handful of nodes
    for i in range(50):
        game = Game(LAYOUT, CLASSIC, Deal.from_seed(7, i))
        full = solve(game, 200_000)
        if full.verdict is not Verdict.UNKNOWN and full.nodes > 20:
            small = solve(game, full.nodes // 2)
            assert small.verdict is Verdict.UNKNOWN and small.nodes == full.nodes // 2
            again = solve(game, 200_000)
            assert (again.verdict, again.line, again.nodes) == (full.verdict, full.line, full.nodes)
            return
    pytest.fail("no deal needed more than 20 nodes")


def test_won_game_is_winnable_with_empty_line() -> None:
    game = Game(LAYOUT, CLASSIC, Deal.from_seed(2024, 0))
    result = solve(game, 100_000)
    assert result.verdict is Verdict.WINNABLE
    game.replay(result.line)
    assert game.won
    again = solve(game)
    assert again.verdict is Verdict.WINNABLE and again.line == ()


def test_stuck_position_is_lost_at_once() -> None:
    # one pass, no Satchel: flip through the whole stock without removing anything
    rules = CLASSIC.with_options(passes=1)
    for i in range(40):
        game = Game(LAYOUT, rules, Deal.from_seed(99, i))
        while game.stock:
            game.play_text("F")
        if game.is_stuck():
            result = solve(game)
            assert result.verdict is Verdict.LOST and result.nodes == 0
            return
    pytest.fail("no stuck position found")


def test_table_cap_stops_with_memory_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    from desert_pyramid.solver import core

    monkeypatch.setattr(core.store, "MAX_TABLE", 50)  # (read by the transposition table)
    for i in range(40):
        game = Game(LAYOUT, CLASSIC, Deal.from_seed(7, i))
        result = solve(game, 1_000_000)
        if result.verdict is Verdict.UNKNOWN:
            assert result.reason == "memory" and result.line == ()
            return
    pytest.fail("no deal needed more than 50 boards")


def test_time_limit_gives_unknown_with_time_reason() -> None:
    for i in range(60):
        game = Game(LAYOUT, CLASSIC, Deal.from_seed(7, i))
        if solve(game, 3_000_000).nodes > 10_000:
            result = solve(game, 3_000_000, time_limit=0.001)
            assert result.verdict is Verdict.UNKNOWN and result.reason == "time"
            return
    pytest.fail("no deal needed 10,000 nodes")
