"""The modes at the table: an Expedition's pyramids, skips and sunset, the Daily, the window's focus,
and a hint that proves the deal lost."""

from __future__ import annotations

import sys

import pytest
from arcade import key as K

from desert_pyramid.app.advisor import Answer
from desert_pyramid.i18n import format_date
from desert_pyramid.i18n.say import Say
from desert_pyramid.modes import PracticeSession
from desert_pyramid.ui.screens.pause import PauseView
from desert_pyramid.ui.screens.results import ResultsView
from desert_pyramid.ui.table.view import TableView

from .winning import find_win

pytestmark = pytest.mark.ui


def expedition(ui):  # type: ignore[no-untyped-def]
    ui.app.options.seed = 3
    ui.app.start_mode("expedition")
    ui.frames(1)
    view = ui.view
    assert isinstance(view, TableView) and view.session.mode == "expedition"
    return view


def test_a_cleared_pyramid_deals_the_next_one(ui) -> None:  # type: ignore[no-untyped-def]
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    view = expedition(ui)
    first = view.game
    left = view.session.daylight.left_ms
    line = find_win(first)
    assert line is not None
    for move in line:
        view.apply(view.control.play(move))
    ui.frames(1)
    assert view.session.number == 2 and view.game is not first and not view.ending
    assert "Pyramid 1 cleared" in view.message
    assert view.session.daylight.left_ms > left  # daylight added
    view.hud.settle()  # texts are laid out a few per frame: all of them now
    assert view.hud.values["pyramid"].text == "2"
    # every card of the new deal is drawn where the new game has it
    for i, c in enumerate(view.game.cards):
        s = view.board.cards[c]
        assert (s.home[0], s.home[1]) == (
            round(view.geom.slots[i].cx),
            round(view.geom.slots[i].cy),
        )


def test_the_search_for_the_next_pyramid_costs_no_daylight(ui) -> None:  # type: ignore[no-untyped-def]
    """The next deal is searched while the clearing move is handled, between two frames: the frame
    time that follows holds the search, not the player's time, and does not count."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    view = expedition(ui)
    line = find_win(view.game)
    assert line is not None
    for move in line:
        view.apply(view.control.play(move))
    left = view.session.daylight.left_ms
    view.on_update(0.300)  # the frame after the clear: it held the search
    assert view.session.daylight.left_ms == left
    view.on_update(0.250)  # the next frames count in full
    assert view.session.daylight.left_ms == left - 250


def test_skip_from_the_pause_menu_costs_daylight(ui) -> None:  # type: ignore[no-untyped-def]
    view = expedition(ui)
    code = view.session.deal_code
    left = view.session.daylight.left_ms
    ui.key(K.ESCAPE)
    assert isinstance(ui.view, PauseView)
    labels = [b.label for b in ui.view.menu.buttons]
    ui.view.menu.press(labels.index("Skip this pyramid (−30 s)"))
    assert ui.view is view
    assert view.session.deal_code != code and view.session.number == 1
    assert left - view.session.daylight.left_ms == 30_000


def test_the_sun_sets_and_the_results_come(ui) -> None:  # type: ignore[no-untyped-def]
    view = expedition(ui)
    ui.frames(2500, dt=0.1, draw=False)  # 250 s: the 240 s of daylight run out
    assert view.session.finished and view.ending
    ui.frames(5)
    assert isinstance(ui.view, ResultsView)
    assert ui.view.results.mode == "expedition" and ui.view.results.pyramids_cleared == 0


def test_the_daily_is_todays_deal(ui) -> None:  # type: ignore[no-untyped-def]
    from desert_pyramid.app.sessions import today
    from desert_pyramid.modes import daily_deal

    ui.app.start_mode("daily")
    ui.frames(1)
    view = ui.view
    assert view.session.mode == "daily"
    assert view.game.deal.cards == daily_deal(today(), view.game.layout).deal.cards
    assert format_date(today()) in view.hud.texts["subtitle"].text  # as the language writes it


def test_focus_lost_pauses_and_a_timed_table_hides(ui) -> None:  # type: ignore[no-untyped-def]
    view = expedition(ui)
    ui.app.on_deactivate()
    assert isinstance(ui.view, PauseView) and ui.view.hide_cards
    assert view.session.paused
    ui.app.options.seed = 9
    ui.app.start_practice()
    ui.frames(1)
    practice = ui.view
    ui.app.on_deactivate()
    assert (
        ui.view is practice and practice.session.paused
    )  # untimed: stays on the table, clock stopped
    ui.app.on_activate()
    assert not practice.session.paused


def test_a_lost_position_offers_to_go_back(ui) -> None:  # type: ignore[no-untyped-def]
    ui.app.options.seed = 4
    ui.app.start_practice()
    ui.frames(1)
    view = ui.view
    assert isinstance(view.session, PracticeSession)
    for _ in range(3):
        ui.key(K.SPACE)

    class LostHint:  # what the solver answers when no line wins from here (its shape, not a guess)
        verdict = "lost"
        rewind_to = 1
        move = None
        text = "No way through from here: undo."

    view.show_hint(Answer("hint", None, (Say(LostHint.text),), (), "lost", 1, LostHint()))
    assert "Enter goes back there" in view.message and "2 moves" in view.message
    ui.key(K.ENTER)
    assert view.game.moves == 1


def _text_rect(t):  # type: ignore[no-untyped-def]
    from desert_pyramid.ui.base.geometry import Rect

    return Rect(t.left, t.bottom, t.right - t.left, t.top - t.bottom)


def _check_celebration(ui, view, title: str, held: bool = False) -> None:  # type: ignore[no-untyped-def]
    from desert_pyramid.ui.base.geometry import Rect
    from desert_pyramid.ui.table.effects import occupied

    fx = view.effects
    cards = occupied(view.game, view.geom)
    assert cards  # the next deal's cards (an Expedition) or at least the piles
    for _step in range(12):  # the whole time it shows: still, backed, off the cards
        assert not fx.flashes, "a row flash after the clear"
        texts = [(f.text, fx._texts[id(f)]) for f in fx.floaters]
        assert [s for s, _ in texts][:1] == [title.upper()] and len(texts) == 2, (
            texts
        )  # title and detail only
        b = fx.backing
        assert b is not None
        box = Rect(b.left, b.bottom, b.width, b.height)
        for s, t in texts:
            r = _text_rect(t)
            assert r.inside(box, slack=1), (s, r, box)  # on the backing
        assert not any(box.overlaps(c) for c in cards), (box, [c for c in cards if box.overlaps(c)])
        ui.frames(4)
    # then 200 frames' time (past the 2.4 s it shows) in updates only: what ends it is the
    # effects' clock, which the table's update runs; the frame after it is drawn
    ui.frames(50, dt=4 / 60, draw=False)
    ui.frames(1)
    if held:  # a won deal's banner stays until the results
        assert fx.backing is not None and [f.alpha for f in fx.floaters] == [255, 255]
    else:
        assert fx.backing is None and not fx.floaters  # then it is gone


def test_a_cleared_pyramid_is_celebrated_on_a_backing_off_the_next_deal(ui) -> None:  # type: ignore[no-untyped-def]
    """The clearing move's row flash, row text and points give way to one celebration: the
    banner and its detail on a backing panel, where no card of the next deal is, for as long as
    it shows."""
    from desert_pyramid.app.prefs import Settings

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    ui.app.set_settings(Settings(animation_speed=1, mute=True))
    view = expedition(ui)
    line = find_win(view.game)
    assert line is not None
    for move in line[:-1]:
        view.apply(view.control.play(move))
    ui.frames(90, draw=False)  # the earlier moves' effects are over (their clock is the update's)
    view.apply(view.control.play(line[-1]))
    assert view.session.number == 2
    ui.frames(1)
    fx = view.effects
    assert "daylight" in fx.floaters[1].text and fx.cleared_points > 0
    _check_celebration(ui, view, "Pyramid 1 cleared!")


def test_a_won_deal_is_celebrated_without_the_row_effects(ui) -> None:  # type: ignore[no-untyped-def]
    from desert_pyramid.app.prefs import Settings
    from desert_pyramid.catalog import get_layout
    from desert_pyramid.engine import DESERT, Deal

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    ui.app.set_settings(Settings(animation_speed=1, mute=True))
    ui.app.start_practice(DESERT, get_layout(1), Deal.from_seed(4))
    ui.frames(1)
    view = ui.view
    line = find_win(view.game)
    assert line is not None
    for move in line[:-1]:
        view.apply(view.control.play(move))
    ui.frames(90, draw=False)
    events = view.control.play(line[-1])
    assert any(type(e).__name__ == "RowCleared" for e in events.events)  # the last row went too
    view.apply(events)
    ui.frames(1)
    _check_celebration(ui, view, "Layout cleared!", held=True)


def test_a_toast_waits_for_the_celebration_to_end(ui) -> None:  # type: ignore[no-untyped-def]
    """A relic found by the very move that clears a pyramid waits: its toast shows once the
    celebration is over, never on top of it (at 800x600 both sit in the same corner)."""
    from desert_pyramid.app.prefs import Settings
    from desert_pyramid.progression import RELICS, Unlocks

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    ui.app.set_settings(Settings(animation_speed=1, mute=True))
    view = expedition(ui)
    line = find_win(view.game)
    assert line is not None
    for move in line:
        view.apply(view.control.play(move))
    overlay = ui.app.overlay
    overlay.unlocked(Unlocks((RELICS[0],), ()))  # what the save link announces after the move
    ui.frames(1)
    assert view.effects.backing is not None  # the celebration shows
    assert overlay.current is not None and overlay.waiting and overlay.current.age == 0
    drawn: list[bool] = []
    real_place = overlay._place

    def spy(*args: object) -> None:  # the toast is placed each frame it is drawn
        drawn.append(True)
        real_place(*args)

    overlay._place = spy
    ui.frames(20)
    assert not drawn  # not drawn while it waits
    ui.frames(26, dt=5 / 60)  # 2.5 s in all, past the 2.4 s (144 frames): then it shows
    assert view.effects.backing is None  # the celebration is over
    assert drawn  # then the toast came
    del overlay._place
