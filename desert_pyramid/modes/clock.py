"""Clocks driven by the frame times they are given, in whole milliseconds.

Nothing here reads a clock. The view passes each frame's duration to ``update(dt_ms)`` and the
clock counts it in full, so the clock follows real time at any frame rate (4 frames a second
count 1000 ms a second, just as 60 do). Only a gap longer than :data:`SUSPEND_GAP_MS` between two
frames is not play: a suspended laptop, a stopped process or a system clock that jumped. Such a
frame counts nothing (:func:`is_suspend_gap`; the session then pauses a timed table). Fractions of
a millisecond are carried to the next frame, so 60 frames of 16.67 ms count 1000 ms, not 1020. A
paused clock counts nothing.

:class:`Clock` counts elapsed time up. :class:`DaylightClock` also counts the Expedition's daylight
down, and gives the sky (noon, sunset, dusk, as a 0..1 value, a name and colours the view can use)
and the pulse flag of the last 20 seconds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SUSPEND_GAP_MS = 5_000
"""A frame longer than this (ms) is a gap, not play: the game was suspended or stalled. It counts
nothing. Anything shorter counts in full, however slow the frames are."""

MAX_ELAPSED_MS = 366 * 24 * 3_600_000
"""The most time a saved clock may hold (a year of play on one deal): more is a damaged save."""

DAYLIGHT_START_MS = 240_000
"""An Expedition starts with 240 s of daylight."""

PULSE_MS = 20_000
"""The daylight bar pulses in the last 20 s."""

NOON_UNTIL_MS = 120_000
"""The sky is at noon while 120 s or more of daylight are left,"""

DUSK_FROM_MS = 30_000
"""at sunset from there down to 30 s, and at dusk in the last 30 s."""

Colour = tuple[int, int, int]

# (daylight left in ms, colour high in the sky, colour at the horizon), most daylight first.
_SKY_KEYS: tuple[tuple[int, Colour, Colour], ...] = (
    (DAYLIGHT_START_MS, (74, 144, 226), (178, 216, 240)),  # noon: blue, pale horizon
    (NOON_UNTIL_MS, (96, 140, 206), (242, 214, 150)),  # late afternoon: warm horizon
    (60_000, (122, 92, 168), (246, 142, 72)),  # sunset: orange horizon
    (DUSK_FROM_MS, (72, 52, 122), (204, 92, 82)),  # dusk begins
    (0, (24, 20, 58), (78, 50, 92)),  # night falls
)


def _check_frame(dt_ms: float) -> None:
    if isinstance(dt_ms, bool) or not isinstance(dt_ms, int | float):
        raise TypeError(f"a frame time must be a number of milliseconds, not {dt_ms!r}")


def is_suspend_gap(dt_ms: float) -> bool:
    """Whether a frame's time is a gap (longer than :data:`SUSPEND_GAP_MS`, or infinite): the
    game did not run, so the time counts as a pause."""
    _check_frame(dt_ms)
    return not math.isnan(dt_ms) and dt_ms > SUSPEND_GAP_MS


def frame_ms(dt_ms: float) -> float:
    """One frame's time as the clocks count it: the whole frame, however long, up to
    :data:`SUSPEND_GAP_MS`; a longer gap, a negative time or a value that is not a finite number
    counts 0."""
    _check_frame(dt_ms)
    if not math.isfinite(dt_ms) or dt_ms <= 0 or dt_ms > SUSPEND_GAP_MS:
        return 0.0
    return float(dt_ms)


class Clock:
    """Elapsed time in whole milliseconds, counted from the frame times given to :meth:`update`."""

    __slots__ = ("elapsed_ms", "paused", "_carry")

    def __init__(self, elapsed_ms: int = 0, paused: bool = False) -> None:
        if elapsed_ms < 0:
            raise ValueError(f"elapsed time cannot be negative ({elapsed_ms} ms)")
        self.elapsed_ms = int(elapsed_ms)
        self.paused = paused
        self._carry = 0.0

    def update(self, dt_ms: float) -> int:
        """Count one frame (a suspend gap counts nothing). Returns the whole milliseconds
        counted (0 while paused)."""
        step = frame_ms(dt_ms)
        if self.paused:
            return 0
        total = step + self._carry
        whole = int(total)
        self._carry = total - whole
        return self._count(whole)

    def _count(self, ms: int) -> int:
        self.elapsed_ms += ms
        return ms

    def pause(self) -> None:
        self.paused = True

    def resume(self) -> None:
        self.paused = False

    @property
    def seconds(self) -> int:
        """Whole seconds elapsed."""
        return self.elapsed_ms // 1000


@dataclass(frozen=True, slots=True)
class Sky:
    """How the sky looks with this much daylight left.

    ``progress`` goes from 0.0 (noon, a full 240 s or more left) to 1.0 (no daylight left);
    ``phase`` is ``"noon"``, ``"sunset"`` or ``"dusk"``; ``top`` and ``horizon`` are RGB colours
    for the upper sky and the horizon, blended smoothly between key moments; ``sun`` is the sun's
    height from 1.0 (high) to 0.0 (set)."""

    progress: float
    phase: str
    top: Colour
    horizon: Colour
    sun: float


def sky_phase(left_ms: int) -> str:
    if left_ms >= NOON_UNTIL_MS:
        return "noon"
    if left_ms >= DUSK_FROM_MS:
        return "sunset"
    return "dusk"


def _blend(a: Colour, b: Colour, t: float) -> Colour:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def sky_for(left_ms: int) -> Sky:
    """The sky for this much daylight left (more than 240 s looks like 240 s)."""
    left = max(0, min(int(left_ms), DAYLIGHT_START_MS))
    progress = 1.0 - left / DAYLIGHT_START_MS
    top, horizon = _SKY_KEYS[-1][1], _SKY_KEYS[-1][2]
    for (hi_ms, hi_top, hi_hor), (lo_ms, lo_top, lo_hor) in zip(
        _SKY_KEYS, _SKY_KEYS[1:], strict=False
    ):
        if lo_ms <= left <= hi_ms:
            t = (hi_ms - left) / (hi_ms - lo_ms)
            top, horizon = _blend(hi_top, lo_top, t), _blend(hi_hor, lo_hor, t)
            break
    return Sky(progress, sky_phase(left), top, horizon, 1.0 - progress)


class DaylightClock(Clock):
    """An Expedition's clock: elapsed time up, daylight down. Daylight never goes below 0; once it
    is gone the clock stops counting. An untimed trek's clock (``runs=False``) counts elapsed time
    only: its daylight stays where it is (the sky at noon, no pulse, no sunset)."""

    __slots__ = ("left_ms", "runs")

    def __init__(
        self,
        left_ms: int = DAYLIGHT_START_MS,
        elapsed_ms: int = 0,
        paused: bool = False,
        *,
        runs: bool = True,
    ) -> None:
        super().__init__(elapsed_ms, paused)
        if left_ms < 0:
            raise ValueError(f"daylight left cannot be negative ({left_ms} ms)")
        self.left_ms = int(left_ms)
        self.runs = runs

    def _count(self, ms: int) -> int:
        if not self.runs:  # untimed: time passes, the daylight does not
            self.elapsed_ms += ms
            return ms
        used = min(ms, self.left_ms)
        self.left_ms -= used
        self.elapsed_ms += used
        return used

    def add(self, ms: int) -> None:
        """More daylight (a cleared pyramid's bonus)."""
        if ms < 0:
            raise ValueError("use spend() to take daylight away")
        self.left_ms += int(ms)

    def spend(self, ms: int) -> int:
        """Take daylight away (a skip); returns what was actually taken (never more than is left)."""
        if ms < 0:
            raise ValueError("use add() to give daylight")
        used = min(int(ms), self.left_ms)
        self.left_ms -= used
        return used

    @property
    def expired(self) -> bool:
        return self.left_ms <= 0

    @property
    def seconds_left(self) -> int:
        """Daylight left in whole seconds, rounded up (the HUD shows 0:01 until it is really gone)."""
        return -(-self.left_ms // 1000)

    @property
    def pulse(self) -> bool:
        """True in the last 20 s of daylight (the daylight bar pulses)."""
        return 0 < self.left_ms <= PULSE_MS

    @property
    def fraction(self) -> float:
        """Daylight left as a fraction of a full 240 s day, at most 1.0 (for the daylight bar)."""
        return min(1.0, self.left_ms / DAYLIGHT_START_MS)

    @property
    def sky(self) -> Sky:
        return sky_for(self.left_ms)


def clock_text(ms: int) -> str:
    """``m:ss`` (``h:mm:ss`` from an hour), whole seconds rounded down."""
    s = max(0, ms) // 1000
    h, rest = divmod(s, 3600)
    m, sec = divmod(rest, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"
