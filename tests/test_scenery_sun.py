"""The sun's path: never behind a distant pyramid, never on the sand, setting on the horizon."""

from __future__ import annotations

import math

import pytest

from desert_pyramid.ui.art.scenery import LIGHT_STEPS, PYRAMIDS, sun_position


def in_triangle(
    p: tuple[float, float], a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]
) -> bool:
    def side(p1: tuple[float, float], p2: tuple[float, float], p3: tuple[float, float]) -> float:
        return (p1[0] - p3[0]) * (p2[1] - p3[1]) - (p2[0] - p3[0]) * (p1[1] - p3[1])

    d1, d2, d3 = side(p, a, b), side(p, b, c), side(p, c, a)
    return not ((d1 < 0 or d2 < 0 or d3 < 0) and (d1 > 0 or d2 > 0 or d3 > 0))


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (640, 360), (1920, 1080), (1000, 1000)])
def test_the_sun_never_hides_behind_a_pyramid_nor_sits_on_the_sand(size: tuple[int, int]) -> None:
    w, h = size
    hz = h * 0.58  # the screens' horizon
    for step in range(LIGHT_STEPS + 1):
        x, y, r = sun_position(w, h, hz, step / LIGHT_STEPS)
        assert y >= hz, step  # the centre never below the horizon
        assert y - r >= hz - h * 0.10, step  # what is under the horizon, the dunes cover
        rim = [
            (x + r * math.cos(a / 16 * math.tau), y + r * math.sin(a / 16 * math.tau))
            for a in range(16)
        ]
        for cx, half, tall in PYRAMIDS:
            base_l, base_r = (w * cx - w * half, hz), (w * cx + w * half, hz)
            apex = (w * cx + w * half * 0.18, hz + h * tall)
            assert not any(in_triangle(p, base_l, apex, base_r) for p in [(x, y), *rim]), (step, cx)
    x0, y0, _ = sun_position(w, h, hz, 0.0)
    x1, y1, r = sun_position(w, h, hz, 1.0)
    assert y0 > y1 and abs(y1 - hz) <= r * 0.5  # high at noon, on the horizon at dusk
