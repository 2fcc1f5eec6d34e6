"""The game's text: :class:`arcade.Text` on whole pixels, in the font it was asked for.

Whole pixels: a glyph drawn half a pixel off the pixel grid loses whole rows or columns under the
renderer's sampling (seen with Mesa's software renderer): the dot of an i, a full stop and the
"…" of a cut sentence vanish ("on its own  A card", "it pai"). Every position a text gets, when it
is made and when it moves, is rounded; pyglet's own anchors (``width // 2``) are whole already.

Arrows: Liberation Sans's ← → ↑ ↓ are a few pixels wide and low on the line, dashes at the sizes
of key hints; they are drawn as its triangles ◄ ► ▲ ▼, which read as arrows at every size. A
text's ``text`` is still what it was given (the triangles are only drawn).

The asked-for font: Arcade looks a font name up in its regular weight before it hands it to
pyglet, and a family that ships only a bold face (the heading font) is then replaced by the
system's default font. A font the game loaded is given to pyglet as it is.
"""

from __future__ import annotations

from typing import Any

import arcade
import pyglet
from arcade.text import _attempt_font_name_resolution

DRAWN = str.maketrans("←→↑↓", "◄►▲▼")
#: Characters the fonts lack that the UI draws as an icon (:func:`cardart.render_icon`) where they
#: stand: the Daily share line's sun. They never reach a :class:`Text`.
ICONS = {"☀": "sun"}


def drawn(text: str) -> str:
    """The characters a text is drawn with."""
    return text.translate(DRAWN)


class Text(arcade.Text):
    def __init__(self, text: str, x: float, y: float, *args: Any, **kwargs: Any) -> None:
        self._given = str(text)
        super().__init__(drawn(self._given), round(x), round(y), *args, **kwargs)

    @property
    def text(self) -> str:
        return self._given

    @text.setter
    def text(self, value: Any) -> None:
        self._given = str(value)
        arcade.Text.text.fset(self, drawn(self._given))  # type: ignore[attr-defined]

    def _init_deferred(self) -> None:  # Arcade 3.3's deferred set-up, less its font look-up
        arcade.get_window()
        name = self._arguments["font_name"]
        if not (isinstance(name, str) and pyglet.font.have_font(name)):
            name = _attempt_font_name_resolution(name)
        self._arguments["font_name"] = name
        self._label = pyglet.text.Label(**self._arguments)
        self._initialized = True

    @arcade.Text.x.setter  # type: ignore[attr-defined,untyped-decorator]
    def x(self, x: float) -> None:
        arcade.Text.x.fset(self, round(x))  # type: ignore[attr-defined]

    @arcade.Text.y.setter  # type: ignore[attr-defined,untyped-decorator]
    def y(self, y: float) -> None:
        arcade.Text.y.fset(self, round(y))  # type: ignore[attr-defined]

    @arcade.Text.position.setter  # type: ignore[attr-defined,untyped-decorator]
    def position(self, point: Any) -> None:
        x, y, *z = point
        arcade.Text.position.fset(self, (round(x), round(y), *z))  # type: ignore[attr-defined]
