"""Atomic file writes that keep the previous version as ``NAME.bak``.

A write goes: data into a temporary file in the same folder, flush, fsync; the current file (if
any) becomes the backup through a hard link (copy where links are not supported) renamed over
``NAME.bak``; the temporary file is renamed over ``NAME`` (``os.replace``, atomic); the folder is
fsynced. A process killed at any point leaves ``NAME`` either the old complete file or the new
complete one; at worst a stray temporary file stays behind, which :func:`remove_stale_temps`
clears.

A ``NAME`` that is a symbolic link stays one: the data is written beside the link's target and
replaces the target (``NAME.bak`` stays beside the link, where the reader looks for it).

Portable: ``os.replace`` is retried briefly when it raises ``PermissionError`` (on Windows, a
file another program holds open, say a virus scanner or a sync client) and then the error is
raised with the old file intact; folders are fsynced only on POSIX (Windows cannot open them).
"""

from __future__ import annotations

import errno
import itertools
import os
import shutil
import stat
import sys
import time
from pathlib import Path

BACKUP_SUFFIX = ".bak"
_TMP_MARK = ".tmp-"
_counter = itertools.count()


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + BACKUP_SUFFIX)


def _temp_name(path: Path) -> Path:
    return path.with_name(f"{path.name}{_TMP_MARK}{os.getpid()}-{next(_counter)}")


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:  # pragma: no cover - os.write raises rather than returning 0
            raise OSError(errno.EIO, "write returned 0")
        view = view[written:]


def resolve_link(path: Path) -> Path:
    """Where the data of ``path`` lives: the final target when ``path`` is a symbolic link
    (followed through chains of links, relative or not), else ``path`` itself."""
    try:
        if not stat.S_ISLNK(os.lstat(path).st_mode):
            return path
    except (OSError, ValueError):
        return path
    return type(path)(os.path.realpath(path))


REPLACE_TRIES = 6
REPLACE_PAUSE = 0.02  # seconds before the second try, doubled each time (0.62 s in all)


def replace(src: Path, dst: Path) -> None:
    """``os.replace(src, dst)``, tried again a few times when it raises ``PermissionError``: on
    Windows that is what a target held open by another program (a virus scanner, a backup or sync
    client) gives for a moment. A lasting error is raised; ``dst`` is then untouched."""
    for attempt in range(REPLACE_TRIES):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if attempt == REPLACE_TRIES - 1:
                raise
            time.sleep(REPLACE_PAUSE * (2**attempt))


def fsync_file(fd: int) -> None:
    """Flush a file's data to the disk. On macOS ``fsync`` only hands the data to the drive, which
    may keep it in its cache through a power cut; ``F_FULLFSYNC`` asks the drive to write it
    (``fcntl`` is imported here, on macOS only: it does not exist on Windows). Falls back to
    ``fsync`` where the file system refuses it (some network and FAT volumes)."""
    if sys.platform == "darwin":
        try:
            import fcntl

            fcntl.fcntl(fd, fcntl.F_FULLFSYNC)
            return
        except (ImportError, AttributeError, OSError):
            pass
    os.fsync(fd)


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable: POSIX only (Windows cannot open a folder, and its
    renames need no such step); best effort (some file systems refuse a folder's fsync, and the
    file's own data is already on disk by then)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_new_file(path: Path, data: bytes, *, durable: bool = True) -> Path:
    """Write ``data`` to a fresh temporary file beside ``path``; its name. Removed on failure."""
    tmp = _temp_name(path)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    fd = os.open(tmp, flags, 0o644)
    try:
        write_all(fd, data)
        if durable:
            fsync_file(fd)
    except BaseException:
        os.close(fd)
        _unlink_quietly(tmp)
        raise
    os.close(fd)
    return tmp


def _keep_backup(path: Path, durable: bool, source: Path | None = None) -> None:
    """Make the current ``path`` (its data at ``source``, the link's target) the backup,
    atomically (``NAME.bak`` is never half-written)."""
    source = source or path
    tmp = _temp_name(backup_path(path))
    try:
        link = getattr(os, "link", None)  # the browser's Python (Pyodide) has no hard links
        if link is None:
            if not source.exists():
                return
            raise OSError("no hard links on this system")
        link(source, tmp)
    except FileNotFoundError:
        return  # nothing to back up
    except OSError:  # no hard links here (or across two disks): copy instead
        try:
            shutil.copyfile(source, tmp)
        except FileNotFoundError:
            _unlink_quietly(tmp)
            return
        if durable:
            fd = os.open(tmp, os.O_RDONLY | getattr(os, "O_BINARY", 0))
            try:
                fsync_file(fd)
            finally:
                os.close(fd)
    try:
        replace(tmp, backup_path(path))
    finally:
        _unlink_quietly(tmp)  # still there only when both names were already the same file


def atomic_write(
    path: Path, data: bytes, *, keep_backup: bool = True, durable: bool = True
) -> None:
    """Replace ``path`` with ``data`` atomically, keeping the old file as ``NAME.bak``.

    When ``path`` is a symbolic link, the link's target is replaced (the link survives) and the
    backup stays beside the link. Raises OSError (e.g. ENOSPC, or a lasting PermissionError) with
    ``path`` left exactly as it was.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    target = resolve_link(path)
    tmp = write_new_file(target, data, durable=durable)
    try:
        if keep_backup:
            _keep_backup(path, durable, target)
        replace(tmp, target)
    except BaseException:
        _unlink_quietly(tmp)
        raise
    if durable:
        fsync_dir(target.parent)
        if keep_backup and target.parent != path.parent:
            fsync_dir(path.parent)


def remove_file(path: Path, *, durable: bool = True) -> None:
    """Delete ``path`` and its backup (the backup first, so a crash never leaves a lone backup).
    A symbolic link stays: its target is deleted, and the next write recreates it."""
    removed = False
    for target in (backup_path(path), resolve_link(path)):
        try:
            os.unlink(target)
            removed = True
        except FileNotFoundError:
            pass
    if removed and durable:
        fsync_dir(path.parent)
        if resolve_link(path).parent != path.parent:
            fsync_dir(resolve_link(path).parent)


STALE_AGE_SECONDS = 3600.0


def _writer_gone(name: str, age: float) -> bool:
    """True when the process that made temporary file ``name`` cannot still be writing it."""
    if age > STALE_AGE_SECONDS:
        return True
    if os.name != "posix":
        return False
    try:
        pid = int(name.rsplit(_TMP_MARK, 1)[1].split("-", 1)[0])
    except (IndexError, ValueError):
        return True
    if pid == os.getpid():
        return True  # called when a file is opened, before this process writes it
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


def remove_stale_temps(path: Path) -> list[Path]:
    """Delete temporary files that an interrupted write of ``path`` (or of its backup) left.

    A temporary file of a process still running (a sibling game writing the shared profile) is
    left alone unless it is more than an hour old.
    """
    removed: list[Path] = []
    try:
        names = os.listdir(path.parent)
    except OSError:
        return removed
    prefixes = (path.name + _TMP_MARK, backup_path(path).name + _TMP_MARK)
    for name in names:
        if name.startswith(prefixes):
            stale = path.parent / name
            try:
                age = time.time() - stale.stat().st_mtime
                if stale.is_file() and _writer_gone(name, age):
                    stale.unlink()
                    removed.append(stale)
            except OSError:
                pass
    return removed


def _unlink_quietly(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
