"""The solver: exact search over engine positions, hints, computer players and deal selection.

``solve(game, node_budget)`` answers winnable (with a line), lost (proved), or unknown (budget spent).

The search (its six modules, gathered by ``core``: see there) runs compiled where the install
compiled it (setup.py), else as the plain source. The compiled modules are used only when they
were made from the very sources and engine beside them (an edited source is run as it is now, not
as it was built: see :mod:`.fingerprint`) and when ``DESERT_PYRAMID_PURE_SOLVER`` is not set;
``core.NATIVE`` says which one runs.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from importlib.machinery import SourceFileLoader
from pathlib import Path
from types import ModuleType

from .fingerprint import SEARCH_MODULES, fingerprint

CORE_NAME = __name__ + ".core"
FOLDER = Path(__file__).resolve().parent
CORE_SOURCE = FOLDER / "core.py"
PACKAGE = FOLDER.parent  # the folder of desert_pyramid
# the modules a search is made of, the core last (it imports the others)
_ALL = (*SEARCH_MODULES, "core")


def _load_source(name: str, path: Path) -> ModuleType:
    loader = SourceFileLoader(name, str(path))
    spec = importlib.util.spec_from_file_location(name, path, loader=loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    parent, _, short = name.rpartition(".")
    setattr(sys.modules[parent], short, module)  # as an import does (``from . import model``)
    return module


def load_core_source(package: str = __name__, folder: Path = FOLDER) -> ModuleType:
    """The search's modules in ``folder`` run as plain Python (never their compiled copies), as
    modules of ``package``, and the core over them, which is returned. Another ``package`` than
    this one (an empty package is made for it) gives a second search beside the one in use: the
    tests compare the two, and ``bench/bench_solver.py --ref`` loads another version that way (the
    search's modules import each other relatively and everything else by its full name)."""
    if package != __name__ and package not in sys.modules:
        shell = ModuleType(package)
        shell.__path__ = []
        sys.modules[package] = shell
    names = [f"{package}.{name}" for name in _ALL]
    for name in names:
        sys.modules.pop(name, None)
    try:
        for name, short in zip(names, _ALL, strict=True):
            _load_source(name, folder / f"{short}.py")
    except BaseException:
        for name in names:
            sys.modules.pop(name, None)
        raise
    return sys.modules[f"{package}.core"]


def compiled_is_current(module: ModuleType, package: Path = PACKAGE) -> bool:
    """Whether ``module`` (one of the search's modules, imported) was compiled from the files of
    ``package`` as they are now (the search's modules and the engine: see :mod:`.fingerprint`).
    True when there is no source to compare with (a frozen build ships none)."""
    made_from = getattr(module, "_COMPILED_FROM", "")
    if not made_from:
        return False
    if not all((package / "solver" / f"{name}.py").is_file() for name in SEARCH_MODULES):
        return True
    try:
        return fingerprint(package) == made_from
    except OSError:
        return False


def _forget_search() -> None:
    for name in _ALL:
        sys.modules.pop(f"{__name__}.{name}", None)


def choose_core() -> ModuleType:
    """The search every caller gets as ``desert_pyramid.solver.core``: compiled, when all of its
    modules are compiled and current; else every one of them as plain Python."""
    if os.environ.get("DESERT_PYRAMID_PURE_SOLVER"):
        return load_core_source()
    try:
        module = importlib.import_module(CORE_NAME)
    except Exception:
        # a compiled module that cannot load (its runtime library missing, a compiled class under
        # a plain one): the source, if any
        if not CORE_SOURCE.is_file():
            raise
        _forget_search()
        return load_core_source()
    parts: tuple[ModuleType, ...] = getattr(module, "MODULES", (module,))
    compiled = [m for m in parts if getattr(m, "_COMPILED_FROM", "")]
    # (a core with _COMPILED_FROM of its own: the whole search compiled as one module before it
    # was split, left beside the sources by an older install; never current)
    # (the modules of one build carry one fingerprint: it is worked out once)
    made_from = {getattr(m, "_COMPILED_FROM", "") for m in compiled}
    stale = (
        hasattr(module, "_COMPILED_FROM")
        or len(made_from) > 1
        or not (compiled and compiled_is_current(compiled[0]))
    )
    if compiled and (stale or len(compiled) < len(parts)):
        _forget_search()
        return load_core_source()
    return module


core = choose_core()

from .core import DEFAULT_BUDGET, SolveResult, Verdict, solve  # noqa: E402

__all__ = ["DEFAULT_BUDGET", "SolveResult", "Verdict", "solve"]
