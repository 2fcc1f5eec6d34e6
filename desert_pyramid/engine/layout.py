"""Layouts as data: slots with positions, rows and the cover relation.

The file format is described in ``docs/layout-format.md``. This module validates layout *data*
(a dict as read from TOML); reading files is done outside the engine (``desert_pyramid.catalog``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypedDict, TypeVar

from .errors import LayoutError
from .text import DESCRIPTION_MAX, FAMILY_MAX, name_problem, text_problem

MIN_CARDS = 15
MAX_CARDS = 40
MAX_WIDTH = 30.0  # half card widths
MAX_HEIGHT = 14.0  # half card heights
LAYOUT_SCHEMA = 1
#: Layout numbers: the game's own layouts are 1 to BUILTIN_LAST, a player's own layouts (made in
#: the layout workshop or imported from a layout code) PLAYER_FIRST to PLAYER_LAST, so the two
#: never clash. Deal codes, game codes and the statistics carry any of them.
BUILTIN_LAST = 99
PLAYER_FIRST = 101
PLAYER_LAST = 999


def is_player_number(number: int) -> bool:
    """Whether ``number`` is in the range of a player's own layouts."""
    return PLAYER_FIRST <= number <= PLAYER_LAST


def valid_number(number: int) -> bool:
    """Whether ``number`` can name a layout (the game's own or a player's)."""
    return 1 <= number <= BUILTIN_LAST or is_player_number(number)


NUMBER_RANGES = f"1 to {BUILTIN_LAST} for the game's layouts, {PLAYER_FIRST} to {PLAYER_LAST} for a player's own"


@dataclass(frozen=True, slots=True)
class Slot:
    """One card position. ``index`` is the 0-based slot order; ``id`` the file's id."""

    index: int
    id: int
    row: int
    x: float
    y: float
    z: int
    covered_by: tuple[int, ...]  # slot indices lying on this one
    covers: tuple[int, ...]  # slot indices this one lies on


@dataclass(frozen=True, slots=True)
class Layout:
    number: int
    name: str
    slots: tuple[Slot, ...]
    family: str = ""
    description: str = ""

    @property
    def size(self) -> int:
        return len(self.slots)

    @property
    def rows(self) -> tuple[int, ...]:
        """The distinct row numbers, top first."""
        return tuple(sorted({s.row for s in self.slots}))

    @property
    def width(self) -> float:
        return max(s.x for s in self.slots) + 2 - min(s.x for s in self.slots)

    @property
    def height(self) -> float:
        return max(s.y for s in self.slots) + 2 - min(s.y for s in self.slots)

    def slot_by_id(self, slot_id: int) -> Slot:
        for s in self.slots:
            if s.id == slot_id:
                return s
        raise LayoutError(f"layout {self.number} has no slot {slot_id}")

    @classmethod
    def from_dict(cls, data: Mapping[str, object], source: str = "layout") -> Layout:
        """Validate layout data (as read from a layout file) and build the layout.

        ``source`` names the file in every error message. The checks run in order: the header
        (number, name, words), the slot tables one by one, the cover relation against the
        drawing, no cover cycle, the size.
        """

        def fail(msg: str) -> LayoutError:
            return LayoutError(f"{source}: {msg}")

        number, name, family, description = _read_header(data, fail)
        parsed, ids = _read_slots(_slot_tables(data, fail), fail)
        covered_by = _resolve_covers(parsed, ids, fail)
        _check_drawing(parsed, covered_by, fail)
        _check_acyclic(parsed, covered_by, fail)
        _check_size(parsed, fail)
        return cls(
            number=number,
            name=name.strip(),
            slots=_build_slots(parsed, covered_by),
            family=family,
            description=description,
        )

    def to_dict(self) -> LayoutData:
        """The layout as file data (inverse of :meth:`from_dict`)."""
        return {
            "schema": LAYOUT_SCHEMA,
            "number": self.number,
            "name": self.name,
            "family": self.family,
            "description": self.description,
            "slot": [
                {
                    "id": s.id,
                    "row": s.row,
                    "x": s.x,
                    "y": s.y,
                    "z": s.z,
                    "covered_by": [self.slots[j].id for j in s.covered_by],
                }
                for s in self.slots
            ],
        }


class SlotData(TypedDict):
    """One ``[[slot]]`` table of a layout file, as :meth:`Layout.to_dict` writes it."""

    id: int
    row: int
    x: float
    y: float
    z: int
    covered_by: list[int]


class LayoutData(TypedDict):
    """A layout file's table, as :meth:`Layout.to_dict` writes it (:meth:`Layout.from_dict`
    reads any table, and checks it)."""

    schema: int
    number: int
    name: str
    family: str
    description: str
    slot: list[SlotData]


#: A slot as read: id, row, x, y, z and the ids of the slots covering it.
_Parsed = tuple[int, int, float, float, int, list[int]]
_Fail = Callable[[str], LayoutError]


def _read_header(data: Mapping[str, object], fail: _Fail) -> tuple[int, str, str, str]:
    """The layout's number, name, family and description, checked."""
    if not isinstance(data, Mapping):
        raise fail("the layout must be a table")
    schema = data.get("schema", LAYOUT_SCHEMA)
    if schema != LAYOUT_SCHEMA:
        raise fail(f"schema {schema!r} is not supported (this game reads schema {LAYOUT_SCHEMA})")
    number = _req(data, "number", int, fail)
    if not valid_number(number):
        shown = str(number) if abs(number) < 10**12 else "far too large"
        raise fail(f"number {shown} is out of range ({NUMBER_RANGES})")
    name = _req(data, "name", str, fail)
    problem = name_problem(name)
    if problem is not None:  # the editor's limits, for a file placed by hand too
        raise fail(f"the name {problem}")
    family = data.get("family", "")
    description = data.get("description", "")
    if not isinstance(family, str) or not isinstance(description, str):
        raise fail("family and description must be text")
    for what, text, longest in (
        ("family", family, FAMILY_MAX),
        ("description", description, DESCRIPTION_MAX),
    ):
        problem = text_problem(text, longest)
        if problem is not None:
            raise fail(f"the {what} {problem}")
    return number, name, family, description


def _slot_tables(data: Mapping[str, object], fail: _Fail) -> Sequence[object]:
    """The ``[[slot]]`` tables, as many as a layout may have."""
    raw_slots = data.get("slot")
    if not isinstance(raw_slots, Sequence) or isinstance(raw_slots, str):
        raise fail("no [[slot]] tables")
    count = len(raw_slots)
    if not MIN_CARDS <= count <= MAX_CARDS:
        raise fail(f"{count} slots: a layout has between {MIN_CARDS} and {MAX_CARDS} cards")
    return raw_slots


def _read_slots(raw_slots: Sequence[object], fail: _Fail) -> tuple[list[_Parsed], dict[int, int]]:
    """Every slot table read and checked, in order, and each id's position in that order."""
    ids: dict[int, int] = {}
    parsed: list[_Parsed] = []
    for i, raw in enumerate(raw_slots):
        parsed.append(_read_slot(raw, i, ids, fail))
        ids[parsed[-1][0]] = i
    return parsed, ids


def _read_slot(raw: object, i: int, ids: Mapping[int, int], fail: _Fail) -> _Parsed:
    """Slot table number ``i`` (from 0) read and checked; ``ids``: the ids read before it."""
    where = f"slot #{i + 1}"
    if not isinstance(raw, Mapping):
        raise fail(f"{where} is not a table")
    sid = _req(raw, "id", int, fail, where)
    where = f"slot {sid}"
    if sid < 1:
        raise fail(f"{where}: ids are positive integers")
    if sid in ids:
        raise fail(f"{where}: duplicate slot id (also slot #{ids[sid] + 1} in order)")
    row = _req(raw, "row", int, fail, where)
    if row < 1:
        raise fail(f"{where}: row {row} (rows count from 1)")
    x = _num(raw, "x", fail, where)
    y = _num(raw, "y", fail, where)
    z = _req(raw, "z", int, fail, where)
    cov = raw.get("covered_by", [])
    if (
        not isinstance(cov, Sequence)
        or isinstance(cov, str)
        or not all(isinstance(c, int) and not isinstance(c, bool) for c in cov)
    ):
        raise fail(f"{where}: covered_by must be a list of slot ids")
    if len(set(cov)) != len(cov):
        raise fail(f"{where}: covered_by lists a slot twice")
    return (sid, row, x, y, z, list(cov))


def _resolve_covers(parsed: list[_Parsed], ids: Mapping[int, int], fail: _Fail) -> list[list[int]]:
    """Each slot's covered_by as slot indices (the file names slots by id)."""
    covered_by: list[list[int]] = []
    for sid, _row, _x, _y, _z, cov in parsed:
        idx: list[int] = []
        for c in cov:
            if c not in ids:
                raise fail(f"slot {sid} is covered by slot {c}, which does not exist")
            if c == sid:
                raise fail(f"slot {sid} covers itself")
            idx.append(ids[c])
        covered_by.append(idx)
    return covered_by


def _check_drawing(parsed: list[_Parsed], covered_by: list[list[int]], fail: _Fail) -> None:
    """The cover relation must follow the drawing: a slot is covered exactly by the slots that
    overlap it from in front."""
    for i, (sid, _row, x, y, z, _cov) in enumerate(parsed):
        for j, (sid2, _r2, x2, y2, z2, _c2) in enumerate(parsed):
            if i == j:
                continue
            overlap = abs(x - x2) < 2 and abs(y - y2) < 2
            if j in covered_by[i]:
                _check_cover(sid, z, sid2, z2, overlap, fail)
            elif overlap and i < j:
                _check_overlap(parsed, covered_by, i, j, fail)


def _check_cover(sid: int, z: int, sid2: int, z2: int, overlap: bool, fail: _Fail) -> None:
    """Slot ``sid2`` is listed as covering slot ``sid``: it must overlap it, from in front."""
    if not overlap:
        raise fail(f"slot {sid} is covered by slot {sid2}, but they do not overlap")
    if z2 <= z:
        raise fail(f"slot {sid} is covered by slot {sid2}, which is not in front (z {z2} <= {z})")


def _check_overlap(
    parsed: list[_Parsed], covered_by: list[list[int]], i: int, j: int, fail: _Fail
) -> None:
    """Slots ``i`` and ``j`` overlap and ``j`` is not listed on ``i``: they must lie at two depths,
    and the one in front must be listed on the one behind."""
    sid, z, sid2, z2 = parsed[i][0], parsed[i][4], parsed[j][0], parsed[j][4]
    if z == z2:
        raise fail(f"slots {sid} and {sid2} overlap at the same depth z = {z}")
    front, back = (j, i) if z2 > z else (i, j)
    if front not in covered_by[back]:
        raise fail(
            f"slot {parsed[front][0]} overlaps slot {parsed[back][0]} from in front, "
            f"but is not in its covered_by"
        )


def _check_size(parsed: list[_Parsed], fail: _Fail) -> None:
    """The layout fits the table: at most MAX_WIDTH x MAX_HEIGHT half cards."""
    xs = [p[2] for p in parsed]
    ys = [p[3] for p in parsed]
    width = max(xs) + 2 - min(xs)
    height = max(ys) + 2 - min(ys)
    if width > MAX_WIDTH or height > MAX_HEIGHT:
        raise fail(
            f"the layout is {width:g} x {height:g} half cards; the table holds {MAX_WIDTH:g} x {MAX_HEIGHT:g}"
        )


def _build_slots(parsed: list[_Parsed], covered_by: list[list[int]]) -> tuple[Slot, ...]:
    """The checked slots, each with the slots covering it and the slots it covers (indices)."""
    covers: list[list[int]] = [[] for _ in parsed]
    for i, cb in enumerate(covered_by):
        for j in cb:
            covers[j].append(i)
    return tuple(
        Slot(
            index=i,
            id=p[0],
            row=p[1],
            x=p[2],
            y=p[3],
            z=p[4],
            covered_by=tuple(covered_by[i]),
            covers=tuple(sorted(covers[i])),
        )
        for i, p in enumerate(parsed)
    )


T = TypeVar("T", int, str)  # what a layout's required field holds


def _req(data: Mapping[str, object], key: str, typ: type[T], fail: _Fail, where: str = "") -> T:
    prefix = f"{where}: " if where else ""
    if key not in data:
        raise fail(f"{prefix}missing '{key}'")
    value = data[key]
    if not isinstance(value, typ) or (typ is int and isinstance(value, bool)):
        raise fail(
            f"{prefix}'{key}' must be {'an integer' if typ is int else 'text'}, not {value!r}"
        )
    return value


def _num(data: Mapping[str, object], key: str, fail: _Fail, where: str) -> float:
    if key not in data:
        raise fail(f"{where}: missing '{key}'")
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise fail(f"{where}: '{key}' must be a number, not {value!r}")
    if value < 0 or (value * 2) != int(value * 2):
        raise fail(f"{where}: '{key}' = {value} must be a non-negative multiple of 0.5")
    return float(value)


def _check_acyclic(parsed: list[_Parsed], covered_by: list[list[int]], fail: _Fail) -> None:
    # Depth-first search with colours; report the cycle by slot ids.
    white, grey, black = 0, 1, 2
    colour = [white] * len(parsed)
    for start in range(len(parsed)):
        if colour[start] != white:
            continue
        stack: list[tuple[int, int]] = [(start, 0)]
        path: list[int] = [start]
        colour[start] = grey
        while stack:
            node, k = stack[-1]
            if k < len(covered_by[node]):
                stack[-1] = (node, k + 1)
                nxt = covered_by[node][k]
                if colour[nxt] == grey:
                    cyc = path[path.index(nxt) :] + [nxt]
                    chain = " -> ".join(str(parsed[c][0]) for c in cyc)
                    raise fail(f"cover cycle: slot {chain} (each covered by the next)")
                if colour[nxt] == white:
                    colour[nxt] = grey
                    stack.append((nxt, 0))
                    path.append(nxt)
            else:
                colour[node] = black
                stack.pop()
                path.pop()


def classic_layout() -> Layout:
    """Layout 1, built in code (identical to ``resources/layouts/001_classic.toml``)."""
    slots: list[dict[str, object]] = []

    def sid(r: int, c: int) -> int:
        return r * (r - 1) // 2 + c

    for r in range(1, 8):
        for c in range(1, r + 1):
            slots.append(
                {
                    "id": sid(r, c),
                    "row": r,
                    "x": 7 - r + 2 * (c - 1),
                    "y": r - 1,
                    "z": r - 1,
                    "covered_by": [sid(r + 1, c), sid(r + 1, c + 1)] if r < 7 else [],
                }
            )
    return Layout.from_dict(
        {
            "number": 1,
            "name": "Classic Pyramid",
            "family": "pyramid",
            "description": "The traditional pyramid: 28 cards in seven rows, the top card buried deepest.",
            "slot": slots,
        },
        source="classic layout",
    )
