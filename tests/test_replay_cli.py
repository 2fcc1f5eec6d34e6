"""``desert-pyramid replay``: a game code printed move by move, analysed, as JSON; solve's game code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desert_pyramid.catalog import get_layout
from desert_pyramid.cli import main
from desert_pyramid.engine import CLASSIC, Deal, Game, decode_game_code, encode_game_code


def lost_classic_game() -> Game:
    game = Game(get_layout(1), CLASSIC, Deal.from_seed(1, 4550))
    game.replay("25+22 F F F F KW F F F F F 28+W 26+W K19 F".split())
    return game


def test_solve_json_gives_the_game_code_of_its_winning_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["solve", "DP-1-002G-9NG9", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["verdict"] == "winnable"
    read = decode_game_code(out["game_code"], get_layout)
    assert [str(m) for m in read.moves] == out["line"]
    assert read.game(get_layout(1)).won


def test_solve_json_game_code_includes_the_moves_played_first(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["solve", "DP-1-002G-9NG9", "--moves", "K27", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    read = decode_game_code(out["game_code"], get_layout)
    assert [str(m) for m in read.moves] == ["K27", *out["line"]]


def test_replay_prints_every_move_with_its_score_and_the_outcome(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["solve", "DP-1-002G-9NG9", "--json"]) == 0
    code = json.loads(capsys.readouterr().out)["game_code"]
    assert main(["replay", code]) == 0
    out = capsys.readouterr().out
    lines = [ln for ln in out.splitlines() if ln[:5].strip().rstrip(".").isdigit()]
    game = decode_game_code(code, get_layout).game(get_layout(1))
    assert len(lines) == game.moves
    assert lines[-1].endswith(f"score {game.score}")
    assert f"Outcome: won, score {game.score}" in out


def test_replay_analyse_names_the_move_that_lost(capsys: pytest.CaptureFixture[str]) -> None:
    code = encode_game_code(lost_classic_game())
    assert main(["replay", code, "--analyse"]) == 0
    out = capsys.readouterr().out
    assert "  13. 26+W" in out and "<- the move that lost the deal" in out
    assert "Move 13 (pair the 3♦ with the 10♠ from the waste) lost the deal." in out
    assert "Winnable instead: flip the stock." in out


def test_replay_analyse_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = encode_game_code(lost_classic_game())
    assert main(["replay", code, "--analyse", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["analysis"]["losing_move"] == 13
    assert [m["losing"] for m in out["moves"]].index(True) == 12
    assert out["moves"][11]["verdict"] == "winnable" and out["moves"][12]["verdict"] == "lost"
    assert out["won"] is False and out["rules"] == str(CLASSIC)


@pytest.mark.parametrize("bad", ["DG-1234-5678-9ABC", "DP-1-002G-9NG9", "", "DG-" + "9" * 5000])
def test_a_bad_code_is_one_line_and_exit_2(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", bad]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "game code" in err


def test_every_single_typo_of_a_code_is_refused_by_the_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = encode_game_code(lost_classic_game())
    i = len(code) // 2
    i += code[i] == "-"
    typo = code[:i] + ("0" if code[i] != "0" else "1") + code[i + 1 :]
    assert main(["replay", typo]) == 2
    assert "does not check out" in capsys.readouterr().err


def test_replay_gif_has_a_frame_per_position_at_the_size_asked(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    from PIL import Image

    game = lost_classic_game()
    code = encode_game_code(game)
    out = tmp_path / "game.gif"
    env = {**os.environ, "ARCADE_HEADLESS": "1"}
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "desert_pyramid",
            "replay",
            code,
            "--gif",
            str(out),
            "--size",
            "640x400",
            "--speed",
            "2",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=180,
    )
    assert proc.returncode == 0, proc.stderr
    assert f"GIF: {out} ({game.moves + 1} frames, 640x400)" in proc.stdout
    with Image.open(out) as im:
        assert im.size == (640, 400)
        assert im.n_frames == game.moves + 1
        assert im.info["duration"] == 3 * 450  # the first frame held; 0.9 s a move at speed 2
        im.seek(1)
        assert im.info["duration"] == 450


@pytest.mark.parametrize(
    ("gif", "message"),
    [
        ("game.png", "must name a .gif file"),
        ("nowhere/game.gif", "does not exist"),
        ("dir.gif", "is a folder"),
    ],
)
def test_replay_gif_paths_are_checked_before_drawing(
    gif: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "dir.gif").mkdir()
    code = encode_game_code(lost_classic_game())
    assert main(["replay", code, "--gif", str(tmp_path / gif)]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("speed", ["0", "9", "nan", "fast", "²"])
def test_replay_speed_is_checked(speed: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = encode_game_code(lost_classic_game())
    assert main(["replay", code, "--speed", speed]) == 2
    assert "--speed" in capsys.readouterr().err


def test_code_option_takes_a_game_code_to_its_replay() -> None:
    from desert_pyramid.cli import build_parser
    from desert_pyramid.commands.play import options_from_args
    from desert_pyramid.engine import GameCode

    code = encode_game_code(lost_classic_game())
    args = build_parser().parse_args(["--code", code])
    options = options_from_args(args)
    assert isinstance(options.code, GameCode) and len(options.code.moves) == 15


@pytest.mark.parametrize("extra", [[], ["--mode", "daily"]])
def test_code_option_refuses_a_bad_game_code_or_a_mode(
    extra: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code = encode_game_code(lost_classic_game())
    bad = code if extra else code[:-1] + ("0" if code[-1] != "0" else "1")
    assert main(["--code", bad, *extra]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and ("does not check out" in err or "drop --mode" in err)
