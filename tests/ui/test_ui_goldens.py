"""Golden screenshots of the screens whose look was fixed, so the fixes stay: the table mid-game
with a hint, the coach's panel, covered cards' indices, the results after a sunset, an Expedition
pyramid cleared, the Daily calendar, statistics, the layout picker, relics and card backs.

Compared like the other goldens (tests/ui/test_ui_screens.py ``check_golden``: 320 x 180, a mean
tolerance and a share of far-off pixels, for antialiasing noise). After a deliberate change of the
look, write new ones with ``UPDATE_GOLDENS=1`` (with ``KEEP_SHOTS=DIR`` to keep the full-size
screens) and look at them before committing.
"""

from __future__ import annotations

import datetime
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from arcade import key as K

from desert_pyramid.app.prefs import Settings
from desert_pyramid.catalog import all_layouts, get_layout
from desert_pyramid.engine import DESERT, Deal
from desert_pyramid.progression import GameResult
from desert_pyramid.storage import SaveStore
from tests.test_modes_helpers import FakeFinder
from tools.gallery import king_seed

from .driver import Driver
from .test_ui_screens import check_golden
from .winning import find_win

pytestmark = pytest.mark.ui
TODAY = datetime.date(2025, 3, 14)


@pytest.fixture
def store(ui: Driver, tmp_path: Path) -> Iterator[SaveStore]:
    """A save store in a fresh folder with a few games played (statistics, relics, streaks)."""
    s = SaveStore.open(tmp_path / "saves", background=False)
    for i, (mode, won, score) in enumerate(
        (
            ("practice", True, 1840),
            ("practice", False, 420),
            ("daily", True, 2950),
            ("expedition", True, 3200),
            ("practice", True, 1510),
        )
    ):
        s.record_game(
            GameResult(
                f"g{i}",
                mode,
                "desert",
                1,
                "won" if won else "lost",
                score,
                95.0 + 7 * i,  # type: ignore[arg-type]
                4 + i,
                1,
                f"2025-03-{8 + i:02d}",
            )
        )
    ui.app.saves.attach(s)
    ui.app.overlay.queue.clear()
    ui.app.overlay.current = None
    yield s
    ui.app.saves.attach(None)
    s.close()
    ui.app.overlay.queue.clear()
    ui.app.overlay.current = None


def quiet(ui: Driver) -> None:
    """No toast of an unlock over the screen."""
    ui.app.overlay.queue.clear()
    ui.app.overlay.current = None


def practice(ui: Driver, layout: int = 1, seed: int = 5) -> Any:
    ui.app.start_practice(DESERT, get_layout(layout), Deal.from_seed(seed))
    ui.frames(2)
    return ui.view


def test_golden_table_mid_game_with_a_hint(ui: Driver) -> None:
    from desert_pyramid.solver import solve

    view = practice(ui)
    for move in solve(view.game, 300_000).line[:6]:
        ui.play(move, "keys")
    ui.key(K.H)
    # the clock stands still while the solver thinks
    ui.frames_until(lambda: view.control.hint_move is not None, 30, dt=0.0)
    assert view.hint_places and "Enter plays it" in view.message
    ui.frames(2, dt=0.0)
    check_golden(ui, "hint")


def test_golden_the_coach_beside_the_table(ui: Driver) -> None:
    view = practice(ui, seed=king_seed())
    ui.key(K.SPACE)  # flip while a king is free: the coach names the mistake
    ui.frames(2)
    assert view.board.coach_marked and "MISTAKE" in view.coach_panel.heading
    check_golden(ui, "coach")


def test_golden_covered_cards_keep_an_index(ui: Driver) -> None:
    hourglass = next(lay for lay in all_layouts().values() if lay.name == "Hourglass")
    view = practice(ui, layout=hourglass.number)
    assert any(view.board.tag_rect(c) is not None for c in view.game.cards if c >= 0)
    check_golden(ui, "table_hourglass")


def test_golden_results_after_a_sunset(ui: Driver) -> None:
    from desert_pyramid.ui.screens.results import ResultsView

    ui.app.options.seed = 3
    ui.app.start_mode("expedition")
    ui.frames(1)
    view = ui.view
    ui.frames(2500, dt=0.1, draw=False)  # 250 s: the 240 s of daylight run out
    assert view.session.finished
    ui.frames(5)
    assert isinstance(ui.view, ResultsView)
    quiet(ui)
    ui.frames(2)
    check_golden(ui, "results_sunset")


def test_golden_an_expedition_pyramid_cleared(ui: Driver) -> None:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    ui.app.set_settings(Settings(animation_speed=1, mute=True))
    ui.app.options.seed = 3
    ui.app.start_mode("expedition")
    ui.frames(1)
    view = ui.view
    line = find_win(view.game)
    assert line is not None
    for move in line[:-1]:
        view.apply(view.control.play(move))
    ui.frames(90, draw=False)  # the earlier moves' effects are over
    view.apply(view.control.play(line[-1]))
    ui.frames(30, draw=False)
    assert view.session.number == 2 and view.effects.backing is not None
    quiet(ui)
    ui.frames(1)
    check_golden(ui, "expedition_cleared")


def test_golden_daily_calendar(ui: Driver, store: SaveStore) -> None:
    ui.app.show_daily(TODAY, FakeFinder(step=3))
    ui.frames(2)
    check_golden(ui, "daily")


def test_golden_statistics(ui: Driver, store: SaveStore) -> None:
    ui.app.show_statistics()
    ui.frames(2)
    check_golden(ui, "statistics")


def test_golden_layout_picker(ui: Driver) -> None:
    from desert_pyramid.ui.screens.layout_picker import LayoutPickerView

    # made as Practice's Layout row makes it, on the classic pyramid (a picker opened from the
    # set-up screen starts on the layout chosen last, which depends on the tests run before)
    ui.app.show_view(
        LayoutPickerView(
            ui.app,
            on_choose=lambda number: None,
            on_back=lambda: None,
            current=1,
            rules=DESERT,
            rules_name=str(DESERT),
        )
    )
    ui.frames(10)
    check_golden(ui, "layout_picker")


def test_golden_relics(ui: Driver, store: SaveStore) -> None:
    ui.app.show_relics()
    quiet(ui)
    ui.frames(2)
    check_golden(ui, "relics_found")


def test_golden_card_backs(ui: Driver, store: SaveStore) -> None:
    ui.app.show_backs()
    quiet(ui)
    ui.frames(2)
    check_golden(ui, "backs")
