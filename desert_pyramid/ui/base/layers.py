"""Draw order as named layers: what a screen draws later lies over what it drew before.

A screen lists its parts with the layer each belongs to and :func:`draw_in_order` draws them
from the bottom layer up, so nothing is drawn under what it should be over whatever order the
parts were listed in: the win's flying cards (effects) pass over the piles and the round
buttons; the coach's panel lies over the effects; a modal dialog lies over everything, and what
lies under it is dimmed (:func:`dim_under`), never shown through it (panels are opaque).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import IntEnum

import arcade

from desert_pyramid.ui.base.palette import VEIL


class Layer(IntEnum):
    """The layers of a frame, bottom first."""

    BACKDROP = 0  # the desert: sky, sun, sand
    TABLE = 1  # what lies on the sand under the cards
    PILES = 2  # the cards at rest, the piles, their captions and badge, the round buttons
    EFFECTS = 3  # flying cards of a win, flashes, rising score texts, banners
    HUD = 4  # the top bar and the message line
    PANELS = 5  # side panels (the coach); opaque
    NOTICES = 6  # toasts and unlock notices
    MODAL = 7  # dialogs that take the input (pause, help, a stuck deal); opaque, over a dim


#: How dark the dim under a modal dialog is (alpha of :data:`VEIL` over the screen under it)
MODAL_DIM = 150
#: The alpha of every panel and dialog: opaque (nothing shows through a panel's text)
PANEL_ALPHA = 255

Part = tuple[Layer, Callable[[], None]]


def draw_in_order(parts: Iterable[Part]) -> list[Layer]:
    """Draw ``parts`` from the bottom layer up (parts of one layer in the order given); returns
    the layers in the order they were drawn."""
    ordered = sorted(parts, key=lambda p: int(p[0]))  # a stable sort: a layer keeps its order
    for _layer, draw in ordered:
        draw()
    return [layer for layer, _draw in ordered]


def dim_under(width: float, height: float, alpha: int = MODAL_DIM) -> None:
    """Dim everything drawn so far (the screen under a modal dialog)."""
    arcade.draw_lrbt_rectangle_filled(0, width, 0, height, (*VEIL, alpha))
