"""The desktop's art as image files, for the web edition (``desert-pyramid web build``).

The card faces and the back are :mod:`cardart`'s, the desert is :class:`Scenery` drawn into an
offscreen frame by Arcade (headless), so the browser shows the same game as the window.
"""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image, ImageDraw

from desert_pyramid.app.prefs import DEFAULT_BACK
from desert_pyramid.engine import CARDS
from desert_pyramid.ui.art import cardart
from desert_pyramid.ui.art.assets import back_source, load_image


def render_cards(folder: Path, size: tuple[int, int]) -> None:
    """``0.png`` .. ``51.png`` (the faces, by card number) and ``back.png``."""
    w, h = size
    folder.mkdir(parents=True, exist_ok=True)
    for card in range(52):
        cardart.render_face(CARDS[card], w, h).save(folder / f"{card}.png", optimize=True)
    back = cardart.render_back(load_image(back_source(DEFAULT_BACK)), w, h)
    back.save(folder / "back.png", optimize=True)


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


def render_scenery(folder: Path, sizes: dict[str, tuple[int, int]]) -> None:
    """The desert at noon at each size (``desert-NAME.png``), drawn by Arcade in a headless window
    as big as the largest (each picture is read from its lower-left corner)."""
    import arcade

    from desert_pyramid.ui.art.scenery import Scenery

    side = max(max(size) for size in sizes.values())
    window = arcade.Window(side, side, "Desert Pyramid art", visible=False, antialiasing=False)
    try:
        for name, (w, h) in sizes.items():
            scenery = Scenery()
            scenery.prepare(w, h, horizon=h * 0.62)
            window.clear(color=scenery.clear_colour())
            scenery.draw()
            image = arcade.get_image(0, 0, w, h).convert("RGB")
            image.save(folder / f"desert-{name}.png", optimize=True)
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
) -> None:
    """Every picture the web edition shows, into ``folder``."""
    render_cards(folder / "cards", card_size)
    render_four_colour(folder / "cards4", card_size)
    render_scenery(folder, scenery)
    for px in icon_sizes:
        render_icon(folder / f"icon-{px}.png", px)
