"""The game window: one :class:`arcade.Window`, the switch between screens, and :func:`run`.

``run(options)`` opens the window (or an offscreen one with ``headless``), starts on the title
or straight at a table, and with ``frames`` runs that many frames, then saves a screenshot and
prints frame statistics. It is what ``desert-pyramid`` runs with no sub-command.
"""

from __future__ import annotations

import datetime
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import arcade

from desert_pyramid.app.ambience import Scene
from desert_pyramid.app.application import Application
from desert_pyramid.app.layouts import Catalogue
from desert_pyramid.app.prefs import Settings
from desert_pyramid.app.saving import Saves
from desert_pyramid.app.screens import OVER_A_TABLE, ScreenName, screen_name
from desert_pyramid.app.sessions import Session
from desert_pyramid.engine import DESERT, Deal, GameCode, Layout, Rules
from desert_pyramid.i18n import _, system_language, use_language
from desert_pyramid.ui.art.assets import Assets
from desert_pyramid.ui.art.scenery import Scenery
from desert_pyramid.ui.base import audit, fonts
from desert_pyramid.ui.screen import Screen
from desert_pyramid.ui.shell import RunOptions as RunOptions
from desert_pyramid.ui.sound import Sounds
from desert_pyramid.ui.speech_link import SPEECH_HEADING, SpeechLink
from desert_pyramid.ui.table.redraw import BufferProbe
from desert_pyramid.ui.widgets.buttons import use_high_contrast
from desert_pyramid.ui.widgets.toast import Ground, Overlay

if TYPE_CHECKING:
    from desert_pyramid.app.analysis import HintService
    from desert_pyramid.app.howto import HowtoMemory
    from desert_pyramid.app.seat import Seat
    from desert_pyramid.app.sessions import DealFinder
    from desert_pyramid.app.workshop import Draft, Estimator
    from desert_pyramid.i18n.say import Say
    from desert_pyramid.ui.table.view import TableView

TITLE = "Desert Pyramid"
FRAME_DT = 1 / 60


class GameApp(arcade.Window):
    def __init__(self, options: RunOptions) -> None:
        w, h = options.size
        super().__init__(
            w,
            h,
            TITLE,
            resizable=True,
            antialiasing=False,
            visible=not options.headless,
            vsync=not options.headless,
            center_window=not options.headless,
        )
        self.set_minimum_size(640, 360)
        self.options = options
        self.assets = Assets()
        self.assets.load_fonts()
        self.overlay = Overlay(self)  # unlock toasts and save notices over every screen (toast.py)
        # the game without the window: sessions, saves, layouts, services (app/application.py)
        self.application = Application(
            options.settings,
            save_dir=options.save_dir,
            catalogue=options.catalogue,
            notices=self.overlay,
        )
        self.sounds = Sounds(self.assets, lambda: self.settings)
        self.speech = SpeechLink(
            lambda: self.settings, options.speech_log, alarm=lambda: self.sounds.play("illegal")
        )
        self.scenery = Scenery()
        self.on_quit: Callable[[], None] = self.close
        self._table: TableView | None = None  # the view of the application's seat
        self.howto_memory: HowtoMemory | None = (
            None  # How to play: page, scroll, the quiz's session score
        )
        if options.store is not None:
            self.application.use_store(options.store)
        self.use_settings()
        self.probe = BufferProbe()
        self.full_redraw = options.full_redraw
        from desert_pyramid.ui.input.controller import KEYS, ControllerLayer

        self.last_input = (
            KEYS  # "keys" (keyboard or mouse) or "pad": the help shows that one's buttons
        )
        self.controllers = ControllerLayer(
            self
        )  # game controllers (controller.py), started on the first frame

    # -- the application's, as the screens see it ---------------------------------------------
    @property
    def settings(self) -> Settings:
        return self.application.settings

    @settings.setter
    def settings(self, settings: Settings) -> None:
        self.application.settings = settings

    @property
    def saves(self) -> Saves:
        """The save files (app/saving.py): ``options.store``, or the one :func:`run` opens."""
        return self.application.saves

    @property
    def catalogue(self) -> Catalogue:
        """The layouts (the game's and the player's, in the save folder): made once."""
        return self.application.catalogue

    def get_layout(self, number: int) -> Layout:
        """Layout ``number`` from the catalogue: the game's or the player's."""
        return self.application.get_layout(number)

    @property
    def table(self) -> TableView | None:
        """The table of the deal in play (the application's seat), for Continue; ``None`` when
        there is none or it is over."""
        view = self._table
        seat = self.application.seat
        return view if view is not None and seat is not None and view.seat is seat else None

    @table.setter
    def table(self, table: TableView | None) -> None:
        self._table = table
        self.application.seat = table.seat if table is not None else None

    def hint_service(self) -> HintService | None:
        """The background hint service, started the first time a table asks for it."""
        return self.application.hint_service()

    def estimate_service(self) -> Estimator | None:
        """The layout editor's background difficulty estimate (``None`` where no process can
        be started)."""
        return self.application.estimate_service()

    # -- screens -----------------------------------------------------------------------------------
    def show_title(self, message: str = "") -> None:
        from desert_pyramid.ui.screens.title import TitleView

        self.application.show("title")
        self.show_view(TitleView(self, message))

    def new_table(
        self, session: Session, autoplay: bool = False, note: Say | str = "", why: str = "new deal"
    ) -> None:
        """Put a session the application made on the table (the application seats it: the deal
        in play from now on, for Continue); ``note``: the first words on the message line."""
        self.show_table(self.application.sit(session, why), autoplay, note)

    def show_table(self, seat: Seat, autoplay: bool = False, note: Say | str = "") -> None:
        """Show the table of a seat the application has just seated."""
        from desert_pyramid.ui.table.view import TableView

        table = TableView(self, seat, autoplay, note=note)
        self._table = table
        self.show_view(table)

    def restart(self, seat: Seat) -> None:
        """The same deal again (the same day's Daily): the application restarts it."""
        self.show_table(self.application.restart(seat))

    def start_practice(
        self,
        rules: Rules = DESERT,
        layout: Layout | None = None,
        deal: Deal | None = None,
        autoplay: bool = False,
        note: Say | str = "",
    ) -> None:
        """A Practice deal: this one, the seed given on the command line, or a random one."""
        self._hand_over_seed()
        self.show_table(self.application.start_practice(rules, layout, deal), autoplay, note)

    def start_mode(self, mode: str, autoplay: bool = False) -> None:
        """Practice (a random Desert deal), an Expedition (a new trek) or today's Daily."""
        self._hand_over_seed()
        self.show_table(self.application.start_mode(mode), autoplay)

    def _hand_over_seed(self) -> None:
        """``--seed`` (``options.seed``) makes the next deal only: the application deals it."""
        if self.options.seed is not None:
            self.application.seed = self.options.seed
            self.options = replace(self.options, seed=None)

    def can_continue(self) -> bool:
        """A deal in play in this run (not finished), or one saved by an earlier run."""
        return self.application.can_continue()

    def continue_game(self) -> bool:
        """CONTINUE: the application's deal in play (its table as it was), or the game saved."""
        seat = self.application.continue_game()
        if seat is None:
            return False
        table = self.table
        if table is not None and table.seat is seat:
            self.show_view(table)
        else:
            self.show_table(seat)
        return True

    def show_pause(self, table: arcade.View, why: str = "the player paused") -> None:
        from desert_pyramid.ui.screens.pause import PauseView
        from desert_pyramid.ui.table.view import TableView

        assert isinstance(table, TableView)
        self.application.show("pause", why)
        self.show_view(PauseView(self, table))

    def show_results(self, table: arcade.View) -> None:
        from desert_pyramid.ui.screens.results import ResultsView
        from desert_pyramid.ui.table.view import TableView

        assert isinstance(table, TableView)
        finished = self.application.finish(table.seat)  # recorded; no longer to be continued
        self.show_view(ResultsView(self, table, finished))

    def show_settings(self, back: arcade.View) -> None:
        from desert_pyramid.ui.screens.settings import SettingsView

        self.application.show("settings")
        self.show_view(SettingsView(self, back))

    def show_help(self, under: arcade.View) -> None:
        from desert_pyramid.ui.screens.help import HelpView

        if isinstance(under, HelpView):
            self.show_view(under.under)
        else:
            self.application.show("help")
            self.show_view(HelpView(self, under))

    def show_howto(self, back: arcade.View | None = None, page: str | None = None) -> None:
        """The How to play screen (rules, variations, glossary, quiz); Esc goes back to ``back``."""
        from desert_pyramid.ui.screens.howto import HowToView

        self.application.show("howto")
        self.show_view(HowToView(self, back, page))

    def show_daily(
        self, today: datetime.date | None = None, finder: DealFinder | None = None
    ) -> None:
        """The Daily screen: the streak, the calendar of recent days, today's or a past day's pyramid."""
        from desert_pyramid.ui.screens.daily_view import DailyView

        self.application.show("daily")
        self.show_view(DailyView(self, today, finder))

    def show_practice_setup(self) -> None:
        from desert_pyramid.ui.screens.practice import PracticeSetupView

        self.application.show("practice")
        self.show_view(PracticeSetupView(self))

    def show_relics(self, back: Callable[[], None] | None = None) -> None:
        from desert_pyramid.ui.screens.relics import RelicsView

        self.application.show("relics")
        self.show_view(RelicsView(self, back))

    def show_backs(self, back: arcade.View | None = None) -> None:
        from desert_pyramid.ui.screens.backs import BacksView

        self.application.show("backs")
        self.show_view(BacksView(self, back))

    def show_statistics(self) -> None:
        from desert_pyramid.ui.screens.stats import StatsView

        self.application.show("statistics")
        self.show_view(StatsView(self))

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
    ) -> None:
        """Watch a game again (a game code), with the solver's analysis filling in beside it.
        ``total``: the mode's total for the game, which the replay ends on (a Daily's time bonus
        included); ``None``: the moves' own score."""
        from desert_pyramid.ui.screens.replay import ReplayView

        layout = self.get_layout(code.layout_number)
        # the solver's analysis in its own process (None where none can start: no analysis)
        source = self.application.analysis(code.game(layout)) if analyse else None
        self.application.show("replay")
        self.show_view(
            ReplayView(
                self,
                code,
                layout,
                back or self.show_title,
                title=title,
                source=source,
                start_at=start_at,
                film=film,
                total=total,
            )
        )

    def show_editor(
        self,
        draft: Draft | None = None,
        back: Callable[[Layout | None], None] | None = None,
        estimator: Estimator | None = None,
    ) -> None:
        """The layout editor on ``draft`` (a new layout when ``None``); ``back(saved)`` runs when
        the player leaves it (the layout saved there, or ``None``). The player's layouts are saved
        in the save folder's ``layouts``; the difficulty is measured by :meth:`estimate_service`
        unless an ``estimator`` is given."""
        from desert_pyramid.ui.screens.editor import EditorView

        self.application.show("editor")
        self.show_view(
            EditorView(
                self,
                draft,
                back,
                store=self.application.player_layouts,
                estimator=estimator if estimator is not None else self.estimate_service(),
            )
        )

    def show_layouts(
        self,
        rules: Rules = DESERT,
        on_choose: Callable[[int], None] | None = None,
        back: Callable[[], None] | None = None,
        focus: int | None = None,
    ) -> None:
        """The layout picker (Practice's): built-in layouts, then the player's own; choosing one
        starts a Practice deal on it unless ``on_choose`` says otherwise."""
        from desert_pyramid.app.picker import remembered_layout
        from desert_pyramid.ui.screens.layout_picker import LayoutPickerView

        def play(number: int) -> None:

            self.start_practice(rules, self.get_layout(number))

        current = focus if focus is not None else (remembered_layout(self.application) or 1)
        self.application.show("layouts")
        self.show_view(
            LayoutPickerView(
                self,
                on_choose=on_choose or play,
                on_back=back or self.show_title,
                current=current,
                rules=rules,
                rules_name=str(rules),
            )
        )

    def show_placeholder(self, title: str, text: str) -> None:
        from desert_pyramid.ui.screens.title import PlaceholderView

        self.show_view(PlaceholderView(self, title, text))

    def set_settings(self, settings: Settings) -> None:
        self.application.set_settings(settings)
        self.speech.settings_changed(settings)
        self.use_settings()

    def use_settings(self) -> None:
        """Draw from now on as the settings say: the theme and the text size (a screen laid out
        at another text size lays itself out again when it is next shown or asked)."""
        use_high_contrast(self.settings.high_contrast)
        fonts.set_text_size(self.settings.text_size)

    def run_settings(self, options: RunOptions) -> None:
        """This run's settings from the command line (``--high-contrast``, ``--text-size``,
        ``--reduced-motion``) over the saved ones, for this run only (not saved unless the player
        changes a setting)."""
        if options.high_contrast:
            self.settings = replace(self.settings, high_contrast=True)
        if options.text_size is not None:
            self.settings = replace(self.settings, text_size=options.text_size)
        if options.reduced_motion:
            self.settings = replace(self.settings, animation_speed=0.0)
        self.use_settings()

    def toggle_mute(self) -> None:
        """M: sound off or on again (kept in the settings); the screen says so if it can."""
        self.set_settings(self.settings.toggled("mute"))
        view = self.current_view
        if isinstance(view, Screen):
            view.sound_changed()

    def back_choices(self) -> list[str]:
        """The card backs the settings may cycle through: the owned ones once saves are in."""
        from desert_pyramid.ui.art.assets import back_ids

        owned = self.application.back_choices()
        return back_ids() if owned is None else owned

    def toggle_fullscreen(self) -> None:
        if self.options.headless:
            return  # an offscreen window has no screen to fill
        self.set_fullscreen(not self.fullscreen)

    def quit_game(self) -> None:
        self.on_quit()

    def on_deactivate(self) -> None:
        """The window lost the focus: the clock stops; a timed table goes to the pause screen
        (its cards hidden) and stays there until the player resumes."""
        from desert_pyramid.ui.table.view import TableView

        self.sounds.focus_lost()  # the ambience pauses while another window has the focus
        view = self.current_view
        if isinstance(view, TableView) and not view.seat.finished and view.pause_on_deactivate:
            view.seat.focus_lost()
            if view.timed:
                self.show_pause(view, "the window lost the focus")

    def on_activate(self) -> None:
        """The focus is back: an untimed table takes up where it was."""
        from desert_pyramid.ui.table.view import TableView

        self.sounds.focus_gained()
        view = self.current_view
        if isinstance(view, TableView):
            view.seat.focus_gained()

    # -- frames ------------------------------------------------------------------------------------
    def step(self, dt: float = FRAME_DT) -> None:
        """One frame: update, then draw (what the event loop does; tests and --frames call it)."""
        view = self.current_view
        if view is None:
            return
        view.on_update(dt)
        self.on_update(dt)
        if self.current_view is not None:
            self.current_view.on_draw()
            self.on_draw()

    def on_update(self, delta_time: float) -> None:
        """After the screen's update (the event loop calls it after the view's)."""
        self.overlay.update(delta_time)
        self.application.update(delta_time)
        view = self.current_view  # the ambience follows the screen and the daylight
        focused = self.sounds.focused
        scene = view.ambience_scene(focused) if isinstance(view, Screen) else Scene(not focused)
        self.sounds.update(delta_time, scene)
        self.controllers.update(delta_time)
        notice = self.speech.observe(self.current_view, self.overlay)
        if notice is not None:  # speech failed: said once on screen (F2 tries again)
            self.overlay.notice(notice, "warning", SPEECH_HEADING)
        self._text_probe_start()

    def on_draw(self) -> None:
        """After the screen has drawn: the toasts and notices on top."""
        self.overlay.draw()
        self._text_probe_end()

    # -- the text size: the first frame of a screen laid out larger than 100% is audited ------
    _text_probe: audit.Recorder | None = None
    _text_probe_own = False

    def _text_probe_start(self) -> None:
        """A screen laid out at a text size over 100% and not yet checked: its next frame is
        drawn whole and its parts recorded (into the ``--check-layout`` recorder when it runs)."""
        views = self._text_views()
        if all(v.text_checked for v in views):
            return
        views[0].repaint_all()  # every part drawn, not only the changed ones
        recorder = audit.recording()
        self._text_probe_own = recorder is None
        self._text_probe = audit.start() if recorder is None else recorder

    def _text_probe_end(self) -> None:
        """The probed frame's faults go to its screen (:meth:`Screen.text_faults`), which lays
        itself out smaller when there are any; the frame is then drawn again at once and checked
        again, so the one shown is the one that fits (a few draws, only when a screen is laid
        out at a text size over 100%)."""
        recorder, self._text_probe = self._text_probe, None
        if recorder is None:
            return
        for _attempt in range(12):  # 200% to 100% by TEXT_STEP, for a screen and its table
            views = [v for v in self._text_views() if not v.text_checked]
            if not views:
                break
            for checked in views:
                parts = recorder.parts
                if checked is not self.current_view:  # the table under a menu: its own parts
                    parts = [p for p in parts if p.layer == audit.TABLE]
                checked.text_faults(audit.problems(parts, self.width, self.height))
            view = self.current_view
            if view is None:
                break
            recorder.clear()
            if isinstance(view, Screen):
                view.repaint_all()
            view.on_draw()
            self.overlay.draw()
        if self._text_probe_own:
            audit.stop()

    def toast_ground(self) -> Ground:
        """What the screen shown tells the toasts over it (widgets/toast.py)."""
        view = self.current_view
        return view.toast_ground() if isinstance(view, Screen) else Ground()

    def _text_views(self) -> list[Screen]:
        """The screen shown and the table it covers (pause, help), for the text size's check."""
        view = self.current_view
        if not isinstance(view, Screen):
            return []
        under = view.table_under()
        return [view] if under is None or under is view else [view, under]

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
            view = self.current_view
            if isinstance(view, Screen):
                view.repaint_all()  # paint over the marker

    def dispatch_event(self, *args: Any) -> Any:
        """Every window event passes here: a key or a mouse button makes the keyboard (and mouse)
        the input used last (a controller's buttons are counted in controller.py)."""
        if args and args[0] in ("on_key_press", "on_mouse_press"):
            self.last_input = "keys"
        return super().dispatch_event(*args)

    def close(self) -> None:
        self.controllers.stop()
        self.application.close()
        self.sounds.close()
        self.speech.close()
        super().close()


def finish_deal(table: TableView) -> None:
    """Play the table's deal to its end along the solver's winning line (``--screen results``
    shows a finished deal, not an empty one); a deal the solver cannot win in a few seconds is
    left as it is."""
    for move in table.app.application.winning_line(table.seat, seconds=5.0):
        table.apply(table.control.play(move))


def _open_editor(app: GameApp) -> None:
    from desert_pyramid.app.workshop import draft_of

    # a small pyramid of five rows (15 cards), its difficulty being measured
    app.show_editor(
        draft_of(
            [(13 + 2 * c - r, 2 + r) for r in range(5) for c in range(r + 1)],
            _("My pyramid"),
        ),
        back=lambda _saved: app.show_layouts(),
    )


def _over_the_table(show: Callable[[GameApp, TableView], None]) -> Callable[[GameApp], None]:
    def open_it(app: GameApp) -> None:
        if app.table is not None:
            show(app, app.table)

    return open_it


def _open_results(app: GameApp, table: TableView) -> None:
    finish_deal(table)
    app.show_results(table)


def _open_settings(app: GameApp) -> None:
    back = app.current_view or app.table  # Esc goes back to it
    if back is not None:
        app.show_settings(back)


def _open_help(app: GameApp) -> None:
    if app.current_view is not None:
        app.show_help(app.current_view)


def _nothing_more(app: GameApp) -> None:
    """The title, or the table already dealt."""


# How each screen of the one list (app/screens.py: STARTING, the choices of --screen) opens at
# the start of a run; tests/test_app_application.py checks that every one has its way in.
OPENERS: dict[ScreenName, Callable[[GameApp], None]] = {
    "title": _nothing_more,
    "table": _nothing_more,
    "pause": _over_the_table(GameApp.show_pause),
    "results": _over_the_table(_open_results),
    "settings": _open_settings,
    "help": _open_help,
    "practice": GameApp.show_practice_setup,
    "relics": lambda app: app.show_relics(),
    "statistics": GameApp.show_statistics,
    "backs": lambda app: app.show_backs(),
    "howto": lambda app: app.show_howto(app.current_view),
    "layouts": lambda app: app.show_layouts(),
    "editor": _open_editor,
}


def start(app: GameApp, options: RunOptions) -> None:
    """The first screen: a table for a deal code or a mode, a named screen, or the title."""
    screen = options.screen
    if isinstance(options.code, GameCode):
        app.show_replay(options.code)
    elif options.code is not None:
        c = options.code
        app.start_practice(
            c.rules, app.get_layout(c.layout_number), c.deal, autoplay=options.autoplay
        )
    elif options.layout is not None:
        layout = app.get_layout(options.layout)
        app.start_practice(layout=layout, autoplay=options.autoplay)
    elif options.mode is not None:
        app.start_mode(options.mode, autoplay=options.autoplay)
    elif screen in OVER_A_TABLE:
        app.start_practice(autoplay=options.autoplay)
    else:
        app.show_title()
    if screen is not None:
        OPENERS[screen_name(screen)](app)


def notice_own_layouts(app: GameApp) -> None:
    """Read the player's layout files now: any that cannot be used is set aside, and the title
    says so with the notice the Layouts screen gives."""
    app.application.read_own_layouts()


def choose_language(app: GameApp, options: RunOptions) -> None:
    """--lang, else the language saved in the settings, else the system's; English, said once on
    the title, when that one cannot be used (desert_pyramid/i18n.py)."""
    notice = use_language(options.lang or app.settings.language or system_language())
    if notice is not None:
        app.application.startup_notices.append(("warning", notice))


def run(options: RunOptions) -> int:
    # the language known before the saves are read (--lang, else the system's): a damaged
    # save.toml's notice is worded in it; the saved one is chosen below, once it is read
    use_language(options.lang or system_language())
    app = GameApp(options)  # the player's own layouts: in the same save folder
    if not app.application.has_saves:
        app.application.open_saves(background=True)
    choose_language(app, options)  # first: the layout files' notices are worded in it
    notice_own_layouts(app)
    app.run_settings(options)
    start(app, options)
    if options.frames is None:
        arcade.run()
        return 0
    times: list[float] = []
    cpu: list[float] = []  # the CPU time the process used in each frame (all its threads)
    first_frame_at = 0.0
    start_at = time.perf_counter()
    recorder = audit.start() if options.check_layout else None
    for i in range(options.frames):
        # keep to 60 frames a second, as a screen would: the solver and the clock run in real time
        wait = start_at + i * FRAME_DT - time.perf_counter()
        if wait > 0:
            time.sleep(wait)
        app.dispatch_events()
        if app.closed if hasattr(app, "closed") else False:
            break
        t0, c0 = time.perf_counter(), time.process_time()
        if recorder is not None:
            recorder.clear()  # the last frame's parts are the ones checked
        app.step(FRAME_DT)
        app.ctx.finish()  # the frame is done only when the renderer has drawn it
        app.flip()
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
        if i == 0:
            first_frame_at = time.time()
    if options.screenshot is not None:
        # opaque RGB, as a player sees it (the frame's alpha would wash a picture out on a page)
        arcade.get_image(0, 0, app.width, app.height).convert("RGB").save(options.screenshot)
    if options.frame_stats:
        print(
            json.dumps(frame_stats(times, first_frame_at, options.launched_at, app, cpu)),
            file=sys.stdout,
        )
    failed = 0
    if recorder is not None:
        audit.stop()
        failed = check_layout(recorder.parts, app.width, app.height)
    app.close()
    return failed


def check_layout(parts: list[audit.Part], width: int, height: int) -> int:
    """``--check-layout``: every part's box as JSON on standard output; each fault one line on
    standard error. 1 when there is a fault, else 0."""
    print(json.dumps([p.to_json() for p in parts], ensure_ascii=False), file=sys.stdout)
    found = audit.problems(parts, width, height)
    for line in found:
        print(f"desert-pyramid: layout: {line}", file=sys.stderr)
    return 1 if found else 0


def _p95(ordered: list[float]) -> float:
    n = len(ordered)
    return ordered[min(n - 1, int(round(0.95 * (n - 1))))] if n else 0.0


def frame_stats(
    times_ms: list[float],
    first_frame_at: float,
    launched_at: float,
    app: GameApp,
    cpu_ms: Sequence[float] = (),
) -> dict[str, object]:
    """The frame times' figures; ``first_frame_at``: the wall-clock time the first frame had been
    drawn and swapped (a launch benchmark subtracts the time it started the process);
    ``cpu_ms``: the CPU time of each frame (on a busy machine a frame waits for a core, and its
    wall-clock time says more about the machine than about the game)."""
    from desert_pyramid.sysinfo import peak_memory_bytes, to_mb  # read per platform
    from desert_pyramid.ui.table.view import TableView

    view = app.current_view

    ordered = sorted(times_ms)
    cpu = sorted(cpu_ms)
    n = len(ordered)
    return {
        "frames": n,
        "median_ms": round(statistics.median(ordered), 2) if n else 0.0,
        "p95_ms": round(_p95(ordered), 2),
        "max_ms": round(ordered[-1], 2) if n else 0.0,
        "cpu_median_ms": round(statistics.median(cpu), 2) if cpu else None,
        "cpu_p95_ms": round(_p95(cpu), 2) if cpu else None,
        "first_frame_s": round(first_frame_at - launched_at, 3),
        "first_frame_at": round(first_frame_at, 4),
        "peak_rss_mb": to_mb(peak_memory_bytes()),  # None where the platform gives no figure
        "size": f"{app.width}x{app.height}",
        "renderer": str(app.ctx.info.RENDERER),
        # the sprites of the last frame's table drawn whole (None: another screen)
        "sprites": view.drawn_sprites() if isinstance(view, TableView) else None,
    }
