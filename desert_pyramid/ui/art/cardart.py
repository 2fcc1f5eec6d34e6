"""Card faces, backs and highlight rings, drawn with Pillow at the exact pixel size they are shown.

Drawing at the shown size keeps the indices sharp at every window size, and lets the settings
switch to a four-colour deck or large indices. Shapes are drawn at 3x and scaled down, so edges
are smooth. Pure Pillow: no Arcade here (``assets`` turns the images into textures).
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from desert_pyramid.engine import Card
from desert_pyramid.engine.cards import RANK_NAMES, SUIT_SYMBOLS
from desert_pyramid.resources_path import resource_path
from desert_pyramid.ui.base.fonts import BOLD_FILE, REGULAR_FILE
from desert_pyramid.ui.base.palette import SAND_INK

SS = 2  # supersampling factor (text is antialiased by FreeType; shapes need little more)
Colour = tuple[int, int, int]
INK_BLACK: Colour = (28, 28, 34)
INK_RED: Colour = (196, 22, 44)
INK_BLUE: Colour = (24, 88, 190)
INK_GREEN: Colour = (22, 128, 58)
PAPER = (252, 249, 240, 255)
EDGE = (168, 152, 124, 255)
GOLD = (222, 170, 60)

# Standard pip positions for 2..10, in a unit box (x 0..1 left to right, y 0..1 top to bottom).
_SIDE = (0.0, 1.0)
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.5, 0.0), (0.5, 1.0)),
    3: ((0.5, 0.0), (0.5, 0.5), (0.5, 1.0)),
    4: tuple((x, y) for y in (0.0, 1.0) for x in _SIDE),
    5: tuple((x, y) for y in (0.0, 1.0) for x in _SIDE) + ((0.5, 0.5),),
    6: tuple((x, y) for y in (0.0, 0.5, 1.0) for x in _SIDE),
    7: tuple((x, y) for y in (0.0, 0.5, 1.0) for x in _SIDE) + ((0.5, 0.25),),
    8: tuple((x, y) for y in (0.0, 0.5, 1.0) for x in _SIDE) + ((0.5, 0.25), (0.5, 0.75)),
    9: tuple((x, y) for y in (0.0, 1 / 3, 2 / 3, 1.0) for x in _SIDE) + ((0.5, 0.5),),
    10: tuple((x, y) for y in (0.0, 1 / 3, 2 / 3, 1.0) for x in _SIDE)
    + ((0.5, 1 / 6), (0.5, 5 / 6)),
}


def _down(img: Image.Image) -> Image.Image:
    """Scale a supersampled drawing down by averaging each SS x SS block (premultiplied alpha)."""
    return img.convert("RGBa").reduce(SS).convert("RGBA")


def suit_colour(suit: int, four_colour: bool) -> Colour:
    """Spades, hearts, diamonds, clubs: black/red, or black, red, blue, green."""
    if four_colour:
        return (INK_BLACK, INK_RED, INK_BLUE, INK_GREEN)[suit]
    return INK_RED if suit in (1, 2) else INK_BLACK


@lru_cache(maxsize=64)
def _font(name: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(resource_path("fonts", name)), max(4, size))


def bold(size: int) -> ImageFont.FreeTypeFont:
    return _font(BOLD_FILE, size)


def regular(size: int) -> ImageFont.FreeTypeFont:
    return _font(REGULAR_FILE, size)


def _centred(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    font: ImageFont.FreeTypeFont,
    fill: tuple[int, ...],
) -> None:
    draw.text(xy, text, font=font, fill=fill, anchor="mm")


def _rounded_card(w: int, h: int, fill: tuple[int, ...], edge: tuple[int, ...]) -> Image.Image:
    return _blank(w, h, fill, edge).copy()


@lru_cache(maxsize=8)
def _blank(w: int, h: int, fill: tuple[int, ...], edge: tuple[int, ...]) -> Image.Image:
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    r = max(2, int(w * 0.085))
    lw = max(SS, int(w * 0.012))
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=r, fill=edge)
    d.rounded_rectangle((lw, lw, w - 1 - lw, h - 1 - lw), radius=max(1, r - lw), fill=fill)
    return img


@lru_cache(maxsize=256)
def _glyph(size: int, suit: int, colour: Colour, flip: bool) -> Image.Image:
    """A suit symbol on a transparent square of 2 x ``size`` (kept: the same pip recurs on many cards)."""
    glyph = Image.new("RGBA", (size * 2, size * 2), (0, 0, 0, 0))
    ImageDraw.Draw(glyph).text(
        (size, size), SUIT_SYMBOLS[suit], font=regular(size), fill=colour + (255,), anchor="mm"
    )
    return glyph.rotate(180) if flip else glyph


def _pip(
    img: Image.Image, cx: float, cy: float, size: int, suit: int, colour: Colour, flip: bool
) -> None:
    """One suit symbol centred at (cx, cy); ``flip`` turns it upside down (lower half of the card)."""
    img.alpha_composite(_glyph(size, suit, colour, flip), (int(cx - size), int(cy - size)))


def _corner(
    w: int,
    rank: int,
    suit: int,
    colour: Colour,
    rank_part: float,
    suit_part: float,
    box_part: float,
) -> Image.Image:
    """One corner index: the rank over the suit, sized as parts of the card width ``w``."""
    text = RANK_NAMES[rank - 1]
    rank_size = int(w * rank_part * (0.86 if len(text) == 2 else 1.0))
    suit_size = int(w * suit_part)
    box_w = int(w * box_part)
    box_h = int(rank_size * 1.05 + suit_size * 1.05)
    corner = Image.new("RGBA", (box_w, box_h), (0, 0, 0, 0))
    d = ImageDraw.Draw(corner)
    ink = colour + (255,)
    if len(text) == 2:  # "10": squeeze the two digits together
        glyphs = Image.new("RGBA", (int(rank_size * 1.3), int(rank_size * 1.1)), (0, 0, 0, 0))
        ImageDraw.Draw(glyphs).text(
            (glyphs.width / 2, glyphs.height / 2), text, font=bold(rank_size), fill=ink, anchor="mm"
        )
        glyphs = glyphs.resize((int(box_w * 0.98), glyphs.height), Image.Resampling.LANCZOS)
        corner.alpha_composite(glyphs, ((box_w - glyphs.width) // 2, 0))
    else:
        _centred(d, (box_w / 2, rank_size * 0.55), text, bold(rank_size), ink)
    _centred(
        d,
        (box_w / 2, rank_size * 1.05 + suit_size * 0.5),
        SUIT_SYMBOLS[suit],
        regular(suit_size),
        ink,
    )
    return corner


def _jumbo(w: int, rank: int, suit: int, colour: Colour) -> Image.Image:
    """The jumbo index: a big rank with the suit beside it, all in the card's top third (the part a
    covered card still shows)."""
    text = RANK_NAMES[rank - 1]
    rank_size = int(w * (0.44 if len(text) == 2 else 0.52))
    suit_size = int(w * 0.34)
    ink = colour + (255,)
    font = bold(rank_size)
    left, top, right, bottom = font.getbbox(text, anchor="ls")
    rank_w = right - left
    box = Image.new("RGBA", (int(w * 0.92), int(rank_size * 1.05)), (0, 0, 0, 0))
    d = ImageDraw.Draw(box)
    baseline = int(rank_size * 0.9)
    d.text((0, baseline), text, font=font, fill=ink, anchor="ls")
    d.text(
        (rank_w + w * 0.04, baseline),
        SUIT_SYMBOLS[suit],
        font=regular(suit_size),
        fill=ink,
        anchor="ls",
    )
    return box


def _index(img: Image.Image, rank: int, suit: int, colour: Colour, large: bool) -> None:
    """The corner indices: top-left, and turned at the bottom-right. Large indices make the top
    one (the one a covered card still shows) jumbo and keep the bottom one small."""
    w, h = img.size
    pad_y = int(w * 0.05)
    if large:
        top = _jumbo(w, rank, suit, colour)
        bottom = _corner(w, rank, suit, colour, 0.25, 0.20, 0.24)
        img.alpha_composite(top, (int(w * 0.04), int(w * 0.03)))
    else:
        top = bottom = _corner(w, rank, suit, colour, 0.25, 0.20, 0.24)
        img.alpha_composite(top, (int(w * 0.035), pad_y))
    pad_x = int(w * 0.035)
    img.alpha_composite(bottom.rotate(180), (w - pad_x - bottom.width, h - pad_y - bottom.height))


def _petal(
    cx: float, cy: float, length: float, width: float, angle: float
) -> list[tuple[float, float]]:
    """A pointed petal from (cx, cy) outwards, turned by ``angle`` radians (0 points up)."""
    pts: list[tuple[float, float]] = []
    n = 16
    for i in range(n + 1):  # one side out, the other back: a lens shape
        t = i / n
        pts.append((width * math.sin(math.pi * t), -length * t))
    for i in range(n, -1, -1):
        t = i / n
        pts.append((-width * math.sin(math.pi * t), -length * t))
    ca, sa = math.cos(angle), math.sin(angle)
    return [(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in pts]


def _motif(
    d: ImageDraw.ImageDraw, rank: int, cx: float, cy: float, size: float, colour: Colour, line: int
) -> None:
    """Each court card's own emblem, in the desert's gold and the suit's colour: the jack an ankh,
    the queen a lotus, the king a pharaoh's striped headdress."""
    ink = colour + (255,)
    gold = GOLD + (255,)
    sand = (244, 226, 186, 255)
    if rank == 11:  # ankh: a loop over a cross
        lw = max(line, int(size * 0.12))
        d.ellipse(
            (cx - size * 0.2, cy - size * 0.5, cx + size * 0.2, cy - size * 0.06),
            outline=ink,
            width=lw,
        )
        d.line(
            (cx - size * 0.34, cy + size * 0.02, cx + size * 0.34, cy + size * 0.02),
            fill=ink,
            width=lw,
        )
        d.line((cx, cy - size * 0.06, cx, cy + size * 0.5), fill=ink, width=lw)
        d.ellipse(
            (
                cx - lw * 0.7,
                cy - lw * 0.7 + size * 0.02,
                cx + lw * 0.7,
                cy + lw * 0.7 + size * 0.02,
            ),
            fill=gold,
        )
    elif rank == 12:  # lotus: five petals fanning up from a bowl
        base = cy + size * 0.34
        for angle, length, fill in (
            (-1.05, 0.5, ink),
            (1.05, 0.5, ink),
            (-0.52, 0.66, gold),
            (0.52, 0.66, gold),
            (0.0, 0.8, ink),
        ):
            d.polygon(_petal(cx, base, size * length, size * 0.13, angle), fill=fill, outline=ink)
        d.chord(
            (cx - size * 0.36, base - size * 0.14, cx + size * 0.36, base + size * 0.2),
            0,
            180,
            fill=gold,
            outline=ink,
            width=max(1, line // 2),
        )
    else:  # king: the nemes headdress, striped, around a face, a cobra at the brow
        top, bottom = cy - size * 0.48, cy + size * 0.5
        cloth = [
            (cx - size * 0.26, top),
            (cx + size * 0.26, top),
            (cx + size * 0.36, cy - size * 0.05),
            (cx + size * 0.5, bottom),
            (cx - size * 0.5, bottom),
            (cx - size * 0.36, cy - size * 0.05),
        ]
        d.polygon(cloth, fill=gold, outline=ink)
        mid = cy - size * 0.05
        for k in range(1, 7):  # stripes across the cloth, from edge to edge
            y = top + (bottom - top) * k / 7
            if y <= mid:
                half = size * (0.26 + 0.10 * (y - top) / (mid - top))
            else:
                half = size * (0.36 + 0.14 * (y - mid) / (bottom - mid))
            d.line((cx - half + line, y, cx + half - line, y), fill=ink, width=max(1, line // 2))
        d.polygon(cloth, outline=ink, width=max(1, line // 2))
        face = (cx - size * 0.17, cy - size * 0.3, cx + size * 0.17, cy + size * 0.24)
        d.rounded_rectangle(
            face, radius=int(size * 0.1), fill=sand, outline=ink, width=max(1, line // 2)
        )
        d.ellipse(
            (cx - size * 0.06, top - size * 0.02, cx + size * 0.06, top + size * 0.12), fill=ink
        )


def _court(img: Image.Image, rank: int, suit: int, colour: Colour) -> None:
    """Jack, queen, king: a framed sand panel with the rank's own emblem (an ankh, a lotus, a
    pharaoh's headdress), the letter on a small sun, and the suit."""
    w, h = img.size
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = int(w * 0.26), int(h * 0.19), int(w * 0.74), int(h * 0.81)
    d.rounded_rectangle(
        (x0, y0, x1, y1),
        radius=int(w * 0.04),
        fill=(244, 226, 186, 255),
        outline=colour + (255,),
        width=max(SS, int(w * 0.018)),
    )
    cx = (x0 + x1) / 2
    pw, ph = x1 - x0, y1 - y0
    line = max(SS, int(w * 0.016))
    _motif(d, rank, cx, y0 + ph * 0.5, min(pw * 0.78, ph * 0.5), colour, line)
    # the letter on a small sun at the top, the suit at the foot
    r = pw * 0.15
    sy = y0 + ph * 0.13
    for i in range(12):
        a = i * math.pi / 6
        d.line(
            (
                cx + math.cos(a) * r * 0.9,
                sy + math.sin(a) * r * 0.9,
                cx + math.cos(a) * r * 1.35,
                sy + math.sin(a) * r * 1.35,
            ),
            fill=GOLD + (255,),
            width=max(1, line // 2),
        )
    d.ellipse((cx - r, sy - r, cx + r, sy + r), fill=GOLD + (255,))
    _centred(d, (cx, sy + r * 0.06), RANK_NAMES[rank - 1], bold(int(r * 1.5)), colour + (255,))
    _pip(img, cx, y0 + ph * 0.875, int(pw * 0.26), suit, colour, False)


def render_face(
    card: Card, w: int, h: int, four_colour: bool = False, large_index: bool = False
) -> Image.Image:
    """The face of ``card`` at ``w`` x ``h`` pixels (RGBA)."""
    W, H = w * SS, h * SS
    img = _rounded_card(W, H, PAPER, EDGE)
    colour = suit_colour(card.suit, four_colour)
    rank, suit = card.rank, card.suit
    _index(img, rank, suit, colour, large_index)
    if large_index:
        return _down(img)  # the jumbo index says it all
    if rank == 1:
        _pip(img, W / 2, H / 2, int(W * 0.52), suit, colour, False)
    elif rank > 10:
        _court(img, rank, suit, colour)
    else:
        size = int(W * 0.2)
        left, right = W * 0.37, W * 0.63
        top, bottom = H * 0.20, H * 0.80
        for px, py in PIPS[rank]:
            x = left + (right - left) * px
            y = top + (bottom - top) * py
            _pip(img, x, y, size, suit, colour, py > 0.5)
    return _down(img)


def _flat(rank: int, suit: int, colour: Colour, height: int) -> Image.Image:
    """An index in one line: the rank beside the suit, ``height`` pixels high."""
    text = RANK_NAMES[rank - 1]
    ink = colour + (255,)
    rank_font, suit_font = bold(int(height * 0.92)), regular(int(height * 0.8))
    rl, _, rr, _ = rank_font.getbbox(text, anchor="ls")
    sl, _, sr, _ = suit_font.getbbox(SUIT_SYMBOLS[suit], anchor="ls")
    gap = int(height * 0.08)
    img = Image.new("RGBA", (int(rr - rl + gap + sr - sl + 2), height), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    baseline = int(height * 0.86)
    d.text((-rl, baseline), text, font=rank_font, fill=ink, anchor="ls")
    d.text(
        (rr - rl + gap - sl, baseline), SUIT_SYMBOLS[suit], font=suit_font, fill=ink, anchor="ls"
    )
    return img


def render_index_tag(
    card: Card,
    w: int,
    patch: tuple[int, int],
    glyph: tuple[int, int, int, int],
    flat: bool,
    four_colour: bool = False,
) -> Image.Image:
    """An extra index, upright, for a covered card whose own index lies under other cards: paper
    of ``patch`` (width, height pixels) with the index fitted into ``glyph`` (left, top, width,
    height within the patch), the rank over the suit like the face's corner (``flat``: beside it,
    for a thin strip). ``w`` is the card's width, which sizes the corner index like the face's."""
    pw, ph = max(1, patch[0]) * SS, max(1, patch[1]) * SS
    gx, gy, gw, gh = (v * SS for v in glyph)
    img = Image.new("RGBA", (pw, ph), PAPER)
    colour = suit_colour(card.suit, four_colour)
    if flat:
        index = _flat(card.rank, card.suit, colour, max(4, int(gh * 0.9)))
    else:
        index = _corner(w * SS, card.rank, card.suit, colour, 0.25, 0.20, 0.23)
    scale = min(1.0, gw / max(1, index.width), gh / max(1, index.height))
    if scale < 1.0:
        size = (max(1, int(index.width * scale)), max(1, int(index.height * scale)))
        index = index.resize(size, Image.Resampling.LANCZOS)
    x = gx + (gw - index.width) // 2 if not flat else gx
    img.alpha_composite(index, (int(x), int(gy + (gh - index.height) // 2)))
    return _down(img)


def render_back(source: Path | Image.Image, w: int, h: int) -> Image.Image:
    """A card back from an image file (any size), fitted to ``w`` x ``h`` with rounded corners."""
    art = Image.open(source).convert("RGBA") if isinstance(source, Path) else source.convert("RGBA")
    art = art.resize((w * SS, h * SS), Image.Resampling.LANCZOS)
    mask = Image.new("L", (w * SS, h * SS), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (0, 0, w * SS - 1, h * SS - 1), radius=int(w * SS * 0.085), fill=255
    )
    alpha = Image.composite(art.getchannel("A"), mask, mask)
    art.putalpha(alpha)
    return art.resize((w, h), Image.Resampling.LANCZOS)


def render_ring(
    w: int,
    h: int,
    pad: int,
    colour: Colour,
    width: int,
    glow: bool = False,
    edge: Colour | None = None,
) -> Image.Image:
    """A rounded ring around a ``w`` x ``h`` card, ``pad`` pixels out; a soft halo when ``glow``.
    With ``edge``, the ring runs between two thin lines of that colour: a light ring edged in dark
    stands out on a light background and on a dark one alike (the keyboard focus)."""
    W, H = (w + 2 * pad) * SS, (h + 2 * pad) * SS
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    r = int((w * 0.085 + pad) * SS)
    lw = max(1, width) * SS
    inset = (pad * SS - lw) // 2 if glow else 0
    if glow:
        d.rounded_rectangle(
            (inset, inset, W - 1 - inset, H - 1 - inset), radius=r, fill=colour + (235,)
        )
        # blur with premultiplied alpha, or the halo's edge turns dark
        img = img.convert("RGBa").filter(ImageFilter.GaussianBlur(pad * SS * 0.38)).convert("RGBA")
        # cut out the card itself so the halo never tints its face
        hole = Image.new("L", (W, H), 0)
        ImageDraw.Draw(hole).rounded_rectangle(
            (pad * SS, pad * SS, W - 1 - pad * SS, H - 1 - pad * SS),
            radius=int(w * 0.085 * SS),
            fill=255,
        )
        a = img.getchannel("A").point(lambda v: min(255, v * 2))  # a strong halo close to the card
        a.paste(0, mask=hole)
        img.putalpha(a)
    elif edge is not None:
        e = SS  # one pixel each side
        d.rounded_rectangle((0, 0, W - 1, H - 1), radius=r, outline=edge + (255,), width=lw + 2 * e)
        d.rounded_rectangle(
            (e, e, W - 1 - e, H - 1 - e), radius=max(0, r - e), outline=colour + (255,), width=lw
        )
    else:
        d.rounded_rectangle((0, 0, W - 1, H - 1), radius=r, outline=colour + (255,), width=lw)
    return _down(img)


def render_slot(
    w: int, h: int, colour: tuple[int, int, int, int] = (90, 60, 30, 70)
) -> Image.Image:
    """An empty pile's place: a faint rounded outline with a light fill."""
    W, H = w * SS, h * SS
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    r = int(w * 0.085 * SS)
    d.rounded_rectangle(
        (0, 0, W - 1, H - 1),
        radius=r,
        fill=(colour[0], colour[1], colour[2], colour[3] // 2),
        outline=colour,
        width=2 * SS,
    )
    return _down(img)


def render_shadow(w: int, h: int, pad: int) -> Image.Image:
    """A soft drop shadow for a lifted or flying card."""
    W, H = w + 2 * pad, h + 2 * pad
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    ImageDraw.Draw(img).rounded_rectangle(
        (pad, pad, W - pad, H - pad), radius=int(w * 0.085), fill=(40, 25, 10, 110)
    )
    return img.filter(ImageFilter.GaussianBlur(pad * 0.45))


def render_redeal(w: int, h: int, colour: tuple[int, int, int] = (120, 78, 36)) -> Image.Image:
    """The circular arrow that an empty stock shows when a redeal is left."""
    W, H = w * SS, h * SS
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    r = W * 0.30
    cx, cy = W / 2, H / 2
    lw = int(W * 0.07)
    d.arc((cx - r, cy - r, cx + r, cy + r), start=-60, end=230, fill=colour + (255,), width=lw)
    # arrow head at the end of the arc (angle -60 degrees, pointing along the turn)
    a = math.radians(-60)
    ex, ey = cx + r * math.cos(a), cy + r * math.sin(a)
    s = W * 0.13
    d.polygon(
        [(ex - s * 0.9, ey - s * 0.7), (ex + s * 0.9, ey - s * 0.2), (ex - s * 0.1, ey + s * 0.9)],
        fill=colour + (255,),
    )
    return _down(img)


def render_icon(kind: str, size: int, colour: tuple[int, int, int] = SAND_INK) -> Image.Image:
    """Icons for the round buttons: ``undo`` (a turning arrow), ``hint`` (a light bulb), ``menu``;
    and ``sun`` (a disc with eight rays: the ☀ of the Daily share line, which the font lacks)."""
    S = size * SS
    img = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    ink = colour + (255,)
    lw = max(SS, int(S * 0.11))
    if kind == "undo":
        r = S * 0.32
        c = S / 2
        d.arc((c - r, c - r, c + r, c + r), start=200, end=120 + 360, fill=ink, width=lw)
        a = math.radians(200)
        ex, ey = c + r * math.cos(a), c + r * math.sin(a)
        s = S * 0.2
        d.polygon(
            [(ex - s, ey + s * 0.2), (ex + s * 0.9, ey + s * 0.25), (ex + s * 0.1, ey - s * 1.0)],
            fill=ink,
        )
    elif kind == "hint":
        c = S / 2
        r = S * 0.24
        d.ellipse((c - r, S * 0.12, c + r, S * 0.12 + 2 * r), fill=ink)
        d.rectangle((c - r * 0.55, S * 0.12 + 1.6 * r, c + r * 0.55, S * 0.78), fill=ink)
        d.rectangle((c - r * 0.45, S * 0.80, c + r * 0.45, S * 0.88), fill=ink)
    elif kind == "sun":
        c = S / 2
        r = S * 0.22
        d.ellipse((c - r, c - r, c + r, c + r), fill=ink)
        for k in range(8):
            a = math.radians(45 * k)
            d.line(
                (
                    c + r * 1.35 * math.cos(a),
                    c + r * 1.35 * math.sin(a),
                    c + S * 0.47 * math.cos(a),
                    c + S * 0.47 * math.sin(a),
                ),
                fill=ink,
                width=lw,
            )
    else:  # menu: three bars
        for i in range(3):
            y = S * (0.28 + 0.22 * i)
            d.rounded_rectangle(
                (S * 0.18, y - lw / 2, S * 0.82, y + lw / 2), radius=lw // 2, fill=ink
            )
    return _down(img)
