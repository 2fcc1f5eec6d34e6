"""Damaged player layouts are noticed at start (issue 27 item 4): the title shows the notice the
Layouts screen gives, without the player opening the Layouts screen first."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import arcade
import pytest

from desert_pyramid.catalog import Catalogue
from desert_pyramid.storage import SaveStore

from .driver import Driver

pytestmark = pytest.mark.ui
ROOT = Path(__file__).resolve().parent.parent.parent


def test_the_title_names_a_damaged_layout_file(ui: Driver, tmp_path: Path) -> None:
    from desert_pyramid.ui.app import notice_own_layouts

    folder = tmp_path / "saves"
    (folder / "layouts").mkdir(parents=True)
    (folder / "layouts" / "150_broken.toml").write_text("schema = 1\nnumber = [\n")
    (folder / "layouts" / "151_esc.toml").write_text('number = 151\nname = "a\\u001bb"\n')
    store = SaveStore.open(folder, background=True)
    app = ui.app
    before = app.catalogue
    try:
        app.catalogue = Catalogue.open(folder, readonly=False)
        app.saves.attach(store)
        notice_own_layouts(app)
        messages = [m for _lv, m in app.saves.startup_notices]
        assert any(m.startswith("150_broken.toml was damaged") for m in messages), messages
        assert any(m.startswith("151_esc.toml") and "\\x1b" in m for m in messages), messages
        assert not (
            folder / "layouts" / "150_broken.toml"
        ).exists()  # set aside, as the screen does
        app.show_title()
        ui.frames(1)
        arcade.get_image(0, 0, 8, 8)
        assert app.overlay.banner_rect is not None
        texts = " ".join(t.text for t in app.overlay._banner_texts.items)
        assert "150_broken.toml" in texts
    finally:
        app.catalogue = before
        app.saves.attach(None)
        store.close()


def test_the_game_started_from_the_command_line_sets_them_aside_at_once(tmp_path: Path) -> None:
    layouts = tmp_path / "layouts"
    layouts.mkdir()
    (layouts / "150_broken.toml").write_text("schema = 1\nnumber = [\n")
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "ARCADE_HEADLESS": "1",
        "DESERT_PYRAMID_SAVE_DIR": str(tmp_path),
    }
    out = subprocess.run(
        [sys.executable, "-m", "desert_pyramid", "--headless", "--frames", "1"],
        env=env,
        capture_output=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert not (layouts / "150_broken.toml").exists()
    assert [p.name for p in layouts.iterdir() if p.name.startswith("150_broken.toml.broken")]
