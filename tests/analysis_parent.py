"""Helper for tests/test_solver_analysis.py: a game-like parent that starts an analysis in the
background (a long one: the worker is busy when the parent is killed), prints the worker's process
id and waits to be killed.

Run as a script: ``python tests/analysis_parent.py`` prints ``pid WORKER`` and then sleeps.
"""

from __future__ import annotations

import sys
import time


def main() -> int:
    from desert_pyramid.catalog import get_layout
    from desert_pyramid.engine import DESERT, Deal, Game
    from desert_pyramid.solver.analysis import AnalysisRunner

    # a desert deal on layout 56 (40 cards) that 2.6 million nodes (4 s of the compiled search)
    # do not decide: the worker is still searching, compiled or not, when the parent is killed
    runner = AnalysisRunner(
        Game(get_layout(56), DESERT, Deal.from_seed(7, 14)),
        first_budget=50_000_000,
        max_budget=50_000_000,
    )
    print(f"pid {runner.pid}", flush=True)
    while True:
        time.sleep(0.2)
        runner.poll()


if __name__ == "__main__":
    sys.exit(main())
