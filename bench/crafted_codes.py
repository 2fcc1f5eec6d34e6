"""Codes made by hand, as a hostile stranger would make them: a valid check around any claim.

The game code's fields are written here the way ``engine/gamecode.py`` writes them (each value
after its bit length), so a code can claim any number of moves, any multiplier or any moves part,
with a check that is right. ``tests/test_code_bounds.py`` and ``bench/bench_codes.py`` use them.
"""

from __future__ import annotations

from desert_pyramid.engine import RELAXED, Deal, Rules
from desert_pyramid.engine.deal import (
    CODE_VERSION,
    checked_code,
    encode_deal_payload,
)

GAME_VERSION = 1  # engine.gamecode.GAME_CODE_VERSION, written again so that a change is noticed
LAYOUT_VERSION = 1


def _field(value: int, length_bits: int) -> tuple[int, int]:
    n = value.bit_length()
    return (value << length_bits) | n, length_bits + n


def game_code(
    count: int,
    rules: Rules = RELAXED,
    layout: int = 1,
    seed: int = 0,
    multiplier: int = 1,
    moves_value: int = 0,
    count_length_bits: int = 5,
) -> str:
    """A game code with a valid check claiming ``count`` moves (every move the first legal one
    when ``moves_value`` is 0, so the moves cost no characters)."""
    payload = moves_value
    deal = encode_deal_payload(Deal.from_seed(seed), rules, layout)
    for value, bits in ((count, count_length_bits), (multiplier, 4), (deal, 9)):
        field, width = _field(value, bits)
        payload = payload << width | field
    return checked_code("DG", payload << 3 | GAME_VERSION)


def deal_code(body: int, rules_bits: int = 0, layout: int = 1) -> str:
    """A deal code of any body (seed form: ``body`` is seed, index and the index's bit length)."""
    return checked_code("DP", ((body << 9 | rules_bits) << 6 | layout) << 3 | CODE_VERSION)


def seed_deal_code(seed: int, index: int = 0, index_bits: int | None = None) -> str:
    """A deal code of the seed form with any seed and index (out of range ones too)."""
    bits = index.bit_length() if index_bits is None else index_bits
    return deal_code(((seed << bits | index) << 6 | bits) << 1)


def layout_code(
    count: int, places: int | None = None, name: bytes = b"Crafted", size: int | None = None
) -> str:
    """A layout code claiming ``count`` places (``places`` of them written: a grid of ten columns,
    a layout the engine plays when there are 15 to 40) and a name of ``size`` bytes (the name's own
    size unless given)."""
    written = count if places is None else places
    payload = 0
    for byte in reversed(name):
        payload = payload << 8 | byte
    payload = payload << 8 | (len(name) if size is None else size)
    for i in reversed(range(written)):
        x2, y2, z, row = 4 * (i % 10), 4 * (i // 10) % 64, 0, 1 + i // 10
        for bits, value in ((7, row % 128), (7, z), (6, y2), (7, x2)):
            payload = payload << bits | value
    payload = payload << 6 | (count & 63)
    return checked_code("DL", payload << 3 | LAYOUT_VERSION)
