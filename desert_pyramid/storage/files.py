"""Reading one save file safely, with recovery from its backup.

:func:`read_document` reads and validates one file and never raises: it says what it found
("ok", "missing", "unreadable", "damaged" or "future"). :func:`open_document` applies the recovery
policy of ``docs/saves.md``: a damaged or unreadable file is moved aside (kept, never deleted),
the backup is used and put back in place, and a :class:`Notice` says what happened. A file from a
newer version is left untouched and the session does not write over it.
"""

from __future__ import annotations

import contextlib
import datetime
import errno
import os
import stat
import sys
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, Literal, TypeVar

from desert_pyramid.i18n import _, format_number, ngettext, pgettext
from desert_pyramid.storage.atomic import (
    atomic_write,
    backup_path,
    fsync_file,
    remove_stale_temps,
    resolve_link,
    write_all,
)
from desert_pyramid.storage.schema import FutureSchemaError, Schema, SchemaError

T = TypeVar("T")

Status = Literal["ok", "missing", "unreadable", "damaged", "future"]
Level = Literal["info", "warning", "error"]


@dataclass(frozen=True, slots=True)
class Notice:
    """Something the game should tell the player about their files."""

    file: str
    message: str
    level: Level = "warning"

    def __str__(self) -> str:
        return self.message


@dataclass(slots=True)
class ReadAttempt(Generic[T]):
    path: Path
    status: Status
    value: T | None = None
    raw: bytes | None = None
    problem: str = ""  # why it is not "ok", in words
    version: int = 0  # the schema version found (before migrations)
    newest: int = 0  # the schema version this build writes

    @property
    def ok(self) -> bool:
        return self.status == "ok"


MAX_FILE_BYTES = 16 * 1024 * 1024  # far above any real save; a bigger file is not ours


class NotAFile(OSError):
    """Something other than a regular file where a save file should be (a FIFO, a device, a
    folder): never opened for reading in a way that could block, never read."""


class TooLarge(OSError):
    """A file larger than :data:`MAX_FILE_BYTES`: damaged, and not read."""


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _open_flags() -> int:
    """Read-only, binary on Windows, and on POSIX non-blocking: opening a FIFO with no writer
    must return at once instead of waiting for one (Windows has no O_NONBLOCK)."""
    flags = os.O_RDONLY | getattr(os, "O_BINARY", 0)
    if os.name != "nt":
        flags |= getattr(os, "O_NONBLOCK", 0)
    return flags


def read_bytes(path: Path) -> bytes:
    """The bytes of the regular file ``path`` (a seam for tests of unreadable files).

    Never blocks: whatever is at ``path`` is looked at first (``os.stat``) and only a regular
    file is opened, non-blocking where the platform has it; the open handle is checked again
    (``os.fstat``: it may have been swapped meanwhile). Raises :class:`NotAFile` for a FIFO,
    device, socket or folder, :class:`TooLarge` for a file above :data:`MAX_FILE_BYTES`, and
    ``FileNotFoundError`` etc. as ``open`` does."""
    st = os.stat(path)  # follows a symbolic link: what matters is what would be read
    if not stat.S_ISREG(st.st_mode):
        raise NotAFile(errno.EINVAL, f"it is {_kind(st.st_mode)}, not a file")
    if st.st_size > MAX_FILE_BYTES:
        raise TooLarge(errno.EFBIG, f"the file is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB")
    fd = os.open(path, _open_flags())
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise NotAFile(errno.EINVAL, f"it is {_kind(st.st_mode)}, not a file")
        if st.st_size > MAX_FILE_BYTES:
            raise TooLarge(
                errno.EFBIG, f"the file is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB"
            )
        chunks: list[bytes] = []
        total = 0
        while total <= MAX_FILE_BYTES:  # a file that grows while read stops at the cap
            chunk = os.read(fd, min(1 << 20, MAX_FILE_BYTES + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


#: Digits of a whole number read from a save when the first read stops at Python's limit (4,300):
#: enough for any hostile number a file holds where a record was damaged, bounded so that reading
#: a 16 MB file of numbers stays fast.
LONG_DIGITS = 20_000


@contextlib.contextmanager
def long_numbers() -> Iterator[None]:
    """Let Python read and print whole numbers of up to :data:`LONG_DIGITS` digits for a moment
    (a damaged record may hold one; the range checks then reject it as one record)."""
    before = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(max(before, LONG_DIGITS) if before else 0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(before)


PROBLEM_MAX = 300  # characters of a problem in a notice


def _toml_problem(exc: tomllib.TOMLDecodeError) -> str:
    # "Invalid value (at line 3, column 5)" -> "line 3, column 5: invalid value"
    text = str(exc)
    if text.endswith(")") and "(at " in text:
        what, where = text[:-1].rsplit("(at ", 1)
        what = what.strip()
        return f"{where}: {what[:1].lower()}{what[1:]}"
    return text


def read_document(
    path: Path, schema: Schema, decode: Callable[[dict[str, object]], T]
) -> ReadAttempt[T]:
    """Read, migrate and decode ``path``. Never raises, never blocks."""
    attempt: ReadAttempt[T] = _read_document(path, schema, decode)
    if len(attempt.problem) > PROBLEM_MAX:
        attempt.problem = attempt.problem[: PROBLEM_MAX - 3] + "..."
    return attempt


def _loads(text: str) -> dict[str, object]:
    """TOML as plain values. A whole number longer than Python reads by default (4,300 digits)
    is read again with a higher bound, so that it is one damaged record, not a damaged file."""
    try:
        return tomllib.loads(text)
    except ValueError as exc:
        if isinstance(exc, tomllib.TOMLDecodeError) or "digits" not in str(exc):
            raise
    with long_numbers():
        return tomllib.loads(text)


def _read_document(
    path: Path, schema: Schema, decode: Callable[[dict[str, object]], T]
) -> ReadAttempt[T]:
    try:
        raw = read_bytes(path)
    except (FileNotFoundError, NotADirectoryError):  # no file (or not even its folder)
        return ReadAttempt(path, "missing")
    except IsADirectoryError:
        return ReadAttempt(path, "unreadable", problem=_("it is a folder, not a file"))
    except TooLarge as exc:
        return ReadAttempt(path, "damaged", problem=str(exc.strerror), newest=schema.version)
    except OSError as exc:
        return ReadAttempt(path, "unreadable", problem=exc.strerror or str(exc))
    except ValueError as exc:  # a path the system cannot hold (a NUL byte)
        return ReadAttempt(path, "unreadable", problem=str(exc))
    attempt: ReadAttempt[T] = ReadAttempt(path, "damaged", raw=raw, newest=schema.version)
    if not raw.strip():
        attempt.problem = _("the file is empty")
        return attempt
    if len(raw) > MAX_FILE_BYTES:
        attempt.problem = _("the file is larger than {size} MB").format(
            size=format_number(MAX_FILE_BYTES // (1024 * 1024))
        )
        return attempt
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        attempt.problem = _("not text: byte {position} is not UTF-8").format(position=exc.start)
        return attempt
    text = text.removeprefix("\ufeff")  # a byte-order mark (some Windows editors write one)
    try:
        data = _loads(text)
    except tomllib.TOMLDecodeError as exc:
        attempt.problem = _toml_problem(exc)
        return attempt
    except RecursionError:
        attempt.problem = _("values nested too deeply to read")
        return attempt
    except ValueError as exc:  # a whole number of more than 4,300 digits: Python will not read it
        attempt.problem = (
            _("a whole number has too many digits to read (more than {most})").format(
                most=format_number(4300)
            )
            if "digits" in str(exc)
            else _("a value cannot be read ({problem})").format(problem=exc)
        )
        return attempt
    try:
        data, attempt.version = schema.upgrade(data)
        attempt.value = decode(data)
    except FutureSchemaError as exc:
        attempt.status = "future"
        attempt.version = exc.version
        attempt.problem = _("schema {version}; this version reads up to {supported}").format(
            version=exc.version, supported=exc.supported
        )
        return attempt
    except SchemaError as exc:
        attempt.problem = str(exc)
        return attempt
    except RecursionError:
        attempt.problem = _("values nested too deeply to read")
        return attempt
    except Exception as exc:  # noqa: BLE001 - the last safety net: a file never crashes the game
        # Every value is range-checked by the decoders, so this is a check missing somewhere;
        # the file is still treated as damaged (set aside, backup used, the player told).
        attempt.problem = _("a value cannot be used ({problem})").format(
            problem=f"{type(exc).__name__}: {exc}"
        )
        return attempt
    attempt.status = "ok"
    return attempt


def _stamp(now: datetime.datetime) -> str:
    return now.strftime("%Y%m%d-%H%M%S")


def quarantine(
    path: Path, now: datetime.datetime, tag: str = "broken", raw: bytes | None = None
) -> Path:
    """Set ``path`` aside as ``NAME.broken-YYYYmmdd-HHMMSS`` (never over another file).

    Renamed, as a rule (whatever it is: a file, a FIFO, a folder). When ``path`` is a symbolic
    link and its bytes ``raw`` were read, the bytes are copied aside instead and the link stays,
    so that the restored backup goes to the link's target."""
    base = f"{path.name}.{tag}-{_stamp(now)}"
    target = path.with_name(base)
    number = 2
    while os.path.lexists(target):
        target = path.with_name(f"{base}-{number}")
        number += 1
    if raw is not None and os.path.islink(path):
        fd = os.open(
            target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644
        )
        try:
            write_all(fd, raw)
            fsync_file(fd)
        finally:
            os.close(fd)
        return target
    os.rename(path, target)
    return target


def _when(path: Path) -> str:
    try:
        moment = datetime.datetime.fromtimestamp(path.stat().st_mtime)
    except OSError:
        return "earlier"
    return moment.strftime("%Y-%m-%d %H:%M")


@dataclass(slots=True)
class Opened(Generic[T]):
    """The outcome of opening one file."""

    value: T | None  # None: nothing usable, start from empty
    source: Literal["file", "backup", "none"]
    main: ReadAttempt[T]
    backup: ReadAttempt[T] | None = None
    blocked: str = ""  # when set: why this session must not write the file
    notices: list[Notice] = field(default_factory=list)


def open_document(
    path: Path,
    schema: Schema,
    decode: Callable[[dict[str, object]], T],
    *,
    empty: str,
    readonly: bool = False,
    now: datetime.datetime | None = None,
) -> Opened[T]:
    """Open ``path`` with recovery. ``empty`` says what starting empty means, for the notices
    ("starting with empty progress"). With ``readonly`` nothing on disk is changed."""
    moment = now or datetime.datetime.now()
    name = path.name
    if not readonly:
        remove_stale_temps(path)
        if resolve_link(path) != path:
            remove_stale_temps(resolve_link(path))
    main = read_document(path, schema, decode)
    if main.ok:
        opened = Opened(main.value, "file", main)
        if main.version < schema.version:
            opened.notices.append(
                Notice(
                    name,
                    _("{file} was upgraded from schema {old} to {new}.").format(
                        file=name, old=main.version, new=schema.version
                    ),
                    "info",
                )
            )
        return opened

    bak_path = backup_path(path)
    backup = read_document(bak_path, schema, decode)
    opened = Opened[T](None, "none", main, backup)
    said: list[str] = []  # what happened to the main file, then to the backup
    kept: list[str] = []

    if main.status == "missing":
        if backup.status == "missing":
            return opened  # a first start: nothing to say
        said.append(_("{file} was missing").format(file=name))
    elif main.status == "future":
        opened.blocked = _(
            "{file} was written by a newer version of Desert Pyramid ({problem}); "
            "it is left untouched and this session does not save over it"
        ).format(file=name, problem=main.problem)
        said.append(opened.blocked)
    else:
        said.append(
            (
                _("{file} could not be read ({problem})")
                if main.status == "unreadable"
                else _("{file} was damaged ({problem})")
            ).format(file=name, problem=main.problem)
        )
        if not readonly:
            try:
                kept.append(quarantine(path, moment, raw=main.raw).name)
            except OSError as exc:
                opened.blocked = _(
                    "{file} could not be moved aside ({reason}); it is left in place "
                    "and this session does not save over it"
                ).format(file=name, reason=exc.strerror or exc)
                said.append(opened.blocked)

    if backup.ok:
        opened.value, opened.source = backup.value, "backup"
        when = _when(bak_path)
        if readonly:
            said.append(_("using its backup from {when}").format(when=when))
        elif opened.blocked:
            said.append(_("playing on with its backup from {when}").format(when=when))
        else:
            said.append(_("restored the backup from {when}").format(when=when))
            try:
                assert backup.raw is not None
                atomic_write(path, backup.raw, keep_backup=False)
            except OSError as exc:
                said.append(
                    _("but could not write it back ({reason}); will retry on the next save").format(
                        reason=exc.strerror or exc
                    )
                )
    else:
        if backup.status == "missing":
            said.append(_("there is no backup: {empty}").format(empty=empty))
        else:
            if backup.status == "unreadable":
                its = _("its backup could not be read ({problem}): {empty}")
            elif backup.status == "damaged":
                its = _("its backup was damaged ({problem}): {empty}")
            else:
                its = _("its backup is from a newer version ({problem}): {empty}")
            said.append(its.format(problem=backup.problem, empty=empty))
            if not readonly and not opened.blocked:  # blocked: nothing is written, leave it be
                try:
                    tag = "newer" if backup.status == "future" else "broken"
                    kept.append(quarantine(bak_path, moment, tag).name)
                except OSError as exc:
                    said.append(
                        _("the backup could not be moved aside ({reason})").format(
                            reason=exc.strerror or exc
                        )
                    )
                    opened.blocked = opened.blocked or _(
                        "{backup} could not be moved aside; this session does not save {file}"
                    ).format(backup=bak_path.name, file=name)
    # TRANSLATORS: the separator between the clauses of a notice about a damaged file
    message = pgettext("list separator", "; ").join(said)
    if kept:
        # TRANSLATORS: after a notice about a damaged file; {files}: one or two file names
        message = ngettext(
            "{said}. The original is kept as {files}.",
            "{said}. The originals are kept as {files}.",
            len(kept),
        ).format(said=message, files=_(" and ").join(kept))
    else:
        message += "."
    level: Level = "warning" if backup.ok else "error"
    opened.notices.append(Notice(name, message, level))
    return opened
