"""The help overlay (F1 or ?): how to play in a few lines and every key, read from the key table.
Titled KEYS (BUTTONS when a controller was used last), as the pause menu names it, not like the
How to play screen.

Opened over a table, it stops the table's clock (the table is hidden: its session pauses with
reason ``"menu"``) and, over a timed table, hides the cards like the pause screen does."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from desert_pyramid.i18n import N_, _
from desert_pyramid.ui.base import audit
from desert_pyramid.ui.base.fonts import text_scale
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.layers import dim_under
from desert_pyramid.ui.base.layout import cut_top, fit_text, inset
from desert_pyramid.ui.base.palette import FAINT, GOLD, INK, MUTED
from desert_pyramid.ui.input import keys
from desert_pyramid.ui.screen import Screen
from desert_pyramid.ui.screens.title import MenuScreen
from desert_pyramid.ui.table.view import TableView
from desert_pyramid.ui.widgets.buttons import ButtonColumn, TextGroup, panel_sprite, text_height
from desert_pyramid.ui.widgets.richtext import px, text_width
from desert_pyramid.ui.widgets.scroll import WHEEL_STEP, Scroll

if TYPE_CHECKING:
    from desert_pyramid.ui.shell import Shell

RULES = N_(
    "Remove two free cards that add up to 13, or a king alone. A card is free when no card "
    "lies on it. Flip the stock for more cards; the Satchel keeps one card for later. "
    "Clear the layout to win."
)
MOUSE = N_(
    "Mouse: click a card, then its partner, or drag one onto the other. A card with one "
    "partner pairs at once; a king leaves with one click."
)
#: The menu keys that scroll the key list (when it is taller than its room)
SCROLL_KEYS = {
    "menu_up": "line_up",
    "menu_down": "line_down",
    "page_up": "page_up",
    "page_down": "page_down",
    "list_first": "to_top",
    "list_last": "to_end",
}
PAD = N_(
    "Controller: the d-pad or the left stick moves the focus, A selects a card and then its partner "
    "(or presses a button), B drops the selection or goes back."
)


class HelpView(MenuScreen):
    pauses_ambience = True
    # the listening keys (B, D...) are answered (speech_link: "Esc goes back to the table")
    contexts = (keys.MENUS, keys.SPEECH, keys.EVERYWHERE)

    def table_under(self) -> Screen | None:
        under = self.under
        return under.table_under() if isinstance(under, Screen) else None

    def __init__(self, app: Shell, under: arcade.View) -> None:
        super().__init__(app)
        self.under = under
        self.menu = ButtonColumn(app.assets, [])
        self.pad = app.last_input == "pad"  # a controller was used last: its buttons are shown
        self.keys_texts = TextGroup()  # the key list, in the scroll area's content coordinates
        self.scroll = Scroll()

    def back(self) -> bool:
        self.app.show_view(self.under)
        return True

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool | None:
        self.back()
        return True

    def layout(self, width: int, height: int) -> None:
        if isinstance(self.under, Screen):
            self.under.ensure_layout()
        s = max(0.7, min(width / 1280, height / 720) ** 0.8)
        # the room a text's lines take grows with the text size (200%: rows twice as far apart,
        # the keys' column twice as wide, a wider panel), never over 100% at 100%
        t = s * text_scale()
        self.texts = TextGroup()
        pw = min(940 * t, width - 16.0)
        top = height * 0.96
        under = self.under
        if isinstance(under, TableView) and under.geom is not None:
            # over a table, under its top bar: the score row stays whole (it was cut through)
            top = min(top, under.geom.hud.bottom - 6 * s)
        bottom = max(8.0, height * 0.015)  # (room for the key list's two columns)
        panel = Rect(width / 2 - pw / 2, bottom, pw, top - bottom)
        self.decor = arcade.SpriteList()
        self.decor.append(panel_sprite(self.app.assets, panel))
        self.pad = self.app.last_input == "pad"
        self.title_text = self.texts.heading(
            _("BUTTONS") if self.pad else _("KEYS"), width / 2, panel.top - 28 * t, 24 * s
        )
        inner = inset(panel, 30 * s, 0)
        _head, rest = cut_top(inner, 46 * t)
        # the two paragraphs as tall as their lines (a line's room left empty under a short
        # one pushed the key list into a scrolling column at 1280x720)
        said = (_(RULES), _(PAD) if self.pad else _(MOUSE))
        room = inner.width - 2 * max(2.0, px(11.5 * s) * 0.2)

        def measure(words: str) -> float:
            return text_width(words, 11.5 * s, False)

        # at a larger text size the two paragraphs scroll with the key list, as many lines as
        # their words take at that size (held to two lines over it, they were set at 100%)
        flow = text_scale() > 1.0
        if not flow:
            counts = [len(fit_text(p, room, measure, 2)) for p in said]
            rules, rest = cut_top(rest, text_height(11.5 * s, counts[0]), 4 * s)
            mouse, rest = cut_top(rest, text_height(11.5 * s, counts[1]), 4 * s)
            self.texts.fitted(said[0], rules, 11.5 * s, max_lines=2)
            self.texts.fitted(said[1], mouse, 11.5 * s, colour=MUTED, max_lines=2)
        # the key list: two columns at the text's own size; taller than its room, it scrolls
        # (in content coordinates: x from the area's left, y from 0 at its top going down)
        area = Rect(
            panel.left + 20 * s,
            panel.bottom + 34 * t,
            panel.width - 40 * s,
            max(20 * s, rest.top - 8 * s - (panel.bottom + 34 * t)),
        )
        self.keys_texts = TextGroup()
        lead = 0.0  # the paragraphs' height over the key list (when they scroll with it)
        if flow:
            wide = area.width - 34 * s  # short of the scroll bar
            room = wide - 2 * max(2.0, px(11.5 * s) * 0.2)
            for words, colour in zip(said, (INK, MUTED), strict=True):
                n = len(fit_text(words, room, measure, 12))
                tall = text_height(11.5 * s, n)
                box = Rect(20 * s, -lead - tall, wide, tall)
                self.keys_texts.fitted(words, box, 11.5 * s, colour=colour, max_lines=n)
                lead += tall + 8 * t
        col_x = (20 * s, area.width / 2 + 20 * s)
        col_right = (area.width / 2 - 6 * s, area.width - 14 * s)  # short of the scroll bar
        rows_of = keys.pad_help_rows if self.pad else keys.help_rows
        under = self.under
        groups = rows_of(under.help_contexts if isinstance(under, Screen) else None)
        # a row's words never cut: a line more where one does not hold them (the row grows)
        narrower = min(r - x for r, x in zip(col_right, col_x, strict=True)) - 96 * t
        lines = self._lines(groups, narrower, s)
        columns = self._pack(self._needs(groups, lines, s, t))
        if lead + self._height(self._needs(groups, lines, s, t), columns, t) > area.height:
            # it scrolls anyway: one column, whose lines have the whole width
            columns = [0] * len(groups)
            col_right = (area.width - 14 * s, area.width - 14 * s)
            lines = self._lines(groups, col_right[0] - col_x[0] - 96 * t, s)
        else:  # each group's lines in its own column's width (the right one is a little narrower)
            lines = [
                self._lines([group], col_right[col] - col_x[col] - 96 * t, s)[0]
                for col, group in zip(columns, groups, strict=True)
            ]
        top = -12 * t - lead
        ys = [top, top]
        line = text_height(11.5 * s)
        for col, (title, rows), counts in zip(columns, groups, lines, strict=True):
            x = col_x[col]
            self.keys_texts.label(
                title, x, ys[col], 13 * s, colour=GOLD, anchor_x="left", bold=True
            )
            ys[col] -= 24 * t
            for (key_label, text), n in zip(rows, counts, strict=True):
                self.keys_texts.fitted(
                    key_label,
                    Rect(x - 3, ys[col] - line / 2, 96 * t, line),
                    11.5 * s,
                    colour=GOLD,
                    bold=True,
                    align="left",
                )
                tall = text_height(11.5 * s, n)
                box = Rect(x + 96 * t, ys[col] + line / 2 - tall, col_right[col] - x - 96 * t, tall)
                self.keys_texts.fitted(text, box, 11.5 * s, colour=INK, align="left", max_lines=n)
                ys[col] -= 21 * t + (tall - line)
            ys[col] -= 10 * t
        self.scroll.set_area(area, -min(ys) - line / 2, 21 * t)
        closes = (
            _("B, Back or a click closes this help")
            if self.pad
            else _("Esc, F1 or a click closes this help")
        )
        self.texts.label(closes, width / 2, panel.bottom + 18 * t, 11 * s, colour=FAINT)

    @staticmethod
    def _lines(
        groups: list[tuple[str, list[tuple[str, str]]]], width: float, s: float
    ) -> list[list[int]]:
        """How many lines each row's words take in a column ``width`` wide (three at most)."""
        room = width - 2 * max(2.0, px(11.5 * s) * 0.2)  # the fitted text's own padding

        def measure(t: str) -> float:
            return text_width(t, 11.5 * s, False)

        return [[len(fit_text(text, room, measure, 3)) for _k, text in rows] for _t, rows in groups]

    @staticmethod
    def _needs(
        groups: list[tuple[str, list[tuple[str, str]]]],
        lines: list[list[int]],
        s: float,
        t: float,
    ) -> list[float]:
        """Each group's height (as :meth:`layout` places it; ``t``: ``s`` times the text size)."""
        step = text_height(11.5 * s, 2) - text_height(11.5 * s)
        return [
            (24 + 10) * t + sum(21 * t + (n - 1) * step for n in counts)
            for (_title, _rows), counts in zip(groups, lines, strict=True)
        ]

    @staticmethod
    def _pack(needs: list[float]) -> list[int]:
        """The column of each group: the groups in order, the first ones in the first column,
        split where the taller column is the shortest. The lines keep their size (a list taller
        than its room scrolls, :attr:`scroll`)."""
        best = min(range(len(needs) + 1), key=lambda i: max(sum(needs[:i]), sum(needs[i:])))
        return [0 if i < best else 1 for i in range(len(needs))]

    @staticmethod
    def _height(needs: list[float], columns: list[int], s: float) -> float:
        """How tall the key list is in these columns."""
        used = [12 * s, 12 * s]
        for col, need in zip(columns, needs, strict=True):
            used[col] += need
        return max(used)

    def on_action(self, action: str) -> bool:
        if action == "menu_accept":  # Enter: the keys read, back to where the help was opened
            return self.back()
        if action in SCROLL_KEYS:  # ↑ ↓, PgUp PgDn, Home End scroll a list taller than its room
            self.scroll.on_action(SCROLL_KEYS[action])
            return True
        return super().on_action(action)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool | None:
        self.scroll.scroll_by(-scroll_y * WHEEL_STEP * self.scroll.line)
        return True

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        if (
            self.app.last_input == "pad"
        ) != self.pad:  # the player took up the other input: its keys
            self.layout(self.app.width, self.app.height)

    @property
    def hide_cards(self) -> bool:
        """Over a timed table (Expedition, Daily, timed scoring) the cards are hidden, as on the
        pause screen: the clock is stopped while this help is open, so the cards must not be
        there to study. Over any other screen, that screen shows as it is."""
        under = self.under
        seat = under.table_seat() if isinstance(under, Screen) else None
        return seat is not None and seat.timed

    def on_draw(self) -> None:
        if isinstance(self.under, TableView):  # the table, drawn with or without its cards
            self.under.draw_table_only(cards=not self.hide_cards)
        else:
            self.under.on_draw()
        dim_under(self.app.width, self.app.height)  # the screen under the dialog, dimmed
        self.decor.draw()
        self.texts.draw()
        area = self.scroll.area
        with (
            self.scroll.camera.activate(),
            audit.scrolled(area, area.left, area.top + self.scroll.offset),
        ):
            self.keys_texts.draw()
        self.scroll.draw_bar()
