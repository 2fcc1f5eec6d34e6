"""Player settings: one dataclass, plain values, ``to_dict`` / ``from_dict`` for the save file.

Pure: no Arcade. The storage layer persists the dict; until then the settings live in memory.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from desert_pyramid.i18n import N_

#: Animation speeds the settings screen offers, slowest first. 0 turns animation off.
ANIMATION_SPEEDS: tuple[float, ...] = (0.0, 0.5, 1.0, 1.5, 2.0)
ANIMATION_NAMES: dict[float, str] = {
    0.0: N_("Off"),  # shown through _() (desert_pyramid/i18n.py)
    0.5: N_("Slow"),
    1.0: N_("Normal"),
    1.5: N_("Fast"),
    2.0: N_("Very fast"),
}
DEFAULT_BACK = "sandstone"
#: Speech (desert_pyramid.speech): auto = only while a screen reader runs; on = the best backend
#: here; or one backend by name.
SPEECH_CHOICES: tuple[str, ...] = (
    "auto",
    "off",
    "on",
    "screen-reader",
    "speech-dispatcher",
    "espeak-ng",
)
#: The speech choices' names, as the Settings rows show them (the backends by their own names).
SPEECH_NAMES: dict[str, str] = {
    "auto": N_("Auto"),
    "off": N_("Off"),
    "on": N_("On"),
    "screen-reader": N_("Screen reader"),
    "speech-dispatcher": "Speech-dispatcher",
    "espeak-ng": "eSpeak NG",
}
#: The top bar's figures that hiding the timer hides (the time, an Expedition's daylight left,
#: the Daily's time bonus); an Expedition's daylight bar stays, since the race is the mode.
TIMER_FIGURES: frozenset[str] = frozenset({"time", "daylight", "bonus"})
#: Text sizes the settings screen offers, in per cent (docs/accessibility.md); a settings file
#: may hold any whole number from the first to the last.
TEXT_SIZES: tuple[int, ...] = (100, 125, 150, 175, 200)
SETTINGS_SCHEMA = 1


class SettingsError(ValueError):
    """Settings data that cannot be used. The message names the key (``key``, when one key is
    to blame)."""

    def __init__(self, message: str, key: str = "") -> None:
        super().__init__(message)
        self.key = key


#: The volume settings (each 0.0 .. 1.0): the master volume and the two parts under it.
VOLUMES: tuple[str, ...] = ("volume", "effects_volume", "ambience_volume")


@dataclass(frozen=True, slots=True)
class Settings:
    volume: float = 0.6  # the master volume, 0.0 .. 1.0 (the name older settings files use)
    mute: bool = False  # M mutes and unmutes
    effects_volume: float = 1.0  # card and menu sounds, a share of the master volume
    ambience_volume: float = 0.5  # the desert's wind and insects, a share of the master volume
    animation_speed: float = 1.0  # one of ANIMATION_SPEEDS; 0 = off
    four_colour: bool = False
    large_index: bool = False
    hide_timer: bool = False
    hide_score: bool = False
    card_back: str = DEFAULT_BACK
    speech: str = "auto"  # one of SPEECH_CHOICES
    high_contrast: bool = False  # dark buttons under light labels, lighter covered cards
    # Expedition and Daily untimed (no daylight, no time bonus; results kept apart): read when a
    # trek or a Daily starts, so a session keeps the clock it started with
    untimed: bool = False
    # "" = the system's; else a code of i18n.LANGUAGES. One that no longer exists is kept as read:
    # the window starts in English and says so (i18n.use_language), the other settings stay.
    language: str = ""
    # per cent, TEXT_SIZES[0] .. TEXT_SIZES[-1]: every text drawn this much larger, the layout
    # giving it room (ui/base/fonts.py); an older file without it reads as 100
    text_size: int = 100

    @property
    def animations(self) -> bool:
        return self.animation_speed > 0

    @property
    def effective_volume(self) -> float:
        return 0.0 if self.mute else self.volume

    @property
    def effects_level(self) -> float:
        """How loud effects play: master × effects, 0 when muted."""
        return self.effective_volume * self.effects_volume

    @property
    def ambience_level(self) -> float:
        """How loud the ambience plays: master × ambience, 0 when muted."""
        return self.effective_volume * self.ambience_volume

    @property
    def hidden_figures(self) -> frozenset[str]:
        """The top bar's figures shown as "—": :data:`TIMER_FIGURES` with ``hide_timer``, the
        score with ``hide_score`` (both front ends hide the same ones)."""
        hidden = TIMER_FIGURES if self.hide_timer else frozenset()
        return hidden | {"score"} if self.hide_score else hidden

    @property
    def animation_name(self) -> str:
        return ANIMATION_NAMES.get(self.animation_speed, f"×{self.animation_speed:g}")

    def with_volume_step(self, step: int, name: str = "volume") -> Settings:
        """A volume (``volume``, ``effects_volume`` or ``ambience_volume``) up or down by
        ``step`` tenths, kept in 0..1."""
        if name not in VOLUMES:
            raise SettingsError(f"'{name}' is not a volume setting")
        tenths = round(getattr(self, name) * 10) + step
        changes: dict[str, Any] = {name: max(0, min(10, tenths)) / 10}
        return replace(self, **changes)

    def with_next_animation(self, step: int) -> Settings:
        speeds = ANIMATION_SPEEDS
        try:
            i = speeds.index(self.animation_speed)
        except ValueError:
            i = speeds.index(1.0)
        return replace(self, animation_speed=speeds[max(0, min(len(speeds) - 1, i + step))])

    def with_next_text_size(self, step: int) -> Settings:
        """The next (``step`` 1) or the previous (-1) of :data:`TEXT_SIZES`, round and round."""
        sizes = TEXT_SIZES
        if self.text_size in sizes:
            i = (sizes.index(self.text_size) + step) % len(sizes)
        else:  # a size between two steps (a file edited by hand): to the step beyond it
            i = sum(1 for s in sizes if s < self.text_size) - (step < 0)
            i %= len(sizes)
        return replace(self, text_size=sizes[i])

    def toggled(self, name: str) -> Settings:
        value = getattr(self, name)
        if not isinstance(value, bool):
            raise SettingsError(f"'{name}' is not an on/off setting")
        changes: dict[str, Any] = {name: not value}
        return replace(self, **changes)

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = asdict(self)
        data["schema"] = SETTINGS_SCHEMA
        return data

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        """Read settings; unknown keys are ignored (newer files), wrong types raise SettingsError."""
        if not isinstance(data, dict):
            raise SettingsError("settings must be a table")
        defaults = cls()
        kwargs: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            default = getattr(defaults, f.name)
            if isinstance(default, bool):
                if not isinstance(value, bool):
                    raise SettingsError(
                        f"settings: '{f.name}' must be true or false, not {value!r}"
                    )
            elif isinstance(default, float):
                if isinstance(value, bool) or not isinstance(value, int | float):
                    raise SettingsError(f"settings: '{f.name}' must be a number, not {value!r}")
                try:
                    value = float(value)
                except OverflowError:  # an integer of thousands of digits
                    raise SettingsError(f"settings: '{f.name}' is far too large a number") from None
            elif isinstance(default, str) and not isinstance(value, str):
                raise SettingsError(f"settings: '{f.name}' must be text, not {value!r}")
            elif isinstance(default, int):
                value = _whole_number(f.name, value)
            kwargs[f.name] = value
        settings = replace(defaults, **kwargs)
        for (
            name
        ) in VOLUMES:  # an older file has only 'volume' (the master) and 'mute': the rest default
            value = getattr(settings, name)
            if not 0.0 <= value <= 1.0:  # also refuses nan
                raise SettingsError(f"settings: '{name}' must be from 0 to 1, not {value}")
        low, high = TEXT_SIZES[0], TEXT_SIZES[-1]
        if not low <= settings.text_size <= high:
            raise SettingsError(
                f"settings: 'text_size' must be from {low} to {high} (per cent), "
                f"not {settings.text_size}",
                key="text_size",
            )
        if settings.speech not in SPEECH_CHOICES:
            raise SettingsError(
                f"settings: 'speech' must be one of {', '.join(SPEECH_CHOICES)}, "
                f"not {settings.speech!r}"
            )
        if settings.animation_speed not in ANIMATION_SPEEDS:
            raise SettingsError(
                f"settings: 'animation_speed' must be one of {', '.join(f'{s:g}' for s in ANIMATION_SPEEDS)}, "
                f"not {settings.animation_speed:g}"
            )
        return settings


def _whole_number(name: str, value: object) -> int:
    """A whole-number setting as read from a file (``150`` or ``150.0``), or a SettingsError that
    says what is wrong with it."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise SettingsError(f"settings: '{name}' must be a whole number, not {value!r}", key=name)
    if isinstance(value, float) and not value.is_integer():  # nan and inf too
        raise SettingsError(f"settings: '{name}' must be a whole number, not {value!r}", key=name)
    if abs(value) > 10**6:  # a number of thousands of digits is not shown whole
        raise SettingsError(f"settings: '{name}' is far too large a number", key=name)
    return int(value)
