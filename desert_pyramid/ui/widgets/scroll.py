"""Scrolling pages: a rectangle of the window showing part of a taller column of content, and the
pages of a screen with tabs (the How to play screen's rules, variations, glossary and quiz)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Protocol

import arcade
from arcade.types import LBWH, LRBT

from desert_pyramid.ui.table.geometry import Rect
from desert_pyramid.ui.widgets.richtext import RichText, px, text_width

if TYPE_CHECKING:
    from desert_pyramid.app.howto import HowtoMemory
    from desert_pyramid.content import RulesContent
    from desert_pyramid.ui.shell import Shell


class PageHost(Protocol):
    """What a page needs of the screen that shows it."""

    @property
    def app(self) -> Shell: ...

    @property
    def memory(self) -> HowtoMemory: ...

    @property
    def content(self) -> RulesContent: ...


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
        arcade.draw_lrbt_rectangle_filled(x - 3, x + 3, top - thumb, top, (255, 214, 92, 200))


def fit_lines(text: str, width: float, size: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` (at the regular font of ``size``)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(lines[-1] + " " + word, size) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


# --------------------------------------------------------------------------------------------
# Pages


class Page:
    """One page of the screen, drawn in ``area`` (window coordinates)."""

    name = ""
    hint = ""

    def __init__(self, view: PageHost) -> None:
        self.view = view
        self.area = Rect(0, 0, 0, 0)
        self.s = 1.0

    @property
    def app(self) -> Shell:
        return self.view.app

    def build(self, area: Rect, s: float) -> None:
        self.area, self.s = area, s

    def on_action(self, action: str) -> bool:
        return False

    def on_scroll(self, x: float, y: float, dy: float) -> None:
        pass

    def on_click(self, x: float, y: float) -> bool:
        return False

    def on_hover(self, x: float, y: float) -> None:
        pass

    def leave(self) -> None:
        """The page is hidden (remember the scroll)."""

    def draw(self) -> None:
        pass


class ScrollPage(Page):
    """A page of text in a scroll area; subclasses fill :attr:`rich` in :meth:`fill`."""

    def __init__(self, view: PageHost) -> None:
        super().__init__(view)
        self.scroll = Scroll()
        self.scroll.offset = view.memory.scroll.get(self.name, 0.0)
        self.rich = RichText(view.app.assets)
        self.extra: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()

    def scroll_rect(self, area: Rect, s: float) -> Rect:
        return area

    def build(self, area: Rect, s: float) -> None:
        super().build(area, s)
        rect = self.scroll_rect(area, s)
        self.rich = RichText(self.app.assets, self.app.settings.four_colour)
        self.extra = arcade.SpriteList()
        height = self.fill(rect.width - 24 * s, s)
        self.scroll.set_area(rect, height, px(self.body_size) * 1.5)

    body_size = 14.5

    def fill(self, width: float, s: float) -> float:
        """Lay out the content (x from 0, y from 0 down); returns its height."""
        return 0.0

    def on_action(self, action: str) -> bool:
        return self.scroll.on_action(action)

    def on_scroll(self, x: float, y: float, dy: float) -> None:
        if self.scroll.area.contains(x, y) or self.area.contains(x, y):
            self.scroll.scroll_by(-dy * WHEEL_STEP * self.scroll.line)

    def leave(self) -> None:
        self.view.memory.scroll[self.name] = self.scroll.offset

    def draw_content(self) -> None:
        self.extra.draw()
        self.rich.draw()

    def draw(self) -> None:
        with self.scroll.camera.activate():
            self.draw_content()
        self.scroll.draw_bar()
