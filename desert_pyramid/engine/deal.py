"""Deals: the project's own shuffle, the deal notation and deal codes.

**Shuffle** (documented here so any implementation can reproduce it; pinned by test vectors).
The generator is SplitMix64 (Steele, Lea & Flood 2014): a 64-bit state ``s``; each output adds
``0x9E3779B97F4A7C15`` to ``s`` (mod 2^64) and returns ``mix(s)`` where
``mix(z) = z ^ (z >> 31)`` after ``z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9`` and
``z = (z ^ (z >> 27)) * 0x94D049BB133111EB`` (all mod 2^64).
The deal with ``seed`` and ``index`` (the index-th deal of that seed's sequence) starts from state
``mix(seed) + index * 0x9E3779B97F4A7C15`` (mod 2^64), takes the deck in card order
(A♠ A♥ A♦ A♣ 2♠ … K♣, card numbers 0..51) and runs Fisher-Yates from the top: for ``i`` from 51
down to 1, draw ``j`` uniformly in ``0..i`` and swap cards ``i`` and ``j``. A uniform ``j`` takes
the next output ``r`` and rejects it while ``r >= 2^64 - (2^64 mod (i + 1))``; then
``j = r mod (i + 1)``. The shuffled list is the deal in notation order.

**Notation**: 52 two-character cards separated by spaces: first the layout slots in slot order,
then the stock, the first card to be turned over first. For the classic layout
``AS 2H TD …`` puts the A♠ at the top of the pyramid.

**Deal code**: rules, layout and deal in one string a player can type, for instance
``DP-4G2M-81Q0-7C``. Crockford base32 (case-insensitive; O reads as 0, I and L as 1; dashes and
spaces are ignored), a version, and a 15-bit check (the payload modulo 32749) so that any single mistyped character
and any swap of two neighbours is rejected, not misread.
A deal made from a seed is stored as the seed (short code); any other deal as its permutation.
Version 1 carries the layout number in 6 bits (layouts 1 to 63); version 2, written only for a
larger number (a player's own layout, 101 and up), carries it in 10 bits. A deal on layouts 1 to
63 is still written as version 1, so its code is the same as before, and every version 1 code
reads as it always did.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import CARDS, Card
from .errors import DealCodeError, DealError
from .layout import NUMBER_RANGES, valid_number
from .rules import UNLIMITED, Rules, Scoring
from .text import escaped

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def mix64(z: int) -> int:
    z &= MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


class SplitMix64:
    """The deal generator (see the module text)."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & MASK64

    def next(self) -> int:
        self.state = (self.state + GOLDEN) & MASK64
        return mix64(self.state)

    def below(self, n: int) -> int:
        """Uniform in ``0..n-1`` by rejection."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            r = self.next()
            if r < limit:
                return r % n


MAX_SEED = MASK64


def shuffled_deck(seed: int, index: int = 0) -> tuple[Card, ...]:
    """The ``index``-th deal of ``seed``'s sequence, in notation order."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise DealError(f"seed must be a whole number from 0 to {MAX_SEED}, not {seed!r}")
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < 1 << 32:
        raise DealError(f"deal index must be a whole number from 0 to {2**32 - 1}, not {index!r}")
    rng = SplitMix64(mix64(seed) + index * GOLDEN)
    deck = list(CARDS)
    for i in range(51, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


@dataclass(frozen=True, slots=True)
class Deal:
    """A full deal: 52 cards in notation order, and the seed it came from if any."""

    cards: tuple[Card, ...]
    seed: int | None = None
    index: int = 0

    def __post_init__(self) -> None:
        validate_cards(self.cards)

    @classmethod
    def from_seed(cls, seed: int, index: int = 0) -> Deal:
        return cls(shuffled_deck(seed, index), seed, index)

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read the notation: 52 two-character cards separated by spaces (or commas)."""
        tokens = text.replace(",", " ").split()
        cards: list[Card] = []
        for pos, tok in enumerate(tokens, start=1):
            try:
                cards.append(Card.parse(tok))
            except DealError as exc:
                raise DealError(f"card {pos} of the deal: {exc}") from None
        return cls(tuple(cards))

    def notation(self) -> str:
        return " ".join(c.code for c in self.cards)

    def __str__(self) -> str:
        return self.notation()


def validate_cards(cards: Sequence[int]) -> None:
    if len(cards) != 52:
        raise DealError(f"a deal has 52 cards, this one has {len(cards)}")
    seen: dict[int, int] = {}
    for pos, c in enumerate(cards, start=1):
        if c in seen:
            raise DealError(f"card {pos} of the deal, {CARDS[c].code}, repeats card {seen[c]}")
        seen[c] = pos


# --- deal codes -------------------------------------------------------------------------------

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford base32
_DECODE = {ch: i for i, ch in enumerate(ALPHABET)}
_DECODE.update({"O": 0, "I": 1, "L": 1})
CODE_PREFIX = "DP"
CODE_VERSION = 1  # the layout number in 6 bits: layouts 1 to 63
CODE_VERSION_WIDE = 2  # the layout number in 10 bits: any layout (a player's own are 101 and up)
_NARROW_LAST = 63
_WIDE_BITS = 10
CHECK_BITS = 15
_FORM_SEED, _FORM_PERM = 0, 1
#: The most digits a deal code has: a deal written as its permutation (a rank below 52!), on a
#: layout numbered in 10 bits, with the check. A longer code is refused unread.
MAX_CODE_DIGITS = -(
    -((math.factorial(52) - 1).bit_length() + 1 + 9 + _WIDE_BITS + 3 + CHECK_BITS) // 5
)


def _rules_bits(rules: Rules) -> int:
    passes = {1: 0, 3: 1, UNLIMITED: 2}[rules.passes]
    scoring = {Scoring.DESERT: 0, Scoring.CLASSIC: 1, Scoring.TIMED: 2}[rules.scoring]
    return (
        passes
        | rules.satchel << 2
        | rules.stock_top_playable << 3
        | rules.all_52 << 4
        | rules.relaxed_match << 5
        | rules.draw_three << 6
        | scoring << 7
    )


def _bits_rules(bits: int) -> Rules:
    passes_code = bits & 3
    scoring_code = (bits >> 7) & 3
    if passes_code == 3 or scoring_code == 3 or bits >> 9:
        raise DealCodeError(
            "the deal code's rules part is not valid (was it typed from a newer game?)"
        )
    return Rules(
        passes=(1, 3, UNLIMITED)[passes_code],
        satchel=bool(bits >> 2 & 1),
        stock_top_playable=bool(bits >> 3 & 1),
        all_52=bool(bits >> 4 & 1),
        relaxed_match=bool(bits >> 5 & 1),
        draw_three=bool(bits >> 6 & 1),
        scoring=(Scoring.DESERT, Scoring.CLASSIC, Scoring.TIMED)[scoring_code],
    )


def _perm_rank(cards: Sequence[int]) -> int:
    """Lehmer rank of a permutation of 0..51."""
    remaining = list(range(52))
    rank = 0
    for c in cards:
        i = remaining.index(c)
        rank = rank * len(remaining) + i
        remaining.pop(i)
    return rank


def _perm_unrank(rank: int) -> tuple[Card, ...]:
    digits: list[int] = []
    for base in range(1, 53):
        digits.append(rank % base)
        rank //= base
    if rank:
        raise DealCodeError("the deal code's cards part is out of range")
    digits.reverse()
    remaining = list(range(52))
    return tuple(CARDS[remaining.pop(d)] for d in digits)


CHECK_PRIME = 32749  # the largest prime below 2^15


def _check(payload: int) -> int:
    """The payload modulo a prime above 32: a changed symbol or two swapped neighbours change the
    payload by d x 32^k or d x 31 x 32^k with 0 < |d| < 32, never a multiple of the prime, so every
    single-character typo and every swap of two neighbours is caught."""
    return payload % CHECK_PRIME


def encode_deal_payload(deal: Deal, rules: Rules, layout_number: int) -> int:
    """The number a deal code writes (before its check): deal, rules, layout and version."""
    if not valid_number(layout_number):
        raise DealCodeError(
            f"layout {layout_number} cannot be put in a deal code ({NUMBER_RANGES})"
        )
    if deal.seed is not None and Deal.from_seed(deal.seed, deal.index).cards == deal.cards:
        idx_bits = deal.index.bit_length()
        body = ((deal.seed << idx_bits | deal.index) << 6 | idx_bits) << 1 | _FORM_SEED
    else:
        body = _perm_rank(deal.cards) << 1 | _FORM_PERM
    head = body << 9 | _rules_bits(rules)
    if layout_number <= _NARROW_LAST:
        return (head << 6 | layout_number) << 3 | CODE_VERSION
    return (head << _WIDE_BITS | layout_number) << 3 | CODE_VERSION_WIDE


def checked_code(prefix: str, payload: int) -> str:
    """A number as a typeable code: ``PREFIX-`` then base-32 digits of the payload and its check,
    in groups of four (the first group may be shorter). Deal, game and layout codes all use it."""
    value = payload << CHECK_BITS | _check(payload)
    chars: list[str] = []
    while value:
        chars.append(ALPHABET[value & 31])
        value >>= 5
    text = "".join(reversed(chars))
    groups = [text[max(0, i - 4) : i] for i in range(len(text), 0, -4)][::-1]
    return prefix + "-" + "-".join(groups)


def read_checked_code(
    code: str,
    prefix: str,
    what: str,
    error: type[Exception],
    min_digits: int,
    max_digits: int,
) -> int:
    """The payload of a code written by :func:`checked_code`, its check verified. Case, spaces
    and dashes do not matter. Anything wrong raises ``error`` saying what, naming the code as
    ``what`` ("deal code", "game code", ...). A code of more than ``max_digits`` digits (the
    longest of its kind) is refused before it is read, so reading costs a few steps per
    character."""
    if len(code) > 3 * max_digits + 40:  # room for spaces and dashes around every digit
        raise error(
            f"the {what} is too long ({len(code):,} characters): a {what} has at most "
            f"{max_digits:,} digits"
        )
    text = code.strip().upper().replace(" ", "")
    if not text:
        raise error(f"the {what} is empty")
    digits = len(text) - text.count("-") - len(prefix)
    if digits > max_digits:
        raise error(
            f"the {what} is too long ({digits:,} digits after '{prefix}-'): a {what} has at most "
            f"{max_digits:,}"
        )
    if text.startswith(prefix + "-"):
        text = text[len(prefix) + 1 :]
    elif text.startswith(prefix) and len(text) > len(prefix):
        text = text[len(prefix) :]
    else:
        raise error(
            f"a {what} starts with '{prefix}-', this one starts with '{escaped(code.strip()[:3])}'"
        )
    value = 0
    digits = 0
    kind = what.replace(" ", "-")
    for pos, ch in enumerate(text, start=len(prefix) + 2):
        if ch == "-":
            continue
        if ch not in _DECODE:
            raise error(
                f"'{escaped(ch)}' at position {pos} is not a {kind} character (0-9 and A-Z except U)"
            )
        value = value << 5 | _DECODE[ch]
        digits += 1
    if digits < min_digits:
        raise error(f"the {what} is too short ({digits} characters after '{prefix}-')")
    payload, check = value >> CHECK_BITS, value & ((1 << CHECK_BITS) - 1)
    if _check(payload) != check:
        raise error(f"the {what} does not check out: a character is mistyped, missing or extra")
    return payload


def encode_deal_code(deal: Deal, rules: Rules, layout_number: int) -> str:
    """The deal code for this deal under these rules on this layout."""
    return checked_code(CODE_PREFIX, encode_deal_payload(deal, rules, layout_number))


@dataclass(frozen=True, slots=True)
class DealCode:
    deal: Deal
    rules: Rules
    layout_number: int


def decode_deal_code(code: str) -> DealCode:
    """Read a deal code. Any typo is rejected with a message saying what is wrong."""
    return decode_deal_payload(
        read_checked_code(code, CODE_PREFIX, "deal code", DealCodeError, 6, MAX_CODE_DIGITS)
    )


def decode_deal_payload(payload: int) -> DealCode:
    """The deal, rules and layout of a deal code's number (its check already verified)."""
    version = payload & 7
    if version not in (CODE_VERSION, CODE_VERSION_WIDE):
        raise DealCodeError(
            f"deal code version {version} is not known to this game "
            f"(it reads versions {CODE_VERSION} and {CODE_VERSION_WIDE})"
        )
    payload >>= 3
    bits = 6 if version == CODE_VERSION else _WIDE_BITS
    layout_number = payload & ((1 << bits) - 1)
    payload >>= bits
    if not valid_number(layout_number):
        raise DealCodeError(
            f"the deal code names layout {layout_number}, which cannot exist "
            f"(layouts are numbered {NUMBER_RANGES})"
        )
    rules = _bits_rules(payload & 511)
    body = payload >> 9
    form = body & 1
    body >>= 1
    if form == _FORM_SEED:
        idx_bits = body & 63
        body >>= 6
        if idx_bits > 32:
            raise DealCodeError("the deal code's deal number is out of range")
        seed, index = body >> idx_bits, body & ((1 << idx_bits) - 1)
        if seed > MAX_SEED:
            raise DealCodeError("the deal code's seed is out of range")
        deal = Deal.from_seed(seed, index)
    else:
        deal = Deal(_perm_unrank(body))
    return DealCode(deal, rules, layout_number)


def deal_cards(cards: Iterable[int]) -> tuple[Card, ...]:
    return tuple(CARDS[c] for c in cards)
