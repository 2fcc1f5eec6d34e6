"""The desktop's art as image files, for the web edition (``desert-pyramid web build``).

The card faces and every card back are :mod:`cardart`'s, the relics and the locked backs
:mod:`rewards`' (what the desktop's Relics and Card backs screens draw), the desert is
:class:`Scenery` drawn into an offscreen frame by Arcade (headless), so the browser shows the same
game as the window.
"""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image, ImageDraw

from desert_pyramid.app.prefs import DEFAULT_BACK
from desert_pyramid.engine import CARDS
from desert_pyramid.progression import CARD_BACKS, RELICS
from desert_pyramid.ui.art import cardart
from desert_pyramid.ui.art.assets import back_source, load_image
from desert_pyramid.ui.art.rewards import back_image, locked_back, relic_image

RELIC_PX = 192  # a relic's picture: sharp at 64 CSS pixels on a phone at 3x, 96 at 2x
WEBP_QUALITY = 88  # the backs' and relics' pictures: a sixth of their PNG's bytes, alike to the eye


def save_webp(image: Image.Image, target: Path) -> None:
    """A picture of the rewards as WebP (every browser the site supports shows it): the backs'
    painted textures take 120 to 220 kB each as PNG, 8 to 27 kB as WebP."""
    image.save(target, "WEBP", quality=WEBP_QUALITY, method=6)


def render_cards(folder: Path, size: tuple[int, int]) -> None:
    """``0.png`` .. ``51.png`` (the faces, by card number), ``back.png`` (the default back) and
    every back of the game (:func:`render_backs`)."""
    w, h = size
    folder.mkdir(parents=True, exist_ok=True)
    for card in range(52):
        cardart.render_face(CARDS[card], w, h).save(folder / f"{card}.png", optimize=True)
    back = cardart.render_back(load_image(back_source(DEFAULT_BACK)), w, h)
    back.save(folder / "back.png", optimize=True)
    render_backs(folder, size)


def render_backs(folder: Path, size: tuple[int, int]) -> None:
    """Every back of the game as ``back-ID.webp``: the one the player chose is the stock's, an
    owned one the Card backs screen's picture."""
    w, h = size
    folder.mkdir(parents=True, exist_ok=True)
    for card_back in CARD_BACKS:
        save_webp(back_image(card_back.id, w, h), folder / f"back-{card_back.id}.webp")


def render_rewards(folder: Path, back_size: tuple[int, int]) -> None:
    """The Relics and Card backs screens' pictures: ``relics/ID.webp`` and
    ``relics/ID-locked.webp`` (the silhouette) for each relic, ``backs/ID-locked.webp`` (dimmed,
    with a padlock) for each back (an owned back is shown by its ``cards/back-ID.webp``)."""
    (folder / "relics").mkdir(parents=True, exist_ok=True)
    (folder / "backs").mkdir(parents=True, exist_ok=True)
    for relic in RELICS:
        save_webp(relic_image(relic.id, RELIC_PX), folder / "relics" / f"{relic.id}.webp")
        save_webp(
            relic_image(relic.id, RELIC_PX, locked=True),
            folder / "relics" / f"{relic.id}-locked.webp",
        )
    w, h = back_size
    for card_back in CARD_BACKS:
        save_webp(locked_back(card_back.id, w, h), folder / "backs" / f"{card_back.id}-locked.webp")


def dusk_name(name: str, step: int) -> str:
    """The desert's picture at light step ``step`` of :data:`DUSK_STEPS` (0 noon: ``desert-NAME.png``,
    then ``desert-NAME-dusk1.png`` .. ``-dusk8.png``, night)."""
    return f"desert-{name}.png" if step == 0 else f"desert-{name}-dusk{step}.png"


def render_four_colour(folder: Path, size: tuple[int, int]) -> list[int]:
    """The four-colour deck's faces (the Settings' Four-colour deck) where they differ from the
    two-colour ones (the diamonds blue, the clubs green): ``N.png`` by card number, and
    ``faces.json`` listing them (the other cards show their usual face). Returns the numbers."""
    w, h = size
    folder.mkdir(parents=True, exist_ok=True)
    numbers = []
    for card in range(52):
        suit = CARDS[card].suit
        if cardart.suit_colour(suit, True) == cardart.suit_colour(suit, False):
            continue
        cardart.render_face(CARDS[card], w, h, four_colour=True).save(
            folder / f"{card}.png", optimize=True
        )
        numbers.append(card)
    (folder / "faces.json").write_text(json.dumps({"cards": numbers}), encoding="utf-8")
    return numbers


def render_large_index(folder: Path, four_folder: Path, size: tuple[int, int]) -> None:
    """The faces with large corner indices (the Settings' Large indices: the desktop's jumbo
    index, ``render_face(large_index=True)``): all 52 in ``folder`` (``N.png``) and, in
    ``four_folder``, the four-colour deck's where they differ (the same cards as
    :func:`render_four_colour`'s, listed in its ``faces.json``)."""
    w, h = size
    folder.mkdir(parents=True, exist_ok=True)
    four_folder.mkdir(parents=True, exist_ok=True)
    for card in range(52):
        face = CARDS[card]
        cardart.render_face(face, w, h, large_index=True).save(
            folder / f"{card}.png", optimize=True
        )
        if cardart.suit_colour(face.suit, True) != cardart.suit_colour(face.suit, False):
            cardart.render_face(face, w, h, four_colour=True, large_index=True).save(
                four_folder / f"{card}.png", optimize=True
            )


DUSK_STEPS = 8
"""The Expedition's sky in the browser: the desert drawn at this many light levels after noon
(the desktop's dusk 0..1, from a full 240 s of daylight to none, in 30-second steps)."""


def render_scenery(folder: Path, sizes: dict[str, tuple[int, int]], dusk_steps: int = 0) -> None:
    """The desert at noon at each size (``desert-NAME.png``) and, with ``dusk_steps``, at each
    light level to nightfall (:func:`dusk_name`: the Expedition's sky as the daylight goes), drawn
    by Arcade in a headless window as big as the largest (each picture is read from its lower-left
    corner)."""
    import arcade

    from desert_pyramid.ui.art.scenery import Scenery

    side = max(max(size) for size in sizes.values())
    window = arcade.Window(side, side, "Desert Pyramid art", visible=False, antialiasing=False)
    try:
        for name, (w, h) in sizes.items():
            for step in range(dusk_steps + 1):
                scenery = Scenery()
                scenery.prepare(w, h, horizon=h * 0.62, dusk=step / max(1, dusk_steps))
                window.clear(color=scenery.clear_colour())
                scenery.draw()
                image = arcade.get_image(0, 0, w, h).convert("RGB")
                image.save(folder / dusk_name(name, step), optimize=True)
    finally:
        window.close()


def render_icon(target: Path, px: int) -> None:
    """The app icon: the game's card back on the sand, a rounded square."""
    icon = Image.new("RGBA", (px, px), (226, 190, 132, 255))
    back = cardart.render_back(
        load_image(back_source(DEFAULT_BACK)), int(px * 0.52), int(px * 0.52 * 190 / 140)
    )
    icon.alpha_composite(back, ((px - back.width) // 2, (px - back.height) // 2))
    ImageDraw.Draw(icon)
    icon.save(target, optimize=True)


def render_art(
    folder: Path,
    card_size: tuple[int, int],
    scenery: dict[str, tuple[int, int]],
    icon_sizes: tuple[int, ...],
    dusk_steps: int = DUSK_STEPS,
) -> None:
    """Every picture the web edition shows, into ``folder``."""
    render_cards(folder / "cards", card_size)
    render_rewards(folder, (card_size[0] * 3 // 5, card_size[1] * 3 // 5))
    render_four_colour(folder / "cards4", card_size)
    render_large_index(folder / "cards-large", folder / "cards4-large", card_size)
    render_scenery(folder, scenery, dusk_steps)
    for px in icon_sizes:
        render_icon(folder / f"icon-{px}.png", px)
