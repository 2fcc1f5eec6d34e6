"""Where a card is and what a move frees: the facts that the hints, the coach and the computer
players each put into their own words. One source, so they never disagree about a position."""

from __future__ import annotations

from dataclasses import dataclass

from .game import Game
from .layout import Layout
from .moves import SATCHEL, STOCK, WASTE, Move


@dataclass(frozen=True, slots=True)
class Whereabouts:
    """Where a live card is.

    ``place``: its layout slot (0-based), or ``WASTE``, ``STOCK`` or ``SATCHEL``. ``above``: in the
    layout, the cards lying on it directly or through other cards; in the waste or the stock, the
    cards above it (0 for the top card); 0 in the Satchel. ``playable``: it can take part in a move
    now (free in the layout, the waste's top card, the stock's top card when the rules make it
    playable, the Satchel card)."""

    place: int
    above: int
    playable: bool


def cards_on(game: Game, slot: int) -> int:
    """How many cards still lie on a layout slot, directly or through other cards."""
    seen: set[int] = set()
    stack = list(game.covering(slot))
    while stack:
        j = stack.pop()
        if j not in seen:
            seen.add(j)
            stack.extend(game.covering(j))
    return len(seen)


def slots_under(layout: Layout, slot: int) -> frozenset[int]:
    """Every slot that ``slot`` lies over in the drawing, directly or through other slots (cards
    present or not)."""
    seen: set[int] = set()
    todo = list(layout.slots[slot].covers)
    while todo:
        j = todo.pop()
        if j not in seen:
            seen.add(j)
            todo.extend(layout.slots[j].covers)
    return frozenset(seen)


def locate(game: Game, card: int) -> Whereabouts | None:
    """Where ``card`` (0..51) is now, or None when it is on the discard pile."""
    if card in game.cards:
        slot = game.cards.index(card)
        above = cards_on(game, slot)
        return Whereabouts(slot, above, above == 0)
    if card in game.waste:
        above = len(game.waste) - 1 - game.waste.index(card)
        return Whereabouts(WASTE, above, above == 0)
    if card in game.stock:
        above = len(game.stock) - 1 - game.stock.index(card)
        return Whereabouts(STOCK, above, above == 0 and game.rules.stock_top_playable)
    if game.satchel == card:
        return Whereabouts(SATCHEL, 0, True)
    return None


def newly_freed(before: Game, after: Game) -> list[int]:
    """Layout slots free in ``after`` that were not free in ``before`` (in slot order)."""
    return [s for s in after.free_slots() if not before.is_free(s)]


def freed_by(game: Game, move: Move) -> list[int]:
    """The layout slots that ``move`` (legal in ``game``) frees, in slot order. ``game`` is not
    changed."""
    after = game.copy()
    after.play(move)
    return newly_freed(game, after)
