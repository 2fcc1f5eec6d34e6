"""What the install compiles (setup.py): the plain search by default, the compiled one on request.

The README's play command must install in a minute and a half, so the search is compiled only when
``DESERT_PYRAMID_COMPILE=1`` asks for it (a few minutes more; docs/solver.md, "The compiled
search"); ``DESERT_PYRAMID_PURE_BUILD`` keeps it plain whatever that says. CI compiles it (.ci/run),
and tests/test_solver_native.py checks that both give the same answers.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def setup_py() -> ModuleType:
    """setup.py as a module (it builds nothing unless run as __main__)."""
    spec = importlib.util.spec_from_file_location("desert_pyramid_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    "environ, wanted",
    [
        ({}, False),  # the default: the plain search, a quick install
        ({"DESERT_PYRAMID_COMPILE": "1"}, True),
        ({"DESERT_PYRAMID_COMPILE": " Yes "}, True),
        ({"DESERT_PYRAMID_COMPILE": "0"}, False),
        ({"DESERT_PYRAMID_COMPILE": ""}, False),
        ({"DESERT_PYRAMID_COMPILE": "1", "DESERT_PYRAMID_PURE_BUILD": "1"}, False),
        ({"DESERT_PYRAMID_PURE_BUILD": "1"}, False),
    ],
)
def test_the_search_is_compiled_only_on_request(
    setup_py: ModuleType, environ: dict[str, str], wanted: bool
) -> None:
    assert setup_py.compile_wanted(environ) is wanted


def test_a_value_neither_on_nor_off_is_said_and_taken_as_off(
    setup_py: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert setup_py.compile_wanted({"DESERT_PYRAMID_COMPILE": "fast"}) is False
    err = capsys.readouterr().err
    assert "DESERT_PYRAMID_COMPILE='fast' is neither 1 nor 0" in err
    assert "stays plain Python" in err


def test_the_default_build_has_no_extension_and_compiles_nothing(
    setup_py: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without the request the build hands setuptools no extension module, before mypyc is even
    looked for (the quick install); with it, the search's modules, all in one build."""

    def no_mypyc(*_: object, **__: object) -> list[object]:
        raise AssertionError("mypyc was asked to compile without DESERT_PYRAMID_COMPILE")

    import mypyc.build

    monkeypatch.setattr(mypyc.build, "mypycify", no_mypyc)
    monkeypatch.setattr(setup_py, "forget_old_builds", lambda: None)
    assert setup_py.compiled_search({}) == []

    asked: list[list[str]] = []

    def mypycify(paths: list[str], **options: object) -> list[object]:
        asked.append(paths)
        return ["extensions"]

    monkeypatch.setattr(mypyc.build, "mypycify", mypycify)
    monkeypatch.setattr(setup_py, "ROOT", ROOT)
    got = setup_py.compiled_search({"DESERT_PYRAMID_COMPILE": "1"})
    assert got == ["extensions"]
    from desert_pyramid.solver.fingerprint import SEARCH_MODULES

    assert [p for p in asked[0] if p.endswith(".py")] == [
        f"desert_pyramid/solver/{name}.py" for name in SEARCH_MODULES
    ]
