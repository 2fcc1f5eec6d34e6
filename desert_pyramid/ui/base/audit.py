"""The layout audit: every drawn part's box, and what is wrong with them (``--check-layout``).

The drawing widgets (texts, button columns, panels, the table's cards and piles, the top bar)
report what they draw to the one :class:`Recorder` while it is on (:func:`start`); with it off
(always, except under ``--check-layout`` and in tests) a report costs one global look-up.
:func:`problems` then says what a player would see as broken:

* a part that lies outside the window, even by a pixel;
* two parts that should not meet and overlap: two buttons, a button and a text that is not its
  own label, two texts, a text or a button over a card or a pile of the table, a text or a
  button under the coach's panel (a cover) that is not its own;
* a text whose drawn glyphs (measured, not counted) do not lie inside its box with a pixel to
  spare: a glyph touching the box's or the window's edge counts as not fitting;
* a text cut with "…" (``whole``: what it was asked to say): a commercial game scrolls, pages or
  says it shorter, it never cuts a word;
* a pop-up, toast or dialog (kind ``popup``, on any layer) over a heading (a text reported with
  ``heading``) or over a card its text names (``names``; ``"*"``: every card, a dialog about the
  whole position), on whatever layer those lie.

Parts are compared only on one layer: a screen's menu drawn over a paused table (layer
``table``) or a toast (layer ``overlay``) over a screen is meant to be over it. Pure: no Arcade.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from desert_pyramid.ui.base.geometry import Rect

BUTTON = "button"
TEXT = "text"
PANEL = "panel"
CARD = "card"
PILE = "pile"
TILE = "tile"
COVER = "cover"  # an opaque panel over the table (the coach's): only its own words lie under it
POPUP = "popup"  # a pop-up, toast or dialog: audited with what it covers, on every layer
EVERY_CARD = "*"  # a pop-up's ``names`` when it speaks of the whole position

SCREEN = "screen"  # a screen's own parts
TABLE = "table"  # the table: its cards, piles, top bar, coach
OVERLAY = "overlay"  # toasts and banners over every screen

#: Kinds that must not overlap one another on a layer (a button and its own label excepted).
_APART = {
    frozenset({BUTTON}),
    frozenset({BUTTON, TEXT}),
    frozenset({TEXT}),
    frozenset({TEXT, CARD}),
    frozenset({TEXT, PILE}),
    frozenset({BUTTON, CARD}),
    frozenset({BUTTON, PILE}),
    frozenset({TILE}),
    frozenset({TILE, BUTTON}),
    frozenset({COVER, TEXT}),
    frozenset({COVER, BUTTON}),
}
#: A glyph needs this many pixels between it and the edge of its box.
MARGIN = 1.0


@dataclass(frozen=True, slots=True)
class Part:
    """One drawn part: ``rect`` where it is drawn; a text also has ``box`` (what it must fit in,
    ``None``: the window) and ``ink`` (its glyphs' measured extents); ``owner`` ties a label to its
    button (the button's own name)."""

    kind: str
    name: str
    rect: Rect
    layer: str = SCREEN
    box: Rect | None = None
    ink: Rect | None = None
    owner: str = ""
    whole: str = ""  # a text cut with "…": what it was asked to say
    heading: bool = False  # a screen's heading (no pop-up may cover it)
    names: tuple[str, ...] = ()  # a pop-up: the cards its text names (none may lie under it)

    def to_json(self) -> dict[str, object]:
        def box(r: Rect) -> list[float]:
            return [round(r.left, 1), round(r.bottom, 1), round(r.width, 1), round(r.height, 1)]

        out: dict[str, object] = {
            "kind": self.kind,
            "name": self.name,
            "rect": box(self.rect),
            "layer": self.layer,
        }
        if self.box is not None:
            out["box"] = box(self.box)
        if self.ink is not None:
            out["ink"] = box(self.ink)
        if self.whole:
            out["whole"] = self.whole
        return out


@dataclass
class Recorder:
    """The parts reported since :meth:`clear` (one frame's)."""

    parts: list[Part] = field(default_factory=list)
    layer: str = SCREEN
    muted: bool = False  # a part in motion (a toast sliding in) is not reported
    clip: Rect | None = None  # a scroll area's window: parts are seen only through it
    shift: tuple[float, float] = (0.0, 0.0)  # the scroll area's offset (content to window)

    def clear(self) -> None:
        self.parts = []

    def add(self, part: Part) -> None:
        self.parts.append(part)


_recorder: Recorder | None = None


def start() -> Recorder:
    """Turn the recording on (until :func:`stop`) and give the recorder."""
    global _recorder
    _recorder = Recorder()
    return _recorder


def stop() -> None:
    global _recorder
    _recorder = None


def record_frames(step: Callable[[], object], frames: int = 3) -> list[Part]:
    """The parts of the last of ``frames`` frames drawn by ``step`` (the audit on only for them):
    what ``--check-layout``, tools/audit_all.py and the tests check."""
    recorder = start()
    try:
        for _ in range(frames):
            recorder.clear()
            step()
    finally:
        stop()
    return recorder.parts


def recording() -> Recorder | None:
    """The recorder while the audit is on, else ``None`` (the widgets' hooks test this first)."""
    return _recorder


def report(
    kind: str,
    name: str,
    rect: Rect,
    *,
    layer: str | None = None,
    box: Rect | None = None,
    ink: Rect | None = None,
    owner: str = "",
    whole: str = "",
    heading: bool = False,
    names: tuple[str, ...] = (),
) -> None:
    """A widget drew a part (nothing happens unless the audit is on)."""
    r = _recorder
    if r is None or r.muted or rect.width <= 0 or rect.height <= 0:
        return
    if r.clip is not None:  # in a scroll area: where it shows, cut to the area
        dx, dy = r.shift
        seen = _cut(rect.moved(dx, dy), r.clip)
        if seen is None:
            return
        rect = seen
        box = None if box is None else box.moved(dx, dy)
        ink = None if ink is None else _cut(ink.moved(dx, dy), r.clip)
    r.add(Part(kind, name, rect, layer or r.layer, box, ink, owner, whole, heading, names))


def _cut(rect: Rect, clip: Rect) -> Rect | None:
    left, bottom = max(rect.left, clip.left), max(rect.bottom, clip.bottom)
    right, top = min(rect.right, clip.right), min(rect.top, clip.top)
    if right <= left or top <= bottom:
        return None
    return Rect(left, bottom, right - left, top - bottom)


@contextmanager
def scrolled(area: Rect, dx: float = 0.0, dy: float = 0.0) -> Iterator[None]:
    """Parts reported inside are drawn in a scroll area: moved by (``dx``, ``dy``) and seen only
    through ``area`` (what lies beyond it is clipped, not out of the window)."""
    r = _recorder
    if r is None:
        yield
        return
    old = r.clip, r.shift
    r.clip, r.shift = area, (dx, dy)
    try:
        yield
    finally:
        r.clip, r.shift = old


@contextmanager
def layer(name: str, moving: bool = False) -> Iterator[None]:
    """Parts reported inside are on layer ``name`` (a table drawn under a menu: ``table``);
    ``moving``: they are in motion (a toast sliding in), and not reported at all."""
    r = _recorder
    if r is None:
        yield
        return
    old = r.layer, r.muted
    r.layer, r.muted = name, r.muted or moving
    try:
        yield
    finally:
        r.layer, r.muted = old


def _label(p: Part) -> str:
    return f"{p.kind} '{p.name}'"


def problems(parts: list[Part], width: float, height: float) -> list[str]:
    """What is wrong with these parts in a window of ``width`` x ``height``, one line each."""
    window = Rect(0, 0, width, height)
    found: list[str] = []
    unique: list[Part] = []
    seen: set[tuple[str, str, Rect, str]] = set()
    for p in parts:  # a part drawn twice in a frame (a partial redraw) counts once
        key = (p.kind, p.name, p.rect, p.layer)
        if key not in seen:
            seen.add(key)
            unique.append(p)
    for p in unique:
        if not p.rect.inside(window):
            found.append(f"{_label(p)} lies outside the window: {_where(p.rect)}")
        if p.ink is not None:
            box = p.box if p.box is not None else window
            inner = box.inflated(-MARGIN)
            if not p.ink.inside(inner) or (p.box is not None and not p.ink.inside(window)):
                where = "its box" if p.box is not None else "the window"
                found.append(
                    f"{_label(p)} does not fit {where}: glyphs {_where(p.ink)} in {_where(box)}"
                )
        if p.whole and p.whole != p.name:
            found.append(f"text '{_short(p.name)}' is cut: it should say '{_short(p.whole)}'")
    found += _covered(unique)
    for i, a in enumerate(unique):
        for b in unique[i + 1 :]:
            if a.layer != b.layer or frozenset({a.kind, b.kind}) not in _APART:
                continue
            if a.owner and a.owner == b.owner:
                continue  # a button's label (and value) on the button
            if _meet(a, b):
                found.append(f"{_label(a)} overlaps {_label(b)}")
    return found


def _covered(parts: list[Part]) -> list[str]:
    """Pop-ups over what they must leave in sight: a heading, or a card their text names (on
    any layer: a toast is meant to lie over the screen, not over its heading)."""
    found: list[str] = []
    for pop in parts:
        if pop.kind != POPUP:
            continue
        for p in parts:
            if p is pop or p.owner and p.owner == pop.owner:
                continue
            hides = (p.kind == TEXT and p.heading) or (
                p.kind == CARD and (EVERY_CARD in pop.names or p.name in pop.names)
            )
            seen = p.ink if p.kind == TEXT and p.ink is not None else p.rect
            if hides and pop.rect.overlaps(seen):
                what = "the heading" if p.kind == TEXT else "the card it names"
                found.append(f"{_label(pop)} covers {what}: {_label(p)}")
    return found


def _short(text: str, most: int = 60) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


def _meet(a: Part, b: Part) -> bool:
    """Two parts overlap; a text counts by its glyphs (its line box may reach into a neighbour's
    without any ink showing there). Two texts must keep :data:`MARGIN` between their glyphs:
    glyphs that touch read as one word ("SCORE" sitting on "130")."""
    ra = a.ink if a.kind == TEXT and a.ink is not None else a.rect
    rb = b.ink if b.kind == TEXT and b.ink is not None else b.rect
    if a.kind == TEXT and b.kind == TEXT and a.ink is not None and b.ink is not None:
        ra = ra.inflated(MARGIN / 2)
        rb = rb.inflated(MARGIN / 2)
    return ra.overlaps(rb)


def _where(r: Rect) -> str:
    return f"[{r.left:.0f}, {r.bottom:.0f}, {r.right:.0f}, {r.top:.0f}]"
