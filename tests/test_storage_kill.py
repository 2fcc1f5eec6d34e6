"""A writer killed (SIGKILL) at random moments, many times, never leaves a broken file.

Most writers are forked from the test process (already imported: a kill cycle takes a few
milliseconds); a few are fresh interpreters running tests/kill_writer.py. Between kills the test
checks every file and backup; each new writer must then open the folder without a complaint.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from desert_pyramid.storage.documents import (
    CURRENT_SCHEMA,
    PROFILE_SCHEMA,
    SAVE_SCHEMA,
    decode_current,
    decode_profile,
    decode_progress,
)
from desert_pyramid.storage.files import read_document
from tests import kill_writer

ROOT = Path(__file__).resolve().parent.parent
FORKED_KILLS = 74
FRESH_KILLS = 6

pytestmark = [
    pytest.mark.skipif(
        not hasattr(signal, "SIGKILL") or "fork" not in multiprocessing.get_all_start_methods(),
        reason="needs POSIX fork and SIGKILL",
    ),
    # a soak of 80 real processes killed at random moments (about 10 s, most of it the writers'
    # random lifetimes): in the slow group CI runs second
    pytest.mark.slow,
]


def check_files(folder: Path, previous: int) -> int:
    """Every file present is complete and consistent; the progress never went back."""
    cleared = previous
    for name in ("save.toml", "save.toml.bak"):
        attempt = read_document(folder / name, SAVE_SCHEMA, decode_progress)
        if attempt.status == "missing":
            assert previous == 0 or name.endswith(".bak"), f"{name} vanished"
            continue
        assert attempt.ok, f"{name}: {attempt.status}: {attempt.problem}"
        progress = attempt.value
        assert progress is not None
        stats = list(progress.stats.values())
        # one complete version: every counter agrees with the others
        assert len(progress.seen_games) == sum(s.played for s in stats)
        assert progress.pyramids_cleared == sum(s.won for s in stats)
        assert progress.pyramids_cleared == sum(1 for g in progress.seen_games if int(g[1:]) % 4)
        if name == "save.toml":
            assert progress.pyramids_cleared >= previous, "progress went back"
            cleared = progress.pyramids_cleared
    for name in ("current.toml", "current.toml.bak"):
        attempt = read_document(folder / name, CURRENT_SCHEMA, decode_current)
        assert attempt.status in ("ok", "missing"), f"{name}: {attempt.problem}"
        if attempt.value is not None:  # complete: the game replays (checked by decode_current)
            state = attempt.value.mode_state
            assert attempt.value.game_id == f"g{state['n']}"
            assert len(attempt.value.game["moves"]) == state["moves"]
    for name in ("profile.toml", "profile.toml.bak"):
        attempt = read_document(folder / name, PROFILE_SCHEMA, decode_profile)
        assert attempt.status in ("ok", "missing"), f"{name}: {attempt.problem}"
    return cleared


def _forked(save_dir: str, ready: multiprocessing.synchronize.Event) -> None:  # type: ignore[name-defined]
    sys.exit(kill_writer.run(save_dir, ready.set))


def kill_forked(folder: Path, delay: float) -> None:
    ctx = multiprocessing.get_context("fork")
    ready = ctx.Event()
    proc = ctx.Process(target=_forked, args=(str(folder), ready), daemon=True)
    proc.start()
    if not ready.wait(10):
        proc.join(5)
        pytest.fail(f"the writer did not start cleanly (exit code {proc.exitcode})")
    time.sleep(delay)
    assert proc.pid is not None
    os.kill(proc.pid, signal.SIGKILL)
    proc.join(10)
    assert proc.exitcode == -signal.SIGKILL


def kill_fresh(folder: Path, delay: float) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "kill_writer.py"), str(folder)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if line.strip() != "ready":
        proc.kill()
        _, err = proc.communicate()
        pytest.fail(f"the writer did not start cleanly: {line!r} {err}")
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    proc.communicate()
    assert proc.returncode == -signal.SIGKILL


def test_killed_writer_leaves_old_or_new_never_broken(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    rng = random.Random(20250314)
    plan = ["fresh"] * FRESH_KILLS + ["forked"] * FORKED_KILLS
    rng.shuffle(plan)
    cleared = 0
    mid_write = 0
    wrote = 0
    state = snapshot(folder)
    started = time.monotonic()
    for how in plan:
        delay = rng.uniform(0.0, 0.1)
        (kill_fresh if how == "fresh" else kill_forked)(folder, delay)
        mid_write += any(folder.glob("*.tmp-*"))
        cleared = check_files(folder, cleared)
        wrote += snapshot(folder) != state
        state = snapshot(folder)
    elapsed = time.monotonic() - started
    # the test means something only if the writers wrote, and some kills hit a write
    assert wrote >= len(plan) // 2, f"the writers changed the files after only {wrote} kills"
    assert cleared >= 1, "no game was ever recorded"
    assert mid_write >= 5, f"only {mid_write} of {len(plan)} kills landed during a write"
    print(
        f"{len(plan)} kills in {elapsed:.1f} s: {wrote} after writes, {mid_write} during a "
        f"write; {cleared} pyramids saved"
    )


def snapshot(folder: Path) -> dict[str, bytes]:
    if not folder.exists():
        return {}
    return {p.name: p.read_bytes() for p in folder.glob("*.toml")}
