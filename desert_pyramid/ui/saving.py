"""The game's link to its save files: the store, the game in progress, results and unlocks.

:class:`Saves` sits between the window and :class:`desert_pyramid.storage.SaveStore`:

* the table calls :meth:`Saves.after_move` after every move and undo: the game in progress is
  written to ``current.toml`` (on the store's writer thread: the frame pays for the snapshot only),
  a chain that grows is checked for the chain card back, and a won deal is recorded;
* :meth:`Saves.table_started` is called for every new table: a game in progress that the player
  did not continue is recorded as abandoned (a loss);
* :meth:`Saves.restore` rebuilds the saved game for CONTINUE: the same deal, its whole undo
  history, its clock and (in an Expedition) the daylight left;
* unlocks and the store's notices go to the window's :class:`~desert_pyramid.ui.toast.Overlay`.

Without a store (a window made without one, as in most UI tests) every call does nothing and
the screens show empty progress.

A deal counts once a move has been made in it: a deal dealt and left without a move is not a
game (nothing is saved, nothing counted).
"""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import Game
from desert_pyramid.engine.rules import Scoring
from desert_pyramid.progression import (
    BACK_BY_ID,
    BackCollection,
    GameResult,
    Progress,
    Unlocks,
)
from desert_pyramid.storage import CurrentGame, SaveStore

from .prefs import Settings, SettingsError
from .session import LocalSession, TableSession

if TYPE_CHECKING:
    from .app import GameApp
    from .table import TableView

SESSION_KEY = "session"  # the mode_state table that holds the session (title, clock, ...)
NOTICE_POLL_S = 1.0  # how often the store's notices are looked at during play


def today() -> str:
    """The player's local calendar date."""
    return datetime.date.today().isoformat()


def new_game_id(mode: str) -> str:
    """An id unique to one attempt at one deal: ``practice-20250314-153012-a1b2c3``."""
    return f"{mode}-{datetime.datetime.now():%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"


def subtitle_for(game: Game, code: str) -> str:
    """What the table shows under its title (the same words as a new Practice deal)."""
    return f"{game.rules.describe().capitalize()} · layout {game.layout.number} · {code}"


# -- sessions to and from plain values ----------------------------------------------------------

def session_state(session: TableSession) -> dict[str, Any]:
    """What CONTINUE needs besides the engine game: plain TOML values, no ``None``.

    A session with its own ``to_dict`` (the modes sessions) is stored whole, minus its game,
    which ``current.toml`` keeps in its own table; the UI's :class:`LocalSession` is stored field
    by field."""
    if isinstance(session, LocalSession):
        return {
            "kind": "local",
            "mode": session.mode,
            "title": session.title,
            "elapsed_ms": int(session.elapsed_ms),
            "started": bool(session._started),
        }
    to_dict = getattr(session, "to_dict", None)
    if callable(to_dict):
        data = dict(to_dict())
        data.pop("game", None)
        return {"kind": "modes", "data": _plain(data)}
    return {"kind": "unknown"}


def _plain(value: Any) -> Any:
    """Drop ``None`` values (TOML cannot hold them) from nested tables and lists."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value if v is not None]
    return value


def _int(data: Mapping[str, Any], key: str, default: int) -> int:
    value = data.get(key, default)
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else default


def _text(data: Mapping[str, Any], key: str, default: str) -> str:
    value = data.get(key, default)
    return value if isinstance(value, str) and value else default


@dataclass
class Restored:
    session: TableSession
    title: str
    subtitle: str
    game_id: str


def restore_session(current: CurrentGame) -> Restored:
    """The session of a saved game. The engine game always rebuilds (storage checked it when it
    loaded the file); mode data that cannot be read falls back to a plain Practice session of the
    same game, so CONTINUE never fails."""
    game = Game.from_dict(current.game, get_layout(current.layout))
    raw = current.mode_state.get(SESSION_KEY, {})
    state: Mapping[str, Any] = raw if isinstance(raw, Mapping) else {}
    session: TableSession | None = None
    title = _text(state, "title", current.mode.capitalize())
    if state.get("kind") == "modes" and isinstance(state.get("data"), Mapping):
        session = _restore_modes_session(state["data"], current)
    if session is None:
        mode = _text(state, "mode", current.mode)
        local = LocalSession(game, mode=mode if mode in ("practice", "expedition", "daily") else "practice",
                             title=title)
        local.elapsed_ms = _int(state, "elapsed_ms", int(current.seconds * 1000))
        local._started = bool(state.get("started", game.moves > 0))
        session = local
    code = getattr(session, "code", None) or getattr(session, "deal_code", "")
    return Restored(session, title, subtitle_for(session.game, str(code)), current.game_id)


def _restore_modes_session(data: Mapping[str, Any], current: CurrentGame) -> TableSession | None:
    """A session of :mod:`desert_pyramid.modes` (once that package is in the game), or ``None``."""
    try:
        from desert_pyramid import modes  # type: ignore[attr-defined, unused-ignore]
    except ImportError:
        return None
    rebuild = getattr(modes, "session_from_dict", None)
    if rebuild is None:
        return None
    try:
        session: TableSession = rebuild({**data, "game": current.game})
    except Exception:  # a mode's own data that does not rebuild: play on as Practice
        return None
    return session


def daylight_left(session: TableSession) -> int:
    """An Expedition's daylight left in milliseconds (``daylight_ms`` or ``daylight.left_ms``), else 0."""
    value = getattr(session, "daylight_ms", None)
    if value is None:
        value = getattr(getattr(session, "daylight", None), "left_ms", 0)
    return max(0, int(value or 0)) if isinstance(value, int | float) else 0


def _pyramid_number(session: TableSession, game: Game) -> int:
    """An Expedition pyramid's number in its trek (its multiplier), else 0."""
    if getattr(session, "mode", "") != "expedition":
        return 0
    return max(1, int(game.multiplier))


# -- the link ---------------------------------------------------------------------------------------

@dataclass
class Tracked:
    """The table whose game is being saved."""

    table: TableView
    game_id: str
    started: str
    game: Game  # the deal being saved (an Expedition deals a new game for each pyramid)
    chain_noted: int = 0
    recorded: bool = False


class Saves:
    """The window's save files (see the module text). ``store`` may be ``None``: no saving."""

    def __init__(self, app: GameApp, store: SaveStore | None = None) -> None:
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
        saved = {k: v for k, v in store.progress.settings.items() if k not in ("card_back", "schema")}
        settings = self.app.settings
        if saved:
            try:
                settings = Settings.from_dict({**settings.to_dict(), **saved})
            except SettingsError as exc:
                self.startup_notices.append(("warning", f"Settings in save.toml were not used: {exc}."))
        self.app.settings = replace(settings, card_back=store.profile.backs.effective().id)

    def close(self) -> None:
        """On exit: save the clock of the game in progress, then wait for the writes."""
        store = self.store
        if store is None:
            return
        active = self.active
        if active is not None and not active.recorded and active.table.game.moves > 0:
            self._save(active)
        store.close()

    # -- what the screens read --------------------------------------------------------------------
    @property
    def progress(self) -> Progress:
        return self.store.progress if self.store is not None else Progress()

    @property
    def backs(self) -> BackCollection:
        return self.store.profile.backs if self.store is not None else BackCollection()

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
        if new.card_back != old.card_back and store.profile.backs.owns(new.card_back) \
                and new.card_back in BACK_BY_ID:
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
        return restore_session(self.store.current)

    def table_started(self, table: TableView) -> None:
        """A new table: the saved game, unless this table continues it, counts as abandoned."""
        resume, self._resume_id = self._resume_id, ""
        self.startup_notices = []  # the title's banner has been seen: a game starts
        store = self.store
        if store is not None and store.current is not None and store.current.game_id != resume:
            self.announce(store.abandon_current(today()))
        if self.active is not None and not self.active.recorded and self.active.table is not table:
            # the previous table was left before its first move reached the file: nothing to count
            self.active = None
        mode = str(getattr(table.session, "mode", "practice"))
        game_id = resume or new_game_id(mode if mode in ("practice", "expedition", "daily") else "practice")
        started = store.current.started if (resume and store is not None and store.current) else today()
        self.active = Tracked(table, game_id, started, table.game, chain_noted=table.game.chain)

    def after_move(self, table: TableView) -> None:
        """After a move or an undo at the table: save, note the chain, record a finished game."""
        active = self.active
        store = self.store
        if store is None or active is None or active.table is not table or active.recorded:
            return
        game = table.game
        if game is not active.game:
            # the session dealt a new game (the next pyramid of an Expedition, or a skip): the
            # last one is over, cleared or left
            old = active.game
            self.announce(store.record_game(self._result(active, "won" if old.won else "abandoned", old)))
            active.game, active.game_id, active.started = game, new_game_id(self._mode(table.session)), today()
            active.chain_noted = 0
        if game.chain > active.chain_noted:
            active.chain_noted = game.chain
            self.announce(store.note_chain(game.chain, today()))
        if table.session.finished:
            active.recorded = True
            self.announce(store.record_game(self._result(active, "won" if game.won else "lost")))
            return
        self._save(active)

    def _mode(self, session: TableSession) -> str:
        mode = str(getattr(session, "mode", "practice"))
        return mode if mode in ("practice", "expedition", "daily") else "practice"

    def _figures(self, active: Tracked, game: Game | None = None) -> dict[str, Any]:
        session = active.table.session
        ended = game is not None and game is not session.game  # an earlier pyramid of the session
        game = game or session.game
        if game.rules.scoring == Scoring.CLASSIC:
            score = len(game.layout.slots) - game.layout_left  # cards removed: higher is better
        else:
            score = game.score if ended else getattr(session, "score", game.score)
        elapsed = getattr(session, "elapsed_ms", 0)
        return {
            "game_id": active.game_id,
            "mode": self._mode(session),
            "preset": game.rules.base_preset,
            "layout": game.layout.number,
            "score": max(0, int(score)),
            "seconds": max(0.0, float(elapsed) / 1000),
            "best_chain": game.best_chain,
            "redeals_used": game.redeals,
            "pyramid_number": _pyramid_number(session, game),
            "deal_date": str(getattr(session, "deal_date", "") or ""),
            "trek_id": str(getattr(session, "trek_id", "") or ""),
        }

    def _save(self, active: Tracked) -> None:
        assert self.store is not None
        session = active.table.session
        figures = self._figures(active)
        state = session_state(session)
        state["title"] = active.table.title
        current = CurrentGame(
            started=active.started, game=session.game.to_dict(),
            daylight_ms=daylight_left(session), mode_state={SESSION_KEY: state}, **figures,
        )
        self.store.save_current(current)

    def _result(self, active: Tracked, outcome: str, game: Game | None = None) -> GameResult:
        f = self._figures(active, game)
        return GameResult(
            f["game_id"], f["mode"], f["preset"], f["layout"], outcome,  # type: ignore[arg-type]
            f["score"], f["seconds"], f["best_chain"], f["redeals_used"], today(),
            pyramid_number=f["pyramid_number"], deal_date=f["deal_date"], trek_id=f["trek_id"],
        )

    # -- telling the player -----------------------------------------------------------------------
    def announce(self, unlocks: Unlocks) -> None:
        if unlocks:
            self.app.overlay.unlocked(unlocks)

    def update(self, dt: float) -> None:
        """Every frame: now and then, pass new notices from the store (a failed write) to the
        overlay."""
        if self.store is None:
            return
        self._poll += dt
        if self._poll < NOTICE_POLL_S:
            return
        self._poll = 0.0
        for notice in self.store.take_notices():
            self.app.overlay.notice(notice.message, notice.level)
