"""The game's fonts: the families every text is set in, the files they ship as
(``resources/fonts``; the art's assets load them into pyglet once per window), and the text size.

The text size (Settings → Text size, ``--text-size``; 100% to 200%) goes through one place:
:func:`points` turns a size a screen asks for (its design size in points, already scaled to the
window) into the size drawn. Every text (``widgets/text.Text``) and every measure of one
(``richtext.text_width``, ``font_metrics``, ``px``, ``buttons.text_height``) calls it, so a box
made from a measure grows with the text it holds.
"""

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
#: The headings' family for the languages whose letters League Spartan lacks (i18n.HEADING_FALLBACK:
#: Russian): Manrope, a geometric sans with Latin and Cyrillic (SIL OFL 1.1; only its bold face
#: ships, drawn with bold=True like League Spartan), so a Russian heading is a display face too,
#: not the body font.
HEADING_CYRILLIC = "Manrope"
HEADING_CYRILLIC_FILE = "Manrope_Bold.ttf"
FONT_FILES = (REGULAR_FILE, BOLD_FILE, HEADING_FILE, HEADING_CYRILLIC_FILE)

#: The text size of the settings as a factor (1.0 = 100%), the one in use (a screen whose menu
#: cannot stand in the window at the settings' size uses a smaller one, never under 1.0:
#: ``ui/screen.py``), and how many times the setting has changed (a screen laid out under an
#: older one lays itself out again).
_text = {"setting": 1.0, "scale": 1.0, "generation": 0}
#: Whether the screen being laid out sets all its text at one size (``Screen.even_text``): a
#: text or a menu that cannot hold its words at the size in use then says so
#: (``layout.overflow``) and the whole screen is laid out a step smaller, rather than that one
#: text alone being set smaller than its neighbours (a title at 200% over rows at 110%).
_even = [False]


def set_text_size(percent: float) -> None:
    """Draw every text from now on at ``percent`` % of its size (100..200, else clamped)."""
    scale = max(1.0, min(2.0, float(percent) / 100)) if percent == percent else 1.0
    if scale != _text["setting"]:
        _text["setting"] = scale
        _text["generation"] += 1
    _text["scale"] = scale


def text_setting() -> float:
    """The text size of the settings as a factor: 1.0 .. 2.0."""
    return _text["setting"]


def use_scale(scale: float) -> None:
    """The texts made from now on: at ``scale`` (kept in 1.0 .. the setting)."""
    _text["scale"] = max(1.0, min(_text["setting"], scale))


def text_scale() -> float:
    """The text size in use as a factor: 1.0 .. the setting."""
    return _text["scale"]


def set_even(on: bool) -> bool:
    """Lay out the screen from now on with all its text at one size (or not); the old value."""
    old = _even[0]
    _even[0] = bool(on)
    return old


def even() -> bool:
    """Whether the screen being laid out keeps all its text at one size (:func:`set_even`)."""
    return _even[0]


def text_generation() -> int:
    """Changes with every change of the text size."""
    return int(_text["generation"])


def points(size: float, scale: float | None = None) -> float:
    """The size a text asked for at ``size`` points is drawn at: ``size`` times the text size
    (or ``scale``, a text that had to be set smaller in a box too small for it: never below 1)."""
    return size * (_text["scale"] if scale is None else max(1.0, scale))


def heading_font() -> str:
    """The headings' family in the current language: League Spartan, or Manrope for a language
    whose letters League Spartan lacks (Russian: it has no Cyrillic)."""
    return HEADING_CYRILLIC if current_language() in HEADING_FALLBACK else HEADING


@lru_cache(maxsize=64)
def image_font(file: str, size: int) -> ImageFont.FreeTypeFont:
    """One of the font files at a pixel size, for drawing into images with Pillow (card faces,
    the picker's tiles); loaded once per size."""
    return ImageFont.truetype(str(resource_path("fonts", file)), size)
