"""Peak memory read the way each platform gives it: ru_maxrss in KiB (Linux), bytes (macOS),
GetProcessMemoryInfo's PeakWorkingSetSize (Windows), and no figure rather than a crash elsewhere."""

from __future__ import annotations

import ctypes
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from desert_pyramid import sysinfo


def fake_resource(maxrss: int, children_maxrss: int = 0) -> types.ModuleType:
    mod = types.ModuleType("resource")
    mod.RUSAGE_SELF = 0  # type: ignore[attr-defined]
    mod.RUSAGE_CHILDREN = -1  # type: ignore[attr-defined]
    calls: list[int] = []

    def getrusage(who: int) -> Any:
        calls.append(who)
        return types.SimpleNamespace(ru_maxrss=maxrss if who == 0 else children_maxrss)

    mod.getrusage = getrusage  # type: ignore[attr-defined]
    mod.calls = calls  # type: ignore[attr-defined]
    return mod


@pytest.mark.parametrize(
    ("platform", "raw", "expected"),
    [
        ("linux", 150_000, 150_000 * 1024),  # KiB
        ("freebsd14", 2_000, 2_000 * 1024),  # KiB
        ("darwin", 157_286_400, 157_286_400),  # already bytes
        ("linux", 0, None),  # no figure
        ("darwin", 0, None),
    ],
)
def test_maxrss_units_per_platform(platform: str, raw: int, expected: int | None) -> None:
    assert sysinfo.maxrss_bytes(raw, platform) == expected


@pytest.mark.parametrize(("platform", "factor"), [("linux", 1024), ("darwin", 1)])
def test_peak_memory_through_resource(
    monkeypatch: pytest.MonkeyPatch, platform: str, factor: int
) -> None:
    res = fake_resource(200_000, children_maxrss=90_000)
    monkeypatch.setitem(sys.modules, "resource", res)
    monkeypatch.setattr(sys, "platform", platform)
    assert sysinfo.peak_memory_bytes() == 200_000 * factor
    assert sysinfo.children_peak_memory_bytes() == 90_000 * factor
    assert res.calls == [0, -1]  # type: ignore[attr-defined]
    assert sysinfo.to_mb(sysinfo.peak_memory_bytes()) == round(200_000 * factor / 2**20, 1)


def test_no_resource_module_gives_no_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "resource", None)  # an import of it raises ImportError
    monkeypatch.setattr(sys, "platform", "linux")
    assert sysinfo.peak_memory_bytes() is None
    assert sysinfo.children_peak_memory_bytes() is None
    assert sysinfo.to_mb(None) is None


def test_getrusage_failure_gives_no_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    res = fake_resource(1)

    def broken(who: int) -> Any:
        raise OSError("getrusage failed")

    res.getrusage = broken  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "resource", res)
    monkeypatch.setattr(sys, "platform", "linux")
    assert sysinfo.peak_memory_bytes() is None


class FakeKernel32:
    """GetCurrentProcess and GetProcessMemoryInfo as ctypes would call them."""

    HANDLE = 0xFFFF  # what GetCurrentProcess's pseudo-handle stands for here

    def __init__(self, peak: int, ok: int = 1) -> None:
        self.peak = peak
        self.ok = ok
        self.seen: list[tuple[int, int, int]] = []

    def current_process(self) -> int:
        return self.HANDLE

    def memory_info(self, handle: int, counters: Any, cb: int) -> int:
        struct = counters.contents  # a pointer to PROCESS_MEMORY_COUNTERS
        self.seen.append((handle, struct.cb, cb))
        struct.PeakWorkingSetSize = self.peak
        struct.WorkingSetSize = self.peak // 2
        return self.ok

    def load(self) -> tuple[Any, Any]:
        return self.current_process, self.memory_info


def test_windows_peak_working_set(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeKernel32(peak=345 * 2**20)
    monkeypatch.setattr(sysinfo, "_windows_memory_info", fake.load)
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setitem(sys.modules, "resource", None)  # as on Windows: never needed
    assert sysinfo.peak_memory_bytes() == 345 * 2**20
    size = ctypes.sizeof(sysinfo.ProcessMemoryCounters)
    assert fake.seen == [(FakeKernel32.HANDLE, size, size)]
    assert size == 2 * 4 + 8 * ctypes.sizeof(ctypes.c_size_t)  # the layout of psapi.h
    assert sysinfo.children_peak_memory_bytes() is None  # Windows keeps no such figure
    assert sysinfo.to_mb(sysinfo.peak_memory_bytes()) == 345.0


def test_windows_call_that_fails_gives_no_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(sysinfo, "_windows_memory_info", FakeKernel32(peak=10, ok=0).load)
    assert sysinfo.peak_memory_bytes() is None
    monkeypatch.setattr(sysinfo, "_windows_memory_info", FakeKernel32(peak=0).load)
    assert sysinfo.peak_memory_bytes() is None


@pytest.mark.skipif(sys.platform == "win32", reason="ctypes.WinDLL exists on Windows")
def test_windows_path_without_windll_gives_no_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    # the real loader on a system without ctypes.WinDLL: no crash, no figure
    monkeypatch.setattr(sys, "platform", "win32")
    assert sysinfo.peak_memory_bytes() is None


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="Linux: compares with /proc")
def test_real_figure_matches_the_kernels() -> None:
    peak = sysinfo.peak_memory_bytes()
    assert peak is not None
    fields = dict(
        line.split(":", 1)
        for line in Path("/proc/self/status").read_text().splitlines()
        if ":" in line
    )
    hwm = int(fields["VmHWM"].split()[0]) * 1024  # kB
    assert 10 * 2**20 < peak < 24 * 2**30
    assert abs(peak - hwm) <= 0.1 * hwm
