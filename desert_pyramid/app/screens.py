"""The game's screens, listed once: the window opens them (``ui/window.py``), the command line's
``--screen`` offers them (``commands/play.py``) and the application says which one is up and why
(:class:`desert_pyramid.app.application.Application`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

ScreenName = Literal[
    "title",
    "table",
    "pause",
    "results",
    "settings",
    "help",
    "practice",
    "relics",
    "statistics",
    "backs",
    "howto",
    "layouts",
    "editor",
    "daily",
    "replay",
]
SCREENS: tuple[ScreenName, ...] = get_args(ScreenName)

OVER_A_TABLE: frozenset[ScreenName] = frozenset({"table", "pause", "results", "help"})
"""The screens that show a deal in play (``--screen`` deals a Practice table first)."""

STARTING: tuple[ScreenName, ...] = tuple(s for s in SCREENS if s not in ("daily", "replay"))
"""The screens ``--screen`` may start on (the Daily and a replay are opened with ``--mode
daily`` and ``--code GAMECODE``)."""


@dataclass(frozen=True, slots=True)
class ScreenState:
    """The screen that is up and why it was opened (``"new deal"``, ``"continue"``, ``"pause"``,
    ``"finished"``, ...)."""

    name: ScreenName
    why: str = ""


def screen_name(text: str) -> ScreenName:
    """``text`` as one of :data:`SCREENS`; a name that is not one raises :class:`ValueError`."""
    for name in SCREENS:
        if name == text:
            return name
    raise ValueError(f"there is no screen '{text}': screens are {', '.join(SCREENS)}")
