from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest

from desert_pyramid.progression import GameResult

FIXED_NOW = datetime.datetime(2025, 3, 14, 20, 15, 0)


@pytest.fixture(autouse=True)
def _no_env_save_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests never see the machine's own DESERT_PYRAMID_SAVE_DIR."""
    monkeypatch.delenv("DESERT_PYRAMID_SAVE_DIR", raising=False)


@pytest.fixture
def make_result() -> Callable[..., GameResult]:
    def make(game_id: str, outcome: str = "won", **kw: object) -> GameResult:
        base: dict[str, object] = dict(
            mode="practice", preset="desert", layout=1, score=100, seconds=60.0, best_chain=2,
            redeals_used=1, date="2025-03-14",
        )
        base.update(kw)
        return GameResult(game_id=game_id, outcome=outcome, **base)  # type: ignore[arg-type]

    return make
