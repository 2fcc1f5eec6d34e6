"""The seat (app/seat.py) and the declared session interface (modes ModeSession): every mode
implements it, says what it offers, and a seat plays, saves and shows a deal as plain values."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import pytest

from desert_pyramid.engine import DESERT, Deal, IllegalMoveError, classic_layout
from desert_pyramid.modes import (
    SKIP_COST_MS,
    DailySession,
    ExpeditionSession,
    ModeSession,
    Offers,
    PracticeSession,
)
from desert_pyramid.modes.session import Session
from tests import app_scenarios


def sessions() -> list[ModeSession]:
    """One session of each mode, typed as the interface (mypy checks each one implements it)."""
    import datetime

    practice: ModeSession = PracticeSession.new(DESERT, classic_layout(), Deal.from_seed(3))
    trek: ModeSession = ExpeditionSession(7)
    day = datetime.date(2026, 3, 1)
    daily: ModeSession = DailySession.start(day, day)
    return [practice, trek, daily]


def test_every_mode_declares_its_offers_title_and_opening() -> None:
    by_mode = {s.mode: s for s in sessions()}
    assert set(by_mode) == {"practice", "expedition", "daily"}
    assert by_mode["practice"].offers == Offers(
        restart="deal", new_deal=True, rewind=True, after="deal"
    )
    assert by_mode["expedition"].offers == Offers(skip=True, end_run=True, after="run")
    assert by_mode["daily"].offers == Offers(restart="day", after="calendar")
    assert [by_mode[m].title for m in ("practice", "expedition", "daily")] == [
        "Practice",
        "Expedition",
        "Daily",
    ]
    for session in by_mode.values():
        assert session.opening and isinstance(session, Session)


def test_what_a_skip_costs_is_the_sessions_own() -> None:
    timed, untimed = ExpeditionSession(7), ExpeditionSession(7, untimed=True)
    assert (timed.skip_cost_ms, untimed.skip_cost_ms) == (SKIP_COST_MS, 0)
    practice = sessions()[0]
    assert practice.skip_cost_ms == 0
    with pytest.raises(IllegalMoveError, match="only an Expedition skips a pyramid"):
        practice.skip()


def test_a_seat_saves_each_move_and_shows_plain_values(tmp_path: Path) -> None:
    app = app_scenarios.open_app(tmp_path, seed=5)
    seat = app.start_mode("practice")
    store = app.saves.store
    assert store is not None and store.current is None  # a deal with no move is no game yet
    feedback = seat.control.play(seat.game.legal_moves()[0])
    assert feedback.move is not None
    assert store.current is not None and store.current.game_id == seat.game_id
    assert store.current.game["moves"] == [str(feedback.move)]
    state = seat.state()
    assert state.mode == "practice" and state.moves == 1 and not state.finished
    assert state.offers.new_deal and state.daylight_ms == -1
    assert len(state.cards) == len(seat.game.layout.slots)
    again = json.loads(json.dumps(asdict(state)))  # plain values only
    assert again["title"] == "Practice" and again["offers"]["restart"] == "deal"
    app.close()


def test_the_worked_example_is_never_saved(tmp_path: Path) -> None:
    from desert_pyramid.engine import Game

    app = app_scenarios.open_app(tmp_path)
    game = Game(app.get_layout(1), DESERT, Deal.from_seed(9))
    seat = app.example_seat(game)
    seat.play(seat.game.legal_moves()[0])
    assert app.saves.store is not None and app.saves.store.current is None
    assert app.seat is None and "time" not in seat.hud() and seat.messages == []
    app.close()


def test_ending_a_trek_from_the_pause_is_recorded_by_finish(tmp_path: Path) -> None:
    app = app_scenarios.open_app(tmp_path, seed=2026)
    seat = app.start_mode("expedition")
    seat.play(seat.game.legal_moves()[0])
    finished = app.finish(seat)  # the pause's "End the trek"
    assert finished.results.trek and finished.results.abandoned
    assert app.seat is None and not app.can_continue()
    store = app.saves.store
    assert store is not None and store.progress.stats_for("expedition", "desert", 1).treks == 1
    app.close()
