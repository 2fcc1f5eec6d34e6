"""The pause screen: the clock stops; a timed table hides its cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from desert_pyramid.i18n import _
from desert_pyramid.ui.base.fonts import text_scale
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.layers import dim_under
from desert_pyramid.ui.base.layout import Span, column_rects, fit_text, menu_panel
from desert_pyramid.ui.base.palette import GOLD, MUTED
from desert_pyramid.ui.screens.title import MenuScreen
from desert_pyramid.ui.table.view import skip_label
from desert_pyramid.ui.widgets.buttons import (
    Button,
    ButtonColumn,
    TextGroup,
    panel_sprite,
    text_height,
)
from desert_pyramid.ui.widgets.richtext import text_width

if TYPE_CHECKING:
    from desert_pyramid.ui.shell import Shell
    from desert_pyramid.ui.table.view import TableView


class PauseView(MenuScreen):
    even_text = True  # all its text at one size (ui/screen.py)
    pauses_ambience = True

    def table_under(self) -> TableView:
        return self.table

    def __init__(self, app: Shell, table: TableView) -> None:
        super().__init__(app)
        self.table = table
        seat = table.seat
        seat.pause()
        self.hide_cards = table.timed
        offers = seat.offers  # what the mode offers beyond the moves (modes/session.py)
        buttons = [Button(_("Resume"), self.resume)]
        if offers.skip:  # the label says what a skip costs (untimed: nothing)
            buttons.append(Button(skip_label(seat.skip_cost_ms), self.skip))
        if offers.end_run:
            buttons.append(
                Button(_("End the trek"), self.end_trek, confirm=_("End the trek? Press again"))
            )
        # a game under way is thrown away by a restart or a new deal: each asks first (press
        # again); a deal with no move played goes at once
        under_way = bool(table.game.moves) and not seat.finished
        again = _("Restart? Press again") if under_way else ""
        if offers.restart == "day":
            buttons.append(Button(_("Restart this day's deal"), self.restart, confirm=again))
        elif offers.restart:
            buttons.append(Button(_("Restart this deal"), self.restart, confirm=again))
        if offers.new_deal:
            ask = _("New deal? Press again") if under_way else ""
            buttons.append(Button(_("New deal"), self.new_deal, confirm=ask))
        buttons += [
            Button(_("Settings"), lambda: app.show_settings(self)),
            Button(_("How to play"), lambda: app.show_howto(self)),
            Button(
                _("Buttons · Back") if app.last_input == "pad" else _("Keys · F1"),
                lambda: app.show_help(self),
            ),
            Button(_("Title screen"), lambda: app.show_title()),
        ]
        self.menu = ButtonColumn(app.assets, buttons)

    def resume(self) -> None:
        self.app.show_view(self.table)

    def restart(self) -> None:
        self.app.restart(self.table.seat)

    def new_deal(self) -> None:
        g = self.table.game
        self.app.start_practice(g.rules, g.layout)

    def skip(self) -> None:
        self.app.show_view(self.table)
        self.table.skip_pyramid()

    def end_trek(self) -> None:
        """The trek ends now: the application records it (a loss for the pyramid in play), and
        the results list what it unlocked."""
        self.app.show_results(self.table)

    def back(self) -> bool:
        self.resume()
        return True

    def on_action(self, action: str) -> bool:
        if action == "resume":  # a controller's Start, as it paused
            self.resume()
            return True
        return super().on_action(action)

    def layout(self, width: int, height: int) -> None:
        s = self.scale()
        self.table.ensure_layout()
        self.texts = TextGroup()
        if text_scale() > 1.0:
            self._layout_grown(width, height, s)
            return
        n = len(self.menu.buttons)
        ph = 110 * s + n * 49 * s + 20 * s
        panel = Rect(width / 2 - 230 * s, height / 2 - ph / 2, 460 * s, ph)
        self.decor = arcade.SpriteList()
        self.decor.append(panel_sprite(self.app.assets, panel))
        self.texts.heading(_("PAUSED"), width / 2, panel.top - 40 * s, 30 * s)
        note = (
            _("The clock is stopped and the cards are hidden.")
            if self.hide_cards
            else _("The clock is stopped.")
        )
        self.texts.label(note, width / 2, panel.top - 74 * s, 12 * s, colour=MUTED)
        rects = column_rects(width / 2, panel.top - 96 * s, n, 360 * s, 40 * s, 9 * s)
        self.menu.place(rects, 15 * s)

    def _layout_grown(self, width: int, height: int, s: float) -> None:
        """At a larger text size: the panel and its buttons as wide and tall as their words
        (the fixed 360-px buttons cut "Restart this day's deal" at 200% and the whole pause
        was set at 100%), the menu in two columns where one column does not stand in the
        window (``layout.menu_panel``)."""
        note = self._note()
        row_h = max(40 * s, text_height(15 * s) + 12 * s)
        pad = row_h * self.menu.pad_ratio
        # the widest label, or the question a button asks first ("End the trek? Press again")
        words = [t for b in self.menu.buttons for t in (b.label, b.confirm) if t]
        need = max(text_width(t, 15 * s, True) for t in words) + 2 * pad + 4
        note_w = 460 * s * text_scale() - 24 * s
        lines = len(fit_text(note, note_w, lambda t: text_width(t, 12 * s, False), 3))
        parts = menu_panel(
            Rect(0, 0, width, height),
            len(self.menu.buttons),
            width=460 * s,
            row_width=Span(need, 360 * s),
            row_height=Span(text_height(15 * s) + 6, row_h),
            gap=round(9 * s),  # (whole pixels: the grid rounds its gaps)
            heading=text_height(30 * s) + 6 * s,
            notes=(text_height(12 * s, lines),),
            margin=8 * s,
            pad=12 * s,
        )
        self.decor = arcade.SpriteList()
        self.decor.append(panel_sprite(self.app.assets, parts.panel))
        self.texts.fitted(_("PAUSED"), parts.heading, 30 * s, colour=GOLD, heading=True)
        self.texts.fitted(note, parts.notes[0], 12 * s, colour=MUTED, max_lines=lines)
        self.menu.place(parts.menu.rects, 15 * s, rows=parts.rows)

    def _note(self) -> str:
        return (
            _("The clock is stopped and the cards are hidden.")
            if self.hide_cards
            else _("The clock is stopped.")
        )

    def on_draw(self) -> None:
        self.table.draw_table_only(cards=not self.hide_cards)
        dim_under(self.app.width, self.app.height)  # the screen under the dialog, dimmed
        self.decor.draw()
        self.menu.draw()
        self.texts.draw()
