"""The game window's command-line options: bad values give one line and exit 2; a headless run
draws frames, saves a screenshot and prints frame statistics."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from desert_pyramid.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--headless"], "--headless needs --frames"),
        (["--frames", "abc"], "--frames must be a whole number"),
        (["--frames", "0"], "--frames must be from 1"),
        (["--frames", "2", "--screenshot", "shot.jpg"], "must be a .png"),
        (["--frames", "2", "--screenshot", "/no/such/folder/a.png"], "does not exist"),
        (["--screenshot", "a.png"], "--screenshot needs --frames"),
        (["--frame-stats"], "--frame-stats needs --frames"),
        (["--frames", "2", "--size", "huge"], "--size must look like 1280x720"),
        (["--frames", "2", "--size", "100x100"], "out of range"),
        (["--frames", "2", "--code", "DP-1-XXXX"], "--code:"),
        (["--frames", "2", "--code", "DP-2-002G-98GW", "--mode", "daily"], "plays a practice deal"),
        (["--frames", "2", "--seed", "-4"], "--seed must be from 0"),
        (["--mode", "sideways"], "invalid choice"),
    ],
)
def test_bad_options_give_one_line_and_exit_2(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Traceback" not in err
    assert words in err


def run(
    args: list[str], tmp_path: Path, more_env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    # the game opens its save folder: a temporary one, never the player's
    env = dict(os.environ, PYTHONPATH=str(ROOT), DESERT_PYRAMID_SAVE_DIR=str(tmp_path / "saves"))
    env.update(more_env or {})
    return subprocess.run(
        [sys.executable, "-m", "desert_pyramid", *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_headless_frames_screenshot_and_stats(tmp_path: Path) -> None:
    shot = tmp_path / "table.png"
    out = run(
        [
            "--headless",
            "--frames",
            "5",
            "--screenshot",
            str(shot),
            "--frame-stats",
            "--code",
            "DP-2-002G-98GW",
        ],
        tmp_path,
    )
    assert out.returncode == 0, out.stderr
    stats = json.loads(out.stdout.strip().splitlines()[-1])
    assert stats["frames"] == 5
    for key in ("median_ms", "p95_ms", "max_ms", "first_frame_s", "peak_rss_mb"):
        assert stats[key] > 0
    assert stats["median_ms"] <= stats["p95_ms"] <= stats["max_ms"]
    image = Image.open(shot)
    assert image.size == (1280, 720)
    assert image.mode == "RGB"  # opaque, as a player sees it: no alpha to wash it out on a page
    # the deal code's table: a dark HUD bar on top, sand below
    rgb = image.convert("RGB")
    assert max(rgb.getpixel((600, 20))) < 110
    assert rgb.getpixel((20, 650))[0] > 180


def test_headless_title_at_another_size(tmp_path: Path) -> None:
    shot = tmp_path / "title.png"
    out = run(
        ["--headless", "--frames", "2", "--screenshot", str(shot), "--size", "800x600"], tmp_path
    )
    assert out.returncode == 0, out.stderr
    assert Image.open(shot).size == (800, 600)


# the layouts screen (opened by the layout audit's tests in the fast group too) in CI's second
# pass (the slow group): a process of its own each
@pytest.mark.parametrize("screen", ["editor", pytest.param("layouts", marks=pytest.mark.slow)])
def test_headless_editor_and_layouts_screens(tmp_path: Path, screen: str) -> None:
    shot = tmp_path / f"{screen}.png"
    out = run(
        ["--headless", "--frames", "30", "--screenshot", str(shot), "--screen", screen],
        tmp_path,
    )
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    rgb = Image.open(shot).convert("RGB")
    assert rgb.size == (1280, 720)
    if screen == "editor":  # the grid's dark well, with the bright free cards of the pyramid
        assert max(rgb.getpixel((100, 500))) < 80
        bright = sum(1 for x in range(300, 600, 4) if min(rgb.getpixel((x, 360))) > 220)
        assert bright > 20
