"""Game analysis: every move marked, the move that lost the deal named, checked against the solver."""

from __future__ import annotations

import random

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import CLASSIC, DESERT, Deal, Game
from desert_pyramid.solver import Verdict, solve
from desert_pyramid.solver.analysis import analyse


def position(game: Game, k: int) -> Game:
    g = Game(game.layout, game.rules, game.deal, game.multiplier)
    g.replay(game.history[:k])
    return g


def thrown_away(seed: int, rules=CLASSIC, layout: int = 1) -> Game:  # type: ignore[no-untyped-def]
    """A winnable deal played along a winning line and then thrown away by a losing move."""
    game = Game(get_layout(layout), rules, Deal.from_seed(seed))
    first = solve(game, 300_000)
    assert first.verdict is Verdict.WINNABLE
    rnd = random.Random(seed)
    for move in first.line[: len(first.line) // 3]:
        game.play(move)
    # Find a move that loses from here (the line's next move would keep it winnable).
    for _ in range(len(first.line)):
        for move in game.legal_moves():
            g = game.copy()
            g.play(move)
            if solve(g, 300_000).verdict is Verdict.LOST:
                game.play(move)
                # play on a little, at random, as a player would
                for _ in range(5):
                    moves = game.legal_moves()
                    if not moves:
                        break
                    game.play(rnd.choice(moves))
                return game
        line = solve(game, 300_000).line
        if not line:
            break
        game.play(line[0])
    raise AssertionError("no losing move found along the line")


def test_the_move_that_lost_the_deal_is_named_and_checked() -> None:
    found = 0
    for seed in (5, 8, 13, 21, 34, 55):
        try:
            game = thrown_away(seed)
        except AssertionError:
            continue
        a = analyse(game)
        assert a.complete
        assert a.start is Verdict.WINNABLE
        assert a.losing_move is not None
        k = a.losing_move
        # the solver, asked directly, agrees on the positions before and after that move
        assert solve(position(game, k - 1), 1_000_000).verdict is Verdict.WINNABLE
        assert solve(position(game, k), 1_000_000).verdict is Verdict.LOST
        assert [m.losing for m in a.marks].count(True) == 1
        assert all(m.verdict is Verdict.WINNABLE for m in a.marks[: k - 1])
        assert all(m.verdict is Verdict.LOST for m in a.marks[k - 1 :])
        assert a.instead and a.advice  # what would have won there, in words
        assert a.marks[k - 1].text not in a.instead  # the move played is not offered as the way
        found += 1
    assert found >= 2


def test_a_won_game_has_no_losing_move_and_costs_no_search() -> None:
    game = Game(get_layout(1), DESERT, Deal.from_seed(5))
    game.replay(solve(game, 300_000).line)
    assert game.won
    a = analyse(game)
    assert a.losing_move is None and a.nodes == 0 and a.complete
    assert all(m.verdict is Verdict.WINNABLE for m in a.marks)
    assert a.to_dict()["moves"][0]["verdict"] == "winnable"  # type: ignore[index]


def test_a_hard_classic_position_gets_its_answer_with_growing_budgets() -> None:
    """The small first budget proves nothing on this deal; the larger ones do."""
    game = Game(get_layout(1), CLASSIC, Deal.from_seed(1, 4550))
    game.replay("25+22 F F F F KW F F F F F 28+W 26+W K19 F".split())
    a = analyse(game)
    assert a.complete
    assert a.losing_move == 13
    assert str(a.marks[12].text).startswith("pair the 3♦")
    assert str(a.instead[0]) == "flip the stock"


def test_a_lost_deal_from_the_start_has_no_losing_move() -> None:
    # strict deals are nearly all lost from the deal on: find one the solver proves lost
    from desert_pyramid.engine import STRICT

    for seed in range(20):
        game = Game(get_layout(1), STRICT, Deal.from_seed(seed))
        if solve(game, 300_000).verdict is Verdict.LOST:
            break
    game.play(game.legal_moves()[0])
    a = analyse(game)
    assert a.start is Verdict.LOST and a.losing_move is None
    assert all(m.verdict is Verdict.LOST for m in a.marks)


def test_progress_is_reported() -> None:
    game = thrown_away(5)
    seen: list[bool] = []
    analyse(game, on_progress=lambda a: seen.append(a.complete))
    assert seen and seen[-1] is True


def test_the_analysis_runs_in_another_process_and_arrives_complete() -> None:
    from desert_pyramid.solver.analysis import AnalysisRunner

    game = Game(get_layout(1), CLASSIC, Deal.from_seed(1, 4550))
    game.replay("25+22 F F F F KW F F F F F 28+W 26+W K19 F".split())
    runner = AnalysisRunner(game)
    try:
        assert runner.poll() is None or not runner.done  # it starts without blocking the caller
        result = runner.wait(120.0)
        assert result is not None and result.complete and runner.done
        assert result.losing_move == analyse(game).losing_move == 13
    finally:
        runner.close()


def test_the_analysis_worker_ends_when_the_game_is_killed() -> None:
    """A game killed outright leaves no analysis worker behind: it ends within 3 s, mid-search."""
    import subprocess
    import sys
    import time
    from pathlib import Path

    from .procs import alive, wait_gone

    script = Path(__file__).with_name("analysis_parent.py")
    root = Path(__file__).resolve().parent.parent
    proc = subprocess.Popen(
        [sys.executable, str(script)], stdout=subprocess.PIPE, text=True, cwd=root
    )
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        assert line.startswith("pid "), line
        worker = int(line.split()[1])
        time.sleep(0.3)
        assert alive(worker)  # still starting or searching
    finally:
        proc.kill()
        proc.wait(10)
        if proc.stdout:
            proc.stdout.close()
    assert not wait_gone([worker], 3.0), "the analysis worker outlived the game by 3 s"
