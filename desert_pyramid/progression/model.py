"""The progression model and how game events change it.

Two objects hold the player's progress:

* :class:`Progress`: this game's own progress (the ``save.toml`` file): pyramids cleared,
  relics, statistics, the day streak, the ids of the games already counted, settings.
* :class:`BackCollection`: the card backs owned and chosen (the shared ``profile.toml``).

Events come in as plain records (:class:`GameResult`, :class:`TrekResult`, a chain length) and
give back an :class:`Unlocks`: what was unlocked *just now*, for the toast. Every event is
idempotent: a game id or trek id already counted changes nothing, and nothing is ever taken back
(a relic or back, once owned, stays owned even if a count later goes down, e.g. after restoring an
older backup).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field

from desert_pyramid.engine import EngineError
from desert_pyramid.i18n import _
from desert_pyramid.modes.streak import EARLIEST, LATEST, DailyRecord, StreakUpdate, in_range
from desert_pyramid.progression.catalog import (
    BACK_BY_ID,
    CARD_BACKS,
    DEFAULT_BACK,
    RELICS,
    CardBack,
    Relic,
)
from desert_pyramid.progression.records import GameResult, ProgressError, TrekResult
from desert_pyramid.progression.stats import Stats, StatsKey

SEEN_LIMIT = 2000  # game ids (and trek ids) remembered to make recording idempotent
GAMES_RECENT = 500  # finished games kept with their moves, newest last ...
GAMES_DAILY_WON = (
    1000  # ... plus this many won Dailies, and the best-scoring game of each statistics key
)
DAILY_DATES_LIMIT = 60  # cleared daily dates remembered


@dataclass(frozen=True, slots=True)
class Unlocks:
    relics: tuple[Relic, ...] = ()
    backs: tuple[CardBack, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.relics or self.backs)

    def __add__(self, other: Unlocks) -> Unlocks:
        return Unlocks(self.relics + other.relics, self.backs + other.backs)

    def messages(self) -> list[str]:
        """One line per unlock, for a toast: "Relic found: Clay Jar"."""
        lines = [_("Relic found: {name}").format(name=_(relic.name)) for relic in self.relics]
        lines += [_("Card back unlocked: {name}").format(name=_(back.name)) for back in self.backs]
        return lines


class DailyStreak:
    """The day streak as ``save.toml`` keeps it; the rules are :class:`desert_pyramid.modes.streak.DailyRecord`'s.

    One source of truth: this class only stores the dates (cleared on their own date, cleared
    later for practice, the first daily played) and the best streak, and asks ``DailyRecord``
    for everything else (what a clear counts for, the streak on a date, the calendar).
    """

    __slots__ = ("record",)

    def __init__(
        self,
        cleared_dates: Iterable[str] = (),
        best: int = 0,
        late_dates: Iterable[str] = (),
        first_day: str = "",
        *,
        last_cleared: str = "",
        current: int = 0,
    ) -> None:
        """Raises :class:`ProgressError` for data that cannot be right: a date that is not one
        from 1970-01-01 to 2199-12-31, a streak longer than the days since then (a damaged file,
        never an ``OverflowError`` or a loop over millions of days)."""
        cleared = {_day(d, "cleared_dates") for d in cleared_dates}
        if isinstance(current, bool) or not isinstance(current, int) or current < 0:
            raise ProgressError(f"current_streak: expected a whole number >= 0, found {current!r}")
        if last_cleared:
            # a save that trimmed old dates: the streak it stored ending on ``last_cleared``
            # implies those dates were cleared (schema 1 files kept only 60 of them)
            end = _day(last_cleared, "last_cleared")
            longest = (end - EARLIEST).days + 1
            if current > longest:
                raise ProgressError(
                    f"current_streak: {current} days is longer than the calendar allows before "
                    f"last_cleared {last_cleared} (at most {longest})"
                )
            cleared.update(end - _ONE_DAY * i for i in range(current))
        try:
            self.record = DailyRecord(
                cleared,
                (_day(d, "late_dates") for d in late_dates),
                best,
                _day(first_day, "first_day") if first_day else None,
            )
        except EngineError as exc:
            raise ProgressError(str(exc)) from None

    @property
    def cleared_dates(self) -> list[str]:
        """Dates whose daily was cleared on that date, oldest first."""
        return [d.isoformat() for d in sorted(self.record.cleared)]

    @property
    def late_dates(self) -> list[str]:
        """Past days cleared later, for practice, oldest first."""
        return [d.isoformat() for d in sorted(self.record.late)]

    @property
    def first_day(self) -> str:
        return self.record.first_day.isoformat() if self.record.first_day else ""

    @property
    def last_cleared(self) -> str:
        """The latest date cleared on its own date, "" when never."""
        return max(self.record.cleared).isoformat() if self.record.cleared else ""

    @property
    def current(self) -> int:
        """The streak that ended (or goes on) at the last date cleared."""
        if not self.record.cleared:
            return 0
        return self.record.current(max(self.record.cleared))

    @property
    def best(self) -> int:
        return self.record.best

    def record_clear(self, deal_date: str, today: str | None = None) -> StreakUpdate:
        """The daily of ``deal_date`` was cleared on ``today`` (default: the same date).
        A past day's daily is practice; a day already cleared does not count twice."""
        update = self.record.record_clear(
            datetime.date.fromisoformat(deal_date), datetime.date.fromisoformat(today or deal_date)
        )
        self._trim()
        return update

    def record_play(self, today: str) -> None:
        self.record.record_play(datetime.date.fromisoformat(today))

    def current_on(self, today: str) -> int:
        """The streak as it stands on ``today``: 0 once a date was missed."""
        return self.record.current(datetime.date.fromisoformat(today))

    def _trim(self) -> None:
        """Forget the oldest dates past :data:`DAILY_DATES_LIMIT`, never those of the running streak."""
        rec = self.record
        if rec.cleared and len(rec.cleared) > DAILY_DATES_LIMIT:
            last = max(rec.cleared)
            keep = {last - _ONE_DAY * i for i in range(rec.current(last))}
            extra = sorted(rec.cleared - keep)
            for day in extra[: len(rec.cleared) - DAILY_DATES_LIMIT]:
                rec.cleared.discard(day)
        if len(rec.late) > DAILY_DATES_LIMIT:
            for day in sorted(rec.late)[: len(rec.late) - DAILY_DATES_LIMIT]:
                rec.late.discard(day)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DailyStreak):
            return NotImplemented
        return (self.cleared_dates, self.late_dates, self.best, self.first_day) == (
            other.cleared_dates,
            other.late_dates,
            other.best,
            other.first_day,
        )

    def __repr__(self) -> str:
        return (
            f"DailyStreak(cleared={self.cleared_dates}, late={self.late_dates}, best={self.best})"
        )


_ONE_DAY = datetime.timedelta(days=1)


def _day(text: object, what: str) -> datetime.date:
    """A date of the day streak, or :class:`ProgressError` saying what is wrong with it."""
    try:
        day = datetime.date.fromisoformat(text) if isinstance(text, str) else None
    except ValueError:
        day = None
    if day is None or not in_range(day):
        raise ProgressError(
            f"{what}: expected a date YYYY-MM-DD from {EARLIEST} to {LATEST}, found {text!r}"
        )
    return day


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A finished game kept with its moves (its game code), to watch again."""

    game_id: str
    mode: str
    preset: str
    layout: int
    outcome: str
    score: int
    date: str
    code: str
    untimed: bool = False  # an untimed Expedition pyramid or Daily: its best is kept apart

    @classmethod
    def of(cls, result: GameResult) -> PlayedGame:
        return cls(
            result.game_id,
            result.mode,
            result.preset,
            result.layout,
            result.outcome,
            result.score,
            result.date,
            result.game_code,
            result.untimed,
        )

    @property
    def won(self) -> bool:
        return self.outcome == "won"


def keep_games(games: list[PlayedGame]) -> list[PlayedGame]:
    """The games worth keeping, oldest first: the last ``GAMES_RECENT``, every won Daily (the last
    ``GAMES_DAILY_WON``) and the best-scoring game of each (mode, rules, layout), an untimed
    game's best apart from the timed one's."""
    keep = set(range(max(0, len(games) - GAMES_RECENT), len(games)))
    dailies = [i for i, g in enumerate(games) if g.mode == "daily" and g.won]
    keep.update(dailies[-GAMES_DAILY_WON:])
    best: dict[tuple[str, str, int, bool], int] = {}
    for i, g in enumerate(games):
        key = (g.mode, g.preset, g.layout, g.untimed)
        if key not in best or g.score > games[best[key]].score:
            best[key] = i
    keep.update(best.values())
    return [g for i, g in enumerate(games) if i in keep]


@dataclass(slots=True)
class Progress:
    """This game's progress: everything in ``save.toml``."""

    pyramids_cleared: int = 0
    relics: dict[str, str] = field(default_factory=dict)  # relic id -> date found
    stats: dict[StatsKey, Stats] = field(default_factory=dict)
    daily: DailyStreak = field(default_factory=DailyStreak)
    seen_games: dict[str, None] = field(default_factory=dict)  # ordered set, oldest first
    seen_treks: dict[str, None] = field(default_factory=dict)
    settings: dict[str, object] = field(default_factory=dict)
    extra: dict[str, object] = field(
        default_factory=dict
    )  # unknown top-level keys, kept on rewrite
    games: list[PlayedGame] = field(
        default_factory=list
    )  # finished games with their moves, oldest first

    @property
    def is_empty(self) -> bool:
        """True when there is nothing to lose: no game, trek or relic recorded."""
        return not (self.seen_games or self.seen_treks or self.relics or self.stats)

    def stats_for(self, mode: str, preset: str, layout: int, untimed: bool = False) -> Stats:
        return self.stats.get(StatsKey(mode, preset, layout, untimed), Stats())

    def has_seen_game(self, game_id: str) -> bool:
        return game_id in self.seen_games


@dataclass(slots=True)
class BackCollection:
    """Card backs owned (id -> date unlocked) and chosen. ``default`` is always owned.

    Ids this game does not know (a sibling game's backs) are kept as they are.
    """

    unlocked: dict[str, str] = field(default_factory=dict)
    chosen: str = DEFAULT_BACK

    def owns(self, back_id: str) -> bool:
        return back_id == DEFAULT_BACK or back_id in self.unlocked

    def owned(self) -> list[CardBack]:
        """The backs of this game's catalogue that are owned, in catalogue order."""
        return [back for back in CARD_BACKS if self.owns(back.id)]

    def locked(self) -> list[CardBack]:
        return [back for back in CARD_BACKS if not self.owns(back.id)]

    def effective(self) -> CardBack:
        """The back to draw: the chosen one if this game knows and owns it, else the default."""
        back = BACK_BY_ID.get(self.chosen)
        if back is None or not self.owns(back.id):
            return BACK_BY_ID[DEFAULT_BACK]
        return back

    def choose(self, back_id: str) -> None:
        if back_id not in BACK_BY_ID:
            raise ValueError(f"unknown card back {back_id!r}")
        if not self.owns(back_id):
            raise ValueError(f"card back {back_id!r} is still locked")
        self.chosen = back_id

    def grant(self, back_id: str, date: str) -> CardBack | None:
        """Own ``back_id``; the back when it is new, else None."""
        if self.owns(back_id):
            return None
        self.unlocked[back_id] = date
        return BACK_BY_ID[back_id]


def _remember(seen: dict[str, None], key: str) -> None:
    seen[key] = None
    while len(seen) > SEEN_LIMIT:
        del seen[next(iter(seen))]


def _grant_relics(progress: Progress, date: str) -> list[Relic]:
    found = []
    for relic in RELICS:
        if progress.pyramids_cleared >= relic.threshold and relic.id not in progress.relics:
            progress.relics[relic.id] = date
            found.append(relic)
    return found


def _grant_backs(
    backs: BackCollection,
    date: str,
    *,
    clears: int = 0,
    trek: int = 0,
    chain: int = 0,
    no_redeal_clear: bool = False,
) -> list[CardBack]:
    new: list[CardBack] = []
    for back in CARD_BACKS:
        earned = (
            (back.rule == "clears" and clears >= back.amount)
            or (back.rule == "trek" and trek >= back.amount)
            or (back.rule == "chain" and chain >= back.amount)
            or (back.rule == "no_redeal" and no_redeal_clear)
        )
        if earned:
            granted = backs.grant(back.id, date)
            if granted is not None:
                new.append(granted)
    return new


def record_game(progress: Progress, backs: BackCollection, result: GameResult) -> Unlocks:
    """Count one finished game; what it unlocked. A game id already counted changes nothing.
    A game the computer played for the player (``result.assisted``: autoplay) is counted in the
    statistics (and a Daily's day) as played, but earns nothing: its clear does not count toward
    the relics, and it unlocks no relic and no card back."""
    if result.game_id in progress.seen_games:
        return Unlocks()
    _remember(progress.seen_games, result.game_id)
    if result.game_code:
        progress.games.append(PlayedGame.of(result))
        if len(progress.games) > GAMES_RECENT:
            progress.games = keep_games(progress.games)
    key = StatsKey(result.mode, result.preset, result.layout, result.untimed)
    progress.stats.setdefault(key, Stats()).add_game(result)
    if result.mode == "daily":
        progress.daily.record_play(result.date)
    if result.won and result.mode == "daily":
        progress.daily.record_clear(result.deal_date or result.date, result.date)
    if result.assisted:  # the computer played (autoplay): counted as played, earns nothing
        return Unlocks()
    if result.won:
        progress.pyramids_cleared += 1
    relics = _grant_relics(progress, result.date)
    new_backs = _grant_backs(
        backs,
        result.date,
        clears=progress.pyramids_cleared,
        trek=result.pyramid_number if _timed_trek_clear(result) else 0,
        chain=result.best_chain,
        no_redeal_clear=result.won and result.redeals_used == 0,
    )
    return Unlocks(tuple(relics), tuple(new_backs))


def _timed_trek_clear(result: GameResult) -> bool:
    """A pyramid cleared in a timed trek: its number counts for the trek card backs (how many
    pyramids one day's daylight holds rewards speed; an untimed trek does not count for them)."""
    return result.won and result.mode == "expedition" and not result.untimed


def record_trek(progress: Progress, backs: BackCollection, trek: TrekResult) -> Unlocks:
    """Count one finished Expedition (best trek); what it unlocked. Idempotent by trek id.

    The pyramids of the trek are counted one by one with :func:`record_game` as they are
    cleared; this adds the trek as a whole (treks played, best trek).
    """
    if trek.trek_id in progress.seen_treks:
        return Unlocks()
    _remember(progress.seen_treks, trek.trek_id)
    key = StatsKey("expedition", trek.preset, trek.layout, trek.untimed)
    progress.stats.setdefault(key, Stats()).add_trek(trek)
    if trek.assisted:  # the computer played some of it: it earns nothing
        return Unlocks()
    cleared = 0 if trek.untimed else trek.pyramids_cleared  # the trek backs reward speed
    new_backs = _grant_backs(backs, trek.date, trek=cleared, chain=trek.best_chain)
    return Unlocks((), tuple(new_backs))


def note_chain(backs: BackCollection, chain: int, date: str) -> Unlocks:
    """A chain reached ``chain`` during play: unlock the chain back at once (for the toast)."""
    return Unlocks((), tuple(_grant_backs(backs, date, chain=chain)))


def sync_unlocks(progress: Progress, backs: BackCollection, date: str) -> Unlocks:
    """Grant whatever the counts already earn (e.g. after the profile file was lost or restored
    from an older backup). Never takes anything back."""
    relics = _grant_relics(progress, date)
    new_backs = _grant_backs(backs, date, clears=progress.pyramids_cleared)
    return Unlocks(tuple(relics), tuple(new_backs))
