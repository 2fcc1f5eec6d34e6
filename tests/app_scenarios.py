"""Whole games played through the application layer alone (no window): an Expedition of two
pyramids and a sunset, a Daily, and a layout of the player's own made in the workshop, continued
after a restart. tests/test_app_application.py runs them in its process and again in a process
where Arcade and pyglet cannot be imported.

They make the calls the window makes (ui/window.py, ui/table/view.py): ``Application.start_mode``,
``start_practice``, ``continue_game`` for a seat; its ``control`` for every move (what a click,
a key or the computer player does at the table), ``update`` with each frame's time;
``Application.update`` every frame and ``Application.finish`` for the results screen."""

from __future__ import annotations

from pathlib import Path

from desert_pyramid.app.application import Application, NoticeLog
from desert_pyramid.app.prefs import Settings
from desert_pyramid.app.seat import Seat
from desert_pyramid.engine import RELAXED
from desert_pyramid.modes import DailySession, ExpeditionSession, PracticeSession
from desert_pyramid.solver import Verdict, solve
from desert_pyramid.workshop import save_draft
from desert_pyramid.workshop.model import draft_of

FRAME_MS = 100.0


def open_app(folder: Path, seed: int | None = None) -> Application:
    app = Application(Settings(mute=True), save_dir=str(folder), seed=seed, notices=NoticeLog())
    app.open_saves(background=False)
    return app


def play_out(seat: Seat) -> None:
    """Play the table's deal to its end along the solver's winning line, each move as the
    table plays it (the seat's control: the move, the seat saves it)."""
    result = solve(seat.game, node_budget=2_000_000)
    assert result.verdict == Verdict.WINNABLE, "the modes deal winnable deals"
    for move in result.line:
        feedback = seat.control.play(move)
        assert feedback.move == move, feedback.message


def expedition(folder: Path) -> dict[str, object]:
    """Two pyramids cleared, then the sun sets on the third."""
    app = open_app(folder, seed=2026)
    seat = app.start_mode("expedition")
    assert isinstance(seat.session, ExpeditionSession) and app.screen.name == "table"
    trek = seat.session
    for number in (1, 2):
        assert trek.number == number
        play_out(seat)
    assert trek.number == 3 and trek.pyramids_cleared == 2 and not trek.finished
    # saved after each move: the third pyramid, its trek and its daylight, once
    current = app.saves.store.current if app.saves.store else None
    assert current is not None and current.pyramid_number == 3 and current.trek_id == trek.trek_id
    assert current.daylight_ms == trek.daylight.left_ms  # type: ignore[union-attr]
    while not trek.finished:  # the clock runs out: the sunset
        seat.update(FRAME_MS)
    app.update(1 / 60)  # the frame after: the trek that ended without a move is recorded
    finished = app.finish(seat)
    assert app.screen.name == "results" and finished.results.pyramids_cleared == 2
    store = app.saves.store
    assert store is not None and store.current is None
    progress = store.progress
    app.close()
    return {
        "pyramids_cleared": progress.pyramids_cleared,
        "relics": sorted(progress.relics),
        "line": finished.record_line,
    }


def daily(folder: Path) -> dict[str, object]:
    app = open_app(folder)
    seat = app.start_mode("daily")
    assert isinstance(seat.session, DailySession)
    play_out(seat)
    assert seat.session.finished and seat.game.won
    app.update(1 / 60)
    finished = app.finish(seat)
    store = app.saves.store
    assert store is not None
    today = app.today().isoformat()
    assert finished.streak == store.progress.daily.current_on(today)
    assert finished.share.startswith("Desert Pyramid Daily"), finished.share
    app.close()
    return {"won": finished.results.won, "streak": finished.streak}


def workshop_layout(folder: Path) -> dict[str, object]:
    """A layout made in the workshop, played, left, and continued after a restart."""
    app = open_app(folder)
    five_rows = [(13 + 2 * c - r, 2 + r) for r in range(5) for c in range(r + 1)]
    layout = save_draft(draft_of(five_rows, "Little pyramid"), app.catalogue.store)
    assert layout.number == 101 and app.get_layout(101).name == "Little pyramid"
    seat = app.start_practice(RELAXED, app.get_layout(101))
    first = seat.game.legal_moves()[0]
    seat.play(first)
    history = seat.game.history
    app.close()
    # the game starts again: CONTINUE resumes the deal on the player's layout
    again = open_app(folder)
    assert again.can_continue()
    resumed = again.continue_game()
    assert resumed is not None and isinstance(resumed.session, PracticeSession)
    assert resumed.game.layout.number == 101 and resumed.game.history == history
    assert again.screen.why == "continue"
    play_out(resumed)
    again.update(1 / 60)
    store = again.saves.store
    assert store is not None
    stats = store.progress.stats_for("practice", str(RELAXED), 101)
    again.close()
    return {"won": stats.won, "played": stats.played}


def run_all(folder: Path) -> dict[str, dict[str, object]]:
    return {
        "expedition": expedition(folder / "expedition"),
        "daily": daily(folder / "daily"),
        "workshop": workshop_layout(folder / "workshop"),
    }
