"""The browser's speech, hidden figures and the Expedition's ambience through the worker's
protocol, without a browser: the save's own ``speech`` setting and what it means in a browser (a
desktop backend's name kept until the player changes it), the timer and the score hidden as the
desktop hides them, and the desert's wind and insects computed by the desktop's own functions as
the sun goes down."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from desert_pyramid.app.ambience import (
    INSECTS_FADE_MS,
    INSECTS_FROM_MS,
    WIND_NOON,
    Scene,
    ambience_gains,
    ambience_pitches,
)
from desert_pyramid.app.application import Application
from desert_pyramid.app.prefs import Settings
from desert_pyramid.web.protocol import Worker
from tests.test_web_settings import ask, english_after, opened  # noqa: F401  (english_after: autouse)


def desktop(tmp_path: Path, change: dict[str, Any] | None = None) -> Settings:
    """The settings as the desktop reads them at its start (and, with ``change``, as its Settings
    screen saves them)."""
    app = Application(save_dir=str(tmp_path))
    store = app.open_saves(background=False)
    try:
        if change:
            app.set_settings(Settings.from_dict({**app.settings.to_dict(), **change}))
        return app.settings
    finally:
        store.close()


def rows(answer: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {r["key"]: r for r in answer["rows"]}


# -- speech -----------------------------------------------------------------------------------
def test_speech_is_the_saves_own_setting_and_means_the_status_line_or_the_voice_too(
    tmp_path: Path,
) -> None:
    worker = opened(tmp_path)
    first = ask(worker, "settings")["result"]
    row = rows(first)["speech"]
    assert row["label"] == "Speech · F2"
    assert [(c["value"], c["name"]) for c in row["choices"]] == [
        ("auto", "Auto"),
        ("off", "Off"),
        ("on", "On"),
    ]
    # auto: the status line only (a screen reader reads it), as "screen-reader" is
    assert first["values"]["speech"] == "auto"
    assert first["speech"]["live"] is True and first["speech"]["voice"] is False
    assert first["speech"]["toggle"] == "on"  # F2 turns the voice on, as the desktop's F2
    on = ask(worker, "set_settings", values={"speech": "on"})["result"]["speech"]
    assert on["live"] and on["voice"] and on["toggle"] == "off"
    assert desktop(tmp_path).speech == "on"  # kept in save.toml, the desktop's setting
    off = ask(worker, "set_settings", values={"speech": "off"})["result"]["speech"]
    assert off["live"] is False and off["voice"] is False  # neither
    assert desktop(tmp_path).speech == "off"
    refused = ask(worker, "set_settings", values={"speech": "loud"})
    assert refused["ok"] is False and "'speech' must be one of auto, off, on" in refused["error"]
    assert desktop(tmp_path).speech == "off"


@pytest.mark.parametrize(
    ("desktop_choice", "name", "voice"),
    [
        ("espeak-ng", "eSpeak NG", True),
        ("speech-dispatcher", "Speech-dispatcher", True),
        ("screen-reader", "Screen reader", False),
    ],
)
def test_a_desktop_speech_choice_is_shown_and_kept_until_the_player_changes_it(
    tmp_path: Path, desktop_choice: str, name: str, voice: bool
) -> None:
    desktop(tmp_path, {"speech": desktop_choice})  # chosen on the desktop, imported here
    worker = opened(tmp_path)
    answer = ask(worker, "settings")["result"]
    row = rows(answer)["speech"]
    assert answer["values"]["speech"] == desktop_choice
    assert {"value": desktop_choice, "name": name} in row["choices"]  # shown by its name
    assert answer["speech"]["voice"] is voice and answer["speech"]["live"] is True
    # another setting changed in the browser leaves it as the desktop chose it
    ask(worker, "set_settings", values={"high_contrast": True})
    assert desktop(tmp_path).speech == desktop_choice
    ask(worker, "set_settings", values={"speech": "off"})  # the player's change is kept
    assert desktop(tmp_path).speech == "off"


def test_the_voices_words_are_the_desktops_in_the_players_language(tmp_path: Path) -> None:
    worker = opened(tmp_path, language="de")
    answer = ask(worker, "settings")["result"]
    words = answer["speech"]["words"]
    assert words["on_named"] == "Sprachausgabe ist an ({name})."
    assert words["off_why"] == "Sprachausgabe ist aus: {why}."
    # the browser's own reasons are in German too, the missing voice's language named in it
    assert words["no_voice"] == "dieser Browser hat keine Stimme"
    assert words["no_voice_for"] == "hier keine Stimme für Deutsch"
    assert rows(answer)["speech"]["label"] == "Vorlesen · F2"


# -- the timer and the score hidden -------------------------------------------------------------
def test_hiding_the_timer_and_the_score_is_kept_and_hides_what_the_desktop_hides(
    tmp_path: Path,
) -> None:
    worker = opened(tmp_path)
    answer = ask(worker, "settings")["result"]
    assert answer["hidden"] == []
    assert [c["name"] for c in rows(answer)["hide_timer"]["choices"]] == ["Shown", "Hidden"]
    assert rows(answer)["hide_score"]["label"] == "Score"
    st = ask(worker, "start", rules="desert", layout=1)["state"]
    assert "time" in st["status"]
    timer = ask(worker, "set_settings", values={"hide_timer": True})["result"]
    assert timer["hidden"] == ["bonus", "daylight", "time"]  # the desktop's top bar's figures
    assert timer["hidden"] == sorted(Settings(hide_timer=True).hidden_figures)
    # the status said on entering a table leaves the clock out, as the desktop's status key
    assert "time" not in ask(worker, "state")["state"]["status"]
    both = ask(worker, "set_settings", values={"hide_score": True})["result"]
    assert both["hidden"] == ["bonus", "daylight", "score", "time"]
    seen = desktop(tmp_path)
    assert seen.hide_timer and seen.hide_score
    assert Settings(hide_score=True).hidden_figures == {"score"}


def test_the_timer_hidden_in_german(tmp_path: Path) -> None:
    worker = opened(tmp_path, language="de")
    row = rows(ask(worker, "settings")["result"])["hide_timer"]
    assert row["label"] == "Uhr"  # the desktop's Settings row, translated
    assert [c["name"] for c in row["choices"]] == ["Sichtbar", "Verborgen"]


# -- large indices -------------------------------------------------------------------------------
def test_large_indices_are_a_row_kept_as_the_desktops_setting(tmp_path: Path) -> None:
    worker = opened(tmp_path, language="de")
    row = rows(ask(worker, "settings")["result"])["large_index"]
    assert row["label"] == "Große Eckzeichen" and [c["value"] for c in row["choices"]] == [
        False,
        True,
    ]
    assert ask(worker, "set_settings", values={"large_index": True})["ok"]
    assert desktop(tmp_path).large_index is True


# -- the Expedition's ambience --------------------------------------------------------------------
def report(worker: Worker, ms: int) -> dict[str, Any]:
    """The page's time, ``ms`` of it, reported in steps of 4 s as its timer does."""
    reply: dict[str, Any] = {}
    while ms > 0:
        step = min(ms, 4_000)
        reply = ask(worker, "tick", elapsed_ms=step)
        assert reply["ok"], reply
        ms -= step
    return reply


def test_a_practice_table_has_the_soft_wind_and_no_insects(tmp_path: Path) -> None:
    worker = opened(tmp_path)
    st = ask(worker, "start", rules="desert", layout=1)["state"]
    assert st["ambience"] == {
        "gains": {"wind": WIND_NOON, "insects": 0.0},
        "pitches": {"wind": 1.0, "insects": 1.0},
    }
    assert st["ambience"]["gains"] == ambience_gains(Scene())


def test_the_treks_wind_rises_and_deepens_and_the_insects_come_in_the_last_minute(
    tmp_path: Path,
) -> None:
    worker = opened(tmp_path)
    st = ask(worker, "expedition")["state"]
    noon = st["ambience"]
    assert noon["gains"] == {"wind": WIND_NOON, "insects": 0.0}
    assert noon["pitches"]["wind"] == 1.0
    # the sun goes down: at 70 s left the wind is up and deeper, no insects yet
    st = report(worker, 170_000)["state"]
    left = st["expedition"]["daylight_ms"]
    assert left == 70_000
    dusk = st["ambience"]
    assert WIND_NOON < dusk["gains"]["wind"] < 1.0 and dusk["gains"]["insects"] == 0.0
    assert dusk["pitches"]["wind"] < 1.0
    # the desktop's own functions give the same figures (rounded to 4 places for the page)
    scene = Scene(daylight_ms=left)
    assert dusk["gains"] == {k: round(v, 4) for k, v in ambience_gains(scene).items()}
    assert dusk["pitches"] == {k: round(v, 4) for k, v in ambience_pitches(scene).items()}
    # the last minute: the insects come in over 20 s
    st = report(worker, 70_000 - INSECTS_FROM_MS + INSECTS_FADE_MS // 2)["state"]
    assert st["ambience"]["gains"]["insects"] == pytest.approx(0.5)
    assert st["ambience"]["gains"]["wind"] > dusk["gains"]["wind"]
    st = report(worker, INSECTS_FADE_MS)["state"]
    assert st["ambience"]["gains"]["insects"] == 1.0


def test_an_untimed_trek_keeps_the_noon_wind(tmp_path: Path) -> None:
    worker = opened(tmp_path)
    ask(worker, "set_settings", values={"untimed": True})
    ask(worker, "expedition")
    st = report(worker, 200_000)["state"]
    assert st["ambience"]["gains"] == {"wind": WIND_NOON, "insects": 0.0}
