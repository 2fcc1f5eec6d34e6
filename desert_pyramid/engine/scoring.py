"""Scoring that depends on time. The engine never reads a clock: the seconds are passed in."""

from __future__ import annotations

TIMED_PENALTY = 30  # points lost per full 30 s (the timed scoring, docs/rules.md)
TIMED_PERIOD = 30
TIMED_WIN = 600_000  # the timed scoring: + 600000 / seconds on a win
DAILY_BONUS = 1800  # design: max(0, 1800 - 6 x whole seconds)
DAILY_PER_SECOND = 6


def timed_score(removal_points: int, seconds: float, won: bool) -> int:
    """The timed scoring (the relaxed preset's): the removal points, minus 30 per full 30 s on the clock (never below 0),
    plus 600000 / seconds (whole seconds, at least 1) on a win."""
    whole = max(0, int(seconds))
    score = max(0, removal_points - TIMED_PENALTY * (whole // TIMED_PERIOD))
    if won:
        score += TIMED_WIN // max(1, whole)
    return score


def daily_time_bonus(seconds: float) -> int:
    """The Daily's time bonus on a clear: max(0, 1800 - 6 x whole seconds taken)."""
    return max(0, DAILY_BONUS - DAILY_PER_SECOND * max(0, int(seconds)))
