"""The screens are listed once (app/screens.py): the command line offers that list and the
window has a way to open each of them."""

from __future__ import annotations

import argparse
from typing import Any

import pytest

from desert_pyramid.app.screens import STARTING, ScreenState
from desert_pyramid.commands.play import register_root
from desert_pyramid.ui.window import OPENERS

pytestmark = pytest.mark.ui


def test_every_screen_of_the_list_opens_and_the_command_line_offers_them() -> None:
    assert set(OPENERS) == set(STARTING)
    parser = argparse.ArgumentParser()
    register_root(parser)
    (screen,) = [a for a in parser._actions if a.dest == "screen"]
    assert tuple(screen.choices or ()) == STARTING


def test_the_application_knows_which_screen_is_up_and_why(ui: Any) -> None:
    app = ui.app
    app.start_practice()
    assert app.application.screen.name == "table" and app.application.seat is app.table.seat
    app.show_pause(app.table)
    assert app.application.screen == ScreenState("pause", "the player paused")
    app.on_deactivate()  # an untimed table: the pause stays, nothing more to say
    app.show_title()
    assert app.application.screen.name == "title"
    assert app.continue_game() and app.application.screen == ScreenState("table", "continue")
