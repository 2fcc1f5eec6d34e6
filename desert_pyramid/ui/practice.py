"""The Practice set-up: the rule set, the layout, and a random or a proven-winnable deal."""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING

import arcade

from desert_pyramid.catalog import all_layouts
from desert_pyramid.engine import PRESETS
from desert_pyramid.modes import InputError, PracticeSession

from .geometry import Rect
from .layout_picker import LayoutPickerView, remember_layout, remembered_layout
from .title import MenuScreen
from .widgets import Button, ButtonColumn, TextGroup, column_rects, panel_sprite

if TYPE_CHECKING:
    from .app import GameApp

SOURCES = ("Random", "Winnable only")


class PracticeSetupView(MenuScreen):
    """Choose the rules, the layout and the kind of deal, then deal."""

    def __init__(self, app: GameApp) -> None:
        super().__init__(app)
        self.presets = list(PRESETS)
        self.preset = 0
        self.layouts = sorted(all_layouts())
        self.layout_i = 0
        remembered = remembered_layout(app)  # the layout picker's last choice
        if remembered is not None:
            self.layout_i = self.layouts.index(remembered)
        self.source = 0
        self.menu = ButtonColumn(app.assets, [
            Button("Rules", lambda: self._rules(1), adjust=self._rules),
            Button("Layout", self.choose_layout, adjust=self._layout),
            Button("Deal", lambda: self._source(1), adjust=self._source),
            Button("Play", self.deal),
            Button("Back", lambda: app.show_title()),
        ])
        self.menu.focus = 3
        self.about: arcade.Text | None = None
        self._search: Future[PracticeSession] | None = None
        self._pool: ThreadPoolExecutor | None = None
        self._update_values()

    def _rules(self, step: int) -> None:
        self.preset = (self.preset + step) % len(self.presets)
        self._update_values()

    def _layout(self, step: int) -> None:
        if PRESETS[self.presets[self.preset]].classic_layout_only:
            self.set_message("Classic and strict rules play the classic pyramid only.")
            return
        self.layout_i = (self.layout_i + step) % len(self.layouts)
        self._update_values()

    def choose_layout(self) -> None:
        """Open the layout picker (Enter or a click on the Layout row); it comes back here."""
        self._search = None  # a search for a winnable deal in progress is dropped

        def chosen(number: int) -> None:
            self.layout_i = self.layouts.index(number)
            self._update_values()
            self.app.show_view(self)

        name = self.presets[self.preset]
        self.app.show_view(LayoutPickerView(
            self.app, on_choose=chosen, on_back=lambda: self.app.show_view(self),
            current=self.layouts[self.layout_i], rules=PRESETS[name], rules_name=name))

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool | None:
        row = self.menu.buttons[1].rect  # a click on the Layout row's name opens the picker
        if row.contains(x, y) and x < row.right - row.width * 0.45:
            self.menu.focus = 1
            self.app.sounds.play("click")
            self.choose_layout()
            return True
        return super().on_mouse_press(x, y, button, modifiers)

    def _source(self, step: int) -> None:
        self.source = (self.source + step) % len(SOURCES)
        self._update_values()

    def _update_values(self) -> None:
        rules = PRESETS[self.presets[self.preset]]
        if rules.classic_layout_only:
            self.layout_i = 0
        number = self.layouts[self.layout_i]
        self.menu.buttons[0].value = self.presets[self.preset].capitalize()
        self.menu.buttons[1].value = f"{number} · {all_layouts()[number].name}"
        self.menu.buttons[2].value = SOURCES[self.source]
        if self.about is not None:
            self.about.text = rules.describe().capitalize() + "."
        self.menu.refresh()

    def deal(self) -> None:
        rules = PRESETS[self.presets[self.preset]]
        layout = all_layouts()[self.layouts[self.layout_i]]
        if not rules.classic_layout_only:
            remember_layout(self.app, layout.number)
        if self.source == 0:
            self.app.start_practice(rules, layout)
            return
        if self._search is not None:
            return
        # the solver proves a deal winnable: a fraction of a second, sometimes several seconds,
        # so it runs beside the frames and the screen says so
        self.set_message("Looking for a deal the solver can prove winnable…")
        self._pool = self._pool or ThreadPoolExecutor(max_workers=1, thread_name_prefix="winnable")
        self._search = self._pool.submit(PracticeSession.winnable, rules, layout)

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        search = self._search
        if search is None or not search.done():
            return
        self._search = None
        try:
            session = search.result()
        except InputError as exc:
            self.set_message(str(exc))
            return
        self.app.new_table(session)

    def back(self) -> bool:
        self._search = None  # its answer, if it comes, is dropped
        self.app.show_title()
        return True

    def on_hide_view(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def layout(self, width: int, height: int) -> None:
        s = self.scale()
        self.texts = TextGroup()
        n = len(self.menu.buttons)
        ph = (96 + n * 52 + 90) * s
        panel = Rect(width / 2 - 300 * s, height / 2 - ph / 2, 600 * s, ph)
        self.decor = arcade.SpriteList()
        self.decor.append(panel_sprite(self.app.assets, panel))
        self.texts.heading("PRACTICE", width / 2, panel.top - 40 * s, 30 * s)
        rects = column_rects(width / 2, panel.top - 80 * s, n, 520 * s, 42 * s, 10 * s)
        self.menu.place(rects, 15 * s)
        self.about = self.texts.label("", width / 2, rects[-1].bottom - 30 * s, 12 * s, colour=(236, 214, 176))
        self.texts.label("← → change a row · Enter on Layout shows all layouts · Esc goes back", width / 2,
                         panel.bottom + 20 * s, 11 * s, colour=(200, 180, 150))
        self.message_text = self.texts.label(self.message, width / 2, 22 * s, 12 * s, colour=(70, 40, 16), bold=True)
        self._update_values()
