"""Player settings: one dataclass, plain values, ``to_dict`` / ``from_dict`` for the save file.

Pure: no Arcade. The storage layer persists the dict; until then the settings live in memory.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

#: Animation speeds the settings screen offers, slowest first. 0 turns animation off.
ANIMATION_SPEEDS: tuple[float, ...] = (0.0, 0.5, 1.0, 1.5, 2.0)
ANIMATION_NAMES: dict[float, str] = {0.0: "Off", 0.5: "Slow", 1.0: "Normal", 1.5: "Fast", 2.0: "Very fast"}
DEFAULT_BACK = "sandstone"
SETTINGS_SCHEMA = 1


class SettingsError(ValueError):
    """Settings data that cannot be used. The message names the key."""


@dataclass(frozen=True, slots=True)
class Settings:
    volume: float = 0.6  # 0.0 .. 1.0
    mute: bool = False
    animation_speed: float = 1.0  # one of ANIMATION_SPEEDS; 0 = off
    four_colour: bool = False
    large_index: bool = False
    hide_timer: bool = False
    hide_score: bool = False
    card_back: str = DEFAULT_BACK

    @property
    def animations(self) -> bool:
        return self.animation_speed > 0

    @property
    def effective_volume(self) -> float:
        return 0.0 if self.mute else self.volume

    @property
    def animation_name(self) -> str:
        return ANIMATION_NAMES.get(self.animation_speed, f"×{self.animation_speed:g}")

    def with_volume_step(self, step: int) -> Settings:
        """Volume up or down by ``step`` tenths, kept in 0..1."""
        tenths = round(self.volume * 10) + step
        return replace(self, volume=max(0, min(10, tenths)) / 10)

    def with_next_animation(self, step: int) -> Settings:
        speeds = ANIMATION_SPEEDS
        try:
            i = speeds.index(self.animation_speed)
        except ValueError:
            i = speeds.index(1.0)
        return replace(self, animation_speed=speeds[max(0, min(len(speeds) - 1, i + step))])

    def toggled(self, name: str) -> Settings:
        value = getattr(self, name)
        if not isinstance(value, bool):
            raise SettingsError(f"'{name}' is not an on/off setting")
        changes: dict[str, Any] = {name: not value}
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["schema"] = SETTINGS_SCHEMA
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
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
                    raise SettingsError(f"settings: '{f.name}' must be true or false, not {value!r}")
            elif isinstance(default, float):
                if isinstance(value, bool) or not isinstance(value, int | float):
                    raise SettingsError(f"settings: '{f.name}' must be a number, not {value!r}")
                value = float(value)
            elif isinstance(default, str) and not isinstance(value, str):
                raise SettingsError(f"settings: '{f.name}' must be text, not {value!r}")
            kwargs[f.name] = value
        settings = replace(defaults, **kwargs)
        if not 0.0 <= settings.volume <= 1.0:
            raise SettingsError(f"settings: 'volume' must be from 0 to 1, not {settings.volume}")
        if settings.animation_speed not in ANIMATION_SPEEDS:
            raise SettingsError(
                f"settings: 'animation_speed' must be one of {', '.join(f'{s:g}' for s in ANIMATION_SPEEDS)}, "
                f"not {settings.animation_speed:g}"
            )
        return settings
