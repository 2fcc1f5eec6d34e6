"""Cards and ranks. Suits never matter to the rules, only to how a card looks.

A card is a small int 0..51: ``(rank - 1) * 4 + suit`` with suits in the order spades, hearts,
diamonds, clubs. :class:`Card` subclasses ``int`` so cards are hashable, compact and fast, and it
adds the two text forms: the two-character code (``"TD"``) and the player's form (``"10♦"``).
"""

from __future__ import annotations

from typing import Final

from .errors import DealError

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_WORDS = (
    "ace",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "jack",
    "queen",
    "king",
)
KING_RANK: Final = 13  # the rank of a king (MoveKind.KING is the move of removing one)
TARGET = 13


class Card(int):
    """One of the 52 cards. ``Card(0)`` is the A♠, ``Card(51)`` the K♣."""

    __slots__ = ()

    def __new__(cls, value: int) -> Card:
        if not 0 <= value < 52:
            raise DealError(f"there is no card number {value} (cards are 0 to 51)")
        return super().__new__(cls, value)

    @classmethod
    def make(cls, rank: int, suit: int) -> Card:
        return CARDS[(rank - 1) * 4 + suit]

    @property
    def rank(self) -> int:
        """1 (ace) to 13 (king)."""
        return RANKS[self]

    @property
    def suit(self) -> int:
        """0 spades, 1 hearts, 2 diamonds, 3 clubs."""
        return int(self) % 4

    @property
    def code(self) -> str:
        """The two-character form used by the deal notation: ``AS``, ``TD``, ``KC``."""
        return RANK_CHARS[self.rank - 1] + SUIT_CHARS[self.suit]

    @property
    def is_red(self) -> bool:
        return self.suit in (1, 2)

    def __str__(self) -> str:
        return RANK_NAMES[self.rank - 1] + SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        return f"Card({self.code})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card in the two-character code (``"7D"``, case-insensitive; ``10D`` is accepted)."""
        t = text.strip().upper()
        if t.startswith("10"):
            t = "T" + t[2:]
        if len(t) != 2:
            raise DealError(
                f"'{text}' is not a card: a card is a rank (A 2-9 T J Q K) and a suit (S H D C)"
            )
        rank = RANK_CHARS.find(t[0])
        if rank < 0:
            raise DealError(f"'{text}' is not a card: '{text[0]}' is not a rank (A 2-9 T J Q K)")
        suit = SUIT_CHARS.find(t[1])
        if suit < 0:
            suit = SUIT_SYMBOLS.find(t[1])
        if suit < 0:
            raise DealError(f"'{text}' is not a card: '{t[1]}' is not a suit (S H D C)")
        return CARDS[rank * 4 + suit]


CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(52))


#: The rank of every card number, for search code that looks ranks up in tight loops:
#: ``RANKS[c]`` for ``c`` in 0..51, and ``RANKS[-1]`` (no card: an empty place) is 0.
RANKS: tuple[int, ...] = tuple(c // 4 + 1 for c in range(52)) + (0,)


def rank_of(card: int) -> int:
    """The rank of a card number (0 for -1, no card), without building a Card."""
    return RANKS[card]


def rank_name(rank: int) -> str:
    """``1`` → ``"A"``, ``10`` → ``"10"``, ``13`` → ``"K"``."""
    return RANK_NAMES[rank - 1]


def a_rank(rank: int) -> str:
    """The rank's name after its article, as said aloud: ``"a 4"``, ``"an A"``, ``"an 8"``."""
    name = rank_name(rank)
    return f"{'an' if name in ('A', '8') else 'a'} {name}"


def partner_rank(rank: int) -> int | None:
    """The rank that makes 13 with ``rank``; ``None`` for a king, which goes alone."""
    return None if rank == KING_RANK else TARGET - rank
