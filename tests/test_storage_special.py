"""Things that are not regular files where a save file should be (a FIFO, a device, a huge
sparse file), and save files that are symbolic links. Every open runs under a timeout, so a read
that would block fails the test instead of hanging it."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from desert_pyramid.cli import main
from desert_pyramid.storage import SaveStore
from desert_pyramid.storage.atomic import atomic_write, resolve_link
from desert_pyramid.storage.documents import SAVE_SCHEMA, decode_progress
from desert_pyramid.storage.files import read_document
from tests.storage_helpers import FIXED_NOW, make_result

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "saves" / "v1"
T = TypeVar("T")

needs_fifo = pytest.mark.skipif(
    not hasattr(os, "mkfifo"), reason="this platform has no named pipes (os.mkfifo)"
)


def within(seconds: float, work: Callable[[], T]) -> T:
    """``work()`` on a thread; fails (instead of hanging) if it takes more than ``seconds``."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = work()
        except BaseException as exc:  # handed to the test below
            box["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still blocked after {seconds} s"
    if "error" in box:
        raise box["error"]
    return box["value"]  # type: ignore[no-any-return]


def example(tmp_path: Path) -> Path:
    folder = tmp_path / "saves"
    shutil.copytree(EXAMPLE, folder)
    shutil.copyfile(folder / "save.toml", folder / "save.toml.bak")
    return folder


def open_store(folder: Path, **kw: Any) -> SaveStore:
    return within(20, lambda: SaveStore.open(folder, durable=False, clock=lambda: FIXED_NOW, **kw))


def aside(folder: Path, name: str = "save.toml") -> list[Path]:
    return sorted(folder.glob(f"{name}.broken-*"))


# ------------------------------------------------ FIFOs


@needs_fifo
def test_a_fifo_in_place_of_the_save_is_set_aside_and_the_backup_used(tmp_path: Path) -> None:
    folder = example(tmp_path)
    (folder / "save.toml").unlink()
    os.mkfifo(folder / "save.toml")
    store = open_store(folder)
    assert store.opened["save"].main.status == "unreadable"
    assert "named pipe" in store.opened["save"].main.problem
    assert store.opened["save"].source == "backup" and store.progress.pyramids_cleared == 7
    kept = aside(folder)
    assert len(kept) == 1 and stat.S_ISFIFO(os.lstat(kept[0]).st_mode)  # moved, not read
    assert stat.S_ISREG(os.lstat(folder / "save.toml").st_mode)  # the backup is back in place
    assert (
        "save.toml could not be read (it is a named pipe (FIFO), not a file)"
        in store.peek_notices()[0].message
    )


@needs_fifo
def test_a_fifo_in_place_of_the_backup_is_set_aside(tmp_path: Path) -> None:
    folder = example(tmp_path)
    (folder / "save.toml").unlink()
    (folder / "save.toml.bak").unlink()
    os.mkfifo(folder / "save.toml.bak")
    store = open_store(folder)
    assert store.opened["save"].source == "none" and store.progress.is_empty
    assert [p.name.startswith("save.toml.bak.broken-") for p in folder.glob("save.toml.bak.*")] == [
        True
    ]
    within(20, lambda: store.record_game(make_result("g1")))
    assert (
        store.opened["save"].backup is not None
        and store.opened["save"].backup.status == "unreadable"
    )
    assert read_document(folder / "save.toml", SAVE_SCHEMA, decode_progress).value.has_seen_game(
        "g1"
    )  # type: ignore[union-attr]


@needs_fifo
def test_a_fifo_in_place_of_the_backup_of_a_sound_save_is_replaced_by_the_next_backup(
    tmp_path: Path,
) -> None:
    folder = example(tmp_path)
    (folder / "save.toml.bak").unlink()
    os.mkfifo(folder / "save.toml.bak")
    before = (folder / "save.toml").read_bytes()
    store = open_store(folder)
    assert store.peek_notices() == [] and store.progress.pyramids_cleared == 7
    within(20, lambda: store.record_game(make_result("g1")))
    assert stat.S_ISREG(os.lstat(folder / "save.toml.bak").st_mode)
    assert (folder / "save.toml.bak").read_bytes() == before


@needs_fifo
def test_a_fifo_that_cannot_be_moved_is_reported_and_never_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = example(tmp_path)
    (folder / "save.toml").unlink()
    os.mkfifo(folder / "save.toml")

    def no_rename(src: Any, dst: Any) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "rename", no_rename)
    store = open_store(folder)
    assert store.progress.pyramids_cleared == 7  # played on with the backup
    assert "could not be moved aside" in store.peek_notices()[0].message
    store.take_notices()
    within(20, lambda: store.record_game(make_result("g1")))
    assert [n.message for n in store.take_notices()] == [
        "Not saved: save.toml could not be moved aside (Permission denied); it is left in place and "
        "this session does not save over it."
    ]
    assert stat.S_ISFIFO(os.lstat(folder / "save.toml").st_mode)


@needs_fifo
def test_a_fifo_appearing_while_playing_is_set_aside_when_saving(tmp_path: Path) -> None:
    folder = example(tmp_path)
    store = open_store(folder)
    (folder / "save.toml").unlink()
    os.mkfifo(folder / "save.toml")
    within(20, lambda: store.record_game(make_result("g1")))
    assert stat.S_ISFIFO(os.lstat(aside(folder)[0]).st_mode)
    assert read_document(folder / "save.toml", SAVE_SCHEMA, decode_progress).value.has_seen_game(
        "g1"
    )  # type: ignore[union-attr]


@needs_fifo
@pytest.mark.parametrize("name", ["save.toml", "save.toml.bak", "profile.toml", "current.toml"])
def test_profile_and_check_never_hang_on_a_fifo(tmp_path: Path, name: str) -> None:
    folder = example(tmp_path)
    (folder / name).unlink()
    os.mkfifo(folder / name)
    env = dict(os.environ, ARCADE_HEADLESS="1")
    for args, code in ((["--check"], 1), ([], 0)):
        run = subprocess.run(
            [sys.executable, "-m", "desert_pyramid", "profile", *args, "--save-dir", str(folder)],
            capture_output=True,
            text=True,
            timeout=60,
            env=env,
            cwd=ROOT,
        )
        assert run.returncode == code, run.stderr
        assert "Traceback" not in run.stderr
        if args:
            assert f"{name:<17} UNREADABLE: it is a named pipe (FIFO), not a file" in run.stdout
    assert stat.S_ISFIFO(os.lstat(folder / name).st_mode)  # profile only reads


# ------------------------------------------------ devices, folders, huge files


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero on this platform")
def test_a_link_to_a_device_is_not_read(tmp_path: Path) -> None:
    folder = example(tmp_path)
    (folder / "save.toml").unlink()
    os.symlink("/dev/zero", folder / "save.toml")
    store = open_store(folder)
    assert store.opened["save"].main.problem == "it is a device, not a file"
    assert store.progress.pyramids_cleared == 7
    assert os.path.islink(aside(folder)[0])  # the link itself is set aside; /dev/zero untouched


def test_a_folder_in_place_of_the_backup(tmp_path: Path) -> None:
    folder = example(tmp_path)
    (folder / "save.toml").unlink()
    (folder / "save.toml.bak").unlink()
    (folder / "save.toml.bak").mkdir()
    store = open_store(folder)
    assert store.opened["save"].backup is not None
    assert store.opened["save"].backup.problem == "it is a folder, not a file"
    store.record_game(make_result("g1"))
    assert read_document(folder / "save.toml", SAVE_SCHEMA, decode_progress).ok


def test_a_2_gb_save_is_damaged_and_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = example(tmp_path)
    with open(folder / "save.toml", "r+b") as handle:
        handle.truncate(2 * 1024**3)  # sparse: no disk used
    reads: list[int] = []
    real_read = os.read

    def counted(fd: int, n: int) -> bytes:
        data = real_read(fd, n)
        reads.append(len(data))
        return data

    monkeypatch.setattr(os, "read", counted)
    store = open_store(folder)
    assert store.opened["save"].main.status == "damaged"
    assert store.opened["save"].main.problem == "the file is larger than 16 MB"
    assert store.progress.pyramids_cleared == 7 and len(aside(folder)) == 1
    assert sum(reads) < 1024**2  # only the small files were read


# ------------------------------------------------ symbolic links

needs_links = pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links")


def linked(tmp_path: Path, name: str = "save.toml") -> tuple[Path, Path]:
    """A save folder whose ``name`` is a (relative) link to a file in another folder."""
    folder = example(tmp_path)
    elsewhere = tmp_path / "synced"
    elsewhere.mkdir()
    target = elsewhere / f"real-{name}"
    shutil.move(folder / name, target)
    try:
        os.symlink(os.path.relpath(target, folder), folder / name)
    except OSError as exc:  # Windows without the right to make links
        pytest.skip(f"cannot make a symbolic link here: {exc}")
    return folder, target


@needs_links
def test_a_linked_save_keeps_its_link_and_the_content_reaches_the_target(tmp_path: Path) -> None:
    folder, target = linked(tmp_path)
    before = target.read_bytes()
    store = open_store(folder)
    assert store.progress.pyramids_cleared == 7
    store.record_game(make_result("g1"))
    assert (folder / "save.toml").is_symlink() and resolve_link(
        folder / "save.toml"
    ) == target.resolve()
    saved = read_document(target, SAVE_SCHEMA, decode_progress).value
    assert saved is not None and saved.has_seen_game("g1") and saved.pyramids_cleared == 8
    bak = folder / "save.toml.bak"
    assert not bak.is_symlink() and bak.read_bytes() == before  # the backup beside the link
    assert not list(target.parent.glob("*.tmp-*")) and not list(folder.glob("*.tmp-*"))
    store.record_game(make_result("g2"))
    assert open_store(folder).progress.pyramids_cleared == 9


@needs_links
def test_a_linked_current_game_keeps_its_link_when_cleared_and_saved_again(tmp_path: Path) -> None:
    folder, target = linked(tmp_path, "current.toml")
    store = open_store(folder)
    current = store.current
    assert current is not None
    store.abandon_current("2025-03-14")  # recorded: current.toml is cleared
    assert (folder / "current.toml").is_symlink() and not target.exists()
    current.game_id = "another-game"
    assert store.save_current(current)
    assert (folder / "current.toml").is_symlink() and target.exists()
    again = open_store(folder).current
    assert again is not None and again.game_id == "another-game"


@needs_links
def test_a_damaged_linked_save_is_copied_aside_and_the_backup_restored_through_the_link(
    tmp_path: Path,
) -> None:
    folder, target = linked(tmp_path)
    target.write_bytes(b"pyramids_cleared = [")
    store = open_store(folder)
    assert store.progress.pyramids_cleared == 7
    kept = aside(folder)
    assert (
        len(kept) == 1
        and not kept[0].is_symlink()
        and kept[0].read_bytes() == b"pyramids_cleared = ["
    )
    assert (folder / "save.toml").is_symlink()
    assert read_document(target, SAVE_SCHEMA, decode_progress).ok  # the backup went to the target


@needs_links
def test_a_dangling_link_with_a_backup_is_restored_to_its_target(tmp_path: Path) -> None:
    folder, target = linked(tmp_path)
    target.unlink()
    store = open_store(folder)
    assert store.progress.pyramids_cleared == 7
    assert (folder / "save.toml").is_symlink() and read_document(
        target, SAVE_SCHEMA, decode_progress
    ).ok


@needs_links
def test_atomic_write_through_a_chain_of_links(tmp_path: Path) -> None:
    real = tmp_path / "real.toml"
    real.write_bytes(b"old")
    os.symlink(real, tmp_path / "middle.toml")
    os.symlink(tmp_path / "middle.toml", tmp_path / "save.toml")
    atomic_write(tmp_path / "save.toml", b"new")
    assert real.read_bytes() == b"new" and (tmp_path / "save.toml.bak").read_bytes() == b"old"
    assert (tmp_path / "save.toml").is_symlink() and (tmp_path / "middle.toml").is_symlink()


@needs_links
def test_check_notes_a_link(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, _ = linked(tmp_path)
    assert main(["profile", "--check", "--save-dir", str(folder)]) == 0
    assert "save.toml         ok (schema 1) (a link to " in capsys.readouterr().out
