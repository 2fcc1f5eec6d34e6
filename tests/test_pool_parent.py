"""Process pools end with their parent: ``desert-pyramid stats --workers 2`` killed outright
(``kill -9``) or asked to end (``kill -TERM``) mid-run leaves no worker and no resource tracker
behind. (Issue 27: both used to go on solving with parent 1 for many minutes.)

The run is the real command in its own process; its descendants are found with psutil (the test
extra installs it) before the kill, and each must be gone 5 s after it.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import psutil  # the test extra installs it
import pytest

from .procs import wait_gone

ROOT = Path(__file__).resolve().parent.parent
STATS = ["stats", "--rules", "classic", "--deals", "100000", "--workers", "2"]


def _descendants(pid: int, want: int, seconds: float) -> list[int]:
    """The process ids below ``pid`` once at least ``want`` of them run (or after ``seconds``)."""
    parent = psutil.Process(pid)
    end = time.monotonic() + seconds
    found: list[int] = []
    while time.monotonic() < end:
        found = [p.pid for p in parent.children(recursive=True)]
        if len(found) >= want:
            break
        time.sleep(0.1)
    return found


def _busy_workers(pids: list[int], seconds: float) -> None:
    """Wait until the worker processes are past their start (they have used some CPU)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            times = [psutil.Process(p).cpu_times() for p in pids]
        except psutil.NoSuchProcess:
            return
        if sum(1 for t in times if t.user + t.system > 0.5) >= 2:
            return
        time.sleep(0.1)


@pytest.mark.parametrize("how", ["kill", "terminate"])  # kill -9 / kill -TERM (TerminateProcess)
def test_stats_workers_end_with_their_parent(how: str) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "desert_pyramid", *STATS],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
    )
    pids: list[int] = []
    try:
        # two workers, and on POSIX the resource tracker 'spawn' starts
        want = 2 if sys.platform == "win32" else 3
        pids = _descendants(proc.pid, want, 60.0)
        assert len(pids) >= want, f"stats --workers 2 started only {pids}"
        _busy_workers(pids, 30.0)  # solving deals when the parent goes
        assert proc.poll() is None, "stats ended before it could be killed"
    finally:
        getattr(proc, how)()
        proc.wait(10)
    left = wait_gone(pids, 5.0)
    for pid in left:  # do not leave them to slow down the rest of the suite
        try:
            psutil.Process(pid).kill()
        except psutil.NoSuchProcess:
            pass
    assert not left, f"still running 5 s after stats got proc.{how}(): {left} of {pids}"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals sent to a process")
@pytest.mark.parametrize(("sig", "code"), [("SIGINT", 130), ("SIGTERM", 143)])
def test_stats_stopped_by_a_signal_ends_its_workers_without_warnings(sig: str, code: int) -> None:
    """Issue 36: a SIGTERM killed the parent with the pool's semaphores held, and the resource
    tracker printed "There appear to be 5 leaked semaphore objects to clean up at shutdown".
    Stopped by SIGINT or SIGTERM, it now ends its workers, reports the deals decided, and says
    nothing more."""
    import signal

    proc = subprocess.Popen(
        [sys.executable, "-m", "desert_pyramid", *STATS],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
    )
    pids: list[int] = []
    try:
        pids = _descendants(proc.pid, 3, 60.0)  # two workers and the resource tracker
        assert len(pids) >= 3, f"stats --workers 2 started only {pids}"
        _busy_workers(pids, 30.0)
        assert proc.poll() is None, "stats ended before it could be stopped"
        proc.send_signal(getattr(signal, sig))
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    left = wait_gone(pids, 5.0)
    for pid in left:
        try:
            psutil.Process(pid).kill()
        except psutil.NoSuchProcess:
            pass
    assert proc.returncode == code, (proc.returncode, err)
    assert "leaked" not in err and "Traceback" not in err and "Warning" not in err, err
    assert err.strip() == "", err
    assert out.startswith("Interrupted: "), out
    assert not left, f"still running 5 s after {sig}: {left} of {pids}"
