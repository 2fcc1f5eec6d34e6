"""The layout picker of Practice: every layout as a small drawing in a scrollable grid.

Each tile shows the layout's drawing (tiny cards, the ones free at the deal brighter), its
number, name, card count and difficulty (``resources/layouts/difficulty.toml``). The mouse wheel,
the scroll bar and the keys (arrows, PgUp/PgDn, Home/End) move through the grid; the focused tile
is always in view. Enter or a click chooses, Esc goes back. The choice goes back to the caller
(``on_choose``) and is remembered: in the save file's settings (``practice_layout``) when the
window has a save store (``RunOptions.store``), else for as long as the window is open.

Under rules that play the classic pyramid only (presets classic and strict) the picker says so
and only layout 1 can be chosen.

The grid is drawn under a camera that scrolls it, clipped to the grid's box, so scrolling moves
nothing but the camera: tiles, drawings and texts are built once per window size.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import arcade
from arcade import key as K
from arcade.camera import Camera2D
from PIL import Image, ImageDraw

from desert_pyramid.app.layouts import (
    PlayerLayoutError,
    all_layouts,
    difficulty_name,
    layout_description,
    layout_name,
    rules_heading,
)
from desert_pyramid.app.picker import remember_layout
from desert_pyramid.app.workshop import first_line, interval_text, percent_text
from desert_pyramid.difficulty import UNRATED, LayoutDifficulty, shipped_difficulty
from desert_pyramid.engine import DESERT, EngineError, Layout, Rules
from desert_pyramid.engine.layout import is_player_number
from desert_pyramid.engine.layoutcode import encode_layout_code
from desert_pyramid.engine.text import NAME_CHARS_MAX
from desert_pyramid.i18n import N_, _, current_language, format_number, format_percent, ngettext
from desert_pyramid.ui.art.miniature import render_miniature
from desert_pyramid.ui.art.skin import skin
from desert_pyramid.ui.art.tiles import tile_font, tile_skin
from desert_pyramid.ui.base import audit, fonts
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.layers import PANEL_ALPHA
from desert_pyramid.ui.base.layout import ELLIPSIS, fit_text
from desert_pyramid.ui.base.palette import (
    GOLD,
    INK,
    KEYS_INK,
    NOTICE,
    RGB,
    SOFT,
    WELL_BOTTOM,
    WELL_RIM,
    WELL_TOP,
)
from desert_pyramid.ui.input import keys
from desert_pyramid.ui.screen import Screen
from desert_pyramid.ui.screens.picker_geometry import (
    PickerGeometry,
    picker_geometry,
    picker_scale,
)
from desert_pyramid.ui.shell import Shell, window_of
from desert_pyramid.ui.widgets.buttons import (
    STYLES,
    Button,
    ButtonColumn,
    TextGroup,
    focus_hover,
    label,
    skin_texture,
    text_height,
)
from desert_pyramid.ui.widgets.opening_key import OpeningKey
from desert_pyramid.ui.widgets.richtext import px, text_width
from desert_pyramid.ui.widgets.toast import Ground

Box = tuple[int, int, int, int]  # left, bottom, right, top (pixels)
KEYS_LINE = N_("← ↑ → ↓ move · PgUp PgDn · Home End · Enter chooses · Esc back · F1 help")
KEYS_SHORT = N_("← ↑ → ↓ · Enter chooses · Esc back · F1 all the keys")
OWN_HEADING = N_("YOUR LAYOUTS")
OWN_HELP = N_("Draw one (New), edit a copy of any layout, or paste a layout code someone shared.")
ACTION_PAD = 0.2  # the room each side of a label in the row under the grid, in its heights
NAME_MAX = NAME_CHARS_MAX  # characters typed when renaming (the editor's limit)
#: Colours of the difficulty words on the tiles.
WORD_COLOURS: dict[str, RGB] = {
    "Gentle": (150, 222, 120),
    "Moderate": (240, 212, 96),
    "Tricky": (250, 154, 72),
    "Fiendish": (240, 96, 84),
    UNRATED: (190, 176, 160),
}


def panel_image(g: PickerGeometry) -> Image.Image:
    """The screen's dark panel with the sunken well of the grid, in one image (one sprite)."""
    w, h = int(g.panel.width), int(g.panel.height)
    top, bottom, border, bw = STYLES["panel"]
    img = skin(w, h, top, bottom, border, bw, max(8, int(min(w, h) * 0.04)), alpha=PANEL_ALPHA)
    well = g.grid.inflated(2 * g.scale)
    ww, wh = int(well.width), int(well.height)
    inner = skin(ww, wh, WELL_TOP, WELL_BOTTOM, WELL_RIM, 1, max(4, int(8 * g.scale)), alpha=170)
    img.alpha_composite(
        inner, (int(round(well.left - g.panel.left)), int(round(g.panel.top - well.top)))
    )
    return img


# -- the screen ------------------------------------------------------------------------------------


class LayoutPickerView(Screen):
    """Choose a layout. ``on_choose(number)`` gets the choice; ``on_back()`` runs on Esc / Back."""

    even_text = True  # all its text at one size (ui/screen.py)

    def __init__(
        self,
        app: Shell,
        on_choose: Callable[[int], None],
        on_back: Callable[[], None],
        current: int = 1,
        rules: Rules = DESERT,
        rules_name: str = "",
        focus: int | None = None,
    ) -> None:
        super().__init__(app)
        self.on_choose = on_choose
        self.on_back = on_back
        self.rules = rules
        self.rules_name = rules_name or (rules.preset or str(rules))
        self.locked = rules.classic_layout_only  # classic and strict: layout 1 only
        self.message = ""
        self.naming: str | None = None  # the new name being typed for one of the player's layouts
        self.name_selected = (
            False  # the field opened with the old name selected: typing replaces it
        )
        self._opening_key = OpeningKey()  # the key that opened it (R): its text is not typed
        self.confirm_delete: int | None = None  # Delete pressed once on this layout
        self.actions = ButtonColumn(
            app.assets,
            [
                # TRANSLATORS: the buttons of the player's layouts, under the layout picker
                Button(_("New"), self.new_layout),
                Button(_("Edit a copy"), self.edit_copy),
                Button(_("Rename"), self.rename),
                Button(_("Delete"), self.delete),
                Button(_("Copy code"), self.copy_code),
                Button(_("Paste code"), self.paste_code),
            ],
        )
        self.actions.focus = -1
        self._load(current, focus)
        self.scroll = 0.0
        self.target = 0.0
        self.chosen: int | None = None  # set when a layout was chosen (for the caller and tests)
        self.geom: PickerGeometry | None = None
        self.back_hover = False
        self._drag_grab: float | None = None
        self.camera: Camera2D | None = None
        self.static: arcade.SpriteList[arcade.Sprite] = (
            arcade.SpriteList()
        )  # panel (with the grid's well), Back
        self.tiles: arcade.SpriteList[arcade.Sprite] = (
            arcade.SpriteList()
        )  # one per tile, in content coordinates
        self.texts = TextGroup()  # header and footer
        self.grid_texts = TextGroup()  # the player's heading, scrolled with the tiles
        self._font_px = (16, 14)  # tile name and small words, pixels
        self._tile_size = (0, 0, 0, 0, 0)  # tile w, h, inset of the drawing, drawing w, h
        self._shown_focus: list[bool] = []  # which tile textures show the focus rim
        self._made: list[bool] = []  # which tiles have their drawing yet (made when first in view)
        self._drawn: tuple[Any, ...] | None = None  # what the last frame showed (see on_draw)
        self.dirty = _Redraw(self)
        self.detail: list[arcade.Text] = []
        self._about_size = 11.0
        self._about_room = float("inf")
        self.message_text: arcade.Text | None = None
        self.back_text: arcade.Text | None = None
        self.keys_text: arcade.Text | None = None

    contexts = (keys.PICKER, keys.MENUS, keys.EVERYWHERE)
    help_contexts = (keys.PICKER, keys.MENUS, keys.EVERYWHERE)

    def _load(self, current: int, focus: int | None = None) -> None:
        """Read the layouts: the game's own, then the player's (the store's notices shown)."""
        store = self.app.application.player_layouts
        builtin = [layout for _, layout in sorted(all_layouts().items())]
        own = [layout for _, layout in sorted(store.layouts().items())]
        self.layouts: list[Layout] = builtin + own
        self.own_start = len(builtin)
        self.numbers = [layout.number for layout in self.layouts]
        self.current = current if current in self.numbers else self.numbers[0]
        wanted = 1 if self.locked else (focus if focus in self.numbers else self.current)
        self.focus = self.numbers.index(wanted)
        self.difficulty, self.difficulty_warning = shipped_difficulty()
        self.difficulty = {**self.difficulty, **store.difficulty()}
        for notice in store.take_notices():
            self.app.overlay.notice(notice.message, notice.level)
            self.message = first_line(notice.message)

    def reload(self, focus: int | None = None) -> None:
        """Read the layouts again (one was added, renamed or deleted) and draw them."""
        self._load(self.current, focus if focus is not None else self.numbers[self.focus])
        self.naming = None
        self.confirm_delete = None
        if self.geom is not None:
            self.layout(self.app.width, self.app.height)
        self._drawn = None

    def own(self, index: int | None = None) -> Layout | None:
        """The focused layout (or layout ``index``) when it is one of the player's."""
        i = self.focus if index is None else index
        layout = self.layouts[i] if 0 <= i < len(self.layouts) else None
        return layout if layout is not None and is_player_number(layout.number) else None

    # -- layout ------------------------------------------------------------------------------------
    def repaint_all(self) -> None:
        self.dirty.invalidate()

    def toast_ground(self) -> Ground:
        return Ground(repaint=self.dirty.invalidate)

    def layout(self, width: int, height: int) -> None:
        g = picker_geometry(
            width,
            height,
            len(self.layouts),
            own=len(self.layouts) - self.own_start,
            actions=self._action_needs(width, height),
            back_need=self._action_needs(width, height, [_("Back")])[0],
            **self._text_room(width, height),
        )
        self.geom = g
        # the camera's viewport and projection are given, not read from the screen: a resize
        # lays the screen out before the window sets the new viewport (Arcade calls the view's
        # on_resize first), and a camera made then kept the old size: a blank band, clipped
        # tiles, an almost empty list until the screen was entered again
        window = window_of(self.app)
        self.camera = Camera2D(
            window=window,
            viewport=arcade.LBWH(0, 0, *window.get_framebuffer_size()),
            projection=arcade.LRBT(-width / 2, width / 2, -height / 2, height / 2),
            scissor=arcade.LBWH(
                int(g.grid.left), int(g.grid.bottom), int(g.grid.width), int(g.grid.height)
            ),
        )
        self.static = arcade.SpriteList()
        panel = arcade.Sprite(
            self.app.assets.texture(
                # the key names all panel_image draws: the panel, the well's size and place, the scale
                f"picker-panel-{int(g.panel.width)}x{int(g.panel.height)}-{int(g.grid.width)}x"
                f"{int(g.grid.height)}@{round(g.grid.left - g.panel.left)},"
                f"{round(g.panel.top - g.grid.top)}-{g.scale:.4f}",
                partial(panel_image, g),
            )
        )
        panel.position = (round(g.panel.cx), round(g.panel.cy))
        self.static.append(panel)
        self._build_tiles(g)
        self._build_texts(g, width)
        self.actions.pad_ratio = ACTION_PAD  # narrow buttons in a row: their labels whole
        self.actions.place(g.actions, 11 * g.scale)
        self.actions.focus = -1
        self._refresh_actions()
        self.grid_texts = TextGroup()
        if g.own_start is not None:
            s = g.scale
            x = g.tiles[0].left if g.tiles else g.grid.left + g.pad
            self.grid_texts.heading(
                _(OWN_HEADING),
                x,
                g.heading_y + 10 * s * fonts.text_scale(),
                15 * s,
                anchor_x="left",
            )
            mine = len(self.layouts) - self.own_start
            self.grid_texts.label(
                (
                    ngettext("{n} of your own.", "{n} of your own.", mine).format(n=mine)
                    if mine
                    else _("None yet.")
                )
                + " "
                + _(OWN_HELP),
                x,
                g.heading_y - 14 * s * fonts.text_scale(),
                10.5 * s,
                colour=SOFT,
                anchor_x="left",
            )
        self.target = g.scroll_to_show(self.focus, g.clamp(self.target))
        self.scroll = self.target
        self._refresh()

    def _text_room(self, width: int, height: int) -> dict[str, float]:
        """The heading band, the footer and the buttons as tall as their text needs at the text
        size in use (Settings → Text size): the grid gives way (it scrolls), the words do not."""
        s = picker_scale(width, height)
        head = self._head_y(s)
        line = text_height(11 * s, 2 if fonts.text_scale() > 1.0 else 1)
        sub_bottom = head + px(24 * s) * 0.5 + 6 * s + line
        back_h = text_height(11 * s if self.actions.buttons else 14 * s) + 8
        if fonts.text_scale() <= 1.0:
            back_h = 0.0  # (at 100%: the design's height)
        title, about = self._footer_lines(s)
        lines = 3 if fonts.text_scale() > 1.0 else 2
        footer = 16 * s + back_h + 6 * s + text_height(11 * s, lines) + about
        # the tiles' words at the text size too: larger tiles, fewer a row (the grid scrolls)
        grow = fonts.text_scale()
        return {"header": sub_bottom + 8 * s, "footer": footer, "back_h": back_h, "tile_grow": grow}

    @staticmethod
    def _head_y(s: float) -> float:
        """How far under the panel's top the heading's middle is (lower for a larger text)."""
        return max(36 * s, px(24 * s) * 0.6 + 8 * s)

    @staticmethod
    def _footer_lines(s: float) -> tuple[float, float]:
        """How far under the grid the focused layout's name (its middle) and the top of its
        description are."""
        title = max(20 * s, 6 * s + text_height(13 * s) / 2)
        return title, max(34 * s, title + text_height(13 * s) / 2 + 2 * s)

    def _action_needs(
        self, width: int, height: int, labels: list[str] | None = None
    ) -> list[float]:
        """How wide each button of the row under the grid must be for its label to stand whole
        (every label it may show: "Edit a copy" or "Edit", "Delete" or "Delete?")."""
        s = picker_scale(width, height)
        size, pad = 11 * s, 2 * (ACTION_PAD * round(38 * s) + 2)
        if labels is None:
            labels = [b.label for b in self.actions.buttons]
            if len(labels) == 6:
                labels[1] = max(
                    _("Edit"), _("Edit a copy"), key=lambda t: text_width(t, size, True)
                )
                labels[3] = max(_("Delete"), _("Delete?"), key=lambda t: text_width(t, size, True))
        return [text_width(t, size, True) + pad for t in labels]

    def _build_tiles(self, g: PickerGeometry) -> None:
        s = g.scale
        self.tiles = arcade.SpriteList()
        w, h = int(g.tile_w), int(g.tile_h)
        inset = round(9 * s)
        draw_w, draw_h = w - 2 * inset, round(h * 0.62) - inset
        self._tile_size = (w, h, inset, draw_w, draw_h)
        self._font_px = (
            round(12.5 * s * 96 / 72 * fonts.text_scale()),
            round(10.5 * s * 96 / 72 * fonts.text_scale()),
        )  # Arcade's points at 96 dpi, at the text size (Settings → Text size)
        plain = self.app.assets.texture(
            f"picker-plain-{w}x{h}", partial(tile_skin, w, h, "tile", False)
        )
        self._made = [False] * len(self.layouts)
        self._shown_focus = [False] * len(self.layouts)
        for r in g.tiles:
            tile = arcade.Sprite(
                plain
            )  # the drawing and the words go on when the tile first comes into view
            tile.position = (round(r.cx), round(r.cy))
            self.tiles.append(tile)

    def drawing_rect(self, index: int) -> Rect:
        """Where a tile's drawing of its layout lies, in content coordinates (scroll 0)."""
        assert self.geom is not None
        w, h, inset, draw_w, draw_h = self._tile_size
        draw_h -= self._name_line() * (len(self.name_lines(index)) - 1)
        r = self.geom.tiles[index]
        return Rect(r.left + inset, r.top - inset - draw_h, draw_w, draw_h)

    def _name_line(self) -> int:
        """The height of a line of a tile's name, in pixels."""
        return round(self._font_px[0] * 1.2)

    def name_lines(self, index: int) -> list[str]:
        """Tile ``index``'s name as it is drawn right of its number: on one line, or two where
        one cannot hold it (the drawing then gives the second line its room): "Pyramid of
        Pyra…" was cut even at 1920x1080."""
        layout = self.layouts[index]
        w, _h, inset, _dw, _dh = self._tile_size
        bold = tile_font(True, self._font_px[0])
        tx = inset + max(1, round(inset * 0.25))
        name_x = tx + bold.getlength(str(layout.number)) + round(self._font_px[0] * 0.45)
        return fit_text(layout_name(layout), w - tx - name_x, bold.getlength, max_lines=2)

    def _report_names(self) -> None:
        """Tell the layout audit of a tile's name that not even two lines hold whole."""
        if audit.recording() is None or self.geom is None:
            return
        for i, r in enumerate(self.geom.tiles):
            lines = self.name_lines(i)
            if lines[-1].endswith(ELLIPSIS) and not layout_name(self.layouts[i]).endswith(ELLIPSIS):
                shown = " ".join(lines)
                audit.report(audit.TEXT, shown, r, whole=layout_name(self.layouts[i]))

    def _tile_texture(self, index: int, focused: bool) -> arcade.Texture:
        """A tile in one texture (one sprite to fill): the slab, the layout's drawing, its number and
        name, its card count and its difficulty word."""
        layout = self.layouts[index]
        number = layout.number
        w, h, inset, draw_w, draw_h = self._tile_size
        big, small = self._font_px
        chosen = number == (1 if self.locked else self.current)
        allowed = self.selectable(index)
        style = ("tile" if allowed else "tile_locked") + ("_focus" if focused else "")
        word = self.word(number)
        name = layout_name(layout)
        word_shown = difficulty_name(word)
        size = ngettext("{n} card", "{n} cards", layout.size).format(n=layout.size)

        lines = self.name_lines(index)
        lower = self._name_line() * (len(lines) - 1)  # a second line of the name: the room

        def make() -> Image.Image:
            img = tile_skin(w, h, style, chosen).copy()
            mini = render_miniature(layout, draw_w, draw_h - lower)
            fade = 255 if allowed else 80  # a layout the rules do not allow is faded
            if not allowed:
                mini.putalpha(mini.getchannel("A").point(lambda a: a * fade // 255))
            img.alpha_composite(mini, (inset, inset))
            words = Image.new("RGBA", (w, h), (0, 0, 0, 0))
            d = ImageDraw.Draw(words)
            tx = inset + max(1, round(inset * 0.25))
            name_y, info_y = round(h * 0.76), round(h * 0.905)
            bold, regular = tile_font(True, big), tile_font(False, small)
            name_x = tx + d.textlength(str(number), font=bold) + round(big * 0.45)
            d.text((tx, name_y - lower), str(number), fill=GOLD + (fade,), font=bold, anchor="lm")
            for k, shown in enumerate(lines):  # one line, or two (the drawing made room)
                d.text(
                    (name_x, name_y - lower + k * self._name_line()),
                    shown,
                    fill=INK + (fade,),
                    font=bold,
                    anchor="lm",
                )
            d.text((tx, info_y), size, fill=SOFT + (fade,), font=regular, anchor="lm")
            d.text(
                (w - tx, info_y),
                word_shown,
                fill=WORD_COLOURS.get(word, SOFT) + (fade,),
                font=tile_font(True, small),
                anchor="rm",
            )
            img.alpha_composite(words)
            return img

        return self.app.assets.texture(
            # the words are drawn into the texture: its key names the language they are in
            f"picker-tile-{number}-{w}x{h}-{style}-{chosen}-{word}-{big}-{current_language()}-{name}",
            make,
        )

    def _build_texts(self, g: PickerGeometry, width: int) -> None:
        s = g.scale
        p = g.panel
        self.texts = TextGroup()
        head_y = p.top - self._head_y(s)
        self.texts.heading(_("CHOOSE A LAYOUT"), p.left + 28 * s, head_y, 24 * s, anchor_x="left")
        rules = self.rules_shown()
        self.texts.label(
            rules,
            p.right - 28 * s,
            head_y + 2 * s,
            13 * s,
            colour=GOLD,
            anchor_x="right",
            bold=True,
        )
        if self.locked:
            sub = _(
                "These rules play the Classic Pyramid only: "
                "choose Desert or Relaxed rules in Practice to play the other layouts."
            )
            colour: RGB = NOTICE
        else:
            sub = ngettext(
                "{n} layout. Difficulty: how many random deals the solver clears under relaxed "
                "rules ({gentle} {p95}+, {moderate} {p80}+, {tricky} {p50}+, {fiendish} below).",
                "{n} layouts. Difficulty: how many random deals the solver clears under relaxed "
                "rules ({gentle} {p95}+, {moderate} {p80}+, {tricky} {p50}+, {fiendish} below).",
                self.own_start,
            ).format(
                n=self.own_start,
                gentle=difficulty_name("Gentle"),
                moderate=difficulty_name("Moderate"),
                tricky=difficulty_name("Tricky"),
                fiendish=difficulty_name("Fiendish"),
                p95=format_percent(0.95),
                p80=format_percent(0.8),
                p50=format_percent(0.5),
            )
            colour = SOFT
        if self.difficulty_warning:
            sub = self.difficulty_warning
            colour = (250, 160, 120)
        sub_lines = 2 if fonts.text_scale() > 1.0 else 1  # a larger text: on two lines
        line = text_height(11 * s, sub_lines)
        sub_y = max(70 * s, self._head_y(s) + px(24 * s) * 0.5 + 6 * s + line / 2)
        box = Rect(p.left + 28 * s, p.top - sub_y - line / 2, p.width - 56 * s, line)
        room = box.width - 2 * max(2.0, px(11 * s) * 0.2) - 2
        held = fit_text(sub, room, lambda t: text_width(t, 11 * s), sub_lines)
        if " ".join(held) != " ".join(sub.split()) and " (" in sub:
            # the bands' thresholds (the tiles show the bands) go before a word is cut
            sub = sub.split(" (")[0].rstrip(" .") + "."
        self.texts.fitted(sub, box, 11 * s, colour=colour, align="left", max_lines=sub_lines)
        # footer: the focused layout in words, the message line, the keys
        fx = p.left + 28 * s
        title_y, about_y = self._footer_lines(s)
        detail_w = int(g.back.left - fx - 24 * s)
        title = self.texts.label(
            "", fx, g.grid.bottom - title_y, 13 * s, colour=INK, anchor_x="left", bold=True
        )
        about = label(
            "",
            fx,
            g.grid.bottom - about_y,
            11 * s,
            self.texts.batch,
            colour=SOFT,
            anchor_x="left",
            width=detail_w,
            anchor_y="top",
        )  # grows downwards when it wraps
        self.texts.items.append(about)
        self.detail = [title, about]
        # the room the details may fill, down to the keys line: a long text is set smaller to fit
        self._about_size = 11 * s
        self._about_room = (g.grid.bottom - about_y) - (p.bottom + 18 * s + 9 * s)
        if g.actions:
            # the footer holds a row of buttons: the message takes the description's place while
            # it is shown, and the keys line sits right of the focused layout's title
            self._about_room = (g.grid.bottom - about_y) - (g.back.top + 6 * s)
            self.message_text = label(
                self.message,
                fx,
                g.grid.bottom - about_y,
                11 * s,
                self.texts.batch,
                colour=NOTICE,
                anchor_x="left",
                bold=True,
                width=int(g.panel.width - 56 * s),
                anchor_y="top",
            )
            self.texts.items.append(self.message_text)
            self.keys_text = self.texts.label(
                KEYS_SHORT,
                p.right - 28 * s,
                g.grid.bottom - title_y,
                9.5 * s,
                colour=KEYS_INK,
                anchor_x="right",
            )
        else:
            self.message_text = self.texts.label(
                self.message,
                fx,
                p.bottom + 18 * s,
                11 * s,
                colour=NOTICE,
                anchor_x="left",
                bold=True,
            )
            self.keys_text = self.texts.label(
                KEYS_LINE, fx, p.bottom + 18 * s, 10.5 * s, colour=KEYS_INK, anchor_x="left"
            )
        b = g.back
        size = 11 * s if g.actions else 14 * s  # the size of the buttons beside it
        self.back_text = self.texts.label(_("Back"), b.cx, b.cy, size, colour=INK, bold=True)
        self._back_sprite()

    def _back_sprite(self) -> None:
        g = self.geom
        if g is None:
            return
        b = g.back
        style = "focus" if self.back_hover else "normal"
        tex = skin_texture(
            self.app.assets, style, int(b.width), int(b.height), radius=int(b.height * 0.3)
        )
        if len(self.static) > 1:
            self.static[1].texture = tex
        else:
            sprite = arcade.Sprite(tex)
            sprite.position = (round(b.cx), round(b.cy))
            self.static.append(sprite)

    # -- state shown ---------------------------------------------------------------------------------
    def rules_shown(self) -> str:
        """The rules the picker is for, as its heading says them: "Desert rules", and "+ options"
        when single options differ from the preset's."""
        preset = self.rules.preset
        if preset is not None:
            return rules_heading(preset)
        base = self.rules.base_preset
        # TRANSLATORS: a rule preset changed by options: {rules} is "Desert rules", "Classic rules"...
        return _("{rules} + options").format(rules=rules_heading(base))

    def word(self, number: int) -> str:
        entry = self.difficulty.get(number)
        return entry.word if entry is not None else UNRATED

    def selectable(self, index: int) -> bool:
        return not self.locked or self.numbers[index] == 1

    def _refresh(self) -> None:
        """Show the focus, the locked tiles and the focused layout's details."""
        g = self.geom
        if g is None:
            return
        for i, tile in enumerate(self.tiles):
            focused = i == self.focus
            if self._made[i] and focused != self._shown_focus[i]:
                tile.texture = self._tile_texture(i, focused)
                self._shown_focus[i] = focused
        layout = self.layouts[self.focus]
        entry = self.difficulty.get(layout.number)
        self.detail[0].text = ngettext(
            "{number} · {name} · {n} card · {difficulty}",
            "{number} · {name} · {n} cards · {difficulty}",
            layout.size,
        ).format(
            number=layout.number,
            name=layout_name(layout),
            n=layout.size,
            difficulty=difficulty_name(self.word(layout.number)),
        )
        rates = rates_text(entry)
        if entry is None and is_player_number(layout.number):
            rates = _(
                "Not measured yet: Edit opens it in the editor, which measures it as you look."
            )
        self._fit_about(layout_description(layout), rates, self._stats_text(layout.number))
        if self.message_text is not None and self.keys_text is not None:
            shown = self.shown_message()
            self.message_text.text = shown  # a message takes the place of the keys line
            if self.geom is not None and self.geom.actions:  # ... or of the description
                self.keys_text.text = _(KEYS_SHORT)
                title = self.detail[0]
                if title.right + 16 * g.scale > self.keys_text.left:
                    self.keys_text.text = ""  # a larger text: the name first (F1 lists the keys)
                if shown:
                    self.detail[1].text = ""
            else:
                self.keys_text.text = "" if shown else _(KEYS_LINE)
        self._refresh_actions()

    def shown_message(self) -> str:
        if self.naming is not None:
            if self.name_selected:
                return _(
                    "New name: {name}   (type to replace it, Enter keeps it, Esc cancels)"
                ).format(name=self.naming)
            return _("New name: {name}   (Enter keeps it, Esc cancels)").format(
                name=self.naming + "|"
            )
        return self.message

    def _refresh_actions(self) -> None:
        mine = self.own() is not None
        b = self.actions.buttons
        if len(b) == 6:
            b[2].enabled = b[3].enabled = mine
            b[1].label = _("Edit") if mine else _("Edit a copy")
            b[3].label = _("Delete?") if self.confirm_delete is not None else _("Delete")
            self.actions.refresh()

    def _fit_about(self, description: str, rates: str, stats: str) -> None:
        """The focused layout's description, measured win rates and the player's record, in the
        room above the keys line: a little smaller if need be; on a small window the record gives
        way first (the window's statistics screen has it), then the text shrinks a little more."""
        about = self.detail[1]
        full = self._about_size
        for parts, least in (((description, rates, stats), 0.9), ((description, rates), 0.8)):
            about.text = " ".join(t for t in parts if t)
            size = full
            if about.font_size != size:
                about.font_size = size
            while about.content_height > self._about_room and size > least * full:
                size = max(least * full, size - 0.25)
                about.font_size = size
            if about.content_height <= self._about_room:
                return

    def _stats_text(self, number: int) -> str:
        preset = self.rules.preset
        st = (
            None if preset is None else self.app.application.saved_stats("practice", preset, number)
        )
        if st is None:
            return ""
        if not st.played:
            return _("You have not played this layout in Practice under these rules yet.")
        # TRANSLATORS: the player's record on the focused layout under the rules of the heading
        return _(
            "Your Practice games here under these rules: {played} played, {won} won ({rate}), "
            "best streak {streak}."
        ).format(
            played=format_number(st.played),
            won=format_number(st.won),
            rate=format_percent(round(st.win_rate, 2)),
            streak=format_number(st.best_streak),
        )

    # -- moving and choosing --------------------------------------------------------------------------
    def set_focus(self, index: int, keep_in_view: bool = True) -> None:
        index = max(0, min(len(self.layouts) - 1, index))
        if index != self.focus:
            self.focus = index
            self.message = ""
            self.naming = None
            self.confirm_delete = None
            self._refresh()
        if keep_in_view and self.geom is not None:
            self.target = self.geom.scroll_to_show(index, self.target)
            if not self.app.settings.animations:
                self.scroll = self.target

    def move(self, dx: int, dy: int) -> None:
        g = self.geom
        cols = g.columns if g is not None else 5
        n = len(self.layouts)
        i = self.focus
        if dx:
            i += dx
        elif dy > 0:  # down
            i = i + cols if i + cols < n else (n - 1 if i // cols < (n - 1) // cols else i)
        elif dy < 0:
            i = i - cols if i - cols >= 0 else i
        self.set_focus(i)

    def page(self, step: int) -> None:
        g = self.geom
        rows = g.visible_rows if g is not None else 3
        cols = g.columns if g is not None else 5
        self.set_focus(self.focus + step * rows * cols)

    def choose(self, index: int | None = None) -> bool:
        i = self.focus if index is None else index
        if not self.selectable(i):
            self.message = _(
                "These rules play the Classic Pyramid only: "
                "change the rules in Practice to play this layout."
            )
            self._refresh()
            self.app.sounds.play("illegal")
            return False
        number = self.numbers[i]
        self.chosen = number
        self.current = number
        remember_layout(self.app.application, number)
        self.app.sounds.play("click")
        self.on_choose(number)
        return True

    # -- the player's layouts ----------------------------------------------------------------------------
    def say(self, text: str, ok: bool = True) -> None:
        self.message = first_line(text)
        self._refresh()
        self.app.sounds.play("click" if ok else "illegal")

    def _from_editor(self, saved: Layout | None) -> None:
        """Back from the editor: the layouts read again, the one saved there focused."""
        self.reload(saved.number if saved is not None else None)
        if saved is not None:
            self.message = _("Saved: layout {number} “{name}” is among your layouts.").format(
                number=saved.number, name=saved.name
            )
            self._refresh()
        self.app.show_view(self)

    def new_layout(self) -> None:
        from desert_pyramid.app.workshop import Draft

        self.app.sounds.play("click")
        self.app.show_editor(Draft.new(), back=self._from_editor)

    def edit_copy(self) -> None:
        from desert_pyramid.app.workshop import Draft

        self.app.sounds.play("click")
        # one of the player's own is edited itself (saved over, its number and statistics kept);
        # any other layout is copied into a new one of theirs
        layout = self.layouts[self.focus]
        self.app.show_editor(
            Draft.from_layout(layout, copy=self.own() is None, shown_name=layout_name(layout)),
            back=self._from_editor,
        )

    def rename(self) -> None:
        layout = self.own()
        if layout is None:
            self.say(_("Only your own layouts can be renamed: Edit a copy makes one"), ok=False)
            return
        self.confirm_delete = None
        self.naming = layout.name
        self.name_selected = True
        self._refresh()

    def finish_rename(self) -> None:
        layout, name = self.own(), self.naming
        self.naming = None
        if layout is None or name is None:
            self._refresh()
            return
        try:
            renamed = self.app.application.rename_layout(layout.number, name)
        except PlayerLayoutError as exc:
            self.naming = name
            self.say(str(exc), ok=False)
            return
        self.reload(renamed.number)
        self.say(_("Renamed “{name}”").format(name=renamed.name))

    def delete(self) -> None:
        layout = self.own()
        if layout is None:
            self.say(_("Only your own layouts can be deleted"), ok=False)
            return
        if self.confirm_delete != layout.number:
            self.confirm_delete = layout.number
            self.naming = None
            playing = self.app.application.playing_on(layout.number)
            self.message = (
                _(
                    "Delete “{name}”? Press Delete again to delete it; any other key keeps it. "
                    "The game in progress on it ends (a loss)."
                )
                if playing
                else _("Delete “{name}”? Press Delete again to delete it; any other key keeps it.")
            ).format(name=layout.name)
            self._refresh()
            self.app.sounds.play("click")
            return
        self.confirm_delete = None
        try:  # the game in progress on it ends first, a loss (app/application.py)
            self.app.application.delete_layout(layout.number)
        except PlayerLayoutError as exc:
            self.say(str(exc), ok=False)
            return
        index = self.focus
        self.reload()
        self.set_focus(min(index, len(self.layouts) - 1))
        self.say(
            _("Deleted “{name}” (its file is kept aside in the layouts folder)").format(
                name=layout.name
            )
        )

    def copy_code(self) -> None:
        layout = self.layouts[self.focus]
        try:
            code = encode_layout_code(layout)
        except EngineError as exc:
            self.say(str(exc), ok=False)
            return
        try:
            self.app.set_clipboard_text(code)
        except Exception:  # an offscreen window, a system without a clipboard
            self.say(_("No clipboard here; the code is {code}").format(code=code))
            return
        self.say(
            _("The code of “{name}” is copied: paste it to share the layout").format(
                name=layout_name(layout)
            )
        )

    def paste_code(self) -> None:
        try:
            text = (self.app.get_clipboard_text() or "").strip()
        except Exception:
            text = ""
        if not text:
            self.say(_("Nothing to paste: the clipboard is empty or not reachable here"), ok=False)
            return
        try:
            added = self.app.application.add_layout_code(text)
        except (EngineError, PlayerLayoutError, ValueError) as exc:
            self.say(_("That layout code cannot be used: {reason}").format(reason=exc), ok=False)
            return
        self.reload(added.number)
        self.say(
            _("Added layout {number} “{name}” to your layouts").format(
                number=added.number, name=added.name
            )
        )

    def go_back(self) -> bool:
        self.app.sounds.play("click")
        self.on_back()
        return True

    # -- input ------------------------------------------------------------------------------------------
    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        self._opening_key.pressed()  # another key: its text is typed
        if self.naming is not None:
            if symbol == K.BACKSPACE:
                self.naming = "" if self.name_selected else self.naming[:-1]
                self.name_selected = False
            elif symbol in (K.ENTER, K.NUM_ENTER):
                self.finish_rename()
            elif symbol == K.ESCAPE:
                self.naming = None
            elif symbol in (K.F1, K.F11):
                return super().on_key_press(symbol, modifiers)
            self._refresh()
            return True  # other keys type characters (on_text)
        if self.confirm_delete is not None and symbol != K.DELETE:
            self.confirm_delete = None  # any other key keeps the layout
            self.message = _("Kept.")
            self._refresh()
            if symbol == K.ESCAPE:
                return True
        handled = super().on_key_press(symbol, modifiers)
        if self.naming is not None:  # this key opened the name field (R): its text is not typed
            self._opening_key.opened_by(symbol)
        return handled

    def on_key_release(self, symbol: int, modifiers: int) -> bool | None:
        self._opening_key.released(symbol)
        return None

    def on_text(self, text: str) -> bool | None:
        if self.naming is None:
            return None
        clean = "".join(ch for ch in text if ch.isprintable())
        if not self._opening_key.held and clean:
            kept = "" if self.name_selected else self.naming
            self.name_selected = False
            self.naming = (kept + clean)[:NAME_MAX]
            self._refresh()
        return True

    def on_action(self, action: str) -> bool:
        picker_actions: dict[str, Callable[[], None]] = {
            "new_layout": self.new_layout,
            "edit_copy": self.edit_copy,
            "rename": self.rename,
            "delete": self.delete,
            "copy_code": self.copy_code,
            "paste_code": self.paste_code,
        }
        if action in picker_actions:
            picker_actions[action]()
            return True
        if self.naming is not None:  # a controller's A or B in the name field
            if action == "menu_accept":
                self.finish_rename()
            elif action == "back":
                self.naming = None
                self._refresh()
            return True
        if action in ("menu_left", "menu_right", "menu_up", "menu_down"):
            dx = {"menu_left": -1, "menu_right": 1}.get(action, 0)
            dy = {"menu_down": 1, "menu_up": -1}.get(action, 0)
            self.move(dx, dy)
        elif action == "page_up":
            self.page(-1)
        elif action == "page_down":
            self.page(1)
        elif action == "list_first":
            self.set_focus(0)
        elif action == "list_last":
            self.set_focus(len(self.layouts) - 1)
        elif action == "menu_accept":
            self.choose()
        elif action == "back":
            return self.go_back()
        else:
            return super().on_action(action)
        return True

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool | None:
        g = self.geom
        if g is None:
            return None
        self.target = g.clamp(self.target - scroll_y * g.row_step * 0.5)
        if not self.app.settings.animations:
            self.scroll = self.target
        return True

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        g = self.geom
        if g is None:
            return
        i = g.hit(x, y, round(self.scroll))
        if i is not None:
            self.set_focus(i, keep_in_view=False)
        focus_hover(self.actions, x, y)
        hover = g.back.contains(x, y)
        if hover != self.back_hover:
            self.back_hover = hover
            self._back_sprite()

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool | None:
        g = self.geom
        if g is None:
            return None
        if g.back.contains(x, y):
            return self.go_back()
        i = self.actions.hit(x, y)
        if i is not None:
            if self.actions.buttons[i].enabled:
                self.actions.buttons[i].action()
            else:
                self.app.sounds.play("illegal")
            return True
        bar = g.scrollbar.inflated(6 * g.scale)
        if bar.contains(x, y) and g.max_scroll > 0:
            thumb = g.thumb(round(self.scroll))
            if thumb.contains(x, y):
                self._drag_grab = thumb.top - y
            else:  # a click on the track jumps a page towards it
                self._drag_grab = None
                self.target = g.clamp(
                    self.target
                    + (g.grid.height * 0.9 if y < thumb.bottom else -g.grid.height * 0.9)
                )
                if not self.app.settings.animations:
                    self.scroll = self.target
            return True
        i = g.hit(x, y, round(self.scroll))
        if i is not None:
            self.set_focus(i, keep_in_view=False)
            self.choose(i)
            return True
        return None

    def on_mouse_drag(
        self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int
    ) -> None:
        g = self.geom
        if g is not None and self._drag_grab is not None:
            self.target = self.scroll = g.scroll_for_thumb(y, self._drag_grab)

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        self._drag_grab = None

    # -- frames --------------------------------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        self.app.sounds.preload_one()
        g = self.geom
        if g is not None and not all(self._made):  # draw the tiles out of view a few per frame
            near = self._rows_in_view(g, round(self.target), extra=1)
            self._make_tiles(
                [i for i in near if not self._made[i]] or range(len(self.layouts)), limit=2
            )
        if self.scroll != self.target:
            speed = (
                max(0.5, self.app.settings.animation_speed) if self.app.settings.animations else 0.0
            )
            k = 1.0 if speed == 0 else min(1.0, delta_time * 14 * speed)
            self.scroll += (self.target - self.scroll) * k
            if abs(self.target - self.scroll) < 0.5:
                self.scroll = self.target

    def _rows_in_view(self, g: PickerGeometry, scroll: float, extra: int = 0) -> range:
        """Indices of the tiles in the rows that show at this scroll (and ``extra`` rows around)."""
        first = max(0, int((scroll - g.pad) // g.row_step) - extra)
        last = int((scroll + g.grid.height) // g.row_step) + extra
        return range(first * g.columns, min(len(self.layouts), (last + 1) * g.columns))

    def _make_tiles(self, indices: range | list[int], limit: int | None = None) -> None:
        """Give tiles their real texture (slab and drawing); at most ``limit`` of them."""
        made = 0
        for i in indices:
            if not self._made[i]:
                self._made[i] = True
                self._shown_focus[i] = i == self.focus
                self.tiles[i].texture = self._tile_texture(i, i == self.focus)
                made += 1
                if limit is not None and made >= limit:
                    return

    def on_show_view(self) -> None:
        super().on_show_view()
        self._drawn = None  # another screen was shown: draw the first frame whole

    def _frame_state(self) -> tuple[Any, ...]:
        return (
            self.app.width,
            self.app.height,
            # a new scenery, or the texture atlas repacked (a new texture found it full): sprites
            # that did not change may then differ by a shade, so the frame is drawn whole
            (self.app.scenery.version, self.app.ctx.default_atlas.version),
            round(self.scroll),
            self.focus,
            (self.shown_message(), self.actions.focus, self.confirm_delete),
            self.back_hover,
            self._drag_grab is not None,
        )

    def _changed_boxes(self, g: PickerGeometry) -> list[Box] | None:
        """What to repaint since the last frame: ``None`` for everything, ``[]`` for nothing."""
        now, before = self._frame_state(), self._drawn
        self._drawn = now
        if before is None or before[:3] != now[:3] or not self.app.incremental:
            return None
        boxes: list[Box] = []
        footer = (int(g.panel.left), int(g.panel.bottom), int(g.panel.right), int(g.grid.bottom))
        bar = g.scrollbar.inflated(3)
        if before[3] != now[3]:  # scrolled: the grid and the scroll bar
            boxes.append(
                (int(g.grid.left), int(g.grid.bottom), int(bar.right) + 1, int(g.grid.top))
            )
        elif before[4] != now[4]:  # the focus moved: its old and new tile
            for index in (before[4], now[4]):
                r = g.tiles[index].moved(0, now[3]).inflated(4)
                box = (
                    max(int(r.left), int(g.grid.left)),
                    max(int(r.bottom), int(g.grid.bottom)),
                    min(int(r.right) + 1, int(g.grid.right)),
                    min(int(r.top) + 1, int(g.grid.top)),
                )
                if box[0] < box[2] and box[1] < box[3]:
                    boxes.append(box)
        if (
            before[4:7] != now[4:7]
        ):  # the details of the focused layout, the message, the Back button
            boxes.append(footer)
        if before[7] != now[7]:
            boxes.append((int(bar.left), int(bar.bottom), int(bar.right) + 1, int(bar.top) + 1))
        return boxes

    def on_draw(self) -> None:
        """Draw the screen; when the window keeps its pixels between frames (``app.incremental``)
        only what changed is repainted, and a frame where nothing changed costs nothing."""
        self.ensure_layout()
        g = self.geom
        if g is None or self.camera is None:
            self.draw_backdrop()
            return
        self._make_tiles(self._rows_in_view(g, round(self.scroll)))
        boxes = self._changed_boxes(g)
        if boxes is None:
            self._draw_scene(g, None)
            return
        ctx = self.app.ctx
        for box in boxes:
            ctx.scissor = (box[0], box[1], box[2] - box[0], box[3] - box[1])
            self._draw_scene(g, box)
        ctx.scissor = None

    def _draw_scene(self, g: PickerGeometry, box: Box | None) -> None:
        assert self.camera is not None
        self.draw_backdrop(box)
        self.static.draw()
        # the grid: scrolled by the camera, clipped to the grid's box (and to the box repainted)
        clip = (int(g.grid.left), int(g.grid.bottom), int(g.grid.right), int(g.grid.top))
        if box is not None:
            clip = (
                max(clip[0], box[0]),
                max(clip[1], box[1]),
                min(clip[2], box[2]),
                min(clip[3], box[3]),
            )
        if clip[0] < clip[2] and clip[1] < clip[3]:
            self.camera.scissor = arcade.LBWH(
                clip[0], clip[1], clip[2] - clip[0], clip[3] - clip[1]
            )
            w, h = self.app.width, self.app.height
            self.camera.position = (w / 2, h / 2 - round(self.scroll))
            with self.camera.activate(), audit.scrolled(g.grid, dy=round(self.scroll)):
                self.tiles.draw()
                self._report_names()
                self.grid_texts.draw()
        ctx = self.app.ctx
        ctx.scissor = None if box is None else (box[0], box[1], box[2] - box[0], box[3] - box[1])
        self._draw_scrollbar(g)
        self.actions.draw()
        self.texts.draw()

    def _draw_scrollbar(self, g: PickerGeometry) -> None:
        if g.max_scroll <= 0:
            return
        t = g.scrollbar
        arcade.draw_lbwh_rectangle_filled(t.left, t.bottom, t.width, t.height, (30, 18, 8, 200))
        th = g.thumb(round(self.scroll))
        colour = GOLD if self._drag_grab is not None else (214, 170, 104)
        arcade.draw_lbwh_rectangle_filled(
            th.left + 1, th.bottom + 1, th.width - 2, th.height - 2, colour
        )


class _Redraw:
    """What the window calls to have the whole screen drawn again (after its buffer probe)."""

    def __init__(self, view: LayoutPickerView) -> None:
        self.view = view

    def invalidate(self, box: Box | None = None) -> None:
        self.view._drawn = None


def rates_text(entry: LayoutDifficulty | None) -> str:
    if entry is None:
        return _("Not rated yet.")
    n = entry.relaxed.deals
    return ngettext(
        "The solver clears {relaxed} of {n} random deal under relaxed rules (95% interval "
        "{relaxed_interval}), {desert} under desert rules ({desert_interval}).",
        "The solver clears {relaxed} of {n} random deals under relaxed rules (95% interval "
        "{relaxed_interval}), {desert} under desert rules ({desert_interval}).",
        n,
    ).format(
        relaxed=percent_text(entry, "relaxed"),
        n=format_number(n),
        relaxed_interval=interval_text(entry, "relaxed"),
        desert=percent_text(entry, "desert"),
        desert_interval=interval_text(entry, "desert"),
    )
