"""Shared helpers for the progression and storage tests."""

from __future__ import annotations

import datetime

from desert_pyramid.progression import GameResult

FIXED_NOW = datetime.datetime(2025, 3, 14, 20, 15, 0)


def make_result(game_id: str, outcome: str = "won", **kw: object) -> GameResult:
    """A finished Practice game with sensible defaults; any field can be overridden."""
    base: dict[str, object] = dict(
        mode="practice", preset="desert", layout=1, score=100, seconds=60.0, best_chain=2,
        redeals_used=1, date="2025-03-14",
    )
    base.update(kw)
    return GameResult(game_id=game_id, outcome=outcome, **base)  # type: ignore[arg-type]
