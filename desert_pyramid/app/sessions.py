"""The table's side of the modes: starting sessions, and what the views ask of any session.

The sessions themselves are :mod:`desert_pyramid.modes` (Practice, Expedition, Daily): clocks
driven by the frame time passed in, multipliers, deal choice, the coach and the results. This
module makes them for the application and declares the types the ui may name: the ui imports
the modes only through here (an import-linter contract).
"""

from __future__ import annotations

import datetime

from desert_pyramid import local_date
from desert_pyramid.engine import Deal, Event, Game, Layout, Move, Rules
from desert_pyramid.i18n import N_, _, format_date, ngettext, pgettext
from desert_pyramid.modes import (
    SKIP_COST_MS,
    CoachMessage,
    DailyCleared,
    DailySession,
    ExpeditionSession,
    InputError,
    Mode,
    ModeSession,
    NewPyramid,
    Offers,
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

#: The modes' names (the table's title, the results' line under the headline)
TITLES = {"practice": N_("Practice"), "expedition": N_("Expedition"), "daily": N_("Daily")}
__all__ = [
    # the types and events of the modes that the ui names (declared here for it)
    "CLEARED",
    "SKIP_COST_MS",
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
    "ModeSession",
    "Offers",
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
    "counts_day_streak",
    "daily",
    "expedition",
    "practice",
    "practice_from_moves",
    "rules_description",
    "subtitle",
    "deal_line",
    "grade_name",
    "preset_name",
    "mode_name",
    "timed",
    "title",
    "today",
]


class ExampleSession(PracticeSession):
    """How to play's worked example: no clock on the HUD (a demonstration is not timed), and no
    coach (the example's captions say what each step does)."""

    def __init__(self, game: Game) -> None:
        super().__init__(game, source="seed")
        self.messages = []

    def hud(self) -> dict[str, str]:
        out = super().hud()
        out.pop("time", None)
        return out

    def _after_move(self, move: Move, before: Game | None, events: list[Event]) -> None:
        super()._after_move(move, before, events)
        self.messages = []


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


def again(session: ModeSession, untimed: bool = False) -> Session:
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


def counts_day_streak(mode: str) -> bool:
    """Whether a mode's games count for the day streak (the Daily's): the statistics show it."""
    return mode == DailySession.mode


def title(session: ModeSession) -> str:
    """The mode's name in the player's language (the table's title)."""
    return mode_name(session.mode)


def mode_name(mode: str) -> str:
    return _(TITLES[mode]) if mode in TITLES else mode.capitalize()


def rules_description(rules: Rules) -> str:
    """The rules in one line, in the player's language (``3 passes, Satchel, clear the layout``):
    the words of the engine's ``Rules.describe``, translated."""
    passes = rules.max_passes
    if passes is None:
        bits = [_("unlimited passes")]
    elif passes == 1:
        bits = [_("one pass")]
    else:
        bits = [ngettext("{n} pass", "{n} passes", passes).format(n=passes)]
    options = (
        (rules.satchel, pgettext("rules", "Satchel")),
        (rules.stock_top_playable, _("stock top playable")),
        (rules.draw_three, _("draw three")),
        (rules.relaxed_match, _("relaxed match")),
    )
    bits += [words for on, words in options if on]
    bits.append(_("all 52 cards must go") if rules.all_52 else _("clear the layout"))
    # TRANSLATORS: the separator between the parts of a rules line ("3 passes, Satchel, ...")
    return pgettext("list", ", ").join(bits)


def preset_name(preset: str) -> str:
    """A rule set's name (desert, classic, strict, relaxed), capitalized, in the player's language."""
    names = {
        "desert": pgettext("rules", "Desert"),
        "classic": pgettext("rules", "Classic"),
        "strict": pgettext("rules", "Strict"),
        "relaxed": pgettext("rules", "Relaxed"),
    }
    return names.get(preset, preset.capitalize())


def grade_name(grade: str) -> str:
    """The solver's difficulty grade of a deal, in the player's language."""
    names = {
        "Easy": pgettext("difficulty", "Easy"),
        "Medium": pgettext("difficulty", "Medium"),
        "Hard": pgettext("difficulty", "Hard"),
        "Expert": pgettext("difficulty", "Expert"),
        "Lost": pgettext("difficulty", "Lost"),
        "Unknown": pgettext("difficulty", "Unknown"),
    }
    return names.get(grade, grade)


def deal_line(game: Game, code: str) -> str:
    """What the table shows under its title: the rules, the layout, the deal code."""
    rules = rules_description(game.rules)
    return " · ".join(
        (
            rules[:1].upper() + rules[1:],
            _("layout {number}").format(number=game.layout.number),
            code,
        )
    )


def subtitle(session: ModeSession) -> str:
    bits = [deal_line(session.game, session.deal_code)]
    day = getattr(session, "day", None)
    if session.mode == "daily" and isinstance(day, datetime.date):
        bits.insert(0, format_date(day))
    grade = session.grade
    if grade:  # a "winnable deals only" deal: the solver's difficulty grade
        bits.append(_("difficulty: {grade}").format(grade=grade_name(grade)))
    return " · ".join(b for b in bits if b)
