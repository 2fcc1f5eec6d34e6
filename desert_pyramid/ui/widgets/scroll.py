"""Scrolling: a rectangle of the window showing part of a taller column of content (the pages of
How to play scroll in one: :mod:`desert_pyramid.ui.screens.pages`)."""

from __future__ import annotations

import math

import arcade
from arcade.types import LBWH, LRBT

from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.palette import GOLD
from desert_pyramid.ui.widgets.richtext import text_width

LINE_STEP = 3  # lines per ↑ ↓
WHEEL_STEP = 3  # lines per notch of the mouse wheel

# Scrolling


class Scroll:
    """A rectangle of the window showing part of a taller column of content.

    Content coordinates: x from 0 at the area's left, y from 0 at the content's top going down
    (negative). The camera shows y from ``-offset`` down to ``-offset - height``.
    """

    def __init__(self) -> None:
        self.area = Rect(0, 0, 1, 1)
        self.content_h = 0.0
        self.offset = 0.0
        self.camera = arcade.camera.Camera2D()
        self.line = 24.0

    def set_area(self, area: Rect, content_h: float, line: float) -> None:
        self.area = area
        self.content_h = content_h
        self.line = line
        w, h = int(area.width), int(area.height)
        self.camera = arcade.camera.Camera2D(
            viewport=LBWH(int(area.left), int(area.bottom), w, h), projection=LRBT(0, w, -h, 0)
        )
        self.scroll_to(self.offset)

    @property
    def max_offset(self) -> float:
        return max(0.0, float(math.ceil(self.content_h - self.area.height)))

    @property
    def at_end(self) -> bool:
        return self.offset >= self.max_offset

    def scroll_to(self, offset: float) -> None:
        self.offset = float(round(max(0.0, min(self.max_offset, offset))))
        self.camera.position = (0, -self.offset)

    def scroll_by(self, dy: float) -> None:
        self.scroll_to(self.offset + dy)

    def page(self, direction: int) -> None:
        self.scroll_by(direction * max(self.line, self.area.height - 2 * self.line))

    def ensure_visible(self, top: float, bottom: float, margin: float = 12.0) -> None:
        """Scroll the least that shows content from ``top`` down to ``bottom`` (both <= 0)."""
        view_top, view_bottom = -self.offset, -self.offset - self.area.height
        if bottom - margin < view_bottom:
            self.scroll_to(-(bottom - margin) - self.area.height)
        if top + margin > -self.offset:
            self.scroll_to(-(top + margin))
        del view_top

    def to_content(self, x: float, y: float) -> tuple[float, float] | None:
        """Window coordinates to content coordinates (``None`` outside the area)."""
        if not self.area.contains(x, y):
            return None
        return x - self.area.left, -self.offset + (y - self.area.top)

    def to_window(self, x: float, y: float) -> tuple[float, float]:
        return x + self.area.left, y + self.offset + self.area.top

    def on_action(self, action: str) -> bool:
        if action == "line_up":
            self.scroll_by(-LINE_STEP * self.line)
        elif action == "line_down":
            self.scroll_by(LINE_STEP * self.line)
        elif action == "page_up":
            self.page(-1)
        elif action in ("page_down", "press"):
            self.page(1)
        elif action == "to_top":
            self.scroll_to(0)
        elif action == "to_end":
            self.scroll_to(self.max_offset)
        else:
            return False
        return True

    def draw_bar(self) -> None:
        """A thin scroll bar at the area's right edge when the content is taller than it."""
        a = self.area
        if self.max_offset <= 0:
            return
        x = a.right - 5
        arcade.draw_lrbt_rectangle_filled(
            x - 2, x + 2, a.bottom + 4, a.top - 4, (255, 240, 210, 40)
        )
        track = a.height - 8
        thumb = max(30.0, track * a.height / self.content_h)
        t = self.offset / self.max_offset
        top = a.top - 4 - (track - thumb) * t
        arcade.draw_lrbt_rectangle_filled(x - 3, x + 3, top - thumb, top, (*GOLD, 200))


def fit_lines(text: str, width: float, size: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` (at the regular font of ``size``)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(lines[-1] + " " + word, size) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]
