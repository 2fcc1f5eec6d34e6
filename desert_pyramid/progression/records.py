"""Plain records that the modes hand to progression: a finished game and a finished trek.

A *game* is one deal: one Practice deal, one Daily, or one pyramid of an Expedition. Its
``game_id`` is unique per attempt (the modes make it when the deal starts); recording the same id
twice is a no-op, so an undo and a re-clear, or a replay of the results screen, never counts twice.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Literal, get_args

Mode = Literal["expedition", "daily", "practice"]
Outcome = Literal["won", "lost", "abandoned"]

MODES: tuple[str, ...] = get_args(Mode)
OUTCOMES: tuple[str, ...] = get_args(Outcome)


def is_iso_date(text: str) -> bool:
    """True for a calendar date written YYYY-MM-DD."""
    if len(text) != 10:
        return False
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _check_text(name: str, value: object) -> None:
    if not isinstance(value, str) or not value or len(value) > 200:
        raise ValueError(f"{name} must be a non-empty text of at most 200 characters, not {value!r}")


def _check_count(name: str, value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{name} must be a whole number >= 0, not {value!r}")


def _check_date(name: str, value: object, *, optional: bool = False) -> None:
    if optional and value == "":
        return
    if not isinstance(value, str) or not is_iso_date(value):
        raise ValueError(f"{name} must be a date YYYY-MM-DD, not {value!r}")


def _check_seconds(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not (0 <= value < 1e9):
        raise ValueError(f"{name} must be a number of seconds >= 0, not {value!r}")


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished deal.

    ``outcome``: "won" (layout cleared), "lost" (stuck and given up, or the sunset ended the
    Expedition on this pyramid) or "abandoned" (left unfinished, skipped). Both "lost" and
    "abandoned" count as a loss.
    ``pyramid_number``: in an Expedition, this pyramid's number in its trek (1, 2, ...); since a skip
    keeps the number, clearing pyramid k means k pyramids cleared in this trek. 0 elsewhere.
    ``date``: the player's local date when the game ended. ``deal_date``: for a Daily, the date of
    the daily deal; the day streak counts a clear only when ``deal_date == date``.
    """

    game_id: str
    mode: Mode
    preset: str
    layout: int
    outcome: Outcome
    score: int
    seconds: float
    best_chain: int
    redeals_used: int
    date: str
    pyramid_number: int = 0
    deal_date: str = ""
    trek_id: str = ""

    def __post_init__(self) -> None:
        _check_text("game_id", self.game_id)
        if self.mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {self.mode!r}")
        _check_text("preset", self.preset)
        if not isinstance(self.layout, int) or isinstance(self.layout, bool) or self.layout < 1:
            raise ValueError(f"layout must be a layout number >= 1, not {self.layout!r}")
        if self.outcome not in OUTCOMES:
            raise ValueError(f"outcome must be one of {', '.join(OUTCOMES)}, not {self.outcome!r}")
        _check_count("score", self.score)
        _check_seconds("seconds", self.seconds)
        _check_count("best_chain", self.best_chain)
        _check_count("redeals_used", self.redeals_used)
        _check_date("date", self.date)
        _check_count("pyramid_number", self.pyramid_number)
        _check_date("deal_date", self.deal_date, optional=True)
        if self.trek_id:
            _check_text("trek_id", self.trek_id)

    @property
    def won(self) -> bool:
        return self.outcome == "won"


@dataclass(frozen=True, slots=True)
class TrekResult:
    """One finished Expedition (the sunset came, or the player left it)."""

    trek_id: str
    pyramids_cleared: int
    score: int
    best_chain: int
    seconds: float
    date: str
    preset: str = "desert"
    layout: int = 1

    def __post_init__(self) -> None:
        _check_text("trek_id", self.trek_id)
        _check_count("pyramids_cleared", self.pyramids_cleared)
        _check_count("score", self.score)
        _check_count("best_chain", self.best_chain)
        _check_seconds("seconds", self.seconds)
        _check_date("date", self.date)
        _check_text("preset", self.preset)
        if not isinstance(self.layout, int) or isinstance(self.layout, bool) or self.layout < 1:
            raise ValueError(f"layout must be a layout number >= 1, not {self.layout!r}")
