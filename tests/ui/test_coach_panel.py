"""The coach beside the table: it speaks in a panel that covers no card, and the cards it talks
about are marked on the table while it speaks. Driven through real key presses and clicks."""

from __future__ import annotations

import pytest
from arcade import key as K

from desert_pyramid.catalog import all_layouts, get_layout
from desert_pyramid.engine import DESERT, WASTE, Deal, Game
from desert_pyramid.ui.art.assets import COACH
from desert_pyramid.ui.table.geometry import Rect, table_geometry

from .driver import Driver

pytestmark = pytest.mark.ui


def king_seed() -> int:
    """A classic deal with a king free at the deal (flipping past it is the coach's mistake 3)."""
    for seed in range(1, 500):
        g = Game(get_layout(1), DESERT, Deal.from_seed(seed))
        if any(c.rank == 13 for p, c in g.playable() if p >= 0):
            return seed
    raise AssertionError("no deal with a free king")


def orange(px: tuple[int, int, int]) -> bool:
    r, g, b = px
    return abs(r - COACH[0]) < 40 and abs(g - COACH[1]) < 45 and abs(b - COACH[2]) < 50


def widest() -> int:
    return max(all_layouts().values(), key=lambda lay: (lay.width, lay.size)).number


def sprite_rect(s) -> Rect:  # type: ignore[no-untyped-def]
    return Rect(s.center_x - s.width / 2, s.center_y - s.height / 2, s.width, s.height)


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


@pytest.mark.parametrize("layout", [1, widest()])
@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_the_panel_covers_no_card(ui: Driver, layout: int, size: tuple[int, int]) -> None:
    """As drawn: the panel's sprites against every card sprite, pile, button and caption."""
    ui.app.start_practice(DESERT, get_layout(layout), Deal.from_seed(5))
    ui.frames(2)
    view = ui.view
    view.layout(*size)  # the shared window keeps its size: lay the table out for another
    ui.frames(1)
    g = view.geom
    assert g.coach is not None
    panel = [sprite_rect(s) for s in view.coach_panel.sprites if s.visible]
    assert panel and all(p.inside(g.coach, slack=1) for p in panel)
    cards = [sprite_rect(s) for s in view.board.cards if s.visible]
    assert cards
    for p in panel:
        for c in cards + g.occupied():
            assert not p.inflated(-1).overlaps(c), (p, c)
    for t in view.coach_panel.texts.values():
        box = Rect(t.left, t.bottom, t.content_width, t.content_height)
        assert box.inside(g.coach, slack=2), (box, g.coach)
    view.layout(ui.app.width, ui.app.height)


def test_every_layout_leaves_the_coach_room() -> None:
    for lay in all_layouts().values():
        slots = [(s.x, s.y) for s in lay.slots]
        for size in ((1280, 720), (800, 600), (640, 360), (1920, 1080)):
            g = table_geometry(slots, *size, coach=True)
            assert g.coach is not None and g.coach.width >= 150 and g.coach.height >= 40
            assert g.coach.inside(g.screen)
            assert not g.coach.overlaps(g.hud) and not g.coach.overlaps(g.message)
            assert not any(g.coach.overlaps(r) for r in g.occupied()), (lay.number, size)
