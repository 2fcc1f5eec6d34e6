"""The day streak and the records refuse out-of-range data with their own errors, never an
OverflowError or a loop over millions of days."""

from __future__ import annotations

import datetime
import time

import pytest

from desert_pyramid.engine import StateError
from desert_pyramid.modes import InputError
from desert_pyramid.modes.streak import EARLIEST, LATEST, DailyRecord
from desert_pyramid.progression import (
    DailyStreak,
    GameResult,
    ProgressError,
    TrekResult,
    is_save_date,
)
from tests.storage_helpers import make_result


@pytest.mark.parametrize(
    ("kwargs", "said"),
    [
        ({"cleared_dates": ["9999-12-31"]}, "cleared_dates"),
        ({"cleared_dates": ["0001-01-01"]}, "cleared_dates"),
        ({"cleared_dates": ["1969-12-31"]}, "cleared_dates"),
        ({"late_dates": ["2200-01-01"]}, "late_dates"),
        ({"first_day": "9999-12-31"}, "first_day"),
        ({"last_cleared": "9999-12-31", "current": 1}, "last_cleared"),
        ({"last_cleared": "2025-03-13", "current": 2**63 - 1}, "current_streak"),
        ({"last_cleared": "1970-01-02", "current": 3}, "current_streak"),
        ({"current": -1}, "current_streak"),
        ({"best": 2**63 - 1}, "best streak"),
        ({"best": -1}, "best streak"),
    ],
)
def test_daily_streak_refuses_absurd_saved_data(kwargs: dict[str, object], said: str) -> None:
    started = time.perf_counter()
    with pytest.raises(ProgressError, match=said):
        DailyStreak(**kwargs)  # type: ignore[arg-type]
    assert time.perf_counter() - started < 1.0  # refused at once, not after a long loop


def test_the_edges_of_the_range_are_fine() -> None:
    streak = DailyStreak(
        ["1970-01-01", "2199-12-30", "2199-12-31"], last_cleared="2199-12-31", current=2
    )
    assert streak.current == 2 and streak.best == 2
    assert streak.current_on("2199-12-31") == 2
    assert streak.record.calendar(LATEST)[-1].state == "cleared"
    assert DailyStreak(["1970-01-01"]).current_on("1970-01-01") == 1
    assert DailyStreak(last_cleared="1970-01-02", current=2).cleared_dates == [
        "1970-01-01",
        "1970-01-02",
    ]
    assert is_save_date("1970-01-01") and is_save_date("2199-12-31")
    assert (
        not is_save_date("1969-12-31")
        and not is_save_date("2200-01-01")
        and not is_save_date("9999-12-31")
    )


def test_daily_record_refuses_dates_out_of_range() -> None:
    with pytest.raises(StateError, match="outside 1970-01-01 to 2199-12-31"):
        DailyRecord([datetime.date.max])
    with pytest.raises(StateError):
        DailyRecord.from_dict({"schema": 1, "cleared": ["9999-12-31"]})
    with pytest.raises(StateError):
        DailyRecord.from_dict({"schema": 1, "best": 2**63 - 1})
    record = DailyRecord([datetime.date(2025, 3, 13)])
    for day, today in (
        (datetime.date.max, datetime.date.max),
        (datetime.date.min, datetime.date(2025, 3, 14)),
        (datetime.date(2025, 3, 14), datetime.date.max),
    ):
        with pytest.raises(InputError):
            record.record_clear(day, today)
    assert record.cleared == {datetime.date(2025, 3, 13)}  # unchanged
    with pytest.raises(InputError):
        record.record_play(datetime.date(1, 1, 1))
    assert record.current(datetime.date.min) == 0  # no date.min - 1 day
    assert record.current(EARLIEST) == 0


@pytest.mark.parametrize(
    "kwargs",
    [
        {"date": "9999-12-31"},
        {"date": "1969-12-31"},
        {"deal_date": "9999-12-31"},
        {"score": 2**63 - 1},
        {"best_chain": 10**6},
        {"redeals_used": 10**6},
        {"pyramid_number": 10**9},
        {"layout": 1000},
        {"seconds": float("nan")},
        {"seconds": float("inf")},
    ],
)
def test_a_game_result_the_save_would_refuse_is_refused_when_made(
    kwargs: dict[str, object],
) -> None:
    """The game never writes a value it would refuse to read back."""
    with pytest.raises(ValueError):
        make_result("g", **kwargs)


def test_a_trek_result_the_save_would_refuse_is_refused_when_made() -> None:
    with pytest.raises(ValueError):
        TrekResult("t", 10**9, 100, 2, 60.0, "2025-03-14")
    with pytest.raises(ValueError):
        TrekResult("t", 3, 100, 2, 60.0, "9999-12-31")
    assert isinstance(make_result("g", date="2199-12-31"), GameResult)
