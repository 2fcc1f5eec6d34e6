"""The save link with the sessions of desert_pyramid.modes (their own save fields and results
records), through a stand-in for the table: what is saved after each move, what CONTINUE rebuilds,
what is counted when a game ends, is left, or the sun sets on an Expedition."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from desert_pyramid.engine import DESERT, Game
from desert_pyramid.modes import ExpeditionSession, PracticeSession
from desert_pyramid.storage import SaveStore
from tests.test_modes_helpers import LAYOUT, FakeFinder, easy_deal, easy_line

pytestmark = pytest.mark.ui


class Table:
    """What the save link reads from a table: its session, game and title."""

    def __init__(self, session: Any, title: str) -> None:
        self.session = session
        self.title = title

    @property
    def game(self) -> Game:
        return self.session.game  # type: ignore[no-any-return]


@pytest.fixture
def saves_in_background() -> bool:
    return True  # the game's own way: the writes go to the store's writer thread


def play(saves: Any, table: Table, moves: list[str]) -> None:
    for m in moves:
        table.session.play_text(m)
        saves.after_move(table)


def trek() -> Table:
    session = ExpeditionSession(7, LAYOUT, finder=FakeFinder(step=3))
    session.resume()
    return Table(session, "Expedition")


def test_a_practice_session_is_saved_and_counted_by_its_own_records(saves: Any) -> None:
    session = PracticeSession.new(DESERT, LAYOUT, easy_deal())
    session.resume()
    table = Table(session, "Practice")
    saves.table_started(table)
    moves = easy_line()
    play(saves, table, moves[:3])
    store = saves.store
    assert store.current is not None
    assert store.current.game_id == session.game_id
    assert store.current.game["moves"] == [str(m) for m in session.game.history]
    assert len(session.game.history) == 3
    play(saves, table, moves[3:])
    assert session.finished
    stats = store.progress.stats_for("practice", "desert", 1)
    assert (stats.won, stats.lost) == (1, 0)
    assert store.progress.pyramids_cleared == 1
    assert store.current is None


def test_an_expedition_counts_each_pyramid_and_continue_keeps_the_daylight(
    saves: Any, tmp_path: Path
) -> None:
    table = trek()
    s = table.session
    saves.table_started(table)
    play(saves, table, easy_line())  # pyramid 1 cleared: pyramid 2 is dealt
    play(saves, table, ["F"])
    for _ in range(50):  # 5 s of frames (the clock caps each at 100 ms)
        s.update(100)
    store = saves.store
    stats = store.progress.stats_for("expedition", "desert", 1)
    assert (stats.won, stats.lost, stats.treks) == (1, 0, 0)
    assert store.current is not None
    assert store.current.pyramid_number == 2
    assert store.current.daylight_ms == s.daylight.left_ms + 5_000  # saved at the last move
    assert store.current.trek_id == s.trek_id
    saves.after_move(table)  # saved again: the clock as it is now
    left, history = s.daylight.left_ms, list(s.game.history)
    assert store.current.daylight_ms == left

    saves.close()  # quit; start again
    saves.attach(SaveStore.open(tmp_path / "saves", background=True))
    restored = saves.restore()
    assert restored is not None
    r = restored.session
    assert isinstance(r, ExpeditionSession)
    assert r.number == 2 and r.daylight.left_ms == left and list(r.game.history) == history
    assert restored.title == "Expedition"

    # something else is started: the trek is left, a loss for its pyramid, and the trek counts
    other = Table(PracticeSession.new(DESERT, LAYOUT, easy_deal(1)), "Practice")
    saves.table_started(other)
    store = saves.store
    stats = store.progress.stats_for("expedition", "desert", 1)
    assert (stats.won, stats.lost, stats.treks, stats.best_trek_pyramids) == (1, 1, 1, 1)
    assert store.current is None


def test_the_sunset_ends_the_trek_without_a_move(saves: Any) -> None:
    table = trek()
    s = table.session
    saves.table_started(table)
    play(saves, table, easy_line()[:2])
    while not s.finished:
        s.update(100)
    saves.update(1 / 60)  # the next frame notices
    store = saves.store
    stats = store.progress.stats_for("expedition", "desert", 1)
    assert (stats.won, stats.lost, stats.treks) == (0, 1, 1)
    assert stats.recent[-1].outcome == "lost"
    assert store.current is None
