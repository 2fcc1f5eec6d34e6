"""The window in the player's language: --lang on the command line, the Language row of Settings
(applied at once, saved), a saved language that no longer exists (English, said once)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import arcade
import pytest
from PIL import Image

from desert_pyramid.i18n import current_language, use_language

ROOT = Path(__file__).resolve().parents[2]
GERMAN_TITLE = [
    "Fortsetzen",
    "Expedition",
    "Tagesspiel",
    "Übung",
    "Spielanleitung",
    "Relikte",
    "Statistik",
    "Einstellungen",
    "Beenden",
]


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


def run(args: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), DESERT_PYRAMID_SAVE_DIR=str(tmp_path / "saves"))
    env["LANG"] = env["LC_ALL"] = "C.UTF-8"  # the system's language is not the one asked for
    return subprocess.run(
        [sys.executable, "-m", "desert_pyramid", *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_lang_de_title_screenshot_is_german(tmp_path: Path) -> None:
    shot = tmp_path / "title-de.png"
    out = run(
        ["--lang", "de", "--headless", "--screen", "title", "--frames", "30"]
        + ["--screenshot", str(shot), "--check-layout"],
        tmp_path,
    )
    assert out.returncode == 0, out.stderr
    assert Image.open(shot).size == (1280, 720)
    # the same run's drawn parts, listed by --check-layout: the buttons' texts are German
    parts = json.loads(out.stdout.strip().splitlines()[0])
    buttons = [p["name"] for p in parts if p["kind"] == "button"]
    assert buttons == GERMAN_TITLE
    texts = {p["name"] for p in parts if p["kind"] == "text"}
    assert "Pyramiden-Patience unter der Wüstensonne" in texts


def test_lang_ru_settings_draws(tmp_path: Path) -> None:
    out = run(
        ["--lang", "ru", "--headless", "--screen", "settings", "--frames", "3", "--check-layout"]
        + ["--size", "800x600"],
        tmp_path,
    )
    parts = json.loads(out.stdout.strip().splitlines()[0])
    names = {p["name"] for p in parts}
    assert {"НАСТРОЙКИ", "Язык", "Готово"} <= names, sorted(names)


def titles(app: Any) -> list[str]:
    return [b.label for b in app.current_view.menu.buttons]


def test_the_title_through_the_real_start(app: Any, ui: Any) -> None:
    from desert_pyramid.ui.window import RunOptions, choose_language

    app.saves.startup_notices = []
    choose_language(app, RunOptions(lang="de"))
    app.show_title()
    ui.frames(2)
    assert titles(app) == GERMAN_TITLE
    choose_language(app, RunOptions(lang="en"))
    app.show_title()
    assert titles(app)[0] == "Continue" and app.saves.startup_notices == []


def test_a_saved_language_that_no_longer_exists_is_english_said_once(app: Any, ui: Any) -> None:
    from desert_pyramid.ui.window import RunOptions, choose_language

    use_language("de")
    app.saves.startup_notices = []
    app.set_settings(replace(app.settings, language="tlh"))
    choose_language(app, RunOptions())
    assert current_language() == "en"
    assert app.saves.startup_notices == [
        ("warning", "The language 'tlh' is not available: the game is in English.")
    ]
    app.show_title()
    ui.frames(2)
    assert titles(app)[1] == "Expedition" and titles(app)[2] == "Daily"
    app.saves.startup_notices = []


def test_the_language_row_applies_at_once_and_is_saved(app: Any, ui: Any) -> None:
    from desert_pyramid.ui.screens.settings import language_name

    row = ui.choose_language("de")
    ui.frames(1)
    assert app.settings.language == "de" and current_language() == "de"
    view = app.current_view
    assert view.menu.buttons[0].label == "Gesamtlautstärke"
    assert view.menu.buttons[row].value == "Deutsch" and view.menu.focus == row
    ui.key(arcade.key.ESCAPE)  # Done: the title under it is built again, in German
    ui.frames(1)
    assert titles(app) == GERMAN_TITLE
    assert app.settings.to_dict()["language"] == "de"  # what the save file keeps
    app.show_settings(app.current_view)
    view = app.current_view
    view.menu.focus = row
    ui.key(arcade.key.RIGHT)  # de -> fr
    assert app.current_view.menu.buttons[-1].label == "Terminé"
    ui.key(arcade.key.LEFT)
    ui.key(arcade.key.LEFT)
    ui.key(arcade.key.LEFT)  # fr -> de -> en -> the system's
    assert app.settings.language == ""
    assert app.current_view.menu.buttons[row].value == language_name("")


def test_the_saved_language_is_used_and_lang_overrides_it(app: Any, ui: Any) -> None:
    from desert_pyramid.ui.window import RunOptions, choose_language

    app.saves.startup_notices = []
    app.set_settings(replace(app.settings, language="ru"))
    choose_language(app, RunOptions())
    app.show_title()
    assert titles(app)[1] == "Экспедиция"
    choose_language(app, RunOptions(lang="it"))
    app.show_title()
    assert titles(app)[1] == "Spedizione" and app.settings.language == "ru"  # --lang: this run
    assert app.saves.startup_notices == []
