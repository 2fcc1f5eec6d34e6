"""``desert-pyramid profile`` and ``profile --check``."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from desert_pyramid.cli import main
from desert_pyramid.storage.paths import ENV_VAR

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "saves" / "v1"


def snapshot(folder: Path) -> list[tuple[str, bytes]]:
    return sorted((p.name, p.read_bytes()) for p in folder.iterdir() if p.is_file())


@pytest.fixture
def example(tmp_path: Path) -> Path:
    folder = tmp_path / "saves"
    shutil.copytree(EXAMPLE, folder)
    return folder


def test_profile_shows_files_relics_backs_streaks_and_statistics(
    example: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = snapshot(example)
    assert main(["profile", "--save-dir", str(example)]) == 0
    out = capsys.readouterr().out
    assert f"Save folder: {example} (from --save-dir)" in out
    assert "save.toml     ok, schema 1" in out and "profile.toml  ok, schema 1" in out
    assert "Pyramids cleared: 7" in out
    assert "Relics: 4 of 12" in out and "[x] Old Key (6, found 2025-03-13)" in out
    assert "next: Camel Bell, 2 more pyramids" in out
    assert "Card backs: 4 of 9, using Three on the Horizon" in out
    assert "[ ] Night Crossing: Clear 8 pyramids in a single trek." in out
    assert "Day streak:" in out and "best 2" in out
    assert "Game in progress: expedition, desert, layout 1, pyramid 2, 2:51 of daylight left" in out
    assert re.search(r"expedition +desert", out) and "4 (8300)" in out
    assert "relaxed" in out and re.search(r"practice +all", out)
    assert snapshot(example) == before  # only reads


def test_profile_of_an_empty_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["profile", "--save-dir", str(tmp_path / "none")]) == 0
    out = capsys.readouterr().out
    assert "save.toml     not there yet" in out and "no games played yet" in out
    assert not (tmp_path / "none").exists()


def test_profile_uses_the_environment_variable(
    example: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(ENV_VAR, str(example))
    assert main(["profile"]) == 0
    assert f"(from {ENV_VAR})" in capsys.readouterr().out


def test_check_passes_on_sound_files(example: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["profile", "--check", "--save-dir", str(example)]) == 0
    out = capsys.readouterr().out
    assert "save.toml         ok (schema 1)" in out and "All files are sound." in out


def test_check_finds_damage_and_changes_nothing(
    example: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        (example / "save.toml")
        .read_text()
        .replace("pyramids_cleared = 7", 'pyramids_cleared = "7"')
    )
    (example / "save.toml").write_text(text)
    (example / "current.toml.bak").write_bytes(b"\x00\xff")
    (example / "profile.toml.broken-20250101-000000").write_text("old")
    before = snapshot(example)
    assert main(["profile", "--check", "--save-dir", str(example)]) == 1
    out = capsys.readouterr().out
    assert "save.toml         ok (schema 1), but 1 damaged record" in out
    assert (
        'save.toml         DAMAGED RECORD pyramids_cleared: expected a whole number, found text ("7") (set to its default)'
        in out
    )
    assert "current.toml.bak  DAMAGED: not text" in out
    assert "profile.toml.broken-20250101-000000" in out and "set aside earlier" in out
    assert "2 problem(s)" in out
    assert snapshot(example) == before
    # the plain view says what it keeps and what it leaves out
    assert main(["profile", "--save-dir", str(example)]) == 0
    out = capsys.readouterr().out
    assert "save.toml     ok, schema 1" in out and "1 damaged record left out" in out
    assert "Records set aside" in out and "save.toml: pyramids_cleared: expected" in out
    assert "Pyramids cleared: 7" in out  # rebuilt from the relics and wins the file proves
    assert snapshot(example) == before


def test_check_reports_a_newer_schema(example: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (example / "profile.toml").write_text("schema = 5\n")
    assert main(["profile", "--check", "--save-dir", str(example)]) == 1
    assert (
        "profile.toml      FROM A NEWER VERSION: schema 5; this version reads up to 1"
        in capsys.readouterr().out
    )


def test_bad_arguments_are_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["profile", "--bogus"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("desert-pyramid: error:") and err.count("\n") == 1


def test_runs_as_a_module(example: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "desert_pyramid", "profile", "--check", "--save-dir", str(example)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "All files are sound." in proc.stdout


def test_check_reports_a_missing_save_whose_backup_holds_progress(
    example: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (example / "save.toml").rename(example / "save.toml.bak")
    before = snapshot(example)
    assert main(["profile", "--check", "--save-dir", str(example)]) == 1
    out = capsys.readouterr().out
    assert (
        "save.toml         MISSING, but its backup is sound and holds 7 pyramids cleared, "
        "4 of 12 relics, 10 games counted"
    ) in out
    assert "save.toml.bak     ok (schema 1)" in out
    assert (
        "save.toml is missing: the game restores save.toml.bak in its place at its next start "
        "(or copy save.toml.bak to save.toml yourself)."
    ) in out
    assert "All files are sound." not in out and "1 problem(s)." in out
    assert snapshot(example) == before
    # and the game does what --check said
    from desert_pyramid.storage import SaveStore

    assert SaveStore.open(example, durable=False).progress.pyramids_cleared == 7
    assert main(["profile", "--check", "--save-dir", str(example)]) == 0


def test_check_reports_missing_profile_and_current_with_backups(
    example: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (example / "profile.toml").rename(example / "profile.toml.bak")
    (example / "current.toml").rename(example / "current.toml.bak")
    assert main(["profile", "--check", "--save-dir", str(example)]) == 1
    out = capsys.readouterr().out
    assert "profile.toml      MISSING, but its backup is sound and holds 4 of 9 card backs" in out
    assert (
        "current.toml      MISSING, but its backup is sound and holds a expedition game in progress, "
        "started 2025-03-14"
    ) in out
    assert "2 problem(s)." in out


def test_check_a_missing_file_whose_backup_is_damaged(
    example: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (example / "save.toml").unlink()
    (example / "save.toml.bak").write_text("pyramids_cleared = [")
    assert main(["profile", "--check", "--save-dir", str(example)]) == 1
    out = capsys.readouterr().out
    assert "save.toml         MISSING, and its backup cannot be used either" in out
    assert "save.toml.bak     DAMAGED: end of document: invalid value" in out
    assert (
        "save.toml is missing and save.toml.bak cannot be used: the game keeps the backup aside"
        in out
    )


def test_check_and_profile_never_crash_on_values_that_used_to_crash_the_game(
    example: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (example / "save.toml").read_text()
    (example / "save.toml").write_text(
        text.replace('last_cleared = "2025-03-13"', 'last_cleared = "9999-12-31"')
    )
    assert main(["profile", "--check", "--save-dir", str(example)]) == 1
    out = capsys.readouterr().out
    assert (
        "save.toml         DAMAGED RECORD daily.last_cleared: the date 9999-12-31 is outside 1970-01-01 to 2199-12-31"
        in out
    )
    assert main(["profile", "--save-dir", str(example)]) == 0
    assert "save.toml: daily.last_cleared: the date 9999-12-31" in capsys.readouterr().out


def test_a_first_start_is_sound(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["profile", "--check", "--save-dir", str(tmp_path / "none")]) == 0
    out = capsys.readouterr().out
    assert "save.toml         not there (fine)" in out and "All files are sound." in out


def test_check_reads_the_players_layouts_too_one_line_each(
    example: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 36: `profile --check` said "All files are sound" with 20 damaged files in layouts/.
    Every file the game reads is checked; each problem is one line; the exit is 1."""
    from desert_pyramid.catalog import builtin_layout
    from desert_pyramid.engine import Layout
    from desert_pyramid.storage.layouts import layout_file_bytes

    folder = example / "layouts"
    folder.mkdir()
    good = Layout.from_dict({**builtin_layout(2).to_dict(), "number": 101})
    (folder / "101_good.toml").write_bytes(layout_file_bytes(good))
    damaged = [b"", b"[[[", b"\xff\xfe", b"schema = 1\nnumber = 150\n"] * 5
    for index, raw in enumerate(damaged):
        (folder / f"{150 + index}_bad.toml").write_bytes(raw)
    (folder / "difficulty.toml").write_text("schema = [")
    before = snapshot(example)
    assert main(["profile", "--check", "--save-dir", str(example)]) == 1
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if "PROBLEM:" in line]
    assert len(lines) == 21, out  # 20 layout files and the difficulty file, one line each
    assert all(f"{150 + i}_bad.toml" in out for i in range(20))
    assert "1 layout of your own" in out and "21 problem(s)" in out
    assert snapshot(example) == before  # nothing moved aside: --check only reads


def test_a_save_dir_that_is_a_file_is_said_to_be_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 36: `profile --save-dir FILE` said "save.toml not there yet"."""
    path = tmp_path / "a_file"
    path.write_text("not a folder")
    assert main(["profile", "--save-dir", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "is a file, not a folder" in out and "not there yet" not in out
    assert "warning: the save folder cannot be used" in err and "progress will not be kept" in err
    assert main(["profile", "--check", "--save-dir", str(path)]) == 1
    out, err = capsys.readouterr()
    assert "CANNOT BE USED" in out and "is a file, not a folder" in out
    assert main(["profile", "--check", "--save-dir", str(path / "below")]) == 1
    assert "cannot be made" in capsys.readouterr().out
    assert path.read_text() == "not a folder"


@pytest.mark.parametrize(
    ("denied", "said"),
    [(os.W_OK, "cannot be written (it is read-only)"), (os.R_OK, "cannot be read")],
)
def test_a_read_only_or_unreadable_save_dir_is_said_by_every_entry_point(
    example: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    denied: int,
    said: str,
) -> None:
    """The tests may run as a user every folder lets in (root): the permission is denied at
    the one seam that asks (``paths._access``, ``os.access``)."""
    import desert_pyramid.storage.paths as paths
    from desert_pyramid.storage import SaveStore

    real = paths._access
    monkeypatch.setattr(
        paths, "_access", lambda p, mode: False if mode & denied and p == example else real(p, mode)
    )
    assert main(["profile", "--save-dir", str(example)]) == 0
    out, err = capsys.readouterr()
    assert said in out and said in err
    assert main(["layouts", "--save-dir", str(example)]) == 0
    assert said in capsys.readouterr().err
    store = SaveStore.open(example, durable=False)  # the game's own store: a title notice
    (notice,) = [n for n in store.take_notices() if n.file == ""]
    assert notice.level == "error" and said in notice.message
    assert "Your progress will not be kept this session." in notice.message


def test_the_game_window_says_it_on_stderr_at_its_start(tmp_path: Path) -> None:
    """Issue 36: a headless run with a save folder that is a file exited 0 and said nothing."""
    import subprocess
    import sys

    path = tmp_path / "a_file"
    path.write_text("not a folder")
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "ARCADE_HEADLESS": "1", "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, "-m", "desert_pyramid", "--headless", "--frames", "1"]
        + ["--save-dir", str(path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "the save folder cannot be used" in done.stderr and "is a file" in done.stderr
    assert "Traceback" not in done.stderr


def test_profile_shows_the_records_set_aside_earlier(
    example: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from desert_pyramid.storage import SaveStore

    text = (example / "save.toml").read_text()
    (example / "save.toml").write_text(
        text.replace('brass_compass = "2025-03-10"', 'brass_compass = "2025-03-10"\n"bad id!" = 3')
    )
    SaveStore.open(example, durable=False).close()  # the game: sets it aside, saves the rest
    assert main(["profile", "--save-dir", str(example)]) == 0
    out = capsys.readouterr().out
    assert "kept in save.rejected.toml: 1 record" in out and '"bad id!" is not a relic' in out
    assert main(["profile", "--check", "--save-dir", str(example)]) == 0  # the file is sound now
