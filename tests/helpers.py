"""Test helpers: build deals from a partial specification."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from desert_pyramid.engine import CARDS, Card, Deal, Game, Layout, Rules, classic_layout


def deal_from(layout_cards: dict[int, str], stock: list[str], size: int = 28) -> Deal:
    """A deal whose 1-based ``layout_cards`` slots and first ``stock`` cards are fixed; the other
    cards fill the remaining places in card order."""
    fixed = {slot - 1: Card.parse(c) for slot, c in layout_cards.items()}
    stock_cards = [Card.parse(c) for c in stock]
    used = set(fixed.values()) | set(stock_cards)
    assert len(used) == len(fixed) + len(stock_cards), "a card is used twice"
    rest = iter(c for c in CARDS if c not in used)
    layout = [fixed[i] if i in fixed else next(rest) for i in range(size)]
    tail = stock_cards + list(rest)
    return Deal(tuple(layout + tail))


def game_from(
    layout_cards: dict[int, str], stock: list[str], rules: Rules, layout: Layout | None = None
) -> Game:
    layout = layout or classic_layout()
    return Game(layout, rules, deal_from(layout_cards, stock, layout.size))


def snapshot(game: Game) -> tuple[object, ...]:
    """Everything about a game that undo must restore."""
    return (
        game.position_key(),
        tuple(game.discard),
        game.points,
        game.chain,
        game.best_chain,
        game.won,
        game.redeals,
        game.layout_left,
        tuple(sorted(game.row_left.items())),
        tuple(game.cover_left),
        game.moves,
    )


def pyramid_layout(rows: int, number: int = 90) -> Layout:
    """A classic-shaped pyramid of ``rows`` rows (15 cards for 5 rows)."""
    slots = []

    def sid(r: int, c: int) -> int:
        return r * (r - 1) // 2 + c

    for r in range(1, rows + 1):
        for c in range(1, r + 1):
            slots.append(
                {
                    "id": sid(r, c),
                    "row": r,
                    "x": rows - r + 2 * (c - 1),
                    "y": r - 1,
                    "z": r - 1,
                    "covered_by": [sid(r + 1, c), sid(r + 1, c + 1)] if r < rows else [],
                }
            )
    return Layout.from_dict(
        {"number": number, "name": f"{rows}-row pyramid", "slot": slots}, source="test"
    )


def load_tool(name: str) -> ModuleType:
    """A maintainer script of ``tools/`` (not a package, not in the wheel), loaded from its file."""
    path = Path(__file__).resolve().parent.parent / "tools" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)
    spec.loader.exec_module(module)
    return module
