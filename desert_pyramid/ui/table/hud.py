"""The table's heads-up display: the top bar (menu, title, score, chain, multiplier, moves, time),
the pile captions, the stock's count badge, the round Undo and Hint buttons and the message line.

It is drawn in two layers (:mod:`layers`): the pile captions, the badge and the round buttons lie
with the piles (:meth:`Hud.draw_piles`: the win's thrown cards pass over them), the top bar and
the message line are the HUD's own layer over the table's moving cards and the sunset's night
(:meth:`Hud.draw_bars`): the score and the way on stay readable through every moment.

Texts are :class:`arcade.Text` objects in three batches (the top bar, the message line, the
rest), so a partial redraw skips the batch it does not touch; a text is re-laid out only when it
changes.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping

import arcade
import pyglet

from desert_pyramid.app.prefs import Settings
from desert_pyramid.engine import DISCARD, SATCHEL, STOCK, WASTE, Game
from desert_pyramid.i18n import _, current_language, format_number, ngettext, pgettext
from desert_pyramid.ui.art import cardart
from desert_pyramid.ui.art.assets import Assets, make_texture
from desert_pyramid.ui.base import audit
from desert_pyramid.ui.base.fonts import FONT
from desert_pyramid.ui.base.geometry import Rect, hud_height
from desert_pyramid.ui.base.palette import BAR_BACK, BAR_RIM, GOLD, INK, MUTED, SAND_INK, TAN
from desert_pyramid.ui.table import bar_plan
from desert_pyramid.ui.table.geometry import HINT, MENU, PILE_NAMES, UNDO, TableGeometry
from desert_pyramid.ui.widgets.buttons import high_contrast, skin_texture
from desert_pyramid.ui.widgets.text import Text, ink_of, mark_cut, report_text

#: Every character the HUD's changing texts can show, drawn into the font atlas when the HUD is
#: placed: a new glyph in the middle of a game costs the software renderer a stalled frame.
CHARSET = (
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,:;!?'\"()+-=/%&"
    "♠♥♦♣…—–×·‹›←→↑↓"
)
#: The letters each language adds to CHARSET (its messages' accents, its alphabet).
LETTERS = {
    "de": "ÄÖÜäöüß„“",
    "fr": "àâçéèêëîïôùûüÿœÀÂÇÉÈÊÎÔÙÛŒ«»\u00a0\u202f",
    "es": "áéíñóúüÁÉÍÑÓÚÜ¿¡«»",
    "it": "àèéìíòóùÀÈÉÌÒÙ«»",
    "pt_BR": "áâãàçéêíóôõúüÁÂÃÀÇÉÊÍÓÔÕÚ«»",
    "ru": "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя«»„“",
}
NUMBERS = (
    "0123456789,.:—×- \u00a0\u202f"  # Babel's group separators: , . and (narrow) no-break spaces
)
ORDER = ("pyramid", "score", "chain", "moves", "bonus", "daylight", "time")
PULSE = (255, 120, 90)
TEXT_BUDGET_MS = 1.5  # texts laid out per frame (see Hud.flush)
DAYLIGHT = GOLD


def label(key: str) -> str:
    """A figure box's title in the player's language, in capitals ("SCORE", "PUNKTE")."""
    labels = {
        # TRANSLATORS: the HUD's figure boxes' titles (shown in capitals, in a narrow box)
        "pyramid": pgettext("hud", "Pyramid"),
        "score": pgettext("hud", "Score"),
        "chain": pgettext("hud", "Chain"),
        "moves": pgettext("hud", "Moves"),
        "bonus": pgettext("hud", "Time bonus"),
        "time": pgettext("hud", "Time"),
        "daylight": pgettext("hud", "Daylight"),
    }
    return labels.get(key, key).upper()


def pile_name(pile: int) -> str:
    """A pile's caption under it: Stock, Waste, Satchel, Discard."""
    names = {
        STOCK: pgettext("pile", "Stock"),
        WASTE: pgettext("pile", "Waste"),
        SATCHEL: pgettext("pile", "Satchel"),
        DISCARD: pgettext("pile", "Discard"),
    }
    return names[pile]


def stock_caption(cards: int, redeals_left: int | None, waste: bool) -> str:
    """The stock's caption: how many redeals are left, or that the waste can be redealt."""
    if cards:
        if redeals_left is None:
            return pile_name(STOCK)
        return ngettext("Stock · {n} redeal", "Stock · {n} redeals", redeals_left).format(
            n=format_number(redeals_left)
        )
    if waste and (redeals_left is None or redeals_left > 0):
        if redeals_left is None:
            return _("Redeal")
        return ngettext("Redeal · {n} left", "Redeal · {n} left", redeals_left).format(
            n=format_number(redeals_left)
        )
    return _("Stock empty")


def discard_caption(cards: int) -> str:
    if not cards:
        return pile_name(DISCARD)
    # TRANSLATORS: the discard pile's caption with the number of cards on it
    return _("Discard {n}").format(n=format_number(cards))


def satchel_caption(full: bool) -> str:
    return _("Satchel · full") if full else pile_name(SATCHEL)


def shown_items(hud: Mapping[str, str]) -> dict[str, str]:
    """What the top bar shows of a session's HUD labels, in order (an Expedition's daylight
    replaces the time; pyramid N scores ×N, so the number says the multiplier too)."""
    items = {k: hud[k] for k in ORDER if k in hud}
    if "daylight" in items:
        items.pop("time", None)
    return items


def grown_bar(geom: TableGeometry) -> bool:
    """Whether the table's top bar was made for a larger text size (``bar_plan.py``): taller
    than the window's usual one, or in two rows. (A table laid out without it, the worked
    example's with its panel's band, keeps the usual bar and its usual places.)"""
    return geom.title_row is not None or geom.hud.height > hud_height(geom.height)


BAR = (*BAR_BACK, 255)  # opaque: the HUD is a layer of its own, nothing passes through it
MSG_BAR = (*BAR_BACK, 150)
RIM = (*BAR_RIM, 255)
CAPTION = (96, 60, 28)


#: Seconds a page of words stays before the next (the coach's strip, the message line: words too
#: long for their room are shown in pages, never cut mid-sentence).
PAGE_S = 6.0
SENTENCE_ENDS = ".!?…:;"


def paged(body: str, fits: Callable[[str], bool]) -> list[str] | None:
    """``body`` in pages that each ``fits`` with its number after it ("(1/2)"): a page ends at a
    sentence's end where one lies in its second half, else after as many words as fit; ``None``
    when a single word does not fit."""
    words = body.split()
    for most in (9, 99):  # the widest page number the marker may need
        marker = f" ({most}/{most})"
        pages: list[list[str]] = []
        line: list[str] = []
        for word in words:
            if fits(" ".join([*line, word]) + marker):
                line.append(word)
                continue
            if not line:
                return None
            ends = [k for k, w in enumerate(line[:-1]) if w[-1] in SENTENCE_ENDS]
            k = ends[-1] if ends and ends[-1] >= len(line) // 2 else len(line) - 1
            pages.append(line[: k + 1])
            line = line[k + 1 :]
            while line and not fits(" ".join([*line, word]) + marker):
                pages.append(line)  # (never: a page's tail with one word more fits)
                line = []
            line.append(word)
        if line:
            pages.append(line)
        if len(pages) <= most:
            total = len(pages)
            return [f"{' '.join(p)} ({i}/{total})" for i, p in enumerate(pages, start=1)]
    return None


class Hud:
    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self.batch = pyglet.graphics.Batch()  # the top bar's texts
        self.low_batch = pyglet.graphics.Batch()  # captions, badge, button labels
        self.message_batch = pyglet.graphics.Batch()  # the message line (the HUD's layer)
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()  # with the piles
        self.bar_sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()  # the bars
        self.geom: TableGeometry | None = None
        self.values: dict[str, arcade.Text] = {}
        self.titles: dict[str, arcade.Text] = {}
        self.captions: dict[int, arcade.Text] = {}  # by the engine's pile
        self.texts: dict[str, arcade.Text] = {}
        self.badge: arcade.Sprite | None = None
        self.daylight_bar: arcade.SpriteSolidColor | None = None
        self.message_bar: arcade.SpriteSolidColor | None = None
        self.focus_button: str | None = None
        self._shown: dict[str, str] = {}
        self._keys: tuple[str, ...] = ()
        self._asked: dict[
            int, str
        ] = {}  # the text last asked of each Text (shown perhaps shortened)
        self._caption_size = 9.5
        self._captions_asked: tuple[str, str, int] | None = None
        self._stock_room = float("inf")
        # under a row of piles: how far left and right the stock's caption may reach (see place)
        self._stock_hang: tuple[float, float] | None = None
        self._stock_x = 0.0  # the stock's caption centred under its pile
        self._caption_rooms: dict[int, float] = {}
        self._wanted: dict[int, str] = {}  # a caption's first words (what a cut one should say)
        self._rooms: dict[int, float] = {}  # texts that must fit a width (title, subtitle)
        self._pending: dict[int, tuple[arcade.Text, str]] = {}
        self._msg_size = 12.5
        self._msg_ceiling = float("inf")  # how high the message bar may reach (under captions)
        self._message = ""  # the message asked for (the text shown may be in pages)
        self._msg_pages: list[str] = []  # the message in pages, when its room cannot hold it
        self._msg_page = 0
        self._msg_time = 0.0
        self._low_top = 0.0
        self._cover: Rect | None = None  # the coach's panel, drawn over the message's room
        self._undo_left: float | None = None  # where the Undo caption may start (its pile's end)

    def _text(
        self,
        name: str,
        text: str,
        x: float,
        y: float,
        size: float,
        colour: tuple[int, int, int],
        anchor_x: str = "center",
        bold: bool = False,
    ) -> arcade.Text:
        top = self.geom is not None and y > self.geom.hud.bottom
        t = Text(
            text,
            x,
            y,
            colour,
            size,
            font_name=FONT,
            bold=bold,
            anchor_x=anchor_x,
            anchor_y="center",
            batch=self.batch if top else self.low_batch,
        )
        self.texts[name] = t
        return t

    def place(
        self, geom: TableGeometry, title: str, subtitle: str, hud: Mapping[str, str], satchel: bool
    ) -> None:
        """Build the HUD for a geometry (after a resize) and the session's labels."""
        self.geom = geom
        self.batch = pyglet.graphics.Batch()
        self.low_batch = pyglet.graphics.Batch()
        self.message_batch = pyglet.graphics.Batch()
        self.sprites = arcade.SpriteList()
        self.bar_sprites = arcade.SpriteList()
        # the bars are sprites: drawn in one call with the menu button, and a partial redraw sees
        # the message bar come, go and grow like any other sprite
        top = geom.hud
        self.bar_sprites.append(
            arcade.SpriteSolidColor(geom.width, int(top.height), geom.width / 2, top.cy, BAR)
        )
        self.bar_sprites.append(
            arcade.SpriteSolidColor(geom.width, 2, geom.width / 2, top.bottom - 1, RIM)
        )
        self.message_bar = arcade.SpriteSolidColor(
            geom.width, int(geom.message.height), geom.width / 2, geom.message.cy, MSG_BAR
        )
        self.message_bar.visible = False
        self.bar_sprites.append(self.message_bar)
        self.texts, self.values, self.titles, self.captions = {}, {}, {}, {}
        self._pending = {}
        self._asked = {}  # new Text objects (an id may be reused): nothing asked of them yet
        self._shown = {}
        self._place_titles(geom, title, subtitle)
        hud = self._place_figures(geom, hud)
        undo_caption, hint_caption = self._place_round_buttons(geom)
        self._place_pile_captions(geom, satchel, undo_caption, hint_caption)
        fs = geom.font_scale
        bar = geom.hud
        s = geom.stock
        d = max(18, int(geom.card_w * 0.36))
        self.badge = arcade.Sprite(skin_texture(self.assets, "badge", d, d))
        self.badge.position = (round(s.right - d * 0.25), round(s.top - d * 0.25))
        self.sprites.append(self.badge)
        self._text(
            "badge", "", self.badge.center_x, self.badge.center_y, 9.5 * fs, (60, 34, 10), bold=True
        )
        self._msg_size = 12.5 * fs
        msg = Text(
            "",
            geom.width / 2,
            geom.message.cy,
            INK,
            self._msg_size,
            font_name=FONT,
            anchor_x="center",
            anchor_y="center",
            multiline=True,
            width=int(geom.width * 0.94),
            align="center",
            batch=self.message_batch,
        )
        self.texts["message"] = msg
        self._message = ""
        self.daylight_bar = None
        if "daylight" in hud:  # the Expedition's daylight as a bar under the top bar
            self.daylight_bar = arcade.SpriteSolidColor(
                geom.width, 5, geom.width / 2, bar.bottom - 4.5, (*DAYLIGHT, 255)
            )
            self.bar_sprites.append(self.daylight_bar)
        self._low_top = max(t.top for t in self.texts.values() if t.y < geom.hud.bottom) + 4
        low = [*self.captions.values(), self.texts["c-undo"], self.texts["c-hint"]]
        self._msg_ceiling = min(t.bottom for t in low) - 2
        # the coach's panel (a strip over the message line, or a side panel down to it): a
        # message of two lines reaches into it, and the panel gives up that room (view.py)
        cover = geom.coach
        self._cover = cover if cover is not None and cover.bottom < geom.height / 2 else None
        # every skin a button can show goes into the atlas now, not in the middle of a game
        atlas = self.sprites.atlas
        assert atlas is not None
        for sprite in self.buttons:
            b = sprite.properties.get("button")
            if b is not None:
                for style in ("round", "round_focus"):
                    r = geom.places[b]
                    atlas.add(
                        skin_texture(
                            self.assets,
                            style,
                            int(r.width),
                            int(r.height),
                            radius=None if b != MENU else int(r.height * 0.3),
                        )
                    )
        self.set_focus(self.focus_button)

    def _place_titles(self, geom: TableGeometry, title: str, subtitle: str) -> None:
        """The menu button, the title and the subtitle, in the top bar."""
        fs = geom.font_scale
        bar = geom.hud
        m = geom.places[MENU]
        self._button(MENU, m, radius=int(m.height * 0.3), bars=True)
        hc = high_contrast()  # light icons on the dark buttons of the high-contrast theme
        icon_ink, theme = (INK, "-hc") if hc else (SAND_INK, "")
        icon = arcade.Sprite(
            make_texture(
                cardart.render_icon("menu", int(m.height * 0.7), icon_ink),
                f"icon-menu-{int(m.height)}{theme}",
            )
        )
        icon.position = (round(m.left + m.height * 0.55), round(m.cy))
        self.bar_sprites.append(icon)
        self._text(
            "menu",
            pgettext("button", "Menu"),
            m.left + m.height * 1.05,
            m.cy,
            13 * fs,
            INK,
            anchor_x="left",
            bold=True,
        )
        row = geom.title_row
        if row is not None:  # two rows: the title and the subtitle side by side on the top one
            t = self._text("title", title, m.right + 14 * fs, row.cy, 15 * fs, GOLD, "left", True)
            x = t.x + t.content_width + 14 * fs
            self._text("subtitle", subtitle, x, row.cy, 10 * fs, MUTED, "left")
            return
        if grown_bar(geom):  # a bar grown for its words: the title over the subtitle, centred
            tl, sl = bar_plan.line(15 * fs, True), bar_plan.line(10 * fs)
            top = bar.cy + (tl + sl) / 2
            ty, sy = top - tl / 2, top - tl - sl / 2
        else:
            ty, sy = bar.cy + bar.height * 0.16, bar.cy - bar.height * 0.24
        self._text("title", title, m.right + 14 * fs, ty, 15 * fs, GOLD, "left", True)
        self._text("subtitle", subtitle, m.right + 14 * fs, sy, 10 * fs, MUTED, "left")
        self._part_title_lines(bar)

    def _place_figures(self, geom: TableGeometry, hud: Mapping[str, str]) -> dict[str, str]:
        """The figure boxes from the right of the top bar (the figures shown); the title and subtitle end short of the first."""
        fs = geom.font_scale
        bar = geom.hud
        hud = shown_items(hud)
        self._keys = tuple(hud)
        row = geom.title_row
        grown = grown_bar(geom)  # the bar as tall as its words, the boxes as wide
        if grown:
            box_w = bar_plan.box_width(fs, {k: label(k) for k in hud}, hud)
            ll, vl = bar_plan.line(9 * fs, True), bar_plan.line(17 * fs, True)
        else:
            box_w = 92 * fs
            ll = vl = 0.0
        if row is not None:  # two rows: the figures spread along the lower one
            band_top, band_bottom = row.bottom, bar.bottom
            step = min((geom.width - 32 * fs) / max(1, len(hud)), box_w * 1.5)
            x = geom.width / 2 + step * (len(hud) - 1) / 2
        else:
            band_top, band_bottom = bar.top, bar.bottom
            step = box_w
            x = bar.right - 16 * fs - box_w / 2
        cy = (band_top + band_bottom) / 2
        if grown:
            label_y, value_y = cy + (ll + vl) / 2 - ll / 2, cy - (ll + vl) / 2 + vl / 2
        else:
            label_y, value_y = bar.cy + bar.height * 0.22, bar.cy - bar.height * 0.16
        for key in reversed(self._keys):
            self.titles[key] = self._text(
                f"t-{key}", label(key), x, label_y, 9 * fs, TAN, bold=True
            )
            self.values[key] = self._text(f"v-{key}", hud[key], x, value_y, 17 * fs, INK, bold=True)
            self._shown[key] = hud[key]
            x -= step
        if row is not None:  # the subtitle takes the top row's room after the title
            sub, title = self.texts["subtitle"], self.texts["title"]
            self._rooms = {
                id(sub): geom.width - 8 * fs - sub.x,
                id(title): sub.x - 14 * fs - title.x,
            }
            self._fit_parts(sub, sub.text, self._rooms[id(sub)])
            return hud
        # the title and subtitle end short of the first figure box (at 640x360 the deal code ran
        # under the score): the subtitle leaves out its first parts, the deal code stays
        room = x + box_w / 2 - 8 * fs - self.texts["subtitle"].x
        self._rooms = {id(self.texts["subtitle"]): room, id(self.texts["title"]): room}
        for name in ("title", "subtitle"):
            t = self.texts[name]
            self._fit_parts(t, t.text, room)
        return hud

    def _place_round_buttons(self, geom: TableGeometry) -> tuple[str, str]:
        """The round Undo and Hint buttons and their captions (returned: undo's, hint's)."""
        fs = geom.font_scale
        hc = high_contrast()
        icon_ink, theme = (INK, "-hc") if hc else (SAND_INK, "")
        undo_caption = pgettext("button", "Undo") + " · Z"
        hint_caption = pgettext("button", "Hint") + " · H"
        for name, caption in ((UNDO, undo_caption), (HINT, hint_caption)):
            r = geom.places[name]
            self._button(name, r)
            size = int(r.width * 0.62)
            icon = arcade.Sprite(
                make_texture(
                    cardart.render_icon(name, size, icon_ink), f"icon-{name}-{size}{theme}"
                )
            )
            icon.position = (round(r.cx), round(r.cy))
            self.sprites.append(icon)
            self._text(f"c-{name}", caption, r.cx, r.bottom - 10 * fs, 9.5 * fs, CAPTION, bold=True)
        self._caption_size = 9.5 * fs
        self._captions_asked = None  # new texts: fit them
        self.set_button_captions(undo_caption, hint_caption)
        return undo_caption, hint_caption

    def _place_pile_captions(
        self, geom: TableGeometry, satchel: bool, undo_caption: str, hint_caption: str
    ) -> None:
        """The piles' captions, each fitted to its room."""
        fs = geom.font_scale
        for pile in (STOCK, WASTE, SATCHEL, DISCARD):
            if pile == SATCHEL and not satchel:
                continue
            name = PILE_NAMES[pile]
            cx, cy = geom.captions[name]
            self.captions[pile] = self._text(
                f"cap-{name}", pile_name(pile), cx, cy, 10 * fs, CAPTION, bold=True
            )
        # The stock's caption ("Stock · 2 redeals") may reach towards the waste's, short of a clear
        # gap. Under a row of piles nothing lies left of the stock, the first pile: a caption
        # wider than the room around the pile hangs to the left of it, its end short of the
        # waste's caption (at 640x360 it was cut to "Sto…"), from the window's edge or the
        # coach's panel beside the table on.
        waste, stock = self.captions[WASTE], self.captions[STOCK]
        reach = waste.x - waste.content_width / 2 - 14 * fs  # where the stock's caption ends
        self._stock_room = 2 * (reach - stock.x)
        self._stock_x = stock.x
        self._stock_hang = None
        if not geom.piles_beside:
            left = 8 * fs
            cover = geom.coach
            if cover is not None and cover.right <= stock.x and cover.bottom < stock.top:
                left = max(left, cover.right + 8 * fs)
            self._stock_hang = (left, reach)
        self._caption_rooms = self._neighbour_rooms()
        for pile, t in self.captions.items():
            if pile == STOCK:
                self._fit_stock(t, t.text)
            else:
                self._fit_caption(t, t.text, self._caption_rooms.get(id(t), float("inf")))
        self._captions_asked = None  # fitted to their rooms now
        self.set_button_captions(undo_caption, hint_caption)

    def _part_title_lines(self, bar: Rect) -> None:
        """The title over the subtitle without their glyphs meeting: at a larger text size a
        descender of the title ("Übung", "Тренировка") reached the subtitle's capitals. They
        move apart as far as the bar lets them."""
        title, sub = self.texts["title"], self.texts["subtitle"]
        shown = title.text, sub.text
        title.text, sub.text = "Ågjpqy", "ÅÉgjpqy"  # the tallest capitals and the deepest tails
        gap = (title.y - title.content_height / 2) - (sub.y + sub.content_height / 2)
        room_up = bar.top - 1 - (title.y + title.content_height / 2)
        room_down = sub.y - sub.content_height / 2 - (bar.bottom + 1)
        title.text, sub.text = shown
        if gap >= 1:
            return
        up = max(0.0, min((1 - gap) / 2, room_up))
        down = max(0.0, min(1 - gap - up, room_down))
        title.y += up
        sub.y -= down

    def _button(self, name: str, r: Rect, radius: int | None = None, bars: bool = False) -> None:
        style = "round_focus" if self.focus_button == name else "round"
        sprite = arcade.Sprite(
            skin_texture(self.assets, style, int(r.width), int(r.height), radius=radius)
        )
        sprite.position = (round(r.cx), round(r.cy))
        sprite.properties["button"] = name
        (self.bar_sprites if bars else self.sprites).append(sprite)

    @property
    def buttons(self) -> list[arcade.Sprite]:
        """The buttons' sprites: the menu's on the top bar, Undo and Hint with the piles."""
        return [s for s in (*self.bar_sprites, *self.sprites) if "button" in s.properties]

    def set_focus(self, name: str | None) -> None:
        """Show the keyboard focus on a HUD button (or none)."""
        self.focus_button = name
        g = self.geom
        if g is None:
            return
        for sprite in self.buttons:
            b = sprite.properties["button"]
            r = g.places[b]
            style = "round_focus" if b == name else "round"
            radius = None if b != MENU else int(r.height * 0.3)
            sprite.texture = skin_texture(
                self.assets, style, int(r.width), int(r.height), radius=radius
            )

    def set_button_captions(self, undo: str, hint: str) -> None:
        """The round buttons' captions ("Undo · Z"); when they would touch (small cards, a tall
        layout), the key is left out, and if need be the words are cut with an ellipsis."""
        a, b = self.texts.get("c-undo"), self.texts.get("c-hint")
        if a is None or b is None or self._captions_asked == (undo, hint, id(a)):
            return  # fitted already (the table asks every frame)
        self._captions_asked = (undo, hint, id(a))
        for t, text in ((a, undo), (b, hint)):
            if t.text != text:
                t.text = text
            if t.font_size != self._caption_size:
                t.font_size = self._caption_size

        left, right = self._caption_span(a, b)

        def gap() -> float:
            return (b.x - b.content_width / 2) - (a.x + a.content_width / 2)

        def room(t: arcade.Text) -> float:
            return min(b.x - a.x - 6, self._caption_rooms.get(id(t), float("inf")))

        # the keys go (from both: they read alike) when the captions, each under its button,
        # touch, reach the pile or one is too wide
        off_pile = left is None or a.x - a.content_width / 2 >= left
        if gap() < 6 or not off_pile or any(t.content_width > room(t) for t in (a, b)):
            a.text, b.text = undo.split(" · ")[0], hint.split(" · ")[0]
        self._shift_captions(a, b)
        for t in (a, b):  # still too close (tiny cards): cut, never a smaller font
            self._wanted[id(t)] = (undo if t is a else hint).split(" · ")[0]
            other = b if t is a else a
            # shifted, they share the room from the discard pile to the window's edge
            self._cut_caption(
                t, room(t) if left is None else right - left - other.content_width - 6
            )
        self._shift_captions(a, b)
        self._widen_cut_captions()

    def _caption_span(self, a: arcade.Text, b: arcade.Text) -> tuple[float | None, float]:
        """Where the Undo and Hint captions (``a``, ``b``) may lie under a row of piles: from
        the discard pile on (at 200%, "Отмена" reached the pile), to the window's edge or the
        coach's panel right of them; ``None`` beside a tall layout (no pile left of them).
        Each is put back under its button first (:meth:`_shift_captions` moves them on)."""
        g = self.geom
        self._undo_left = None
        if g is None or g.piles_beside:
            return None, 0.0
        self._undo_left = g.discard.right + 3
        right = float(g.width - 4)
        if g.coach is not None and g.coach.left > g.places[HINT].cx:
            right = min(right, g.coach.left - 4)
        for t, name in ((a, UNDO), (b, HINT)):
            if t.x != g.places[name].cx:
                t.x = g.places[name].cx
        return self._undo_left, right

    def _shift_captions(self, a: arcade.Text, b: arcade.Text) -> None:
        """The Undo caption (``a``) moved right off the discard pile as far as it must, the
        Hint caption (``b``) after it (:meth:`_caption_span`)."""
        g, left = self.geom, self._undo_left
        if g is None or left is None:
            return
        x = max(g.places[UNDO].cx, left + a.content_width / 2)
        if a.x != x:
            a.x = x
        x = max(g.places[HINT].cx, a.x + a.content_width / 2 + 6 + b.content_width / 2)
        if b.x != x:
            b.x = x

    def _widen_cut_captions(self) -> None:
        """A caption cut or left out ("Dis…", the Undo button's) takes the room its neighbours
        leave it (each room above is an even share): its first words whole where they fit
        between its neighbours as drawn, and the window's edges."""
        texts = [*self.captions.values()]
        texts += [t for t in (self.texts.get("c-undo"), self.texts.get("c-hint")) if t]
        width = self.geom.width if self.geom is not None else 0
        for t in texts:
            want = self._wanted.get(id(t), "")
            if not want or t.text == want or (t.text and not t.text.endswith("…")):
                continue
            shown, x = t.text, t.x
            t.text = want
            half = t.content_width / 2
            left, right = self._between(t, texts, x, width)
            # as near its pile's middle as the room lets it, and still under its pile
            at = max(left + half, min(x, right - half))
            if right - left >= 2 * half and abs(at - x) <= half * 0.6:
                t.x = at
            else:
                t.text = shown  # no room for it whole: as it was
                if shown.endswith("…"):
                    mark_cut(t, want)

    def _between(
        self, t: arcade.Text, texts: list[arcade.Text], x: float, width: float
    ) -> tuple[float, float]:
        """The room between ``t``'s neighbours on its line as drawn (at ``x``) and the window's
        edges; the Undo caption's starts off the discard pile (:meth:`_caption_span`)."""
        row = [o for o in texts if o is not t and o.text and abs(o.y - t.y) < o.content_height]
        left = max([2.0] + [o.x + o.content_width / 2 + 6 for o in row if o.x < x])
        if t is self.texts.get("c-undo") and self._undo_left is not None:
            left = max(left, self._undo_left)
        right = min([width - 2.0] + [o.x - o.content_width / 2 - 6 for o in row if o.x > x])
        return left, right

    @staticmethod
    def _cut_caption(t: arcade.Text, room: float) -> None:
        if t.content_width > room > 0:
            cut_to_fit(t, t.text, lambda: t.content_width <= room)
            if len(t.text) < 4:  # "U…" says less than the icon over it: no caption at all
                t.text = ""

    def _fit_parts(self, t: arcade.Text, text: str, room: float) -> None:
        """A line of parts ("3 passes, … · layout 1 · DP-…") no wider than ``room``: the first parts
        are left out until it fits; a last part still too long is cut with an ellipsis."""
        parts = text.split(" · ")
        while True:
            shown = " · ".join(parts)
            if t.text != shown:
                t.text = shown
            if t.content_width <= room or len(parts) == 1:
                break
            parts.pop(0)
        if t.content_width > room > 0:
            cut_to_fit(t, shown, lambda: t.content_width <= room)

    def _fit_caption(self, t: arcade.Text, text: str, room: float) -> None:
        """A pile caption no wider than ``room``: words are left out from the end until it fits,
        then the last word is cut with an ellipsis (tiny piles of a tall layout): never a
        smaller font."""
        self._wanted[id(t)] = text.split(" · ")[0]
        words = text.split(" ")
        while True:
            shown = " ".join(words).removesuffix(" ·")
            if t.text != shown:
                t.text = shown
            if t.content_width <= room or len(words) == 1:
                break
            words.pop()
        self._cut_caption(t, room)

    def _fit_stock(self, t: arcade.Text, text: str) -> None:
        """The stock's caption: centred under its pile when it fits there, else (under a row of
        piles) hung to the left of it, within its reach (see :meth:`place`)."""
        hang = self._stock_hang
        if hang is None:
            room = self._caption_rooms.get(id(t), float("inf"))
            self._fit_caption(t, text, min(self._stock_room, room))
            return
        left, right = hang
        self._fit_caption(t, text, right - left)
        half = t.content_width / 2
        x = max(left + half, min(self._stock_x, right - half))
        if t.x != x:
            t.x = x

    def captions_lost(self) -> bool:
        """Whether a pile's or a round button's caption is left out or cut (its words waiting
        to be laid out are laid out first): at a larger text size the table is then laid out a
        step smaller (view.py), as a cut word anywhere else makes it."""
        self.settle()
        shown = [*self.captions.values(), self.texts.get("c-undo"), self.texts.get("c-hint")]
        return any(t is not None and (not t.text or t.text.endswith("…")) for t in shown)

    def _room_now(self, t: arcade.Text) -> float:
        """A caption's room (:meth:`_neighbour_rooms`), less what a neighbour drawn wider than
        its own room takes of it: a caption widened whole ("Abräumstapel 12",
        :meth:`_widen_cut_captions`) keeps its words, and the one beside it that changes later
        ("Tasche · voll") leaves out words rather than run into it."""
        room = self._caption_rooms.get(id(t), float("inf"))
        texts = [*self.captions.values()]
        texts += [o for o in (self.texts.get("c-undo"), self.texts.get("c-hint")) if o]
        for o in texts:
            if o is t or not o.text or abs(o.y - t.y) >= max(o.content_height, t.content_height):
                continue
            room = min(room, 2 * (abs(o.x - t.x) - o.content_width / 2 - 6))
        return max(1.0, room)  # (no room at all: cut to nothing, never left whole)

    def _neighbour_rooms(self) -> dict[int, float]:
        """How wide each caption under the piles and the round buttons may be: centred texts on
        one line, each less wide than the distance to its nearest neighbour (less a gap), never
        meet."""
        texts = [*self.captions.values()]
        texts += [t for t in (self.texts.get("c-undo"), self.texts.get("c-hint")) if t]
        rooms: dict[int, float] = {}
        for t in texts:
            near = [
                abs(o.x - t.x)
                for o in texts
                if o is not t and abs(o.y - t.y) < max(o.content_height, t.content_height)
            ]
            if near:
                rooms[id(t)] = min(near) - 6
        return rooms

    def _set(self, t: arcade.Text, text: str) -> None:
        """Ask for a new text; :meth:`flush` lays it out (a few per frame). What was asked is
        remembered: a message shown shortened ("…") is not fitted again every frame."""
        if self._asked.get(id(t)) == text:
            return  # asked already: laid out, or waiting in the queue
        self._asked[id(t)] = text
        if t.text != text:
            self._pending[id(t)] = (t, text)
        else:
            self._pending.pop(id(t), None)

    def flush(self, budget_ms: float = TEXT_BUDGET_MS) -> None:
        """Lay out waiting texts, the message first, for about ``budget_ms`` (at least one). A move
        changes half a dozen texts; laying them all out in one frame costs a software renderer's
        frame its budget, spread over two or three frames nobody sees the difference."""
        if not self._pending:
            return
        start = time.perf_counter()
        message = self.texts.get("message")
        order = sorted(self._pending, key=lambda k: message is None or k != id(message))
        for key in order:
            t, text = self._pending.pop(key)
            if message is not None and t is message:
                self._fit_message(t, text)
                self._fit_bar()
            elif t is self.captions.get(STOCK):
                self._fit_stock(t, text)
                self._widen_cut_captions()
            elif id(t) in self._caption_rooms:
                self._fit_caption(t, text, self._room_now(t))
                self._widen_cut_captions()
            elif id(t) in self._rooms:
                self._fit_parts(t, text, self._rooms[id(t)])
            else:
                t.text = text
            if (time.perf_counter() - start) * 1000 >= budget_ms:
                break

    def _fit_message(self, t: arcade.Text, text: str) -> None:
        """The message line holds a sentence or two: a long one gets a smaller font and two lines,
        a longer one is cut with an ellipsis. Two lines reach into the coach's panel over the
        line, which gives up that room (:meth:`CoachPanel.rest_on`), but no more than half."""
        g = self.geom
        limit = (g.message.height if g is not None else 40) * 1.2
        # its bar (8 px over the text) stays under the pile captions and the buttons' captions
        # (the bar reaches the message line's own top anyway: a ceiling under it, where the pile
        # captions sit right on the line, leaves the words that line's room, not none)
        limit = min(limit, max(self._msg_ceiling, g.message.top if g is not None else 0) - 12)
        cover = self._cover
        if cover is not None:  # its top (see below: at least 4 px over the bottom) under its middle
            limit = min(limit, cover.cy - 7)
        self._msg_pages, self._msg_page, self._msg_time = [], 0, 0.0
        for size in (self._msg_size, self._msg_size * 0.84):
            if t.font_size != size:
                t.font_size = size
            t.text = text
            if t.content_height <= limit:
                break
        else:

            def fits(words: str) -> bool:
                t.text = words
                return bool(t.content_height <= limit)

            pages = paged(text, fits)  # in pages that turn (tick), as the coach's strip does
            if not pages:  # not even one word a page (no height left), or no words at all
                cut_to_fit(t, text, lambda: t.content_height <= limit)
            else:
                self._msg_pages = pages
                t.text = pages[0]
        if g is not None:  # two lines in a low message line rise to keep off the window's edge
            y = max(g.message.cy, t.content_height / 2 + 4)
            if t.y != y:
                t.y = y

    @property
    def message_pages(self) -> list[str]:
        """The pages the message line shows its words in (none: they fit at once)."""
        return list(self._msg_pages)

    def tick(self, dt: float) -> None:
        """Time passes (``dt`` seconds): a message in pages turns to its next page every
        :data:`PAGE_S` seconds, the last back to the first."""
        if len(self._msg_pages) < 2:
            return
        self._msg_time += dt
        if self._msg_time >= PAGE_S:
            self._msg_time = 0.0
            self._msg_page = (self._msg_page + 1) % len(self._msg_pages)
            self.texts["message"].text = self._msg_pages[self._msg_page]

    def settle(self) -> None:
        """Lay out every waiting text now (tests, screenshots)."""
        self.flush(budget_ms=float("inf"))

    def update(
        self,
        hud: Mapping[str, str],
        game: Game,
        settings: Settings,
        message: str,
        pulse: bool = False,
        daylight: float | None = None,
    ) -> None:
        """Refresh the values (texts change only when their content does). ``pulse``: the
        Expedition's last seconds of daylight (the value flashes)."""
        hud = shown_items(hud)
        for key, t in self.values.items():
            value = "—" if key in settings.hidden_figures else hud.get(key, "")
            self._set(t, value)
            if key == "daylight":
                colour = (*(PULSE if pulse else INK), 255)
                if tuple(t.color) != colour:
                    t.color = colour
        bar = self.daylight_bar
        if bar is not None and daylight is not None and self.geom is not None:
            w = max(0, round(self.geom.width * min(1.0, daylight)))
            if bar.width != w:
                bar.width = w
                bar.center_x = w / 2
            colour = (*(PULSE if pulse else DAYLIGHT), 255)
            if tuple(bar.color) != colour:
                bar.color = colour
            bar.visible = w > 0
        n = len(game.stock)
        self._set(self.captions[STOCK], stock_caption(n, game.redeals_left, bool(game.waste)))
        self._set(self.texts["badge"], format_number(n))
        if self.badge is not None:
            self.badge.visible = n > 0
        self._set(self.captions[DISCARD], discard_caption(len(game.discard)))
        if SATCHEL in self.captions:
            self._set(self.captions[SATCHEL], satchel_caption(game.satchel >= 0))
        msg = self.texts["message"]
        if (
            message != self._message
        ):  # compared with the message asked for: a cut one is shown with "…"
            self._message = message
            self._pending[id(msg)] = (msg, message)
        self.flush()

    def warm(self) -> None:
        """Lay out every glyph the changing texts can show (after the first frame: a new glyph in
        the middle of a game would cost a stalled frame, but the first frame should not wait)."""
        if not self.texts:
            return
        warm_glyphs(self.texts["message"], CHARSET + LETTERS.get(current_language(), ""))
        for name in ("badge", *(f"v-{k}" for k in self._keys)):
            warm_glyphs(self.texts[name], NUMBERS)
        captions = "".join(
            {
                *"0123456789 ·",
                *stock_caption(2, 2, True),
                *stock_caption(0, 2, True),
                *stock_caption(0, 0, False),
                *discard_caption(2),
                *satchel_caption(True),
            }
        )
        for caption in self.captions.values():
            warm_glyphs(caption, captions)

    def set_title(self, title: str, subtitle: str) -> None:
        """A new pyramid of an Expedition: its deal code."""
        for name, text in (("title", title), ("subtitle", subtitle)):
            t = self.texts.get(name)
            if t is not None:
                self._set(t, text)

    @property
    def message_bar_shown(self) -> bool:
        t = self.texts.get("message")
        return t is not None and bool(t.text)

    def hit(self, x: float, y: float) -> str | None:
        """The HUD button under the point: menu, undo or hint."""
        g = self.geom
        if g is None:
            return None
        for name in (MENU, UNDO, HINT):
            if g.places[name].contains(x, y):
                return name
        return None

    def _fit_bar(self) -> None:
        """The message bar: shown under a message, a little taller for two lines. Where the
        coach's panel lies over it, the bar reaches only a little over the words: the panel rests
        on it (:attr:`message_top`) and keeps the more room for its own."""
        g, bar = self.geom, self.message_bar
        if g is None or bar is None:
            return
        shown = self.message_bar_shown
        if bar.visible != shown:
            bar.visible = shown
        if shown:
            t = self.texts["message"]
            words = t.y + t.content_height / 2
            top = max(g.message.top, words + 8)
            cover = self._cover
            if cover is not None and top > cover.bottom:
                top = max(g.message.top, cover.bottom, words + 4)
            height = round(top)
            if bar.height != height:
                bar.height = height
                bar.center_y = height / 2

    @property
    def message_top(self) -> float:
        """Where the message bar ends (0: no message shown): what lies over the message line (the
        coach's panel) starts there."""
        bar = self.message_bar
        if bar is None or not bar.visible:
            return 0.0
        return float(bar.top)

    def draw_without_cards(self) -> None:
        """Draw the bars for a table whose cards are hidden (a paused timed table): the stock's
        count badge tells about the cards, so it is left out too."""
        badge, text = self.badge, self.texts.get("badge")
        shown = badge.visible if badge is not None else False
        count = text.text if text is not None else ""
        if badge is not None:
            badge.visible = False
        if text is not None and count:
            text.text = ""
        try:
            self.draw()
        finally:
            if badge is not None:
                badge.visible = shown
            if text is not None and count:
                text.text = count

    def draw(self, box: tuple[int, int, int, int] | None = None) -> None:
        """Draw it all (the pause screen's table): the piles' parts, then the bars."""
        self.draw_piles(box)
        self.draw_bars(box)

    def draw_piles(self, box: tuple[int, int, int, int] | None = None) -> None:
        """The parts that lie with the piles (:data:`Layer.PILES`): the round buttons, the badge
        and the captions; with ``box`` (a partial redraw) skip what lies outside it."""
        self.sprites.draw()
        if self.geom is None or box is None or box[1] <= self._low_top:
            self.low_batch.draw()

    def draw_bars(self, box: tuple[int, int, int, int] | None = None) -> None:
        """The HUD's own layer (:data:`Layer.HUD`): the top bar and the message line, over the
        table's moving cards and the night."""
        g = self.geom
        top = g is None or box is None or box[3] >= g.hud.bottom - 8  # the daylight bar under it
        bar = self.message_bar
        low = box is None or (bar is not None and bar.visible and box[1] <= bar.top)
        if top or low:  # a partial redraw far from both bars skips them
            self.bar_sprites.draw()
        if top:
            self.batch.draw()
        msg = self.texts.get("message")
        if msg is not None and msg.text and (box is None or box[1] <= msg.top + 8):
            self.message_batch.draw()
        if g is not None and audit.recording() is not None:
            self._report(g)

    def _report(self, g: TableGeometry) -> None:
        """Tell the layout audit where the buttons and texts are."""
        with audit.layer(audit.TABLE):
            for name in (MENU, UNDO, HINT):
                audit.report(audit.BUTTON, name, g.places[name], owner=name)
            for key, t in self.texts.items():
                if key == "badge":  # the stock's count, on the stock by design
                    ink = ink_of(t)
                    if ink is not None and t.visible:
                        audit.report("badge", t.text, ink, ink=ink)
                    continue
                report_text(t, owner=MENU if key == "menu" else "")


def cut_to_fit(t: arcade.Text, text: str, fits: Callable[[], bool]) -> None:
    """Show the longest start of ``text`` that, with an ellipsis, still ``fits()`` (asked of the
    text as laid out): a binary search over the cut."""
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        t.text = text[:mid].rstrip() + "…"
        if fits():
            lo = mid
        else:
            hi = mid - 1
    t.text = text[:lo].rstrip() + "…"
    mark_cut(t, text)  # the audit's: a cut text is a fault


def warm_glyphs(t: arcade.Text, chars: str) -> None:
    """Lay out every character a text may show once, so that its glyphs are in the font atlas."""
    text = t.text
    t.text = chars
    t.text = text
