"""Events a UI can animate: what moved from where to where, rows cleared, chain changes."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card


class Event:
    """Base class of the events that :meth:`Game.play` and :meth:`Game.undo` return."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class CardMoved(Event):
    """``card`` went from place ``src`` to place ``dst`` (places as in :mod:`.moves`)."""

    card: Card
    src: int
    dst: int


@dataclass(frozen=True, slots=True)
class Redealt(Event):
    """The waste turned back over as the stock; ``count`` cards."""

    count: int
    redeals_used: int


@dataclass(frozen=True, slots=True)
class ChainChanged(Event):
    old: int
    new: int


@dataclass(frozen=True, slots=True)
class Scored(Event):
    """``points`` were added (negative on undo); ``reason`` is pair, king, row or clear."""

    points: int
    reason: str


@dataclass(frozen=True, slots=True)
class RowCleared(Event):
    row: int
    points: int


@dataclass(frozen=True, slots=True)
class LayoutCleared(Event):
    points: int


@dataclass(frozen=True, slots=True)
class Won(Event):
    pass


@dataclass(frozen=True, slots=True)
class Undone(Event):
    """The first event of an undo: the move that was taken back."""

    move_text: str
