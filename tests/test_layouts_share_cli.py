"""``desert-pyramid layouts --import CODE``, ``--export N`` and the listings with the player's own
layouts: the save folder from --save-dir or $DESERT_PYRAMID_SAVE_DIR, bad codes refused in one
line with exit 2, damaged layout files never stopping the listing."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from desert_pyramid.catalog import builtin_layout, load_layouts
from desert_pyramid.cli import main
from desert_pyramid.engine import DESERT, Deal, encode_deal_code, encode_layout_code
from desert_pyramid.engine.layoutcode import encode_places, same_places
from desert_pyramid.workshop import estimate
from tests.layout_helpers import save_dir, store_in

__all__ = ["save_dir"]

ANKH = encode_layout_code(builtin_layout(31))
BUILT_IN = len(load_layouts())  # the game's own layouts, listed before the player's


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_import_then_list_then_export(save_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "layouts", "--import", ANKH, "--save-dir", str(save_dir))
    assert (code, err) == (0, "")
    assert out == f"Added layout 101: Ankh ({builtin_layout(31).size} cards)\n"
    own = store_in(save_dir).get(101)
    assert own is not None and same_places(own, builtin_layout(31))
    # The same code again: nothing new.
    code, out, _ = run(capsys, "layouts", "--import", ANKH.lower().replace("-", " "))
    assert code == 0 and "already among your layouts" in out and "101" in out
    assert sorted(store_in(save_dir).layouts()) == [101]
    # JSON: the game's layouts, then the player's, marked.
    code, out, _ = run(capsys, "layouts", "--json")
    records = json.loads(out)
    assert code == 0 and len(records) == BUILT_IN + 1
    assert all(r["own"] is False for r in records[:BUILT_IN])
    assert records[BUILT_IN] == {
        "number": 101,
        "name": "Ankh",
        "family": "custom",
        "cards": builtin_layout(31).size,
        "difficulty": "unrated",
        "own": True,
    }
    # Text: under their own heading.
    code, out, _ = run(capsys, "layouts")
    lines = out.splitlines()
    heading = lines[BUILT_IN : BUILT_IN + 2]
    assert heading == ["", "Your layouts:"] and lines[BUILT_IN + 2].split()[:2] == ["101", "Ankh"]
    # Export works for the player's layout too, and gives the same code.
    code, out, _ = run(capsys, "layouts", "--export", "101")
    assert (code, out.strip()) == (0, ANKH)


def test_the_save_folder_comes_from_the_option_before_the_environment(
    save_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "other"
    assert run(capsys, "layouts", "--import", ANKH, "--save-dir", str(other))[0] == 0
    assert os.listdir(other / "layouts") == ["101_ankh.toml"]
    assert not (save_dir / "layouts").exists()
    assert run(capsys, "layouts", "--import", encode_layout_code(builtin_layout(2)))[0] == 0
    assert os.listdir(save_dir / "layouts") == ["101_little_pyramid.toml"]
    code, out, _ = run(capsys, "layouts", "--export", "101", "--save-dir", str(other))
    assert out.strip() == ANKH


def _changed(code: str, at: int) -> str:
    ch = code[at]
    return code[:at] + ("7" if ch != "7" else "8") + code[at + 1 :]


BAD = {
    "one character changed": (_changed(ANKH, 10), "does not check out"),
    "two swapped": (ANKH[:8] + ANKH[9] + ANKH[8] + ANKH[10:], "does not check out"),
    "truncated": (ANKH[:-6], "does not check out"),
    "very short": ("DL-12", "too short"),
    "5,000 characters": ("DL-" + "A" * 5000, "too long (5,003 characters)"),
    "cyrillic look-alike": (
        ANKH.replace("A", "\u0410", 1) if "A" in ANKH[3:] else ANKH[:5] + "\u0412" + ANKH[6:],
        "is not a layout-code character",
    ),
    "fullwidth digit": (ANKH[:4] + "\uff11" + ANKH[5:], "is not a layout-code character"),
    "unicode hyphen": (ANKH.replace("-", "\u2010"), "is not a layout-code character"),
    "a deal code": (encode_deal_code(Deal.from_seed(1), DESERT, 1), "starts with 'DL-'"),
    "empty": ("", "is empty"),
    "unplayable": (
        encode_places("Tiny", [(2 * i, 0, 0, 1) for i in range(14)]),
        "holds 14 places: a layout has 15 to 40",
    ),
    "overlapping at one depth": (
        encode_places("Flat", [(i, 0, 0, 1) for i in range(16)]),
        "overlap at the same depth",
    ),
}


@pytest.mark.parametrize("kind", sorted(BAD))
def test_a_bad_code_is_one_line_and_exit_2(
    save_dir: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    text, message = BAD[kind]
    code, out, err = run(capsys, "layouts", "--import", text)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("desert-pyramid: error: --import: ")
    assert message in err, err
    assert not (save_dir / "layouts").exists()


def test_a_folder_that_cannot_be_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "saves"
    blocker.mkdir()
    (blocker / "layouts").write_text("a file where the folder should be")
    code, out, err = run(capsys, "layouts", "--import", ANKH, "--save-dir", str(blocker))
    assert code == 1 and out == ""
    assert "could not write" in err and err.strip().splitlines()[-1].startswith(
        "desert-pyramid: error"
    )
    code, _, err = run(capsys, "layouts", "--import", ANKH, "--save-dir", "bad\x00dir")
    assert code == 2 and "NUL" in err and err.count("\n") == 1


def test_export_of_numbers_no_one_has(save_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for number, message in (
        ("150", "layout 150 is one of a player's own layouts, and it is not among yours"),
        ("100", "there is no layout 100"),
        ("1000", "from 1 to 999"),
        ("٣", "digits 0-9"),
    ):
        code, _, err = run(capsys, "layouts", "--export", number)
        assert code == 2 and message in err and err.count("\n") == 1


def test_a_damaged_layout_file_never_stops_the_listing(
    save_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store_in(save_dir).add(builtin_layout(2), "Kept")
    bad = save_dir / "layouts" / "102_bad.toml"
    bad.write_bytes(b"number = [")
    code, out, err = run(capsys, "layouts", "--json")
    assert code == 0 and [r["name"] for r in json.loads(out)][-1] == "Kept"
    assert "warning: layouts: 102_bad.toml" in err
    assert bad.exists()  # the listing only reads; the game sets it aside
    # An import (which writes) sets it aside, and its number is not reused.
    code, out, err = run(capsys, "layouts", "--import", ANKH)
    assert code == 0 and out.startswith("Added layout 103: Ankh") and "102_bad.toml" in err
    assert not bad.exists()


def test_the_measured_difficulty_of_a_players_layout(
    save_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = store_in(save_dir)
    layout = store.add(builtin_layout(2), "Measured")
    found = estimate(layout, deals=12, budget=20_000)
    store.record_difficulty(101, found.difficulty(101, "Measured"))
    record = json.loads(run(capsys, "layouts", "--json")[1])[-1]
    assert record["difficulty"] == found.word and record["own"] is True
    assert record["relaxed_rate"] == round(found.relaxed.rate, 4)
    assert record["desert_unknown"] == found.desert.unknown
    # An edit of the layout's places makes it unrated again.
    store.replace(101, builtin_layout(3))
    assert json.loads(run(capsys, "layouts", "--json")[1])[-1]["difficulty"] == "unrated"
    # A damaged difficulty file: a warning, and unrated.
    (save_dir / "layouts" / "difficulty.toml").write_bytes(b"schema = [")
    code, out, err = run(capsys, "layouts", "--json")
    assert code == 0 and json.loads(out)[-1]["difficulty"] == "unrated"
    assert "difficulty.toml is damaged" in err
    assert sorted(store.layouts()) == [101]
