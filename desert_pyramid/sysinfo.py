"""Facts about the running process that each platform reports its own way: peak memory.

``resource`` exists only on POSIX systems, so it is imported inside the functions, never at module
level: the game must start on Windows. There the figure comes from ``GetProcessMemoryInfo``
through :mod:`ctypes` (no extra dependency).

``ru_maxrss`` is in kilobytes on Linux and the BSDs, but in bytes on macOS; every function here
answers in bytes, or ``None`` when the platform gives no figure.
"""

from __future__ import annotations

import ctypes
import sys
from typing import Any


def maxrss_bytes(ru_maxrss: int, platform: str | None = None) -> int | None:
    """``getrusage``'s ``ru_maxrss`` in bytes on ``platform`` (default: this one); ``None`` for 0."""
    if ru_maxrss <= 0:
        return None
    platform = sys.platform if platform is None else platform
    if platform == "darwin":
        return ru_maxrss  # macOS: bytes
    return ru_maxrss * 1024  # Linux, the BSDs: kilobytes


def _rusage_peak(children: bool) -> int | None:
    try:
        import resource
    except ImportError:
        return None
    try:
        who = resource.RUSAGE_CHILDREN if children else resource.RUSAGE_SELF
        value = resource.getrusage(who).ru_maxrss
    except (AttributeError, OSError, ValueError):
        return None
    return maxrss_bytes(int(value))


class ProcessMemoryCounters(ctypes.Structure):
    """Windows' ``PROCESS_MEMORY_COUNTERS`` (psapi.h)."""

    _fields_ = [
        ("cb", ctypes.c_uint32),
        ("PageFaultCount", ctypes.c_uint32),
        ("PeakWorkingSetSize", ctypes.c_size_t),
        ("WorkingSetSize", ctypes.c_size_t),
        ("QuotaPeakPagedPoolUsage", ctypes.c_size_t),
        ("QuotaPagedPoolUsage", ctypes.c_size_t),
        ("QuotaPeakNonPagedPoolUsage", ctypes.c_size_t),
        ("QuotaNonPagedPoolUsage", ctypes.c_size_t),
        ("PagefileUsage", ctypes.c_size_t),
        ("PeakPagefileUsage", ctypes.c_size_t),
    ]


def _windows_memory_info() -> Any:
    """``GetProcessMemoryInfo``: kernel32's ``K32`` name (Windows 7 on), else psapi's."""
    if sys.platform != "win32":  # (ctypes has no WinDLL there: the same error as reaching for it)
        raise AttributeError("module 'ctypes' has no attribute 'WinDLL'")
    kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
    func = getattr(kernel32, "K32GetProcessMemoryInfo", None)
    if func is None:
        psapi = ctypes.WinDLL("psapi", use_last_error=True)
        func = psapi.GetProcessMemoryInfo
    kernel32.GetCurrentProcess.restype = ctypes.c_void_p
    kernel32.GetCurrentProcess.argtypes = []
    func.restype = ctypes.c_int
    func.argtypes = [ctypes.c_void_p, ctypes.POINTER(ProcessMemoryCounters), ctypes.c_uint32]
    return kernel32.GetCurrentProcess, func


def _windows_peak(load: Any = None) -> int | None:
    """The peak working set of this process (``PeakWorkingSetSize``), in bytes.

    ``load`` returns ``(GetCurrentProcess, GetProcessMemoryInfo)``; tests pass fakes.
    """
    try:
        current_process, memory_info = (load or _windows_memory_info)()
        counters = ProcessMemoryCounters()
        counters.cb = ctypes.sizeof(ProcessMemoryCounters)
        if not memory_info(current_process(), ctypes.pointer(counters), counters.cb):
            return None
    except (AttributeError, OSError, TypeError, ValueError):
        return None
    peak = int(counters.PeakWorkingSetSize)
    return peak if peak > 0 else None


def peak_memory_bytes() -> int | None:
    """The most memory this process has held (peak resident set / working set), in bytes."""
    if sys.platform == "win32":
        return _windows_peak()
    return _rusage_peak(children=False)


def children_peak_memory_bytes() -> int | None:
    """The peak of the largest child process that has ended and been waited for, in bytes.

    POSIX only (``RUSAGE_CHILDREN``); ``None`` on Windows, which keeps no such figure.
    """
    if sys.platform == "win32":
        return None
    return _rusage_peak(children=True)


def to_mb(value: int | None) -> float | None:
    """Bytes as MiB with one decimal (``None`` stays ``None``)."""
    return None if value is None else round(value / (1024 * 1024), 1)
