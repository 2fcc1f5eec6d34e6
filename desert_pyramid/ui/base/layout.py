"""Layout primitives: rectangles placed in a column, a row or a grid, on whole pixels. Pure
functions of the sizes given (at the caller's scale); no Arcade."""

from __future__ import annotations

from desert_pyramid.ui.base.geometry import Rect


def column_rects(cx: float, top: float, count: int, w: float, h: float, gap: float) -> list[Rect]:
    """``count`` rectangles of ``w`` x ``h`` in a column centred on ``cx``, from ``top`` down."""
    return [
        Rect(round(cx - w / 2), round(top - (i + 1) * h - i * gap), round(w), round(h))
        for i in range(count)
    ]


def row_rects(cx: float, bottom: float, count: int, w: float, h: float, gap: float) -> list[Rect]:
    """``count`` rectangles of ``w`` x ``h`` in a row centred on ``cx``, standing on ``bottom``."""
    total = count * w + (count - 1) * gap
    left = cx - total / 2
    return [
        Rect(round(left + i * (w + gap)), round(bottom), round(w), round(h)) for i in range(count)
    ]


def grid_rects(area: Rect, count: int, columns: int, tile_h: float, gap: float) -> list[Rect]:
    """``count`` tiles in rows of ``columns`` from the top of ``area``; a last short row is centred."""
    w = (area.width - gap * (columns - 1)) / columns
    rects: list[Rect] = []
    rows = (count + columns - 1) // columns
    for row in range(rows):
        n = min(columns, count - row * columns)
        left = area.left + (area.width - (n * w + (n - 1) * gap)) / 2
        top = area.top - row * (tile_h + gap)
        for col in range(n):
            rects.append(
                Rect(round(left + col * (w + gap)), round(top - tile_h), round(w), round(tile_h))
            )
    return rects
