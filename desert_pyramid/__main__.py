"""``python -m desert_pyramid``, and the entry script of the standalone build (tools/build_standalone.py)."""

import multiprocessing
import sys

from desert_pyramid.cli import main

if __name__ == "__main__":
    # The hint worker and ``stats`` run in 'spawn' processes. In a frozen build (PyInstaller) a
    # child starts this same executable, and freeze_support() turns it into the worker instead of
    # a second game; everywhere else it does nothing.
    multiprocessing.freeze_support()
    sys.exit(main())
