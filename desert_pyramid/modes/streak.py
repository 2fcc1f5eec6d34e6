"""The day streak, the calendar of recent days and the share line (pure data, dates passed in).

Rules (also in docs/saves.md, "Day streak"):

- The streak counts consecutive dates whose daily was cleared **on its own date**. It is alive
  while today's or yesterday's daily is cleared; a missed date resets it to 0.
- Replays of a day never count twice.
- Past days can be played for practice (``record_clear(day, today)`` with ``day < today``): they
  are noted as cleared late and never touch the streak.
- A future date is refused.

The record keeps the dates themselves; the current streak is computed from them for a given
today, so a missed day needs no event to reset it, and a clock set back or forward cannot
corrupt the record. ``best`` is kept separately so that trimming very old dates loses nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, timedelta

from desert_pyramid.engine import EngineError, StateError
from desert_pyramid.engine.reading import EARLIEST as EARLIEST
from desert_pyramid.engine.reading import LATEST as LATEST

from .clock import clock_text
from .errors import InputError, ModeError
from .results import Results

STREAK_SCHEMA = 1

COUNTED = "counted"  # a clear on its own date: the streak goes on
REPLAY = "replay"  # that date was cleared already: nothing changes
PAST = "past"  # a past day played for practice: the streak is untouched

CLEARED = "cleared"  # cleared on its own date
LATE = "late"  # not cleared on its date, cleared later for practice
MISSED = "missed"  # not cleared on its date
TODAY = "today"  # today, not cleared yet
FUTURE = "future"
NONE = "none"  # before the player's first daily

WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")

# The dates a daily record holds: a computer whose clock was reset (a flat battery) says 1970 or
# 1980, so those still count; a date outside this range is damage, never arithmetic that
# overflows (``date.max + 1 day``) or a loop over a million years of streak.
SPAN_DAYS = (LATEST - EARLIEST).days + 1


def in_range(day: date) -> bool:
    """True for a date a daily record may hold (:data:`EARLIEST` to :data:`LATEST`)."""
    return EARLIEST <= day <= LATEST


def _check_day(day: date, what: str, error: type[EngineError] = InputError) -> date:
    if not isinstance(day, date) or not in_range(day):
        raise error(f"{what} {day!s} is outside {EARLIEST.isoformat()} to {LATEST.isoformat()}")
    return day


@dataclass(frozen=True, slots=True)
class StreakUpdate:
    """What a clear did: ``kind`` is ``counted``, ``replay`` or ``past``."""

    kind: str
    streak: int
    best: int

    @property
    def counted(self) -> bool:
        return self.kind == COUNTED


@dataclass(frozen=True, slots=True)
class CalendarDay:
    day: date
    state: str  # cleared, late, missed, today, future, none
    is_today: bool

    @property
    def iso(self) -> str:
        return self.day.isoformat()

    @property
    def label(self) -> str:
        """The day of the month."""
        return str(self.day.day)

    @property
    def weekday(self) -> str:
        return WEEKDAYS[self.day.weekday()]


class DailyRecord:
    """The player's daily history: dates cleared on the day, dates cleared later, best streak."""

    def __init__(
        self,
        cleared: Iterable[date] = (),
        late: Iterable[date] = (),
        best: int = 0,
        first_day: date | None = None,
    ) -> None:
        """Raises :class:`StateError` for a date outside :data:`EARLIEST`..:data:`LATEST` or a
        best streak longer than that range (damaged saved data)."""
        self.cleared: set[date] = {_check_day(d, "a cleared date", StateError) for d in cleared}
        self.late: set[date] = {
            _check_day(d, "a late date", StateError) for d in late
        } - self.cleared
        if first_day is not None:
            _check_day(first_day, "the first day", StateError)
        if isinstance(best, bool) or not isinstance(best, int) or not 0 <= best <= SPAN_DAYS:
            raise StateError(
                f"the best streak must be a whole number from 0 to {SPAN_DAYS}, not {best!r}"
            )
        self.first_day = first_day
        self.best = max(best, self._longest_run())
        if self.cleared and (self.first_day is None or min(self.cleared) < self.first_day):
            self.first_day = min(self.cleared)

    # -- the streak --------------------------------------------------------------------------------
    def _run_ending(self, day: date) -> int:
        n = 0
        while day in self.cleared:
            n += 1
            day -= timedelta(days=1)
        return n

    def _longest_run(self) -> int:
        return max(
            (
                self._run_ending(d)
                for d in self.cleared
                if d + timedelta(days=1) not in self.cleared
            ),
            default=0,
        )

    def current(self, today: date) -> int:
        """The streak as of ``today``: alive while today or yesterday is cleared."""
        if today in self.cleared or today <= EARLIEST:  # (nothing before EARLIEST; no date.min - 1)
            return self._run_ending(today)
        return self._run_ending(today - timedelta(days=1))

    def record_play(self, today: date) -> None:
        """The player started a daily (the calendar shows days before the first one as blank)."""
        _check_day(today, "today's date")
        if self.first_day is None or today < self.first_day:
            self.first_day = today

    def record_clear(self, day: date, today: date) -> StreakUpdate:
        """The daily of ``day`` was cleared, ``today`` being the player's date (the date the
        session was started on: ``Results.played_on``). Raises :class:`InputError` for a date
        outside :data:`EARLIEST`..:data:`LATEST` (a clock set absurdly), changing nothing."""
        _check_day(day, "the daily's date")
        _check_day(today, "today's date")
        if day > today:
            raise InputError(
                f"the daily of {day.isoformat()} is in the future: today is {today.isoformat()}"
            )
        self.record_play(today)
        if day in self.cleared:
            kind = REPLAY
        elif day < today:
            self.late.add(day)
            kind = PAST
        else:
            self.cleared.add(day)
            self.late.discard(day)
            self.best = max(self.best, self._run_ending(day))
            kind = COUNTED
        return StreakUpdate(kind, self.current(today), self.best)

    def record_results(self, results: Results) -> StreakUpdate | None:
        """Record a daily's results: a clear goes through :meth:`record_clear` with its date and
        the date it was played on. Not cleared: nothing to record (``None``)."""
        if results.mode != "daily":
            raise ModeError(f"a {results.mode} game is not a daily")
        if not results.won:
            return None
        return self.record_clear(
            date.fromisoformat(results.date), date.fromisoformat(results.played_on)
        )

    # -- the calendar --------------------------------------------------------------------------------
    def status(self, day: date, today: date) -> str:
        if day > today:
            return FUTURE
        if day in self.cleared:
            return CLEARED
        if day == today:
            return TODAY
        if day in self.late:
            return LATE
        if self.first_day is None or day < self.first_day:
            return NONE
        return MISSED

    def calendar(self, today: date, days: int = 14) -> list[CalendarDay]:
        """The last ``days`` days, oldest first, ending with today."""
        start = today - timedelta(days=days - 1)
        return [self._cal(start + timedelta(days=i), today) for i in range(days)]

    def calendar_weeks(self, today: date, weeks: int = 2) -> list[list[CalendarDay]]:
        """Whole weeks, Monday first, the last one holding today (the days after it are future)."""
        monday = today - timedelta(days=today.weekday())
        start = monday - timedelta(weeks=weeks - 1)
        return [
            [self._cal(start + timedelta(days=7 * w + d), today) for d in range(7)]
            for w in range(weeks)
        ]

    def _cal(self, day: date, today: date) -> CalendarDay:
        return CalendarDay(day, self.status(day, today), day == today)

    # -- saving ------------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "schema": STREAK_SCHEMA,
            "cleared": sorted(d.isoformat() for d in self.cleared),
            "late": sorted(d.isoformat() for d in self.late),
            "best": self.best,
        }
        if self.first_day is not None:
            data["first_day"] = self.first_day.isoformat()
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> DailyRecord:
        if not isinstance(data, Mapping):
            raise StateError("the daily record must be a table")
        if data.get("schema", STREAK_SCHEMA) != STREAK_SCHEMA:
            raise StateError(f"daily record schema {data.get('schema')!r} is not supported")

        def dates(key: str) -> list[date]:
            raw = data.get(key, [])
            if not isinstance(raw, list):
                raise StateError(f"the daily record's '{key}' must be a list of dates")
            out = []
            for i, text in enumerate(raw, start=1):
                try:
                    out.append(date.fromisoformat(str(text)))
                except ValueError:
                    raise StateError(
                        f"the daily record's '{key}' item {i} is not a date: {text!r}"
                    ) from None
            return out

        best = data.get("best", 0)
        if not isinstance(best, int) or isinstance(best, bool) or best < 0:
            raise StateError(f"the daily record's 'best' must be a whole number, not {best!r}")
        first = data.get("first_day")
        first_day = None
        if first is not None:
            try:
                first_day = date.fromisoformat(str(first))
            except ValueError:
                raise StateError(
                    f"the daily record's 'first_day' is not a date: {first!r}"
                ) from None
        return cls(dates("cleared"), dates("late"), best, first_day)


def share_line(results: Results, streak: int = 0) -> str:
    """One line to share a daily: date, outcome and time, score, best chain (and the streak if
    given). Nothing of the deal: no card, no code."""
    if results.mode != "daily":
        raise ModeError(f"only a daily can be shared, not a {results.mode} game")
    parts = [f"Desert Pyramid Daily {results.date}"]
    time = clock_text(results.elapsed_ms)
    outcome = f"☀ cleared in {time}" if results.won else f"not cleared ({time})"
    line = parts[0] + " " + outcome
    line += f" · {results.score:,} points · best chain {results.best_chain}"
    if results.untimed:
        line += " · untimed"
    if streak > 0:
        line += f" · streak {streak} day{'s' if streak != 1 else ''}"
    return line
