"""The big moments, staged: draw order by layers (the win's cards over the buttons), opaque
panels over a dimmed screen, a won deal, a stuck deal, the sunset, and the score texts."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from PIL import ImageChops

from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.layers import Layer
from desert_pyramid.ui.table.geometry import HINT
from desert_pyramid.ui.table.view import TableView

from .winning import find_win, stuck_line

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
    view.hud.draw_piles = lambda box=None: None  # type: ignore[method-assign]
    try:
        without_hud = _frame(ui, view)
    finally:
        del view.hud.draw_piles
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
    other, stay inside the window and under the top bar, and have a dark shadow. Issue 40 item
    5: one pop-up at a time (two or three faded ones floated over the cards at once): every text
    rising is the last move's, and a row's bonus rises as a line under that move's points."""
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
    together = 0  # moves whose pop-up had a row's line under the points
    for move in line[:-1]:
        view.apply(view.control.play(move))
        this_move = {id(f) for f in fx.floaters if f.steady}
        lines = [fx._texts[id(f)] for f in fx.floaters if f.steady]
        if len(lines) >= 2:
            points, row = lines[0], lines[1]
            assert row.top <= points.bottom + 1 and abs(row.x - points.x) < row.content_width
            together += 1
        for _ in range(3):
            view.on_update(1 / 60)
            steady = [f for f in fx.floaters if f.steady and f.alpha > 0]
            assert all(id(f) in this_move for f in steady), [f.text for f in steady]
            rising = [fx._texts[id(f)] for f in steady]
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
    assert seen > 50 and most >= 1 and together >= 1  # texts rose; a row's line under points


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
        ui.frames(2, dt=3 / 60)  # 6 frames' time per sample, 2 of them drawn
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
    view = _practice(ui, seed=1)
    line = stuck_line(view.game)
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
    view = stuck_practice(ui)
    played = view.game.moves
    assert view.stuck_dialog is not None
    view.stuck_dialog.on_action("accept")  # the first button, focused
    assert view.stuck_dialog is None
    ui.frames_until(lambda: view.game.moves != played)
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


def _celebrating(ui: Any) -> tuple[TableView, Any, Any]:
    """A won deal mid-celebration, with one thrown card held still where ``place`` says."""
    view = won_practice(ui)
    for _ in range(400):
        ui.frames(1)
        c = view.board.celebration
        if c is not None and c.active:
            break
    c = view.board.celebration
    assert c is not None and c.active
    b = c.active[0]
    c.active = [b]
    c.launched = len(c.cards)  # no other card comes
    return view, c, b


def _box(ui: Any, r: Any) -> tuple[int, int, int, int]:
    """A rectangle in window coordinates (y up) as an image crop box (y down), 2 px inside."""
    h = ui.app.height
    return (round(r.left) + 2, h - round(r.top) + 2, round(r.right) - 2, h - round(r.bottom) - 2)


def test_the_top_bar_lies_over_the_wins_thrown_cards(ui) -> None:  # type: ignore[no-untyped-def]
    """Mid-celebration, a thrown card passing the top bar (over the score) passes under it: the
    bar's pixels there are the same with the card and without it."""
    view, c, b = _celebrating(ui)
    score = view.hud.values["score"]
    b.x, b.y, b.vx, b.vy, b.gravity, b.spin, b.angle = score.x, score.y, 0, 0, 0, 0, 0
    shown = _frame(ui, view)
    assert view.drawn_layers == sorted(view.drawn_layers)
    assert view.drawn_layers.index(Layer.EFFECTS) < view.drawn_layers.index(Layer.HUD)
    card = view.board.cards[b.card]
    assert card in view.board.flying and card.visible
    bar = view.geom.hud
    assert card.bottom < bar.top and card.top > bar.bottom  # the card lies across the bar
    left, right = max(bar.left, card.left), min(bar.right, card.right)
    crop = _box(ui, Rect(left, max(bar.bottom, card.bottom), right - left, bar.top - bar.bottom))
    crop = (crop[0], crop[1], crop[2], min(crop[3], ui.app.height - round(bar.bottom) - 4))
    card.visible = False
    view.board.flying.remove(card)
    without_card = _frame(ui, view)
    assert ImageChops.difference(shown.crop(crop), without_card.crop(crop)).getbbox() is None
    # under the bar, the card shows (the thrown cards lie over the table)
    below = _box(ui, Rect(card.left, card.bottom, card.width, bar.bottom - card.bottom - 6))
    assert ImageChops.difference(shown.crop(below), without_card.crop(below)).getbbox()


def test_the_top_bar_lies_over_the_sunsets_night(ui) -> None:  # type: ignore[no-untyped-def]
    """As the light goes at the end of a trek, the top bar (the trek's score) is not darkened."""
    view = expedition(ui)
    view.session.daylight.left_ms = 30
    ui.frames(2)
    sunset = view.sunset
    assert sunset is not None
    sunset.t = sunset.duration * 0.9  # the light mostly gone
    assert sunset.darkness > 100
    dark = _frame(ui, view)
    view._draw_night = lambda: None  # type: ignore[method-assign]
    try:
        lit = _frame(ui, view)
    finally:
        del view._draw_night
    bar = _box(ui, view.geom.hud)
    assert ImageChops.difference(dark.crop(bar), lit.crop(bar)).getbbox() is None
    assert ImageChops.difference(dark, lit).getbbox() is not None  # the table under it is dark


def test_a_notice_already_showing_gives_way_to_the_stuck_dialog(ui) -> None:  # type: ignore[no-untyped-def]
    """A notice up when the deal gets stuck is not drawn over the dialog: it waits, and comes in
    again, whole, once the dialog is closed."""
    from desert_pyramid.app.prefs import Settings

    view = _practice(ui, seed=1)
    line = stuck_line(view.game)
    for move in line[:-1]:
        view.control.play(move)
    ui.app.set_settings(Settings(animation_speed=1, mute=True))  # the toast slides and holds
    overlay = ui.app.overlay
    overlay.notice("The save folder is full.", "warning")
    ui.frames(5, dt=0.12)
    toast = overlay.current
    assert toast is not None and toast.age > 0.5 and overlay.rect is not None  # on screen
    view.apply(view.control.play(line[-1]))
    assert view.stuck_dialog is not None
    ui.frames(8, dt=0.2)  # the last move's cards come to rest
    with_notice = _frame(ui, view)
    assert overlay.current is toast and overlay.waiting
    overlay.current = None
    without = _frame(ui, view)
    overlay.current = toast
    assert ImageChops.difference(with_notice, without).getbbox() is None  # not drawn at all
    view.on_action("pause")  # Esc: keep looking
    ui.frames(2)
    assert overlay.current is toast and not overlay.waiting and 0 < toast.age < 0.1
    assert ImageChops.difference(ui.shot(), without).getbbox() is not None  # it shows again


def test_a_stuck_deal_restored_by_continue_offers_the_dialog(ui, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A player who quit on a stuck deal comes back (Continue) to the "No more moves" dialog,
    not to a silent table."""
    from desert_pyramid.storage import SaveStore

    saves = ui.app.saves
    store = SaveStore.open(tmp_path / "saves", background=True)
    saves.attach(store)
    try:
        view = _practice(ui, seed=1)
        for move in stuck_line(view.game):
            view.apply(view.control.play(move))
        assert view.stuck_dialog is not None
        played = view.game.moves
        saves.close()  # quit
        ui.app.table = None
        store = SaveStore.open(tmp_path / "saves", background=True)
        saves.attach(store)
        ui.app.show_title()
        ui.frames(1)
        assert ui.app.continue_game()
        ui.frames(1)
        table = ui.view
        assert isinstance(table, TableView) and ui.view is table and table is not view
        assert table.game.moves == played and table.control.stuck
        assert table.stuck_dialog is not None
        assert table.drawn_layers[-1] == Layer.MODAL
        table.on_action("pause")  # keep looking: the table does not offer it again
        ui.app.show_pause(table)
        ui.app.show_view(table)
        assert table.stuck_dialog is None
    finally:
        saves.attach(None)
        store.close()
        ui.app.table = None


def test_the_keys_help_keeps_its_text_size_and_scrolls_in_a_small_window(ui) -> None:  # type: ignore[no-untyped-def]
    """At 640x360 the key list keeps the size of its text (no tiny lines): it scrolls."""
    from arcade import key as K

    from desert_pyramid.ui.screens.help import HelpView

    view = _practice(ui)
    ui.app.show_help(view)
    help_view = ui.view
    assert isinstance(help_view, HelpView)
    help_view.layout(640, 360)  # as the window at its smallest lays it out
    s = max(0.7, min(640 / 1280, 360 / 720) ** 0.8)
    sizes = {round(t.font_size, 2) for t in help_view.keys_texts.items}
    assert sizes == {round(13 * s, 2), round(11.5 * s, 2)}  # titles and lines, full size
    # it scrolls anyway: one column, each line whole (none cut with "…")
    scroll_w = help_view.scroll.area.width
    cut = [t.text for t in help_view.keys_texts.items if t.label.text.endswith("…")]
    assert not cut and all(t.x < scroll_w / 2 for t in help_view.keys_texts.items)
    scroll = help_view.scroll
    assert scroll.max_offset > 0 and scroll.offset == 0  # taller than its room: it scrolls
    ui.key(K.DOWN)
    assert scroll.offset > 0 and isinstance(ui.view, HelpView)
    ui.key(K.END)
    assert scroll.at_end
    ui.key(K.HOME)
    assert scroll.offset == 0
    help_view.layout(1280, 720)  # at 1280x720 the whole list shows
    assert help_view.scroll.max_offset == 0


def test_an_expedition_pyramids_banner_stands_clear_of_the_next_deal(ui) -> None:  # type: ignore[no-untyped-def]
    """A pyramid cleared: its banner lies on the sky between the top bar and the message line,
    over none of the next pyramid's cards nor the piles, at 640x360 (two lines then), 800x600 and
    1280x720, on a rounded panel."""
    from desert_pyramid.ui.table.effects import occupied

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    for w, h in ((640, 360), (800, 600), (1280, 720)):
        view = expedition(ui)
        view.layout(w, h)  # as a window of that size lays the table out
        line = find_win(view.game)
        assert line is not None
        for move in line:
            view.apply(view.control.play(move))
        fx, g = view.effects, view.geom
        b = fx.backing
        assert b is not None, (w, h)
        box = Rect(b.left, b.bottom, b.width, b.height)
        assert 0 <= box.left and box.right <= w and g.message.top <= box.bottom
        assert box.top <= g.hud.bottom
        assert not any(box.overlaps(r) for r in occupied(view.game, g)), (w, h, box)
        lines = [fx._texts[id(f)] for f in fx.floaters]
        for t in lines:  # every line inside its panel
            assert box.left <= t.left and t.right <= box.right, (w, h, t.text)
            assert box.bottom <= t.bottom and t.top <= box.top, (w, h, t.text)
        assert len(lines) == (4 if w == 640 else 2), [t.text for t in lines]
        assert len(fx._panel) == 1 and fx._panel[0].width == round(box.width)


def test_a_long_message_keeps_inside_the_window_and_under_the_captions(ui) -> None:  # type: ignore[no-untyped-def]
    """In a low window a message too long for its line stays on the window and its bar under the
    pile captions (in pages rather than rising over them or off the window's edge; issue 40: no
    longer cut with "…")."""
    view = _practice(ui)
    long = (
        "Räume Pyramiden ab, bevor die Sonne untergeht: Jede abgeräumte bringt Tageslicht, "
        "und Pyramide N zählt ×N. "
    )
    for w, h, times in ((640, 360, 1), (640, 360, 4), (1280, 400, 4), (1280, 720, 4)):
        view.layout(w, h)
        view.message = long * times
        view.update_hud()
        hud = view.hud
        hud.settle()
        t, bar = hud.texts["message"], hud.message_bar
        assert t.bottom >= 0 and t.top <= h, (w, h, times)
        captions = [*hud.captions.values(), hud.texts["c-undo"], hud.texts["c-hint"]]
        assert bar is not None and bar.top <= min(c.bottom for c in captions), (w, h, times)
        assert bool(hud.message_pages) == (times > 1), (w, h, times)
        assert "…" not in t.text and (not hud.message_pages or t.text == hud.message_pages[0])
    view.layout(ui.app.width, ui.app.height)
