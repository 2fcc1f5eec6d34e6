"""The keyboard focus ring shows on every background: against any colour behind it, some part of
the ring reaches WCAG's 3:1 contrast for things that are not text (success criterion 1.4.11)."""

from __future__ import annotations

import itertools

import pytest

from desert_pyramid.ui.art.assets import FOCUS, FOCUS_EDGE
from desert_pyramid.ui.art.cardart import render_ring
from desert_pyramid.ui.base import palette

pytestmark = pytest.mark.ui

RGB = tuple[int, int, int]


def luminance(c: RGB) -> float:
    """WCAG 2.1 relative luminance of an sRGB colour."""

    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(v) for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def backgrounds() -> list[RGB]:
    """Every grey, the corners and middles of the colour cube, and the game's own colours."""
    greys = [(v, v, v) for v in range(0, 256, 3)]
    cube = list(itertools.product((0, 64, 128, 192, 255), repeat=3))
    ours = [v for v in vars(palette).values() if isinstance(v, tuple) and len(v) == 3]
    return greys + [tuple(c) for c in cube] + ours  # type: ignore[misc]


def ring_colours(edge: RGB | None) -> set[RGB]:
    img = render_ring(120, 168, 5, FOCUS, 3, edge=edge)
    return {p[:3] for p in img.getdata() if p[3] >= 250}


def worst(edge: RGB | None) -> tuple[float, RGB]:
    colours = ring_colours(edge)
    assert colours
    return min((max(contrast(c, bg) for c in colours), bg) for bg in backgrounds())


def test_the_focus_ring_reaches_3_to_1_on_every_background() -> None:
    ratio, bg = worst(FOCUS_EDGE)
    assert ratio >= 3.0, f"the focus ring has only {ratio:.2f}:1 against {bg}"


def test_a_ring_without_its_dark_edge_would_not() -> None:
    ratio, _bg = worst(None)
    assert ratio < 3.0  # the measure can fail: the edge is what makes the ring show everywhere
