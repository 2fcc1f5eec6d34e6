"""The replay screen: watch a finished game again, move by move, with the solver's analysis.

Play and pause, step back and forward, jump to the start, the end or the move that lost the deal,
change the speed; by keyboard (the key table's ``replay`` rows) and by mouse (the button bar, the
timeline, the move list). Moves animate as in play: the position is a real engine :class:`Game`
that plays and undoes the game's moves, and the board syncs to it. "Play on from here" turns the
position shown into a Practice game that keeps the moves up to there (undo goes back to the deal).

The analysis (:mod:`desert_pyramid.solver.analysis`) arrives from a source polled every frame, so
it fills in while the game is watched; the timeline colours every move by its verdict.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import arcade
from arcade.camera import Camera2D
from arcade.types import LBWH

from desert_pyramid.app.analysis import Analysis, Verdict, move_words
from desert_pyramid.app.layouts import layout_name
from desert_pyramid.app.records import analysis_summary, lost_here, mark_words
from desert_pyramid.engine import STOCK, Game, GameCode, Layout, Scoring, encode_deal_code
from desert_pyramid.engine.moves import NO_PLACE, MoveKind
from desert_pyramid.i18n import _, format_number, pgettext
from desert_pyramid.i18n.say import tell
from desert_pyramid.ui.base import fonts
from desert_pyramid.ui.base.cardface import possible_parts, possible_spots
from desert_pyramid.ui.base.fonts import heading_font
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.layout import share_row
from desert_pyramid.ui.base.palette import GOLD, INK
from desert_pyramid.ui.input import keys
from desert_pyramid.ui.screen import Screen
from desert_pyramid.ui.table.board import Board
from desert_pyramid.ui.table.geometry import table_geometry
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

SPEEDS = (0.5, 1.0, 2.0, 4.0)
STEP_S = 0.9  # seconds per move at speed 1
PANEL_LEAST = 180  # the analysis list's least width, in pixels (a 640-wide window has it too)
BUTTON_PT = 13  # the buttons' labels, in points at 1280x720
BUTTON_PAD = 0.25  # the room each side of a button's label, in the button's heights
COLOURS = {
    Verdict.WINNABLE: (120, 200, 120),
    Verdict.LOST: (226, 104, 88),
    Verdict.UNKNOWN: (150, 140, 126),
}
PENDING = (96, 88, 80)  # not analysed yet


class AnalysisSource(Protocol):
    """Where the analysis comes from: polled once a frame, never blocking."""

    def poll(self) -> Analysis | None: ...

    def close(self) -> None: ...


__all__ = ["AnalysisSource", "ReplayView", "mark_words"]  # its words: app/records.py


class ReplayView(Screen):
    even_text = True  # all its text at one size (ui/screen.py)
    contexts = (keys.REPLAY, keys.EVERYWHERE)
    help_contexts = (keys.REPLAY, keys.EVERYWHERE)  # what the help overlay (F1) lists over a replay

    def __init__(
        self,
        app: Shell,
        code: GameCode,
        layout: Layout,
        back: Callable[[], None],
        *,
        title: str = "",
        source: AnalysisSource | None = None,
        analysis: Analysis | None = None,
        start_at: int = 0,
        film: bool = False,
        total: int | None = None,
    ) -> None:
        super().__init__(app)
        self.film = film  # drawn for a GIF: no buttons, no play state
        self.code = code
        self.moves = code.moves
        self.game = Game(layout, code.rules, code.deal, code.multiplier)
        # the total the results showed (the mode's: a Daily's time bonus included), else the moves'
        self.final_score = code.game(layout).score if total is None else total
        self.go_back = back
        self.title = title or _("Replay · {name}").format(name=layout_name(layout))
        self.source = source
        self.analysis = analysis
        self.playing = False
        self.speed_index = 1
        self._wait = 0.0
        self.board = Board()
        self.texts = TextGroup()
        self.list_texts = TextGroup()
        self.decor: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.buttons = ButtonColumn(app.assets, [])
        self.camera: Camera2D | None = None
        self.timeline = Rect(0, 0, 0, 0)
        self.list_rows: list[tuple[Rect, int]] = []
        self.list_box: Rect | None = None
        self.message = ""
        self._list_state: tuple[int, int] = (-1, -1)
        self.go_to(max(0, min(start_at, len(self.moves))), animate=False)

    # -- position -----------------------------------------------------------------------------------
    @property
    def step(self) -> int:
        return self.game.moves

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    def go_to(self, k: int, animate: bool = True) -> None:
        """Show the position after ``k`` moves (one step animates like a move in play)."""
        k = max(0, min(k, len(self.moves)))
        one = abs(k - self.step) == 1
        while self.step < k:
            self.game.play(self.moves[self.step])
        while self.step > k:
            self.game.undo()
        if self.board.tex is not None:
            anim = self.app.settings.animation_speed * self.speed
            self.board.sync(self.game, anim if animate and one else 0.0)
            self._highlight()
        if self.step >= len(self.moves):
            self.playing = False
        self._refresh_texts()

    def _highlight(self) -> None:
        """Ring the cards of the move about to be played."""
        places: tuple[int, ...] = ()
        if self.step < len(self.moves):
            move = self.moves[self.step]
            places = (
                (STOCK,)
                if move.kind in (MoveKind.FLIP, MoveKind.REDEAL)
                else tuple(p for p in (move.a, move.b) if p != NO_PLACE)
            )
        self.board.set_highlights(self.game, None, (), None, places)

    def toggle_play(self) -> None:
        if self.step >= len(self.moves):
            self.go_to(0, animate=False)
        self.playing = not self.playing
        self._wait = 0.0
        self._refresh_texts()

    def speed_label(self) -> str:
        return _("Speed {speed}×").format(speed=format_number(self.speed))

    def next_speed(self) -> None:
        self.change_speed(1 if self.speed_index < len(SPEEDS) - 1 else -len(SPEEDS))

    def change_speed(self, step: int) -> None:
        self.speed_index = max(0, min(len(SPEEDS) - 1, self.speed_index + step))
        self._refresh_texts()

    def to_losing_move(self) -> None:
        if self.analysis is not None and self.analysis.losing_move is not None:
            self.playing = False
            self.go_to(self.analysis.losing_move - 1, animate=False)
        else:
            self.message = (
                _("No move lost this deal.")
                if self.analysis is not None and self.analysis.complete
                else _("The analysis has not found a losing move (yet).")
            )
            self._refresh_texts()

    def play_on(self) -> None:
        """A Practice game from the position shown, with its moves kept for undo."""
        from desert_pyramid.app.sessions import InputError

        try:
            session = self.app.application.play_on(self.game)
        except InputError as exc:
            self.message = str(exc)
            self._refresh_texts()
            return
        self.close_source()
        self.app.new_table(
            session,
            note=tell(
                "Played on from move {number} of a replay: undo goes back to the deal.",
                number=self.step,
            ),
        )

    def close_source(self) -> None:
        if self.source is not None:
            self.source.close()
            self.source = None

    def leave(self) -> None:
        self.close_source()
        self.go_back()

    # -- layout -------------------------------------------------------------------------------------
    def _button_rows(self, width: float, s: float) -> list[list[tuple[str, float]]]:
        """The buttons' labels in one row, or two where one cannot hold them whole, each with
        the width its label needs (every label it may show: Play or Pause, each speed)."""
        if self.film:
            return []
        size, pad = BUTTON_PT * s, 2 * (BUTTON_PAD * self._button_h(s) + 2)

        def need(*labels: str) -> float:
            return max(text_width(t, size, True) for t in labels) + pad

        speeds = [_("Speed {speed}×").format(speed=format_number(v)) for v in SPEEDS]
        labels = [
            (pgettext("replay", "Start"), need(pgettext("replay", "Start"))),
            (pgettext("replay", "Back"), need(pgettext("replay", "Back"))),
            ("play", need(pgettext("replay", "Play"), pgettext("replay", "Pause"))),
            (pgettext("replay", "Step"), need(pgettext("replay", "Step"))),
            (pgettext("replay", "End"), need(pgettext("replay", "End"))),
            ("speed", need(*speeds)),
            (_("Lost where?"), need(_("Lost where?"))),
            (_("Play on"), need(_("Play on"))),
            (_("Close"), need(_("Close"))),
        ]
        room = width - 24 * s - 6 * s * (len(labels) - 1)
        if sum(w for _t, w in labels) <= room:
            return [labels]
        half = -(-len(labels) // 2)
        return [labels[:half], labels[half:]]

    @staticmethod
    def _button_h(s: float) -> float:
        """The buttons' height: 34 at 1280x720, or what their text needs (Settings → Text
        size)."""
        if fonts.text_scale() <= 1.0:
            return 34 * s
        return float(max(34 * s, text_height(BUTTON_PT * s) + 8))

    def layout(self, width: int, height: int) -> None:
        s = float(max(0.75, min(width / 1280, height / 720) ** 0.8))
        self.s = s
        f = fonts.text_scale()  # a larger text size: the bars' lines spaced for it
        button_rows = self._button_rows(width, s)
        bh = self._button_h(s)
        # the move in words, the timeline, the buttons (a second row where one cannot hold
        # their words: "Spee…", "Play…" at 640x360)
        bar_h = round((70 if self.film else 116) * s + max(0, len(button_rows) - 1) * 40 * s)
        if f > 1 and not self.film:
            rows = len(button_rows)
            words = 16 * s * f + text_height(12 * s) / 2 + 6 * s
            bar_h = round(max(bar_h, 12 * s + rows * (bh + 6 * s) + 8 * s + 22 * s + words))
        top_h = round(56 * s * f)  # title and the position's figures
        # the title left of the position's figures, never under them (at the longest they say);
        # a larger text where the row cannot hold both: the title over the figures
        longest = _("Move {number} of {total} · Score {score}").format(
            number=len(self.moves), total=len(self.moves), score=format_number(-88888)
        )
        figures_w = text_width(longest, 14 * s, True) + 16 * s
        title_w = text_width(self.title.upper(), 15 * s, True, heading_font()) + 12 * s
        stacked = f > 1 and title_w + figures_w > width - 36 * s
        y_title = height - top_h / 2 + 8 * s * f
        y_figures, y_code = y_title, height - top_h / 2 - 13 * s * f
        y_state = y_code
        if stacked:
            la, lf, lc = text_height(15 * s), text_height(14 * s), text_height(11 * s)
            y_title = height - 6 * s - la / 2
            y_figures = y_code = y_title - la / 2 - 2 * s - lf / 2
            y_state = y_figures - lf / 2 - 2 * s - lc / 2
            top_h = round(height - y_state + lc / 2 + 8 * s)
        # the analysis beside the table, in a narrow window too (it was dropped under 1000 px)
        panel_w = 0 if self.film else round(max(min(380 * s, width * 0.3), PANEL_LEAST))
        table_w, table_h = width - panel_w, height - bar_h - top_h
        layout = self.game.layout
        pos = [(sl.x, sl.y) for sl in layout.slots]
        geom = table_geometry(
            pos,
            table_w,
            table_h,
            satchel=self.game.rules.satchel,
            draw_three=self.game.rules.draw_three,
        )
        # The table geometry keeps a bar at its top and bottom for the table's own HUD: the
        # replay draws the board alone, in a camera over the area between its own bars.
        self.camera = Camera2D(
            viewport=LBWH(0, bar_h, table_w, table_h), position=(geom.width / 2, geom.height / 2)
        )
        self.camera.projection = LBWH(-geom.width / 2, -geom.height / 2, geom.width, geom.height)
        tex = self.app.assets.cards(geom.card_w, geom.card_h, self.app.settings)
        if self.board.tex is not tex:
            over = [sl.covered_by for sl in layout.slots]
            tex.preload(possible_parts(pos, over), possible_spots(pos, over))
            self.board.set_textures(tex)
        self.board.set_geometry(geom, self.game.rules.satchel)
        self.board.sync(self.game, 0.0)
        self._highlight()

        self.decor = arcade.SpriteList()
        self.decor.append(
            panel_sprite(
                self.app.assets,
                Rect(6 * s, height - top_h + 4 * s, width - 12 * s, top_h - 8 * s),
            )
        )
        self.decor.append(
            panel_sprite(self.app.assets, Rect(6 * s, 4 * s, width - 12 * s, bar_h - 8 * s))
        )
        self.list_box = None
        if panel_w:
            self.list_box = Rect(table_w + 4 * s, bar_h + 4 * s, panel_w - 10 * s, table_h - 8 * s)
            self.decor.append(panel_sprite(self.app.assets, self.list_box))

        # buttons: one row
        labels: list[tuple[str, Callable[[], None]]] = [
            # TRANSLATORS: the replay's buttons: to the deal, one move back, play, one move on...
            (pgettext("replay", "Start"), lambda: self.go_to(0, animate=False)),
            (pgettext("replay", "Back"), lambda: self.go_to(self.step - 1)),
            (pgettext("replay", "Play"), self.toggle_play),
            (pgettext("replay", "Step"), lambda: self.go_to(self.step + 1)),
            (pgettext("replay", "End"), lambda: self.go_to(len(self.moves), animate=False)),
            (self.speed_label(), self.next_speed),
            (_("Lost where?"), self.to_losing_move),
            (_("Play on"), self.play_on),
            (_("Close"), self.leave),
        ]
        if self.film:
            labels = []
        focus = self.buttons.focus
        self.buttons = ButtonColumn(
            self.app.assets, [Button(text, action) for text, action in labels]
        )
        self.buttons.focus = min(focus, len(labels) - 1)
        gap = 6 * s
        by = 12 * s
        rects: list[Rect] = []
        for k, row in enumerate(button_rows):  # the first row on top
            y = by + (len(button_rows) - 1 - k) * (bh + gap)
            widths = share_row([w for _t, w in row], width - 24 * s - gap * (len(row) - 1), 1e9)
            x = 12 * s
            for w in widths:
                rects.append(Rect(round(x), round(y), round(w), round(bh)))
                x += w + gap
        self.buttons.pad_ratio = BUTTON_PAD
        self.buttons.place(rects, BUTTON_PT * s)
        top = max([r.top for r in rects], default=by)
        self.timeline = Rect(16 * s, (by if self.film else top + 14 * s), width - 32 * s, 22 * s)

        self.texts = TextGroup()
        line = text_height(15 * s)
        title_room = width - 36 * s - (0 if stacked else figures_w)
        self.title_text = self.texts.fitted(
            self.title.upper(),
            Rect(18 * s, y_title - line / 2, title_room, line),
            15 * s,
            colour=GOLD,
            heading=True,
            align="left",
        )
        deal_code = encode_deal_code(self.code.deal, self.code.rules, self.code.layout_number)
        self.code_text = self.texts.label(
            # TRANSLATORS: {rules} is the rules' short code (desert, classic+p1...), {code} the deal's
            _("Rules {rules} · {code}").format(rules=self.code.rules, code=deal_code),
            18 * s,
            y_code,
            10 * s,
            colour=(230, 204, 160),
            anchor_x="left",
        )
        self.figures_text = self.texts.label(
            "",
            width - 18 * s,
            y_figures,
            14 * s,
            colour=GOLD,
            anchor_x="right",
            bold=True,
        )
        self.state_text = self.texts.label(
            "",
            width - 18 * s,
            y_state,
            11 * s,
            colour=INK,
            anchor_x="right",
        )
        self.move_text = self.texts.label(
            "", width / 2, self.timeline.top + 16 * s * f, 12 * s, colour=INK, bold=True
        )
        self._list_state = (-1, -1)
        self._refresh_texts()

    # -- texts --------------------------------------------------------------------------------------
    def _refresh_texts(self) -> None:
        if not hasattr(self, "figures_text"):
            return
        n = len(self.moves)
        score = format_number(self.game.score)
        self.figures_text.text = (
            _("Move {number} of {total} · Cards left {score}")
            if self.game.rules.scoring is Scoring.CLASSIC
            else _("Move {number} of {total} · Score {score}")
        ).format(number=self.step, total=n, score=score)
        final = format_number(self.final_score)
        if self.film:
            self.state_text.text = _("at the end: {score}").format(score=final)
        else:
            self.state_text.text = (
                _("playing · speed {speed}× · at the end: {score}")
                if self.playing
                else _("paused · speed {speed}× · at the end: {score}")
            ).format(speed=format_number(self.speed), score=final)
        if self.step == 0:
            words = _("The deal.") if self.film else _("The deal. Space plays, the arrows step.")
        else:
            replay = Game(self.game.layout, self.game.rules, self.game.deal, self.game.multiplier)
            replay.replay(self.moves[: self.step - 1])
            words = _("{number}. {move}").format(
                number=self.step, move=move_words(replay, self.moves[self.step - 1]).text()
            )
            mark = (
                mark_words(self.analysis, self.step)
                if self.analysis is not None or self.source
                else ""
            )
            if mark:
                # TRANSLATORS: a replayed move and what the analysis says of it
                words = _("{move} · {verdict}").format(move=words, verdict=mark)
        if self.message:
            words = self.message
            self.message = ""
        lost = lost_here(self.analysis, self.step)
        if lost:
            words = lost
        self.move_text.text = words
        width = self.timeline.width
        if self.move_text.content_width > width > 0:
            self.move_text.font_size = max(
                8.0, self.move_text.font_size * width / self.move_text.content_width
            )
        else:
            self.move_text.font_size = 12 * getattr(self, "s", 1.0)
        for b in self.buttons.buttons:
            if b.action == self.toggle_play:
                b.label = (
                    pgettext("replay", "Pause") if self.playing else pgettext("replay", "Play")
                )
            elif b.action == self.next_speed:
                b.label = self.speed_label()
        self.buttons.refresh()
        self._fill_list()

    def _fill_list(self) -> None:
        """The move list beside the table (wide windows): the moves around the one shown."""
        box = self.list_box
        state = (self.step, id(self.analysis))
        if box is None or state == self._list_state:
            return
        self._list_state = state
        s = self.s
        self.list_texts = TextGroup()
        self.list_rows = []
        f = fonts.text_scale()  # a larger text size: the lines spaced for it
        self.list_texts.heading(
            _("ANALYSIS"), box.left + 14 * s, box.top - 20 * s * f, 12 * s, anchor_x="left"
        )
        a = self.analysis
        summary = analysis_summary(a)
        # the summary beside the heading, or under it in a narrow list
        beside = (
            text_width(_("ANALYSIS"), 12 * s, True, heading_font()) + text_width(summary, 10 * s)
            <= box.width - 36 * s
        )
        self.list_texts.label(
            summary,
            box.right - 14 * s if beside else box.left + 14 * s,
            box.top - (20 if beside else 38) * s * f,
            10 * s,
            colour=(230, 204, 160),
            anchor_x="right" if beside else "left",
        )
        # every row in one size (each was set smaller to fit its own words: a list of mixed
        # sizes); a move too long for the line goes on over a second
        size = 10.5 * s
        room = box.width - 24 * s
        one, two = text_height(size), text_height(size, 2)
        area_top, area_bottom = box.top - (32 if beside else 50) * s * f, box.bottom + 6 * s
        texts = self._list_words()
        tall = [text_width(t, size, True) > room - 4 for t in texts]
        heights = [two if t else one for t in tall]
        for number, bottom, h in self._rows_shown(heights, area_top, area_bottom):
            mark = a.marks[number - 1] if a is not None and number <= len(a.marks) else None
            colour = COLOURS[mark.verdict] if mark is not None else PENDING
            if number == self.step:
                colour = GOLD
            self.list_texts.fitted(
                texts[number - 1],
                Rect(box.left + 12 * s, bottom, room, h),
                size,
                colour=colour,
                bold=number == self.step or bool(mark and mark.losing),
                max_lines=2 if tall[number - 1] else 1,
                align="left",
            )
            self.list_rows.append((Rect(box.left, bottom, box.width, h), number))

    def _rows_shown(
        self, heights: list[float], top: float, bottom: float
    ) -> list[tuple[int, float, float]]:
        """The list's rows from the top of the area down, as many as stand, the move shown among
        them: (move number, row bottom, row height) each."""
        rows = max(1, int((top - bottom) // min(heights, default=1.0)))
        first = max(1, min(self.step - rows // 2, len(self.moves) - rows + 1))
        while True:
            shown, y = [], top
            for number in range(first, len(self.moves) + 1):
                h = heights[number - 1]
                if y - h < bottom:
                    break
                shown.append((number, y - h, h))
                y -= h
            if not shown or self.step <= shown[-1][0] or first >= self.step:
                return shown
            first += 1

    def _list_words(self) -> list[str]:
        """Each move of the game as the list says it: its number, the move in words, "(lost
        it)" after the move that lost the deal, "»" before the one shown."""
        a = self.analysis
        replay = Game(self.game.layout, self.game.rules, self.game.deal, self.game.multiplier)
        out = []
        for number, move in enumerate(self.moves, start=1):
            words = move_words(replay, move).text()
            replay.play(move)
            mark = a.marks[number - 1] if a is not None and number <= len(a.marks) else None
            text = (
                # TRANSLATORS: a move in the replay's list: its number, the move in words
                _("{number}. {move}  (lost it)")
                if mark is not None and mark.losing
                else _("{number}. {move}")
            ).format(number=number, move=words)
            out.append(("» " if number == self.step else "") + text)
        return out

    # -- time ---------------------------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        self.board.update(delta_time)
        if self.source is not None:
            fresh = self.source.poll()
            if fresh is not None and fresh is not self.analysis:
                self.analysis = fresh
                self._list_state = (-1, -1)
                self._refresh_texts()
        if self.playing and not self.board.busy:
            self._wait -= delta_time
            if self._wait <= 0:
                self.go_to(self.step + 1)
                self._wait = STEP_S / self.speed

    # -- input --------------------------------------------------------------------------------------
    def on_action(self, action: str) -> bool:
        if action == "replay_play":
            self.toggle_play()
        elif action == "replay_next":
            self.playing = False
            self.go_to(self.step + 1)
        elif action == "replay_prev":
            self.playing = False
            self.go_to(self.step - 1)
        elif action == "replay_start":
            self.playing = False
            self.go_to(0, animate=False)
        elif action == "replay_end":
            self.playing = False
            self.go_to(len(self.moves), animate=False)
        elif action == "replay_faster":
            self.change_speed(1)
        elif action == "replay_slower":
            self.change_speed(-1)
        elif action == "replay_lost":
            self.to_losing_move()
        elif action == "replay_play_on":
            self.play_on()
        elif action == "replay_press":  # Enter presses the button the focus ring is on
            self.buttons.press()
        elif action in ("replay_focus_next", "replay_focus_prev"):
            self.buttons.move(1 if action == "replay_focus_next" else -1)
        elif action == "back":
            self.leave()
        else:
            return super().on_action(action)
        return True

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        self.buttons.hover(x, y)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.buttons.click(x, y):
            return
        t = self.timeline
        if self.moves and t.left <= x <= t.right and t.bottom - 4 <= y <= t.top + 4:
            self.playing = False
            k = round((x - t.left) / t.width * len(self.moves))
            self.go_to(k, animate=False)
            return
        for rect, number in self.list_rows:
            if rect.contains(x, y):
                self.playing = False
                self.go_to(number, animate=False)
                return

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        self.playing = False
        self.go_to(self.step - (1 if scroll_y > 0 else -1), animate=False)

    # -- drawing ------------------------------------------------------------------------------------
    def on_draw(self) -> None:
        self.draw_backdrop()
        self.decor.draw()
        if self.camera is not None:
            with self.camera.activate():
                self.board.draw()
        self._draw_timeline()
        self.buttons.draw()
        self.texts.draw()
        if self.list_box is not None:
            self.list_texts.draw()

    def _draw_timeline(self) -> None:
        t = self.timeline
        n = len(self.moves)
        arcade.draw_lrbt_rectangle_filled(t.left, t.right, t.bottom, t.top, (40, 26, 14, 230))
        if not n:
            return
        a = self.analysis
        # runs of the same colour, one rectangle each
        run_start, run_colour = 0, None
        for i in range(n + 1):
            colour: tuple[int, int, int] | None = None
            if i < n:
                mark = a.marks[i] if a is not None and i < len(a.marks) else None
                colour = COLOURS[mark.verdict] if mark is not None else PENDING
            if colour != run_colour or i == n:
                if run_colour is not None:
                    x0 = t.left + run_start / n * t.width
                    x1 = t.left + i / n * t.width
                    arcade.draw_lrbt_rectangle_filled(x0, x1, t.bottom + 3, t.top - 3, run_colour)
                run_start, run_colour = i, colour
        if a is not None and a.losing_move is not None:
            x0 = t.left + (a.losing_move - 1) / n * t.width
            x1 = t.left + a.losing_move / n * t.width
            arcade.draw_lrbt_rectangle_filled(x0, max(x1, x0 + 3), t.bottom - 3, t.top + 3, GOLD)
        x = t.left + self.step / n * t.width
        arcade.draw_lrbt_rectangle_filled(x - 2, x + 2, t.bottom - 6, t.top + 6, INK)
