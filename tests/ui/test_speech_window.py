"""The window speaks: --speech-log, the keys that read the table, the menus, and a voice that fails."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from arcade import key as K

from desert_pyramid.catalog import get_layout
from desert_pyramid.cli import main
from desert_pyramid.engine import DESERT, Deal
from desert_pyramid.speech import RecordBackend, SpeechError

from .test_ui_cli import run

pytestmark = pytest.mark.ui


@pytest.fixture
def said(ui: Any) -> Iterator[list[str]]:
    voice = ui.app.speech.voice
    log = RecordBackend()
    before = voice.log
    voice.log = log
    yield log.lines
    voice.log = before


def heard(lines: list[str], ui: Any, symbol: int, modifiers: int = 0) -> str:
    start = len(lines)
    ui.key(symbol, modifiers)
    ui.frames(1)
    return " ".join(lines[start:])


def test_a_headless_autoplay_writes_the_announcements_of_the_deal(tmp_path: Path) -> None:
    log = tmp_path / "said.txt"
    args = ["--headless", "--frames", "200", "--autoplay", "--mode", "practice", "--seed", "3"]
    proc = run([*args, "--speech-log", str(log)], tmp_path)
    assert proc.returncode == 0, proc.stderr
    lines = log.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("Practice.") and "Rules: Desert, " in lines[0]
    moves = [s for s in lines if s.startswith(("Paired the", "Removed the", "Flipped the"))]
    assert len(moves) >= 3, lines


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("/no/such/folder/said.txt", "--speech-log: the folder"),
        (".", "is a folder, not a file"),
    ],
)
def test_a_bad_speech_log_gives_one_line(
    value: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--frames", "2", "--speech-log", value]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and words in err


def test_the_keys_read_the_table(ui: Any, said: list[str]) -> None:
    layout = get_layout(1)
    ui.app.start_practice(DESERT, layout, Deal.from_seed(5))
    ui.frames(1)
    board = heard(said, ui, K.B)
    assert board.startswith("Free cards: Row 7: ")
    assert "Waste: empty. Satchel: empty. Stock, 24 cards, 2 redeals left." in board
    first = heard(said, ui, K.TAB)  # the first free card of the bottom row
    assert first.startswith("Seven of clubs, row 7 card 1, free."), first
    again = heard(said, ui, K.F)
    assert again == first
    assert heard(said, ui, K.C) == "Nothing covers the seven of clubs."
    sevens = heard(said, ui, K.R)
    assert sevens.startswith("Sevens: ") and "seven of clubs row 7 card 1, free" in sevens
    kings = heard(said, ui, K.K)
    assert (
        kings.startswith("Kings: ") and kings.count("king of") + kings.count(" in the stock") >= 1
    )
    tens = heard(said, ui, K.KEY_0)
    assert tens.startswith("Tens: ")
    status = heard(said, ui, K.D)
    assert status.startswith("Score 0, chain 0, 0 moves, time "), status
    back = heard(said, ui, K.TAB, K.MOD_SHIFT)  # back round to the last target: a button
    assert back.endswith("button."), back


def test_the_menus_say_their_focused_button(ui: Any, said: list[str]) -> None:
    ui.app.show_title()
    ui.frames(1)
    assert said[-1].startswith("Desert Pyramid, title screen.")
    menu = ui.view.menu
    step = heard(said, ui, K.DOWN)
    b = menu.buttons[menu.focus]
    assert step.startswith(b.label.split(" · ")[0]), (step, b.label)


def test_speech_that_fails_says_so_once_on_screen_and_f2_tries_again(
    ui: Any, said: list[str]
) -> None:
    voice = ui.app.speech.voice
    calls: list[str] = []

    def missing(name: str) -> Any:
        calls.append(name)
        raise SpeechError(f"{name} is not installed")

    old = (voice.factory, voice.choice, voice.order)
    try:
        voice.factory, voice.order = missing, ("espeak-ng",)
        voice.configure("on")
        ui.app.start_practice(DESERT, get_layout(1), Deal.from_seed(5))
        ui.frames(2)
        overlay = ui.app.overlay
        shown = [t.text for t in [overlay.current, *overlay.queue] if t is not None]
        assert any("Speech is off: espeak-ng is not installed" in t for t in shown), shown
        failed = [
            t for t in [overlay.current, *overlay.queue] if t is not None and "espeak" in t.text
        ]
        assert [t.heading for t in failed] == ["Speech"]  # not the save files' "warning"
        assert "illegal" in ui.app.sounds.played  # no voice could say it: a sound instead
        ui.key(K.SPACE)
        ui.frames(2)
        assert calls == ["espeak-ng"]  # quiet: not tried on every announcement
        assert said[-1].startswith("Flipped the")  # the game and its log go on
        heard(said, ui, K.F2)
        assert calls == ["espeak-ng", "espeak-ng"]  # asked: tried again
    finally:
        voice.factory, voice.order = old[0], old[2]
        voice.configure(old[1])
        voice.broken = ""


@pytest.mark.parametrize("speed", [1.0, 0.0])
def test_with_animations_off_nothing_shakes_and_moves_land_at_once(ui: Any, speed: float) -> None:
    from desert_pyramid.app.prefs import Settings

    ui.app.set_settings(Settings(animation_speed=speed, mute=True))
    ui.app.start_practice(DESERT, get_layout(1), Deal.from_seed(5))
    ui.frames(1)
    view = ui.view
    game = view.game
    covered = next(i for i in range(game.layout.size) if not game.is_free(i))
    view.apply(view.control.click(covered))  # a covered card: refused, with a shake
    shaking = view.board.cards[game.cards[covered]].shake_fx is not None
    assert shaking == (speed > 0)
    ui.key(K.SPACE)  # a flip: with animations off the card is on the waste at once
    assert view.board.busy == (speed > 0)


def test_the_replay_says_each_move_and_what_the_analysis_makes_of_it(
    ui: Any, said: list[str]
) -> None:
    from desert_pyramid.solver.analysis import analyse

    from .test_replay_view import lost_game, open_replay

    game = lost_game()
    view = open_replay(ui, game)
    view.analysis = analyse(game)
    ui.frames(1)
    lost = heard(said, ui, K.L)  # to the move that lost the deal
    assert "Next, move 13 lost the deal. Winnable instead:" in lost, lost
    step = heard(said, ui, K.RIGHT)
    assert step.startswith(
        "13. pair the three of diamonds with the ten of spades from the waste, the move that lost the deal"
    ), step
    assert "Move 13 of 15" in step


def test_the_layout_picker_says_the_focused_layout(ui: Any, said: list[str]) -> None:
    ui.app.show_layouts()
    ui.frames(2)
    start = len(said)
    ui.key(K.RIGHT)
    ui.frames(1)
    step = " ".join(said[start:])
    layout = ui.view.layouts[ui.view.focus]
    assert f"{layout.number}, {layout.name}, {layout.size} cards" in step, step


def test_how_to_play_reads_the_section_in_view(ui: Any, said: list[str]) -> None:
    ui.app.show_howto(None, "rules")
    ui.frames(2)
    page = ui.view.page
    first = page.sections[page.current_section()]
    opened = " ".join(said[-2:])
    assert f"{first.title}." in opened and first.paragraphs[0].plain()[:40] in opened, opened
    start = len(said)
    for _ in range(40):  # scroll down until the next section is in view
        ui.key(K.DOWN)
        ui.frames(1)
        if page.current_section() > 0:
            break
    nxt = page.sections[page.current_section()]
    assert any(s.startswith(f"{nxt.title}.") for s in said[start:]), said[start:]


def test_a_selection_dropped_is_said(ui: Any, said: list[str]) -> None:
    ui.app.start_practice(DESERT, get_layout(1), Deal.from_seed(5))
    ui.frames(1)
    view = ui.view
    game = view.game
    # a free card with two partners: Enter selects it and asks which one
    two = next(s for s in game.free_slots() if len(view.control.partners_of(s)) > 1)
    while view.focus != two:
        heard(said, ui, K.TAB)
    picked = heard(said, ui, K.ENTER)
    assert "pick one" in picked, picked
    assert heard(said, ui, K.X) == "Selection dropped."


def test_the_statistics_say_their_figures(ui: Any, said: list[str]) -> None:
    ui.app.show_statistics()
    ui.frames(2)
    view = ui.view
    pairs = view.figure_texts()
    assert pairs  # even with no game played, the tiles show their figures
    opened = " ".join(said[-3:])
    label, value = pairs[0]
    assert f"{label}: {value}." in opened, opened


@pytest.mark.skipif(sys.platform == "win32", reason="the stand-in espeak-ng is a #! script")
def test_the_saved_voice_speaks_from_the_start_in_the_saved_language(tmp_path: Path) -> None:
    """``speech = "espeak-ng"`` and ``language = "de"`` in the save: the game started by a blind
    player speaks the title at once through espeak-ng, in German (-v de), with no F2."""
    from desert_pyramid.storage import SaveStore

    from ..speech_fakes import calls, fake_program

    store = SaveStore.open(tmp_path / "saves")
    store.update_settings({"speech": "espeak-ng", "language": "de"})
    store.close()
    argv = tmp_path / "argv.txt"
    fake_program(tmp_path / "bin", "espeak-ng", argv)
    env_path = f"{tmp_path / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}"
    proc = run(["--headless", "--frames", "40"], tmp_path, {"PATH": env_path})
    assert proc.returncode == 0, proc.stderr
    spoken = [c for c in calls(argv) if c[-1] != "."]
    assert spoken, calls(argv)
    assert spoken[0][spoken[0].index("-v") + 1] == "de", spoken[0]
    assert spoken[0][-1].startswith("Desert Pyramid, Titelbild."), spoken[0]
