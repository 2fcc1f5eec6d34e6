"""The small pyramid figure of How to play: which cards are free, covered or taken away.

Drawn from a :class:`desert_pyramid.content.Diagram` (the data says which slots are removed and
which are free; the loader checks that the two agree): free cards bright with a gold ring, covered
cards shaded grey as on the table, removed slots as empty outlines. A legend names the three.
"""

from __future__ import annotations

import arcade

from desert_pyramid.content import Diagram, DiagramState
from desert_pyramid.engine import Card
from desert_pyramid.i18n import N_
from desert_pyramid.ui.art import cardart
from desert_pyramid.ui.art.assets import Assets
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.palette import COVERED_TINT, GOLD

SHADE = COVERED_TINT  # as the table shades a covered card
FREE_RING = GOLD
CARD_RATIO = 190 / 140  # height / width, as the table's cards
ROW_STEP = 0.52  # each row starts this far (in card heights) below the one above
GAP = 0.08  # between neighbours, in card widths
LEGEND: tuple[tuple[DiagramState, str], ...] = (
    ("free", N_("free: nothing covers it")),
    ("covered", N_("covered: not free yet")),
    ("removed", N_("taken away")),
)


def figure_size(rows: int, card_w: int) -> tuple[float, float]:
    """The width and height of a ``rows``-row figure with cards ``card_w`` wide."""
    card_h = card_w * CARD_RATIO
    return rows * card_w * (1 + GAP) - card_w * GAP, card_h * (1 + ROW_STEP * (rows - 1))


class DiagramFigure:
    """The figure's sprites, placed with its top-left corner at a point."""

    def __init__(self, assets: Assets, diagram: Diagram, four_colour: bool = False) -> None:
        self.assets = assets
        self.diagram = diagram
        self.four_colour = four_colour
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.under: arcade.SpriteList[arcade.Sprite] = (
            arcade.SpriteList()
        )  # removed slots, drawn first
        self.slot_rects: dict[tuple[int, int], Rect] = {}
        self.rect = Rect(0, 0, 0, 0)

    def place(self, left: float, top: float, card_w: int) -> Rect:
        """Build the sprites with the figure's top-left at (``left``, ``top``); returns its box."""
        card_w = max(16, card_w // 2 * 2)
        card_h = int(card_w * CARD_RATIO) // 2 * 2
        d = self.diagram
        w, h = figure_size(d.rows, card_w)
        self.rect = Rect(round(left), round(top - h), round(w), round(h))
        self.sprites = arcade.SpriteList()
        self.under = arcade.SpriteList()
        self.slot_rects = {}
        step = card_w * (1 + GAP)
        cx0 = left + w / 2
        for row, col in d.slots():
            cx = cx0 + (col - (row + 1) / 2) * step
            cy = top - card_h / 2 - (row - 1) * card_h * ROW_STEP
            rect = Rect(round(cx - card_w / 2), round(cy - card_h / 2), card_w, card_h)
            self.slot_rects[(row, col)] = rect
            self._card(d.state(row, col), d.card_at(row, col), rect, card_w, card_h)
        return self.rect

    def _card(self, state: DiagramState, code: str, rect: Rect, w: int, h: int) -> None:
        a = self.assets
        if state == "removed":
            tex = a.texture(
                f"fig-slot-{w}x{h}", lambda: cardart.render_slot(w, h, (255, 236, 200, 110))
            )
            self._sprite(tex, rect, self.under)
            return
        card = Card.parse(code)
        four = self.four_colour
        face = a.texture(
            f"fig-{code}-{w}x{h}-{four}", lambda: cardart.render_face(card, w, h, four)
        )
        sprite = self._sprite(face, rect)
        if state == "covered":
            sprite.color = SHADE
        else:
            pad = max(3, w // 14)
            ring = a.texture(
                f"fig-ring-{w}x{h}", lambda: cardart.render_ring(w, h, pad, FREE_RING, 3)
            )
            self._sprite(ring, rect)

    def _sprite(
        self, tex: arcade.Texture, rect: Rect, into: arcade.SpriteList[arcade.Sprite] | None = None
    ) -> arcade.Sprite:
        sprite = arcade.Sprite(tex)
        sprite.position = (rect.cx, rect.cy)
        (self.sprites if into is None else into).append(sprite)
        return sprite

    def legend_swatch(self, state: DiagramState, rect: Rect) -> None:
        """A small sample of how a state is drawn, in ``rect`` (for the legend)."""
        w, h = int(rect.width) // 2 * 2, int(rect.height) // 2 * 2
        code = {"free": "AH", "covered": "AS", "removed": "AS"}[state]
        self._card(state, code, Rect(rect.left, rect.bottom, w, h), w, h)

    def draw(self) -> None:
        self.under.draw()
        self.sprites.draw()
