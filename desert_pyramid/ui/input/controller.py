"""The game controller: pyglet's controller events turned into the key table's actions.

:class:`ControllerLayer` owns Arcade's ``ControllerManager`` (pyglet's), made lazily on the second
frame, once the first is on screen (an offscreen window makes none; tests hand the layer one).
Where no input backend exists (no ``/dev/input``, no X libraries, a system pyglet cannot read
controllers on) making it fails and the game runs without controllers;
:attr:`ControllerLayer.problem` says why. Controllers plugged in before or while the game runs are
opened and the layer listens to them through pyglet's own handlers (``push_handlers``); one
unplugged is let go, and a table in play is paused (see :meth:`ControllerLayer.on_disconnect`).

What a button does is in :mod:`keys` (each binding's ``pad`` column), looked up in the current
screen's contexts like a key, and handed to the screen's ``on_action``: a button does exactly
what its key does. The d-pad and the left stick are the same four directions ("dpleft" "dpright"
"dpup" "dpdown"); the stick counts only past a dead zone, with hysteresis, so a drifting or
resting stick moves nothing and a held one does not flicker. A held direction repeats (after
``REPEAT_FIRST_MS``, then every ``REPEAT_EVERY_MS``); the triggers are buttons past a threshold.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Protocol

from desert_pyramid.ui.input import keys

if TYPE_CHECKING:
    from desert_pyramid.ui.shell import Shell

PAD = "pad"  # Shell.last_input when a controller was used last
KEYS = "keys"  # ... the keyboard or the mouse

DEAD_ZONE = 0.35  # a stick nearer the centre than this is at rest (drift, a loose stick)
ENGAGE = 0.6  # a stick must go this far to start a direction; it lets go below DEAD_ZONE
SWITCH = 1.25  # while a direction is held, the other axis must be this much larger to take over
TRIGGER_ON = 0.6  # a trigger pressed this far is a button press
TRIGGER_OFF = 0.3  # ... and released below this
REPEAT_FIRST_MS = 400  # a held direction repeats after this long
REPEAT_EVERY_MS = 120  # ... then this often

START_FRAME = 2  # the manager is made on this frame, after the first one is on screen
DIRECTIONS: dict[str, tuple[int, int]] = {
    "dpleft": (-1, 0),
    "dpright": (1, 0),
    "dpup": (0, 1),
    "dpdown": (0, -1),
}
PAD_EVENTS = (
    "on_button_press",
    "on_button_release",
    "on_stick_motion",
    "on_dpad_motion",
    "on_trigger_motion",
)


class Pad(Protocol):
    """A game controller as the layer uses it (pyglet's ``Controller``; tests hand in their own).
    Its events come to the handlers pushed on it (``on_button_press(controller, button)``...)."""

    def open(self) -> None: ...

    def close(self) -> None: ...

    def push_handlers(self, **handlers: Callable[..., None]) -> None: ...

    def remove_handlers(self, **handlers: Callable[..., None]) -> None: ...


class PadManager(Protocol):
    """What tells of controllers plugged in and out (pyglet's ``ControllerManager``): its
    handlers are ``on_connect(controller)`` and ``on_disconnect(controller)``."""

    def push_handlers(self, **handlers: Callable[[Pad], None]) -> None: ...

    def remove_handlers(self, **handlers: Callable[[Pad], None]) -> None: ...

    def get_controllers(self) -> Iterable[Pad]: ...


def system_manager() -> PadManager:
    """Arcade's ``ControllerManager`` (pyglet's, for this system). Raises when there is none."""
    if sys.platform.startswith("linux") and "pyglet.window.xlib" not in sys.modules:
        # pyglet's Linux input module needs the X window module, which an offscreen (EGL) window
        # does not load; without X libraries this import fails and so does the manager
        import pyglet.window.xlib  # noqa: F401
    from arcade.controller import ControllerManager

    return ControllerManager()


def _finite(value: float) -> float:
    """A reading as a float; one that is not a number (a broken device or driver) is at rest."""
    try:
        v = float(value)
    except (TypeError, ValueError):
        return 0.0
    return v if math.isfinite(v) else 0.0


def _xy(vector: Sequence[float]) -> tuple[float, float]:
    """A vector's x and y (one that cannot be read, from a broken device: at rest)."""
    try:
        return _finite(vector[0]), _finite(vector[1])
    except (TypeError, IndexError, KeyError):
        return 0.0, 0.0


def dpad_direction(vector: Sequence[float], held: str | None) -> str | None:
    """The direction of a d-pad vector (each axis -1, 0 or 1). A diagonal keeps the direction
    already held if it is part of it, else the newly pressed axis counts as horizontal."""
    x, y = _xy(vector)
    dirs = []
    if x:
        dirs.append("dpright" if x > 0 else "dpleft")
    if y:
        dirs.append("dpup" if y > 0 else "dpdown")
    if not dirs:
        return None
    return held if held in dirs else dirs[0]


def stick_direction(vector: Sequence[float], held: str | None) -> str | None:
    """The direction a stick points, with a dead zone and hysteresis: nothing until one axis
    passes ``ENGAGE``, then held until the stick comes back inside ``DEAD_ZONE``; the other axis
    takes over only when it is clearly (``SWITCH`` times) the larger one."""
    x, y = _xy(vector)
    ax, ay = abs(x), abs(y)
    horizontal = "dpright" if x > 0 else "dpleft"
    vertical = "dpup" if y > 0 else "dpdown"
    if held is None:
        if max(ax, ay) < ENGAGE:
            return None
        return horizontal if ax >= ay else vertical
    if max(ax, ay) < DEAD_ZONE:
        return None
    held_horizontal = held in ("dpleft", "dpright")
    along, across = (ax, ay) if held_horizontal else (ay, ax)
    if across >= ENGAGE and across > along * SWITCH:
        return vertical if held_horizontal else horizontal
    if along < DEAD_ZONE:
        return held  # moving round the rim towards the other axis: keep the direction until it takes over
    return horizontal if held_horizontal else vertical


class _PadState:
    """One controller's directions and triggers."""

    def __init__(self) -> None:
        self.dpad: str | None = None
        self.stick: str | None = None
        self.triggers: dict[str, bool] = {}


class ControllerLayer:
    """Controllers in, actions out. ``app.controllers``; :meth:`update` runs every frame."""

    def __init__(self, app: Shell, make_manager: Callable[[], PadManager] = system_manager) -> None:
        self.app = app
        self.make_manager = make_manager
        self.manager: PadManager | None = None
        self.started = False
        self.problem = ""  # why there are no controllers here, when there are none
        self.controllers: list[Pad] = []
        self._state: dict[int, _PadState] = {}
        self.held: str | None = None  # the direction held (d-pad or stick), repeating
        self._held_ms = 0
        self._next_ms = REPEAT_FIRST_MS
        self._frames = 0

    # -- the manager -------------------------------------------------------------------------------
    def start(self, manager: PadManager | None = None) -> bool:
        """Listen to a controller manager: ``manager``, or (the first time, with none given) the
        system's. ``False`` when there is none; the game then runs without controllers."""
        if manager is None and self.started:
            return self.manager is not None
        self.started = True
        if manager is None:
            try:
                manager = self.make_manager()
            except Exception as exc:  # no input backend here: no controllers, and no crash
                self.problem = f"no game controllers here ({type(exc).__name__}: {exc})"
                return False
        self.stop()
        self.manager = manager
        self.problem = ""
        manager.push_handlers(on_connect=self.on_connect, on_disconnect=self.on_disconnect)
        try:
            present = list(manager.get_controllers())
        except Exception:  # a manager that cannot list its controllers still reports new ones
            present = []
        for controller in present:
            self.attach(controller)
        return True

    def stop(self) -> None:
        """Let every controller and the manager go (the window closes, or another manager)."""
        for controller in list(self.controllers):
            self.detach(controller)
            try:
                controller.close()
            except Exception:  # a device already gone
                pass
        if self.manager is not None:
            self.manager.remove_handlers(
                on_connect=self.on_connect, on_disconnect=self.on_disconnect
            )
            self.manager = None

    def attach(self, controller: Pad) -> bool:
        """Open a controller and listen to it (pyglet's handlers). ``False`` if it cannot be opened
        (or is already listened to)."""
        if any(c is controller for c in self.controllers):
            return False
        try:
            if not getattr(getattr(controller, "device", None), "is_open", False):
                controller.open()  # (pyglet's device refuses a second open)
            controller.push_handlers(**{name: getattr(self, name) for name in PAD_EVENTS})
        except (
            Exception
        ) as exc:  # busy (opened exclusively elsewhere), gone again, or no controller
            self.problem = f"{self._name(controller)} could not be opened ({exc})"
            try:
                controller.close()
            except Exception:
                pass
            return False
        self.controllers.append(controller)
        self._state[id(controller)] = _PadState()
        return True

    def detach(self, controller: Pad) -> None:
        self.controllers = [c for c in self.controllers if c is not controller]
        try:
            controller.remove_handlers(**{name: getattr(self, name) for name in PAD_EVENTS})
        except Exception:
            pass
        self._state.pop(id(controller), None)
        self._hold(self._direction())

    # -- the manager's events ----------------------------------------------------------------------
    def on_connect(self, controller: Pad) -> None:
        if self.attach(controller):
            self._tell(
                f"{self._name(controller)} connected: the d-pad moves, A selects, Back shows the buttons."
            )

    def on_disconnect(self, controller: Pad) -> None:
        """A controller was unplugged (or its battery ran out): a table in play pauses when the
        controller was what the player used, and always when its clock counts (Expedition,
        Daily), like a lost window focus."""
        known = any(c is controller for c in self.controllers)
        self.detach(controller)
        if not known:
            return
        try:
            controller.close()  # pyglet gives the same object back when it comes back: open it afresh then
        except Exception:  # the device is gone already
            pass
        self._tell(f"{self._name(controller)} disconnected.")
        from desert_pyramid.ui.table.view import TableView

        view = self.app.current_view
        if (
            isinstance(view, TableView)
            and view.pause_on_deactivate
            and not view.seat.finished
            and not view.ending
            and (view.timed or self.app.last_input == PAD)
        ):
            self.app.show_pause(view)

    # -- the controllers' events -------------------------------------------------------------------
    def on_button_press(self, controller: Pad, button: str) -> None:
        self.fire(button)

    def on_button_release(self, controller: Pad, button: str) -> None:
        return None  # actions happen on the press

    def on_dpad_motion(self, controller: Pad, vector: Sequence[float]) -> None:
        state = self._state.get(id(controller))
        if state is not None:
            state.dpad = dpad_direction(vector, state.dpad)
            self._hold(self._direction())

    def on_stick_motion(self, controller: Pad, stick: str, vector: Sequence[float]) -> None:
        state = self._state.get(id(controller))
        if state is not None and stick == "leftstick":
            state.stick = stick_direction(vector, state.stick)
            self._hold(self._direction())

    def on_trigger_motion(self, controller: Pad, trigger: str, value: float) -> None:
        state = self._state.get(id(controller))
        if state is None:
            return
        value = _finite(value)
        on = state.triggers.get(trigger, False)
        if not on and value >= TRIGGER_ON:
            state.triggers[trigger] = True
            self.fire(trigger)
        elif on and value <= TRIGGER_OFF:
            state.triggers[trigger] = False

    # -- actions ------------------------------------------------------------------------------------
    def fire(self, button: str) -> bool:
        """A button (or a direction, or a trigger) pressed: the current screen's action for it."""
        self.app.last_input = PAD
        from desert_pyramid.ui.screen import Screen

        view = self.app.current_view
        if not isinstance(view, Screen):
            return False
        action = keys.pad_action_for(button, view.contexts)
        return action is not None and bool(view.on_action(action))

    def _direction(self) -> str | None:
        for state in self._state.values():
            if state.dpad is not None:
                return state.dpad
        for state in self._state.values():
            if state.stick is not None:
                return state.stick
        return None

    def _hold(self, direction: str | None) -> None:
        if direction == self.held:
            return
        self.held = direction
        self._held_ms = 0
        self._next_ms = REPEAT_FIRST_MS
        if direction is not None:
            self.fire(direction)

    def update(self, delta_time: float) -> None:
        """A frame: start listening once the first frame is on screen (making the manager takes
        about 0.1 s; an offscreen window has no player and does not try); repeat a held direction
        (at most once a frame)."""
        if not self.started:
            self._frames += 1
            if getattr(self.app.options, "headless", False):
                self.problem = self.problem or "an offscreen window listens to no controller"
            elif self._frames >= START_FRAME:
                self.start()
        if self.held is None:
            return
        self._held_ms += max(0, round(delta_time * 1000))
        if self._held_ms >= self._next_ms:
            while self._next_ms <= self._held_ms:
                self._next_ms += REPEAT_EVERY_MS
            self.fire(self.held)

    # -- words --------------------------------------------------------------------------------------
    @staticmethod
    def _name(controller: object) -> str:
        name = str(getattr(controller, "name", "") or "").strip()
        return name[:40] if name else "A controller"

    def _tell(self, text: str) -> None:
        from desert_pyramid.ui.widgets.toast import Toast

        self.app.overlay.push(Toast("notice", "Controller", text, level="info"))
