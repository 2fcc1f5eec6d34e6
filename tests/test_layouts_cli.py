"""``desert-pyramid layouts`` and the difficulty file it reads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import desert_pyramid.difficulty as difficulty
from desert_pyramid.catalog import all_layouts
from desert_pyramid.cli import main
from desert_pyramid.difficulty import (
    UNRATED,
    DifficultyError,
    difficulty_table,
    difficulty_word,
    load_difficulty,
    parse_difficulty,
)


def entry(number: int, won: int, lost: int, unknown: int = 0, word: str | None = None) -> str:
    deals = won + lost + unknown
    word = word or difficulty_word(won / deals)
    return (
        f'[[layout]]\nnumber = {number}\nname = "L{number}"\n'
        f"relaxed_won = {won}\nrelaxed_lost = {lost}\nrelaxed_unknown = {unknown}\nrelaxed_rate = {won / deals}\n"
        f"desert_won = {won // 2}\ndesert_lost = {deals - won // 2}\ndesert_unknown = 0\n"
        f'desert_rate = {won // 2 / deals}\ndifficulty = "{word}"\n'
    )


@pytest.fixture(autouse=True)
def no_own_layouts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An empty save folder: the listings hold the game's layouts only."""
    monkeypatch.setenv("DESERT_PYRAMID_SAVE_DIR", str(tmp_path / "empty-saves"))


@pytest.fixture
def diff_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "difficulty.toml"
    monkeypatch.setattr(difficulty, "default_path", lambda: path)
    return path


def test_words_follow_the_relaxed_rate() -> None:
    assert difficulty_word(1.0) == "Gentle"
    assert difficulty_word(0.95) == "Gentle"
    assert difficulty_word(0.94) == "Moderate"
    assert difficulty_word(0.5) == "Tricky"
    assert difficulty_word(0.49) == "Fiendish"
    assert difficulty_word(0.0) == "Fiendish"


def test_layouts_prints_one_line_per_layout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["layouts"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == len(all_layouts()) == 56
    table, _ = difficulty_table()
    for line, (number, layout) in zip(out, sorted(all_layouts().items()), strict=True):
        fields = line.split()
        assert int(fields[0]) == number
        assert layout.name in line
        assert f" {layout.size} cards " in line + " "
        word = table[number].word if number in table else UNRATED
        assert word in line


def test_layouts_reads_the_difficulty_file(
    diff_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    diff_file.write_text("schema = 1\n" + entry(1, 130, 66, 4) + entry(2, 199, 1), encoding="utf-8")
    assert main(["layouts"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "Tricky" in out[0] and "relaxed  65%" in out[0]
    assert "Gentle" in out[1]
    assert out[2].rstrip().endswith(UNRATED)
    assert main(["layouts", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert records[0]["difficulty"] == "Tricky" and records[0]["relaxed_unknown"] == 4
    assert records[0]["relaxed_rate"] == 0.65
    assert records[2]["difficulty"] == UNRATED and "relaxed_rate" not in records[2]


def test_missing_file_is_unrated(diff_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert load_difficulty() == {}
    assert main(["layouts"]) == 0
    captured = capsys.readouterr()
    assert all(line.rstrip().endswith(UNRATED) for line in captured.out.splitlines())
    assert captured.err == ""


def test_broken_file_warns_and_lists_unrated(
    diff_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    diff_file.write_text("schema = 1\n[[layout]\n", encoding="utf-8")
    assert main(["layouts"]) == 0
    captured = capsys.readouterr()
    assert "difficulty.toml: not valid TOML" in captured.err
    assert len(captured.out.splitlines()) == 56


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("schema = 2\n", "schema 2 is not 1"),
        ("schema = 1\nlayout = 3\n", "'layout' must be a list"),
        (
            "schema = 1\n[[layout]]\nnumber = 0\n",
            "layout entry 1: 'number' must be a layout number",
        ),
        ("schema = 1\n" + entry(3, 10, 10) + entry(3, 10, 10), "layout 3 is listed twice"),
        (
            "schema = 1\n" + entry(4, 10, 10).replace("relaxed_lost = 10", "relaxed_lost = -1"),
            "layout 4: 'relaxed_lost' must be a whole number",
        ),
        (
            "schema = 1\n" + entry(5, 10, 10, word="Gentle"),
            "layout 5: difficulty 'Gentle' does not match",
        ),
        (
            "schema = 1\n" + entry(6, 1, 1).replace("desert_won = 0", 'desert_won = "x"'),
            "'desert_won'",
        ),
    ],
)
def test_bad_entries_are_named(text: str, message: str) -> None:
    with pytest.raises(DifficultyError, match=message):
        import tomllib

        parse_difficulty(tomllib.loads(text))


def test_shipped_difficulty_rates_every_layout_and_none_is_hopeless() -> None:
    """Issue 7: every layout wins at least 5% of random deals under the relaxed rules."""
    table = load_difficulty()
    assert sorted(table) == sorted(all_layouts()), (
        "run bench/layout_difficulty.py to rate every layout"
    )
    for number, d in table.items():
        assert d.name == all_layouts()[number].name
        assert d.relaxed.rate >= 0.05, (
            f"layout {number} ({d.name}) wins only {d.relaxed.rate:.1%} under relaxed rules"
        )
        assert d.relaxed.deals == d.desert.deals >= 2000
