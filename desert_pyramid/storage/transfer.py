"""A whole profile in one file, to move it between the browser and the desktop (docs/saves.md,
"Moving a profile to another computer or the browser").

The file is TOML, the save folder's own documents inside it, each as its text exactly as it is
in the folder (so nothing is lost or rewritten on the way)::

    format = "desert-pyramid-profile"
    schema = 1
    exported = "2026-12-07"
    version = "1.4.0"           # the game that wrote it
    from = "desktop"            # or "browser"

    [files]
    "save.toml" = '''...'''     # progress, statistics, the day streak, past games, settings
    "profile.toml" = '''...'''  # card backs
    "current.toml" = '''...'''  # the game in progress (absent when there is none)
    "layouts/150_oasis.toml" = '''...'''   # the player's own layouts

Reading one (:func:`prepare_import`) checks the frame (size, text, TOML, the format, the file
names: no path leads out of the save folder) and then reads the documents with the storage
layer's own reader in a folder of their own, so a damaged record is set aside as at a start and
the rest kept. Nothing in the save folder changes until every check has passed
(:func:`apply_import`), and what was there is first kept as an exported profile of its own.
"""

from __future__ import annotations

import datetime
import os
import re
import stat
import tempfile
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import tomli_w

from desert_pyramid.modes.session import LayoutGetter
from desert_pyramid.storage.atomic import atomic_write, remove_file
from desert_pyramid.storage.files import (
    MAX_FILE_BYTES,
    NotAFile,
    TooLarge,
    _loads,
    _toml_problem,
    read_bytes,
)
from desert_pyramid.storage.layouts import LAYOUTS_DIR
from desert_pyramid.storage.paths import CURRENT_FILE, PROFILE_FILE, SAVE_FILE, SaveFolder

if TYPE_CHECKING:
    from desert_pyramid.progression import BackCollection, Progress

FORMAT = "desert-pyramid-profile"
SCHEMA = 1
#: the file's name when the game offers one
FILE_NAME = "desert-pyramid-profile.toml"
#: a profile file larger than this is refused unread (three documents of at most 16 MB would
#: never all be that large: a real save.toml is well under 1 MB)
MAX_PROFILE_BYTES = 20 * 1024 * 1024
DOCUMENTS = (SAVE_FILE, PROFILE_FILE, CURRENT_FILE)
MAX_LAYOUT_FILES = 1000
_LAYOUT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,150}\.toml")
#: the name of the profile kept before an import replaces it (a timestamp and a number added)
BACKUP_PREFIX = "profile-before-import-"
#: kept profiles beyond this many (the newest) are removed at an import: a browser's storage
#: does not fill up with them
KEEP_BACKUPS = 5

#: finds the layouts of a folder (the catalogue's ``get_layout`` for it): the game in progress is
#: checked to rebuild with them
LayoutsFor = Callable[[Path], LayoutGetter | None]


class ProfileFileError(ValueError):
    """A file that cannot be imported: the message says what is wrong and where. Nothing in the
    save folder was changed."""


@dataclass(slots=True)
class Exported:
    """An exported profile: the file's bytes and which documents it holds."""

    data: bytes
    files: list[str]
    #: documents of the folder that could not be read at all (damaged, their backup too)
    left_out: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Prepared:
    """A profile file read and checked, ready to replace a save folder's profile."""

    files: dict[str, bytes]
    origin: str
    exported: str
    #: what it holds, in a few words ("7 pyramids cleared, 4 of 12 relics, ...")
    summary: dict[str, int | bool]
    #: damaged records the reader sets aside (``where: why``); the rest is imported
    rejected: list[str] = field(default_factory=list)
    #: documents left out (a damaged game in progress), with the reason
    left_out: list[str] = field(default_factory=list)


def _shown(value: object, most: int = 60) -> str:
    """A value for a message: its repr, cut (a 5,000-digit number is not printed whole)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**40:
        # (no str(): Python refuses to print more than 4,300 digits)
        digits = int((abs(value).bit_length() - 1) * 0.30103) + 1
        digits += abs(value) >= 10**digits
        return f"a whole number of {digits} digits"
    text = repr(value)
    return text if len(text) <= most else text[: most - 1] + "…"


def _layout_names(folder: Path) -> list[str]:
    layouts = folder / LAYOUTS_DIR
    try:
        names = sorted(p.name for p in layouts.iterdir())
    except OSError:
        return []
    return [n for n in names if _LAYOUT_NAME.fullmatch(n)][:MAX_LAYOUT_FILES]


def export_profile(
    folder: SaveFolder,
    *,
    version: str,
    today: str,
    origin: str,
    layouts_for: LayoutsFor | None = None,
) -> Exported:
    """The profile of ``folder`` as one file: each document as the game would open it (the file,
    or its backup when the file is damaged and the backup sound), and the player's own layouts.
    Only reads."""
    from desert_pyramid.storage.store import SaveStore

    store = SaveStore.open(
        folder.path, readonly=True, layouts=layouts_for(folder.path) if layouts_for else None
    )
    files: dict[str, str] = {}
    left_out = []
    for key, name in (("save", SAVE_FILE), ("profile", PROFILE_FILE), ("current", CURRENT_FILE)):
        opened = store.opened[key]
        attempt = opened.main if opened.source == "file" else opened.backup
        if opened.source == "none" or attempt is None or attempt.raw is None:
            if opened.main.status != "missing":
                left_out.append(f"{name}: {opened.main.problem}")
            continue
        files[name] = attempt.raw.decode("utf-8").removeprefix("\ufeff")
    for name in _layout_names(folder.path):
        try:
            raw = read_bytes(folder.path / LAYOUTS_DIR / name)
            files[f"{LAYOUTS_DIR}/{name}"] = raw.decode("utf-8").removeprefix("\ufeff")
        except (OSError, UnicodeDecodeError) as exc:
            left_out.append(f"{LAYOUTS_DIR}/{name}: {getattr(exc, 'strerror', None) or exc}")
    document = {
        "format": FORMAT,
        "schema": SCHEMA,
        "exported": today,
        "version": version,
        "from": origin,
        "files": files,
    }
    text = tomli_w.dumps(document, multiline_strings=True)
    return Exported(text.encode("utf-8"), list(files), left_out)


def _frame(data: bytes) -> tuple[dict[str, object], dict[str, str]]:
    """The file's own checks: size, text, TOML, the format and the names of its documents."""
    if not data.strip():
        raise ProfileFileError("the file is empty: choose a profile file the game exported")
    if len(data) > MAX_PROFILE_BYTES:
        raise ProfileFileError(
            f"the file is {len(data) / (1024 * 1024):.1f} MB; a profile file is at most "
            f"{MAX_PROFILE_BYTES // (1024 * 1024)} MB (this is not one the game exported)"
        )
    if data.startswith(b"PK\x03\x04"):
        raise ProfileFileError(
            "this is a zip archive, not a profile file: the game exports a profile as one "
            f".toml file ({FILE_NAME})"
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ProfileFileError(
            f"not text: byte {exc.start} is not UTF-8, so this is not a profile file "
            f"(the game exports {FILE_NAME})"
        ) from None
    text = text.removeprefix("\ufeff")
    try:
        top = _loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ProfileFileError(f"not a profile file: {_toml_problem(exc)}") from None
    except RecursionError:
        raise ProfileFileError("not a profile file: values nested too deeply to read") from None
    except ValueError as exc:
        raise ProfileFileError(f"not a profile file: a value cannot be read ({exc})") from None
    if top.get("format") != FORMAT:
        if "pyramids_cleared" in top or "card_backs" in top or "game" in top:
            raise ProfileFileError(
                "this is one of the save folder's files, not an exported profile: export the "
                "whole profile (desert-pyramid profile --export FILE, or Export in the "
                "browser's Profile screen)"
            )
        raise ProfileFileError(
            f"format: expected {FORMAT!r}, found {_shown(top.get('format', 'nothing'))}: "
            "this is not a profile file the game exported"
        )
    schema = top.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise ProfileFileError(f"schema: expected a whole number from 1, found {_shown(schema)}")
    if schema > SCHEMA:
        raise ProfileFileError(
            f"schema: {_shown(schema)}: the file was exported by a newer version of the game "
            f"(this version reads schema {SCHEMA}); update the game to import it"
        )
    files = top.get("files")
    if not isinstance(files, dict):
        raise ProfileFileError(f"files: expected a table of documents, found {_shown(files)}")
    out: dict[str, str] = {}
    layouts = 0
    for name, value in files.items():
        if name in DOCUMENTS:
            pass
        elif name.startswith(LAYOUTS_DIR + "/") and _LAYOUT_NAME.fullmatch(name.split("/", 1)[1]):
            layouts += 1
            if layouts > MAX_LAYOUT_FILES:
                raise ProfileFileError(f"files: more than {MAX_LAYOUT_FILES} layout files")
        else:
            raise ProfileFileError(
                f"files: {_shown(name)} is not a document of a profile (save.toml, profile.toml, "
                "current.toml or layouts/NAME.toml): nothing is written outside the save folder"
            )
        if not isinstance(value, str):
            raise ProfileFileError(
                f"files.{name}: expected the document's text, found {_shown(value)}"
            )
        if len(value) > MAX_FILE_BYTES:
            raise ProfileFileError(
                f"files.{name}: larger than {MAX_FILE_BYTES // (1024 * 1024)} MB, which no save "
                "file is"
            )
        out[name] = value
    if not any(name in out for name in DOCUMENTS):
        raise ProfileFileError("files: holds none of save.toml, profile.toml, current.toml")
    return top, out


def profile_summary(
    progress: Progress, backs: BackCollection, *, in_progress: bool
) -> dict[str, int | bool]:
    """What a profile holds, in counts (an import's outcome, the browser's Profile screen):
    pyramids cleared, relics and backs owned of all, past games, wins and games played, and
    whether a game is in progress."""
    from desert_pyramid.progression import CARD_BACKS, RELICS

    return {
        "pyramids_cleared": progress.pyramids_cleared,
        "relics": sum(1 for relic in RELICS if relic.id in progress.relics),
        "relics_all": len(RELICS),
        "backs": len(backs.owned()),
        "backs_all": len(CARD_BACKS),
        "games": len(progress.seen_games),
        "won": sum(s.won for s in progress.stats.values()),
        "played": sum(s.played for s in progress.stats.values()),
        "in_progress": in_progress,
    }


def prepare_import(data: bytes, *, layouts_for: LayoutsFor | None = None) -> Prepared:
    """Read and check a profile file; raises :class:`ProfileFileError` saying what is wrong and
    where. The documents are read by the storage layer's reader (``SaveStore``, read-only) in a
    folder of their own: a document damaged as a whole (save.toml or profile.toml) refuses the
    file; damaged records inside a sound one are listed and left out, the rest kept; a damaged
    game in progress is left out alone."""
    from desert_pyramid.storage.store import SaveStore

    top, texts = _frame(data)
    files = {name: text.encode("utf-8") for name, text in texts.items()}
    with tempfile.TemporaryDirectory(prefix="dp-import-") as tmp:
        staging = Path(tmp)
        for name, raw in files.items():
            path = staging / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(raw)
        store = SaveStore.open(
            staging, readonly=True, layouts=layouts_for(staging) if layouts_for else None
        )
        left_out: list[str] = []
        for key, name in (("save", SAVE_FILE), ("profile", PROFILE_FILE)):
            main = store.opened[key].main
            if main.status == "future":
                raise ProfileFileError(
                    f"{name}: from a newer version of the game ({main.problem}); update the game "
                    "to import it"
                )
            if main.status not in ("ok", "missing"):
                raise ProfileFileError(f"{name} is damaged: {main.problem}")
        current = store.opened["current"].main
        if current.status not in ("ok", "missing"):
            left_out.append(f"{CURRENT_FILE}: {current.problem}")
            del files[CURRENT_FILE]
        rejected = [f"{n}: {r.line()}" for n, records in store.rejected.items() for r in records]
        summary = profile_summary(
            store.progress, store.profile.backs, in_progress=store.current is not None
        )
        summary["layouts"] = sum(1 for n in files if n.startswith(LAYOUTS_DIR + "/"))
    origin = top.get("from")
    exported = top.get("exported")
    return Prepared(
        files=files,
        origin=origin if isinstance(origin, str) and len(origin) < 40 else "",
        exported=exported if isinstance(exported, str) and len(exported) <= 10 else "",
        summary=summary,
        rejected=rejected,
        left_out=left_out,
    )


def _backup_name(folder: Path, now: datetime.datetime) -> Path:
    stamp = now.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{BACKUP_PREFIX}{stamp}.toml"
    n = 2
    while path.exists():
        path = folder / f"{BACKUP_PREFIX}{stamp}-{n}.toml"
        n += 1
    return path


def _prune_backups(folder: Path) -> None:
    """Keep the :data:`KEEP_BACKUPS` newest kept profiles (their names sort by time)."""
    kept = sorted(
        folder.glob(f"{BACKUP_PREFIX}*.toml"),
        key=lambda p: (p.name[len(BACKUP_PREFIX) : len(BACKUP_PREFIX) + 15], len(p.name), p.name),
    )
    for old in kept[:-KEEP_BACKUPS]:
        try:
            old.unlink()
        except OSError:
            pass  # left for the next import


def _has_profile(folder: Path) -> bool:
    return any((folder / name).exists() or (folder / f"{name}.bak").exists() for name in DOCUMENTS)


def apply_import(
    prepared: Prepared,
    folder: SaveFolder,
    *,
    version: str,
    origin: str,
    now: datetime.datetime | None = None,
    layouts_for: LayoutsFor | None = None,
    durable: bool = True,
) -> Path | None:
    """Replace the profile of ``folder`` with ``prepared``: what was there is first kept as an
    exported profile (``profile-before-import-STAMP.toml`` in the folder: import it to go back;
    the newest :data:`KEEP_BACKUPS` are kept);
    each document is then written atomically (its previous version as ``NAME.bak``), a document
    the file lacks removed (the game in progress of the profile replaced), the player's layouts
    added (a layout file of the same name replaced). Returns the backup's path (``None`` when
    the folder held no profile). Raises ``OSError`` when the backup cannot be written: then
    nothing was changed."""
    moment = now or datetime.datetime.now()
    backup: Path | None = None
    folder.path.mkdir(parents=True, exist_ok=True)
    if _has_profile(folder.path):
        before = export_profile(
            folder,
            version=version,
            today=moment.date().isoformat(),
            origin=origin,
            layouts_for=layouts_for,
        )
        backup = _backup_name(folder.path, moment)
        atomic_write(backup, before.data, keep_backup=False, durable=durable)
        _prune_backups(folder.path)
    for name in DOCUMENTS:
        path = folder.path / name
        if name in prepared.files:
            atomic_write(path, prepared.files[name], durable=durable)
        elif os.path.lexists(path):
            remove_file(path, durable=durable)
    for name, raw in prepared.files.items():
        if name.startswith(LAYOUTS_DIR + "/"):
            atomic_write(folder.path / name, raw, keep_backup=False, durable=durable)
    return backup


def read_profile_file(path: Path) -> bytes:
    """The bytes of a profile file chosen by the player: a regular file of at most
    :data:`MAX_PROFILE_BYTES` (never a FIFO or a device); :class:`ProfileFileError` says why
    not."""
    try:
        st = os.stat(path)
    except OSError as exc:
        raise ProfileFileError(f"cannot read {path}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(st.st_mode):
        raise ProfileFileError(f"{path}: not a file (a profile file is a .toml file)")
    if st.st_size > MAX_PROFILE_BYTES:
        raise ProfileFileError(
            f"{path}: the file is {st.st_size / (1024 * 1024):.1f} MB; a profile file is at most "
            f"{MAX_PROFILE_BYTES // (1024 * 1024)} MB"
        )
    try:
        if st.st_size <= MAX_FILE_BYTES:
            return read_bytes(path)
        with open(path, "rb") as handle:  # a regular file (checked above) up to the cap
            return handle.read(MAX_PROFILE_BYTES + 1)
    except (NotAFile, TooLarge) as exc:
        raise ProfileFileError(f"{path}: {exc.strerror}") from None
    except OSError as exc:
        raise ProfileFileError(f"cannot read {path}: {exc.strerror or exc}") from None
