"""The game window: one :class:`arcade.Window`, the switch between screens, and :func:`run`.

``run(options)`` opens the window (or an offscreen one with ``headless``), starts on the title
or straight at a table, and with ``frames`` runs that many frames, then saves a screenshot and
prints frame statistics. It is what ``desert-pyramid`` runs with no sub-command.
"""

from __future__ import annotations

import json
import resource
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import arcade

from desert_pyramid.engine import DESERT, Deal, DealCode, Layout, Rules

from .assets import Assets
from .prefs import Settings
from .redraw import BufferProbe
from .scenery import Scenery
from .sound import Sounds

if TYPE_CHECKING:
    from .table import TableView

TITLE = "Desert Pyramid"
MODES = ("practice", "expedition", "daily")
SCREENS = ("title", "table", "pause", "results", "settings", "help", "practice", "relics", "statistics")
FRAME_DT = 1 / 60


@dataclass
class RunOptions:
    size: tuple[int, int] = (1280, 720)
    headless: bool = False
    frames: int | None = None
    screenshot: Path | None = None
    code: DealCode | None = None
    mode: str | None = None
    autoplay: bool = False
    frame_stats: bool = False
    screen: str | None = None
    seed: int | None = None
    settings: Settings = field(default_factory=Settings)
    launched_at: float = field(default_factory=time.time)  # wall-clock time the process started
    full_redraw: bool = False  # draw every frame whole (for comparisons)
    store: Any = None  # a storage.SaveStore: the table saves the game after every move


class GameApp(arcade.Window):
    def __init__(self, options: RunOptions) -> None:
        w, h = options.size
        super().__init__(w, h, TITLE, resizable=True, antialiasing=False, visible=not options.headless,
                         vsync=not options.headless, center_window=not options.headless)
        self.set_minimum_size(640, 360)
        self.options = options
        self.assets = Assets()
        self.assets.load_fonts()
        self.settings = options.settings
        self.sounds = Sounds(self.assets, lambda: self.settings)
        self.scenery = Scenery()
        self.table: TableView | None = None  # the deal in play, for Continue
        self.on_quit: Callable[[], None] = self.close
        self.probe = BufferProbe()
        self._hints: Any = None  # the solver's HintService, shared by every table
        self._hints_tried = False
        self.full_redraw = options.full_redraw

    # -- screens -----------------------------------------------------------------------------------
    def show_title(self, message: str = "") -> None:
        from .title import TitleView

        self.show_view(TitleView(self, message))

    def new_table(self, session: Any, autoplay: bool = False) -> None:
        """Put a session's deal on the table (the deal in play from now on, for Continue)."""
        from .table import TableView

        table = TableView(self, session, autoplay)
        self.table = table
        self.show_view(table)

    def start_practice(self, rules: Rules = DESERT, layout: Layout | None = None, deal: Deal | None = None,
                       autoplay: bool = False) -> None:
        """A Practice deal: this one, the seed given on the command line, or a random one."""
        from . import session as sessions

        layout = layout or sessions.layout_number(1)
        if deal is None and self.options.seed is not None:
            deal = Deal.from_seed(self.options.seed)
            self.options = replace(self.options, seed=None)  # the seed makes the first deal only
        self.new_table(sessions.practice(rules, layout, deal), autoplay)

    def start_mode(self, mode: str, autoplay: bool = False) -> None:
        """Practice (a random Desert deal), an Expedition (a new trek) or today's Daily."""
        from . import session as sessions

        if mode == "practice":
            self.start_practice(autoplay=autoplay)
        elif mode == "expedition":
            seed, self.options = self.options.seed, replace(self.options, seed=None)
            self.new_table(sessions.expedition(seed), autoplay)
        else:
            self.new_table(sessions.daily(), autoplay)

    @property
    def can_continue(self) -> bool:
        table = self.table
        return table is not None and not table.session.finished

    def continue_game(self) -> bool:
        if not self.can_continue or self.table is None:
            return False
        self.show_view(self.table)
        return True

    def show_pause(self, table: TableView) -> None:
        from .pause import PauseView

        self.show_view(PauseView(self, table))

    def show_results(self, table: TableView) -> None:
        from .results import ResultsView

        if self.table is table:
            self.table = None  # a finished deal cannot be continued
        self.show_view(ResultsView(self, table))

    def show_settings(self, back: arcade.View) -> None:
        from .settings import SettingsView

        self.show_view(SettingsView(self, back))

    def show_help(self, under: arcade.View) -> None:
        from .help import HelpView

        if isinstance(under, HelpView):
            self.show_view(under.under)
        else:
            self.show_view(HelpView(self, under))

    def show_practice_setup(self) -> None:
        from .practice import PracticeSetupView

        self.show_view(PracticeSetupView(self))

    def show_placeholder(self, title: str, text: str) -> None:
        from .title import PlaceholderView

        self.show_view(PlaceholderView(self, title, text))

    def set_settings(self, settings: Settings) -> None:
        self.settings = settings

    def toggle_fullscreen(self) -> None:
        if self.options.headless:
            return  # an offscreen window has no screen to fill
        self.set_fullscreen(not self.fullscreen)

    def quit_game(self) -> None:
        self.on_quit()

    def on_deactivate(self) -> None:
        """The window lost the focus: the clock stops; a timed table goes to the pause screen
        (its cards hidden) and stays there until the player resumes."""
        from .table import TableView

        view = self.current_view
        if isinstance(view, TableView) and not view.session.finished:
            view.session.focus_lost()
            if view.timed:
                self.show_pause(view)

    def on_activate(self) -> None:
        """The focus is back: an untimed table takes up where it was."""
        from .table import TableView

        view = self.current_view
        if isinstance(view, TableView) and not view.session.finished:
            view.session.focus_gained()

    # -- frames ------------------------------------------------------------------------------------
    def step(self, dt: float = FRAME_DT) -> None:
        """One frame: update, then draw (what the event loop does; tests and --frames call it)."""
        view = self.current_view
        if view is None:
            return
        view.on_update(dt)
        if self.current_view is not None:
            self.current_view.on_draw()

    def save_game(self, session: Any, started: str) -> None:
        """Save the deal in play (after every move) when the app has a save store."""
        store = self.options.store
        if store is None:
            return
        from desert_pyramid.storage import CurrentGame

        store.save_current(CurrentGame(started=started, **session.current_fields()))

    def hint_service(self) -> Any:
        """The background hint service (started once), or ``None`` without a solver."""
        if not self._hints_tried:
            self._hints_tried = True
            try:
                from desert_pyramid.solver.service import HintService
            except ImportError:
                return None
            self._hints = HintService()
        return self._hints

    @property
    def incremental(self) -> bool:
        """Whether views may repaint only what changed (the back buffer keeps its pixels)."""
        return self.probe.preserves and not self.full_redraw

    def flip(self) -> None:
        probing = not self.probe.done
        self.probe.before_swap()
        super().flip()
        self.probe.after_swap()
        if probing and self.probe.done:
            dirty = getattr(self.current_view, "dirty", None)
            if dirty is not None:
                dirty.invalidate()  # paint over the marker

    def close(self) -> None:
        if self._hints is not None:
            self._hints.close()
            self._hints = None
        super().close()


def start(app: GameApp, options: RunOptions) -> None:
    """The first screen: a table for a deal code or a mode, a named screen, or the title."""
    screen = options.screen
    if options.code is not None:
        c = options.code
        from .session import layout_number

        app.start_practice(c.rules, layout_number(c.layout_number), c.deal, autoplay=options.autoplay)
    elif options.mode is not None:
        app.start_mode(options.mode, autoplay=options.autoplay)
    elif screen in ("table", "pause", "results", "help"):
        app.start_practice(autoplay=options.autoplay)
    else:
        app.show_title()
    if screen == "pause" and app.table is not None:
        app.show_pause(app.table)
    elif screen == "results" and app.table is not None:
        app.show_results(app.table)
    elif screen == "settings":
        app.show_settings(app.current_view or app.table)  # type: ignore[arg-type]
    elif screen == "help" and app.current_view is not None:
        app.show_help(app.current_view)
    elif screen == "practice":
        app.show_practice_setup()
    elif screen in ("relics", "statistics"):
        from .title import placeholder_text

        app.show_placeholder(screen.capitalize(), placeholder_text(screen))


def run(options: RunOptions) -> int:
    app = GameApp(options)
    start(app, options)
    if options.frames is None:
        arcade.run()
        return 0
    times: list[float] = []
    first_frame_at = 0.0
    start_at = time.perf_counter()
    for i in range(options.frames):
        # keep to 60 frames a second, as a screen would: the solver and the clock run in real time
        wait = start_at + i * FRAME_DT - time.perf_counter()
        if wait > 0:
            time.sleep(wait)
        app.dispatch_events()
        if app.closed if hasattr(app, "closed") else False:
            break
        t0 = time.perf_counter()
        app.step(FRAME_DT)
        app.ctx.finish()  # the frame is done only when the renderer has drawn it
        app.flip()
        times.append((time.perf_counter() - t0) * 1000)
        if i == 0:
            first_frame_at = time.time()
    if options.screenshot is not None:
        arcade.get_image(0, 0, app.width, app.height).save(options.screenshot)
    if options.frame_stats:
        print(json.dumps(frame_stats(times, first_frame_at - options.launched_at, app)), file=sys.stdout)
    app.close()
    return 0


def frame_stats(times_ms: list[float], first_frame_s: float, app: GameApp) -> dict[str, object]:
    ordered = sorted(times_ms)
    n = len(ordered)
    p95 = ordered[min(n - 1, int(round(0.95 * (n - 1))))] if n else 0.0
    return {
        "frames": n,
        "median_ms": round(statistics.median(ordered), 2) if n else 0.0,
        "p95_ms": round(p95, 2),
        "max_ms": round(ordered[-1], 2) if n else 0.0,
        "first_frame_s": round(first_frame_s, 3),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "size": f"{app.width}x{app.height}",
        "renderer": str(app.ctx.info.RENDERER),
    }
