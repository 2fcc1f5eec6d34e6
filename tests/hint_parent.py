"""Helper for tests/test_hints_service.py: a game-like parent that starts the hint service, asks
for a hint (so the worker is busy searching), prints the worker's and the resource tracker's
process ids, and waits to be killed.

Run as a script: ``python tests/hint_parent.py`` prints ``pids WORKER TRACKER`` (TRACKER is 0
where there is none, as on Windows) and then sleeps.
"""

from __future__ import annotations

import sys
import time


def main() -> int:
    from desert_pyramid.catalog import get_layout
    from desert_pyramid.engine import DESERT, Deal, Game
    from desert_pyramid.solver.service import HintService

    svc = HintService(node_budget=50_000_000)  # a long search: the worker is busy when killed
    svc.request(Game(get_layout(1), DESERT, Deal.from_seed(7, 0)))
    tracker = 0
    try:
        from multiprocessing import resource_tracker

        tracker = int(getattr(resource_tracker._resource_tracker, "_pid", None) or 0)
    except ImportError:  # no resource tracker on this platform
        pass
    print(f"pids {svc.pid} {tracker}", flush=True)
    while True:
        time.sleep(1)
        svc.poll()


if __name__ == "__main__":
    sys.exit(main())
