"""The parts of a card that can be seen under the cards over it, and where its index can be read:
shared by the card art (which draws the parts and the extra indices) and the table (which
chooses them). Pure: positions in half-card units, no Arcade.
"""

from __future__ import annotations

from collections.abc import Sequence

#: The part of a layout card that can be seen: the whole card, one half, or nothing.
FULL = "full"
TOP = "top"
BOTTOM = "bottom"
LEFT = "left"
RIGHT = "right"
HIDDEN = "none"


def visible_part(slot: tuple[float, float], over: Sequence[tuple[float, float]]) -> str:
    """Which part of a card at ``slot`` (x, y in half-card units, y down) the cards ``over`` it
    leave visible. Positions are multiples of 0.5, so testing the centre of each 0.5 x 0.5 cell
    is exact. Drawing only the visible half saves the software renderer half the pixels."""
    x, y = slot

    def covered(px: float, py: float) -> bool:
        return any(ox <= px < ox + 2 and oy <= py < oy + 2 for ox, oy in over)

    xs = (x + 0.25, x + 0.75, x + 1.25, x + 1.75)
    ys = (y + 0.25, y + 0.75, y + 1.25, y + 1.75)
    hidden = {(px, py) for px in xs for py in ys if covered(px, py)}
    if len(hidden) == 16:
        return HIDDEN
    halves = (
        (TOP, {(px, py) for px in xs for py in ys[2:]}),  # the bottom half is hidden: show the top
        (BOTTOM, {(px, py) for px in xs for py in ys[:2]}),
        (LEFT, {(px, py) for px in xs[2:] for py in ys}),
        (RIGHT, {(px, py) for px in xs[:2] for py in ys}),
    )
    for part, cells in halves:
        if cells <= hidden:
            return part
    return FULL


def possible_parts(
    slots: Sequence[tuple[float, float]], covered_by: Sequence[Sequence[int]]
) -> set[str]:
    """Every part :func:`visible_part` can give for a layout, whichever cards are still there."""
    parts: set[str] = set()
    for i, over in enumerate(covered_by):
        over = list(over)[:8]
        for mask in range(1 << len(over)):
            present = [slots[j] for k, j in enumerate(over) if mask >> k & 1]
            parts.add(visible_part(slots[i], present))
    return parts


#: Where a card's index can be read, in half-card units within the card (x right, y down; a card
#: is 2 x 2): ``tl`` is the face's own top-left index; the others are an extra index drawn upright
#: where a covered card still shows: a corner (rank over suit) or a flat strip (rank beside suit)
#: for cards of which only a quarter-height strip shows. In the order they are chosen.
INDEX_SPOTS: dict[str, tuple[float, float, float, float]] = {
    "tl": (0.07, 0.07, 0.55, 0.77),  # the face's own index (cardart draws it there)
    "br": (1.51, 1.27, 1.97, 1.97),  # over the face's turned bottom index, upright
    "tr": (1.51, 0.03, 1.97, 0.73),
    "bl": (0.03, 1.27, 0.49, 1.97),
    "tl-flat": (0.03, 0.03, 0.97, 0.47),
    "tr-flat": (1.03, 0.03, 1.97, 0.47),
    "bl-flat": (0.03, 1.53, 0.97, 1.97),
    "br-flat": (1.03, 1.53, 1.97, 1.97),
}
#: The paper an extra index is drawn on, where it is larger than the index: over the bottom-right
#: corner it hides the face's turned index, which reaches a little further in.
INDEX_PATCH: dict[str, tuple[float, float, float, float]] = {"br": (1.42, 1.2, 1.98, 1.98)}


def index_patch(spot: str) -> tuple[float, float, float, float]:
    return INDEX_PATCH.get(spot, INDEX_SPOTS[spot])


def index_spot(slot: tuple[float, float], over: Sequence[tuple[float, float]]) -> str | None:
    """Where the index of a card at ``slot`` can be read with the cards ``over`` it (x, y in
    half-card units, y down): the first of :data:`INDEX_SPOTS` that none of them covers, or
    ``None`` when every spot is covered."""
    x, y = slot
    rects = [(ox - x, oy - y, ox - x + 2, oy - y + 2) for ox, oy in over]
    for name, (x0, y0, x1, y1) in INDEX_SPOTS.items():
        if not any(x0 < r[2] and r[0] < x1 and y0 < r[3] and r[1] < y1 for r in rects):
            return name
    return None


def possible_spots(
    slots: Sequence[tuple[float, float]], covered_by: Sequence[Sequence[int]]
) -> set[str]:
    """Every spot :func:`index_spot` can give for a layout, whichever cards are still there."""
    spots: set[str] = set()
    for i, over in enumerate(covered_by):
        over = list(over)[:8]
        for mask in range(1 << len(over)):
            present = [slots[j] for k, j in enumerate(over) if mask >> k & 1]
            spot = index_spot(slots[i], present)
            if spot is not None:
                spots.add(spot)
    return spots
