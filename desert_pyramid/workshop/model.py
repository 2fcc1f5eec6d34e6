"""The layout workshop's model: a layout being drawn, with no window, no clock and no file.

The editor screen draws a :class:`Draft` and calls its methods; everything it shows (the cards,
the counts, what is wrong) comes from here, and everything it changes goes through here.

**Units** are the layout files' (``docs/layout-format.md``): a place at ``(x, y)`` is the top-left
corner of a card, in half-card steps, so a card spans ``x .. x + 2`` and ``y .. y + 2``. The
canvas is the table's: ``x`` from 0 to :data:`GRID_X` and ``y`` from 0 to :data:`GRID_Y` (whole
steps from the editor's grid; half steps are kept when a copied layout has them).

**Depth** follows the drawing, as in the game's own layouts: a card put down (or moved) lies in
front of every card it touches, one level above the highest of them; two cards that touch never
share a depth, so which card covers which is always the geometry's
(:func:`~desert_pyramid.engine.layoutcode.covers_from_drawing`) and can never make a cycle.
:meth:`Draft.to_front` and :meth:`Draft.to_back` change a card's depth on purpose.

**Rows** (the row bonus counts cleared rows) are the heights of the places, numbered from the top.

**Problems** (:meth:`Draft.problems`) say in words why the engine cannot play the layout yet:
the same checks as :meth:`~desert_pyramid.engine.Layout.from_dict` (its message is added when a
check of its own is not covered here), so a draft without problems always builds.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from desert_pyramid.engine import Layout, LayoutError
from desert_pyramid.engine.layout import (
    MAX_CARDS,
    MAX_HEIGHT,
    MAX_WIDTH,
    MIN_CARDS,
    PLAYER_FIRST,
    LayoutData,
    is_player_number,
)
from desert_pyramid.engine.layoutcode import (
    covers_from_drawing,
    decode_layout_code,
    encode_places,
    layout_data,
)
from desert_pyramid.i18n import N_, _, ngettext
from desert_pyramid.storage.layouts import PlayerLayoutError, check_name

#: The highest ``x`` and ``y`` of a place: a card is 2 steps wide and tall.
GRID_X = MAX_WIDTH - 2
GRID_Y = MAX_HEIGHT - 2
DECK = 52
HISTORY_MAX = 500
#: A new layout's name (``_(DEFAULT_NAME)`` where a layout is started in the window).
DEFAULT_NAME = N_("My layout")


class EditError(ValueError):
    """An edit the workshop refuses (off the table, onto another card, too many cards); the
    message says why, in words a player reads."""


@dataclass(frozen=True, slots=True)
class Place:
    """One card place of a draft: its corner in half-card steps and its depth."""

    x: float
    y: float
    z: int

    def touches(self, other: Place) -> bool:
        """Whether the two cards overlap (less than a card apart both ways)."""
        return abs(self.x - other.x) < 2 and abs(self.y - other.y) < 2


@dataclass(frozen=True, slots=True)
class Problem:
    """Why the engine cannot play a draft, in words, and the places it is about (indices)."""

    text: str
    places: tuple[int, ...] = ()

    def __str__(self) -> str:
        return self.text


def _on_grid(value: float, high: float) -> bool:
    try:
        v = float(value)
    except (TypeError, ValueError, OverflowError):
        return False
    return math.isfinite(v) and 0 <= v <= high and (v * 2).is_integer()


def _shown(value: object) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**15:
        return "a number far too large"
    text = repr(value)
    return text if len(text) <= 24 else text[:21] + "..."


def _step(value: float, what: str) -> float:
    shown = _shown(value)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise EditError(f"{what} must be a number of half-card steps, not {shown}")
    try:
        v = float(value)
    except OverflowError:
        raise EditError(f"{what} must be a number of half-card steps, not {shown}") from None
    if not math.isfinite(v) or not (v * 2).is_integer():
        raise EditError(f"{what} must be a whole or half step, not {shown}")
    return v


@dataclass(slots=True)
class Draft:
    """A layout being drawn: places in slot order, a name, undo and redo.

    ``number`` is the player's layout this draft edits (saved over it), or ``None`` for a new
    layout (a copy of any layout starts as a new one)."""

    places: list[Place] = field(default_factory=list)
    name: str = DEFAULT_NAME
    number: int | None = None
    _undo: list[tuple[tuple[Place, ...], str]] = field(default_factory=list)
    _redo: list[tuple[tuple[Place, ...], str]] = field(default_factory=list)
    changed: bool = False  # since it was made, loaded or last saved

    # ------------------------------------------------------------------ making

    @classmethod
    def new(cls, name: str | None = None) -> Draft:
        """An empty draft (named "My layout" in the player's language unless ``name`` is given)."""
        return cls([], _(DEFAULT_NAME) if name is None else name)

    @classmethod
    def from_layout(cls, layout: Layout, *, copy: bool = True, shown_name: str = "") -> Draft:
        """A draft of ``layout``'s places (a copy of any layout; with ``copy=False`` and one of the
        player's own layouts, an edit that is saved over it). A copy is named after
        ``shown_name`` when given (the layout's name in the player's language)."""
        places = [Place(s.x, s.y, s.z) for s in layout.slots]
        own = not copy and is_player_number(layout.number)
        name = layout.name if own else _copy_name(shown_name or layout.name)
        return cls(places, name, layout.number if own else None)

    @classmethod
    def from_code(cls, code: str) -> Draft:
        """A draft of a layout code's layout, under the code's name, to be saved as a new layout
        (:class:`LayoutCodeError` if the code cannot be read)."""
        layout = Layout.from_dict(decode_layout_code(code, PLAYER_FIRST), source="the layout code")
        return cls([Place(s.x, s.y, s.z) for s in layout.slots], layout.name, None)

    # ------------------------------------------------------------------ history

    def _push(self, what: str) -> None:
        self._undo.append((tuple(self.places), what))
        del self._undo[:-HISTORY_MAX]
        self._redo.clear()
        self.changed = True

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> str:
        """Go back one edit; what was undone ("" when there was nothing)."""
        if not self._undo:
            return ""
        places, what = self._undo.pop()
        self._redo.append((tuple(self.places), what))
        self.places = list(places)
        self.changed = True
        return what

    def redo(self) -> str:
        """Do again the last edit undone; what was redone ("" when there was nothing)."""
        if not self._redo:
            return ""
        places, what = self._redo.pop()
        self._undo.append((tuple(self.places), what))
        self.places = list(places)
        self.changed = True
        return what

    # ------------------------------------------------------------------ looking

    @property
    def count(self) -> int:
        return len(self.places)

    def covered_by(self) -> list[list[int]]:
        """For each place, the places lying on it (worked out from the drawing)."""
        return covers_from_drawing([(p.x, p.y, p.z) for p in self.places])

    def free(self) -> list[int]:
        """The places no card lies on: the cards free at the deal."""
        return [i for i, cov in enumerate(self.covered_by()) if not cov]

    @property
    def free_count(self) -> int:
        return len(self.free())

    @property
    def stock_count(self) -> int:
        """Cards left for the stock."""
        return DECK - self.count

    def rows(self) -> list[int]:
        """Each place's row: its height's rank, from the top (1 is the highest)."""
        heights = sorted({p.y for p in self.places})
        rank = {y: i + 1 for i, y in enumerate(heights)}
        return [rank[p.y] for p in self.places]

    def at(self, x: float, y: float) -> int | None:
        """The place whose card is drawn at the point ``(x, y)`` (half-card steps, any value): the
        one in front where cards overlap; ``None`` on an empty spot."""
        best: int | None = None
        for i, p in enumerate(self.places):
            if p.x <= x < p.x + 2 and p.y <= y < p.y + 2:
                if best is None or p.z > self.places[best].z:
                    best = i
        return best

    @staticmethod
    def snap(x: float, y: float) -> tuple[int, int]:
        """The grid corner of a card centred on the point ``(x, y)``, kept on the table."""
        gx = min(max(round(x - 1), 0), int(GRID_X))
        gy = min(max(round(y - 1), 0), int(GRID_Y))
        return gx, gy

    def why_not_place(self, x: float, y: float, ignore: int | None = None) -> str:
        """Why a card cannot go at ``(x, y)`` ("" when it can)."""
        try:
            fx, fy = _step(x, "x"), _step(y, "y")
        except EditError as exc:
            return str(exc)
        if not (0 <= fx <= GRID_X and 0 <= fy <= GRID_Y):
            return _("that is off the table (x 0 to {x_max}, y 0 to {y_max})").format(
                x_max=f"{GRID_X:g}", y_max=f"{GRID_Y:g}"
            )
        for i, p in enumerate(self.places):
            if i != ignore and p.x == fx and p.y == fy:
                return _("card {number} is already there").format(number=i + 1)
        if ignore is None and self.count >= MAX_CARDS:
            return ngettext(
                "a layout holds at most {most} card",
                "a layout holds at most {most} cards",
                MAX_CARDS,
            ).format(most=MAX_CARDS)
        return ""

    # ------------------------------------------------------------------ editing

    def _front_z(self, x: float, y: float, ignore: int | None = None) -> int:
        probe = Place(x, y, 0)
        under = [p.z for i, p in enumerate(self.places) if i != ignore and p.touches(probe)]
        return max(under) + 1 if under else 0

    def place(self, x: float, y: float) -> int:
        """Put a card at ``(x, y)``, in front of the cards it touches; its index."""
        problem = self.why_not_place(x, y)
        if problem:
            raise EditError(problem)
        fx, fy = float(x), float(y)
        self._push(N_("place a card"))
        self.places.append(Place(fx, fy, self._front_z(fx, fy)))
        return len(self.places) - 1

    def _index(self, index: int) -> None:
        if not isinstance(index, int) or not 0 <= index < len(self.places):
            shown = index + 1 if isinstance(index, int) else index
            raise EditError(_("there is no card {number}").format(number=shown))

    def remove(self, index: int) -> None:
        """Take card ``index`` away (the others keep their order)."""
        self._index(index)
        self._push(N_("remove a card"))
        del self.places[index]

    def move(self, index: int, x: float, y: float) -> None:
        """Move card ``index`` to ``(x, y)``: it keeps its depth unless a card it now touches
        shares it, and then comes in front of the cards it touches."""
        self._index(index)
        problem = self.why_not_place(x, y, ignore=index)
        if problem:
            raise EditError(problem)
        fx, fy = float(x), float(y)
        old = self.places[index]
        if (old.x, old.y) == (fx, fy):
            return
        moved = Place(fx, fy, old.z)
        clash = any(
            i != index and p.touches(moved) and p.z == old.z for i, p in enumerate(self.places)
        )
        if clash:
            moved = Place(fx, fy, self._front_z(fx, fy, ignore=index))
        self._push(N_("move a card"))
        self.places[index] = moved

    def shift(self, dx: float, dy: float) -> None:
        """Move every card by ``(dx, dy)`` (to centre the drawing); refused off the table."""
        ddx, ddy = _step(dx, "dx"), _step(dy, "dy")
        if not self.places or (ddx, ddy) == (0, 0):
            return
        moved = [Place(p.x + ddx, p.y + ddy, p.z) for p in self.places]
        if not all(0 <= p.x <= GRID_X and 0 <= p.y <= GRID_Y for p in moved):
            raise EditError(_("that would take cards off the table"))
        self._push(N_("move every card"))
        self.places = moved

    def mirror(self, *, vertical: bool = False) -> None:
        """Turn the drawing over, left to right (or top to bottom), in place on the table; each
        card keeps its depth, so the covers are mirrored too."""
        if not self.places:
            return
        if vertical:
            top = min(p.y for p in self.places) + max(p.y for p in self.places)
            flipped = [Place(p.x, top - p.y, p.z) for p in self.places]
        else:
            side = min(p.x for p in self.places) + max(p.x for p in self.places)
            flipped = [Place(side - p.x, p.y, p.z) for p in self.places]
        self._push(N_("mirror"))
        self.places = flipped

    def to_front(self, index: int) -> None:
        """Bring card ``index`` in front of every card it touches."""
        self._index(index)
        p = self.places[index]
        z = self._front_z(p.x, p.y, ignore=index)
        if z != p.z:
            self._push(N_("bring a card to the front"))
            self.places[index] = Place(p.x, p.y, z)

    def to_back(self, index: int) -> None:
        """Send card ``index`` behind every card it touches (the others move up a level when it
        cannot go lower than 0)."""
        self._index(index)
        p = self.places[index]
        others = [q.z for i, q in enumerate(self.places) if i != index and q.touches(p)]
        if not others or p.z < min(others):
            return
        z = min(others) - 1
        self._push(N_("send a card to the back"))
        if z < 0:
            self.places = [Place(q.x, q.y, q.z - z) for q in self.places]
            z = 0
        self.places[index] = Place(p.x, p.y, z)

    def rename(self, name: str) -> None:
        if name != self.name:
            self.name = name
            self.changed = True

    # ------------------------------------------------------------------ checking and building

    def _ordered(self) -> list[int]:
        """Slot order of the layout built: top to bottom, left to right, back to front."""
        return sorted(
            range(self.count), key=lambda i: (self.places[i].y, self.places[i].x, self.places[i].z)
        )

    def depths(self) -> list[int]:
        """Each place's depth as written to the file: the longest line of cards beneath it (the
        same covers as the draft's own depths, the smallest numbers that give them)."""
        covered = self.covered_by()
        below: list[list[int]] = [[] for _ in self.places]
        for i, cov in enumerate(covered):
            for j in cov:
                below[j].append(i)
        depth: list[int] = [-1] * self.count
        for i in sorted(range(self.count), key=lambda k: self.places[k].z):
            depth[i] = max((depth[j] + 1 for j in below[i]), default=0)
        return depth

    def places_for_file(self) -> list[tuple[float, float, int, int]]:
        """(x, y, z, row) of each place, in the slot order of the layout built."""
        rows, depths = self.rows(), self.depths()
        return [(self.places[i].x, self.places[i].y, depths[i], rows[i]) for i in self._ordered()]

    def data(self, number: int = PLAYER_FIRST) -> LayoutData:
        """Layout file data for the draft (not checked: see :meth:`problems`)."""
        return layout_data(self.name, self.places_for_file(), number, family="custom")

    def problems(self) -> list[Problem]:
        """Why the engine cannot play the draft yet, in words (empty: it can).

        A cover cycle, or no card free at the deal, cannot be drawn: a card covers another only
        from a higher depth, so the cards in front are always free and covers never go round in
        a circle. What is left to check: the number of cards, the name, cards off the table or
        touching at the same depth (a draft made place by place never has them), and anything
        else :meth:`Layout.from_dict` refuses."""
        out: list[Problem] = []
        n = self.count
        if n < MIN_CARDS:
            more = MIN_CARDS - n
            out.append(
                Problem(
                    ngettext(
                        "{n} card: a layout needs at least {least} ({more} more)",
                        "{n} cards: a layout needs at least {least} ({more} more)",
                        n,
                    ).format(n=n, least=MIN_CARDS, more=more)
                )
            )
        elif n > DECK - 1:
            out.append(
                Problem(
                    ngettext(
                        "{n} card: the deck has {deck}, and the stock needs at least one",
                        "{n} cards: the deck has {deck}, and the stock needs at least one",
                        n,
                    ).format(n=n, deck=DECK)
                )
            )
        elif n > MAX_CARDS:
            out.append(
                Problem(
                    ngettext(
                        "{n} card: a layout holds at most {most}",
                        "{n} cards: a layout holds at most {most}",
                        n,
                    ).format(n=n, most=MAX_CARDS)
                )
            )
        try:
            check_name(self.name)
        except PlayerLayoutError as exc:
            out.append(Problem(str(exc)))
        off = tuple(
            i
            for i, p in enumerate(self.places)
            if not (_on_grid(p.x, GRID_X) and _on_grid(p.y, GRID_Y))
        )
        if off:
            listed = ", ".join(str(i + 1) for i in off)
            text = ngettext(
                "off the table (or not on a half step): card {cards}",
                "off the table (or not on a half step): cards {cards}",
                len(off),
            ).format(cards=listed)
            out.append(Problem(text, off))
        for i, p in enumerate(self.places):
            for j in range(i + 1, n):
                q = self.places[j]
                if p.touches(q) and p.z == q.z:
                    out.append(
                        Problem(
                            _("cards {first} and {second} overlap at the same depth").format(
                                first=i + 1, second=j + 1
                            ),
                            (i, j),
                        )
                    )
        if not out:
            try:
                Layout.from_dict(self.data(), source="the layout")
            except LayoutError as exc:  # a check of the engine's not made above
                out.append(Problem(str(exc).removeprefix("the layout: ")))
        return out

    @property
    def playable(self) -> bool:
        return not self.problems()

    def build(self, number: int | None = None) -> Layout:
        """The layout drawn, numbered ``number`` (default: the layout it edits, else the first
        number of a player's layouts); :class:`EditError` with every problem when it cannot be
        played."""
        problems = self.problems()
        if problems:
            raise EditError("; ".join(p.text for p in problems))
        chosen = number if number is not None else (self.number or PLAYER_FIRST)
        try:
            return Layout.from_dict(self.data(chosen), source="the layout")
        except LayoutError as exc:
            raise EditError(str(exc).removeprefix("the layout: ")) from None

    def code(self) -> str:
        """The draft's layout code (``DL-…``), to share it; a draft that cannot be played yet has
        one too (reading it says what is wrong). :class:`LayoutCodeError` for an empty draft."""
        return encode_places(self.name, self.places_for_file())


def _copy_name(name: str) -> str:
    text = _("{name} (copy)").format(name=name)
    return text if len(text.encode("utf-8")) <= 60 else name


def draft_of(places: Iterable[tuple[float, float]], name: str | None = None) -> Draft:
    """A draft with a card put at each ``(x, y)`` in turn (each in front of what it touches)."""
    draft = Draft.new(name)
    for x, y in places:
        draft.place(x, y)
    draft._undo.clear()
    draft.changed = False
    return draft


def indices(problems: Sequence[Problem]) -> set[int]:
    """Every place some problem is about (to mark them on the screen)."""
    return {i for p in problems for i in p.places}
