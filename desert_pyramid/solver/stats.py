"""Win rates over many deals: the solver's verdicts or a computer player's results, in parallel.

Deal ``i`` of a run is ``Deal.from_seed(seed, start + i)``; each deal is decided on its own with a
node budget, so a run gives the same counts whatever the number of workers or the machine. The deals
go out in chunks (:func:`run_chunk`) to this process, local worker processes or a Dask cluster
(:mod:`desert_pyramid.solver.cluster`), all through :func:`run_tasks`, and one merge counts them.
"""

from __future__ import annotations

import math
import multiprocessing as mp
import os
import signal
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import TypeVar, TypeVarTuple

from desert_pyramid.engine import Deal, Game, Layout, Rules
from desert_pyramid.engine.layout import LayoutData
from desert_pyramid.engine.rules import RulesData

from .core import Verdict, solve
from .lifeline import start_parent_watch
from .players import ThumbPlayer, play_out

PLAYERS = ("solver", "thumb")
STATS_BUDGET = 200_000  # nodes per deal for the solver
CHUNK = 20  # deals per task sent to a worker


@dataclass
class WinRate:
    """The outcome of a run."""

    rules: Rules
    layout: int
    seed: int
    start: int
    deals: int
    player: str
    budget: int
    wins: int = 0
    losses: int = 0
    unknown: int = 0  # the solver's budget ran out (never for the thumb player)
    nodes: int = 0
    seconds: float = 0.0
    slowest: float = 0.0
    unknown_deals: list[int] = field(default_factory=list)  # their indexes in the seed's sequence
    interrupted: bool = False  # stopped by Ctrl+C: the counts cover deals start .. start + done - 1
    past_gap: int = 0  # deals decided before the stop but left out, after the first undecided one

    @property
    def done(self) -> int:
        return self.wins + self.losses + self.unknown

    @property
    def rate(self) -> float:
        """Wins over all deals (an unknown deal counts as not won)."""
        return self.wins / self.done if self.done else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        """Wilson 95% interval for the share of deals won (unknowns counted as not won)."""
        return wilson(self.wins, self.done)

    @property
    def upper_if_unknown_won(self) -> float:
        """The win rate if every unknown deal were winnable: the true rate lies between
        ``rate`` and this (up to sampling error)."""
        return (self.wins + self.unknown) / self.done if self.done else 0.0

    def to_dict(self) -> dict[str, object]:
        lo, hi = self.ci95
        return {
            "rules": str(self.rules),
            "rules_described": self.rules.describe(),
            "layout": self.layout,
            "seed": self.seed,
            "start": self.start,
            "deals": self.done,
            "player": self.player,
            "budget": self.budget if self.player == "solver" else None,
            "wins": self.wins,
            "losses": self.losses,
            "unknown": self.unknown,
            "win_rate": round(self.rate, 6),
            "ci95": [round(lo, 6), round(hi, 6)],
            "win_rate_if_unknown_won": round(self.upper_if_unknown_won, 6),
            "decided_share": round((self.wins + self.losses) / self.done, 6) if self.done else 0.0,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 3),
            "unknown_deals": self.unknown_deals,
            "interrupted": self.interrupted,
            "requested": self.deals,
        }


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


# -- one chunk of deals (runs in a worker) ---------------------------------------------------------

_layout_cache: dict[str, Layout] = {}


def run_chunk(
    layout_data: LayoutData,
    rules_data: RulesData,
    seed: int,
    first: int,
    count: int,
    player: str,
    budget: int,
) -> list[tuple[int, str, int, float]]:
    """Decide deals ``first .. first + count - 1``: (index, verdict, nodes, seconds) each."""
    key = repr(layout_data)
    layout = _layout_cache.get(key)
    if layout is None:
        layout = Layout.from_dict(layout_data, source="stats")
        _layout_cache[key] = layout
    rules = Rules.from_dict(rules_data)
    out: list[tuple[int, str, int, float]] = []
    for index in range(first, first + count):
        game = Game(layout, rules, Deal.from_seed(seed, index))
        t = time.perf_counter()
        if player == "thumb":
            verdict = Verdict.WINNABLE if play_out(game, ThumbPlayer()) else Verdict.LOST
            nodes = 0
        else:
            result = solve(game, budget)
            verdict, nodes = result.verdict, result.nodes
        out.append((index, verdict.value, nodes, time.perf_counter() - t))
    return out


# -- running tasks: here, on local processes, or on a Dask cluster -------------------------------

T = TypeVar("T")
R = TypeVar("R")
Ts = TypeVarTuple("Ts")  # a task's arguments


def chunks(start: int, deals: int, size: int = CHUNK) -> Iterator[tuple[int, int]]:
    """``(first, count)`` for consecutive chunks of at most ``size`` deals from ``start`` on."""
    i = 0
    while i < deals:
        n = min(size, deals - i)
        yield start + i, n
        i += n


def _start_worker() -> None:
    """A pool worker's first step: it ends with the parent, however the parent ends (``kill -9``,
    ``kill -TERM``, a crash), and leaves Ctrl+C to the parent, which stops the run and reports
    what is done."""
    start_parent_watch()
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_here(
    func: Callable[[*Ts], R], tasks: Iterable[tuple[*Ts]]
) -> Iterator[tuple[tuple[*Ts], R]]:
    for task in tasks:
        yield task, func(*task)


def _run_pool(
    func: Callable[[*Ts], R], tasks: Iterable[tuple[*Ts]], workers: int
) -> Iterator[tuple[tuple[*Ts], R]]:
    ctx = mp.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_start_worker)
    pending: dict[Future[R], tuple[*Ts]] = {}
    todo = iter(tasks)

    def fill() -> None:
        for task in todo:
            pending[pool.submit(func, *task)] = task
            if len(pending) >= 4 * workers:
                break

    finished_cleanly = False
    try:
        fill()
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                task = pending.pop(fut)
                yield task, fut.result()
            fill()
        finished_cleanly = True
    finally:
        if finished_cleanly:
            pool.shutdown(wait=True)
        else:  # interrupted or failed: do not wait for the chunks still running
            procs = list((getattr(pool, "_processes", None) or {}).values())
            manager = getattr(pool, "_executor_manager_thread", None)  # (shutdown forgets it)
            pool.shutdown(wait=False, cancel_futures=True)
            for proc in procs:
                proc.terminate()
            for proc in procs:  # gone before the pool's own thread looks at them at exit
                proc.join(5)
                if proc.is_alive():
                    proc.kill()
                    proc.join(5)
            # the pool's thread ends once its workers are gone, closing its wake-up pipe: wait for
            # it here, or Python 3.11's exit hook (concurrent.futures._python_exit) may write to
            # that pipe while the thread closes it ("Exception ignored ... Bad file descriptor")
            if manager is not None:
                manager.join(5)


def run_tasks(
    func: Callable[[*Ts], R],
    tasks: Iterable[tuple[*Ts]],
    workers: int | None = None,
    cluster: str | None = None,
) -> Iterator[tuple[tuple[*Ts], R]]:
    """``func(*task)`` for every task, yielded as ``(task, result)`` in the order they finish.

    ``cluster``: a Dask scheduler address or ``"local"`` (see :mod:`desert_pyramid.solver.cluster`;
    ``workers`` is then the number of local Dask workers); otherwise ``workers`` processes on this
    machine (default: every core; 1 runs here). ``func`` must be importable by the workers. Closing
    the iterator (or Ctrl+C while it waits) stops the work still running."""
    if cluster is not None:
        from .cluster import map_unordered

        return map_unordered(cluster, func, tasks, workers=workers)
    n = workers if workers is not None else (os.cpu_count() or 1)
    if n <= 1:
        return _run_here(func, tasks)
    return _run_pool(func, tasks, n)


# -- a run: merging the chunks' verdicts ---------------------------------------------------------


def _add(result: WinRate, rows: list[tuple[int, str, int, float]]) -> None:
    for index, verdict, nodes, seconds in rows:
        if verdict == Verdict.WINNABLE.value:
            result.wins += 1
        elif verdict == Verdict.LOST.value:
            result.losses += 1
        else:
            result.unknown += 1
            result.unknown_deals.append(index)
        result.nodes += nodes
        result.slowest = max(result.slowest, seconds)


def win_rate(
    rules: Rules,
    layout: Layout,
    deals: int,
    seed: int = 0,
    start: int = 0,
    player: str = "solver",
    budget: int = STATS_BUDGET,
    workers: int | None = None,
    progress: Callable[[WinRate], None] | None = None,
    cluster: str | None = None,
    chunk: int = CHUNK,
) -> WinRate:
    """Play or solve ``deals`` deals and count wins. ``workers``: processes (default: every core;
    1 runs in this process); ``cluster``: a Dask scheduler address or ``"local"`` instead.
    ``progress`` is called after each finished chunk.

    Every way of running sends the same chunks to :func:`run_chunk` and merges their verdicts
    here, so the counts do not depend on where the deals were decided. Ctrl+C stops the run: the
    result then has ``interrupted`` set and counts only the unbroken run of decided deals from
    ``start`` on (chunks that finished past a gap are left out, so slow deals cannot bias it)."""
    if player not in PLAYERS:
        raise ValueError(f"unknown player {player!r}: solver or thumb")
    if chunk < 1:
        raise ValueError("chunk must be at least 1 deal")
    result = WinRate(rules, layout.number, seed, start, deals, player, budget)
    t0 = time.perf_counter()
    layout_data = layout.to_dict()
    rules_data = rules.to_dict()
    tasks = (
        (layout_data, rules_data, seed, first, count, player, budget)
        for first, count in chunks(start, deals, chunk)
    )
    if cluster is None and deals <= chunk:
        workers = 1  # one chunk: no pool to start
    # The unbroken run of decided deals from ``start`` on, kept beside the full count: on Ctrl+C it
    # is the result. Only chunks that finished ahead of an unfinished one wait in ``ahead``.
    prefix = WinRate(rules, layout.number, seed, start, deals, player, budget, interrupted=True)
    next_first = start
    ahead: dict[int, list[tuple[int, str, int, float]]] = {}
    results = run_tasks(run_chunk, tasks, workers=workers, cluster=cluster)
    try:
        for task, rows in results:
            _add(result, rows)
            ahead[task[3]] = rows
            while next_first in ahead:
                done_rows = ahead.pop(next_first)
                _add(prefix, done_rows)
                next_first += len(done_rows)
            result.seconds = time.perf_counter() - t0
            if progress is not None:
                progress(result)
    except KeyboardInterrupt:
        close = getattr(results, "close", None)
        if close is not None:
            close()
        prefix.past_gap = result.done - prefix.done
        result = prefix
    result.unknown_deals.sort()
    result.seconds = time.perf_counter() - t0
    return result
