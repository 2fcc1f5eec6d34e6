"""Worker processes that never outlive the process that started them.

Every process the project starts (the game's hint and analysis workers, the layout estimate, the
pools of ``desert-pyramid stats --workers`` and of the benchmarks and tools that run through
:func:`desert_pyramid.solver.stats.run_tasks`) calls :func:`start_parent_watch` first thing: a
daemon thread waits on ``multiprocessing.parent_process().sentinel`` (a pipe on POSIX, the process
handle on Windows), which wakes when the parent ends, however it ended (``kill -9``, ``kill
-TERM``, a crash, the task manager), and the worker exits at once. A pool passes
:func:`start_parent_watch` (or a function that calls it) as its ``initializer``.

With the workers gone, POSIX's resource tracker ends too: it exits when every process holding its
pipe (the parent and the workers) has ended. Only the standard library, and nothing POSIX-only.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import sys
import threading

#: how much lower a background worker runs than the window (POSIX niceness)
BACKGROUND_NICENESS = 5
_BELOW_NORMAL_PRIORITY_CLASS = 0x4000  # Windows


def let_others_run() -> None:
    """Give the process's other threads their turn, if one is waiting for it: called by the
    compiled search every 256 nodes (compiled code never lets go of the interpreter's lock by
    itself). This module is never compiled, so the call runs the interpreter, which hands the
    lock over at a function's start when another thread has asked for it for 5 ms (the switch
    interval). About 0.1 microseconds; ``time.sleep(0)`` would do it too, but costs 100 here."""


def exit_now() -> None:
    """The parent is gone: end this process at once (nothing to save, nothing to clean)."""
    os._exit(0)


def _watch_parent() -> None:
    """Wait for the parent process to end, then exit (POSIX and Windows alike)."""
    from multiprocessing.connection import wait

    parent = mp.parent_process()
    if parent is None or parent.sentinel is None:
        return
    wait([parent.sentinel])
    exit_now()


def start_parent_watch() -> None:
    """In a worker process: end it as soon as the process that started it is gone, however that
    died (a thread waits on the parent's sentinel). Does nothing in a process that
    ``multiprocessing`` did not start."""
    threading.Thread(target=_watch_parent, name="parent-watch", daemon=True).start()


def yield_to_the_window() -> None:
    """In a worker that thinks while the player does (the hint, analysis and estimate workers):
    run at a lower priority than the game's window, so that when both want a core the frame comes
    first (a software renderer draws on the same cores). POSIX: niceness up by
    :data:`BACKGROUND_NICENESS`; Windows: below-normal priority. Where neither works, nothing
    changes: the worker runs as before."""
    try:
        if sys.platform == "win32":
            import ctypes

            kernel32 = ctypes.windll.kernel32
            kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), _BELOW_NORMAL_PRIORITY_CLASS)
        elif hasattr(os, "nice"):
            os.nice(BACKGROUND_NICENESS)
    except (OSError, AttributeError):
        pass
