"""The compiled search (setup.py compiles the search's modules with mypyc) answers as the source does.

Where the install compiled it, the compiled module and the same source run as plain Python must
give every deal the same verdict, the same line and the same node count; the hints on positions
part-way through games, the same words. An edited source is never shadowed by a compiled copy of
its older self, and a compiled module that cannot load gives way to the source.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

import desert_pyramid.solver as solver
from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import CLASSIC, DESERT, Deal, Game, Rules
from desert_pyramid.solver import PACKAGE, core
from desert_pyramid.solver.fingerprint import SEARCH_MODULES, fingerprint

from .solver_source import source_core as source
from .solver_source import use_source_in
from .test_solver_store import thumb_game


def test_a_continuous_integration_install_runs_the_compiled_search() -> None:
    """CI installs with the README's command on Linux, where a C compiler is at hand: the build
    must have compiled the search (else it fell back silently, and the tests below saw nothing)."""
    if not os.environ.get("CI") or sys.platform != "linux":
        pytest.skip("checked on CI's Linux install only (a compiler may be missing elsewhere)")
    assert core.NATIVE, "the install did not compile the solver (see setup.py's messages)"


needs_native = pytest.mark.skipif(
    not core.NATIVE, reason="this install runs the search as plain Python (nothing compiled)"
)


@needs_native
@pytest.mark.parametrize(
    "rules, deals",
    [
        (CLASSIC, [*range(0, 40), 41, 63, 71]),  # 41, 71: the slowest lost; 63: won by the probes
        (DESERT, range(0, 40)),
        (Rules.parse("strict"), range(0, 20)),
        (Rules.parse("relaxed+p1+top"), range(0, 8)),
    ],
)
def test_the_compiled_search_answers_as_the_source(rules: Rules, deals: range) -> None:
    plain = source()
    assert not plain.NATIVE and core.NATIVE
    for i in deals:
        game = Game(get_layout(1), rules, Deal.from_seed(20240601, i))
        a = core.solve(game, 200_000)
        b = plain.solve(game, 200_000)
        assert (a.verdict.value, a.line, a.nodes) == (b.verdict.value, b.line, b.nodes), i


@needs_native
def test_the_compiled_search_hints_as_the_source(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hints part-way through classic games, lost positions among them (the rewind search runs):
    the same verdict, words, undo count and nodes."""
    from desert_pyramid.solver import hints

    games = [thumb_game(CLASSIC, 7, i, 6 + i % 5) for i in range(14)]
    asked = [(game, hints.hint_for(game)) for game in games]
    use_source_in(monkeypatch, hints)
    lost = 0
    for game, a in asked:
        b = hints.hint_for(game)
        assert (a.verdict.value, a.text, a.rewind_to, a.nodes) == (
            b.verdict.value,
            b.text,
            b.rewind_to,
            b.nodes,
        )
        lost += a.verdict.value == "lost"
    assert lost >= 2  # the rewind search was compared too


def test_an_edited_source_is_not_shadowed_by_its_compiled_past(tmp_path: Path) -> None:
    """A compiled module made from other files than the search's modules and engine beside it is
    not used (the engine's Final constants are compiled in); one made from these very files is; a
    module that is not compiled never counts as a compiled copy; a frozen build, which ships no
    source, uses what it has."""
    package = tmp_path / "desert_pyramid"
    searched = [f"solver/{name}.py" for name in SEARCH_MODULES]
    for name in (*searched, *(f"engine/{p.name}" for p in PACKAGE.glob("engine/*.py"))):
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(PACKAGE / name, package / name)
    made = ModuleType("compiled")
    made._COMPILED_FROM = fingerprint(package)  # type: ignore[attr-defined]
    assert made._COMPILED_FROM == fingerprint(PACKAGE)  # type: ignore[attr-defined]
    assert solver.compiled_is_current(made, package)
    assert not solver.compiled_is_current(ModuleType("plain"), package)
    # each of the search's modules, or a constant it compiled in
    for name in (*searched, "engine/moves.py"):
        before = (package / name).read_bytes()
        (package / name).write_bytes(before + b"\n# edited\n")
        assert not solver.compiled_is_current(made, package), name
        (package / name).write_bytes(before)
        assert solver.compiled_is_current(made, package)
    (package / "solver" / "search.py").unlink()
    assert solver.compiled_is_current(made, package)


def test_the_fingerprint_covers_every_module_of_the_search() -> None:
    """Every module the core gathers is named in SEARCH_MODULES (compiled by setup.py, covered by
    the fingerprint), in the order they import each other, and nothing else of the solver."""
    assert tuple(m.__name__.rpartition(".")[2] for m in core.MODULES) == SEARCH_MODULES
    chain = [c.__module__.rpartition(".")[2] for c in reversed(core.Searcher.__mro__[:-1])]
    assert tuple(chain) == SEARCH_MODULES  # each module's class extends the one before


def test_the_source_is_used_when_asked_or_when_the_compiled_module_will_not_load(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import importlib

    names = [f"{solver.__name__}.{n}" for n in (*SEARCH_MODULES, "core")]
    saved = {name: sys.modules[name] for name in names}
    try:
        monkeypatch.setenv("DESERT_PYRAMID_PURE_SOLVER", "1")
        chosen = solver.choose_core()
        assert not chosen.NATIVE and chosen.__file__ == str(solver.CORE_SOURCE)
        assert all(m.__file__.endswith(".py") for m in chosen.MODULES)
        monkeypatch.delenv("DESERT_PYRAMID_PURE_SOLVER")

        def broken(name: str, package: str | None = None) -> ModuleType:
            raise ImportError("the compiled module's runtime library is missing")

        sys.modules.pop(solver.CORE_NAME)
        monkeypatch.setattr(importlib, "import_module", broken)
        chosen = solver.choose_core()
        assert not chosen.NATIVE and chosen.__file__ == str(solver.CORE_SOURCE)
        assert sys.modules[solver.CORE_NAME] is chosen
        assert all(sys.modules[m.__name__] is m for m in chosen.MODULES)
    finally:
        sys.modules.update(saved)
        for name, module in saved.items():
            setattr(solver, name.rpartition(".")[2], module)


def test_a_second_search_from_the_source_stands_beside_the_one_in_use() -> None:
    """The tests' source copy (and bench_solver.py --ref) is the whole search loaded as plain
    Python into a package of its own: every class of it from its own modules, none from the
    search in use."""
    plain = source()
    assert not plain.NATIVE
    assert plain.Searcher is not core.Searcher
    for cls in plain.Searcher.__mro__[:-1]:
        assert cls.__module__.startswith("desert_pyramid.solver_as_source."), cls
        assert sys.modules[cls.__module__].__file__.endswith(".py")


@needs_native
def test_the_compiled_search_lets_the_other_threads_run() -> None:
    """A compiled search holds the interpreter's lock unless it lets go: it does every 256 nodes,
    so a worker's parent watch (which ends the worker when the game is killed) and its inbox
    (which cancels a search gone stale) still run while it searches."""
    import threading
    import time

    ticks: list[float] = []
    searching = threading.Event()
    done = threading.Event()

    def other() -> None:
        searching.wait()
        while not done.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.002)

    thread = threading.Thread(target=other, daemon=True)
    thread.start()
    game = Game(get_layout(56), DESERT, Deal.from_seed(7, 14))  # undecided in 300,000 nodes
    searching.set()
    started = time.perf_counter()
    result = core.solve(game, 300_000)
    ended = time.perf_counter()
    done.set()
    thread.join(5)
    assert result.verdict.value == "unknown" and ended - started > 0.2
    during = [t for t in ticks if started < t < ended]
    assert len(during) >= 10, (len(during), ended - started)
