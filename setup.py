"""The build: the package as pyproject.toml describes it, and the solver's search compiled on request.

By default the search runs as plain Python: the install takes well under a minute and a half. With
``DESERT_PYRAMID_COMPILE=1`` in the environment, the search's modules (``desert_pyramid/solver/``:
model, store, bounds, layout_moves, cycle_moves, search, named in solver/fingerprint.py) are
compiled with mypyc (the compiler that comes with mypy) where the machine can build a C
extension: the same source, type-checked, turned into C, and about three times faster, for a few
minutes more of install (docs/solver.md, "The compiled search"). They are compiled together, in one
build, so that each calls the others' methods directly. Where the machine cannot (no C compiler,
no mypy for the platform, a failed build), the install says so and goes on without it: the answers
are the same either way.

Each compiled copy carries the SHA-256 of what it was made from, the search's modules and the
engine whose constants they compile in (``_COMPILED_FROM``; desert_pyramid/solver/fingerprint.py).
An editable install keeps the compiled modules beside their sources; once one of those files is
edited, they no longer match and ``desert_pyramid.solver`` loads the sources instead (see
``desert_pyramid/solver/__init__.py``) until the next compiling install.

``DESERT_PYRAMID_PURE_BUILD=1`` (older scripts set it) keeps the search plain whatever
``DESERT_PYRAMID_COMPILE`` says.
"""

from __future__ import annotations

import importlib.util
import inspect
import os
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
SOLVER = Path("desert_pyramid", "solver")
MARK = '_COMPILED_FROM = ""'
# the name of the compiled modules' shared library (desert_pyramid/solver/compiled__mypyc...):
# inside the package, where a wheel, an editable install and the standalone build all find it
GROUP = "desert_pyramid.solver.compiled"


def build_tools(package: Path) -> Any:
    """desert_pyramid/solver/fingerprint.py, run from its file (nothing of the package is
    importable while it is being built): the search's module names and the fingerprint."""
    spec = importlib.util.spec_from_file_location(
        "_desert_pyramid_fingerprint", package / "solver" / "fingerprint.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def note(text: str) -> None:
    print(f"desert-pyramid build: {text}", file=sys.stderr)


def forget_old_builds() -> None:
    """Remove what an older install compiled beside the sources (an editable install keeps it
    there): the whole search compiled as one module, core.py, before it was split. Python would
    load it before the core.py of today (desert_pyramid.solver ignores it, but it is dead weight)."""
    for old in (ROOT / SOLVER).glob("core*.*"):
        if old.suffix in (".so", ".pyd"):
            old.unlink(missing_ok=True)


ON = ("1", "true", "yes", "on")
OFF = ("", "0", "false", "no", "off")


def compile_wanted(environ: Mapping[str, str]) -> bool:
    """Whether this build compiles the search: ``DESERT_PYRAMID_COMPILE`` set to 1 (or true, yes,
    on), and ``DESERT_PYRAMID_PURE_BUILD`` not set. A value that is neither on nor off (0, false,
    no, off, empty) is said and taken as off."""
    if environ.get("DESERT_PYRAMID_PURE_BUILD"):
        note("DESERT_PYRAMID_PURE_BUILD is set: the solver stays plain Python")
        return False
    value = environ.get("DESERT_PYRAMID_COMPILE", "").strip().lower()
    if value in ON:
        return True
    if value not in OFF:
        note(
            f"DESERT_PYRAMID_COMPILE={environ['DESERT_PYRAMID_COMPILE']!r} is neither 1 nor 0: "
            "the solver stays plain Python"
        )
    return False


def compiled_search(environ: Mapping[str, str] = os.environ) -> list[Any]:
    """The compiled search as setuptools extensions, or none (the plain source is used)."""
    forget_old_builds()
    if not compile_wanted(environ):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        note("mypyc is not available here: the solver stays plain Python")
        return []
    tools = build_tools(ROOT / "desert_pyramid")
    modules = [SOLVER / f"{name}.py" for name in tools.SEARCH_MODULES]
    texts = [(ROOT / path).read_bytes().decode("utf-8") for path in modules]
    for path, text in zip(modules, texts, strict=True):
        if text.count(MARK) != 1:
            note(f"{path} has no line {MARK!r}: the solver stays plain Python")
            return []
    # The compiled copies are made in a staging folder: the whole package (mypy reads what the
    # search imports), with the fingerprint of the search and the engine written into each
    # module's _COMPILED_FROM.
    staging = ROOT / "build" / "mypyc-source"
    shutil.rmtree(staging, ignore_errors=True)
    shutil.copytree(
        ROOT / "desert_pyramid",
        staging / "desert_pyramid",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"),
    )
    digest = tools.fingerprint(ROOT / "desert_pyramid")
    for path, text in zip(modules, texts, strict=True):
        marked = text.replace(MARK, f'_COMPILED_FROM = "{digest}"', 1)
        (staging / path).write_text(marked, encoding="utf-8", newline="")
    options: dict[str, Any] = {"opt_level": "3", "target_dir": str(ROOT / "build" / "mypyc")}
    if "group_name" in inspect.signature(mypycify).parameters:  # (mypy 1.11 and later)
        options["group_name"] = GROUP
    here = os.getcwd()
    os.chdir(staging)
    try:
        # one build: the modules are compiled together, so each calls the others' methods
        # directly (across separate builds they would go through Python)
        return list(
            mypycify(["--ignore-missing-imports", *(p.as_posix() for p in modules)], **options)
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


if __name__ == "__main__":  # (a build runs this file as __main__; the tests import it)
    setup(ext_modules=compiled_search(), cmdclass={"build_ext": OptionalBuildExt})
