"""Where things are drawn: pure functions of a layout and a window size. No Arcade, no state.

Coordinates are Arcade's: pixels, origin at the bottom-left, y up. Layout files count in half
card widths and half card heights from the layout's top-left (docs/layout-format.md); every
layout of that format (up to 30 x 14 half-card units) fits any window of at least 640 x 360.

The table: a HUD bar at the top, the layout under it, the piles (stock, waste, Satchel, discard)
and the round Undo and Hint buttons in a row under the layout, each pile with a caption, and a
message line at the bottom. A very wide window puts the piles in a column beside the layout
instead, when that gives clearly bigger cards.

A table with a coach (Practice) gives it a panel that covers no card: beside the cards where the
window leaves room for one (the cards moved over to one side if that makes the room), else a
strip over the message line (the cards shrink to make room).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from desert_pyramid.engine import DISCARD, SATCHEL, STOCK, WASTE
from desert_pyramid.ui.base.geometry import CARD_ASPECT, Rect, hud_height

MIN_SIZE = (640, 360)
BESIDE_GAIN = 1.45  # the piles go beside the layout for cards this much bigger
TALL_GAIN = 1.1  # ... or this much, for a layout higher than wide
#: The table's piles, by the engine's place, named as TableGeometry.places and .captions know
#: them; and the table's buttons, by name (TableGeometry.places too).
PILE_NAMES: dict[int, str] = {
    STOCK: "stock",
    WASTE: "waste",
    SATCHEL: "satchel",
    DISCARD: "discard",
}
MENU = "menu"
UNDO = "undo"
HINT = "hint"


@dataclass(frozen=True, slots=True)
class Bars:
    """The heights of the table's top bar and message line where a larger text size needs more
    than the window's usual ones (``hud.plan_bars``); ``title_h`` > 0: the top bar is two rows,
    the menu, title and subtitle in a row of that height over the figures."""

    hud_h: int
    message_h: int
    title_h: int = 0
    menu_w: float = 0.0  # the menu button's width (0: the usual, 2.3 times its height)


@dataclass(frozen=True, slots=True)
class TableGeometry:
    width: int
    height: int
    card_w: int
    card_h: int
    hud: Rect  # the top bar
    message: Rect  # the message line at the bottom
    layout_box: Rect  # the layout's bounding box
    slots: tuple[Rect, ...]  # one per layout slot, by slot index
    places: dict[str, Rect]  # stock, waste, satchel (if any), discard, menu, undo, hint
    waste_fan: tuple[Rect, ...]  # where the waste's top 1 or 3 cards lie, top card last
    captions: dict[str, tuple[float, float]]  # pile name -> centre of its caption
    piles_beside: bool
    coach: Rect | None = None  # the coach's panel (a table with a coach only)
    title_row: Rect | None = None  # a top bar of two rows: its top row (menu, title, subtitle)

    @property
    def stock(self) -> Rect:
        return self.places[PILE_NAMES[STOCK]]

    @property
    def waste(self) -> Rect:
        return self.places[PILE_NAMES[WASTE]]

    @property
    def discard(self) -> Rect:
        return self.places[PILE_NAMES[DISCARD]]

    @property
    def satchel(self) -> Rect | None:
        return self.places.get(PILE_NAMES[SATCHEL])

    @property
    def screen(self) -> Rect:
        return Rect(0, 0, self.width, self.height)

    @property
    def font_scale(self) -> float:
        """Text size relative to a 720-pixel-high window, kept readable on small windows."""
        return float(max(0.75, min(self.width / 1280, self.height / 720) ** 0.8))

    def occupied(self) -> list[Rect]:
        """Everything of the table the coach's panel must leave free: cards, piles, the round
        buttons and the pile captions (the top bar and the message line lie outside its room)."""
        out = self.card_rects() + [self.places[UNDO], self.places[HINT]]
        fs = self.font_scale  # the HUD sets captions in 10 and 9.5 points times this
        cap = max(self.card_h * 0.2, 16 * fs)
        for cx, cy in self.captions.values():
            w = max(self.card_w * 1.6, 110 * fs)
            out.append(Rect(cx - w / 2, cy - cap / 2, w, cap))
        for name in (UNDO, HINT):  # the buttons' captions hang under them
            r = self.places[name]
            w = max(r.width * 1.6, 70 * fs)
            out.append(Rect(r.cx - w / 2, r.bottom - 18 * fs, w, 18 * fs))
        return out

    def card_rects(self) -> list[Rect]:
        """Every card position: slots, then stock, waste fan, Satchel, discard."""
        out = list(self.slots) + [self.stock, *self.waste_fan, self.discard]
        if self.satchel is not None:
            out.append(self.satchel)
        return out


def _even(v: float) -> int:
    """Round down to an even whole number (so centres fall on whole pixels)."""
    return max(2, int(v / 2) * 2)


def message_height(height: int) -> int:
    return int(max(26, min(48, round(height * 0.052))))


def coach_panel_min_width(width: int, height: int) -> float:
    """The narrowest side panel the coach's words read well in (about 30 characters a line)."""
    scale = float(max(0.75, min(width / 1280, height / 720) ** 0.8))
    return 230 * scale


def coach_strip_height(width: int, height: int) -> float:
    """The height of the coach's strip over the message line: three lines (two and a half in a
    very low window, where the cards need the room)."""
    scale = float(max(0.75, min(width / 1280, height / 720) ** 0.8))
    return float(round(min(78 * scale, height * 0.13)))


def table_geometry(
    slots: Sequence[tuple[float, float]],
    width: int,
    height: int,
    *,
    satchel: bool = True,
    draw_three: bool = False,
    coach: bool = False,
    reserve: float = 0.0,
    bars: Bars | None = None,
) -> TableGeometry:
    """Where every slot, pile and button of the table is drawn.

    ``slots`` are the layout's slot positions (x, y) in half-card units, as in the layout file;
    pass ``[(s.x, s.y) for s in layout.slots]``. ``coach``: make room for the coach's panel
    (``TableGeometry.coach``), beside the cards if the window leaves room, else over the message line.
    ``reserve``: keep that many pixels free over the message line instead (no coach).
    ``bars``: a top bar and a message line taller than the window's usual ones (a larger text
    size: ``hud.plan_bars``), the top bar perhaps in two rows.
    """
    if reserve > 0:  # a band kept free over the message line (the worked example's panel)
        return _table_geometry(
            slots, width, height, satchel, draw_three, reserve, tall=False, bars=bars
        )
    g = _table_geometry(slots, width, height, satchel, draw_three, 0.0, bars=bars)
    if not coach:
        return g
    side = _side_panel(g)
    if side is not None:
        return replace(g, coach=side)
    moved = _moved_aside(g)  # the cards as large as without a coach, moved over for the panel
    if moved is not None:
        return moved
    if g.piles_beside:  # a tall layout's piles beside it left no room for the coach beside
        g = _table_geometry(slots, width, height, satchel, draw_three, 0.0, tall=False, bars=bars)
        side = _side_panel(g)
        if side is not None:
            return replace(g, coach=side)
    strip = coach_strip_height(g.width, g.height)
    g = _table_geometry(slots, width, height, satchel, draw_three, strip, tall=False, bars=bars)
    margin = max(8.0, 0.014 * min(g.width, g.height))
    bottom = g.message.top + margin * 0.5
    # under everything (a caption under the piles beside a tall layout may hang into the room)
    top = min(g.message.top + strip, min(r.bottom for r in g.occupied()) - 2)
    return replace(g, coach=Rect(margin, bottom, g.width - 2 * margin, top - bottom))


def _moved_aside(g: TableGeometry) -> TableGeometry | None:
    """The table as it is, moved right (the layout and its piles together) to leave the coach
    its panel on the left, when the room left and right of it is enough for one only together
    (the tallest layouts at 640x360 and 800x600: their piles beside them, the cards shrank to
    make room for the coach over the message line or under the layout). The panel is as narrow
    as reads well; what room is left over lies where the captions hang: between it and the
    cards under a pile row (the stock's caption, the row's first, hangs to the left of its
    pile), shared on both sides beside a tall layout (the right column's captions hang right)."""
    margin = max(8.0, 0.014 * min(g.width, g.height))
    gap = max(10.0, g.card_w * 0.15)
    taken = g.occupied()
    left = min(r.left for r in taken)
    right = max(r.right for r in taken)
    need = coach_panel_min_width(g.width, g.height)
    spare = (g.width - 2 * margin) - (right - left) - gap - need
    if spare < 0:
        return None
    w = need
    dx = g.width - margin - right - (spare / 2 if g.piles_beside else 0.0)
    top, bottom = g.hud.bottom - margin, g.message.top + margin * 0.5
    if top - bottom < (g.hud.bottom - g.message.top) * 0.45:
        return None
    captions = {k: (x + dx, y) for k, (x, y) in g.captions.items()}
    places = {k: (r if k == MENU else r.moved(dx, 0)) for k, r in g.places.items()}
    return replace(
        g,
        layout_box=g.layout_box.moved(dx, 0),
        slots=tuple(r.moved(dx, 0) for r in g.slots),
        places=places,
        waste_fan=tuple(r.moved(dx, 0) for r in g.waste_fan),
        captions=captions,
        coach=Rect(margin, bottom, w, top - bottom),
    )


def _side_panel(g: TableGeometry) -> Rect | None:
    """The room left of everything on the table (else right of it), if wide enough for the coach:
    beside the whole table, else beside the layout only (over the pile row's height)."""
    margin = max(8.0, 0.014 * min(g.width, g.height))
    gap = max(10.0, g.card_w * 0.15)
    taken = g.occupied()
    top = g.hud.bottom - margin
    need = coach_panel_min_width(g.width, g.height)
    cap = 340 * g.font_scale  # wider than this, lines grow too long to read
    bands = [g.message.top + margin * 0.5]
    if not g.piles_beside:  # beside the layout only: from over the pile row (and its captions)
        row_top = max(r.top for r in taken if r.top <= g.layout_box.bottom + 1)
        bands.append(row_top + gap)
    for bottom in bands:
        if top - bottom < (g.hud.bottom - g.message.top) * 0.45:
            continue
        beside = [r for r in taken if r.top > bottom and r.bottom < top]
        left_edge = min(r.left for r in beside) - gap
        if left_edge - margin >= need:
            w = min(left_edge - margin, cap)
            return Rect(left_edge - w, bottom, w, top - bottom)
        right_edge = max(r.right for r in beside) + gap
        if g.width - margin - right_edge >= need:
            return Rect(right_edge, bottom, min(g.width - margin - right_edge, cap), top - bottom)
    return None


def _table_geometry(
    slots: Sequence[tuple[float, float]],
    width: int,
    height: int,
    satchel: bool,
    draw_three: bool,
    reserve: float,
    tall: bool = True,
    bars: Bars | None = None,
) -> TableGeometry:
    """:func:`table_geometry` with ``reserve`` pixels kept free over the message line;
    ``tall=False``: a tall layout's piles go beside it only as any layout's would."""
    if not slots:
        raise ValueError("a layout has at least one slot")
    width = max(int(width), MIN_SIZE[0])
    height = max(int(height), MIN_SIZE[1])
    minx = min(x for x, _ in slots)
    miny = min(y for _, y in slots)
    units_w = max(x for x, _ in slots) - minx + 2  # half card widths
    units_h = max(y for _, y in slots) - miny + 2  # half card heights
    hud_h, msg_h = _bar_heights(height, bars)
    margin = max(8.0, 0.014 * min(width, height))
    area = Rect(
        margin,
        msg_h + margin * 0.5 + reserve,
        width - 2 * margin,
        height - hud_h - msg_h - margin * 1.5 - reserve,
    )

    # The pile row, in card widths: stock, waste (a fan for draw three), Satchel, discard, two buttons.
    fan = 0.28 if draw_three else 0.0
    gaps = 0.3
    row_units = (
        1
        + gaps
        + (1 + 2 * fan)
        + 2 * gaps
        + (1 + 2 * gaps if satchel else 0)
        + 1
        + 0.4
        + 0.62 * 2
        + 0.2
    )
    gap_h = 0.22  # between layout and pile row, in card heights
    caption_h = 0.2  # captions under the piles

    # Arrangement A: the piles in a row under the layout.
    h_rows = area.height / (units_h / 2 + gap_h + 1 + caption_h + 0.08)
    h_cols = area.width / max(units_w / 2, row_units) / CARD_ASPECT
    card_h_a = min(h_rows, h_cols, height * 0.3)
    # Arrangement B: the piles in a two-column block beside the layout.
    block_w = 2 + gaps + 2 * fan  # card widths (the waste, in the right column, fans out)
    block_h = (
        2 * (1 + caption_h + gap_h) + 0.62 * CARD_ASPECT
    )  # card heights: two pile rows, buttons
    h_rows_b = area.height / (max(units_h / 2, block_h) + 0.08)
    h_cols_b = area.width / (units_w / 2 + 0.6 + block_w) / CARD_ASPECT
    card_h_b = min(h_rows_b, h_cols_b, height * 0.3)
    # a tall layout (higher than wide) leaves the window's sides empty with the piles under it:
    # beside it they take some of that room and the cards grow (Desert Rose, Ankh, Obelisk)
    tall = tall and units_h / 2 >= units_w / 2 * CARD_ASPECT
    beside = card_h_b > card_h_a * (TALL_GAIN if tall else BESIDE_GAIN)

    card_h = _even(card_h_b if beside else card_h_a)
    card_w = _even(card_h * CARD_ASPECT)
    row_w = row_units if not beside else units_w / 2 + 0.6 + block_w
    while (
        card_w * max(units_w / 2, row_w) > area.width or card_h * (units_h / 2 + 0.08) > area.height
    ):
        card_h -= 2
        card_w = _even(card_h * CARD_ASPECT)
    uw, uh = card_w / 2, card_h / 2
    lay_w, lay_h = units_w * uw, units_h * uh
    lift = card_h * 0.08  # room for a lifted card

    places: dict[str, Rect] = {}
    captions: dict[str, tuple[float, float]] = {}
    cap = card_h * caption_h
    if not beside:
        group_h = lay_h + gap_h * card_h + card_h + cap
        top = area.top - max(lift, (area.height - group_h) / 2)
        lay_left = area.left + (area.width - lay_w) / 2
        layout_box = Rect(lay_left, top - lay_h, lay_w, lay_h)
        row_y = layout_box.bottom - gap_h * card_h - card_h
        _pile_row(
            places, captions, _row_start(area, row_units, card_w), row_y, card_w, card_h, cap,
            gaps, fan, satchel,
        )  # fmt: skip
    else:
        group_w = lay_w + 0.6 * card_w + block_w * card_w
        lay_left = area.left + (area.width - group_w) / 2
        top = area.top - max(lift, (area.height - max(lay_h, block_h * card_h)) / 2)
        layout_box = Rect(lay_left, top - lay_h, lay_w, lay_h)
        bx = layout_box.right + 0.6 * card_w
        by = top - card_h
        piles = [STOCK, WASTE, SATCHEL, DISCARD] if satchel else [STOCK, WASTE, DISCARD]
        for i, pile in enumerate(piles):
            col, row = i % 2, i // 2
            r = Rect(
                bx + col * (1 + gaps) * card_w,
                by - row * (1 + caption_h + gap_h) * card_h,
                card_w,
                card_h,
            )
            places[PILE_NAMES[pile]] = r
            captions[PILE_NAMES[pile]] = (r.cx, r.bottom - cap * 0.55)
        buttons_y = by - 2 * (1 + caption_h + gap_h) * card_h + card_h - 0.62 * card_w
        d = 0.62 * card_w
        # under the two columns' middles: their captions have a column's width each
        places[UNDO] = Rect(bx + (card_w - d) / 2, buttons_y, d, d)
        places[HINT] = Rect(bx + (1 + gaps) * card_w + (card_w - d) / 2, buttons_y, d, d)

    slot_rects = tuple(
        Rect(
            layout_box.left + (x - minx) * uw,
            layout_box.top - (y - miny) * uh - card_h,
            card_w,
            card_h,
        )
        for x, y in slots
    )
    waste = places[PILE_NAMES[WASTE]]
    if draw_three:
        step = fan * card_w
        fan_rects = tuple(waste.moved(i * step, 0) for i in range(3))
        places[PILE_NAMES[WASTE]] = fan_rects[-1]
    else:
        fan_rects = (waste,)
    hud = Rect(0, height - hud_h, width, hud_h)
    places[MENU], title_row = _menu_place(hud, bars)
    return TableGeometry(
        width=width,
        height=height,
        card_w=card_w,
        card_h=card_h,
        hud=hud,
        message=Rect(0, 0, width, msg_h),
        layout_box=layout_box,
        slots=slot_rects,
        places=places,
        waste_fan=fan_rects,
        captions=captions,
        piles_beside=beside,
        title_row=title_row,
    )


def _bar_heights(height: int, bars: Bars | None) -> tuple[int, int]:
    """The top bar's and the message line's heights: the window's usual, or taller (``bars``)."""
    if bars is None:
        return hud_height(height), message_height(height)
    return max(hud_height(height), bars.hud_h), max(message_height(height), bars.message_h)


def _menu_place(hud: Rect, bars: Bars | None) -> tuple[Rect, Rect | None]:
    """The menu button in the top bar ``hud``; and the bar's top row where it has two
    (``bars.title_h``): the menu beside the title there, the figures under it."""
    row = hud
    title_row = None
    if bars is not None and bars.title_h > 0:
        row_h = min(bars.title_h, hud.height)
        title_row = row = Rect(hud.left, hud.top - row_h, hud.width, row_h)
    pad = row.height * 0.14
    menu_w = max(row.height * 2.3, bars.menu_w if bars is not None else 0.0)
    return Rect(pad, row.bottom + pad, menu_w, row.height - 2 * pad), title_row


def _row_start(area: Rect, row_units: float, card_w: int) -> tuple[float, float]:
    """Where the pile row starts (centred in ``area``) and the gap between its round buttons, in
    card widths: as far apart as the piles where the row has the room (their captions, "Undo",
    "Zurück", side by side whole, not cut to "Zur…" or left out)."""
    spread = 0.5 if (row_units + 0.5) * card_w <= area.width else 0.0
    row_w = (row_units + spread) * card_w
    return max(area.left, area.left + (area.width - row_w) / 2), 0.2 + spread


def _pile_row(
    places: dict[str, Rect],
    captions: dict[str, tuple[float, float]],
    start: tuple[float, float],
    y: float,
    card_w: int,
    card_h: int,
    cap: float,
    gaps: float,
    fan: float,
    satchel: bool,
) -> float:
    """Lay the pile row out from ``start`` (its x, and the gap between the round buttons in card
    widths: :func:`_row_start`); return the x after it."""
    x, button_gap = start

    def put(pile: int, w_units: float, gap_after: float) -> None:
        nonlocal x
        r = Rect(x, y, card_w, card_h)
        places[PILE_NAMES[pile]] = r
        captions[PILE_NAMES[pile]] = (x + w_units * card_w / 2, y - cap * 0.55)
        x += (w_units + gap_after) * card_w

    put(STOCK, 1, gaps)
    put(WASTE, 1 + 2 * fan, 2 * gaps)
    if satchel:
        put(SATCHEL, 1, 2 * gaps)
    put(DISCARD, 1, 0.4)
    d = 0.62 * card_w
    # level with the piles' tops: the buttons' captions stand on a line of their own, over the
    # piles' captions (a long one, "Retiradas" at 200%, under the buttons' is whole, not cut)
    by = y + card_h - d
    places[UNDO] = Rect(x, by, d, d)
    places[HINT] = Rect(x + d + button_gap * card_w, by, d, d)
    return x + 2 * d + button_gap * card_w


def hit_slot(
    geom: TableGeometry, z_order: Sequence[int], present: Sequence[bool], x: float, y: float
) -> int | None:
    """The topmost slot with a card under the point. ``z_order``: slot indices, front first."""
    for i in z_order:
        if present[i] and geom.slots[i].contains(x, y):
            return i
    return None
