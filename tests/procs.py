"""Process checks for the tests that kill a game process (no psutil): is a process still alive?"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path


def alive(pid: int) -> bool:
    """Whether process ``pid`` is still running. A zombie (ended, not yet reaped by whoever
    adopted it) counts as gone: it runs nothing and holds no file."""
    if pid <= 0:
        return False
    if sys.platform.startswith("linux"):
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except (FileNotFoundError, ProcessLookupError):
            return False
        state = stat.rsplit(")", 1)[1].split()[0]
        return state not in ("Z", "X")
    if sys.platform == "win32":  # os.kill(pid, 0) would end the process on Windows
        import ctypes

        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
        handle = kernel32.OpenProcess(
            0x00100000 | 0x1000, False, pid
        )  # SYNCHRONIZE | QUERY_LIMITED
        if not handle:
            return False
        try:
            return bool(
                kernel32.WaitForSingleObject(handle, 0) == 0x102
            )  # WAIT_TIMEOUT: still running
        finally:
            kernel32.CloseHandle(handle)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def wait_gone(pids: list[int], seconds: float) -> list[int]:
    """Wait up to ``seconds`` for every process to end; the ones still alive then."""
    end = time.monotonic() + seconds
    while True:
        left = [p for p in pids if alive(p)]
        if not left or time.monotonic() > end:
            return left
        time.sleep(0.05)
