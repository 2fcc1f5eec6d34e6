"""Partial redraws paint exactly what a whole redraw paints."""

from __future__ import annotations

import sys

import pytest

from desert_pyramid.app.prefs import Settings
from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import DESERT, Deal
from desert_pyramid.ui.table.redraw import BufferProbe, DirtyTracker, merge

from .winning import find_win

pytestmark = pytest.mark.ui


# each whole frame compared is drawn in software (about 60 ms): the fast group compares the first
# twelve moves (flights, floaters), the clear and the bounce; CI's second pass (the slow group)
# every fifth move between them too
@pytest.mark.parametrize("every", [0, pytest.param(5, marks=pytest.mark.slow)])
def test_partial_frames_equal_whole_frames_while_cards_fly(ui, every: int) -> None:  # type: ignore[no-untyped-def]
    app = ui.app
    app.set_settings(Settings(animation_speed=1.0, mute=True))
    app.start_practice(DESERT, get_layout(1), Deal.from_seed(4))
    view = ui.view
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    line = find_win(view.game)
    assert line is not None
    try:
        for _ in range(
            BufferProbe.FRAMES + 1
        ):  # the offscreen buffer keeps its pixels: the probe says so
            app.step()
            app.flip()
        assert app.incremental
        partial_frames = 0

        def compare(where: str) -> None:
            nonlocal partial_frames
            partial = ui.frame_bytes()
            view.dirty.invalidate()
            view.on_draw()  # the same state drawn whole
            diff = ui.frames_differ(partial, ui.frame_bytes())
            assert diff is None, f"{where}: partial redraw differs in {diff}"
            partial_frames += 1

        for i, move in enumerate(line):  # the whole deal: flights, floaters, row flashes, the clear
            view.apply(view.control.play(move))
            for f in range(14):
                app.step()  # drawn partially (or not at all) where nothing changed
                if (i < 12 or i == len(line) - 1 or (every and i % every == 0)) and f % 4 == 1:
                    compare(f"move {i + 1} frame {f}")
        for f in range(90):  # the cards bounce off the table
            app.step()
            if f % 15 == 7:
                compare(f"bounce frame {f}")
        assert view.board.celebration is not None
        assert partial_frames > 50
    finally:
        app.probe = BufferProbe()  # the other tests draw whole frames


def test_tracker_reports_what_moved() -> None:
    import arcade

    t = DirtyTracker()
    s = arcade.SpriteSolidColor(10, 10, 100, 100, (255, 0, 0, 255))
    t.watch([(s, 0.0)], [])
    assert t.take(800, 600) is None  # the first frame is drawn whole
    t.watch([(s, 0.0)], [])
    assert t.take(800, 600) == []  # nothing changed
    s.center_x = 130
    t.watch([(s, 0.0)], [])
    boxes = t.take(800, 600)
    assert boxes is not None and len(boxes) == 1  # near each other: one box
    left, bottom, right, top = boxes[0]
    assert left <= 95 and right >= 135 and bottom <= 95 and top >= 105  # the old and the new place
    assert (right - left) * (top - bottom) < 2000
    t.watch([(s, 1.0)], [])  # drawn in another order: its box is repainted
    assert t.take(800, 600)
    t.forget_missing(set())  # gone: its place is repainted
    assert t.take(800, 600)


def test_merge_joins_close_boxes_and_keeps_far_ones_apart() -> None:
    assert merge([(0, 0, 10, 10), (5, 5, 15, 15)]) == [(0, 0, 15, 15)]
    far = merge([(0, 0, 100, 100), (600, 500, 700, 600)])
    assert len(far) == 2
    many = merge([(i * 300, 0, i * 300 + 100, 100) for i in range(12)])
    assert len(many) <= 4
    assert sum((b[2] - b[0]) * (b[3] - b[1]) for b in many) >= 12 * 100 * 100
