"""Saves wired into the game: a save after every move, CONTINUE, abandoned deals, settings kept."""

from __future__ import annotations

import statistics
import time
from dataclasses import replace
from pathlib import Path

import pytest
from arcade import key as K

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import DESERT, Deal, Game, Move
from desert_pyramid.modes import ExpeditionSession, PracticeSession
from desert_pyramid.storage import SaveStore

from .driver import Driver
from .winning import find_win

pytestmark = pytest.mark.ui
SEED = 4


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "saves"


@pytest.fixture
def saves_in_background() -> bool:
    return True  # the ``saved`` fixture's store writes on its writer thread, as in the game


def reopen(ui: Driver, folder: Path) -> SaveStore:
    """Quit (the window's saves close: pending writes land) and start again on the same folder."""
    ui.app.saves.close()
    ui.app.table = None
    store = SaveStore.open(folder, background=True)
    ui.app.saves.attach(store)
    return store


def line(seed: int = SEED) -> list[Move]:
    found = find_win(Game(get_layout(1), DESERT, Deal.from_seed(seed)))
    assert found is not None
    return found


def test_every_move_is_saved_without_blocking_the_frame(saved: Driver, folder: Path) -> None:
    from desert_pyramid.ui.table.view import TableView

    saved.app.start_practice(DESERT, get_layout(1), Deal.from_seed(SEED))
    view = saved.view
    assert isinstance(view, TableView)
    store = saved.app.saves.store
    assert store.current is None  # nothing is saved before the first move
    moves = line()[:12]
    saved.play(moves[0], "keys")  # a move by keys reaches the file
    assert store.flush(5)
    text = (folder / "current.toml").read_text()
    assert f'moves = [\n    "{moves[0]}",\n]' in text
    costs: list[float] = []
    for move in moves[1:]:
        t0 = time.perf_counter()
        fb = view.control.play(move)  # the move, and the seat saves it
        costs.append((time.perf_counter() - t0) * 1000)
        view.apply(fb)
    view.apply(view.control.undo())  # an undo is saved too
    assert store.flush(5)
    reread = SaveStore.open(folder, readonly=True)
    assert reread.current is not None
    assert reread.current.game["moves"] == [str(m) for m in moves[:-1]]
    assert reread.current.game_id == store.current.game_id
    # the frame pays for the move and a snapshot only: the disk work is on the writer thread
    assert statistics.median(costs) < 5.0, costs


def test_continue_resumes_the_same_deal_with_its_undo_history(saved: Driver, folder: Path) -> None:
    from desert_pyramid.ui.screens.title import TitleView
    from desert_pyramid.ui.table.view import TableView

    app = saved.app
    app.show_title()
    assert not app.can_continue()
    assert not saved.view.menu.buttons[0].enabled
    app.start_practice(DESERT, get_layout(1), Deal.from_seed(SEED))
    view = saved.view
    played = line()[:9]
    for move in played:
        view.apply(view.control.play(move))
    for _ in range(615):  # a minute on the clock (frames are capped at 100 ms)
        view.session.update(100)
    key, points, game_id = (
        view.game.position_key(),
        view.game.points,
        app.saves.store.current.game_id,
    )

    reopen(saved, folder)  # quit and start again
    assert app.can_continue()
    app.show_title()
    title = saved.view
    assert isinstance(title, TitleView)
    assert title.menu.buttons[0].enabled and title.menu.focus == 0
    saved.key(K.ENTER)  # Continue
    table = saved.view
    assert isinstance(table, TableView)
    g = table.game
    assert g.position_key() == key and g.points == points
    assert list(g.history) == played
    assert isinstance(table.session, PracticeSession) and table.session.elapsed_ms == 61_500
    assert table.title == "Practice"
    # the whole undo history is there: back to the deal
    for _ in played:
        saved.key(K.Z)
    assert g.moves == 0
    assert g.position_key() == Game(get_layout(1), DESERT, Deal.from_seed(SEED)).position_key()
    # still the same game: nothing was counted as abandoned
    saved.play(played[0], "keys")
    store = app.saves.store
    assert store.current is not None and store.current.game_id == game_id
    assert store.progress.stats == {}


def test_a_deal_left_for_a_new_one_counts_as_a_loss(saved: Driver, folder: Path) -> None:
    app = saved.app
    app.start_practice(DESERT, get_layout(1), Deal.from_seed(SEED))
    view = saved.view
    for move in line()[:4]:
        view.apply(view.control.play(move))
    first = app.saves.store.current
    assert first is not None
    app.start_practice(DESERT, get_layout(1), Deal.from_seed(9))  # a new deal instead of this one
    store = app.saves.store
    stats = store.progress.stats_for("practice", "desert", 1)
    assert (stats.played, stats.won, stats.lost) == (1, 0, 1)
    assert stats.recent[-1].outcome == "abandoned"
    assert stats.recent[-1].score == first.score
    assert store.current is None  # the new deal has no move yet
    assert store.flush(5)
    assert not (folder / "current.toml").exists()
    # a deal dealt and left without a move is not a game: nothing more counts
    app.start_practice(DESERT, get_layout(1), Deal.from_seed(10))
    assert store.progress.stats_for("practice", "desert", 1).played == 1


def test_an_unfinished_deal_left_at_quitting_counts_as_a_loss_at_the_next_new_game(
    saved: Driver, folder: Path
) -> None:
    app = saved.app
    app.start_practice(DESERT, get_layout(1), Deal.from_seed(SEED))
    view = saved.view
    for move in line()[:3]:
        view.apply(view.control.play(move))
    store = reopen(saved, folder)
    assert store.progress.stats == {}  # quitting keeps it for CONTINUE, counts nothing
    app.start_mode("practice")  # the player starts something else
    assert store.progress.stats_for("practice", "desert", 1).lost == 1


def test_settings_are_kept_in_the_save_file(saved: Driver, folder: Path) -> None:
    app = saved.app
    app.set_settings(replace(app.settings, volume=0.3, four_colour=True))
    store = reopen(saved, folder)
    assert store.progress.settings["volume"] == 0.3
    assert app.settings.volume == 0.3 and app.settings.four_colour


def test_a_session_dealing_a_new_game_records_the_last_one(saved: Driver) -> None:
    """An Expedition deals a new game for each pyramid: each deal is a game of its own."""
    app = saved.app
    session = ExpeditionSession(3)
    app.new_table(session)
    view = saved.view
    first_id = app.saves.active.game_id
    first = find_win(view.game)
    assert first is not None
    for move in first:
        view.apply(view.control.play(move))
    assert session.number == 2
    store = app.saves.store
    stats = store.progress.stats_for("expedition", "desert", 1)
    assert (stats.won, stats.lost) == (1, 0)
    assert store.progress.has_seen_game(first_id)
    assert store.progress.pyramids_cleared == 1
    view.apply(view.control.flip())  # a move on the next deal
    assert store.current is not None and store.current.game_id != first_id
    assert store.current.pyramid_number == 2 and store.current.mode == "expedition"


def test_save_dir_option(tmp_path: Path) -> None:
    from desert_pyramid.cli import build_parser
    from desert_pyramid.commands.play import options_from_args

    args = build_parser().parse_args(["--save-dir", str(tmp_path), "--headless", "--frames", "2"])
    assert options_from_args(args).save_dir == str(tmp_path)
    from desert_pyramid.commands.profile import _save_dir

    for argv in (
        ["profile", "--save-dir", str(tmp_path)],
        ["--save-dir", str(tmp_path), "profile"],
    ):
        assert _save_dir(build_parser().parse_args(argv)) == str(
            tmp_path
        )  # the same folder either way


def test_saved_settings_that_cannot_be_used_are_reported(saved: Driver, folder: Path) -> None:
    saved.app.saves.store.update_settings({"volume": 7})
    reopen(saved, folder)
    assert saved.app.settings.volume == 0.6  # the default
    assert any("volume" in m and "save.toml" in m for _lv, m in saved.app.saves.startup_notices)


def test_a_system_clock_beyond_the_save_range_records_on_the_nearest_date(
    ui, tmp_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """A machine whose clock says year 9999 (or 1900) still records its games: on the last (or
    first) date a save can hold, never with a crash."""
    import datetime as real

    from desert_pyramid.app import saving
    from desert_pyramid.modes.streak import EARLIEST, LATEST

    assert saving.save_date(real.date(9999, 12, 31)) == LATEST.isoformat()
    assert saving.save_date(real.date(1900, 1, 1)) == EARLIEST.isoformat()
    assert saving.save_date(real.date(2026, 12, 1)) == "2026-12-01"

    from desert_pyramid.app import sessions as session

    monkeypatch.setattr(session, "today", lambda: real.date(9999, 12, 31))  # the machine's clock
    assert saving.today() == LATEST.isoformat()
