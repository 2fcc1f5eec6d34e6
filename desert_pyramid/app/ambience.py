"""The desert's ambience as numbers: how loud each layer plays and how fast, for a scene.

Pure (no Arcade, no audio): the desktop's :mod:`desert_pyramid.ui.sound` plays these figures
through its players, and the browser's worker (:mod:`desert_pyramid.web.expedition`) hands the
same figures to the page, which plays them through Web Audio, so the two editions' wind rises,
deepens and lets the evening insects in alike. At an Expedition's table the wind rises as the sun
goes down and deepens, and the insects come in during the last minute of daylight; elsewhere the
wind blows softly and the insects are silent.
"""

from __future__ import annotations

from dataclasses import dataclass

from desert_pyramid.app.sessions import sky_for

WIND_NOON = 0.7
"""The wind's share of the ambience volume at noon (and wherever no sun is setting);"""
WIND_DUSK = 1.0
"""it rises to this as the Expedition's sun goes down,"""
WIND_DUSK_PITCH = 0.88
"""and deepens: it plays this much slower (lower) at dusk than at noon."""
INSECTS_FROM_MS = 60_000
"""The evening insects start with this much daylight left (the last minute),"""
INSECTS_FADE_MS = 20_000
"""and take this long to come in fully."""


@dataclass(frozen=True, slots=True)
class Scene:
    """What the ambience should do now: paused or not, and an Expedition's daylight left."""

    paused: bool = False
    daylight_ms: int | None = None  # None: no sunset clock (menus, Practice, Daily)


def ambience_gains(scene: Scene) -> dict[str, float]:
    """Each layer's share of the ambience volume in this scene."""
    left = scene.daylight_ms
    if left is None:
        return {"wind": WIND_NOON, "insects": 0.0}
    progress = sky_for(left).progress  # the sky's own measure of the sun going down (modes.clock)
    insects = min(1.0, max(0.0, (INSECTS_FROM_MS - left) / INSECTS_FADE_MS))
    return {"wind": WIND_NOON + (WIND_DUSK - WIND_NOON) * progress, "insects": insects}


def ambience_pitches(scene: Scene) -> dict[str, float]:
    """Each layer's playback speed in this scene: the evening wind is deeper."""
    progress = 0.0 if scene.daylight_ms is None else sky_for(scene.daylight_ms).progress
    return {"wind": 1.0 + (WIND_DUSK_PITCH - 1.0) * progress, "insects": 1.0}
