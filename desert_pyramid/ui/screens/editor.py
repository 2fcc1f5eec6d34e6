"""The layout editor: draw a pyramid of one's own on the layout files' half-card grid.

The table's grid fills the left of the screen; the cards are drawn as the picker's miniatures
are (free at the deal bright, covered darker), so the covers worked out from the geometry show
as the player draws. Beside it: the name, the counts, the difficulty measured off the frame (the
solver on random deals, in its own process), what stops the layout being played, and buttons.

Keys (the key table's ``editor`` rows): arrows move the cursor, Space or Enter place or take away
a card, G picks a card up to move it, M mirrors, Ctrl+Z / Ctrl+Y undo and redo, N names, S saves
(asking the name), C and Ctrl+V copy and paste a layout code, Esc goes back (asking first when
changes are not saved). The mouse: a click places a card centred on the pointer (or takes away
the card there), a drag moves a card. The controller has its own column in the key table.

All the editing is :class:`desert_pyramid.app.workshop.Editor`'s; this screen draws it and turns
events into its calls.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import arcade
from arcade import key as K
from PIL import Image, ImageDraw

from desert_pyramid.app.layouts import PlayerLayouts, difficulty_name
from desert_pyramid.app.workshop import Draft, Editor, Estimator, Problem, indices
from desert_pyramid.difficulty import UNRATED
from desert_pyramid.engine import Layout
from desert_pyramid.engine.layout import MAX_HEIGHT, MAX_WIDTH
from desert_pyramid.i18n import N_, _, ngettext
from desert_pyramid.ui.art.miniature import COVERED_FILL, COVERED_RIM, FREE_FILL, FREE_RIM
from desert_pyramid.ui.art.skin import skin
from desert_pyramid.ui.base import fonts
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.layout import fit_text
from desert_pyramid.ui.base.palette import (
    GOLD,
    INK,
    KEYS_INK,
    RGB,
    SOFT,
    WELL_BOTTOM,
    WELL_RIM,
    WELL_TOP,
)
from desert_pyramid.ui.input import keys
from desert_pyramid.ui.screen import Screen
from desert_pyramid.ui.screens.editor_geometry import (
    EditorGeometry,
    editor_geometry,
    editor_scale,
)
from desert_pyramid.ui.screens.layout_picker import WORD_COLOURS
from desert_pyramid.ui.widgets.buttons import (
    Button,
    ButtonColumn,
    TextGroup,
    focus_hover,
    label,
    panel_sprite,
    text_height,
)
from desert_pyramid.ui.widgets.opening_key import OpeningKey
from desert_pyramid.ui.widgets.richtext import px, text_width
from desert_pyramid.ui.widgets.toast import Ground

if TYPE_CHECKING:
    from desert_pyramid.ui.shell import Shell

WARN: RGB = (250, 170, 110)
GOOD: RGB = (160, 226, 130)
PROBLEM_FILL: RGB = (236, 120, 96)
PROBLEM_RIM: RGB = (140, 40, 28)
#: behind the name field's selected text (the default name, replaced by the first key typed)
SELECTION: RGB = (58, 86, 140)
KEYS_LINE = N_(
    "Arrows move · Space place/remove · G move a card · M mirror · Ctrl+Z/Y undo/redo · "
    "N name · S save · C/Ctrl+V code · Esc back · F1 help"
)
DRAG_START_PX = 5  # the pointer moves this far with the button down: a drag, not a click


def card_image(w: int, h: int, fill: RGB, rim: RGB, alpha: int = 255) -> Image.Image:
    """One card of the drawing, as the picker's miniatures draw them (2x supersampled)."""
    k = 2
    img = Image.new("RGBA", (max(1, w * k), max(1, h * k)), (0, 0, 0, 0))
    gap = max(1.0, w * k * 0.03)
    ImageDraw.Draw(img).rounded_rectangle(
        (gap / 2, gap / 2, w * k - 1 - gap / 2, h * k - 1 - gap / 2),
        radius=max(2.0, w * k * 0.12),
        fill=fill + (alpha,),
        outline=rim + (255,),
        width=max(2, round(w * k * 0.05)),
    )
    return img.reduce(k)


def well_image(g: EditorGeometry) -> Image.Image:
    """The sunken box of the grid, with the half-card steps drawn faintly and the card steps a
    little stronger."""
    w, h = int(g.well.width), int(g.well.height)
    img = skin(w, h, WELL_TOP, WELL_BOTTOM, WELL_RIM, 1, max(4, int(8 * g.scale)), alpha=200)
    d = ImageDraw.Draw(img)
    ox = g.table.left - g.well.left
    oy = g.well.top - g.table.top  # image y is down, as the grid's
    for i in range(int(MAX_WIDTH) + 1):
        x = round(ox + i * g.unit_w)
        strong = i % 2 == 0
        d.line(
            [(x, round(oy)), (x, round(oy + MAX_HEIGHT * g.unit_h))],
            fill=(120, 90, 56, 120 if strong else 50),
            width=1,
        )
    for j in range(int(MAX_HEIGHT) + 1):
        y = round(oy + j * g.unit_h)
        strong = j % 2 == 0
        d.line(
            [(round(ox), y), (round(ox + MAX_WIDTH * g.unit_w), y)],
            fill=(120, 90, 56, 120 if strong else 50),
            width=1,
        )
    return img


#: The room of the counts' second line at a larger text size, in the about block's steps
COUNTS_LINE = 20


class EditorView(Screen):
    """Draw a layout. ``on_back(saved)`` runs when the player leaves (``saved``: the layout last
    saved here, or ``None``)."""

    even_text = True  # all its text at one size (ui/screen.py)

    contexts = (keys.EDITOR, keys.EVERYWHERE)
    help_contexts = (keys.EDITOR, keys.EVERYWHERE)

    def __init__(
        self,
        app: Shell,
        draft: Draft | None = None,
        on_back: Callable[[Layout | None], None] | None = None,
        store: PlayerLayouts | None = None,
        estimator: Estimator | None = None,
    ) -> None:
        super().__init__(app)
        self.editor = Editor(draft or Draft.new(), store, estimator)
        self.on_back = on_back or (lambda _saved: app.show_title())
        self.geom: EditorGeometry | None = None
        self.static: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.cards: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.texts = TextGroup()
        self.buttons = ButtonColumn(
            app.assets,
            [
                # TRANSLATORS: the editor's buttons; the letter in brackets is the key (not translated)
                Button(_("Save (S)"), self.save),
                Button(_("Name (N)"), self.rename),
                Button(_("Mirror (M)"), self.mirror),
                Button(_("Move (G)"), self.grab),
                Button(_("Undo"), self.undo),
                Button(_("Redo"), self.redo),
                Button(_("Copy code"), self.copy_code),
                Button(_("Back"), lambda: None if self.back() else None),
            ],
        )
        self.buttons.focus = -1
        self.hover: tuple[float, float] | None = None  # the pointer on the grid, in grid steps
        self._press: tuple[float, float] | None = None  # where the button went down (pixels)
        self._drag: tuple[int, float, float] | None = None  # card, grab point in grid steps
        self._drag_to: tuple[float, float] | None = None  # the dragged card's corner now
        self._shown: tuple[Any, ...] | None = None  # the state the texts and cards show
        self._drawn: tuple[Any, ...] | None = None  # what the last frame showed (see on_draw)
        self.dirty = _Redraw(self)
        self.name_text: arcade.Text | None = None
        #: the key that opened the name field, until it is released or another key is pressed:
        #: the text it sends (and its auto-repeat) is not typed into the name
        self._opening_key = OpeningKey()
        self._name_selection: tuple[float, float] | None = None  # x from, to of the selected name
        self.counts_text: arcade.Text | None = None
        self.word_text: arcade.Text | None = None
        self.status_text: arcade.Text | None = None
        self.rates_text: arcade.Text | None = None
        self.problems_title: arcade.Text | None = None
        self.problems_text: arcade.Text | None = None
        self.message_text: arcade.Text | None = None
        self.keys_text: arcade.Text | None = None

    # -- layout ------------------------------------------------------------------------------------
    def repaint_all(self) -> None:
        self.dirty.invalidate()

    def toast_ground(self) -> Ground:
        return Ground(repaint=self.dirty.invalidate)

    def layout(self, width: int, height: int) -> None:
        # the words' room grows with the text size (Settings → Text size): the grid gives way
        s, f = editor_scale(width, height), fonts.text_scale()
        if s < 1.0 and width / height >= 1.5:  # a small wide window (640x360): the design's
            f = 1.0  # layout, which holds its text larger there than the larger text's does
        head_off = max(30 * s, px(22 * s) * 0.6 + 6 * s)
        # two buttons a row beside the grid: less room each side of a label, so that a long one
        # ("Wiederherstellen" at 1920x1080) stands whole
        self.buttons.pad_ratio = 0.3
        bh = text_height(11.5 * s) + 8
        geometry_for = partial(
            editor_geometry,
            width,
            height,
            button_w=self.buttons.label_width(11.5 * s, max(bh, 34 * s)) if f > 1 else 0.0,
            button_h=bh if f > 1 else 0.0,
            header=head_off + px(22 * s) * 0.5 + 10 * s,
            side_to_bottom=f > 1,  # a larger text: the words beside the grid take its height
        )
        g = geometry_for(footer=52 * s * f, about_h=140 * s * f)
        # the counts on two lines where one cannot hold them (at their longest: two digits each)
        counts = re.sub(r"\d+", "88", self.editor.counts_text())
        two_counts = f > 1 and text_width(counts, 11.5 * s) > g.about.width - 4
        about_h = (140 + (COUNTS_LINE if two_counts else 0)) * s * f
        g = geometry_for(footer=52 * s * f, about_h=about_h)
        legend = _(
            "Bright cards are free at the deal, darker ones covered; the gold frame is the cursor."
        )
        legend_under = f > 1 and g.about.left >= g.side.left  # a larger text: under the grid
        keys_h = 0.0
        if legend_under:  # the column beside the grid keeps its room for the words
            # the legend, the message and the keys under the grid, wrapped to its width
            def lines(text: str) -> int:
                w = g.well.width - 24 * s
                return len(fit_text(text, w, lambda t: text_width(t, 9.5 * s), 9))

            keys_h = text_height(9.5 * s, lines(_(KEYS_LINE)))
            under_h = text_height(9.5 * s, lines(legend)) + text_height(11.5 * s) + keys_h
            g = geometry_for(footer=under_h + 20 * s, about_h=about_h)
        self.geom = g
        s = g.scale
        self.static = arcade.SpriteList()
        self.static.append(panel_sprite(self.app.assets, g.panel))
        well = arcade.Sprite(
            self.app.assets.texture(
                f"editor-well-{int(g.well.width)}x{int(g.well.height)}-{g.unit_w:.3f}",
                partial(well_image, g),
            )
        )
        well.position = (round(g.well.cx), round(g.well.cy))
        self.static.append(well)
        self.buttons.place(g.buttons, 11.5 * s)
        self.buttons.focus = -1
        self.buttons.refresh()
        t = self.texts = TextGroup()
        p, a, pr = g.panel, g.about, g.problems
        t.heading(_("LAYOUT EDITOR"), p.left + 24 * s, p.top - head_off, 22 * s, anchor_x="left")
        sx, sw = a.left, int(a.width)
        y = a.top
        u = s * f  # the lines' steps grow with their text
        self.name_text = t.label("", sx, y - 4 * u, 15 * s, colour=GOLD, anchor_x="left", bold=True)
        if two_counts:  # a larger text: the counts on two lines where one cannot hold them
            line = text_height(11.5 * s)
            self.counts_text = self._wrapped(sx, y - 28 * u + line / 2, 11.5 * s, sw, INK)
            y -= COUNTS_LINE * u  # the room of a second line
        else:
            self.counts_text = t.label("", sx, y - 28 * u, 11.5 * s, colour=INK, anchor_x="left")
        t.label(_("DIFFICULTY"), sx, y - 58 * u, 10 * s, colour=SOFT, anchor_x="left", bold=True)
        self.word_text = t.label("", sx, y - 80 * u, 16 * s, colour=INK, anchor_x="left", bold=True)
        self.status_text = t.label("", sx + sw, y - 80 * u, 10 * s, colour=SOFT, anchor_x="right")
        self.rates_text = self._wrapped(sx, y - 96 * u, 10.5 * s, sw, INK)
        self.problems_title = t.label(
            "", pr.left, pr.top - 4 * u, 10 * s, colour=SOFT, anchor_x="left", bold=True
        )
        self.problems_text = self._wrapped(pr.left, pr.top - 16 * u, 10.5 * s, int(pr.width), WARN)
        if legend_under:
            self._wrapped(
                p.left + 24 * s, g.well.bottom - 4 * s, 9.5 * s, int(self._under_w()), SOFT
            ).text = legend
        elif g.about.left < g.side.left:  # a narrow window: under the buttons
            under = g.buttons[-1]
            self._wrapped(
                under.left, under.bottom - 14 * s, 9.5 * s, int(under.width), SOFT
            ).text = legend
        else:
            self._wrapped(
                pr.left, g.buttons[0].top + 44 * s * f, 9.5 * s, int(pr.width), SOFT
            ).text = legend
        message_y = p.bottom + 34 * s
        if legend_under:
            message_y = p.bottom + 8 * s + keys_h + 4 * s + text_height(11.5 * s) / 2
        self.message_text = t.label(
            "",
            p.left + 24 * s,
            message_y,
            11.5 * s,
            colour=(250, 200, 120),
            anchor_x="left",
            bold=True,
        )
        if legend_under:  # wrapped under the grid (the column beside it reaches the foot)
            self.keys_text = self._wrapped(
                p.left + 24 * s, p.bottom + 8 * s + keys_h, 9.5 * s, int(self._under_w()), KEYS_INK
            )
            self.keys_text.text = _(KEYS_LINE)
        else:
            self.keys_text = t.label(
                _(KEYS_LINE),
                p.left + 24 * s,
                p.bottom + 14 * s,
                9.5 * s,
                colour=KEYS_INK,
                anchor_x="left",
            )
            room = p.width - 48 * s  # a longer line (a language's words) is set smaller to fit
            if self.keys_text.content_width > room > 0:
                self.keys_text.font_size *= room / self.keys_text.content_width * 0.98
        self._shown = None
        self._refresh()

    def _under_w(self) -> float:
        """The width of the lines under the grid: the panel's, or the grid's where the column
        beside it reaches down to the panel's foot (a larger text size)."""
        g = self.geom
        assert g is not None
        if g.side.bottom < g.well.bottom:
            return g.well.right - g.panel.left - 24 * g.scale
        return g.panel.width - 48 * g.scale

    def _wrapped(self, x: float, top: float, size: float, width: int, colour: RGB) -> arcade.Text:
        text = label(
            "",
            x,
            top,
            size,
            self.texts.batch,
            colour=colour,
            anchor_x="left",
            width=width,
            anchor_y="top",
        )
        self.texts.items.append(text)
        return text

    # -- what is shown -----------------------------------------------------------------------------
    def _card_texture(self, kind: str, alpha: int = 255) -> arcade.Texture:
        g = self.geom
        assert g is not None
        w, h = round(g.card_w), round(g.card_h)
        fill, rim = {
            "free": (FREE_FILL, FREE_RIM),
            "covered": (COVERED_FILL, COVERED_RIM),
            "problem": (PROBLEM_FILL, PROBLEM_RIM),
        }[kind]
        return self.app.assets.texture(
            f"editor-card-{kind}-{w}x{h}-{alpha}", partial(card_image, w, h, fill, rim, alpha)
        )

    def _refresh(self) -> None:
        """Texts and cards for the editor's state (only when it changed)."""
        ed = self.editor
        g = self.geom
        if g is None:
            return
        problems = ed.problems
        key = (ed.version, self._drag_to, ed.held, len(problems))
        if key == self._shown:
            return
        self._shown = key
        self._place_cards(g, problems)
        self._name_field(g)
        if self.counts_text is not None:
            self.counts_text.text = self._fit(ed.counts_text(), g.about.width, self.counts_text)
        view = ed.estimate_view()
        if self.word_text is not None:
            self.word_text.text = difficulty_name(view.word) if view.word != UNRATED else "—"
            colour = WORD_COLOURS.get(view.word, SOFT)
            self.word_text.color = (*colour, 255)
        if self.status_text is not None:
            self.status_text.text = view.status
        if self.rates_text is not None:
            self.rates_text.text = "\n".join(t for t in (view.relaxed, view.desert) if t)
        self._problems_texts(problems)
        if self.message_text is not None:  # one line: a long message is cut to fit
            self.message_text.text = self._fit(ed.message, self._under_w(), self.message_text)
        self.buttons.buttons[4].enabled = ed.draft.can_undo
        self.buttons.buttons[5].enabled = ed.draft.can_redo
        self.buttons.refresh()

    def _place_cards(self, g: EditorGeometry, problems: Sequence[Problem]) -> None:
        """The draft's cards, back to front (the problems' marked, the covered shaded, the one
        being moved faded, and where it would go)."""
        ed = self.editor
        marked = indices(problems)
        covered = ed.draft.covered_by()
        moving = self._drag[0] if self._drag is not None else ed.held
        self.cards = arcade.SpriteList()
        order = sorted(range(ed.draft.count), key=lambda i: (ed.draft.places[i].z, i))
        for i in order:
            p = ed.draft.places[i]
            kind = "problem" if i in marked else ("covered" if covered[i] else "free")
            faded = i == moving
            sprite = arcade.Sprite(self._card_texture(kind, 110 if faded else 255))
            r = g.card_rect(p.x, p.y)
            sprite.position = (r.cx, r.cy)
            self.cards.append(sprite)
        if moving is not None:  # the card being moved, where it would go
            at = self._drag_to if self._drag is not None else ed.cursor
            if at is not None:
                sprite = arcade.Sprite(self._card_texture("free", 200))
                r = g.card_rect(*at)
                sprite.position = (r.cx, r.cy)
                self.cards.append(sprite)

    def _name_field(self, g: EditorGeometry) -> None:
        """The layout's name, or the name field while it is typed (its caret, or all of it
        selected)."""
        ed = self.editor
        if self.name_text is not None:
            self._name_selection = None
            # TRANSLATORS: the name field of the layout editor while the name is typed
            field_text = _("Name: {name}")
            if ed.naming is not None and ed.name_selected:  # all selected: no caret, highlighted
                field = self._fit_end(
                    field_text.format(name=ed.naming), g.about.width - 8, self.name_text
                )
                # the name's part of the field (its end, when the field is cut at its start)
                self.name_text.text = (
                    ed.naming if field.endswith(ed.naming) else field.removeprefix("…")
                )
                width = self.name_text.content_width
                self.name_text.text = field
                right = self.name_text.x + self.name_text.content_width
                self._name_selection = (right - width, right)
            elif ed.naming is not None:
                self.name_text.text = self._fit_end(
                    field_text.format(name=ed.naming + "|"), g.about.width - 8, self.name_text
                )
            else:
                self.name_text.text = self._fit(ed.draft.name, g.about.width, self.name_text)

    def _problems_texts(self, problems: Sequence[Problem]) -> None:
        """Why the layout cannot be played yet, or that it is ready."""
        if self.problems_title is not None and self.problems_text is not None:
            if problems:
                self.problems_title.text = _("WHY IT CANNOT BE PLAYED YET")
                self.problems_title.color = (*WARN, 255)
                shown = [f"• {p.text}" for p in problems[:5]]
                if len(problems) > 5:
                    more = len(problems) - 5
                    shown.append(ngettext("… and {n} more", "… and {n} more", more).format(n=more))
                self.problems_text.text = "\n".join(shown)
            else:
                self.problems_title.text = _("READY TO PLAY")
                self.problems_title.color = (*GOOD, 255)
                self.problems_text.text = _("Save it (S) to play it in Practice.")
                self.problems_text.color = (*SOFT, 255)
            if problems:
                self.problems_text.color = (*WARN, 255)

    @staticmethod
    def _fit_end(text: str, width: float, item: arcade.Text) -> str:
        """``text`` with its start cut ("…") to fit: the end of a name being typed shows."""
        item.text = text
        while item.content_width > width and len(text) > 2:
            text = text[1:]
            item.text = "…" + text
        return str(item.text)

    @staticmethod
    def _fit(text: str, width: float, item: arcade.Text) -> str:
        """``text`` cut with "…" to fit ``width`` pixels in ``item``'s font."""
        item.text = text
        if item.content_width <= width:
            return text
        lo, hi = 0, len(text)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            item.text = text[:mid] + "…"
            if item.content_width <= width:
                lo = mid
            else:
                hi = mid - 1
        return text[:lo] + "…"

    # -- actions -------------------------------------------------------------------------------------
    def save(self) -> None:
        before = self.editor.saved
        self.editor.save()
        self._sound(self.editor.saved is not before or self.editor.naming is not None)

    def rename(self) -> None:
        self.editor.start_naming()

    def mirror(self) -> None:
        self.editor.mirror()

    def grab(self) -> None:
        self.editor.grab()

    def undo(self) -> None:
        self.editor.undo()

    def redo(self) -> None:
        self.editor.redo()

    def copy_code(self) -> None:
        code = self.editor.code()
        if code is None:
            return
        try:
            self.app.set_clipboard_text(code)
        except Exception:  # an offscreen window, a system without a clipboard
            self.editor.say(_("No clipboard here; the code is {code}").format(code=code))
            return
        self.editor.say(_("The layout code is copied: paste it to share the layout"))

    def paste_code(self) -> None:
        try:
            text = self.app.get_clipboard_text()
        except Exception:
            text = ""
        self._sound(self.editor.paste_code(text))

    def back(self) -> bool:
        if self.editor.leave():
            self.app.sounds.play("click")
            self.on_back(self.editor.saved)
        return True

    def _sound(self, ok: bool) -> None:
        self.app.sounds.play("click" if ok else "illegal")

    # -- input ---------------------------------------------------------------------------------------
    def on_action(self, action: str) -> bool:
        ed = self.editor
        if ed.naming is not None:  # the name field has the keys (a controller's A and B too)
            if action == "place":
                ed.confirm_name()
            elif action == "back":
                ed.cancel_naming()
            else:
                return super().on_action(action) if action in ("help", "fullscreen") else True
            return True
        moves = {
            "cursor_left": (-1, 0),
            "cursor_right": (1, 0),
            "cursor_up": (0, -1),
            "cursor_down": (0, 1),
        }
        if action in moves:
            ed.move_cursor(*moves[action])
        elif action == "place":
            ed.toggle()
        elif action == "grab":
            ed.grab()
        elif action == "mirror":
            ed.mirror()
        elif action == "edit_undo":
            ed.undo()
        elif action == "edit_redo":
            ed.redo()
        elif action == "rename":
            ed.start_naming()
        elif action == "save":
            self.save()
        elif action == "copy_code":
            self.copy_code()
        elif action == "paste_code":
            self.paste_code()
        elif action == "back":
            return self.back()
        else:
            return super().on_action(action)
        return True

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        ed = self.editor
        self._opening_key.pressed()  # another key: its text is typed
        if ed.naming is not None:
            if symbol == K.BACKSPACE:
                ed.backspace()
                return True
            if symbol == K.V and modifiers & (K.MOD_CTRL | K.MOD_COMMAND):
                try:
                    ed.type_text((self.app.get_clipboard_text() or "").strip())
                except Exception:
                    pass
                return True
            if symbol in (K.ENTER, K.NUM_ENTER):
                ed.confirm_name()
                return True
            if symbol == K.ESCAPE:
                ed.cancel_naming()
                return True
            if symbol in (K.F1, K.F11):
                return super().on_key_press(symbol, modifiers)
            return True  # the key types a character (on_text)
        handled = super().on_key_press(symbol, modifiers)
        if ed.naming is not None:  # this key opened the name field (N, S): its text is not typed
            self._opening_key.opened_by(symbol)
        return handled

    def on_key_release(self, symbol: int, modifiers: int) -> bool | None:
        self._opening_key.released(symbol)
        return None

    def on_text(self, text: str) -> bool | None:
        if self.editor.naming is not None:
            if not self._opening_key.held:  # (the key that opened the field types nothing)
                self.editor.type_text(text)
            return True
        return None

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        g = self.geom
        if g is None:
            return
        focus_hover(self.buttons, x, y)
        self.hover = g.to_grid(x, y) if g.on_grid(x, y) else None

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool | None:
        g = self.geom
        if g is None:
            return None
        if self.buttons.click(x, y):
            return True
        if not g.on_grid(x, y):
            return None
        self._press = (x, y)
        gx, gy = g.to_grid(x, y)
        index = self.editor.card_under(gx, gy)
        self._drag = (index, gx, gy) if index is not None else None
        self._drag_to = None
        return True

    def on_mouse_drag(
        self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int
    ) -> None:
        g = self.geom
        if g is None or self._press is None or self._drag is None:
            return
        px, py = self._press
        if self._drag_to is None and abs(x - px) + abs(y - py) < DRAG_START_PX:
            return
        index, gx0, gy0 = self._drag
        gx, gy = g.to_grid(x, y)
        p = self.editor.draft.places[index]
        nx = min(max(p.x + round(gx - gx0), 0.0), MAX_WIDTH - 2)
        ny = min(max(p.y + round(gy - gy0), 0.0), MAX_HEIGHT - 2)
        self._drag_to = (nx, ny)
        self.hover = None

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        g = self.geom
        press, drag, to = self._press, self._drag, self._drag_to
        self._press = self._drag = self._drag_to = None
        if g is None or press is None:
            return
        if drag is not None and to is not None:
            self.editor.move(drag[0], *to)
            return
        if g.on_grid(*press):
            self.editor.click(*g.to_grid(*press))

    # -- frames --------------------------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        self.app.sounds.preload_one()
        self.editor.update(delta_time)

    def on_hide_view(self) -> None:
        self.editor.paused()  # measured again when the screen is back

    def on_show_view(self) -> None:
        super().on_show_view()
        self._drawn = None  # another screen was shown: draw the first frame whole

    def _frame_state(self) -> tuple[Any, ...]:
        hover = Editor.snap(*self.hover) if self.hover is not None else None
        return (
            self.app.width,
            self.app.height,
            self.app.scenery.version,
            self.app.ctx.default_atlas.version,  # repacked: unchanged sprites may shift a shade
            self._shown,
            hover,
            self.buttons.focus,
            tuple(b.enabled for b in self.buttons.buttons),
        )

    def on_draw(self) -> None:
        """Draw the screen; when the window keeps its pixels between frames (``app.incremental``)
        a frame where nothing changed costs nothing."""
        self.ensure_layout()
        g = self.geom
        if g is None:
            self.draw_backdrop()
            return
        self._refresh()
        state = self._frame_state()
        if state == self._drawn and self.app.incremental:
            return
        self._drawn = state
        self.draw_backdrop()
        self.static.draw()
        self.cards.draw()
        self._draw_cursor(g)
        self.buttons.draw()
        if self.editor.naming is not None and self.name_text is not None:  # the name field
            s, a = g.scale, g.about
            y = self.name_text.y
            arcade.draw_lbwh_rectangle_filled(
                a.left - 6 * s, y - 13 * s, a.width + 6 * s, 26 * s, (*WELL_RIM, 230)
            )
            arcade.draw_lbwh_rectangle_outline(
                a.left - 6 * s, y - 13 * s, a.width + 6 * s, 26 * s, (*GOLD, 255), max(1.0, 2 * s)
            )
            if self._name_selection is not None:  # the default name, selected
                x0, x1 = self._name_selection
                arcade.draw_lbwh_rectangle_filled(
                    x0 - 2 * s, y - 10 * s, x1 - x0 + 4 * s, 20 * s, (*SELECTION, 255)
                )
        self.texts.draw()

    def _draw_cursor(self, g: EditorGeometry) -> None:
        ed = self.editor
        line = max(2.0, 2.5 * g.scale)
        if self._drag is None and self.hover is not None and ed.naming is None:
            corner = Editor.snap(*self.hover)
            r = g.card_rect(*corner)
            taken = any((p.x, p.y) == corner for p in ed.draft.places)
            colour = (240, 110, 90, 230) if taken else (*INK, 150)
            arcade.draw_lbwh_rectangle_outline(r.left, r.bottom, r.width, r.height, colour, line)
        r = g.card_rect(*ed.cursor)
        arcade.draw_lbwh_rectangle_outline(
            r.left - 1, r.bottom - 1, r.width + 2, r.height + 2, (*GOLD, 255), line
        )

    def cursor_rect(self) -> Rect:
        """Where the cursor is drawn (for tests and the gallery)."""
        assert self.geom is not None
        return self.geom.card_rect(*self.editor.cursor)

    def point_of(self, x: float, y: float) -> tuple[float, float]:
        """The window point at the centre of a card with its corner at grid step ``(x, y)``."""
        assert self.geom is not None
        return self.geom.card_rect(x, y).center

    def state(self) -> dict[str, Any]:
        """What the screen shows, in words (for tests)."""
        ed = self.editor
        return {
            "cards": ed.draft.count,
            "free": ed.draft.free_count,
            "problems": [p.text for p in ed.problems],
            "message": ed.message,
        }


class _Redraw:
    """What the window calls to have the whole screen drawn again (after its buffer probe)."""

    def __init__(self, view: EditorView) -> None:
        self.view = view

    def invalidate(self, box: tuple[int, int, int, int] | None = None) -> None:
        self.view._drawn = None
