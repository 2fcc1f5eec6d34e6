"""Progression: relics, card backs and statistics. Pure data and logic: no Arcade, no files.

See ``docs/saves.md`` for the rules and how they are stored.
"""

from desert_pyramid.progression.catalog import (
    BACK_BY_ID,
    CARD_BACKS,
    DEFAULT_BACK,
    RELIC_BY_ID,
    RELICS,
    CardBack,
    Relic,
    next_relic,
    relics_for,
)
from desert_pyramid.progression.model import (
    BackCollection,
    DailyStreak,
    PlayedGame,
    Progress,
    Unlocks,
    note_chain,
    record_game,
    record_trek,
    sync_unlocks,
)
from desert_pyramid.progression.records import (
    MODES,
    OUTCOMES,
    GameResult,
    Mode,
    Outcome,
    ProgressError,
    TrekResult,
    game_results,
    is_iso_date,
    is_save_date,
    trek_result,
)
from desert_pyramid.progression.stats import RECENT_LIMIT, RecentResult, Stats, StatsKey, combine

__all__ = [
    "PlayedGame",
    "BACK_BY_ID",
    "CARD_BACKS",
    "DEFAULT_BACK",
    "MODES",
    "OUTCOMES",
    "RECENT_LIMIT",
    "RELICS",
    "RELIC_BY_ID",
    "BackCollection",
    "CardBack",
    "DailyStreak",
    "GameResult",
    "game_results",
    "trek_result",
    "Mode",
    "Outcome",
    "Progress",
    "ProgressError",
    "RecentResult",
    "Relic",
    "Stats",
    "StatsKey",
    "TrekResult",
    "Unlocks",
    "combine",
    "is_iso_date",
    "is_save_date",
    "next_relic",
    "note_chain",
    "record_game",
    "record_trek",
    "relics_for",
    "sync_unlocks",
]
