"""Geometry every part of the ui uses: rectangles, whole pixels, the card's shape, the arrow keys'
focus moves, and the height of the top bar. Pure: no Arcade, no state.

Coordinates are Arcade's: pixels, origin at the bottom-left, y up.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

CARD_ASPECT = 140 / 190  # width / height of a card


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle: left, bottom, width, height."""

    left: float
    bottom: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.left + self.width

    @property
    def top(self) -> float:
        return self.bottom + self.height

    @property
    def cx(self) -> float:
        return self.left + self.width / 2

    @property
    def cy(self) -> float:
        return self.bottom + self.height / 2

    @property
    def center(self) -> tuple[float, float]:
        return (self.cx, self.cy)

    def contains(self, x: float, y: float) -> bool:
        return self.left <= x < self.right and self.bottom <= y < self.top

    def inside(self, other: Rect, slack: float = 0.0) -> bool:
        """Whether this rectangle lies within ``other`` (``slack`` pixels of tolerance)."""
        return (
            self.left >= other.left - slack
            and self.bottom >= other.bottom - slack
            and self.right <= other.right + slack
            and self.top <= other.top + slack
        )

    @classmethod
    def from_box(cls, box: tuple[float, float, float, float]) -> Rect:
        """The rectangle of a (left, bottom, right, top) box, as a partial redraw gives one."""
        return cls(box[0], box[1], box[2] - box[0], box[3] - box[1])

    def overlaps(self, other: Rect) -> bool:
        return (
            self.left < other.right
            and other.left < self.right
            and self.bottom < other.top
            and other.bottom < self.top
        )

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.left + dx, self.bottom + dy, self.width, self.height)

    def inflated(self, d: float) -> Rect:
        return Rect(self.left - d, self.bottom - d, self.width + 2 * d, self.height + 2 * d)


def snap(v: float) -> float:
    """A coordinate on a whole pixel."""
    return float(round(v))


def hud_height(height: int) -> int:
    """The height of the table's top bar (toasts keep under it)."""
    return int(max(34, min(64, round(height * 0.068))))


def nearest_in_direction(
    origin: tuple[float, float],
    targets: Iterable[tuple[object, tuple[float, float]]],
    dx: int,
    dy: int,
    *,
    anywhere_ahead: bool = False,
) -> object | None:
    """The target that an arrow key (dx, dy in -1..1, y up) moves the focus to, or ``None``.

    Targets within 45 degrees of the arrow count: with none there, the focus stays (at the table it
    never jumps sideways to something far away, such as the stock or the Menu button). A grid of
    tiles with buttons under it passes ``anywhere_ahead``: then, with nothing within 45 degrees,
    any target ahead will do. Among them the score is the distance along the arrow plus twice the
    distance across it, so the focus prefers the nearest target straight ahead.
    """
    ox, oy = origin
    best: tuple[bool, float, object] | None = None
    for key, (tx, ty) in targets:
        ax = (tx - ox) * dx + (ty - oy) * dy  # along the arrow
        if ax <= 1.0:
            continue
        across = abs((tx - ox) * dy) + abs((ty - oy) * dx)
        if across > ax and not anywhere_ahead:
            continue
        rank = (across > ax, ax + 2.0 * across)
        if best is None or rank < best[:2]:
            best = (rank[0], rank[1], key)
    return None if best is None else best[2]
