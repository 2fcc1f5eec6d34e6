"""Restoring a saved session: one module knows every session type, one per mode."""

from __future__ import annotations

import tomllib
from datetime import date

import pytest
import tomli_w

from desert_pyramid.engine import DESERT, StateError
from desert_pyramid.modes import (
    MODES,
    DailySession,
    ExpeditionSession,
    PracticeSession,
    Session,
    session_from_current,
    session_from_dict,
)
from desert_pyramid.modes.restore import SESSION_TYPES
from tests.test_modes_helpers import LAYOUT, FakeFinder


def one_of_each() -> list[Session]:
    day = date(2026, 3, 14)
    return [
        PracticeSession.random(DESERT, LAYOUT, seed=5),
        DailySession.start(day, day, LAYOUT, finder=FakeFinder(step=2)),
        ExpeditionSession(9, LAYOUT, finder=FakeFinder(step=3)),  # type: ignore[arg-type]
    ]


def test_every_mode_has_one_session_type() -> None:
    assert sorted(t.mode for t in SESSION_TYPES) == sorted(MODES)


@pytest.mark.parametrize("index", range(3))
def test_each_saved_session_comes_back_as_its_own_type(index: int) -> None:
    session = one_of_each()[index]
    session.play_text("F")
    text = tomli_w.dumps(session.to_dict())
    back = session_from_dict(tomllib.loads(text), finder=FakeFinder(step=3))
    assert type(back) is type(session) and back.mode == session.mode
    assert back.game.history == session.game.history and back.game_id == session.game_id
    again = session_from_current(session.game.to_dict(), session.mode_state(), finder=None)
    assert type(again) is type(session) and again.game.history == session.game.history


@pytest.mark.parametrize("mode", ["chess", "", None, 3, "Practice"])
def test_an_unknown_mode_is_refused_by_name(mode: object) -> None:
    data = {**PracticeSession.random(DESERT, LAYOUT, seed=5).to_dict(), "mode": mode}
    with pytest.raises(StateError, match="unknown game mode"):
        session_from_dict(data)
