"""Statistics per mode, rule preset and layout, with totals, and a chart of recent results.

A selector (← →) goes over: all games, each mode with data (its total), and each (mode, preset,
layout) with data. For the chosen view it shows played, won, lost, win rate, current and best
streak, best score, best time, best trek and treks, and a chart: for one key, a bar per recent
result (height: score; colour: won or lost); for a total, the wins and losses of each recent day.
"""

from __future__ import annotations

import datetime
from functools import partial
from typing import TYPE_CHECKING

import arcade
from arcade.shape_list import ShapeElementList, create_line, create_rectangle_filled

from desert_pyramid.app.records import (
    CHART_DAYS,
    DASH,
    MODE_ORDER,
    PRESET_NAMES,
    LayoutNamer,
    StatsChoice,
    choices,
    day_streak_line,
    figures,
    key_label,
    key_labels,
    per_day,
    preset_label,
)
from desert_pyramid.i18n import _, format_day, format_number, ngettext, pgettext
from desert_pyramid.ui.art.skin import skin
from desert_pyramid.ui.base import fonts
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.layout import fit_text, words_of
from desert_pyramid.ui.base.palette import FAINT, GOLD, INK, MUTED, PANEL_RIM
from desert_pyramid.ui.screens.title import MenuScreen
from desert_pyramid.ui.widgets.buttons import (
    Button,
    ButtonColumn,
    TextGroup,
    panel_sprite,
    text_height,
)
from desert_pyramid.ui.widgets.richtext import px, text_width

if TYPE_CHECKING:
    from desert_pyramid.ui.shell import Shell

WON = (126, 192, 104, 255)
LOST = (204, 108, 76, 255)
GRID = (*MUTED, 38)
CHART_BARS = 30  # recent results drawn for one key


def chart_slots(r: Rect, count: int, fewest: int) -> tuple[float, float]:
    """The width of each bar's slot and the left of the first: ``count`` bars spread over the
    chart's whole width, each no wider than a ``fewest``-th of it (a few bars stand centred,
    not as wide as the chart)."""
    slot = r.width / max(count, fewest)
    return slot, r.left + (r.width - slot * count) / 2


def chart_day(iso: str, room: float, size: float = 9.0) -> str:
    """A day under the chart: with the month's name where ``room`` pixels hold it (1. Dez.,
    1 дек.), else in figures (1.12., 01.12); a saved text that is no date as it is."""
    try:
        day = datetime.date.fromisoformat(iso)
    except ValueError:
        return iso[5:]
    named = format_day(day, "MMMd")
    if text_width(named, size) <= room:
        return named
    return format_day(day, "Md")


__all__ = [  # the statistics' words live in the application layer (app/records.py)
    "CHART_DAYS",
    "DASH",
    "MODE_ORDER",
    "PRESET_NAMES",
    "LayoutNamer",
    "StatsChoice",
    "StatsView",
    "choices",
    "figures",
    "key_label",
    "key_labels",
    "per_day",
    "preset_label",
]


class StatsView(MenuScreen):
    even_text = True  # all its text at one size (ui/screen.py)

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.stats = app.application.progress.stats
        self.choices = choices(app.application.layout_title, self.stats)
        self.index = 0
        self.menu = ButtonColumn(
            app.assets,
            [
                Button(_("Showing"), lambda: self.select(1), value="", adjust=self.select),
                Button(_("Past games"), self.past_games),
                Button(_("Back"), self.go_back),
            ],
        )
        self.chart = ShapeElementList[arcade.shape_list.Shape]()
        self.chart_rect = Rect(0, 0, 0, 0)
        self.bar_rects: list[tuple[Rect, bool]] = []  # each bar and whether it is a win (tests)
        self.value_texts: list[arcade.Text] = []
        self.chart_texts = TextGroup()
        self.tiles: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._update_value()

    @property
    def choice(self) -> StatsChoice:
        return self.choices[self.index]

    def select(self, step: int) -> None:
        self.index = (self.index + step) % len(self.choices)
        self._update_value()
        self._fill()

    def _update_value(self) -> None:
        n = len(self.choices)
        count = f"  ({format_number(self.index + 1)}/{format_number(n)})" if n > 1 else ""
        b = self.menu.buttons[0]
        labels = [self.choice.label, *self.choice.shorter]
        value = labels[0] + count
        if b.rect.width > 0:  # placed: the longest label that leaves the row's name its room
            size = 14 * self.scale()
            pad = b.rect.height * 0.45
            room = b.rect.width - 3 * pad - text_width(b.label, size, True) - 8
            fits = [v + count for v in labels if text_width(f"‹ {v}{count} ›", size, True) <= room]
            value = fits[0] if fits else labels[-1] + count
        b.value = value
        self.menu.refresh()

    def go_back(self) -> None:
        self.app.show_title()

    def past_games(self) -> None:
        """The games kept with their moves, to watch again."""
        from desert_pyramid.ui.screens.games_view import PastGamesView

        self.app.show_view(PastGamesView(self.app, back=lambda: self.app.show_view(self)))

    def back(self) -> bool:
        self.go_back()
        return True

    def layout(self, width: int, height: int) -> None:
        s = self.scale()
        self.texts = TextGroup()
        grow = fonts.text_scale()  # a larger text size: the panel takes more of the window
        pw = min(width - 24.0, 1120 * s * grow)
        ph = min(height - 16.0, 690 * s * grow)
        panel = Rect(round((width - pw) / 2), round((height - ph) / 2), round(pw), round(ph))
        self.panel = panel
        self.decor = arcade.SpriteList()
        self.decor.append(panel_sprite(self.app.assets, panel))
        head_y = panel.top - max(36 * s, px(28 * s) * 0.6 + 8 * s)  # a larger heading: lower
        self.texts.heading(_("STATISTICS"), width / 2, head_y, 28 * s)
        # the buttons as tall as their text needs at the text size (Settings → Text size)
        bh, sh = round(40 * s), round(38 * s)
        if grow > 1.0:
            bh = round(max(40 * s, text_height(14 * s) + 8))
            sh = round(max(38 * s, text_height(14 * s) + 8))
        head_h = 106 * s
        if grow > 1.0:  # a larger text size: the selector under the larger heading
            head_h = max(head_h, panel.top - head_y + px(28 * s) * 0.6 + 14 * s + sh)
        selector = Rect(round(width / 2 - 380 * s), round(panel.top - head_h), round(760 * s), sh)
        # the two buttons as wide as the longer label needs ("Partidas anteriores" was cut)
        need = max(text_width(b.label, 14 * s, True) for b in self.menu.buttons[1:])
        bw = round(max(200 * s, need + 2 * 0.45 * bh + 6))
        back = Rect(round(width / 2 + 8 * s), round(panel.bottom + 16 * s), bw, bh)
        games = Rect(round(width / 2 - 8 * s) - bw, back.bottom, bw, back.height)
        self.menu.place([selector, games, back], 14 * s)
        self._update_value()  # the selector's label as its width holds it
        # figure tiles: two rows of five
        self.tiles = arcade.SpriteList()
        self.value_texts = []
        pad = 36 * s
        gap = 12 * s
        tw = (panel.width - 2 * pad - 4 * gap) / 5
        # a name may take two lines at a larger text size: the tiles grow to hold them
        names = [name for name, _v in figures(self.choice.stats)]
        name_room = tw - 4 - 2 * max(2.0, px(11 * s) * 0.2)
        two_lines = grow > 1.0 and any(text_width(n, 11 * s, True) > name_room for n in names)
        th = 70 * s
        if grow > 1.0:  # a larger text size: the tiles as tall as the name and value need
            name_h = text_height(11 * s, 2 if two_lines else 1)
            th = max(th, 8 * s + name_h + text_height(20 * s) + 8 * s)
        top = selector.bottom - 16 * s
        self.figure_rects: list[Rect] = []
        for i, (name, _value) in enumerate(figures(self.choice.stats)):
            row, col = divmod(i, 5)
            r = Rect(
                round(panel.left + pad + col * (tw + gap)),
                round(top - (row + 1) * th - row * gap),
                round(tw),
                round(th),
            )
            self.figure_rects.append(r)
            w, h, rad = int(r.width), int(r.height), int(10 * s)
            tex = self.app.assets.texture(
                f"stat-tile-{w}x{h}-{rad}",
                partial(skin, w, h, (104, 72, 42), (74, 48, 26), PANEL_RIM, 2, rad, 240),
            )
            sprite = arcade.Sprite(tex)
            sprite.position = (round(r.cx), round(r.cy))
            self.tiles.append(sprite)
            name_h = text_height(11 * s, 2 if two_lines else 1)
            name_top = r.top - (6 * s if two_lines else 17 * s - name_h / 2)
            name_box = Rect(r.left + 2, name_top - name_h, r.width - 4, name_h)
            self.texts.fitted(
                name, name_box, 11 * s, colour=MUTED, bold=True, max_lines=2 if two_lines else 1
            )
            value_h = text_height(20 * s)
            value_box = Rect(r.left + 2, r.bottom + 23 * s - value_h / 2, r.width - 4, value_h)
            self.value_texts.append(
                self.texts.fitted("", value_box, 20 * s, colour=GOLD, bold=True)
            )
        chart_top = top - 2 * th - gap - 46 * s
        self.chart_rect = Rect(
            panel.left + pad + 40 * s,
            back.top + 34 * s,
            panel.width - 2 * pad - 60 * s,
            chart_top - back.top - 34 * s,
        )
        self.chart_title = self.texts.label(
            "", panel.left + pad, chart_top + 22 * s, 13 * s, colour=INK, anchor_x="left", bold=True
        )
        self.legend_at = (panel.right - pad, chart_top + 22 * s)
        self.extra = self.texts.label(
            "", width / 2, chart_top + 22 * s, 12 * s, colour=GOLD, bold=True
        )
        # the keys beside the buttons: in full where there is room, else in short
        beside = Rect(
            back.right + 12 * s, back.bottom, panel.right - pad - back.right - 12 * s, back.height
        )
        keys = _("← → change the view · Esc goes back")
        lines = 1
        if text_width(keys, 11 * s) > beside.width - 8:
            keys = _("← → view · Esc back")
            lines = 1 if text_width(keys, 11 * s) <= beside.width - 8 else 2
        held = fit_text(keys, beside.width - 8, lambda t: text_width(t, 11 * s), lines)
        if words_of(held) == keys.split() and text_height(11 * s, lines) <= beside.height:
            self.texts.fitted(keys, beside, 11 * s, colour=FAINT, align="right", max_lines=lines)
        # (else the keys go unsaid on screen at this text size: F1 lists them; never cut)
        back_rect = Rect(
            self.chart_rect.left - 40 * s,
            self.chart_rect.bottom - 22 * s,
            self.chart_rect.width + 50 * s,
            self.chart_rect.height + 30 * s,
        )
        w, h, rad = int(back_rect.width), int(back_rect.height), int(10 * s)
        tex = self.app.assets.texture(
            f"chart-back-{w}x{h}",
            lambda: skin(w, h, (36, 22, 12), (30, 18, 9), (110, 80, 46), 1, rad, 200),
        )
        sprite = arcade.Sprite(tex)
        sprite.position = (round(back_rect.cx), round(back_rect.cy))
        self.tiles.append(sprite)
        self.message_text = None
        self._fill()

    def _fill(self) -> None:
        """Show the chosen view's figures and chart."""
        if not self.value_texts:
            return
        c = self.choice
        size = 20 * self.scale()
        for t, (_name, value) in zip(self.value_texts, figures(c.stats), strict=True):
            room = getattr(t, "_room", 0.0)  # the fitted box's width for glyphs
            if value.endswith(tuple("0123456789")) or text_width(value, size, True) <= room:
                t.text = value
            else:  # "4 pyramids" where the tile holds only the figure (its label says what)
                t.text = value.split(" ")[0] if value[:1].isdigit() else value
        self.extra.text = self._extra_line(c)
        self._build_chart(c)

    def figure_texts(self) -> list[tuple[str, str]]:
        """(label, value) as the figure tiles show them now."""
        return [
            (name, t.text)
            for (name, _v), t in zip(figures(self.choice.stats), self.value_texts, strict=True)
        ]

    def _extra_line(self, c: StatsChoice) -> str:
        from desert_pyramid.app.saving import today

        return day_streak_line(c, self.app.application.progress.daily, today())

    def _build_chart(self, c: StatsChoice) -> None:
        s = self.scale()
        r = self.chart_rect
        self.chart = ShapeElementList()
        self.chart_texts = TextGroup()
        self.bar_rects = []
        axis = (*MUTED, 120)
        for k in (1, 2, 3, 4):
            y = r.bottom + (r.height - 6 * s) * k / 4
            self.chart.append(create_line(r.left, y, r.right, y, GRID, 1))
        self.chart.append(create_line(r.left, r.bottom, r.right, r.bottom, axis, max(1.0, 2 * s)))
        if not c.keys:
            self.chart_title.text = _("No games yet")
            # wrapped in the chart's ground (a larger text size: in lines)
            ground = Rect(r.left - 40 * s, r.bottom - 22 * s, r.width + 50 * s, r.height + 30 * s)
            self.chart_texts.fitted(
                _("Finish a deal (or leave one: it counts as a loss) and it is counted here."),
                ground.inflated(-8 * s),
                13 * s,
                colour=FAINT,
                max_lines=3,
            )
            return
        x, y = self.legend_at
        size = 11 * s
        legend = ((pgettext("chart", "lost"), LOST), (pgettext("chart", "won"), WON))
        for text, colour in legend:
            t = self.chart_texts.label(text, x, y, 11 * s, colour=MUTED, anchor_x="right")
            x -= t.content_width + 6 * s + size / 2
            self.chart.append(create_rectangle_filled(x, y, size, size, colour))
            x -= size / 2 + 18 * s
        if c.single:
            recent = c.recent[-CHART_BARS:]
            self.chart_title.text = ngettext(
                "Last {n} result (bar: score)", "Last {n} results (bar: score)", len(recent)
            ).format(n=format_number(len(recent)))
            top = max([x.score for x in recent] + [1])
            slot, left = chart_slots(r, len(recent), 12)
            bw = max(2.0, min(slot * 0.62, 56 * s))
            for i, res in enumerate(recent):
                h = max(3 * s, (r.height - 6 * s) * res.score / top)
                x = left + slot * (i + 0.5)
                colour = WON if res.won else LOST
                self.chart.append(create_rectangle_filled(x, r.bottom + h / 2, bw, h, colour))
                self.bar_rects.append((Rect(x - bw / 2, r.bottom, bw, h), res.won))
            self.chart_texts.label(
                format_number(top),
                r.left - 8 * s,
                r.top - 6 * s,
                10 * s,
                colour=FAINT,
                anchor_x="right",
            )
            self.chart_texts.label(
                "0", r.left - 8 * s, r.bottom + 2 * s, 10 * s, colour=FAINT, anchor_x="right"
            )
        else:
            days = per_day(self.stats, c.keys)
            self.chart_title.text = ngettext(
                "Wins and losses on the last {n} day played",
                "Wins and losses on the last {n} days played",
                len(days),
            ).format(n=format_number(len(days)))
            top = max([w + lo for _d, w, lo in days] + [1])
            slot, left = chart_slots(r, len(days), 7)
            bw = max(4.0, min(slot * 0.56, 56 * s))
            for i, (date, wins, losses) in enumerate(days):
                x = left + slot * (i + 0.5)
                hw = (r.height - 6 * s) * wins / top
                hl = (r.height - 6 * s) * losses / top
                if wins:
                    self.chart.append(create_rectangle_filled(x, r.bottom + hw / 2, bw, hw, WON))
                    self.bar_rects.append((Rect(x - bw / 2, r.bottom, bw, hw), True))
                if losses:
                    self.chart.append(
                        create_rectangle_filled(x, r.bottom + hw + hl / 2, bw, hl, LOST)
                    )
                    self.bar_rects.append((Rect(x - bw / 2, r.bottom + hw, bw, hl), False))
                self.chart_texts.label(
                    chart_day(date, slot - 2, 9 * s), x, r.bottom - 12 * s, 9 * s, colour=FAINT
                )
            self.chart_texts.label(
                format_number(top),
                r.left - 8 * s,
                r.top - 6 * s,
                10 * s,
                colour=FAINT,
                anchor_x="right",
            )
            self.chart_texts.label(
                "0", r.left - 8 * s, r.bottom + 2 * s, 10 * s, colour=FAINT, anchor_x="right"
            )

    def on_draw(self) -> None:
        self.draw_backdrop()
        self.decor.draw()
        self.tiles.draw()
        self.chart.draw()
        self.menu.draw()
        self.texts.draw()
        self.chart_texts.draw()
