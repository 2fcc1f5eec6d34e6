"""Game codes: a whole game (rules, layout, deal and every move) in one typeable string.

A game code such as ``DG-1AF3-…`` is to a game what a deal code is to a deal. It carries the deal
code's payload (rules, layout, deal), the score multiplier and the moves, and the same check as
deal codes (the payload modulo the prime 32749), so any single mistyped character and any swap of
two neighbouring characters is caught, however long the code.

The moves are stored compactly: at each step the move is written as its index among the legal
moves of that position, sorted (``Move`` values are tuples, so the order is fixed), in a mixed
radix whose base at each step is the number of legal moves there. A forced move (one legal move,
such as most flips late in a deal) costs nothing. Reading a code therefore replays the game, so it
needs the layout: the engine reads no files, and the caller passes a function that gives the
layout of a number.

Layout of the integer, from the low bits: version (3 bits), the deal payload's bit length
(9 bits) and the deal payload, the multiplier's bit length (4 bits) and the multiplier, the
number of moves' bit length (5 bits) and the number of moves, then the move digits.

**Bounds.** Game codes are made to be shared, so a code may come from a stranger, and its moves
cost nothing when each is the first legal one: 25 characters can claim two billion moves. A
reader therefore refuses, before replaying anything, a code that claims more moves than a real
game can hold (:func:`longest_game`): every card removed (at most 52 moves), every card put in the
Satchel once (at most 52, with the Satchel), at most one flip per card of the stock on each pass
and a redeal between passes. Unlimited redeals count as
:data:`~desert_pyramid.engine.rules.UNLIMITED_PASSES_CAP` passes; a longer game (no win needs it)
is not written as a code. The most any game holds, :data:`MAX_MOVES`, is 4,967 moves (relaxed
rules with the Satchel on a layout of 15 cards); reading such a code takes a few milliseconds per
character. The moves part is bounded too: no position has more than 143 legal moves (96 pairs of
distinct cards adding up to 13, 4 kings, a flip or a redeal, 42 places to fill the Satchel from),
so each move adds at most 8 bits, and a code whose moves part is longer than that is refused
unread.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .deal import (
    Deal,
    DealCode,
    checked_code,
    decode_deal_payload,
    encode_deal_payload,
    read_checked_code,
)
from .errors import EngineError, GameCodeClaimError, GameCodeError
from .game import Game
from .layout import MIN_CARDS, Layout
from .moves import Move
from .rules import UNLIMITED, UNLIMITED_PASSES_CAP, Rules

GAME_CODE_PREFIX = "DG"
GAME_CODE_VERSION = 1
MAX_MULTIPLIER = (1 << 15) - 1
DECK = 52
MOVE_BITS = 8  # a move's digit is below 143 (the most legal moves a position has) < 2**8


def longest_game(rules: Rules, layout_cards: int = MIN_CARDS) -> int:
    """The most moves a game under ``rules`` on a layout of ``layout_cards`` cards can hold:
    52 removals, 52 moves to the Satchel (with the Satchel), one flip per stock card on each pass
    and a redeal between passes, unlimited redeals counted as ``UNLIMITED_PASSES_CAP`` passes."""
    passes = rules.max_passes or UNLIMITED_PASSES_CAP
    stashes = DECK if rules.satchel else 0
    return DECK + stashes + passes * (DECK - layout_cards) + (passes - 1)


#: The most moves any game code holds: the longest game of any rule set on any layout.
MAX_MOVES = longest_game(Rules(passes=UNLIMITED, satchel=True), MIN_CARDS)
#: The most digits a game code has: its longest header, MAX_MOVES moves of MOVE_BITS bits each,
#: and the check (the dashes between groups are not counted).
MAX_CODE_DIGITS = -(-(3 + 9 + 511 + 4 + 15 + 5 + 31 + MOVE_BITS * MAX_MOVES + 15) // 5)


def ordered_moves(game: Game) -> list[Move]:
    """The legal moves of the position in the fixed order game codes number them in."""
    return sorted(set(game.legal_moves()))


def _field(value: int, length_bits: int) -> tuple[int, int]:
    """A value with its bit length in front: (bits, width)."""
    n = value.bit_length()
    return (value << length_bits) | n, length_bits + n


@dataclass(frozen=True, slots=True)
class GameCode:
    """What a game code holds: the deal code's parts, the multiplier and the moves."""

    deal: Deal
    rules: Rules
    layout_number: int
    multiplier: int
    moves: tuple[Move, ...]

    def __post_init__(self) -> None:
        # Replays, their analysis and the GIF writer take this value: never more than a game holds.
        check_move_count(len(self.moves), self.rules, what="a game code cannot hold")

    @classmethod
    def of(cls, game: Game) -> GameCode:
        """The game code's value for ``game`` (its history of moves)."""
        return cls(game.deal, game.rules, game.layout.number, game.multiplier, game.history)

    @property
    def deal_code(self) -> DealCode:
        return DealCode(self.deal, self.rules, self.layout_number)

    def game(self, layout: Layout) -> Game:
        """The game after every move of the code."""
        g = Game(layout, self.rules, self.deal, self.multiplier)
        g.replay(self.moves)
        return g


def encode_game_code(game: Game) -> str:
    """The game code of ``game``: its deal, rules, layout, multiplier and its history of moves.
    A game longer than a code holds (:func:`longest_game`) raises :class:`GameCodeError`."""
    if not 1 <= game.multiplier <= MAX_MULTIPLIER:
        raise GameCodeError(f"a multiplier of {game.multiplier} cannot be put in a game code")
    history = game.history
    check_move_count(len(history), game.rules, game.layout.size, "this game has")
    # Mixed radix, the first move in the lowest digit.
    replay = Game(game.layout, game.rules, game.deal, game.multiplier)
    digits: list[tuple[int, int]] = []
    for move in history:
        options = ordered_moves(replay)
        digits.append((options.index(move), len(options)))
        replay.play(move)
    moves_value = 0
    for index, base in reversed(digits):
        moves_value = moves_value * base + index
    deal_payload = encode_deal_payload(game.deal, game.rules, game.layout.number)
    payload = moves_value
    count_bits, count_width = _field(len(history), 5)
    mult_bits, mult_width = _field(game.multiplier, 4)
    deal_bits, deal_width = _field(deal_payload, 9)
    payload = (payload << count_width) | count_bits
    payload = (payload << mult_width) | mult_bits
    payload = (payload << deal_width) | deal_bits
    payload = (payload << 3) | GAME_CODE_VERSION
    return checked_code(GAME_CODE_PREFIX, payload)


def looks_like_game_code(text: str) -> bool:
    """Whether ``text`` is written as a game code (not whether it is a valid one)."""
    return text.strip().upper().startswith(GAME_CODE_PREFIX)


def _take(payload: int, length_bits: int, what: str, limit: int) -> tuple[int, int]:
    n = payload & ((1 << length_bits) - 1)
    payload >>= length_bits
    value = payload & ((1 << n) - 1)
    if value.bit_length() != n or value > limit:
        raise GameCodeError(f"the game code's {what} is out of range")
    return value, payload >> n


def check_move_count(
    count: int,
    rules: Rules | None = None,
    layout_cards: int | None = None,
    what: str = "the game code claims",
) -> None:
    """Refuse (:class:`GameCodeError`) a number of moves no game can hold under ``rules`` (any
    rules when ``None``) on a layout of ``layout_cards`` cards (any layout when ``None``)."""
    if rules is None:
        most, under = MAX_MOVES, ""
    elif layout_cards is None:
        most, under = longest_game(rules), " under these rules"
    else:
        most = longest_game(rules, layout_cards)
        under = f" under these rules on a layout of {layout_cards} cards"
    if count > most:
        raise GameCodeClaimError(
            f"{what} {_count(count)} moves: a game{under} holds at most {most:,}"
        )


def _count(n: int) -> str:
    return f"{n:,}" if n.bit_length() <= 128 else f"a number of {n.bit_length():,} bits of"


@dataclass(frozen=True, slots=True)
class _Header:
    rules: Rules
    layout_number: int
    deal: Deal
    multiplier: int
    count: int
    moves_value: int


def _read_header(code: str) -> _Header:
    """A game code's parts before its moves are replayed, every claim checked against the bounds:
    the cost of this is a few arithmetic steps per character."""
    payload = read_checked_code(
        code, GAME_CODE_PREFIX, "game code", GameCodeError, 8, max_digits=MAX_CODE_DIGITS
    )
    version = payload & 7
    if version != GAME_CODE_VERSION:
        raise GameCodeError(
            f"game code version {version} is not known to this game (it reads version {GAME_CODE_VERSION})"
        )
    payload >>= 3
    deal_payload, payload = _take(payload, 9, "deal part", (1 << 511) - 1)
    multiplier, payload = _take(payload, 4, "multiplier", MAX_MULTIPLIER)
    count, moves_value = _take(payload, 5, "number of moves", (1 << 31) - 1)
    check_move_count(count, None)
    if moves_value.bit_length() > MOVE_BITS * count:
        raise GameCodeClaimError(
            f"the game code's moves part is {moves_value.bit_length():,} bits long: "
            f"{_count(count)} moves take at most {MOVE_BITS * count:,}"
        )
    if multiplier < 1:
        raise GameCodeError("the game code's multiplier is out of range")
    try:
        deal_code = decode_deal_payload(deal_payload)
    except EngineError as exc:
        raise GameCodeError(str(exc).replace("deal code", "game code")) from None
    check_move_count(count, deal_code.rules)
    return _Header(
        deal_code.rules, deal_code.layout_number, deal_code.deal, multiplier, count, moves_value
    )


def check_game_code_claims(code: str) -> None:
    """Refuse (:class:`GameCodeClaimError`) a game code that claims more than any game holds,
    reading its head alone (no move is replayed): a save checks the codes it keeps so. A text that
    does not read as a game code at all passes here; reading it later says what is wrong."""
    try:
        _read_header(code)
    except GameCodeClaimError:
        raise
    except GameCodeError:
        return


def decode_game_code(code: str, layout_of: Callable[[int], Layout]) -> GameCode:
    """Read a game code and replay its moves on the layout ``layout_of(number)`` gives.

    Any typo is refused with a :class:`GameCodeError` saying what is wrong, and so is a code that
    claims more moves than a game under its rules on its layout can hold, before any move is
    replayed; an error from ``layout_of`` (an unknown layout) passes through as it is.
    """
    head = _read_header(code)
    layout = layout_of(head.layout_number)
    check_move_count(head.count, head.rules, layout.size)
    deal_code = DealCode(head.deal, head.rules, head.layout_number)
    multiplier, count, moves_value = head.multiplier, head.count, head.moves_value
    game = Game(layout, deal_code.rules, deal_code.deal, multiplier)
    moves: list[Move] = []
    for step in range(1, count + 1):
        options = ordered_moves(game)
        if not options:
            raise GameCodeError(f"the game code's move {step} comes after the end of the game")
        moves_value, index = divmod(moves_value, len(options))
        move = options[index]
        game.play(move)
        moves.append(move)
    if moves_value:
        raise GameCodeError("the game code holds more moves than it says")
    return GameCode(
        deal_code.deal, deal_code.rules, deal_code.layout_number, multiplier, tuple(moves)
    )


def game_code_for(
    layout: Layout, rules: Rules, deal: Deal, moves: Sequence[Move], multiplier: int = 1
) -> str:
    """The game code of a deal played with ``moves`` (each must be legal in turn)."""
    game = Game(layout, rules, deal, multiplier)
    game.replay(moves)
    return encode_game_code(game)
