"""What ``play`` and ``replay`` both read from the command line: a window size and a game code."""

from __future__ import annotations

import re

from desert_pyramid.catalog import get_layout
from desert_pyramid.commands.args import UsageError, from_argv, shown
from desert_pyramid.engine import (
    EngineError,
    GameCode,
    GameCodeError,
    LayoutError,
    RulesError,
    check_playable,
    decode_game_code,
)

_SIZE = re.compile(r"\s*([0-9]{1,5})\s*[xX×]\s*([0-9]{1,5})\s*")


def parse_size(text: str) -> tuple[int, int]:
    match = _SIZE.fullmatch(text)
    if match is None:
        raise UsageError(f"--size must look like 1280x720 (digits 0-9), not '{shown(text)}'")
    w, h = int(match[1]), int(match[2])
    if not (640 <= w <= 7680 and 360 <= h <= 4320):
        raise UsageError(f"--size {w}x{h} is out of range: from 640x360 to 7680x4320")
    return w, h


def read_game_code(text: str) -> GameCode:
    """A game code as a value, or a one-line usage error saying what is wrong with it."""
    text = from_argv(text)
    try:
        code = decode_game_code(text, get_layout)
        check_playable(code.rules, code.layout_number)
        return code
    except (GameCodeError, LayoutError, RulesError) as exc:
        raise UsageError(f"game code: {exc}") from None
    except EngineError as exc:  # a move that the rules of this version refuse
        raise UsageError(f"game code: the moves do not replay here: {exc}") from None
