"""``desert-pyramid profile --export FILE`` and ``--import FILE``: the whole profile in one file,
read back with nothing lost; a file that is not a profile (or a damaged one) is refused with the
reason and never costs the profile that is there (docs/saves.md, "Moving a profile")."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest
import tomli_w

from desert_pyramid.cli import main
from desert_pyramid.storage import transfer

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "saves" / "v1"
DOCS = ("save.toml", "profile.toml", "current.toml")


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def shown(folder: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """What ``profile`` says of the folder's progress (from the pyramids on: the files' part
    names the folder)."""
    assert main(["profile", "--save-dir", str(folder)]) == 0
    out = capsys.readouterr().out
    return out[out.index("Pyramids cleared:") :]


@pytest.fixture
def example(tmp_path: Path) -> Path:
    folder = tmp_path / "desk"
    shutil.copytree(EXAMPLE, folder)
    return folder


def exported(folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    out = tmp_path / "moved.toml"
    assert main(["profile", "--save-dir", str(folder), "--export", str(out)]) == 0
    capsys.readouterr()
    return out


def test_export_then_import_elsewhere_shows_the_same_profile_with_nothing_lost(
    example: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = snapshot(example)
    out = exported(example, tmp_path, capsys)
    assert snapshot(example) == before  # an export only reads
    top = tomllib.loads(out.read_text("utf-8"))
    assert top["format"] == "desert-pyramid-profile" and top["from"] == "desktop"
    assert sorted(top["files"]) == sorted(DOCS)
    other = tmp_path / "other"
    assert main(["profile", "--save-dir", str(other), "--import", str(out)]) == 0
    said = capsys.readouterr().out
    assert "7 pyramids cleared, 4 of 12 relics, 4 of 9 card backs, 10 games counted" in said
    assert "a game in progress" in said
    for name in DOCS:  # the documents byte for byte
        assert (other / name).read_bytes() == (example / name).read_bytes(), name
    assert shown(other, capsys) == shown(example, capsys)


def test_an_import_keeps_the_profile_it_replaces_and_importing_that_goes_back(
    example: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mine = tmp_path / "mine"
    main(["profile", "--save-dir", str(mine), "--import", str(exported(example, tmp_path, capsys))])
    capsys.readouterr()
    # a second profile, smaller: one whose save has no game in progress
    small = tmp_path / "small"
    small.mkdir()
    shutil.copy(example / "profile.toml", small / "profile.toml")
    out = tmp_path / "small.toml"
    assert main(["profile", "--save-dir", str(small), "--export", str(out)]) == 0
    assert main(["profile", "--save-dir", str(mine), "--import", str(out)]) == 0
    said = capsys.readouterr().out
    kept = sorted(mine.glob("profile-before-import-*.toml"))
    assert len(kept) == 1 and kept[0].name in said
    assert not (mine / "current.toml").exists()  # the replaced profile's game went with it
    assert "Pyramids cleared: 0" in shown(mine, capsys)
    assert main(["profile", "--save-dir", str(mine), "--import", str(kept[0])]) == 0
    capsys.readouterr()
    assert shown(mine, capsys) == shown(example, capsys)


def bundle(files: dict[str, str], **top: object) -> bytes:
    doc: dict[str, object] = {"format": "desert-pyramid-profile", "schema": 1, **top}
    doc["files"] = files
    return tomli_w.dumps(doc).encode()


def example_texts() -> dict[str, str]:
    return {name: (EXAMPLE / name).read_text("utf-8") for name in DOCS}


HOSTILE = {
    "empty": (b"", "the file is empty"),
    "blank": (b"  \n\n", "the file is empty"),
    "not TOML": (b"hello = world {", "not a profile file: line 1, column 9"),
    "not UTF-8": (b"format = \xff\xfe", "byte 9 is not UTF-8"),
    "a zip": (b"PK\x03\x04" + b"\0" * 100, "zip archive, not a profile file"),
    "a save.toml": ((EXAMPLE / "save.toml").read_bytes(), "one of the save folder's files"),
    "other format": (b'format = "png"\n', "format: expected 'desert-pyramid-profile', found 'png'"),
    "5,000 digits": (
        b'format = "desert-pyramid-profile"\nschema = ' + b"9" * 5000 + b"\n[files]\n",
        "schema: a whole number of 5000 digits: the file was exported by a newer version",
    ),
    "newer": (bundle(example_texts(), schema=2), "exported by a newer version of the game"),
    "no files": (b'format = "desert-pyramid-profile"\nschema = 1\n', "files: expected a table"),
    "traversal": (bundle({"../../evil.toml": "x = 1"}), "'../../evil.toml' is not a document"),
    "layout traversal": (
        bundle({"save.toml": example_texts()["save.toml"], "layouts/../../x.toml": "x = 1"}),
        "'layouts/../../x.toml' is not a document",
    ),
    "absolute": (bundle({"/etc/passwd": "x"}), "'/etc/passwd' is not a document"),
    "not text": (bundle({"save.toml": 5}), "files.save.toml: expected the document's text"),  # type: ignore[dict-item]
    "save damaged whole": (
        bundle({**example_texts(), "save.toml": "schema = 1\n[[stats = 3\n"}),
        "save.toml is damaged: line 2, column 9",
    ),
    "profile newer": (
        bundle({**example_texts(), "profile.toml": "schema = 9\n[card_backs]\n"}),
        "profile.toml: from a newer version of the game",
    ),
    "huge": (b"#" * (transfer.MAX_PROFILE_BYTES + 10), "a profile file is at most 20 MB"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_file_that_cannot_be_imported_says_why_and_changes_nothing(
    case: str, example: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, reason = HOSTILE[case]
    bad = tmp_path / "bad.toml"
    bad.write_bytes(data)
    before = snapshot(example)
    assert main(["profile", "--save-dir", str(example), "--import", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("desert-pyramid: error: --import: "), err
    assert reason in err and err.rstrip().endswith("nothing was imported"), err
    assert len(err.splitlines()) == 1 and len(err) < 600
    assert snapshot(example) == before
    assert not (tmp_path / "evil.toml").exists() and not (tmp_path.parent / "evil.toml").exists()


def test_a_damaged_record_is_kept_out_and_the_rest_imported(
    example: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    texts = example_texts()
    save = tomllib.loads(texts["save.toml"])
    save["pyramids_cleared"] = 7
    save["relics"]["old_key"] = "9999-99-99"  # one bad record
    save["seen"]["games"].append(10**4999)  # and a 5,000-digit number
    from desert_pyramid.storage.files import long_numbers

    with long_numbers():
        texts["save.toml"] = tomli_w.dumps(save)
        data = bundle(texts)
    src = tmp_path / "damaged.toml"
    src.write_bytes(data)
    target = tmp_path / "target"
    assert main(["profile", "--save-dir", str(target), "--import", str(src)]) == 0
    out = capsys.readouterr().out
    assert "damaged records were set aside" in out and "save.rejected.toml" in out
    assert "7 pyramids cleared" in out
    assert (target / "save.rejected.toml").exists()
    profile = shown(target, capsys)
    assert "Pyramids cleared: 7" in profile
    assert "[x] Brass Compass" in profile and "Card backs: 4 of 9" in profile
    assert main(["profile", "--save-dir", str(target), "--check"]) == 0  # the rest is sound


def test_a_damaged_game_in_progress_is_left_out_alone(
    example: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "p.toml"
    src.write_bytes(bundle({**example_texts(), "current.toml": "schema = 1\ngame_id = 5\n"}))
    target = tmp_path / "t"
    assert main(["profile", "--save-dir", str(target), "--import", str(src)]) == 0
    out = capsys.readouterr().out
    assert "left out: current.toml" in out and "a game in progress" not in out
    assert not (target / "current.toml").exists()
    assert "Pyramids cleared: 7" in shown(target, capsys)


def test_a_players_own_layouts_travel_with_the_profile(
    example: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from desert_pyramid.catalog import Catalogue
    from desert_pyramid.workshop import model

    assert model is not None
    layouts = example / "layouts"
    layouts.mkdir()
    source = ROOT / "resources" / "layouts"
    first = sorted(source.glob("*.toml"))[0]
    (layouts / "101_mine.toml").write_text(
        first.read_text("utf-8").replace("number = 1\n", "number = 101\n", 1), "utf-8"
    )
    assert 101 in Catalogue.open(example).own_layouts()
    out = exported(example, tmp_path, capsys)
    target = tmp_path / "t"
    assert main(["profile", "--save-dir", str(target), "--import", str(out)]) == 0
    capsys.readouterr()
    assert (target / "layouts" / "101_mine.toml").read_bytes() == (
        layouts / "101_mine.toml"
    ).read_bytes()


def test_export_and_import_refuse_bad_arguments_with_a_message(
    example: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["profile", "--save-dir", str(example), "--export", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err
    assert main(["profile", "--save-dir", str(example), "--import", str(tmp_path / "no")]) == 1
    assert "cannot read" in capsys.readouterr().err
    assert main(["profile", "--export", "a", "--import", "b"]) == 2
    assert "not allowed with" in capsys.readouterr().err


def test_only_the_newest_kept_profiles_stay(
    example: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = exported(example, tmp_path, capsys)
    prepared = transfer.prepare_import(out.read_bytes())
    import datetime

    from desert_pyramid.storage.paths import resolve_save_dir

    folder = resolve_save_dir(example)
    names = []
    for minute in range(transfer.KEEP_BACKUPS + 3):
        when = datetime.datetime(2026, 12, 7, 8, minute)
        kept = transfer.apply_import(
            prepared, folder, version="t", origin="desktop", now=when, durable=False
        )
        assert kept is not None
        names.append(kept.name)
    left = sorted(p.name for p in example.glob("profile-before-import-*.toml"))
    assert left == sorted(names[-transfer.KEEP_BACKUPS :])
