"""The 56 shipped layout files, checked on their own terms (tomllib only, independent of the
engine), against the engine's validation, and against the generator that writes them."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from desert_pyramid.catalog import load_layouts
from desert_pyramid.engine.layout import Layout

from .helpers import load_tool

layoutgen = load_tool("layoutgen")
SHAPES = layoutgen.shapes()  # read from the shape files in tools/layouts/

ROOT = Path(__file__).resolve().parent.parent
LAYOUT_DIR = ROOT / "resources" / "layouts"
FILES = sorted(LAYOUT_DIR.glob("[0-9][0-9][0-9]_*.toml"))  # not difficulty.toml
FILE_NAME = re.compile(r"^(\d{3})_([a-z0-9]+(?:_[a-z0-9]+)*)\.toml$")
REQUIRED_FAMILIES = {
    "pyramid",
    "inverted",
    "double",
    "wall",
    "tower",
    "bridge",
    "cross",
    "diamond",
    "arch",
    "piles",
}


def _load(path: Path) -> dict[str, Any]:
    with path.open("rb") as fh:
        return tomllib.load(fh)


DATA = {path.name: _load(path) for path in FILES}


def _overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return abs(a["x"] - b["x"]) < 2 and abs(a["y"] - b["y"]) < 2


def test_exactly_56_files_numbered_1_to_56_with_matching_names() -> None:
    assert len(FILES) == 56, [p.name for p in FILES]
    numbers = []
    for path in FILES:
        m = FILE_NAME.match(path.name)
        assert m, f"{path.name}: expected NNN_slug.toml"
        number = DATA[path.name]["number"]
        assert int(m.group(1)) == number, f"{path.name}: file says number {number}"
        numbers.append(number)
    assert sorted(numbers) == list(range(1, 57))


def test_names_and_slugs_are_unique_and_metadata_is_filled() -> None:
    names = [d["name"] for d in DATA.values()]
    slugs = [FILE_NAME.match(n).group(2) for n in DATA]  # type: ignore[union-attr]
    assert len(set(names)) == 56, sorted(n for n in names if names.count(n) > 1)
    assert len({n.casefold() for n in names}) == 56
    assert len(set(slugs)) == 56
    for fname, d in DATA.items():
        assert d["schema"] == 1, fname
        for key in ("name", "family", "description"):
            assert isinstance(d[key], str) and d[key].strip() == d[key] and d[key], (fname, key)
            assert "\n" not in d[key], (fname, key)
        assert re.fullmatch(r"[a-z]+", d["family"]), fname
        assert len(d["description"]) <= 120, f"{fname}: description longer than one line"


def test_families_cover_the_required_kinds() -> None:
    families = {d["family"] for d in DATA.values()}
    assert REQUIRED_FAMILIES <= families, REQUIRED_FAMILIES - families
    pyramid_sizes = {len(d["slot"]) for d in DATA.values() if d["family"] == "pyramid"}
    assert {15, 21, 28, 36, 40} <= pyramid_sizes


def test_layouts_run_from_15_to_40_cards() -> None:
    """The smallest layout has 15 cards and the largest 40 (the game's range)."""
    sizes = sorted(len(d["slot"]) for d in DATA.values())
    assert (sizes[0], sizes[-1]) == (15, 40)
    assert (layoutgen.MIN_SLOTS, layoutgen.MAX_SLOTS) == (15, 40)


@pytest.mark.parametrize("fname", sorted(DATA))
def test_file_follows_the_format_rules(fname: str) -> None:
    slots = DATA[fname]["slot"]
    assert 15 <= len(slots) <= 40, f"{fname}: {len(slots)} slots"
    ids = [s["id"] for s in slots]
    assert all(isinstance(i, int) and i > 0 for i in ids)
    assert len(set(ids)) == len(ids), f"{fname}: duplicate ids"
    by_id = {s["id"]: s for s in slots}
    for s in slots:
        where = f"{fname} slot {s['id']}"
        assert isinstance(s["row"], int) and s["row"] >= 1, where
        assert isinstance(s["z"], int), where
        for key in ("x", "y"):
            v = s[key]
            assert isinstance(v, int | float) and v >= 0 and float(v * 2).is_integer(), where
        cover = s["covered_by"]
        assert len(set(cover)) == len(cover), where
        assert all(c in by_id for c in cover), f"{where}: covered by a missing slot"
        # covered_by is exactly the set of overlapping slots with a higher z; overlapping slots
        # never share a z
        in_front = set()
        for t in slots:
            if t is s or not _overlap(s, t):
                continue
            assert t["z"] != s["z"], f"{where} and slot {t['id']} overlap at the same z"
            if t["z"] > s["z"]:
                in_front.add(t["id"])
        assert set(cover) == in_front, where
        assert cover == sorted(cover), where
    assert max(s["x"] for s in slots) + 2 <= 30, f"{fname}: too wide"
    assert max(s["y"] for s in slots) + 2 <= 14, f"{fname}: too tall"
    assert min(s["x"] for s in slots) == 0 and min(s["y"] for s in slots) == 0, fname
    _assert_no_cycle(fname, by_id)


def _assert_no_cycle(fname: str, by_id: dict[int, dict[str, Any]]) -> None:
    """Kahn's algorithm: peel off slots that cover nothing left; a cycle never peels."""
    covering = {i: 0 for i in by_id}  # how many remaining slots each slot lies on
    for s in by_id.values():
        for c in s["covered_by"]:
            covering[c] += 1
    ready = [i for i, n in covering.items() if n == 0]
    peeled = 0
    while ready:
        i = ready.pop()
        peeled += 1
        for c in by_id[i]["covered_by"]:
            covering[c] -= 1
            if covering[c] == 0:
                ready.append(c)
    assert peeled == len(by_id), f"{fname}: the cover relation has a cycle"


@pytest.mark.parametrize("fname", sorted(DATA))
def test_rows_are_visual_rows_and_slots_are_in_deal_order(fname: str) -> None:
    slots = DATA[fname]["slot"]
    assert [s["id"] for s in slots] == list(range(1, len(slots) + 1)), fname
    rows = sorted({s["row"] for s in slots})
    assert rows == list(range(1, len(rows) + 1)), f"{fname}: row numbers skip"
    # every card of a row lies above every card of the next row (rows count from the top)
    for r in rows[:-1]:
        lowest = max(s["y"] for s in slots if s["row"] == r)
        highest_next = min(s["y"] for s in slots if s["row"] == r + 1)
        assert lowest < highest_next, f"{fname}: row {r} is not above row {r + 1}"
    # file order: by row from top to bottom, then left to right
    keys = [(s["row"], s["x"]) for s in slots]
    assert keys == sorted(keys), f"{fname}: slots are not in row, then left-to-right order"


@pytest.mark.parametrize("fname", sorted(DATA))
def test_every_card_can_be_read_and_chains_stay_moderate(fname: str) -> None:
    """Design rules beyond the format: each card keeps its top-left or bottom-right index
    corner visible, and no card lies under a chain of more than nine cards."""
    number = DATA[fname]["number"]
    shape = next(s for s in SHAPES if s.number == number)
    slots = layoutgen.build_slots(shape)
    assert all(layoutgen.shows_index(s, slots) for s in slots)
    assert layoutgen.max_chain(slots) <= 9
    assert any(not s.covered_by for s in slots)


def test_layout_1_is_the_classic_pyramid() -> None:
    d = DATA["001_classic.toml"]
    assert d["name"] == "Classic Pyramid" and d["family"] == "pyramid"
    expected = []
    for r in range(1, 8):
        for c in range(1, r + 1):
            below = [(r + 1) * r // 2 + c, (r + 1) * r // 2 + c + 1] if r < 7 else []
            expected.append(
                {
                    "id": r * (r - 1) // 2 + c,
                    "row": r,
                    "x": 7 - r + 2 * (c - 1),
                    "y": r - 1,
                    "z": r - 1,
                    "covered_by": below,
                }
            )
    assert d["slot"] == expected


def test_regenerating_gives_the_same_files() -> None:
    assert layoutgen.differences() == []
    assert [layoutgen.file_name(s) for s in SHAPES] == [p.name for p in FILES]
    for shape in SHAPES:
        text = (LAYOUT_DIR / layoutgen.file_name(shape)).read_text(encoding="utf-8")
        assert layoutgen.render(shape) == text, shape.number


def test_every_file_passes_the_engine_validation() -> None:
    for path in FILES:
        layout = Layout.from_dict(DATA[path.name], source=path.name)
        d = DATA[path.name]
        assert layout.number == d["number"] and layout.size == len(d["slot"])
        assert layout.to_dict() == d
    catalog = load_layouts()
    assert sorted(catalog) == list(range(1, 57))


def test_docs_table_lists_every_layout() -> None:
    text = (ROOT / "docs" / "layouts.md").read_text(encoding="utf-8")
    lines = [ln for ln in text.splitlines() if ln.startswith("|")]
    header = [c.strip().lower() for c in lines[0].strip("|").split("|")]
    col = {name: header.index(name) for name in ("#", "name", "family", "cards")}
    rows = [[c.strip() for c in ln.strip("|").split("|")] for ln in lines[2:]]
    assert len(rows) == 56
    by_number = {d["number"]: d for d in DATA.values()}
    for cells in rows:
        d = by_number[int(cells[col["#"]])]
        assert cells[col["name"]] == d["name"]
        assert cells[col["family"]] == d["family"]
        assert int(cells[col["cards"]]) == len(d["slot"])
        if "rows" in header:
            assert int(cells[header.index("rows")]) == max(sl["row"] for sl in d["slot"])
        if "free at start" in header:
            free = sum(1 for sl in d["slot"] if not sl["covered_by"])
            assert int(cells[header.index("free at start")]) == free
        if "description" in header:
            assert cells[header.index("description")] == d["description"]


# --- the generator itself ----------------------------------------------------------------


def _shape(art: str | tuple[str, ...], **kw: Any) -> layoutgen.Shape:
    return layoutgen.Shape(99, "test", "Test", "test", "A test.", art, **kw)


PYRAMID5 = """
    0
   1 1
  2 2 2
 3 3 3 3
4 4 4 4 4
"""


def test_generator_computes_rows_order_and_covers_from_the_picture() -> None:
    slots = layoutgen.build_slots(_shape(PYRAMID5))
    assert [s.row for s in slots] == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 5]
    assert slots[0].covered_by == (2, 3) and slots[0].x == 4 and slots[0].y == 0
    assert slots[14].covered_by == ()
    # a second picture laid over the first: its card covers what it overlaps
    front = "\n" * 6 + "  9"  # column 2 of line 6, just under the base's second card
    slots = layoutgen.build_slots(_shape((PYRAMID5, front)))
    nine = slots[-1]
    assert (nine.x, nine.y, nine.z, nine.row, nine.covered_by) == (2, 5, 9, 6, ())
    assert [s.id for s in slots if nine.id in s.covered_by] == [12]
    assert (slots[11].x, slots[11].y) == (2, 4)


@pytest.mark.parametrize(
    ("art", "message"),
    [
        ("0 0 0 0\n 0 0 0", "overlap at the same depth"),
        ("0 0 0 0 0 0 0", "7 cards, expected 15..40"),
        (" ".join("0" * 16), "32 x 2 half-cards"),
        ("0 0 0 0 0 0 0 0\n1 1 1 1 1 1 1 1\nX", "bad character 'X'"),
        ("1 1 1 1 1 1 1 1\n 0\n2 2 2 2 2 2 2 2", "hides both index corners"),
    ],
)
def test_generator_rejects_bad_shapes_with_a_clear_message(art: str, message: str) -> None:
    with pytest.raises(layoutgen.ShapeError, match=re.escape(message)):
        layoutgen.build_slots(_shape(art))


def test_generator_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert layoutgen.main(["--check"]) == 0
    assert layoutgen.main(["--show", "1"]) == 0
    assert "Classic Pyramid" in capsys.readouterr().out
    assert layoutgen.main(["--show", "99"]) == 2
    # writing into an empty folder, then spotting a hand edit and a stray file
    written = layoutgen.write_all(tmp_path)
    assert len(written) == 56 and layoutgen.differences(tmp_path) == []
    (tmp_path / "001_classic.toml").write_text("broken", encoding="utf-8")
    (tmp_path / "099_extra.toml").write_text("", encoding="utf-8")
    assert layoutgen.differences(tmp_path) == [
        "099_extra.toml: not generated by layoutgen",
        "001_classic.toml: differs from its shape",
    ]
    assert [p.name for p in layoutgen.write_all(tmp_path)] == ["001_classic.toml"]
    assert not (tmp_path / "099_extra.toml").exists()


def test_generator_writes_into_the_folder_given_by_out(tmp_path: Path) -> None:
    out = tmp_path / "made" / "here"
    assert layoutgen.main(["--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == [p.name for p in FILES]
    for path in FILES:  # byte for byte what the repository holds
        assert (out / path.name).read_bytes() == path.read_bytes(), path.name
    assert layoutgen.main(["--check", "--out", str(out)]) == 0


def test_every_shape_file_gives_one_layout_file() -> None:
    names = sorted(p.name for p in layoutgen.SHAPES_DIR.glob("*.toml"))
    assert names == [p.name for p in FILES]
    assert [s.number for s in SHAPES] == sorted(d["number"] for d in DATA.values())


def _shapes_dir(tmp_path: Path, name: str, text: str) -> Path:
    """A folder of shape files: the classic pyramid's and one more."""
    folder = tmp_path / "shapes"
    folder.mkdir(parents=True)
    classic = layoutgen.SHAPES_DIR / "001_classic.toml"
    (folder / classic.name).write_text(classic.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / name).write_text(text, encoding="utf-8")
    return folder


GOOD = 'name = "X"\nfamily = "pyramid"\ndescription = "A test."\n'


def test_shape_files_are_read_with_their_number_and_slug(tmp_path: Path) -> None:
    art = "art = ['''\n" + PYRAMID5.lstrip("\n") + "''', '''\n" + "\n" * 5 + "  9''']\n"
    folder = _shapes_dir(tmp_path, "007_test_shape.toml", GOOD + art)
    loaded = layoutgen.shapes(folder)
    assert [(s.number, s.slug) for s in loaded] == [(1, "classic"), (7, "test_shape")]
    slots = layoutgen.build_slots(loaded[1])
    assert len(slots) == 16 and slots[-1].z == 9
    ring = GOOD + "row_band = 1\nring = { rx = 6, ry = 4.5, step = 13, depths = [0, 1, 2, 1, 0] }\n"
    folder = _shapes_dir(tmp_path / "r", "049_ring.toml", ring)
    assert layoutgen.shapes(folder)[1].points == layoutgen.ring(6, 4.5, 13, (0, 1, 2, 1, 0))


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("7_short.toml", GOOD + "art = '0'\n", "named NNN_slug.toml"),
        ("000_zero.toml", GOOD + "art = '0'\n", "numbers run from 1 to 99"),
        ("002_bad.toml", 'name = "X\nart = 1', "not valid TOML"),
        ("002_bad.toml", GOOD + "art = '0'\ncolour = 1\n", "unknown key 'colour'"),
        ("002_bad.toml", 'name = ""\nfamily = "f"\ndescription = "d"\nart = "0"', "name must be"),
        ("002_bad.toml", GOOD + "art = 5\n", "art must be a text picture"),
        ("002_bad.toml", GOOD + "art = []\n", "art must be a text picture"),
        ("002_bad.toml", GOOD + "art = '0'\nxstep = 0\n", "xstep must be a positive number"),
        ("002_bad.toml", GOOD + "art = '0'\nystep = inf\n", "ystep must be a positive number"),
        ("002_bad.toml", GOOD + "points = [[1, 2]]\n", "points[0] must be [x, y, z]"),
        ("002_bad.toml", GOOD + "points = [[1, 2, 0.5]]\n", "points[0] must be [x, y, z]"),
        ("002_bad.toml", GOOD + "points = [[1, 2, true]]\n", "points[0] must be [x, y, z]"),
        ("002_bad.toml", GOOD + "ring = { rx = 1 }\n", "ring must be a table"),
        (
            "002_bad.toml",
            GOOD + "ring = { rx = 1, ry = 1, step = 1, depths = [1.5] }\n",
            "ring.depths must be a list of whole numbers",
        ),
        ("002_bad.toml", GOOD, "give a picture (art) or points"),
        ("001_again.toml", GOOD + "art = '0'\n", "layout 1 is also 001_again.toml"),
    ],
)
def test_bad_shape_files_are_refused_with_the_file_and_the_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, text: str, message: str
) -> None:
    folder = _shapes_dir(tmp_path, name, text)
    with pytest.raises(layoutgen.ShapeError, match=re.escape(message)) as caught:
        layoutgen.shapes(folder)
    assert str(folder) in str(caught.value)
    out = tmp_path / "out"
    assert layoutgen.main(["--shapes", str(folder), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err and err.count("\n") == 1
    assert not out.exists()  # nothing written when a shape is bad


def test_a_missing_or_empty_shapes_folder_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert layoutgen.main(["--shapes", str(tmp_path / "nowhere")]) == 1
    assert "no such folder of shape files" in capsys.readouterr().err
    assert layoutgen.main(["--shapes", str(tmp_path), "--check"]) == 1
    assert "no shape file" in capsys.readouterr().err


def test_an_output_folder_that_cannot_be_made_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    assert layoutgen.main(["--out", str(blocker / "sub")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1
