"""The results of a deal or a trek: score, time, moves, best chain, and what the mode adds."""

from __future__ import annotations

import datetime
import math
from typing import TYPE_CHECKING, Any

import arcade

from desert_pyramid.app.layouts import layout_title
from desert_pyramid.app.sessions import (
    clock_text,
    mode_name,
    preset_name,
    rules_description,
)
from desert_pyramid.engine import EngineError, GameCode, Rules, RulesError, encode_game_code
from desert_pyramid.i18n import N_, _, format_date, format_number, ngettext, pgettext
from desert_pyramid.ui.art import cardart
from desert_pyramid.ui.art.assets import make_texture
from desert_pyramid.ui.base import fonts
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.layout import (
    Placed,
    Span,
    anchor,
    button_grid,
    cut_bottom,
    cut_top,
    grid,
    inset,
)
from desert_pyramid.ui.base.palette import FAINT, GOLD, INK, MUTED, TAN
from desert_pyramid.ui.screens.title import MenuScreen
from desert_pyramid.ui.widgets.buttons import (
    Button,
    ButtonColumn,
    TextGroup,
    panel_sprite,
    text_height,
)
from desert_pyramid.ui.widgets.richtext import px, text_width
from desert_pyramid.ui.widgets.text import ICONS

if TYPE_CHECKING:
    from desert_pyramid.app.application import Finished
    from desert_pyramid.app.sessions import Results
    from desert_pyramid.ui.shell import Shell
    from desert_pyramid.ui.table.view import TableView


#: The results' row whose value is drawn in gold
SCORE = N_("Score")


def unlocked_label(kind: str) -> str:
    """The results' row label of something unlocked: a relic or a card back."""
    if kind == "relic":
        return pgettext("results", "Relic found")
    return pgettext("results", "Card back unlocked")


def rows(r: Results, layout_name: str = "") -> list[tuple[str, str]]:
    """The lines of a :class:`desert_pyramid.modes.Results` record, by mode, in the player's
    language: (label, value)."""
    score_label = _("Cards left") if r.scoring == "classic" else _(SCORE)
    out: list[tuple[str, str]] = []
    if r.trek:
        out += [
            (_("Pyramids cleared"), format_number(r.pyramids_cleared)),
            (_(SCORE), format_number(r.score)),
            (_("Best chain"), format_number(r.best_chain)),
            (_("Skips"), format_number(r.skips)),
            # untimed: the same rows, said so (the results are counted apart)
            (
                _("Time on the untimed trek") if r.untimed else _("Time on the trek"),
                clock_text(r.elapsed_ms),
            ),
        ]
        return out
    out += [
        (score_label, format_number(r.score)),
        (_("Time"), clock_text(r.elapsed_ms)),
        (_("Moves"), format_number(r.moves)),
        (_("Best chain"), format_number(r.best_chain)),
    ]
    if r.dated:
        bonus = (
            (pgettext("results", "Clock"), _("Untimed: no time bonus"))
            if r.untimed
            else (_("Time bonus"), format_number(r.time_bonus))
        )
        out += [(_("Date"), date_words(r.date)), bonus]
    out += [
        (_("Layout"), f"{r.layout} · {layout_name}" if layout_name else str(r.layout)),
        (_("Rules"), rules_words(r.rules)),
        (_("Deal code"), r.deal_code),
    ]
    if r.assisted or r.hints_used:
        out.append((_("Help"), help_words(r.assisted, r.hints_used)))
    return out


def date_words(text: str) -> str:
    """A results record's date (``2026-11-30``) as the language writes it; shown as it is when
    it is not a date."""
    try:
        return format_date(datetime.date.fromisoformat(text))
    except (ValueError, TypeError):
        return text


def help_words(assisted: bool, hints: int) -> str:
    """The help a deal had: the computer played, hints asked."""
    hinted = ngettext("{n} hint", "{n} hints", hints).format(n=format_number(hints))
    if assisted and hints:
        return _("the computer played, {hints}").format(hints=hinted)
    return _("the computer played") if assisted else hinted


def rules_words(text: str) -> str:
    """A results record's rules in words: ``desert`` → ``Desert``; a preset with options, the
    preset and what the rules are (``Classic: one pass, stock top playable, clear the layout``).
    Text that is not a rule set is shown as it is."""
    try:
        rules = Rules.parse(text)
    except RulesError:
        return text
    base = preset_name(rules.base_preset)
    if rules.preset:
        return base
    # TRANSLATORS: a rule set's name and what its rules are ("Classic: one pass, ...")
    return _("{preset}: {rules}").format(preset=base, rules=rules_description(rules))


def headline(r: Results) -> str:
    if r.trek:
        return _("THE SUN HAS SET") if not r.abandoned else _("TREK OVER")
    return _("PYRAMID CLEARED!") if r.won else _("DEAL OVER")


class ResultsView(MenuScreen):
    """``finished``: the deal's end as the application worked it out (``Application.finish``):
    its results, what it unlocked, the statistics' line, a Daily's share line."""

    even_text = True  # all its text at one size (ui/screen.py)

    def __init__(self, app: Shell, table: TableView, finished: Finished) -> None:
        super().__init__(app)
        self.table = table
        self.finished = finished
        self.results = finished.results
        g = table.game
        after = table.seat.offers.after  # where the mode leads from its results
        if after == "deal":
            first = [
                Button(_("New deal"), lambda: app.start_practice(g.rules, g.layout)),
                Button(
                    _("Play this deal again"),
                    lambda: app.start_practice(g.rules, g.layout, g.deal),
                ),
            ]
        elif after == "calendar":
            first = [Button(_("Daily calendar"), lambda: app.show_daily())]
        else:
            mode = self.results.mode
            first = [Button(_("New trek"), lambda: app.start_mode(mode))]
        self.share = finished.share  # a cleared Daily's line to share
        if self.share:
            first.append(Button(_("Copy the share line"), self.copy))
        try:
            self.game_code = encode_game_code(g)
        except EngineError:  # longer than a game code holds (docs/rules.md): nothing to watch
            self.game_code = ""
        if self.game_code:
            first.append(Button(_("Watch again"), self.watch))
            first.append(Button(_("Copy the game code"), self.copy_game_code))
            first.append(Button(_("Save a GIF"), self.save_gif))
        self.gif: Any = None  # the GIF being drawn: (process, path)
        self.unlocked_items = self.unlocked_lines()
        self.menu = ButtonColumn(
            app.assets, [*first, Button(_("Title screen"), lambda: app.show_title())]
        )

    def _back_sprite(self, back_id: str, right: float, cy: float, h: float) -> arcade.Sprite:
        """A card back unlocked, small, its right edge at ``right``."""
        from desert_pyramid.ui.widgets.toast import back_image

        bh = max(8, int(h))
        bw = max(6, int(bh * 0.7))
        sprite = arcade.Sprite(
            make_texture(back_image(back_id, bw, bh), f"back-{back_id}-{bw}x{bh}")
        )
        sprite.position = (round(right - bw / 2), round(cy))
        return sprite

    def unlocked_lines(self) -> list[tuple[str, str]]:
        """Relics and card backs unlocked while this deal or trek was played (the save store's
        answers): ("relic" or "back", its name), translated where they are shown."""
        found = self.finished.unlocks
        self.unlocked_backs = [back.id for back in found.backs]  # shown beside their lines
        return [
            *(("relic", relic.name) for relic in found.relics),
            *(("back", back.name) for back in found.backs),
        ]

    @property
    def unlocked(self) -> list[str]:
        """What was unlocked, a line each in the player's language ("Relic found: Brass Compass")."""
        # TRANSLATORS: a results line read out: what was unlocked and its name
        return [
            _("{what}: {name}").format(what=unlocked_label(w), name=_(n))
            for w, n in self.unlocked_items
        ]

    def copy(self) -> None:
        self._to_clipboard(
            self.share,
            self.copy,
            done=(_("Share line copied."), _("Copied")),
            none=(
                _("No clipboard here: the share line is shown above, to copy by hand."),
                _("No clipboard: copy it by hand"),
            ),
        )

    def _to_clipboard(
        self, text: str, button: object, done: tuple[str, str], none: tuple[str, str]
    ) -> None:
        """Copy ``text``; the message line and the ``button``'s label say how it went
        (``done`` or ``none``: a message and a label each)."""
        try:
            self.app.set_clipboard_text(text)
        except Exception:  # no clipboard (an offscreen window, a system without one)
            message, label = none
        else:
            message, label = done
        self.set_message(message)
        self._label_copy(label, button)

    def watch(self) -> None:
        """The replay of this deal (an Expedition's last pyramid), with its analysis."""
        self.app.show_replay(
            GameCode.of(self.table.game),
            back=lambda: self.app.show_view(self),
            title=_("Replay · {layout}").format(layout=layout_title(self.table.game.layout)),
            total=self.results.replay_total,
        )

    def copy_game_code(self) -> None:
        self._to_clipboard(
            self.game_code,
            self.copy_game_code,
            done=(
                _("Game code copied: {code}").format(code=self.game_code),
                _("Game code copied"),
            ),
            none=(
                _("No clipboard here: the game code is {code}").format(code=self.game_code),
                _("No clipboard: see below"),
            ),
        )

    def save_gif(self) -> None:
        """Draw the game as an animated GIF in the save folder's ``replays`` folder. Another
        process draws it offscreen (``desert-pyramid replay CODE --gif PATH``), so this screen
        goes on at full speed meanwhile."""
        import os
        import subprocess
        import sys

        folder = self.app.application.replays_folder()
        if folder is None:
            self.set_message(
                _("No save folder here: {command} draws it.").format(
                    command=f"desert-pyramid replay {self.game_code} --gif PATH"
                )
            )
            return
        if self.gif is not None:
            self.set_message(_("The GIF is being drawn…"))
            return
        stamp = datetime.datetime.now().strftime("%Y-%m-%d-%H%M%S")
        path = folder / f"{stamp}-{self.results.mode}.gif"
        frozen = getattr(sys, "frozen", False)  # the standalone build: its binary is the command
        command = [sys.executable] + ([] if frozen else ["-m", "desert_pyramid"])
        command += ["replay", self.game_code, "--gif", str(path)]
        try:
            folder.mkdir(parents=True, exist_ok=True)
            proc = subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                env={**os.environ, "ARCADE_HEADLESS": "1"},
            )
        except OSError as exc:
            self.set_message(
                _("The GIF cannot be drawn here: {error}.").format(error=exc.strerror or exc)
            )
            return
        self.gif = (proc, path)
        self.set_message(_("Drawing the GIF…"))

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        if self.gif is None:
            return
        proc, path = self.gif
        code = proc.poll()
        if code is None:
            return
        self.gif = None
        error = proc.stderr.read().decode("utf-8", "replace").strip() if proc.stderr else ""
        if proc.stderr:
            proc.stderr.close()
        if code == 0 and path.is_file():
            self.set_message(_("GIF saved: {path}").format(path=path))
        elif error:
            self.set_message(
                _("The GIF could not be drawn: {error}").format(error=error.splitlines()[-1])
            )
        else:
            self.set_message(_("The GIF could not be drawn."))

    def on_hide_view(self) -> None:
        if self.gif is not None:  # the GIF goes on being drawn; its message has nowhere to go
            self.gif = None

    def _label_copy(self, text: str, action: object = None) -> None:
        action = action or self.copy
        for b in self.menu.buttons:
            if b.action == action:
                b.label = text
        self.menu.refresh()

    def back(self) -> bool:
        self.app.show_title()
        return True

    def dusk(self) -> float:
        return self.table.dusk()  # a trek's results under the sky it ended in

    def _place_figures(
        self, lines: list[tuple[str, str]], rects: list[Rect], columns: int, s: float
    ) -> None:
        """The figures' rows, a name and a value each; an unlocked card back shown beside its
        name."""
        backs = list(self.unlocked_backs)
        for (name, value), r in zip(lines, rects, strict=True):
            # the name and the value share the row as their words need ("Лучшая цепочка", a
            # long layout name), the name's part never under the usual share where it fits
            pad = 2 * max(2.0, px(15 * s) * 0.2) + 6 * s
            # the name in the value's size: the two on one baseline (14 pt sat 1-2 px off it)
            name_w = text_width(name, 15 * s, False) + pad
            value_w = text_width(value, 15 * s, True) + pad
            left = max(r.width * (0.42 if columns == 1 else 0.33), name_w)
            if left + value_w > r.width:
                left = max(name_w, r.width - value_w) if name_w + value_w <= r.width else left
            right = r.width - left
            self.texts.fitted(
                name, Rect(r.left, r.bottom, left, r.height), 15 * s, colour=TAN, align="left"
            )
            text = self.texts.fitted(
                value,
                Rect(r.left + left, r.bottom, right, r.height),
                15 * s,
                colour=GOLD if name == _(SCORE) else INK,
                bold=True,
                align="right",
            )
            if name == unlocked_label("back") and backs:  # the back itself, left of its name
                h = min(26 * s, r.height - 2)
                self.decor.append(self._back_sprite(backs.pop(0), text.left - 8 * s, r.cy, h))

    def _place_share(self, box: Rect, s: float) -> None:
        """The share line; the font has no ☀: a gap in the text, and the sun drawn in it (Copy
        copies the line whole)."""
        before, sun, after = self.share.partition("☀")
        em = "\u2003"  # an em space
        shown = before + em + after if sun else self.share
        t = self.share_text = self.texts.fitted(shown, box, 12 * s, colour=GOLD, bold=True)
        if sun and t.label.text == shown:
            px = round(t.font_size * 96 / 72)
            icon = arcade.Sprite(
                make_texture(cardart.render_icon(ICONS[sun], px, GOLD), f"icon-sun-{px}")
            )
            x = (
                t.left
                + text_width(before, t.font_size, True)
                + text_width(em, t.font_size, True) / 2
            )
            icon.position = (round(x), round(t.y))
            self.decor.append(icon)
            self.share_icon = icon

    @staticmethod
    def _figures_width(lines: list[tuple[str, str]], s: float) -> float:
        """The width the figures' rows need: the widest name and value together (a deal code of
        wide letters was cut at 1280x720)."""
        pad = 2 * (2 * max(2.0, px(15 * s) * 0.2) + 6 * s)
        need = max(
            text_width(name, 15 * s) + text_width(value, 15 * s, True) + pad
            for name, value in lines
        )
        return float(math.ceil(need) + 1)  # the rows are whole pixels wide: never a bit less

    def _panel_width(
        self, window: Rect, s: float, compact: bool, buttons_w: float, figures_w: float
    ) -> float:
        """The panel's width: the usual (wider with a larger text size), as wide as the window in
        a low one, and wider where the buttons' labels ("Noch einmal ansehen" was cut), the
        figures or the share line need it, as far as the window goes."""
        grow = fonts.text_scale()
        panel_w = max(560 * s, min(window.width, 820 * s * grow)) if compact else 560 * s * grow
        panel_w = max(panel_w, min(window.width, buttons_w + 32 * s))
        panel_w = max(panel_w, min(window.width, figures_w + 2 * (16 + (4 if compact else 24)) * s))
        if self.share:  # the share line in full on one line, where the window is wide enough
            need = text_width(self.share.replace("☀", "\u2003"), 12 * s, True) + 48 * s
            panel_w = max(panel_w, min(window.width, need))
        return panel_w

    def _lay_figures(
        self, area: Rect, lines: list[tuple[str, str]], row_h: Span, fig_w: float, s: float
    ) -> None:
        """The figures in ``area``: one column, two when it is low; in two the deal code has a
        row across both, under them (half a row was too narrow for it: "DP-3F1-30NG-002G-…")."""
        grow = fonts.text_scale()

        def figures_in(area: Rect, lines: list[tuple[str, str]]) -> Placed:
            return grid(
                area,
                len(lines),
                Span(min(220 * s, area.width), max(440 * s * grow, fig_w)),
                row_h,
                0,
                max_columns=2,
                by_column=True,
            )

        figures = figures_in(area, lines)
        if figures.columns > 1:
            # a row too wide for half the panel (a long layout name at 200%: "1 · Klassische
            # Pyramide") also goes across both, under them
            pad = 2 * (2 * max(2.0, px(15 * s) * 0.2) + 6 * s)
            half = figures.rects[0].width
            wide = [
                line
                for line in lines
                if line[0] == _("Deal code")
                or text_width(line[0], 15 * s) + text_width(line[1], 15 * s, True) + pad > half
            ]
            if wide and len(wide) < len(lines):
                lines = [line for line in lines if line not in wide]
                _rows, rest = cut_bottom(area, row_h.minimum * len(wide), 0)
                figures = figures_in(rest, lines)
                under = min(r.bottom for r in figures.rects)
                # as tall as the rows over them, as far as the figures' area goes down
                h = min(figures.rects[0].height, (under - area.bottom) / len(wide))
                across = [
                    Rect(area.left, under - (i + 1) * h, area.width, h) for i in range(len(wide))
                ]
                self._place_figures(wide, across, 1, s)
        self._place_figures(lines, figures.rects, figures.columns, s)

    def layout(self, width: int, height: int) -> None:
        s = self.scale()
        self.texts = TextGroup()
        lines = rows(self.results, layout_title(self.table.game.layout))  # in the language
        if self.results.trek or self.unlocked:
            found = [(unlocked_label(what), _(name)) for what, name in self.unlocked_items]
            lines += found or [(_("Unlocked"), _("nothing new"))]
        n = len(self.menu.buttons)
        window = inset(Rect(0, 0, width, height), 8)
        message, window = cut_bottom(window, text_height(12 * s), 4)
        row_h = Span(text_height(15 * s), 30 * s)
        button_h = Span(text_height(15 * s) + 8, 40 * s)
        # the headline and the mode's name a few pixels taller than their line: an accent over a
        # capital (ABGERÄUMT, Übung) rises above the font's ascent
        head_line, sub_line = text_height(28 * s) + 6, text_height(13 * s) + 4
        head_h = head_line + sub_line
        # the record line on two lines where one of the narrowest panel would cut it
        record_lines = 1 if text_width(self.finished.record_line, 11 * s) <= 500 * s else 2
        notes = [text_height(11 * s, record_lines)] + ([text_height(12 * s)] if self.share else [])
        button_rows = -(-n // 2) if n > 4 else n
        want = (
            24 * s
            + head_h
            + len(lines) * row_h.preferred
            + sum(notes)
            + button_rows * (button_h.preferred + 9 * s)
            + 30 * s
        )
        # a low window: the panel as wide as the window, the buttons in three columns, and the
        # figures in two when one does not stand
        compact = want > window.height
        grow = fonts.text_scale()  # a larger text size: a wider panel, as far as the window goes
        cols = 1 if n <= 4 else (3 if compact else 2)
        label_w = max(text_width(b.label, 15 * s, True) for b in self.menu.buttons)
        need_w = label_w + 2 * 0.45 * button_h.preferred + 6
        if cols == 3 and 3 * need_w + 2 * 6 * s > window.width - 32 * s:
            cols = 2  # three buttons' labels do not stand side by side (200%): a row more
        fig_w = self._figures_width(lines, s)
        panel_w = self._panel_width(window, s, compact, cols * need_w + (cols - 1) * 9 * s, fig_w)
        panel = anchor(window, panel_w, want)
        self.decor = arcade.SpriteList()
        self.decor.append(panel_sprite(self.app.assets, panel))
        inner = inset(panel, 16 * s, 10 * s)
        head, body = cut_top(inner, head_line, 0)
        sub, body = cut_top(body, sub_line, 4 * s)
        self.texts.fitted(headline(self.results), head, 28 * s, colour=GOLD, heading=True)
        self.heading_box = head  # a toast (a relic found) keeps off it
        self.texts.fitted(mode_name(self.results.mode), sub, 13 * s, colour=MUTED, bold=True)
        # the buttons at the bottom: two columns, three in a low window (the figures keep one)
        brows = -(-n // cols)
        gap = (6 if compact else 9) * s
        band = brows * ((button_h.minimum if compact else button_h.preferred) + gap)
        buttons_area, body = cut_bottom(body, band, 4 * s)
        menu = button_grid(
            buttons_area,
            n,
            # (no wider than ``cols`` of them and their gaps stand in: a hair more, at 200%,
            # and they went into one column fewer, a row more than the band holds)
            Span(
                min(need_w, (buttons_area.width - (cols - 1) * round(gap)) / cols - 0.5),
                (244 * s if n > 4 else 340 * s) * grow,
            ),
            button_h,
            gap,
            max_columns=cols,
        )
        boxes: list[Rect] = []
        for h in reversed(notes):
            box, body = cut_bottom(body, h, 2 * s)
            boxes.insert(0, box)
        # the figures: one column, two when the window is low
        self._lay_figures(inset(body, (4 if compact else 24) * s, 0), lines, row_h, fig_w, s)
        self.texts.fitted(
            self.finished.record_line,  # won, played, streak (the application's)
            boxes[0],
            11 * s,
            colour=FAINT,
            max_lines=record_lines,
        )
        if self.share:
            self._place_share(boxes[1], s)
        rows_per_column = -(-n // max(1, menu.columns))
        self.menu.place(menu.rects, 15 * s, rows=rows_per_column)
        self.place_message(width, s, message)
