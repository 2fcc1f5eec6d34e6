"""The layout picker's pictures, drawn with Pillow: the tiles' slabs (the chosen layout with a
gold corner), the panel with the sunken well of the grid, and the font of the tiles' words."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from desert_pyramid.resources_path import resource_path
from desert_pyramid.ui.art.skin import skin
from desert_pyramid.ui.base.fonts import BOLD_FILE, REGULAR_FILE
from desert_pyramid.ui.base.palette import DARK, GOLD, RGB

TILE_STYLES: dict[str, tuple[RGB, RGB, RGB, int]] = {
    "tile": ((92, 62, 36), (64, 42, 24), (132, 96, 56), 2),
    "tile_focus": ((124, 86, 48), (88, 58, 30), GOLD, 4),
    "tile_locked": ((60, 44, 32), (46, 34, 24), (90, 72, 54), 2),
    "tile_locked_focus": ((72, 54, 40), (56, 42, 30), (200, 170, 110), 3),
}


@lru_cache(maxsize=8)
def tile_font(bold: bool, size: int) -> ImageFont.FreeTypeFont:
    """The game's sans-serif font for the words drawn into the tiles."""
    name = BOLD_FILE if bold else REGULAR_FILE
    return ImageFont.truetype(str(resource_path("fonts", name)), size)


@lru_cache(maxsize=16)
def tile_skin(w: int, h: int, style: str, chosen: bool) -> Image.Image:
    """A tile's background: a dark rounded slab; the chosen layout carries a gold corner.
    Cached: callers copy it before drawing on it."""
    top, bottom, border, bw = TILE_STYLES[style]
    img = skin(w, h, top, bottom, border, bw, max(6, int(min(w, h) * 0.07)))
    if chosen:
        d = ImageDraw.Draw(img)
        k = int(min(w, h) * 0.2)
        inset = bw + 2
        d.polygon(
            [(w - inset - k, inset), (w - inset, inset), (w - inset, inset + k)], fill=GOLD + (255,)
        )
        # a check mark in the corner
        cx, cy = w - inset - k * 0.32, inset + k * 0.3
        u = k * 0.16
        d.line(
            [(cx - u, cy), (cx - u * 0.2, cy + u * 0.8), (cx + u, cy - u * 0.8)],
            fill=DARK + (255,),
            width=max(2, int(k * 0.09)),
        )
    return img
