"""Where things are drawn, without a window: every layout of the format fits every window."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from desert_pyramid.catalog import all_layouts
from desert_pyramid.ui.base.cardface import BOTTOM, FULL, HIDDEN, LEFT, RIGHT, TOP, visible_part
from desert_pyramid.ui.base.geometry import Rect, nearest_in_direction
from desert_pyramid.ui.table.geometry import TableGeometry, table_geometry

halves = st.integers(min_value=0, max_value=56).map(lambda v: v / 2)  # 0 .. 28 in half units
slot = st.tuples(halves, st.integers(min_value=0, max_value=24).map(lambda v: v / 2))
window = st.tuples(
    st.integers(min_value=640, max_value=3840), st.integers(min_value=360, max_value=2160)
)


def check(g: TableGeometry, floor: int = 30) -> None:
    screen = g.screen
    cards = g.card_rects()
    buttons = [g.places[n] for n in ("undo", "hint", "menu")]
    for r in cards + buttons:
        assert r.inside(screen, slack=0.01), r
    for r in cards + [g.places["undo"], g.places["hint"]]:
        assert not r.overlaps(g.hud) and not r.overlaps(g.message), r
    piles = [g.stock, g.waste_fan[0], g.discard] + ([g.satchel] if g.satchel else [])
    for a, b in itertools.combinations(
        piles + [g.layout_box, g.places["undo"], g.places["hint"]], 2
    ):
        assert not a.overlaps(b), (a, b)
    for r in g.slots:
        assert r.inside(g.layout_box, slack=0.01)
    assert g.card_w % 2 == 0 and g.card_h % 2 == 0
    assert g.card_h >= floor


@settings(max_examples=300, deadline=None)
@given(st.lists(slot, min_size=1, max_size=40), window, st.booleans(), st.booleans())
def test_any_layout_fits_any_window(
    slots: list[tuple[float, float]], size: tuple[int, int], satchel: bool, draw_three: bool
) -> None:
    g = table_geometry(slots, *size, satchel=satchel, draw_three=draw_three)
    check(g)
    assert (g.width, g.height) == size


@settings(max_examples=200, deadline=None)
@given(st.lists(slot, min_size=1, max_size=40), window, st.booleans(), st.booleans())
def test_any_layout_leaves_the_coach_a_panel_off_the_cards(
    slots: list[tuple[float, float]], size: tuple[int, int], satchel: bool, draw_three: bool
) -> None:
    g = table_geometry(slots, *size, satchel=satchel, draw_three=draw_three, coach=True)
    check(g, floor=26)  # a strip over the message line costs the largest layouts a little
    c = g.coach
    assert c is not None and c.inside(g.screen, slack=0.01)
    assert not c.overlaps(g.hud) and not c.overlaps(g.message)
    assert not any(c.overlaps(r) for r in g.occupied()), c
    assert c.width >= 150 and c.height >= 40


def test_the_largest_layout_in_the_smallest_window() -> None:
    corners = [(0.0, 0.0), (28.0, 0.0), (0.0, 12.0), (28.0, 12.0)]
    g = table_geometry(corners, 640, 360, satchel=True, draw_three=True)
    check(g)
    assert g.layout_box.width == 15 * g.card_w and g.layout_box.height == 7 * g.card_h


def test_every_shipped_layout_fits() -> None:
    for layout in all_layouts().values():
        for size in ((640, 360), (1280, 720), (1920, 1080), (1000, 1000), (3440, 1440)):
            check(table_geometry([(s.x, s.y) for s in layout.slots], *size))


def test_cards_grow_with_the_window() -> None:
    slots = [(s.x, s.y) for s in all_layouts()[1].slots]
    sizes = [
        table_geometry(slots, w, h).card_h
        for w, h in ((640, 360), (1280, 720), (1920, 1080), (2560, 1440))
    ]
    assert sizes == sorted(sizes) and sizes[-1] >= 3 * sizes[0]


def brute_part(slot: tuple[float, float], over: list[tuple[float, float]]) -> set[str]:
    """Every part that would do, from a fine raster of the card."""
    x, y = slot
    n = 16
    seen = {
        (i, j)
        for i in range(n)
        for j in range(n)
        if not any(
            ox <= x + (i + 0.5) * 2 / n < ox + 2 and oy <= y + (j + 0.5) * 2 / n < oy + 2
            for ox, oy in over
        )
    }
    ok = {FULL}
    if not seen:
        ok.add(HIDDEN)
    if all(j < n // 2 for _, j in seen):
        ok.add(TOP)
    if all(j >= n // 2 for _, j in seen):
        ok.add(BOTTOM)
    if all(i < n // 2 for i, _ in seen):
        ok.add(LEFT)
    if all(i >= n // 2 for i, _ in seen):
        ok.add(RIGHT)
    return ok


offset = st.integers(min_value=-3, max_value=3).map(lambda v: v / 2)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(offset, offset), max_size=5))
def test_visible_part_never_hides_a_visible_pixel(offsets: list[tuple[float, float]]) -> None:
    slot_xy = (4.0, 4.0)
    over = [(4.0 + dx, 4.0 + dy) for dx, dy in offsets]
    assert visible_part(slot_xy, over) in brute_part(slot_xy, over)


def test_visible_part_of_the_classic_pyramid() -> None:
    assert visible_part((6, 0), [(5, 1), (7, 1)]) == TOP
    assert visible_part((6, 0), [(5, 1)]) == FULL
    assert visible_part((6, 0), []) == FULL


def test_arrows_move_the_focus_straight_first() -> None:
    targets = [
        ("a", (100.0, 100.0)),
        ("b", (200.0, 110.0)),
        ("c", (150.0, 300.0)),
        ("d", (0.0, 100.0)),
    ]
    assert nearest_in_direction((100, 100), targets[1:], 1, 0) == "b"
    assert nearest_in_direction((100, 100), targets[1:], 0, 1) == "c"
    assert nearest_in_direction((100, 100), targets[1:], -1, 0) == "d"
    assert nearest_in_direction((100, 100), targets[1:], 0, -1) is None
    assert Rect(0, 0, 10, 10).contains(5, 5) and not Rect(0, 0, 10, 10).contains(10, 5)


def test_a_tall_layout_puts_its_piles_beside_it_for_bigger_cards() -> None:
    """A layout higher than wide (Desert Rose, the tallest) left the window's sides empty with
    the piles under it: beside it the cards grow by a fifth and more, and the whole table still
    fits; a table with a coach keeps its side panel; an ordinary pyramid keeps its pile row."""
    import desert_pyramid.ui.table.geometry as geometry

    layouts = all_layouts()
    tallest = max(layouts.values(), key=lambda lay: (lay.height, lay.size))
    pos = [(s.x, s.y) for s in tallest.slots]
    classic = [(s.x, s.y) for s in layouts[1].slots]
    for w, h in ((640, 360), (800, 600), (1280, 720), (1920, 1080)):
        g = table_geometry(pos, w, h)
        before = geometry._table_geometry(pos, w, h, True, False, 0.0, tall=False)
        assert g.piles_beside and not before.piles_beside
        assert g.card_h >= before.card_h * 1.18, (w, h, g.card_h, before.card_h)
        check(g)
        coached = table_geometry(pos, w, h, coach=True)
        assert coached.coach is not None and coached.card_h >= before.card_h
        assert coached.coach.height > (coached.hud.bottom - coached.message.top) / 2  # beside
        assert not table_geometry(classic, w, h).piles_beside
