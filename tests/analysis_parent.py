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
    from desert_pyramid.engine import CLASSIC, Deal, Game
    from desert_pyramid.solver.analysis import AnalysisRunner

    # a classic deal whose proof takes some 340,000 nodes: seconds of work for the worker
    runner = AnalysisRunner(
        Game(get_layout(1), CLASSIC, Deal.from_seed(20240601, 63)),
        first_budget=50_000_000,
        max_budget=50_000_000,
    )
    print(f"pid {runner.pid}", flush=True)
    while True:
        time.sleep(0.2)
        runner.poll()


if __name__ == "__main__":
    sys.exit(main())
