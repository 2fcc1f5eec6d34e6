"""The player's local calendar date: the one place outside the window that reads the calendar.

The modes never read a clock (they are given the date); the command line and the window ask here.
"""

from __future__ import annotations

import datetime


def today() -> datetime.date:
    """The player's local calendar date (the Daily's deal, the day streak)."""
    return datetime.date.today()
