"""The three ways to play: Expedition, Daily and Practice.

Sessions hold an engine :class:`~desert_pyramid.engine.Game` plus everything mode-specific
(clock, multiplier, deal choice, results). They are driven by time passed in (milliseconds, each
frame counted in full unless it is a suspend gap), never by reading a clock, so they are tested
without a window. See docs/modes.md.
"""

from .clock import (
    DAYLIGHT_START_MS,
    MAX_ELAPSED_MS,
    PULSE_MS,
    SUSPEND_GAP_MS,
    Clock,
    DaylightClock,
    Sky,
    clock_text,
    is_suspend_gap,
    sky_for,
)
from .coach import Coach, CoachMessage, explain_card, explain_card_say, rules_says, rules_text
from .daily import DailySession
from .dealing import ChosenDeal, daily_deal, daily_seed, expedition_deal, find_deal, parse_date
from .errors import InputError, ModeError
from .events import DailyCleared, NewPyramid, PracticeWon, PyramidCleared, PyramidSkipped, TrekEnded
from .expedition import SKIP_COST_MS, ExpeditionSession, clear_bonus_ms, daylight_cap_ms
from .practice import PracticeSession
from .restore import session_from_current, session_from_dict, session_from_saved
from .results import MODES, Mode, PyramidRecord, Results
from .session import ComputerPlayer, ModeSession, Offers, SavedSession, Session, random_seed
from .streak import CalendarDay, DailyRecord, StreakUpdate, share_line

__all__ = [
    "MODES",
    "Mode",
    "DAYLIGHT_START_MS",
    "MAX_ELAPSED_MS",
    "PULSE_MS",
    "SKIP_COST_MS",
    "SUSPEND_GAP_MS",
    "CalendarDay",
    "ChosenDeal",
    "ComputerPlayer",
    "Clock",
    "Coach",
    "CoachMessage",
    "DailyCleared",
    "DailyRecord",
    "DailySession",
    "DaylightClock",
    "ExpeditionSession",
    "InputError",
    "ModeError",
    "NewPyramid",
    "PracticeSession",
    "PracticeWon",
    "PyramidCleared",
    "PyramidRecord",
    "PyramidSkipped",
    "Results",
    "SavedSession",
    "Session",
    "ModeSession",
    "Offers",
    "Sky",
    "StreakUpdate",
    "TrekEnded",
    "clear_bonus_ms",
    "clock_text",
    "daily_deal",
    "daylight_cap_ms",
    "daily_seed",
    "expedition_deal",
    "explain_card",
    "explain_card_say",
    "rules_says",
    "find_deal",
    "is_suspend_gap",
    "parse_date",
    "random_seed",
    "rules_text",
    "session_from_current",
    "session_from_dict",
    "session_from_saved",
    "share_line",
    "sky_for",
]
