"""The game without a window: :class:`Application`.

It owns the running game: which screen is up and why, starting, continuing, saving and ending
sessions (through :class:`~desert_pyramid.app.saving.Saves`), the layouts (one
:class:`~desert_pyramid.catalog.Catalogue`, made here and passed down), the player's own layouts
added, renamed and deleted, the background searches (the hint and estimate services, a winnable
deal), and the settings. The Arcade window (``ui/app.py``) makes one, draws what it is told and
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
from desert_pyramid.app.saving import Notices, Saves, TableView
from desert_pyramid.app.screens import ScreenName, ScreenState, screen_name
from desert_pyramid.catalog import Catalogue
from desert_pyramid.engine import DESERT, Deal, Event, Game, Layout, Move, Rules
from desert_pyramid.modes import ExpeditionSession, PracticeSession, Results, Session
from desert_pyramid.progression import Unlocks
from desert_pyramid.storage import SaveStore

if TYPE_CHECKING:
    from desert_pyramid.app.workshop import Estimator
    from desert_pyramid.modes.dealing import DealFinder
    from desert_pyramid.solver.service import HintService
    from desert_pyramid.workshop import EstimateService


class Seat:
    """The deal in play as the application tracks it: its session, saved after every move."""

    def __init__(self, app: Application, session: Session) -> None:
        self.app = app
        self.session = session

    @property
    def game(self) -> Game:
        return self.session.game

    def play(self, move: Move | str) -> list[Event]:
        """Play a move (or its text, ``"12+W"``); saved, and a finished deal recorded. Raises
        :class:`~desert_pyramid.engine.IllegalMoveError` with the reason."""
        events = self.session.play(Move.parse(move) if isinstance(move, str) else move)
        self.app.after_move(self)
        return events

    def undo(self) -> list[Event]:
        events = self.session.undo()
        self.app.after_move(self)
        return events

    def skip(self) -> list[Event]:
        """Expedition: skip this pyramid for 30 s of daylight."""
        session = self.session
        if not isinstance(session, ExpeditionSession):
            raise TypeError("only an Expedition skips a pyramid")
        events = session.skip()
        self.app.after_move(self)
        return events

    def update(self, dt_ms: float) -> int:
        """Advance the session's clock (a frame's time, in milliseconds)."""
        return self.session.update(dt_ms)


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
    """What the results screen shows of a finished (or left) deal."""

    results: Results
    unlocks: Unlocks
    record_line: str


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
        self.seat: TableView | None = None  # the deal in play, for CONTINUE (a Seat or the
        # window's view of the table)
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
    def seat_table(self, table: TableView, why: str = "new deal") -> None:
        """Put a table on (the window's view of a session, or a :class:`Seat`): the deal in play
        from now on. A saved game not continued counts as abandoned."""
        self.saves.table_started(table)
        self.seat = table
        self.show("table", why)

    def sit(self, session: Session, why: str = "new deal") -> Seat:
        """Put a session on the table without a window (see :meth:`seat_table`)."""
        seat = Seat(self, session)
        self.seat_table(seat, why)
        return seat

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

    def again(self, session: Session) -> Session:
        """Restart: the same day's Daily (timed or not as the settings say now), or Practice on
        the same deal."""
        return sessions.again(session, self.settings.untimed)

    def can_continue(self) -> bool:
        """A deal in play in this run (not finished), or one saved by an earlier run."""
        seat = self.seat
        if seat is not None and not seat.session.finished:
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

    def continue_game(self) -> TableView | None:
        """CONTINUE: the deal in play, or the game saved (:meth:`saved_session`), or ``None``."""
        seat = self.seat
        if seat is not None and not seat.session.finished:
            self.show("table", "continue")
            return seat
        session = self.saved_session()
        return None if session is None else self.sit(session, "continue")

    def after_move(self, seat: TableView) -> None:
        """After a move or an undo at the table: saved, the chain noted, a finished deal counted."""
        self.saves.after_move(seat)

    def update(self, dt: float) -> None:
        """Every frame (``dt`` in seconds): a game that ended without a move (the sunset) is
        recorded, a timed game saved with its clock, the store's new notices told."""
        self.saves.update(dt)

    def finish(self, seat: TableView) -> Finished:
        """The deal's end, for the results screen: a deal left unfinished ends as a loss. The
        table is no longer the one CONTINUE resumes."""
        session = seat.session
        results = session.results() if session.finished else session.abandon()
        self.saves.after_move(seat)
        if self.seat is seat:
            self.seat = None
        self.show("results", "finished")
        return Finished(results, self.saves.unlocked_by(seat), self.saves.record_line(session.game))

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
        playing = (
            seat is not None and not seat.session.finished and seat.game.layout.number == number
        )
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
