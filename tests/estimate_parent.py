"""Helper for tests/test_workshop_estimate.py: a game-like parent that starts the estimate
service on a long estimate (so the worker is busy), prints the worker's process id, and waits to
be killed. Run as a script: ``python tests/estimate_parent.py`` prints ``pid WORKER``."""

from __future__ import annotations

import sys
import time


def main() -> int:
    from desert_pyramid.catalog import get_layout
    from desert_pyramid.workshop import EstimateService

    svc = EstimateService(deals=5_000, budget=5_000_000)
    svc.request(get_layout(4))
    print(f"pid {svc.pid}", flush=True)
    while True:
        time.sleep(0.2)
        svc.poll()


if __name__ == "__main__":
    sys.exit(main())
