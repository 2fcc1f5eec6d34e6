"""What the table shows about a move beyond the cards: points rising from the pair, a chain
counter, a row that flashes its bonus, the layout-cleared banner."""

from __future__ import annotations

from collections.abc import Sequence

import arcade

from desert_pyramid.engine import (
    DISCARD,
    CardMoved,
    ChainChanged,
    Event,
    Game,
    LayoutCleared,
    RowCleared,
    Scored,
)

from .anim import Flash, Floater
from .assets import FONT, HEADING
from .geometry import Rect, TableGeometry
from .text import Text

POINTS = (255, 236, 150)
ROW = (255, 250, 220)
OUTLINE = (70, 40, 14)


#: Floating text styles: (colour, size at a 720-pixel-high window, heading font)
STYLES: dict[str, tuple[tuple[int, int, int], float, bool]] = {
    "points": (POINTS, 18, False),
    "row": (ROW, 17, False),
    "banner": (POINTS, 28, True),
}
POOL = 2  # texts kept ready per style
WARM = {  # the characters each style shows
    "points": "0123456789+· chain",
    "row": "0123456789+ Rowcleard",
    "banner": "0123456789+!: PyramidLayoutclearedsDiy",
}  # glyphs drawn into the font atlas at set-up


class Effects:
    def __init__(self) -> None:
        self.floaters: list[Floater] = []
        self.flashes: list[Flash] = []
        self._texts: dict[int, arcade.Text] = {}  # floater id -> its text
        self._shadows: dict[int, arcade.Text] = {}  # text id -> the text's shadow
        self._pool: dict[str, list[arcade.Text]] = {}
        self.dirty: list[tuple[int, int, int, int]] = []  # boxes the flashes painted or left
        self._ceiling = 10_000.0

    def prepare(self, geom: TableGeometry) -> None:
        """Make the texts floaters use, once per table size: creating a text (and drawing new
        glyphs into the font atlas) in the middle of a game would cost a frame."""
        self.clear()
        self._ceiling = geom.hud.bottom
        fs = geom.font_scale
        self._pool = {}
        for style, (colour, size, heading) in STYLES.items():
            texts = []
            for k in range(1 if heading else POOL):
                pair = [Text(WARM[style] if k == 0 and c is colour else "", -1000, -1000, c, size * fs,
                                    font_name=HEADING if heading else FONT, bold=True,
                                    anchor_x="center", anchor_y="center")
                        for c in (OUTLINE, colour)]
                pair[1].text = ""  # its glyphs (shared by the style's font) are in the atlas now
                self._shadows[id(pair[1])] = pair[0]
                texts.append(pair[1])
            self._pool[style] = texts

    @property
    def texts(self) -> list[arcade.Text]:
        """The texts on screen now (the rising ones and their shadows)."""
        out = list(self._texts.values())
        return out + [self._shadows[id(t)] for t in out]

    def _set(self, t: arcade.Text, text: str, x: float, y: float, colour: tuple[int, int, int], alpha: int) -> None:
        shadow = self._shadows[id(t)]
        if t.text != text:
            t.text = text
            shadow.text = text
        t.position = (x, y)
        shadow.position = (x + 2, y - 2)
        t.color = (*colour, alpha)
        shadow.color = (*OUTLINE, alpha // 2)

    def clear(self) -> None:
        self.floaters.clear()
        self.flashes.clear()
        for t in self._texts.values():
            self._set(t, "", -1000, -1000, OUTLINE, 0)
        self._texts.clear()

    def from_events(self, events: Sequence[Event], game: Game, geom: TableGeometry, speed: float) -> list[str]:
        """Start the effects of a move's events; returns extra sounds to play (a row cleared)."""
        if speed <= 0:
            return ["row"] if any(isinstance(e, RowCleared) for e in events) else []
        sounds: list[str] = []
        origin: tuple[float, float] | None = None
        for e in events:
            if isinstance(e, CardMoved) and e.dst == DISCARD and origin is None:
                if e.src >= 0:
                    origin = geom.slots[e.src].center
                else:
                    r = {-1: geom.waste, -2: geom.stock, -3: geom.satchel}.get(e.src)
                    origin = r.center if r is not None else geom.discard.center
        slow = 1 / max(0.5, speed)
        chain = max((e.new for e in events if isinstance(e, ChainChanged) and e.new > e.old), default=0)
        for e in events:
            if isinstance(e, Scored) and e.reason in ("pair", "king") and origin is not None:
                text = f"+{e.points}" + (f" · chain {chain}" if chain >= 2 else "")
                self._float("points", text, origin[0], origin[1] + geom.card_h * 0.3, slow)
            elif isinstance(e, RowCleared):
                rects = [geom.slots[s.index] for s in game.layout.slots if s.row == e.row]
                if rects:
                    box = _bounds(rects)
                    self.flashes.append(Flash(box.left - 6, box.bottom - 6, box.width + 12, box.height + 12,
                                              duration=0.7 * slow))
                    text = f"Row {e.row} cleared" + (f"  +{e.points}" if e.points else "")
                    self._float("row", text, box.cx, box.bottom - geom.card_h * 0.25, slow)  # under the points
                sounds.append("row")
            elif isinstance(e, LayoutCleared):
                text = "Layout cleared!" + (f"  +{e.points}" if e.points else "")
                self._float("banner", text, geom.layout_box.cx, geom.layout_box.cy, slow * 1.6)
        return sounds

    def banner(self, text: str, geom: TableGeometry, speed: float = 1.0) -> None:
        """A big line over the layout: "Pyramid 2 cleared! +90 s"."""
        self._float("banner", text, geom.layout_box.cx, geom.layout_box.cy, 1.6 / max(0.5, speed))

    def _float(self, style: str, text: str, x: float, y: float, slow: float) -> None:
        pool = self._pool.get(style)
        if not pool:
            return
        busy = {id(t) for t in self._texts.values()}
        free = [t for t in pool if id(t) not in busy]
        if not free:  # every text of this style is rising: take the oldest one's
            oldest = next(f for f in self.floaters if self._texts[id(f)] in pool)
            self.floaters.remove(oldest)
            free = [self._texts.pop(id(oldest))]
        t = free[0]
        colour, size, _heading = STYLES[style]
        rise = t.font_size * 2.6
        y = min(y, self._ceiling - rise - t.font_size)  # the text never rises into the top bar
        f = Floater(text, x, y, colour, t.font_size, rise=rise, duration=1.1 * slow)
        self._set(t, text, x, y, colour, 255)
        self.floaters.append(f)
        self._texts[id(f)] = t

    def update(self, dt: float) -> None:
        for f in self.floaters:
            f.advance(dt)
            t = self._texts.get(id(f))
            if t is not None:
                self._set(t, f.text, *f.position, f.colour, f.alpha)
        for fl in self.flashes:
            fl.advance(dt)
            self.dirty.append(fl.box)
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
        return bool(self.floaters or self.flashes)

    def draw_flashes(self) -> None:
        for fl in self.flashes:
            arcade.draw_lrbt_rectangle_filled(fl.left, fl.left + fl.width, fl.bottom, fl.bottom + fl.height,
                                              (255, 244, 200, fl.alpha))

    def draw_texts(self, box: tuple[int, int, int, int] | None = None) -> None:
        for f in self.floaters:
            t = self._texts.get(id(f))
            if t is None:
                continue
            if box is not None and (t.right + 4 < box[0] or t.left - 4 > box[2] or t.top + 4 < box[1]
                                    or t.bottom - 4 > box[3]):
                continue
            self._shadows[id(t)].draw()
            t.draw()


def _bounds(rects: Sequence[Rect]) -> Rect:
    left = min(r.left for r in rects)
    bottom = min(r.bottom for r in rects)
    right = max(r.right for r in rects)
    top = max(r.top for r in rects)
    return Rect(left, bottom, right - left, top - bottom)
