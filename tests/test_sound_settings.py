"""The sound settings (pure, no Arcade): master, effects and ambience volumes, mute, and how older
or broken settings files are read."""

from __future__ import annotations

import math

import pytest

from desert_pyramid.app.prefs import VOLUMES, Settings, SettingsError


def test_levels_multiply_master_and_part_and_mute_silences_both() -> None:
    s = Settings(volume=0.8, effects_volume=0.5, ambience_volume=0.25)
    assert s.effects_level == pytest.approx(0.4)
    assert s.ambience_level == pytest.approx(0.2)
    muted = s.toggled("mute")
    assert muted.effects_level == 0 and muted.ambience_level == 0
    assert muted.toggled("mute").effects_level == pytest.approx(0.4)


@pytest.mark.parametrize("name", VOLUMES)
def test_each_volume_steps_in_tenths_and_stays_in_range(name: str) -> None:
    s = Settings()
    up = s.with_volume_step(1, name)
    assert getattr(up, name) == pytest.approx(min(1.0, getattr(s, name) + 0.1))
    top = s.with_volume_step(50, name)
    assert getattr(top, name) == 1.0
    bottom = s.with_volume_step(-50, name)
    assert getattr(bottom, name) == 0.0
    others = [v for v in VOLUMES if v != name]
    assert all(getattr(top, v) == getattr(s, v) for v in others)


def test_only_volumes_step() -> None:
    with pytest.raises(SettingsError, match="four_colour"):
        Settings().with_volume_step(1, "four_colour")


def test_an_old_settings_file_with_only_volume_and_mute_reads_sensibly() -> None:
    s = Settings.from_dict({"volume": 0.3, "mute": True, "schema": 1})
    assert (s.volume, s.mute) == (0.3, True)  # the old volume is the master volume
    assert (
        s.effects_volume == Settings().effects_volume
        and s.ambience_volume == Settings().ambience_volume
    )
    assert s.toggled("mute").effects_level == pytest.approx(0.3 * s.effects_volume)


def test_the_new_volumes_round_trip() -> None:
    s = Settings(volume=0.7, effects_volume=0.4, ambience_volume=0.0)
    data = s.to_dict()
    assert data["effects_volume"] == 0.4 and data["ambience_volume"] == 0.0
    assert Settings.from_dict(data) == s


@pytest.mark.parametrize("name", VOLUMES)
@pytest.mark.parametrize(
    "value",
    [-0.1, 1.5, 7, math.nan, math.inf, 10**5000],
    ids=["negative", "1.5", "7", "nan", "inf", "5000 digits"],
)
def test_absurd_volumes_are_refused_by_name(name: str, value: object) -> None:
    with pytest.raises(SettingsError, match=name):
        Settings.from_dict({name: value})


@pytest.mark.parametrize("value", ["loud", True, None, [0.5], "٣"])
def test_volumes_of_the_wrong_type_are_refused(value: object) -> None:
    with pytest.raises(SettingsError, match="ambience_volume"):
        Settings.from_dict({"ambience_volume": value})
