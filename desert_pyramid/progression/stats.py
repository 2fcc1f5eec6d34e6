"""Statistics per (mode, rule preset, layout), an untimed Expedition or Daily apart.

Every finished game counts once: a win, or a loss ("lost" and "abandoned" alike; a deal the player
leaves unfinished is a loss). Streaks count consecutive wins within one key. Best score is the
highest score of any finished game, best time the fastest win, best trek the most pyramids (and,
separately, the highest score) of one Expedition. ``recent`` keeps the last ``RECENT_LIMIT``
results of the key, oldest first, for the results chart.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from desert_pyramid.i18n import N_, _, pgettext
from desert_pyramid.progression.records import GameResult, Outcome, TrekResult

RECENT_LIMIT = 50
#: The mode under which the storage keeps statistics whose mode, layout or rules were damaged in a
#: file (docs/saves.md, "One bad record"): their wins still count, under a name of their own.
OTHER_MODE = "other"
#: The modes as the player reads them, timed and untimed (shown through :func:`mode_name`).
MODE_NAMES: dict[tuple[str, bool], str] = {
    ("expedition", False): N_("Expedition"),
    ("daily", False): N_("Daily"),
    ("practice", False): N_("Practice"),
    ("expedition", True): N_("Expedition (untimed)"),
    ("daily", True): N_("Daily (untimed)"),
    ("practice", True): N_("Practice (untimed)"),
}


def mode_name(mode: str, untimed: bool = False) -> str:
    """A mode in the player's language: ``Expedition``, ``Expedition (untimed)``; the damaged
    records' ``other`` as "Other"; a mode the game does not know (a newer save's) as it is
    written."""
    if mode == OTHER_MODE:
        # TRANSLATORS: the statistics of games whose record in the save file was damaged (its
        # mode, layout or rules unreadable), shown beside Expedition, Daily and Practice
        other = pgettext("statistics mode", "Other")
        # TRANSLATORS: the same, of games played without the clock ("Practice (untimed)")
        other_untimed = pgettext("statistics mode", "Other (untimed)")
        return other_untimed if untimed else other
    name = MODE_NAMES.get((mode, untimed))
    if name is None:
        return mode.capitalize() + (" (untimed)" if untimed else "")
    return _(name)


class StatsKey(NamedTuple):
    mode: str
    preset: str
    layout: int
    untimed: bool = False  # Expedition and Daily played without the clock: kept apart

    @property
    def label(self) -> str:
        """The mode as the statistics name it, in the player's language: ``Expedition``,
        ``Expedition (untimed)``."""
        return mode_name(self.mode, self.untimed)


@dataclass(frozen=True, slots=True)
class RecentResult:
    outcome: Outcome
    score: int
    seconds: float
    date: str

    @property
    def won(self) -> bool:
        return self.outcome == "won"


@dataclass(slots=True)
class Stats:
    won: int = 0
    lost: int = 0
    current_streak: int = 0
    best_streak: int = 0
    best_score: int = 0
    best_seconds: float | None = None  # fastest win; None until the first win
    treks: int = 0
    best_trek_pyramids: int = 0
    best_trek_score: int = 0
    recent: list[RecentResult] = field(default_factory=list)

    @property
    def played(self) -> int:
        return self.won + self.lost

    @property
    def win_rate(self) -> float:
        """Wins / played, between 0 and 1 (0 when nothing was played)."""
        return self.won / self.played if self.played else 0.0

    def add_game(self, result: GameResult) -> None:
        if result.won:
            self.won += 1
            self.current_streak += 1
            self.best_streak = max(self.best_streak, self.current_streak)
            seconds = float(result.seconds)
            if self.best_seconds is None or seconds < self.best_seconds:
                self.best_seconds = seconds
        else:
            self.lost += 1
            self.current_streak = 0
        self.best_score = max(self.best_score, result.score)
        self.recent.append(
            RecentResult(result.outcome, result.score, round(float(result.seconds), 3), result.date)
        )
        del self.recent[:-RECENT_LIMIT]

    def add_trek(self, trek: TrekResult) -> None:
        self.treks += 1
        self.best_trek_pyramids = max(self.best_trek_pyramids, trek.pyramids_cleared)
        self.best_trek_score = max(self.best_trek_score, trek.score)


def combine(stats: Iterable[Stats]) -> Stats:
    """Totals over several keys (e.g. a whole mode): counts add up and bests take the best.

    Streaks are per key, so the combined ``current_streak`` and ``best_streak`` are the largest of
    the keys', not a streak across keys. ``recent`` is left empty.
    """
    total = Stats()
    for item in stats:
        total.won += item.won
        total.lost += item.lost
        total.current_streak = max(total.current_streak, item.current_streak)
        total.best_streak = max(total.best_streak, item.best_streak)
        total.best_score = max(total.best_score, item.best_score)
        if item.best_seconds is not None and (
            total.best_seconds is None or item.best_seconds < total.best_seconds
        ):
            total.best_seconds = item.best_seconds
        total.treks += item.treks
        total.best_trek_pyramids = max(total.best_trek_pyramids, item.best_trek_pyramids)
        total.best_trek_score = max(total.best_trek_score, item.best_trek_score)
    return total
