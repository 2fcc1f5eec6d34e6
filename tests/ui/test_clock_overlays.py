"""Nothing that covers a timed table shows its cards while its clock is stopped: the F1 help, the
pause screen and what opens from it, a lost focus, a suspend gap. Driven by real key events."""

from __future__ import annotations

from typing import Any

import pytest
from arcade import key as K

from desert_pyramid.ui.screens.help import HelpView
from desert_pyramid.ui.screens.pause import PauseView
from desert_pyramid.ui.table.view import TableView

pytestmark = pytest.mark.ui


def table(ui: Any, mode: str, seed: int = 3) -> TableView:
    ui.app.options.seed = seed
    ui.app.start_mode(mode)
    ui.frames(2)
    view = ui.view
    assert isinstance(view, TableView) and view.session.mode == mode
    return view


class BoardSpy:
    """Counts the frames in which the table's cards are drawn (the real drawing still runs)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, view: TableView) -> None:
        self.calls = 0
        real = view.board.draw

        def draw(*a: Any, **kw: Any) -> Any:
            self.calls += 1
            return real(*a, **kw)

        monkeypatch.setattr(view.board, "draw", draw)


def card_boxes(view: TableView) -> list[tuple[int, int, int, int]]:
    """The screen boxes (left, bottom, right, top) of the layout's face-up cards."""
    boxes = []
    for place, card in enumerate(view.game.cards):
        if view.game.card_at(place) is None:
            continue
        s = view.board.cards[int(card)]
        if s.visible:
            boxes.append((int(s.left) + 3, int(s.bottom) + 3, int(s.right) - 3, int(s.top) - 3))
    return boxes


def differing(a: Any, b: Any, box: tuple[int, int, int, int], height: int) -> int:
    """How many pixels of ``box`` (window coordinates, y up) differ between two frames."""
    left, bottom, right, top = box
    n = 0
    for x in range(left, right, 3):
        for y in range(bottom, top, 3):
            p, q = a.getpixel((x, height - 1 - y)), b.getpixel((x, height - 1 - y))
            if max(abs(i - j) for i, j in zip(p, q, strict=True)) > 2:
                n += 1
    return n


def test_f1_over_an_expedition_hides_the_cards_and_stops_the_daylight(ui, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    view = table(ui, "expedition")
    session = view.session
    assert session.timed
    ui.frames(30)  # the daylight runs at the table
    running = session.daylight.left_ms
    assert running < 240_000
    spy = BoardSpy(monkeypatch, view)
    ui.key(K.F1)
    help_view = ui.view
    assert isinstance(help_view, HelpView) and help_view.under is view and help_view.hide_cards
    # two seconds with the help open: 40 frames drawn, each of 3 frames' time
    ui.frames(40, dt=3 / 60)
    assert spy.calls == 0  # no card drawn, face or back
    assert session.paused and session.daylight.left_ms == running  # the clock did not run
    hidden = ui.shot()
    # the same screen with the cards drawn (the session taken as untimed) differs on every card:
    # so the frame above really shows none of them
    monkeypatch.setattr(type(session), "timed", property(lambda self: False))
    ui.frames(1)
    assert spy.calls == 1
    shown = ui.shot()
    boxes = card_boxes(view)
    assert boxes
    # the help's panel is opaque (cards under it cannot show either way): every card's part
    # outside the panel differs, the panel's inside is the same in both frames
    panel = help_view.decor[0]
    inner = (
        int(panel.left) + 12,
        int(panel.bottom) + 12,
        int(panel.right) - 12,
        int(panel.top) - 12,
    )
    # the help's panel reaches up to the top bar (issue 40: it lies under it, the daylight bar
    # between them): a card's top above the panel lies under those bars, seen in neither frame
    bar = view.hud.daylight_bar  # (under the top bar: both opaque, drawn in both frames)
    assert bar is not None
    for left, bottom, right, top0 in boxes:
        top = min(top0, int(bar.bottom))  # what of a card shows under the bars
        parts = [
            (left, bottom, min(right, inner[0]), top),
            (max(left, inner[2]), bottom, right, top),
            (left, bottom, right, min(top, inner[1])),
        ]
        if top > panel.top + 3:  # (none: the panel reaches the bars over the cards)
            parts.append((left, max(bottom, inner[3]), right, top))
        for part in parts:
            if part[2] - part[0] >= 3 and part[3] - part[1] >= 3:
                assert differing(hidden, shown, part, ui.app.height) > 0, part
    assert differing(hidden, shown, inner, ui.app.height) == 0
    monkeypatch.undo()
    # F1 again closes the help: the cards and the clock come back
    ui.key(K.F1)
    assert ui.view is view and not session.paused
    ui.frames(30)
    assert session.daylight.left_ms < running


def test_question_mark_over_a_daily_hides_the_cards(ui, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    view = table(ui, "daily")
    spy = BoardSpy(monkeypatch, view)
    ui.frames(6)
    elapsed = view.session.elapsed_ms
    assert spy.calls > 0 and view.session.timed
    spy.calls = 0
    ui.key(K.SLASH, K.MOD_SHIFT)  # "?"
    assert isinstance(ui.view, HelpView)
    ui.frames(20, dt=3 / 60)  # a second: 20 frames drawn
    assert spy.calls == 0 and view.session.elapsed_ms == elapsed


def test_f1_over_an_untimed_practice_table_still_shows_it(ui, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    view = table(ui, "practice")
    assert not view.session.timed
    spy = BoardSpy(monkeypatch, view)
    ui.key(K.F1)
    assert isinstance(ui.view, HelpView) and not ui.view.hide_cards
    ui.frames(3)
    assert spy.calls == 3  # nothing to hide: the clock does not matter here


def press(ui: Any, label: str) -> None:
    """Press a button of the menu on screen with the keyboard (↓ to it, then Enter)."""
    menu = ui.view.menu
    labels = [b.label for b in menu.buttons]
    target = labels.index(label)
    for _ in range(len(labels)):
        if menu.focus == target:
            break
        ui.key(K.DOWN)
    assert menu.focus == target, (menu.focus, labels)
    ui.key(K.ENTER)


@pytest.mark.parametrize(
    "path",
    [
        ["pause"],
        ["pause", "Settings"],
        ["pause", "How to play"],
        ["pause", "Keys · F1"],
        ["pause", "Settings", "Card back"],
        ["focus"],
        ["gap"],
        ["F1", "F11"],
    ],
)
def test_no_screen_over_an_expedition_shows_its_cards(ui, monkeypatch, path) -> None:  # type: ignore[no-untyped-def]
    """Every way off the table while the trek is on: the pause menu and each screen it opens, a
    lost focus, a suspend gap of 30 s. The clock stands still and no card is drawn."""
    view = table(ui, "expedition")
    session = view.session
    ui.frames(10)
    spy = BoardSpy(monkeypatch, view)
    left = session.daylight.left_ms
    for step in path:
        if step == "pause":
            ui.key(K.ESCAPE)
            assert isinstance(ui.view, PauseView) and ui.view.hide_cards
        elif step == "focus":
            ui.app.dispatch_event("on_deactivate")
            ui.app.dispatch_events()
            assert isinstance(ui.view, PauseView) and ui.view.hide_cards
        elif step == "gap":
            ui.frames(1, dt=30.0)  # 30 s without a frame: a suspended laptop
            assert isinstance(ui.view, PauseView) and ui.view.hide_cards
        elif step == "F1":
            ui.key(K.F1)
        elif step == "F11":
            ui.key(K.F11)  # no full screen offscreen; the help stays
        else:
            press(ui, step)
    assert ui.view is not view
    ui.frames(30, dt=3 / 60)  # 1.5 s: 30 frames drawn, 3 frames' time each
    assert spy.calls == 0
    assert session.paused and session.daylight.left_ms == left
    if path[0] == "focus":
        ui.app.dispatch_event("on_activate")
        ui.app.dispatch_events()
        ui.frames(30)
        assert (
            session.paused and session.daylight.left_ms == left
        )  # a timed table waits for the player
