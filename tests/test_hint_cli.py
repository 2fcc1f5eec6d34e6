"""``desert-pyramid hint CODE``: the table's hint on the command line, its JSON, and one-line
errors with exit code 2 for bad codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from desert_pyramid.catalog import get_layout
from desert_pyramid.cli import main
from desert_pyramid.engine import (
    CLASSIC,
    DESERT,
    Deal,
    Game,
    Move,
    encode_deal_code,
    encode_game_code,
)
from desert_pyramid.solver.hints import hint_for

ROOT = Path(__file__).resolve().parent.parent


def lost_position() -> Game:
    game = Game(get_layout(1), CLASSIC, Deal.from_seed(1, 4550))
    game.replay("25+22 F F F F KW F F F F F 28+W 26+W K19 F".split())
    return game


def test_a_deal_code_gives_the_start_hint_in_the_tables_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = Game(get_layout(1), DESERT, Deal.from_seed(5, 3))
    code = encode_deal_code(game.deal, game.rules, 1)
    assert main(["hint", code, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    direct = hint_for(game)
    assert data["verdict"] == "winnable" and data["text"] == direct.text
    assert data["move"] == str(direct.move) and data["undo"] is None
    assert data["nodes"] == direct.nodes and data["ms"] >= 0 and data["moves_played"] == 0
    g = game.copy()
    g.replay([Move.parse(m) for m in data["line"]])
    assert g.won
    assert main(["hint", code]) == 0
    out = capsys.readouterr().out
    assert "Verdict: winnable" in out and f"Hint: {direct.text}" in out
    assert f"Move: {direct.move}" in out and "Line: " in out and "nodes in" in out


def test_a_game_code_of_a_lost_position_says_how_many_moves_to_undo(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = encode_game_code(lost_position())
    assert main(["hint", code, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "lost" and data["rewind_to"] == 12 and data["undo"] == 3
    assert "Undo 3 moves to get back to a position that can still be won." in data["text"]
    assert data["move"] is None and data["line"] == [] and data["moves_played"] == 15
    assert main(["hint", code]) == 0
    out = capsys.readouterr().out
    assert "Verdict: lost" in out and "Undo: 3 moves" in out and "Move:" not in out


@pytest.mark.parametrize(
    "code, fragment",
    [
        ("DG-0000-0000", "game code"),
        ("DP-0000-0000", "deal code"),
        ("hello", "CODE must be a game code (DG-…) or a deal code (DP-…)"),
        ("", "CODE must be"),
        ("DG-" + "7" * 5000, "game code"),
        ("DP-١٢٣٤-٥٦٧٨", "deal code"),
        ("\u202edp-1\x00", "CODE must be"),
    ],
)
def test_bad_codes_are_one_line_with_exit_code_2(
    code: str, fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["hint", code]) == 2
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert captured.out == ""
    assert len(err.splitlines()) == 1 and err.startswith("desert-pyramid: error: ")
    assert fragment in err and "Traceback" not in err


def test_the_real_command_line_and_a_console_without_card_symbols() -> None:
    """The installed entry point, through a console that cannot print "♠" (ASCII only)."""
    game = Game(get_layout(1), DESERT, Deal.from_seed(5, 3))
    code = encode_deal_code(game.deal, game.rules, 1)
    run = subprocess.run(
        [sys.executable, "-m", "desert_pyramid", "hint", code],
        capture_output=True,
        cwd=ROOT,
        env={**__import__("os").environ, "PYTHONIOENCODING": "ascii"},
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout.decode("ascii")
    assert "Verdict: winnable" in out and "Hint: " in out
    bad = subprocess.run(
        [sys.executable, "-m", "desert_pyramid", "hint", "DG-nope"],
        capture_output=True,
        cwd=ROOT,
        timeout=120,
    )
    assert bad.returncode == 2 and bad.stdout == b""
    assert bad.stderr.decode().startswith("desert-pyramid: error: game code")
