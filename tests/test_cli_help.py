"""``--help`` / ``-h`` for the program and every sub-command (found from the parser), and
``--version``: exit 0 and a readable text, never a traceback."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

from desert_pyramid import __version__
from desert_pyramid.cli import build_parser, main

ROOT = Path(__file__).resolve().parent.parent


def sub_commands() -> list[str]:
    parser = build_parser()
    names: list[str] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            names.extend(action.choices)
    return names


def test_the_parser_has_the_sub_commands() -> None:
    names = sub_commands()
    assert len(names) >= 8 and {"deal", "show", "solve", "stats", "rules"} <= set(names)


@pytest.mark.parametrize("flag", ["--help", "-h"])
@pytest.mark.parametrize("command", [None, *sub_commands()])
def test_help_of_every_command(
    command: str | None, flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [flag] if command is None else [command, flag]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith("usage: desert-pyramid" + ("" if command is None else f" {command}"))
    assert "%%" not in out and "%(" not in out  # no argparse formatting left over
    assert "Traceback" not in out
    if command is None:
        for name in sub_commands():  # the program's help lists every sub-command
            assert name in out


def test_the_stats_help_says_95_percent(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())  # argparse wraps lines
    assert "95% confidence" in out and "95%%" not in out
    assert main(["--help"]) == 0
    assert "95% confidence" in " ".join(capsys.readouterr().out.split())


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"desert-pyramid {__version__}"


@pytest.mark.parametrize("argv", [["--help"], ["-h"], ["stats", "--help"], ["--version"]])
def test_help_and_version_in_a_real_process(argv: list[str]) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "desert_pyramid", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert out.stderr == "" and out.stdout.strip()
