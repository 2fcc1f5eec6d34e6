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

from collections.abc import Iterable
from typing import Any

import arcade
import pyglet
from arcade.text import _attempt_font_name_resolution

from desert_pyramid.ui.base import audit, fonts
from desert_pyramid.ui.base.geometry import Rect

DRAWN = str.maketrans("←→↑↓", "◄►▲▼")
UNDRAWN = str.maketrans("◄►▲▼", "←→↑↓")
#: Characters the fonts lack that the UI draws as an icon (:func:`cardart.render_icon`) where they
#: stand: the Daily share line's sun. They never reach a :class:`Text`.
ICONS = {"☀": "sun"}


def drawn(text: str) -> str:
    """The characters a text is drawn with."""
    return text.translate(DRAWN)


class Text(arcade.Text):
    """An :class:`arcade.Text` on whole pixels at the text size in use (``fonts.points``): its
    ``font_size`` is the size asked for, drawn at that size times the text size; ``text_scale``
    (a :class:`FitText` in a box too small for the setting) draws it at a smaller factor."""

    def __init__(
        self,
        text: str,
        x: float,
        y: float,
        *args: Any,
        text_scale: float | None = None,
        **kwargs: Any,
    ) -> None:
        self._given = str(text)
        self._scale = fonts.text_scale() if text_scale is None else max(1.0, text_scale)
        if len(args) >= 2:  # (colour, font_size, ...)
            args = (args[0], fonts.points(args[1], self._scale), *args[2:])
        else:
            kwargs["font_size"] = fonts.points(kwargs.get("font_size", 12), self._scale)
        super().__init__(drawn(self._given), round(x), round(y), *args, **kwargs)

    @property
    def font_size(self) -> float:
        """The size asked for (drawn at :func:`fonts.points` of it)."""
        return float(self.label.font_size) / self._scale

    @font_size.setter
    def font_size(self, size: float) -> None:
        self.label.font_size = fonts.points(size, self._scale)

    @property
    def text(self) -> str:
        return self._given

    @text.setter
    def text(self, value: Any) -> None:
        self._given = str(value)
        self.whole = ""  # shown as given (a cut is marked after: mark_cut)
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

    # -- the layout audit ------------------------------------------------------------------------------
    #: The box the text must fit in (``None``: the window) and the button it labels, for the audit.
    box: Rect | None = None
    owner: str = ""
    #: A text cut with "…" (:func:`mark_cut`): what it was asked to say; ``""``: shown whole.
    whole: str = ""
    #: A screen's heading: the audit faults a pop-up over it.
    is_heading: bool = False

    def draw(self) -> None:
        super().draw()
        report_text(self)


def mark_cut(t: arcade.Text, whole: str) -> None:
    """Tell the audit ``t`` shows ``whole`` cut with "…" (``""``: shown whole)."""
    t.whole = whole  # type: ignore[attr-defined]


def whole_of(t: arcade.Text) -> str:
    """What a cut text was asked to say (``""`` when it is shown whole): a fitted text whose
    drawn words are not its given words, or a text :func:`mark_cut` marked."""
    given = str(getattr(t, "text", ""))
    shown = t.label.text.translate(UNDRAWN).split()
    if given and shown != given.split() and shown and shown[-1].endswith("…"):
        return given
    whole = str(getattr(t, "whole", ""))
    return whole if whole and whole != given else ""


def ink_of(t: arcade.Text) -> Rect | None:
    """Where a text's glyphs are drawn: measured from the font's glyphs (their ink, not the
    line's box) for one line, the lines' laid-out box for a wrapped text; ``None`` when empty."""
    label = t.label
    if not label.text.strip():
        return None
    left, bottom = float(label.left), float(label.bottom)
    if t.multiline:
        w, h = float(label.content_width), float(label.content_height)
        box_w = float(label.width) if label.width else w
        if label.get_style("align") == "center":
            left += (box_w - w) / 2
        elif label.get_style("align") == "right":
            left += box_w - w
        top = float(label.top)
        return Rect(left, top - h, w, h)
    font = label.document.get_font(0, int(label.dpi))
    baseline = bottom - float(font.descent)
    pen, x0, x1, y0, y1 = 0.0, None, None, None, None
    glyphs, _offsets = font.get_glyphs(label.text)
    for glyph in glyphs:
        gx0, gy0, gx1, gy1 = glyph.vertices
        if gx1 > gx0 and gy1 > gy0:  # a space has no ink
            x0 = pen + gx0 if x0 is None else min(x0, pen + gx0)
            x1 = pen + gx1 if x1 is None else max(x1, pen + gx1)
            y0 = gy0 if y0 is None else min(y0, gy0)
            y1 = gy1 if y1 is None else max(y1, gy1)
        pen += glyph.advance
    if x0 is None or x1 is None or y0 is None or y1 is None:
        return None
    return Rect(left + x0, baseline + y0, x1 - x0, y1 - y0)


def report_text(
    t: arcade.Text, box: Rect | None = None, owner: str = "", layer: str | None = None
) -> None:
    """Tell the layout audit a text was drawn (nothing unless the audit is on)."""
    if audit.recording() is None or not t.visible:
        return
    ink = ink_of(t)
    if ink is None:
        return
    label = t.label
    rect = Rect(
        float(label.left),
        float(label.bottom),
        float(label.width or label.content_width),
        float(label.content_height),
    )
    whole = whole_of(t)
    shown = " ".join(label.text.translate(UNDRAWN).split()) if whole else t.text
    audit.report(
        audit.TEXT,
        shown,
        rect,
        layer=layer,
        box=box if box is not None else getattr(t, "box", None),
        ink=ink,
        owner=owner or getattr(t, "owner", ""),
        whole=whole,
        heading=bool(getattr(t, "is_heading", False)),
    )


def report_texts(texts: Iterable[arcade.Text], layer: str | None = None) -> None:
    """:func:`report_text` for each of ``texts`` (the hook of a widget that draws a batch)."""
    if audit.recording() is None:
        return
    for t in texts:
        report_text(t, layer=layer)
