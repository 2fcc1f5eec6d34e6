"""Moves: small hashable values with a one-token text form.

Places: a layout slot is its 0-based index (written 1-based in text), ``WASTE`` (``W``, the waste's
top card), ``STOCK`` (``T``, the stock's top card, playable under some rules), ``SATCHEL`` (``S``).
``DISCARD`` appears only in events.

Text form: ``12+W`` pairs slot 12 with the waste top; ``S+3`` the Satchel card with slot 3;
``K5`` removes the king in slot 5 (``KW``, ``KT``, ``KS`` from the other places); ``W>S`` puts the
waste top in the Satchel; ``F`` flips the stock; ``R`` redeals.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final, NamedTuple

from .errors import IllegalMoveError

WASTE: Final = -1
STOCK: Final = -2
SATCHEL: Final = -3
DISCARD = -4


class MoveKind(IntEnum):
    """What a move does. (``MoveKind.KING`` is a king removed alone, not the rank 13.)"""

    PAIR = 0
    KING = 1
    FLIP = 2
    REDEAL = 3
    STASH = 4


# The kinds under their short names, for code that reads them in tight loops.
PAIR, KING, FLIP, REDEAL, STASH = MoveKind

_PLACE_CHARS = {WASTE: "W", STOCK: "T", SATCHEL: "S"}
_CHAR_PLACES = {v: k for k, v in _PLACE_CHARS.items()}
NO_PLACE = -9


def place_text(place: int) -> str:
    if place >= 0:
        return str(place + 1)
    return _PLACE_CHARS.get(place, "?")


def place_name(place: int) -> str:
    """In words: ``slot 12``, ``the waste``, ``the stock``, ``the Satchel``."""
    if place >= 0:
        return f"slot {place + 1}"
    return {
        WASTE: "the waste",
        STOCK: "the stock",
        SATCHEL: "the Satchel",
        DISCARD: "the discard pile",
    }.get(place, "nowhere")


def parse_place(text: str, whole: str) -> int:
    t = text.strip().upper()
    if t in _CHAR_PLACES:
        return _CHAR_PLACES[t]
    if t.isascii() and t.isdigit() and len(t) <= 6 and int(t) >= 1:  # not "²", not 5,000 digits
        return int(t) - 1
    raise IllegalMoveError(
        f"'{text}' in move '{whole}' is not a place: a slot number (1, 2, …), W (waste), T (stock top) or S (Satchel)"
    )


class Move(NamedTuple):
    """A move. Build with the class methods; pairs are stored in a canonical order."""

    kind: MoveKind
    a: int = NO_PLACE
    b: int = NO_PLACE

    @classmethod
    def pair(cls, a: int, b: int) -> Move:
        return cls(PAIR, max(a, b), min(a, b))

    @classmethod
    def king(cls, place: int) -> Move:
        return cls(KING, place)

    @classmethod
    def stash(cls, place: int) -> Move:
        return cls(STASH, place)

    @classmethod
    def flip(cls) -> Move:
        return FLIP_MOVE

    @classmethod
    def redeal(cls) -> Move:
        return REDEAL_MOVE

    @property
    def is_removal(self) -> bool:
        return self.kind in (PAIR, KING)

    def __str__(self) -> str:
        k = self.kind
        if k == PAIR:
            return f"{place_text(self.a)}+{place_text(self.b)}"
        if k == KING:
            return f"K{place_text(self.a)}"
        if k == STASH:
            return f"{place_text(self.a)}>S"
        if k == FLIP:
            return "F"
        return "R"

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        t = text.strip().upper()
        if t == "F":
            return FLIP_MOVE
        if t == "R":
            return REDEAL_MOVE
        if t.endswith(">S"):
            return cls.stash(parse_place(t[:-2], text))
        if "+" in t:
            left, _, right = t.partition("+")
            return cls.pair(parse_place(left, text), parse_place(right, text))
        if t.startswith("K") and len(t) > 1:
            return cls.king(parse_place(t[1:], text))
        raise IllegalMoveError(
            f"'{text}' is not a move: write 12+W (pair), K5 (king), W>S (to the Satchel), F (flip) or R (redeal)"
        )


FLIP_MOVE = Move(FLIP)
REDEAL_MOVE = Move(REDEAL)
