"""The save store: the player's files, loaded with recovery and written safely.

Typical use by the game::

    store = SaveStore.open(args.save_dir, background=True)
    for notice in store.take_notices(): show(notice)      # "save.toml was damaged ..."
    if store.current is not None: offer CONTINUE
    ... after every move:   store.save_current(CurrentGame(...))
    ... a game ends:        unlocks = store.record_game(result)   # toast unlocks.messages()
    ... a new game while one is in progress:  store.abandon_current(today)  (a loss)
    ... on exit:            store.close()

No method raises on a file problem: each write that fails leaves the previous file intact and adds
a :class:`Notice` (see :meth:`take_notices`).
"""

from __future__ import annotations

import datetime
import functools
import os
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import tomli_w

from desert_pyramid.engine.reading import EARLIEST, LATEST
from desert_pyramid.i18n import _, format_number, ngettext
from desert_pyramid.modes.session import LayoutGetter
from desert_pyramid.progression import (
    BackCollection,
    GameResult,
    Progress,
    TrekResult,
    Unlocks,
    note_chain,
    record_game,
    record_trek,
    sync_unlocks,
)
from desert_pyramid.storage.atomic import atomic_write, remove_file
from desert_pyramid.storage.documents import (
    CURRENT_SCHEMA,
    PROFILE_SCHEMA,
    SAVE_SCHEMA,
    CurrentGame,
    Profile,
    decode_current,
    decode_progress,
    encode_current,
    encode_profile,
    encode_progress,
    merge_profiles,
)
from desert_pyramid.storage.files import (
    Level,
    Notice,
    Opened,
    open_document,
    quarantine,
    read_document,
)
from desert_pyramid.storage.paths import SaveFolder, folder_problem, resolve_save_dir
from desert_pyramid.storage.salvage import (
    Rejected,
    Salvager,
    backup_data,
    keep_rejected,
    salvage_profile,
    salvage_progress,
)
from desert_pyramid.storage.writer import Writer

Signature = tuple[int, int, int] | None


def _signature(path: Path) -> Signature:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def _dumps(data: Mapping[str, object]) -> bytes:
    return tomli_w.dumps(data).encode("utf-8")


def _has_more(disk: Progress, ours: dict[str, Any]) -> bool:
    """Does ``disk`` hold progress that the snapshot ``ours`` (an encoded save) lacks?"""
    our_games = set(ours["seen"]["games"])
    our_treks = set(ours["seen"]["treks"])
    return (
        disk.pyramids_cleared > ours["pyramids_cleared"]
        or not set(disk.relics) <= set(ours["relics"])
        or not set(disk.seen_games) <= our_games
        or not set(disk.seen_treks) <= our_treks
    )


class SaveStore:
    """The player's three files in one folder: ``save.toml``, ``profile.toml``, ``current.toml``."""

    def __init__(
        self,
        folder: SaveFolder,
        *,
        readonly: bool = False,
        background: bool = False,
        durable: bool = True,
        clock: Callable[[], datetime.datetime] = datetime.datetime.now,
        layouts: LayoutGetter | None = None,
    ) -> None:
        self.folder = folder
        self.layouts = layouts
        self.readonly = readonly
        self.durable = durable
        self._clock = clock
        self._lock = threading.Lock()
        self._notices: list[Notice] = []
        self._blocked: dict[Path, str] = {}
        self._blocked_said: set[Path] = set()
        self._failing: dict[Path, str] = {}
        self._writer = Writer(background=background, on_crash=self._crashed)
        self.progress = Progress()
        self.profile = Profile()
        self.current: CurrentGame | None = None
        self._save_sig: Signature = None
        self._chosen_changed = False
        self.opened: dict[str, Opened[Progress] | Opened[Profile] | Opened[CurrentGame]] = {}
        #: records set aside when the files were read, by file name (``save.toml``: [...])
        self.rejected: dict[str, list[Rejected]] = {}
        self.folder_problem = ""

    # ------------------------------------------------------------ opening

    @classmethod
    def open(
        cls,
        save_dir: str | os.PathLike[str] | None = None,
        *,
        env: Mapping[str, str] | None = None,
        readonly: bool = False,
        background: bool = False,
        durable: bool = True,
        clock: Callable[[], datetime.datetime] = datetime.datetime.now,
        layouts: LayoutGetter | None = None,
    ) -> SaveStore:
        """Resolve the folder (``save_dir`` > ``$DESERT_PYRAMID_SAVE_DIR`` > user data) and load.
        ``layouts`` finds a layout by number (the catalogue's ``get_layout``, which the caller
        makes): the saved game is checked to rebuild with it. Without it only a game on the
        classic pyramid is checked (storage reads no layout file of the game's)."""
        store = cls(
            resolve_save_dir(save_dir, env),
            readonly=readonly,
            background=background,
            durable=durable,
            clock=clock,
            layouts=layouts,
        )
        store.load()
        return store

    def load(self) -> None:
        """Load the three files, recovering what can be recovered; see :meth:`take_notices`."""
        folder = self.folder
        #: why progress cannot be kept in the folder ("" when it can): said once, on the title
        self.folder_problem = folder_problem(folder.path) or ""
        if not self.readonly:
            try:
                folder.path.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                self.folder_problem = self.folder_problem or _(
                    "{path} cannot be made ({reason})"
                ).format(path=folder.path, reason=exc.strerror or exc)
            if self.folder_problem:
                self._notice(
                    "",
                    # TRANSLATORS: {problem}: why, as "/home/x/saves is a file, not a folder"
                    _(
                        "The save folder cannot be used: {problem}. Your progress will not be "
                        "kept this session."
                    ).format(problem=self.folder_problem),
                    "error",
                )
        now = self._clock()
        today = min(max(now.date(), EARLIEST), LATEST).isoformat()  # (a clock in year 9999)
        # (a section of save.toml of the wrong kind is taken from its backup, where that is sound)
        save_records = Salvager(
            functools.partial(salvage_progress, backup=backup_data(folder.save)), today
        )
        profile_records = Salvager(salvage_profile, today)
        save = open_document(
            folder.save,
            SAVE_SCHEMA,
            save_records,
            empty=_("starting with empty progress"),
            readonly=self.readonly,
            now=now,
        )
        profile = open_document(
            folder.profile,
            PROFILE_SCHEMA,
            profile_records,
            empty=_("starting with the default card back"),
            readonly=self.readonly,
            now=now,
        )
        current = open_document(
            folder.current,
            CURRENT_SCHEMA,
            functools.partial(decode_current, get_layout=self.layouts),
            empty=_("there is no game to continue"),
            readonly=self.readonly,
            now=now,
        )
        self.opened = {"save": save, "profile": profile, "current": current}
        for opened, path in (
            (save, folder.save),
            (profile, folder.profile),
            (current, folder.current),
        ):
            with self._lock:
                self._notices.extend(opened.notices)
            if opened.blocked:
                self._blocked[path] = opened.blocked
        self.progress = save.value if save.value is not None else Progress()
        self.profile = profile.value if profile.value is not None else Profile()
        self.current = current.value
        self._save_sig = _signature(folder.save)
        rewrite = []
        for opened, records, path in (
            (save, save_records, folder.save),
            (profile, profile_records, folder.profile),
        ):
            if opened.source != "none" and records.rejected:
                self.rejected[path.name] = records.rejected
                if self._keep_rejected(path, records.rejected, now):
                    rewrite.append(path)
        if self.current is not None and self.progress.has_seen_game(self.current.game_id):
            # The game ended and was counted, but the program stopped before clearing it.
            self.current = None
            if not self.readonly:
                self.clear_current()
        if not self.readonly:
            found = sync_unlocks(self.progress, self.profile.backs, self._today())
            if found.relics or folder.save in rewrite:  # the sound records, without the rest
                self._write_save()
            if folder.profile in rewrite and not found.backs:
                self._write_profile()
            if found.backs:
                self._notice(
                    "profile.toml",
                    "Card backs earned earlier were given back: "
                    + ", ".join(back.name for back in found.backs)
                    + ".",
                    "info",
                )
                self._write_profile()

    def _keep_rejected(self, path: Path, rejected: list[Rejected], now: datetime.datetime) -> bool:
        """Keep the records of ``path`` set aside in ``NAME.rejected.toml`` and say so once (on
        the title). True when they are kept and ``path`` may be written without them; when they
        cannot be kept, ``path`` is not written over this session (its records stay on disk)."""
        first = rejected[0].line()
        if self.readonly:
            kept = ""
        else:
            try:
                kept = keep_rejected(path, rejected, now, durable=self.durable).name
            except (OSError, ValueError) as exc:
                reason = getattr(exc, "strerror", None) or str(exc)
                self._blocked[path] = _(
                    "{file} holds damaged records that could not be kept aside ({reason})"
                ).format(file=path.name, reason=reason)
                kept = ""
        # TRANSLATORS: {count} damaged records of {file} (save.toml) were left out; {first} is
        # the first, as "games[3]: code: ..." (where in the file and why)
        message = ngettext(
            "{file}: {count} damaged record was set aside ({first}); the rest of your progress "
            "is kept.",
            "{file}: {count} damaged records were set aside (the first: {first}); the rest of "
            "your progress is kept.",
            len(rejected),
        ).format(file=path.name, count=format_number(len(rejected)), first=first[:200])
        if kept:
            # TRANSLATORS: after the notice of damaged records set aside; {file}: a file name
            message += " " + ngettext(
                "It is kept in {file}.", "They are kept in {file}.", len(rejected)
            ).format(file=kept)
        elif not self.readonly:
            message += " " + _(
                "They could not be kept aside, so {file} is not saved over this session."
            ).format(file=path.name)
        self._notice(path.name, message, "warning")
        return bool(kept)

    # ------------------------------------------------------------ notices

    def _notice(self, file: str, message: str, level: Level = "warning") -> None:
        with self._lock:
            self._notices.append(Notice(file, message, level))

    def _crashed(self, exc: BaseException) -> None:
        self._notice("", f"Saving failed unexpectedly ({type(exc).__name__}: {exc}).", "error")

    def take_notices(self) -> list[Notice]:
        """The notices not taken yet (loading and saving problems), oldest first."""
        with self._lock:
            taken, self._notices = self._notices, []
        return taken

    def peek_notices(self) -> list[Notice]:
        with self._lock:
            return list(self._notices)

    def _today(self) -> str:
        return self._clock().date().isoformat()

    # ------------------------------------------------------------ writing

    def _may_write(self, path: Path) -> bool:
        if self.readonly:
            return False
        reason = self._blocked.get(path)
        if reason is None:
            return True
        if path not in self._blocked_said:
            self._blocked_said.add(path)
            self._notice(path.name, f"Not saved: {reason}.", "warning")
        return False

    def _write_failed(self, path: Path, exc: OSError) -> bool:
        """Report a failed write once (not once per move) until a write of ``path`` works again."""
        message = f"Could not save {path.name} ({exc.strerror or exc}); the previous {path.name} is intact."
        with self._lock:
            repeated = self._failing.get(path) == message
            self._failing[path] = message
        if not repeated:
            self._notice(path.name, message, "error")
        return False

    def _write_worked(self, path: Path) -> bool:
        with self._lock:
            was_failing = self._failing.pop(path, None) is not None
        if was_failing:
            self._notice(path.name, f"{path.name} is saved again.", "info")
        return True

    def _write_save(self) -> bool:
        path = self.folder.save
        if not self._may_write(path):
            return False
        snapshot = encode_progress(self.progress)

        def job() -> bool:
            try:
                if not self._save_guard(path, snapshot):
                    return False
                atomic_write(path, _dumps(snapshot), durable=self.durable)
                self._save_sig = _signature(path)
                return self._write_worked(path)
            except OSError as exc:
                return self._write_failed(path, exc)

        return self._writer.submit(job)

    def _save_guard(self, path: Path, snapshot: dict[str, Any]) -> bool:
        """Before writing save.toml: has it changed since we read or wrote it? Never overwrite
        progress we do not hold (another copy of the game, a restored file, a hand edit)."""
        if _signature(path) == self._save_sig:
            return True
        disk = read_document(path, SAVE_SCHEMA, decode_progress)
        if disk.status == "missing":
            return True
        if disk.status == "ok":
            assert disk.value is not None
            if not _has_more(disk.value, snapshot):
                return True
            reason = (
                f"{path.name} was changed by another program and holds progress this session lacks"
            )
        elif disk.status == "future":
            reason = f"{path.name} was replaced by a newer version of Desert Pyramid"
        else:  # damaged or unreadable since we read it: keep it aside, write ours
            kept = quarantine(path, self._clock(), raw=disk.raw)
            self._notice(
                path.name,
                f"{path.name} was damaged on disk ({disk.problem}); it is kept as {kept.name} "
                "and the progress of this session is saved in its place.",
            )
            return True
        self._blocked[path] = reason
        self._blocked_said.add(path)
        self._notice(path.name, f"Not saved: {reason}. Restart the game to load it.")
        return False

    def _write_profile(self) -> bool:
        path = self.folder.profile
        if not self._may_write(path):
            return False
        ours = Profile(
            BackCollection(dict(self.profile.backs.unlocked), self.profile.backs.chosen),
            self.profile.extra,
            self.profile.backs_extra,
        )
        chosen_changed = self._chosen_changed

        def job() -> bool:
            try:
                # the sound records of the disk's profile are merged (a damaged one is in the
                # rejected file already, or in the backup this write keeps)
                disk = read_document(path, PROFILE_SCHEMA, Salvager(salvage_profile, self._today()))
                to_write = ours
                if disk.status == "ok":
                    assert disk.value is not None
                    to_write = merge_profiles(disk.value, ours, chosen_changed=chosen_changed)
                elif disk.status == "future":
                    self._blocked[path] = "profile.toml was replaced by a newer version"
                    return self._may_write(path)
                elif disk.status != "missing":
                    kept = quarantine(path, self._clock(), raw=disk.raw)
                    self._notice(
                        path.name,
                        f"{path.name} was damaged on disk ({disk.problem}); it is kept as "
                        f"{kept.name} and the card backs of this session are saved in its place.",
                    )
                atomic_write(path, _dumps(encode_profile(to_write)), durable=self.durable)
                return self._write_worked(path)
            except OSError as exc:
                return self._write_failed(path, exc)

        return self._writer.submit(job)

    # ------------------------------------------------------------ the game in progress

    def save_current(self, current: CurrentGame) -> bool:
        """Save the game in progress (after every move). False when it could not be saved
        (a notice says why); in the background mode True means queued."""
        self.current = current
        path = self.folder.current
        if not self._may_write(path):
            return False
        try:
            data = _dumps(encode_current(current))
        except (TypeError, ValueError) as exc:
            self._notice(
                path.name,
                f"The game in progress could not be saved: it holds a value TOML cannot store ({exc}).",
                "error",
            )
            return False

        def job() -> bool:
            try:
                atomic_write(path, data, durable=self.durable)
                return self._write_worked(path)
            except OSError as exc:
                return self._write_failed(path, exc)

        return self._writer.submit(job, coalesce="current")

    def clear_current(self) -> bool:
        """No game in progress any more (it ended, or was abandoned and recorded)."""
        self.current = None
        path = self.folder.current
        if not self._may_write(path):
            return False

        def job() -> bool:
            try:
                remove_file(path, durable=self.durable)
                return True
            except OSError as exc:
                self._notice(path.name, f"Could not remove {path.name} ({exc.strerror or exc}).")
                return False

        return self._writer.submit(job)

    def abandon_current(self, date: str | None = None) -> Unlocks:
        """The player leaves the game in progress unfinished: it counts as a loss."""
        if self.current is None:
            return Unlocks()
        return self.record_game(self.current.as_abandoned(date or self._today()))

    # ------------------------------------------------------------ progression events

    def record_game(self, result: GameResult) -> Unlocks:
        """Count a finished game (idempotent by game id) and save; what it unlocked."""
        known_backs = set(self.profile.backs.unlocked)
        counted = not self.progress.has_seen_game(result.game_id)
        unlocks = record_game(self.progress, self.profile.backs, result)
        if counted:
            self._write_save()
        if set(self.profile.backs.unlocked) != known_backs:
            self._write_profile()
        if self.current is not None and self.current.game_id == result.game_id:
            self.clear_current()
        return unlocks

    def record_trek(self, trek: TrekResult) -> Unlocks:
        """Count a finished Expedition (idempotent by trek id) and save; what it unlocked."""
        known_backs = set(self.profile.backs.unlocked)
        counted = trek.trek_id not in self.progress.seen_treks
        unlocks = record_trek(self.progress, self.profile.backs, trek)
        if counted:
            self._write_save()
        if set(self.profile.backs.unlocked) != known_backs:
            self._write_profile()
        return unlocks

    def note_chain(self, chain: int, date: str | None = None) -> Unlocks:
        """A chain reached ``chain`` during play: unlocks the chain back at once."""
        unlocks = note_chain(self.profile.backs, chain, date or self._today())
        if unlocks:
            self._write_profile()
        return unlocks

    def choose_back(self, back_id: str) -> bool:
        """Choose an owned card back (ValueError for an unknown or locked one) and save it."""
        self.profile.backs.choose(back_id)
        self._chosen_changed = True
        return self._write_profile()

    def update_settings(self, values: Mapping[str, object]) -> bool:
        """Change settings and save. Values must be plain TOML values (text, numbers, true/false,
        dates, lists and tables of them): anything else raises ValueError and changes nothing."""
        try:
            tomli_w.dumps({"settings": dict(values)})
        except (TypeError, ValueError) as exc:
            raise ValueError(f"settings must be plain TOML values: {exc}") from None
        self.progress.settings.update(values)
        return self._write_save()

    # ------------------------------------------------------------ lifetime

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every save so far is on disk (background mode). False on timeout."""
        return self._writer.flush(timeout)

    def close(self) -> None:
        self._writer.close()

    def __enter__(self) -> SaveStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
