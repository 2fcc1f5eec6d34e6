"""The big moments, staged: draw order by layers (the win's cards over the buttons), opaque
panels over a dimmed screen, a won deal, a stuck deal, the sunset, and the score texts."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from PIL import ImageChops

from desert_pyramid.ui.base.layers import Layer
from desert_pyramid.ui.table.geometry import HINT
from desert_pyramid.ui.table.view import TableView

from .winning import find_win

pytestmark = pytest.mark.ui


def won_practice(ui: Any, speed: float = 1.0) -> TableView:
    """A Practice deal played to its last move (the win's moment begins)."""
    from desert_pyramid.app.prefs import Settings
    from desert_pyramid.catalog import get_layout
    from desert_pyramid.engine import DESERT, Deal

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    ui.app.set_settings(Settings(animation_speed=speed, mute=True))
    ui.app.start_practice(DESERT, get_layout(1), Deal.from_seed(4))
    ui.frames(1)
    view = ui.view
    assert isinstance(view, TableView)
    line = find_win(view.game)
    assert line is not None
    for move in line:
        view.apply(view.control.play(move))
    return view


def _frame(ui: Any, view: TableView) -> Any:
    view.dirty.invalidate()
    ui.frames(1)
    return ui.shot()


def test_the_wins_thrown_cards_lie_over_the_round_buttons(ui) -> None:  # type: ignore[no-untyped-def]
    view = won_practice(ui)
    for _ in range(400):
        ui.frames(1)
        c = view.board.celebration
        if c is not None and c.active:
            break
    c = view.board.celebration
    assert c is not None and c.active
    b = c.active[0]
    button = view.geom.places[HINT]
    b.x, b.y, b.vx, b.vy, b.gravity, b.spin, b.angle = button.cx, button.cy, 0, 0, 0, 0, 0
    c.active = [b]
    c.launched = len(c.cards)  # no other card comes
    shown = _frame(ui, view)
    assert view.drawn_layers == sorted(view.drawn_layers)
    assert Layer.EFFECTS in view.drawn_layers
    card = view.board.cards[b.card]
    assert card in view.board.flying and card.visible
    h = ui.app.height
    box = (
        round(max(button.left, card.left)) + 2,
        h - round(min(button.top, card.top)) + 2,
        round(min(button.right, card.right)) - 2,
        h - round(max(button.bottom, card.bottom)) - 2,
    )
    view.hud.draw = lambda box=None: None  # type: ignore[method-assign]
    try:
        without_hud = _frame(ui, view)
    finally:
        del view.hud.draw
    card.visible = False
    view.board.flying.remove(card)
    without_card = _frame(ui, view)
    region = [img.crop(box) for img in (shown, without_hud, without_card)]
    # the card hides the button: the frame there is the card's, HUD or not
    assert ImageChops.difference(region[0], region[1]).getbbox() is None
    assert ImageChops.difference(region[0], region[2]).getbbox() is not None  # the card is there


def test_the_coach_goes_quiet_on_a_win(ui) -> None:  # type: ignore[no-untyped-def]
    view = won_practice(ui)
    ui.frames(1)
    assert view.ending and view.game.won
    assert view.has_coach
    assert Layer.PANELS not in view.drawn_layers


def _practice(ui: Any, seed: int = 4) -> TableView:
    from desert_pyramid.catalog import get_layout
    from desert_pyramid.engine import DESERT, Deal

    ui.app.start_practice(DESERT, get_layout(1), Deal.from_seed(seed))
    ui.frames(1)
    view = ui.view
    assert isinstance(view, TableView)
    return view


@pytest.mark.parametrize("dialog", ["pause", "help"])
def test_a_dialogs_panel_is_opaque_over_a_dimmed_table(ui, dialog: str) -> None:  # type: ignore[no-untyped-def]
    """The pixels of the panel are the same whether the cards (and the coach) lie under it or
    not; around it the table shows, dimmed."""
    view = _practice(ui)
    (ui.app.show_pause if dialog == "pause" else ui.app.show_help)(view)
    ui.frames(1)
    screen = ui.view
    panel = screen.decor[0]
    with_cards = ui.shot()
    view.board.draw = lambda: None  # type: ignore[method-assign]
    view.coach_panel.draw = lambda: None  # type: ignore[method-assign]
    try:
        ui.frames(1)
        without = ui.shot()
    finally:
        del view.board.draw, view.coach_panel.draw
    h = ui.app.height
    inside = (
        round(panel.left) + 12,
        h - round(panel.top) + 12,
        round(panel.right) - 12,
        h - round(panel.bottom) - 12,
    )
    assert ImageChops.difference(with_cards.crop(inside), without.crop(inside)).getbbox() is None
    assert ImageChops.difference(with_cards, without).getbbox() is not None  # cards lie around
    # dimmed: the table under the dialog is darker than the table alone
    ui.app.show_view(view)
    ui.frames(1)
    alone = ui.shot()
    x, y = 4, h // 2
    assert sum(with_cards.getpixel((x, y))) < sum(alone.getpixel((x, y)))


def _ink(t: Any) -> tuple[float, float, float, float]:
    return (t.left, t.bottom, t.right, t.top)


def test_score_texts_stack_apart_inside_the_window(ui) -> None:  # type: ignore[no-untyped-def]
    """Moves played in quick succession at 800x600: the rising texts never print over each
    other, stay inside the window and under the top bar, and have a dark shadow."""
    from desert_pyramid.app.prefs import Settings

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    view = _practice(ui)
    ui.app.set_settings(Settings(animation_speed=1, mute=True))
    view.layout(800, 600)
    line = find_win(view.game)
    assert line is not None
    fx = view.effects
    seen = 0
    most = 0
    for move in line[:-1]:
        view.apply(view.control.play(move))
        for _ in range(3):
            view.on_update(1 / 60)
            rising = [fx._texts[id(f)] for f in fx.floaters if f.steady and f.alpha > 0]
            most = max(most, len(rising))
            boxes = [_ink(t) for t in rising if t.text]
            seen += len(boxes)
            for i, a in enumerate(boxes):
                assert a[0] >= 0 and a[2] <= 800 and a[1] >= 0, (a, rising[i].text)
                assert a[3] <= view.geom.hud.bottom + 1, (a, rising[i].text)
                for b in boxes[i + 1 :]:
                    apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
                    assert apart, (a, b, [t.text for t in rising])
            for t in rising:  # a dark shadow as opaque as the text itself
                assert fx._shadows[id(t)].color[3] == t.color[3]
    assert seen > 50 and most >= 2  # texts rose, and several at once


def test_a_won_deals_banner_stays_crisp_until_the_results(ui) -> None:  # type: ignore[no-untyped-def]
    view = won_practice(ui)
    fx = view.effects
    for _ in range(60):  # 4 s: longer than a celebration used to show before it faded
        ui.frames(4, draw=False)
        if not isinstance(ui.view, TableView):
            break
        assert fx.backing is not None
        assert [f.alpha for f in fx.floaters] == [255, 255]
    assert view.board.celebration is not None  # the cards were thrown meanwhile


def expedition(ui: Any, speed: float = 1.0) -> TableView:
    from desert_pyramid.app.prefs import Settings

    ui.app.set_settings(Settings(animation_speed=speed, mute=True))
    ui.app.options.seed = 3
    ui.app.start_mode("expedition")
    ui.frames(1)
    view = ui.view
    assert isinstance(view, TableView) and view.session.mode == "expedition"
    return view


def test_the_sunset_sinks_the_sun_then_the_light_goes_then_the_results(ui) -> None:  # type: ignore[no-untyped-def]
    from desert_pyramid.ui.screens.results import ResultsView

    view = expedition(ui)
    view.session.daylight.left_ms = 30
    ui.frames(2)
    assert view.ending and view.sunset is not None
    assert "sun has set" not in view.message  # the moment, not a line of text
    assert view.effects.backing is not None  # the banner
    dusks, dark = [], []
    while isinstance(ui.view, TableView):
        dusks.append(view.dusk())
        dark.append(view.sunset.darkness if view.sunset else 0)
        ui.frames(6)
        assert len(dusks) < 200
    assert isinstance(ui.view, ResultsView)
    assert dusks == sorted(dusks) and dusks[-1] >= 0.99  # the sun sinks to the horizon
    assert dark == sorted(dark) and dark[0] == 0 and dark[-1] > 150  # then the light goes
    assert len(dusks) * 6 / 60 >= 2.0  # a moment, not a blink


def test_with_animations_off_the_sunset_goes_straight_to_the_results(ui) -> None:  # type: ignore[no-untyped-def]
    from desert_pyramid.ui.screens.results import ResultsView

    view = expedition(ui, speed=0)
    view.session.daylight.left_ms = 30
    ui.frames(3)
    assert view.sunset is None
    assert isinstance(ui.view, ResultsView)


def stuck_practice(ui: Any) -> TableView:
    """A Practice deal played (by always taking the last legal move) up to its last move before
    it is stuck; the last move is played by the test."""
    from desert_pyramid.catalog import get_layout
    from desert_pyramid.engine import DESERT, Deal, Game

    g = Game(get_layout(1), DESERT, Deal.from_seed(1))
    line = []
    while not g.is_stuck() and not g.won and len(line) < 400:
        move = g.legal_moves()[-1]
        g.play(move)
        line.append(move)
    assert g.is_stuck()
    view = _practice(ui, seed=1)
    for move in line[:-1]:
        view.control.play(move)
    view.apply(view.control.play(line[-1]))
    return view


def test_a_stuck_deal_opens_the_no_more_moves_dialog(ui) -> None:  # type: ignore[no-untyped-def]
    view = stuck_practice(ui)
    dialog = view.stuck_dialog
    assert dialog is not None and view.control.stuck
    labels = [b.label for b in dialog.menu.buttons]
    assert labels == [
        "Undo to where it can still be won",
        "New deal",
        "Watch the replay",
        "Keep looking",
    ]
    ui.frames(1)
    assert view.drawn_layers[-1] == Layer.MODAL
    # a notice that comes meanwhile waits: notices lie under modal dialogs
    from desert_pyramid.progression import RELICS, Unlocks

    overlay = ui.app.overlay
    overlay.unlocked(Unlocks((RELICS[0],), ()))
    ui.frames(2)
    assert overlay.current is not None and overlay.waiting and overlay.current.age == 0
    # the table does not take the keys while it shows: Esc keeps looking
    moves = view.game.moves
    assert view.on_action("undo") is False or view.game.moves == moves
    assert view.game.moves == moves
    view.on_action("pause")
    assert view.stuck_dialog is None
    ui.frames(1)
    assert Layer.MODAL not in view.drawn_layers
    assert not overlay.waiting and overlay.current.age > 0  # then it shows


def test_the_dialog_goes_back_to_where_the_deal_can_be_won(ui) -> None:  # type: ignore[no-untyped-def]
    import time

    view = stuck_practice(ui)
    played = view.game.moves
    assert view.stuck_dialog is not None
    view.stuck_dialog.on_action("accept")  # the first button, focused
    assert view.stuck_dialog is None
    end = time.monotonic() + 60
    while view.game.moves == played and time.monotonic() < end:
        ui.frames(1)
        time.sleep(0.01)
    assert view.game.moves < played and not view.control.stuck
    assert find_win(view.game) is not None  # from here the deal can be won


def test_the_dialog_deals_anew_or_shows_the_replay(ui) -> None:  # type: ignore[no-untyped-def]
    from desert_pyramid.ui.screens.replay import ReplayView

    view = stuck_practice(ui)
    assert view.stuck_dialog is not None
    view.stuck_dialog.on_action("focus_down")
    view.stuck_dialog.on_action("focus_down")
    view.stuck_dialog.on_action("accept")  # Watch the replay
    assert isinstance(ui.view, ReplayView)
    view = stuck_practice(ui)
    assert view.stuck_dialog is not None
    button = view.stuck_dialog.menu.buttons[1].rect  # New deal, by the mouse
    ui.click(button.cx, button.cy)
    assert isinstance(ui.view, TableView) and ui.view is not view
    assert ui.view.game.moves == 0


def test_with_animations_off_a_win_throws_nothing_and_shows_the_results(ui) -> None:  # type: ignore[no-untyped-def]
    from desert_pyramid.ui.screens.results import ResultsView

    view = won_practice(ui, speed=0)
    ui.frames(2)
    assert view.board.celebration is None and not view.board.flying
    assert view.effects.backing is None and not view.effects.floaters
    assert isinstance(ui.view, ResultsView)
