"""First contact, as a newcomer meets the game (issue 27): every sub-command's help says what it
does, a game code given where a deal is expected points to the commands that read it, and a
display that cannot be reached is named."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from desert_pyramid.catalog import get_layout
from desert_pyramid.cli import build_parser, main
from desert_pyramid.engine import RELAXED, Deal, Game, encode_game_code

ROOT = Path(__file__).resolve().parent.parent


def sub_parsers() -> dict[str, argparse.ArgumentParser]:
    for action in build_parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("no sub-commands")


@pytest.mark.parametrize("name", sorted(sub_parsers()))
def test_every_sub_command_help_has_a_description(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([name, "--help"]) == 0
    out = capsys.readouterr().out
    usage, _, rest = out.partition("\n\n")
    description = rest.split("\n\n")[0]
    assert not description.startswith(("positional arguments", "options")), out
    assert len(description.split()) >= 8, description


def game_code() -> str:
    game = Game(get_layout(1), RELAXED, Deal.from_seed(3))
    for _ in range(5):
        game.play(game.legal_moves()[0])
    return encode_game_code(game)


@pytest.mark.parametrize("command", ["show", "solve"])
def test_a_game_code_given_to_show_or_solve_points_to_replay_and_hint(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command, game_code()]) == 2
    err = capsys.readouterr().err
    assert "is not a card" not in err and "card 1 of the deal" not in err
    assert "game code" in err and "desert-pyramid replay CODE" in err
    assert "desert-pyramid hint CODE" in err and err.count("\n") == 1


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="an X display is a Linux matter")
def test_an_unreachable_display_is_named() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("ARCADE_HEADLESS", "WAYLAND_DISPLAY")}
    env.update(PYTHONPATH=str(ROOT), DISPLAY=":97")
    out = subprocess.run(
        [sys.executable, "-m", "desert_pyramid", "--frames", "1"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 2
    assert '"None"' not in out.stderr and 'the display ":97"' in out.stderr, out.stderr
