"""The game's window at a size of its own, for the helper scripts that each run in a process of
their own because a headless window cannot resize (``coach_pages.py``, ``results_toast.py``,
``audit_demo.py``, ``stuck_sizes.py``, ``message_line.py``, ``audit_sizes.py``): opened the way
``--check-layout`` opens it (no animation, no sound, whole frames redrawn, a save folder of its
own), started by the command line's ``start()``, and its frames recorded for the layout audit.

A script imports it first, as ``from sized_window import ...`` (the script's folder is first on
the path): it makes the window headless and loads the game's ui before anything loads Arcade.
"""

from __future__ import annotations

import json
import os
import tempfile
from typing import TYPE_CHECKING, Any

os.environ["ARCADE_HEADLESS"] = "1"
import desert_pyramid.ui  # noqa: E402, F401  (headless, before a script imports Arcade)

if TYPE_CHECKING:
    from desert_pyramid.ui.base.audit import Part
    from desert_pyramid.ui.window import GameApp, RunOptions


def run_options(w: int, h: int, save_dir: str = "", **chosen: Any) -> RunOptions:
    """The command line's options for a headless ``w`` x ``h`` window as the audit draws it (three
    whole frames, no animation, muted); ``chosen``: any other option (``screen``, ``layout``).
    Without ``save_dir`` a new temporary folder."""
    from desert_pyramid.app.prefs import Settings
    from desert_pyramid.ui.window import RunOptions

    return RunOptions(
        size=(w, h),
        headless=True,
        frames=3,
        full_redraw=True,
        save_dir=save_dir or tempfile.mkdtemp(prefix="dp-sized-"),
        settings=Settings(animation_speed=0, mute=True),
        **chosen,
    )


def open_window(
    w: int, h: int, lang: str | None = None, *, frames: int = 0, **chosen: Any
) -> tuple[GameApp, list[Part]]:
    """A ``w`` x ``h`` window in ``lang`` (the game's own choice when ``None``), started at the
    screen ``chosen`` names (``screen="table"``, ``layout=31``; the title when none), and the
    layout audit's parts of the last of ``frames`` frames drawn then (none drawn when 0)."""
    from desert_pyramid.i18n import use_language
    from desert_pyramid.ui.base import audit
    from desert_pyramid.ui.window import GameApp, start

    if lang is not None:
        use_language(lang)
    options = run_options(w, h, **chosen)
    app = GameApp(options)
    start(app, options)
    return app, audit.record_frames(app.step, frames)


def report(app: GameApp, found: dict[str, Any]) -> int:
    """Print what a script found as one JSON line (the test reads the last line), close the
    window; the script's exit status."""
    print(json.dumps(found, ensure_ascii=False), flush=True)
    app.close()
    return 0
