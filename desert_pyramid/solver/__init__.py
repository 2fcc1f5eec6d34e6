"""The solver: exact search over engine positions, hints, computer players and deal selection.

``solve(game, node_budget)`` answers winnable (with a line), lost (proved), or unknown (budget spent).

The search (``core``) runs compiled where the install could compile it (setup.py), else as the
plain source. The compiled module is used only when it was made from the very ``core.py`` and
engine beside it (an edited source is run as it is now, not as it was built: see
:mod:`.fingerprint`) and when ``DESERT_PYRAMID_PURE_SOLVER`` is not set; ``core.NATIVE`` says which
one runs.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from importlib.machinery import SourceFileLoader
from pathlib import Path
from types import ModuleType

from .fingerprint import fingerprint

CORE_NAME = __name__ + ".core"
CORE_SOURCE = Path(__file__).resolve().with_name("core.py")
PACKAGE = CORE_SOURCE.parent.parent  # the folder of desert_pyramid


def load_core_source(name: str = CORE_NAME, path: Path = CORE_SOURCE) -> ModuleType:
    """``core.py`` run as plain Python (never its compiled copy), as the module ``name``."""
    loader = SourceFileLoader(name, str(path))
    spec = importlib.util.spec_from_file_location(name, path, loader=loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        loader.exec_module(module)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    return module


def compiled_is_current(module: ModuleType, package: Path = PACKAGE) -> bool:
    """Whether ``module`` (the imported core) was compiled from the files of ``package`` as they are
    now (``core.py`` and the engine: see :mod:`.fingerprint`). True when there is no source to
    compare with (a frozen build ships none)."""
    made_from = getattr(module, "_COMPILED_FROM", "")
    if not made_from:
        return False
    if not (package / "solver" / "core.py").is_file():
        return True
    try:
        return fingerprint(package) == made_from
    except OSError:
        return False


def choose_core() -> ModuleType:
    """The search module every caller gets as ``desert_pyramid.solver.core``."""
    if os.environ.get("DESERT_PYRAMID_PURE_SOLVER"):
        return load_core_source()
    try:
        module = importlib.import_module(CORE_NAME)
    except ImportError:
        # a compiled module that cannot load (its runtime library missing): the source, if any
        if not CORE_SOURCE.is_file():
            raise
        sys.modules.pop(CORE_NAME, None)
        return load_core_source()
    if getattr(module, "_COMPILED_FROM", "") and not compiled_is_current(module):
        sys.modules.pop(CORE_NAME, None)
        return load_core_source()
    return module


core = choose_core()

from .core import DEFAULT_BUDGET, SolveResult, Verdict, solve  # noqa: E402

__all__ = ["DEFAULT_BUDGET", "SolveResult", "Verdict", "solve"]
