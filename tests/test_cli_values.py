"""Hostile command-line values: each is used or refused with one line and exit 2.

Unicode digits ("²", "٣", "１２"), numbers past Python's 4,300-digit limit, absurd sizes, paths
that cannot be written or named, a NUL character, undecodable file names."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from desert_pyramid.cli import main
from desert_pyramid.commands.args import (
    UsageError,
    check_path,
    check_writable_file,
    parse_float,
    parse_int,
    shown,
)

CODE = "DP-1-002G-9NG9"
HUGE = "9" * 5000  # int() refuses more than 4,300 digits with a ValueError


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("desert-pyramid: error: "), err
    assert len(lines[0]) < 400, lines[0]  # a 5,000-character value is not echoed whole
    return lines[0]


@pytest.mark.parametrize(
    "text",
    [
        "²",
        "٣",
        "１２",
        "𝟙",
        "Ⅻ",
        "½",
        "1e3",
        "0x10",
        "1.0",
        "",
        " ",
        "--",
        "1 2",
        "1\x00",
        "\udcff",
        HUGE,
        "-" + HUGE,
    ],
)
def test_parse_int_refuses(text: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_int(text, "--seed", 0, 10**20)
    message = str(caught.value)
    assert message.startswith("--seed must ") and "\n" not in message and len(message) < 200
    if text in ("²", "٣", "１２"):
        assert "digits 0-9" in message


@pytest.mark.parametrize(
    ("text", "value"), [("0", 0), (" 7 ", 7), ("+3", 3), ("007", 7), ("100", 100)]
)
def test_parse_int_takes(text: str, value: int) -> None:
    assert parse_int(text, "--n", 0, 100) == value


def test_parse_int_range() -> None:
    with pytest.raises(UsageError, match="from 0 to 100, not 101"):
        parse_int("101", "--n", 0, 100)
    with pytest.raises(UsageError, match="not a number of 31 digits"):
        parse_int("1" * 31, "--n", 0, 100)


@pytest.mark.parametrize(
    "text", ["nan", "inf", "-inf", "1e400", "²", "٣", "0x1p-2", "1_0", HUGE, "0", "-1"]
)
def test_parse_float_refuses(text: str) -> None:
    with pytest.raises(UsageError, match="--time"):
        parse_float(text, "--time", 0.001, 1e7)


def test_parse_float_takes() -> None:
    assert parse_float("0.5", "--time", 0.001, 1e7) == 0.5
    assert parse_float("2e1", "--time", 0.001, 1e7) == 20.0


def test_shown_cuts_and_escapes() -> None:
    assert shown("a\x00b") == "a\\x00b" and shown("caf\udce9") == "caf\\udce9"
    assert len(shown("x" * 5000)) == 40


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["show", CODE, "--moves", "K²"], "'²' in move 'K²' is not a place"),
        (["show", CODE, "--moves", "K" + HUGE], "is not a move: too long"),
        (["show", CODE, "--moves", "٣+٤"], "is not a place"),
        (["solve", CODE, "--moves", "²+³"], "is not a place"),
        (["deal", "--seed", HUGE], "--seed must be from 0 to"),
        (["deal", "--seed=--"], "argument --seed: expected one value"),
        (
            ["deal", "--seed", "²"],
            "--seed must be a whole number written with the digits 0-9, not '²'",
        ),
        (
            ["deal", "--seed", "1", "--index", "٣"],
            "--index must be a whole number written with the digits",
        ),
        (["deal", "--seed", "1", "--layout", "１"], "--layout must be a whole number"),
        (["solve", CODE, "--budget", HUGE], "--budget must be from 1 to"),
        (["solve", CODE, "--time", "nan"], "--time \\(seconds\\) must be a number"),
        (["solve", CODE, "--time", "inf"], "--time \\(seconds\\) must be a number"),
        (["solve", CODE, "--time", "1" + "0" * 400], "--time \\(seconds\\) must be a number"),
        (["stats", "--rules", "desert", "--deals", "²"], "--deals must be a whole number"),
        (
            ["stats", "--rules", "desert", "--deals", "1", "--workers", HUGE],
            "--workers must be from 1",
        ),
        (["rules", "--width", "٣٠"], "--width must be a whole number written with the digits"),
        (["rules", "--width", HUGE], "--width must be from 30 to 1000"),
        (["rules", "--width", "99999"], "--width must be from 30 to 1000, not 99999"),
        (["rules", "--section", "x" * 5000], "no section 'x"),
        (["--frames", "²"], "--frames must be a whole number"),
        (["--frames", HUGE], "--frames must be from 1"),
        (["--frames", "1", "--seed", HUGE], "--seed must be from 0"),
        (["--frames", "1", "--size", "²x720"], "--size must look like 1280x720"),
        (["--frames", "1", "--size", HUGE + "x720"], "--size must look like 1280x720"),
        (["--frames", "1", "--size", "1280x７２０"], "--size must look like 1280x720"),
        (["--frames", "1", "--save-dir", "a" * 300], "file names are at most 255"),
        (["--frames", "1", "--save-dir", "a\x00b"], "NUL"),
        (["daily", "--date", "２０２６-01-01"], "--date must be YYYY-MM-DD in the digits 0-9"),
        (["daily", "--date", "2026-01-٠١"], "--date must be YYYY-MM-DD in the digits 0-9"),
        (["daily", "--date", HUGE], "--date"),
        (["daily", "--date", "9999-12-31"], "not out yet"),
    ],
)
def test_hostile_values_are_one_line_and_exit_2(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert re.search(words, one_line(capsys))


def test_sizes_that_are_fine(capsys: pytest.CaptureFixture[str]) -> None:
    from desert_pyramid.commands.play import parse_size

    assert (
        parse_size("1280x720")
        == parse_size(" 1280 × 720 ")
        == parse_size("1280X720")
        == (1280, 720)
    )


# -- paths ----------------------------------------------------------------------------------------
def test_screenshot_paths_are_checked_before_any_frame(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "shots.png"
    folder.mkdir()
    blocker = tmp_path / "file"
    blocker.write_text("x")
    cases = [
        (str(folder), "is a folder, not a file"),
        (str(blocker / "x.png"), "cannot write|does not exist"),
        (str(tmp_path / "missing" / "x.png"), "does not exist"),
        (str(tmp_path / ("a" * 300 + ".png")), "file names are at most 255"),
        ("/dev/null", "not a regular file|must be a .png"),
    ]
    for path, words in cases:
        assert main(["--headless", "--frames", "1", "--screenshot", path]) == 2, path
        assert re.search(words, one_line(capsys)), path
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "file",
        "shots.png",
    ]  # nothing left behind


def test_check_writable_file(tmp_path: Path) -> None:
    fresh = tmp_path / "new.png"
    assert check_writable_file(str(fresh), "--screenshot") == fresh
    assert not fresh.exists()  # tried, then taken away again
    kept = tmp_path / "old.png"
    kept.write_bytes(b"old")
    check_writable_file(str(kept), "--screenshot")
    assert kept.read_bytes() == b"old"
    with pytest.raises(UsageError, match="not a regular file"):
        check_writable_file("/dev/null", "--screenshot")


def test_check_path(tmp_path: Path) -> None:
    assert check_path(str(tmp_path), "--save-dir") == tmp_path
    for bad in ("", "  ", "a\x00", "x/" + "y" * 256, "z" * 5000):
        with pytest.raises(UsageError, match="--save-dir"):
            check_path(bad, "--save-dir")


@pytest.mark.parametrize("name", ["d" * 300, "caf\udce9", "a\x00b"])
@pytest.mark.parametrize("check", [[], ["--check"]])
def test_profile_save_dir_names(
    name: str, check: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rc = main(["profile", *check, "--save-dir", str(tmp_path / name)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    if name == "caf\udce9":  # an undecodable name is a name: the (empty) folder is shown
        assert rc == 0 and ("Save folder:" in out or "All files are sound" in out)
    else:
        assert rc == 2 and len(err.strip().splitlines()) == 1 and "--save-dir" in err


def test_profile_save_dir_that_is_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    rc = main(["profile", "--save-dir", str(blocker)])
    out, err = capsys.readouterr()
    assert rc in (0, 1, 2) and "Traceback" not in err


@pytest.mark.parametrize(
    "argv", [["profile"], ["profile", "--check"], ["--headless", "--frames", "1"]]
)
def test_a_save_folder_from_the_environment_is_checked_too(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DESERT_PYRAMID_SAVE_DIR", "/tmp/" + "a" * 300)
    assert main(argv) == 2
    assert "$DESERT_PYRAMID_SAVE_DIR: the name 'aaa" in one_line(capsys)


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="needs FIFOs")
def test_a_fifo_screenshot_is_refused_without_blocking(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import os

    fifo = tmp_path / "shot.png"
    os.mkfifo(fifo)  # opening it to write would wait for a reader for ever
    assert main(["--headless", "--frames", "1", "--screenshot", str(fifo)]) == 2
    assert "is not a regular file" in one_line(capsys)


def test_a_symlinked_screenshot_keeps_the_link(tmp_path: Path) -> None:
    link = tmp_path / "link.png"
    link.symlink_to(tmp_path / "target.png")
    assert check_writable_file(str(link), "--screenshot") == link
    assert link.is_symlink() and not (tmp_path / "target.png").exists()  # tried and taken away
    dangling = tmp_path / "dangling.png"
    dangling.symlink_to(tmp_path / "nowhere" / "x.png")
    with pytest.raises(UsageError, match="does not exist|cannot write"):
        check_writable_file(str(dangling), "--screenshot")
