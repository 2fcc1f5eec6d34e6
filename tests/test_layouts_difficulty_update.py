"""``bench/layout_difficulty.py --only N --update``: measure some layouts and merge them into an
existing difficulty file, leaving every other entry byte for byte (a tiny deal count, temp files)."""

from __future__ import annotations

import importlib.util
import shutil
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

from desert_pyramid.difficulty import load_difficulty

ROOT = Path(__file__).resolve().parent.parent
DEALS, SEED, BUDGET = 3, 7, 3000


def _bench() -> ModuleType:
    path = ROOT / "bench" / "layout_difficulty.py"
    spec = importlib.util.spec_from_file_location("layout_difficulty_bench", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("layout_difficulty_bench", module)
    spec.loader.exec_module(module)
    return module


bench = _bench()


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    """A difficulty file of layouts 2 and 11 measured on a few deals, and a copy of the docs table."""
    table, lost_by = bench.measure([2, 11], DEALS, SEED, BUDGET, 1)
    out = tmp_path / "difficulty.toml"
    out.write_text(bench.to_toml(table, DEALS, SEED, BUDGET, lost_by), encoding="utf-8")
    doc = tmp_path / "layouts.md"
    shutil.copy(ROOT / "docs" / "layouts.md", doc)
    return out, doc


def _blocks(text: str) -> list[str]:
    return text.split("\n[[layout]]\n")


def test_update_adds_a_layout_and_leaves_the_others_byte_for_byte(
    files: tuple[Path, Path],
) -> None:
    out, doc = files
    before = out.read_text(encoding="utf-8")
    args = ["--only", "3", "--update", "--workers", "1", "--out", str(out), "--doc", str(doc)]
    assert bench.main(args) == 0
    after = out.read_text(encoding="utf-8")
    old, new = _blocks(before), _blocks(after)
    # the head up to the tallies is the same; layout 3 goes between 2 and 11, the others unchanged
    assert new[0].split("[lost_by")[0] == old[0].split("[lost_by")[0]
    assert [tomllib.loads(b)["number"] for b in new[1:]] == [2, 3, 11]
    assert new[1] == old[1] and new[3] == old[2]
    # the new entry is what measuring layout 3 alone gives, and the tallies grew by its losses
    table, lost_by = bench.measure([3], DEALS, SEED, BUDGET, 1)
    assert tomllib.loads(new[2]) == bench.entry_of(table[3])
    tallies_before = tomllib.loads(before)["lost_by"]
    tallies_after = tomllib.loads(after)["lost_by"]
    for rules_name in ("relaxed", "desert"):
        reasons = set(tallies_before.get(rules_name, {})) | set(lost_by[rules_name])
        for reason in reasons:
            assert tallies_after[rules_name].get(reason, 0) == tallies_before.get(
                rules_name, {}
            ).get(reason, 0) + lost_by[rules_name].get(reason, 0)
    # it reads back, and the settings are the file's
    data = tomllib.loads(after)
    assert (data["deals"], data["seed"], data["node_budget"]) == (DEALS, SEED, BUDGET)
    assert sorted(load_difficulty(out)) == [2, 3, 11]
    # the docs table's row of layout 3 shows the new figures; the summary counts three layouts
    row = next(ln for ln in doc.read_text(encoding="utf-8").splitlines() if ln.startswith("| 3 |"))
    assert (
        f"| {table[3].percent('relaxed')} | {table[3].percent('desert')} | {table[3].word} |" in row
    )
    assert f"of {3 * DEALS} under relaxed rules" in doc.read_text(encoding="utf-8")


def test_merged_keeps_the_tallies_order_and_appends_new_reasons() -> None:
    text = (
        "# one\n# two\nschema = 1\ndeals = 3\nseed = 7\nnode_budget = 10\n\n"
        "[lost_by.relaxed]\npairing = 2\n\n[lost_by.desert]\n\n"
        '[[layout]]\nnumber = 2\nname = "Little Pyramid"\nrelaxed_won = 1\nrelaxed_lost = 2\n'
        "relaxed_unknown = 0\nrelaxed_rate = 0.3333\ndesert_won = 3\ndesert_lost = 0\n"
        'desert_unknown = 0\ndesert_rate = 1.0\ndifficulty = "Fiendish"\n'
    )
    table, lost_by = bench.measure([3], DEALS, SEED, BUDGET, 1)
    extra = {"relaxed": {"pairing": 1, "search": 4}, "desert": {"free-stock": 1}}
    result = bench.merged(text, table, extra)
    assert result.startswith("# one\n# two\nschema = 1\n")
    assert result.split("\n[[layout]]\n")[1] == text.split("\n[[layout]]\n")[1]
    assert tomllib.loads(result)["lost_by"] == {
        "relaxed": {"pairing": 3, "search": 4},
        "desert": {"free-stock": 1},
    }
    with pytest.raises(ValueError, match="layout 3 is in the file already"):
        bench.merged(result, table, lost_by)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--only", "2", "--update"], "layout 2 is in"),
        (["--only", "3", "--update", "--deals", "2000"], "measured with --deals 3, not 2000"),
        (["--only", "3", "--update", "--seed", "8"], "measured with --seed 7, not 8"),
        (["--only", "3", "--update", "--budget", "9"], "measured with --budget 3000, not 9"),
        (["--update"], "--update needs --only"),
        (["--only", "3", "--update", "--dry-run"], "--update needs --only"),
        (["--only", "x", "--update"], "is not a list of layout numbers"),
        (["--only", "99", "--update"], "no layout 99"),
    ],
)
def test_update_refuses_what_it_cannot_merge_and_writes_nothing(
    files: tuple[Path, Path], capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    out, doc = files
    before, doc_before = out.read_bytes(), doc.read_bytes()
    assert bench.main([*args, "--out", str(out), "--doc", str(doc)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert out.read_bytes() == before and doc.read_bytes() == doc_before


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read"),
        ("schema = [", "cannot read"),
        ("schema = 1\n", "does not say its deals"),
    ],
)
def test_update_needs_a_readable_difficulty_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, message: str
) -> None:
    out = tmp_path / "difficulty.toml"
    if content is not None:
        out.write_text(content, encoding="utf-8")
    args = ["--only", "3", "--update", "--out", str(out), "--doc", str(tmp_path / "doc.md")]
    assert bench.main(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert not (tmp_path / "doc.md").exists()
