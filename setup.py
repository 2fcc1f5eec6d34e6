"""The build: the package as pyproject.toml describes it, plus the solver's search compiled.

``desert_pyramid/solver/core.py`` is compiled with mypyc (the compiler that comes with mypy)
where the machine can build a C extension: the same source, type-checked, turned into C, and
about three times faster (docs/solver.md, "The compiled search"). Where it cannot (no C compiler,
no mypy for the platform, a failed build), the install goes on without it and the game runs the
same source as plain Python: one command installs the game everywhere, and the answers are the
same either way.

The copy that is compiled carries the SHA-256 of what it was made from, core.py and the engine
whose constants it compiles in (``_COMPILED_FROM`` in core.py; desert_pyramid/solver/fingerprint.py).
An editable install keeps the compiled module beside core.py; once one of those files is edited,
they no longer match and ``desert_pyramid.solver`` loads the source instead (see
``desert_pyramid/solver/__init__.py``) until the next install compiles it again.

``DESERT_PYRAMID_PURE_BUILD=1`` installs without compiling (a quicker build, as on a machine
without a compiler).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
CORE = Path("desert_pyramid", "solver", "core.py")
MARK = '_COMPILED_FROM = ""'


def fingerprint_of(package: Path) -> str:
    """desert_pyramid/solver/fingerprint.py's fingerprint, run from its file (nothing of the
    package is importable while it is being built)."""
    spec = importlib.util.spec_from_file_location(
        "_desert_pyramid_fingerprint", package / "solver" / "fingerprint.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return str(module.fingerprint(package))


def note(text: str) -> None:
    print(f"desert-pyramid build: {text}", file=sys.stderr)


def compiled_core() -> list[Any]:
    """The compiled search as setuptools extensions, or none (the plain source is used)."""
    if os.environ.get("DESERT_PYRAMID_PURE_BUILD"):
        note("DESERT_PYRAMID_PURE_BUILD is set: the solver stays plain Python")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        note("mypyc is not available here: the solver stays plain Python")
        return []
    source = ROOT / CORE
    text = source.read_bytes().decode("utf-8")
    if text.count(MARK) != 1:
        note(f"{CORE} has no line {MARK!r}: the solver stays plain Python")
        return []
    # The compiled copy is made in a staging folder: the whole package (mypy reads what core.py
    # imports), with the fingerprint of core.py and the engine written into its _COMPILED_FROM.
    staging = ROOT / "build" / "mypyc-source"
    shutil.rmtree(staging, ignore_errors=True)
    shutil.copytree(
        ROOT / "desert_pyramid",
        staging / "desert_pyramid",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"),
    )
    digest = fingerprint_of(ROOT / "desert_pyramid")
    marked = text.replace(MARK, f'_COMPILED_FROM = "{digest}"', 1)
    (staging / CORE).write_text(marked, encoding="utf-8", newline="")
    here = os.getcwd()
    os.chdir(staging)
    try:
        return list(
            mypycify(
                ["--ignore-missing-imports", CORE.as_posix()],
                opt_level="3",
                target_dir=str(ROOT / "build" / "mypyc"),
            )
        )
    except BaseException as exc:  # mypy's own errors end with SystemExit
        note(f"mypyc could not compile the solver ({exc!r}): it stays plain Python")
        return []
    finally:
        os.chdir(here)


class OptionalBuildExt(build_ext):
    """Build the compiled search if the machine can; if any part fails (no C compiler on
    Windows or macOS, say), remove what was built and install without it."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:
            for ext in self.extensions:  # (in the build folder, or beside the source)
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
                Path(self.build_lib, self.get_ext_filename(ext.name)).unlink(missing_ok=True)
            note(f"the compiled solver could not be built ({exc}): it stays plain Python")


setup(ext_modules=compiled_core(), cmdclass={"build_ext": OptionalBuildExt})
