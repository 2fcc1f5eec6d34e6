"""The clocks: real time at any frame rate, suspend gaps, carried fractions, pause, daylight, sky and
pulse."""

from __future__ import annotations

import math

import pytest

from desert_pyramid.modes.clock import (
    DAYLIGHT_START_MS,
    SUSPEND_GAP_MS,
    Clock,
    DaylightClock,
    clock_text,
    frame_ms,
    is_suspend_gap,
    sky_for,
)


def test_counts_given_frames():
    c = Clock()
    for _ in range(10):
        assert c.update(16) == 16
    assert c.elapsed_ms == 160


def test_a_suspend_gap_counts_as_a_pause():
    c = Clock(elapsed_ms=500)
    assert c.update(30_000) == 0  # 30 s without a frame: the game did not run
    assert c.update(10 * 60 * 1000) == 0  # a suspended laptop: ten minutes
    assert c.elapsed_ms == 500
    assert (
        is_suspend_gap(30_000) and is_suspend_gap(SUSPEND_GAP_MS + 1) and is_suspend_gap(math.inf)
    )
    assert (
        not is_suspend_gap(SUSPEND_GAP_MS)
        and not is_suspend_gap(250)
        and not is_suspend_gap(math.nan)
    )


def test_slow_frames_count_in_full_up_to_the_gap():
    """No cap per frame: a frame of 100 ms, 250 ms, 2 s or 5 s counts all of it."""
    for ms in (100, 101, 250, 999, 2000, SUSPEND_GAP_MS):
        c = Clock()
        assert c.update(ms) == ms
        assert frame_ms(ms) == ms
    assert frame_ms(SUSPEND_GAP_MS + 1) == 0


def test_daylight_at_4_fps_lasts_240_real_seconds():
    """Frames of 250 ms (4 a second) for 240 s of real time end the daylight exactly at 240 s."""
    d = DaylightClock()
    for frame in range(1, 961):
        assert d.update(250) == 250
        assert d.left_ms == DAYLIGHT_START_MS - 250 * frame
        assert d.expired == (frame == 960)
    assert d.elapsed_ms == 240_000 and d.update(250) == 0


@pytest.mark.parametrize("fps", [1, 4, 7, 9, 30, 60, 144, 240])
def test_one_second_counts_one_second_at_any_frame_rate(fps):
    c = Clock()
    for _ in range(fps * 30):  # 30 s of frames of 1000/fps ms
        c.update(1000 / fps)
    assert 29_999 <= c.elapsed_ms <= 30_000


@pytest.mark.parametrize("bad", [-5000, -1, 0, math.nan, math.inf, -math.inf])
def test_time_never_runs_backwards_or_wild(bad):
    c = Clock(elapsed_ms=500)
    assert c.update(bad) == 0
    assert c.elapsed_ms == 500


def test_frame_time_must_be_a_number():
    with pytest.raises(TypeError):
        Clock().update("16")  # type: ignore[arg-type]


def test_fractions_are_carried_not_rounded():
    c = Clock()
    for _ in range(60):
        c.update(1000 / 60)
    assert c.elapsed_ms in (999, 1000)  # floating sums of 16.666… may land a hair short
    c2 = Clock()
    for _ in range(3000):
        c2.update(1000 / 60)
    assert 49_999 <= c2.elapsed_ms <= 50_000


def test_paused_clock_counts_nothing():
    c = Clock()
    c.update(50)
    c.pause()
    assert c.update(50) == 0
    c.resume()
    c.update(50)
    assert c.elapsed_ms == 100


def test_daylight_runs_down_and_stops_at_zero():
    d = DaylightClock(250)
    assert d.update(100) == 100 and d.left_ms == 150
    d.update(100)
    assert d.update(100) == 50  # only what was left
    assert d.left_ms == 0 and d.expired
    assert d.update(100) == 0
    assert d.elapsed_ms == 250


def test_daylight_add_and_spend():
    d = DaylightClock(40_000)
    d.add(100_000)
    assert d.left_ms == 140_000
    assert d.spend(30_000) == 30_000
    assert d.spend(500_000) == 110_000
    assert d.expired
    with pytest.raises(ValueError):
        d.add(-1)
    with pytest.raises(ValueError):
        d.spend(-1)


def test_seconds_left_rounds_up():
    assert DaylightClock(1).seconds_left == 1
    assert DaylightClock(1000).seconds_left == 1
    assert DaylightClock(1001).seconds_left == 2
    assert DaylightClock(0).seconds_left == 0


def test_pulse_only_in_the_last_20_seconds():
    assert not DaylightClock(20_001).pulse
    assert DaylightClock(20_000).pulse
    assert DaylightClock(1).pulse
    assert not DaylightClock(0).pulse


def test_sky_goes_noon_sunset_dusk():
    phases = [sky_for(ms).phase for ms in (300_000, 240_000, 120_000, 119_999, 30_000, 29_999, 0)]
    assert phases == ["noon", "noon", "noon", "sunset", "sunset", "dusk", "dusk"]
    assert sky_for(300_000) == sky_for(DAYLIGHT_START_MS)  # banked daylight looks like noon
    assert sky_for(DAYLIGHT_START_MS).progress == 0.0
    assert sky_for(0).progress == 1.0 and sky_for(0).sun == 0.0


def test_sky_darkens_steadily():
    def brightness(ms: int) -> int:
        return sum(sky_for(ms).top)

    values = [brightness(ms) for ms in range(DAYLIGHT_START_MS, -1, -5000)]
    assert values[0] > values[-1]
    # between key moments the colours blend: no jump of more than a few steps per 5 s
    for a, b in zip(values, values[1:], strict=False):
        assert abs(a - b) <= 30
    for ms in range(0, DAYLIGHT_START_MS + 1, 7000):
        s = sky_for(ms)
        assert all(0 <= v <= 255 for v in s.top + s.horizon)


def test_clock_text():
    assert clock_text(0) == "0:00"
    assert clock_text(221_999) == "3:41"
    assert clock_text(3_600_000 + 61_000) == "1:01:01"
    assert clock_text(-5) == "0:00"
