"""The game's link to its save files: the store, the game in progress, results and unlocks.

:class:`Saves` sits between the application (:class:`~desert_pyramid.app.application.Application`,
its :class:`Host`) and :class:`desert_pyramid.storage.SaveStore`:

* the seat (:class:`~desert_pyramid.app.seat.Seat`) calls :meth:`Saves.after_move` after every
  move and undo: the game in progress is
  written to ``current.toml`` (on the store's writer thread: the frame pays for the snapshot only),
  a chain that grows is checked for the chain card back, and a won deal is recorded;
* while a timed table (Expedition, Daily, timed scoring) runs, :meth:`Saves.update` writes it
  again every :data:`CLOCK_SAVE_MS` of its clock, and once more when it pauses, so a force-quit
  (a crash, ``kill -9``, the task manager) gives back no daylight and no time: CONTINUE resumes
  with the clock of at most half a second before the game died. The write is the same as after
  a move (a snapshot on this thread, a fraction of a millisecond; the file written on the store's
  writer thread), so it never costs a frame;
* :meth:`Saves.table_started` is called for every seat the application puts on: a game in
  progress that the player
  did not continue is recorded as abandoned (a loss);
* :meth:`Saves.restore` rebuilds the saved game for CONTINUE: the same deal, its whole undo
  history, its clock and (in an Expedition) the daylight left;
* unlocks and the store's notices go to the window's :class:`~desert_pyramid.ui.widgets.toast.Overlay`.

Without a store (a window made without one, as in most UI tests) every call does nothing and
the screens show empty progress.

A deal counts once a move has been made in it: a deal dealt and left without a move is not a
game (nothing is saved, nothing counted).

The sessions are those of :mod:`desert_pyramid.modes`, saved and counted through their own seams
(``saved()``, ``results()`` counted by ``progression.game_results`` and ``trek_result``,
``session_from_saved``), each pyramid of a trek being a game of its own. A saved game whose mode
data does not rebuild (or one saved by an earlier version, with ``mode_state.ui_session``) comes
back as a Practice session of the same game, so CONTINUE never fails.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Protocol, TypeVar

from desert_pyramid.app import sessions
from desert_pyramid.app.prefs import Settings, SettingsError
from desert_pyramid.engine import EngineError, Game, Layout
from desert_pyramid.engine.reading import DocumentError, Reader
from desert_pyramid.i18n import _, format_number, format_percent
from desert_pyramid.modes import ModeSession, Results, Session, session_from_saved
from desert_pyramid.modes.session import LayoutGetter
from desert_pyramid.modes.streak import EARLIEST, LATEST
from desert_pyramid.progression import (
    BACK_BY_ID,
    BackCollection,
    Progress,
    ProgressError,
    Unlocks,
    game_results,
    trek_result,
)
from desert_pyramid.storage import CurrentGame
from desert_pyramid.storage import SaveStore as SaveStore  # the ui names the store through here


class Notices(Protocol):
    """Where the player is told things: the window's overlay of toasts."""

    def notice(self, message: str, level: str = "warning") -> None: ...

    def unlocked(self, unlocks: Unlocks) -> None: ...


class Host(Protocol):
    """What :class:`Saves` needs of the application: its settings, its notices and its layouts
    (the catalogue's ``get_layout``: the game's and the player's)."""

    settings: Settings

    def get_layout(self, number: int) -> Layout: ...

    @property
    def overlay(self) -> Notices: ...


class DealInPlay(Protocol):
    """What :class:`Saves` needs of the deal in play (the application's
    :class:`~desert_pyramid.app.seat.Seat`): the session it plays and the game on it."""

    @property
    def session(self) -> ModeSession: ...

    @property
    def game(self) -> Game: ...


T = TypeVar("T")
SESSION_KEY = "ui_session"  # the mode_state table that holds the session (title, clock, ...)
NOTICE_POLL_S = 1.0  # how often the store's notices are looked at during play
CLOCK_SAVE_MS = 500  # a running timed table is saved again after this much play (ms of its clock)


def today() -> str:
    """The player's local calendar date (``session.today``, the window's one reading of the
    calendar) as the save writes it: within the dates a save holds (a system clock set to year 9999
    or 1900 records its games on the nearest date the save can hold, never crashes)."""
    return save_date(sessions.today())


def save_date(day: datetime.date) -> str:
    """``day`` as the save writes it: kept within ``EARLIEST`` .. ``LATEST``."""
    return min(max(day, EARLIEST), LATEST).isoformat()


def subtitle_for(game: Game, code: str) -> str:
    """What the table shows under its title (the same words as a new Practice deal)."""
    return sessions.deal_line(game, code)


# -- sessions to and from plain values ----------------------------------------------------------


def _or_default(read: Callable[[], T], default: T) -> T:
    """A value read from an earlier version's session state, or ``default`` when it does not read
    (that state is a courtesy: the engine game rebuilds without it)."""
    try:
        return read()
    except DocumentError:
        return default


@dataclass
class Restored:
    session: Session
    title: str
    subtitle: str
    game_id: str


def _modes_session(current: CurrentGame, get_layout: LayoutGetter) -> Session | None:
    """The modes session saved in ``current`` (``modes.session_from_saved``), or ``None`` when
    it does not rebuild (storage checked that it does when it read the file; a layout deleted
    since, or mode data of an earlier version, does not: the caller plays on with the engine
    game)."""
    try:
        return session_from_saved(current.saved(), get_layout)
    except EngineError:  # the modes' StateError, ModeError, the catalogue's LayoutError
        return None


def restore_session(current: CurrentGame, get_layout: LayoutGetter) -> Restored:
    """The session of a saved game. The engine game always rebuilds (storage checked it when it
    loaded the file); mode data that cannot be read falls back to a plain session of the same
    game, so CONTINUE never fails."""
    raw = current.mode_state.get(SESSION_KEY)
    state: Mapping[str, object] = raw if isinstance(raw, Mapping) else {}
    if not state:
        modes_session = _modes_session(current, get_layout)
        if modes_session is not None:
            return Restored(
                modes_session,
                current.mode.capitalize(),
                subtitle_for(modes_session.game, modes_session.deal_code),
                current.game_id,
            )
    from desert_pyramid.modes import MAX_ELAPSED_MS, Clock, PracticeSession

    game = Game.from_dict(current.game, get_layout(current.layout))
    saved = Reader(state, f"mode_state.{SESSION_KEY}")
    title = _or_default(lambda: saved.text("title", "Practice", nonempty=True), "Practice")
    # a clock out of range (the file says 1e308 s) counts as the longest: no best time from it
    seconds_ms = current.seconds * 1000
    saved_ms = (
        int(seconds_ms)
        if math.isfinite(seconds_ms) and 0 <= seconds_ms <= MAX_ELAPSED_MS
        else MAX_ELAPSED_MS
    )
    elapsed = _or_default(lambda: saved.integer("elapsed_ms", saved_ms, maximum=2**63), saved_ms)
    clock = Clock(min(elapsed, MAX_ELAPSED_MS))
    session = PracticeSession(game, source="seed", clock=clock)
    session.game_id = current.game_id
    return Restored(session, title, subtitle_for(game, session.deal_code), current.game_id)


# -- the link ---------------------------------------------------------------------------------------


@dataclass
class Tracked:
    """The table whose game is being saved."""

    table: DealInPlay
    game_id: str
    started: str
    game: Game  # the deal being saved (an Expedition deals a new game for each pyramid)
    chain_noted: int = 0
    recorded: bool = False
    clock_saved_ms: int = -1  # the session's elapsed time when it was last saved (-1: not yet)
    unlocks: Unlocks = field(
        default_factory=Unlocks
    )  # what its games unlocked (the results list them)


class Saves:
    """The window's save files (see the module text). ``store`` may be ``None``: no saving."""

    def __init__(self, app: Host, store: SaveStore | None = None) -> None:
        self.app = app
        self.store = store
        self.active: Tracked | None = None
        self._resume_id = ""
        self._poll = 0.0
        self.startup_notices: list[tuple[str, str]] = []  # (level, message) shown on the title

    # -- opening and closing ----------------------------------------------------------------------
    def attach(self, store: SaveStore | None) -> None:
        """Use this store from now on: take its notices for the title and apply its settings and
        card back to the window."""
        self.store = store
        self.active = None
        self._resume_id = ""
        self.startup_notices = []
        if store is None:
            return
        self.startup_notices = [(n.level, n.message) for n in store.take_notices()]
        saved = {
            k: v for k, v in store.progress.settings.items() if k not in ("card_back", "schema")
        }
        settings = self.app.settings
        if saved:
            try:
                settings = Settings.from_dict({**settings.to_dict(), **saved})
            except SettingsError as exc:
                if exc.key == "text_size":  # that one only: the other settings are kept
                    self.startup_notices.append(
                        (
                            "warning",
                            _("Text size in save.toml not used: {error}; text at 100%.").format(
                                error=exc
                            ),
                        )
                    )
                    saved.pop("text_size")
                try:
                    settings = Settings.from_dict({**settings.to_dict(), **saved})
                except SettingsError as exc:
                    self.startup_notices.append(
                        (
                            "warning",
                            _("Settings in save.toml were not used: {error}.").format(error=exc),
                        )
                    )
        self.app.settings = replace(settings, card_back=store.profile.backs.effective().id)

    def close(self) -> None:
        """On exit: save the clock of the game in progress, then wait for the writes."""
        store = self.store
        if store is None:
            return
        active = self.active
        if (
            active is not None
            and not active.recorded
            and store.current is not None
            and store.current.game_id == active.game_id
        ):
            self._save(active)
        store.close()  # closing twice is harmless; later writes run at once (storage's writer)

    # -- what the screens read --------------------------------------------------------------------
    @property
    def progress(self) -> Progress:
        return self.store.progress if self.store is not None else Progress()

    @property
    def backs(self) -> BackCollection:
        return self.store.profile.backs if self.store is not None else BackCollection()

    def record_line(self, game: Game) -> str:
        """One line for the results screen: the statistics of this deal's mode, rules and layout."""
        active = self.active
        mode = active.table.session.mode if active is not None else "practice"
        untimed = active is not None and active.table.session.untimed  # counted apart
        if self.store is None:
            return _("Wins, losses and streaks are kept when the game has its save folder.")
        stats = self.store.progress.stats_for(mode, str(game.rules), game.layout.number, untimed)
        if not stats.played:
            return _("Finished games of these rules and layout are counted in Statistics.")
        figures = {
            "won": format_number(stats.won),
            "played": format_number(stats.played),
            "rate": format_percent(stats.win_rate),
            "streak": format_number(stats.current_streak),
            "best": format_number(stats.best_streak),
        }
        if mode == "expedition":  # its statistics count pyramids, each a deal of its own, not treks
            if untimed:
                line = _(
                    "Untimed Expedition pyramids: {won} cleared of {played} dealt ({rate}) · "
                    "{streak} cleared in a row, best {best}"
                )
            else:
                line = _(
                    "Expedition pyramids: {won} cleared of {played} dealt ({rate}) · "
                    "{streak} cleared in a row, best {best}"
                )
            return line.format(**figures)
        if untimed:
            line = _(
                "{mode} (untimed) on these rules and layout: won {won} of {played} ({rate}) · "
                "win streak {streak}, best {best}"
            )
        else:
            line = _(
                "{mode} on these rules and layout: won {won} of {played} ({rate}) · "
                "win streak {streak}, best {best}"
            )
        return line.format(mode=sessions.mode_name(mode), **figures)

    def can_continue(self) -> bool:
        return self.store is not None and self.store.current is not None

    def back_choices(self) -> list[str] | None:
        """The card backs the player may choose (owned ones), or ``None`` without a store."""
        if self.store is None:
            return None
        return [b.id for b in self.store.profile.backs.owned()]

    def choose_back(self, back_id: str) -> bool:
        """Choose an owned back: saved in the profile and used at once. False if it is locked."""
        back = BACK_BY_ID.get(back_id)
        if self.store is not None:
            if back is None or not self.store.profile.backs.owns(back_id):
                return False
            self.store.choose_back(back_id)
        settings = self.app.settings
        if settings.card_back != back_id:
            self.app.settings = replace(settings, card_back=back_id)
        return True

    def settings_changed(self, old: Settings, new: Settings) -> None:
        """The settings screen changed something: keep it in save.toml (the card back in the
        profile)."""
        store = self.store
        if store is None:
            return
        if (
            new.card_back != old.card_back
            and store.profile.backs.owns(new.card_back)
            and new.card_back in BACK_BY_ID
        ):
            store.choose_back(new.card_back)
        values = {k: v for k, v in new.to_dict().items() if k not in ("card_back", "schema")}
        if any(store.progress.settings.get(k) != v for k, v in values.items()):
            store.update_settings(values)

    # -- the game in progress ---------------------------------------------------------------------
    def expect_resume(self, game_id: str) -> None:
        """The next table continues the saved game ``game_id`` (it is not abandoned)."""
        self._resume_id = game_id

    def restore(self) -> Restored | None:
        """The saved game's session for CONTINUE, or ``None`` when there is none."""
        if self.store is None or self.store.current is None:
            return None
        return restore_session(self.store.current, self.app.get_layout)

    def table_started(self, table: DealInPlay) -> None:
        """A new table: the saved game, unless this table continues it, counts as abandoned."""
        resume, self._resume_id = self._resume_id, ""
        self.startup_notices = []  # the title's banner has been seen: a game starts
        store = self.store
        if store is not None and store.current is not None and store.current.game_id != resume:
            self._abandon_saved()
        game_id = table.session.game_id
        started = (
            store.current.started if (resume and store is not None and store.current) else today()
        )
        self.active = Tracked(table, game_id, started, table.game, chain_noted=table.game.chain)

    def _abandon_saved(self) -> None:
        """The saved game is left for another: a loss. A modes session ends its own way (an
        Expedition reports its trek too)."""
        store = self.store
        assert store is not None and store.current is not None
        current = store.current
        session: ModeSession | None = None
        active = self.active
        if active is not None and not active.recorded and active.game_id == current.game_id:
            session = active.table.session
        elif SESSION_KEY not in current.mode_state:
            session = _modes_session(current, self.app.get_layout)
        if session is not None:
            try:
                self._record_results(session, session.abandon(), final=True)
            except (EngineError, ProgressError) as exc:  # still counted below, from the file
                self.app.overlay.notice(
                    _(
                        "The game left could not be ended by its mode ({error}); it counts as a "
                        "loss."
                    ).format(error=exc),
                    "warning",
                )
        if active is not None and active.game_id == current.game_id:
            active.recorded = True
        self.announce(store.abandon_current(today()))

    def saved_on_layout(self, number: int) -> bool:
        """Whether the saved game (the one CONTINUE would resume) is played on layout ``number``."""
        store = self.store
        return store is not None and store.current is not None and store.current.layout == number

    def end_games_on_layout(self, number: int) -> bool:
        """Layout ``number`` is about to go (the player deletes it): the saved game on it ends
        now, counted as a loss like any game left, so it never comes back as a damaged file
        whose layout is missing. True if a game was ended."""
        if not self.saved_on_layout(number):
            return False
        self._abandon_saved()
        return True

    def after_move(self, table: DealInPlay) -> None:
        """After a move or an undo at the table: save, note the chain, record a finished game."""
        active = self.active
        store = self.store
        if store is None or active is None or active.table is not table or active.recorded:
            return
        session = table.session
        game = table.game
        if game is not active.game:  # a new pyramid: the last one is over (cleared or skipped)
            self._record_results(session, session.results(), final=False)
            active.game, active.started, active.chain_noted = game, today(), 0
        if game.chain > active.chain_noted and not session.assisted:  # the computer's earn nothing
            active.chain_noted = game.chain
            self.announce(store.note_chain(game.chain, today()))
        if session.finished:
            active.recorded = True
            self._record_results(session, session.results(), final=True)
            store.clear_current()
            return
        self._save(active)

    def save_clock(self, active: Tracked) -> bool:
        """Save a timed game in progress when its clock has run :data:`CLOCK_SAVE_MS` since the
        last save, or has stopped (a pause, a menu, the focus lost) since then. Only a game that
        is already saved (a move was made, or it was continued) is saved again: a deal left
        without a move is still no game. True when a save was made."""
        store = self.store
        session = active.table.session
        if (
            store is None
            or store.current is None
            or store.current.game_id != active.game_id
            or not session.timed
        ):
            return False
        elapsed = int(session.elapsed_ms)
        if elapsed == active.clock_saved_ms:
            return False
        if elapsed - active.clock_saved_ms < CLOCK_SAVE_MS and not session.paused:
            return False
        self._save(active)
        return True

    def _record_results(self, session: ModeSession, results: Results, *, final: bool) -> None:
        """Count a modes session's finished deals (each pyramid of a trek is one; recording is
        idempotent by id) and, when an Expedition ends, the trek."""
        assert self.store is not None
        # a Daily counts for the streak by the date it was started on (modes.streak's rule:
        # ``played_on``), so a daily begun before midnight and cleared after still counts
        date = results.played_on if results.mode == "daily" and results.played_on else today()
        for record in game_results(results, date):
            self.announce(self.store.record_game(record))
        if final and session.mode == "expedition":
            self.announce(self.store.record_trek(trek_result(results, date)))

    def _save(self, active: Tracked) -> None:
        assert self.store is not None
        session = active.table.session
        active.clock_saved_ms = int(session.elapsed_ms)
        saved = session.saved()
        active.game_id = saved.game_id
        self.store.save_current(CurrentGame.of(saved, active.started))

    # -- telling the player -----------------------------------------------------------------------
    def announce(self, unlocks: Unlocks) -> None:
        if unlocks:
            if self.active is not None:
                self.active.unlocks = self.active.unlocks + unlocks
            self.app.overlay.unlocked(unlocks)

    def unlocked_by(self, table: object) -> Unlocks:
        """The relics and card backs unlocked while this table was played (a whole trek's)."""
        active = self.active
        return active.unlocks if active is not None and active.table is table else Unlocks()

    def update(self, dt: float) -> None:
        """Every frame: a game that ended without a move (the Expedition's sunset) is recorded;
        a running timed game is saved with its clock (see :meth:`save_clock`); now and then, new
        notices from the store (a failed write) go to the overlay."""
        if self.store is None:
            return
        active = self.active
        if active is not None and not active.recorded:
            if active.table.session.finished:
                self.after_move(active.table)
            else:
                self.save_clock(active)
        self._poll += dt
        if self._poll < NOTICE_POLL_S:
            return
        self._poll = 0.0
        for notice in self.store.take_notices():
            self.app.overlay.notice(notice.message, notice.level)
