"""Past games: the finished games the save keeps with their moves, newest first, to watch again.

Reached from the Statistics screen. ↑ ↓ (and PgUp PgDn, Home End, the mouse wheel) move through
the list, Enter or a click watches the game (the replay screen, with its analysis), Esc goes back.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import arcade

from desert_pyramid.app.records import describe, outcome_word, replay_title
from desert_pyramid.engine import EngineError, decode_game_code
from desert_pyramid.i18n import _, format_number, ngettext
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.palette import FAINT, TAN
from desert_pyramid.ui.screens.title import MenuScreen
from desert_pyramid.ui.widgets.buttons import Button, ButtonColumn, TextGroup, panel_sprite

if TYPE_CHECKING:
    from desert_pyramid.ui.shell import Shell


__all__ = ["PastGamesView", "describe", "outcome_word"]  # the words: app/records.py


class PastGamesView(MenuScreen):
    even_text = True  # all its text at one size (ui/screen.py)

    def __init__(self, app: Shell, back: Callable[[], None]) -> None:
        super().__init__(app)
        self.go_back = back
        self.games = list(reversed(app.application.progress.games))  # newest first
        self.first = 0  # the list's first row shown
        self.rows = 8
        self.selected = 0

    def back(self) -> bool:
        self.go_back()
        return True

    def watch(self, index: int) -> None:

        game = self.games[index]
        try:
            code = decode_game_code(game.code, self.app.application.get_layout)
        except EngineError as exc:
            self.set_message(_("This game cannot be shown: {reason}.").format(reason=exc))
            return
        self.app.show_replay(
            code,
            back=lambda: self.app.show_view(self),
            title=replay_title(game.mode),
            total=game.score,  # the total the row shows (a Daily's time bonus included)
        )

    def layout(self, width: int, height: int) -> None:
        s = self.scale()
        self.s = s
        pw, ph = min(width - 24.0, 900 * s), min(height - 16.0, 660 * s)
        panel = Rect(round((width - pw) / 2), round((height - ph) / 2), round(pw), round(ph))
        self.panel = panel
        self.decor = arcade.SpriteList()
        self.decor.append(panel_sprite(self.app.assets, panel))
        self.texts = TextGroup()
        self.texts.heading(_("PAST GAMES"), width / 2, panel.top - 36 * s, 26 * s)
        self.count_text = self.texts.label("", width / 2, panel.top - 70 * s, 12 * s, colour=TAN)
        self.row_h = 40 * s
        self.list_top = panel.top - 92 * s
        self.rows = max(1, int((self.list_top - (panel.bottom + 70 * s)) // (self.row_h + 6 * s)))
        self.message_text = self.texts.label(
            self.message, width / 2, panel.bottom + 22 * s, 11 * s, colour=FAINT
        )
        self._fill()

    def _fill(self) -> None:
        s = self.s
        panel = self.panel
        n = len(self.games)
        self.selected = max(0, min(self.selected, n - 1)) if n else 0
        if self.selected < self.first:
            self.first = self.selected
        elif self.selected >= self.first + self.rows:
            self.first = self.selected - self.rows + 1
        shown = range(self.first, min(n, self.first + self.rows))
        buttons = [
            Button(
                describe(self.games[i])[0], partial(self.watch, i), value=describe(self.games[i])[1]
            )
            for i in shown
        ]
        buttons.append(Button(_("Back"), self.go_back))
        focus = self.menu.focus
        self.menu = ButtonColumn(self.app.assets, buttons)
        w = panel.width - 60 * s
        rects = [
            Rect(
                round(panel.left + 30 * s),
                round(self.list_top - (k + 1) * self.row_h - k * 6 * s),
                round(w),
                round(self.row_h),
            )
            for k in range(len(buttons) - 1)
        ]
        rects.append(
            Rect(
                round(panel.cx - 110 * s),
                round(panel.bottom + 40 * s),
                round(220 * s),
                round(38 * s),
            )
        )
        self.menu.place(rects, 13 * s)
        self.menu.focus = (
            (self.selected - self.first) if n and focus != len(buttons) - 1 else len(buttons) - 1
        )
        if not n:
            self.menu.focus = 0
        self.menu.refresh()
        if n:
            last = min(n, self.first + self.rows)
            self.count_text.text = ngettext(
                "{n} game kept with its moves · {first}-{last} shown · Enter watches one",
                "{n} games kept with their moves · {first}-{last} shown · Enter watches one",
                n,
            ).format(n=format_number(n), first=self.first + 1, last=last)
        else:
            self.count_text.text = _(
                "No finished game yet: the games you play are kept here to watch again."
            )

    def move(self, step: int) -> None:
        n = len(self.games)
        on_back = self.menu.focus == len(self.menu.buttons) - 1
        if not n:
            return
        if on_back:
            if step < 0:
                self.selected = min(n - 1, self.first + self.rows - 1)
                self.menu.focus = 0
                self._fill()
            return
        target = self.selected + step
        if target >= n:  # past the last game: the Back button
            self.menu.focus = len(self.menu.buttons) - 1
            self.menu.refresh()
            return
        self.selected = max(0, target)
        self._fill()

    def on_action(self, action: str) -> bool:
        steps = {
            "menu_up": -1,
            "menu_down": 1,
            "page_up": -self.rows,
            "page_down": self.rows,
            "list_first": -len(self.games),
            "list_last": len(self.games) - 1 - self.selected,
        }
        if action in steps and self.games:
            if action == "list_last":
                self.selected = len(self.games) - 1
                self._fill()
            else:
                self.move(steps[action])
            return True
        return super().on_action(action)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        if self.games:
            self.move(-1 if scroll_y > 0 else 1)
