"""Build Desert Pyramid as a standalone folder with PyInstaller: no Python or pip needed to play.

    pip install -e ".[build]"             # PyInstaller (a maintainer's tool, not a game dependency)
    python tools/build_standalone.py      # -> dist/desert-pyramid/desert-pyramid  (.exe on Windows)

Run it on each platform you ship for: PyInstaller builds for the system it runs on (a Windows
folder on Windows, a macOS one on macOS). The folder holds the executable and ``_internal/`` with
Python, Arcade, the game's resources (layouts, fonts, images, rules text) at
``_internal/desert_pyramid/resources`` -- where :mod:`desert_pyramid.resources_path` looks, as in
the wheel -- and the few files of Arcade's built-in resources the game uses (its card backs; the
sounds are the game's own, in its resources; Arcade's own PyInstaller hook adds only its system
resources). Zip the folder to ship it.

Options: ``--dist DIR`` (default ``dist``), ``--work DIR`` (default ``build/pyinstaller``),
``--name NAME`` (default ``desert-pyramid``), ``--clean`` (empty PyInstaller's cache first).
Exits 0 and prints the executable's path, the build time and the folder's size when done.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENTRY = ROOT / "desert_pyramid" / "__main__.py"
RESOURCES = ROOT / "resources"
HOOKS = Path(__file__).resolve().parent / "pyinstaller_hooks"  # fixes Arcade's hook
NAME = "desert-pyramid"

#: The folders of Arcade's ``:resources:`` that the game loads from (``:resources:images/cards/...``,
#: Arcade's card backs offered beside the game's own). tests/test_platform_build.py checks that
#: every ``:resources:`` path in the game's source lies inside one of them.
ARCADE_ASSET_FOLDERS = ("images/cards",)


def arcade_assets_dir() -> Path:
    spec = importlib.util.find_spec("arcade")
    if spec is None or spec.origin is None:
        raise SystemExit(
            "build_standalone: Arcade is not installed in this Python (pip install -e .)"
        )
    return Path(spec.origin).parent / "resources" / "assets"


def data_arg(source: Path, dest: str) -> str:
    """One ``--add-data`` value: SOURCE and DEST joined by the platform's separator."""
    return f"{source}{os.pathsep}{dest}"


def pyinstaller_args(dist: Path, work: Path, name: str = NAME, clean: bool = False) -> list[str]:
    """The PyInstaller command line that builds the folder (``clean``: empty PyInstaller's cache first)."""
    assets = arcade_assets_dir()
    args = [
        str(ENTRY),
        "--name",
        name,
        "--onedir",
        "--console",  # the command line (--version, deal, solve...) prints to the console
        "--noconfirm",
        "--log-level",
        "WARN",
        "--distpath",
        str(dist),
        "--workpath",
        str(work),
        "--specpath",
        str(work),
        # the sub-commands are found with pkgutil at run time: PyInstaller cannot see them
        "--collect-submodules",
        "desert_pyramid",
        "--additional-hooks-dir",
        str(HOOKS),
        "--add-data",
        data_arg(RESOURCES, "desert_pyramid/resources"),
    ]
    for folder in ARCADE_ASSET_FOLDERS:
        args += ["--add-data", data_arg(assets / folder, f"arcade/resources/assets/{folder}")]
    # speech through the screen reader (desert_pyramid/speech) imports accessible_output2 only
    # when it speaks, so PyInstaller cannot see it: the package and its screen readers' DLLs
    import importlib.util

    if importlib.util.find_spec("accessible_output2") is not None:
        args += ["--collect-all", "accessible_output2"]
    return [*args, "--clean"] if clean else args


def executable(dist: Path, name: str = NAME) -> Path:
    """The built game's executable."""
    return dist / name / (f"{name}.exe" if sys.platform == "win32" else name)


def build(dist: Path, work: Path, name: str = NAME, clean: bool = False) -> Path:
    try:
        import PyInstaller.__main__ as pyinstaller
    except ImportError:
        raise SystemExit(
            'build_standalone: PyInstaller is missing: pip install -e ".[build]"'
        ) from None
    if not (RESOURCES / "layouts").is_dir():
        raise SystemExit(
            f"build_standalone: no resources at {RESOURCES}: run it from a source checkout"
        )
    from desert_pyramid.solver import core

    if not core.NATIVE:  # the folder carries the search as installed here
        print(
            "build_standalone: note: the solver's search is not compiled in this install (no C "
            "compiler when it was installed, or core.py edited since): the folder gets the plain "
            "search, about three times slower (README, Standalone build)",
            file=sys.stderr,
        )
    pyinstaller.run(pyinstaller_args(dist, work, name, clean))
    exe = executable(dist, name)
    if not exe.is_file():
        raise SystemExit(f"build_standalone: PyInstaller finished but {exe} is missing")
    return exe


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Build the standalone game folder with PyInstaller."
    )
    parser.add_argument("--dist", default=str(ROOT / "dist"), help="output folder (default: dist)")
    parser.add_argument(
        "--work",
        default=str(ROOT / "build" / "pyinstaller"),
        help="PyInstaller's work folder (default: build/pyinstaller)",
    )
    parser.add_argument(
        "--name", default=NAME, help=f"the folder's and executable's name (default {NAME})"
    )
    parser.add_argument(
        "--clean", action="store_true", help="empty PyInstaller's cache before building"
    )
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    exe = build(Path(args.dist).resolve(), Path(args.work).resolve(), args.name, args.clean)
    size = folder_size(exe.parent)
    print(f"built {exe} in {time.perf_counter() - t0:.0f} s; folder {size / 2**20:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
