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
        assert svc.poll() is None or True  # never blocks
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
