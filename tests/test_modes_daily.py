"""Daily: the seed of a date, the deal choice, the time bonus, saving; the streak, the calendar
and the share line across dates (gaps, replays, past days)."""

from __future__ import annotations

import tomllib
from datetime import date, timedelta

import pytest
import tomli_w

from desert_pyramid.engine import CARDS, DESERT, StateError
from desert_pyramid.modes import (
    DailyCleared,
    DailyRecord,
    DailySession,
    InputError,
    daily_deal,
    daily_seed,
    parse_date,
    session_from_dict,
    share_line,
)
from desert_pyramid.modes.dealing import DAILY_NODE_BUDGET
from tests.test_modes_helpers import EASY_POINTS, LAYOUT, FakeFinder, easy_line, run_frames

D = date(2026, 11, 30)


def test_seed_of_a_date():
    assert daily_seed(date(2026, 11, 30)) == 20261130
    assert daily_seed(date(2027, 1, 2)) == 20270102


def test_daily_deal_is_the_first_winnable_of_the_dates_sequence():
    finder = FakeFinder(step=4, real=True)
    chosen = daily_deal(D, LAYOUT, finder)
    assert finder.calls == [(20261130, 0, DAILY_NODE_BUDGET)]
    assert chosen.index == 0 and chosen.seed == 20261130 and chosen.rules == DESERT
    assert chosen.code.startswith("DP-")


@pytest.mark.parametrize(
    "text, words",
    [
        ("2026-13-01", "no month 13"),
        ("2026-02-30", "February 2026 has no day 30"),
        ("30/11/2026", "write it YYYY-MM-DD"),
        ("", "write it YYYY-MM-DD"),
        ("2026-1-5", "write it YYYY-MM-DD"),
        ("0000-01-01", "no year 0"),
    ],
)
def test_bad_dates_say_what_is_wrong(text, words):
    with pytest.raises(InputError, match=words):
        parse_date(text)


def test_parse_date():
    assert parse_date(" 2024-02-29 ") == date(2024, 2, 29)


def start(day: date = D, today: date = D) -> DailySession:
    return DailySession.start(day, today, LAYOUT, finder=FakeFinder(step=2))


def test_time_bonus_on_a_clear():
    s = start()
    run_frames(s, 61_500)
    assert s.hud()["bonus"] == f"{1800 - 6 * 61:,}"
    events = []
    for m in easy_line():
        events.extend(s.play_text(m))
    assert DailyCleared(61, 1800 - 6 * 61) in events
    assert s.finished
    r = s.results()
    assert r.won and r.time_bonus == 1434 and r.score == EASY_POINTS + 1434
    assert r.date == "2026-11-30" and r.played_on == "2026-11-30" and r.counts_for_streak
    run_frames(s, 5000)
    assert s.results().elapsed_ms == 61_500  # the clock stopped at the clear


def test_slow_clear_gets_no_bonus_but_no_penalty():
    s = start()
    for _ in range(400):
        run_frames(s, 1000, frame=100)
    for m in easy_line():
        s.play_text(m)
    assert s.time_bonus == 0 and s.score == EASY_POINTS


def test_past_day_is_practice_future_day_is_refused():
    s = start(D - timedelta(days=3), D)
    assert not s.counts_for_streak
    for m in easy_line():
        s.play_text(m)
    assert s.results().won and not s.results().counts_for_streak
    with pytest.raises(InputError, match="future"):
        start(D + timedelta(days=1), D)


def test_abandoned_daily_is_a_loss():
    s = start()
    s.play_text("22+23")
    r = s.abandon()
    assert r.abandoned and not r.won and not r.counts_for_streak and r.time_bonus == 0


def test_daily_focus_loss_pauses_until_resumed():
    s = start()
    s.focus_lost()
    run_frames(s, 3000)
    s.focus_gained()
    assert s.paused and s.elapsed_ms == 0


def test_saved_daily_continues():
    s = start()
    run_frames(s, 4321)
    s.play_text("22+23")
    back = session_from_dict(tomllib.loads(tomli_w.dumps(s.to_dict())))
    assert isinstance(back, DailySession)
    assert back.day == D and back.elapsed_ms == 4321 and back.game.history == s.game.history
    assert back.deal_code == s.deal_code


def test_saved_daily_with_a_wrong_deal_or_date_is_refused():
    data = start().to_dict()
    with pytest.raises(StateError, match="not the daily"):
        DailySession.from_dict({**data, "date": "2026-11-29"})
    with pytest.raises(StateError, match="date"):
        DailySession.from_dict({**data, "date": "2026-11-31"})


# -- the streak --------------------------------------------------------------------------------------


def day(n: int) -> date:
    return D + timedelta(days=n)


def test_consecutive_days_build_the_streak():
    rec = DailyRecord()
    for n in range(5):
        up = rec.record_clear(day(n), day(n))
        assert up.counted and up.streak == n + 1
    assert rec.current(day(4)) == 5 and rec.best == 5


def test_streak_lives_through_today_until_it_is_missed():
    rec = DailyRecord()
    rec.record_clear(day(0), day(0))
    rec.record_clear(day(1), day(1))
    assert rec.current(day(2)) == 2  # today not played yet: still alive
    assert rec.current(day(3)) == 0  # day 2 missed: reset


def test_a_missed_date_resets_the_streak():
    rec = DailyRecord()
    for n in (0, 1, 2):
        rec.record_clear(day(n), day(n))
    up = rec.record_clear(day(4), day(4))  # day 3 missed
    assert up.counted and up.streak == 1 and up.best == 3


def test_replays_never_count_twice():
    rec = DailyRecord()
    rec.record_clear(day(0), day(0))
    up = rec.record_clear(day(0), day(0))
    assert up.kind == "replay" and up.streak == 1
    rec.record_clear(day(1), day(1))
    up = rec.record_clear(day(0), day(1))  # yesterday's again, as practice: already cleared
    assert up.kind == "replay" and rec.current(day(1)) == 2


def test_past_days_do_not_touch_the_streak():
    rec = DailyRecord()
    rec.record_clear(day(0), day(0))
    up = rec.record_clear(day(-1), day(0))  # catching up yesterday's daily today
    assert up.kind == "past" and up.streak == 1 and rec.best == 1
    assert rec.current(day(0)) == 1
    assert day(-1) in rec.late and day(-1) not in rec.cleared
    # a missed day played later does not mend a broken streak either
    rec.record_clear(day(2), day(2))
    rec.record_clear(day(1), day(2))
    assert rec.current(day(2)) == 1


def test_future_clear_is_refused():
    with pytest.raises(InputError, match="future"):
        DailyRecord().record_clear(day(1), day(0))


def test_record_results_uses_the_played_on_date():
    s = start(day(0), day(0))
    for m in easy_line():
        s.play_text(m)
    rec = DailyRecord()
    up = rec.record_results(s.results())
    assert up is not None and up.counted
    lost = start(day(1), day(1))
    assert rec.record_results(lost.abandon()) is None


def test_record_saves_and_loads():
    rec = DailyRecord()
    for n in (0, 1, 2, 5):
        rec.record_clear(day(n), day(n))
    rec.record_clear(day(3), day(5))
    back = DailyRecord.from_dict(tomllib.loads(tomli_w.dumps(rec.to_dict())))
    assert back.cleared == rec.cleared and back.late == rec.late and back.best == 3
    assert back.current(day(5)) == 1
    with pytest.raises(StateError, match="not a date"):
        DailyRecord.from_dict({"cleared": ["2026-02-30"]})
    with pytest.raises(StateError, match="best"):
        DailyRecord.from_dict({"best": -1})


def test_calendar_of_recent_days():
    rec = DailyRecord()
    rec.record_play(day(0))
    for n in (0, 1, 3):
        rec.record_clear(day(n), day(n))
    rec.record_clear(day(2), day(4))  # day 2 caught up later
    cal = rec.calendar(day(5), days=8)
    assert [c.day for c in cal] == [day(n) for n in range(-2, 6)]
    assert [c.state for c in cal] == [
        "none",
        "none",
        "cleared",
        "cleared",
        "late",
        "cleared",
        "missed",
        "today",
    ]
    assert cal[-1].is_today and not cal[-2].is_today
    rec.record_clear(day(5), day(5))
    assert rec.calendar(day(5), days=1)[0].state == "cleared"


def test_calendar_weeks_end_with_future_days():
    rec = DailyRecord()
    today = date(2026, 12, 2)  # a Wednesday
    weeks = rec.calendar_weeks(today, weeks=2)
    assert len(weeks) == 2 and all(len(w) == 7 for w in weeks)
    assert weeks[0][0].weekday == "Mon" and weeks[1][2].is_today
    assert [c.state for c in weeks[1][3:]] == ["future"] * 4


def test_share_line_gives_nothing_of_the_deal_away():
    s = start()
    run_frames(s, 221_000, frame=100)
    for m in easy_line():
        s.play_text(m)
    line = share_line(s.results(), streak=4)
    assert line == (
        f"Desert Pyramid Daily 2026-11-30 ☀ cleared in 3:41 · {EASY_POINTS + 1800 - 6 * 221:,} points"
        " · best chain 12 · streak 4 days"
    )
    assert "DP-" not in line and not any(sym in line for sym in "♠♥♦♣")
    for card in CARDS:
        assert f" {card.code} " not in f" {line} "
    lost = start().abandon()
    assert "not cleared" in share_line(lost)


def test_time_bonus_at_4_fps_is_not_inflated():
    """61.5 s of real time in frames of 250 ms is 61.5 s on the Daily's clock: the same bonus as
    at 60 frames a second (a per-frame cap used to count 24.6 s and give 1,653 points)."""
    slow, fast = start(), start()
    run_frames(slow, 61_500, frame=250)
    run_frames(fast, 61_500, frame=16)
    assert slow.elapsed_ms == fast.elapsed_ms == 61_500
    for s in (slow, fast):
        assert s.hud()["bonus"] == "1,434"
        for m in easy_line():
            s.play_text(m)
    assert slow.time_bonus == fast.time_bonus == 1800 - 6 * 61


def test_a_suspend_gap_pauses_the_daily():
    s = start()
    run_frames(s, 2000)
    assert s.update(30_000) == 0
    assert s.paused and s.pause_reason == "suspend" and s.elapsed_ms == 2000 and s.timed


@pytest.mark.parametrize(
    "key,value",
    [
        ("elapsed_ms", 2**63 - 1),
        ("elapsed_ms", -1),
        ("elapsed_ms", 1.0),
        ("elapsed_ms", "²"),
        ("time_bonus", 1801),
        ("time_bonus", -1),
    ],
)
def test_saved_daily_with_an_absurd_clock_is_refused(key, value):
    data = start().to_dict()
    with pytest.raises(StateError, match=key):
        DailySession.from_dict({**data, key: value})
