"""The application layer is the game without a window: whole games run through it alone, and
Arcade is never imported on the way (tests/app_scenarios.py plays them)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from desert_pyramid.app.application import Application, NoticeLog
from desert_pyramid.app.screens import SCREENS, STARTING, screen_name
from tests import app_scenarios

ROOT = Path(__file__).resolve().parent.parent

# Arcade and pyglet cannot be imported in the child: any import of them fails loudly.
BLOCKED_RUN = textwrap.dedent(
    """
    import importlib.abc, json, sys
    from pathlib import Path

    class NoWindow(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in ("arcade", "pyglet"):
                raise ImportError(f"{name} imported by the application layer")
            return None

    sys.meta_path.insert(0, NoWindow())
    from tests import app_scenarios

    out = app_scenarios.run_all(Path(sys.argv[1]))
    out["arcade"] = sorted(m for m in sys.modules if m.split(".")[0] in ("arcade", "pyglet"))
    print(json.dumps(out))
    """
)


def test_the_whole_game_runs_with_no_arcade_importable(tmp_path: Path) -> None:
    """An Expedition (two pyramids cleared, then the sunset), a Daily cleared, and a layout made
    in the workshop, played, left and continued after a restart: all through the application,
    in a process where importing Arcade or pyglet fails."""
    done = subprocess.run(
        [sys.executable, "-c", BLOCKED_RUN, str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["arcade"] == []
    assert out["expedition"]["pyramids_cleared"] == 2
    assert out["daily"] == {"won": True, "streak": 1}
    assert out["workshop"] == {"won": 1, "played": 1}


def test_a_saved_game_not_continued_counts_as_abandoned(tmp_path: Path) -> None:
    app = app_scenarios.open_app(tmp_path, seed=5)
    seat = app.start_mode("practice")
    seat.play(seat.game.legal_moves()[0])
    app.close()
    again = app_scenarios.open_app(tmp_path)
    again.start_mode("practice")  # a new deal instead of CONTINUE
    store = again.saves.store
    assert store is not None and store.progress.stats_for("practice", "desert", 1).lost == 1
    again.close()


def test_deleting_a_layout_ends_the_game_on_it(tmp_path: Path) -> None:
    from desert_pyramid.engine import RELAXED
    from desert_pyramid.workshop import save_draft
    from desert_pyramid.workshop.model import draft_of

    app = app_scenarios.open_app(tmp_path)
    rows = [(13 + 2 * c - r, 2 + r) for r in range(5) for c in range(r + 1)]
    layout = save_draft(draft_of(rows, "Small"), app.catalogue.store)
    seat = app.start_practice(RELAXED, layout)
    seat.play(seat.game.legal_moves()[0])
    assert app.playing_on(layout.number)
    kept = app.delete_layout(layout.number)
    assert kept.exists() and app.seat is None and not app.can_continue()
    store = app.saves.store
    assert store is not None and store.progress.stats_for("practice", str(RELAXED), 101).lost == 1
    app.close()


def test_the_screens_are_listed_once() -> None:
    assert "title" in SCREENS and set(STARTING) <= set(SCREENS)
    app = Application(notices=NoticeLog())
    assert app.show("pause", "the player paused").why == "the player paused"
    with pytest.raises(ValueError, match="there is no screen 'nowhere'"):
        screen_name("nowhere")
