"""The desert behind the table: a sky that follows the daylight, a sun, distant pyramids, dunes, sand.

Drawn with Arcade shapes batched in one :class:`arcade.shape_list.ShapeElementList`, rebuilt only
when the window size or the light changes by a visible step. The sand is the clear colour, so the
biggest area costs nothing to draw.
"""

from __future__ import annotations

import math

import arcade
from arcade.shape_list import (
    ShapeElementList,
    create_ellipse_filled,
    create_line,
    create_rectangle_filled_with_colors,
    create_triangles_filled_with_colors,
    create_triangles_strip_filled_with_colors,
)

from desert_pyramid.ui.base.geometry import Rect

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

SAND: RGB = (226, 190, 132)
# (sky top, sky at the horizon, sun, sand tint) at noon, sunset and dusk
NOON = ((62, 128, 204), (196, 222, 236), (255, 246, 200), (226, 190, 132))
SUNSET = ((70, 66, 138), (250, 150, 84), (255, 170, 80), (214, 160, 110))
DUSK = ((18, 20, 52), (104, 62, 96), (200, 90, 70), (120, 96, 96))
LIGHT_STEPS = 48  # the light changes in this many visible steps from noon to dusk
# distant pyramids: (centre x, half base, height) as fractions of the width, width and height
PYRAMIDS = ((0.12, 0.20, 0.20), (0.27, 0.11, 0.11), (0.90, 0.16, 0.15), (0.74, 0.08, 0.07))


def sun_position(w: float, h: float, hz: float, dusk: float) -> tuple[float, float, float]:
    """Where the sun is (centre x, centre y, radius) for a light level (0 noon .. 1 dusk): high on
    the right at noon, sinking to the left over the open sky between the distant pyramids, and
    setting on the horizon at dusk (the dunes cover its lower half). It never passes behind a
    pyramid and never sits on the sand."""
    r = min(w, h) * 0.055
    x = w * (0.80 - 0.22 * dusk)
    y = hz + (h - hz) * 0.62 * (1 - dusk) + r * 0.25 * dusk
    return x, y, r


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return (
        int(a[0] + (b[0] - a[0]) * t),
        int(a[1] + (b[1] - a[1]) * t),
        int(a[2] + (b[2] - a[2]) * t),
    )


def palette(dusk: float) -> tuple[RGB, RGB, RGB, RGB]:
    """The colours for a light level: 0 noon, 0.6 sunset, 1 dusk."""
    dusk = min(1.0, max(0.0, dusk))
    if dusk <= 0.6:
        t = dusk / 0.6
        lo, hi = NOON, SUNSET
    else:
        t = (dusk - 0.6) / 0.4
        lo, hi = SUNSET, DUSK
    return (mix(lo[0], hi[0], t), mix(lo[1], hi[1], t), mix(lo[2], hi[2], t), mix(lo[3], hi[3], t))


class Scenery:
    """The backdrop for one window size; call :meth:`draw` each frame."""

    def __init__(self) -> None:
        self._key: tuple[int, int, int, int] | None = None
        self._shapes: ShapeElementList[arcade.shape_list.Shape] | None = None  # sky to dunes
        self._ripples: ShapeElementList[arcade.shape_list.Shape] | None = None  # on the sand
        self.sky_bottom = 0.0  # nothing of the sky, the pyramids or the dunes lies under this
        self._ripple_boxes: list[Rect] = []  # where each ripple lies
        self.sand: RGB = SAND
        self.version = 0  # changes whenever the picture does

    def clear_colour(self) -> RGBA:
        return (*self.sand, 255)

    def prepare(self, width: int, height: int, horizon: float, dusk: float = 0.0) -> None:
        """Build the shapes for this size and light (kept while nothing visible changes)."""
        step = int(round(min(1.0, max(0.0, dusk)) * LIGHT_STEPS))
        key = (width, height, int(horizon), step)
        if key == self._key:
            return
        self._key = key
        self.version += 1
        sky_top, sky_low, sun, sand = palette(step / LIGHT_STEPS)
        self.sand = sand
        w, h, hz = float(width), float(height), float(horizon)
        shapes: ShapeElementList[arcade.shape_list.Shape] = ShapeElementList()
        shapes.append(
            create_rectangle_filled_with_colors(
                [(0, h), (w, h), (w, hz), (0, hz)], [sky_top, sky_top, sky_low, sky_low]
            )
        )
        # the sun sinks with the light
        d = step / LIGHT_STEPS
        sun_x, sun_y, r = sun_position(w, h, hz, d)
        for k, alpha in ((2.2, 28), (1.7, 45), (1.3, 70)):
            shapes.append(
                create_ellipse_filled(sun_x, sun_y, r * k, r * k, (*sun, alpha), num_segments=40)
            )
        shapes.append(create_ellipse_filled(sun_x, sun_y, r, r, (*sun, 255), num_segments=40))
        # distant pyramids on the horizon: a lit face and a shaded face each
        lit = mix((236, 196, 128), sky_low, 0.30 + 0.3 * d)
        shade = mix((176, 130, 80), sky_top, 0.25 + 0.3 * d)
        for cx, base, tall in PYRAMIDS:
            self._pyramid(shapes, w * cx, hz, w * base, h * tall, lit, shade)
        # dunes just under the horizon, then the sand (the clear colour)
        far = mix(sand, sky_low, 0.22)
        near = mix(sand, (255, 236, 196), 0.10)
        self._dune(shapes, w, hz + 2, hz - h * 0.05, h * 0.035, 1.3, far)
        self._dune(shapes, w, hz - h * 0.03, hz - h * 0.10, h * 0.03, 2.1, near)
        self.sky_bottom = min(hz - h * 0.10, sun_y - 2.2 * r) - 1  # (the dunes, the sun's glow)
        # ripples in the sand: soft curved strokes
        ripples: ShapeElementList[arcade.shape_list.Shape] = ShapeElementList()
        self._ripple_boxes = []
        ripple = (*mix(sand, (160, 120, 70), 0.30), 70)
        for i in range(6):
            y = hz - h * (0.17 + 0.13 * i)
            if y < h * 0.08:
                break
            x0 = w * (0.02 + ((i * 0.37) % 0.1)) if i % 2 else w * (0.76 + ((i * 0.29) % 0.05))
            pts = [
                (x0 + w * 0.2 * k / 8, y + h * 0.012 * math.sin(math.pi * k / 8)) for k in range(9)
            ]
            for a, b in zip(pts, pts[1:], strict=False):
                ripples.append(create_line(a[0], a[1], b[0], b[1], ripple, 2))
            xs, ys = [x for x, _ in pts], [y for _, y in pts]
            self._ripple_boxes.append(
                Rect.from_box((min(xs), min(ys), max(xs), max(ys))).inflated(2)
            )
        self._shapes = shapes
        self._ripples = ripples

    @staticmethod
    def _pyramid(
        shapes: ShapeElementList[arcade.shape_list.Shape],
        cx: float,
        hz: float,
        half: float,
        tall: float,
        lit: RGB,
        shade: RGB,
    ) -> None:
        apex = (cx + half * 0.18, hz + tall)
        a, b = (*lit, 255), (*shade, 255)
        shapes.append(
            create_triangles_filled_with_colors(
                [(cx - half, hz), apex, (cx + half * 0.45, hz)], [a, a, a]
            )
        )
        shapes.append(
            create_triangles_filled_with_colors(
                [(cx + half * 0.45, hz), apex, (cx + half, hz)], [b, b, b]
            )
        )

    @staticmethod
    def _dune(
        shapes: ShapeElementList[arcade.shape_list.Shape],
        w: float,
        top: float,
        bottom: float,
        amp: float,
        waves: float,
        colour: RGB,
    ) -> None:
        """A band whose top edge rolls like dunes (a triangle strip: bottom, top, bottom, top...)."""
        points: list[tuple[float, float]] = []
        n = 32
        for i in range(n + 1):
            x = w * i / n
            points.append((x, bottom))
            points.append((x, top - amp + amp * math.sin(i / n * math.pi * 2 * waves + 0.7)))
        shapes.append(
            create_triangles_strip_filled_with_colors(points, [(*colour, 255)] * len(points))
        )

    def draw(self, box: tuple[int, int, int, int] | None = None) -> None:
        """Draw the desert over the sand (the clear colour); with ``box`` (left, bottom, right,
        top: a partial redraw, clipped to it) only the parts that reach into the box: a card
        flying over the sand costs the sky nothing."""
        if self._shapes is not None and (box is None or box[3] >= self.sky_bottom):
            self._shapes.draw()
        area = None if box is None else Rect.from_box(box)
        if self._ripples is not None and (
            area is None or any(r.overlaps(area) for r in self._ripple_boxes)
        ):
            self._ripples.draw()
