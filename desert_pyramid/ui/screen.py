"""The base of every screen: the desert backdrop, key actions from the key table, resizing."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

import arcade

from desert_pyramid.app.ambience import Scene
from desert_pyramid.ui.base import fonts
from desert_pyramid.ui.base.layout import overflowed
from desert_pyramid.ui.input import keys
from desert_pyramid.ui.shell import Shell, window_of
from desert_pyramid.ui.widgets.toast import Ground

if TYPE_CHECKING:
    from desert_pyramid.app.seat import Seat

#: How much smaller a screen's text is tried when the window cannot hold it at the setting's.
TEXT_STEP = 0.25

Layout = Callable[["Screen", int, int], None]
#: Screens laying themselves out now (a screen's layout may lay out the table under it).
_laying = [0]


def _at_text_size(layout: Layout) -> Layout:
    """A screen's :meth:`Screen.layout` at the text size of the settings; again at a smaller one
    (by :data:`TEXT_STEP`, never under 100%) while a menu of it cannot stand in the window
    (:func:`layout.overflowed`). The size it settled on stays the screen's; the window then
    checks the first frame drawn at it (:meth:`Screen.text_faults`)."""

    @functools.wraps(layout)
    def laid_out(self: Screen, width: int, height: int) -> None:
        if self._laying_out:  # a subclass's layout calling its base's
            layout(self, width, height)
            return
        self._laying_out = True
        outer = fonts.text_scale()  # the scale of a screen whose layout asked for this one
        nested = _laying[0] > 0
        _laying[0] += 1
        was_even = fonts.set_even(self.even_text)
        try:
            key = (width, height, fonts.text_generation())
            setting = fonts.text_setting()
            scale = min(setting, self._text_cap[1]) if self._text_cap[0] == key else setting
            while True:
                fonts.use_scale(scale)
                overflowed()  # forget what an earlier screen left
                layout(self, width, height)
                if scale <= 1.0 or not overflowed():
                    break
                scale = max(1.0, scale - TEXT_STEP)
            self.text_scale = scale
            self.text_checked = scale <= 1.0
            self._text_generation = fonts.text_generation()
        finally:
            self._laying_out = False
            _laying[0] -= 1
            fonts.set_even(was_even)
            if nested:
                fonts.use_scale(outer)

    return laid_out


class Screen(arcade.View):
    """A view of the game. Subclasses lay themselves out in :meth:`layout` and handle actions
    from :mod:`keys` in :meth:`on_action` (return ``True`` when used).

    Every subclass's :meth:`layout` runs at the text size of the settings, smaller where the
    window cannot hold it (:func:`_at_text_size`, :meth:`text_faults`); it runs again when the
    text size changes (Settings → Text size applies at once)."""

    contexts: tuple[str, ...] = (keys.MENUS, keys.EVERYWHERE)
    help_contexts: tuple[str, ...] | None = None  # what the F1 help lists over it (None: all)
    horizon = 0.58  # where the sky meets the sand, as a fraction of the height

    pauses_ambience = False  # the pause screen and the help overlay stop the desert's sounds
    shows_notices = False  # the title: the save files' notices show on it as a banner (toast.py)

    def table_under(self) -> Screen | None:
        """The table this screen is or covers (the ambience follows its daylight), if any."""
        return None

    def repaint_all(self) -> None:
        """Draw every part on the next frame, not only what changed (a screen that repaints
        only its changes overrides it)."""

    def toast_ground(self) -> Ground:
        """What this screen tells the toasts over it (``widgets/toast.py``)."""
        return Ground(shows_notices=self.shows_notices)

    def sound_changed(self) -> None:
        """M was pressed: a screen that shows whether the sound is on says so."""

    def table_seat(self) -> Seat | None:
        """The deal this screen plays, if it is a table (:class:`~desert_pyramid.app.seat.Seat`)."""
        return None

    def ambience_scene(self, focused: bool) -> Scene:
        """The desert's sounds under this screen: paused by a pause or help screen
        (``pauses_ambience``), a paused table and a window without focus; a table, or a screen
        over it, gives its daylight (``table_under()``)."""
        paused = not focused or self.pauses_ambience
        table = self.table_under()
        seat = table.table_seat() if table is not None else None
        if seat is None:
            return Scene(paused)
        if seat.paused and not seat.finished:
            paused = True
        daylight = seat.daylight
        return Scene(paused, daylight.left_ms if daylight is not None else None)

    _laying_out = False
    #: All the screen's text at one size: where one text or menu cannot hold its words at the
    #: size in use, the whole screen is laid out a step smaller (``fonts.set_even``), never one
    #: text alone (a heading at 200% over rows at 110%, labels larger than their values)
    even_text = False
    text_scale = 1.0  # the text size this screen was laid out at (fonts.points)
    text_checked = True  # its first frame at that size was drawn without a fault
    _text_generation = -1
    _text_cap: tuple[tuple[int, int, int], float] = ((0, 0, -1), 2.0)

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if "layout" in cls.__dict__:
            setattr(cls, "layout", _at_text_size(cls.__dict__["layout"]))  # noqa: B010

    def text_faults(self, faults: list[str]) -> None:
        """The layout audit of the first frame drawn at this screen's text size
        (``ui/window.py``): with a fault (a text grown over a neighbour or out of its box), the
        screen is laid out again a step smaller, never under 100%; without, it stays."""
        if not faults or self.text_scale <= 1.0:
            self.text_checked = True
            return
        size = (self.app.width, self.app.height)
        self._text_cap = ((*size, fonts.text_generation()), self.text_scale - TEXT_STEP)
        self.layout(*size)

    def __init__(self, app: Shell) -> None:
        super().__init__(window_of(app))
        self.app = app
        self._size = (0, 0)

    # -- size ---------------------------------------------------------------------------------------
    def on_show_view(self) -> None:
        self.ensure_layout()

    def ensure_layout(self) -> None:
        size = (self.app.width, self.app.height)
        if size != self._size or self._text_generation != fonts.text_generation():
            self._size = size
            self.layout(*size)
        elif _laying[0] == 0:
            fonts.use_scale(self.text_scale)  # the texts it makes from now on: at its size

    def on_resize(self, width: int, height: int) -> None:
        if (width, height) == self._size and self._text_generation == fonts.text_generation():
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
        scenery.draw(box)
