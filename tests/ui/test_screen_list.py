"""The screens are listed once (app/screens.py): the command line offers that list and the
window has a way to open each of them."""

from __future__ import annotations

import argparse

import pytest

from desert_pyramid.app.screens import STARTING
from desert_pyramid.commands.play import register_root
from desert_pyramid.ui.app import OPENERS

pytestmark = pytest.mark.ui


def test_every_screen_of_the_list_opens_and_the_command_line_offers_them() -> None:
    assert set(OPENERS) == set(STARTING)
    parser = argparse.ArgumentParser()
    register_root(parser)
    (screen,) = [a for a in parser._actions if a.dest == "screen"]
    assert tuple(screen.choices or ()) == STARTING
