"""Textures, fonts and sounds, loaded once and lazily (never at import time).

Card faces are drawn by :mod:`cardart` at the size the table shows them; a :class:`CardTextures`
set belongs to one card size and one choice of deck options, and gets its own texture atlas so
that an old size can be dropped whole after a resize. Faces are drawn on first use, and
:meth:`CardTextures.warm` draws the rest a few per frame.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import arcade
from arcade.hitbox import BoundingHitBoxAlgorithm
from PIL import Image

from desert_pyramid.app.prefs import DEFAULT_BACK, Settings
from desert_pyramid.engine import CARDS
from desert_pyramid.resources_path import resource_path
from desert_pyramid.ui.art import cardart
from desert_pyramid.ui.base.cardface import INDEX_SPOTS, index_patch
from desert_pyramid.ui.base.fonts import FONT_FILES
from desert_pyramid.ui.base.palette import GOLD

ARCADE_BACKS = tuple(f"{c}{n}" for c in ("red", "blue", "green") for n in range(1, 6))
_HITBOX = BoundingHitBoxAlgorithm()  # type: ignore[no-untyped-call]
PARTS = ("full", "top", "bottom", "left", "right")
KEEP_SETS = 3  # card texture sets kept (a window resized back and forth, a settings change undone)

# Highlight colours
GLOW = GOLD  # the selected card
PARTNER = (80, 220, 120)  # its possible partners
FOCUS = (70, 200, 255)  # the keyboard focus,
FOCUS_EDGE = (
    10,
    12,
    30,
)  # edged in dark so it shows on every background (tests/ui/test_focus_ring.py)
HINT = (255, 120, 220)  # the hinted move
COACH = (255, 138, 36)  # the cards the coach talks about (its panel has a stripe of it)


def back_ids() -> list[str]:
    """Every card back: our own art in resources/images/backs, then Arcade's set (``arcade-red2``)."""
    folder = resource_path("images", "backs")
    own = sorted(p.stem for p in folder.glob("*.png")) if folder.is_dir() else []
    return own + [f"arcade-{b}" for b in ARCADE_BACKS]


def resolve_back(back_id: str) -> str:
    """The back that will be drawn for a chosen id: itself if it exists, else the default, else
    Arcade's red (the default art may not be in the resources yet)."""
    ids = back_ids()
    if back_id in ids:
        return back_id
    return DEFAULT_BACK if DEFAULT_BACK in ids else "arcade-red2"


def back_source(back_id: str) -> Path | str:
    """The image file of a back id; unknown ids fall back to the default, then to Arcade's red."""
    own = resource_path("images", "backs", f"{back_id}.png")
    if own.is_file():
        return own
    if back_id.startswith("arcade-") and back_id[7:] in ARCADE_BACKS:
        return f":resources:images/cards/cardBack_{back_id[7:]}.png"
    default = resource_path("images", "backs", f"{DEFAULT_BACK}.png")
    return default if default.is_file() else ":resources:images/cards/cardBack_red2.png"


def load_image(source: Path | str) -> Image.Image:
    if isinstance(source, str):
        source = Path(arcade.resources.resolve(source))
    return Image.open(source).convert("RGBA")


def make_texture(image: Image.Image, name: str) -> arcade.Texture:
    return arcade.Texture(image, hash=name, hit_box_algorithm=_HITBOX)


@dataclass
class CardTextures:
    """Every texture the cards need at one size: faces (drawn on demand), back and highlight rings."""

    w: int
    h: int
    four_colour: bool
    large_index: bool
    back_id: str
    atlas: arcade.DefaultTextureAtlas
    back: arcade.Texture
    slot: arcade.Texture
    glow: arcade.Texture
    partner: arcade.Texture
    focus: arcade.Texture
    hint: arcade.Texture
    coach: arcade.Texture
    shadow: arcade.Texture
    ring_pad: int
    shadow_pad: int
    _faces: dict[int, arcade.Texture] = field(default_factory=dict)
    _parts: dict[int, arcade.Texture] = field(default_factory=dict)
    _tags: dict[tuple[int, str], arcade.Texture] = field(default_factory=dict)

    def tag_box(self, spot: str) -> tuple[int, int, int, int]:
        """Where the paper of an extra index lies on the card: left, top, width, height in
        pixels from the card's top-left corner."""
        ux, uy = self.w / 2, self.h / 2
        x0, y0, x1, y1 = index_patch(spot)
        left, top = round(x0 * ux), round(y0 * uy)
        return (left, top, round(x1 * ux) - left, round(y1 * uy) - top)

    def tag(self, card: int, spot: str) -> arcade.Texture:
        """An extra upright index for a covered card (see :data:`geometry.INDEX_SPOTS`)."""
        tex = self._tags.get((card, spot))
        if tex is None:
            ux, uy = self.w / 2, self.h / 2
            left, top, pw, ph = self.tag_box(spot)
            gx0, gy0, gx1, gy1 = INDEX_SPOTS[spot]
            glyph = (
                round(gx0 * ux) - left,
                round(gy0 * uy) - top,
                round((gx1 - gx0) * ux),
                round((gy1 - gy0) * uy),
            )
            img = cardart.render_index_tag(
                CARDS[card], self.w, (pw, ph), glyph, spot.endswith("flat"), self.four_colour
            )
            tex = make_texture(img, f"tag-{card}-{spot}-{self.key}")
            self._tags[(card, spot)] = tex
        return tex

    @property
    def key(self) -> tuple[int, int, bool, bool, str]:
        return (self.w, self.h, self.four_colour, self.large_index, self.back_id)

    def face(self, card: int) -> arcade.Texture:
        tex = self._faces.get(card)
        if tex is None:
            img = cardart.render_face(
                CARDS[card], self.w, self.h, self.four_colour, self.large_index
            )
            tex = make_texture(img, f"face-{card}-{self.key}")
            self._faces[card] = tex
        return tex

    def part(self, card: int, part: str) -> arcade.Texture:
        """One half of a face (``top``, ``bottom``, ``left``, ``right``), for a card whose other
        half lies under other cards: the renderer then fills half the pixels."""
        key = card * 8 + PARTS.index(part)
        tex = self._parts.get(key)
        if tex is None:
            img = self.face(card).image
            w, h = img.size
            box = {
                "top": (0, 0, w, h // 2),
                "bottom": (0, h // 2, w, h),
                "left": (0, 0, w // 2, h),
                "right": (w // 2, 0, w, h),
            }[part]
            tex = make_texture(img.crop(box), f"face-{card}-{part}-{self.key}")
            self._parts[key] = tex
        return tex

    def preload(self, parts: set[str], spots: Iterable[str] = ()) -> None:
        """Draw every face (the halves in ``parts``, the extra indices at ``spots``) and put them
        all in the atlas now.

        Writing into an atlas that the renderer has drawn from stalls a software renderer for
        tens of milliseconds, so nothing new may reach the atlas during play."""
        textures = [
            self.back,
            self.slot,
            self.glow,
            self.partner,
            self.focus,
            self.hint,
            self.coach,
            self.shadow,
        ]
        for c in range(52):
            textures.append(self.face(c))
            for part in parts:
                if part in PARTS[1:]:
                    textures.append(self.part(c, part))
            for spot in spots:
                if spot in INDEX_SPOTS and spot != "tl":
                    textures.append(self.tag(c, spot))
        for t in textures:
            self.atlas.add(t)

    def warm(self, count: int) -> int:
        """Draw up to ``count`` faces not drawn yet; how many are still missing."""
        missing = [c for c in range(52) if c not in self._faces]
        for c in missing[:count]:
            self.face(c)
        return max(0, len(missing) - count)


class Assets:
    """The game's assets; each kind is loaded on first use."""

    def __init__(self) -> None:
        self._fonts_loaded = False
        self._cards: list[CardTextures] = []  # the last few sets, newest last
        self._sounds: dict[str, arcade.Sound | None] = {}
        self._images: dict[str, arcade.Texture] = {}

    def load_fonts(self) -> None:
        if self._fonts_loaded:
            return
        for name in FONT_FILES:
            arcade.load_font(str(resource_path("fonts", name)))
        self._fonts_loaded = True

    def cards(self, w: int, h: int, settings: Settings) -> CardTextures:
        """The card textures for this size and these settings (kept while they stay the same)."""
        key = (w, h, settings.four_colour, settings.large_index, settings.card_back)
        for cards in self._cards:
            if cards.key == key:
                return cards
        need = 52 * w * h * 2.6 + 8 * (w + 40) * (
            h + 40
        )  # faces, halves, rings; with room to spare
        side = 1024
        while side * side < need and side < 8192:
            side *= 2
        atlas = arcade.DefaultTextureAtlas((side, side))
        pad = max(4, int(w * 0.10))
        spad = max(4, int(w * 0.12))
        name = f"{w}x{h}"
        back = cardart.render_back(load_image(back_source(settings.card_back)), w, h)
        cards = CardTextures(
            w=w,
            h=h,
            four_colour=settings.four_colour,
            large_index=settings.large_index,
            back_id=settings.card_back,
            atlas=atlas,
            back=make_texture(back, f"back-{settings.card_back}-{name}"),
            slot=make_texture(cardart.render_slot(w, h), f"slot-{name}"),
            glow=make_texture(cardart.render_ring(w, h, pad, GLOW, 3, glow=True), f"glow-{name}"),
            partner=make_texture(cardart.render_ring(w, h, 3, PARTNER, 3), f"partner-{name}"),
            focus=make_texture(
                cardart.render_ring(w, h, 5, FOCUS, 3, edge=FOCUS_EDGE), f"focus-{name}"
            ),
            hint=make_texture(cardart.render_ring(w, h, 4, HINT, 4), f"hint-{name}"),
            coach=make_texture(cardart.render_ring(w, h, 1, COACH, 3), f"coach-{name}"),
            shadow=make_texture(cardart.render_shadow(w, h, spad), f"shadow-{name}"),
            ring_pad=pad,
            shadow_pad=spad,
        )
        self._cards = [*self._cards[-(KEEP_SETS - 1) :], cards]
        return cards

    def texture(self, name: str, make: Callable[[], Image.Image]) -> arcade.Texture:
        """A texture drawn once by ``make`` and kept under ``name`` (button and panel skins)."""
        tex = self._images.get(name)
        if tex is None:
            tex = make_texture(make(), name)
            self._images[name] = tex
        return tex

    def image(self, path: str) -> arcade.Texture:
        """A texture from a file (``:resources:`` paths allowed), loaded once."""
        tex = self._images.get(path)
        if tex is None:
            tex = arcade.load_texture(path)
            self._images[path] = tex
        return tex

    def sound(self, path: str) -> arcade.Sound | None:
        """A sound, loaded once; ``None`` when it cannot be loaded (no audio device, missing file)."""
        if path not in self._sounds:
            try:
                self._sounds[path] = arcade.load_sound(path)
            except Exception:  # an audio back end that fails must never stop the game
                self._sounds[path] = None
        return self._sounds[path]


def headless() -> bool:
    return bool(os.environ.get("ARCADE_HEADLESS"))
