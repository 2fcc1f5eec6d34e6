"""The pages of a screen with tabs (the How to play screen's rules, variations, glossary and quiz):
each draws in its part of the window, most of them a page of text in a scroll area."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import arcade

from desert_pyramid.ui.base import audit
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.widgets.richtext import RichText, px
from desert_pyramid.ui.widgets.scroll import WHEEL_STEP, Scroll

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
        sc = self.scroll
        # the layout audit sees the parts where they show (content y is 0 at the top, down)
        with sc.camera.activate(), audit.scrolled(sc.area, sc.area.left, sc.offset + sc.area.top):
            self.draw_content()
        sc.draw_bar()
