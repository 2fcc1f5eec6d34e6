"""Workshop difficulty estimate benchmark: how long the editor waits for a layout's difficulty.

Times :func:`desert_pyramid.workshop.estimate` (the solver on the editor's number of random deals
under the relaxed and the desert presets, its node budget per deal) on a 28-card layout (the
classic pyramid, layout 1) and on a 40-card layout drawn with the workshop's model (five rows of
eight overlapping cards, laid like bricks). Prints, per layout, the median, fastest and slowest
of a few runs, the time to the first figures the editor can show (the first progress report),
and what the estimate found.

    python bench/bench_layout_estimate.py                 # the editor's deals and budget, 3 runs
    python bench/bench_layout_estimate.py --runs 5 --deals 100
    python bench/bench_layout_estimate.py --runs 1 --also 4    # and the Great Pyramid (slowest)
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from desert_pyramid.catalog import get_layout  # noqa: E402
from desert_pyramid.engine import Layout  # noqa: E402
from desert_pyramid.workshop import Draft  # noqa: E402
from desert_pyramid.workshop.estimate import (  # noqa: E402
    ESTIMATE_BUDGET,
    ESTIMATE_DEALS,
    PROGRESS_EVERY,
    Estimate,
    estimate,
)


def brick_wall_40() -> Layout:
    """Five rows of eight cards, each row half a card along from the one above: 40 cards."""
    draft = Draft.new("Brick Wall of Forty")
    for row in range(5):
        for col in range(8):
            draft.place(2 * col + (row % 2), row)
    assert draft.count == 40 and not draft.problems(), draft.problems()
    return draft.build()


def one_run(layout: Layout, deals: int, budget: int) -> tuple[float, float, Estimate]:
    first: list[float] = []
    start = time.perf_counter()

    def progress(_e: Estimate) -> None:
        if not first:
            first.append(time.perf_counter() - start)

    result = estimate(layout, deals=deals, budget=budget, on_progress=progress)
    total = time.perf_counter() - start
    return total, (first[0] if first else total), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per layout (default 3)")
    parser.add_argument("--deals", type=int, default=ESTIMATE_DEALS, help="deals per rule set")
    parser.add_argument("--budget", type=int, default=ESTIMATE_BUDGET, help="nodes per deal")
    parser.add_argument(
        "--also", type=int, action="append", default=[], metavar="N", help="time layout N too"
    )
    args = parser.parse_args()
    print(
        f"Estimate: {args.deals} deals x (relaxed, desert), {args.budget:,} nodes a deal, "
        f"{args.runs} runs; Python {platform.python_version()} on {platform.machine()}"
    )
    for layout in [get_layout(1), brick_wall_40(), *(get_layout(n) for n in args.also)]:
        totals: list[float] = []
        firsts: list[float] = []
        result: Estimate | None = None
        for _ in range(args.runs):
            total, first, result = one_run(layout, args.deals, args.budget)
            totals.append(total)
            firsts.append(first)
        assert result is not None
        r, d = result.relaxed, result.desert
        print(
            f"{layout.size} cards, {layout.name}: median {statistics.median(totals):.2f} s "
            f"(fastest {min(totals):.2f}, slowest {max(totals):.2f}); first figures after "
            f"{statistics.median(firsts):.2f} s ({PROGRESS_EVERY} deals)"
        )
        print(
            f"    relaxed {r.won}/{r.lost}/{r.unknown} won/lost/unknown "
            f"({result.interval_text('relaxed')}), desert {d.won}/{d.lost}/{d.unknown} "
            f"({result.interval_text('desert')}): {result.word}"
        )


if __name__ == "__main__":
    main()
