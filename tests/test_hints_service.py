"""The background hint service: request returns at once, poll never blocks, newest request wins."""

from __future__ import annotations

import time

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import DESERT, Deal, Game
from desert_pyramid.solver import Verdict
from desert_pyramid.solver.hints import hint_for
from desert_pyramid.solver.service import HintService


def wait(svc: HintService, seconds: float = 60.0):  # type: ignore[no-untyped-def]
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        hint = svc.poll()
        if hint is not None:
            return hint
        time.sleep(0.01)
    raise AssertionError(f"no answer within {seconds} s (error: {svc.error})")


def test_service_answers_the_latest_request() -> None:
    game = Game(get_layout(1), DESERT, Deal.from_seed(5, 3))
    with HintService(node_budget=100_000) as svc:
        t = time.perf_counter()
        svc.request(game)
        first = game.copy()
        game.play(hint_for(game, 100_000, explain=False).line[0])
        svc.request(game)  # replaces the first request
        assert time.perf_counter() - t < 0.5
        t = time.perf_counter()
        assert svc.poll() is None  # no answer yet, and asking never blocks
        assert time.perf_counter() - t < 0.05
        assert svc.busy
        hint = wait(svc)
        assert not svc.busy
        assert hint.verdict is Verdict.WINNABLE
        # the answer is for the second position: its line replays from there
        g = game.copy()
        g.replay(hint.line)
        assert g.won
        assert first.position_key() != game.position_key()
        assert svc.poll() is None  # nothing more


def test_worker_and_tracker_end_when_the_game_is_killed() -> None:
    """A game killed outright (SIGKILL on POSIX, TerminateProcess on Windows) leaves no hint
    worker and no resource tracker behind: both end within 3 s, even mid-search."""
    import subprocess
    import sys
    from pathlib import Path

    from .procs import alive, wait_gone

    script = Path(__file__).with_name("hint_parent.py")
    root = Path(__file__).resolve().parent.parent
    proc = subprocess.Popen(
        [sys.executable, str(script)], stdout=subprocess.PIPE, text=True, cwd=root
    )
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        assert line.startswith("pids "), line
        worker, tracker = (int(x) for x in line.split()[1:])
        pids = [p for p in (worker, tracker) if p]
        time.sleep(0.5)  # the worker is searching now
        assert alive(worker)
        if sys.platform != "win32":
            assert tracker and alive(tracker)  # 'spawn' on POSIX starts one
    finally:
        proc.kill()
        proc.wait(10)
        if proc.stdout:
            proc.stdout.close()
    left = wait_gone(pids, 3.0)
    assert not left, (
        f"still running 3 s after the game was killed: {left} (worker {worker}, tracker {tracker})"
    )


def test_cancel_stops_the_search_and_close_ends_the_worker() -> None:
    from .procs import alive

    game = Game(get_layout(1), DESERT, Deal.from_seed(7, 0))
    svc = HintService(node_budget=50_000_000)
    pid = svc.pid
    assert pid is not None and alive(pid)
    svc.request(game)
    svc.cancel()
    assert not svc.busy and svc.poll() is None
    small = Game(get_layout(1), DESERT, Deal.from_seed(5, 3))
    svc.node_budget = 100_000
    svc.request(small)  # answered although the cancelled search was a long one
    hint = wait(svc, 30.0)
    assert hint.verdict is Verdict.WINNABLE
    t = time.perf_counter()
    svc.close()
    assert time.perf_counter() - t < 2.5  # ended by its stop message, not by the timeout
    assert svc.pid is None and not alive(pid)


def test_a_pondered_position_is_answered_from_memory() -> None:
    """The worker thinks about the position before the question: a question for the position
    being pondered does not restart the search, and is answered from what it worked out."""
    game = Game(get_layout(1), DESERT, Deal.from_seed(5, 3))
    with HintService(node_budget=100_000) as svc:
        svc.ponder(game)
        assert not svc.busy and svc.poll() is None  # a ponder is never answered
        svc.request(game)
        hint = wait(svc)
        cold = hint_for(game, 100_000)
        assert (hint.verdict, hint.text, hint.line) == (cold.verdict, cold.text, cold.line)
        # after a hint the worker works out the positions one move on, the hinted move's first
        assert hint.move is not None
        game.play(hint.move)
        svc.request(game)
        nxt = wait(svc)
        assert svc.from_memory
        assert nxt.verdict is Verdict.WINNABLE
        g = game.copy()
        g.replay(nxt.line)
        assert g.won
        # a position never pondered is searched when asked
        other = Game(get_layout(1), DESERT, Deal.from_seed(5, 4))
        svc.request(other)
        wait(svc)
        assert not svc.from_memory


def test_the_advisor_ponders_each_position_and_a_move_drops_the_question() -> None:
    from desert_pyramid.app.advisor import Advisor

    game = Game(get_layout(1), DESERT, Deal.from_seed(5, 3))
    with HintService(node_budget=100_000) as svc:
        advisor = Advisor(lambda: svc)
        assert advisor.poll(game) is None  # asleep: nothing is sent before the table shows
        advisor.wake()
        assert advisor.poll(game) is None  # the ponder of the deal's start is on its way
        assert str(advisor.ask(game, "hint")) == "Thinking…"  # a sentence (str: its English)
        end = time.monotonic() + 60
        answer = None
        while answer is None and time.monotonic() < end:
            answer = advisor.poll(game)
            time.sleep(0.01)
        assert answer is not None and answer.verdict == "winnable" and answer.move is not None
        # a question, then a move: the answer on its way is dropped, no error is shown
        advisor.ask(game, "hint")
        game.play(answer.move)
        assert advisor.poll(game) is None and not advisor.thinking
        # Esc drops a question and says so; the worker goes on thinking
        advisor.ask(game, "hint")
        assert str(advisor.cancel(game)) == "Hint cancelled." and not advisor.thinking
        assert advisor.cancel(game) == ""
        assert svc.error is None


def test_the_worker_gives_way_to_the_window() -> None:
    """The hint worker thinks at a lower priority than the game's own process, so that a frame
    comes first when both want a core (POSIX: a higher niceness; Windows sets below-normal
    priority, which this platform cannot read back)."""
    import os
    import sys

    from desert_pyramid.solver.lifeline import BACKGROUND_NICENESS

    with HintService(node_budget=100_000) as svc:
        game = Game(get_layout(1), DESERT, Deal.from_seed(5, 3))
        svc.request(game)
        wait(svc)  # the worker is up and has answered
        pid = svc.pid
        assert pid is not None
        if sys.platform != "win32":
            mine = os.getpriority(os.PRIO_PROCESS, 0)
            theirs = os.getpriority(os.PRIO_PROCESS, pid)
            assert theirs == min(19, mine + BACKGROUND_NICENESS)
