"""Maintainer tool: regenerate the layout files in ``resources/layouts/`` from the shapes below.

Usage (from the repository root)::

    python tools/layoutgen.py                 # write all 55 files
    python tools/layoutgen.py --out DIR       # somewhere else
    python tools/layoutgen.py --check         # exit 1 if a file differs from the shapes
    python tools/layoutgen.py --show 12       # draw layout 12 as text (or --show all)

It lives in the maintainer folder ``tools/``, outside the shipped package.

Every shape is drawn as a small text picture (``art``), or as several pictures laid over each
other on the same grid (a tuple of strings; handy when cards interleave). Each character that is not a space is
one card: its column is the card's ``x`` and its line is the card's ``y``, both in half-card
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
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

LAYOUT_DIR = Path(__file__).resolve().parent.parent / "resources" / "layouts"
SCHEMA = 1
MIN_SLOTS = 15
MAX_SLOTS = 40
MAX_WIDTH = 30.0
MAX_HEIGHT = 14.0


@dataclass(frozen=True)
class Shape:
    """A layout as written in this file: metadata plus a text picture of the cards."""

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
    """A shape in this file breaks a rule of the layout format."""


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
# The 55 layouts. Pictures: column = x, line = y (half-card units), character = depth z.
# --------------------------------------------------------------------------------------------

SHAPES: tuple[Shape, ...] = (
    Shape(
        1,
        "classic",
        "Classic Pyramid",
        "pyramid",
        "The traditional pyramid: 28 cards in seven rows, the top card buried deepest.",
        """
      0
     1 1
    2 2 2
   3 3 3 3
  4 4 4 4 4
 5 5 5 5 5 5
6 6 6 6 6 6 6
""",
    ),
    Shape(
        2,
        "little_pyramid",
        "Little Pyramid",
        "pyramid",
        "A gentle five-row pyramid of 15 cards for a quick game.",
        """
    0
   1 1
  2 2 2
 3 3 3 3
4 4 4 4 4
""",
    ),
    Shape(
        3,
        "six_rows",
        "Six-Row Pyramid",
        "pyramid",
        "The classic shape one row shorter: 21 cards in six rows.",
        """
     0
    1 1
   2 2 2
  3 3 3 3
 4 4 4 4 4
5 5 5 5 5 5
""",
    ),
    Shape(
        4,
        "great_pyramid",
        "Great Pyramid",
        "pyramid",
        "Eight rows and 36 cards: the top card sits under everything else.",
        """
       0
      1 1
     2 2 2
    3 3 3 3
   4 4 4 4 4
  5 5 5 5 5 5
 6 6 6 6 6 6 6
7 7 7 7 7 7 7 7
""",
    ),
    Shape(
        5,
        "unfinished",
        "Unfinished Pyramid",
        "pyramid",
        "A pyramid whose builders never laid the capstone: 25 cards, flat on top.",
        """
    0 0 0
   1 1 1 1
  2 2 2 2 2
 3 3 3 3 3 3
4 4 4 4 4 4 4
""",
    ),
    Shape(
        6,
        "step_pyramid",
        "Step Pyramid",
        "pyramid",
        "Three broad tiers of 24 cards; every card rests on the single card below it.",
        """
    0 0
    1 1
  2 2 2 2
  3 3 3 3
4 4 4 4 4 4
5 5 5 5 5 5
""",
    ),
    Shape(
        7,
        "bent_pyramid",
        "Bent Pyramid",
        "pyramid",
        "A pyramid whose slope changes halfway down: 23 cards.",
        """
      0
     1 1
    2 2 2
   3 3 3 3
 4 4 4 4 4 4
5 5 5 5 5 5 5
""",
    ),
    Shape(
        8,
        "inverted",
        "Inverted Pyramid",
        "inverted",
        "The classic pyramid standing on its point: seven cards free at the top, the point buried.",
        """
6 6 6 6 6 6 6
 5 5 5 5 5 5
  4 4 4 4 4
   3 3 3 3
    2 2 2
     1 1
      0
""",
    ),
    Shape(
        9,
        "funnel",
        "Funnel",
        "inverted",
        "An upside-down pyramid of 21 cards that drains through a single free card at the bottom.",
        """
0 0 0 0 0 0
 1 1 1 1 1
  2 2 2 2
   3 3 3
    4 4
     5
""",
    ),
    Shape(
        10,
        "nile_delta",
        "Nile Delta",
        "inverted",
        "A wide delta of 30 cards fanning out above a river of three, 33 cards; the river mouth is buried deepest.",
        """
9 9 9 9 9 9 9 9
 8 8 8 8 8 8 8
  7 7 7 7 7 7
   6 6 6 6 6
    5 5 5 5
       2
       1
       0
""",
    ),
    Shape(
        11,
        "hourglass",
        "Hourglass",
        "double",
        "Two pyramids point to point, 29 cards: the sand runs from the free top row, through "
        "the waist, down to the bottom row.",
        """
8 8 8 8 8
 7 7 7 7
  6 6 6
   5 5
    4
   3 3
  2 2 2
 1 1 1 1
0 0 0 0 0
""",
    ),
    Shape(
        12,
        "twin_pyramids",
        "Twin Pyramids",
        "double",
        "Two five-row pyramids side by side, 30 cards; clear them in any order.",
        """
    0           0
   1 1         1 1
  2 2 2       2 2 2
 3 3 3 3     3 3 3 3
4 4 4 4 4   4 4 4 4 4
""",
    ),
    Shape(
        13,
        "mirrored",
        "Mirrored Pyramids",
        "double",
        "A pyramid and an upside-down pyramid fitted together, each leaning on the other.",
        (
            """
    0
   1 1
  2 2 2
 3 3 3 3
4 4 4 4 4
""",
            """
      9 9 9 9 9
       8 8 8 8
        7 7 7
         6 6
          5
""",
        ),
    ),
    Shape(
        14,
        "twin_peaks",
        "Twin Peaks",
        "double",
        "Two pyramids of 15, the nearer one standing in front of the other's foot.",
        (
            """
    0
   1 1
  2 2 2
 3 3 3 3
4 4 4 4 4
""",
            """


           5
          6 6
         7 7 7
        8 8 8 8
       9 9 9 9 9
""",
        ),
    ),
    Shape(
        15,
        "brick_wall",
        "Brick Wall",
        "wall",
        "Five courses of bricks, 28 cards, each brick held by the two below it.",
        """
0 0 0 0 0 0
 1 1 1 1 1
2 2 2 2 2 2
 3 3 3 3 3
4 4 4 4 4 4
""",
    ),
    Shape(
        16,
        "stone_wall",
        "Stone Wall",
        "wall",
        "Seven columns of four stones, 28 cards; each stone rests on the one below it.",
        """
0 0 0 0 0 0 0
1 1 1 1 1 1 1
2 2 2 2 2 2 2
3 3 3 3 3 3 3
""",
    ),
    Shape(
        17,
        "great_wall",
        "Great Wall",
        "wall",
        "A long, low wall of 35 bricks in three courses.",
        """
0 0 0 0 0 0 0 0 0 0 0 0
 1 1 1 1 1 1 1 1 1 1 1
2 2 2 2 2 2 2 2 2 2 2 2
""",
    ),
    Shape(
        18,
        "battlements",
        "Battlements",
        "wall",
        "A fortress wall of 31 cards with five merlons along the top.",
        """
0   0   0   0   0
1 1 1 1 1 1 1 1 1
 2 2 2 2 2 2 2 2
3 3 3 3 3 3 3 3 3
""",
    ),
    Shape(
        19,
        "ruined_wall",
        "Ruined Wall",
        "wall",
        "An old wall with bricks missing: 27 cards, many of them loose from the start.",
        """
0 0   0 0 0   0
 1 1 1   1 1 1 1
2 2 2 2 2   2 2 2
 3   3 3 3 3   3
""",
    ),
    Shape(
        20,
        "watchtower",
        "Watchtower",
        "tower",
        "A lookout of four cards on top of a narrow tower, 26 cards in nine rows.",
        """
0 0 0 0
 1 1 1
  2 2
 3 3 3
  4 4
 5 5 5
  6 6
 7 7 7
8 8 8 8
""",
    ),
    Shape(
        21,
        "twin_towers",
        "Twin Towers",
        "tower",
        "Two slender towers joined by a low wall, 29 cards.",
        """
0 0         0 0
 1           1
2 2         2 2
 3   3 3 3   3
4 4 4 4 4 4 4 4
 5           5
6 6         6 6
""",
    ),
    Shape(
        22,
        "obelisk",
        "Obelisk",
        "tower",
        "A tall needle of stone in two columns on a stepped plinth, 20 cards in nine rows.",
        """
   0
  1 1
  2 2
  3 3
  4 4
  5 5
  6 6
 7 7 7
8 8 8 8
""",
    ),
    Shape(
        23,
        "lighthouse",
        "Lighthouse",
        "tower",
        "The Pharos of Alexandria: a lantern on three tiers, 29 cards.",
        """
    0
   1 1
   2 2
  3 3 3
  4 4 4
 5 5 5 5
 6 6 6 6
7 7 7 7 7
8 8 8 8 8
""",
    ),
    Shape(
        24,
        "kasbah",
        "Kasbah",
        "tower",
        "A desert fortress: two corner towers and a crenellated wall, 36 cards.",
        """
0 0               0 0
1 1               1 1
2 2   2   2   2   2 2
3 3 3 3 3 3 3 3 3 3 3
 4 4 4 4 4 4 4 4 4 4
""",
    ),
    Shape(
        25,
        "stone_bridge",
        "Stone Bridge",
        "bridge",
        "A roadway on two stone piers: 31 cards, the railing held by the road.",
        """
0 0 0 0 0 0 0 0 0 0
 1 1 1 1 1 1 1 1 1
2 2             2 2
3 3             3 3
4 4             4 4
""",
    ),
    Shape(
        26,
        "arch_bridge",
        "Arch Bridge",
        "bridge",
        "A roadway carried by one great arch that springs from both banks, 29 cards.",
        """
0 0 0 0 0 0 0 0 0 0 0
     1 1 1 1 1 1
   2 2         2 2
 3 3             3 3
4 4               4 4
""",
    ),
    Shape(
        27,
        "aqueduct",
        "Aqueduct",
        "bridge",
        "Two tiers of arches carrying the water channel: 35 cards.",
        """
0 0 0 0 0 0 0 0 0 0
 1   1   1   1   1
2 2 2 2 2 2 2 2 2 2
 3   3   3   3   3
 4   4   4   4   4
""",
    ),
    Shape(
        28,
        "suspension_bridge",
        "Suspension Bridge",
        "bridge",
        "A deck of 14 cards hung on cables from two towers, 34 cards in all.",
        (
            """
      0             0
      1             1
      2             2
      3             3
""",
            """

    5   5         5   5
   6     6       6     6
  7       7     7       7
""",
            """




8 8 8 8 8 8 8 8 8 8 8 8 8 8
""",
        ),
    ),
    Shape(
        29,
        "cross",
        "Cross",
        "cross",
        "A tall cross of 28 cards: clear outwards from the free crossing to the buried tips.",
        """
      0 0
      1 1
 2 2 28 83 3 3
 3 3 39 92 2 2
      7 7
      6 6
      5 5
      4 4
""",
    ),
    Shape(
        30,
        "saltire",
        "Saltire",
        "cross",
        "Four diagonal arms of eight cards meet at a buried centre pair, 34 cards.",
        """
4 4         4 4
 3 3       3 3
  2 2     2 2
   1 1   1 1
      0 0
   1 1   1 1
  2 2     2 2
 3 3       3 3
4 4         4 4
""",
    ),
    Shape(
        31,
        "ankh",
        "Ankh",
        "cross",
        "The key of life, 29 cards: a loop that lies on the cross-bar, and a stem below.",
        """
    0 0 0
   1     1
  2       2
  3       3
   4     4
    5 5 5
0 0 0 0 0 0 0

     1 1
     2 2
     3 3
     4 4
""",
    ),
    Shape(
        32,
        "compass_rose",
        "Compass Rose",
        "cross",
        "A free centre card with four fanned arms and four short diagonals, 29 cards.",
        """
     3    5    3
      2   6   2
       1  7  1
          8
      456797654
          8
       1  7  1
      2   6   2
     3    5    3
""",
    ),
    Shape(
        33,
        "diamond",
        "Diamond",
        "diamond",
        "Five free cards across the middle, 25 in all; both points are buried.",
        """
    0
   1 1
  2 2 2
 3 3 3 3
4 4 4 4 4
 3 3 3 3
  2 2 2
   1 1
    0
""",
    ),
    Shape(
        34,
        "small_diamond",
        "Small Diamond",
        "diamond",
        "A compact diamond of 16 cards that opens from its lowest point.",
        """
   0
  1 1
 2 2 2
3 3 3 3
 4 4 4
  5 5
   6
""",
    ),
    Shape(
        35,
        "twin_diamonds",
        "Twin Diamonds",
        "diamond",
        "Two diamonds of 16 cards side by side, each widest and free across the middle.",
        """
   0         0
  1 1       1 1
 2 2 2     2 2 2
3 3 3 3   3 3 3 3
 2 2 2     2 2 2
  1 1       1 1
   0         0
""",
    ),
    Shape(
        36,
        "desert_rose",
        "Desert Rose",
        "diamond",
        "A diamond of seven fanned rows, 25 cards: each row opens from its middle card.",
        """
   3

  232

 12321

0123210

 12321

  232

   3
""",
    ),
    Shape(
        37,
        "arch",
        "Arch",
        "arch",
        "A round arch on two legs, 27 cards; the keystone is free, the curve is not.",
        """
     0 0 0
   1 1   1 1
  2 2     2 2
 3 3       3 3
4 4         4 4
5 5         5 5
6 6         6 6
""",
    ),
    Shape(
        38,
        "horseshoe",
        "Horseshoe",
        "arch",
        "A U of 27 cards that opens from the bend at the bottom up to its two buried tips.",
        """
0 0         0 0
1 1         1 1
2 2         2 2
 3 3       3 3
  4 4     4 4
   5 5   5 5
     6 6 6
""",
    ),
    Shape(
        39,
        "temple_gate",
        "Temple Gate",
        "arch",
        "Two pylons under a lintel, 32 cards; only the middle of the lintel is free at first.",
        """
0 0 0 0 0 0 0 0
 1 1       1 1
2 2 2     2 2 2
 3 3       3 3
4 4 4     4 4 4
 5 5       5 5
""",
    ),
    Shape(
        40,
        "double_arch",
        "Double Arch",
        "arch",
        "Two arches sharing a middle pier, 35 cards.",
        """
     0 0 0       0 0 0
   1 1   1 1   1 1   1 1
  2 2     2 2 2 2     2 2
 3 3       3 3 3       3 3
4 4         4 4         4 4
""",
    ),
    Shape(
        41,
        "dunes",
        "Dunes",
        "piles",
        "Five small dunes of six cards each; fifteen cards are free at the start.",
        """
       0         0
      1 1       1 1
     2 2 2     2 2 2

  0         0         0
 1 1       1 1       1 1
2 2 2     2 2 2     2 2 2
""",
    ),
    Shape(
        42,
        "caravan",
        "Caravan",
        "piles",
        "Six camels of five cards walking down a dune, 30 cards.",
        """
 0
1 1   0
2 2  1 1   0
     2 2  1 1   0
          2 2  1 1   0
               2 2  1 1   0
                    2 2  1 1
                         2 2
""",
    ),
    Shape(
        43,
        "three_peaks",
        "Three Peaks",
        "piles",
        "Three small peaks standing on a shared base of ten cards, 28 cards.",
        """
   0     0     0
  1 1   1 1   1 1
 2 2 2 2 2 2 2 2 2
3 3 3 3 3 3 3 3 3 3
""",
    ),
    Shape(
        44,
        "seven_pillars",
        "Seven Pillars",
        "piles",
        "Seven columns of two to five cards, 23 cards; each card rests on the one below it.",
        """
      0
    1 1 1
  2 2 2 2 2
3 3 3 3 3 3 3
4 4 4 4 4 4 4
""",
    ),
    Shape(
        45,
        "scattered_stones",
        "Scattered Stones",
        "piles",
        "Eleven little piles of three, 33 cards, two thirds of them free from the start.",
        """
 0     0     0     0
1 1   1 1   1 1   1 1
    0     0     0
   1 1   1 1   1 1
 0     0     0     0
1 1   1 1   1 1   1 1
""",
    ),
    Shape(
        46,
        "staircase",
        "Staircase",
        "stairs",
        "Five flights of six steps, 30 cards: only the bottom step of each flight is free.",
        """
0  0  0  0  0
 1  1  1  1  1
  2  2  2  2  2
   3  3  3  3  3
    4  4  4  4  4
     5  5  5  5  5
""",
    ),
    Shape(
        47,
        "cascade",
        "Cascade",
        "stairs",
        "Three broad flights of steps tumbling to the right, 36 cards, six deep.",
        """
0 0  0 0  0 0
 1 1  1 1  1 1
  2 2  2 2  2 2
   3 3  3 3  3 3
    4 4  4 4  4 4
     5 5  5 5  5 5
""",
    ),
    Shape(
        48,
        "crossroads",
        "Crossroads",
        "cross",
        "Five little pyramids of six cards set out as a cross, 30 cards.",
        """
         0
        1 1
       2 2 2

  0      0      0
 1 1    1 1    1 1
2 2 2  2 2 2  2 2 2

         0
        1 1
       2 2 2
""",
    ),
    Shape(
        49,
        "sun_disk",
        "Sun Disk",
        "ring",
        "Four arcs of five cards around a five-card sun, 25 cards; each arc opens from its middle.",
        points=ring(6, 4.5, 13, (0, 1, 2, 1, 0))
        + ((-1, -1, 0), (1, -1, 0), (-1, 1, 0), (1, 1, 0), (0, 0, 1)),
        row_band=1.0,
    ),
    Shape(
        50,
        "oasis",
        "Oasis",
        "ring",
        "Four fans of seven cards ringing a two-card spring, 30 cards.",
        points=ring(6.5, 4.5, 10, (0, 1, 2, 3, 2, 1, 0)) + ((-1, 0, 0), (1, 0, 0)),
        row_band=1.0,
    ),
    Shape(
        51,
        "sphinx",
        "Sphinx",
        "figure",
        "The great lion lies on the sand: a long body of 30 cards and a six-card head.",
        """
    0 0
    1 1
    2 2   3 3 3 3 3 3
   4 4 4 4 4 4 4 4 4 4 4
5 5 5 5 5 5 5 5 5 5 5 5 5
""",
    ),
    Shape(
        52,
        "scarab",
        "Scarab",
        "figure",
        "A sacred beetle: a body of 23 cards that opens across the middle, and six legs.",
        """
   1         1
    0  0 0  0
      1 1 1
 1   2 2 2 2   1
  0 3 3 3 3 3 0
     2 2 2 2
      1 1 1
    0  0 0  0
   1         1
""",
    ),
    Shape(
        53,
        "palm_tree",
        "Palm Tree",
        "figure",
        "A date palm: six fronds around a free heart above a trunk on its mound, 23 cards.",
        points=(
            # heart of the crown, in front
            (8, 1, 9),
            (10, 1, 9),
            # fronds drooping left and right, tips deepest
            (6.5, 1.5, 8),
            (5, 2, 7),
            (3.5, 2.5, 6),
            (2, 3.5, 5),
            (11.5, 1.5, 8),
            (13, 2, 7),
            (14.5, 2.5, 6),
            (16, 3.5, 5),
            # fronds reaching up
            (7, -0.5, 8),
            (5.5, -1, 7),
            (4, -1, 6),
            (11, -0.5, 8),
            (12.5, -1, 7),
            (14, -1, 6),
            # trunk, lower in front, standing on the mound
            (9, 3, 1),
            (9.5, 4.5, 2),
            (10, 6, 3),
            (10, 7.5, 4),
            (8, 9, 5),
            (10, 9, 5),
            (12, 9, 5),
        ),
        row_band=1.0,
    ),
    Shape(
        54,
        "felucca",
        "Felucca",
        "figure",
        "A Nile sailing boat: a tall sail of 16 cards above a hull of 13.",
        """
          0
         1
        2 2
       3 3
      4 4 4
     5 5 5
    6 6 6 6

  9 9 9 9 9 9 9
   8 8 8 8 8 8
""",
    ),
    Shape(
        55,
        "pyramid_of_pyramids",
        "Pyramid of Pyramids",
        "pyramid",
        "Three pyramids of ten stacked into one of eight rows, with a hollow in the middle.",
        """
       0
      1 1
     2 2 2
    3 3 3 3
   4       4
  5 5     5 5
 6 6 6   6 6 6
7 7 7 7 7 7 7 7
""",
    ),
)


def shapes() -> tuple[Shape, ...]:
    return SHAPES


def write_all(directory: Path = LAYOUT_DIR) -> list[Path]:
    """Write every layout file; remove stale ``NNN_*.toml`` files of renamed layouts."""
    directory.mkdir(parents=True, exist_ok=True)
    wanted = {file_name(s): render(s) for s in SHAPES}
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


def differences(directory: Path = LAYOUT_DIR) -> list[str]:
    """What differs between the files on disk and the shapes (empty when in step)."""
    wanted = {file_name(s): render(s) for s in SHAPES}
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
        description="Regenerate resources/layouts/*.toml from the shapes in layoutgen.py.",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=LAYOUT_DIR,
        help="the folder to write (or --check) the layout files in (default: resources/layouts)",
    )
    parser.add_argument("--check", action="store_true", help="only report files that differ")
    parser.add_argument("--show", metavar="N", help="draw layout N (or 'all') as text")
    args = parser.parse_args(argv)
    try:
        if args.show is not None:
            chosen = [
                s for s in SHAPES if args.show == "all" or str(s.number) == args.show.lstrip("0")
            ]
            if not chosen:
                print(f"no layout {args.show!r}", file=sys.stderr)
                return 2
            print("\n\n".join(draw(s) for s in chosen))
            return 0
        if args.check:
            problems = differences(args.out)
            for p in problems:
                print(p)
            return 1 if problems else 0
        written = write_all(args.out)
        print(f"{len(SHAPES)} layouts, {len(written)} file(s) written to {args.out}")
        return 0
    except ShapeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
