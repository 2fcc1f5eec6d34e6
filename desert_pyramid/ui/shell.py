"""What the screens may ask of the window: :class:`Shell`, and the options a run starts with.

The window (:class:`desert_pyramid.ui.window.GameApp`) makes the screens, so it imports them; the
screens, the table and the widgets name the window only through this protocol, which imports no
screen. So the window and its screens form no import cycle, not even one made of type names.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from desert_pyramid.app.prefs import Settings
from desert_pyramid.engine import DESERT, DealCode, GameCode

if TYPE_CHECKING:
    import datetime

    import arcade
    from arcade.context import ArcadeContext

    from desert_pyramid.app.application import Application
    from desert_pyramid.app.howto import HowtoMemory
    from desert_pyramid.app.layouts import Catalogue
    from desert_pyramid.app.saving import SaveStore
    from desert_pyramid.app.seat import Seat
    from desert_pyramid.app.sessions import DealFinder, Session
    from desert_pyramid.app.workshop import Draft, Estimator
    from desert_pyramid.engine import Deal, Layout, Rules
    from desert_pyramid.i18n.say import Say
    from desert_pyramid.ui.art.assets import Assets
    from desert_pyramid.ui.art.scenery import Scenery
    from desert_pyramid.ui.sound import Sounds
    from desert_pyramid.ui.speech_link import SpeechLink
    from desert_pyramid.ui.widgets.toast import Overlay


@dataclass
class RunOptions:
    """How a run starts: the window's size, headless or not, what to open first, a save store."""

    size: tuple[int, int] = (1280, 720)
    headless: bool = False
    frames: int | None = None
    screenshot: Path | None = None
    code: DealCode | GameCode | None = None  # a deal code opens a table, a game code its replay
    mode: str | None = None
    autoplay: bool = False
    frame_stats: bool = False
    screen: str | None = None
    seed: int | None = None
    settings: Settings = field(default_factory=Settings)
    save_dir: str | None = (
        None  # --save-dir; None: $DESERT_PYRAMID_SAVE_DIR, then the user data folder
    )
    launched_at: float = field(default_factory=time.time)  # wall-clock time the process started
    full_redraw: bool = False  # draw every frame whole (for comparisons)
    store: SaveStore | None = None  # the table saves the game after every move
    catalogue: Catalogue | None = None  # the layouts; None: those of the save folder (save_dir)
    speech_log: Path | None = None  # --speech-log: every announcement written there, one a line
    layout: int | None = None  # --layout N: start at a Practice table on this layout
    check_layout: bool = False  # --check-layout: print every drawn part's box, fail on a fault
    lang: str | None = None  # --lang: this run's language (else the settings', else the system's)
    # --high-contrast, --text-size N, --reduced-motion: over the saved settings, for this run
    high_contrast: bool = False
    text_size: int | None = None
    reduced_motion: bool = False


class Shell(Protocol):
    """The window as its screens see it: what it holds, and the way to every other screen."""

    # -- what the window holds
    application: Application  # the game without the window: sessions, saves, layouts, services
    options: RunOptions
    settings: Settings
    assets: Assets
    sounds: Sounds
    speech: SpeechLink  # the announcements (speech_link.py)
    scenery: Scenery
    overlay: Overlay
    howto_memory: HowtoMemory | None
    last_input: str  # "keys" (keyboard or mouse) or "pad"
    table: Any  # the deal in play (a TableView), for Continue; None when there is none

    # -- the Arcade window's part
    @property
    def width(self) -> int: ...

    @property
    def height(self) -> int: ...

    @property
    def ctx(self) -> ArcadeContext: ...

    @property
    def current_view(self) -> arcade.View | None: ...

    @property
    def closed(self) -> bool: ...

    @property
    def incremental(self) -> bool: ...

    def show_view(self, new_view: arcade.View) -> None: ...

    def flip(self) -> None: ...

    def dispatch_events(self) -> None: ...

    def close(self) -> None: ...

    def get_clipboard_text(self) -> str: ...

    def set_clipboard_text(self, text: str) -> None: ...

    # -- the game's own
    def step(self, dt: float = ...) -> None: ...

    def set_settings(self, settings: Settings) -> None: ...

    def toggle_mute(self) -> None: ...

    def toggle_fullscreen(self) -> None: ...

    def quit_game(self) -> None: ...

    def back_choices(self) -> list[str]: ...

    def can_continue(self) -> bool: ...

    def continue_game(self) -> bool: ...

    # -- the way to every screen
    def show_title(self, message: str = "") -> None: ...

    def new_table(
        self, session: Session, autoplay: bool = False, note: Say | str = "", why: str = ...
    ) -> None: ...

    def start_practice(
        self,
        rules: Rules = DESERT,
        layout: Layout | None = None,
        deal: Deal | None = None,
        autoplay: bool = False,
        note: Say | str = "",
    ) -> None: ...

    def start_mode(self, mode: str, autoplay: bool = False) -> None: ...

    def restart(self, seat: Seat) -> None: ...

    def show_pause(self, table: arcade.View, why: str = ...) -> None: ...

    def show_results(self, table: arcade.View) -> None: ...

    def show_settings(self, back: arcade.View) -> None: ...

    def show_help(self, under: arcade.View) -> None: ...

    def show_howto(self, back: arcade.View | None = None, page: str | None = None) -> None: ...

    def show_daily(
        self, today: datetime.date | None = None, finder: DealFinder | None = None
    ) -> None: ...

    def show_practice_setup(self) -> None: ...

    def show_relics(self, back: Callable[[], None] | None = None) -> None: ...

    def show_backs(self, back: arcade.View | None = None) -> None: ...

    def show_statistics(self) -> None: ...

    def show_editor(
        self,
        draft: Draft | None = None,
        back: Callable[[Layout | None], None] | None = None,
        estimator: Estimator | None = None,
    ) -> None: ...

    def show_layouts(
        self,
        rules: Rules = DESERT,
        on_choose: Callable[[int], None] | None = None,
        back: Callable[[], None] | None = None,
        focus: int | None = None,
    ) -> None: ...

    def show_replay(
        self,
        code: GameCode,
        back: Callable[[], None] | None = None,
        *,
        title: str = "",
        analyse: bool = True,
        start_at: int = 0,
        film: bool = False,
        total: int | None = None,
    ) -> None: ...


def window_of(shell: Shell) -> arcade.Window:
    """The Arcade window behind the shell (every shell is one), for Arcade's own calls."""
    import arcade

    assert isinstance(shell, arcade.Window)
    return shell
