"""The table's side of the modes: starting sessions, and what the views ask of any session.

The sessions themselves are :mod:`desert_pyramid.modes` (Practice, Expedition, Daily): clocks
driven by the frame time passed in, multipliers, deal choice, the coach and the results. This
module makes them for the application and declares the types the ui may name: the ui imports
the modes only through here (an import-linter contract).
"""

from __future__ import annotations

import datetime

from desert_pyramid import local_date
from desert_pyramid.engine import Deal, Game, Layout, Move, Rules
from desert_pyramid.modes import (
    MODES,
    CoachMessage,
    DailyCleared,
    DailySession,
    ExpeditionSession,
    InputError,
    Mode,
    NewPyramid,
    PracticeSession,
    PyramidCleared,
    PyramidSkipped,
    Results,
    Session,
    clock_text,
    share_line,
    sky_for,
)
from desert_pyramid.modes.dealing import DealFinder
from desert_pyramid.modes.streak import (
    CLEARED,
    FUTURE,
    LATE,
    MISSED,
    NONE,
    TODAY,
    CalendarDay,
    DailyRecord,
)

TITLES = {mode: mode.capitalize() for mode in MODES}  # "Practice", "Expedition", "Daily"
__all__ = [
    # the types and events of the modes that the ui names (declared here for it)
    "CLEARED",
    "FUTURE",
    "LATE",
    "MISSED",
    "NONE",
    "TODAY",
    "CalendarDay",
    "CoachMessage",
    "DailyCleared",
    "DailyRecord",
    "DailySession",
    "DealFinder",
    "ExpeditionSession",
    "InputError",
    "Mode",
    "NewPyramid",
    "PracticeSession",
    "PyramidCleared",
    "PyramidSkipped",
    "Results",
    "Session",
    "share_line",
    "sky_for",
    # what this module does
    "again",
    "clock_text",
    "daily",
    "expedition",
    "practice",
    "practice_from_moves",
    "subtitle",
    "timed",
    "title",
    "today",
]


def today() -> datetime.date:
    """The player's local calendar date (the Daily's deal, the day streak): the window's one
    reading of the calendar, through :mod:`desert_pyramid.local_date`."""
    return local_date.today()


def practice(rules: Rules, layout: Layout, deal: Deal | None = None) -> PracticeSession:
    """A Practice session: this deal, or a random one."""
    if deal is None:
        return PracticeSession.random(rules, layout)
    return PracticeSession.new(rules, layout, deal)


def practice_from_moves(
    layout: Layout, rules: Rules, deal: Deal, moves: tuple[Move, ...]
) -> PracticeSession:
    """A Practice session on this deal with these moves already played (undo takes them back):
    a replay's "Play on from here". Raises :class:`desert_pyramid.modes.InputError` for a rule
    set that Practice does not play on this layout."""
    game = Game(layout, rules, deal)
    game.replay(moves)
    return PracticeSession(game, source="code")


def expedition(seed: int | None = None, untimed: bool = False) -> ExpeditionSession:
    """A new trek; ``untimed``: its daylight does not run (the Settings' Clock row)."""
    return ExpeditionSession(seed, untimed=untimed)


def daily(day: datetime.date | None = None, untimed: bool = False) -> DailySession:
    """The Daily of ``day`` (today's by default); ``untimed``: no time bonus."""
    now = today()
    return DailySession.start(day or now, now, untimed=untimed)


def again(session: Session, untimed: bool = False) -> Session:
    """A new session on the same deal (Restart): the same day's Daily (``untimed`` as the
    settings say now: a restart is a new start), or Practice on the deal."""
    if isinstance(session, DailySession):  # today's deal, or a past day's
        return daily(session.day, untimed)
    g = session.game
    return practice(g.rules, g.layout, g.deal)


def timed(session: object) -> bool:
    """Whether the clock counts (the session's own ``timed``: Expedition, Daily, the timed
    scoring): whatever covers the table then hides its cards, and a lost window focus keeps it
    paused until the player resumes. Anything that is not a session of the modes is untimed."""
    return getattr(session, "timed", False) is True


def title(session: Session) -> str:
    return TITLES.get(session.mode, session.mode.capitalize())


def subtitle(session: Session) -> str:
    g = session.game
    rules = g.rules.describe()
    bits = [rules[0].upper() + rules[1:], f"layout {g.layout.number}", session.deal_code]
    if session.mode == "daily":
        bits.insert(0, str(session.hud().get("date", "")))
    grade = session.grade
    if grade:  # a "winnable deals only" deal: the solver's difficulty grade
        bits.append(f"difficulty: {grade}")
    return " · ".join(b for b in bits if b)
