"""``desert-pyramid deal`` and ``show``: output, and one-line errors with exit code 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

from desert_pyramid.cli import main
from desert_pyramid.engine import Deal, decode_deal_code


def test_deal_prints_notation_and_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--seed", "42", "--rules", "classic"]) == 0
    notation, code = capsys.readouterr().out.splitlines()
    assert notation == Deal.from_seed(42).notation()
    decoded = decode_deal_code(code)
    assert decoded.deal.cards == Deal.from_seed(42).cards and str(decoded.rules) == "classic"


def test_show_prints_a_text_pyramid(capsys: pytest.CaptureFixture[str]) -> None:
    main(["deal", "--seed", "1"])
    code = capsys.readouterr().out.splitlines()[1]
    assert main(["show", code, "--moves", "25+22 F"]) == 0
    out = capsys.readouterr().out
    assert "Classic Pyramid" in out and "desert" in out
    lines = out.splitlines()
    assert "[JH]" not in out  # slot 22 was removed
    assert any(line.strip() == "2D" for line in lines)  # the top of the pyramid
    assert "stock 23" in out and "moves 2" in out


def test_show_accepts_notation_with_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", Deal.from_seed(3).notation(), "--rules", "relaxed"]) == 0
    out = capsys.readouterr().out
    assert (
        "relaxed" in out and "stock 24 (" in out and "(##)" not in out
    )  # the stock top is face up


@pytest.mark.parametrize(
    "argv,message",
    [
        (["deal"], "required: --seed"),
        (["deal", "--seed", "x"], "--seed must be a whole number, not 'x'"),
        (["deal", "--seed", "-5"], "--seed must be from 0"),
        (["deal", "--seed", "1", "--rules", "easy"], "--rules: unknown preset 'easy'"),
        (["deal", "--seed", "1", "--layout", "0"], "--layout must be from 1 to 999"),
        (["show", "DP-1-002G-9NGX"], "deal code: the deal code does not check out"),
        (["show", "AS 2S"], "deal: a deal has 52 cards, this one has 2"),
        (
            ["show", "DP-1-002G-9NG9", "--moves", "1+2"],
            "--moves: move 1 '1\\+2': the K♥ is covered by the 7♠ and the 8♠",
        ),
        (["show", "DP-1-002G-9NG9", "--moves", "zz"], "'zz' is not a move"),
        (["nonsense"], "invalid choice"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("desert-pyramid: error: ")
    import re

    assert re.search(message, err), err


def test_python_dash_m_runs() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "desert_pyramid", "deal", "--seed", "0"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.split("\n")[0] == Deal.from_seed(0).notation()


def test_a_closed_pipe_is_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import os

    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader has gone away: every write now fails with EPIPE
    saved = os.dup(1)
    try:
        stdout = io.TextIOWrapper(os.fdopen(write_end, "wb", buffering=0), write_through=True)
        monkeypatch.setattr(sys, "stdout", stdout)
        assert main(["deal", "--seed", "1"]) == 141
    finally:
        os.dup2(saved, 1)
        os.close(saved)
