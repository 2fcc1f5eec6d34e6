"""The window plays through the application alone (docs/interfaces.md): nothing under
desert_pyramid/ui/ writes or reads a save, reaches into a mode's session or starts the solver.
import-linter keeps the imports out (pyproject.toml); this test reads the calls."""

from __future__ import annotations

import re
from pathlib import Path

UI = Path(__file__).resolve().parent.parent / "desert_pyramid" / "ui"

# what only the application may do, each with the words that say why not
FORBIDDEN = {
    r"\.saves\.": "a save file is touched (the application's seat saves; its services read)",
    r"\bstore\.(save|record|abandon|clear)": "a save store is written",
    r"\bsession\.[a-z_]": "a mode's session is reached into (the ui plays through the seat)",
    r"\bsolve\(": "the solver is run (Application.winning_line, Application.analysis)",
    r"\.catalogue\.": "the catalogue is read (Application.layouts, get_layout, layout_title)",
    r"mode\s*(==|!=)\s*[\"'](practice|expedition|daily)": "a mode is asked by name (its Offers say)",
    r"(getattr|hasattr)\([^)]*[\"'](session|seat|daylight|timed|untimed|paused)[\"']": (
        "a session is probed by attribute name (ModeSession declares it)"
    ),
}


def offences(text: str) -> list[str]:
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        code = line.split("#", 1)[0]
        for pattern, why in FORBIDDEN.items():
            if re.search(pattern, code):
                found.append(f"{number}: {why}: {line.strip()}")
    return found


def test_no_screen_touches_a_save_a_session_or_the_solver_nor_asks_a_mode_by_name() -> None:
    bad = {
        str(path.relative_to(UI)): hits
        for path in sorted(UI.rglob("*.py"))
        if (hits := offences(path.read_text("utf-8")))
    }
    assert bad == {}


def test_the_check_sees_each_kind_of_offence() -> None:
    lines = [
        "self.app.saves.after_move(self)",
        "store.save_current(current)",
        "self.table.session.abandon()",
        "line = solve(game, time_limit=5.0).line",
        "self.app.catalogue.every_layout()",
        'if session.mode == "expedition":',
        'if r.mode != "daily" or not r.won:',
        'return timed(getattr(self.under, "session", None))',
        'left = getattr(daylight, "left_ms", None) if hasattr(x, "daylight") else 0',
    ]
    assert [len(offences(line)) for line in lines] == [1, 1, 1, 1, 1, 2, 1, 1, 1]
    assert offences("self.seat.play(move)  # the session.play of the seat") == []
    assert offences('if img.mode != "RGBA":') == []
