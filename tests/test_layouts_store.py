"""The player's own layouts on disk: layout files in the save folder's ``layouts``, added from a
layout or a layout code, renamed, saved over and deleted; a file that cannot be used is set aside
with a notice and never hides the other layouts."""

from __future__ import annotations

import datetime
import errno
import os
import tomllib
from pathlib import Path

import pytest

import desert_pyramid.storage.layouts as layouts_mod
from desert_pyramid.catalog import builtin_layout
from desert_pyramid.engine import Layout, LayoutCodeError, LayoutError, encode_layout_code
from desert_pyramid.engine.layoutcode import same_places
from desert_pyramid.storage.layouts import (
    LAYOUT_FILE_MAX,
    PlayerLayoutError,
    PlayerLayouts,
    check_name,
    layout_file_bytes,
    slug,
)
from tests.layout_helpers import store_in
from tests.test_storage_special import needs_fifo, within

NOW = datetime.datetime(2026, 12, 1, 4, 30, 0)


def fixed_store(folder: Path, **kw: object) -> PlayerLayouts:
    return store_in(folder, clock=lambda: NOW, **kw)


def folder_names(store: PlayerLayouts) -> list[str]:
    return sorted(os.listdir(store.folder))


# -- adding, renaming, saving over, deleting ------------------------------------------------------


def test_a_layout_added_is_a_layout_file_in_the_save_folder(tmp_path: Path) -> None:
    store = fixed_store(tmp_path)
    assert store.layouts() == {}
    added = store.add(builtin_layout(3), "My Six Rows")
    assert added.number == 101 and added.name == "My Six Rows"
    path = tmp_path / "layouts" / "101_my_six_rows.toml"
    assert store.path_of(101) == path
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data["schema"] == 1 and data["number"] == 101
    assert isinstance(data["slot"][0]["x"], int)  # whole numbers written as in the game's files
    assert Layout.from_dict(data) == added
    assert same_places(added, builtin_layout(3))
    # A new store (the next start of the game) reads it back.
    assert fixed_store(tmp_path).layouts() == {101: added}


def test_numbers_grow_and_a_deleted_layouts_number_is_never_given_again(tmp_path: Path) -> None:
    store = fixed_store(tmp_path)
    numbers = [store.add(builtin_layout(n)).number for n in (2, 3, 4)]
    assert numbers == [101, 102, 103]
    kept = store.delete(102)
    assert kept.name == "102_six_row_pyramid.toml.deleted-20261201-043000"
    assert kept.exists() and store.get(102) is None and sorted(store.layouts()) == [101, 103]
    store.delete(103)
    assert store.add(builtin_layout(5)).number == 104
    with pytest.raises(PlayerLayoutError, match="you have no layout 102"):
        store.delete(102)


def test_when_the_numbers_run_out_the_gaps_are_used_then_it_says_so(tmp_path: Path) -> None:
    folder = tmp_path / "layouts"
    folder.mkdir()
    for n in range(101, 1000):
        if n not in (150, 151):
            (folder / f"{n:03d}_gone.toml.deleted-20250101-000000").write_bytes(b"")
    store = fixed_store(tmp_path)
    assert store.add(builtin_layout(2)).number == 150
    assert store.add(builtin_layout(2)).number == 151
    with pytest.raises(PlayerLayoutError, match="there is no number left for a new layout"):
        store.add(builtin_layout(2))


def test_add_from_a_layout_code(tmp_path: Path) -> None:
    store = fixed_store(tmp_path)
    original = builtin_layout(31)
    added = store.add_code(encode_layout_code(original))
    assert added.number == 101 and added.name == original.name
    assert same_places(added, original)
    code = encode_layout_code(original)
    bad = code[:-2] + ("0" if code[-2] != "0" else "1") + code[-1]
    for text in (bad, code[:12], "DL-" + "7" * 5000, code.replace("-", "\u2010"), ""):
        with pytest.raises(LayoutCodeError):
            store.add_code(text)
    assert sorted(store.layouts()) == [101]


def test_rename_keeps_the_number_and_renames_the_file(tmp_path: Path) -> None:
    store = fixed_store(tmp_path)
    store.add(builtin_layout(2), "First Name")
    store.rename(101, "  Second   Name ")
    assert store.get(101) is not None and store.get(101).name == "Second Name"  # type: ignore[union-attr]
    assert folder_names(store) == ["101_second_name.toml", "101_second_name.toml.bak"]
    assert b'name = "First Name"' in (store.folder / "101_second_name.toml.bak").read_bytes()
    # A name whose file name is taken keeps the old file name; the content is right.
    (store.folder / "101_third.toml").write_bytes(good_file(160))  # another layout in the way
    store.rename(101, "Third")
    assert store.get(101).name == "Third"  # type: ignore[union-attr]
    assert store.path_of(101) == store.folder / "101_second_name.toml"
    assert store.get(160) is not None


def test_replace_saves_an_edit_over_a_layout_keeping_its_number(tmp_path: Path) -> None:
    store = fixed_store(tmp_path)
    store.add(builtin_layout(2), "Mine")
    edited = store.replace(101, builtin_layout(4))
    assert edited.number == 101 and edited.name == builtin_layout(4).name
    assert same_places(store.get(101), builtin_layout(4))  # type: ignore[arg-type]
    assert folder_names(store) == ["101_mine.toml", "101_mine.toml.bak"]
    with pytest.raises(PlayerLayoutError, match="you have no layout 150"):
        store.replace(150, builtin_layout(4))


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "needs a name"),
        ("   \t ", "needs a name"),
        ("bell\x07", "control characters"),
        ("x" * 61, "too long"),
        ("金" * 21, "too long"),  # 63 bytes of UTF-8
    ],
)
def test_names_that_cannot_be_used(tmp_path: Path, name: str, message: str) -> None:
    with pytest.raises(PlayerLayoutError, match=message):
        check_name(name)
    store = fixed_store(tmp_path)
    with pytest.raises(PlayerLayoutError, match=message):
        store.add(builtin_layout(2), name)
    assert not store.folder.exists() or folder_names(store) == []


def test_names_in_any_script_and_their_file_names() -> None:
    assert check_name("Pyramide à l’envers") == "Pyramide à l’envers"
    assert check_name("金字塔 ٣") == "金字塔 ٣"
    assert slug("Pyramide à l’envers!") == "pyramide_l_envers"
    assert slug("金字塔") == "layout"
    assert len(slug("a b " * 100)) <= 40


def test_a_write_that_fails_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = fixed_store(tmp_path)
    store.add(builtin_layout(2), "Kept")
    before = (store.folder / "101_kept.toml").read_bytes()

    def full(*_a: object, **_k: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(layouts_mod, "atomic_write", full)
    with pytest.raises(PlayerLayoutError, match="could not write .*No space left on device"):
        store.add(builtin_layout(3))
    with pytest.raises(PlayerLayoutError, match="No space left"):
        store.rename(101, "Other")
    assert (store.folder / "101_kept.toml").read_bytes() == before
    assert sorted(store.layouts()) == [101]


def test_a_layout_added_elsewhere_shows_up(tmp_path: Path) -> None:
    game = fixed_store(tmp_path)
    assert game.layouts() == {}
    fixed_store(tmp_path).add(builtin_layout(2))  # the command line, while the game runs
    assert sorted(game.layouts()) == [101]


# -- files that cannot be used -----------------------------------------------------------------------


def good_file(number: int = 101) -> bytes:
    layout = Layout.from_dict({**builtin_layout(2).to_dict(), "number": number})
    return layout_file_bytes(layout)


def cycle_file() -> bytes:
    # Slot 1 is covered by slots 2 and 3: put it in front of them.
    return good_file(102).replace(b"z = 0", b"z = 5", 1)


DAMAGED: dict[str, tuple[bytes, str]] = {
    "bad_toml": (b"schema = 1\nnumber = [\n", "invalid value"),
    "not_utf8": (b'name = "\xff\xfe"\n', "not UTF-8"),
    "empty": (b"", "empty"),
    "unplayable": (good_file(102).replace(b"x = 4\n", b"x = 40\n", 1), "do not overlap"),
    "in_front": (cycle_file(), "slot 1 is covered by slot 2, which is not in front"),
    "too_few": (b'schema = 1\nnumber = 102\nname = "x"\n[[slot]]\nid = 1\n', "between 15 and 40"),
    "huge_number": (
        good_file(101).replace(b"number = 101", b"number = " + b"9" * 40),
        "far too large",
    ),
    "deep": (b"a = " + b"[" * 5000 + b"]" * 5000, "nested too deeply"),
}


@pytest.mark.parametrize("kind", sorted(DAMAGED))
def test_a_damaged_file_is_set_aside_and_the_others_stay(tmp_path: Path, kind: str) -> None:
    store = fixed_store(tmp_path)
    store.add(builtin_layout(3), "Good One")
    raw, problem = DAMAGED[kind]
    bad = store.folder / f"150_{kind}.toml"
    bad.write_bytes(raw)
    listed = within(10, store.layouts)
    assert sorted(listed) == [101]
    notices = store.take_notices()
    assert len(notices) == 1, notices
    message = notices[0].message
    assert bad.name in message and problem in message
    assert not bad.exists()
    kept = store.folder / f"{bad.name}.broken-20261201-043000"
    assert kept.read_bytes() == raw
    assert bad.name in notices[0].file
    # The number of a set-aside file is not given to a new layout.
    assert store.add(builtin_layout(2)).number == 151
    assert store.take_notices() == []


def test_a_number_used_twice_is_renumbered_not_set_aside(tmp_path: Path) -> None:
    """Issue 36: a good layout whose number repeats another's is given the next free number
    with a notice; its file is written again under that number, the original kept beside it."""
    store = fixed_store(tmp_path)
    store.add(builtin_layout(3), "First")
    (store.folder / "zz_copy.toml").write_bytes(good_file(101))
    listed = store.layouts()
    assert sorted(listed) == [101, 102] and listed[101].name == "First"
    (notice,) = store.take_notices()
    assert "zz_copy.toml: its number 101 is already 101_first.toml's; it is now layout 102" in (
        notice.message
    )
    assert notice.level == "info"
    renamed = store.path_of(102)
    assert renamed is not None and renamed.name.startswith("102_")
    assert (store.folder / "zz_copy.toml.renumbered-20261201-043000").read_bytes() == good_file(101)
    again = fixed_store(tmp_path)  # the next start: the same numbers, nothing to say
    assert sorted(again.layouts()) == [101, 102] and again.take_notices() == []
    assert store.add(builtin_layout(2)).number == 103


def test_a_layout_claiming_one_of_the_games_numbers_is_renumbered(tmp_path: Path) -> None:
    store = fixed_store(tmp_path)
    store.add(builtin_layout(3), "First")
    (store.folder / "001_mine.toml").write_bytes(good_file(1))
    assert sorted(store.layouts()) == [101, 102]
    (notice,) = store.take_notices()
    assert "number 1 is not one of a player's own layouts' (101 to 999); it is now layout 102" in (
        notice.message
    )


def test_read_only_renumbers_in_memory_and_changes_nothing(tmp_path: Path) -> None:
    writer = fixed_store(tmp_path)
    writer.add(builtin_layout(3), "First")
    (writer.folder / "zz_copy.toml").write_bytes(good_file(101))
    before = folder_names(writer)
    reader = fixed_store(tmp_path, readonly=True)
    assert sorted(reader.layouts()) == [101, 102] and len(reader.take_notices()) == 1
    assert folder_names(reader) == before


def test_a_layout_file_that_starts_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    store = fixed_store(tmp_path)
    (tmp_path / "layouts").mkdir(parents=True, exist_ok=True)
    (store.folder / "101_bom.toml").write_bytes(b"\xef\xbb\xbf" + good_file(101))
    assert sorted(store.layouts()) == [101] and store.take_notices() == []


def test_a_file_far_too_large_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = fixed_store(tmp_path)
    big = store.folder / "120_big.toml"
    store.folder.mkdir(parents=True)
    with big.open("wb") as fh:  # sparse: large without using the disk
        fh.seek(LAYOUT_FILE_MAX * 64)
        fh.write(b"\n")
    reads: list[Path] = []
    real = layouts_mod.open_document

    def spy(path: Path, *a: object, **k: object) -> object:
        reads.append(path)
        return real(path, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(layouts_mod, "open_document", spy)
    assert store.layouts() == {}
    assert reads == []
    (notice,) = store.take_notices()
    assert (
        "a layout file is a few KB" in notice.message
        and "kept as 120_big.toml.broken" in notice.message
    )


@needs_fifo
def test_a_named_pipe_never_blocks_and_is_set_aside(tmp_path: Path) -> None:
    store = fixed_store(tmp_path)
    store.add(builtin_layout(2))
    os.mkfifo(store.folder / "130_pipe.toml")
    assert sorted(within(10, store.layouts)) == [101]
    (notice,) = store.take_notices()
    assert "named pipe" in notice.message
    assert (store.folder / "130_pipe.toml.broken-20261201-043000").exists()


def test_a_symbolic_link_loop_and_a_folder_are_set_aside(tmp_path: Path) -> None:
    store = fixed_store(tmp_path)
    store.add(builtin_layout(2))
    loop = store.folder / "140_loop.toml"
    try:
        os.symlink(loop, loop)
    except (OSError, NotImplementedError):
        pytest.skip("this system cannot make symbolic links here")
    (store.folder / "141_dir.toml").mkdir()
    assert sorted(within(10, store.layouts)) == [101]
    messages = " | ".join(n.message for n in store.take_notices())
    assert "140_loop.toml could not be read" in messages
    assert "141_dir.toml could not be read" in messages and "folder" in messages
    assert os.path.islink(store.folder / "140_loop.toml.broken-20261201-043000")


def test_a_linked_layout_file_is_read_through_its_link(tmp_path: Path) -> None:
    store = fixed_store(tmp_path)
    elsewhere = tmp_path / "elsewhere.toml"
    elsewhere.write_bytes(good_file(160))
    store.folder.mkdir(parents=True)
    try:
        os.symlink(elsewhere, store.folder / "160_linked.toml")
    except (OSError, NotImplementedError):
        pytest.skip("this system cannot make symbolic links here")
    assert sorted(store.layouts()) == [160]


def test_a_damaged_file_comes_back_from_its_backup(tmp_path: Path) -> None:
    store = fixed_store(tmp_path)
    store.add(builtin_layout(2), "Before")
    store.rename(101, "After")  # the file is rewritten: its backup holds "Before"
    path = store.folder / "101_after.toml"
    path.write_bytes(b"number = [ broken")
    fresh = fixed_store(tmp_path)
    assert fresh.get(101) is not None and fresh.get(101).name == "Before"  # type: ignore[union-attr]
    (notice,) = fresh.take_notices()
    assert "restored the backup" in notice.message
    assert path.exists() and b"Before" in path.read_bytes()


def test_a_file_from_a_newer_game_is_left_untouched(tmp_path: Path) -> None:
    store = fixed_store(tmp_path)
    store.folder.mkdir(parents=True)
    newer = store.folder / "170_newer.toml"
    newer.write_bytes(good_file(170).replace(b"schema = 1", b"schema = 2"))
    assert store.layouts() == {}
    (notice,) = store.take_notices()
    assert "newer version" in notice.message
    assert newer.exists()
    assert store.add(builtin_layout(2)).number == 171


def test_read_only_leaves_damaged_files_and_says_it_once(tmp_path: Path) -> None:
    writer = fixed_store(tmp_path)
    writer.add(builtin_layout(2))
    bad = writer.folder / "150_bad.toml"
    bad.write_bytes(b"[[[")
    reader = fixed_store(tmp_path, readonly=True)
    assert sorted(reader.layouts()) == [101]
    assert len(reader.take_notices()) == 1
    assert sorted(reader.layouts()) == [101] and reader.take_notices() == []
    assert bad.exists()
    for change in (
        lambda: reader.add(builtin_layout(2)),
        lambda: reader.rename(101, "x"),
        lambda: reader.delete(101),
        lambda: reader.replace(101, builtin_layout(2)),
    ):
        with pytest.raises(PlayerLayoutError, match="read-only"):
            change()


def test_a_file_where_the_folder_should_be(tmp_path: Path) -> None:
    (tmp_path / "layouts").write_bytes(b"not a folder")
    store = fixed_store(tmp_path)
    assert store.layouts() == {}
    (notice,) = store.take_notices()
    assert "cannot read the folder" in notice.message
    with pytest.raises(PlayerLayoutError, match="could not write"):
        store.add(builtin_layout(2))
    assert (tmp_path / "layouts").read_bytes() == b"not a folder"


def test_open_resolves_the_save_folder(tmp_path: Path) -> None:
    fixed_store(tmp_path / "a").add(builtin_layout(2))
    by_arg = PlayerLayouts.open(tmp_path / "a")
    assert sorted(by_arg.layouts()) == [101]
    by_env = PlayerLayouts.open(env={"DESERT_PYRAMID_SAVE_DIR": str(tmp_path / "a")})
    assert by_env.folder == tmp_path / "a" / "layouts"


def test_the_catalogue_reads_the_chosen_save_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from desert_pyramid import catalog
    from desert_pyramid.catalog import Catalogue

    monkeypatch.setenv("DESERT_PYRAMID_SAVE_DIR", str(tmp_path / "env"))
    fixed_store(tmp_path / "env").add(builtin_layout(2), "From Env")
    fixed_store(tmp_path / "arg").add(builtin_layout(3), "From Arg")
    bad = tmp_path / "env" / "layouts" / "150_bad.toml"
    bad.write_bytes(b"[[[")
    # Without a choice: $DESERT_PYRAMID_SAVE_DIR, read-only (a damaged file stays where it is).
    default = Catalogue.open()
    assert [lay.name for lay in default.own_layouts().values()] == ["From Env"]
    assert bad.exists() and len(default.store.take_notices()) == 1
    every = default.every_layout()
    assert (
        len(every) == len(catalog.load_layouts()) + 1
        and every[101].name == "From Env"
        and list(every)[-1] == 101
    )
    assert catalog.get_layout(101).name == "From Env"  # the command line's catalogue
    # The game's choice (--save-dir), writable: damaged files are set aside. Each catalogue
    # keeps its own folder: making one changes no other.
    chosen = Catalogue.open(tmp_path / "arg", readonly=False)
    assert chosen.get_layout(101).name == "From Arg"
    assert default.get_layout(101).name == "From Env"
    writable = Catalogue.open(None, readonly=False)
    assert writable.get_layout(101).name == "From Env"
    assert not bad.exists()
    # the game's own layouts alone: a player's number is not among them
    with pytest.raises(LayoutError, match="not among yours"):
        Catalogue().get_layout(101)
    assert Catalogue().layout_name(101) == "Layout 101 (deleted)"


def test_a_file_written_meanwhile_is_never_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = fixed_store(tmp_path)
    store.add(builtin_layout(2), "Same")
    other = fixed_store(tmp_path)
    # The other program chose its number before this one's file appeared.
    monkeypatch.setattr(PlayerLayouts, "next_number", lambda _self: 101)
    with pytest.raises(PlayerLayoutError, match="appeared while the layout was being added"):
        other.add(builtin_layout(3), "Same")
    assert store.get(101) is not None and store.get(101).size == 15  # type: ignore[union-attr]
