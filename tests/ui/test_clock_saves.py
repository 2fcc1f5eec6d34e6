"""A timed table is saved with its clock while it runs: a force-quit gives back no daylight.

In this process, time is driven by hand (frames of a given length); ``test_kill_*`` runs a real
game process, kills it (SIGKILL on POSIX, TerminateProcess on Windows) and continues from its
save."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from desert_pyramid.app.saving import CLOCK_SAVE_MS, restore_session
from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import DESERT
from desert_pyramid.modes import ExpeditionSession, PracticeSession
from desert_pyramid.storage import SaveStore
from tests.test_modes_helpers import LAYOUT, FakeFinder, easy_deal

pytestmark = pytest.mark.ui


class Table:
    def __init__(self, session: Any) -> None:
        self.session = session

    @property
    def game(self) -> Any:
        return self.session.game


def saved_daylight(saves: Any) -> int:
    return int(saves.store.current.daylight_ms)


def test_a_running_trek_is_saved_every_half_second(saves: Any) -> None:
    session = ExpeditionSession(7, LAYOUT, finder=FakeFinder(step=3))
    table = Table(session)
    saves.table_started(table)
    for _ in range(20):  # no move yet: a trek left now is no game, nothing is written
        session.update(250)
        saves.update(0.25)
    assert saves.store.current is None
    session.play_text("22+23")
    saves.after_move(table)
    assert saved_daylight(saves) == 235_000
    written = []
    for _ in range(16):  # 4 s at 4 frames a second
        session.update(250)
        saves.update(0.25)
        written.append(saved_daylight(saves))
    assert written[-1] == 231_000 == session.daylight.left_ms
    assert all(
        session_left - w <= CLOCK_SAVE_MS
        for session_left, w in zip(range(234_750, 230_999, -250), written, strict=True)
    )
    # pausing writes the stopped clock at once; a paused table is not written again
    session.update(100)
    session.pause("menu")
    saves.update(1 / 60)
    assert saved_daylight(saves) == 230_900 and saves.store.current.mode_state["paused"]
    assert not saves.save_clock(saves.active)
    # CONTINUE gives exactly the saved daylight
    back = restore_session(saves.store.current, get_layout).session
    assert isinstance(back, ExpeditionSession) and back.daylight.left_ms == 230_900
    assert back.game.history == session.game.history


def test_a_running_daily_is_saved_with_its_clock(saves: Any) -> None:
    """The Daily's time bonus shrinks with its clock: a force-quit must not roll the clock back."""
    from datetime import date

    from desert_pyramid.modes import DailySession

    day = date(2026, 11, 30)
    session = DailySession.start(day, day, LAYOUT, finder=FakeFinder(step=2))
    table = Table(session)
    saves.table_started(table)
    session.play_text("22+23")
    saves.after_move(table)
    for _ in range(40):  # 10 s at 4 frames a second
        session.update(250)
        saves.update(0.25)
    assert session.elapsed_ms == 10_000
    assert 10_000 - int(saves.store.current.mode_state["elapsed_ms"]) < CLOCK_SAVE_MS
    back = restore_session(saves.store.current, get_layout).session
    assert isinstance(back, DailySession) and back.elapsed_ms >= 10_000 - CLOCK_SAVE_MS
    assert back.bonus_now <= session.bonus_now + 6 * CLOCK_SAVE_MS // 1000 + 6


def test_an_untimed_practice_table_is_saved_after_moves_only(saves: Any) -> None:
    session = PracticeSession.new(DESERT, LAYOUT, easy_deal())
    table = Table(session)
    saves.table_started(table)
    session.play_text("22+23")
    saves.after_move(table)
    before = saves.store.current
    for _ in range(8):
        session.update(250)
        saves.update(0.25)
    assert saves.store.current is before  # no clock save: the time changes no result here


CHILD = Path(__file__).resolve().parent.parent / "clock_game.py"


def test_kill_the_game_and_continue_gains_no_daylight(tmp_path: Path) -> None:
    """A real game process plays a move on an Expedition, then thinks for 4 s; it is killed
    outright. CONTINUE from its save has no more daylight than the game had when it died (within
    a second) and keeps the move. On main it gave back the 4 s (the save was the last move's)."""
    save_dir = tmp_path / "saves"
    env = {**__import__("os").environ, "ARCADE_HEADLESS": "1"}
    proc = subprocess.Popen(
        [sys.executable, str(CHILD), str(save_dir)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=CHILD.parent.parent,
        env=env,
    )
    latest: list[tuple[float, int]] = []  # (when this process read it, daylight left in the game)
    moved = threading.Event()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("moved"):
                moved.set()
            elif line.startswith("daylight "):
                latest.append((time.monotonic(), int(line.split()[1])))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        assert moved.wait(120), "the game did not start"
        time.sleep(4.0)  # the player thinks: no move
        assert latest, "the game shows no daylight"
        read_at, shown = latest[-1]
        proc.kill()
        killed_at = time.monotonic()
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(10)
        reader.join(5)
    assert killed_at - read_at < 5  # the game was running until it was killed
    assert shown <= 240_000 - 3_500  # the daylight ran while the player thought
    store = SaveStore.open(save_dir)
    try:
        assert store.current is not None, "nothing saved"
        back = restore_session(store.current, get_layout).session  # what CONTINUE plays on with
    finally:
        store.close()
    assert isinstance(back, ExpeditionSession) and back.game.moves == 1  # the move is kept
    left = back.daylight.left_ms
    # the game had at most ``shown`` when it died: the save may be older by at most a second
    assert left <= shown + 1000, (
        f"CONTINUE gives {left} ms, the game had at most {shown} ms when killed"
    )
    # and a save is never of the future: at least what the game had when killed (its clock runs
    # no faster than real time; half a second for the line to reach this process under load)
    assert left >= shown - (killed_at - read_at) * 1000 - 500


@pytest.mark.parametrize("daylight", [2**63 - 1, -1, 10**6])
def test_a_save_with_impossible_daylight_never_continues_as_a_trek(
    saves: Any, daylight: int
) -> None:
    """current.toml edited to endless (or negative, or 1,000 s on pyramid 1) daylight: the trek is
    refused as damaged; what CONTINUE can still give is the same cards untimed, never the daylight
    (and an absurd clock in the file's figures does not crash it)."""
    from dataclasses import replace

    session = ExpeditionSession(7, LAYOUT, finder=FakeFinder(step=3))
    table = Table(session)
    saves.table_started(table)
    session.play_text("22+23")
    saves.after_move(table)
    current = saves.store.current
    edited = replace(
        current,
        daylight_ms=daylight,
        seconds=1e308,
        mode_state={**current.mode_state, "daylight_ms": daylight},
    )
    back = restore_session(edited, get_layout).session
    assert not isinstance(back, ExpeditionSession)
    assert not getattr(back, "timed", False) and back.game.history == session.game.history
    assert back.elapsed_ms <= 366 * 24 * 3_600_000
