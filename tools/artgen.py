"""Procedural art for Desert Pyramid: relic icons and card backs.

A maintainer tool, not part of the game at run time::

    python tools/artgen.py                 # redraw everything into resources/images/
    python tools/artgen.py --out DIR       # somewhere else (relics/ and backs/ inside)
    python tools/artgen.py --only old_key --only sandstone
    python tools/artgen.py --sheet /tmp/contact.png   # also a contact sheet to look at

It lives in the maintainer folder ``tools/``, outside the shipped package.

Everything is drawn with Pillow from shapes (no source images, no fonts): each picture is drawn
at ``SS`` times its size and scaled down with LANCZOS for smooth edges. Nothing depends on the
clock or on unseeded randomness, so a run gives the same pixels every time (and, with the same
Pillow and zlib, the same bytes).

Which pictures exist, and their names, come from the data files ``relics/relics.toml`` and
``backs/backs.toml`` under ``resources/images/``; every id listed there must have a drawing
here, and every drawing an id there.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import tomllib
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "resources" / "images"  # the data files, and where the pictures go by default

SS = 4
"""Supersampling factor: pictures are drawn this many times larger, then scaled down."""

RELIC_SIZE = 256
BACK_SIZE = (140, 190)
"""The size of Arcade's built-in card images, so a back can stand in for ``cardBack_*.png``."""

RGB = tuple[int, int, int]
Point = tuple[float, float]
Mask = Image.Image

WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)


# --------------------------------------------------------------------------------------------
# Colours and geometry helpers


def hexc(text: str) -> RGB:
    """``"#a1b2c3"`` as an ``(r, g, b)`` tuple."""
    text = text.lstrip("#")
    return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def lighten(c: RGB, t: float) -> RGB:
    return mix(c, WHITE, t)


def darken(c: RGB, t: float) -> RGB:
    return mix(c, BLACK, t)


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 24) -> list[Point]:
    """``n + 1`` points on the cubic Bezier curve p0..p3 (both ends included)."""
    pts: list[Point] = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        x = u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0]
        y = u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1]
        pts.append((x, y))
    return pts


def arc(
    cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, n: int = 48
) -> list[Point]:
    """Points on an elliptic arc from angle ``a0`` to ``a1`` (degrees, 0 = east, 90 = south)."""
    pts: list[Point] = []
    for i in range(n + 1):
        a = math.radians(a0 + (a1 - a0) * i / n)
        pts.append((cx + rx * math.cos(a), cy + ry * math.sin(a)))
    return pts


def rotate_pts(pts: Iterable[Point], cx: float, cy: float, deg: float) -> list[Point]:
    """``pts`` turned ``deg`` degrees clockwise on screen around (cx, cy)."""
    a = math.radians(deg)
    ca, sa = math.cos(a), math.sin(a)
    return [
        (cx + (x - cx) * ca - (y - cy) * sa, cy + (x - cx) * sa + (y - cy) * ca) for x, y in pts
    ]


def mirror_x(pts: Sequence[Point], cx: float) -> list[Point]:
    """The mirror image of ``pts`` about the vertical line x = cx, in reverse order."""
    return [(2 * cx - x, y) for x, y in reversed(pts)]


def star_pts(
    cx: float, cy: float, r_out: float, r_in: float, n: int, rot: float = -90.0
) -> list[Point]:
    """A star with ``n`` points; the first points towards ``rot`` degrees."""
    pts: list[Point] = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + 180.0 * i / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


class Rng:
    """Seeded randomness for scattering details; only ``random()`` is used, which Python keeps
    reproducible for a given integer seed."""

    def __init__(self, seed: int) -> None:
        self._r = random.Random(seed)

    def uniform(self, a: float, b: float) -> float:
        return a + (b - a) * self._r.random()


# --------------------------------------------------------------------------------------------
# Masks: greyscale images at the supersampled size, 255 inside a shape


def union(*masks: Mask) -> Mask:
    out = masks[0]
    for m in masks[1:]:
        out = ImageChops.lighter(out, m)
    return out


def inter(a: Mask, b: Mask) -> Mask:
    return ImageChops.darker(a, b)


def minus(a: Mask, b: Mask) -> Mask:
    return ImageChops.subtract(a, b)


def scaled(mask: Mask, factor: float) -> Mask:
    """The mask with every value multiplied by ``factor`` (0..1): a see-through paint."""
    return mask.point(lambda v: round(v * factor))


def _color_at(stops: Sequence[tuple[float, RGB]], t: float) -> RGB:
    if t <= stops[0][0]:
        return stops[0][1]
    for (t0, c0), (t1, c1) in zip(stops, stops[1:], strict=False):
        if t <= t1:
            return mix(c0, c1, (t - t0) / (t1 - t0) if t1 > t0 else 1.0)
    return stops[-1][1]


# A Gaussian blur spreads a straight edge so that about 2.3% of full strength reaches two
# standard deviations out: thresholding there moves the edge by 2 sigma, with a short ramp
# for smooth edges.
_GROW_LUT = [0 if v < 3 else (255 if v > 9 else (v - 3) * 42) for v in range(256)]
_CLEAN_ALPHA_LUT = [0 if v < 8 else (255 if v > 247 else v) for v in range(256)]
_SHRINK_LUT = [255 if v > 252 else (0 if v < 246 else (v - 246) * 42) for v in range(256)]


class Canvas:
    """A picture of ``width`` x ``height`` pixels, drawn ``SS`` times larger.

    All coordinates given to its methods are in final pixels (floats are fine)."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.size = (width * SS, height * SS)
        self.img = Image.new("RGBA", self.size, (0, 0, 0, 0))

    # -- shapes ------------------------------------------------------------------------------

    def blank(self) -> Mask:
        return Image.new("L", self.size, 0)

    def _xy(self, pts: Iterable[Point]) -> list[tuple[float, float]]:
        return [(x * SS, y * SS) for x, y in pts]

    def poly(self, pts: Sequence[Point]) -> Mask:
        m = self.blank()
        ImageDraw.Draw(m).polygon(self._xy(pts), fill=255)
        return m

    def ellipse(self, cx: float, cy: float, rx: float, ry: float | None = None) -> Mask:
        ry = rx if ry is None else ry
        m = self.blank()
        box = ((cx - rx) * SS, (cy - ry) * SS, (cx + rx) * SS - 1, (cy + ry) * SS - 1)
        ImageDraw.Draw(m).ellipse(box, fill=255)
        return m

    def rot_ellipse(self, cx: float, cy: float, rx: float, ry: float, deg: float) -> Mask:
        """An ellipse turned ``deg`` degrees clockwise."""
        return self.poly(rotate_pts(arc(cx, cy, rx, ry, 0, 360, 96), cx, cy, deg))

    def ring(self, cx: float, cy: float, r_out: float, r_in: float) -> Mask:
        return minus(self.ellipse(cx, cy, r_out), self.ellipse(cx, cy, r_in))

    def rect(self, x0: float, y0: float, x1: float, y1: float, r: float = 0.0) -> Mask:
        m = self.blank()
        box = (x0 * SS, y0 * SS, x1 * SS - 1, y1 * SS - 1)
        if r > 0:
            ImageDraw.Draw(m).rounded_rectangle(box, radius=r * SS, fill=255)
        else:
            ImageDraw.Draw(m).rectangle(box, fill=255)
        return m

    def stroke(self, pts: Sequence[Point], width: float, caps: bool = True) -> Mask:
        """A line through ``pts``, ``width`` pixels thick, with round joints (and ends)."""
        m = self.blank()
        d = ImageDraw.Draw(m)
        w = max(1, round(width * SS))
        d.line(self._xy(pts), fill=255, width=w, joint="curve")
        if caps:
            r = width * SS / 2
            for x, y in (pts[0], pts[-1]):
                d.ellipse((x * SS - r, y * SS - r, x * SS + r, y * SS + r), fill=255)
        return m

    def taper(self, pts: Sequence[Point], w0: float, w1: float) -> Mask:
        """A stroke along ``pts`` whose width goes from ``w0`` to ``w1``."""
        left: list[Point] = []
        right: list[Point] = []
        n = len(pts)
        for i, (x, y) in enumerate(pts):
            a = pts[max(i - 1, 0)]
            b = pts[min(i + 1, n - 1)]
            dx, dy = b[0] - a[0], b[1] - a[1]
            length = math.hypot(dx, dy) or 1.0
            nx, ny = -dy / length, dx / length
            w = (w0 + (w1 - w0) * i / max(n - 1, 1)) / 2
            left.append((x + nx * w, y + ny * w))
            right.append((x - nx * w, y - ny * w))
        m = self.poly(left + right[::-1])
        return union(
            m,
            self.ellipse(pts[0][0], pts[0][1], w0 / 2),
            self.ellipse(pts[-1][0], pts[-1][1], w1 / 2),
        )

    # -- mask morphology ---------------------------------------------------------------------

    def shift(self, mask: Mask, dx: float, dy: float) -> Mask:
        """The mask moved by (dx, dy) final pixels."""
        out = self.blank()
        out.paste(mask, (round(dx * SS), round(dy * SS)))
        return out

    @staticmethod
    def _blur(mask: Mask, sigma: float, lut: Sequence[int]) -> Mask:
        """Blur ``mask`` (only around its shapes, for speed) and map the result through ``lut``."""
        box = mask.getbbox()
        out = Image.new("L", mask.size, 0)
        if box is None:
            return out
        pad = math.ceil(3 * sigma) + 2
        x0, y0 = box[0] - pad, box[1] - pad
        region = mask.crop((x0, y0, box[2] + pad, box[3] + pad))
        out.paste(region.filter(ImageFilter.GaussianBlur(sigma)).point(lut), (x0, y0))
        return out

    @classmethod
    def grow(cls, mask: Mask, by: float) -> Mask:
        """The mask spread outwards by about ``by`` final pixels (rounded corners)."""
        return cls._blur(mask, by * SS / 2, _GROW_LUT)

    @classmethod
    def shrink(cls, mask: Mask, by: float) -> Mask:
        """The mask pulled inwards by about ``by`` final pixels."""
        return cls._blur(mask, by * SS / 2, _SHRINK_LUT)

    @classmethod
    def soften(cls, mask: Mask, by: float) -> Mask:
        return cls._blur(mask, by * SS, list(range(256)))

    def edge(self, mask: Mask, dx: float, dy: float, soft: float = 0.0) -> Mask:
        """The band of ``mask`` on the side that (dx, dy) points away from: with dx, dy > 0 the
        top-left rim, with dx, dy < 0 the bottom-right one."""
        band = minus(mask, self.shift(mask, dx, dy))
        if soft > 0:
            band = inter(self.soften(band, soft), mask)
        return band

    # -- paint -------------------------------------------------------------------------------

    def fill(self, mask: Mask, color: RGB, alpha: float = 1.0) -> None:
        box = mask.getbbox()
        if box is None:
            return
        a = mask.crop(box)
        if alpha < 1.0:
            a = scaled(a, alpha)
        layer = Image.new("RGBA", (box[2] - box[0], box[3] - box[1]), (*color, 255))
        layer.putalpha(a)
        self.img.alpha_composite(layer, dest=(box[0], box[1]))

    def fill_field(
        self,
        mask: Mask,
        c0: RGB,
        c1: RGB,
        t_of: Callable[[float, float], float],
        alpha: float = 1.0,
    ) -> None:
        """Paint ``mask`` with colours from ``c0`` (t = 0) to ``c1`` (t = 1), t given per point."""
        self.fill_stops(mask, [(0.0, c0), (1.0, c1)], t_of, alpha)

    def fill_stops(
        self,
        mask: Mask,
        stops: Sequence[tuple[float, RGB]],
        t_of: Callable[[float, float], float],
        alpha: float = 1.0,
    ) -> None:
        """Paint ``mask`` with a gradient through the colour ``stops`` (t, colour), t ascending,
        where t is given per point (in final pixels) by ``t_of``. The field is worked out every
        other final pixel and smoothly scaled up."""
        box = mask.getbbox()
        if box is None:
            return
        x0, y0, x1, y1 = box
        gw = max(2, math.ceil((x1 - x0) / (2 * SS)) + 1)
        gh = max(2, math.ceil((y1 - y0) / (2 * SS)) + 1)
        values: list[int] = []
        for j in range(gh):
            y = (y0 + j * (y1 - y0) / (gh - 1)) / SS
            for i in range(gw):
                t = t_of((x0 + i * (x1 - x0) / (gw - 1)) / SS, y)
                values.append(0 if t <= 0 else (255 if t >= 1 else round(t * 255)))
        # t as a grey map, scaled up smoothly, then each colour channel through a table
        tmap = Image.new("L", (gw, gh))
        tmap.putdata(values)
        tmap = tmap.resize((x1 - x0, y1 - y0), Image.Resampling.BILINEAR)
        ramp = [_color_at(stops, v / 255) for v in range(256)]
        bands = [tmap.point([col[k] for col in ramp]) for k in range(3)]
        layer = Image.merge("RGB", bands).convert("RGBA")
        am = mask.crop(box)
        if alpha < 1.0:
            am = scaled(am, alpha)
        layer.putalpha(am)
        self.img.alpha_composite(layer, dest=(x0, y0))

    def fill_linear(
        self, mask: Mask, c0: RGB, c1: RGB, p0: Point, p1: Point, alpha: float = 1.0
    ) -> None:
        dx, dy = p1[0] - p0[0], p1[1] - p0[1]
        ll = dx * dx + dy * dy or 1.0
        self.fill_field(
            mask, c0, c1, lambda x, y: ((x - p0[0]) * dx + (y - p0[1]) * dy) / ll, alpha
        )

    def fill_radial(
        self, mask: Mask, c0: RGB, c1: RGB, center: Point, radius: float, alpha: float = 1.0
    ) -> None:
        cx, cy = center
        self.fill_field(mask, c0, c1, lambda x, y: math.hypot(x - cx, y - cy) / radius, alpha)

    def part(
        self,
        mask: Mask,
        base: RGB,
        *,
        outline: RGB | None = None,
        line: float = 1.5,
        shade: float = 0.0,
        rim: float = 0.0,
        light: RGB | None = None,
        dark: RGB | None = None,
        flat: bool = False,
    ) -> None:
        """Paint one piece of an icon: a top-lit gradient, a shaded bottom-right edge of width
        ``shade``, a lit top-left rim of width ``rim`` and an outline of width ``line``."""
        box = mask.getbbox()
        if box is None:
            return
        lt = light if light is not None else lighten(base, 0.45)
        dk = dark if dark is not None else darken(base, 0.35)
        if flat:
            self.fill(mask, base)
        else:
            x0, y0, x1, y1 = (v / SS for v in box)
            w = x1 - x0
            self.fill_linear(
                mask,
                mix(base, lt, 0.35),
                mix(base, dk, 0.35),
                (x0 + 0.3 * w, y0),
                (x1 - 0.3 * w, y1),
            )
        if shade > 0:
            self.fill(self.edge(mask, -shade, -shade, soft=shade * 0.35), dk, 0.8)
        if rim > 0:
            self.fill(self.edge(mask, rim, rim, soft=rim * 0.3), lt, 0.85)
        if outline is not None and line > 0:
            self.fill(minus(mask, self.shrink(mask, line)), outline)

    def outline_all(self, color: RGB, width: float) -> None:
        """Put an outline of ``width`` pixels around everything drawn so far."""
        alpha = self.img.getchannel("A")
        ring = self.grow(alpha, width)
        under = Image.new("RGBA", self.size, (*color, 255))
        under.putalpha(ring)
        under.alpha_composite(self.img)
        self.img = under

    def paste_canvas(self, other: Canvas) -> None:
        self.img.alpha_composite(other.img)

    def final(self) -> Image.Image:
        """The picture at its real size. LANCZOS leaves faint ripples in the alpha channel
        next to edges; they are snapped to fully clear or fully opaque, so that the shape
        (what a silhouette shows) has clean edges."""
        small = self.img.resize((self.width, self.height), Image.Resampling.LANCZOS)
        small.putalpha(small.getchannel("A").point(_CLEAN_ALPHA_LUT))
        return small


# --------------------------------------------------------------------------------------------
# Relics: 256 x 256 icons on a transparent background, lit from the top left

INK = hexc("#2b1a10")
"""The usual outline colour: a warm near-black."""

RelicDrawer = Callable[[Canvas], None]
RELIC_DRAWERS: dict[str, RelicDrawer] = {}


def relic(name: str) -> Callable[[RelicDrawer], RelicDrawer]:
    def register(fn: RelicDrawer) -> RelicDrawer:
        RELIC_DRAWERS[name] = fn
        return fn

    return register


def sparkle(
    c: Canvas, x: float, y: float, r: float, color: RGB = WHITE, alpha: float = 0.95
) -> None:
    """A four-pointed glint."""
    c.fill(c.poly(star_pts(x, y, r, r * 0.22, 4)), color, alpha)


@relic("brass_compass")
def draw_brass_compass(c: Canvas) -> None:
    brass = hexc("#d8a03a")
    cx, cy = 128.0, 140.0
    # bail ring and crown stem
    c.part(c.ring(cx, 34, 19, 10), brass, outline=INK, line=2.5, shade=3, rim=2)
    c.part(c.rect(113, 44, 143, 62, 5), darken(brass, 0.1), outline=INK, line=2.5, shade=3, rim=2)
    c.part(c.rect(106, 56, 150, 66, 3), brass, outline=INK, line=2.5, shade=2, rim=1.5)
    # case, bezel and face
    c.part(c.ellipse(cx, cy, 94), brass, outline=INK, line=3, shade=9, rim=4)
    c.part(c.ellipse(cx, cy, 80), darken(brass, 0.28), outline=INK, line=2, shade=0, rim=0)
    face = c.ellipse(cx, cy, 74)
    c.fill_radial(face, hexc("#fbf1d6"), hexc("#dcc595"), (cx - 18, cy - 20), 95)
    c.fill(c.edge(face, 5, 5, soft=3), darken(brass, 0.5), 0.5)
    # ticks
    for i in range(32):
        a = math.radians(i * 360 / 32 - 90)
        r0 = 60 if i % 8 == 0 else (64 if i % 2 == 0 else 67)
        w = 3.2 if i % 8 == 0 else 2.0
        p0 = (cx + r0 * math.cos(a), cy + r0 * math.sin(a))
        p1 = (cx + 71 * math.cos(a), cy + 71 * math.sin(a))
        c.fill(c.stroke([p0, p1], w), hexc("#5a3a1c"))
    # diagonal rose points (behind)
    for k in range(4):
        ang = 45 + 90 * k
        tip = rotate_pts([(cx, cy - 40)], cx, cy, ang)[0]
        left = rotate_pts([(cx - 9, cy - 9)], cx, cy, ang)[0]
        right = rotate_pts([(cx + 9, cy - 9)], cx, cy, ang)[0]
        c.fill(c.poly([tip, left, (cx, cy)]), hexc("#b98a3e"))
        c.fill(c.poly([tip, right, (cx, cy)]), hexc("#8a6226"))
    # main rose: north red, the others dark
    for k in range(4):
        ang = 90 * k
        tip = rotate_pts([(cx, cy - 62)], cx, cy, ang)[0]
        left = rotate_pts([(cx - 13, cy - 13)], cx, cy, ang)[0]
        right = rotate_pts([(cx + 13, cy - 13)], cx, cy, ang)[0]
        if k == 0:
            lc, dc = hexc("#e8533f"), hexc("#a82a1f")
        else:
            lc, dc = hexc("#4a5872"), hexc("#232c40")
        c.fill(c.poly([tip, left, (cx, cy)]), lc)
        c.fill(c.poly([tip, right, (cx, cy)]), dc)
        c.fill(c.stroke([tip, left, (cx, cy), right, tip], 1.6), INK)
    # pin
    c.part(c.ellipse(cx, cy, 9), brass, outline=INK, line=2, shade=2, rim=2)
    # glass glare
    glare = minus(c.ellipse(cx, cy, 66), c.ellipse(cx + 14, cy + 16, 70))
    c.fill(c.soften(glare, 1.0), WHITE, 0.45)
    sparkle(c, cx - 40, cy - 42, 9)
    c.outline_all(INK, 2.5)


@relic("clay_jar")
def draw_clay_jar(c: Canvas) -> None:
    clay = hexc("#c8643b")
    cx = 128.0
    # handles behind the body
    for s in (-1, 1):
        pts = bezier(
            (cx + s * 30, 74), (cx + s * 78, 60), (cx + s * 86, 96), (cx + s * 62, 122), 20
        )
        c.part(c.stroke(pts, 13), darken(clay, 0.08), outline=INK, line=2.5, shade=3, rim=2)
    right = (
        bezier((cx + 30, 56), (cx + 26, 70), (cx + 24, 80), (cx + 34, 90), 10)
        + bezier((cx + 34, 90), (cx + 96, 110), (cx + 92, 176), (cx + 44, 212), 24)[1:]
        + [(cx + 40, 218), (cx + 48, 224), (cx + 50, 236)]
    )
    body = c.poly(right + mirror_x(right, cx))
    c.part(body, clay, outline=INK, line=3, shade=12, rim=5, dark=hexc("#7a3320"))
    # painted band: dark stripe with a cream zigzag
    band = inter(body, c.rect(0, 118, 256, 152))
    c.fill(band, hexc("#4a2216"))
    zig: list[Point] = []
    for i in range(15):
        zig.append((36 + i * 13, 124 if i % 2 == 0 else 146))
    c.fill(inter(c.stroke(zig, 4.5), band), hexc("#f1dcb0"))
    for yy in (112, 158):
        c.fill(inter(c.rect(0, yy, 256, yy + 4), body), hexc("#4a2216"))
    for i in range(9):
        c.fill(inter(c.ellipse(64 + i * 16, 174, 3.2), body), hexc("#f1dcb0"))
    # shade again over the paint so the belly stays round
    c.fill(c.edge(body, -12, -12, soft=4), hexc("#6a2a18"), 0.45)
    # rim on top
    c.part(c.ellipse(cx, 54, 40, 11), hexc("#d97a4c"), outline=INK, line=2.5, shade=3, rim=2)
    c.fill(c.ellipse(cx, 55, 30, 6.5), hexc("#3b1a10"))
    # highlight streak
    streak = inter(c.rot_ellipse(cx - 44, 140, 9, 36, 12), body)
    c.fill(c.soften(streak, 2), WHITE, 0.35)
    c.outline_all(INK, 2.5)


@relic("falcon_feather")
def draw_falcon_feather(c: Canvas) -> None:
    spine = bezier((62, 232), (86, 164), (138, 88), (206, 24), 60)

    def side(sign: float, widths: Callable[[float], float]) -> list[Point]:
        pts: list[Point] = []
        n = len(spine)
        for i in range(n):
            x, y = spine[i]
            a = spine[max(i - 1, 0)]
            b = spine[min(i + 1, n - 1)]
            dx, dy = b[0] - a[0], b[1] - a[1]
            length = math.hypot(dx, dy) or 1.0
            nx, ny = -dy / length, dx / length
            w = widths(i / (n - 1))
            pts.append((x + sign * nx * w, y + sign * ny * w))
        return pts

    def prof(big: float) -> Callable[[float], float]:
        def f(t: float) -> float:
            if t < 0.16:
                return 0.0
            u = (t - 0.16) / 0.84
            bulge: float = math.sin(math.pi * min(1.0, u * 0.92 + 0.06)) ** 0.75
            return big * bulge * (1 - 0.25 * u)

        return f

    left = side(1, prof(46))
    right = side(-1, prof(32))
    vane = c.poly(left + right[::-1])
    # slits where the barbs have parted: thin wedges slanting back towards the quill
    for t, edge_pts in ((0.46, left), (0.7, right), (0.8, left)):
        i = int(t * (len(spine) - 1))
        (ex0, ey0), (ex1, ey1) = edge_pts[i], edge_pts[i + 2]
        sx, sy = spine[i - 7]
        bx, by = edge_pts[i - 7]
        inner = (sx + (bx - sx) * 0.5, sy + (by - sy) * 0.5)
        out0 = (ex0 + (ex0 - inner[0]) * 0.3, ey0 + (ey0 - inner[1]) * 0.3)
        out1 = (ex1 + (ex1 - inner[0]) * 0.3, ey1 + (ey1 - inner[1]) * 0.3)
        vane = minus(vane, c.poly([out0, out1, inner]))
    n = len(spine)

    def frame(i: int) -> tuple[float, float, float, float, float, float]:
        x, y = spine[i]
        pa, pb = spine[max(i - 1, 0)], spine[min(i + 1, n - 1)]
        dx, dy = pb[0] - pa[0], pb[1] - pa[1]
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        return x, y, ux, uy, -uy, ux

    tawny = hexc("#b7773f")
    c.part(vane, tawny, outline=INK, line=2.5, flat=True)
    c.fill_linear(vane, hexc("#dca56a"), hexc("#7c4a25"), (60, 60), (170, 200), 0.8)
    inside = c.shrink(vane, 2)
    # dark bars across the vane, slanted like the barbs, and a dark tip
    bars = c.blank()
    for k in range(6):
        x, y, ux, uy, nx, ny = frame(int((0.27 + k * 0.105) * (n - 1)))
        p_left = (x + nx * 56 + ux * 20, y + ny * 56 + uy * 20)
        p_right = (x - nx * 56 + ux * 20, y - ny * 56 + uy * 20)
        bars = union(bars, c.stroke([p_left, (x, y), p_right], 8.5))
    x, y, ux, uy, nx, ny = frame(int(0.9 * (n - 1)))
    bars = union(
        bars,
        c.poly(
            [
                (x + nx * 60 + ux * 20, y + ny * 60 + uy * 20),
                (x, y),
                (x - nx * 60 + ux * 20, y - ny * 60 + uy * 20),
                (x + ux * 60, y + uy * 60),
            ]
        ),
    )
    c.fill(inter(bars, inside), hexc("#4b2a16"), 0.85)
    # fine barb lines
    barbs = c.blank()
    for k in range(30):
        x, y, ux, uy, nx, ny = frame(min(int((0.19 + k * 0.026) * (n - 1)), n - 2))
        for sgn in (1, -1):
            barbs = union(
                barbs,
                c.stroke([(x, y), (x + sgn * nx * 50 + ux * 18, y + sgn * ny * 50 + uy * 18)], 0.9),
            )
    c.fill(inter(barbs, inside), hexc("#f3d9ae"), 0.3)
    # soft light on the wide side, shade on the narrow side
    c.fill(c.edge(vane, 4, 4, soft=2), hexc("#f6deb5"), 0.45)
    c.fill(c.edge(vane, -5, -5, soft=2), hexc("#3a200f"), 0.5)
    # shaft: quill below, rachis through the vane
    c.fill(c.taper(spine[:14], 8, 7), INK)
    c.part(c.taper(spine[:14], 5.5, 5), hexc("#f2e6cc"), shade=1, rim=1)
    rach = c.taper(spine[12:-3], 5.0, 1.5)
    c.fill(rach, hexc("#f7ecd2"))
    c.fill(c.edge(rach, -1.5, -1.5), hexc("#b89c6e"))
    c.outline_all(INK, 2.5)


@relic("old_key")
def draw_old_key(c: Canvas) -> None:
    iron = hexc("#8d94a3")
    iron_dark = hexc("#3c414d")
    ang = -42.0
    cx, cy = 128.0, 128.0

    def R(pts: Sequence[Point]) -> list[Point]:
        return rotate_pts(pts, cx, cy, ang)

    def box(x0: float, y0: float, x1: float, y1: float) -> Mask:
        return c.poly(R([(x0, y0), (x1, y0), (x1, y1), (x0, y1)]))

    def circ(x: float, y: float, r: float) -> Mask:
        return c.poly(R(arc(x, y, r, r, 0, 360, 96)))

    # bow: three lobes around a ring, with a clover-shaped hole
    bx, by = 62.0, 128.0
    lobes = union(
        *(
            circ(bx + 22 * math.cos(math.radians(a)), by + 22 * math.sin(math.radians(a)), 22)
            for a in (90, 210, 330)
        )
    )
    bow = union(circ(bx, by, 32), lobes)
    hole = union(
        *(
            circ(bx + 9 * math.cos(math.radians(a)), by + 9 * math.sin(math.radians(a)), 8.5)
            for a in (90, 210, 330)
        )
    )
    bow = minus(bow, hole)
    shaft = box(96, 119, 226, 137)
    bit = minus(
        box(184, 128, 226, 186),
        union(box(194, 160, 202, 187), box(210, 146, 218, 187), box(184, 176, 188, 187)),
    )
    tip = circ(226, 128, 10)
    metal = union(shaft, bit, tip)
    c.part(metal, iron, outline=INK, line=2.5, shade=4, rim=2.5, dark=iron_dark)
    c.part(bow, iron, outline=INK, line=2.5, shade=7, rim=3, dark=iron_dark)
    # collars
    for x0, x1, h in ((98, 110, 17), (116, 124, 13)):
        c.part(
            box(x0, 128 - h, x1, 128 + h), hexc("#b9935a"), outline=INK, line=2.2, shade=3, rim=2
        )
    # engraving around the hole
    ring = minus(c.grow(hole, 5), c.grow(hole, 3))
    c.fill(inter(ring, c.shrink(bow, 3)), iron_dark, 0.7)
    # rust
    rng = Rng(6)
    rust = c.blank()
    for _ in range(22):
        x, y = rng.uniform(20, 236), rng.uniform(20, 236)
        rust = union(rust, c.ellipse(x, y, rng.uniform(3.0, 7.0), rng.uniform(2.5, 5.0)))
    c.fill(inter(c.soften(rust, 1.5), c.shrink(union(metal, bow), 3)), hexc("#a8562a"), 0.6)
    for p in R([(44, 104), (150, 123)]):
        sparkle(c, p[0], p[1], 9, alpha=0.85)
    c.outline_all(INK, 2.5)


@relic("camel_bell")
def draw_camel_bell(c: Canvas) -> None:
    copper = hexc("#c47a34")
    cx = 128.0
    # woven strap loop
    strap = c.stroke(bezier((cx - 22, 76), (cx - 40, 8), (cx + 40, 8), (cx + 22, 76), 30), 15)
    c.part(strap, hexc("#8a4b24"), outline=INK, line=2.5, shade=3, rim=2)
    for i in range(9):
        p = bezier((cx - 22, 76), (cx - 40, 8), (cx + 40, 8), (cx + 22, 76), 8)[i]
        c.fill(inter(c.poly(star_pts(p[0], p[1], 6, 3.2, 2, rot=0)), strap), hexc("#e9c46a"))
    # tassel hanging under the bell
    tassel_top = 214.0
    for k in range(9):
        x = cx - 14 + k * 3.5
        c.fill(c.stroke([(cx, tassel_top), (x, 236 - abs(k - 4) * 1.5)], 4.5), INK)
    for k in range(9):
        x = cx - 14 + k * 3.5
        c.fill(
            c.stroke([(cx, tassel_top), (x, 235 - abs(k - 4) * 1.5)], 2.2),
            hexc("#d6452f") if k % 2 else hexc("#f08c3a"),
        )
    # bell body
    right = (
        bezier((cx, 62), (cx + 40, 62), (cx + 36, 110), (cx + 46, 160), 20)
        + bezier((cx + 46, 160), (cx + 52, 186), (cx + 74, 190), (cx + 80, 198), 12)[1:]
    )
    body = union(c.poly(right + mirror_x(right, cx)), c.ellipse(cx, 198, 80, 16))
    c.part(body, copper, outline=INK, line=3, shade=12, rim=5, dark=hexc("#6e3a16"))
    # raised rings
    for yy, rx in ((100, 38), (150, 46)):
        ring = inter(c.stroke(arc(cx, yy, rx, 7, 10, 170, 30), 5), body)
        c.fill(ring, hexc("#f2b56b"))
        c.fill(c.shift(ring, 0, 3), hexc("#6e3a16"), 0.6)
    # mouth and clapper
    c.fill(c.ellipse(cx, 199, 68, 10), hexc("#3a1c0c"))
    c.part(c.ellipse(cx, 205, 13), hexc("#9e6a3c"), outline=INK, line=2.2, shade=3, rim=2)
    # shine
    shine = inter(c.rot_ellipse(cx - 22, 120, 7, 34, 14), body)
    c.fill(c.soften(shine, 1.5), WHITE, 0.55)
    sparkle(c, cx - 26, 88, 9)
    c.outline_all(INK, 2.5)


@relic("hourglass")
def draw_hourglass(c: Canvas) -> None:
    wood = hexc("#8b5a2b")
    cx = 128.0
    # glass bulbs
    right = (
        [(cx + 52, 54)]
        + bezier((cx + 52, 54), (cx + 60, 100), (cx + 8, 112), (cx + 7, 128), 16)[1:]
        + bezier((cx + 7, 128), (cx + 8, 144), (cx + 60, 156), (cx + 52, 202), 16)[1:]
    )
    glass = c.poly(right + mirror_x(right, cx))
    c.fill_linear(glass, hexc("#e9f7fb"), hexc("#9fd0e2"), (80, 60), (176, 200))
    # sand: the top bulb's rest, the stream, and the pile below
    top_sand = inter(
        glass, c.poly([(cx - 46, 92), (cx + 46, 92), (cx + 46, 100), (cx, 130), (cx - 46, 100)])
    )
    c.fill_linear(top_sand, hexc("#f3c768"), hexc("#c98f2c"), (cx, 92), (cx, 130))
    c.fill(c.rect(cx - 1.6, 126, cx + 1.6, 190), hexc("#e8b250"))
    pile = inter(
        glass,
        c.poly(
            bezier((cx - 60, 204), (cx - 30, 196), (cx - 12, 170), (cx, 168), 12)
            + bezier((cx, 168), (cx + 12, 170), (cx + 30, 196), (cx + 60, 204), 12)
        ),
    )
    c.fill_linear(pile, hexc("#f6cf73"), hexc("#b57a22"), (cx - 30, 170), (cx + 40, 204))
    # glass shading and reflections
    c.fill(c.edge(glass, -7, 0, soft=3), hexc("#5f9fb8"), 0.45)
    for y0, y1 in ((62, 104), (152, 196)):
        refl = inter(
            c.stroke(
                bezier(
                    (cx - 34, y0), (cx - 42, (y0 + y1) / 2), (cx - 38, y1 - 6), (cx - 26, y1), 12
                ),
                5,
            ),
            glass,
        )
        c.fill(refl, WHITE, 0.85)
    c.fill(minus(glass, c.shrink(glass, 2.2)), hexc("#3d6e80"))
    # posts
    for px in (cx - 62, cx + 62):
        post = union(
            c.rect(px - 5, 50, px + 5, 206),
            c.ellipse(px, 88, 8, 10),
            c.ellipse(px, 168, 8, 10),
            c.ellipse(px, 128, 7, 6),
        )
        c.part(post, hexc("#a8713a"), outline=INK, line=2.2, shade=3, rim=2)
    # end caps
    for y0 in (28, 204):
        cap = c.rect(cx - 76, y0, cx + 76, y0 + 24, 8)
        c.part(cap, wood, outline=INK, line=2.8, shade=4, rim=3)
        trim = c.rect(cx - 70, y0 + 9, cx + 70, y0 + 15, 3)
        c.part(trim, hexc("#e2b447"), outline=INK, line=1.4, shade=1.5, rim=1)
    sparkle(c, cx - 30, 74, 8)
    c.outline_all(INK, 2.5)


@relic("bloom_cactus")
def draw_bloom_cactus(c: Canvas) -> None:
    green = hexc("#4f9a45")
    dark = hexc("#24542a")
    cx = 128.0
    # sand mound
    c.part(c.ellipse(cx, 224, 84, 16), hexc("#e3b86b"), outline=INK, line=2.5, shade=4, rim=2)
    trunk = c.rect(cx - 25, 46, cx + 25, 228, 25)
    arm_l = c.stroke([(cx - 10, 160), (cx - 58, 160), (cx - 62, 156), (cx - 62, 96)], 30)
    arm_r = c.stroke([(cx + 10, 136), (cx + 56, 136), (cx + 60, 132), (cx + 60, 74)], 28)
    for m in (arm_l, arm_r):
        c.part(m, green, outline=INK, line=2.8, shade=6, rim=3, dark=dark)
    c.part(trunk, green, outline=INK, line=2.8, shade=8, rim=3.5, dark=dark)
    # ribs: darker grooves with light edges
    ribs = c.blank()
    for dx in (-12, 0, 12):
        ribs = union(ribs, c.stroke([(cx + dx, 60), (cx + dx, 224)], 2.6))
    for x0, top, y_bend in ((cx - 62, 100, 152), (cx + 60, 78, 128)):
        for dx in (-7, 7):
            ribs = union(ribs, c.stroke([(x0 + dx, top + 6), (x0 + dx, y_bend)], 2.4))
    inner = union(c.shrink(trunk, 5), c.shrink(arm_l, 5), c.shrink(arm_r, 5))
    ribs = inter(ribs, inner)
    c.fill(ribs, dark, 0.55)
    c.fill(minus(c.shift(ribs, -1.6, 0), ribs), hexc("#9fd27f"), 0.5)
    # spines: tiny pale ticks along the ribs
    spines = c.blank()
    for dx in (-18, -6, 6, 18):
        for k in range(11):
            y = 70 + k * 14 + (7 if dx in (-6, 18) else 0)
            spines = union(spines, c.poly(star_pts(cx + dx, y, 3.2, 0.8, 3, rot=-90)))
    c.fill(inter(spines, union(c.shrink(trunk, 4))), hexc("#f6f0cf"), 0.9)

    # blooms
    def flower(x: float, y: float, r: float) -> None:
        petals = c.blank()
        for k in range(5):
            a = math.radians(-90 + k * 72)
            petals = union(
                petals,
                c.rot_ellipse(
                    x + math.cos(a) * r * 0.55,
                    y + math.sin(a) * r * 0.55,
                    r * 0.55,
                    r * 0.36,
                    -90 + k * 72,
                ),
            )
        c.part(
            petals, hexc("#ec5f9e"), outline=INK, line=2.2, shade=2.5, rim=2, dark=hexc("#a3245f")
        )
        c.part(c.ellipse(x, y, r * 0.3), hexc("#ffd23f"), outline=INK, line=1.6, shade=1, rim=1)

    flower(cx, 44, 22)
    flower(cx - 62, 84, 16)
    flower(cx + 60, 62, 15)
    sparkle(c, cx - 12, 76, 7, alpha=0.8)
    c.outline_all(INK, 2.5)


@relic("star_map")
def draw_star_map(c: Canvas) -> None:
    parch = hexc("#ead29a")
    # the chart
    sheet = c.poly([(52, 46), (204, 46), (204, 210), (52, 210)])
    c.fill_linear(sheet, hexc("#2d4a8f"), hexc("#141f45"), (70, 50), (190, 210))
    c.fill(minus(sheet, c.shrink(sheet, 2.5)), INK)
    # faint circles of an astrolabe
    for r in (58.0, 40.0):
        c.fill(inter(c.ring(128, 128, r + 0.8, r - 0.8), sheet), hexc("#6f86c9"), 0.5)
    c.fill(inter(c.stroke([(70, 128), (186, 128)], 1.2), sheet), hexc("#6f86c9"), 0.45)
    c.fill(inter(c.stroke([(128, 62), (128, 194)], 1.2), sheet), hexc("#6f86c9"), 0.45)
    # small stars
    rng = Rng(20)
    dots = c.blank()
    for _ in range(40):
        dots = union(
            dots, c.ellipse(rng.uniform(60, 196), rng.uniform(62, 196), rng.uniform(0.8, 1.8))
        )
    c.fill(inter(dots, sheet), hexc("#c9d6ff"), 0.85)
    # a constellation
    pts: list[Point] = [
        (78, 88),
        (104, 76),
        (128, 100),
        (150, 92),
        (176, 72),
        (160, 132),
        (138, 160),
        (100, 170),
    ]
    c.fill(c.stroke(pts[:5], 2.2, caps=False), hexc("#e9c46a"), 0.9)
    c.fill(c.stroke([pts[2], pts[5], pts[6], pts[7]], 2.2, caps=False), hexc("#e9c46a"), 0.9)
    c.fill(c.stroke([pts[3], pts[5]], 2.2, caps=False), hexc("#e9c46a"), 0.9)
    for i, (sx, sy) in enumerate(pts):
        r = 9.0 if i in (2, 5) else 6.5
        c.fill(c.poly(star_pts(sx, sy, r + 2, r * 0.34 + 1.5, 4)), INK, 0.6)
        c.fill(c.poly(star_pts(sx, sy, r, r * 0.32, 4)), hexc("#fff2b8"))
    # rolled ends
    for y in (46, 210):
        roll = c.rect(38, y - 13, 218, y + 13, 12)
        c.part(roll, parch, outline=INK, line=2.6, shade=4, rim=3, dark=hexc("#a77b3c"))
        c.fill(inter(c.stroke([(48, y + 2), (208, y + 2)], 1.6), roll), hexc("#a77b3c"), 0.7)
        for x in (30, 226):
            knob = c.ellipse(x, y, 11, 12)
            c.part(knob, hexc("#7a4524"), outline=INK, line=2.4, shade=3, rim=2)
    c.outline_all(INK, 2.5)


@relic("glass_scorpion")
def draw_glass_scorpion(c: Canvas) -> None:
    glass = hexc("#7fdde6")
    edge = hexc("#135562")
    deep = hexc("#2a97a8")
    cx = 128.0

    def glassy(m: Mask, line: float = 2.2) -> None:
        c.part(m, glass, outline=edge, line=line, shade=4, dark=deep, light=hexc("#e9ffff"))
        c.fill(c.edge(m, 3, 3, soft=1.2), WHITE, 0.75)

    # legs, four a side, behind the body
    legs = c.blank()
    for s in (-1, 1):
        for k in range(4):
            y = 132 + k * 12
            knee = (cx + s * (46 + k * 3), y - 16 + k * 5)
            foot = (cx + s * (68 + k * 2), y + 8 + k * 8)
            legs = union(legs, c.stroke([(cx + s * 14, y), knee, foot], 6.5))
    glassy(legs, 1.8)
    # arms and pincers
    for s in (-1, 1):
        glassy(c.stroke([(cx + s * 16, 182), (cx + s * 46, 204), (cx + s * 62, 190)], 11))
        claw = minus(
            c.rot_ellipse(cx + s * 70, 176, 17, 25, s * 18),
            c.poly([(cx + s * 69, 182), (cx + s * 62, 148), (cx + s * 80, 144)]),
        )
        glassy(claw)
    # tail: segments from the tip back to the body, so each sits over the next one out
    path = bezier((cx, 100), (cx - 4, 40), (cx + 44, 14), (cx + 70, 40), 7)
    sting = c.poly(
        bezier((cx + 64, 38), (cx + 90, 34), (cx + 96, 62), (cx + 84, 78), 12)
        + bezier((cx + 84, 78), (cx + 84, 62), (cx + 76, 54), (cx + 62, 54), 12)
    )
    glassy(sting)
    for i in range(len(path) - 1, 0, -1):
        tx, ty = path[i]
        r = 13 - i * 0.9
        glassy(c.ellipse(tx, ty, r, r * 0.92))
    # body segments and head
    segs = [
        (cx, 178, 27, 22),
        (cx, 152, 29, 13),
        (cx, 132, 28, 12),
        (cx, 113, 25, 11),
        (cx, 96, 21, 10),
    ]
    for x, y, rx, ry in reversed(segs[1:]):
        glassy(c.ellipse(x, y, rx, ry))
    glassy(c.ellipse(*segs[0]))
    for s in (-1, 1):
        c.fill(c.ellipse(cx + s * 7, 188, 3.2), edge)
    sparkle(c, cx - 10, 170, 8)
    sparkle(c, cx + 64, 168, 6)
    c.outline_all(edge, 2.0)


@relic("moon_charm")
def draw_moon_charm(c: Canvas) -> None:
    silver = hexc("#c7cde3")
    shadow = hexc("#6a6d9a")
    cx, cy, r = 124.0, 138.0, 88.0
    kx, ky, kr = 168.0, 114.0, 74.0
    # the upper horn: where the two circles meet, on the top side
    d = math.hypot(kx - cx, ky - cy)
    a = (r * r - kr * kr + d * d) / (2 * d)
    h = math.sqrt(r * r - a * a)
    mx, my = cx + a * (kx - cx) / d, cy + a * (ky - cy) / d
    horn = (mx + h * (ky - cy) / d, my - h * (kx - cx) / d)
    if horn[1] > my:
        horn = (mx - h * (ky - cy) / d, my + h * (kx - cx) / d)
    # bail ring at the top of the moon
    top = (cx + r * math.cos(math.radians(-112)), cy + r * math.sin(math.radians(-112)))
    c.part(
        c.ring(top[0], top[1] - 6, 14, 7.5),
        hexc("#d9dcea"),
        outline=INK,
        line=2.3,
        shade=2.5,
        rim=2,
        dark=shadow,
    )
    # a star hanging from the horn on a short chain
    star_c = (horn[0] + 4, horn[1] + 58)
    for k in range(3):
        y = horn[1] + 8 + k * 10
        link = minus(c.ellipse(horn[0] + 1, y, 5, 7), c.ellipse(horn[0] + 1, y, 2.2, 4))
        c.part(link, hexc("#e6e8f2"), outline=INK, line=1.3, dark=shadow)
    moon = minus(c.ellipse(cx, cy, r), c.ellipse(kx, ky, kr))
    c.part(moon, silver, outline=INK, line=3, shade=10, rim=4, dark=shadow, light=WHITE)
    groove = inter(minus(c.ellipse(kx, ky, kr + 10), c.ellipse(kx, ky, kr + 7)), c.shrink(moon, 7))
    c.fill(groove, shadow, 0.8)
    star = c.poly(star_pts(star_c[0], star_c[1], 28, 12, 5))
    c.part(star, hexc("#f3c94a"), outline=INK, line=2.5, shade=4, rim=2.5, dark=hexc("#b07a16"))
    # inset sapphire
    gx, gy = cx - 58, cy + 34
    c.part(c.ellipse(gx, gy, 15), hexc("#e6c26a"), outline=INK, line=2, shade=2, rim=1.5)
    c.part(
        c.ellipse(gx, gy, 10),
        hexc("#3d6fd6"),
        outline=INK,
        line=1.4,
        shade=3,
        rim=2,
        dark=hexc("#1b2f7a"),
    )
    sparkle(c, gx - 3, gy - 3, 5)
    sparkle(c, cx - 48, cy - 40, 9)
    c.outline_all(INK, 2.5)


@relic("oasis_gem")
def draw_oasis_gem(c: Canvas) -> None:
    cx = 128.0
    # pear cut: a rounded bottom and a point on top
    outer = (
        bezier((cx, 22), (cx + 30, 60), (cx + 92, 110), (cx + 84, 162), 20)
        + bezier((cx + 84, 162), (cx + 76, 214), (cx + 30, 234), (cx, 234), 16)[1:]
    )
    outer = outer + mirror_x(outer, cx)[1:]
    ox = cx

    def toward(p: Point, k: float, cy0: float) -> Point:
        return (ox + (p[0] - ox) * k, cy0 + (p[1] - cy0) * k)

    table = [toward(p, 0.5, 150) for p in outer]
    gem = c.poly(outer)
    c.fill(gem, hexc("#1fae9a"))
    # facets between the outline and the table: alternate shades, darker lower right
    n = len(outer)
    step = 6
    for i in range(0, n - 1, step):
        j = min(i + step, n - 1)
        quad = outer[i : j + 1] + table[i : j + 1][::-1]
        mx = sum(p[0] for p in quad) / len(quad) - cx
        my = sum(p[1] for p in quad) / len(quad) - 140
        light = 0.5 - 0.5 * (mx * 0.6 + my * 0.8) / 90
        col = mix(
            hexc("#0b5c59"),
            hexc("#8ff3df"),
            max(0.0, min(1.0, light + (0.12 if (i // step) % 2 else -0.05))),
        )
        c.fill(c.poly(quad), col)
    tab = c.poly(table)
    c.fill_linear(tab, hexc("#aaf7e8"), hexc("#23b8a2"), (cx - 30, 100), (cx + 30, 200))
    # inner table facets
    for k in range(0, len(table) - 1, 12):
        c.fill(c.stroke([table[k], (cx, 160)], 1.2), hexc("#0e6f66"), 0.5)
    facet_lines = c.blank()
    for i in range(0, n - 1, step):
        facet_lines = union(facet_lines, c.stroke([outer[i], table[i]], 1.4))
    facet_lines = union(facet_lines, minus(tab, c.shrink(tab, 1.2)))
    c.fill(facet_lines, hexc("#0a4d4a"), 0.6)
    # sheen
    sheen = inter(c.poly([(cx - 40, 110), (cx - 10, 96), (cx - 56, 190), (cx - 66, 170)]), gem)
    c.fill(sheen, WHITE, 0.35)
    c.fill(minus(gem, c.shrink(gem, 3)), INK)
    sparkle(c, cx - 30, 96, 14)
    sparkle(c, cx + 44, 190, 8, alpha=0.8)
    c.outline_all(INK, 2.5)


@relic("sun_crown")
def draw_sun_crown(c: Canvas) -> None:
    gold = hexc("#f1b62c")
    cx = 128.0
    # sun behind the crown: rays and disc
    rays = c.poly(star_pts(cx, 104, 64, 36, 12))
    c.part(rays, hexc("#ff9a2e"), outline=INK, line=2.5, shade=4, rim=2, dark=hexc("#c0561a"))
    # crown points
    pts: list[Point] = [
        (40, 190),
        (34, 112),
        (72, 150),
        (96, 96),
        (128, 140),
        (160, 96),
        (184, 150),
        (222, 112),
        (216, 190),
    ]
    crown = c.poly(pts)
    c.part(crown, gold, outline=INK, line=3, shade=8, rim=4, dark=hexc("#a36a12"))
    for x, y in (pts[1], pts[3], pts[5], pts[7]):
        c.part(
            c.ellipse(x, y - 4, 10),
            gold,
            outline=INK,
            line=2.4,
            shade=3,
            rim=2.5,
            dark=hexc("#a36a12"),
        )
    # sun disc in front
    c.part(
        c.ellipse(cx, 118, 30),
        hexc("#ffcf3a"),
        outline=INK,
        line=2.8,
        shade=5,
        rim=3,
        dark=hexc("#e07a12"),
    )
    c.fill(c.ring(cx, 118, 21, 18), hexc("#e07a12"), 0.7)
    # band with gems
    band = c.poly(
        bezier((36, 176), (90, 190), (166, 190), (220, 176), 20)
        + bezier((222, 216), (166, 232), (90, 232), (34, 216), 20)
    )
    c.part(band, hexc("#e8a41f"), outline=INK, line=3, shade=6, rim=3, dark=hexc("#94590c"))
    for x, col, r in ((70, "#2f6fdc", 9), (128, "#d6283a", 13), (186, "#2f6fdc", 9)):
        y = 205 + (0 if x == 128 else -1)
        c.part(c.ellipse(x, y, r), hexc(col), outline=INK, line=2, shade=3, rim=2.5)
    for x in (98, 158):
        c.part(c.ellipse(x, 206, 5), hexc("#fff3c4"), outline=INK, line=1.5)
    sparkle(c, 76, 150, 10)
    sparkle(c, cx - 12, 106, 7)
    c.outline_all(INK, 2.5)


# --------------------------------------------------------------------------------------------
# Card backs: 140 x 190 cards with rounded corners, a cream border and a desert picture

CREAM = hexc("#fbf5e6")
CARD_EDGE = hexc("#b9b09c")
PANEL = (7.0, 7.0, 133.0, 183.0)
"""The picture area inside the cream border, in card pixels."""
PCX, PCY = 70.0, 95.0

BackDrawer = Callable[[Canvas, Mask], None]
"""Draws a back's picture on a canvas of card size; the mask is the panel it must fill."""
BACK_DRAWERS: dict[str, BackDrawer] = {}


def back(name: str) -> Callable[[BackDrawer], BackDrawer]:
    def register(fn: BackDrawer) -> BackDrawer:
        BACK_DRAWERS[name] = fn
        return fn

    return register


def perimeter(x0: float, y0: float, x1: float, y1: float, step: float) -> list[tuple[Point, float]]:
    """Evenly spaced points around a rectangle, with the direction (degrees) of the side they
    are on: 0 along the top, 90 down the right, 180 along the bottom, 270 up the left."""
    out: list[tuple[Point, float]] = []
    for (ax, ay), (bx, by), deg in (
        ((x0, y0), (x1, y0), 0.0),
        ((x1, y0), (x1, y1), 90.0),
        ((x1, y1), (x0, y1), 180.0),
        ((x0, y1), (x0, y0), 270.0),
    ):
        length = math.hypot(bx - ax, by - ay)
        n = max(1, round(length / step))
        for i in range(n):
            t = (i + 0.5) / n
            out.append(((ax + (bx - ax) * t, ay + (by - ay) * t), deg))
    return out


def frame_band(
    c: Canvas,
    inset: float,
    width: float,
    color: RGB,
    edge: RGB,
    motif: Callable[[Point, float, int], Mask] | None,
    motif_color: RGB,
) -> None:
    """A decorated band around the inside of the panel: ``width`` wide, ``inset`` from the
    panel's edge, with ``motif`` repeated along it."""
    x0, y0, x1, y1 = PANEL
    outer = c.rect(x0 + inset, y0 + inset, x1 - inset, y1 - inset, 3)
    inner = c.rect(
        x0 + inset + width, y0 + inset + width, x1 - inset - width, y1 - inset - width, 2
    )
    band = minus(outer, inner)
    c.fill(band, color)
    if motif is not None:
        mid = inset + width / 2
        marks = c.blank()
        for n, (p, deg) in enumerate(
            perimeter(x0 + mid, y0 + mid, x1 - mid, y1 - mid, width * 1.15)
        ):
            marks = union(marks, motif(p, deg, n))
        c.fill(inter(marks, band), motif_color)
    lines = union(minus(outer, c.shrink(outer, 0.9)), minus(c.grow(inner, 0.9), inner))
    c.fill(lines, edge)


def noise_dots(
    c: Canvas, mask: Mask, seed: int, count: int, r0: float, r1: float, color: RGB, alpha: float
) -> None:
    """Scatter ``count`` small dots over ``mask`` (grain, flecks, stars)."""
    rng = Rng(seed)
    box = mask.getbbox()
    if box is None:
        return
    x0, y0, x1, y1 = (v / SS for v in box)
    dots = c.blank()
    draw = ImageDraw.Draw(dots)
    for _ in range(count):
        x, y, r = rng.uniform(x0, x1), rng.uniform(y0, y1), rng.uniform(r0, r1)
        draw.ellipse(((x - r) * SS, (y - r) * SS, (x + r) * SS, (y + r) * SS), fill=255)
    c.fill(inter(dots, mask), color, alpha)


def camel(c: Canvas, x: float, y: float, k: float, flip: bool = False) -> Mask:
    """A dromedary silhouette standing on (x, y), ``k`` times its natural 40 x 30 size."""

    def P(px: float, py: float) -> Point:
        px -= 20
        if flip:
            px = -px
        return (x + px * k, y + (py - 30) * k)

    parts = [
        c.poly([P(*q) for q in arc(18, 15, 12, 6.5, 0, 360, 40)]),
        c.poly([P(*q) for q in arc(17, 10, 7.5, 7.5, 180, 360, 24)]),
        c.poly([P(*q) for q in arc(26, 13, 5, 4, 0, 360, 24)]),
        c.stroke([P(28, 13), P(32, 9), P(34, 4)], 4.2 * k),
        c.poly([P(*q) for q in arc(36, 4.2, 4.2, 2.4, 0, 360, 24)]),
        c.stroke([P(37, 4.8), P(40, 6)], 2.2 * k),
        c.stroke([P(6.5, 14), P(5, 21)], 1.4 * k),
    ]
    for lx, knee in ((10, 24), (13.5, 24.5), (23, 24), (26.5, 24.5)):
        parts.append(c.stroke([P(lx, 18), P(lx + 0.5, knee), P(lx, 30)], 2.1 * k))
    return union(*parts)


def scarab(c: Canvas, x: float, y: float, k: float) -> Mask:
    """A scarab seen from above, centred on (x, y), about ``20 k`` pixels long."""
    legs = c.blank()
    for s in (-1, 1):
        for ly, dy in ((-2, -6), (1, 0), (4, 6)):
            legs = union(
                legs,
                c.stroke(
                    [
                        (x + s * 4 * k, y + ly * k),
                        (x + s * 9 * k, y + (ly + dy * 0.4) * k),
                        (x + s * 10 * k, y + (ly + dy) * k),
                    ],
                    1.3 * k,
                ),
            )
    body = c.ellipse(x, y + 3 * k, 6.5 * k, 7.5 * k)
    thorax = c.ellipse(x, y - 4.5 * k, 5.5 * k, 3.8 * k)
    head = c.ellipse(x, y - 8.5 * k, 3.2 * k, 2.2 * k)
    split = c.stroke([(x, y - 0.5 * k), (x, y + 10.5 * k)], 0.9 * k)
    neck = c.stroke([(x - 6 * k, y - 1.3 * k), (x + 6 * k, y - 1.3 * k)], 0.8 * k)
    return minus(union(legs, body, thorax, head), union(split, neck))


def back_panel(c: Canvas) -> Mask:
    x0, y0, x1, y1 = PANEL
    return c.rect(x0, y0, x1, y1, 4)


def pyramid(c: Canvas, apex: Point, half: float, height: float, lit: RGB, shade: RGB) -> Mask:
    """A pyramid seen from the front-left: a lit left face and a shaded right face."""
    ax, ay = apex
    base_y = ay + height
    left = c.poly([apex, (ax - half, base_y), (ax + half * 0.25, base_y)])
    right = c.poly([apex, (ax + half * 0.25, base_y), (ax + half, base_y)])
    c.fill(left, lit)
    c.fill(right, shade)
    return union(left, right)


@back("sandstone")
def draw_back_sandstone(c: Canvas, panel: Mask) -> None:
    c.fill_linear(panel, hexc("#e6ad68"), hexc("#c27a40"), (70, 7), (70, 183))
    noise_dots(c, panel, 101, 700, 0.3, 0.8, hexc("#8c4f22"), 0.35)
    noise_dots(c, panel, 102, 500, 0.3, 0.7, hexc("#fff0d0"), 0.35)
    # masonry courses
    joints = c.blank()
    for row, y in enumerate(range(7, 184, 11)):
        joints = union(joints, c.rect(0, y, 140, y + 1.1))
        off = 0 if row % 2 == 0 else 10
        for x in range(-10 + off, 140, 20):
            joints = union(joints, c.rect(x, y, x + 1.1, y + 11))
    c.fill(inter(joints, panel), hexc("#8d5226"), 0.3)
    # sun and pyramid
    c.fill(c.ellipse(PCX, 86, 40), hexc("#f7d48a"), 0.55)
    c.fill(c.ellipse(PCX, 86, 30), hexc("#fde3a3"), 0.9)
    body = pyramid(c, (PCX, 58), 44, 66, hexc("#f4d299"), hexc("#a8602c"))
    steps = c.blank()
    for y in range(66, 124, 8):
        steps = union(steps, c.rect(0, y, 140, y + 1.2))
    c.fill(inter(steps, body), hexc("#6d3a16"), 0.35)
    c.fill(minus(c.grow(body, 1.4), body), hexc("#5a2e12"))
    c.fill(c.rect(18, 124, 122, 126.5), hexc("#5a2e12"))

    # hieroglyph-like band: dark with cream triangles and dots
    def motif(p: Point, deg: float, n: int) -> Mask:
        if n % 2:
            return c.ellipse(p[0], p[1], 1.2)
        tri = [(p[0] - 3.0, p[1] + 2.2), (p[0], p[1] - 2.6), (p[0] + 3.0, p[1] + 2.2)]
        return c.poly(rotate_pts(tri, p[0], p[1], deg))

    frame_band(c, 4, 9, hexc("#5a2e12"), hexc("#3a1c0a"), motif, hexc("#f6deb0"))


@back("no_redeal")
def draw_back_no_redeal(c: Canvas, panel: Mask) -> None:
    c.fill_radial(panel, hexc("#f28a32"), hexc("#8e1428"), (PCX, PCY), 110)
    rays = c.blank()
    for k in range(24):
        a0, a1 = k * 15 - 3.5, k * 15 + 3.5
        pts = [(PCX, PCY)] + arc(PCX, PCY, 160, 160, a0, a1, 4)
        rays = union(rays, c.poly(pts))
    c.fill(inter(rays, panel), hexc("#ffd27a"), 0.35)
    # the unbroken ring
    c.fill(c.ring(PCX, PCY, 47, 40), hexc("#4e1208"), 0.9)
    c.fill_linear(
        c.ring(PCX, PCY, 46, 41),
        hexc("#ffe7a0"),
        hexc("#d8891f"),
        (PCX - 30, PCY - 40),
        (PCX + 30, PCY + 40),
    )
    for k in range(12):
        a = math.radians(k * 30)
        c.fill(c.ellipse(PCX + 43.5 * math.cos(a), PCY + 43.5 * math.sin(a), 1.6), hexc("#8c2b10"))
    # the sun
    flare = c.poly(star_pts(PCX, PCY, 36, 24, 12))
    c.fill(flare, hexc("#ffb238"))
    c.fill(minus(c.grow(flare, 1), flare), hexc("#7a2410"), 0.6)
    disc = c.ellipse(PCX, PCY, 24)
    c.fill_radial(disc, hexc("#fff3b0"), hexc("#f5a623"), (PCX - 6, PCY - 7), 30)
    c.fill(c.ring(PCX, PCY, 24.5, 22.8), hexc("#7a2410"), 0.7)

    def motif(p: Point, deg: float, n: int) -> Mask:
        return c.ellipse(p[0], p[1], 1.7)

    frame_band(c, 4, 7, hexc("#7a1e10"), hexc("#ffd27a"), motif, hexc("#ffd27a"))


def dune(
    c: Canvas, y: float, amp: float, phase: float, bottom: float = 190
) -> tuple[Mask, list[Point]]:
    """A dune band whose crest is a smooth wave at height ``y``; returns it and its crest."""
    crest = [
        (x, y + amp * math.sin((x + phase) / 22.0) + amp * 0.4 * math.sin((x + phase * 1.7) / 9.0))
        for x in [i * 2.0 for i in range(-2, 73)]
    ]
    return c.poly(crest + [(146, bottom), (-6, bottom)]), crest


@back("trek_3")
def draw_back_trek_3(c: Canvas, panel: Mask) -> None:
    c.fill_linear(panel, hexc("#4fa3d9"), hexc("#f7e1b0"), (70, 7), (70, 100))
    c.fill(inter(c.ellipse(104, 38, 16), panel), hexc("#fff6d6"), 0.35)
    c.fill(c.ellipse(104, 38, 11), hexc("#fff2c0"))
    # three pyramids on the horizon
    for x, h in ((40, 26), (66, 34), (94, 22)):
        pyramid(c, (x, 96 - h), h * 0.95, h, hexc("#e8b777"), hexc("#b47a45"))
    for i, (y, amp, ph, lit, dark) in enumerate(
        (
            (96, 2.5, 0.0, "#eec07e", "#d19a5a"),
            (118, 5.0, 30.0, "#e6a95d", "#c07c3b"),
            (148, 6.0, 70.0, "#d98f45", "#a9602a"),
        )
    ):
        m, crest = dune(c, y, amp, ph)
        m = inter(m, panel)
        c.fill_linear(m, hexc(lit), hexc(dark), (70, y - 6), (70, y + 40))
        shadow = inter(
            m,
            c.poly(
                [(px + 8 * (1 if i % 2 else -1), py + 5) for px, py in crest]
                + [(146, 190), (-6, 190)]
            ),
        )
        c.fill(minus(m, shadow), lighten(hexc(lit), 0.25), 0.5)
        c.fill(inter(c.stroke(crest, 1.0, caps=False), panel), darken(hexc(dark), 0.2), 0.6)
    frame_band(c, 4, 3, hexc("#fdf3dc"), hexc("#9c6a3a"), None, WHITE)


@back("trek_5")
def draw_back_trek_5(c: Canvas, panel: Mask) -> None:
    c.fill_stops(
        panel,
        [
            (0.0, hexc("#4a2466")),
            (0.45, hexc("#c2456a")),
            (0.75, hexc("#f5894a")),
            (1.0, hexc("#ffd27a")),
        ],
        lambda x, y: (y - 10) / 112,
    )
    sun = c.ellipse(PCX, 112, 36)
    c.fill_linear(sun, hexc("#fff1a8"), hexc("#ff9f45"), (70, 76), (70, 130))
    for y in (98, 106, 113):
        c.fill(inter(c.rect(0, y, 140, y + 1.6), sun), hexc("#ff9f45"), 0.7)
    near, crest = dune(c, 132, 3.5, 10)
    far, _ = dune(c, 120, 2.5, 44)
    c.fill(inter(far, panel), hexc("#9c3f5c"))
    c.fill_linear(inter(near, panel), hexc("#4a1f43"), hexc("#2a1030"), (70, 128), (70, 183))

    # the caravan on the ridge
    def ridge_y(x: float) -> float:
        return min(py for px, py in crest if abs(px - x) < 3) + 1.2

    herd = union(
        camel(c, 32, ridge_y(32), 0.72),
        camel(c, 68, ridge_y(68), 0.78),
        camel(c, 104, ridge_y(104), 0.72),
    )
    c.fill(inter(herd, panel), hexc("#2a1030"))

    def motif(p: Point, deg: float, n: int) -> Mask:
        return c.poly(star_pts(p[0], p[1], 2.6, 1.0, 4, rot=deg))

    frame_band(c, 4, 6, hexc("#2a1030"), hexc("#ffcf70"), motif, hexc("#ffb45a"))


@back("trek_8")
def draw_back_trek_8(c: Canvas, panel: Mask) -> None:
    c.fill_linear(panel, hexc("#0b1636"), hexc("#2f3f86"), (70, 7), (70, 150))
    noise_dots(c, panel, 801, 160, 0.3, 0.75, hexc("#dfe8ff"), 0.8)
    # eight bright stars in an arch, and the moon
    for k in range(8):
        a = math.radians(200 + k * 140 / 7)
        x, y = PCX + 46 * math.cos(a), 92 + 46 * math.sin(a)
        c.fill(c.ellipse(x, y, 4.5), hexc("#9fb4ff"), 0.25)
        c.fill(c.poly(star_pts(x, y, 5, 1.2, 4)), hexc("#fff8d8"))
    moon = minus(c.ellipse(PCX, 74, 17), c.ellipse(PCX + 8, 68, 15))
    c.fill(c.ellipse(PCX, 74, 24), hexc("#9fb4ff"), 0.12)
    c.fill_linear(moon, hexc("#fffbe6"), hexc("#d9cf9f"), (55, 60), (80, 92))
    # pyramids in moonlight and the dark sand
    for x, h, half in ((38, 34, 32), (82, 46, 42), (114, 26, 24)):
        pyramid(c, (x, 150 - h), half, h, hexc("#3c4a86"), hexc("#171f45"))
    ground, _ = dune(c, 150, 2.0, 20)
    c.fill_linear(inter(ground, panel), hexc("#252d5e"), hexc("#10153a"), (70, 148), (70, 183))

    def motif(p: Point, deg: float, n: int) -> Mask:
        return c.ellipse(p[0], p[1], 1.2)

    frame_band(c, 4, 4, hexc("#0b1636"), hexc("#c9d3f5"), motif, hexc("#c9d3f5"))


@back("chain_8")
def draw_back_chain_8(c: Canvas, panel: Mask) -> None:
    c.fill_radial(panel, hexc("#1fa3a0"), hexc("#0a4f5a"), (PCX, PCY), 110)
    lattice = c.blank()
    for k in range(-12, 14):
        x = k * 14.0
        lattice = union(
            lattice,
            c.stroke([(x, 0), (x + 190 * 0.75, 190)], 0.8),
            c.stroke([(x + 140, 0), (x + 140 - 190 * 0.75, 190)], 0.8),
        )
    c.fill(inter(lattice, panel), hexc("#7fe0d0"), 0.25)
    # a chain of eight scarabs around the centre
    c.fill(c.ring(PCX, PCY, 43.5, 41.5), hexc("#f2c14e"))
    for k in range(8):
        a = math.radians(-90 + k * 45)
        x, y = PCX + 42.5 * math.cos(a), PCY + 42.5 * math.sin(a)
        c.fill(c.ellipse(x, y, 9), hexc("#0a4f5a"))
        beetle = scarab(c, x, y, 0.62)
        c.fill(c.grow(beetle, 1.0), hexc("#5a3a08"))
        c.fill_linear(beetle, hexc("#ffe38a"), hexc("#c7891d"), (x - 6, y - 6), (x + 6, y + 6))
    # the winged scarab in the middle, pushing the sun
    wings = c.blank()
    for s in (-1, 1):
        for j in range(5):
            y = PCY - 2 + j * 4.2
            wings = union(
                wings,
                c.stroke(
                    [(PCX + s * 8, PCY + 2 + j * 1.2), (PCX + s * (30 - j * 3.2), y - 6 + j * 0.8)],
                    3.4,
                ),
            )
    c.fill(c.grow(wings, 1.0), hexc("#5a3a08"))
    c.fill_linear(wings, hexc("#4fd1ff"), hexc("#2a5fc9"), (PCX, PCY - 10), (PCX, PCY + 16))
    sun = c.ellipse(PCX, PCY - 19, 7)
    c.fill(c.grow(sun, 1), hexc("#5a3a08"))
    c.fill_radial(sun, hexc("#ff8a5c"), hexc("#c7301b"), (PCX - 2, PCY - 21), 9)
    big = scarab(c, PCX, PCY + 2, 1.05)
    c.fill(c.grow(big, 1.2), hexc("#5a3a08"))
    c.fill_linear(big, hexc("#ffe38a"), hexc("#c7891d"), (PCX - 8, PCY - 8), (PCX + 8, PCY + 12))

    def motif(p: Point, deg: float, n: int) -> Mask:
        return c.rect(p[0] - 1.6, p[1] - 1.6, p[0] + 1.6, p[1] + 1.6)

    frame_band(c, 4, 6, hexc("#f2c14e"), hexc("#5a3a08"), motif, hexc("#1a7f7f"))


def petal(c: Canvas, base: Point, length: float, width: float, deg: float) -> Mask:
    """A pointed petal from ``base``, ``length`` long, leaning ``deg`` degrees from upright."""
    bx, by = base
    tip = (bx, by - length)
    right = bezier(
        (bx, by),
        (bx + width * 0.7, by - length * 0.2),
        (bx + width * 0.55, by - length * 0.75),
        tip,
        14,
    )
    pts = right + mirror_x(right, bx)[1:]
    return c.poly(rotate_pts(pts, bx, by, deg))


def lotus(c: Canvas, x: float, y: float, k: float, gold: RGB, light: RGB, edge: RGB) -> None:
    """An Egyptian lotus: a fan of petals over a cup of sepals, rooted at (x, y)."""
    outer = c.blank()
    for deg, ln in ((-58, 28), (58, 28), (-30, 33), (30, 33), (0, 36)):
        outer = union(outer, petal(c, (x, y), ln * k, 8.5 * k, deg))
    c.fill(c.grow(outer, 1.1), edge)
    c.fill_linear(outer, light, gold, (x, y - 36 * k), (x, y))
    for deg, ln in ((-30, 33), (0, 36), (30, 33)):
        c.fill(petal(c, (x, y - 3 * k), ln * k * 0.6, 3.2 * k, deg), gold, 0.8)
    cup = c.poly(arc(x, y - 2 * k, 13 * k, 9 * k, 0, 180, 20))
    c.fill(c.grow(cup, 1.1), edge)
    c.fill_linear(cup, gold, darken(gold, 0.25), (x, y), (x, y + 9 * k))


@back("clears_10")
def draw_back_clears_10(c: Canvas, panel: Mask) -> None:
    c.fill_radial(panel, hexc("#2f5fc4"), hexc("#142a66"), (PCX, 80), 115)
    noise_dots(c, panel, 1001, 90, 0.3, 0.8, hexc("#f5cf5c"), 0.9)
    noise_dots(c, panel, 1002, 60, 0.4, 1.2, hexc("#6e8fe0"), 0.5)
    gold, light, edge = hexc("#e9b53a"), hexc("#fff1b8"), hexc("#0d1d4d")
    # stem and pads
    stem = c.stroke(bezier((PCX, 116), (PCX - 2, 132), (PCX + 2, 146), (PCX, 160), 16), 3.2)
    c.fill(c.grow(stem, 1.0), edge)
    c.fill(stem, hexc("#2fa37a"))
    for s in (-1, 1):
        leaf = petal(c, (PCX, 152), 30, 9, s * 68)
        c.fill(c.grow(leaf, 1.0), edge)
        c.fill_linear(leaf, hexc("#56c98f"), hexc("#1f7a58"), (PCX, 140), (PCX + s * 30, 150))
        bud_stem = c.stroke(
            bezier((PCX, 150), (PCX + s * 14, 144), (PCX + s * 26, 126), (PCX + s * 30, 110), 16),
            2.2,
        )
        c.fill(c.grow(bud_stem, 1.0), edge)
        c.fill(bud_stem, hexc("#2fa37a"))
        bud = petal(c, (PCX + s * 30, 112), 20, 7, s * 10)
        c.fill(c.grow(bud, 1.0), edge)
        c.fill_linear(bud, light, gold, (PCX + s * 30, 92), (PCX + s * 30, 112))
    lotus(c, PCX, 116, 1.25, gold, light, edge)
    c.fill(c.poly(star_pts(PCX, 52, 6, 1.6, 4)), light)

    def motif(p: Point, deg: float, n: int) -> Mask:
        tri = [(p[0] - 2.4, p[1] + 1.6), (p[0], p[1] - 2.4), (p[0] + 2.4, p[1] + 1.6)]
        return c.poly(rotate_pts(tri, p[0], p[1], deg + (180 if n % 2 else 0)))

    frame_band(c, 4, 6, hexc("#e9b53a"), hexc("#0d1d4d"), motif, hexc("#1d3d99"))


@back("clears_25")
def draw_back_clears_25(c: Canvas, panel: Mask) -> None:
    c.fill_radial(panel, hexc("#4a2a66"), hexc("#0f0816"), (PCX, 70), 120)
    glow = c.ellipse(PCX, 44, 34)
    c.fill_radial(glow, hexc("#d95cff"), hexc("#4a2a66"), (PCX, 44), 34, 0.35)
    sheen = inter(c.poly([(7, 120), (133, 40), (133, 62), (7, 142)]), panel)
    c.fill(sheen, WHITE, 0.05)
    gold, dark_gold, ink = hexc("#f0c45a"), hexc("#9c6c18"), hexc("#1c0f24")

    def obelisk(
        x: float,
        top: float,
        bottom: float,
        half_top: float,
        half_bottom: float,
        lit: RGB,
        shade: RGB,
    ) -> Mask:
        tip = (x, top - half_top * 1.6)
        left = c.poly(
            [
                tip,
                (x - half_top, top),
                (x - half_bottom, bottom),
                (x, bottom),
                (x, top - half_top * 1.6),
            ]
        )
        right = c.poly([tip, (x + half_top, top), (x + half_bottom, bottom), (x, bottom)])
        whole = union(left, right)
        c.fill(c.grow(whole, 1.2), ink)
        c.fill_linear(left, lighten(lit, 0.2), lit, (x, top), (x, bottom))
        c.fill_linear(right, shade, darken(shade, 0.3), (x, top), (x, bottom))
        return whole

    for s in (-1, 1):
        obelisk(PCX + s * 38, 92, 156, 5, 7.5, hexc("#5e3a7a"), hexc("#2e1a40"))
    body = obelisk(PCX, 46, 156, 9, 13, gold, dark_gold)
    # carved marks down the face
    y = 58.0
    marks = c.blank()
    for kind in range(6):
        if kind == 0:
            marks = union(marks, c.ring(PCX, y, 3.6, 2.2), c.ellipse(PCX, y, 0.9))
        elif kind == 1:
            marks = union(
                marks,
                c.stroke(
                    [
                        (PCX - 5, y),
                        (PCX - 2.5, y - 2.5),
                        (PCX, y),
                        (PCX + 2.5, y - 2.5),
                        (PCX + 5, y),
                    ],
                    1.3,
                ),
            )
            marks = union(
                marks,
                c.stroke(
                    [
                        (PCX - 5, y + 3),
                        (PCX - 2.5, y + 0.5),
                        (PCX, y + 3),
                        (PCX + 2.5, y + 0.5),
                        (PCX + 5, y + 3),
                    ],
                    1.3,
                ),
            )
        elif kind == 2:
            marks = union(
                marks,
                minus(
                    c.poly([(PCX, y - 4), (PCX - 4.5, y + 3.5), (PCX + 4.5, y + 3.5)]),
                    c.poly([(PCX, y - 1), (PCX - 2, y + 2.2), (PCX + 2, y + 2.2)]),
                ),
            )
        elif kind == 3:
            marks = union(marks, minus(c.ellipse(PCX, y, 5.5, 3), c.ellipse(PCX, y, 1.6)))
        elif kind == 4:
            marks = union(
                marks,
                c.rect(PCX - 5, y - 3, PCX + 5, y - 1.8),
                c.rect(PCX - 5, y + 1.8, PCX + 5, y + 3),
                c.rect(PCX - 0.6, y - 3, PCX + 0.6, y + 3),
            )
        else:
            marks = union(
                marks,
                c.stroke(
                    [(PCX - 3, y - 3), (PCX + 3, y - 3), (PCX - 3, y + 3), (PCX + 3, y + 3)], 1.2
                ),
            )
        y += 15.5
    c.fill(inter(marks, c.shrink(body, 2)), hexc("#5a3a08"), 0.85)
    # plinth
    for x0, x1, y0 in ((PCX - 22, PCX + 22, 156), (PCX - 30, PCX + 30, 162)):
        step = c.rect(x0, y0, x1, y0 + 6)
        c.fill(c.grow(step, 1.0), ink)
        c.fill_linear(step, gold, dark_gold, (x0, y0), (x1, y0 + 6))
    c.fill(c.poly(star_pts(PCX, 31.6, 8, 1.4, 4)), hexc("#fff6d8"))

    def motif(p: Point, deg: float, n: int) -> Mask:
        pts = [
            (-2.8, 2.2),
            (-2.8, -2.2),
            (0.8, -2.2),
            (0.8, 0.0),
            (-0.8, 0.0),
            (-0.8, 0.9),
            (2.8, 0.9),
            (2.8, 2.2),
        ]
        return c.poly(rotate_pts([(p[0] + x, p[1] + y) for x, y in pts], p[0], p[1], deg))

    frame_band(c, 4, 7, hexc("#1c0f24"), hexc("#f0c45a"), motif, hexc("#f0c45a"))


@back("clears_50")
def draw_back_clears_50(c: Canvas, panel: Mask) -> None:
    c.fill_linear(panel, hexc("#ffe08a"), hexc("#b8690f"), (40, 10), (100, 180))
    rays = c.blank()
    for k in range(20):
        a0 = -180 + k * 18
        rays = union(rays, c.poly([(PCX, 62)] + arc(PCX, 62, 180, 180, a0, a0 + 8, 3)))
    c.fill(inter(rays, panel), hexc("#fff6cf"), 0.35)
    c.fill(c.ellipse(PCX, 62, 22), hexc("#fff6cf"), 0.35)
    # stepped pyramid, six tiers
    ink = hexc("#5a3608")
    tiers = 6
    for i in range(tiers):
        half = 14 + i * 8.5
        y0 = 70 + i * 13.0
        tier = c.rect(PCX - half, y0, PCX + half, y0 + 13)
        c.fill(c.grow(tier, 1.0), ink)
        c.fill_linear(
            tier, hexc("#f3bf45"), hexc("#b17818"), (PCX - half, y0), (PCX + half, y0 + 13)
        )
        c.fill(c.rect(PCX - half, y0, PCX + half, y0 + 2.2), hexc("#fff0b5"), 0.85)
        c.fill(c.rect(PCX + half * 0.3, y0 + 2.2, PCX + half, y0 + 13), hexc("#8a5510"), 0.35)
        door = c.rect(PCX - 4, y0 + 4, PCX + 4, y0 + 13) if i == tiers - 1 else None
        if door is not None:
            c.fill(door, ink)
    cap = c.poly([(PCX, 50), (PCX - 14, 70), (PCX + 14, 70)])
    c.fill(c.grow(cap, 1.0), ink)
    c.fill_linear(cap, hexc("#ffffff"), hexc("#ffd25a"), (PCX - 6, 52), (PCX + 8, 70))
    c.fill(c.poly(star_pts(PCX, 50, 11, 1.8, 4)), WHITE)
    # broad collar border: blocks of lapis, carnelian and turquoise between gold
    x0, y0, x1, y1 = PANEL
    inset, width = 4.0, 8.0
    outer = c.rect(x0 + inset, y0 + inset, x1 - inset, y1 - inset, 3)
    inner = c.rect(
        x0 + inset + width, y0 + inset + width, x1 - inset - width, y1 - inset - width, 2
    )
    band = minus(outer, inner)
    c.fill(band, hexc("#f5cc5a"))
    colors = [hexc("#2647a8"), hexc("#c0392b"), hexc("#22b3a6")]
    mid = inset + width / 2
    for n, (p, _deg) in enumerate(perimeter(x0 + mid, y0 + mid, x1 - mid, y1 - mid, 7.0)):
        block = inter(c.rect(p[0] - 2.6, p[1] - 2.6, p[0] + 2.6, p[1] + 2.6, 0.8), band)
        c.fill(block, colors[n % 3])
    lines = union(minus(outer, c.shrink(outer, 0.9)), minus(c.grow(inner, 0.9), inner))
    c.fill(lines, ink)


def render_back(name: str) -> Image.Image:
    """The card back ``name`` at its final size."""
    c = Canvas(*BACK_SIZE)
    w, h = BACK_SIZE
    card = c.rect(0, 0, w, h, 7)
    c.fill(card, CARD_EDGE)
    c.fill(c.rect(1, 1, w - 1, h - 1, 6), CREAM)
    art = Canvas(*BACK_SIZE)
    panel = back_panel(art)
    BACK_DRAWERS[name](art, panel)
    clipped = art.img.copy()
    clipped.putalpha(inter(art.img.getchannel("A"), panel))
    c.img.alpha_composite(clipped)
    c.fill(minus(panel, c.shrink(panel, 0.8)), darken(CARD_EDGE, 0.25), 0.6)
    return c.final()


def render_relic(name: str) -> Image.Image:
    """The relic ``name`` at its final size, its shape centred in the square."""
    c = Canvas(RELIC_SIZE, RELIC_SIZE)
    RELIC_DRAWERS[name](c)
    box = c.img.getchannel("A").getbbox()
    if box is not None:
        dx = (c.size[0] - box[2] - box[0]) // (2 * SS) * SS
        dy = (c.size[1] - box[3] - box[1]) // (2 * SS) * SS
        moved = Image.new("RGBA", c.size, (0, 0, 0, 0))
        moved.paste(c.img, (dx, dy))
        c.img = moved
    return c.final()


# --------------------------------------------------------------------------------------------
# The catalogue, writing files, and the command line


class ArtError(Exception):
    """Something the tool cannot work with; the message says what and where."""


def images_dir() -> Path:
    """``resources/images``: where the data files are, and where the pictures go by default."""
    path = IMAGES
    if not path.is_dir():
        raise ArtError(f"cannot find the images folder {path}")
    return path


def _catalog_ids(path: Path, table: str) -> list[str]:
    """The ids listed, in order, as ``[[table]]`` entries of the TOML file at ``path``."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ArtError(f"{path}: file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ArtError(f"{path}: cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ArtError(f"{path}: not valid TOML: {exc}") from None
    entries = data.get(table)
    if not isinstance(entries, list) or not entries:
        raise ArtError(f"{path}: expected a list of [[{table}]] entries")
    ids: list[str] = []
    for n, entry in enumerate(entries, start=1):
        ident = entry.get("id") if isinstance(entry, dict) else None
        if not isinstance(ident, str) or not ident:
            raise ArtError(f"{path}: [[{table}]] entry {n} has no id")
        if ident in ids:
            raise ArtError(f"{path}: id {ident!r} is listed twice")
        ids.append(ident)
    return ids


def catalog(base: Path | None = None) -> tuple[list[str], list[str]]:
    """The relic ids and the card back ids that the data files list, checked against the
    drawings this module has."""
    base = images_dir() if base is None else base
    relics = _catalog_ids(base / "relics" / "relics.toml", "relic")
    backs = _catalog_ids(base / "backs" / "backs.toml", "back")
    for kind, listed, drawn in (("relic", relics, RELIC_DRAWERS), ("back", backs, BACK_DRAWERS)):
        missing = [i for i in listed if i not in drawn]
        extra = [i for i in drawn if i not in listed]
        if missing:
            raise ArtError(
                f"no drawing for {kind} id(s) {', '.join(missing)} (listed in {kind}s.toml)"
            )
        if extra:
            raise ArtError(f"{kind} drawing(s) {', '.join(extra)} not listed in {kind}s.toml")
    return relics, backs


def generate(out: Path, only: Iterable[str] | None = None, data: Path | None = None) -> list[Path]:
    """Draw the pictures (all, or those in ``only``) into ``out/relics`` and ``out/backs``;
    returns the files written."""
    relics, backs = catalog(data)
    wanted = None if only is None else set(only)
    if wanted is not None:
        unknown = sorted(wanted - set(relics) - set(backs))
        if unknown:
            raise ArtError(f"unknown id(s): {', '.join(unknown)}")
    written: list[Path] = []
    for folder, ids, render in (("relics", relics, render_relic), ("backs", backs, render_back)):
        for ident in ids:
            if wanted is not None and ident not in wanted:
                continue
            path = out / folder / f"{ident}.png"
            path.parent.mkdir(parents=True, exist_ok=True)
            render(ident).save(path, format="PNG", optimize=True)
            written.append(path)
    return written


def contact_sheet(relics: Sequence[Image.Image], backs: Sequence[Image.Image]) -> Image.Image:
    """All pictures at the sizes a player sees them (relics at 128 and 96 px and as locked
    silhouettes, backs at full and half size) on a table-coloured sheet."""
    cols = 6
    cell_w = 128 + 96 + 20
    rows = math.ceil(len(relics) / cols)
    back_w = 150
    width = max(cols * cell_w, len(backs) * back_w) + 20
    height = rows * 150 + 215 + 110
    sheet = Image.new("RGBA", (width, height), (44, 100, 70, 255))
    for i, im in enumerate(relics):
        x, y = 10 + (i % cols) * cell_w, 10 + (i // cols) * 150
        sheet.alpha_composite(im.resize((128, 128), Image.Resampling.LANCZOS), (x, y))
        sheet.alpha_composite(im.resize((96, 96), Image.Resampling.LANCZOS), (x + 132, y))
        shadow = Image.new("RGBA", (44, 44), (20, 28, 24, 255))
        shadow.putalpha(scaled(im.getchannel("A").resize((44, 44), Image.Resampling.LANCZOS), 0.8))
        sheet.alpha_composite(shadow, (x + 158, y + 100))
    top = 10 + rows * 150
    for i, im in enumerate(backs):
        x = 10 + i * back_w
        sheet.alpha_composite(im, (x, top))
        sheet.alpha_composite(im.resize((70, 95), Image.Resampling.LANCZOS), (x, top + 200))
    return sheet


def _load_or_render(
    paths: Sequence[Path], ident: str, render: Callable[[str], Image.Image]
) -> Image.Image:
    """The first of ``paths`` that exists, else a fresh drawing."""
    for path in paths:
        if path.is_file():
            with Image.open(path) as im:
                loaded: Image.Image = im.convert("RGBA")
                return loaded
    return render(ident)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python tools/artgen.py",
        description="Draw Desert Pyramid's relic icons and card backs (PNG) from code.",
    )
    parser.add_argument(
        "--out",
        type=Path,
        help="folder to write relics/ and backs/ into (default: the project's resources/images)",
    )
    parser.add_argument(
        "--only", action="append", metavar="ID", help="draw only this id (repeatable)"
    )
    parser.add_argument(
        "--sheet", type=Path, metavar="PNG", help="also write a contact sheet of everything"
    )
    args = parser.parse_args(argv)
    try:
        data = images_dir()
        if args.only:
            relics, backs = catalog(data)
            unknown = sorted(set(args.only) - set(relics) - set(backs))
            if unknown:
                parser.error(
                    f"unknown id(s) for --only: {', '.join(unknown)} "
                    f"(known: {', '.join(relics + backs)})"
                )
        out: Path = args.out if args.out is not None else data
        written = generate(out, args.only, data)
        if args.sheet is not None:
            relics, backs = catalog(data)
            sheet = contact_sheet(
                [
                    _load_or_render(
                        [out / "relics" / f"{i}.png", data / "relics" / f"{i}.png"], i, render_relic
                    )
                    for i in relics
                ],
                [
                    _load_or_render(
                        [out / "backs" / f"{i}.png", data / "backs" / f"{i}.png"], i, render_back
                    )
                    for i in backs
                ],
            )
            args.sheet.parent.mkdir(parents=True, exist_ok=True)
            sheet.save(args.sheet)
            print(f"contact sheet: {args.sheet}")
    except ArtError as exc:
        print(f"artgen: error: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"artgen: error: cannot write: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {len(written)} picture(s) under {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
