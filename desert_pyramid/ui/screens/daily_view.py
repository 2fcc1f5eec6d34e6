"""The Daily screen: today's date, the day streak, a calendar of the last two weeks, and a button
to play today's pyramid, or a past day's for practice (the streak is not touched).

The streak and the calendar come from the save's daily record
(:class:`desert_pyramid.progression.DailyStreak`, whose rules are
:class:`desert_pyramid.modes.streak.DailyRecord`'s); the deal of a date from
:class:`desert_pyramid.modes.DailySession`. Keys: ← → choose the day (↑ ↓ a week back or on
when the calendar row has the focus), Enter plays, Esc goes back; a click on a day selects it, a
second click plays it.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any

import arcade

from desert_pyramid.app import sessions
from desert_pyramid.app.sessions import (
    CLEARED,
    FUTURE,
    LATE,
    MISSED,
    NONE,
    TODAY,
    CalendarDay,
    DailyRecord,
    InputError,
)
from desert_pyramid.i18n import (
    N_,
    _,
    format_date,
    format_day,
    format_number,
    ngettext,
    weekday_names,
)
from desert_pyramid.i18n.say import tell
from desert_pyramid.ui.base import fonts
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.layout import column_rects, fit_text, overflow
from desert_pyramid.ui.base.palette import FAINT, GOLD, INK, MUTED
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

WEEKS = 2
FILL: dict[str, tuple[int, int, int, int]] = {
    CLEARED: (214, 164, 52, 255),
    LATE: (168, 140, 96, 255),
    MISSED: (120, 58, 44, 255),
    TODAY: (64, 104, 150, 255),
    FUTURE: (0, 0, 0, 0),  # not filled: an outline only, so days to come never look like days gone
    NONE: (86, 70, 54, 200),
}
FUTURE_EDGE = (150, 120, 84, 255)
FUTURE_INK = (140, 120, 96)
# TRANSLATORS: under today's day on the Daily calendar (a small cell: keep it short)
MARK = {CLEARED: "●", LATE: "○", MISSED: "×", TODAY: N_("today"), FUTURE: "", NONE: ""}
#: What a past day's Daily is, in a sentence; :data:`PRACTICE` follows where the line has room.
WORDS = {
    CLEARED: N_("{day}: cleared on its day."),
    LATE: N_("{day}: cleared later, for practice."),
    MISSED: N_("{day}: missed."),
    TODAY: N_("{day}: not cleared yet."),
    NONE: N_("{day}: before your first Daily."),
    FUTURE: N_("{day}: not yet."),
}
PRACTICE = N_("Played now, it is practice: the streak is not touched.")
FOCUS = (90, 170, 255, 255)


def long_date(day: datetime.date) -> str:
    """Tuesday, December 1, 2026 · Dienstag, 1. Dezember 2026 · вторник, 1 декабря 2026 г."""
    return format_date(day, "full")


def short_date(day: datetime.date) -> str:
    """Tue, Dec 1 · Di., 1. Dez. · вт, 1 дек."""
    return format_day(day, "MMMEd")


class DailyView(MenuScreen):
    """Choose a day on the calendar (today by default) and play its Daily."""

    even_text = True  # all its text at one size (ui/screen.py)

    def __init__(self, app: Shell, today: datetime.date | None = None, finder: Any = None) -> None:
        super().__init__(app)
        self.today = today or sessions.today()
        self.finder = finder  # the deal finder (tests pass a fast one); None: the solver's
        self.selected = self.today
        self.cells: list[tuple[Rect, CalendarDay]] = []
        self.menu = ButtonColumn(
            app.assets,
            [
                Button(_("Day"), self.play, adjust=self.move_day),
                Button(_("Play today's pyramid"), self.play),
                Button(_("Back"), lambda: app.show_title()),
            ],
        )
        self.menu.focus = 1
        self.info: arcade.Text | None = None
        self._update_values()

    # -- the record --------------------------------------------------------------------------------
    def record(self) -> DailyRecord:
        return self.app.application.progress.daily.record

    def streak_line(self) -> str:
        rec = self.record()
        now = rec.current(self.today)
        return ngettext(
            "Day streak: {n} day · best {best}", "Day streak: {n} days · best {best}", now
        ).format(n=format_number(now), best=format_number(rec.best))

    def calendar(self) -> list[list[CalendarDay]]:
        return self.record().calendar_weeks(self.today, WEEKS)

    # -- choosing a day ----------------------------------------------------------------------------
    def first_day(self) -> datetime.date:
        return self.calendar()[0][0].day

    def select(self, day: datetime.date) -> None:
        self.selected = max(self.first_day(), min(self.today, day))
        self._update_values()

    def move_day(self, step: int) -> None:
        self.select(self.selected + datetime.timedelta(days=step))

    def _update_values(self) -> None:
        day = self.selected
        is_today = day == self.today
        self.menu.buttons[0].value = _("Today") if is_today else short_date(day)
        self.menu.buttons[1].label = (
            _("Play today's pyramid")
            if is_today
            else _("Play {day} for practice").format(day=short_date(day))
        )
        if self.info is not None:
            state = self.record().status(day, self.today)
            if is_today:
                words = (
                    _("Today's pyramid counts for the streak.")
                    if state != CLEARED
                    else _("Cleared today: playing it again does not count twice.")
                )
            else:
                words = _(WORDS[state]).format(day=short_date(day))
                more = f"{words} {_(PRACTICE)}"
                room = getattr(self.info, "_room", 0.0)  # the fitted line's width for glyphs
                if text_width(more, self.info.font_size, False) <= room:
                    words = more
            self.info.text = words
        self.menu.refresh()

    def on_action(self, action: str) -> bool:
        if action in ("menu_left", "menu_right"):  # the day, whichever row has the focus
            self.app.sounds.play("click")
            self.move_day(-1 if action == "menu_left" else 1)
            return True
        return super().on_action(action)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool | None:
        for rect, cell in self.cells:
            if rect.contains(x, y) and cell.state != FUTURE:
                self.app.sounds.play("click")
                if cell.day == self.selected:
                    self.play()  # a second click on the chosen day plays it
                else:
                    self.select(cell.day)
                return True
        return super().on_mouse_press(x, y, button, modifiers)

    # -- playing -----------------------------------------------------------------------------------
    def play(self) -> None:
        """The Daily of the chosen day: today's counts for the streak, a past day's is practice."""
        try:
            session = self.app.application.daily_session(self.selected, self.finder, self.today)
        except InputError as exc:
            self.set_message(str(exc))
            return
        note = (
            ""
            if self.selected == self.today
            # (a sentence, worded where it is shown: the day too, in the language chosen later)
            else tell(
                "The Daily of {day}, for practice: the streak is not touched.", day=self.selected
            )
        )
        self.app.new_table(session, note=note)

    def back(self) -> bool:
        self.app.show_title()
        return True

    def on_show_view(self) -> None:
        self._size = (0, 0)  # the record may have changed since (a daily cleared): lay out again
        super().on_show_view()

    # -- drawing -----------------------------------------------------------------------------------
    def layout(self, width: int, height: int) -> None:
        if fonts.text_scale() > 1.0:
            self._layout_large(width, height)
            return
        s = self.scale()
        self.texts = TextGroup()
        ph = min(540 * s, height - 16.0)
        v = s * ph / (540 * s)  # the vertical steps, closer together in a low window
        panel = Rect(width / 2 - 330 * s, height / 2 - ph / 2, 660 * s, ph)
        self.decor = arcade.SpriteList()
        self.decor.append(panel_sprite(self.app.assets, panel))

        def line(text: str, y: float, size: float, **style: Any) -> arcade.Text:
            """A line across the panel centred on ``y``, fitted to the panel's width."""
            h = text_height(size)
            box = Rect(panel.left + 12 * s, y - h / 2, panel.width - 24 * s, h)
            return self.texts.fitted(text, box, size, **style)

        # the heading as much smaller as the rows came closer (a low window)
        self.texts.heading(_("DAILY"), width / 2, panel.top - 38 * v, 30 * s * max(0.8, v / s))
        line(long_date(self.today), panel.top - 76 * v, 15 * s, colour=MUTED, bold=True)
        line(self.streak_line(), panel.top - 106 * v, 17 * s, colour=GOLD, bold=True)
        # the calendar: weekday names, then two weeks, Monday first
        cw, ch, gap = 70 * s, 56 * v, 8 * v
        left = width / 2 - (7 * cw + 6 * 8 * s) / 2
        top = panel.top - 140 * v
        weeks = self.calendar()
        self.cells = []
        names = weekday_names("abbreviated")
        for d, cell in enumerate(weeks[0]):
            self.texts.label(
                names[cell.day.weekday()],
                left + d * (cw + 8 * s) + cw / 2,
                top,
                11 * s,
                colour=FAINT,
                bold=True,
            )
        for w, week in enumerate(weeks):
            for d, cell in enumerate(week):
                rect = Rect(left + d * (cw + 8 * s), top - 14 * v - (w + 1) * ch - w * gap, cw, ch)
                self.cells.append((rect, cell))
                colour = (
                    FUTURE_INK if cell.state == FUTURE else MUTED if cell.state == NONE else INK
                )
                self.texts.label(
                    cell.label, rect.cx, rect.top - 18 * v, 15 * s, colour=colour, bold=True
                )
                mark = _(MARK[cell.state]) if MARK[cell.state] else ""
                if mark:
                    size = (11 if len(mark) > 1 else 15) * s
                    h = text_height(size)
                    box = Rect(rect.left, rect.bottom + 13 * v - h / 2, rect.width, h)
                    self.texts.fitted(mark, box, size, colour=colour, bold=True)
        cal_bottom = self.cells[-1][0].bottom
        line(
            _("● cleared on its day   ○ cleared later   × missed"),
            cal_bottom - 20 * v,
            11 * s,
            colour=FAINT,
        )
        self.info = line("", cal_bottom - 44 * v, 12 * s, colour=MUTED)
        n = len(self.menu.buttons)
        rects = column_rects(width / 2, cal_bottom - 60 * v, n, 440 * s, 40 * v, 9 * v)
        self.menu.place(rects, 15 * s)
        line(
            _(
                "← → choose a day · Enter plays · a click picks a day, a second click plays · "
                "Esc goes back"
            ),
            panel.bottom + 16 * v,
            10 * s,
            colour=FAINT,
        )
        self.place_message(width, s)
        self._update_values()

    def _layout_large(self, width: int, height: int) -> None:
        """The screen at a larger text size (Settings → Text size): every band as tall as its
        text needs and the panel, the calendar's days and the buttons as wide as their words
        (the 100% layout's fixed steps would set it all back to 100%); where the window is too
        low for one column, the calendar and the buttons stand side by side; a window too small
        even so says it (``layout.overflow``: the screen is laid out a step smaller)."""
        s = self.scale()
        self.texts = TextGroup()
        th = text_height
        pad, gap, cal_gap = 12 * s, 6 * s, 8 * s
        bh = max(40 * s, th(15 * s) + 8)
        names = weekday_names("abbreviated")
        cw = max(
            70 * s,
            text_width("30", 15 * s, True) + 16 * s,
            max(text_width(n, 11 * s, True) for n in names) + 8 * s,
        )
        # "today" in its cell where the cell holds it; else the cell's light frame says it (a
        # larger text in a long language: "сегодня" would make every day twice as wide)
        today_w = text_width(_(MARK[TODAY]), 11 * s, True) + 2 * px(11 * s) * 0.2 + 4
        cw = max(cw, today_w) if today_w <= 1.3 * cw else cw
        ch = max(56 * s, th(15 * s) + th(11 * s) + 6 * s)
        cal_w = 7 * cw + 6 * 8 * s
        menu_w = max(440 * s, self.menu.label_width(15 * s, bh))
        n = len(self.menu.buttons)
        head = [px(30 * s) * 1.1, th(15 * s), th(17 * s)]  # heading, date, streak
        legend = _("● cleared on its day   ○ cleared later   × missed")

        def legend_lines(w: float) -> int:  # the legend's lines in a box ``w`` wide
            held = fit_text(legend, w - 2 * px(11 * s) * 0.2, lambda t: text_width(t, 11 * s), 3)
            return len(held)

        # weekdays, two weeks, the legend
        calendar = [th(11 * s), 2 * ch + cal_gap, th(11 * s, legend_lines(width - 16.0 - 24 * s))]
        menu_h = n * bh + (n - 1) * 9 * s
        keys = _(
            "← → choose a day · Enter plays · a click picks a day, a second click plays · "
            "Esc goes back"
        )
        inner = width - 16.0 - 2 * pad
        # (measured in the narrower of the two panels: the calendar's or the buttons' width)
        keys_w = min(width - 16.0, max(660 * s, cal_w + 2 * pad, menu_w + 2 * pad)) - 2 * pad
        keys_room = keys_w - 2 * px(10 * s) * 0.2 - 2
        keys_lines = min(2, len(fit_text(keys, keys_room, lambda t: text_width(t, 10 * s), 3)))
        keys_h = th(10 * s, keys_lines)
        foot = 8 + th(12 * s) + 4  # the message line under the panel
        room = height - 8 - foot

        def tall(bands: list[float]) -> float:
            return sum(bands) + gap * len(bands)

        info_lines = 2
        stacked = tall(head) + tall(calendar) + tall([th(12 * s, 2), menu_h]) + keys_h + 2 * pad
        beside = stacked > room and cal_w + 24 * s + menu_w <= inner
        if beside:  # the calendar left, the day's words and the buttons right
            calendar[2] = th(11 * s, legend_lines(cal_w))
            right = [th(12 * s, info_lines), menu_h]
            middle = max(tall(calendar), tall(right))
            want = tall(head) + middle + keys_h + 2 * pad
            pw = min(width - 16.0, max(660 * s, cal_w + 24 * s + menu_w + 2 * pad))
        else:
            want = stacked
            pw = min(width - 16.0, max(660 * s, cal_w + 2 * pad, menu_w + 2 * pad))
        if want > room:
            overflow()  # the window cannot hold this text size: a step smaller
        ph = min(want, height - 16.0)
        bottom = max(min(foot, height - 8 - ph), (height - ph) / 2)
        panel = Rect(round(width / 2 - pw / 2), round(bottom), round(pw), round(ph))
        self.decor = arcade.SpriteList()
        self.decor.append(panel_sprite(self.app.assets, panel))

        def line(
            text: str, top: float, size: float, box_w: Rect, lines: int = 1, **style: Any
        ) -> arcade.Text:
            h = th(size, lines)
            box = Rect(box_w.left, top - h, box_w.width, h)
            return self.texts.fitted(text, box, size, max_lines=lines, **style)

        across = Rect(panel.left + pad, 0, panel.width - 2 * pad, 0)
        y = panel.top - pad
        self.texts.heading(_("DAILY"), width / 2, y - head[0] / 2, 30 * s)
        y -= head[0] + gap
        line(long_date(self.today), y, 15 * s, across, colour=MUTED, bold=True)
        y -= head[1] + gap
        line(self.streak_line(), y, 17 * s, across, colour=GOLD, bold=True)
        y -= head[2] + gap
        if beside:
            left = panel.left + pad
            words = Rect(left + cal_w + 24 * s, 0, menu_w, 0)
            cal_box = Rect(left, 0, cal_w, 0)
        else:
            left = width / 2 - cal_w / 2
            words = across
            cal_box = across
        top = y
        weeks = self.calendar()
        self.cells = []
        for d, cell in enumerate(weeks[0]):
            self.texts.label(
                names[cell.day.weekday()],
                left + d * (cw + 8 * s) + cw / 2,
                y - calendar[0] / 2,
                11 * s,
                colour=FAINT,
                bold=True,
            )
        y -= calendar[0] + gap
        for w, week in enumerate(weeks):
            for d, cell in enumerate(week):
                cell_top = y - w * (ch + cal_gap)
                rect = Rect(left + d * (cw + 8 * s), cell_top - ch, cw, ch)
                self.cells.append((rect, cell))
                colour = (
                    FUTURE_INK if cell.state == FUTURE else MUTED if cell.state == NONE else INK
                )
                self.texts.label(
                    cell.label,
                    rect.cx,
                    rect.top - 3 * s - th(15 * s) / 2,
                    15 * s,
                    colour=colour,
                    bold=True,
                )
                mark = _(MARK[cell.state]) if MARK[cell.state] else ""
                if cell.state == TODAY and today_w > cw:
                    mark = ""
                if mark:
                    box = Rect(rect.left, rect.bottom + 3 * s, rect.width, th(11 * s))
                    self.texts.fitted(mark, box, 11 * s, colour=colour, bold=True)
        y -= calendar[1] + gap
        line(legend, y, 11 * s, cal_box, legend_lines(cal_box.width), colour=FAINT)
        y -= calendar[2] + gap
        if beside:
            y = top
        self.info = line("", y, 12 * s, words, info_lines, colour=MUTED)
        y -= th(12 * s, info_lines) + gap
        rects = column_rects(words.cx, y, n, menu_w, bh, 9 * s)
        self.menu.place(rects, 15 * s)
        line(keys, panel.bottom + pad + keys_h, 10 * s, across, keys_lines, colour=FAINT)
        self.place_message(width, s)
        self._update_values()

    def on_draw(self) -> None:
        self.draw_backdrop()
        self.decor.draw()
        s = self.scale()
        for rect, cell in self.cells:
            if cell.state == FUTURE:
                arcade.draw_lbwh_rectangle_outline(
                    rect.left, rect.bottom, rect.width, rect.height, FUTURE_EDGE, 1
                )
            else:
                arcade.draw_lbwh_rectangle_filled(
                    rect.left, rect.bottom, rect.width, rect.height, FILL[cell.state]
                )
            if cell.is_today:
                arcade.draw_lbwh_rectangle_outline(
                    rect.left, rect.bottom, rect.width, rect.height, (250, 236, 200, 255), 2 * s
                )
            if cell.day == self.selected:
                arcade.draw_lbwh_rectangle_outline(
                    rect.left - 4 * s,
                    rect.bottom - 4 * s,
                    rect.width + 8 * s,
                    rect.height + 8 * s,
                    FOCUS,
                    3 * s,
                )
        self.menu.draw()
        self.texts.draw()
