"""The clock setting in the window: the Settings' Clock row toggles with real keys and is saved,
and the statistics show untimed Expedition and Daily results apart from the timed ones."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from arcade import key as K

from desert_pyramid.progression import GameResult

from .driver import Driver

pytestmark = pytest.mark.ui


def test_the_clock_row_toggles_and_is_saved(saved: Driver, tmp_path: Path) -> None:
    from desert_pyramid.ui.screens.settings import SettingsView

    saved.app.show_title()
    saved.app.show_settings(saved.view)
    view = saved.view
    assert isinstance(view, SettingsView)
    labels = [b.label for b in view.menu.buttons]
    row = labels.index("Clock")
    assert view.menu.buttons[row].value == "Timed" and not saved.app.settings.untimed
    view.menu.focus = row
    saved.key(K.RIGHT)
    assert saved.app.settings.untimed and view.menu.buttons[row].value == "Untimed"
    data = tomllib.loads((tmp_path / "saves" / "save.toml").read_text("utf-8"))
    assert data["settings"]["untimed"] is True
    saved.key(K.ENTER)
    assert not saved.app.settings.untimed and view.menu.buttons[row].value == "Timed"
    data = tomllib.loads((tmp_path / "saves" / "save.toml").read_text("utf-8"))
    assert data["settings"]["untimed"] is False
    saved.key(K.ESCAPE)


def result(game_id: str, mode: str, score: int, *, untimed: bool) -> GameResult:
    return GameResult(
        game_id,
        mode,  # type: ignore[arg-type]
        "desert",
        1,
        "won",
        score,
        90.0,
        2,
        0,
        "2025-03-10",
        pyramid_number=1 if mode == "expedition" else 0,
        untimed=untimed,
    )


def test_statistics_show_untimed_results_apart(saved: Driver) -> None:
    from desert_pyramid.ui.screens.stats import StatsView

    store = saved.app.saves.store
    assert store is not None
    store.record_game(result("t1", "expedition", 300, untimed=False))
    store.record_game(result("u1", "expedition", 9000, untimed=True))
    store.record_game(result("u2", "daily", 5000, untimed=True))
    saved.app.show_statistics()
    view = saved.view
    assert isinstance(view, StatsView)
    assert [c.label for c in view.choices] == [
        "All timed games",
        "All untimed games",
        "Expedition · Desert rules · layout 1: Classic Pyramid",
        "Expedition (untimed) · Desert rules · layout 1: Classic Pyramid",
        "Daily (untimed) · Desert rules · layout 1: Classic Pyramid",
    ]
    timed = dict(view.figure_texts())
    assert timed["Played"] == "1" and timed["Best score"] == "300"  # no untimed best among them
    saved.key(K.RIGHT)
    untimed = dict(view.figure_texts())
    assert untimed["Played"] == "2" and untimed["Best score"] == "9,000"
    saved.key(K.ESCAPE)


def test_an_untimed_trek_at_the_table_has_no_daylight_and_ends_when_stuck(ui: Driver) -> None:
    from desert_pyramid.engine import Move
    from desert_pyramid.modes import ExpeditionSession
    from desert_pyramid.ui.table.view import TableView
    from tests.test_modes_helpers import LAYOUT, FakeFinder, easy_line
    from tests.test_modes_untimed import LAST, nearly_stuck

    ui.app.new_table(ExpeditionSession(7, LAYOUT, finder=FakeFinder(step=3), untimed=True))
    ui.frames(1)
    view = ui.view
    assert isinstance(view, TableView)
    assert view.hud.daylight_bar is None  # no daylight to show
    assert "untimed" in view.message and "sun" not in view.message  # the intro promises no sunset
    ui.frames(150, dt=4.0, draw=False)  # ten minutes at the table (4 s frames: not a gap)
    assert not view.session.finished and view.session.daylight.left_ms == 240_000
    assert view.session.elapsed_ms >= 600_000  # and the one first frame
    for text in easy_line():
        view.apply(view.control.play(Move.parse(text)))
    assert view.message == "Pyramid 1 cleared."  # no "+0 s of daylight"
    ui.key(K.ESCAPE)
    labels = [b.label for b in ui.view.menu.buttons]  # the pause menu
    assert "Skip this pyramid" in labels and "End the trek" in labels  # a skip is free
    ui.key(K.ESCAPE)
    assert ui.view is view
    view.skip_pyramid()
    assert view.message == "Pyramid 2 skipped." and not view.session.finished
    ui.app.new_table(nearly_stuck(untimed=True))
    ui.frames(1)
    view = ui.view
    view.apply(view.control.play(Move.parse(LAST)))
    assert view.session.finished and view.ending
    assert view.message == "Stuck: the untimed trek ends here."


def test_an_untimed_daily_at_the_table_shows_no_time_bonus(ui: Driver) -> None:
    import datetime

    from desert_pyramid.modes import DailySession
    from desert_pyramid.ui.table.view import TableView
    from tests.test_modes_helpers import LAYOUT, FakeFinder

    day = datetime.date(2026, 11, 30)
    for untimed in (False, True):
        session = DailySession.start(day, day, LAYOUT, FakeFinder(step=2), untimed=untimed)
        ui.app.new_table(session)
        ui.frames(1)
        view = ui.view
        assert isinstance(view, TableView)
        assert ("bonus" in view.hud.values) is not untimed
        assert ("bigger time bonus" in view.message) is not untimed  # the intro's promise


def test_the_results_say_untimed_in_place_of_the_time_bonus() -> None:
    import datetime

    from desert_pyramid.modes import DailySession, ExpeditionSession
    from desert_pyramid.ui.screens.results import rows
    from tests.test_modes_helpers import LAYOUT, FakeFinder

    day = datetime.date(2026, 11, 30)
    for untimed in (False, True):
        daily = DailySession.start(day, day, LAYOUT, FakeFinder(step=2), untimed=untimed)
        shown = dict(rows(daily.abandon()))
        assert ("Clock" in shown) is untimed and ("Time bonus" in shown) is not untimed
        trek = ExpeditionSession(7, LAYOUT, finder=FakeFinder(step=3), untimed=untimed)
        labels = [label for label, _ in rows(trek.abandon())]
        assert ("Time on the untimed trek" in labels) is untimed
        assert len(labels) == 5  # the same rows: the screen's layout does not change


def test_a_skip_says_what_it_costs_and_untimed_it_costs_nothing(ui: Driver) -> None:
    """The pause's and the stuck dialog's skip buttons say the session's own skip cost: 30 s of
    daylight on a timed trek, nothing (and no figure) on an untimed one."""
    from desert_pyramid.modes import ExpeditionSession
    from desert_pyramid.ui.screens.pause import PauseView
    from desert_pyramid.ui.table.view import TableView
    from tests.test_modes_helpers import LAYOUT, FakeFinder

    for untimed, label in ((False, "Skip this pyramid (−30 s)"), (True, "Skip this pyramid")):
        ui.app.new_table(ExpeditionSession(7, LAYOUT, finder=FakeFinder(step=3), untimed=untimed))
        ui.frames(1)
        view = ui.view
        assert isinstance(view, TableView)
        view.open_stuck_dialog()
        assert view.stuck_dialog is not None
        assert [b.label for b in view.stuck_dialog.menu.buttons][0] == label
        view.close_stuck_dialog()
        ui.app.show_pause(view)
        pause = ui.view
        assert isinstance(pause, PauseView)
        assert [b.label for b in pause.menu.buttons][1] == label
        ui.app.show_view(view)
    ui.app.table = None
