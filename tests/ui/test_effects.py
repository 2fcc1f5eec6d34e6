"""The table's effects read a move's events by the engine's named places: the points of a card
taken from the waste, the stock or the Satchel rise from that pile (no window needed)."""

from __future__ import annotations

from desert_pyramid.engine import (
    DESERT,
    DISCARD,
    SATCHEL,
    STOCK,
    WASTE,
    Card,
    CardMoved,
    ChainChanged,
    Deal,
    Game,
    RowCleared,
    Scored,
)
from desert_pyramid.engine.layout import classic_layout
from desert_pyramid.ui.table.effects import Effects, _chain, _origin
from desert_pyramid.ui.table.geometry import table_geometry


def _geom(satchel: bool = True):  # type: ignore[no-untyped-def]
    slots = [(s.x, s.y) for s in classic_layout().slots]
    return table_geometry(slots, 1280, 720, satchel=satchel)


def test_points_rise_from_the_pile_the_card_left() -> None:
    g = _geom()
    card = Card(12)
    assert _origin([CardMoved(card, WASTE, DISCARD)], g) == g.waste.center
    assert _origin([CardMoved(card, STOCK, DISCARD)], g) == g.stock.center
    assert g.satchel is not None
    assert _origin([CardMoved(card, SATCHEL, DISCARD)], g) == g.satchel.center
    assert _origin([CardMoved(card, 5, DISCARD)], g) == g.slots[5].center
    # the first card to the discard counts; a move to another pile is no origin
    moved = [
        CardMoved(card, STOCK, WASTE),
        CardMoved(card, 3, DISCARD),
        CardMoved(card, WASTE, DISCARD),
    ]
    assert _origin(moved, g) == g.slots[3].center
    assert _origin([CardMoved(card, STOCK, WASTE)], g) is None


def test_a_table_without_a_satchel_falls_back_to_the_discard() -> None:
    g = _geom(satchel=False)
    assert g.satchel is None
    assert _origin([CardMoved(Card(0), SATCHEL, DISCARD)], g) == g.discard.center


def test_the_chain_is_the_highest_raised() -> None:
    assert _chain([ChainChanged(1, 2), ChainChanged(3, 1), ChainChanged(2, 4)]) == 4
    assert _chain([ChainChanged(3, 0)]) == 0


def test_each_cleared_row_sounds_once_and_flashes() -> None:
    g = _geom()
    fx = Effects()
    game_events = [
        CardMoved(Card(12), 27, DISCARD),
        Scored(5, "king"),
        RowCleared(7, 25),
        RowCleared(6, 25),
    ]
    game = Game(classic_layout(), DESERT, Deal.from_seed(1))
    assert fx.from_events(game_events, game, g, 1.0) == ["row", "row"]
    assert len(fx.flashes) == 2
    fx2 = Effects()
    assert fx2.from_events(game_events, game, g, 0.0) == ["row"]
    assert not fx2.flashes  # no animation at speed 0


def test_a_pop_up_keeps_off_the_coach_panel_beside_the_cards(ui) -> None:  # type: ignore[no-untyped-def]
    """Issue 40 item 2: the coach's panel half-hid the score pop-ups of the cards next to it.
    The points of the leftmost card rise on the cards' side of the panel."""
    slots = [(s.x, s.y) for s in classic_layout().slots]
    g = table_geometry(slots, 1280, 720, coach=True)
    assert g.coach is not None and g.coach.right < g.layout_box.left  # the panel on the left
    fx = Effects()
    fx.prepare(g)
    leftmost = min(range(len(g.slots)), key=lambda i: g.slots[i].left)
    game = Game(classic_layout(), DESERT, Deal.from_seed(1))
    big = 10**12  # a wide text: centred on the card it would reach into the panel
    fx.from_events([CardMoved(Card(12), leftmost, DISCARD), Scored(big, "king")], game, g, 1.0)
    (t,) = fx._texts.values()
    assert t.left >= g.coach.right
