"""The difficulty estimate of a layout being drawn: the solver on random deals under the relaxed
and desert presets, with progress and cancellation, on a thread or in its own process."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from desert_pyramid.catalog import builtin_layout
from desert_pyramid.difficulty import UNRATED, difficulty_word
from desert_pyramid.engine import PRESETS, Deal, Game
from desert_pyramid.solver import Verdict, solve
from desert_pyramid.workshop import Estimate, EstimateService, estimate
from desert_pyramid.workshop.estimate import ESTIMATE_SEED

from .procs import alive, wait_gone


def direct_counts(number: int, rules: str, deals: int, budget: int) -> tuple[int, int, int]:
    won = lost = unknown = 0
    for i in range(deals):
        game = Game(builtin_layout(number), PRESETS[rules], Deal.from_seed(ESTIMATE_SEED, i))
        verdict = solve(game, budget).verdict
        won += verdict is Verdict.WINNABLE
        lost += verdict is Verdict.LOST
        unknown += verdict is Verdict.UNKNOWN
    return won, lost, unknown


def counts(e: Estimate, rules: str) -> tuple[int, int, int]:
    rate = e.relaxed if rules == "relaxed" else e.desert
    return rate.won, rate.lost, rate.unknown


def test_the_estimate_is_the_solvers_count_on_the_same_deals() -> None:
    seen: list[int] = []
    result = estimate(
        builtin_layout(1),
        deals=24,
        budget=50_000,
        on_progress=lambda e: seen.append(e.done),
        every=5,
    )
    assert seen == [5, 10, 15, 20, 24]
    assert result.complete and not result.cancelled and result.done == 24
    for rules in ("relaxed", "desert"):
        assert counts(result, rules) == direct_counts(1, rules, 24, 50_000)
    assert result.word == difficulty_word(result.relaxed.rate)
    text = result.interval_text()
    lo, hi = (int(part.rstrip("%")) for part in text.split(" to "))
    assert lo <= 100 * result.relaxed.rate <= hi
    entry = result.difficulty(101, "Mine")
    assert entry.word == result.word and entry.percent("desert").endswith("%")


def test_unknown_deals_are_counted_apart() -> None:
    result = estimate(builtin_layout(4), deals=12, budget=300)
    assert result.desert.unknown > 0
    assert result.desert.won + result.desert.lost + result.desert.unknown == 12
    lo, hi = result.difficulty().interval("desert")
    # An unknown deal may be won: the interval reaches above the deals won or left unknown.
    assert lo <= result.desert.rate and hi >= result.desert.upper > result.desert.rate


def test_stopping_between_deals_keeps_what_was_done() -> None:
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 7  # asked before each rule set of each deal, and inside searches

    result = estimate(builtin_layout(2), deals=50, budget=20_000, should_stop=stop)
    assert result.cancelled and not result.complete
    assert result.relaxed.deals == result.desert.deals == result.done < 50


def test_a_search_in_progress_is_stopped_on_a_thread() -> None:
    stop = threading.Event()
    box: dict[str, Estimate] = {}
    worker = threading.Thread(
        target=lambda: box.setdefault(
            "e",
            estimate(builtin_layout(4), deals=5_000, budget=50_000_000, should_stop=stop.is_set),
        ),
        daemon=True,
    )
    worker.start()
    time.sleep(0.3)
    stop.set()
    worker.join(20)
    assert not worker.is_alive()
    assert box["e"].cancelled


def test_nothing_done_yet_is_unrated() -> None:
    result = estimate(builtin_layout(2), deals=5, should_stop=lambda: True)
    assert result.done == 0 and result.word == UNRATED and result.cancelled


@pytest.mark.parametrize(("deals", "budget"), [(0, 10), (10, 0), (10**6, 10)])
def test_absurd_sizes_are_refused(deals: int, budget: int) -> None:
    with pytest.raises(ValueError, match="out of range"):
        estimate(builtin_layout(2), deals=deals, budget=budget)


def test_the_service_answers_off_the_frame_and_the_newest_request_wins() -> None:
    with EstimateService(deals=16, budget=50_000) as svc:
        assert svc.pid is not None and alive(svc.pid)
        svc.request(builtin_layout(4))
        svc.request(builtin_layout(1))  # the layout changed: the first estimate is dropped
        got = svc.wait(60)
        assert got is not None and got.complete and not svc.busy
        here = estimate(builtin_layout(1), deals=16, budget=50_000)
        assert (got.relaxed, got.desert) == (here.relaxed, here.desert)
        # Progress comes in steps before the end.
        svc.request(builtin_layout(2))
        steps: list[int] = []
        end = time.monotonic() + 60
        while svc.busy and time.monotonic() < end:
            e = svc.poll()
            if e is not None and (not steps or steps[-1] != e.done):
                steps.append(e.done)
            time.sleep(0.002)
        assert steps[-1] == 16 and svc.error is None


def test_the_service_cancels_and_carries_on() -> None:
    with EstimateService(deals=5_000, budget=5_000_000) as svc:
        svc.request(builtin_layout(4))
        time.sleep(0.3)
        svc.cancel()
        assert not svc.busy
        svc.deals, svc.budget = 8, 50_000
        svc.request(builtin_layout(2))
        got = svc.wait(60)
        assert got is not None and got.complete and got.done == 8
        pid = svc.pid
    assert pid is not None and wait_gone([pid], 5.0) == []


def test_the_worker_never_outlives_the_game() -> None:
    script = Path(__file__).with_name("estimate_parent.py")
    root = Path(__file__).resolve().parent.parent
    proc = subprocess.Popen(
        [sys.executable, str(script)], stdout=subprocess.PIPE, text=True, cwd=root
    )
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        assert line.startswith("pid "), line
        worker = int(line.split()[1])
        time.sleep(0.5)
        assert alive(worker)
    finally:
        proc.kill()
        proc.wait(10)
        if proc.stdout:
            proc.stdout.close()
    assert wait_gone([worker], 5.0) == []
