"""How close is the Daily (and an Expedition trek) to its search budget?

The Daily of a date is the first shuffle of its seed's sequence that the solver proves winnable
within ``DAILY_NODE_BUDGET`` nodes (Desert rules, layout 1). A change in the search's node counts
could move a player's Daily only through a candidate deal whose verdict depends on the budget:
one left undecided ("unknown") before the chosen deal, or a chosen deal proved winnable close to
the budget. This walks every candidate on the way to each Daily of a date range (and to the
first pyramids of some trek seeds) and prints the verdict counts, the largest node count of a
decided candidate, and every candidate that was undecided or used more than ``--near`` of the
budget.

    python bench/daily_margin.py --from 2026-01-01 --to 2035-12-31
    python bench/daily_margin.py --from 2026-01-01 --to 2026-12-31 --treks 200 --pyramids 10
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from desert_pyramid.engine import DESERT, Deal, Game  # noqa: E402
from desert_pyramid.engine.layout import classic_layout  # noqa: E402
from desert_pyramid.modes.dealing import DAILY_NODE_BUDGET, daily_seed  # noqa: E402
from desert_pyramid.solver import Verdict, solve  # noqa: E402


def walk(seed: int, start: int, budget: int, out: list[tuple[int, int, str, int]]) -> int:
    """Candidates from ``start`` on until one is proved winnable; appends (seed, index, verdict,
    nodes) for each and returns the chosen index."""
    layout = classic_layout()
    index = start
    while True:
        result = solve(Game(layout, DESERT, Deal.from_seed(seed, index)), budget)
        out.append((seed, index, result.verdict.value, result.nodes))
        if result.verdict is Verdict.WINNABLE:
            return index
        index += 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--from", dest="first", default="2026-01-01")
    ap.add_argument("--to", dest="last", default="2035-12-31")
    ap.add_argument("--treks", type=int, default=0, help="random trek seeds (fixed sample)")
    ap.add_argument("--pyramids", type=int, default=10, help="pyramids per trek")
    ap.add_argument("--near", type=float, default=0.25, help="share of the budget called near")
    ap.add_argument("--budget", type=int, default=DAILY_NODE_BUDGET)
    ap.add_argument(
        "--list", action="store_true", help="print every date whose Daily is not shuffle 0"
    )
    args = ap.parse_args(argv)
    budget = args.budget
    rows: list[tuple[int, int, str, int]] = []
    chosen: dict[int, int] = {}
    t0 = time.perf_counter()
    day = date.fromisoformat(args.first)
    end = date.fromisoformat(args.last)
    days = 0
    while day <= end:
        seed = daily_seed(day)
        chosen[seed] = walk(seed, 0, budget, rows)
        day += timedelta(days=1)
        days += 1
    rng = random.Random(20261201)
    for _ in range(args.treks):
        seed = rng.randrange(1 << 32)
        index = -1
        for _ in range(args.pyramids):
            index = walk(seed, index + 1, budget, rows)
    seconds = time.perf_counter() - t0
    counts: dict[str, int] = {}
    for _, _, verdict, _ in rows:
        counts[verdict] = counts.get(verdict, 0) + 1
    decided = [n for _, _, v, n in rows if v != Verdict.UNKNOWN.value]
    won = [n for _, _, v, n in rows if v == Verdict.WINNABLE.value]
    lost = [n for _, _, v, n in rows if v == Verdict.LOST.value]
    print(
        f"{days} dates {args.first}..{args.last}, {args.treks} treks x {args.pyramids} pyramids: "
        f"{len(rows)} candidates in {seconds:.1f} s, budget {budget:,} nodes"
    )
    print(f"verdicts: {counts}")
    print(f"dates whose Daily is not shuffle 0: {sum(1 for i in chosen.values() if i)}")
    if args.list:
        for seed, index in chosen.items():
            if index:
                skipped = [(v, n) for s, i, v, n in rows if s == seed and i < index]
                print(f"  {seed}: shuffle {index} (before it: {skipped})")
    if decided:
        print(
            f"largest node count: winnable {max(won, default=0):,}, lost {max(lost, default=0):,}"
            f" ({max(decided) / budget:.1%} of the budget)"
        )
    near = [r for r in rows if r[2] == Verdict.UNKNOWN.value or r[3] > args.near * budget]
    print(f"undecided or above {args.near:.0%} of the budget: {len(near)}")
    for seed, index, verdict, nodes in near:
        print(f"  seed {seed} shuffle {index}: {verdict} in {nodes:,} nodes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
