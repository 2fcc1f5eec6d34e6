"""Every shipped layout: it loads, its cover relation has no cycle, it fits the table, and a random
game on it under every preset ends in a win or a stuck position without an error."""

from __future__ import annotations

import random

import pytest

from desert_pyramid.catalog import all_layouts, load_layouts
from desert_pyramid.engine import (
    CLASSIC,
    DESERT,
    PRESETS,
    RELAXED,
    STRICT,
    Deal,
    Game,
    Layout,
    Rules,
)
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.table.geometry import HINT, MENU, UNDO, TableGeometry, table_geometry

LAYOUTS = all_layouts()
NUMBERS = sorted(LAYOUTS)
SIZES = [(1280, 720), (960, 540), (640, 360)]  # 640 x 360 is the smallest window


def test_56_layouts_numbered_1_to_56() -> None:
    fresh = load_layouts()  # read from the files again, not the cached copy
    assert sorted(fresh) == list(range(1, 57))
    assert LAYOUTS[1].name == "Classic Pyramid" and LAYOUTS[1].size == 28
    names = [layout.name for layout in fresh.values()]
    assert len(set(names)) == len(names), "two layouts share a name"


@pytest.mark.parametrize("number", NUMBERS)
def test_cover_relation_is_acyclic_and_consistent(number: int) -> None:
    layout = LAYOUTS[number]
    n = layout.size
    assert 15 <= n <= 40
    for s in layout.slots:
        for c in s.covered_by:
            assert 0 <= c < n and c != s.index
            assert s.index in layout.slots[c].covers, (
                f"slot {s.id}: covers is not the inverse of covered_by"
            )
        for c in s.covers:
            assert s.index in layout.slots[c].covered_by
    # Walk the graph depth first from every slot (white / grey / black); a grey slot met again is a cycle.
    state = [0] * n
    for start in range(n):
        if state[start]:
            continue
        stack: list[tuple[int, int]] = [(start, 0)]
        state[start] = 1
        while stack:
            node, i = stack.pop()
            above = layout.slots[node].covered_by
            if i < len(above):
                stack.append((node, i + 1))
                nxt = above[i]
                assert state[nxt] != 1, (
                    f"layout {number}: cover cycle through slot {layout.slots[nxt].id}"
                )
                if state[nxt] == 0:
                    state[nxt] = 1
                    stack.append((nxt, 0))
            else:
                state[node] = 2
    # With no cycle, removing free cards one by one empties the layout.
    left = [len(s.covered_by) for s in layout.slots]
    free = [i for i in range(n) if left[i] == 0]
    removed = 0
    while free:
        i = free.pop()
        removed += 1
        for below in layout.slots[i].covers:
            left[below] -= 1
            if left[below] == 0:
                free.append(below)
    assert removed == n


def _check_fits(layout: Layout, geom: TableGeometry, label: str) -> None:
    screen = geom.screen
    # The layout lives between the HUD bar and the message line.
    play_area = Rect(0, geom.message.top, geom.width, geom.hud.bottom - geom.message.top)
    others = {name: r for name, r in geom.places.items() if name != MENU}
    others.update({f"waste fan {i}": r for i, r in enumerate(geom.waste_fan)})
    lift = geom.card_h * 0.08  # a selected card is drawn lifted by this much
    for s, r in zip(layout.slots, geom.slots, strict=True):
        where = f"{label}: slot {s.id} at {r}"
        assert r.inside(screen), f"{where} leaves the window"
        assert r.inside(play_area), f"{where} is under the HUD or the message line"
        assert r.moved(0, lift).top <= geom.hud.bottom + 0.5, f"{where}: lifted, it touches the HUD"
        for name, other in others.items():
            assert not r.overlaps(other), f"{where} overlaps the {name} ({other})"
    for name, r in geom.places.items():
        assert r.inside(screen), f"{label}: the {name} leaves the window"
    # A floor that catches a collapsed table: cards at least 1/26 of the window wide (49 px at 1280,
    # 37 px at 960), 20 px in the smallest window. The tallest layouts (7 card heights, the most the
    # format allows) set the minimum: 52 px at 1280 x 720.
    least = geom.width / 26 if geom.width >= 960 else 20
    assert geom.card_w >= least, f"{label}: cards only {geom.card_w} px wide"
    for name in (UNDO, HINT):
        assert geom.places[name].inside(screen)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("number", NUMBERS)
def test_layout_fits_the_table(number: int, size: tuple[int, int]) -> None:
    layout = LAYOUTS[number]
    slots = [(s.x, s.y) for s in layout.slots]
    w, h = size
    for satchel, draw_three in ((True, False), (False, False), (True, True)):
        geom = table_geometry(slots, w, h, satchel=satchel, draw_three=draw_three)
        assert (geom.width, geom.height) == size
        _check_fits(
            layout, geom, f"layout {number} at {w}x{h} (satchel {satchel}, draw three {draw_three})"
        )


def _conserved(game: Game) -> None:
    """Every card is in exactly one place."""
    on_table = [c for c in game.cards if c >= 0]
    places = (
        on_table
        + game.stock
        + game.waste
        + game.discard
        + ([game.satchel] if game.satchel >= 0 else [])
    )
    assert sorted(places) == list(range(52))


@pytest.mark.parametrize("number", NUMBERS)
def test_random_game_ends_won_or_stuck(number: int) -> None:
    layout = LAYOUTS[number]
    for name, rules in (
        ("desert", DESERT),
        ("relaxed", RELAXED),
        ("classic", CLASSIC),
        ("strict", STRICT),
        ("desert+draw3+match", DESERT.with_options(draw_three=True, relaxed_match=True)),
    ):
        assert isinstance(rules, Rules)
        for trial in range(2):
            rng = random.Random(f"{number}-{name}-{trial}")
            game = Game(layout, rules, Deal.from_seed(number * 1000 + trial))
            steps = 0
            while not game.won and not game.is_stuck():
                moves = game.legal_moves()
                assert moves, f"layout {number}, {name}: no legal move, yet neither won nor stuck"
                game.play(rng.choice(moves))
                steps += 1
                assert steps < 5000, (
                    f"layout {number}, {name}: a random game did not end in 5000 moves"
                )
            _conserved(game)
            if game.won:
                if rules.all_52:
                    assert len(game.discard) == 52
                else:
                    assert all(c < 0 for c in game.cards), (
                        f"layout {number}, {name}: won with cards left"
                    )
            else:
                assert not game.has_removal()
            # Undo takes it all back to the deal.
            game.undo_all()
            assert game.moves == 0 and game.cards == [
                int(c) for c in game.deal.cards[: layout.size]
            ]


def test_presets_named_in_the_test_exist() -> None:
    assert set(PRESETS) == {"desert", "classic", "strict", "relaxed"}
