"""The layout picker's description: the measured win rates with their 95% interval, fitted above
the keys line for every layout."""

from __future__ import annotations

from typing import Any

import pytest

from desert_pyramid.difficulty import shipped_difficulty
from desert_pyramid.engine import DESERT

from .test_layout_picker import N, open_picker

pytestmark = pytest.mark.ui


def test_every_layout_shows_its_interval_and_fits(ui: Any) -> None:
    table, warning = shipped_difficulty()
    assert not warning
    view, _ = open_picker(ui, DESERT, current=1)
    view._stats_text = lambda number: (  # the longest record a player could have
        "Your Practice games here (desert rules): 99999 played, 99999 won (100%), best streak 99999."
    )
    for index in range(N):
        view.set_focus(index)
        ui.frames(1, draw=False)
        layout = view.layouts[index]
        about = view.detail[1]
        d = table[layout.number]
        assert f"(95% interval {d.interval_text('relaxed')})" in about.text
        assert f"under desert rules ({d.interval_text('desert')})" in about.text
        assert about.content_height <= view._about_room, layout.number
        assert about.font_size >= 0.8 * view._about_size
