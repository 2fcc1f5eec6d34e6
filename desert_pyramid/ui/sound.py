"""The game's sounds: card effects and the desert's ambience, all the project's own.

The files in ``resources/sounds/`` are synthesised by ``tools/soundgen.py`` (a maintainer script;
the tests regenerate them and compare). Here they are played:

- **Effects** (:meth:`Sounds.play`) at master × effects volume, with a little random pitch and
  volume variation per play (:data:`PITCH_SPREAD`, :data:`VOLUME_SPREAD_DB`) so that twenty flips
  in a row do not sound like a machine. The random source can be injected (tests pin it).
- **Ambience** (:class:`Ambience`): a wind loop and an insects loop at master × ambience volume.
  At an Expedition's table the wind rises as the sun goes down and the insects come in during the
  last minute of daylight; elsewhere the wind blows softly. It pauses with the game (the pause
  screen, the help overlay, a window without focus) and stops when its volume is 0 or the game
  is muted.

Sounds load lazily (:meth:`Sounds.preload_one`, one a frame after the first frames). A machine
without audio plays nothing and never fails: a load or a play that raises is dropped silently.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

import arcade

# the ambience's figures, shared with the browser's worker (app/ambience.py)
from desert_pyramid.app.ambience import Scene, ambience_gains, ambience_pitches
from desert_pyramid.app.prefs import Settings
from desert_pyramid.resources_path import resource_path
from desert_pyramid.ui.art.assets import Assets

if TYPE_CHECKING:
    from pyglet.media import Player

#: Each game sound and the file (``resources/sounds/<stem>.wav``) that plays it.
SOUND_FILES: dict[str, str] = {
    "select": "lift",  # a card lifted
    "pair": "slide",  # a pair slid to the discard
    "king": "king",  # a king set aside
    "flip": "flip",  # a card flipped off the stock
    "redeal": "redeal",  # the waste gathered and turned
    "stash": "satchel",  # the Satchel's flap
    "undo": "undo",  # a card drawn back
    "illegal": "illegal",  # a soft double tap
    "row": "row",  # a row cleared
    "pyramid": "pyramid",  # an Expedition's pyramid cleared
    "win": "win",  # the last card of a won deal
    "sunset": "sunset",  # the sun sets on a trek
    "stuck": "stuck",  # no removal left
    "click": "click",  # a button
}
#: The ambience layers and their files.
AMBIENCE_FILES: dict[str, str] = {"wind": "wind", "insects": "insects"}

#: The mix: every file is made equally loud; these set how loud each plays (small sounds softer).
MIX: dict[str, float] = {"select": 0.6, "click": 0.5, "flip": 0.8, "undo": 0.7, "illegal": 0.75}

PITCH_SPREAD = 0.04
"""Card and table sounds play up to 4% higher or lower each time."""
VOLUME_SPREAD_DB = 2.0
"""Card and table sounds play up to 2 dB louder or softer each time."""
TONE_VOLUME_SPREAD_DB = 1.0
"""The tuned phrases keep their pitch and vary only this much in volume."""
TONES = frozenset({"row", "pyramid", "win", "sunset", "stuck"})

FADE_PER_S = 0.6
"""How fast an ambience layer's volume moves towards where it should be (volume units a second)."""


def sound_file(stem: str) -> str:
    return str(resource_path("sounds", f"{stem}.wav"))


def _play(
    sound: arcade.Sound, volume: float, speed: float = 1.0, loop: bool = False
) -> Player | None:
    """The one place a sound starts (tests spy on ``arcade.play_sound``)."""
    return arcade.play_sound(sound, volume=volume, loop=loop, speed=speed)


class Layer:
    """One looping ambience file and its player."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.player: Player | None = None
        self.volume = 0.0  # the volume it plays at now (fades towards the target)
        self.broken = False  # the audio back end failed: stay silent, do not retry every frame
        self.paused = False

    def _try(self, action: Callable[[], object]) -> bool:
        try:
            action()
            return True
        except Exception:  # a lost or missing audio device must never stop the game
            self.broken = True
            self.player = None
            return False

    def stop(self) -> None:
        """Silence now; the next start tries the audio device again."""
        player, self.player = self.player, None
        self.volume = 0.0
        self.paused = False
        self.broken = False
        if player is not None:
            try:
                arcade.stop_sound(player)
            except Exception:
                pass

    def pause(self) -> None:
        if self.player is not None and not self.paused:
            player = self.player
            if self._try(player.pause):
                self.paused = True

    def run(self, assets: Assets, target: float, dt: float, pitch: float = 1.0) -> None:
        """Move towards ``target`` volume; start the loop when it should be heard, stop it once
        it has faded to nothing."""
        step = FADE_PER_S * max(0.0, dt)
        self.volume = (
            min(target, self.volume + step)
            if target > self.volume
            else max(target, self.volume - step)
        )
        if self.volume <= 0.0:
            self.stop()
            return
        if self.broken:
            return
        if self.player is None:
            sound = assets.sound(sound_file(AMBIENCE_FILES[self.name]))
            if sound is None:
                self.broken = True
                return
            try:
                self.player = _play(sound, self.volume, pitch, loop=True)
            except Exception:
                self.player = None
            self.broken = self.player is None
            self.paused = False
            return
        player = self.player

        def apply() -> None:
            player.volume = self.volume
            if abs(player.pitch - pitch) > 0.001:
                player.pitch = pitch
            if self.paused:
                player.play()

        if self._try(apply):
            self.paused = False


class Ambience:
    """The desert's sound: its layers follow the scene and the ambience volume."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self.layers = {name: Layer(name) for name in AMBIENCE_FILES}
        self.scene = Scene()

    def update(self, dt: float, scene: Scene, level: float) -> None:
        self.scene = scene
        if level <= 0.0:  # muted, or a volume at 0: silence at once
            self.stop()
            return
        gains = ambience_gains(scene)
        pitches = ambience_pitches(scene)
        for name, layer in self.layers.items():
            if scene.paused:
                layer.pause()
            else:
                layer.run(self.assets, level * gains[name], dt, pitches[name])

    def stop(self) -> None:
        for layer in self.layers.values():
            layer.stop()

    @property
    def playing(self) -> dict[str, float]:
        """The layers that play now (not paused) and their volumes."""
        return {
            n: layer.volume
            for n, layer in self.layers.items()
            if layer.player is not None and not layer.paused
        }


class Sounds:
    def __init__(
        self, assets: Assets, settings: Callable[[], Settings], rng: random.Random | None = None
    ) -> None:
        self._assets = assets
        self._settings = settings
        self.rng = rng if rng is not None else random.Random()
        self._pending = [*AMBIENCE_FILES.values(), *SOUND_FILES.values()]
        self.played: list[str] = []  # names played, newest last (tests look at it)
        self.ambience = Ambience(assets)
        self.focused = True

    def preload_one(self) -> bool:
        """Load one sound not loaded yet; ``False`` once all are loaded."""
        if not self._pending:
            return False
        self._assets.sound(sound_file(self._pending.pop()))
        return True

    def play(self, name: str | None) -> None:
        """Play a game sound (unknown names and ``None`` play nothing)."""
        if not name or name not in SOUND_FILES:
            return
        self.played.append(name)
        del self.played[:-50]
        level = self._settings().effects_level * MIX.get(name, 1.0)
        if level <= 0:
            return
        if name in TONES:
            speed, spread = 1.0, TONE_VOLUME_SPREAD_DB
        else:
            speed, spread = 1.0 + self.rng.uniform(-PITCH_SPREAD, PITCH_SPREAD), VOLUME_SPREAD_DB
        volume = min(1.0, level * 10 ** (self.rng.uniform(-spread, spread) / 20))
        sound = self._assets.sound(sound_file(SOUND_FILES[name]))
        if sound is None:
            return
        try:
            _play(sound, volume, speed)
        except Exception:  # a broken audio device must not stop the game
            pass

    # -- ambience ----------------------------------------------------------------------------------
    def update(self, dt: float, scene: Scene) -> None:
        """Each frame: the ambience follows the screen, the daylight and the settings."""
        self.ambience.update(dt, scene, self._settings().ambience_level)

    def focus_lost(self) -> None:
        self.focused = False
        self.ambience.update(0.0, Scene(paused=True), self._settings().ambience_level)

    def focus_gained(self) -> None:
        self.focused = True

    def close(self) -> None:
        self.ambience.stop()
