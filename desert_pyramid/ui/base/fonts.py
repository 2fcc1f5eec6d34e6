"""The game's fonts: the families every text is set in and the files they ship as
(``resources/fonts``; the art's assets load them into pyglet once per window)."""

from __future__ import annotations

from functools import lru_cache

from PIL import ImageFont

from desert_pyramid.i18n import HEADING_FALLBACK, current_language
from desert_pyramid.resources_path import resource_path

FONT = "Liberation Sans"
HEADING = "League Spartan"  # only its bold face ships: headings are drawn with bold=True
REGULAR_FILE = "Liberation_Sans_Regular.ttf"
BOLD_FILE = "Liberation_Sans_Bold.ttf"
HEADING_FILE = "League_Spartan_Bold.otf"
FONT_FILES = (REGULAR_FILE, BOLD_FILE, HEADING_FILE)


def heading_font() -> str:
    """The headings' family in the current language: League Spartan, or the body font (drawn
    bold) for a language whose letters League Spartan lacks (Russian: it has no Cyrillic)."""
    return FONT if current_language() in HEADING_FALLBACK else HEADING


@lru_cache(maxsize=64)
def image_font(file: str, size: int) -> ImageFont.FreeTypeFont:
    """One of the font files at a pixel size, for drawing into images with Pillow (card faces,
    the picker's tiles); loaded once per size."""
    return ImageFont.truetype(str(resource_path("fonts", file)), size)
