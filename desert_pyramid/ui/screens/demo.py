"""The worked example of How to play, played out on the real table.

:class:`DemoView` is the table (:class:`TableView`) on the example's deal, under the rules the
content names. Each step of the example (``resources/rules/how_to_play.toml``, section
``example``) becomes the engine move that does it (:func:`step_move`), played through the table's
own control, so the cards fly, score and undo exactly as in a game: what the demonstration shows
is what the engine does. A panel beside the pyramid shows the step's caption; the cards a step
points at get the hint ring.

Keys: Space, → or Enter play the next step; ← or Z take it back; A plays the steps by themselves
(one every :data:`AUTO_STEP_S` seconds; on at the start) or pauses; Esc leaves. Mouse: the panel's
buttons, a click on the table plays the next step, Menu leaves.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import arcade

from desert_pyramid.app.layouts import builtin_layout
from desert_pyramid.app.rule_words import describe_rules
from desert_pyramid.content import Demo, DemoStep, Paragraph, Span, card_label
from desert_pyramid.engine import PRESETS, SATCHEL, WASTE, Deal, Game, Move
from desert_pyramid.i18n import N_, _, format_number, ngettext
from desert_pyramid.i18n.say import Say, worded
from desert_pyramid.ui.base import audit
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.palette import FAINT, INK, MUTED, PANEL_RIM, WRONG
from desert_pyramid.ui.table.geometry import (
    HINT,
    MENU,
    UNDO,
    TableGeometry,
    table_geometry,
)
from desert_pyramid.ui.table.view import TableView
from desert_pyramid.ui.widgets.buttons import Button, ButtonColumn, focus_hover, panel_sprite
from desert_pyramid.ui.widgets.richtext import LINE, RichText, px, text_width

if TYPE_CHECKING:
    from desert_pyramid.ui.shell import Shell

AUTO_STEP_S = 2.5
CAPTION_PT = 13.5
NOTE_PT = 12.0
END_NOTE = N_("That is the whole example. A watches it again; Esc goes back to How to play.")
CONTROLS = N_("Space or → next step · ← back · A plays by itself or pauses · Esc leaves")
ERROR: tuple[int, int, int] = WRONG


class DemoError(Exception):
    """A step of the example that does not fit the position on the table."""


def place_of(game: Game, code: str) -> int:
    """Where the free card ``code`` is (a slot, the waste or the Satchel)."""
    for place, card in game.playable():
        if card.code == code:
            return place
    raise DemoError(_("the {card} is not free here").format(card=card_label(code)))


def where(game: Game, code: str) -> int | None:
    """Where the card ``code`` lies in sight (a layout slot, the waste top or the Satchel)."""
    places: list[int] = [*range(len(game.cards)), WASTE, SATCHEL]
    for place in places:
        card = game.card_at(place)
        if card is not None and card.code == code:
            return int(place)
    return None


def step_move(game: Game, step: DemoStep) -> Move:
    """The engine move that plays one step of the worked example here."""
    if step.action == "flip":
        if not game.stock:
            raise DemoError(_("the stock is empty"))
        return Move.flip()
    if step.action == "redeal":
        return Move.redeal()
    places = [place_of(game, code) for code in step.cards]
    if step.action == "pair":
        return Move.pair(places[0], places[1])
    if step.action == "king":
        return Move.king(places[0])
    if step.action == "satchel":
        return Move.stash(places[0])
    raise DemoError(_("unknown action '{action}'").format(action=step.action))


def demo_game(demo: Demo) -> Game:
    """The example's deal under its rules, before the first step."""
    return Game(builtin_layout(demo.layout), PRESETS[demo.preset], Deal.parse(demo.deal_text))


class DemoView(TableView):
    pause_on_deactivate = False  # losing the focus does not open the pause screen

    def __init__(
        self,
        app: Shell,
        demo: Demo,
        intro: tuple[Paragraph, ...] = (),
        back: arcade.View | None = None,
        auto: bool = True,
    ) -> None:
        game = demo_game(demo)
        rules = game.rules
        subtitle = _("{rules} · layout {number} · the deal of How to play").format(
            rules=describe_rules(rules), number=format_number(game.layout.number)
        )
        seat = app.application.example_seat(game)  # shown, never saved nor counted
        super().__init__(
            app, seat, title=_("Worked example"), subtitle=subtitle, note=Say(CONTROLS)
        )
        self.demo = demo
        self.intro = intro
        self.back_view = back
        self.auto = auto
        self.wait = AUTO_STEP_S
        self.error = ""
        self.caption = RichText(app.assets)
        self.panel: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.panel_rect = Rect(0, 0, 0, 0)
        self.rule_y = 0.0
        self.compact = False  # a banner without its buttons (a low window: see table_geometry)
        self.band: Rect | None = None  # the band the table keeps for the panel (table_geometry)
        self.buttons = ButtonColumn(
            app.assets,
            [
                Button(_("◄ Back"), self.back_step),
                Button(_("Next ►"), self.next_step),
                Button("", self.toggle_auto),
                Button(_("Leave · Esc"), self.leave),
            ],
        )
        self.buttons.focus = -1

    # -- the steps ---------------------------------------------------------------------------------
    @property
    def step(self) -> int:
        """How many steps have been played."""
        return self.game.moves

    @property
    def done(self) -> bool:
        return self.step >= len(self.demo.steps)

    def next_step(self) -> None:
        self.wait = AUTO_STEP_S
        if self.done or self.error:
            self.auto = False
            self._after()
            return
        step = self.demo.steps[self.step]
        try:
            move = step_move(self.game, step)
        except DemoError as exc:
            self._fail(
                _("Step {n} does not fit the table: {why}.").format(n=self.step + 1, why=exc)
            )
            return
        fb = self.control.play(move)
        if fb.move is None:
            self._fail(
                _("Step {n} does not fit the table: {why}").format(
                    n=self.step + 1, why=worded(fb.message or "")
                )
            )
            return
        self.apply(fb)
        if step.action == "flip":
            top = self.game.card_at(WASTE)
            if top is None or top.code != step.cards[0]:
                self._fail(
                    _("Step {n}: the stock turned over the {card}, not the {wanted}.").format(
                        n=self.step,
                        card=card_label(top.code) if top is not None else "—",
                        wanted=card_label(step.cards[0]),
                    )
                )
                return
        if self.done:
            self.auto = False
        self._after()

    def back_step(self) -> None:
        self.auto = False
        self.error = ""
        if self.step > 0:
            self.apply(self.control.undo())
        self._after()

    def toggle_auto(self) -> None:
        """A: play the steps by themselves, or pause; at the end, watch again from the deal."""
        if self.done or self.error:
            self.error = ""
            while self.step > 0:
                self.apply(self.control.undo())
            self.auto = True
        else:
            self.auto = not self.auto
        self.wait = AUTO_STEP_S * 0.5
        self._after()

    def leave(self) -> None:
        if self.back_view is not None:
            self.app.show_view(self.back_view)
        else:
            self.app.show_title()

    def _fail(self, text: str) -> None:
        self.error = text
        self.auto = False
        self._after()

    def highlighted(self) -> tuple[int, ...]:
        """The places the current step points at (the intro's cards before the first step)."""
        codes = (
            self.demo.steps[self.step - 1].highlight
            if self.step
            else tuple(code for p in self.intro for code in p.cards)
        )
        places = (where(self.game, code) for code in codes)
        return tuple(dict.fromkeys(p for p in places if p is not None))

    def _after(self) -> None:
        self.hint_places = self.highlighted()
        self.message = Say(CONTROLS)
        self.refresh()
        self.build_panel()

    # -- the caption panel ---------------------------------------------------------------------------
    def layout(self, width: int, height: int) -> None:
        super().layout(width, height)
        self._after()

    def caption_paragraphs(self) -> tuple[Paragraph, ...]:
        if self.step == 0:
            return self.intro
        return (self.demo.steps[self.step - 1].caption,)

    def all_captions(self) -> list[tuple[Paragraph, ...]]:
        """Every caption the panel can show: the intro, then each step's."""
        return [self.intro, *((step.caption,) for step in self.demo.steps)]

    def step_title(self) -> str:
        n = len(self.demo.steps)
        if self.step == 0:
            return ngettext(
                "The deal · {n} step to watch", "The deal · {n} steps to watch", n
            ).format(n=format_number(n))
        if self.done:
            return _("Step {step} of {n} · the end").format(step=self.step, n=n)
        return _("Step {step} of {n}").format(step=self.step, n=n)

    def build_panel(self) -> None:
        """Place the caption panel where it hides no card: beside the layout (left, else right),
        as wide as the room there allows; else a banner over the top of the layout, whose top
        rows the example does not use."""
        g = self.geom
        if g is None:
            return
        fs = g.font_scale
        margin = 16 * fs
        self.buttons.buttons[2].label = (
            _("Again · A") if self.done else (_("Pause · A") if self.auto else _("Play · A"))
        )
        self.buttons.buttons[0].enabled = self.step > 0
        self.buttons.buttons[1].enabled = not self.done and not self.error
        top = g.hud.bottom - margin
        beside = self._room_beside(g) if self.band is None else None
        if beside is not None:
            self._panel_at(beside[1], top, beside[0], columns=2)
            return
        # a window without room beside the layout: a banner in the band the table kept for it
        # over the message line (table_geometry), the cards smaller, none of them under it
        band = self.band
        if band is None:  # (never: the band is kept whenever there is no room beside)
            band = Rect(margin, g.message.top, g.width - 2 * margin, top - g.message.top)
        self._panel_at(band.left, band.top, band.width, columns=4)

    def table_geometry(self, width: int, height: int) -> TableGeometry:
        """The table's, unless the panel finds no room beside the layout: then the cards make room
        for a band over the message line that holds the panel whole (its buttons left to the
        keys the bottom line names when the band would take too much), and the coach, whose
        words the panel says here, gives up its strip."""
        g = super().table_geometry(width, height)
        self.band = None
        self.compact = False
        self.geom = g
        if self._room_beside(g) is not None:
            return g
        plain = replace(g, coach=None)
        self.geom = plain
        fs = plain.font_scale
        margin = 16 * fs
        w = min(plain.width - 2 * margin, 900 * fs)
        h = self._panel_height(w, 4)
        if h > (plain.hud.bottom - plain.message.top) * 0.4:
            self.compact = True
            h = self._panel_height(w, 4)
        rules = self.game.rules
        slots = [(s.x, s.y) for s in self.game.layout.slots]
        kept = table_geometry(
            slots,
            width,
            height,
            satchel=rules.satchel,
            draw_three=rules.draw_three,
            reserve=h + margin,
        )
        bottom = kept.message.top + margin / 2
        self.band = Rect((kept.width - w) / 2, bottom, w, h)
        self.geom = kept
        return kept

    def _room_beside(self, g: TableGeometry) -> tuple[float, float] | None:
        """The panel's width and left edge beside the layout, or ``None`` when there is none."""
        fs = g.font_scale
        margin = 16 * fs
        obstacles = [r.inflated(margin / 2) for r in g.card_rects()]
        obstacles += [
            Rect(cx - 62 * fs, cy - 10 * fs, 124 * fs, 20 * fs) for cx, cy in g.captions.values()
        ]
        top = g.hud.bottom - margin
        width = min(380 * fs, g.width / 3)
        while width >= 250 * fs:
            h = self._panel_height(width, 2)
            for left in (margin, g.width - margin - width):
                rect = Rect(left, top - h, width, h)
                if rect.bottom >= g.message.top + margin and not any(
                    rect.overlaps(o) for o in obstacles
                ):
                    return width, left
            width -= 20 * fs
        return None

    def _panel_height(self, width: float, columns: int) -> float:
        """The panel's height with its tallest caption (what :meth:`_panel_at` lays out)."""
        g = self.geom
        assert g is not None
        fs = g.font_scale
        pad, inner = 16 * fs, width - 32 * fs
        rows = (3 + columns) // columns
        measure = RichText(self.app.assets)
        heights = [
            measure.paragraphs_height(c, inner, CAPTION_PT * fs, gap=0.5)
            for c in self.all_captions()
        ]
        end_note = _(END_NOTE)
        note = measure.paragraphs_height(
            [Paragraph(end_note, (Span(end_note),))], inner, NOTE_PT * fs
        )
        tallest = max(max(heights), heights[-1] + 6 * fs + note)
        if self.compact:
            return pad + 22 * fs + tallest + pad
        return (
            pad
            + 30 * fs
            + rows * 36 * fs
            + (rows - 1) * 8 * fs
            + 18 * fs
            + px(12 * fs) * LINE
            + 2 * fs
            + tallest
            + pad
        )

    def _panel_at(self, left: float, top: float, width: float, columns: int) -> float:
        """Lay the panel out from its top-left corner; returns its height.

        The buttons sit under the heading, so they stay put while the captions change."""
        g = self.geom
        assert g is not None
        fs = g.font_scale
        pad = 16 * fs
        inner = width - 2 * pad
        rich = RichText(self.app.assets, self.app.settings.four_colour)
        y = top - pad
        rich.heading(_("WORKED EXAMPLE"), left + pad, y - 10 * fs, 14 * fs)
        y -= 30 * fs
        if self.compact:  # the step's title beside the heading, then its words: no buttons
            self.rule_y = 0.0  # (no rule either)
            title = self.step_title()
            x = left + width - pad - text_width(title, 12 * fs, True)
            rich.line_text(title, x, top - pad - 2 * fs, 12 * fs, MUTED, bold=True)
            return self._panel_words(rich, left, top, width, top - pad - 22 * fs)
        gap, bh = 8 * fs, 36 * fs
        bw = (inner - (columns - 1) * gap) / columns
        rects = [
            Rect(
                round(left + pad + (i % columns) * (bw + gap)),
                round(y - bh - (i // columns) * (bh + gap)),
                round(bw),
                round(bh),
            )
            for i in range(4)
        ]
        y = rects[-1].bottom - 18 * fs
        y = rich.line_text(self.step_title(), left + pad, y, 12 * fs, MUTED, bold=True) - 2 * fs
        y = rich.paragraphs(
            self.caption_paragraphs(), left + pad, y, inner, CAPTION_PT * fs, INK, gap=0.5
        )
        if self.error:
            y = rich.paragraph_text(self.error, left + pad, y - 6 * fs, inner, 12.5 * fs, ERROR)
        elif self.done:
            y = rich.paragraph_text(_(END_NOTE), left + pad, y - 6 * fs, inner, NOTE_PT * fs, FAINT)
        self.rule_y = rects[-1].bottom - 9 * fs
        self.buttons.place(rects, 12.5 * fs)
        for b, label in zip(self.buttons.buttons, self.buttons._labels, strict=True):
            label.color = (*INK, 255) if b.enabled else (190, 170, 150, 255)
        return self._panel_words(rich, left, top, width, y, caption_done=True)

    def _panel_words(
        self,
        rich: RichText,
        left: float,
        top: float,
        width: float,
        y: float,
        caption_done: bool = False,
    ) -> float:
        """The step's words under ``y`` (unless written already), then the panel behind it all."""
        g = self.geom
        assert g is not None
        fs = g.font_scale
        pad = 16 * fs
        inner = width - 2 * pad
        if not caption_done:
            y = rich.paragraphs(
                self.caption_paragraphs(), left + pad, y, inner, CAPTION_PT * fs, INK, gap=0.5
            )
            if self.error:
                y = rich.paragraph_text(self.error, left + pad, y - 6 * fs, inner, 12.5 * fs, ERROR)
            elif self.done:
                y = rich.paragraph_text(
                    _(END_NOTE), left + pad, y - 6 * fs, inner, NOTE_PT * fs, FAINT
                )
        bottom = y - pad
        rect = Rect(left, bottom, width, top - bottom)
        self.caption = rich
        self.panel_rect = rect
        self.panel = arcade.SpriteList()
        self.panel.append(panel_sprite(self.app.assets, rect))
        return rect.height

    # -- input -------------------------------------------------------------------------------------
    def on_action(self, action: str) -> bool:
        if action in ("flip", "focus_right", "accept", "redo", "hint", "hint_or_play"):
            self.next_step()
        elif action in ("focus_left", "undo"):
            self.back_step()
        elif action == "autoplay":
            self.toggle_auto()
        elif action == "pause":
            self.leave()
        elif action in ("help", "fullscreen"):
            return super().on_action(action)
        return True

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool | None:
        i = None if self.compact else self.buttons.hit(x, y)
        if i is not None:
            if self.buttons.buttons[i].enabled or i >= 2:
                self.app.sounds.play("click")
                self.buttons.press(i)
            return True
        if self.panel_rect.contains(x, y):
            return True
        name = self.hud.hit(x, y)
        if name == MENU:
            self.leave()
        elif name == UNDO:
            self.back_step()
        elif name == HINT or name is None:
            self.next_step()
        return True

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> bool | None:
        return True

    def on_mouse_drag(
        self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int
    ) -> bool | None:
        return True

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        focus_hover(self.buttons, x, y)

    # -- time and drawing --------------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        if not self.auto or self.done:
            return
        if self.board.busy:
            return
        self.wait -= delta_time
        if self.wait <= 0:
            self.next_step()

    def on_draw(self) -> None:
        self.repaint_all()  # the panel lies over the table: draw every frame whole
        super().on_draw()
        self.draw_panel()
        if not self.compact:
            self.buttons.draw()

    def draw_panel(self) -> None:
        self.panel.draw()
        p = self.panel_rect
        if p.width and self.rule_y:
            pad = p.width * 0.05
            arcade.draw_lrbt_rectangle_filled(
                p.left + pad, p.right - pad, self.rule_y - 1, self.rule_y, (*PANEL_RIM, 255)
            )
        self.caption.draw()
        if p.width and audit.recording() is not None:  # the cards its text names stay in sight
            named = (self.game.card_at(place) for place in self.hint_places)
            names = tuple(str(c) for c in named if c is not None)
            audit.report(audit.POPUP, "worked example", p, names=names)

    def draw_table_only(self, cards: bool) -> None:
        super().draw_table_only(cards)
        self.draw_panel()

    @property
    def caption_text(self) -> str:
        """The caption shown now, as plain text (for tests)."""
        return " ".join(p.plain() for p in self.caption_paragraphs())
