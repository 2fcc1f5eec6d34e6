"""The standalone build: PyInstaller makes a folder whose executable plays without Python or pip.

The slow test builds the folder with tools/build_standalone.py into a temporary folder (about 30 s
on a quiet 2-core machine) and runs the built executable: --version, --help, ``deal --seed 1``,
headless frames with a screenshot (resources found), and ``stats --workers 2`` (spawn workers of the
frozen executable: needs multiprocessing.freeze_support() in desert_pyramid/__main__.py).
bench/bench_standalone.py runs the same checks and also autoplays through the hint worker.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

from bench.bench_standalone import check_frozen
from tools.build_standalone import (
    ARCADE_ASSET_FOLDERS,
    ENTRY,
    RESOURCES,
    build,
    executable,
    pyinstaller_args,
)

ROOT = Path(__file__).resolve().parent.parent


def test_every_arcade_resource_the_game_uses_is_bundled() -> None:
    """Arcade's own hook bundles none of its card images: the build adds the folders the game's
    ``:resources:`` paths point into (the sounds are the game's own, in its resources)."""
    used = set()
    for path in (ROOT / "desert_pyramid").rglob("*.py"):
        used |= set(
            re.findall(
                r""":resources:([A-Za-z0-9_/{}\[\]:.\-]+)""", path.read_text(encoding="utf-8")
            )
        )
    used = {u for u in used if "/" in u}  # ':resources:' in prose has no path after it
    assert any(u.startswith("images/cards/") for u in used)  # the scan finds what the game loads
    unbundled = {
        u for u in used if not any(u.startswith(f"{folder}/") for folder in ARCADE_ASSET_FOLDERS)
    }
    assert not unbundled, (
        f"add their folders to ARCADE_ASSET_FOLDERS in tools/build_standalone.py: {unbundled}"
    )


def test_the_build_command_line(tmp_path: Path) -> None:
    args = pyinstaller_args(tmp_path / "dist", tmp_path / "work")
    assert args[0] == str(ENTRY) and "    multiprocessing.freeze_support()\n" in ENTRY.read_text(
        encoding="utf-8"
    )
    assert "--onedir" in args and "--console" in args and "--clean" not in args
    data = [args[i + 1] for i, a in enumerate(args) if a == "--add-data"]
    assert f"{RESOURCES}{os.pathsep}desert_pyramid/resources" in data  # where resources_path looks
    assert (
        args[args.index("--collect-submodules") + 1] == "desert_pyramid"
    )  # sub-commands found by pkgutil
    hooks = Path(args[args.index("--additional-hooks-dir") + 1])
    assert (hooks / "hook-arcade.py").is_file()
    assert executable(tmp_path, "x").name == ("x.exe" if sys.platform == "win32" else "x")
    assert pyinstaller_args(tmp_path, tmp_path, clean=True)[-1] == "--clean"


@pytest.mark.slow
@pytest.mark.ui  # the built game renders headless frames (EGL: Linux)
def test_standalone_build_runs(tmp_path: Path) -> None:
    exe = build(tmp_path / "dist", tmp_path / "work")
    assert exe == executable(tmp_path / "dist")
    internal = exe.parent / "_internal"
    assert (internal / "desert_pyramid" / "resources" / "layouts").is_dir()
    assert (
        internal / "arcade" / "VERSION"
    ).is_file()  # a file, not a folder (Arcade's hook's slip)
    checks = tmp_path / "checks"
    checks.mkdir()
    seen = check_frozen(exe, checks, autoplay=False)
    assert not seen["failures"], "\n".join(seen["failures"])
    assert seen["version"].startswith("desert-pyramid ")
    assert seen["frame_written"] and seen["frame_size"] == (1280, 720)
    assert seen["frame_stats"]["frames"] == 30
