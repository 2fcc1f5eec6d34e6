"""Storage on Windows and macOS: the branches taken on each platform, os.replace failing the way
it does on Windows (a file held open by another program), and no POSIX-only module at import."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from desert_pyramid.storage import SaveStore, atomic
from desert_pyramid.storage import files as files_module
from desert_pyramid.storage.atomic import atomic_write, fsync_dir, remove_stale_temps, replace
from tests.storage_helpers import FIXED_NOW, make_result

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """No real waiting between the tries of os.replace; the pauses asked for are recorded."""
    pauses: list[float] = []
    monkeypatch.setattr(atomic.time, "sleep", pauses.append)
    return pauses


def failing_replace(monkeypatch: pytest.MonkeyPatch, target: Path, times: int | None) -> list[str]:
    """``os.replace`` over ``target`` raises PermissionError (WinError 32, "the file is used by
    another process") ``times`` times, or always with ``None``."""
    real = os.replace
    calls: list[str] = []

    def fake(src: Any, dst: Any) -> None:
        if Path(dst) == target:
            calls.append(str(dst))
            if times is None or len(calls) <= times:
                raise PermissionError(
                    13,
                    "The process cannot access the file because it is being used by another process",
                )
        real(src, dst)

    monkeypatch.setattr(os, "replace", fake)
    return calls


def test_a_replace_refused_once_is_retried(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, quick_retries: list[float]
) -> None:
    path = tmp_path / "save.toml"
    atomic_write(path, b"old")
    calls = failing_replace(monkeypatch, path, times=1)
    atomic_write(path, b"new")
    assert path.read_bytes() == b"new" and (tmp_path / "save.toml.bak").read_bytes() == b"old"
    assert len(calls) == 2 and quick_retries == [atomic.REPLACE_PAUSE]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.toml", "save.toml.bak"]


def test_a_lasting_refusal_keeps_the_old_file_and_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, quick_retries: list[float]
) -> None:
    store = SaveStore.open(tmp_path, durable=False, clock=lambda: FIXED_NOW)
    store.record_game(make_result("g1"))
    before = (tmp_path / "save.toml").read_bytes()
    calls = failing_replace(monkeypatch, tmp_path / "save.toml", times=None)
    store.record_game(make_result("g2"))
    assert len(calls) == atomic.REPLACE_TRIES
    assert sum(quick_retries) < 1.0  # "briefly": well under a second in all
    assert (tmp_path / "save.toml").read_bytes() == before  # the old file is intact
    assert not list(tmp_path.glob("*.tmp-*"))
    notices = [n.message for n in store.take_notices()]
    assert notices == [
        "Could not save save.toml (The process cannot access the file because it is being used by "
        "another process); the previous save.toml is intact."
    ]
    monkeypatch.undo()
    store.record_game(make_result("g3"))  # the file is free again: everything is saved
    assert [n.message for n in store.take_notices()] == ["save.toml is saved again."]
    again = SaveStore.open(tmp_path, durable=False)
    assert again.progress.has_seen_game("g2") and again.progress.has_seen_game("g3")


def test_replace_does_not_retry_other_errors(tmp_path: Path, quick_retries: list[float]) -> None:
    with pytest.raises(FileNotFoundError):
        replace(tmp_path / "none", tmp_path / "x")
    assert quick_retries == []


def test_on_windows_folders_are_not_opened_to_fsync(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str] = []
    real_open = os.open

    def spy(path: Any, flags: int, *args: Any) -> int:
        opened.append(str(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", spy)
    monkeypatch.setattr(os, "name", "nt")
    fsync_dir(tmp_path)
    assert opened == []  # opening a folder fails on Windows
    atomic_write(tmp_path / "save.toml", b"data")
    monkeypatch.setattr(os, "name", "posix")
    assert str(tmp_path) not in opened
    assert (tmp_path / "save.toml").read_bytes() == b"data"
    fsync_dir(tmp_path)
    assert opened[-1] == str(tmp_path)


def test_a_folder_fsync_refused_by_the_file_system_is_not_a_failed_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(fd: int) -> None:
        raise OSError(22, "Invalid argument")

    path = tmp_path / "save.toml"
    atomic_write(path, b"old")
    real_fsync = os.fsync
    monkeypatch.setattr(
        os,
        "fsync",
        lambda fd: refuse(fd) if os.path.isdir(f"/proc/self/fd/{fd}") else real_fsync(fd),
    )
    if not os.path.isdir("/proc/self/fd"):
        pytest.skip("needs /proc to tell a folder's descriptor")
    atomic_write(path, b"new")
    assert path.read_bytes() == b"new"


def test_reading_on_windows_opens_without_o_nonblock(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(os, "name", "nt")
    assert files_module._open_flags() & getattr(os, "O_NONBLOCK", 0) == 0
    monkeypatch.setattr(os, "name", "posix")
    if hasattr(os, "O_NONBLOCK"):
        assert files_module._open_flags() & os.O_NONBLOCK
    (tmp_path / "a.toml").write_bytes(b"schema = 1")
    monkeypatch.setattr(os, "name", "nt")
    assert files_module.read_bytes(tmp_path / "a.toml") == b"schema = 1"


def test_stale_temps_on_windows_never_signal_a_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """os.kill(pid, 0) terminates the process on Windows: it is only used on POSIX."""
    fresh = tmp_path / "save.toml.tmp-999999-0"
    fresh.write_bytes(b"x")
    killed: list[int] = []
    monkeypatch.setattr(os, "kill", lambda pid, sig: killed.append(pid))
    monkeypatch.setattr(os, "name", "nt")
    assert remove_stale_temps(tmp_path / "save.toml") == []  # a young temp of another process stays
    assert killed == [] and fresh.exists()
    old = os.path.getmtime(fresh) - 2 * atomic.STALE_AGE_SECONDS
    os.utime(fresh, (old, old))
    assert remove_stale_temps(tmp_path / "save.toml") == [fresh]


def test_without_hard_links_the_backup_is_copied(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FAT32/exFAT (a USB stick on macOS or Windows) have no hard links."""
    path = tmp_path / "save.toml"
    atomic_write(path, b"one")

    def no_links(src: Any, dst: Any) -> None:
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    atomic_write(path, b"two")
    assert path.read_bytes() == b"two" and (tmp_path / "save.toml.bak").read_bytes() == b"one"


POSIX_ONLY = ("fcntl", "resource", "termios", "pwd", "grp", "tty", "pty")


def test_no_posix_only_module_is_imported_by_storage_progression_or_profile() -> None:
    """Importing (and using) these packages works where POSIX-only modules do not exist."""
    blocked = "; ".join(f"sys.modules[{name!r}] = None" for name in POSIX_ONLY)
    code = (
        f"import sys; {blocked}\n"
        "import tempfile, pathlib\n"
        "import desert_pyramid.storage, desert_pyramid.progression, desert_pyramid.modes.streak\n"
        "import desert_pyramid.commands.profile\n"
        "from desert_pyramid.storage import SaveStore\n"
        "folder = pathlib.Path(tempfile.mkdtemp())\n"
        "store = SaveStore.open(folder, durable=False)\n"
        "store.update_settings({'sound': True})\n"
        "assert SaveStore.open(folder).progress.settings == {'sound': True}\n"
        "print('ok')\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok"


def test_on_macos_files_are_flushed_with_f_fullfsync(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """macOS's fsync leaves the data in the drive's cache; F_FULLFSYNC writes it (fcntl imported
    only there)."""
    import types

    calls: list[tuple[int, int]] = []
    fake = types.SimpleNamespace(F_FULLFSYNC=51, fcntl=lambda fd, op: calls.append((fd, op)))
    import stat

    fsyncs: list[str] = []  # what os.fsync flushed: "file" or "folder"
    real_fsync = os.fsync

    def spy(fd: int) -> None:
        fsyncs.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", spy)
    monkeypatch.setitem(sys.modules, "fcntl", fake)
    monkeypatch.setattr(sys, "platform", "darwin")
    atomic_write(tmp_path / "save.toml", b"one")
    assert [op for _, op in calls] == [51] and "file" not in fsyncs  # the data: F_FULLFSYNC
    file_syncs = fsyncs.count("file")

    # a volume that refuses F_FULLFSYNC falls back to fsync
    def refuse(fd: int, op: int) -> None:
        raise OSError(45, "Operation not supported")

    fake.fcntl = refuse
    atomic_write(tmp_path / "save.toml", b"two")
    assert fsyncs.count("file") > file_syncs and (tmp_path / "save.toml").read_bytes() == b"two"
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setitem(sys.modules, "fcntl", None)  # Windows has no fcntl: never imported
    atomic_write(tmp_path / "save.toml", b"three")
    assert (tmp_path / "save.toml").read_bytes() == b"three"


def test_a_sibling_games_card_back_ids_are_kept_but_bounded(tmp_path: Path) -> None:
    (tmp_path / "profile.toml").write_text(
        'schema = 1\n[card_backs]\nchosen = "sandstone"\n[card_backs.unlocked]\n"Sand & Stars: night" = "2025-03-10"\n'
    )
    store = SaveStore.open(tmp_path, durable=False)
    assert store.peek_notices() == [] and "Sand & Stars: night" in store.profile.backs.unlocked
    (tmp_path / "profile.toml").write_text(
        'schema = 1\n[card_backs]\nchosen = "sandstone"\n[card_backs.unlocked]\n"bell\\u0007" = "2025-03-10"\n'
    )
    store = SaveStore.open(tmp_path, durable=False)
    # one bad record: that back alone is set aside (issue 36), the file is kept
    assert "is not a card back" in store.peek_notices()[0].message
