"""Tweens and effects: card flights, shakes, floating texts and the win bounce (the easing curves
are :mod:`desert_pyramid.ui.base.easing`'s).

Pure arithmetic driven by the ``dt`` the view passes in (seconds); no clock, no Arcade. Speeds
come from the settings: ``speed`` 0 means no animation (everything lands at once).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from desert_pyramid.ui.base.easing import ease_in_out, ease_out_cubic, lerp

Point = tuple[float, float]

FLIGHT_S = 0.30  # a card flying to the discard, at speed 1
MOVE_S = 0.20  # any other card move (flip to the waste, undo, into the Satchel)
SHAKE_S = 0.36
FLOAT_S = 1.1


class Timed:
    """Something that lasts ``duration`` seconds: :meth:`advance` moves its clock ``t`` on by the
    ``dt`` the view passes in; it is :attr:`done` once the clock reaches the end."""

    t: float
    duration: float

    def advance(self, dt: float) -> None:
        self.t += dt

    @property
    def done(self) -> bool:
        return self.t >= self.duration


@dataclass
class Flight(Timed):
    """A card travelling from ``start`` to ``end`` over ``duration`` s, with an arc and an optional
    turn-over half way (``flip``: the face changes when the card is edge-on)."""

    start: Point
    end: Point
    duration: float
    arc: float = 0.0  # pixels of lift at the middle of the path
    flip: bool = False
    delay: float = 0.0
    t: float = 0.0

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0
        return min(1.0, max(0.0, (self.t - self.delay) / self.duration))

    @property
    def done(self) -> bool:
        return self.progress >= 1.0

    @property
    def position(self) -> Point:
        p = ease_in_out(self.progress)
        x = lerp(self.start[0], self.end[0], p)
        y = lerp(self.start[1], self.end[1], p) + self.arc * math.sin(math.pi * p)
        return (x, y)

    @property
    def x_scale(self) -> float:
        """Horizontal squash for a turn-over: 1 → 0 at the middle → 1."""
        if not self.flip:
            return 1.0
        return max(0.02, abs(math.cos(math.pi * self.progress)))

    @property
    def face_turned(self) -> bool:
        """Past the middle of a turn-over: show the new face."""
        return not self.flip or self.progress >= 0.5


@dataclass
class Shake(Timed):
    """A short horizontal shake that dies away."""

    amplitude: float
    duration: float = SHAKE_S
    t: float = 0.0

    @property
    def offset(self) -> float:
        if self.done:
            return 0.0
        k = 1 - self.t / self.duration
        return self.amplitude * k * math.sin(self.t * 2 * math.pi * 11)


@dataclass
class Floater(Timed):
    """A text that rises and fades: "+50 row!", "Chain ×4"."""

    text: str
    x: float
    y: float
    colour: tuple[int, int, int]
    size: float
    rise: float = 60.0
    duration: float = FLOAT_S
    t: float = 0.0

    @property
    def position(self) -> Point:
        return (self.x, self.y + self.rise * ease_out_cubic(self.t / self.duration))

    @property
    def alpha(self) -> int:
        k = self.t / self.duration
        return int(255 * (1.0 if k < 0.6 else max(0.0, 1 - (k - 0.6) / 0.4)))


@dataclass
class Flash(Timed):
    """A bright band that fades (a row that was cleared)."""

    left: float
    bottom: float
    width: float
    height: float
    duration: float = 0.6
    t: float = 0.0

    @property
    def alpha(self) -> int:
        return int(170 * max(0.0, 1 - self.t / self.duration))

    @property
    def box(self) -> tuple[int, int, int, int]:
        return (
            int(self.left) - 1,
            int(self.bottom) - 1,
            int(self.left + self.width) + 2,
            int(self.bottom + self.height) + 2,
        )


@dataclass
class Bouncer:
    """One card of the win celebration: thrown off the table, bouncing on the floor until it leaves."""

    card: int
    x: float
    y: float
    vx: float
    vy: float
    floor: float
    gravity: float
    spin: float = 0.0
    angle: float = 0.0
    restitution: float = 0.72

    def advance(self, dt: float) -> None:
        self.vy -= self.gravity * dt
        self.x += self.vx * dt
        self.y += self.vy * dt
        self.angle += self.spin * dt
        if self.y < self.floor and self.vy < 0:
            self.y = self.floor
            self.vy = -self.vy * self.restitution
            self.spin *= -0.6

    def gone(self, width: float, margin: float) -> bool:
        return self.x < -margin or self.x > width + margin


@dataclass
class Celebration:
    """The win: cards thrown one after the other from the discard pile, bouncing off the table."""

    cards: list[int]
    origin: Point
    width: float
    floor: float
    scale: float  # pixels per card height, to size speeds for the window
    interval: float = 0.09
    t: float = 0.0
    launched: int = 0
    active: list[Bouncer] = field(default_factory=list)
    seed: int = 7

    def advance(self, dt: float) -> None:
        self.t += dt
        while self.launched < len(self.cards) and self.t >= self.launched * self.interval:
            i = self.launched
            # a fixed pseudo-random spread (no random module: the same every time)
            r = ((i * 2654435761 + self.seed) % 1000) / 1000
            side = -1 if i % 2 else 1
            self.active.append(
                Bouncer(
                    card=self.cards[-1 - i],
                    x=self.origin[0],
                    y=self.origin[1],
                    vx=side * self.scale * (2.0 + 2.4 * r),
                    vy=self.scale * (4.0 + 4.0 * (1 - r)),
                    floor=self.floor,
                    gravity=self.scale * 14,
                    spin=side * (15 + 30 * r),
                )
            )
            self.launched += 1
        for b in self.active:
            b.advance(dt)
        margin = self.scale
        self.active = [b for b in self.active if not b.gone(self.width, margin)]

    @property
    def done(self) -> bool:
        return self.launched >= len(self.cards) and not self.active
