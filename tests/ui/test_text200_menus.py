"""Issue 40, item 4: a player who asks for 200% text gets 200% where the window has room. The
menus reflow rather than shrink (buttons and tabs as wide as their words, How to play's tabs
under the heading, Settings' rows in two columns beside a smaller preview, figure names on two
lines, the picker's and the editor's words taking the room the grid gives up, Practice's columns
each as wide as its rows, the replay's title over its figures, the Daily screen's calendar
beside its buttons); each screen opened by the game's own ``start()`` in a window of its size
(``tools/audit_all.py``, ``daily_sizes.py``), the text size it settled at read from the screen,
its frame audited (no fault: nothing cut, nothing over anything)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.ui.audit_run import audit_all

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "de", "ru")
MENUS = (
    "title",
    "howto",
    "settings",
    "statistics",
    "relics",
    "backs",
    "layouts",
    "editor",
    "practice",
    "replay",
)
#: At 1280x720 the screens that truly cannot hold 200% (one step smaller, 175%): Settings' and
#: Practice's longest Russian rows leave no room for a second column; the
#: statistics' figure names take two lines in German and Russian and leave the chart no room;
#: the picker's seven German buttons cannot share one row; the editor's column beside its grid
#: is too short for its German and Russian words (their counts take two lines); the Daily
#: screen's Russian buttons are too wide to stand beside the calendar, one column too tall.
AT_175_1280 = {
    ("settings", "ru"),
    ("statistics", "de"),
    ("statistics", "ru"),
    ("layouts", "de"),
    ("editor", "de"),
    ("editor", "ru"),
    ("practice", "ru"),
    ("daily screen", "ru"),
}


def menus_at(size: str) -> dict[tuple[str, str], int]:
    """Each menu in each language at ``size`` and 200%: the text size it settled at; asserts
    that none has a fault."""
    proc = audit_all(
        "--sizes",
        size,
        "--langs",
        ",".join(LANGS),
        "--text-sizes",
        "200",
        "--contrast",
        "off",
        "--screens",
        ",".join(MENUS),
        "--json",
    )
    records = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    assert len(records) == len(MENUS) * len(LANGS), proc.stderr[-2000:]
    assert [f"{r['screen']} {r['lang']}: {r['problems']}" for r in records if r["problems"]] == []
    return {(r["screen"], r["lang"]): r["settled"] for r in records}


def daily_screen_at(size: str, tmp: Path) -> dict[tuple[str, str], int]:
    """The Daily screen likewise (the audit's ``daily`` is the Daily's table)."""
    w, h = size.split("x")
    proc = subprocess.run(
        [
            sys.executable,
            str(Path(__file__).with_name("daily_sizes.py")),
            w,
            h,
            "200",
            ",".join(LANGS),
        ],
        env=dict(os.environ, ARCADE_HEADLESS="1", PYTHONPATH=str(ROOT)),
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp,
    )
    records: list[dict[str, Any]] = [
        json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")
    ]
    assert [r["view"] for r in records] == ["DailyView"] * len(LANGS), proc.stderr[-2000:]
    assert [f"{r['lang']}: {r['problems']}" for r in records if r["problems"]] == []
    return {("daily screen", r["lang"]): r["settled"] for r in records}


@pytest.mark.slow
def test_every_menu_holds_200_percent_at_1920x1080(tmp_path: Path) -> None:
    settled = menus_at("1920x1080") | daily_screen_at("1920x1080", tmp_path)
    assert settled == dict.fromkeys(settled, 200)


@pytest.mark.slow
def test_every_menu_holds_200_percent_at_1280x720_or_175_where_it_cannot(tmp_path: Path) -> None:
    settled = menus_at("1280x720") | daily_screen_at("1280x720", tmp_path)
    assert settled == {k: 175 if k in AT_175_1280 else 200 for k in settled}


def test_a_question_its_button_cannot_hold_goes_to_the_message_line(app: Any, ui: Any) -> None:
    """The title at 1280x720 in German holds 200% with "Beenden? Noch einmal drücken" too wide
    for its button: pressed once, Quit keeps its label and the message line asks (the question
    was cut with "…" in the button); the focus moving on takes the question away."""
    from dataclasses import replace

    from desert_pyramid.i18n import use_language
    from desert_pyramid.ui.screens.title import TitleView

    use_language("de")
    app.set_settings(replace(app.settings, text_size=200))
    try:
        app.show_title()
        ui.frames(2)
        view = ui.view
        assert isinstance(view, TitleView)
        assert view.text_scale == 2.0
        i = next(k for k, b in enumerate(view.menu.buttons) if b.confirm)
        quit_button = view.menu.buttons[i]
        label, question = quit_button.label, quit_button.confirm
        view.menu.go_to(i)
        view.menu.press()
        assert quit_button.armed
        assert quit_button.label == label
        assert view.message == question
        assert not any("…" in t.text for t in view.menu._labels)
        view.menu.move(-1)
        assert not quit_button.armed and quit_button.label == label
        assert view.message == ""
    finally:
        use_language("en")
        app.set_settings(replace(app.settings, text_size=100))
