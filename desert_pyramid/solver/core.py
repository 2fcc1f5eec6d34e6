"""The exact search as the rest of the game uses it: :func:`solve`, :class:`Store`, the verdicts.

The search itself is six modules, one concern each, read best in this order; each one's class
extends the class of the module before it, and :class:`Searcher` is the last:

* :mod:`.model`: the position compiled into integers (:class:`~.model.Model`: the board, the
  time, the cycle in canonical form, the budget), the answer's types, the layout's geometry;
* :mod:`.store`: the transposition table (:class:`~.store.Table`: which boards were explored,
  from which times) and the :class:`Store` that keeps what a game's searches proved;
* :mod:`.bounds`: the sound cuts that prove a board lost without searching it (the rank-pair
  game, the free-stock relaxation, the window bound; :class:`~.bounds.Bounds`);
* :mod:`.layout_moves`: the moves within the layout, the Satchel's and the forced ones
  (:class:`~.layout_moves.LayoutMoves`);
* :mod:`.cycle_moves`: the moves with stock and waste cards, at their earliest time, and the
  children put in canonical form (:class:`~.cycle_moves.CycleMoves`);
* :mod:`.search`: the search over all that: its phases, the discrepancy probes, the winning line
  written out as engine moves (:class:`Searcher`, :func:`solve`, :func:`solve_growing`).

The install compiles those six together with mypyc (setup.py); this module is never compiled. It
gathers their public names, and ``NATIVE`` says whether the search runs compiled. A module
constant a test changes (``MAX_TABLE``, ``PROBE_CAP``...) must be changed on the module that reads
it (``store``, ``search``): the names here are copies.
"""

from __future__ import annotations

from types import ModuleType

from . import bounds, cycle_moves, layout_moves, model, search, store
from .model import DEFAULT_BUDGET, SolveResult, Verdict, _Stop
from .search import (
    PROBE_CAP,
    PROBE_DEPTH,
    PROBE_FIRST,
    QUICK_FIRST,
    Searcher,
    _real_line,
    _real_line_replayed,
    solve,
    solve_growing,
)
from .store import MAX_TABLE, Store

# the search's modules in the order they import each other (solver/fingerprint.py names them too)
MODULES: tuple[ModuleType, ...] = (model, store, bounds, layout_moves, cycle_moves, search)
# the search runs compiled: every one of its modules is the compiled copy made by the install
NATIVE = all(getattr(m, "_COMPILED_FROM", "") for m in MODULES)

__all__ = [
    "DEFAULT_BUDGET",
    "MAX_TABLE",
    "MODULES",
    "NATIVE",
    "PROBE_CAP",
    "PROBE_DEPTH",
    "PROBE_FIRST",
    "QUICK_FIRST",
    "Searcher",
    "SolveResult",
    "Store",
    "Verdict",
    "_Stop",
    "_real_line",
    "_real_line_replayed",
    "solve",
    "solve_growing",
]
