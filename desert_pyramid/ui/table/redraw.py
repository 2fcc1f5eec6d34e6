"""Redraw only what changed: the parts of the screen a frame must repaint.

A software renderer (Mesa's llvmpipe) pays for every pixel it fills, so a frame in which two cards
fly should not repaint the whole desert. :class:`DirtyTracker` compares every sprite and text with
how it was drawn last frame and returns the rectangles that changed; the view then redraws the
whole scene clipped to those rectangles (the scissor box), and skips a frame where nothing changed.

This needs a back buffer that keeps its pixels across a buffer swap. Offscreen windows and the
software renderer's windows do; GPUs often do not (and do not need the saving).
:class:`BufferProbe` finds out at start-up by drawing a marker, swapping, and reading it back;
until it has, and wherever it fails, every frame is drawn whole.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import arcade

Box = tuple[int, int, int, int]  # left, bottom, right, top (pixels)
FULL_SHARE = 0.55  # redraw everything when the changes cover more than this share of the screen
MAX_BOXES = 4
NEAR = 24  # boxes closer than this are joined at once (the HUD's numbers, a card and its shadow)
PASS_AREA = 40_000  # pixels a software renderer fills in about the time one more pass costs
PAD = 3


def _sprite_box(s: arcade.Sprite) -> Box:
    w, h = abs(s.width), abs(s.height)
    if s.angle % 360:
        r = (w * w + h * h) ** 0.5 / 2
        return (
            int(s.center_x - r) - PAD,
            int(s.center_y - r) - PAD,
            int(s.center_x + r) + PAD + 1,
            int(s.center_y + r) + PAD + 1,
        )
    return (
        int(s.center_x - w / 2) - PAD,
        int(s.center_y - h / 2) - PAD,
        int(s.center_x + w / 2) + PAD + 1,
        int(s.center_y + h / 2) + PAD + 1,
    )


def _text_state(t: arcade.Text) -> tuple[Any, ...] | None:
    label = t.label  # the pyglet label: its plain attributes are cheap to read
    text = label.text
    if not text or not label.visible:
        return None
    return (text, label.x, label.y, label.color, label.font_size)


def _text_box(t: arcade.Text) -> Box:
    return (
        int(t.left) - PAD - 2,
        int(t.bottom) - PAD - 2,
        int(t.right) + PAD + 3,
        int(t.top) + PAD + 3,
    )


def union(a: Box, b: Box) -> Box:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def area(b: Box) -> int:
    return max(0, b[2] - b[0]) * max(0, b[3] - b[1])


def _near(a: Box, b: Box, gap: int = NEAR) -> bool:
    """Whether two boxes overlap or lie within ``gap`` pixels of each other."""
    return a[0] <= b[2] + gap and b[0] <= a[2] + gap and a[1] <= b[3] + gap and b[1] <= a[3] + gap


def merge(boxes: list[Box]) -> list[Box]:
    """Join boxes into fewer: every box is one more pass over the whole scene, which costs about
    as much as filling ``PASS_AREA`` more pixels, so two boxes become one when their union adds
    less than that (and never more than ``MAX_BOXES`` remain). Boxes that touch are joined first,
    in one sweep, so the pairwise search that follows stays small."""
    out: list[Box] = []
    for b in sorted((b for b in boxes if area(b) > 0), key=lambda b: b[0]):
        for i in range(len(out) - 1, -1, -1):
            if _near(out[i], b):
                b = union(out.pop(i), b)
        out.append(b)
    if len(out) > 3 * MAX_BOXES:  # scattered all over: one box per third of the screen's height
        top = max(b[3] for b in out)
        bands: dict[int, Box] = {}
        for b in out:
            k = min(2, int(3 * (b[1] + b[3]) / 2 / max(1, top)))
            bands[k] = union(bands[k], b) if k in bands else b
        out = list(bands.values())
    while len(out) > 1:
        best: tuple[int, int, int] | None = None
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                added = area(union(out[i], out[j])) - area(out[i]) - area(out[j])
                if best is None or added < best[0]:
                    best = (added, i, j)
        assert best is not None
        added, i, j = best
        if added > PASS_AREA and len(out) <= MAX_BOXES:
            break
        joined = union(out[i], out[j])
        out = [b for k, b in enumerate(out) if k not in (i, j)] + [joined]
    return out


class DirtyTracker:
    """What changed on screen since the frame last drawn."""

    def __init__(self) -> None:
        self._full = True
        self._boxes: list[Box] = []
        self._seen: dict[int, tuple[tuple[Any, ...], Box]] = {}

    def invalidate(self, box: Box | None = None) -> None:
        """Mark a box (or, with ``None``, the whole screen) to be drawn again."""
        if box is None:
            self._full = True
        else:
            self._boxes.append(box)

    def _changed(self, key: int, state: tuple[Any, ...] | None, now: set[int]) -> bool:
        """Whether a thing must be repainted where it is now (its old place is queued already)."""
        old = self._seen.get(key)
        if state is None:
            if old is not None:
                self._boxes.append(old[1])
                del self._seen[key]
            return False
        now.add(key)
        if old is not None and old[0] == state:
            return False
        if old is not None:
            self._boxes.append(old[1])
        return True

    def _note(self, key: int, state: tuple[Any, ...], box: Box) -> None:
        self._boxes.append(box)
        self._seen[key] = (state, box)

    def watch(
        self, sprites: Iterable[tuple[arcade.Sprite, float]], texts: Iterable[arcade.Text]
    ) -> set[int]:
        """Compare sprites (with their drawing depth) and texts with the last frame; a box is
        worked out only for what changed."""
        now: set[int] = set()
        seen = self._seen
        boxes = self._boxes
        for s, z in sprites:  # (_changed written out: 125 sprites a frame)
            key = id(s)
            old = seen.get(key)
            # a sprite's state: what it looks like where (the stored RGBA tuple, not the colour
            # property, which converts it on every read); an invisible one has none
            color = s._color
            if not s.visible or color[3] == 0:
                if old is not None:
                    boxes.append(old[1])
                    del seen[key]
                continue
            look = (s._position, s._width, s._height, s._angle, id(s._texture), color, z)
            now.add(key)
            if old is not None:
                if old[0] == look:
                    continue
                boxes.append(old[1])
            box = _sprite_box(s)
            boxes.append(box)
            seen[key] = (look, box)
        for t in texts:
            state = _text_state(t)
            if self._changed(id(t), state, now):
                assert state is not None
                self._note(id(t), state, _text_box(t))
        return now

    def forget_missing(self, now: set[int]) -> None:
        """Things drawn last frame and gone now: their place must be repainted."""
        for key in [k for k in self._seen if k not in now]:
            self._boxes.append(self._seen.pop(key)[1])

    def take(self, width: int, height: int) -> list[Box] | None:
        """The boxes to redraw, clipped to the screen: ``None`` for everything, ``[]`` for nothing."""
        full, boxes = self._full, self._boxes
        self._full, self._boxes = False, []
        if full:
            return None
        clipped = [(max(0, b[0]), max(0, b[1]), min(width, b[2]), min(height, b[3])) for b in boxes]
        merged = merge(clipped)
        if sum(area(b) for b in merged) > FULL_SHARE * width * height:
            return None
        return merged


class BufferProbe:
    """Finds out whether the window's back buffer keeps its pixels across a swap.

    For a few frames a tiny marker of a changing colour is drawn in the bottom-left corner just
    before the swap and read back just after it. Only if every read finds the marker just drawn
    does the window redraw partially; the full frame after the probe paints the marker over.
    """

    FRAMES = 3
    SIZE = 2

    def __init__(self) -> None:
        self.frames = 0
        self.failed = False
        self._colour: tuple[int, int, int, int] | None = None

    @property
    def done(self) -> bool:
        return self.failed or self.frames >= self.FRAMES

    @property
    def preserves(self) -> bool:
        return self.frames >= self.FRAMES and not self.failed

    def before_swap(self) -> None:
        if self.done:
            return
        k = self.frames
        self._colour = (37 + 61 * k, 201 - 47 * k, 90 + 29 * k, 255)
        arcade.draw_lrbt_rectangle_filled(0, self.SIZE, 0, self.SIZE, self._colour)

    def after_swap(self) -> None:
        if self.done or self._colour is None:
            return
        image = arcade.get_image(0, 0, self.SIZE, self.SIZE).convert("RGBA")
        ok = all(
            image.getpixel((x, y)) == self._colour
            for x in range(self.SIZE)
            for y in range(self.SIZE)
        )
        if ok:
            self.frames += 1
        else:
            self.failed = True
        self._colour = None
