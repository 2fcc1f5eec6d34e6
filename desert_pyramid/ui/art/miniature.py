"""A small drawing of a layout: every slot a tiny card, the cards free at the deal brighter.

Pure Pillow (no Arcade): :func:`render_miniature` returns an RGBA image; the layout picker turns
it into a texture once per layout and size.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from desert_pyramid.engine import Layout
from desert_pyramid.ui.base.geometry import CARD_ASPECT

RGB = tuple[int, int, int]
# Cards free at the deal: bright cream with a gold-brown rim; covered cards: warm sandstone.
FREE_FILL: RGB = (255, 247, 226)
FREE_RIM: RGB = (150, 104, 48)
COVERED_FILL: RGB = (196, 146, 88)
COVERED_RIM: RGB = (104, 66, 32)
SUPERSAMPLE = 3


@dataclass(frozen=True, slots=True)
class MiniRect:
    """A slot in image pixels: left, top (y down, as in Pillow), width, height."""

    left: float
    top: float
    width: float
    height: float


def miniature_rects(layout: Layout, width: int, height: int, pad: float = 2.0) -> list[MiniRect]:
    """Where each slot is drawn (by slot index) in a ``width`` x ``height`` image, centred and
    as large as fits, in the layout's own proportions (half-card units, cards 140:190)."""
    units_w, units_h = layout.width, layout.height
    minx = min(s.x for s in layout.slots)
    miny = min(s.y for s in layout.slots)
    avail_w, avail_h = width - 2 * pad, height - 2 * pad
    card_w = min(2 * avail_w / units_w, 2 * avail_h * CARD_ASPECT / units_h)
    card_h = card_w / CARD_ASPECT
    uw, uh = card_w / 2, card_h / 2
    left = (width - units_w * uw) / 2
    top = (height - units_h * uh) / 2
    return [
        MiniRect(left + (s.x - minx) * uw, top + (s.y - miny) * uh, card_w, card_h)
        for s in layout.slots
    ]


def render_miniature(layout: Layout, width: int, height: int) -> Image.Image:
    """The layout drawn as tiny cards on a transparent image of ``width`` x ``height`` pixels.
    Cards are drawn back to front (by depth, then slot order), so the drawing shows the overlaps."""
    k = SUPERSAMPLE
    img = Image.new("RGBA", (max(1, width * k), max(1, height * k)), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    rects = miniature_rects(layout, width, height)
    card_w = rects[0].width * k
    radius = max(1.0, card_w * 0.14)
    rim = max(1, round(card_w * 0.07))
    gap = max(1.0, card_w * 0.04)  # a hair of space so neighbours read as separate cards
    for s in sorted(layout.slots, key=lambda s: (s.z, s.index)):
        r = rects[s.index]
        free = not s.covered_by
        box = (
            r.left * k + gap / 2,
            r.top * k + gap / 2,
            (r.left + r.width) * k - gap / 2,
            (r.top + r.height) * k - gap / 2,
        )
        draw.rounded_rectangle(
            box,
            radius=radius,
            fill=FREE_FILL if free else COVERED_FILL,
            outline=FREE_RIM if free else COVERED_RIM,
            width=rim,
        )
    return img.reduce(k)  # a box filter: each pixel the mean of its k x k samples
