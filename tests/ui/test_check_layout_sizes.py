"""The layout audit over the screens placed by the layout system and over every layout's table,
at 640x360, 800x600, 1280x720, 1920x1080 and at sizes hypothesis picks: no part out of the
window, no parts that overlap, no text out of its box (``audit_sizes.py`` opens each screen the
way ``--check-layout`` does, a window per size, in one process)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desert_pyramid.catalog import all_layouts

ROOT = Path(__file__).resolve().parents[2]
SIZES = [(640, 360), (800, 600), (1280, 720), (1920, 1080)]
#: The screens placed by the layout system (ui/base/layout.py).
MOVED = [
    "title",
    "practice",
    "settings",
    "results",
    "relics",
    "backs",
    "statistics",
    "layouts",
    "help",
]


def audit(tmp: Path, sizes: list[tuple[int, int]], **spec: object) -> list[dict[str, object]]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), DESERT_PYRAMID_SAVE_DIR=str(tmp / "saves"))
    out = subprocess.run(
        [
            sys.executable,
            str(Path(__file__).with_name("audit_sizes.py")),
            str(tmp / "saves"),
            json.dumps({"sizes": sizes, **spec}),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    return [json.loads(line) for line in out.stdout.splitlines()]


def faults(found: list[dict[str, object]]) -> list[str]:
    return [f"{d['what']} at {d['size']}: {p}" for d in found for p in d["problems"]]  # type: ignore[attr-defined]


@pytest.mark.slow  # every screen at four sizes in subprocesses (11 s): in CI's second pass; the
# fast group audits them at a drawn size below and through tools/audit_all.py's slice
def test_the_moved_screens_pass_the_audit_at_the_four_sizes(tmp_path: Path) -> None:
    found = audit(tmp_path, SIZES, screens=MOVED)
    assert len(found) == len(MOVED) * len(SIZES)
    assert faults(found) == []


# one size a run here; three a run in CI's second pass (the slow group)
@pytest.mark.parametrize("count", [1, pytest.param(3, marks=pytest.mark.slow)])
@settings(max_examples=1, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_the_moved_screens_pass_the_audit_at_any_size(count: int, data: st.DataObject) -> None:
    import tempfile

    size = st.tuples(st.integers(640, 3840), st.integers(360, 2160))
    sizes = data.draw(st.lists(size, min_size=count, max_size=count), label="sizes")
    with tempfile.TemporaryDirectory() as tmp:
        found = audit(Path(tmp), sizes, screens=MOVED)
    assert len(found) == len(MOVED) * count
    assert faults(found) == []


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_layouts_table_passes_the_audit(tmp_path: Path, size: tuple[int, int]) -> None:
    numbers = sorted(all_layouts())
    found = audit(tmp_path, [size], layouts=numbers, frames=1)
    assert len(found) == len(numbers)
    assert faults(found) == []
