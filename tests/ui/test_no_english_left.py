"""No text a player reads is left in English (issue 25): key screens are drawn in German through
the real window with the layout audit on, and every drawn text (texts, buttons' labels, the
HUD's badges) must hold no word of the catalogues' English that German never uses
(tools/english_left.py: numbers, codes, card indices, key names and a short allow-list with
reasons pass). The player's layout files' notices are checked the same way."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from desert_pyramid.i18n import use_language
from desert_pyramid.storage.layouts import (
    DIFFICULTY_FILE,
    LAYOUT_FILE_MAX,
    LAYOUTS_DIR,
    PlayerLayouts,
)

from .driver import Driver

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from english_left import drawn_texts, vocabulary  # noqa: E402

pytestmark = pytest.mark.ui

SCREENS = ("title", "table", "pause", "results", "settings", "practice", "layouts", "statistics")


@pytest.fixture
def german(ui: Driver) -> Iterator[Driver]:
    use_language("de")
    yield ui
    use_language("en")


def test_the_check_finds_english_and_passes_german_numbers_codes_and_cards() -> None:
    vocab = vocabulary("de")
    assert vocab.english_in("Undo the last move") == ["Undo", "last", "move", "the"]
    # "Layout" is German too (the glossary's word): a word some translation uses passes
    assert vocab.english_in("Zug: the layout is left out") == ["is", "left", "out", "the"]
    assert vocab.english_in("Rückgängig") == []
    codes = ("DP1-0A3F-77", "DP-3MY-002G-9NG9", "Layout 1 · DG-2-8R7P-D314-MGC8-214B-16FC")
    for fine in ("1.840", *codes, "Q♠ 10♦", "Esc", "F1", "12 / 28", "Desert Pyramid"):
        assert vocab.english_in(fine) == [], fine


def test_key_screens_draw_no_english_in_german(german: Driver) -> None:
    from desert_pyramid.ui.window import start

    app: Any = german.app
    before = app.options
    found: dict[str, list[tuple[str, list[str]]]] = {}
    vocab = vocabulary("de")
    try:
        for screen in SCREENS:
            opts = replace(before, screen=screen)
            app.options = opts
            start(app, opts)
            texts = drawn_texts(app)
            assert texts, screen  # the audit saw the screen's texts
            english = [(t, e) for t in texts if (e := vocab.english_in(t))]
            if english:
                found[screen] = english
    finally:
        app.options = before
        app.show_title()
    assert not found, found


def test_a_layout_file_set_aside_is_told_in_german(tmp_path: Path) -> None:
    folder = tmp_path / LAYOUTS_DIR
    folder.mkdir()
    (folder / "101_huge.toml").write_bytes(b"#" * (LAYOUT_FILE_MAX + 1))
    (folder / DIFFICULTY_FILE).write_text("[[[", encoding="utf-8")
    use_language("de")
    try:
        store = PlayerLayouts(folder, durable=False)
        store.layouts()
        store.difficulty()
        notices = [n.message for n in store.take_notices()]
    finally:
        use_language("en")
    assert len(notices) == 2, notices
    vocab = vocabulary("de")
    assert vocab.english_in("difficulty.toml is damaged") == ["damaged", "is"]  # the name passes
    for message in notices:
        # the file names and the TOML reader's own detail in brackets stay as they are
        said = message.split("(")[0] + message.rpartition(")")[2]
        assert vocab.english_in(said) == [], message
    assert "101_huge.toml" in notices[0] and "ausgelassen" in notices[0]


def test_a_damaged_save_is_told_in_the_language_of_the_command_line(tmp_path: Path) -> None:
    """The save is read before its saved language is known: --lang (else the system's) words its
    notice, through the real command line."""
    import json
    import os
    import subprocess

    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "save.toml").write_text("[[[", encoding="utf-8")
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-m", "desert_pyramid", "--headless", "--frames", "3", "--check-layout"]
        + ["--lang", "de", "--save-dir", str(saves)],
        env=dict(os.environ, PYTHONPATH=str(root)),
        capture_output=True,
        text=True,
        timeout=180,
    )
    names = [p["name"] for p in json.loads(out.stdout) if "save.toml" in p["name"]]
    assert len(names) == 1, out.stderr
    said = names[0].split("(")[0] + names[0].rpartition(")")[2]
    assert "beschädigt" in said and "leerem Fortschritt" in said, names
    assert vocabulary("de").english_in(said) == [], names
