"""The base of every screen: the desert backdrop, key actions from the key table, resizing."""

from __future__ import annotations

import arcade

from desert_pyramid.ui.input import keys
from desert_pyramid.ui.shell import Shell, window_of


class Screen(arcade.View):
    """A view of the game. Subclasses lay themselves out in :meth:`layout` and handle actions
    from :mod:`keys` in :meth:`on_action` (return ``True`` when used)."""

    contexts: tuple[str, ...] = (keys.MENUS, keys.EVERYWHERE)
    horizon = 0.58  # where the sky meets the sand, as a fraction of the height

    pauses_ambience = False  # the pause screen and the help overlay stop the desert's sounds

    def table_under(self) -> Screen | None:
        """The table this screen is or covers (the ambience follows its daylight), if any."""
        return None

    def __init__(self, app: Shell) -> None:
        super().__init__(window_of(app))
        self.app = app
        self._size = (0, 0)

    # -- size ---------------------------------------------------------------------------------------
    def on_show_view(self) -> None:
        self.ensure_layout()

    def ensure_layout(self) -> None:
        size = (self.app.width, self.app.height)
        if size != self._size:
            self._size = size
            self.layout(*size)

    def on_resize(self, width: int, height: int) -> None:
        if (width, height) == self._size:
            return
        self._size = (width, height)
        self.layout(width, height)

    def layout(self, width: int, height: int) -> None:
        """Place everything for this window size."""

    # -- keys -----------------------------------------------------------------------------------------
    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        action = keys.action_for(symbol, modifiers, self.contexts)
        if action is None:
            return None
        return True if self.on_action(action) else None

    def on_action(self, action: str) -> bool:
        if action == "help":
            self.app.show_help(self)
            return True
        if action == "fullscreen":
            self.app.toggle_fullscreen()
            return True
        if action == "mute":
            self.app.toggle_mute()
            return True
        if action == "speech" or action.startswith("say_"):
            return self.app.speech.on_action(self, action)
        return False

    # -- drawing --------------------------------------------------------------------------------------
    def dusk(self) -> float:
        """How far the light has gone towards dusk (0 noon .. 1 dusk)."""
        return 0.0

    def draw_backdrop(self, box: tuple[int, int, int, int] | None = None) -> None:
        """The desert; with ``box`` (left, bottom, right, top) only that part is cleared."""
        scenery = self.app.scenery
        scenery.prepare(
            self.app.width, self.app.height, self.app.height * self.horizon, self.dusk()
        )
        viewport = None if box is None else (box[0], box[1], box[2] - box[0], box[3] - box[1])
        self.app.ctx.screen.clear(color=scenery.clear_colour(), viewport=viewport)
        scenery.draw()
