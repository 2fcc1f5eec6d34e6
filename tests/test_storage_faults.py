"""Faults and bad files: the game starts, says what it did, restores the backup, keeps the bad
file aside, and never overwrites saved progress."""

from __future__ import annotations

import ast
import errno
import os
import random
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import desert_pyramid.progression as progression_pkg
import desert_pyramid.storage as storage_pkg
from desert_pyramid.progression import GameResult
from desert_pyramid.storage import CurrentGame, SaveStore
from desert_pyramid.storage import files as files_mod
from tests.storage_helpers import FIXED_NOW, engine_game, make_result

STAMP = "20250314-201500"


def open_store(folder: Path, **kw: Any) -> SaveStore:
    return SaveStore.open(folder, clock=lambda: FIXED_NOW, **kw)


def two_saves(folder: Path) -> tuple[bytes, bytes]:
    """save.toml with 2 games and its backup with 1; their bytes."""
    store = open_store(folder)
    store.record_game(make_result("g1"))
    store.record_game(make_result("g2"))
    return (folder / "save.toml").read_bytes(), (folder / "save.toml.bak").read_bytes()


def only_notice(store: SaveStore) -> str:
    notices = store.take_notices()
    assert len(notices) == 1, notices
    return notices[0].message


def assert_restored(folder: Path, store: SaveStore, bad: bytes, backup: bytes) -> str:
    message = only_notice(store)
    assert store.progress.pyramids_cleared == 1  # the backup's progress
    assert "restored the backup" in message
    assert f"save.toml.broken-{STAMP}" in message
    assert (folder / f"save.toml.broken-{STAMP}").read_bytes() == bad  # kept aside, as it was
    assert (folder / "save.toml").read_bytes() == backup  # put back in place
    return message


# ------------------------------------------------------------------ damaged files


def test_truncated_file(tmp_path: Path) -> None:
    main, backup = two_saves(tmp_path)
    bad = main[: len(main) // 2 - 3]
    (tmp_path / "save.toml").write_bytes(bad)
    store = open_store(tmp_path)
    message = assert_restored(tmp_path, store, bad, backup)
    assert message.startswith("save.toml was damaged (")


def test_file_of_random_bytes(tmp_path: Path) -> None:
    _, backup = two_saves(tmp_path)
    bad = random.Random(7).randbytes(3000)
    (tmp_path / "save.toml").write_bytes(bad)
    store = open_store(tmp_path)
    assert_restored(tmp_path, store, bad, backup)


def test_empty_file(tmp_path: Path) -> None:
    _, backup = two_saves(tmp_path)
    (tmp_path / "save.toml").write_bytes(b"")
    message = assert_restored(tmp_path, open_store(tmp_path), b"", backup)
    assert "empty" in message


def test_toml_syntax_error_names_the_line(tmp_path: Path) -> None:
    _, backup = two_saves(tmp_path)
    bad = b"schema = 1\npyramids_cleared = 4\nrelics = {brass_compass = }\n"
    (tmp_path / "save.toml").write_bytes(bad)
    message = assert_restored(tmp_path, open_store(tmp_path), bad, backup)
    assert "line 3" in message


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (
            lambda d: d["stats"][0].update(won="three"),
            'stats[0].won: expected a whole number, found text ("three")',
        ),
        (
            lambda d: d.update(pyramids_cleared=-2),
            "pyramids_cleared: expected a whole number from 0 to 10,000,000, found -2",
        ),
        (lambda d: d["relics"].update(brass_compass=True), "relics.brass_compass: expected text"),
        (
            lambda d: d["stats"][0]["recent"][0].update(outcome="draw"),
            "stats[0].recent[0].outcome: expected one of won, lost, abandoned",
        ),
        (
            lambda d: d["daily"].update(last_cleared="yesterday"),
            "daily.last_cleared: expected a date YYYY-MM-DD",
        ),
    ],
)
def test_a_record_with_a_wrong_type_is_set_aside_and_the_rest_kept(
    tmp_path: Path, edit: Callable[[dict[str, Any]], None], expected: str
) -> None:
    """Records, not files, are the unit of damage: the file is read, the one record set aside
    (kept in save.rejected.toml), nothing earned is lost and the backup is not needed."""
    import tomli_w

    main, _backup = two_saves(tmp_path)
    data = tomllib.loads(main.decode())
    edit(data)
    (tmp_path / "save.toml").write_bytes(tomli_w.dumps(data).encode())
    store = open_store(tmp_path)
    message = only_notice(store)
    assert "1 damaged record was set aside" in message and expected in message
    assert "save.rejected.toml" in message
    assert store.opened["save"].source == "file"
    assert store.progress.pyramids_cleared == 2  # the file's progress, not the backup's
    assert store.progress.has_seen_game("g1") and store.progress.has_seen_game("g2")
    assert not list(tmp_path.glob("save.toml.broken-*"))
    kept = tomllib.loads((tmp_path / "save.rejected.toml").read_text(encoding="utf-8"))
    assert [expected in r["why"] for r in kept["rejected"]] == [True]


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (lambda d: d.update(schema="1"), "schema: expected a whole number"),
    ],
)
def test_valid_toml_with_wrong_types(
    tmp_path: Path, edit: Callable[[dict[str, Any]], None], expected: str
) -> None:
    import tomli_w

    main, backup = two_saves(tmp_path)
    data = tomllib.loads(main.decode())
    edit(data)
    bad = tomli_w.dumps(data).encode()
    (tmp_path / "save.toml").write_bytes(bad)
    message = assert_restored(tmp_path, open_store(tmp_path), bad, backup)
    assert expected in message


@pytest.mark.parametrize("backup", [True, False], ids=["with its backup", "without"])
@pytest.mark.parametrize(
    ("edit", "section"),
    [
        (lambda d: d.update(stats={"a": 1}), "stats"),
        (lambda d: d.update(stats="x"), "stats"),
        (lambda d: d.update(seen=[1]), "seen"),
        (lambda d: d.update(seen="x"), "seen"),
    ],
)
def test_a_section_of_another_kind_is_set_aside_alone(
    tmp_path: Path, edit: Callable[[dict[str, Any]], None], section: str, backup: bool
) -> None:
    """A section of the wrong kind is one record: it alone is set aside (kept in
    save.rejected.toml) and the file's other sections are kept; the section itself is taken
    from the backup (one game older) where that holds it sound, else it starts empty."""
    import tomli_w

    main, _backup = two_saves(tmp_path)
    data = tomllib.loads(main.decode())
    edit(data)
    (tmp_path / "save.toml").write_bytes(tomli_w.dumps(data).encode())
    if not backup:
        (tmp_path / "save.toml.bak").unlink()
    store = open_store(tmp_path)
    message = only_notice(store)
    assert "1 damaged record was set aside" in message and f"{section}: expected" in message
    assert store.opened["save"].source == "file" and not list(tmp_path.glob("save.toml.broken-*"))
    assert store.progress.pyramids_cleared == 2 and len(store.progress.relics) == 2
    wins = sum(s.won for s in store.progress.stats.values())
    seen = list(store.progress.seen_games)
    if section == "stats":  # the other sections are the file's
        assert seen == ["g1", "g2"] and wins == (1 if backup else 0)  # the backup's: 1 game
    else:
        assert wins == 2 and seen == (["g1"] if backup else [])
    (record,) = tomllib.loads((tmp_path / "save.rejected.toml").read_text(encoding="utf-8"))[
        "rejected"
    ]
    assert record["where"] == section and record["value"] == data[section]
    assert ("backup" in record["why"]) == backup


@pytest.mark.parametrize(
    "key", ["schema", "pyramids_cleared", "relics", "daily", "seen", "settings", "stats"]
)
def test_valid_toml_with_a_missing_key(tmp_path: Path, key: str) -> None:
    import tomli_w

    main, backup = two_saves(tmp_path)
    data = tomllib.loads(main.decode())
    del data[key]
    bad = tomli_w.dumps(data).encode()
    (tmp_path / "save.toml").write_bytes(bad)
    message = assert_restored(tmp_path, open_store(tmp_path), bad, backup)
    assert f"{key}: missing" in message


def test_damaged_without_backup_starts_empty_and_keeps_the_file(tmp_path: Path) -> None:
    (tmp_path / "save.toml").write_bytes(b"\x00\x01garbage")
    store = open_store(tmp_path)
    message = only_notice(store)
    assert "no backup" in message and "starting with empty progress" in message
    assert store.progress.is_empty
    assert (tmp_path / f"save.toml.broken-{STAMP}").read_bytes() == b"\x00\x01garbage"


def test_both_file_and_backup_damaged(tmp_path: Path) -> None:
    two_saves(tmp_path)
    (tmp_path / "save.toml").write_bytes(b"schema = 1\npyra")
    (tmp_path / "save.toml.bak").write_bytes(b"\xff\xfe\xfd")
    store = open_store(tmp_path)
    notices = store.take_notices()
    assert len(notices) == 1 and notices[0].level == "error"
    message = notices[0].message
    assert "its backup was damaged" in message and "starting with empty progress" in message
    assert f"save.toml.broken-{STAMP}" in message and f"save.toml.bak.broken-{STAMP}" in message
    assert store.progress.is_empty
    # playing on writes a new save and never touches the evidence
    store.record_game(GameResult("new", "practice", "desert", 1, "won", 1, 1.0, 0, 0, "2025-03-14"))
    store.record_game(
        GameResult("new2", "practice", "desert", 1, "won", 1, 1.0, 0, 0, "2025-03-14")
    )
    assert (tmp_path / f"save.toml.broken-{STAMP}").read_bytes() == b"schema = 1\npyra"
    assert (tmp_path / f"save.toml.bak.broken-{STAMP}").read_bytes() == b"\xff\xfe\xfd"
    assert open_store(tmp_path).progress.pyramids_cleared == 2


def test_a_second_quarantine_the_same_second_does_not_overwrite_the_first(tmp_path: Path) -> None:
    (tmp_path / "save.toml").write_bytes(b"first")
    open_store(tmp_path)
    (tmp_path / "save.toml").write_bytes(b"second")
    open_store(tmp_path)
    assert (tmp_path / f"save.toml.broken-{STAMP}").read_bytes() == b"first"
    assert (tmp_path / f"save.toml.broken-{STAMP}-2").read_bytes() == b"second"


def test_missing_file_with_a_backup_is_restored(tmp_path: Path) -> None:
    _, backup = two_saves(tmp_path)
    (tmp_path / "save.toml").unlink()
    store = open_store(tmp_path)
    assert "save.toml was missing; restored the backup" in only_notice(store)
    assert (tmp_path / "save.toml").read_bytes() == backup


def test_damaged_profile_and_current_use_their_backups(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    store.note_chain(8)
    store.record_game(make_result("g", redeals_used=0))
    game = engine_game(1)
    store.save_current(CurrentGame("c", "practice", "desert", 1, "2025-03-14", game))
    store.save_current(CurrentGame("c", "practice", "desert", 1, "2025-03-14", engine_game(2)))
    (tmp_path / "profile.toml").write_bytes(b"[card_backs\n")
    (tmp_path / "current.toml").write_bytes(b'schema = 1\ngame_id = "c"\n')
    again = open_store(tmp_path)
    notices = {n.file: n.message for n in again.take_notices()}
    assert set(notices) == {"profile.toml", "current.toml"}
    assert again.profile.backs.owns("chain_8") and not again.profile.backs.owns("no_redeal")
    assert again.current is not None and again.current.game == game  # one move back
    assert (tmp_path / f"profile.toml.broken-{STAMP}").exists()
    assert (tmp_path / f"current.toml.broken-{STAMP}").exists()


# ------------------------------------------------------------------ a newer version's file


def test_schema_from_the_future_is_left_untouched(tmp_path: Path) -> None:
    _, backup = two_saves(tmp_path)
    future = b'schema = 7\npyramids_cleared = 80\nnew_thing = "x"\n'
    (tmp_path / "save.toml").write_bytes(future)
    store = open_store(tmp_path)
    message = only_notice(store)
    assert "newer version" in message and "schema 7" in message and "left untouched" in message
    assert store.progress.pyramids_cleared == 1  # plays on with the backup, read only
    store.record_game(make_result("g3"))
    assert not store.update_settings({"sound": True})
    assert "Not saved" in only_notice(store)  # said once
    assert (tmp_path / "save.toml").read_bytes() == future
    assert (tmp_path / "save.toml.bak").read_bytes() == backup


def test_profile_from_the_future_is_never_written(tmp_path: Path) -> None:
    future = b"schema = 2\n[card_backs]\nchosen = 3\n"
    (tmp_path / "profile.toml").write_bytes(future)
    store = open_store(tmp_path)
    assert "newer version" in only_notice(store)
    store.record_game(make_result("g", redeals_used=0, best_chain=9))
    assert (tmp_path / "profile.toml").read_bytes() == future


# ------------------------------------------------------------------ unreadable files


def test_a_folder_where_the_file_should_be(tmp_path: Path) -> None:
    _, backup = two_saves(tmp_path)
    (tmp_path / "save.toml").unlink()
    (tmp_path / "save.toml").mkdir()
    store = open_store(tmp_path)
    message = only_notice(store)
    assert "could not be read (it is a folder, not a file)" in message
    assert (tmp_path / f"save.toml.broken-{STAMP}").is_dir()
    assert (tmp_path / "save.toml").read_bytes() == backup


def test_permission_denied(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    main, backup = two_saves(tmp_path)
    real = files_mod.read_bytes

    def deny(path: Path) -> bytes:
        if path.name == "save.toml":
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(files_mod, "read_bytes", deny)
    store = open_store(tmp_path)
    message = only_notice(store)
    assert "save.toml could not be read (Permission denied)" in message
    assert (tmp_path / f"save.toml.broken-{STAMP}").read_bytes() == main  # kept, never lost
    assert store.progress.pyramids_cleared == 1


def test_unreadable_and_unmovable_file_is_never_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    main, _ = two_saves(tmp_path)
    real = files_mod.read_bytes

    def deny(path: Path) -> bytes:
        if path.name == "save.toml":
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path)

    def no_rename(src: Any, dst: Any) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(files_mod, "read_bytes", deny)
    monkeypatch.setattr(files_mod.os, "rename", no_rename)
    store = open_store(tmp_path)
    assert "does not save over it" in only_notice(store)
    monkeypatch.undo()
    store.record_game(make_result("g3"))
    assert "Not saved" in only_notice(store)
    assert (tmp_path / "save.toml").read_bytes() == main


# ------------------------------------------------------------------ a full disk


@pytest.mark.parametrize("call", ["write", "fsync"])
def test_full_disk_keeps_the_old_file_and_reports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, call: str
) -> None:
    main, _ = two_saves(tmp_path)
    store = open_store(tmp_path)

    def full(*args: Any) -> Any:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, call, full)
    store.record_game(make_result("g3"))  # no exception reaches the game
    assert store.progress.pyramids_cleared == 3  # counted in memory all the same
    for _ in range(5):  # a move, another move...
        assert (
            store.save_current(
                CurrentGame("c", "practice", "desert", 1, "2025-03-14", engine_game(1))
            )
            is False
        )
    monkeypatch.undo()
    notices = store.take_notices()
    assert [n.file for n in notices] == ["save.toml", "current.toml"]  # once each, not per move
    assert all(n.level == "error" for n in notices)
    assert "No space left on device" in notices[0].message and "intact" in notices[0].message
    assert (tmp_path / "save.toml").read_bytes() == main
    assert not list(tmp_path.glob("*.tmp-*")) and not (tmp_path / "current.toml").exists()
    # space again: the next save carries everything
    store.record_game(make_result("g4"))
    assert "saved again" in only_notice(store)
    assert open_store(tmp_path).progress.pyramids_cleared == 4


def test_full_disk_in_the_background(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    main, _ = two_saves(tmp_path)
    store = open_store(tmp_path, background=True)
    try:

        def full(*args: Any) -> Any:
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(os, "write", full)
        store.record_game(make_result("g3"))
        assert store.flush(10)
        monkeypatch.undo()
        assert "No space left" in store.take_notices()[0].message
        assert (tmp_path / "save.toml").read_bytes() == main
    finally:
        store.close()


def test_unwritable_save_folder_is_reported(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    store = open_store(blocker / "saves")
    (said,) = store.take_notices()
    assert "cannot be made" in said.message and "is a file, not a folder" in said.message
    assert "Your progress will not be kept this session." in said.message and said.level == "error"
    store.record_game(make_result("g"))  # reported, not raised
    assert store.take_notices()[0].level == "error"


# ------------------------------------------------------------------ never lose saved progress


def test_empty_profile_never_overwrites_progress_written_meanwhile(tmp_path: Path) -> None:
    fresh = open_store(tmp_path)  # starts empty (nothing on disk yet)
    other = open_store(tmp_path)  # another copy of the game, or a restored save
    for n in range(5):
        other.record_game(make_result(f"g{n}"))
    saved = (tmp_path / "save.toml").read_bytes()
    assert not fresh.update_settings({"sound": False})
    assert "holds progress this session lacks" in only_notice(fresh)
    assert (tmp_path / "save.toml").read_bytes() == saved
    fresh.record_game(make_result("x"))
    assert (tmp_path / "save.toml").read_bytes() == saved
    assert fresh.take_notices() == []  # said once, not at every save


def test_a_file_damaged_while_playing_is_kept_aside(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    store.record_game(make_result("g1"))
    (tmp_path / "save.toml").write_bytes(b"oops")
    store.record_game(make_result("g2"))
    assert "damaged on disk" in only_notice(store)
    assert (tmp_path / f"save.toml.broken-{STAMP}").read_bytes() == b"oops"
    assert open_store(tmp_path).progress.pyramids_cleared == 2


# ------------------------------------------------------------------ nothing in a file runs code


def test_nothing_in_a_save_file_can_run_code(tmp_path: Path) -> None:
    import tomli_w

    marker = tmp_path / "pwned"
    payload = f"__import__('os').system('touch {marker}')"
    text = (
        "schema = 1\npyramids_cleared = 0\nrelics = {}\nstats = []\n"
        '[daily]\nlast_cleared = ""\ncurrent_streak = 0\nbest_streak = 0\ncleared_dates = []\n'
        "[seen]\ngames = []\ntreks = []\n"
        f'[settings]\nname = "{payload}"\n"!!python/object" = 1\n'
    )
    (tmp_path / "save.toml").write_text(text)
    game = {**engine_game(3), "code": payload, "__reduce__": "os.system"}
    envelope = {
        "schema": 1,
        "game_id": "x",
        "mode": "practice",
        "preset": "desert",
        "layout": 1,
        "started": "2025-03-14",
        "game": game,
    }
    (tmp_path / "current.toml").write_text(tomli_w.dumps(envelope))
    store = open_store(tmp_path)
    assert store.take_notices() == []
    assert not marker.exists()
    assert store.progress.settings["name"] == payload
    assert store.current is not None and store.current.game["code"] == payload
    assert store.current.game["__reduce__"] == "os.system"  # just text
    # a move that is code, not a move, does not replay: the game is damaged, nothing runs
    game["moves"] = [payload]
    (tmp_path / "current.toml").write_text(tomli_w.dumps(envelope))
    again = open_store(tmp_path)
    assert again.current is None and "does not replay" in only_notice(again)
    assert not marker.exists()


FORBIDDEN_CALLS = {"eval", "exec", "compile", "__import__"}
FORBIDDEN_MODULES = {"pickle", "marshal", "shelve", "yaml", "dill", "importlib", "runpy"}


@pytest.mark.parametrize("package", [storage_pkg, progression_pkg])
def test_storage_code_uses_no_code_loading_tools(package: Any) -> None:
    folder = Path(package.__file__).parent
    for source in folder.glob("*.py"):
        tree = ast.parse(source.read_text(), str(source))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in FORBIDDEN_CALLS, f"{source.name}: {node.func.id}()"
            if isinstance(node, ast.Import):
                names = {alias.name.split(".")[0] for alias in node.names}
                assert not names & FORBIDDEN_MODULES, f"{source.name}: import {names}"
            if isinstance(node, ast.ImportFrom) and node.module:
                assert node.module.split(".")[0] not in FORBIDDEN_MODULES, source.name


def test_a_newer_file_with_a_damaged_backup_is_left_entirely_alone(tmp_path: Path) -> None:
    (tmp_path / "save.toml").write_bytes(b"schema = 3\n")
    (tmp_path / "save.toml.bak").write_bytes(b"schema = 3\ntrunc")
    before = sorted((p.name, p.read_bytes()) for p in tmp_path.iterdir())
    store = open_store(tmp_path)
    message = only_notice(store)
    assert "newer version" in message and "its backup was damaged" in message
    store.update_settings({"sound": True})
    assert sorted((p.name, p.read_bytes()) for p in tmp_path.iterdir()) == before


def test_a_saved_game_that_does_not_replay_falls_back_one_move(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    store.save_current(CurrentGame("c", "practice", "desert", 1, "2025-03-14", engine_game(5)))
    store.save_current(CurrentGame("c", "practice", "desert", 1, "2025-03-14", engine_game(6)))
    text = (tmp_path / "current.toml").read_text()
    moves = engine_game(6)["moves"]
    broken = text.replace(f'"{moves[0]}"', '"K99"', 1)
    assert broken != text
    (tmp_path / "current.toml").write_text(broken)
    again = open_store(tmp_path)
    message = only_notice(again)
    assert (
        message.startswith("current.toml was damaged (game: ") and "restored the backup" in message
    )
    assert again.current is not None and again.current.game == engine_game(5)


def test_deeply_nested_values_are_damage_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "save.toml").write_text("schema = 1\na = " + "[" * 50_000 + "]" * 50_000 + "\n")
    store = open_store(tmp_path)
    assert "nested too deeply" in only_notice(store) and store.progress.is_empty


def test_a_huge_file_is_damage(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files_mod, "MAX_FILE_BYTES", 1000)
    (tmp_path / "save.toml").write_text("schema = 1\n" + "# padding\n" * 200)
    store = open_store(tmp_path)
    assert "larger than" in only_notice(store)
    assert (tmp_path / f"save.toml.broken-{STAMP}").stat().st_size > 1000
