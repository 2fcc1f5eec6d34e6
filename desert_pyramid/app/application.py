"""The game without a window: :class:`Application`.

It owns the running game: which screen is up and why, starting, continuing, saving and ending
sessions (through :class:`~desert_pyramid.app.saving.Saves`), the layouts (one
:class:`~desert_pyramid.catalog.Catalogue`, made here and passed down), the player's own layouts
added, renamed and deleted, the background searches (the hint and estimate services, a winnable
deal), and the settings. The Arcade window (``ui/window.py``) makes one, draws what it is told and
forwards input; a screen never starts a session, writes a save or starts a search itself.

A whole game runs through it with no window (``tests/test_app_application.py``)::

    app = Application(save_dir=folder)
    app.open_saves(background=False)
    seat = app.start_mode("expedition")
    seat.play(move)            # saved after every move; a cleared pyramid is counted
    seat.update(ms)            # the clock (the sunset ends a trek)
    app.update(dt)             # every frame: a game that ended without a move is recorded
    app.finish(seat)           # the results screen: results, unlocks, the statistics' line
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from desert_pyramid.app import sessions
from desert_pyramid.app.prefs import Settings
from desert_pyramid.app.saving import Notices, Saves
from desert_pyramid.app.screens import ScreenName, ScreenState, screen_name
from desert_pyramid.app.seat import Seat
from desert_pyramid.catalog import Catalogue
from desert_pyramid.engine import DESERT, Deal, Game, Layout, Move, Rules
from desert_pyramid.modes import ModeSession, PracticeSession, Results, Session
from desert_pyramid.progression import BackCollection, Progress, Stats, Unlocks
from desert_pyramid.storage import SaveStore

if TYPE_CHECKING:
    from desert_pyramid.app.workshop import Estimator
    from desert_pyramid.modes.dealing import DealFinder
    from desert_pyramid.solver.analysis import AnalysisRunner
    from desert_pyramid.solver.service import HintService
    from desert_pyramid.storage.layouts import PlayerLayouts
    from desert_pyramid.workshop import EstimateService


@dataclass
class NoticeLog:
    """Where an application without a window tells the player things: kept in lists."""

    notices: list[tuple[str, str]] = field(default_factory=list)  # (level, message)
    unlocks: list[Unlocks] = field(default_factory=list)

    def notice(self, message: str, level: str = "warning") -> None:
        self.notices.append((level, message))

    def unlocked(self, unlocks: Unlocks) -> None:
        self.unlocks.append(unlocks)


@dataclass(frozen=True)
class Finished:
    """What the results screen shows of a finished (or left) deal, worked out by the
    application: the mode's results, what its games unlocked, the statistics' line, and a
    cleared Daily's share line with the day streak it counts for."""

    results: Results
    unlocks: Unlocks
    record_line: str
    streak: int = 0  # the Daily's day streak now (0: none, or not a Daily that counts for it)
    share: str = ""  # a cleared Daily's line to share ("" otherwise)


class Application:
    """The running game (see the module text). ``catalogue``: the layouts (by default those of
    ``save_dir``'s folder: the game's and the player's); ``notices``: where the player is told
    things (the window's overlay of toasts; without a window a :class:`NoticeLog`)."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        save_dir: str | None = None,
        catalogue: Catalogue | None = None,
        notices: Notices | None = None,
        seed: int | None = None,
        today: Callable[[], datetime.date] = sessions.today,
    ) -> None:
        self.settings = settings if settings is not None else Settings()
        self.save_dir = save_dir
        self.catalogue = (
            catalogue if catalogue is not None else Catalogue.open(save_dir, readonly=False)
        )
        self._notices: Notices = notices if notices is not None else NoticeLog()
        self.saves = Saves(self)
        self.seed = seed  # the first random deal's seed (--seed), used once
        self.today = today
        self.seat: Seat | None = None  # the deal in play, for CONTINUE
        self.screen = ScreenState("title")
        self._hints: HintService | None = None  # the solver's, shared by every table
        self._hints_tried = False
        self._estimates: EstimateService | None = None  # the layout editor's, started once
        self._estimates_tried = False
        self._pool: ThreadPoolExecutor | None = None  # the winnable-deal search

    # -- what the save link asks (saving.Host) ----------------------------------------------------
    @property
    def overlay(self) -> Notices:
        return self._notices

    def get_layout(self, number: int) -> Layout:
        """Layout ``number`` from the catalogue: the game's or the player's."""
        return self.catalogue.get_layout(number)

    # -- the saves -----------------------------------------------------------------------------------
    def open_saves(self, *, background: bool = True) -> SaveStore:
        """Open the save folder (``save_dir`` > ``$DESERT_PYRAMID_SAVE_DIR`` > the user data
        folder), its saved game checked with this catalogue's layouts, and use it."""
        store = SaveStore.open(self.save_dir, background=background, layouts=self.get_layout)
        self.saves.attach(store)
        return store

    # -- what the screens draw of the saves and the layouts (they never reach the store) ----------
    @property
    def progress(self) -> Progress:
        """Relics, statistics, the Daily's record, the games played (empty without saves)."""
        return self.saves.progress

    @property
    def backs(self) -> BackCollection:
        """The card backs owned and locked."""
        return self.saves.backs

    def choose_back(self, back_id: str) -> bool:
        """Choose an owned card back (kept in the profile). False if it is locked."""
        return self.saves.choose_back(back_id)

    @property
    def startup_notices(self) -> list[tuple[str, str]]:
        """What the title says once: (level, message) of the save files and the layout files."""
        return self.saves.startup_notices

    def saved_stats(self, mode: str, rules: str, layout: int) -> Stats | None:
        """The statistics of a mode, rules and layout, or ``None`` without a save folder."""
        store = self.saves.store
        return None if store is None else store.progress.stats_for(mode, rules, layout)

    def layouts(self) -> dict[int, Layout]:
        """Every layout: the game's, then the player's own."""
        return self.catalogue.every_layout()

    @property
    def player_layouts(self) -> PlayerLayouts:
        """The player's own layouts (the workshop's store)."""
        return self.catalogue.store

    def layout_title(self, number: int) -> str:
        """Layout ``number``'s name in the player's language (a player's own as named); a
        layout that is gone keeps the catalogue's name for it ("Layout 104 (deleted)")."""
        from desert_pyramid.catalog import layout_title
        from desert_pyramid.engine import EngineError

        try:
            return layout_title(self.get_layout(number))
        except EngineError:
            pass
        try:
            return self.catalogue.layout_name(number)
        except (KeyError, ValueError):
            return ""

    def replays_folder(self) -> Path | None:
        """Where the GIFs of replays go: the save folder's ``replays`` (``None`` without one)."""
        store = self.saves.store
        return None if store is None else store.folder.path / "replays"

    def use_store(self, store: SaveStore | None) -> None:
        """Use this save store (a run given one: ``RunOptions.store``, tests), or none."""
        self.saves.attach(store)

    @property
    def has_saves(self) -> bool:
        """Whether a save folder is open (else nothing is saved or counted)."""
        return self.saves.store is not None

    def back_choices(self) -> list[str] | None:
        """The card backs the player may choose (owned ones), or ``None`` without saves."""
        return self.saves.back_choices()

    def read_own_layouts(self) -> None:
        """Read the player's layout files now: any that cannot be used is set aside, and the
        title says so (:attr:`startup_notices`) with the notice the Layouts screen gives."""
        player = self.catalogue.player
        if player is not None:
            self.catalogue.own_layouts()
            self.saves.startup_notices += [(n.level, n.message) for n in player.take_notices()]

    def set_settings(self, settings: Settings) -> None:
        """New settings, kept in the save file."""
        old, self.settings = self.settings, settings
        self.saves.settings_changed(old, settings)

    # -- screens ----------------------------------------------------------------------------------
    def show(self, name: ScreenName | str, why: str = "") -> ScreenState:
        """The screen now up, and why (the window draws it)."""
        self.screen = ScreenState(screen_name(name), why)
        return self.screen

    # -- sessions -----------------------------------------------------------------------------------
    def sit(self, session: ModeSession, why: str = "new deal") -> Seat:
        """Put a session on the table: the deal in play from now on, played through the seat
        returned (saved after every move). A saved game not continued counts as abandoned."""
        seat = Seat(self, session)
        self.saves.table_started(seat)
        self.seat = seat
        self.show("table", why)
        return seat

    @staticmethod
    def example_seat(game: Game) -> Seat:
        """How to play's worked example on ``game``: a seat for a deal that is shown, not played
        for the record (nothing of it is saved or counted; it is not the deal in play)."""
        return Seat(None, sessions.ExampleSession(game))

    def practice_session(
        self, rules: Rules = DESERT, layout: Layout | None = None, deal: Deal | None = None
    ) -> Session:
        """A Practice deal: this one, the seed given on the command line (once), or a random one."""
        layout = layout or self.get_layout(1)
        if deal is None and self.seed is not None:
            deal, self.seed = Deal.from_seed(self.seed), None
        return sessions.practice(rules, layout, deal)

    def mode_session(self, mode: str) -> Session:
        """Practice (a random Desert deal), an Expedition (a new trek) or today's Daily."""
        if mode == "practice":
            return self.practice_session()
        if mode == "expedition":
            seed, self.seed = self.seed, None
            return sessions.expedition(seed, untimed=self.settings.untimed)
        return self.daily_session()

    def start_practice(
        self, rules: Rules = DESERT, layout: Layout | None = None, deal: Deal | None = None
    ) -> Seat:
        return self.sit(self.practice_session(rules, layout, deal))

    def start_mode(self, mode: str) -> Seat:
        return self.sit(self.mode_session(mode))

    def daily_session(
        self,
        day: datetime.date | None = None,
        finder: DealFinder | None = None,
        today: datetime.date | None = None,
    ) -> Session:
        """The Daily of ``day`` (today's by default), not yet on the table, untimed when the
        settings say so; ``today`` is the player's date (read from the calendar by default). Raises
        :class:`~desert_pyramid.modes.InputError` for a day that cannot be played."""
        from desert_pyramid.modes import DailySession

        now = today or self.today()
        return DailySession.start(day or now, now, finder=finder, untimed=self.settings.untimed)

    def practice_from_code(self, code: str, rules: Rules, layout: Layout) -> Session:
        """A Practice deal from a deal code typed by the player. Raises
        :class:`~desert_pyramid.modes.InputError` saying what is wrong with it (nothing is lost:
        the screen keeps the code to correct)."""
        return PracticeSession.from_code(code, rules, layout, self.get_layout)

    def find_winnable(
        self,
        rules: Rules,
        layout: Layout,
        finder: DealFinder | None = None,
        grader: Callable[[Game], str] | None = None,
    ) -> Future[PracticeSession]:
        """Search a deal the solver proves winnable, beside the frames (a fraction of a second,
        sometimes several): the screen polls the future and seats its session with :meth:`sit`."""
        self._pool = self._pool or ThreadPoolExecutor(max_workers=1, thread_name_prefix="winnable")
        return self._pool.submit(
            PracticeSession.winnable, rules, layout, finder=finder, grader=grader
        )

    def play_on(self, game: Game) -> Session:
        """A Practice session on ``game``'s deal with its moves already played (undo takes them
        back): a replay's "Play on from here". Raises :class:`~desert_pyramid.modes.InputError`
        for a rule set that Practice does not play on this layout."""
        return sessions.practice_from_moves(game.layout, game.rules, game.deal, game.history)

    def again(self, session: ModeSession) -> Session:
        """Restart: the same day's Daily (timed or not as the settings say now), or Practice on
        the same deal."""
        return sessions.again(session, self.settings.untimed)

    def restart(self, seat: Seat) -> Seat:
        """The pause's Restart: :meth:`again` on the table (the deal left counts as abandoned)."""
        return self.sit(self.again(seat.session), "again")

    def can_continue(self) -> bool:
        """A deal in play in this run (not finished), or one saved by an earlier run."""
        seat = self.seat
        if seat is not None and not seat.finished:
            return True
        return self.saves.can_continue()

    def saved_session(self) -> Session | None:
        """The game saved in ``current.toml`` (its whole undo history, its clock, an
        Expedition's daylight), to be put on the table next (it is then not abandoned), or
        ``None`` when there is none."""
        restored = self.saves.restore()
        if restored is None:
            return None
        self.saves.expect_resume(restored.game_id)
        return restored.session

    def continue_game(self) -> Seat | None:
        """CONTINUE: the deal in play, or the game saved (:meth:`saved_session`), or ``None``."""
        seat = self.seat
        if seat is not None and not seat.finished:
            self.show("table", "continue")
            return seat
        session = self.saved_session()
        return None if session is None else self.sit(session, "continue")

    def after_move(self, seat: Seat) -> None:
        """After a move or an undo at the table: saved, the chain noted, a finished deal counted."""
        self.saves.after_move(seat)

    def update(self, dt: float) -> None:
        """Every frame (``dt`` in seconds): a game that ended without a move (the sunset) is
        recorded, a timed game saved with its clock, the store's new notices told."""
        self.saves.update(dt)

    def finish(self, seat: Seat) -> Finished:
        """The deal's end, for the results screen: a deal left unfinished (a trek ended from the
        pause) ends as a loss, and is recorded now so that its results list what it unlocked.
        The table is no longer the one CONTINUE resumes."""
        session = seat.session
        results = session.results() if session.finished else session.abandon()
        self.saves.after_move(seat)
        if self.seat is seat:
            self.seat = None
        self.show("results", "the deal is over")
        streak = 0
        if results.counts_for_streak:
            streak = self.saves.progress.daily.current_on(results.played_on)
        share = sessions.share_line(results, streak) if results.offers_share else ""
        return Finished(
            results,
            self.saves.unlocked_by(seat),
            self.saves.record_line(session.game),
            streak=streak,
            share=share,
        )

    def winning_line(self, seat: Seat, seconds: float = 5.0) -> tuple[Move, ...]:
        """The solver's winning line from the position on the table, searched for at most
        ``seconds`` (empty when it finds none): ``--screen results`` plays it out."""
        from desert_pyramid.solver.core import solve

        return tuple(solve(seat.game, time_limit=seconds).line)

    def analysis(self, game: Game) -> AnalysisRunner | None:
        """The solver's analysis of a finished game for its replay, in a process of its own
        (``None`` where no process can be started: the replay plays without it)."""
        from desert_pyramid.solver.analysis import AnalysisRunner

        try:
            return AnalysisRunner(game)
        except OSError:
            return None

    # -- the player's own layouts -----------------------------------------------------------------
    def rename_layout(self, number: int, name: str) -> Layout:
        """Rename one of the player's layouts. Raises ``PlayerLayoutError`` saying why not."""
        from desert_pyramid.storage.layouts import check_name

        return self.catalogue.store.rename(number, check_name(name))

    def delete_layout(self, number: int) -> Path:
        """Delete one of the player's layouts (its file kept aside): the game in progress on it
        ends first, a loss, so it never comes back with its layout missing. Returns where the
        file was kept. Raises ``PlayerLayoutError`` saying why not."""
        self.saves.end_games_on_layout(number)
        seat = self.seat
        if seat is not None and seat.game.layout.number == number:
            self.seat = None  # nothing left to continue on a layout that is gone
        return self.catalogue.store.delete(number)

    def playing_on(self, number: int) -> bool:
        """Whether a game in progress (this run's or the saved one) is played on layout ``number``."""
        seat = self.seat
        playing = seat is not None and not seat.finished and seat.game.layout.number == number
        return playing or self.saves.saved_on_layout(number)

    def add_layout_code(self, text: str) -> Layout:
        """Add a layout from its code (``DL-…``). Raises ``PlayerLayoutError`` or the engine's
        ``LayoutCodeError`` saying what is wrong."""
        return self.catalogue.store.add_code(text)

    # -- background services ------------------------------------------------------------------------
    def hint_service(self) -> HintService | None:
        """The background hint service, started the first time a table asks for it."""
        if not self._hints_tried:
            self._hints_tried = True
            from desert_pyramid.solver.service import HintService

            self._hints = HintService()
        return self._hints

    def estimate_service(self) -> Estimator | None:
        """The background difficulty estimate of the layout editor (started once, in its own
        process), or ``None`` where no process can be started."""
        if self._estimates is None and not self._estimates_tried:
            self._estimates_tried = True
            try:
                from desert_pyramid.workshop import EstimateService

                self._estimates = EstimateService()
            except (ImportError, OSError, RuntimeError):  # no process can be started here
                self._estimates = None
        return self._estimates

    def close(self) -> None:
        """On exit: the services end, the game in progress keeps its clock, the writes finish."""
        if self._hints is not None:
            self._hints.close()
            self._hints = None
        if self._estimates is not None:
            self._estimates.close()
            self._estimates = None
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        self.saves.close()
