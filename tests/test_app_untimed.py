"""The clock setting through the application layer (no window): the Settings' untimed value is
read when a trek or a Daily starts, a session keeps the clock it started with, the results are
recorded apart, CONTINUE keeps an untimed trek untimed, and the setting is saved (a saved value
that is not true or false is reported and the default kept)."""

from __future__ import annotations

import datetime
from dataclasses import replace
from pathlib import Path

import pytest

from desert_pyramid.app.application import Application, NoticeLog
from desert_pyramid.app.prefs import Settings, SettingsError
from desert_pyramid.modes import DailySession, ExpeditionSession
from tests.test_modes_helpers import FakeFinder, easy_line

MINUTE = 60_000.0
FRAME = 1000.0  # frames of a second (a frame over 5 s is a suspend gap, not play)


def run(seat: object, ms: float) -> None:
    for _ in range(int(ms // FRAME)):
        seat.update(FRAME)  # type: ignore[attr-defined]


DAY = datetime.date(2026, 11, 30)


def open_app(
    folder: Path, settings: Settings | None = None, seed: int | None = 2026
) -> Application:
    app = Application(
        settings or Settings(mute=True), save_dir=str(folder), seed=seed, notices=NoticeLog()
    )
    app.open_saves(background=False)
    return app


def test_the_setting_applies_when_a_trek_starts_and_not_in_the_middle(tmp_path: Path) -> None:
    app = open_app(tmp_path, Settings(mute=True, untimed=True))
    seat = app.start_mode("expedition")
    trek = seat.session
    assert isinstance(trek, ExpeditionSession) and trek.untimed
    app.set_settings(replace(app.settings, untimed=False))  # changed in the middle of the trek
    run(seat, 10 * MINUTE)
    assert trek.untimed and not trek.finished and trek.daylight.left_ms == 240_000
    assert trek.elapsed_ms == 10 * MINUTE
    app.finish(seat)
    nxt = app.start_mode("expedition")
    assert isinstance(nxt.session, ExpeditionSession) and not nxt.session.untimed
    app.close()


def test_a_timed_trek_stays_timed_when_the_setting_turns_untimed(tmp_path: Path) -> None:
    app = open_app(tmp_path)
    seat = app.start_mode("expedition")
    app.set_settings(replace(app.settings, untimed=True))
    seat.update(1000.0)
    trek = seat.session
    assert isinstance(trek, ExpeditionSession) and not trek.untimed
    assert trek.daylight.left_ms == 239_000
    app.close()


def test_an_untimed_daily_through_the_application_is_recorded_apart(tmp_path: Path) -> None:
    app = open_app(tmp_path, Settings(mute=True, untimed=True))
    session = app.daily_session(DAY, FakeFinder(step=2), today=DAY)
    assert isinstance(session, DailySession) and session.untimed
    seat = app.sit(session)
    run(seat, MINUTE)
    for m in easy_line():
        seat.play(m)
    finished = app.finish(seat)
    assert finished.results.untimed and finished.results.time_bonus == 0
    assert finished.results.elapsed_ms == MINUTE
    assert finished.record_line.startswith("Daily (untimed) on these rules and layout: won 1 of 1")
    store = app.saves.store
    assert store is not None
    assert store.progress.stats_for("daily", "desert", 1, untimed=True).won == 1
    assert store.progress.stats_for("daily", "desert", 1).played == 0
    again = app.again(session)  # a restart is a new start: the settings decide
    assert isinstance(again, DailySession) and again.untimed
    app.set_settings(replace(app.settings, untimed=False))
    assert not app.again(session).untimed  # type: ignore[attr-defined]
    app.close()


def test_continue_keeps_an_untimed_trek_untimed(tmp_path: Path) -> None:
    app = open_app(tmp_path, Settings(mute=True, untimed=True))
    seat = app.start_mode("expedition")
    seat.update(1000.0)
    seat.play("F")
    trek_id = seat.session.trek_id  # type: ignore[attr-defined]
    app.close()
    again = open_app(tmp_path, Settings(mute=True), seed=None)  # timed now: the trek is not
    seat = again.continue_game()
    assert seat is not None
    trek = seat.session  # type: ignore[attr-defined]
    assert isinstance(trek, ExpeditionSession) and trek.untimed and trek.trek_id == trek_id
    run(seat, MINUTE)
    assert trek.daylight.left_ms == 240_000 and trek.elapsed_ms == MINUTE + 1000
    again.close()


def test_the_setting_is_saved_and_a_bad_saved_value_reads_as_the_default(tmp_path: Path) -> None:
    app = open_app(tmp_path)
    app.set_settings(replace(app.settings, untimed=True))
    app.close()
    back = Application(Settings(), save_dir=str(tmp_path), notices=NoticeLog())
    back.open_saves(background=False)
    assert back.settings.untimed
    store = back.saves.store
    assert store is not None
    store.update_settings({"untimed": "yes"})
    back.close()
    third = Application(Settings(), save_dir=str(tmp_path), notices=NoticeLog())
    third.open_saves(background=False)
    assert not third.settings.untimed
    notices = [text for _level, text in third.saves.startup_notices]
    assert any("'untimed' must be true or false" in text for text in notices)
    third.close()


@pytest.mark.parametrize("bad", [1, 0, "true", "yes", 1.0, float("nan"), 2**63 - 1, [], {}])
def test_a_saved_untimed_that_is_not_true_or_false_is_refused_by_name(bad: object) -> None:
    with pytest.raises(SettingsError, match="'untimed' must be true or false"):
        Settings.from_dict({"untimed": bad})
    assert Settings.from_dict({"untimed": True}).untimed
    assert not Settings.from_dict({}).untimed  # a settings file from before: timed
