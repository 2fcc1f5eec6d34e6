"""Buttons, button columns with a keyboard focus, panels and text helpers for every screen.

Skins are drawn once with Pillow (rounded sandstone with a gold rim when focused) and drawn as
sprites; labels are :class:`arcade.Text` objects in one batch.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import arcade
import pyglet

from desert_pyramid.ui.art.assets import Assets
from desert_pyramid.ui.art.skin import skin
from desert_pyramid.ui.base import audit, fonts
from desert_pyramid.ui.base.fonts import FONT, heading_font
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.layers import PANEL_ALPHA
from desert_pyramid.ui.base.layout import ELLIPSIS, fit_text, overflow, words_of
from desert_pyramid.ui.base.palette import GOLD, INK, MUTED, PANEL_RIM, RGB
from desert_pyramid.ui.widgets.richtext import font_metrics, px, text_width
from desert_pyramid.ui.widgets.text import (
    Text,
    drawn,
    ink_of,
    mark_cut,
    report_text,
    report_texts,
)

STYLES: dict[str, tuple[RGB, RGB, RGB, int]] = {
    "normal": ((200, 146, 84), (150, 98, 48), (96, 60, 28), 2),
    "focus": ((236, 184, 104), (190, 128, 60), GOLD, 4),
    "disabled": ((170, 150, 128), (136, 118, 98), (100, 84, 70), 2),
    "panel": ((66, 42, 24), (40, 24, 12), PANEL_RIM, 2),
    "round": ((224, 170, 96), (170, 112, 52), (96, 60, 28), 2),
    "round_focus": ((240, 196, 120), (196, 134, 64), GOLD, 4),
    "badge": ((240, 196, 120), (196, 134, 64), GOLD, 4),  # a count in dark ink (every theme)
}


# The high-contrast theme (Settings → High contrast): dark buttons under the light labels, a
# light rim, the focus in black with a thick gold rim; every label at WCAG AA or better
# (tests/ui/test_contrast.py).
HIGH_CONTRAST_STYLES: dict[str, tuple[RGB, RGB, RGB, int]] = {
    "normal": ((52, 34, 18), (30, 18, 8), MUTED, 2),
    "focus": ((0, 0, 0), (0, 0, 0), GOLD, 5),
    "disabled": ((70, 66, 62), (56, 52, 48), (150, 140, 128), 2),
    "panel": ((24, 14, 6), (10, 6, 2), MUTED, 2),
    "round": ((52, 34, 18), (30, 18, 8), MUTED, 2),
    "round_focus": ((0, 0, 0), (0, 0, 0), GOLD, 5),
}
_theme = {"high_contrast": False}
#: A menu's label cut with an ellipsis at a text size over 100% keeps at least this many letters
#: (else the menu is set smaller): "Lay…" is no label.
LABEL_KEPT = 8


def use_high_contrast(on: bool) -> None:
    """The window's setting: every skin drawn from now on follows it."""
    _theme["high_contrast"] = bool(on)


def high_contrast() -> bool:
    return _theme["high_contrast"]


def style_colours(style: str) -> tuple[RGB, RGB, RGB, int]:
    """A skin's (top, bottom, rim, rim width) in the theme in use."""
    if _theme["high_contrast"] and style in HIGH_CONTRAST_STYLES:
        return HIGH_CONTRAST_STYLES[style]
    return STYLES[style]


def skin_texture(
    assets: Assets, style: str, w: int, h: int, radius: int | None = None, alpha: int = 255
) -> arcade.Texture:
    top, bottom, border, bw = style_colours(style)
    r = min(w, h) // 2 if radius is None else radius
    theme = "-hc" if _theme["high_contrast"] and style in HIGH_CONTRAST_STYLES else ""
    return assets.texture(
        f"skin-{style}{theme}-{w}x{h}-{r}-{alpha}",
        lambda: skin(w, h, top, bottom, border, bw, r, alpha),
    )


@dataclass
class Button:
    label: str
    action: Callable[[], None]
    enabled: bool = True
    value: str = ""  # a settings row shows its value on the right
    adjust: Callable[[int], None] | None = None  # ← → change the value
    rect: Rect = Rect(0, 0, 0, 0)
    confirm: str = ""  # a button that cannot be undone asks first: its label becomes this
    armed: bool = False  # pressed once: the next press acts


def option_row(label: str, change: Callable[[int], None]) -> Button:
    """A row that steps a value: Enter (or a click) steps it forward, ← → step it either way."""
    return Button(label, lambda: change(1), adjust=change)


class ButtonColumn:
    """Buttons with one keyboard focus: ↑ ↓ move it, Enter presses, ← → adjust; the mouse too."""

    def __init__(self, assets: Assets, buttons: Sequence[Button]) -> None:
        self.assets = assets
        self.buttons = list(buttons)
        self.focus = 0
        self.batch = pyglet.graphics.Batch()
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._labels: list[arcade.Text] = []
        self._values: list[arcade.Text] = []
        self._font = 16.0
        self._scale = 1.0  # the menu's text size (fonts.points), chosen when it is placed
        #: The room each side of a label, in the button's heights (a row of small buttons, the
        #: layout picker's, leaves less so their labels stand whole)
        self.pad_ratio = 0.45
        self._asked: list[Button] = []  # armed buttons whose question ``asks`` shows
        self.rows = len(self.buttons)  # buttons per column (a menu in columns: layout.button_grid)
        #: Where a button's question ("Quit? Press again") is shown when its button cannot hold
        #: it whole (a larger text size): the screen's message line; the button keeps its label.
        #: ``None``: the question always takes the button's place (cut with "…" if it must).
        self.asks: Callable[[str], None] | None = None

    def place(self, rects: Sequence[Rect], font_size: float, rows: int | None = None) -> None:
        """Put the buttons in these rectangles and (re)build their sprites and labels;
        ``rows``: buttons per column when they stand in columns, down each column."""
        self._font = font_size
        self._scale = self._choose_scale(rects, font_size)
        self.rows = len(self.buttons) if rows is None else max(1, rows)
        self.sprites = arcade.SpriteList()
        self.batch = pyglet.graphics.Batch()
        self._labels = []
        self._values = []
        for b, r in zip(self.buttons, rects, strict=True):
            b.rect = r
            sprite = arcade.Sprite(self._skin(b, False))
            # the skin is int(w) x int(h): centred half a pixel off for an odd size, so that
            # its edges fall on pixel edges (Python's round() goes to even: rows would alternate)
            sprite.position = (int(r.left) + int(r.width) / 2, int(r.bottom) + int(r.height) / 2)
            mid = int(r.bottom) + int(r.height) // 2
            self.sprites.append(sprite)
            align_left = bool(b.value)
            x = r.left + r.height * self.pad_ratio if align_left else r.cx
            self._labels.append(
                Text(
                    self._fitted(b, r, font_size),
                    x,
                    mid,
                    INK,
                    font_size,
                    font_name=FONT,
                    bold=True,
                    anchor_x="left" if align_left else "center",
                    anchor_y="center",
                    batch=self.batch,
                    text_scale=self._scale,
                )
            )
            self._values.append(
                Text(
                    b.value,
                    r.right - r.height * self.pad_ratio,
                    mid,
                    GOLD,
                    font_size,
                    font_name=FONT,
                    bold=True,
                    anchor_x="right",
                    anchor_y="center",
                    batch=self.batch,
                    text_scale=self._scale,
                )
            )
        self.refresh()

    def label_width(self, font_size: float, height: float, confirm: bool = True) -> float:
        """The width the widest button needs for its label (and a row's value) whole at the text
        size in use, with a ``height``-tall button's room each side: a screen makes its buttons
        at least this wide, so a larger text size widens them rather than being set smaller."""
        return max(self.label_widths(font_size, height, confirm), default=0.0)

    def label_widths(self, font_size: float, height: float, confirm: bool = True) -> list[float]:
        """What each button needs (:meth:`label_width`), in order; ``confirm``: the question a
        button asks before it acts ("Quit? Press again") counted too."""
        pad = height * self.pad_ratio
        needs = []
        for b in self.buttons:
            asks = text_width(b.confirm, font_size, True) if confirm else 0.0
            w = 2 * pad + max(text_width(b.label, font_size, True), asks)
            if b.value:
                value = f"‹ {b.value} ›" if b.adjust else b.value
                w += text_width(value, font_size, True) + pad
            needs.append(float(math.ceil(w)) + 2)
        return needs

    def _choose_scale(self, rects: Sequence[Rect], font_size: float) -> float:
        """One text size for the whole menu: the largest, from the setting's down to (never
        under) 100%, at which every label stands in its button's height and no more labels are
        cut with an ellipsis than at 100%."""
        pairs = list(zip(self.buttons, rects, strict=False))

        def cut(scale: float) -> int:
            return sum(1 for b, r in pairs if self._room(b, r, font_size, scale) < 0)

        def readable(scale: float) -> bool:  # a cut label keeps a word's worth of its letters
            self._scale = scale
            kept = [len(self._fitted(b, r, font_size).rstrip(ELLIPSIS)) for b, r in pairs]
            self._scale = 1.0
            return all(
                k >= min(len(b.label), LABEL_KEPT) for k, (b, _r) in zip(kept, pairs, strict=True)
            )

        at_100 = cut(1.0)
        if fonts.text_scale() > 1.0 and not readable(1.0):
            overflow()  # the screen gave its buttons too little width for their labels
        chosen = 1.0
        for scale in text_scales():
            if scale <= 1.0:
                break
            if any(text_height(font_size, 1, scale) > r.height for _b, r in pairs):
                continue
            if cut(scale) <= at_100 and readable(scale):
                chosen = scale
                break
        if fonts.even() and chosen < fonts.text_scale():
            overflow()  # the screen keeps one text size: all of it a step smaller
        return chosen

    def _room(self, b: Button, r: Rect, font_size: float, scale: float) -> float:
        """The width left in button ``b`` at ``r`` once its label and value are set at
        ``scale`` (negative: the label would be cut)."""
        pad = r.height * self.pad_ratio
        room = r.width - 2 * pad - text_width(b.label, font_size, True, scale=scale)
        if b.value:
            value = f"‹ {b.value} ›" if b.adjust else b.value
            room -= text_width(value, font_size, True, scale=scale) + pad
        return room

    def _fitted(self, b: Button, r: Rect, font_size: float) -> str:
        """A button's label as it fits its button (an ellipsis when it cannot: never a smaller
        font); a settings row leaves room for its value."""
        pad = r.height * self.pad_ratio
        room = r.width - 2 * pad
        scale = self._scale
        if b.value:
            value = f"‹ {b.value} ›" if b.adjust else b.value
            room -= text_width(value, font_size, True, scale=scale) + pad
        return fit_text(b.label, room, lambda t: text_width(t, font_size, True, scale=scale))[0]

    def _skin(self, b: Button, focused: bool) -> arcade.Texture:
        r = b.rect
        style = "focus" if focused else ("normal" if b.enabled else "disabled")
        return skin_texture(
            self.assets, style, int(r.width), int(r.height), radius=int(r.height * 0.3)
        )

    def refresh(self) -> None:
        """Show the focus and the current labels and values."""
        for i, (b, sprite) in enumerate(zip(self.buttons, self.sprites, strict=False)):
            sprite.texture = self._skin(b, i == self.focus)
            if i < len(self._labels):
                shown = self._fitted(b, b.rect, self._font)
                self._labels[i].text = shown
                if shown != b.label:  # cut with "…": the audit's fault
                    mark_cut(self._labels[i], b.label)
                self._values[i].text = f"‹ {b.value} ›" if b.value and b.adjust else b.value
                self._labels[i].color = (*INK, 255) if b.enabled else (230, 220, 205, 255)

    def move(self, step: int) -> None:
        if self.buttons:
            self.disarm()
            self.focus = (self.focus + step) % len(self.buttons)
            self.refresh()

    def go_to(self, index: int) -> None:
        """Put the focus on button ``index`` (Home, End)."""
        if self.buttons:
            self.disarm()
            self.focus = max(0, min(index, len(self.buttons) - 1))
            self.refresh()

    def disarm(self) -> None:
        """A button that asked to be pressed again forgets it (the focus moved away)."""
        for b in self.buttons:
            if b.armed:
                b.armed = False
                if any(a is b for a in self._asked):  # its question was shown elsewhere: it goes
                    self._asked = [a for a in self._asked if a is not b]
                    if self.asks is not None:
                        self.asks("")
                else:
                    b.label, b.confirm = b.confirm, b.label

    def _holds(self, b: Button, text: str) -> bool:
        """Whether button ``b`` holds ``text`` whole as its label."""
        r = b.rect
        room = r.width - 2 * r.height * self.pad_ratio
        return r.width <= 0 or text_width(text, self._font, True, scale=self._scale) <= room

    def press(self, index: int | None = None) -> bool:
        i = self.focus if index is None else index
        if 0 <= i < len(self.buttons):
            if i != self.focus:
                self.disarm()
            self.focus = i
            b = self.buttons[i]
            if b.confirm and not b.armed:  # first press: ask (the label says what a second does)
                b.armed = True
                if self.asks is not None and not self._holds(b, b.confirm):
                    self._asked.append(b)  # (the button keeps its label: never a cut question)
                    self.asks(b.confirm)
                else:
                    b.label, b.confirm = b.confirm, b.label
                self.refresh()
                return True
            if b.armed:
                self.disarm()
            self.refresh()
            b.action()
            return True
        return False

    def _across(self, step: int) -> bool:
        """← →: to the button beside the focused one when the menu stands in columns."""
        rows = self.rows
        target = self.focus + step * rows
        if rows >= len(self.buttons) or not 0 <= target < len(self.buttons):
            return False
        self.go_to(target)
        return True

    def adjust(self, step: int) -> bool:
        b = self.buttons[self.focus] if self.buttons else None
        if b is not None and b.adjust is not None:
            b.adjust(step)
            self.refresh()
            return True
        return False

    def on_action(self, action: str | None) -> bool:
        """Handle a menu action from the key table; ``True`` when it was used."""
        if action == "menu_up":
            self.move(-1)
        elif action == "menu_down":
            self.move(1)
        elif action == "menu_accept":
            self.press()
        elif action == "menu_left":
            return self.adjust(-1) or self._across(-1)
        elif action == "menu_right":
            return self.adjust(1) or self._across(1)
        elif action == "list_first":
            self.go_to(0)
        elif action == "list_last":
            self.go_to(len(self.buttons) - 1)
        else:
            return False
        return True

    def hit(self, x: float, y: float) -> int | None:
        for i, b in enumerate(self.buttons):
            if b.rect.contains(x, y):
                return i
        return None

    def hover(self, x: float, y: float) -> None:
        i = self.hit(x, y)
        if i is not None and i != self.focus:
            self.disarm()
            self.focus = i
            self.refresh()

    def click(self, x: float, y: float) -> bool:
        """A click presses a button; on a value (right part) of a row it changes the value."""
        i = self.hit(x, y)
        if i is None:
            return False
        b = self.buttons[i]
        if b.adjust is not None:
            self.focus = i
            r = b.rect
            # the value sits on the right: its left half ("‹") steps down, the rest steps up
            down = r.right - r.width * 0.45 <= x < r.right - r.width * 0.22
            b.adjust(-1 if down else 1)
            self.refresh()
            return True
        return self.press(i)

    def draw(self) -> None:
        self.sprites.draw()
        self.batch.draw()
        if audit.recording() is not None:
            self.report()

    def report(self) -> None:
        """Tell the layout audit where the buttons and their labels are."""
        for i, b in enumerate(self.buttons[: len(self._labels)]):
            owner = f"{id(self)}:{i}"
            audit.report(audit.BUTTON, b.label, b.rect, owner=owner)
            report_text(self._labels[i], box=b.rect, owner=owner)
            report_text(self._values[i], box=b.rect, owner=owner)


def panel_sprite(assets: Assets, rect: Rect) -> arcade.Sprite:
    """A dark rounded panel behind a menu: opaque (see :mod:`layers`), so the sun, the cards
    and the coach never show through its text."""
    alpha = PANEL_ALPHA
    w, h = int(rect.width), int(rect.height)
    sprite = arcade.Sprite(
        skin_texture(assets, "panel", w, h, radius=max(8, int(min(w, h) * 0.04)), alpha=alpha)
    )
    sprite.position = (round(rect.cx), round(rect.cy))
    sprite.properties["audit"] = audit.PANEL
    return sprite


def report_sprites(sprites: Iterable[arcade.Sprite]) -> None:
    """Tell the layout audit where a screen's pictures are (its panels, cards, icons): none may
    lie outside the window."""
    if audit.recording() is None:
        return
    for s in sprites:
        if s.visible:
            kind = s.properties.get("audit", "picture")
            audit.report(kind, kind, Rect(s.left, s.bottom, s.width, s.height))


def heading(
    text: str,
    x: float,
    y: float,
    size: float,
    batch: pyglet.graphics.Batch | None = None,
    colour: RGB = GOLD,
    anchor_x: str = "center",
) -> arcade.Text:
    t = Text(
        text,
        x,
        y,
        colour,
        size,
        font_name=heading_font(),
        bold=True,
        anchor_x=anchor_x,
        anchor_y="center",
        batch=batch,
    )
    t.is_heading = True
    return t


def label(
    text: str,
    x: float,
    y: float,
    size: float,
    batch: pyglet.graphics.Batch | None = None,
    colour: RGB = INK,
    anchor_x: str = "center",
    bold: bool = False,
    width: int | None = None,
    anchor_y: str = "center",
) -> arcade.Text:
    return Text(
        text,
        x,
        y,
        colour,
        size,
        font_name=FONT,
        anchor_x=anchor_x,
        anchor_y=anchor_y,
        bold=bold,
        batch=batch,
        width=width,
        multiline=width is not None,
        align="center" if anchor_x == "center" and width else "left",
    )


class TextGroup:
    """Texts drawn together in one batch. The group keeps them alive (a text that is garbage
    collected leaves its batch)."""

    def __init__(self) -> None:
        self.batch = pyglet.graphics.Batch()
        self.items: list[arcade.Text] = []
        # fitted texts of one size and style: drawn at one text size (the smallest any of them
        # needed), so a column of labels does not mix sizes
        self._peers: dict[tuple[float, bool, bool], list[FitText]] = {}

    def heading(
        self,
        text: str,
        x: float,
        y: float,
        size: float,
        colour: RGB = GOLD,
        anchor_x: str = "center",
    ) -> arcade.Text:
        t = heading(text, x, y, size, self.batch, colour=colour, anchor_x=anchor_x)
        self.items.append(t)
        return t

    def label(
        self,
        text: str,
        x: float,
        y: float,
        size: float,
        colour: RGB = INK,
        anchor_x: str = "center",
        bold: bool = False,
        width: int | None = None,
    ) -> arcade.Text:
        t = label(
            text, x, y, size, self.batch, colour=colour, anchor_x=anchor_x, bold=bold, width=width
        )
        self.items.append(t)
        return t

    def fitted(
        self,
        text: str,
        box: Rect,
        size: float,
        *,
        colour: RGB = INK,
        bold: bool = False,
        heading: bool = False,
        max_lines: int = 1,
        align: str = "center",
    ) -> arcade.Text:
        """A :class:`FitText` in ``box``, drawn with the group."""
        t = FitText(
            text,
            box,
            size,
            colour=colour,
            bold=bold,
            heading=heading,
            max_lines=max_lines,
            align=align,
            batch=self.batch,
        )
        self.items.append(t)
        peers = self._peers.setdefault((size, bold, heading), [])
        peers.append(t)
        least = min(p.text_scale for p in peers)
        for p in peers:
            p.cap_scale(least)
        return t

    def draw(self) -> None:
        self.batch.draw()
        report_texts(self.items)


class FitText(Text):
    """A text fitted into a box (the one place texts are fitted): wrapped to at most
    ``max_lines`` lines, then cut with an ellipsis (:func:`layout.fit_text`); fitted again
    whenever its ``text`` changes. At a text size over 100% (Settings → Text size) it is drawn at
    the largest size, from the setting's down to (never under) 100%, at which the whole text
    fits the box; only at 100% is it cut. Centred in the box's height; ``align`` left,
    center or right. ``text`` is what it was given; the audit checks the drawn glyphs against
    ``box``."""

    def __init__(
        self,
        text: str,
        box: Rect,
        size: float,
        *,
        colour: RGB = INK,
        bold: bool = False,
        heading: bool = False,
        max_lines: int = 1,
        align: str = "center",
        batch: pyglet.graphics.Batch | None = None,
    ) -> None:
        name = heading_font() if heading else FONT
        bold = bold or heading
        self._size, self._bold, self._name = size, bold, name
        self._max_lines = max_lines
        self._area = box  # where the lines are centred (``box`` is the audit's)
        self._top = fonts.text_scale()
        self._align = align
        scale, lines = self._choose(str(text))
        self._room = max(1.0, box.width - 2 * self._pad(scale))
        super().__init__(
            "\n".join(lines),
            self._x(scale),
            box.bottom,
            colour,
            size,
            font_name=name,
            bold=bold,
            anchor_x=align,
            anchor_y="bottom",
            batch=batch,
            multiline=max_lines > 1,
            width=int(self._room) + 1 if max_lines > 1 else None,
            align=align,
            text_scale=scale,
        )
        self._given = str(text)
        self.box = box
        self.is_heading = heading
        self._centre()

    @property
    def text_scale(self) -> float:
        """The text size it is drawn at (``fonts.points``)."""
        return self._scale

    def cap_scale(self, scale: float) -> None:
        """Never drawn larger than ``scale`` from now on (its peers in a :class:`TextGroup`
        needed that size)."""
        if scale < self._top:
            self._top = max(1.0, scale)
            self.text = self._given  # fitted again at the new bound

    def _pad(self, scale: float) -> float:
        return max(2.0, px(self._size, scale) * 0.2)

    def _x(self, scale: float) -> float:
        box, pad = self._area, self._pad(scale)
        return {"left": box.left + pad, "right": box.right - pad}.get(self._align, box.cx)

    def _lines(self, text: str, scale: float) -> list[str] | None:
        """``text`` fitted at ``scale``; ``None`` when not even one line's height fits the box."""
        fit = min(self._max_lines, self._lines_held(scale))
        if fit < 1:
            return None
        room = max(1.0, self._area.width - 2 * self._pad(scale))
        return fit_text(
            text, room, lambda t: text_width(t, self._size, self._bold, self._name, scale), fit
        )

    def _lines_held(self, scale: float) -> int:
        """How many lines the box's height holds at ``scale`` (at 100%: always ``max_lines``,
        the screen made the box for them)."""
        if scale <= 1.0:
            return self._max_lines
        n = 0
        while n < self._max_lines and text_height(self._size, n + 1, scale) <= self._area.height:
            n += 1
        return n

    def _choose(self, text: str) -> tuple[float, list[str]]:
        """The largest text size (the setting's, else smaller, never under 100%) at which the
        whole text fits the box, and its lines; at 100% it is cut with an ellipsis."""
        words = text.split()

        def whole(lines: list[str] | None) -> bool:
            return lines is not None and (
                " ".join(lines).split() == words or words_of(lines) == words
            )

        for scale in text_scales(self._top):
            lines = self._lines(text, scale)
            if whole(lines):
                assert lines is not None
                if fonts.even() and scale < fonts.text_scale():
                    overflow()  # the screen keeps one text size: all of it a step smaller
                return scale, lines
        return 1.0, self._lines(text, 1.0) or [text]

    def _centre(self) -> None:
        """The lines' boxes in the middle of ``box``'s height, on a whole pixel. (Not pyglet's
        centre anchor: for one line it sits lower, for looks, and eats the room under the
        descenders that :func:`text_height` leaves, so a glyph could touch the box's bottom.)"""
        self.y = self._area.bottom + (self._area.height - self.content_height) / 2
        if self.multiline:
            return
        ink = ink_of(self)  # an accented capital (É, Á) may reach over the line's box
        if ink is not None and not ink.inside(self._area.inflated(-audit.MARGIN)):
            self.y = self.y + (self._area.cy - ink.cy)  # the glyphs in the middle instead

    @property
    def text(self) -> str:
        return self._given

    @text.setter
    def text(self, value: object) -> None:
        self._given = str(value)
        scale, lines = self._choose(self._given)
        if scale != self._scale:  # a longer text set smaller, a shorter one larger again
            self._scale = scale
            self._room = max(1.0, self._area.width - 2 * self._pad(scale))
            self.label.font_size = fonts.points(self._size, scale)
            self.x = self._x(scale)
            if self.multiline:
                self.label.width = int(self._room) + 1
        arcade.Text.text.fset(self, drawn("\n".join(lines)))  # type: ignore[attr-defined]
        self._centre()  # a refitted text may take another number of lines


def fitted(
    text: str,
    box: Rect,
    size: float,
    batch: pyglet.graphics.Batch | None = None,
    *,
    colour: RGB = INK,
    bold: bool = False,
    heading: bool = False,
    max_lines: int = 1,
    align: str = "center",
) -> arcade.Text:
    """A :class:`FitText` in ``box``."""
    return FitText(
        text,
        box,
        size,
        colour=colour,
        bold=bold,
        heading=heading,
        max_lines=max_lines,
        align=align,
        batch=batch,
    )


def text_height(size: float, lines: int = 1, scale: float | None = None) -> float:
    """The height a text of ``lines`` lines of ``size`` points needs (its line boxes), at the text
    size in use (or ``scale``)."""
    ascent, descent = font_metrics(size, scale=scale)
    return round((ascent - descent) * (1.2 * lines - 0.2) + 4)


def text_scales(top: float | None = None) -> list[float]:
    """The text sizes a text may be set at, largest first: the one in use (or ``top``), then
    smaller by tenths down to 100% (a box too small for the setting; never smaller than 100%)."""
    out = [fonts.text_scale() if top is None else top]
    while out[-1] > 1.0:
        out.append(max(1.0, round(out[-1] - 0.1, 2)))
    return out


def focus_hover(column: ButtonColumn, x: float, y: float) -> None:
    """Mouse-over: the button under the pointer shows the focus; none when there is none."""
    i = column.hit(x, y)
    focus = -1 if i is None else i
    if focus != column.focus:
        column.focus = focus
        column.refresh()
