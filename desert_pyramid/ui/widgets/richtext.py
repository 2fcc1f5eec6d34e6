"""Rich text for the How to play screen: paragraphs of :mod:`desert_pyramid.content` markup laid out
in a column, with bold runs, bullets and card names drawn as little cards in their suit colour.

A :class:`RichText` collects :class:`arcade.Text` runs in one batch and the card chips in one sprite
list; the caller says where each block goes (any coordinate system: the How to play pages lay out
in "content" coordinates, y going down from 0, and draw through a scrolling camera). Words are
measured with pyglet's own glyph advances, so a line wraps exactly where the drawn text ends.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import arcade
import pyglet

from desert_pyramid.content import Paragraph, Span
from desert_pyramid.engine.cards import SUIT_CHARS
from desert_pyramid.ui.art import cardart
from desert_pyramid.ui.art.assets import Assets
from desert_pyramid.ui.art.skin import skin
from desert_pyramid.ui.base.fonts import FONT, heading_font, points
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.palette import (
    BOLD_INK,
    CHIP_EDGE,
    CHIP_PAPER,
    GOLD,
    INK,
    RGB,
)
from desert_pyramid.ui.widgets.text import Text, drawn

LINE = 1.5  # line height, as a multiple of the font's pixel size
BULLET = "•"
_SPACE = re.compile(r"(\s+)")


def px(size: float, scale: float | None = None) -> float:
    """A font size asked for in points as the pixels it is drawn at (pyglet draws at 96 dpi; the
    text size in use, or ``scale``, applied: :func:`fonts.points`)."""
    return points(size, scale) * 96 / 72


@lru_cache(maxsize=32)
def _font(name: str, size: float, bold: bool) -> pyglet.font.base.Font:
    return pyglet.font.load(name, size, weight="bold" if bold else "normal")


def text_width(
    text: str, size: float, bold: bool = False, name: str = FONT, scale: float | None = None
) -> float:
    """The advance width of ``text`` as pyglet draws it at ``size`` (the text size in use, or
    ``scale``, applied), in pixels."""
    return _width(text, points(size, scale), bold, name)


@lru_cache(maxsize=8192)
def _width(text: str, size: float, bold: bool, name: str) -> float:
    glyphs, positions = _font(name, size, bold).get_glyphs(drawn(text))
    return float(sum(g.advance for g in glyphs) + sum(p.x_advance for p in positions))


def font_metrics(
    size: float, bold: bool = False, name: str = FONT, scale: float | None = None
) -> tuple[float, float]:
    """(ascent, descent) of the font at ``size`` (the text size applied) in pixels; descent is
    negative."""
    f = _font(name, points(size, scale), bold)
    return float(f.ascent), float(f.descent)


@dataclass(frozen=True)
class Piece:
    """A piece of a word: plain or bold text, or a card (``card`` set, ``text`` its label)."""

    text: str
    bold: bool
    card: str | None = None


@dataclass(frozen=True)
class Chip:
    """A card name drawn as a chip: which card, and where (for tests and hit checks)."""

    card: str
    rect: Rect


def words_of(paragraph: Paragraph) -> list[list[Piece]]:
    """The paragraph as words (lists of pieces); lines break only between words."""
    words: list[list[Piece]] = []
    current: list[Piece] = []
    for span in paragraph.spans:
        if span.card is not None:
            current.append(Piece(span.text, span.bold, span.card))
            continue
        for part in _SPACE.split(span.text):
            if not part:
                continue
            if part.isspace():
                if current:
                    words.append(current)
                current = []
            else:
                current.append(Piece(part, span.bold))
    if current:
        words.append(current)
    return _glue(words)


GLUE = {"+", "=", "×", "−", "-", "–"}


def _glue(words: list[list[Piece]]) -> list[list[Piece]]:
    """Keep "5 + 8 = 13" on one line: an operator word joins its neighbours (with spaces)."""
    out: list[list[Piece]] = []
    join_next = False
    for word in words:
        op = len(word) == 1 and word[0].card is None and word[0].text in GLUE
        if out and (op or join_next):
            prev = out[-1]
            out[-1] = [*prev, Piece("\u00a0", prev[-1].bold), *word]
        else:
            out.append(list(word))
        join_next = op
    return out


class RichText:
    """Texts and card chips drawn together. Keep the object alive while it is drawn.

    A ``dry`` RichText lays out without making anything: it only tells where things would go
    (a page measures its whole content that way, and makes the texts of a part when it shows)."""

    def __init__(self, assets: Assets, four_colour: bool = False, dry: bool = False) -> None:
        self.assets = assets
        self.four_colour = four_colour
        self.dry = dry
        self.batch = pyglet.graphics.Batch()
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.items: list[arcade.Text] = []
        self.chips: list[Chip] = []

    # -- single texts ------------------------------------------------------------------------------
    def text(
        self,
        text: str,
        x: float,
        y: float,
        size: float,
        colour: RGB = INK,
        bold: bool = False,
        anchor_x: str = "left",
        anchor_y: str = "baseline",
        font: str = FONT,
    ) -> arcade.Text | None:
        if self.dry:
            return None
        t = Text(
            text,
            round(x),
            round(y),
            colour,
            size,
            font_name=font,
            bold=bold,
            anchor_x=anchor_x,
            anchor_y=anchor_y,
            batch=self.batch,
        )
        self.items.append(t)
        return t

    def heading(
        self,
        text: str,
        x: float,
        y: float,
        size: float,
        colour: RGB = GOLD,
        anchor_x: str = "left",
        anchor_y: str = "center",
    ) -> arcade.Text | None:
        return self.text(
            text,
            x,
            y,
            size,
            colour,
            bold=True,
            anchor_x=anchor_x,
            anchor_y=anchor_y,
            font=heading_font(),
        )

    def line_text(
        self, text: str, x: float, top: float, size: float, colour: RGB = INK, bold: bool = False
    ) -> float:
        """One line of plain text with its top at ``top``; returns the bottom of the line box."""
        lh = px(size) * LINE
        self.text(text, x, self._baseline(top, size, bold), size, colour, bold)
        return top - lh

    # -- paragraphs -----------------------------------------------------------------------------------
    def paragraph(
        self,
        paragraph: Paragraph,
        x: float,
        top: float,
        width: float,
        size: float,
        colour: RGB = INK,
        bold_colour: RGB = BOLD_INK,
        bold: bool = False,
    ) -> float:
        """Lay out one paragraph (a bullet is indented behind a dot) with its top at ``top``,
        wrapped to ``width``; returns the y of its bottom."""
        indent = 0.0
        if paragraph.bullet:
            indent = px(size) * 1.2
            self.text(
                BULLET,
                x + px(size) * 0.25,
                self._baseline(top, size, bold),
                size,
                bold_colour,
                True,
            )
        lines = self._wrap(words_of(paragraph), width - indent, size, bold)
        y = top
        for line in lines:
            self._draw_line(line, x + indent, y, size, colour, bold_colour, bold)
            y -= px(size) * LINE
        return y

    def paragraph_text(
        self,
        text: str,
        x: float,
        top: float,
        width: float,
        size: float,
        colour: RGB = INK,
        bold: bool = False,
    ) -> float:
        """A paragraph of plain text (no markup), wrapped like :meth:`paragraph`."""
        return self.paragraph(
            Paragraph(text, (Span(text),)), x, top, width, size, colour, bold=bold
        )

    def paragraphs(
        self,
        paragraphs: tuple[Paragraph, ...] | list[Paragraph],
        x: float,
        top: float,
        width: float,
        size: float,
        colour: RGB = INK,
        gap: float = 0.55,
    ) -> float:
        """Paragraphs one after another; consecutive bullets sit closer together."""
        y = top
        prev: Paragraph | None = None
        for p in paragraphs:
            if prev is not None:
                y -= px(size) * (0.15 if (p.bullet and prev.bullet) else gap)
            y = self.paragraph(p, x, y, width, size, colour)
            prev = p
        return y

    def paragraphs_height(
        self,
        paragraphs: tuple[Paragraph, ...] | list[Paragraph],
        width: float,
        size: float,
        gap: float = 0.55,
    ) -> float:
        """The height :meth:`paragraphs` would take."""
        lh = px(size) * LINE
        h = 0.0
        prev: Paragraph | None = None
        for p in paragraphs:
            if prev is not None:
                h += px(size) * (0.15 if (p.bullet and prev.bullet) else gap)
            h += lh * self.measure(p, width, size)
            prev = p
        return h

    def measure(self, paragraph: Paragraph, width: float, size: float, bold: bool = False) -> int:
        """How many lines the paragraph takes at this width."""
        indent = px(size) * 1.2 if paragraph.bullet else 0.0
        return len(self._wrap(words_of(paragraph), width - indent, size, bold))

    # -- inside ---------------------------------------------------------------------------------------
    def _baseline(self, top: float, size: float, bold: bool) -> float:
        ascent, descent = font_metrics(size, bold)
        lh = px(size) * LINE
        return top - (lh - (ascent - descent)) / 2 - ascent

    def _piece_width(self, piece: Piece, size: float, bold: bool) -> float:
        if piece.card is not None:
            return text_width(piece.text, size, True) + px(size) * 0.5
        return text_width(piece.text, size, bold or piece.bold)

    def _wrap(
        self, words: list[list[Piece]], width: float, size: float, bold: bool
    ) -> list[list[list[Piece]]]:
        space = text_width(" ", size, bold)
        lines: list[list[list[Piece]]] = []
        line: list[list[Piece]] = []
        used = 0.0
        for word in words:
            w = sum(self._piece_width(p, size, bold) for p in word)
            if line and used + space + w > width:
                lines.append(line)
                line, used = [], 0.0
            used += (space if line else 0.0) + w
            line.append(word)
        if line:
            lines.append(line)
        return lines

    def _draw_line(
        self,
        line: list[list[Piece]],
        x: float,
        top: float,
        size: float,
        colour: RGB,
        bold_colour: RGB,
        bold: bool,
    ) -> None:
        baseline = self._baseline(top, size, bold)
        run = ""
        run_bold: bool | None = None

        def flush() -> None:
            nonlocal x, run, run_bold
            if run:
                b = bool(run_bold) or bold
                self.text(run, x, baseline, size, bold_colour if run_bold else colour, b)
                x += text_width(run, size, b)
            run, run_bold = "", None

        for i, word in enumerate(line):
            if i:
                if run_bold is None:
                    x += text_width(" ", size, bold)
                else:
                    run += " "
            for piece in word:
                if piece.card is not None:
                    flush()
                    x += self._chip(piece, x, top, size)
                    continue
                if run_bold is not None and run_bold != piece.bold:
                    flush()
                run_bold = piece.bold
                run += piece.text
        flush()

    def _chip(self, piece: Piece, x: float, top: float, size: float) -> float:
        """A card name on a little card of paper, in its suit's colour; returns its width."""
        assert piece.card is not None
        w = self._piece_width(piece, size, True)
        lh = px(size) * LINE
        h = round(px(size) * 1.3)
        cw = round(w - px(size) * 0.12)
        cy = top - lh / 2
        rect = Rect(round(x), round(cy - h / 2), cw, h)
        self.chips.append(Chip(piece.card, rect))
        if self.dry:
            return w
        tex = self.assets.texture(
            f"chip-{cw}x{h}",
            lambda: skin(cw, h, CHIP_PAPER, CHIP_PAPER, CHIP_EDGE, 1, max(2, h // 5)),
        )
        sprite = arcade.Sprite(tex)
        sprite.position = (rect.cx, rect.cy)
        self.sprites.append(sprite)
        suit = SUIT_CHARS.index(piece.card[1])
        ink = cardart.suit_colour(suit, self.four_colour)
        self.text(
            piece.text, rect.cx, self._baseline(top, size, True), size, ink, True, anchor_x="center"
        )
        return w

    def draw(self) -> None:
        self.sprites.draw()
        self.batch.draw()
