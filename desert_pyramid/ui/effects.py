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

POINTS = (255, 236, 150)
ROW = (255, 250, 220)
CHAIN = (255, 190, 90)
OUTLINE = (70, 40, 14)


class Effects:
    def __init__(self) -> None:
        self.floaters: list[Floater] = []
        self.flashes: list[Flash] = []
        self._texts: dict[int, arcade.Text] = {}

    def clear(self) -> None:
        self.floaters.clear()
        self.flashes.clear()
        self._texts.clear()

    def from_events(self, events: Sequence[Event], game: Game, geom: TableGeometry, speed: float) -> list[str]:
        """Start the effects of a move's events; returns extra sounds to play (a row cleared)."""
        if speed <= 0:
            return ["row"] if any(isinstance(e, RowCleared) for e in events) else []
        sounds: list[str] = []
        fs = geom.font_scale
        origin: tuple[float, float] | None = None
        for e in events:
            if isinstance(e, CardMoved) and e.dst == DISCARD and origin is None:
                if e.src >= 0:
                    origin = geom.slots[e.src].center
                else:
                    r = {-1: geom.waste, -2: geom.stock, -3: geom.satchel}.get(e.src)
                    origin = r.center if r is not None else geom.discard.center
        slow = 1 / max(0.5, speed)
        for e in events:
            if isinstance(e, Scored) and e.reason in ("pair", "king") and origin is not None:
                self._float(f"+{e.points}", origin[0], origin[1] + geom.card_h * 0.3, POINTS, 20 * fs, slow)
            elif isinstance(e, ChainChanged) and e.new >= 2 and e.new > e.old and origin is not None:
                self._float(f"Chain ×{e.new}", origin[0], origin[1] + geom.card_h * 0.65, CHAIN, 14 * fs, slow)
            elif isinstance(e, RowCleared):
                rects = [geom.slots[s.index] for s in game.layout.slots if s.row == e.row]
                if rects:
                    box = _bounds(rects)
                    self.flashes.append(Flash(box.left - 6, box.bottom - 6, box.width + 12, box.height + 12,
                                              duration=0.7 * slow))
                    text = f"Row {e.row} cleared" + (f"  +{e.points}" if e.points else "")
                    self._float(text, box.cx, box.cy, ROW, 17 * fs, slow)
                sounds.append("row")
            elif isinstance(e, LayoutCleared):
                text = "Layout cleared!" + (f"  +{e.points}" if e.points else "")
                self._float(text, geom.layout_box.cx, geom.layout_box.cy, POINTS, 28 * fs, slow * 1.6, heading=True)
        return sounds

    def _float(self, text: str, x: float, y: float, colour: tuple[int, int, int], size: float, slow: float,
               heading: bool = False) -> None:
        f = Floater(text, x, y, colour, size, rise=size * 2.6, duration=1.1 * slow)
        self.floaters.append(f)
        self._texts[id(f)] = arcade.Text(text, x, y, colour, size, font_name=HEADING if heading else FONT,
                                         bold=not heading, anchor_x="center", anchor_y="center")

    def update(self, dt: float) -> None:
        for f in self.floaters:
            f.advance(dt)
        for fl in self.flashes:
            fl.advance(dt)
        for f in [f for f in self.floaters if f.done]:
            self._texts.pop(id(f), None)
        self.floaters = [f for f in self.floaters if not f.done]
        self.flashes = [f for f in self.flashes if not f.done]

    @property
    def busy(self) -> bool:
        return bool(self.floaters or self.flashes)

    def draw_flashes(self) -> None:
        for fl in self.flashes:
            arcade.draw_lrbt_rectangle_filled(fl.left, fl.left + fl.width, fl.bottom, fl.bottom + fl.height,
                                              (255, 244, 200, fl.alpha))

    def draw_texts(self) -> None:
        for f in self.floaters:
            t = self._texts.get(id(f))
            if t is None:
                continue
            x, y = f.position
            a = f.alpha
            t.position = (x + 2, y - 2)
            t.color = (*OUTLINE, a // 2)
            t.draw()
            t.position = (x, y)
            t.color = (*f.colour, a)
            t.draw()


def _bounds(rects: Sequence[Rect]) -> Rect:
    left = min(r.left for r in rects)
    bottom = min(r.bottom for r in rects)
    right = max(r.right for r in rects)
    top = max(r.top for r in rects)
    return Rect(left, bottom, right - left, top - bottom)
