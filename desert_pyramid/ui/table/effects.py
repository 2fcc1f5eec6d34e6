"""What the table shows about a move beyond the cards: points rising from the pair, a chain
counter, a row that flashes its bonus, and the celebration of a cleared layout.

One score pop-up at a time: a move's points and the bonus of each row it cleared rise together
as one pop-up (the rows' lines under the points' line), and the next move's pop-up replaces one
still rising (two or three faded pop-ups floated over the cards at once when moves came quickly).
A pop-up keeps off the coach's panel beside the cards (the panel half-hid them).

A celebration (a layout cleared; an Expedition's pyramid cleared) replaces the small effects of
its move: no row flash, no rising row or pair points; what was still rising is cleared. It is a
title and a line of detail on a dark backing panel that holds still, then fades, put where no card
of the table is (an Expedition deals the next pyramid at once: the banner never covers it)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import arcade

from desert_pyramid.engine import (
    DISCARD,
    SATCHEL,
    STOCK,
    WASTE,
    CardMoved,
    ChainChanged,
    Event,
    Game,
    LayoutCleared,
    RowCleared,
    Scored,
)
from desert_pyramid.i18n import _, format_number
from desert_pyramid.ui.art.assets import make_texture
from desert_pyramid.ui.art.skin import skin
from desert_pyramid.ui.base.fonts import FONT, heading_font
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.palette import BAR_BACK, GOLD
from desert_pyramid.ui.table.anim import Flash, Floater
from desert_pyramid.ui.table.geometry import HINT, UNDO, TableGeometry
from desert_pyramid.ui.widgets.text import Text

POINTS = (255, 236, 150)
ROW = (255, 250, 220)
OUTLINE = (70, 40, 14)


#: Floating text styles: (colour, size at a 720-pixel-high window, heading font)
STYLES: dict[str, tuple[tuple[int, int, int], float, bool]] = {
    "points": (POINTS, 18, False),
    "row": (ROW, 17, False),
    "banner": (POINTS, 28, True),
    "detail": (ROW, 15, False),
}
BACKING = BAR_BACK  # the celebration's panel (the HUD's brown, lighter at its top), gold rim
BACKING_TOP = (78, 50, 28)
RIM = GOLD
CELEBRATE_S = 2.4  # how long a celebration shows at normal speed (it fades over the last 40%)
POOL = 2  # texts kept ready per style


def warm_text(style: str) -> str:
    """The characters a style shows in the player's language (its glyphs are drawn into the font
    atlas at set-up)."""
    digits = "0123456789+· "
    if style == "points":
        texts = [points_text(2, 2), format_number(1000)]
    elif style == "row":
        texts = [row_text(1, 2)]
    elif style == "banner":
        texts = [
            _("Layout cleared!"),
            _("Pyramid {number} cleared!").format(number=1),
            _("The sun has set"),
        ]
        texts = [t.upper() for t in texts]
    else:
        texts = [
            _("+{points} points").format(points=format_number(1000)),
            _("+{seconds} s of daylight").format(seconds=1),
            _("The trek ends"),
        ]
    return "".join(sorted(set(digits + "".join(texts))))


def points_text(points: int, chain: int) -> str:
    """A pair's or a king's points rising, with the chain from 2 on: ``+26 · chain 3``."""
    if chain >= 2:
        return _("+{points} · chain {chain}").format(
            points=format_number(points), chain=format_number(chain)
        )
    return f"+{format_number(points)}"


def row_text(row: int, points: int) -> str:
    """A cleared row's bonus rising: ``Row 3 cleared  +50``."""
    if points:
        return _("Row {row} cleared  +{points}").format(row=row, points=format_number(points))
    return _("Row {row} cleared").format(row=row)


class Effects:
    def __init__(self) -> None:
        self.floaters: list[Floater] = []
        self.flashes: list[Flash] = []
        self._texts: dict[int, Text] = {}  # floater id -> its text
        self._shadows: dict[int, arcade.Text] = {}  # text id -> the text's shadow
        self.backing: Flash | None = (
            None  # the celebration's panel (its alpha follows the banner's)
        )
        self._banner: Floater | None = None
        self._panel: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()  # the backing's look
        self.cleared_points = 0  # the points of the last move that cleared the layout
        self._pool: dict[str, list[Text]] = {}
        self.dirty: list[tuple[int, int, int, int]] = []  # boxes the flashes painted or left
        self._ceiling = 10_000.0
        self._right = 10_000.0
        self._coach: Rect | None = None  # the coach's panel beside the cards: pop-ups keep off it

    def prepare(self, geom: TableGeometry) -> None:
        """Make the texts floaters use, once per table size: creating a text (and drawing new
        glyphs into the font atlas) in the middle of a game would cost a frame."""
        self.clear()
        self._ceiling = geom.hud.bottom
        self._right = float(geom.width)
        coach = geom.coach
        self._coach = coach if coach is not None and coach.top > geom.layout_box.bottom else None
        fs = geom.font_scale
        self._pool = {}
        for style, (colour, size, heading) in STYLES.items():
            texts: list[Text] = []
            for k in range(POOL):  # a banner that stands in a narrow room has two lines
                pair = [
                    Text(
                        warm_text(style) if k == 0 and c is colour else "",
                        -1000,
                        -1000,
                        c,
                        size * fs,
                        font_name=heading_font() if heading else FONT,
                        bold=True,
                        anchor_x="center",
                        anchor_y="center",
                    )
                    for c in (OUTLINE, colour)
                ]
                pair[1].text = ""  # its glyphs (shared by the style's font) are in the atlas now
                self._shadows[id(pair[1])] = pair[0]
                texts.append(pair[1])
            self._pool[style] = texts

    @property
    def texts(self) -> list[arcade.Text]:
        """The texts on screen now (the rising ones and their shadows)."""
        out = list(self._texts.values())
        return out + [self._shadows[id(t)] for t in out]

    def _set(
        self,
        t: arcade.Text,
        text: str,
        x: float,
        y: float,
        colour: tuple[int, int, int],
        alpha: int,
    ) -> None:
        shadow = self._shadows[id(t)]
        if t.text != text:
            t.text = text
            shadow.text = text
        t.position = (x, y)
        shadow.position = (x + 2, y - 2)
        t.color = (*colour, alpha)
        shadow.color = (*OUTLINE, alpha)  # a dark shadow: readable on every sky and card

    def clear(self) -> None:
        if self.backing is not None:
            self.dirty.append(self.backing.box)
        self.backing = None
        self._banner = None
        for fl in self.flashes:
            self.dirty.append(fl.box)
        self.floaters.clear()
        self.flashes.clear()
        for t in self._texts.values():
            self._set(t, "", -1000, -1000, OUTLINE, 0)
        self._texts.clear()

    def from_events(
        self, events: Sequence[Event], game: Game, geom: TableGeometry, speed: float
    ) -> list[str]:
        """Start the effects of a move's events; returns extra sounds to play (a row cleared)."""
        self.cleared_points = 0
        rows = sum(1 for e in events if isinstance(e, RowCleared))
        if speed <= 0:
            return ["row"] if rows else []
        slow = 1 / max(0.5, speed)
        if any(isinstance(e, LayoutCleared) for e in events):
            self._celebrate_clearing(events, game, geom, speed)
            return ["row"] if rows else []
        origin = _origin(events, geom)
        chain = _chain(events)
        if origin is not None or rows:
            self._drop_rising()  # the last move's pop-up gives way to this one's
        under: Floater | None = None  # the pop-up's last line: a row's bonus goes under it
        for e in events:  # the points first: the rows' lines go under them
            if isinstance(e, Scored) and e.reason in ("pair", "king") and origin is not None:
                under = self._rise_points(e, chain, origin, geom, slow) or under
        for e in events:
            if isinstance(e, RowCleared):
                under = self._flash_row(e, game, geom, slow, under) or under
        return ["row"] * rows

    def _drop_rising(self) -> None:
        """The score texts still rising go at once (one pop-up at a time over the cards)."""
        for f in self.floaters:
            if f.steady:
                f.t = f.duration
        self.update(0.0)

    def _celebrate_clearing(
        self, events: Sequence[Event], game: Game, geom: TableGeometry, speed: float
    ) -> None:
        """The layout cleared: a celebration with the move's points replaces its small effects."""
        total = sum(e.points for e in events if isinstance(e, Scored) and e.points > 0)
        self.cleared_points = total
        detail = _("+{points} points").format(points=format_number(total))
        self.celebrate(_("Layout cleared!"), detail, game, geom, speed)

    def _rise_points(
        self,
        scored: Scored,
        chain: int,
        origin: tuple[float, float],
        geom: TableGeometry,
        slow: float,
    ) -> Floater | None:
        """A pair's or a king's points (and the chain from 2 on) rise from where the card was."""
        text = points_text(scored.points, chain)
        return self._float("points", text, origin[0], origin[1] + geom.card_h * 0.3, slow)

    def _flash_row(
        self,
        row: RowCleared,
        game: Game,
        geom: TableGeometry,
        slow: float,
        under: Floater | None = None,
    ) -> Floater | None:
        """A cleared row flashes, and its bonus rises with the points, as a line under them
        (``under``: the pop-up's last line), else from under the row."""
        rects = [geom.slots[s.index] for s in game.layout.slots if s.row == row.row]
        if not rects:
            return None
        box = _bounds(rects)
        self.flashes.append(
            Flash(
                box.left - 6, box.bottom - 6, box.width + 12, box.height + 12, duration=0.7 * slow
            )
        )
        text = row_text(row.row, row.points)
        if under is None:
            return self._float("row", text, box.cx, box.bottom - geom.card_h * 0.25, slow)
        return self._float("row", text, under.x, under.y - under.h / 2 - 2, slow, hang=True)

    def celebrate(
        self, title: str, detail: str, game: Game, geom: TableGeometry, speed: float = 1.0
    ) -> None:
        """Show a celebration (it replaces one showing, and every effect still rising): ``title``
        in the heading font over ``detail``, on a backing panel where no card of ``game`` lies."""
        self.clear()
        title_t, detail_t = self._pool.get("banner"), self._pool.get("detail")
        if not title_t or not detail_t:
            return
        fs = geom.font_scale
        pad_x, pad_y, gap = 22 * fs, 12 * fs, 6 * fs
        avoid = occupied(game, geom)
        # on one line each where the sky has room; else the title and the detail in two lines
        # each, narrow enough for the sky beside the cards (a small window); else one line
        # each under the top bar
        forms = [[title.upper()], [detail]], [halves(title.upper(), " "), halves(detail, " · ")]
        lines: list[tuple[str, str]] = []
        shown: list[tuple[str, Text, str]] = []
        box: Rect | None = None
        for heads, details in forms:
            lines = [
                (style, text)
                for style, texts in (("banner", heads), ("detail", details))
                for text in texts
                if text
            ]
            pool = {"banner": list(title_t), "detail": list(detail_t)}
            shown = [(text, pool[style].pop(0), style) for style, text in lines]
            for text, t, style in shown:
                self._set(t, text, -1000, -1000, STYLES[style][0], 255)
            w = max(t.content_width for _x, t, _s in shown) + 2 * pad_x
            h = sum(t.content_height for _x, t, _s in shown) + gap + 2 * pad_y
            box = find_free(w, h, geom, avoid)
            if box is not None:
                break
        if box is None:  # nowhere free: the one-line form just under the top bar
            heads, details = forms[0]
            shown = [(heads[0], title_t[0], "banner"), (details[0], detail_t[0], "detail")]
            for text, t, style in shown:
                self._set(t, text, -1000, -1000, STYLES[style][0], 255)
            w = max(t.content_width for _x, t, _s in shown) + 2 * pad_x
            h = sum(t.content_height for _x, t, _s in shown) + gap + 2 * pad_y
            box = free_spot(w, h, geom, avoid)
        duration = CELEBRATE_S / max(0.5, speed)
        self.backing = Flash(box.left, box.bottom, box.width, box.height, duration=duration)
        self._panel = banner_panel(box, fs)
        # the lines from the top down: the title's, a gap, the detail's
        y = box.top - pad_y
        floaters: list[Floater] = []
        for i, (text, t, style) in enumerate(shown):
            if i and style == "detail" and shown[i - 1][2] == "banner":
                y -= gap
            f = Floater(
                text,
                box.cx,
                y - t.content_height / 2,
                STYLES[style][0],
                t.font_size,
                rise=0.0,
                duration=duration,
            )
            y -= t.content_height
            self._set(t, f.text, f.x, f.y, f.colour, 255)
            self.floaters.append(f)
            self._texts[id(f)] = t
            floaters.append(f)
        self._banner = floaters[0]

    def hold(self) -> None:
        """Keep the celebration showing, crisp, until the table is left (a won deal: the banner
        stays over the thrown cards until the results)."""
        if self.backing is None:
            return
        self.backing.duration = math.inf
        for f in self.floaters:
            if f.rise == 0.0:  # the banner and its detail (score texts rise and go)
                f.duration = math.inf

    def _float(
        self, style: str, text: str, x: float, y: float, slow: float, hang: bool = False
    ) -> Floater | None:
        """A score text rising from (``x``, ``y``), its centre there (``hang``: its top there, a
        line under another), inside the window, under the top bar and off the coach's panel."""
        pool = self._pool.get(style)
        if not pool:
            return None
        busy = {id(t) for t in self._texts.values()}
        free = [t for t in pool if id(t) not in busy]
        if not free:  # every text of this style is rising: take the oldest one's
            oldest = next(f for f in self.floaters if self._texts[id(f)] in pool)
            self.floaters.remove(oldest)
            free = [self._texts.pop(id(oldest))]
        t = free[0]
        colour, size, _heading = STYLES[style]
        self._set(t, text, x, y, colour, 255)  # laid out: its size is known
        w, h = t.content_width, t.content_height
        rise = t.font_size * 2.6
        edge = 8.0  # inside the window, with a margin
        left, right = edge, self._right - edge
        coach = self._coach
        if coach is not None:  # beside the cards: the pop-up stays on the cards' side of it
            if coach.cx < self._right / 2:
                left = max(left, coach.right + edge)
            else:
                right = min(right, coach.left - edge)
        x = min(max(x, left + w / 2), right - w / 2)
        if hang:
            y -= h / 2
        y = min(y, self._ceiling - rise - h / 2 - 4)  # the text never rises into the top bar
        f = Floater(
            text, x, y, colour, t.font_size, rise=rise, duration=1.1 * slow, steady=True, w=w, h=h
        )
        self._make_room(f)
        self._set(t, text, x, y, colour, 255)
        self.floaters.append(f)
        self._texts[id(f)] = t
        return f

    def _make_room(self, new: Floater) -> None:
        """Texts still rising in the way of ``new`` move up to stack over it, one above the
        other (all rise at one speed: they keep apart); one pushed into the top bar goes."""
        gap = 3.0
        top = new.y + new.h / 2 + gap
        bottom = new.y - new.h / 2
        rising = [f for f in self.floaters if f.steady and not f.done]
        for f in sorted(rising, key=lambda f: f.position[1]):
            fx, fy = f.position
            if abs(fx - new.x) >= (f.w + new.w) / 2 + gap or fy + f.h / 2 <= bottom:
                continue  # beside it, or below it
            if fy - f.h / 2 < top:
                f.y += top - (fy - f.h / 2)
                fy = f.position[1]
            if fy + f.h / 2 > self._ceiling:
                f.t = f.duration  # no room left under the top bar: it goes
                continue
            top = fy + f.h / 2 + gap

    def update(self, dt: float) -> None:
        for f in self.floaters:
            f.advance(dt)
            t = self._texts.get(id(f))
            if t is not None:
                self._set(t, f.text, *f.position, f.colour, f.alpha)
        for fl in self.flashes:
            fl.advance(dt)
            self.dirty.append(fl.box)
        if self.backing is not None:
            self.backing.advance(dt)
            self.dirty.append(self.backing.box)
            if self.backing.done:
                self.backing = None
                self._banner = None
        for f in [f for f in self.floaters if f.done]:
            t = self._texts.pop(id(f), None)
            if t is not None:
                self._set(t, "", -1000, -1000, OUTLINE, 0)
        self.floaters = [f for f in self.floaters if not f.done]
        self.flashes = [f for f in self.flashes if not f.done]

    def take_dirty(self) -> list[tuple[int, int, int, int]]:
        out, self.dirty = self.dirty, []
        return out

    @property
    def busy(self) -> bool:
        return bool(self.floaters or self.flashes or self.backing)

    def draw_flashes(self) -> None:
        for fl in self.flashes:
            arcade.draw_lrbt_rectangle_filled(
                fl.left,
                fl.left + fl.width,
                fl.bottom,
                fl.bottom + fl.height,
                (255, 244, 200, fl.alpha),
            )
        b, banner = self.backing, self._banner
        if b is not None and banner is not None:
            for sprite in self._panel:
                sprite.alpha = banner.alpha
            self._panel.draw()

    def draw_texts(self, box: tuple[int, int, int, int] | None = None) -> None:
        for f in self.floaters:
            t = self._texts.get(id(f))
            if t is None:
                continue
            if box is not None and (
                t.right + 4 < box[0]
                or t.left - 4 > box[2]
                or t.top + 4 < box[1]
                or t.bottom - 4 > box[3]
            ):
                continue
            self._shadows[id(t)].draw()
            t.draw()


def _origin(events: Sequence[Event], geom: TableGeometry) -> tuple[float, float] | None:
    """Where the move's first card to the discard came from (a slot or a pile), or ``None``."""
    for e in events:
        if isinstance(e, CardMoved) and e.dst == DISCARD:
            if e.src >= 0:
                return geom.slots[e.src].center
            pile = {WASTE: geom.waste, STOCK: geom.stock, SATCHEL: geom.satchel}.get(e.src)
            return pile.center if pile is not None else geom.discard.center
    return None


def _chain(events: Sequence[Event]) -> int:
    """The chain a move raised (0 when it raised none)."""
    return max((e.new for e in events if isinstance(e, ChainChanged) and e.new > e.old), default=0)


def occupied(game: Game, geom: TableGeometry) -> list[Rect]:
    """Where the table shows something a celebration must not cover: the layout's cards, the
    piles, the round buttons."""
    rects = [geom.slots[i] for i in range(len(geom.slots)) if game.card_at(i) is not None]
    rects += [geom.stock, *geom.waste_fan, geom.discard, geom.places[UNDO], geom.places[HINT]]
    if geom.satchel is not None:
        rects.append(geom.satchel)
    return rects


def halves(text: str, sep: str) -> list[str]:
    """``text`` in two lines, cut at the ``sep`` nearest its middle (one line if it has none)."""
    cuts = [i for i in range(len(text)) if text.startswith(sep, i)]
    if not cuts:
        return [text]
    i = min(cuts, key=lambda c: abs(2 * c + len(sep) - len(text)))
    return [text[:i], text[i + len(sep) :]]


def banner_panel(box: Rect, fs: float) -> arcade.SpriteList[arcade.Sprite]:
    """The celebration's backing: a rounded panel in the HUD's browns with a gold rim, like the
    notices' (a hard-edged box read as a tooltip over the sky)."""
    w, h = int(box.width), int(box.height)
    rad, rim = max(6, int(12 * fs)), max(2, round(2 * fs))
    tex = make_texture(
        skin(w, h, BACKING_TOP, BACKING, RIM, rim, rad), f"banner-panel-{w}x{h}-{rad}-{rim}"
    )
    sprite = arcade.Sprite(tex)
    sprite.position = (box.left + w / 2, box.bottom + h / 2)
    panel: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
    panel.append(sprite)
    return panel


def find_free(w: float, h: float, geom: TableGeometry, avoid: Sequence[Rect]) -> Rect | None:
    """A ``w`` x ``h`` box between the top bar and the message line that covers none of
    ``avoid`` (with a margin), as near the layout's centre as can be, or ``None``."""
    box = free_spot(w, h, geom, avoid)
    return None if box.width < w - 1 or box.height < h - 1 or _covers(box, avoid) else box


def _covers(box: Rect, avoid: Sequence[Rect]) -> bool:
    return any(box.overlaps(r) for r in avoid)


def free_spot(w: float, h: float, geom: TableGeometry, avoid: Sequence[Rect]) -> Rect:
    """A ``w`` x ``h`` box between the top bar and the message line that covers none of
    ``avoid`` (with a margin), as near the layout's centre as can be; if there is none, the box
    just under the top bar."""
    margin = 6.0
    top, bottom = geom.hud.bottom - 8, geom.message.top + 4
    left, right = 8.0, geom.width - 8.0
    w, h = min(w, right - left), min(h, top - bottom)
    cx, cy = geom.layout_box.cx, geom.layout_box.cy
    grown = [
        Rect(r.left - margin, r.bottom - margin, r.width + 2 * margin, r.height + 2 * margin)
        for r in avoid
    ]
    step_x, step_y = max(8.0, w / 8), max(6.0, h / 4)
    best: tuple[float, Rect] | None = None
    y = bottom
    while y + h <= top:
        band = [
            (r.left, r.right) for r in grown if r.bottom < round(y) + round(h) and round(y) < r.top
        ]
        x = left
        while x + w <= right:
            bl, br = round(x), round(x) + round(w)
            d = (bl + round(w) / 2 - cx) ** 2 + (round(y) + round(h) / 2 - cy) ** 2
            if (best is None or d < best[0]) and not any(rl < br and bl < rr for rl, rr in band):
                best = (d, Rect(bl, round(y), round(w), round(h)))
            x += step_x
        y += step_y
    if best is not None:
        return best[1]
    return Rect(round(geom.width / 2 - w / 2), round(top - h), round(w), round(h))


def _bounds(rects: Sequence[Rect]) -> Rect:
    left = min(r.left for r in rects)
    bottom = min(r.bottom for r in rects)
    right = max(r.right for r in rects)
    top = max(r.top for r in rects)
    return Rect(left, bottom, right - left, top - bottom)
