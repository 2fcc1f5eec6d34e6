"""Win rates over many deals: the solver's verdicts or a computer player's results, in parallel.

Deal ``i`` of a run is ``Deal.from_seed(seed, start + i)``; each deal is decided on its own with a
node budget, so a run gives the same counts whatever the number of workers or the machine.
"""

from __future__ import annotations

import math
import multiprocessing as mp
import os
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from desert_pyramid.engine import Deal, Game, Layout, Rules

from .core import Verdict, solve
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

    def to_dict(self) -> dict[str, Any]:
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
    layout_data: dict[str, Any], rules_data: dict[str, Any], seed: int, first: int, count: int,
    player: str, budget: int,
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


def _chunks(start: int, deals: int) -> Iterator[tuple[int, int]]:
    i = 0
    while i < deals:
        n = min(CHUNK, deals - i)
        yield start + i, n
        i += n


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
) -> WinRate:
    """Play or solve ``deals`` deals and count wins. ``workers``: processes (default: every core;
    1 runs in this process). ``progress`` is called after each finished chunk."""
    if player not in PLAYERS:
        raise ValueError(f"unknown player {player!r}: solver or thumb")
    result = WinRate(rules, layout.number, seed, start, 0, player, budget)
    result.deals = deals
    t0 = time.perf_counter()
    layout_data = layout.to_dict()
    rules_data = rules.to_dict()

    def add(rows: list[tuple[int, str, int, float]]) -> None:
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
        result.seconds = time.perf_counter() - t0
        if progress is not None:
            progress(result)

    n_workers = workers if workers is not None else (os.cpu_count() or 1)
    if n_workers <= 1 or deals <= CHUNK:
        for first, count in _chunks(start, deals):
            add(run_chunk(layout_data, rules_data, seed, first, count, player, budget))
    else:
        ctx = mp.get_context("spawn")
        with ProcessPoolExecutor(max_workers=n_workers, mp_context=ctx) as pool:
            pending: set[Future[list[tuple[int, str, int, float]]]] = set()
            chunks = _chunks(start, deals)
            for first, count in chunks:
                pending.add(pool.submit(run_chunk, layout_data, rules_data, seed, first, count, player, budget))
                if len(pending) >= 4 * n_workers:
                    break
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in finished:
                    add(fut.result())
                for first, count in chunks:
                    pending.add(pool.submit(run_chunk, layout_data, rules_data, seed, first, count, player, budget))
                    if len(pending) >= 4 * n_workers:
                        break
    result.unknown_deals.sort()
    result.seconds = time.perf_counter() - t0
    return result
