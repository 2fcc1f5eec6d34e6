"""Layout codes: a layout's places in one typeable, checked string, to share a layout.

A layout code such as ``DL-…`` holds a layout's name and, for each card place in slot order, its
position (``x`` and ``y`` in half-card steps), its depth ``z`` and its row. Which card covers which
is not stored: it follows from the drawing, as the layout format requires (two places overlap when
they are less than a card apart both ways, and the one in front covers the other), so it is worked
out again when the code is read. A built-in layout exported and read back has the same places and
the same cover relation.

The check is the deal codes' (the number modulo the prime 32749): any single mistyped character,
and any swap of two neighbouring characters, is caught. The data the code holds is validated as a
layout file is (:meth:`Layout.from_dict`), so a code for a layout the engine cannot play is refused
with the same reasons.

Layout of the number, from the low bits: version (3 bits), the number of places (6 bits), then per
place ``2x`` (7 bits), ``2y`` (6 bits), ``z`` (7 bits) and the row (7 bits), then the name's UTF-8
bytes after their count (8 bits).
"""

from __future__ import annotations

from collections.abc import Mapping

from .deal import checked_code, read_checked_code
from .errors import LayoutCodeError, LayoutError
from .layout import MAX_CARDS, MIN_CARDS, Layout, LayoutData
from .text import NAME_BYTES_MAX, name_problem

LAYOUT_CODE_PREFIX = "DL"
LAYOUT_CODE_VERSION = 1
_FIELDS = ((7, "x"), (6, "y"), (7, "z"), (7, "row"))  # bits, what
#: The most digits a layout code has: 40 places, a name of 60 bytes and the check.
MAX_CODE_DIGITS = -(-(3 + 6 + MAX_CARDS * 27 + 8 + 8 * NAME_BYTES_MAX + 15) // 5)


def covers_from_drawing(places: list[tuple[float, float, int]]) -> list[list[int]]:
    """For each place (x, y, z): the indices of the places lying on it (overlapping, in front)."""
    out: list[list[int]] = [[] for _ in places]
    for i, (x, y, z) in enumerate(places):
        for j, (x2, y2, z2) in enumerate(places):
            if i != j and abs(x - x2) < 2 and abs(y - y2) < 2 and z2 > z:
                out[i].append(j)
    return out


def layout_data(
    name: str,
    places: list[tuple[float, float, int, int]],
    number: int = 1,
    family: str = "custom",
    description: str = "",
) -> LayoutData:
    """Layout file data for places (x, y, z, row) in slot order, the cover relation worked out from
    the drawing; ids are 1, 2, ... in slot order. Validate it with :meth:`Layout.from_dict`."""
    covered = covers_from_drawing([(x, y, z) for x, y, z, _row in places])
    return {
        "schema": 1,
        "number": number,
        "name": name,
        "family": family,
        "description": description,
        "slot": [
            {
                "id": i + 1,
                "row": row,
                "x": x,
                "y": y,
                "z": z,
                "covered_by": [j + 1 for j in covered[i]],
            }
            for i, (x, y, z, row) in enumerate(places)
        ],
    }


def encode_layout_code(layout: Layout) -> str:
    """The layout code of ``layout`` (its name and places; the cover relation follows from them)."""
    return encode_places(layout.name, [(s.x, s.y, s.z, s.row) for s in layout.slots])


def encode_places(name: str, places: list[tuple[float, float, int, int]]) -> str:
    """The layout code of a name and places (x, y, z, row) in slot order, as they are: reading the
    code validates them (an editor may share what it has, and the reader says what is wrong)."""
    raw = name.encode("utf-8")[:NAME_BYTES_MAX]
    raw = raw.decode("utf-8", "ignore").encode("utf-8")  # never half a character
    if not 0 < len(places) < 64:
        raise LayoutCodeError(f"{len(places)} places cannot be put in a layout code")
    payload = 0
    for byte in reversed(raw):
        payload = payload << 8 | byte
    payload = payload << 8 | len(raw)
    for number, (x, y, z, row) in reversed(list(enumerate(places, start=1))):
        values = (int(row), int(z), int(y * 2), int(x * 2))
        for (bits, what), value in zip(reversed(_FIELDS), values, strict=True):
            if not 0 <= value < 1 << bits:
                raise LayoutCodeError(f"place {number}'s {what} cannot be put in a layout code")
            payload = payload << bits | value
    payload = payload << 6 | len(places)
    payload = payload << 3 | LAYOUT_CODE_VERSION
    return checked_code(LAYOUT_CODE_PREFIX, payload)


def looks_like_layout_code(text: str) -> bool:
    return text.strip().upper().startswith(LAYOUT_CODE_PREFIX)


def decode_layout_code(code: str, number: int = 1) -> LayoutData:
    """Read a layout code into layout file data numbered ``number``, validated: a layout the engine
    can play. Any typo, and any layout the engine refuses, raises :class:`LayoutCodeError`."""
    payload = read_checked_code(
        code, LAYOUT_CODE_PREFIX, "layout code", LayoutCodeError, 8, MAX_CODE_DIGITS
    )
    version = payload & 7
    if version != LAYOUT_CODE_VERSION:
        raise LayoutCodeError(
            f"layout code version {version} is not known to this game "
            f"(it reads version {LAYOUT_CODE_VERSION})"
        )
    payload >>= 3
    count = payload & 63
    payload >>= 6
    if not MIN_CARDS <= count <= MAX_CARDS:
        raise LayoutCodeError(
            f"the layout code holds {count} places: a layout has {MIN_CARDS} to {MAX_CARDS}"
        )
    places: list[tuple[float, float, int, int]] = []
    for _ in range(count):
        got: dict[str, int] = {}
        for bits, what in _FIELDS:
            got[what] = payload & ((1 << bits) - 1)
            payload >>= bits
        places.append((got["x"] / 2, got["y"] / 2, got["z"], got["row"]))
    size = payload & 255
    payload >>= 8
    if size > NAME_BYTES_MAX:
        raise LayoutCodeError(
            f"the layout code's name is {size} bytes long: a name has at most {NAME_BYTES_MAX}"
        )
    raw = bytes((payload >> (8 * i)) & 255 for i in range(size))
    if payload >> (8 * size):
        raise LayoutCodeError("the layout code holds more than its name and places")
    try:
        name = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LayoutCodeError("the layout code's name is not readable text") from None
    problem = name_problem(name)
    if problem is not None:
        raise LayoutCodeError(f"the layout code's name {problem}")
    data = layout_data(name, places, number)
    try:
        Layout.from_dict(data, source="the layout code")
    except LayoutError as exc:
        raise LayoutCodeError(str(exc)) from None
    return data


def same_places(a: Layout | Mapping[str, object], b: Layout | Mapping[str, object]) -> bool:
    """Whether two layouts have the same places (x, y, z, row) and cover relation, slot by slot."""

    def key(
        layout: Layout | Mapping[str, object],
    ) -> list[tuple[float, float, int, int, tuple[int, ...]]]:
        lay = layout if isinstance(layout, Layout) else Layout.from_dict(layout)
        return [(s.x, s.y, s.z, s.row, s.covered_by) for s in lay.slots]

    return key(a) == key(b)
