"""The search run as plain Python, for the tests that replace one of its methods.

Where the install compiled the search (setup.py), ``desert_pyramid.solver.core`` is the compiled
module, whose classes call their own methods directly: a method replaced with
``monkeypatch.setattr(core.Searcher, ...)`` would be silently ignored. Such tests take the same
source (the search's modules) loaded as plain Python from here, and use its ``solve``, ``Store`` and ``Verdict`` with it
(the compiled module's own are other classes). tests/test_solver_native.py checks that both
answer alike.
"""

from __future__ import annotations

import sys
from types import ModuleType

from desert_pyramid.solver import load_core_source

# the package the source's modules are loaded into, beside the search in use
NAME = "desert_pyramid.solver_as_source"


def source_core() -> ModuleType:
    """The source's core (its modules loaded once per process)."""
    return sys.modules.get(NAME + ".core") or load_core_source(NAME)


def use_source_in(monkeypatch: object, module: ModuleType) -> ModuleType:
    """Make ``module`` (hints, say) search with the source module for the rest of the test; the
    source module is returned."""
    src = source_core()
    for name in ("SolveResult", "Store", "Verdict", "solve", "solve_growing", "Searcher"):
        if hasattr(module, name):
            monkeypatch.setattr(module, name, getattr(src, name))  # type: ignore[attr-defined]
    return src
