"""Issue 5's views: the Daily screen (streak, calendar, past days for practice, the share line),
the Practice set-up's single options and deal code, and the trek's results listing its unlocks.

Fast: the daily deal comes from the modes tests' fake finder (an easy deal, cleared in 14 pairs).
``KEEP_SHOTS=folder`` keeps the screens as PNG files to look at."""

from __future__ import annotations

import datetime
import os
from pathlib import Path
from typing import Any

import pytest
from arcade import key as K

from desert_pyramid.engine import Move
from desert_pyramid.storage import SaveStore
from tests.test_modes_helpers import FakeFinder, easy_line

from .driver import Driver

pytestmark = pytest.mark.ui

TODAY = datetime.date(2025, 3, 14)  # a Friday


def keep(ui: Driver, name: str) -> None:
    folder = os.environ.get("KEEP_SHOTS")
    if folder:
        ui.frames(1)
        ui.shot().save(Path(folder) / f"{name}.png")


def day(n: int) -> datetime.date:
    return TODAY + datetime.timedelta(days=n)


def press(ui: Driver, label: str) -> None:
    menu = ui.view.menu
    target = [b.label for b in menu.buttons].index(label)
    while menu.focus != target:
        ui.key(K.DOWN)
    ui.key(K.ENTER)
    ui.frames(1)


def clear_the_deal(ui: Driver) -> None:
    from desert_pyramid.ui.screens.results import ResultsView
    from desert_pyramid.ui.table.view import TableView

    assert isinstance(ui.view, TableView)
    for text in easy_line():
        ui.play(Move.parse(text), "mouse")
    for _ in range(200):
        if isinstance(ui.view, ResultsView):
            return
        ui.frames(1, dt=0.1)
    raise AssertionError("no results after the deal was cleared")


def daily_screen(ui: Driver) -> Any:
    from desert_pyramid.ui.screens.daily_view import DailyView

    ui.app.show_daily(TODAY, FakeFinder(step=3))
    ui.frames(1)
    assert isinstance(ui.view, DailyView)
    return ui.view


def states(view: Any) -> dict[datetime.date, str]:
    return {cell.day: cell.state for _rect, cell in view.cells}


def test_todays_daily_through_the_daily_screen_counts_and_shares(ui: Driver, saves: Any) -> None:
    daily = saves.progress.daily
    for n in (-9, -8, -2, -1):
        daily.record_clear(day(n).isoformat())
    daily.record_clear(day(-5).isoformat(), day(-3).isoformat())  # caught up later
    view = daily_screen(ui)
    assert view.streak_line() == "Day streak: 2 days · best 2"
    s = states(view)
    assert (s[day(-9)], s[day(-5)], s[day(-4)], s[day(0)], s[day(1)]) == (
        "cleared",
        "late",
        "missed",
        "today",
        "future",
    )
    assert len(view.cells) == 14 and view.selected == TODAY
    keep(ui, "daily")
    assert view.menu.buttons[view.menu.focus].label == "Play today's pyramid"
    ui.key(K.ENTER)
    ui.frames(1)
    assert ui.view.session.mode == "daily" and ui.view.session.day == TODAY
    clear_the_deal(ui)
    results = ui.view
    assert daily.current_on(TODAY.isoformat()) == 3 and daily.best == 3
    assert results.share.startswith("Desert Pyramid Daily 2025-03-14 ") and results.share.endswith(
        "streak 3 days"
    )
    shown = [t.text for t in results.texts.items]
    assert (
        "Desert" in shown and "desert" not in shown
    )  # the rules in words, not the lower-case name
    assert "☀ cleared in" in results.share  # copied whole; the sun is drawn as an icon in a gap
    assert results.share.replace("☀", "\u2003") in [t.text for t in results.texts.items]
    t, sun = results.share_text, results.share_icon
    assert sun in results.decor and t.left < sun.center_x < t.right and sun.center_y == round(t.y)
    ui.frames(1)
    shot = ui.shot()
    x, y = int(sun.center_x), ui.app.height - int(sun.center_y)
    r, g, b = shot.getpixel((x, y))  # the sun's disc, in the line's gold
    assert r > 200 and g > 160 and b < 140, (r, g, b)
    press(ui, "Copy the share line")  # no clipboard offscreen: it says so, the line stays shown
    assert "copy" in results.message.lower()
    keep(ui, "daily_results")
    view = daily_screen(ui)
    assert states(view)[TODAY] == "cleared" and view.streak_line() == "Day streak: 3 days · best 3"
    # the saved file has it too
    saves.store.flush()
    reopened = SaveStore.open(saves.store.folder.path, background=False)
    assert reopened.progress.daily.current_on(TODAY.isoformat()) == 3
    assert reopened.progress.daily.late_dates == [day(-5).isoformat()]
    reopened.close()


def test_a_past_day_is_practice_and_leaves_the_streak(ui: Driver, saves: Any) -> None:
    daily = saves.progress.daily
    daily.record_clear(day(-1).isoformat())
    daily.record_play(day(-6).isoformat())
    view = daily_screen(ui)
    for _ in range(3):
        ui.key(K.LEFT)
    assert view.selected == day(-3)
    assert view.menu.buttons[1].label == "Play Tue 11 Mar for practice"
    for _ in range(30):
        ui.key(K.LEFT)  # no further back than the calendar shows
    assert view.selected == view.cells[0][1].day
    for _ in range(30):
        ui.key(K.RIGHT)  # nor into the future
    assert view.selected == TODAY
    rect = next(r for r, cell in view.cells if cell.day == day(-3))
    ui.click(rect.cx, rect.cy)  # a click selects the day, a second click plays it
    assert view.selected == day(-3)
    ui.click(rect.cx, rect.cy)
    ui.frames(1)
    session = ui.view.session
    assert session.day == day(-3) and not session.counts_for_streak
    clear_the_deal(ui)
    assert "streak" not in ui.view.share
    assert daily.current_on(TODAY.isoformat()) == 1 and daily.best == 1
    assert daily.late_dates == [day(-3).isoformat()]
    view = daily_screen(ui)
    assert states(view)[day(-3)] == "late" and states(view)[day(-2)] == "missed"


# -- Practice set-up ---------------------------------------------------------------------------------


def setup_screen(ui: Driver, **kw: Any) -> Any:
    from desert_pyramid.ui.screens.practice import PracticeSetupView

    ui.app.show_view(PracticeSetupView(ui.app, **kw))
    ui.frames(1)
    return ui.view


def focus_row(ui: Driver, label: str) -> None:
    menu = ui.view.menu
    target = [b.label for b in menu.buttons].index(label)
    while menu.focus != target:
        ui.key(K.UP if menu.focus > target else K.DOWN)


def type_text(ui: Driver, text: str) -> None:
    for ch in text:
        ui.app.dispatch_event("on_text", ch)
    ui.app.dispatch_events()


def test_practice_single_options_reach_the_table(ui: Driver) -> None:
    from desert_pyramid.engine import UNLIMITED
    from desert_pyramid.ui.table.view import TableView

    view = setup_screen(ui)
    keep(ui, "practice")
    focus_row(ui, "Passes")
    ui.key(K.RIGHT)  # 3 -> unlimited
    assert view.menu.buttons[view.menu.focus].value == "Unlimited"
    for label in ("Stock top playable", "Draw three", "Satchel", "All 52 must go", "Relaxed match"):
        focus_row(ui, label)
        ui.key(K.RIGHT)
        assert view.menu.buttons[view.menu.focus].value == ("Off" if label == "Satchel" else "On")
    assert view.menu.buttons[0].value == "Desert + options"
    press(ui, "Play")
    assert isinstance(ui.view, TableView)
    r = ui.view.game.rules
    assert (r.passes, r.stock_top_playable, r.draw_three, r.satchel, r.all_52, r.relaxed_match) == (
        UNLIMITED,
        True,
        True,
        False,
        True,
        True,
    )


def test_a_typed_deal_code_reaches_the_table_and_a_bad_one_says_why(ui: Driver) -> None:
    from desert_pyramid.engine import RELAXED, Deal, encode_deal_code
    from desert_pyramid.ui.screens.practice import PracticeSetupView
    from desert_pyramid.ui.table.view import TableView

    deal = Deal.from_seed(4242)
    code = encode_deal_code(deal, RELAXED, 7)
    view = setup_screen(ui)
    focus_row(ui, "Deal code")
    type_text(ui, code[:-1] + ("Z" if code[-1] != "Z" else "Y"))  # one character mistyped
    assert (
        view.menu.buttons[view.menu.focus - 1].value == "Deal code"
    )  # typing chose the code as the deal
    ui.key(K.ENTER)
    assert isinstance(ui.view, PracticeSetupView) and "does not check out" in view.message
    assert view.code.startswith(code[:-1])  # nothing lost: the code stays to be corrected
    keep(ui, "practice_bad_code")
    ui.key(K.BACKSPACE)
    type_text(ui, code[-1])
    ui.key(K.V, K.MOD_CTRL)  # no clipboard offscreen: it says so and the code is untouched
    assert view.code == code and "paste" in view.message.lower()
    press(ui, "Play")
    assert isinstance(ui.view, TableView)
    g = ui.view.game
    assert g.deal.cards == deal.cards and g.rules == RELAXED and g.layout.number == 7
    assert ui.view.session.deal_code == code


def test_a_winnable_deal_shows_its_grade_on_the_table(ui: Driver) -> None:

    from desert_pyramid.ui.table.view import TableView

    view = setup_screen(ui, finder=FakeFinder(step=2, real=True), grader=lambda game: "Medium")
    focus_row(ui, "Deal")
    ui.key(K.RIGHT)
    assert view.menu.buttons[view.menu.focus].value == "Winnable only"
    press(ui, "Play")
    ui.frames_until(lambda: isinstance(ui.view, TableView), 10)
    assert isinstance(ui.view, TableView) and ui.view.session.grade == "Medium"
    assert "difficulty: Medium" in ui.view.subtitle


# -- a trek's results --------------------------------------------------------------------------------


def test_the_trek_results_list_what_the_trek_unlocked(ui: Driver, saves: Any) -> None:
    from desert_pyramid.modes import ExpeditionSession
    from desert_pyramid.ui.screens.pause import PauseView
    from desert_pyramid.ui.screens.results import ResultsView
    from tests.test_modes_helpers import LAYOUT

    ui.app.new_table(ExpeditionSession(7, LAYOUT, finder=FakeFinder(step=3)))
    ui.frames(1)
    view = ui.view
    for (
        text
    ) in easy_line():  # pyramid 1 cleared: the first relic (1 pyramid) and the no-redeal back
        view.apply(view.control.play(Move.parse(text)))
    ui.frames(1)
    assert view.session.number == 2
    ui.key(K.ESCAPE)
    assert isinstance(ui.view, PauseView)
    press(ui, "End the trek")
    assert isinstance(ui.view, PauseView)  # it asks first
    ui.key(K.ENTER)
    ui.frames(1)
    assert isinstance(ui.view, ResultsView)
    shown = [t.text for t in ui.view.texts.items]
    lines = dict(zip(shown[2::2], shown[3::2], strict=False))
    assert lines["Pyramids cleared"] == "1"
    assert lines["Score"] == f"{view.session.results().score:,}" and lines["Best chain"] == "12"
    assert lines["Relic found"] == "Brass Compass"
    assert "Card back unlocked" in lines
    # the back itself is shown, small, left of its name
    name = next(t for t in ui.view.texts.items if t.text == lines["Card back unlocked"])
    backs = [
        sp
        for sp in ui.view.decor
        if sp.right <= name.left
        and abs(sp.center_y - (name.top + name.bottom) / 2) < 2  # level with its name
        and sp.height < 40
    ]
    assert len(backs) == 1 and backs[0].width < backs[0].height
    # the record line counts pyramids as pyramids, not as games
    record = [t for t in shown if t.startswith("Expedition pyramids:")]
    assert record and record[0].startswith("Expedition pyramids: 1 cleared of ")
    keep(ui, "trek_results")
    # a trek that unlocks nothing says so
    ui.app.new_table(ExpeditionSession(8, LAYOUT, finder=FakeFinder(step=3)))
    ui.frames(1)
    ui.key(K.ESCAPE)
    press(ui, "End the trek")
    ui.key(K.ENTER)
    ui.frames(1)
    shown = [t.text for t in ui.view.texts.items]
    assert "Unlocked" in shown and "nothing new" in shown and "Relic found" not in shown


def test_a_typed_game_code_opens_its_replay_and_a_mistyped_one_says_why(ui: Driver) -> None:
    from desert_pyramid.catalog import get_layout
    from desert_pyramid.engine import CLASSIC, Deal, Game, encode_game_code
    from desert_pyramid.ui.screens.practice import PracticeSetupView
    from desert_pyramid.ui.screens.replay import ReplayView

    game = Game(get_layout(1), CLASSIC, Deal.from_seed(1, 4550))
    game.replay("25+22 F F F F KW F F F F F 28+W 26+W K19 F".split())
    code = encode_game_code(game)
    view = setup_screen(ui)
    focus_row(ui, "Deal code")
    type_text(ui, code[:-1] + ("Z" if code[-1] != "Z" else "Y"))
    ui.key(K.ENTER)
    assert isinstance(ui.view, PracticeSetupView) and "does not check out" in view.message
    ui.key(K.BACKSPACE)
    type_text(ui, code[-1])
    press(ui, "Play")
    replay = ui.view
    assert isinstance(replay, ReplayView)
    assert replay.moves == game.history and replay.step == 0
    ui.key(K.END)
    assert replay.game.position_key() == game.position_key()
    replay.close_source()
    ui.key(K.ESCAPE)  # back to the set-up, the code still in its field
    assert ui.view is view and view.code == code


def test_results_show_the_rules_in_words() -> None:
    from desert_pyramid.ui.screens.results import rules_words

    assert rules_words("desert") == "Desert"
    assert (
        rules_words("classic+p1+top") == "Classic: one pass, stock top playable, clear the layout"
    )
    assert rules_words("not rules at all") == "not rules at all"  # an odd record is shown as it is


def test_the_results_screen_option_shows_a_finished_deal(ui: Driver, saves: Any) -> None:
    """``--screen results`` (app.start) plays the deal to its end first: the screen shows a
    cleared deal with its moves and score, not an empty 'DEAL OVER'."""
    from desert_pyramid.ui.screens.results import ResultsView
    from desert_pyramid.ui.window import RunOptions, start

    ui.app.options.seed = 4
    start(ui.app, RunOptions(size=(1280, 720), headless=True, screen="results"))
    ui.frames(1)
    view = ui.view
    assert isinstance(view, ResultsView)
    assert view.results.won and view.results.moves > 0 and view.results.score > 0
    shown = [t.text for t in view.texts.items]
    assert "PYRAMID CLEARED!" in shown and "DEAL OVER" not in shown


def test_days_to_come_do_not_look_like_days_gone(ui: Driver, saves: Any) -> None:
    """On the Daily calendar a future day is an outline with a faint number; a past day before
    the first Daily is a filled box with a bright number: the two look plainly different."""
    from desert_pyramid.modes.streak import FUTURE, NONE

    view = daily_screen(ui)
    ui.frames(1)
    shot = ui.shot()
    grey = shot.convert("L")
    future = next(r for r, c in view.cells if c.state == FUTURE)
    past = next(r for r, c in view.cells if c.state == NONE)

    def at(x: float, y: float) -> tuple[int, int, int]:
        return shot.getpixel((int(x), ui.app.height - 1 - int(y)))  # type: ignore[no-any-return]

    def distance(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
        return sum(abs(x - y) for x, y in zip(a, b, strict=True))

    def brightest_number(r: Any) -> int:  # the day's number, in the upper half of the box
        box = (
            int(r.left) + 4,
            ui.app.height - int(r.top) + 2,
            int(r.right) - 4,
            ui.app.height - int(r.cy),
        )
        return int(grey.crop(box).getextrema()[1])

    # the future day's box has an edge and the panel inside; the past day's box is filled to its edge
    def edge(r: Any) -> int:  # how far the box's left edge stands out from its inside
        return max(distance(at(r.left + dx, r.cy), at(r.left + 6, r.cy)) for dx in (-1, 0, 1))

    assert edge(future) > 40
    # (the panel is opaque and darker than the past day's fill: its edge is judged beside the future's rim)
    assert (
        edge(past) < edge(future) // 2
        and distance(at(past.left + 6, past.cy), at(past.left - 6, past.cy)) > 20
    )
    assert brightest_number(future) < brightest_number(past) - 50  # a faint number


def test_the_daily_replay_ends_on_the_total_the_results_showed(ui: Driver, saves: Any) -> None:
    """Watch again after a Daily clear: the replay's total is the results' (the time bonus
    included), not the moves' points alone."""
    from desert_pyramid.ui.screens.replay import ReplayView
    from desert_pyramid.ui.screens.results import ResultsView

    view = daily_screen(ui)
    ui.key(K.ENTER)
    ui.frames(1)
    assert ui.view.session.mode == "daily"
    ui.frames(30 * 60, draw=False)  # half a minute at the table: a bonus smaller than the most
    clear_the_deal(ui)
    results = ui.view
    assert isinstance(results, ResultsView)
    record = results.results
    assert (
        0 < record.time_bonus < 1800
        and record.score == results.table.game.points + record.time_bonus
    )
    shown = [t.text for t in results.texts.items]
    assert f"{record.score:,}" in shown
    press(ui, "Watch again")
    replay = ui.view
    assert isinstance(replay, ReplayView) and view is not replay
    assert replay.final_score == record.score
    assert replay.state_text.text.endswith(f"at the end: {record.score:,}")
    replay.go_to(len(replay.moves), animate=False)
    assert replay.game.points + record.time_bonus == replay.final_score
    ui.key(K.ESCAPE)  # closed (its analysis stopped): back to the results
    assert ui.view is results
