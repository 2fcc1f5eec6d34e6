"""The rules engine: cards, layouts, rules, deals, and the game with its moves, undo and scoring.

Pure Python: no Arcade, no files, no clock.
"""

from .cards import CARDS, Card, partner_rank, rank_name
from .deal import Deal, DealCode, decode_deal_code, encode_deal_code, shuffled_deck
from .errors import (
    DealCodeError,
    DealError,
    EngineError,
    GameCodeError,
    IllegalMoveError,
    LayoutCodeError,
    LayoutError,
    RulesError,
    StateError,
)
from .events import (
    CardMoved,
    ChainChanged,
    Event,
    LayoutCleared,
    Redealt,
    RowCleared,
    Scored,
    Undone,
    Won,
)
from .game import GAME_SCHEMA, Game
from .gamecode import GameCode, decode_game_code, encode_game_code, looks_like_game_code
from .layout import Layout, Slot, classic_layout
from .layoutcode import decode_layout_code, encode_layout_code, looks_like_layout_code
from .moves import DISCARD, SATCHEL, STOCK, WASTE, Move, MoveKind, place_name
from .rules import (
    CLASSIC,
    DESERT,
    PRESETS,
    RELAXED,
    STRICT,
    UNLIMITED,
    Rules,
    Scoring,
    check_playable,
)
from .scoring import daily_time_bonus, timed_score

__all__ = [
    "CARDS",
    "CLASSIC",
    "DESERT",
    "DISCARD",
    "GAME_SCHEMA",
    "PRESETS",
    "RELAXED",
    "SATCHEL",
    "STOCK",
    "STRICT",
    "UNLIMITED",
    "WASTE",
    "Card",
    "CardMoved",
    "ChainChanged",
    "Deal",
    "DealCode",
    "DealCodeError",
    "DealError",
    "EngineError",
    "Event",
    "Game",
    "GameCode",
    "GameCodeError",
    "IllegalMoveError",
    "Layout",
    "LayoutCodeError",
    "LayoutCleared",
    "LayoutError",
    "Move",
    "MoveKind",
    "Redealt",
    "RowCleared",
    "Rules",
    "RulesError",
    "Scored",
    "Scoring",
    "Slot",
    "StateError",
    "Undone",
    "Won",
    "check_playable",
    "classic_layout",
    "daily_time_bonus",
    "decode_deal_code",
    "decode_game_code",
    "decode_layout_code",
    "encode_layout_code",
    "looks_like_layout_code",
    "encode_deal_code",
    "encode_game_code",
    "looks_like_game_code",
    "partner_rank",
    "place_name",
    "rank_name",
    "shuffled_deck",
    "timed_score",
]
