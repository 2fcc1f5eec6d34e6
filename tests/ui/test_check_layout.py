"""``--check-layout``: the audit of every drawn part's box, run through the real command line;
it prints the parts as JSON and fails, naming them, on a part out of the window, two parts that
overlap, or a text that does not fit its box."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from desert_pyramid.cli import main
from desert_pyramid.ui.base import audit
from desert_pyramid.ui.base.geometry import Rect

ROOT = Path(__file__).resolve().parents[2]


def run(args: list[str], tmp_path: Path, script: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), DESERT_PYRAMID_SAVE_DIR=str(tmp_path / "saves"))
    command = [sys.executable, script] if script else [sys.executable, "-m", "desert_pyramid"]
    return subprocess.run(
        [*command, "--headless", "--frames", "3", "--check-layout", *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )


def test_a_button_moved_out_of_the_window_fails_the_check(tmp_path: Path) -> None:
    good = run(["--size", "1280x720"], tmp_path)
    assert good.returncode == 0, good.stderr
    parts = json.loads(good.stdout)
    names = {p["name"] for p in parts if p["kind"] == "button"}
    assert {"Continue", "Expedition", "Quit"} <= names
    moved = run(
        ["--size", "1280x720"], tmp_path, script=str(Path(__file__).with_name("audit_moved.py"))
    )
    assert moved.returncode == 1
    assert "button 'Continue' lies outside the window" in moved.stderr
    assert "Traceback" not in moved.stderr
    assert json.loads(moved.stdout)  # the parts are still printed


@pytest.mark.parametrize(("screen", "size"), [("practice", "1366x768"), ("help", "1600x900")])
def test_a_text_in_a_box_off_the_pixel_grid_keeps_its_margin(
    screen: str, size: str, tmp_path: Path
) -> None:
    """At these sizes a text's box starts between two pixels; the fitted text is centred in it
    with room under its descenders (it sat a pixel too low: 'glyphs [553, 120, …] in [369, 119,
    …]')."""
    out = run(["--screen", screen, "--size", size], tmp_path)
    assert out.returncode == 0, out.stderr


def test_the_table_of_a_layout_is_audited(tmp_path: Path) -> None:
    out = run(["--size", "800x600", "--layout", "3"], tmp_path)
    assert out.returncode == 0, out.stderr
    kinds = {p["kind"] for p in json.loads(out.stdout)}
    assert {"card", "pile", "button", "text"} <= kinds


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--check-layout"], "--check-layout needs --frames"),
        (["--frames", "2", "--check-layout", "--frame-stats"], "choose one"),
        (["--frames", "2", "--layout", "0"], "--layout must be from 1"),
        (["--frames", "2", "--layout", "٣"], "--layout must be a whole number"),
        (["--frames", "2", "--layout", "9" * 5000], "--layout"),
        (["--frames", "2", "--layout", "500"], "--layout: layout 500"),
        (["--frames", "2", "--layout", "2", "--code", "DP-2-002G-98GW"], "choose one"),
        (["--frames", "2", "--layout", "2", "--mode", "daily"], "starts a practice deal"),
    ],
)
def test_bad_layout_options_give_one_line(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Traceback" not in err
    assert words in err


def part(kind: str, name: str, rect: Rect, **kw: object) -> audit.Part:
    return audit.Part(kind, name, rect, **kw)  # type: ignore[arg-type]


def test_the_faults_the_audit_finds() -> None:
    ok = [
        part("button", "Play", Rect(10, 10, 100, 30), owner="b"),
        part(
            "text",
            "Play",
            Rect(40, 15, 40, 20),
            box=Rect(10, 10, 100, 30),
            ink=Rect(41, 17, 38, 14),
            owner="b",
        ),
        part("card", "7♠", Rect(200, 100, 70, 95), layer="table"),
        part("card", "6♥", Rect(230, 120, 70, 95), layer="table"),  # cards may lie on cards
        part("button", "Menu", Rect(200, 100, 50, 30)),  # another layer: not compared
    ]
    assert audit.problems(ok, 640, 360) == []
    out = part("button", "Quit", Rect(600, 10, 100, 30))
    assert audit.problems([out], 640, 360) == [
        "button 'Quit' lies outside the window: [600, 10, 700, 40]"
    ]
    touching = part(
        "text",
        "Lost where?",
        Rect(10, 10, 100, 20),
        box=Rect(10, 10, 100, 30),
        ink=Rect(10, 14, 100, 12),
    )
    assert "does not fit its box" in audit.problems([touching], 640, 360)[0]
    edge = part("text", "hint", Rect(0, 0, 50, 20), ink=Rect(5, 0, 40, 12))  # on the window's edge
    assert "does not fit the window" in audit.problems([edge], 640, 360)[0]
    a = part("text", "one", Rect(0, 100, 80, 20), ink=Rect(2, 102, 70, 14))
    b = part("text", "two", Rect(60, 100, 80, 20), ink=Rect(62, 102, 70, 14))
    assert audit.problems([a, b], 640, 360) == ["text 'one' overlaps text 'two'"]
    over = part("text", "+70", Rect(220, 120, 40, 20), ink=Rect(221, 121, 30, 14), layer="table")
    assert audit.problems([ok[2], over], 640, 360) == ["card '7♠' overlaps text '+70'"]


def test_a_part_in_a_scroll_area_is_seen_through_it() -> None:
    recorder = audit.start()
    try:
        with audit.scrolled(Rect(0, 100, 640, 200), dy=50):
            audit.report("text", "row 1", Rect(10, 200, 100, 20), ink=Rect(11, 202, 90, 14))
            audit.report("text", "far down", Rect(10, -900, 100, 20), ink=Rect(11, -898, 90, 14))
            audit.report("text", "half", Rect(10, 240, 100, 20), ink=Rect(11, 242, 90, 14))
    finally:
        audit.stop()
    names = [p.name for p in recorder.parts]
    assert names == ["row 1", "half"]  # the one scrolled out of the area is not drawn
    assert recorder.parts[0].rect == Rect(10, 250, 100, 20)
    assert recorder.parts[1].rect == Rect(10, 290, 100, 10)  # cut by the area's top
    assert audit.problems(recorder.parts, 640, 360) == []


def test_a_cut_text_is_a_fault() -> None:
    """Text cut with "…" is a fault (issue 40: it passed as fitting); a text that says "…"
    itself, whole, is not."""
    cut = audit.Part(
        "text", "Brass…", Rect(10, 10, 60, 20), ink=Rect(11, 12, 50, 14), whole="Brass Compass"
    )
    assert audit.problems([cut], 640, 360) == [
        "text 'Brass…' is cut: it should say 'Brass Compass'"
    ]
    whole = audit.Part("text", "analysing…", Rect(10, 10, 90, 20), ink=Rect(11, 12, 80, 14))
    assert audit.problems([whole], 640, 360) == []


def test_a_pop_up_is_audited_with_what_it_covers() -> None:
    """A toast over a heading, a panel over a card its text names, a dialog about the whole
    position over any card: faults on whatever layer they lie; a card it does not name is not."""
    head = audit.Part(
        "text", "RESULTS", Rect(200, 300, 200, 30), ink=Rect(210, 305, 180, 20), heading=True
    )
    toast = audit.Part("popup", "toast", Rect(350, 250, 280, 80), layer="overlay")
    assert audit.problems([head, toast], 640, 360) == [
        "popup 'toast' covers the heading: text 'RESULTS'"
    ]
    named = audit.Part("card", "7♠", Rect(100, 100, 40, 56), layer="table")
    other = audit.Part("card", "K♥", Rect(300, 100, 40, 56), layer="table")
    panel = audit.Part("popup", "worked example", Rect(0, 90, 640, 80), names=("7♠",))
    assert audit.problems([named, other, panel], 640, 360) == [
        "popup 'worked example' covers the card it names: card '7♠'"
    ]
    dialog = audit.Part("popup", "stuck", Rect(250, 80, 140, 100), names=(audit.EVERY_CARD,))
    assert audit.problems([named, other, dialog], 640, 360) == [
        "popup 'stuck' covers the card it names: card 'K♥'"
    ]
