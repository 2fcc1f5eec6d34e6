"""Maintainer tool: write the layout files in ``resources/layouts/`` from the shape files in
``tools/layouts/``.

Usage (from the repository root)::

    python tools/layoutgen.py                 # write every layout file into resources/layouts
    python tools/layoutgen.py --out DIR       # somewhere else
    python tools/layoutgen.py --check         # exit 1 if a file differs from the shapes
    python tools/layoutgen.py --show 12       # draw layout 12 as text (or --show all)
    python tools/layoutgen.py --shapes DIR    # read the shape files from another folder

It lives in the maintainer folder ``tools/``, outside the shipped package.

Each layout is one shape file, ``tools/layouts/NNN_slug.toml`` (its name gives the layout's
number and the name of the file written): the name, family and description, and the cards drawn
as a small text picture (``art``), or several pictures laid over each other on the same grid (a
list of strings; handy when cards interleave), or as ``points`` and a ``ring``.
``tools/layouts/README.md`` describes the keys. In a picture, each character that is not a space
is one card: its column is the card's ``x`` and its line is the card's ``y``, both in half-card
units (a card covers two columns and two lines), and the character itself is the card's depth
``z`` (``0``-``9``, then ``a``-``z`` for 10-35; higher is in front). The picture is moved so that
the left-most card is at ``x = 0`` and the top card at ``y = 0``. ``xstep``/``ystep`` scale the
grid (0.5 allows quarter-card positions).

From the picture the tool computes everything else, so the cover relation always follows the
drawing (see ``docs/layout-format.md``):

- ``row``: the visual row, 1 for the top line of cards, counting only lines that hold a card;
- slot order and ``id``: by row from top to bottom, then left to right (the deal order);
- ``covered_by``: exactly the slots that overlap the slot and have a higher ``z``.

Only the standard library is used; the TOML is written by hand in the same layout as
``001_classic.toml``.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

LAYOUT_DIR = Path(__file__).resolve().parent.parent / "resources" / "layouts"
SHAPES_DIR = Path(__file__).resolve().parent / "layouts"
SCHEMA = 1
MIN_SLOTS = 15
MAX_SLOTS = 40
MAX_WIDTH = 30.0
MAX_HEIGHT = 14.0


@dataclass(frozen=True)
class Shape:
    """A layout as written in its shape file: metadata plus a text picture of the cards."""

    number: int
    slug: str
    name: str
    family: str
    description: str
    art: str | tuple[str, ...] = ""
    xstep: float = 1.0
    ystep: float = 1.0
    points: tuple[tuple[float, float, int], ...] = ()
    row_band: float = 0.0


@dataclass(frozen=True)
class Slot:
    """One card position of a generated layout, as written to the file."""

    id: int
    row: int
    x: float
    y: float
    z: int
    covered_by: tuple[int, ...]


class ShapeError(ValueError):
    """A shape file is malformed, or its shape breaks a rule of the layout format."""


def overlaps(a: Slot, b: Slot) -> bool:
    """Two cards overlap when they are less than a card apart in both directions."""
    return abs(a.x - b.x) < 2 and abs(a.y - b.y) < 2


def parse_art(shape: Shape) -> list[tuple[float, float, int]]:
    """The cards of a shape's picture as (x, y, z), moved to start at x = 0 and y = 0."""
    if shape.points:
        if shape.art:
            raise ShapeError(f"layout {shape.number}: give a picture or points, not both")
        xs = min(x for x, _, _ in shape.points)
        ys = min(y for _, y, _ in shape.points)
        return [(float(x - xs), float(y - ys), z) for x, y, z in shape.points]
    cells: list[tuple[int, int, int]] = []
    layers = (shape.art,) if isinstance(shape.art, str) else shape.art
    for line_no, line in (
        (n, text) for layer in layers for n, text in enumerate(layer.split("\n"))
    ):
        for col, ch in enumerate(line):
            if ch == " ":
                continue
            if not (ch.isdigit() or "a" <= ch <= "z"):
                raise ShapeError(
                    f"layout {shape.number}: bad character {ch!r} at line {line_no}, "
                    f"column {col} (use 0-9 or a-z for the depth)"
                )
            cells.append((col, line_no, int(ch, 36)))
    if not cells:
        raise ShapeError(f"layout {shape.number}: the picture has no card")
    min_col = min(c for c, _, _ in cells)
    min_line = min(ln for _, ln, _ in cells)
    return [((c - min_col) * shape.xstep, (ln - min_line) * shape.ystep, z) for c, ln, z in cells]


def build_slots(shape: Shape) -> list[Slot]:
    """The slots of a shape, in deal order, with rows, ids and the cover relation."""
    cards = parse_art(shape)
    for x, y, _ in cards:
        if not (2 * x).is_integer() or not (2 * y).is_integer():
            raise ShapeError(f"layout {shape.number}: card at ({x}, {y}) is off the half grid")
    if len({(x, y) for x, y, _ in cards}) != len(cards):
        raise ShapeError(f"layout {shape.number}: two cards in the same place")

    def band(y: float) -> float:
        return float(int(y // shape.row_band)) if shape.row_band else y

    lines = sorted({band(y) for _, y, _ in cards})
    row_of = {y: i + 1 for i, y in enumerate(lines)}
    cards.sort(key=lambda c: (row_of[band(c[1])], c[0], c[1], c[2]))
    bare = [
        Slot(id=i + 1, row=row_of[band(y)], x=x, y=y, z=z, covered_by=())
        for i, (x, y, z) in enumerate(cards)
    ]
    slots: list[Slot] = []
    for s in bare:
        above: list[int] = []
        for t in bare:
            if t.id == s.id or not overlaps(s, t):
                continue
            if t.z == s.z:
                raise ShapeError(
                    f"layout {shape.number}: slots {s.id} and {t.id} overlap at the same depth"
                )
            if t.z > s.z:
                above.append(t.id)
        slots.append(Slot(s.id, s.row, s.x, s.y, s.z, tuple(sorted(above))))
    check_slots(shape.number, slots)
    for s in slots:
        if not shows_index(s, slots):
            raise ShapeError(
                f"layout {shape.number}: slot {s.id} at ({s.x:g}, {s.y:g}) hides both index "
                "corners under the cards in front of it"
            )
    return slots


def shows_index(slot: Slot, slots: Sequence[Slot]) -> bool:
    """Whether a card keeps its top-left or its bottom-right corner (a quarter-card square,
    where a card face prints its index) clear of every card in front of it. Not a rule of the
    file format, a rule of good shapes: every card can be read while it is covered."""

    def clear(cx: float, cy: float) -> bool:
        return not any(t.z > slot.z and t.x <= cx < t.x + 2 and t.y <= cy < t.y + 2 for t in slots)

    return clear(slot.x, slot.y) or clear(slot.x + 1.5, slot.y + 1.5)


def check_slots(number: int, slots: Sequence[Slot]) -> None:
    """Size and table limits (the cover rules hold by construction)."""
    if not MIN_SLOTS <= len(slots) <= MAX_SLOTS:
        raise ShapeError(f"layout {number}: {len(slots)} cards, expected {MIN_SLOTS}..{MAX_SLOTS}")
    width = max(s.x for s in slots) + 2
    height = max(s.y for s in slots) + 2
    if width > MAX_WIDTH or height > MAX_HEIGHT:
        raise ShapeError(
            f"layout {number}: {width:g} x {height:g} half-cards, "
            f"the table takes {MAX_WIDTH:g} x {MAX_HEIGHT:g}"
        )


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else repr(float(v))


def _toml_str(s: str) -> str:
    out = ['"']
    for ch in s:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def file_name(shape: Shape) -> str:
    return f"{shape.number:03d}_{shape.slug}.toml"


def render(shape: Shape) -> str:
    """The text of a layout file."""
    parts = [
        f"schema = {SCHEMA}\n"
        f"number = {shape.number}\n"
        f"name = {_toml_str(shape.name)}\n"
        f"family = {_toml_str(shape.family)}\n"
        f"description = {_toml_str(shape.description)}\n"
    ]
    for s in build_slots(shape):
        cover = ", ".join(str(i) for i in s.covered_by)
        parts.append(
            "\n[[slot]]\n"
            f"id = {s.id}\n"
            f"row = {s.row}\n"
            f"x = {_num(s.x)}\n"
            f"y = {_num(s.y)}\n"
            f"z = {s.z}\n"
            f"covered_by = [{cover}]\n"
        )
    return "".join(parts)


def draw(shape: Shape) -> str:
    """A text picture of the generated layout: each card as its top-left corner, showing the
    number of cards lying on it (``.`` when free), plus a summary line."""
    slots = build_slots(shape)
    fine = any(not s.x.is_integer() or not s.y.is_integer() for s in slots)
    k = 2 if fine else 1  # text columns per half-card
    width = int(max(s.x for s in slots) * k) + 2
    height = int(max(s.y for s in slots) * k) + 1
    grid = [[" "] * width for _ in range(height)]
    for s in sorted(slots, key=lambda s: s.z):
        n = len(s.covered_by)
        grid[int(s.y * k)][int(s.x * k)] = "." if n == 0 else str(min(n, 9))
    depth = max_chain(slots)
    free = sum(1 for s in slots if not s.covered_by)
    head = (
        f"{shape.number:2d} {shape.name} [{shape.family}] {len(slots)} cards, "
        f"{max(s.row for s in slots)} rows, {free} free, deepest chain {depth}, "
        f"{max(s.x for s in slots) + 2:g}x{max(s.y for s in slots) + 2:g}"
    )
    return head + "\n" + "\n".join(("  " + "".join(r)).rstrip() for r in grid)


def max_chain(slots: Sequence[Slot]) -> int:
    """The longest chain of cards each lying on the previous one (1 for a free card)."""
    by_id = {s.id: s for s in slots}
    memo: dict[int, int] = {}

    def depth(i: int) -> int:
        if i not in memo:
            memo[i] = 1 + max((depth(j) for j in by_id[i].covered_by), default=0)
        return memo[i]

    return max(depth(s.id) for s in slots)


def ring(
    rx: float, ry: float, step: float, depths: tuple[int, ...]
) -> tuple[tuple[float, float, int], ...]:
    """A ring of four arcs (top, right, bottom, left) on an ellipse with radii ``rx``, ``ry``
    (half-cards); each arc has one card per entry of ``depths``, ``step`` degrees apart,
    with those depths. Positions are rounded to the half grid."""
    out = []
    k = len(depths)
    for quarter in range(4):
        for j, z in enumerate(depths):
            t = math.radians(90 * quarter + (j - (k - 1) / 2) * step)
            x = round(rx * math.sin(t) * 2) / 2
            y = round(-ry * math.cos(t) * 2) / 2
            out.append((x, y, z))
    return tuple(out)


# --------------------------------------------------------------------------------------------
# The shapes are data: one file a layout in SHAPES_DIR (see its README.md).
# --------------------------------------------------------------------------------------------

SHAPE_FILE = re.compile(r"^(\d{3})_([a-z0-9]+(?:_[a-z0-9]+)*)\.toml$")
SHAPE_KEYS = frozenset(
    {"name", "family", "description", "art", "points", "ring", "xstep", "ystep", "row_band"}
)
RING_KEYS = frozenset({"rx", "ry", "step", "depths"})


def _is_number(v: object) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)


def load_shape(path: Path) -> Shape:
    """One shape file: the number and slug come from its name (``NNN_slug.toml``), the rest from
    its keys. Anything that does not fit is a ShapeError naming the file and the key."""
    m = SHAPE_FILE.match(path.name)
    if not m:
        raise ShapeError(f"{path}: a shape file is named NNN_slug.toml (e.g. 001_classic.toml)")
    number, slug = int(m.group(1)), m.group(2)
    if not 1 <= number <= 99:
        raise ShapeError(f"{path}: layout numbers run from 1 to 99")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ShapeError(f"{path}: cannot be read ({exc})") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ShapeError(f"{path}: not valid TOML ({exc})") from exc

    def bad(key: str, what: str) -> ShapeError:
        return ShapeError(f"{path}: {key} must be {what}")

    unknown = sorted(set(data) - SHAPE_KEYS)
    if unknown:
        raise ShapeError(
            f"{path}: unknown key {unknown[0]!r} (known: {', '.join(sorted(SHAPE_KEYS))})"
        )
    text: dict[str, str] = {}
    for key in ("name", "family", "description"):
        value = data.get(key)
        if not isinstance(value, str) or not value.strip():
            raise bad(key, "a non-empty string")
        text[key] = value
    art = data.get("art", "")
    if isinstance(art, list):
        if not art or not all(isinstance(layer, str) for layer in art):
            raise bad("art", "a text picture or a list of text pictures")
        art = tuple(art)
    elif not isinstance(art, str):
        raise bad("art", "a text picture or a list of text pictures")
    steps: dict[str, float] = {}
    for key, default in (("xstep", 1.0), ("ystep", 1.0), ("row_band", 0.0)):
        value = data.get(key, default)
        if not _is_number(value) or value < 0 or (key != "row_band" and value <= 0):
            raise bad(key, "a positive number")
        steps[key] = float(value)
    points: list[tuple[float, float, int]] = []
    if "ring" in data:
        ring_data = data["ring"]
        if not isinstance(ring_data, dict) or set(ring_data) != RING_KEYS:
            raise bad("ring", "a table of rx, ry, step and depths")
        depths = ring_data["depths"]
        if not all(_is_number(ring_data[k]) for k in ("rx", "ry", "step")):
            raise bad("ring", "a table whose rx, ry and step are numbers")
        if not isinstance(depths, list) or not depths:
            raise bad("ring.depths", "a list of depths")
        if not all(isinstance(z, int) and not isinstance(z, bool) for z in depths):
            raise bad("ring.depths", "a list of whole numbers")
        points.extend(ring(ring_data["rx"], ring_data["ry"], ring_data["step"], tuple(depths)))
    raw_points = data.get("points", [])
    if not isinstance(raw_points, list):
        raise bad("points", "a list of [x, y, z]")
    for i, point in enumerate(raw_points):
        if (
            not isinstance(point, list)
            or len(point) != 3
            or not _is_number(point[0])
            or not _is_number(point[1])
            or not isinstance(point[2], int)
            or isinstance(point[2], bool)
        ):
            raise bad(f"points[{i}]", "[x, y, z] with numbers x, y and a whole depth z")
        points.append((point[0], point[1], point[2]))
    if not art and not points:
        raise ShapeError(f"{path}: give a picture (art) or points (points, ring)")
    return Shape(
        number,
        slug,
        text["name"],
        text["family"],
        text["description"],
        art,
        xstep=steps["xstep"],
        ystep=steps["ystep"],
        points=tuple(points),
        row_band=steps["row_band"],
    )


def shapes(directory: Path = SHAPES_DIR) -> tuple[Shape, ...]:
    """Every shape in ``directory``, by number. Two files with one number, or no file, is an error."""
    if not directory.is_dir():
        raise ShapeError(f"{directory}: no such folder of shape files")
    found = sorted(p for p in directory.iterdir() if p.suffix == ".toml")
    if not found:
        raise ShapeError(f"{directory}: no shape file (NNN_slug.toml) in it")
    result = [load_shape(p) for p in found]
    seen: dict[int, str] = {}
    for shape, path in zip(result, found, strict=True):
        if shape.number in seen:
            raise ShapeError(f"{path}: layout {shape.number} is also {seen[shape.number]}")
        seen[shape.number] = path.name
    return tuple(sorted(result, key=lambda s: s.number))


def write_all(
    directory: Path = LAYOUT_DIR, all_shapes: Sequence[Shape] | None = None
) -> list[Path]:
    """Write every layout file into ``directory``; remove stale ``NNN_*.toml`` files of renamed
    layouts there. The shapes are read from SHAPES_DIR unless given."""
    chosen = shapes() if all_shapes is None else all_shapes
    wanted = {file_name(s): render(s) for s in chosen}  # every shape is checked before any write
    directory.mkdir(parents=True, exist_ok=True)
    for old in directory.glob("[0-9][0-9][0-9]_*.toml"):
        if old.name not in wanted:
            old.unlink()
    written = []
    for name, text in wanted.items():
        path = directory / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8", newline="\n")
            written.append(path)
    return written


def differences(
    directory: Path = LAYOUT_DIR, all_shapes: Sequence[Shape] | None = None
) -> list[str]:
    """What differs between the files in ``directory`` and the shapes (empty when in step)."""
    chosen = shapes() if all_shapes is None else all_shapes
    wanted = {file_name(s): render(s) for s in chosen}
    problems = []
    present = {p.name for p in directory.glob("[0-9][0-9][0-9]_*.toml")}
    for name in sorted(present - wanted.keys()):
        problems.append(f"{name}: not generated by layoutgen")
    for name, text in wanted.items():
        path = directory / name
        if not path.exists():
            problems.append(f"{name}: missing")
        elif path.read_text(encoding="utf-8") != text:
            problems.append(f"{name}: differs from its shape")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python tools/layoutgen.py",
        description="Write the layout files (NNN_slug.toml) from the shape files in tools/layouts/.",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=LAYOUT_DIR,
        help="the folder to write (or --check) the layout files in (default: resources/layouts)",
    )
    parser.add_argument(
        "--shapes",
        type=Path,
        default=SHAPES_DIR,
        help="the folder of shape files to read (default: tools/layouts)",
    )
    parser.add_argument("--check", action="store_true", help="only report files that differ")
    parser.add_argument("--show", metavar="N", help="draw layout N (or 'all') as text")
    args = parser.parse_args(argv)
    try:
        all_shapes = shapes(args.shapes)
        if args.show is not None:
            chosen = [
                s
                for s in all_shapes
                if args.show == "all" or str(s.number) == args.show.lstrip("0")
            ]
            if not chosen:
                print(f"no layout {args.show!r}", file=sys.stderr)
                return 2
            print("\n\n".join(draw(s) for s in chosen))
            return 0
        if args.check:
            problems = differences(args.out, all_shapes)
            for p in problems:
                print(p)
            return 1 if problems else 0
        written = write_all(args.out, all_shapes)
        print(f"{len(all_shapes)} layouts, {len(written)} file(s) written to {args.out}")
        return 0
    except ShapeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"error: {args.out}: {exc.strerror or exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
