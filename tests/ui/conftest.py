"""UI tests: one offscreen Arcade window for the whole session, driven through real window events."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("ARCADE_HEADLESS", "1")

import pytest  # noqa: E402

import desert_pyramid.ui  # noqa: E402,F401  (before Arcade: turns off pyglet's per-call GL error checks)

from .driver import Driver  # noqa: E402

pytestmark = pytest.mark.ui


@pytest.fixture(scope="session")
def app() -> Iterator[object]:
    from desert_pyramid.app.prefs import Settings
    from desert_pyramid.ui.window import GameApp, RunOptions

    window = GameApp(
        RunOptions(size=(1280, 720), headless=True, settings=Settings(animation_speed=0, mute=True))
    )
    window.quit_requested = False  # type: ignore[attr-defined]

    def quit_() -> None:
        window.quit_requested = True  # type: ignore[attr-defined]

    window.on_quit = quit_
    yield window
    window.close()


@pytest.fixture
def ui(app: object) -> Iterator[Driver]:
    """A driver on the session's window, with default settings (animations off, muted)."""
    from desert_pyramid.app.prefs import Settings

    driver = Driver(app)
    app.set_settings(Settings(animation_speed=0, mute=True))  # type: ignore[attr-defined]
    app.table = None  # type: ignore[attr-defined]
    # each test starts with no toast left over from the one before (a controller plugged in, an
    # unlock) and with the keyboard as the input used last
    overlay = app.overlay  # type: ignore[attr-defined]
    overlay.queue.clear()
    overlay.current = None
    app.last_input = "keys"  # type: ignore[attr-defined]
    yield driver


@pytest.fixture(scope="session", autouse=True)
def own_layouts_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """The player's own layouts are read from (and written to) a save folder of the session's,
    never the user's: the picker lists them, the editor saves there."""
    import os

    from desert_pyramid.storage.paths import ENV_VAR

    before = os.environ.get(ENV_VAR)
    folder = tmp_path_factory.mktemp("ui-saves")
    os.environ[ENV_VAR] = str(folder)  # the window's catalogue: Catalogue.open(None)
    yield folder
    if before is None:
        os.environ.pop(ENV_VAR, None)
    else:
        os.environ[ENV_VAR] = before


@pytest.fixture
def saves_in_background() -> bool:
    """Whether the ``saves`` fixture's store writes on its writer thread (a module that tests the
    game's own way of saving overrides this with True); False: each save is on disk at once."""
    return False


@pytest.fixture
def saves(ui: Driver, tmp_path: Path, saves_in_background: bool) -> Iterator[Any]:
    """The window's save link attached to a store in a folder of the test's own; afterwards it is
    detached and closed, no notice is left over, and the language is English again."""
    from desert_pyramid.i18n import use_language
    from desert_pyramid.storage import SaveStore

    link = ui.app.saves  # type: ignore[attr-defined]
    link.attach(SaveStore.open(tmp_path / "saves", background=saves_in_background))
    yield link
    store = link.store
    link.attach(None)
    if store is not None:
        store.close()
    overlay = ui.app.overlay  # type: ignore[attr-defined]
    overlay.queue.clear()
    overlay.current = None
    use_language("en")


@pytest.fixture
def saved(ui: Driver, saves: Any) -> Iterator[Driver]:
    """The shared window with the ``saves`` fixture's store (in the test's ``tmp_path / "saves"``),
    no toast left from before; afterwards no deal is left in play for the next test."""
    overlay = ui.app.overlay  # type: ignore[attr-defined]
    overlay.queue.clear()
    overlay.current = None
    overlay.shown.clear()
    yield ui
    ui.app.table = None  # type: ignore[attr-defined]
