"""Events a mode adds to the engine's events (the view can animate them)."""

from __future__ import annotations

from dataclasses import dataclass

from desert_pyramid.engine.events import Event


@dataclass(frozen=True, slots=True)
class PyramidCleared(Event):
    """Expedition: pyramid ``number`` was cleared; ``bonus_ms`` of daylight were added."""

    number: int
    bonus_ms: int
    score: int


@dataclass(frozen=True, slots=True)
class PyramidSkipped(Event):
    """Expedition: pyramid ``number`` was skipped for ``cost_ms`` of daylight."""

    number: int
    cost_ms: int


@dataclass(frozen=True, slots=True)
class NewPyramid(Event):
    """Expedition: a new deal is on the table as pyramid ``number`` (scores × ``number``)."""

    number: int


@dataclass(frozen=True, slots=True)
class TrekEnded(Event):
    """Expedition: the daylight is gone (or the trek was left); the results are ready."""

    pyramids_cleared: int
    score: int


@dataclass(frozen=True, slots=True)
class DailyCleared(Event):
    """Daily: the deal was cleared in ``seconds``; ``time_bonus`` points were added."""

    seconds: int
    time_bonus: int


@dataclass(frozen=True, slots=True)
class PracticeWon(Event):
    """Practice: the deal was won."""

    seconds: int
    score: int
