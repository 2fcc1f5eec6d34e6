"""Sound in the game window: which file plays at which volume and pitch (spied where the game
calls ``arcade.play_sound``), M, the settings' volumes, and the ambience's wind and insects, which
follow the sunset and pause with the game and the window's focus. A machine without audio plays
silently."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import arcade
import pytest
from arcade import key as K

from desert_pyramid.app.ambience import (
    INSECTS_FADE_MS,
    INSECTS_FROM_MS,
    WIND_NOON,
    Scene,
    ambience_gains,
    ambience_pitches,
)
from desert_pyramid.app.prefs import Settings
from desert_pyramid.engine.moves import KING, PAIR
from desert_pyramid.modes import ExpeditionSession
from desert_pyramid.resources_path import resource_path
from desert_pyramid.storage import SaveStore
from desert_pyramid.ui.art.assets import Assets
from desert_pyramid.ui.input import keys
from desert_pyramid.ui.screens.help import HelpView
from desert_pyramid.ui.screens.pause import PauseView
from desert_pyramid.ui.screens.settings import SettingsView
from desert_pyramid.ui.sound import (
    AMBIENCE_FILES,
    MIX,
    PITCH_SPREAD,
    SOUND_FILES,
    VOLUME_SPREAD_DB,
    Sounds,
)
from desert_pyramid.ui.table.view import TableView

from .driver import Driver
from .winning import find_win

pytestmark = pytest.mark.ui


class Pinned:
    """A random source that always gives the top of the range asked for."""

    def uniform(self, a: float, b: float) -> float:
        return b


class Spy:
    """Records every ``arcade.play_sound`` call (file, volume, speed, loop) and lets it through."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.calls: list[tuple[str, float, float, bool]] = []
        self.players: dict[str, Any] = {}

    def __call__(
        self,
        sound: Any,
        volume: float = 1.0,
        pan: float = 0.0,
        loop: bool = False,
        speed: float = 1.0,
    ) -> Any:
        name = Path(sound.file_name).stem
        self.calls.append((name, volume, speed, loop))
        player = self.real(sound, volume=volume, pan=pan, loop=loop, speed=speed)
        self.players[name] = player
        return player

    def names(self) -> list[str]:
        return [c[0] for c in self.calls]

    def effects(self) -> list[tuple[str, float, float, bool]]:
        return [c for c in self.calls if not c[3]]


@pytest.fixture
def spy(ui: Driver, monkeypatch: pytest.MonkeyPatch) -> Iterator[Spy]:
    """Sound on (master 0.5, effects 0.8, ambience 0.5), the play-time variation pinned, and a spy
    on arcade.play_sound."""
    s = Spy(arcade.play_sound)
    monkeypatch.setattr(arcade, "play_sound", s)
    app = ui.app
    app.set_settings(
        Settings(animation_speed=0, volume=0.5, effects_volume=0.8, ambience_volume=0.5)
    )
    old_rng = app.sounds.rng
    app.sounds.rng = Pinned()
    app.sounds.focused = True
    yield s
    app.sounds.rng = old_rng
    app.sounds.ambience.stop()
    app.sounds.focused = True
    app.set_settings(Settings(animation_speed=0, mute=True))


def layer(ui: Driver, name: str) -> Any:
    return ui.app.sounds.ambience.layers[name]


# -- the files -------------------------------------------------------------------------------------


def test_every_game_sound_is_one_of_the_games_own_files() -> None:
    stems = set(SOUND_FILES.values()) | set(AMBIENCE_FILES.values())
    on_disk = {p.stem for p in resource_path("sounds").glob("*.wav")}
    assert stems == on_disk
    assets = Assets()
    for stem in stems:
        sound = assets.sound(str(resource_path("sounds", f"{stem}.wav")))
        assert sound is not None and 0.03 < sound.get_length() < 10, stem


# -- effects -----------------------------------------------------------------------------------------


def test_a_flip_plays_the_flip_at_master_times_effects_with_the_variation(
    ui: Driver, spy: Spy
) -> None:
    ui.practice()
    spy.calls.clear()
    ui.key(K.SPACE)
    assert spy.effects() == [
        (
            "flip",
            pytest.approx(0.5 * 0.8 * MIX["flip"] * 10 ** (VOLUME_SPREAD_DB / 20)),
            pytest.approx(1 + PITCH_SPREAD),
            False,
        )
    ]


def test_pairs_and_kings_slide_and_thud(ui: Driver, spy: Spy) -> None:
    view = ui.practice()
    played: set[str] = set()
    for _ in range(60):
        moves = [m for m in view.game.removals() if m.kind in (PAIR, KING)]
        if moves:
            spy.calls.clear()
            ui.play(moves[0], "keys")
            expected = {PAIR: "slide", KING: "king"}[moves[0].kind]
            assert expected in [c[0] for c in spy.effects()]
            played.add(expected)
            if played >= {"slide", "king"}:
                break
        else:
            ui.key(K.SPACE)
    assert "slide" in played


def test_an_illegal_try_is_a_soft_tap(ui: Driver, spy: Spy) -> None:
    view = ui.practice()
    spy.calls.clear()
    ui.key(K.S)  # the Satchel with nothing selected
    assert view.message and spy.effects()[-1][0] == "illegal"


def test_twenty_flips_do_not_sound_like_a_machine(ui: Driver, spy: Spy) -> None:
    sounds = ui.app.sounds
    sounds.rng = random.Random(11)
    spy.calls.clear()
    for _ in range(20):
        sounds.play("flip")
    calls = spy.effects()
    speeds = [c[2] for c in calls]
    volumes = [c[1] for c in calls]
    nominal = 0.5 * 0.8 * MIX["flip"]
    assert len(calls) == 20 and len(set(speeds)) == 20 and len(set(volumes)) == 20
    assert all(1 - PITCH_SPREAD <= s <= 1 + PITCH_SPREAD for s in speeds)
    assert all(
        nominal * 10 ** (-VOLUME_SPREAD_DB / 20) <= v <= nominal * 10 ** (VOLUME_SPREAD_DB / 20)
        for v in volumes
    )
    assert (
        max(speeds) - min(speeds) > PITCH_SPREAD
    )  # spread over the range, not stuck near one value
    spy.calls.clear()
    for _ in range(5):
        sounds.play("row")  # a tuned phrase keeps its pitch
    assert {c[2] for c in spy.effects()} == {1.0}


def test_nothing_plays_at_zero_effects_volume_and_full_volume_never_passes_one(
    ui: Driver, spy: Spy
) -> None:
    app = ui.app
    app.set_settings(replace(app.settings, effects_volume=0.0))
    spy.calls.clear()
    app.sounds.play("pair")
    assert spy.effects() == []
    app.set_settings(replace(app.settings, volume=1.0, effects_volume=1.0))
    app.sounds.play("pair")
    assert spy.effects()[-1][1] == 1.0  # +2 dB of variation is capped, not pushed past full scale


def test_an_expedition_pyramid_has_its_own_phrase_and_the_sunset_its_own_sound(
    ui: Driver, spy: Spy
) -> None:
    session = ExpeditionSession(3)
    ui.app.new_table(session)
    ui.frames(1)
    view = ui.view
    line = find_win(view.game)
    assert line is not None
    spy.calls.clear()
    for move in line:
        view.apply(view.control.play(move))
    names = [c[0] for c in spy.effects()]
    assert session.number == 2 and "pyramid" in names and "win" not in names
    assert names[-1] == "pyramid" and names.count("pyramid") == 1  # no row chime over the phrase
    session.daylight.left_ms = 50
    spy.calls.clear()
    ui.frames(2, dt=0.1)
    assert session.finished and "sunset" in [c[0] for c in spy.effects()]


def test_a_won_deal_ends_on_the_win(ui: Driver, spy: Spy) -> None:
    view = ui.practice(seed=4)
    line = find_win(view.game)
    assert line is not None
    spy.calls.clear()
    for move in line:
        view.apply(view.control.play(move))
    names = [c[0] for c in spy.effects()]
    assert (
        names[-1] == "win" and "pyramid" not in names
    )  # the last card: the win alone, no row chime
    assert "row" in names  # rows cleared before the last card chimed


# -- M -------------------------------------------------------------------------------------------------


def test_m_mutes_and_unmutes_on_every_screen_and_is_in_the_help(ui: Driver, spy: Spy) -> None:
    app = ui.app
    app.show_title()
    ui.frames(1)
    ui.key(K.M)
    assert app.settings.mute
    view = ui.practice()
    spy.calls.clear()
    ui.key(K.SPACE)
    assert spy.effects() == []  # muted: the flip is silent
    ui.key(K.M)
    assert not app.settings.mute and "M mutes" in view.message
    ui.key(K.SPACE)
    assert [c[0] for c in spy.effects()] == ["flip"]
    ui.key(K.M)
    assert app.settings.mute and "Sound off" in view.message
    everywhere = dict(keys.help_rows())["Everywhere"]
    assert ("M", "Mute or unmute all sound") in everywhere
    ui.key(K.F1)
    assert isinstance(ui.view, HelpView)
    assert "Mute or unmute all sound" in [t.text for t in ui.view.keys_texts.items]
    ui.key(K.M)  # works over the help too
    assert not app.settings.mute


def test_m_is_typed_into_the_deal_code_not_taken_as_mute(ui: Driver) -> None:
    from desert_pyramid.ui.screens.practice import ROW_CODE

    ui.app.show_practice_setup()
    ui.frames(1)
    view = ui.view
    view.menu.focus = ROW_CODE
    before = ui.app.settings.mute
    ui.key(K.M)
    assert ui.app.settings.mute == before


# -- the settings screen -----------------------------------------------------------------------------


def test_the_settings_volumes_change_by_keys_and_mouse_and_are_saved(
    ui: Driver, spy: Spy, tmp_path: Path
) -> None:
    app = ui.app
    folder = tmp_path / "saves"
    app.saves.attach(SaveStore.open(folder, background=True))
    try:
        app.show_title()
        app.show_settings(ui.view)
        ui.frames(1)
        view = ui.view
        assert isinstance(view, SettingsView)
        labels = [b.label for b in view.menu.buttons]
        assert labels[:4] == ["Master volume", "Sound · M", "Effects", "Ambience"]
        ui.key(K.DOWN)
        ui.key(K.DOWN)
        spy.calls.clear()
        ui.key(K.LEFT)  # effects 0.8 -> 0.7, heard at once
        assert app.settings.effects_volume == pytest.approx(0.7)
        assert spy.effects()[-1][0] == "slide"
        assert spy.effects()[-1][1] == pytest.approx(0.5 * 0.7 * 10 ** (VOLUME_SPREAD_DB / 20))
        row = view.menu.buttons[3].rect  # Ambience: a click on the right of its value steps it up
        ui.click(row.right - row.width * 0.1, row.cy)
        assert app.settings.ambience_volume == pytest.approx(0.6)
        ui.click(row.right - row.width * 0.4, row.cy)
        ui.click(row.right - row.width * 0.4, row.cy)
        assert app.settings.ambience_volume == pytest.approx(0.4)
        assert view.menu.buttons[3].value == "40%"
        ui.key(K.M)  # M on the settings screen shows at once on its Sound row
        assert app.settings.mute and view.menu.buttons[1].value == "Muted"
        ui.key(K.M)
        assert not app.settings.mute and view.menu.buttons[1].value == "On"
        app.saves.close()
        store = SaveStore.open(folder, background=True)
        assert store.progress.settings["effects_volume"] == pytest.approx(0.7)
        assert store.progress.settings["ambience_volume"] == pytest.approx(0.4)
        app.set_settings(Settings(mute=True))
        app.saves.attach(store)  # a new start on the same folder: the volumes come back
        assert (app.settings.effects_volume, app.settings.ambience_volume) == (
            pytest.approx(0.7),
            pytest.approx(0.4),
        )
    finally:
        store = app.saves.store
        app.saves.attach(None)
        if store is not None:
            store.close()


def test_an_old_save_file_with_only_volume_and_mute_still_loads(ui: Driver, tmp_path: Path) -> None:
    app = ui.app
    store = SaveStore.open(tmp_path, background=False)
    store.update_settings({"volume": 0.4, "mute": False})
    try:
        app.saves.attach(store)
        assert (app.settings.volume, app.settings.mute) == (0.4, False)
        assert app.settings.effects_volume == Settings().effects_volume
        assert not app.saves.startup_notices
    finally:
        app.saves.attach(None)
        store.close()


# -- the ambience ----------------------------------------------------------------------------------


def test_the_wind_blows_on_the_title_and_stops_when_the_ambience_is_off(
    ui: Driver, spy: Spy
) -> None:
    app = ui.app
    app.show_title()
    ui.frames(3, dt=0.5)
    assert [c[0] for c in spy.calls if c[3]] == ["wind"]  # one looping player, started once
    assert app.sounds.ambience.playing == {"wind": pytest.approx(0.5 * 0.5 * WIND_NOON)}
    player = spy.players["wind"]
    assert player.playing and player.volume == pytest.approx(0.5 * 0.5 * WIND_NOON)
    app.set_settings(replace(app.settings, ambience_volume=0.0))
    ui.frames(1)
    assert app.sounds.ambience.playing == {} and not player.playing
    app.set_settings(replace(app.settings, ambience_volume=0.5))
    ui.frames(1)
    assert "wind" in app.sounds.ambience.playing
    ui.key(K.M)
    ui.frames(1)
    assert app.sounds.ambience.playing == {}  # muted: silent at once


def test_the_ambience_follows_the_sunset_with_insects_in_the_last_minute(
    ui: Driver, spy: Spy
) -> None:
    session = ExpeditionSession(5)
    ui.app.new_table(session)
    ui.frames(20, dt=0.1)
    level = 0.5 * 0.5
    noon = ui.app.sounds.ambience.playing
    assert noon == {"wind": pytest.approx(level * WIND_NOON, abs=0.005)}  # full daylight: wind only
    session.daylight.left_ms = (
        INSECTS_FROM_MS - INSECTS_FADE_MS // 2
    )  # half-way into the insects' fade-in
    ui.frames(20, dt=0.1)
    gains = ambience_gains(Scene(daylight_ms=session.daylight.left_ms))
    now = ui.app.sounds.ambience.playing
    assert 0.3 < gains["insects"] < 0.8 and gains["wind"] > WIND_NOON
    assert now["wind"] == pytest.approx(level * gains["wind"], abs=0.01)
    assert now["insects"] == pytest.approx(level * gains["insects"], abs=0.01)
    assert spy.players["insects"].playing
    assert spy.players["wind"].pitch == pytest.approx(
        ambience_pitches(Scene(daylight_ms=session.daylight.left_ms))["wind"], abs=0.002
    )
    assert spy.players["wind"].pitch < 0.95  # the evening wind is deeper


def test_ambience_gains_come_from_the_daylight() -> None:
    assert ambience_gains(Scene()) == {"wind": WIND_NOON, "insects": 0.0}
    assert ambience_gains(Scene(daylight_ms=240_000))["insects"] == 0.0
    assert ambience_gains(Scene(daylight_ms=INSECTS_FROM_MS + 1))["insects"] == 0.0
    assert ambience_gains(Scene(daylight_ms=0)) == {"wind": 1.0, "insects": 1.0}
    winds = [ambience_gains(Scene(daylight_ms=ms))["wind"] for ms in range(240_000, -1, -10_000)]
    assert winds == sorted(winds)  # the wind rises as the sun goes down
    pitches = [
        ambience_pitches(Scene(daylight_ms=ms))["wind"] for ms in range(240_000, -1, -10_000)
    ]
    assert pitches == sorted(pitches, reverse=True) and pitches[0] == 1.0 and pitches[-1] < 0.9
    assert ambience_pitches(Scene()) == {"wind": 1.0, "insects": 1.0}


def test_the_pause_screen_and_the_help_pause_the_ambience(ui: Driver, spy: Spy) -> None:
    ui.practice()
    ui.frames(3, dt=0.5)
    wind = layer(ui, "wind")
    player = spy.players["wind"]
    assert player.playing
    ui.key(K.ESCAPE)
    ui.frames(1)
    assert isinstance(ui.view, PauseView) and wind.paused and not player.playing
    ui.key(K.ESCAPE)  # resume
    ui.frames(1)
    assert isinstance(ui.view, TableView) and player.playing and not wind.paused
    ui.key(K.F1)
    ui.frames(1)
    assert isinstance(ui.view, HelpView) and not player.playing
    ui.key(K.ESCAPE)
    ui.frames(1)
    assert player.playing


def test_losing_the_window_focus_pauses_the_ambience(ui: Driver, spy: Spy) -> None:
    app = ui.app
    ui.practice()
    ui.frames(3, dt=0.5)
    player = spy.players["wind"]
    assert player.playing
    app.dispatch_event("on_deactivate")
    app.dispatch_events()
    assert not player.playing
    ui.frames(3)
    assert not player.playing  # stays paused while the focus is away
    app.dispatch_event("on_activate")
    app.dispatch_events()
    ui.frames(1)
    assert player.playing


# -- no audio device ---------------------------------------------------------------------------------


def test_a_machine_whose_audio_fails_to_load_plays_silently(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise OSError("no audio device")

    monkeypatch.setattr(arcade, "load_sound", no_device)
    settings = Settings(volume=1.0)
    sounds = Sounds(Assets(), lambda: settings)
    while sounds.preload_one():
        pass
    for name in SOUND_FILES:
        sounds.play(name)
    sounds.update(0.5, ui.view.ambience_scene(True))
    sounds.update(0.5, ui.view.ambience_scene(True))
    assert sounds.ambience.playing == {}
    assert sounds.played[-1] == "click"


def test_a_machine_whose_audio_fails_to_play_plays_silently(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    tries: list[bool] = []

    def broken(
        sound: object, volume: float = 1.0, pan: float = 0.0, loop: bool = False, speed: float = 1.0
    ) -> None:
        tries.append(loop)
        raise RuntimeError("the audio device went away")

    monkeypatch.setattr(arcade, "play_sound", broken)
    app = ui.app
    app.set_settings(Settings(animation_speed=0, volume=1.0))
    try:
        view = ui.practice()
        ui.frames(5, dt=0.2)
        ui.key(K.SPACE)  # the flip is made, its sound fails silently
        assert view.game.moves == 1 and tries.count(False) == 1
        assert tries.count(True) == 1  # the wind tried once, not again every frame
        assert app.sounds.ambience.playing == {}
    finally:
        app.set_settings(Settings(animation_speed=0, mute=True))
        app.sounds.ambience.stop()
