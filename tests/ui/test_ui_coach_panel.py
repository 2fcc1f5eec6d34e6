"""The coach beside the table: it speaks in a panel that covers no card, and the cards it talks
about are marked on the table while it speaks. Driven through real key presses and clicks."""

from __future__ import annotations

from pathlib import Path

import pytest
from arcade import key as K

from desert_pyramid.catalog import all_layouts, get_layout
from desert_pyramid.engine import DESERT, WASTE, Deal
from desert_pyramid.ui.art.assets import COACH
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.table.geometry import table_geometry
from tools.gallery import king_seed

from .driver import Driver

pytestmark = pytest.mark.ui


def orange(px: tuple[int, int, int]) -> bool:
    r, g, b = px
    return abs(r - COACH[0]) < 40 and abs(g - COACH[1]) < 45 and abs(b - COACH[2]) < 50


def widest() -> int:
    return max(all_layouts().values(), key=lambda lay: (lay.width, lay.size)).number


@pytest.mark.parametrize("by", ["keys", "mouse"])
def test_the_coach_marks_the_card_it_names(ui: Driver, by: str) -> None:
    ui.app.start_practice(DESERT, get_layout(1), Deal.from_seed(king_seed()))
    ui.frames(2)
    view = ui.view
    game = view.game
    king = next(p for p, c in game.playable() if p >= 0 and c.rank == 13)
    name = str(game.card_at(king))
    if by == "keys":
        ui.key(K.SPACE)  # flip while the king is free
    else:
        ui.click(view.geom.stock.cx, view.geom.stock.cy)
    ui.frames(2)
    said = {m.topic: m for m in view.coach_said}
    assert "king" in said and said["king"].places[0] == king
    # the panel says it, naming the card and its row ...
    row = game.layout.slots[king].row
    assert f"{name} in row {row}" in view.coach_panel.body
    assert "MISTAKE" in view.coach_panel.heading
    # ... and the table marks the king (and the waste, which the flip tip is about)
    assert king in view.board.coach_marked and WASTE in view.board.coach_marked
    r = view.geom.slots[king]
    assert orange(ui.pixel(int(r.left), int(r.cy))), ui.pixel(int(r.left), int(r.cy))
    # a card the coach does not talk about is not marked
    other = next(p for p in game.free_slots() if p != king)
    o = view.geom.slots[other]
    assert not orange(ui.pixel(int(o.left), int(o.cy)))
    # an undo takes the move back: the coach is quiet again, the mark goes
    ui.key(K.Z)
    ui.frames(2)
    assert view.board.coach_marked == () and not view.coach_said
    assert not orange(ui.pixel(int(r.left), int(r.cy)))


def test_the_opening_points_at_the_free_cards(ui: Driver) -> None:
    ui.app.start_practice(DESERT, get_layout(1), Deal.from_seed(5))
    ui.frames(2)
    view = ui.view
    assert set(view.board.coach_marked) == set(view.game.free_slots())
    assert "uncovered cards" in view.coach_panel.body
    # the message line keeps the table's own words
    assert "F1" in view.message


def test_no_coach_panel_outside_practice(ui: Driver) -> None:
    ui.app.options.seed = 3
    ui.app.start_mode("expedition")
    ui.frames(2)
    view = ui.view
    assert view.geom.coach is None and not view.coach_panel.shown
    assert view.board.coach_marked == ()


def drawn_rects(app, layout: int) -> dict[str, list[tuple[float, float, float, float]]]:  # type: ignore[no-untyped-def]
    """A Practice table of ``layout`` in ``app``'s window, as drawn: the coach panel's sprites
    and texts, every visible card sprite, and what the geometry says the panel must leave free."""
    app.start_practice(DESERT, get_layout(layout), Deal.from_seed(5))
    for _ in range(3):
        app.step(1 / 60)
    view = app.current_view
    g = view.geom

    def box(s) -> tuple[float, float, float, float]:  # type: ignore[no-untyped-def]
        return (s.center_x - s.width / 2, s.center_y - s.height / 2, s.width, s.height)

    return {
        "coach": [(g.coach.left, g.coach.bottom, g.coach.width, g.coach.height)],
        "panel": [box(s) for s in view.coach_panel.sprites if s.visible],
        "texts": [
            (t.left, t.bottom, t.content_width, t.content_height)
            for t in view.coach_panel.texts.values()
        ],
        "cards": [box(s) for s in view.board.cards if s.visible],
        "occupied": [(r.left, r.bottom, r.width, r.height) for r in g.occupied()],
    }


CHILD = """
import json, os, sys
os.environ["ARCADE_HEADLESS"] = "1"
sys.path.insert(0, os.getcwd())
from desert_pyramid.app.prefs import Settings
from desert_pyramid.ui.window import GameApp, RunOptions
from tests.ui.test_ui_coach_panel import drawn_rects
app = GameApp(RunOptions(size=(800, 600), headless=True,
                         settings=Settings(animation_speed=0, mute=True)))
out = {n: drawn_rects(app, int(n)) for n in sys.argv[1:]}
app.close()
print(json.dumps(out))
"""


def check_panel(d: dict[str, list[tuple[float, float, float, float]]]) -> None:
    coach = Rect(*d["coach"][0])
    panel = [Rect(*r) for r in d["panel"]]
    assert panel and all(p.inside(coach, slack=1) for p in panel)
    assert d["cards"]
    for p in panel:
        for c in [Rect(*r) for r in d["cards"] + d["occupied"]]:
            assert not p.inflated(-1).overlaps(c), (p, c)
    for t in d["texts"]:
        assert Rect(*t).inside(coach, slack=2), (t, coach)


@pytest.mark.parametrize("layout", [1, widest()])
def test_the_panel_covers_no_card(ui: Driver, layout: int) -> None:
    """As drawn at 1280x720: the panel's sprites against every card sprite, pile, button and
    caption, and its words inside it."""
    check_panel(drawn_rects(ui.app, layout))


def test_the_panel_covers_no_card_at_800x600() -> None:
    """The same in a window of 800x600 of its own (the shared window keeps its size)."""
    import json
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", CHILD, "1", str(widest())],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "ARCADE_HEADLESS": "1"},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    drawn = json.loads(done.stdout.strip().splitlines()[-1])
    assert sorted(drawn) == sorted({"1", str(widest())})
    for d in drawn.values():
        check_panel(d)


def test_every_layout_leaves_the_coach_room() -> None:
    for lay in all_layouts().values():
        slots = [(s.x, s.y) for s in lay.slots]
        for size in ((1280, 720), (800, 600), (640, 360), (1920, 1080)):
            g = table_geometry(slots, *size, coach=True)
            assert g.coach is not None and g.coach.width >= 150 and g.coach.height >= 40
            assert g.coach.inside(g.screen)
            assert not g.coach.overlaps(g.hud) and not g.coach.overlaps(g.message)
            assert not any(g.coach.overlaps(r) for r in g.occupied()), (lay.number, size)
