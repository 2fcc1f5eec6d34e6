"""Sound effects from Arcade's built-in set, played at the settings' volume.

Sounds load lazily, one per frame after the first frames (:meth:`Sounds.preload_one`), so that no
frame waits on a file. A machine without audio plays nothing and never fails.
"""

from __future__ import annotations

from collections.abc import Callable

import arcade

from .assets import Assets
from .prefs import Settings

#: What each game sound is, from ``:resources:sounds/``.
SOUND_FILES: dict[str, str] = {
    "select": ":resources:sounds/hit1.wav",
    "pair": ":resources:sounds/coin1.wav",
    "king": ":resources:sounds/coin3.wav",
    "flip": ":resources:sounds/jump2.wav",
    "redeal": ":resources:sounds/phaseJump1.wav",
    "stash": ":resources:sounds/hit3.wav",
    "undo": ":resources:sounds/hit2.wav",
    "illegal": ":resources:sounds/error2.wav",
    "row": ":resources:sounds/upgrade1.wav",
    "win": ":resources:sounds/secret2.wav",
    "stuck": ":resources:sounds/lose2.wav",
    "click": ":resources:sounds/hit4.wav",
}
VOLUME_TRIM: dict[str, float] = {"select": 0.5, "flip": 0.4, "click": 0.5, "undo": 0.5, "illegal": 0.6}


class Sounds:
    def __init__(self, assets: Assets, settings: Callable[[], Settings]) -> None:
        self._assets = assets
        self._settings = settings
        self._pending = list(SOUND_FILES)
        self.played: list[str] = []  # names played, newest last (tests look at it)

    def preload_one(self) -> bool:
        """Load one sound not loaded yet; ``False`` once all are loaded."""
        if not self._pending:
            return False
        self._assets.sound(SOUND_FILES[self._pending.pop()])
        return True

    def play(self, name: str | None) -> None:
        if not name or name not in SOUND_FILES:
            return
        self.played.append(name)
        del self.played[:-50]
        volume = self._settings().effective_volume * VOLUME_TRIM.get(name, 1.0)
        if volume <= 0:
            return
        sound = self._assets.sound(SOUND_FILES[name])
        if sound is None:
            return
        try:
            arcade.play_sound(sound, volume=volume)
        except Exception:  # a broken audio device must not stop the game
            pass
