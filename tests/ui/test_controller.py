"""The game by controller: pyglet's controller events, through the handlers the game's controller
layer registers on each controller (``push_handlers``), reach the same actions the keys do.

No controller exists on the test machine, so :class:`PadStandIn` stands in for one: a pyglet
event dispatcher with the events, name and ``open``/``close`` of ``pyglet.input.Controller``, whose
events are dispatched with ``dispatch_event`` as pyglet's device code does. :class:`ManagerStandIn`
stands in for the controller manager: it reports controllers plugged in and out with the
``on_connect``/``on_disconnect`` events pyglet's manager dispatches.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest
from arcade import key as K
from pyglet.event import EventDispatcher
from pyglet.math import Vec2

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import DESERT, Deal, Game, Move
from desert_pyramid.engine.moves import FLIP, KING, PAIR, REDEAL, STASH
from desert_pyramid.ui.base.geometry import nearest_in_direction
from desert_pyramid.ui.input import controller as ctl
from desert_pyramid.ui.input.keys import (
    BINDINGS,
    PAD_COLUMN,
    help_rows,
    pad_action_for,
    pad_help_rows,
)
from desert_pyramid.ui.screens.help import HelpView
from desert_pyramid.ui.screens.pause import PauseView
from desert_pyramid.ui.screens.practice import PracticeSetupView
from desert_pyramid.ui.screens.results import ResultsView
from desert_pyramid.ui.screens.settings import SettingsView
from desert_pyramid.ui.screens.title import TitleView
from desert_pyramid.ui.table.view import TableView

from .winning import find_win

pytestmark = pytest.mark.ui

SEED = 4  # a deal the test search wins quickly (as the keyboard's whole-deal test)
VECTORS = {K.LEFT: Vec2(-1, 0), K.RIGHT: Vec2(1, 0), K.UP: Vec2(0, 1), K.DOWN: Vec2(0, -1)}


class PadStandIn(EventDispatcher):
    """Stands in for a ``pyglet.input.Controller`` (none exists here): its events, its name, open
    and close. Tests dispatch its events with ``dispatch_event``, as pyglet's device code does."""

    def __init__(self, name: str = "Stand-in pad") -> None:
        self.name = name
        self.guid = "stand-in"
        self.is_open = False

    def open(self, window: Any = None, exclusive: bool = False) -> None:
        if self.is_open:  # as pyglet's Device
            raise OSError("Device is already open.")
        self.is_open = True

    def close(self) -> None:
        self.is_open = False

    # what a player does
    def press(self, button: str) -> None:
        self.dispatch_event("on_button_press", self, button)
        self.dispatch_event("on_button_release", self, button)

    def dpad(self, x: float, y: float) -> None:
        self.dispatch_event("on_dpad_motion", self, Vec2(x, y))

    def tap(self, vector: Vec2) -> None:
        """The d-pad pushed one way and let go."""
        self.dispatch_event("on_dpad_motion", self, vector)
        self.dispatch_event("on_dpad_motion", self, Vec2(0, 0))

    def stick(self, x: float, y: float, name: str = "leftstick") -> None:
        self.dispatch_event("on_stick_motion", self, name, Vec2(x, y))

    def trigger(self, value: float, name: str = "righttrigger") -> None:
        self.dispatch_event("on_trigger_motion", self, name, value)

    def pull(self, name: str = "righttrigger") -> None:
        for value in (0.2, 0.5, 0.9, 1.0, 0.6, 0.1, 0.0):
            self.trigger(value, name)


for _event in ctl.PAD_EVENTS:
    PadStandIn.register_event_type(_event)


class ManagerStandIn(EventDispatcher):
    """Stands in for ``arcade.ControllerManager``: the controllers present, and the events it
    dispatches when one is plugged in or out."""

    def __init__(self, present: tuple[PadStandIn, ...] = ()) -> None:
        self.present = list(present)

    def get_controllers(self) -> list[PadStandIn]:
        return list(self.present)

    def plug(self, pad: PadStandIn) -> None:
        self.present.append(pad)
        self.dispatch_event("on_connect", pad)

    def unplug(self, pad: PadStandIn) -> None:
        self.present.remove(pad)
        self.dispatch_event("on_disconnect", pad)


ManagerStandIn.register_event_type("on_connect")
ManagerStandIn.register_event_type("on_disconnect")


@pytest.fixture
def pad(ui) -> Iterator[PadStandIn]:  # type: ignore[no-untyped-def]
    """A controller present when the game starts listening (the manager lists it)."""
    first = PadStandIn()
    manager = ManagerStandIn((first,))
    assert ui.app.controllers.start(manager)
    assert first.is_open and ui.app.controllers.controllers == [first]
    ui.manager = manager
    yield first
    ui.app.controllers.stop()
    ui.app.last_input = "keys"


def deal(ui, seed: int = SEED) -> TableView:  # type: ignore[no-untyped-def]
    ui.app.start_practice(DESERT, get_layout(1), Deal.from_seed(seed))
    ui.frames(1)
    assert isinstance(ui.view, TableView)
    return ui.view  # type: ignore[no-any-return]


def pad_focus_on(ui, pad: PadStandIn, target: object) -> None:  # type: ignore[no-untyped-def]
    """Move the table's focus to ``target`` with d-pad taps (the way the arrow keys would go)."""
    view = ui.view
    if not view.focus_visible:
        pad.tap(Vec2(1, 0))  # the first direction shows the focus
    for symbol in ui.focus_path(target):
        pad.tap(VECTORS[symbol])
    assert ui.view.focus == target, (ui.view.focus, target)


def play_by_pad(ui, pad: PadStandIn, move: Move) -> None:  # type: ignore[no-untyped-def]
    game = ui.view.game
    before = game.moves
    if move.kind in (FLIP, REDEAL):
        pad.press("x")
    elif move.kind == KING:
        pad_focus_on(ui, pad, move.a)
        pad.press("a")
    elif move.kind == STASH:
        pad_focus_on(ui, pad, move.a)
        pad.pull("righttrigger")
    elif move.kind == PAIR:
        pad_focus_on(ui, pad, move.a)
        pad.press("a")
        if game.moves == before:  # selected, not paired at once: then its partner
            pad_focus_on(ui, pad, move.b)
            pad.press("a")
    ui.frames(1)


def press_menu(ui, pad: PadStandIn, label: str) -> None:  # type: ignore[no-untyped-def]
    """Move a menu's focus to the button with this label with the d-pad, then press A."""
    menu = ui.view.menu
    labels = [b.label for b in menu.buttons]
    target = labels.index(label)
    for _ in range(len(labels)):
        if menu.focus == target:
            break
        pad.tap(Vec2(0, -1))
    assert menu.focus == target
    pad.press("a")
    ui.frames(1)


def told(app: Any) -> list[str]:
    """The notices shown or waiting their turn."""
    return [t.text for t in (*app.overlay.shown, *app.overlay.queue)]


def wait_for_hint(ui, view: TableView) -> Move | None:  # type: ignore[no-untyped-def]
    ui.frames_until(lambda: view.control.hint_move is not None, 30)
    return view.control.hint_move


# -- the table of buttons ------------------------------------------------------------------------
def test_pad_column_of_the_key_table_is_consistent() -> None:
    assert pad_action_for("a", ["table"]) == "accept"
    assert pad_action_for("a", ["menus"]) == "menu_accept"
    assert pad_action_for("y", ["table"]) == "hint_or_play"
    assert pad_action_for("back", ["table", "everywhere"]) == "help"
    assert pad_action_for("guide", ["table", "menus", "everywhere"]) is None
    # no button means two things in one place, and every row names an action of its context
    for context in ("table", "menus", "everywhere", "replay", "howto"):
        seen: dict[str, str] = {}
        for b in BINDINGS:
            if b.context != context:
                continue
            for button in b.pad:
                assert seen.get(button, b.action) == b.action, (context, button)
                seen[button] = b.action
    for context, action, _pad, _label, _text in PAD_COLUMN:
        assert (
            sum(1 for b in BINDINGS if b.context == context and b.action == action and b.pad) == 1
        )
    # every action of play at the table has a button (the hint's is Y, which also plays it)
    for action in (
        "flip",
        "undo",
        "redo",
        "accept",
        "stash",
        "focus_left",
        "focus_right",
        "focus_up",
        "focus_down",
        "deselect",
        "autoplay",
        "pause",
        "hint_or_play",
    ):
        assert any(b.context == "table" and b.action == action and b.pad for b in BINDINGS), action
    names = {
        "a",
        "b",
        "x",
        "y",
        "back",
        "start",
        "guide",
        "leftshoulder",
        "rightshoulder",
        "leftstick",
        "rightstick",
        "lefttrigger",
        "righttrigger",
        *ctl.DIRECTIONS,
    }
    assert {button for b in BINDINGS for button in b.pad} <= names  # pyglet's names, no typo


def test_no_input_backend_fails_soft(ui) -> None:  # type: ignore[no-untyped-def]
    def none_here() -> Any:
        raise OSError("no /dev/input")

    layer = ctl.ControllerLayer(ui.app, make_manager=none_here)
    assert layer.start() is False
    assert "no /dev/input" in layer.problem
    layer.update(0.016)  # frames go on without controllers
    assert layer.manager is None and layer.controllers == []
    # the system's own manager: here it works or it fails soft, never raises
    system = ctl.ControllerLayer(ui.app)
    assert system.start() in (True, False)
    assert (system.manager is None) == bool(system.problem)
    system.stop()


def test_a_controller_that_cannot_open_is_left_out(ui) -> None:  # type: ignore[no-untyped-def]
    class Busy(PadStandIn):
        def open(self, window: Any = None, exclusive: bool = False) -> None:
            raise OSError("device busy")

    manager = ManagerStandIn()
    layer = ctl.ControllerLayer(ui.app)
    assert layer.start(manager)
    manager.plug(Busy("Busy pad"))
    assert layer.controllers == [] and "device busy" in layer.problem
    layer.stop()


# -- the table -----------------------------------------------------------------------------------
def test_dpad_moves_the_focus_like_the_arrow_keys(ui, pad) -> None:  # type: ignore[no-untyped-def]
    view = deal(ui)
    assert not view.focus_visible
    pad.tap(Vec2(1, 0))  # the first direction shows the focus
    assert view.focus_visible and view.focus is not None
    assert ui.app.last_input == "pad"
    for vector in (Vec2(1, 0), Vec2(0, 1), Vec2(-1, 0), Vec2(0, -1), Vec2(0, -1)):
        targets = view.focus_targets()
        here = dict(targets)[view.focus]
        expected = nearest_in_direction(
            here, [(k, c) for k, c in targets if k != view.focus], int(vector[0]), int(vector[1])
        )
        pad.tap(vector)
        if expected is not None:
            assert view.focus == expected


def test_stick_dead_zone_hysteresis_and_repeat(ui, pad) -> None:  # type: ignore[no-untyped-def]
    ui.app.show_title()
    ui.frames(1)
    menu = ui.view.menu
    n = len(menu.buttons)
    start = menu.focus

    def moved() -> int:
        return (menu.focus - start) % n

    for x, y in ((0.2, 0.1), (0.0, -0.3), (-0.34, 0.0), (0.25, -0.25), (0.0, -0.55)):  # drift
        pad.stick(x, y)
        ui.frames(1, dt=0.1)
    assert moved() == 0 and ui.app.last_input == "keys"  # drift moves nothing and is no input
    pad.stick(0.0, 0.0, name="rightstick")
    pad.stick(0.0, -1.0, name="rightstick")  # the right stick moves nothing
    assert moved() == 0
    pad.stick(0.0, -0.8)  # down, past the dead zone
    assert moved() == 1 and ui.app.last_input == "pad"
    pad.stick(0.1, -0.4)  # back towards the centre but not inside the dead zone: still held
    ui.frames(3, dt=0.1)  # 300 ms: no repeat yet
    assert moved() == 1
    ui.frames(1, dt=0.1)  # 400 ms: the first repeat
    assert moved() == 2
    ui.frames(5, dt=0.02)  # 100 ms more
    assert moved() == 2
    ui.frames(1, dt=0.02)  # 120 ms after the first repeat
    assert moved() == 3
    ui.frames(6, dt=0.02)
    assert moved() == 4
    pad.stick(0.5, -0.55)  # round towards the right, not clearly right yet: still down
    ui.frames(6, dt=0.02)
    assert moved() == 5
    pad.stick(0.1, -0.2)  # let go (inside the dead zone)
    ui.frames(10, dt=0.1)
    assert moved() == 5
    pad.stick(0.0, 0.9)  # up
    assert moved() == 4
    pad.stick(0.0, 0.0)


def test_dpad_repeats_when_held_and_stops_when_let_go(ui, pad) -> None:  # type: ignore[no-untyped-def]
    ui.app.show_title()
    ui.frames(1)
    menu = ui.view.menu
    n = len(menu.buttons)
    start = menu.focus
    pad.dpad(0, -1)
    assert (menu.focus - start) % n == 1
    ui.frames(4, dt=0.1)  # 400 ms
    ui.frames(1, dt=0.12)
    assert (menu.focus - start) % n == 3
    pad.dpad(0, 0)
    ui.frames(5, dt=0.1)
    assert (menu.focus - start) % n == 3


def test_a_selects_b_drops_x_flips_shoulders_undo_and_redo(ui, pad) -> None:  # type: ignore[no-untyped-def]
    view = deal(ui)
    game = view.game
    control = view.control
    # a free card that does not pair at once (no partner, or more than one) is selected by A
    free = [
        p
        for p in game.free_slots()
        if game.card_at(p).rank != 13 and len(control.partners_of(p)) != 1
    ]
    assert free
    pad_focus_on(ui, pad, free[0])
    pad.press("a")
    assert control.selected == free[0] and game.moves == 0
    pad.press("b")
    assert control.selected is None
    pad.press("x")
    assert game.moves == 1 and game.history[-1].kind == FLIP
    pad.press("x")
    assert game.moves == 2
    pad.press("leftshoulder")
    assert game.moves == 1
    pad.press("leftshoulder")
    assert game.moves == 0
    pad.press("rightshoulder")
    assert game.moves == 1 and game.history[-1].kind == FLIP


def test_a_pairs_the_focused_card_with_a_partner(ui, pad) -> None:  # type: ignore[no-untyped-def]
    view = deal(ui)
    game = view.game
    pairs = [m for m in game.legal_moves() if m.kind == PAIR and m.a >= 0 and m.b >= 0]
    assert pairs
    move = pairs[0]
    play_by_pad(ui, pad, move)
    assert game.moves == 1 and game.history[-1].kind == PAIR
    assert {game.history[-1].a, game.history[-1].b} == {move.a, move.b}


def test_right_trigger_parks_the_focused_card_in_the_satchel(ui, pad) -> None:  # type: ignore[no-untyped-def]
    view = deal(ui)
    game = view.game
    place = next(p for p in game.free_slots() if game.card_at(p).rank != 13)
    pad_focus_on(ui, pad, place)
    pad.trigger(0.4)  # not far enough
    assert game.moves == 0
    pad.trigger(0.95)
    assert game.moves == 1 and game.history[-1].kind == STASH and game.history[-1].a == place
    pad.trigger(0.5)  # still held (no new press until it is let go)
    pad.trigger(1.0)
    assert game.moves == 1


def test_y_shows_a_hint_and_a_second_y_plays_it(ui, pad) -> None:  # type: ignore[no-untyped-def]
    view = deal(ui, seed=5)
    game = view.game
    pad.press("y")
    move = wait_for_hint(ui, view)
    assert move is not None, view.message
    assert view.hint_places and "Y again plays it" in view.message
    assert game.moves == 0
    pad.press("y")
    assert game.moves == 1 and game.history[-1] == move


def test_start_pauses_and_resumes_back_shows_the_help(ui, pad) -> None:  # type: ignore[no-untyped-def]
    view = deal(ui)
    pad.press("start")
    assert isinstance(ui.view, PauseView) and view.session.clock.paused
    assert "Buttons · Back" in [b.label for b in ui.view.menu.buttons]  # its button, not F1
    pad.press("start")
    assert ui.view is view and not view.session.clock.paused
    pad.press("back")
    assert isinstance(ui.view, HelpView) and ui.view.title_text.text == "BUTTONS"
    pad.press("back")
    assert ui.view is view
    pad.press("back")
    assert isinstance(ui.view, HelpView)
    pad.press("b")
    assert ui.view is view
    pad.press("start")
    assert isinstance(ui.view, PauseView)
    pad.press("b")  # back, from pause: resume
    assert ui.view is view


def test_the_help_shows_the_buttons_of_the_input_used_last(ui, pad) -> None:  # type: ignore[no-untyped-def]
    deal(ui)
    pad.press("back")
    help_view = ui.view
    assert isinstance(help_view, HelpView)
    ui.frames(1)
    shown = " ".join(t.text for t in [*help_view.texts.items, *help_view.keys_texts.items])
    for _title, rows in pad_help_rows():
        for label, text in rows:
            assert label in shown and text in shown
    assert "Space" not in shown and "Esc" not in shown and "Controller:" in shown
    ui.key(K.LEFT)  # a key: the keyboard is the input now, and the help says its keys
    ui.frames(1)
    assert ui.view is help_view and ui.app.last_input == "keys"
    shown = " ".join(t.text for t in [*help_view.texts.items, *help_view.keys_texts.items])
    for _title, rows in help_rows():
        for label, text in rows:
            assert label in shown and text in shown
    assert "Controller:" not in shown
    pad.tap(Vec2(0, 1))  # and back to the pad
    ui.frames(1)
    shown = " ".join(t.text for t in [*help_view.texts.items, *help_view.keys_texts.items])
    assert "LB" in shown and "Space" not in shown
    ui.key(K.F1)
    assert isinstance(ui.view, TableView)


def test_a_mouse_click_makes_the_keys_the_input_again(ui, pad) -> None:  # type: ignore[no-untyped-def]
    deal(ui)
    pad.press("x")
    assert ui.app.last_input == "pad"
    ui.click(5, 5)
    assert ui.app.last_input == "keys"


def test_a_whole_deal_won_by_controller_alone(ui, pad) -> None:  # type: ignore[no-untyped-def]
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    line = find_win(Game(get_layout(1), DESERT, Deal.from_seed(SEED)))
    assert line is not None
    view = deal(ui)
    game = view.game
    for move in line:
        before = game.moves
        play_by_pad(ui, pad, move)
        assert game.moves == before + 1, f"{move} was not played ({ui.view.message})"
        assert game.history[-1] == move
    assert game.won
    if not isinstance(ui.view, ResultsView):  # animations are off: the results come at once
        pad.press("a")  # else A skips the ending, as Enter does
    for _ in range(10):
        if isinstance(ui.view, ResultsView):
            break
        ui.frames(1)
    assert isinstance(ui.view, ResultsView) and ui.view.results.won is True


# -- plugging in and out ---------------------------------------------------------------------------
def test_plug_in_and_out_while_running(ui, pad) -> None:  # type: ignore[no-untyped-def]
    view = deal(ui)
    game = view.game
    second = PadStandIn("Second pad")
    ui.manager.plug(second)
    assert second.is_open and second in ui.app.controllers.controllers
    assert any("Second pad connected" in text for text in told(ui.app))
    second.press("x")
    assert game.moves == 1
    ui.manager.unplug(second)
    assert second not in ui.app.controllers.controllers
    second.press("x")  # no longer listened to
    assert game.moves == 1
    assert isinstance(ui.view, PauseView)  # the pad was the input used last: the table pauses
    pad.press("start")
    assert ui.view is view
    ui.manager.plug(second)  # pyglet gives back the same controller object when it comes back
    second.press("x")
    assert game.moves == 2
    ui.key(K.SPACE)  # the keyboard last: unplugging a pad does not stop an untimed table
    ui.manager.unplug(second)
    assert ui.view is view and game.moves == 3
    ui.manager.unplug(pad)  # the last one
    assert ui.app.controllers.controllers == [] and ui.view is view
    ui.frames(2)  # the game runs on with no controller


def test_held_direction_stops_when_its_pad_is_unplugged(ui, pad) -> None:  # type: ignore[no-untyped-def]
    ui.app.show_title()
    ui.frames(1)
    menu = ui.view.menu
    before = menu.focus
    pad.dpad(0, -1)
    after = menu.focus
    assert after != before
    ui.manager.unplug(pad)
    ui.frames(10, dt=0.1)
    assert menu.focus == after and ui.app.controllers.held is None


def test_a_disconnect_pauses_an_expedition(ui, pad) -> None:  # type: ignore[no-untyped-def]
    ui.app.start_mode("expedition")
    ui.frames(2)
    view = ui.view
    assert isinstance(view, TableView) and view.timed
    ui.key(K.SPACE)  # played with the keyboard: the clock counts, so a disconnect still pauses
    ui.frames(2)
    ui.manager.unplug(pad)
    assert isinstance(ui.view, PauseView) and ui.view.table is view
    assert ui.view.hide_cards and view.session.clock.paused
    elapsed = view.session.elapsed_ms
    ui.frames(30, dt=0.1)
    assert view.session.elapsed_ms == elapsed  # the daylight waits
    ui.key(K.ESCAPE)
    assert ui.view is view and not view.session.clock.paused


# -- menus -----------------------------------------------------------------------------------------
def test_menus_by_pad_title_to_practice_to_a_deal(ui, pad) -> None:  # type: ignore[no-untyped-def]
    ui.app.show_title()
    ui.frames(1)
    press_menu(ui, pad, "Settings")
    assert isinstance(ui.view, SettingsView)
    before = ui.app.settings.volume
    pad.tap(Vec2(1, 0))  # the focused setting (volume) up
    assert ui.app.settings.volume == pytest.approx(min(1.0, before + 0.1))
    pad.press("b")  # back
    assert isinstance(ui.view, TitleView)
    press_menu(ui, pad, "Practice")
    assert isinstance(ui.view, PracticeSetupView)
    while ui.view.menu.focus != 0:
        pad.tap(Vec2(0, 1))  # up to the Rules row
    pad.tap(Vec2(1, 0))  # desert -> classic
    assert ui.view.menu.buttons[0].value == "Classic"
    press_menu(ui, pad, "Play")
    assert isinstance(ui.view, TableView)
    assert ui.view.game.rules.preset == "classic"
    pad.press("x")
    assert ui.view.game.moves == 1


# -- pyglet's own Controller class over a stand-in device ---------------------------------------------
def pyglet_controller() -> tuple[Any, Any]:
    """A real ``pyglet.input.Controller`` (pyglet's own mapping of buttons, hat and axes to
    controller events) over a stand-in for the device that no machine here has."""
    if sys.platform.startswith("linux"):
        import pyglet.window.xlib  # noqa: F401  (pyglet's Linux input needs it; an offscreen window does not load it)
    from pyglet.input.base import AbsoluteAxis, Button, Controller, Device
    from pyglet.input.controller import _parse_mapping

    class DeviceStandIn(Device):
        """Stands in for a USB game pad: nine buttons, two stick axes, two triggers, a hat."""

        def __init__(self) -> None:
            super().__init__(None, "Stand-in device")  # type: ignore[arg-type]
            self.buttons = [Button(f"b{i}") for i in range(9)]
            self.axes = [
                AbsoluteAxis("x", -32768, 32767),
                AbsoluteAxis("y", -32768, 32767),
                AbsoluteAxis("z", 0, 1023),
                AbsoluteAxis("rz", 0, 1023),
            ]
            self.hat = [AbsoluteAxis("hat_x", -1, 1), AbsoluteAxis("hat_y", -1, 1)]

        def get_controls(self) -> list[Any]:
            return [*self.buttons, *self.axes, *self.hat]

        def get_guid(self) -> str:
            return "stand-in"

    mapping = _parse_mapping(
        "stand-in,Stand-in pad,a:b0,b:b1,x:b2,y:b3,back:b4,start:b5,leftshoulder:b6,rightshoulder:b7,"
        "rightstick:b8,dpup:h0.1,dpright:h0.2,dpdown:h0.4,dpleft:h0.8,leftx:a0,lefty:a1,lefttrigger:a2,"
        "righttrigger:a3,platform:Linux,"
    )
    device = DeviceStandIn()
    return Controller(device, mapping), device


def test_pyglets_own_controller_class_reaches_the_game(ui) -> None:  # type: ignore[no-untyped-def]
    controller, device = pyglet_controller()
    manager = ManagerStandIn()
    assert ui.app.controllers.start(manager)
    try:
        manager.dispatch_event("on_connect", controller)
        assert device.is_open and controller in ui.app.controllers.controllers
        view = deal(ui)
        game = view.game

        def button(i: int) -> None:
            device.buttons[i].value = 1
            device.buttons[i].value = 0

        device.hat[0].value = 1  # the d-pad right: the focus shows
        device.hat[0].value = 0
        assert view.focus_visible and ui.app.last_input == "pad"
        button(2)  # X flips
        assert game.moves == 1 and game.history[-1].kind == FLIP
        button(6)  # LB undoes
        assert game.moves == 0
        paths = {p: ui.focus_path(p) for p in game.free_slots() if game.card_at(p).rank != 13}
        place = next(
            p for p, path in paths.items() if {K.UP, K.DOWN} & set(path)
        )  # up or down on the way
        for symbol in paths[place]:
            device.hat[0].value = int(VECTORS[symbol][0])
            device.hat[1].value = int(VECTORS[symbol][1])
            device.hat[0].value = 0
            device.hat[1].value = 0
        assert view.focus == place
        device.axes[3].value = 200  # the right trigger a little: nothing
        assert game.moves == 0
        device.axes[3].value = 1000  # pulled: parks the focused card
        assert game.moves == 1 and game.history[-1].kind == STASH
        device.axes[3].value = 0
        focus = view.focus
        device.axes[0].value = 4000  # a drifting stick: nothing
        assert view.focus == focus
        device.axes[0].value = 0
        button(5)  # Start pauses
        assert isinstance(ui.view, PauseView)
        button(1)  # B resumes
        assert ui.view is view
        manager.dispatch_event("on_disconnect", controller)
        assert isinstance(ui.view, PauseView)  # the pad was the input: the table pauses
        button(5)  # an unplugged controller's events reach nothing
        assert isinstance(ui.view, PauseView)
        assert not device.is_open
        manager.dispatch_event(
            "on_connect", controller
        )  # plugged back: pyglet hands the same object
        assert device.is_open and controller in ui.app.controllers.controllers
        button(5)  # Start: resume
        assert ui.view is view
        manager.dispatch_event("on_disconnect", controller)
        device.open()  # a device left open when it went (pyglet does not close it): taken as it is
        manager.dispatch_event("on_connect", controller)
        assert controller in ui.app.controllers.controllers
        button(5)
        assert ui.view is view
    finally:
        ui.app.controllers.stop()
        ui.app.last_input = "keys"


def test_every_screen_by_pad(ui, pad) -> None:  # type: ignore[no-untyped-def]
    from desert_pyramid.ui.screens.daily_view import DailyView
    from desert_pyramid.ui.screens.howto import HowToView
    from desert_pyramid.ui.screens.layout_picker import LayoutPickerView
    from desert_pyramid.ui.screens.relics import RelicsView
    from desert_pyramid.ui.screens.stats import StatsView

    ui.app.show_title()
    ui.frames(1)
    # Practice: the layout picker by d-pad, LB/RB and A
    press_menu(ui, pad, "Practice")
    setup = ui.view
    press_menu(ui, pad, "Layout")
    assert isinstance(ui.view, LayoutPickerView)
    picker = ui.view
    first = picker.focus
    pad.tap(Vec2(1, 0))
    assert picker.focus == first + 1
    pad.press("rightshoulder")  # a page down
    assert picker.focus > first + 1
    pad.trigger(1.0, "lefttrigger")  # the first layout
    pad.trigger(0.0, "lefttrigger")
    assert picker.focus == 0
    pad.tap(Vec2(1, 0))
    pad.press("a")  # chooses layout 2 and goes back to the set-up
    ui.frames(1)
    assert ui.view is setup and setup.layouts[setup.layout_i] == 2
    pad.press("b")
    assert isinstance(ui.view, TitleView)
    # the Daily: its calendar, then today's pyramid
    press_menu(ui, pad, "Daily")
    assert isinstance(ui.view, DailyView)
    press_menu(ui, pad, "Play today's pyramid")
    assert isinstance(ui.view, TableView) and ui.view.session.mode == "daily"
    table = ui.view
    # the pause screen's How to play: pages by RB, the quiz answered with A, back with B
    pad.press("start")
    press_menu(ui, pad, "How to play")
    assert isinstance(ui.view, HowToView)
    howto = ui.view
    page = howto.memory.page
    pad.press("rightshoulder")
    assert howto.memory.page != page
    while howto.memory.page != "quiz":
        pad.press("rightshoulder")
    pad.press("x")  # the next question
    assert howto.memory.last is None
    pad.tap(Vec2(0, -1))  # the focus onto an answer
    pad.press("a")  # answered
    assert howto.memory.last is not None
    pad.press("b")
    assert isinstance(ui.view, PauseView)
    pad.press("start")  # resume
    assert ui.view is table
    pad.press("start")
    press_menu(ui, pad, "Title screen")
    for name, screen in (("Relics", RelicsView), ("Statistics", StatsView)):
        press_menu(ui, pad, name)
        assert isinstance(ui.view, screen)
        pad.press("b")
        assert isinstance(ui.view, TitleView)
    ui.app.quit_requested = False
    press_menu(ui, pad, "Quit")
    assert not ui.app.quit_requested  # it asks first
    pad.press("a")
    assert ui.app.quit_requested


def test_broken_readings_and_odd_devices_do_not_crash_or_move(ui, pad) -> None:  # type: ignore[no-untyped-def]
    view = deal(ui)
    nan, inf = float("nan"), float("inf")
    for x, y in ((nan, nan), (nan, 0.2), (inf, 0.0), (-inf, -inf), (0.0, nan)):
        pad.stick(x, y)
        pad.dispatch_event("on_dpad_motion", pad, Vec2(nan, nan))
        ui.frames(1, dt=0.5)
    pad.dispatch_event("on_stick_motion", pad, "leftstick", None)  # no vector at all
    pad.trigger(nan)
    pad.trigger(inf)
    pad.dispatch_event("on_trigger_motion", pad, "righttrigger", "full")
    assert not view.focus_visible and view.game.moves == 0
    pad.press("no-such-button")  # a button the key table does not know
    pad.press("guide")  # the system's button: nothing in the game
    assert ui.view is view and view.game.moves == 0
    # the manager reports the same controller twice: listened to once, told once
    before = len(told(ui.app))
    ui.manager.dispatch_event("on_connect", pad)
    assert ui.app.controllers.controllers == [pad] and len(told(ui.app)) == before
    pad.press("x")
    assert view.game.moves == 1  # one flip, not two
    # something that is not a controller at all: left out, said why
    ui.manager.dispatch_event("on_connect", object())
    assert (
        ui.app.controllers.controllers == [pad]
        and "could not be opened" in ui.app.controllers.problem
    )
    ui.manager.dispatch_event("on_disconnect", object())  # never connected: nothing happens
    assert ui.view is view
    # a controller with a name of 5,000 characters and no name at all
    long = PadStandIn("Ж" * 5000)
    ui.manager.plug(long)
    assert any(text.startswith("Ж" * 40 + " connected") for text in told(ui.app))
    nameless = PadStandIn("")
    ui.manager.plug(nameless)
    assert any(text.startswith("A controller connected") for text in told(ui.app))
    ui.frames(2)


def test_undo_and_hint_buttons_name_the_input_used_last(ui, pad) -> None:  # type: ignore[no-untyped-def]
    view = deal(ui)
    captions = view.hud.texts
    assert (captions["c-undo"].text, captions["c-hint"].text) == ("Undo · Z", "Hint · H")
    pad.press("x")
    ui.frames(1)
    assert (captions["c-undo"].text, captions["c-hint"].text) == ("Undo · LB", "Hint · Y")
    view.layout(ui.app.width, ui.app.height)  # laid out again (a resize): still the pad's
    ui.frames(1)
    assert view.hud.texts["c-undo"].text == "Undo · LB"
    ui.key(K.Z)
    ui.frames(1)
    assert (view.hud.texts["c-undo"].text, view.hud.texts["c-hint"].text) == (
        "Undo · Z",
        "Hint · H",
    )


def test_the_manager_is_made_once_after_the_first_frame_and_not_offscreen(ui, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import dataclasses

    made: list[ManagerStandIn] = []

    def factory() -> ManagerStandIn:
        made.append(ManagerStandIn((PadStandIn(),)))
        return made[-1]

    offscreen = ctl.ControllerLayer(ui.app, make_manager=factory)
    for _ in range(5):
        offscreen.update(1 / 60)
    assert made == [] and "offscreen" in offscreen.problem  # the shared test window is offscreen
    monkeypatch.setattr(ui.app, "options", dataclasses.replace(ui.app.options, headless=False))
    layer = ctl.ControllerLayer(ui.app, make_manager=factory)
    layer.update(1 / 60)
    assert made == []  # the first frame goes on screen first
    layer.update(1 / 60)
    assert len(made) == 1 and layer.manager is made[0] and len(layer.controllers) == 1
    for _ in range(5):
        layer.update(1 / 60)
    assert len(made) == 1
    layer.stop()
    assert layer.controllers == [] and not made[0].present[0].is_open
