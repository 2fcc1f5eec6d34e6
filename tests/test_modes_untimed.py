"""The clock setting in the modes: an untimed Expedition (no daylight, the trek ends when the
player ends it or is stuck) and an untimed Daily (no time bonus), their saves, and a save written
before the setting existed (read as timed)."""

from __future__ import annotations

import tomllib
from datetime import date

import pytest
import tomli_w

from desert_pyramid.engine import DESERT, Deal, Game, Move, StateError
from desert_pyramid.modes import (
    DailySession,
    ExpeditionSession,
    PyramidCleared,
    TrekEnded,
    session_from_dict,
    session_from_saved,
    share_line,
)
from tests.test_modes_helpers import EASY_POINTS, LAYOUT, FakeFinder, easy_line, run_frames

D = date(2026, 11, 30)
MINUTE = 60_000

# A real Desert deal (seed 1) played into a corner: after these moves one more flip leaves no
# removal now or ever (the engine's exact is_stuck).
TO_STUCK = (
    "K27 28>S 22+21 25+S 26+24 18>S 19+S 13>S F F 23+20 K15 F F F W+S W>S W+S 17>S F 14+W F F "
    "W+S F 16+W 12>S F 9+W 11+W F W+S F W>S F F F F F F F F F 10+W 6+S W>S F 8+S 5>S F 3+S W>S "
    "F R F F F F F W+S W>S KS W>S F F F F F W+S 7>S F R F F"
).split()
LAST = "F"


def trek(untimed: bool, seed: int = 7) -> ExpeditionSession:
    return ExpeditionSession(seed, LAYOUT, finder=FakeFinder(step=3), untimed=untimed)


def clear(session: ExpeditionSession) -> list[object]:
    events: list[object] = []
    for m in easy_line():
        events.extend(session.play_text(m))
    return events


def nearly_stuck(untimed: bool) -> ExpeditionSession:
    game = Game(LAYOUT, DESERT, Deal.from_seed(1))
    for m in TO_STUCK:
        game.play(Move.parse(m))
    assert not game.is_stuck()
    return ExpeditionSession(1, LAYOUT, finder=FakeFinder(step=3), untimed=untimed, _game=game)


def test_untimed_daylight_does_not_fall_over_simulated_minutes():
    s = trek(untimed=True)
    timed = trek(untimed=False)
    for _ in range(10):  # ten minutes of 16 ms frames
        run_frames(s, MINUTE)
        run_frames(timed, MINUTE)
    assert timed.finished and timed.daylight.expired  # the timed trek's sun set long ago
    assert not s.finished and s.untimed and not s.timed
    assert s.daylight.left_ms == 240_000 and s.sky.phase == "noon" and not s.pulse
    assert s.elapsed_ms == 10 * MINUTE  # the time taken is still counted
    assert "daylight" not in s.hud() and s.hud()["time"] == "10:00"


def test_untimed_clear_adds_no_daylight_and_deals_the_next_pyramid():
    s = trek(untimed=True)
    run_frames(s, 5 * MINUTE)
    events = clear(s)
    assert PyramidCleared(1, 0, EASY_POINTS) in events
    assert s.number == 2 and s.daylight.left_ms == 240_000 and not s.finished


def test_untimed_trek_ends_when_stuck_a_timed_one_does_not():
    timed = nearly_stuck(untimed=False)
    timed.play_text(LAST)
    assert timed.game.is_stuck() and not timed.finished  # undo or skip, while the sun allows

    s = nearly_stuck(untimed=True)
    events = s.play_text(LAST)
    assert s.finished and any(isinstance(e, TrekEnded) for e in events)
    r = s.results()
    assert r.untimed and not r.abandoned and r.pyramids[-1].outcome == "lost"


def test_untimed_skip_costs_no_daylight_and_deals_the_next_pyramid():
    s = trek(untimed=True)
    clear(s)
    for _ in range(12):  # far more skips than any daylight would pay for
        events = s.skip()
        assert not any(isinstance(e, TrekEnded) for e in events)
    assert not s.finished and s.number == 2 and s.skips == 12
    assert s.daylight.left_ms == 240_000
    r = s.abandon()
    assert r.untimed and r.won and r.pyramids_cleared == 1 and r.skips == 12
    assert [p.outcome for p in r.pyramids].count("abandoned") == 13  # the skips and the last


def test_untimed_trek_ended_by_the_player():
    s = trek(untimed=True)
    clear(s)
    r = s.abandon()
    assert r.untimed and r.abandoned and r.pyramids_cleared == 1


def test_untimed_table_resumes_by_itself_when_the_focus_returns():
    s = trek(untimed=True)
    s.focus_lost()
    s.focus_gained()
    assert not s.paused
    t = trek(untimed=False)
    t.focus_lost()
    t.focus_gained()
    assert t.paused  # a timed table waits for the player


def test_untimed_trek_save_round_trips():
    s = trek(untimed=True)
    clear(s)
    run_frames(s, 30 * MINUTE)  # far more than any daylight cap: an untimed trek may take it
    back = session_from_saved(s.saved())
    assert isinstance(back, ExpeditionSession)
    assert back.untimed and back.number == 2 and back.elapsed_ms == s.elapsed_ms
    assert back.daylight.left_ms == 240_000
    run_frames(back, 10 * MINUTE)
    assert back.daylight.left_ms == 240_000 and not back.finished
    again = session_from_dict(tomllib.loads(tomli_w.dumps(back.to_dict())))
    assert again.untimed


def test_a_timed_save_has_no_flag_and_an_old_save_reads_as_timed():
    s = trek(untimed=False)
    run_frames(s, 1000)
    data = s.to_dict()
    assert "untimed" not in data and "untimed" not in s.saved().mode_state
    back = session_from_dict(data)
    assert not back.untimed and back.timed
    run_frames(back, 1000)
    assert back.daylight is not None and back.daylight.left_ms == 238_000


def test_an_untimed_save_with_changed_daylight_or_a_bad_flag_is_refused():
    data = trek(untimed=True).to_dict()
    with pytest.raises(StateError, match="never runs"):
        session_from_dict({**data, "daylight_ms": 100_000})
    with pytest.raises(StateError, match="untimed"):
        session_from_dict({**data, "untimed": "yes"})
    daily = DailySession.start(D, D, LAYOUT, finder=FakeFinder(step=2)).to_dict()
    with pytest.raises(StateError, match="untimed"):
        session_from_dict({**daily, "untimed": 1})


def daily(untimed: bool) -> DailySession:
    return DailySession.start(D, D, LAYOUT, finder=FakeFinder(step=2), untimed=untimed)


def test_untimed_daily_gives_no_time_bonus():
    s = daily(untimed=True)
    run_frames(s, 61_500)
    assert "bonus" not in s.hud() and s.bonus_now == 0 and not s.timed
    for m in easy_line():
        s.play_text(m)
    r = s.results()
    assert r.won and r.untimed and r.time_bonus == 0 and r.score == EASY_POINTS
    assert r.elapsed_ms == 61_500 and r.counts_for_streak
    assert share_line(r).endswith("· untimed")
    timed = daily(untimed=False)
    run_frames(timed, 61_500)
    for m in easy_line():
        timed.play_text(m)
    assert timed.results().time_bonus == 1434 and not timed.results().untimed


def test_untimed_daily_save_round_trips_and_an_old_one_is_timed():
    s = daily(untimed=True)
    run_frames(s, 4321)
    s.play_text("22+23")
    back = session_from_dict(tomllib.loads(tomli_w.dumps(s.to_dict())))
    assert isinstance(back, DailySession) and back.untimed and back.bonus_now == 0
    old = daily(untimed=False).to_dict()
    assert "untimed" not in old
    assert not session_from_dict(old).untimed
    with pytest.raises(StateError, match="time_bonus"):  # an untimed daily never had a bonus
        session_from_dict({**s.to_dict(), "time_bonus": 5})
