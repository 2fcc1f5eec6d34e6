"""The ui base's layout primitives: columns, rows and grids of whole-pixel rectangles."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.layout import column_rects, grid_rects, row_rects

sizes = st.floats(min_value=10, max_value=400)
gaps = st.floats(min_value=2, max_value=40)


@given(st.integers(1, 12), sizes, sizes, gaps)
def test_a_column_runs_down_from_its_top_centred(
    count: int, w: float, h: float, gap: float
) -> None:
    rects = column_rects(640, 700, count, w, h, gap)
    assert len(rects) == count
    assert rects[0].top == round(700 - h) + round(h)
    for a, b in itertools.pairwise(rects):
        assert b.top <= a.bottom  # each under the one before, none overlapping
        assert abs(a.cx - 640) <= 1
    assert all(r.left == int(r.left) and r.width == int(r.width) for r in rects)


@given(st.integers(1, 8), sizes, sizes, gaps)
def test_a_row_is_centred_and_does_not_overlap(count: int, w: float, h: float, gap: float) -> None:
    rects = row_rects(640, 20, count, w, h, gap)
    assert len(rects) == count and all(r.bottom == 20 for r in rects)
    for a, b in itertools.pairwise(rects):
        assert a.right <= b.left + 1
    middle = (rects[0].left + rects[-1].right) / 2
    assert abs(middle - 640) <= 1.5


def test_a_grid_fills_rows_and_centres_a_short_last_row() -> None:
    area = Rect(100, 100, 600, 400)
    rects = grid_rects(area, 7, 3, 120, 10)
    assert len(rects) == 7
    rows = sorted({r.bottom for r in rects}, reverse=True)
    assert [sum(1 for r in rects if r.bottom == y) for y in rows] == [3, 3, 1]
    assert rects[0].top == area.top and rects[0].left == area.left
    last = rects[-1]
    assert abs(last.cx - area.cx) <= 1  # the single tile of the last row sits in the middle
    for a, b in itertools.combinations(rects, 2):
        assert not a.overlaps(b)
