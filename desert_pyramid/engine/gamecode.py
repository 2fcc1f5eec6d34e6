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
from .errors import EngineError, GameCodeError
from .game import Game
from .layout import Layout
from .moves import Move
from .rules import Rules

GAME_CODE_PREFIX = "DG"
GAME_CODE_VERSION = 1
MAX_MULTIPLIER = (1 << 15) - 1
MAX_MOVES = (1 << 31) - 1
MAX_CODE_CHARS = 20_000  # far beyond any real game; stops absurd input before any arithmetic


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
    """The game code of ``game``: its deal, rules, layout, multiplier and its history of moves."""
    if not 1 <= game.multiplier <= MAX_MULTIPLIER:
        raise GameCodeError(f"a multiplier of {game.multiplier} cannot be put in a game code")
    history = game.history
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


def decode_game_code(code: str, layout_of: Callable[[int], Layout]) -> GameCode:
    """Read a game code and replay its moves on the layout ``layout_of(number)`` gives.

    Any typo is refused with a :class:`GameCodeError` saying what is wrong; an error from
    ``layout_of`` (an unknown layout) passes through as it is.
    """
    payload = read_checked_code(
        code, GAME_CODE_PREFIX, "game code", GameCodeError, 8, max_chars=MAX_CODE_CHARS
    )
    version = payload & 7
    if version != GAME_CODE_VERSION:
        raise GameCodeError(
            f"game code version {version} is not known to this game (it reads version {GAME_CODE_VERSION})"
        )
    payload >>= 3
    deal_payload, payload = _take(payload, 9, "deal part", (1 << 511) - 1)
    multiplier, payload = _take(payload, 4, "multiplier", MAX_MULTIPLIER)
    count, moves_value = _take(payload, 5, "number of moves", MAX_MOVES)
    if multiplier < 1:
        raise GameCodeError("the game code's multiplier is out of range")
    try:
        deal_code = decode_deal_payload(deal_payload)
    except EngineError as exc:
        raise GameCodeError(str(exc).replace("deal code", "game code")) from None
    layout = layout_of(deal_code.layout_number)
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
