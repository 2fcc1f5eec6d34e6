"""Names and text from outside (issue 27 items 3 and 4): layout files placed by hand are held to
the editor's limits, and nothing the game prints or says echoes a control character raw."""

from __future__ import annotations

import datetime
import io
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from desert_pyramid.catalog import builtin_layout
from desert_pyramid.cli import SafeStream, main
from desert_pyramid.engine import Layout, LayoutCodeError, LayoutError, encode_layout_code
from desert_pyramid.engine.layoutcode import decode_layout_code, encode_places
from desert_pyramid.engine.text import (
    NAME_BYTES_MAX,
    NAME_CHARS_MAX,
    escaped,
    name_problem,
    terminal_safe,
    text_problem,
)
from desert_pyramid.storage.layouts import layout_file_bytes
from tests.layout_helpers import store_in

ROOT = Path(__file__).resolve().parent.parent
NOW = datetime.datetime(2026, 12, 1, 4, 30, 0)
HOSTILE = ["\x1b[31mRED", "tab\there", "bell\x07", "right\u202eto left", "nul\x00", "del\x7f"]


def layout_file(name: str, number: int = 120) -> bytes:
    data = {**builtin_layout(2).to_dict(), "number": number}
    good = layout_file_bytes(Layout.from_dict(data))
    import tomli_w  # the name as TOML writes it (escapes included)

    return good.replace(
        tomli_w.dumps({"name": builtin_layout(2).name}).encode(),
        tomli_w.dumps({"name": name}).encode(),
        1,
    )


# -- the one check ---------------------------------------------------------------------------------


def test_the_check_says_what_is_wrong() -> None:
    assert text_problem("x" * 100_000, 60) == "is too long (100,000 characters; at most 60)"
    assert name_problem("金" * 21) == "is too long (63 bytes of UTF-8; at most 60)"
    assert name_problem("a\x1bb") == "holds a control character (\\x1b)"
    assert name_problem("a\u202eb") == "holds a bidirectional control (\\u202e)"
    assert name_problem("   ") == "is empty"
    assert name_problem("Pyramide à l’envers 金字塔") is None
    assert escaped("a\x1b[31m\t\u202eb") == "a\\x1b[31m\\t\\u202eb"


def test_the_limits_are_the_editors() -> None:
    from desert_pyramid.app.workshop import NAME_MAX

    assert NAME_MAX == NAME_CHARS_MAX
    # a code made from a longer name carries the first 60 bytes, as the editor keeps 60 characters
    assert decode_layout_code(encode_places("N" * 80, _grid()))["name"] == "N" * NAME_BYTES_MAX


def _grid() -> list[tuple[float, float, int, int]]:
    return [(2.0 * (i % 10), 2.0 * (i // 10), 0, 1 + i // 10) for i in range(20)]


# -- layout files placed by hand ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("x" * 100_000, "the name is too long (100,000 characters; at most 60)"),
        ("esc\x1b[31m", "the name holds a control character (\\x1b)"),
        ("rlo\u202eelif", "the name holds a bidirectional control (\\u202e)"),
        ("金" * 21, "the name is too long (63 bytes of UTF-8; at most 60)"),
    ],
)
def test_a_layout_file_with_a_hostile_name_is_set_aside_with_a_notice(
    tmp_path: Path, name: str, problem: str
) -> None:
    store = store_in(tmp_path, clock=lambda: NOW)
    store.add(builtin_layout(3), "Good One")
    bad = store.folder / "120_hostile.toml"
    bad.write_bytes(layout_file(name))
    assert sorted(store.layouts()) == [101]
    notices = store.take_notices()
    assert len(notices) == 1, notices
    assert problem in notices[0].message and "120_hostile.toml" in notices[0].message
    assert len(notices[0].message) < 300 and "\x1b" not in notices[0].message
    assert (store.folder / "120_hostile.toml.broken-20261201-043000").exists()


def test_descriptions_and_families_are_bounded_too() -> None:
    data = builtin_layout(2).to_dict()
    with pytest.raises(LayoutError, match="description is too long"):
        Layout.from_dict({**data, "description": "d" * 100_000})
    with pytest.raises(LayoutError, match="family holds a control character"):
        Layout.from_dict({**data, "family": "a\x1b"})


def test_the_layouts_command_is_not_padded_by_a_hostile_file(tmp_path: Path) -> None:
    store = store_in(tmp_path, clock=lambda: NOW)
    store.folder.mkdir(parents=True, exist_ok=True)
    (store.folder / "120_long.toml").write_bytes(layout_file("x" * 100_000, 120))
    (store.folder / "121_esc.toml").write_bytes(layout_file("esc\x1b[31m", 121))
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DESERT_PYRAMID_SAVE_DIR": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, "-m", "desert_pyramid", "layouts"],
        env=env,
        capture_output=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert b"\x1b" not in out.stdout + out.stderr
    assert max(len(line) for line in out.stdout.splitlines()) < 200
    assert b"120_long.toml" in out.stderr and b"121_esc.toml" in out.stderr


def test_a_layout_code_name_goes_through_the_same_check() -> None:
    from bench.crafted_codes import layout_code

    for name in ("esc\x1b", "rlo\u202e", "\t"):
        with pytest.raises(LayoutCodeError, match="name (holds|is empty)") as caught:
            decode_layout_code(layout_code(20, name=name.encode()))
        assert "\x1b" not in str(caught.value) and "\u202e" not in str(caught.value)
    name = builtin_layout(3).name
    assert decode_layout_code(encode_layout_code(builtin_layout(3)))["name"] == name


# -- messages and terminal output --------------------------------------------------------------------


def test_the_issue_27_replay_message_holds_no_raw_escape() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-m", "desert_pyramid", "replay", "DG-6-09TS\x1b[31mRED"],
        env=env,
        capture_output=True,
        timeout=60,
    )
    assert out.returncode == 2
    assert b"\x1b" not in out.stderr and b"\\x1b" in out.stderr, out.stderr


@pytest.mark.parametrize("value", HOSTILE)
@pytest.mark.parametrize(
    "args",
    [
        ["replay", "DG-1{}"],
        ["show", "DP-1{}"],
        ["solve", "DG-1{}"],
        ["layouts", "--import", "DL-1{}"],
        ["deal", "--seed", "1{}"],
        ["show", "{}"],
        ["rules", "{}"],
    ],
)
def test_no_message_echoes_a_control_character_raw(
    args: list[str],
    value: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DESERT_PYRAMID_SAVE_DIR", str(tmp_path))
    code = main([a.replace("{}", value) for a in args])
    out = capsys.readouterr()
    assert code != 0
    for text in (out.out, out.err):
        assert terminal_safe(text) == text, text


def test_the_output_stream_escapes_what_a_command_prints_from_input() -> None:
    inner = io.StringIO()
    safe = SafeStream(inner, "output")
    safe.write("name: esc\x1b[31m rlo\u202e tab\t end\n\r")
    assert inner.getvalue() == "name: esc\\x1b[31m rlo\\u202e tab\\t end\n\r"


@pytest.mark.parametrize("value", HOSTILE)
def test_a_save_value_is_quoted_escaped_in_its_message(value: str) -> None:
    from desert_pyramid.engine.reading import DocumentError, Reader

    cases: list[tuple[object, Callable[[Reader], object]]] = [
        (value, lambda r: r.integer("v", maximum=3)),
        (value, lambda r: r.date("v")),
        (value, lambda r: r.text("v")),
        ("x" + value, lambda r: r.date_table("v", most=3)),  # found below as a key
        ([value, value], lambda r: r.texts("v", most=3, unique=True)),
    ]
    for data, read in cases:
        payload = (
            {"v": {data: "2026-01-01"}} if isinstance(data, str) and data[0] == "x" else {"v": data}
        )
        with pytest.raises(DocumentError) as caught:
            read(Reader(payload))
        message = str(caught.value)
        assert terminal_safe(message) == message and message.isprintable(), message
    with pytest.raises(DocumentError) as caught:
        Reader({"v": value}).integer("v", maximum=3)
    assert escaped(value) in str(caught.value)


@pytest.mark.skipif(sys.platform == "win32", reason="Windows file names cannot hold ESC")
def test_a_layout_file_name_with_control_characters_is_named_escaped(tmp_path: Path) -> None:
    store = store_in(tmp_path, clock=lambda: NOW)
    store.folder.mkdir(parents=True, exist_ok=True)
    (store.folder / "150_\x1b[31m\u202e.toml").write_bytes(b"number = [\n")
    assert store.layouts() == {}
    notices = store.take_notices()
    assert len(notices) == 1
    message = notices[0].message
    assert "150_\\x1b[31m\\u202e.toml" in message and message.isprintable(), message
