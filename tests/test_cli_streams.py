"""The standard streams as a hostile machine gives them: a console that cannot print "—" or "♠",
a closed or full standard output, a reader that goes away, a closed standard input or standard
error, no display. Each ends with a known exit code and at most one line on stderr, never a
traceback (nor the interpreter's "Exception ignored" at exit)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from desert_pyramid.cli import EXIT_OUTPUT, EXIT_PIPE, SafeStream, main, plain_text

ROOT = Path(__file__).resolve().parent.parent
CODE = "DP-1-002G-9NG9"
posix = pytest.mark.skipif(sys.platform == "win32", reason="closes descriptors with a POSIX shell")


def run(
    args: list[str],
    *,
    shell_redirect: str = "",
    env: dict[str, str] | None = None,
    stdin: object = subprocess.DEVNULL,
    stdout: object = subprocess.PIPE,
    drop: tuple[str, ...] = (),
) -> subprocess.CompletedProcess[bytes]:
    full_env = {k: v for k, v in os.environ.items() if k not in drop}
    full_env.update({"PYTHONPATH": str(ROOT)}, **(env or {}))
    if shell_redirect:
        cmd = ["sh", "-c", f'"$0" -m desert_pyramid "$@" {shell_redirect}', sys.executable, *args]
    else:
        cmd = [sys.executable, "-m", "desert_pyramid", *args]
    return subprocess.run(
        cmd, env=full_env, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, timeout=120
    )


def clean(err: bytes) -> str:
    text = err.decode("utf-8", "replace")
    assert "Traceback" not in text and "Exception ignored" not in text, text
    return text


def test_plain_text_turns_the_symbols_into_letters() -> None:
    assert (
        plain_text("pair the 6♠ with the 7♦ — then…", "ascii")
        == "pair the 6S with the 7D - then..."
    )
    assert plain_text("K♥ K♣ 3×4 ☃", "ascii") == "KH KC 3x4 ?"
    assert plain_text("—", "latin-1") == "-"


def test_an_ascii_stream_gets_plain_letters_in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii")
    monkeypatch.setattr(sys, "stdout", stream)
    assert main(["solve", CODE]) == 0
    stream.flush()
    out = raw.getvalue().decode("ascii")  # every byte is ASCII
    assert "Verdict: winnable - a winning line" in out
    assert "pair the JS with the 2S" in out and "remove the KC" in out
    assert sys.stdout is stream  # main gives the stream back as it found it


@pytest.mark.parametrize(
    "env",
    [{"PYTHONIOENCODING": "ascii"}, {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""}],
)
@pytest.mark.parametrize(
    "args",
    [
        ["show", CODE, "--moves", "25+22"],
        ["solve", CODE],
        ["rules", "--section", "removing"],
        ["daily", "--date", "2026-11-30", "--show"],
        ["layouts"],
    ],
)
def test_a_console_that_cannot_print_the_symbols(args: list[str], env: dict[str, str]) -> None:
    out = run(args, env=env)
    clean(out.stderr)
    assert out.returncode == 0, out.stderr
    text = out.stdout.decode("ascii")  # raises if a byte is not ASCII
    if args[0] in ("show", "solve"):  # every symbol had a plain letter: nothing became "?"
        assert "Classic Pyramid" in text and " - rules desert" in text and "?" not in text


@posix
def test_a_closed_stdout_is_one_line_and_exit_1() -> None:
    out = run(["layouts"], shell_redirect=">&-")
    assert out.returncode == EXIT_OUTPUT
    err = clean(out.stderr).strip()
    assert err == "desert-pyramid: error: cannot write to standard output: it is closed"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args", [["layouts"], ["show", CODE], ["rules"], ["--help"], ["deal", "--seed", "1"]]
)
def test_a_full_disk_is_one_line_and_exit_1(args: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        out = run(args, stdout=full)
    assert out.returncode == EXIT_OUTPUT
    err = clean(out.stderr).strip()
    assert err == "desert-pyramid: error: cannot write to standard output: No space left on device"


@posix
@pytest.mark.parametrize("args", [["rules"], ["layouts"], ["deal", "--seed", "1"], ["--help"]])
def test_a_reader_that_goes_away_is_quiet_and_exit_141(args: list[str]) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader has gone (`| head` that has read enough): every write fails
    try:
        out = run(args, stdout=write_end)
    finally:
        os.close(write_end)
    assert out.returncode == EXIT_PIPE
    assert clean(out.stderr) == ""


@posix
def test_a_closed_stdin_ends_the_quiz() -> None:
    out = run(["rules", "--quiz"], shell_redirect="<&-")
    clean(out.stderr)
    assert out.returncode == 0
    assert b"Quiz stopped. Your score so far: 0 out of 0 answered" in out.stdout


def test_undecodable_and_unicode_answers_are_refused_not_fatal() -> None:
    answers = "²\n٣\n".encode() + b"\xff\xfe\n" + b"9" * 5000 + b"\nq\n"
    out = subprocess.run(
        [sys.executable, "-m", "desert_pyramid", "rules", "--quiz"],
        input=answers,
        capture_output=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        timeout=120,
    )
    clean(out.stderr)
    assert out.returncode == 0
    text = out.stdout.decode("utf-8")
    assert "'²' is not an answer" in text and "'٣' is not an answer" in text
    assert "is not an answer" in text.split("'٣'")[1]  # the undecodable line too
    assert "Quiz stopped" in text


@posix
def test_a_closed_stderr_still_gives_the_exit_code() -> None:
    out = run(["deal", "--seed", "²"], shell_redirect="2>&-")
    assert out.returncode == 2 and out.stdout == b""


def test_stderr_that_fails_is_given_up_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    closed = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    closed.close()
    monkeypatch.setattr(sys, "stderr", closed)
    assert main(["deal", "--seed", "x"]) == 2  # the message is lost, the exit code is not
    assert main(["deal", "--seed", "1"]) == 0
    assert "DP-" in capsys.readouterr().out


def test_safe_stream_passes_through_what_it_does_not_handle() -> None:
    inner = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    safe = SafeStream(inner, "output")
    assert safe.encoding == "utf-8" and safe.writable() and not safe.isatty()
    assert safe.buffer is inner.buffer
    safe.write("♠\n")
    safe.flush()
    assert inner.buffer.getvalue() == "♠\n".encode()


@pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="Windows and macOS always have a display"
)
def test_no_display_is_one_line_and_exit_2() -> None:
    out = run([], drop=("DISPLAY", "WAYLAND_DISPLAY", "ARCADE_HEADLESS"))
    assert out.returncode == 2
    err = clean(out.stderr).strip()
    assert "\n" not in err
    assert err.startswith("desert-pyramid: error: no display") and "--headless --frames N" in err


@pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="an X display name is a Linux matter"
)
def test_an_unreachable_display_is_one_line_and_exit_2(tmp_path: Path) -> None:
    env = {"DISPLAY": ":97", "DESERT_PYRAMID_SAVE_DIR": str(tmp_path)}
    out = run(["--frames", "1"], env=env, drop=("ARCADE_HEADLESS",))
    assert out.returncode == 2
    err = clean(out.stderr).strip()
    assert "\n" not in err and "no display" in err and "--headless" in err


@pytest.mark.parametrize(
    "env",
    [{"PYTHONIOENCODING": "ascii"}, {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""}],
)
@pytest.mark.parametrize(("bad", "named"), [("\u2660", "U+2660"), ("\u00e9", "U+00C9")])
def test_an_error_names_the_character_at_fault_on_any_console(
    env: dict[str, str], bad: str, named: str
) -> None:
    """Issue 36: with an ASCII console, `replay DG-...-SXYQ♠` blamed 'S' (a valid character: the
    plain-letters table turns "♠" into "S"). The character the console cannot print is written
    as its code point instead."""
    from desert_pyramid.catalog import get_layout
    from desert_pyramid.engine import CLASSIC, Deal, Game, encode_game_code

    game = Game(get_layout(1), CLASSIC, Deal.from_seed(3))
    for _ in range(4):
        game.play(game.legal_moves()[0])
    code = encode_game_code(game)
    done = run(["replay", code + bad], env=env)
    err = clean(done.stderr)
    assert done.returncode == 2
    assert f"'{named}' at position {len(code) + 1}" in err, err
    assert "'S'" not in err and "'E'" not in err


def test_error_text_keeps_the_games_punctuation_plain() -> None:
    from desert_pyramid.cli import error_text

    assert error_text("ask for its code (DL-…) — '♠' × 2", "ascii") == (
        "ask for its code (DL-...) - 'U+2660' U+00D7 2"
    )
    assert error_text("'♠' is fine here", "utf-8") == "'♠' is fine here"
