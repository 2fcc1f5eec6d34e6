"""Build Desert Pyramid as a standalone folder with PyInstaller: no Python or pip needed to play.

    pip install -e ".[build]"             # PyInstaller (a maintainer's tool, not a game dependency)
    python tools/build_standalone.py      # -> dist/desert-pyramid/desert-pyramid  (.exe on Windows)

Run it on each platform you ship for: PyInstaller builds for the system it runs on (a Windows
folder on Windows, a macOS one on macOS). The folder holds the executable and ``_internal/`` with
Python, Arcade, the game's resources (layouts, fonts, images, rules text, the compiled
catalogues, each asset's licence) at ``_internal/desert_pyramid/resources`` -- where
:mod:`desert_pyramid.resources_path` looks, as in the wheel, and like the wheel without the
translators' sources (the ``.po``, the ``.pot``, the glossaries) -- and the few files of Arcade's
built-in resources the game uses (its card backs, with their licence; the sounds are the game's
own, in its resources; Arcade's own PyInstaller hook adds only its system resources). Babel's
locale data is cut to the families of the game's seven languages (``hook-babel.py``). The game's
licence (``LICENSE``) lies beside the executable, and ``licenses/`` holds the licence of Python and
of every package the game runs on (Arcade, pyglet, Pillow, Babel...). Zip the folder to ship it.

The versions it builds with: ``pip install -e ".[build]" -c constraints.txt`` (the README).

Options: ``--dist DIR`` (default ``dist``), ``--work DIR`` (default ``build/pyinstaller``),
``--name NAME`` (default ``desert-pyramid``), ``--clean`` (empty PyInstaller's cache first).
Exits 0 and prints the executable's path, the build time and the folder's size when done.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import shutil
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENTRY = ROOT / "desert_pyramid" / "__main__.py"
RESOURCES = ROOT / "resources"
HOOKS = Path(__file__).resolve().parent / "pyinstaller_hooks"  # fixes Arcade's hook
NAME = "desert-pyramid"

LICENSE = ROOT / "LICENSE"
CONSTRAINTS = ROOT / "constraints.txt"  # the versions the build is made with (the README)

#: The folders of Arcade's ``:resources:`` that the game loads from (``:resources:images/cards/...``,
#: Arcade's card backs offered beside the game's own). tests/test_platform_build.py checks that
#: every ``:resources:`` path in the game's source lies inside one of them.
ARCADE_ASSET_FOLDERS = ("images/cards",)


#: Arcade's files beside ARCADE_ASSET_FOLDERS that say whose its pictures are (Kenney.nl, CC0).
ARCADE_ASSET_LICENCES = ("images/License.txt", "images/readme.txt")


def translators_file(path: Path) -> bool:
    """The translators' sources, which neither the wheel nor the folder ships (pyproject.toml's
    exclude-package-data says the same): the template, each language's .po and glossary."""
    return path.suffix in (".po", ".pot") or (path.name == "glossary.md" and "locale" in path.parts)


def keep_babel_locale(source: str | Path) -> bool:
    """Whether the folder keeps one of Babel's data files: all but the locale files of languages
    the game does not speak (``root`` and the families of ``LANGUAGES``: ``de_AT`` still chooses
    German)."""
    from desert_pyramid.i18n import LANGUAGES

    path = Path(source)
    if path.parent.name != "locale-data" or path.suffix != ".dat":
        return True
    families = {code.split("_")[0] for code in LANGUAGES}
    return path.stem == "root" or path.stem.split("_")[0] in families


def staged_resources(work: Path) -> Path:
    """A copy of the resources without the translators' sources, for PyInstaller to add."""
    staging = work / "resources"
    shutil.rmtree(staging, ignore_errors=True)

    def ignored(folder: str, names: list[str]) -> set[str]:
        return {n for n in names if translators_file(Path(folder, n).relative_to(ROOT))}

    shutil.copytree(RESOURCES, staging, ignore=ignored)
    return staging


def drift(constraints: Path = CONSTRAINTS) -> list[str]:
    """The installed packages whose version is not the one ``constraints`` pins (``name==x``),
    one line each: the folder bundles what is installed, so a build made with other versions is
    not the one CI tested."""
    from importlib.metadata import PackageNotFoundError, version

    found = []
    for line in constraints.read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if "==" not in line:
            continue
        name, pinned = (part.strip() for part in line.split("==", 1))
        try:
            installed = version(name)
        except PackageNotFoundError:
            continue  # an extra this build does not need (Dask, ruff...)
        if installed != pinned:
            found.append(f"{name} {installed} (constraints.txt: {pinned})")
    return found


_LICENCE_NAME = re.compile(r"(LICEN[CS]E|COPYING|NOTICE)", re.IGNORECASE)


def runtime_distributions(root: str = "desert-pyramid") -> list[str]:
    """The installed distributions the game runs on: its requirements on this system, and theirs
    (extras left out), the game itself not counted; sorted."""
    from importlib.metadata import PackageNotFoundError, distribution

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    seen: set[str] = set()
    todo = [root]
    while todo:
        name = canonicalize_name(todo.pop())
        if name in seen:
            continue
        try:
            dist = distribution(name)
        except PackageNotFoundError:
            continue  # another system's (accessible-output2 on Linux)
        seen.add(name)
        for text in dist.requires or []:
            requirement = Requirement(text)
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                todo.append(requirement.name)
    return sorted(seen - {canonicalize_name(root)})


def third_party_licences(folder: Path) -> list[Path]:
    """Copy into ``folder/licenses/`` Python's licence and each runtime distribution's licence
    files (``NAME-VERSION/``); a distribution that ships none gets its metadata's License text.
    Returns the folders written; a distribution with no licence at all is an error."""
    from importlib.metadata import distribution

    out = folder / "licenses"
    shutil.rmtree(out, ignore_errors=True)
    written = []
    python = Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt"
    target = out / f"python-{sys.version_info.major}.{sys.version_info.minor}"
    target.mkdir(parents=True)
    if python.is_file():
        shutil.copy2(python, target / "LICENSE.txt")
    else:  # a Python built without its licence file: say where it is
        (target / "LICENSE.txt").write_text(
            "Python is under the PSF License Agreement: https://docs.python.org/3/license.html\n",
            encoding="utf-8",
        )
    written.append(target)
    for name in runtime_distributions():
        dist = distribution(name)
        target = out / f"{name}-{dist.version}"
        target.mkdir(parents=True)
        files = [
            f
            for f in dist.files or []
            if _LICENCE_NAME.search(f.name) and ".dist-info" in str(f.parent)
        ]
        for file in files:
            source = Path(str(file.locate()))
            if source.is_file():
                shutil.copy2(source, target / file.name)
        if not any(target.iterdir()):
            text = dist.metadata.get("License") or ""
            expression = dist.metadata.get("License-Expression") or ""
            if not (text.strip() or expression):
                raise SystemExit(f"build_standalone: {name} ships no licence to carry")
            (target / "LICENSE").write_text(
                f"{name} {dist.version}: {expression}\n\n{text}".rstrip() + "\n",
                encoding="utf-8",
            )
        written.append(target)
    return written


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


def pyinstaller_args(
    dist: Path,
    work: Path,
    name: str = NAME,
    clean: bool = False,
    resources: Path = RESOURCES,
) -> list[str]:
    """The PyInstaller command line that builds the folder (``clean``: empty PyInstaller's cache
    first; ``resources``: the folder to ship as the game's resources, :func:`staged_resources`'s
    copy when :func:`build` runs it)."""
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
        data_arg(resources, "desert_pyramid/resources"),
    ]
    for folder in ARCADE_ASSET_FOLDERS:
        args += ["--add-data", data_arg(assets / folder, f"arcade/resources/assets/{folder}")]
    for name in ARCADE_ASSET_LICENCES:
        where = Path("arcade/resources/assets", name).parent.as_posix()
        args += ["--add-data", data_arg(assets / name, where)]
    # speech through the screen reader (desert_pyramid/speech) imports accessible_output2 only
    # when it speaks, so PyInstaller cannot see it: the package and its screen readers' DLLs
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
    if CONSTRAINTS.is_file():
        differ = drift()
        if differ:
            print(
                "build_standalone: note: installed versions differ from constraints.txt (install "
                'with PIP_CONSTRAINT=constraints.txt pip install -e ".[build]"): '
                + "; ".join(differ),
                file=sys.stderr,
            )
    from desert_pyramid.solver import core

    if not core.NATIVE:  # the folder carries the search as installed here
        print(
            "build_standalone: note: the solver's search is not compiled in this install (it was "
            "installed without DESERT_PYRAMID_COMPILE=1, or without a C compiler, or the solver "
            "edited since): the folder gets the plain search, about three times slower (README, "
            "Standalone build)",
            file=sys.stderr,
        )
    staged = staged_resources(work)  # the resources without the translators' sources
    pyinstaller.run(pyinstaller_args(dist, work, name, clean, resources=staged))
    exe = executable(dist, name)
    if not exe.is_file():
        raise SystemExit(f"build_standalone: PyInstaller finished but {exe} is missing")
    shutil.copy2(LICENSE, exe.parent / "LICENSE")  # the game's licence, where a player looks
    third_party_licences(exe.parent)
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
