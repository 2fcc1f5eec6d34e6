"""Helpers for the modes tests: deals built to order, an always-clearable deal, fake finders.

(No tests here; the other test_modes_* modules import it.)"""

from __future__ import annotations

from dataclasses import dataclass

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import CARDS, Card, Deal, Game, Layout, Rules
from tests.helpers import deal_from

LAYOUT = get_layout(1)


def game_from(
    layout_cards: dict[int, str], stock: list[str], rules: Rules, layout: Layout = LAYOUT
) -> Game:
    return Game(layout, rules, deal_from(layout_cards, stock, layout.size))


# The easy deal: every row of the classic pyramid is pairs among its own cards (and a king in rows
# 7, 5, 3 and 1), so the layout clears from the bottom up without a flip: 12 pairs and 4 kings.
ROW_SLOTS = [list(range(r * (r - 1) // 2, r * (r + 1) // 2)) for r in range(1, 8)]  # 0-based
_PAIR_RANKS = [(1, 12), (2, 11), (3, 10), (4, 9), (5, 8), (6, 7)]


def easy_deal(variant: int = 0, seed: int | None = None, index: int = 0) -> Deal:
    pairs: list[tuple[Card, Card]] = []
    for lo, hi in _PAIR_RANKS:
        for k in range(2):
            s1, s2 = (k + variant) % 4, (k + 2 + variant) % 4
            pairs.append((Card.make(lo, s1), Card.make(hi, s2)))
    shift = variant % len(pairs)
    pairs = pairs[shift:] + pairs[:shift]
    kings = [Card.make(13, s) for s in range(4)]
    slots: dict[int, Card] = {}
    for row in (7, 6, 5, 4, 3, 2, 1):
        cells = ROW_SLOTS[row - 1]
        i = 0
        while len(cells) - i >= 2:
            a, b = pairs.pop()
            slots[cells[i]], slots[cells[i + 1]] = a, b
            i += 2
        if i < len(cells):
            slots[cells[i]] = kings.pop()
    used = set(slots.values())
    stock = [c for c in CARDS if c not in used]
    return Deal(tuple(slots[i] for i in range(28)) + tuple(stock), seed, index)


def easy_line() -> list[str]:
    """The moves that clear an easy deal (slot numbers 1-based)."""
    moves: list[str] = []
    for row in (7, 6, 5, 4, 3, 2, 1):
        cells = [s + 1 for s in ROW_SLOTS[row - 1]]
        i = 0
        while len(cells) - i >= 2:
            moves.append(f"{cells[i]}+{cells[i + 1]}")
            i += 2
        if i < len(cells):
            moves.append(f"K{cells[i]}")
    return moves


EASY_POINTS = 10 * sum(range(1, 13)) + 10 * 12 * 4 + 7 * 50 + 500 + 2 * 250  # per multiplier unit


@dataclass(frozen=True)
class FakeFound:
    deal: Deal
    index: int


class FakeFinder:
    """Stands in for the solver's first_winnable: it calls every ``step``-th index of a sequence
    "winnable" and deals an easy deal there (or the seed's real shuffle with ``real=True``)."""

    def __init__(self, step: int = 3, real: bool = False) -> None:
        self.step = step
        self.real = real
        self.calls: list[tuple[int, int, int]] = []

    def __call__(
        self,
        seed: int,
        rules: Rules,
        layout: Layout,
        *,
        node_budget: int,
        start_index: int = 0,
        max_tries: int = 100,
    ) -> FakeFound:
        self.calls.append((seed, start_index, node_budget))
        i = start_index
        while i % self.step:
            i += 1
        deal = Deal.from_seed(seed, i) if self.real else easy_deal(i, seed, i)
        return FakeFound(deal, i)


def run_frames(session: object, total_ms: int, frame: int = 16) -> None:
    """Feed ``total_ms`` of frames to ``session.update``."""
    left = total_ms
    while left > 0:
        step = min(frame, left)
        session.update(step)  # type: ignore[attr-defined]
        left -= step
