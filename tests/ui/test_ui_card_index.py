"""Covered cards keep a readable index on every layout: where a card's own top-left index lies
under other cards, the table draws an extra one, upright, where the card still shows."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageStat

from desert_pyramid.catalog import all_layouts, get_layout
from desert_pyramid.engine import DESERT, Deal
from desert_pyramid.ui.base.cardface import HIDDEN, INDEX_SPOTS, index_spot, visible_part
from desert_pyramid.ui.base.geometry import Rect

from .driver import Driver

pytestmark = pytest.mark.ui


def overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def drawn_over(layout, i: int) -> list[int]:  # type: ignore[no-untyped-def]
    """Every slot drawn over slot ``i`` (higher up and overlapping it), whatever the file says."""
    s = layout.slots[i]
    return [
        o.index
        for o in layout.slots
        if o.z > s.z and abs(o.x - s.x) < 2 and abs(o.y - s.y) < 2 and o.index != i
    ]


@pytest.mark.parametrize("number", sorted(all_layouts()))
def test_every_covered_card_has_an_index_no_card_covers(number: int) -> None:
    """At the deal, and with any of the cards over it gone: the index chosen for a card that
    shows at all lies where none of the cards over it lies."""
    layout = all_layouts()[number]
    slots = layout.slots
    for s in slots:
        over = drawn_over(layout, s.index)
        assert sorted(over) == sorted(s.covered_by)  # what covers it is what is drawn over it
        for mask in range(1 << min(len(over), 8)):
            present = [slots[j] for k, j in enumerate(over) if mask >> k & 1]
            pos = [(o.x, o.y) for o in present]
            spot = index_spot((s.x, s.y), pos)
            if visible_part((s.x, s.y), pos) == HIDDEN:
                continue
            assert spot is not None, (number, s.index, pos)
            x0, y0, x1, y1 = INDEX_SPOTS[spot]
            box = (s.x + x0, s.y + y0, s.x + x1, s.y + y1)
            for o in present:
                assert not overlaps(box, (o.x, o.y, o.x + 2, o.y + 2)), (number, s.index, spot)
            if not present:
                assert spot == "tl"  # a free card reads its own index


def test_the_layouts_the_issue_names_get_extra_indices() -> None:
    by_name = {lay.name: lay for lay in all_layouts().values()}
    for name in ("Hourglass", "Mirrored Pyramids", "Sun Disk"):
        lay = by_name[name]
        spots = [
            index_spot((s.x, s.y), [(lay.slots[j].x, lay.slots[j].y) for j in s.covered_by])
            for s in lay.slots
        ]
        assert any(sp not in ("tl", None) for sp in spots), name


def test_the_table_draws_the_extra_index_where_it_shows(ui: Driver) -> None:
    hourglass = next(lay for lay in all_layouts().values() if lay.name == "Hourglass")
    ui.app.start_practice(DESERT, get_layout(hourglass.number), Deal.from_seed(5))
    ui.frames(3)
    view = ui.view
    board, game, g = view.board, view.game, view.geom
    shot = ui.shot()
    tagged = 0
    for i, c in enumerate(game.cards):
        if c < 0:
            continue
        sprite = board.cards[c]
        slot = hourglass.slots[i]
        over = [(hourglass.slots[j].x, hourglass.slots[j].y) for j in slot.covered_by]
        spot = index_spot((slot.x, slot.y), over) if over else "tl"
        rect = board.tag_rect(c)
        if spot == "tl":
            assert rect is None, i
            continue
        tagged += 1
        assert rect is not None and sprite.visible, i
        r = g.slots[i]
        assert rect.inside(r, slack=0.5), (rect, r)
        # the index itself lies where no card over it is drawn, and the tag under those cards
        x0, y0, x1, y1 = INDEX_SPOTS[spot]
        ux, uy = r.width / 2, r.height / 2
        glyph = Rect(r.left + x0 * ux, r.top - y1 * uy, (x1 - x0) * ux, (y1 - y0) * uy)
        for j in slot.covered_by:
            assert not glyph.inflated(-1).overlaps(g.slots[j])
            assert board.tags[c].z < board.cards[game.cards[j]].z
        # on screen: the tag's picture (shaded like its card), not another card
        tex = board.tags[c].texture.image.convert("RGB")
        shade = Image.new("RGB", tex.size, tuple(sprite.color)[:3])
        want = ImageChops.multiply(tex, shade)
        left, top = int(round(rect.left)), shot.height - int(round(rect.top))
        seen = shot.crop((left, top, left + tex.width, top + tex.height))
        diff = sum(ImageStat.Stat(ImageChops.difference(seen, want)).mean) / 3
        assert diff < 12, (i, diff)
    assert tagged >= 10


def test_a_card_freed_shows_its_own_index_again(ui: Driver) -> None:
    from desert_pyramid.solver import solve

    hourglass = next(lay for lay in all_layouts().values() if lay.name == "Hourglass")
    ui.app.start_practice(DESERT, get_layout(hourglass.number), Deal.from_seed(5))
    ui.frames(2)
    view = ui.view
    for move in solve(view.game, 300_000).line[:12]:
        view.apply(view.control.play(move))
        ui.frames(1)
    game = view.game
    for i, c in enumerate(game.cards):
        if c < 0:
            continue
        over = [
            (hourglass.slots[j].x, hourglass.slots[j].y)
            for j in hourglass.slots[i].covered_by
            if game.cards[j] >= 0
        ]
        spot = index_spot((hourglass.slots[i].x, hourglass.slots[i].y), over) if over else "tl"
        assert (view.board.tag_rect(c) is not None) == (spot not in ("tl", None)), i


@pytest.mark.parametrize("spot", [s for s in INDEX_SPOTS if s != "tl"])
def test_each_extra_index_is_drawn_inside_its_spot(ui: Driver, spot: str) -> None:
    """The texture of an extra index: paper, with ink only inside the spot's index box."""
    from desert_pyramid.app.prefs import Settings
    from desert_pyramid.engine import CARDS
    from desert_pyramid.ui.art.assets import Assets
    from desert_pyramid.ui.art.cardart import PAPER

    tex = Assets().cards(140, 190, Settings())  # (the textures need the window's context)
    left, top, pw, ph = tex.tag_box(spot)
    x0, y0, x1, y1 = INDEX_SPOTS[spot]
    gx0, gy0 = x0 * 70 - left, y0 * 95 - top
    gx1, gy1 = x1 * 70 - left, y1 * 95 - top
    for name in ("10♥", "Q♣", "A♠", "7♦"):
        card = next(i for i, c in enumerate(CARDS) if str(c) == name)
        img = tex.tag(card, spot).image.convert("RGB")
        assert img.size == (pw, ph)
        ink = [
            (x, y)
            for y in range(ph)
            for x in range(pw)
            if sum(abs(a - b) for a, b in zip(img.getpixel((x, y)), PAPER[:3], strict=True)) > 90
        ]
        assert len(ink) > pw * ph * 0.04, (name, spot)  # something is written there
        xs, ys = [x for x, _ in ink], [y for _, y in ink]
        assert (
            gx0 - 1 <= min(xs) and max(xs) <= gx1 + 1 and gy0 - 1 <= min(ys) and max(ys) <= gy1 + 1
        )
