"""The help overlay (F1 or ?): how to play in a few lines and every key, read from the key table.
Titled KEYS (BUTTONS when a controller was used last), as the pause menu names it, not like the
How to play screen.

Opened over a table, it stops the table's clock (the table is hidden: its session pauses with
reason ``"menu"``) and, over a timed table, hides the cards like the pause screen does."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from desert_pyramid.app.sessions import timed
from desert_pyramid.i18n import N_, _
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.layers import dim_under
from desert_pyramid.ui.base.layout import cut_top, inset
from desert_pyramid.ui.base.palette import FAINT, GOLD, INK, MUTED
from desert_pyramid.ui.input import keys
from desert_pyramid.ui.screen import Screen
from desert_pyramid.ui.screens.title import MenuScreen
from desert_pyramid.ui.widgets.buttons import ButtonColumn, TextGroup, panel_sprite, text_height

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
PAD = N_(
    "Controller: the d-pad or the left stick moves the focus, A selects a card and then its partner "
    "(or presses a button), B drops the selection or goes back."
)


class HelpView(MenuScreen):
    pauses_ambience = True

    def table_under(self) -> Screen | None:
        under = self.under
        return under.table_under() if isinstance(under, Screen) else None

    def __init__(self, app: Shell, under: arcade.View) -> None:
        super().__init__(app)
        self.under = under
        self.menu = ButtonColumn(app.assets, [])
        self.pad = app.last_input == "pad"  # a controller was used last: its buttons are shown

    def back(self) -> bool:
        self.app.show_view(self.under)
        return True

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool | None:
        self.back()
        return True

    def layout(self, width: int, height: int) -> None:
        ensure = getattr(self.under, "ensure_layout", None)
        if ensure is not None:
            ensure()
        s = max(0.7, min(width / 1280, height / 720) ** 0.8)
        self.texts = TextGroup()
        panel = Rect(width / 2 - 470 * s, height * 0.04, 940 * s, height * 0.92)
        self.decor = arcade.SpriteList()
        self.decor.append(panel_sprite(self.app.assets, panel))
        self.pad = self.app.last_input == "pad"
        self.title_text = self.texts.heading(
            _("BUTTONS") if self.pad else _("KEYS"), width / 2, panel.top - 34 * s, 24 * s
        )
        inner = inset(panel, 30 * s, 0)
        _head, rest = cut_top(inner, 56 * s)
        rules, rest = cut_top(rest, text_height(11.5 * s, 2), 4 * s)
        mouse, rest = cut_top(rest, text_height(11.5 * s, 2), 4 * s)
        self.texts.fitted(_(RULES), rules, 11.5 * s, max_lines=2)
        self.texts.fitted(
            _(PAD) if self.pad else _(MOUSE), mouse, 11.5 * s, colour=MUTED, max_lines=2
        )
        y = rest.top - 20 * s
        col_x = (panel.left + 40 * s, panel.cx + 20 * s)
        col_right = (panel.cx + 10 * s, panel.right - 20 * s)
        rows_of = keys.pad_help_rows if self.pad else keys.help_rows
        groups = rows_of(getattr(self.under, "help_contexts", None))
        k, columns = self._pack(groups, y - (panel.bottom + 40 * s), s)
        ys = [y, y]
        for col, (title, rows) in zip(columns, groups, strict=True):
            x = col_x[col]
            self.texts.label(title, x, ys[col], 13 * s * k, colour=GOLD, anchor_x="left", bold=True)
            ys[col] -= 24 * s * k
            for key_label, text in rows:
                line = text_height(11.5 * s * k)
                self.texts.fitted(
                    key_label,
                    Rect(x - 3, ys[col] - line / 2, 96 * s, line),
                    11.5 * s * k,
                    colour=GOLD,
                    bold=True,
                    align="left",
                )
                box = Rect(x + 96 * s, ys[col] - line / 2, col_right[col] - x - 96 * s, line)
                self.texts.fitted(text, box, 11.5 * s * k, colour=INK, align="left")
                ys[col] -= 21 * s * k
            ys[col] -= 10 * s * k
        closes = (
            _("B, Back or a click closes this help")
            if self.pad
            else _("Esc, F1 or a click closes this help")
        )
        self.texts.label(closes, width / 2, panel.bottom + 18 * s, 11 * s, colour=FAINT)

    @staticmethod
    def _pack(
        groups: list[tuple[str, list[tuple[str, str]]]], room: float, s: float
    ) -> tuple[float, list[int]]:
        """The scale of the key lines and the column of each group: the groups in order, the
        first column filled before the second, smaller lines when two columns do not hold them."""
        k = 1.0
        while True:
            used = [0.0, 0.0]
            columns: list[int] = []
            col = 0
            for _title, rows in groups:
                need = (24 + 21 * len(rows) + 10) * s * k
                if col == 0 and used[0] + need > room and used[0] > 0:
                    col = 1
                used[col] += need
                columns.append(col)
            if used[1] <= room and used[0] <= room or k < 0.6:
                return k, columns
            k *= 0.92

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
        return timed(getattr(self.under, "session", None))

    def on_draw(self) -> None:
        draw_table = getattr(self.under, "draw_table_only", None)
        if draw_table is not None:
            draw_table(cards=not self.hide_cards)
        else:
            self.under.on_draw()
        dim_under(self.app.width, self.app.height)  # the screen under the dialog, dimmed
        self.decor.draw()
        self.texts.draw()
