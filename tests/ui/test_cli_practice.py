"""The Practice set-up asks the same one check as the command line (``engine.check_playable``):
a refused rule/layout pair is a message on the screen, never a table; and a deal code that
``desert-pyramid deal`` prints opens in the game window."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from arcade import key as K

from desert_pyramid.cli import main
from desert_pyramid.engine import CLASSIC, Deal, encode_deal_code

from .driver import Driver

ROOT = Path(__file__).resolve().parents[2]


def setup_screen(ui: Driver) -> Any:
    from desert_pyramid.ui.screens.practice import PracticeSetupView

    ui.app.show_view(PracticeSetupView(ui.app))
    ui.frames(1)
    return ui.view


def focus_row(ui: Driver, label: str) -> None:
    menu = ui.view.menu
    target = [b.label for b in menu.buttons].index(label)
    while menu.focus != target:
        ui.key(K.UP if menu.focus > target else K.DOWN)


def set_rules(ui: Driver, view: Any, name: str) -> None:
    focus_row(ui, "Rules")
    while view.menu.buttons[0].value != name:
        ui.key(K.RIGHT)


def test_the_set_up_refuses_what_the_engine_refuses(ui: Driver) -> None:
    from desert_pyramid.ui.screens.practice import PracticeSetupView
    from desert_pyramid.ui.table.view import TableView

    view = setup_screen(ui)
    set_rules(ui, view, "Desert")
    focus_row(ui, "Layout")
    while not view.menu.buttons[1].value.startswith("5 ·"):
        ui.key(K.RIGHT)
    set_rules(ui, view, "Classic")  # classic does not play layout 5: back to the classic pyramid
    assert view.menu.buttons[1].value.startswith("1 ·")
    focus_row(ui, "Layout")
    ui.key(K.RIGHT)
    assert view.menu.buttons[1].value.startswith("1 ·")
    assert (
        view.message == "The classic rules play the classic pyramid (layout 1) only, not layout 2."
    )
    # a deal code for the refused pair, typed in: the message, and the set-up stays
    code = encode_deal_code(Deal.from_seed(1), CLASSIC, 5)
    focus_row(ui, "Deal code")
    for ch in code:
        ui.app.dispatch_event("on_text", ch)
    ui.app.dispatch_events()
    ui.key(K.ENTER)
    ui.frames(1)
    assert isinstance(ui.view, PracticeSetupView)
    assert "classic pyramid (layout 1) only, not layout 5" in view.message
    assert view.code == code  # nothing lost
    # the refusal is the engine's: the set-up's check says the same for every pair
    set_rules(ui, view, "Relaxed")
    assert view.refusal(5) is None and view.refusal(55) is None
    set_rules(ui, view, "Strict")
    assert view.refusal(1) is None and view.refusal(2) is not None
    assert not isinstance(ui.view, TableView)


def test_a_printed_code_opens_in_the_window(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the code as `desert-pyramid deal` prints it (the command line's own main; test_cli_deal.py
    # runs it as a real process), opened by a real game process
    assert main(["deal", "--seed", "1", "--rules", "relaxed", "--layout", "5"]) == 0
    code = capsys.readouterr().out.splitlines()[1]
    env = dict(os.environ, PYTHONPATH=str(ROOT), DESERT_PYRAMID_SAVE_DIR=str(tmp_path / "saves"))
    dp = [sys.executable, "-m", "desert_pyramid"]
    shot = tmp_path / "table.png"
    out = subprocess.run(
        [*dp, "--headless", "--frames", "2", "--code", code, "--screenshot", str(shot)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert out.returncode == 0, out.stderr
    assert shot.stat().st_size > 1000
