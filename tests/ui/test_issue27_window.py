"""The game window meets input from outside (issue 27): damaged player layouts are noticed at start
(the title shows the notice the Layouts screen gives), and the Practice code field refuses a code
that claims more than a game holds."""

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
    from desert_pyramid.ui.window import notice_own_layouts

    folder = tmp_path / "saves"
    (folder / "layouts").mkdir(parents=True)
    (folder / "layouts" / "150_broken.toml").write_text("schema = 1\nnumber = [\n")
    (folder / "layouts" / "151_esc.toml").write_text('number = 151\nname = "a\\u001bb"\n')
    store = SaveStore.open(folder, background=True)
    app = ui.app
    before = app.application.catalogue  # the game without the window holds the layouts
    try:
        app.application.catalogue = Catalogue.open(folder, readonly=False)
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
        app.application.catalogue = before
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


def test_the_practice_code_field_refuses_a_code_that_claims_too_much_at_once(ui: Driver) -> None:
    """The Practice set-up's code field reads game codes through the same bound: the issue's
    25-character code is a message on the set-up, not a frozen window."""
    import time

    from arcade import key as K

    from bench.crafted_codes import game_code
    from desert_pyramid.ui.screens.practice import PracticeSetupView

    from .test_cli_practice import focus_row, setup_screen

    view = setup_screen(ui)
    focus_row(ui, "Deal code")
    code = game_code(2**31 - 1)
    for ch in code:
        ui.app.dispatch_event("on_text", ch)
    ui.app.dispatch_events()
    t0 = time.perf_counter()
    ui.key(K.ENTER)
    ui.frames(1)
    assert time.perf_counter() - t0 < 30  # a replay of the claim would never end
    assert isinstance(ui.view, PracticeSetupView)
    assert "2,147,483,647 moves" in view.message and "at most" in view.message
    assert view.code == code  # kept in its field


def test_a_game_longer_than_a_code_holds_ends_on_its_results_without_a_code(ui: Driver) -> None:
    """Unlimited redeals let a player flip on past what a game code holds: the results screen
    opens all the same, without the buttons that need the code."""
    from desert_pyramid.catalog import get_layout
    from desert_pyramid.engine import RELAXED, Deal, Move
    from desert_pyramid.engine.gamecode import longest_game
    from desert_pyramid.ui.screens.results import ResultsView

    app = ui.app
    app.start_practice(RELAXED, get_layout(1), Deal.from_seed(0))
    ui.frames(1)
    table = ui.view
    game = table.game
    while game.moves <= longest_game(RELAXED, 28):
        game.play(Move.flip() if game.stock else Move.redeal())
    app.show_results(table)
    ui.frames(1)
    results = ui.view
    assert isinstance(results, ResultsView) and results.game_code == ""
    labels = [b.label for b in results.menu.buttons]
    assert "Watch again" not in labels and "New deal" in labels
    app.show_title()
