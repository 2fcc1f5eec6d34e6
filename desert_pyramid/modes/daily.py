"""Daily: one pyramid a day, the same deal for every player on that date (docs/modes.md).

The deal of a date is the first shuffle of that date's sequence that the solver proves winnable
(:func:`desert_pyramid.modes.dealing.daily_deal`), under Desert rules on layout 1. No clock
pressure: the clock counts (paused with the table) for the time bonus on a clear,
max(0, 1800 − 6 × whole seconds) (:func:`desert_pyramid.engine.scoring.daily_time_bonus`).

Streak: the session remembers the date it was started on (``played_on``, the player's local date
passed in by the caller). Only a daily played on its own date counts for the day streak; past
days can be played for practice without touching it (:mod:`desert_pyramid.modes.streak`). A
future date cannot be played.

Untimed (``untimed=True``, the Settings' Clock row): the clock still counts the time taken, but a
clear gets no time bonus; the results are marked ``untimed``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import date

from desert_pyramid.engine import (
    DESERT,
    Event,
    Game,
    Layout,
    Move,
    StateError,
    classic_layout,
    daily_time_bonus,
)
from desert_pyramid.i18n import N_, format_number

from .clock import Clock, clock_text
from .dealing import ChosenDeal, DealFinder, daily_deal, daily_seed, parse_date
from .errors import InputError, ModeError
from .events import DailyCleared
from .results import Results
from .session import (
    LayoutGetter,
    Offers,
    SavedSession,
    Session,
    check_header,
    get_bool,
    get_elapsed,
    get_int,
    get_str,
    restore_game,
)


def check_playable(day: date, today: date) -> None:
    if day > today:
        raise InputError(
            f"the daily of {day.isoformat()} is in the future: today is {today.isoformat()}"
        )


class DailySession(Session):
    mode = "daily"
    name = N_("Daily")
    opening_timed = N_(
        "Today's deal, the same for every player: clear it fast for a bigger time bonus."
    )
    opening_untimed = N_(
        "Today's deal, the same for every player, untimed: no time bonus, no hurry."
    )
    offers = Offers(restart="day", after="calendar")

    def __init__(
        self,
        day: date,
        today: date,
        game: Game,
        clock: Clock | None = None,
        *,
        untimed: bool = False,
    ) -> None:
        check_playable(day, today)
        if game.rules != DESERT:
            raise ModeError("the daily is played under Desert rules")
        super().__init__(game, clock or Clock())
        self.day = day
        self.played_on = today
        self.time_bonus = 0
        self.untimed = untimed

    @classmethod
    def start(
        cls,
        day: date,
        today: date,
        layout: Layout | None = None,
        finder: DealFinder | None = None,
        *,
        untimed: bool = False,
    ) -> DailySession:
        """The daily of ``day`` (the player's local ``today`` decides whether it counts for the
        streak). Searches the deal (see :func:`daily_deal`)."""
        check_playable(day, today)
        if layout is None:
            layout = classic_layout()  # the Daily's layout, built by the engine (no file read)
        chosen = daily_deal(day, layout, finder)
        return cls.from_chosen(day, today, chosen, layout, untimed=untimed)

    @classmethod
    def from_chosen(
        cls, day: date, today: date, chosen: ChosenDeal, layout: Layout, *, untimed: bool = False
    ) -> DailySession:
        if chosen.seed != daily_seed(day):
            raise ModeError(f"deal of seed {chosen.seed} is not the daily of {day.isoformat()}")
        return cls(day, today, Game(layout, DESERT, chosen.deal), untimed=untimed)

    @property
    def counts_for_streak(self) -> bool:
        """Played on its own date (past days are practice)."""
        return self.day == self.played_on

    def _after_move(self, move: Move, before: Game | None, events: list[Event]) -> None:
        if self.game.won:
            self._finish()
            self.time_bonus = self.bonus_now
            events.append(DailyCleared(self.clock.seconds, self.time_bonus))

    @property
    def score(self) -> int:
        return self.game.points + self.time_bonus

    @property
    def bonus_now(self) -> int:
        """The time bonus a clear would get now (none untimed)."""
        if self.untimed:
            return 0
        return daily_time_bonus(self.clock.elapsed_ms / 1000)

    def results(self) -> Results:
        return self._results(
            date=self.day.isoformat(),
            played_on=self.played_on.isoformat(),
            counts_for_streak=self.counts_for_streak and self.game.won,
            time_bonus=self.time_bonus,
        )

    def share_line(self) -> str:
        from .streak import share_line

        return share_line(self.results())

    def saved(self) -> SavedSession:
        return replace(super().saved(), deal_date=self.day.isoformat())

    def hud(self) -> dict[str, str]:
        out = super().hud()
        out["date"] = self.day.isoformat()
        if not self.untimed:  # untimed: no time bonus to show
            out["bonus"] = format_number(self.time_bonus if self.finished else self.bonus_now)
        out["time"] = clock_text(self.clock.elapsed_ms)
        return out

    # -- saving ---------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        data = super().to_dict()
        data.update(
            date=self.day.isoformat(),
            played_on=self.played_on.isoformat(),
            time_bonus=self.time_bonus,
        )
        return data

    @classmethod
    def from_dict(
        cls, data: Mapping[str, object], get_layout: LayoutGetter | None = None
    ) -> DailySession:
        check_header(data, cls.mode)
        try:
            day = parse_date(get_str(data, "date"))
            played_on = parse_date(get_str(data, "played_on"))
        except InputError as exc:
            raise StateError(f"the saved daily's date: {exc}") from None
        game = restore_game(data, get_layout)
        if game.deal.seed != daily_seed(day):
            raise StateError(f"the saved daily's deal is not the daily of {day.isoformat()}")
        clock = Clock(get_elapsed(data), get_bool(data, "paused", False))
        try:
            session = cls(day, played_on, game, clock)
        except ModeError as exc:
            raise StateError(f"the saved daily: {exc}") from None
        session._restore_common(data)
        bonus_max = 0 if session.untimed else daily_time_bonus(0)
        session.time_bonus = get_int(data, "time_bonus", 0, high=bonus_max)
        return session
