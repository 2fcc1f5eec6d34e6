"""Shared helpers for the progression and storage tests."""

from __future__ import annotations

import datetime
from typing import Any

from desert_pyramid.progression import GameResult

FIXED_NOW = datetime.datetime(2025, 3, 14, 20, 15, 0)


def make_result(game_id: str, outcome: str = "won", **kw: object) -> GameResult:
    """A finished Practice game with sensible defaults; any field can be overridden."""
    base: dict[str, object] = dict(
        mode="practice",
        preset="desert",
        layout=1,
        score=100,
        seconds=60.0,
        best_chain=2,
        redeals_used=1,
        date="2025-03-14",
    )
    base.update(kw)
    return GameResult(game_id=game_id, outcome=outcome, **base)  # type: ignore[arg-type]


def engine_game(moves: int, seed: int = 7, layout: int = 1) -> dict[str, Any]:
    """A real saved game (``Game.to_dict()``) after ``moves`` moves: removals first, else a flip
    or redeal. Fewer moves when the game runs out of them."""
    from desert_pyramid.catalog import get_layout
    from desert_pyramid.engine import DESERT, Deal, Game
    from desert_pyramid.engine.moves import KING, PAIR

    game = Game(get_layout(layout), DESERT, Deal.from_seed(seed))
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        removals = [m for m in legal if m.kind in (PAIR, KING)]
        game.play(removals[0] if removals else legal[0])
    return game.to_dict()
