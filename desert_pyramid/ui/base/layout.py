"""The layout system every screen places its parts with, for any window from 640x360 to
3840x2160: areas cut from the window (bands, insets, anchors), rows, columns and grids of parts
with a minimum and a preferred size, and text fitted to a width (wrap, then an ellipsis).

A column of buttons that cannot stand in one column at its minimum height becomes two, then
three (:func:`button_grid`): a button is never off the window. Content taller than its area is
given a scroll height (:class:`Placed`), never squeezed below its minimum. A font is never made
smaller to fit: a text that is too long wraps, then ends in an ellipsis (:func:`fit_text`).

Larger text (Settings → Text size, ``fonts.points``) gets more room: a part's minimum size is
measured from its text, and a preferred size smaller than that minimum counts as the minimum, so
rows grow with their text and a menu takes more columns. A menu that cannot stand in the window
even so tells :func:`overflowed`; the screen then lays itself out again at a smaller text size,
towards (never below) 100% (``ui/screen.py``).

Pure: positions in pixels (origin bottom-left, y up), no Arcade; the text measure is passed in.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from desert_pyramid.ui.base.fonts import text_scale
from desert_pyramid.ui.base.geometry import Rect

ELLIPSIS = "…"
HYPHEN = (
    "-"  # a word wider than a line goes on over two lines (German compounds: "Messing-kompass")
)


# -- areas ----------------------------------------------------------------------------------------
def inset(area: Rect, dx: float, dy: float | None = None) -> Rect:
    """``area`` less ``dx`` on the left and right and ``dy`` (else ``dx``) at the top and bottom."""
    dy = dx if dy is None else dy
    return Rect(
        area.left + dx,
        area.bottom + dy,
        max(0.0, area.width - 2 * dx),
        max(0.0, area.height - 2 * dy),
    )


def cut_top(area: Rect, height: float, gap: float = 0.0) -> tuple[Rect, Rect]:
    """A band of ``height`` at the top of ``area``, and what is left under it (less ``gap``)."""
    height = min(height, area.height)
    band = Rect(area.left, area.top - height, area.width, height)
    rest_h = max(0.0, area.height - height - gap)
    return band, Rect(area.left, area.bottom, area.width, rest_h)


def cut_bottom(area: Rect, height: float, gap: float = 0.0) -> tuple[Rect, Rect]:
    """A band of ``height`` at the bottom of ``area``, and what is left over it (less ``gap``)."""
    height = min(height, area.height)
    band = Rect(area.left, area.bottom, area.width, height)
    rest_h = max(0.0, area.height - height - gap)
    return band, Rect(area.left, area.top - rest_h, area.width, rest_h)


def anchor(area: Rect, width: float, height: float, ax: float = 0.5, ay: float = 0.5) -> Rect:
    """A box of at most ``width`` x ``height`` in ``area``; ``ax``/``ay`` 0 left/bottom, 0.5 the
    middle, 1 right/top. On whole pixels."""
    w, h = min(width, area.width), min(height, area.height)
    left = area.left + (area.width - w) * ax
    bottom = area.bottom + (area.height - h) * ay
    return Rect(round(left), round(bottom), round(w), round(h))


def scale_for(width: float, height: float, base: tuple[float, float] = (1280, 720)) -> float:
    """The size of the parts for a window: 1 at ``base``, the smaller of the two ratios, no
    smaller than 0.5 and no larger than 3 (a 3840x2160 window)."""
    return max(0.5, min(3.0, min(width / base[0], height / base[1])))


# -- rows, columns, grids -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Span:
    """A part's size along one direction: at least ``minimum``, ``preferred`` when there is room
    (a preferred size under the minimum, as a large text makes it, is the minimum)."""

    minimum: float
    preferred: float

    def __post_init__(self) -> None:
        if self.preferred < self.minimum:
            object.__setattr__(self, "preferred", self.minimum)


#: How many times a menu could not stand in its area since :func:`overflowed` was last asked.
_overflows = [0]


def overflowed() -> bool:
    """Whether a menu (:func:`button_grid`, :func:`menu_panel`) could not stand in its area, or a
    part said so (:func:`overflow`), since the last call (then forgets it): the screen's text is
    too large for the window."""
    out = _overflows[0] > 0
    _overflows[0] = 0
    return out


def overflow() -> None:
    """A part of the screen cannot stand in its area at the text size in use (a menu's label
    that would be cut to a few letters): :func:`overflowed` says so."""
    _overflows[0] += 1


@contextmanager
def trying() -> Iterator[list[bool]]:
    """A placing tried in the ``with`` block: what it could not hold is not counted against
    the screen (:func:`overflowed`); the list it gives says afterwards whether it could not
    (``failed[0]``), so a screen can try a roomier arrangement before its usual one."""
    before = _overflows[0]
    failed = [False]
    try:
        yield failed
    finally:
        failed[0] = _overflows[0] > before
        _overflows[0] = before


def spans(length: float, sizes: Sequence[Span], gap: float) -> list[float] | None:
    """Sizes along a row or column of ``length``: each preferred when they all fit, else shrunk
    evenly towards its minimum; ``None`` when even the minimums do not fit."""
    room = length - gap * max(0, len(sizes) - 1)
    want = sum(s.preferred for s in sizes)
    least = sum(s.minimum for s in sizes)
    if least > room + 1e-6:
        return None
    if want <= room:
        return [s.preferred for s in sizes]
    t = (room - least) / (want - least) if want > least else 0.0
    return [s.minimum + (s.preferred - s.minimum) * t for s in sizes]


def column(area: Rect, sizes: Sequence[Span], gap: float, align: float = 1.0) -> list[Rect] | None:
    """Parts stacked from the top of ``area`` (full width), each at its :func:`spans` height;
    ``align`` 1 keeps them at the top, 0.5 centres the stack. ``None`` when they cannot fit."""
    gap = float(round(gap))
    heights = spans(area.height, sizes, gap)
    if heights is None:
        return None
    heights = [float(math.floor(h)) for h in heights]
    total = sum(heights) + gap * max(0, len(heights) - 1)
    y = float(round(area.top - (area.height - total) * (1 - align)))
    out = []
    for h in heights:
        out.append(Rect(round(area.left), round(y - h), round(area.width), round(h)))
        y -= h + gap
    return out


def row(area: Rect, sizes: Sequence[Span], gap: float, align: float = 0.5) -> list[Rect] | None:
    """Parts side by side in ``area`` (full height), each at its :func:`spans` width; ``align``
    0 keeps them at the left, 0.5 centres them. ``None`` when they cannot fit."""
    gap = float(round(gap))
    widths = spans(area.width, sizes, gap)
    if widths is None:
        return None
    widths = [float(math.floor(w)) for w in widths]
    total = sum(widths) + gap * max(0, len(widths) - 1)
    x = float(round(area.left + (area.width - total) * align))
    out = []
    for w in widths:
        out.append(Rect(round(x), round(area.bottom), round(w), round(area.height)))
        x += w + gap
    return out


def share_row(needs: Sequence[float], room: float, usual: float) -> list[float]:
    """The widths of a row of buttons in ``room``: each ``usual`` where they all are at least as
    wide as they ``need`` (their labels whole) and the row holds them so; else the narrow ones
    grow alike (to one width) while a long label's button keeps its need. More than the room
    can give: each its share of the room by its need."""
    n = len(needs)
    if not n:
        return []
    fill = min(room, usual * n)
    if sum(needs) >= fill:
        if sum(needs) <= room:
            return list(needs)
        return [room * w / sum(needs) for w in needs]
    # a common width for the narrow ones: the level at which the row fills ``fill``
    ordered = sorted(needs)
    level = fill / n
    for k in range(n):  # the k widest keep their need
        narrow = ordered[: n - k]
        level = (fill - sum(ordered[n - k :])) / len(narrow)
        if level >= narrow[-1]:
            break
    return [max(w, level) for w in needs]


@dataclass(frozen=True, slots=True)
class Placed:
    """Parts placed in an area: their rectangles (in content coordinates when scrolled: the
    first row at the area's top), the columns used, and the height of the content (more than the
    area's when it must scroll)."""

    rects: list[Rect]
    columns: int
    content_height: float

    def scrolls(self, area: Rect) -> bool:
        return self.content_height > area.height + 0.5


def grid(
    area: Rect,
    count: int,
    width: Span,
    height: Span,
    gap: float,
    *,
    max_columns: int = 12,
    by_column: bool = False,
) -> Placed:
    """``count`` parts in as few columns as let them stand in ``area`` (each at least its minimum
    width), rows at the preferred height shrunk towards the minimum; when even the minimum rows
    do not fit, the content is taller than the area and scrolls. ``by_column``: the parts go
    down the first column, then the next (a menu read top to bottom), else along the rows."""
    if count <= 0:
        return Placed([], 1, 0.0)
    fit_columns = max(1, int((area.width + gap) // (width.minimum + gap)))
    most = max(1, min(max_columns, fit_columns, count))
    chosen = most
    for cols in range(1, most + 1):
        rows = math.ceil(count / cols)
        if rows * height.minimum + (rows - 1) * gap <= area.height + 1e-6:
            chosen = cols
            break
    cols = chosen
    rows = math.ceil(count / cols)
    gap = float(round(gap))  # whole pixels: every row and every gap the same (no 8/10 px rhythm)
    hs = spans(area.height, [height] * rows, gap)
    h = float(math.floor(hs[0] if hs is not None else height.minimum))
    w_room = (area.width - gap * (cols - 1)) / cols
    w = float(math.floor(max(width.minimum, min(width.preferred, w_room))))
    total_w = w * cols + gap * (cols - 1)
    left = round(area.left + (area.width - total_w) / 2)
    content_h = rows * h + (rows - 1) * gap
    # (a whole pixel either way: rows placed from a half-pixel top would round unevenly)
    top = round(area.top - max(0.0, (area.height - content_h) / 2) if hs is not None else area.top)
    rects = []
    for i in range(count):
        c, r = (i // rows, i % rows) if by_column else (i % cols, i // cols)
        x = left + c * (w + gap)
        y = top - (r + 1) * h - r * gap
        rects.append(Rect(round(x), round(y), round(w), round(h)))
    return Placed(rects, cols, content_h)


def button_grid(
    area: Rect, count: int, width: Span, height: Span, gap: float, max_columns: int = 4
) -> Placed:
    """A menu's buttons: one column when it stands in ``area``, else two, three...; in reading
    order down each column. Never off the area unless even ``max_columns`` columns of minimum
    buttons cannot stand in it (then it scrolls)."""
    placed = grid(area, count, width, height, gap, max_columns=max_columns, by_column=True)
    if placed.scrolls(area):
        overflow()  # a menu's buttons are never meant to scroll
    return placed


def share_columns(
    rects: Sequence[Rect], rows: int, needs: Sequence[float], gap: float
) -> list[Rect]:
    """A menu placed in equal columns (``rows`` buttons down each, :func:`button_grid`) with its
    columns' widths shared by what their buttons need (``needs``, one a button): a column of
    long rows takes more of the menu's width than one of short rows, the whole as wide as
    before. Unchanged when the needs exceed the room, or for one column."""
    if not rects or rows >= len(rects):
        return list(rects)
    cols = -(-len(rects) // rows)
    col_need = [max(needs[c * rows : (c + 1) * rows]) for c in range(cols)]
    left = min(r.left for r in rects)
    room = max(r.right for r in rects) - left - gap * (cols - 1)
    if sum(col_need) > room + 1e-6:
        return list(rects)
    spare = (room - sum(col_need)) / cols
    widths = [math.floor(n + spare) for n in col_need]
    out = []
    for i, r in enumerate(rects):
        c = i // rows
        x = left + sum(widths[:c]) + c * gap
        out.append(Rect(round(x), r.bottom, widths[c], r.height))
    return out


# -- text -----------------------------------------------------------------------------------------
def fit_text(
    text: str, width: float, measure: Callable[[str], float], max_lines: int = 1
) -> list[str]:
    """``text`` as at most ``max_lines`` lines no wider than ``width`` (``measure`` gives a
    text's drawn width): wrapped at spaces; what does not fit ends in an ellipsis, cut at a word
    when it can be, else inside it. Never a smaller font. An empty text is one empty line."""
    if "\n" not in text and measure(text) <= width:
        return [text]  # as it is (its spaces kept: an em space may leave room for an icon)
    words = text.split()
    if not words:
        return [""]
    lines: list[str] = []
    i = 0
    while i < len(words) and len(lines) < max_lines:
        line = words[i]
        if measure(line) > width and len(lines) < max_lines - 1:
            head = _hyphen(line, width, measure)  # a word wider than a line: split, never cut
            if head:
                lines.append(head + HYPHEN)
                words[i] = line[len(head) :]
                continue
        i += 1
        while i < len(words) and measure(line + " " + words[i]) <= width:
            line += " " + words[i]
            i += 1
        lines.append(line)
    if i < len(words) or any(measure(line) > width for line in lines):
        lines[-1] = _cut(lines[-1], width, measure, more=i < len(words))
        lines = [
            ln if measure(ln) <= width else _cut(ln, width, measure, more=False) for ln in lines
        ]
    return lines


def words_of(lines: list[str]) -> list[str]:
    """The words ``lines`` say (a word split over two lines by :func:`fit_text` counts once)."""
    text = ""
    for line in lines:
        if text.endswith(HYPHEN) and text[:-1] and not text[:-1].endswith(" "):
            text = text[:-1] + line
        else:
            text = f"{text} {line}" if text else line
    return text.split()


def _hyphen(word: str, width: float, measure: Callable[[str], float]) -> str:
    """The longest start of ``word`` (three letters at least, three left over: no "-ий" alone)
    that fits ``width`` with a hyphen after it; ``""`` when none does."""
    best = ""
    for n in range(3, len(word) - 2):
        if measure(word[:n] + HYPHEN) > width:
            break
        best = word[:n]
    return best


def _cut(line: str, width: float, measure: Callable[[str], float], more: bool) -> str:
    """The longest start of ``line`` that fits ``width`` with an ellipsis after it."""
    if not more and measure(line) <= width:
        return line
    words = line.split(" ")
    for n in range(len(words), 0, -1):  # first at a word's end
        candidate = " ".join(words[:n]).rstrip(",;:·—- ") + ELLIPSIS
        if measure(candidate) <= width:
            return candidate
    word = words[0]
    lo, hi = 0, len(word)
    while lo < hi:  # then inside the word
        mid = (lo + hi + 1) // 2
        if measure(word[:mid] + ELLIPSIS) <= width:
            lo = mid
        else:
            hi = mid - 1
    return word[:lo] + ELLIPSIS if lo else ELLIPSIS


# -- a menu on a panel ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class MenuPanel:
    """The parts of a screen that is a panel with a heading, a menu of buttons (in columns when
    one column does not stand), lines of text under it and a footer line; ``message`` is the
    band under the panel for the screen's message line (empty when not asked for)."""

    panel: Rect
    heading: Rect
    menu: Placed
    notes: list[Rect]
    footer: Rect
    message: Rect

    @property
    def rows(self) -> int:
        """Buttons per column."""
        return -(-len(self.menu.rects) // max(1, self.menu.columns))


def menu_panel(
    window: Rect,
    count: int,
    *,
    width: float,
    row_width: Span,
    row_height: Span,
    gap: float,
    heading: float,
    notes: Sequence[float] = (),
    footer: float = 0.0,
    message: float = 0.0,
    margin: float = 8.0,
    pad: float = 12.0,
    max_columns: int = 2,
) -> MenuPanel:
    """Place a :class:`MenuPanel` in ``window``: the panel as tall as its parts want (rows at
    their preferred height) and no taller than the window less ``margin`` and the message band,
    as wide as ``width`` times the text size in use (``fonts.text_scale``) allows;
    the menu takes the room the heading, notes and footer leave (heights in pixels)."""
    area = inset(window, margin)
    # a larger text size: a wider panel and buttons, as far as the window goes
    grow = text_scale()
    width, row_width = width * grow, Span(row_width.minimum, row_width.preferred * grow)
    message_box, area = cut_bottom(area, message, margin) if message else (Rect(0, 0, 0, 0), area)
    fixed = heading + sum(notes) + footer + 2 * pad + gap * (1 + len(notes) + bool(footer))
    want = fixed + count * row_height.preferred + (count - 1) * gap

    def place(w: float) -> MenuPanel:
        panel = anchor(area, min(w, area.width), min(want, area.height))
        inner = inset(panel, pad)
        head, rest = cut_top(inner, heading, gap)
        foot, rest = cut_bottom(rest, footer, gap) if footer else (Rect(0, 0, 0, 0), rest)
        note_boxes: list[Rect] = []
        for h in reversed(notes):
            box, rest = cut_bottom(rest, h, gap)
            note_boxes.insert(0, box)
        menu = button_grid(rest, count, row_width, row_height, gap, max_columns)
        return MenuPanel(panel, head, menu, note_boxes, foot, message_box)

    before = _overflows[0]
    parts = place(width)
    if _overflows[0] > before and area.width > width and grow > 1.0:
        # a menu that cannot stand in the panel's width (a larger text size): the window's
        # width for its columns before the screen is set smaller
        _overflows[0] = before
        parts = place(area.width)
    cols = parts.menu.columns
    if cols > 1:  # a low window: the columns take the window's width, their labels whole
        wide = cols * row_width.preferred + (cols - 1) * gap + 2 * pad
        if wide > width and area.width > width:
            parts = place(min(wide, area.width))
    return parts


# -- fixed-size rectangles (a caller that chose its sizes already) -------------------------------


def column_rects(cx: float, top: float, count: int, w: float, h: float, gap: float) -> list[Rect]:
    """``count`` rectangles of ``w`` x ``h`` in a column centred on ``cx``, from ``top`` down."""
    return [
        Rect(round(cx - w / 2), round(top - (i + 1) * h - i * gap), round(w), round(h))
        for i in range(count)
    ]


def row_rects(cx: float, bottom: float, count: int, w: float, h: float, gap: float) -> list[Rect]:
    """``count`` rectangles of ``w`` x ``h`` in a row centred on ``cx``, standing on ``bottom``."""
    total = count * w + (count - 1) * gap
    left = cx - total / 2
    return [
        Rect(round(left + i * (w + gap)), round(bottom), round(w), round(h)) for i in range(count)
    ]


def grid_rects(area: Rect, count: int, columns: int, tile_h: float, gap: float) -> list[Rect]:
    """``count`` tiles in rows of ``columns`` from the top of ``area``; a last short row is centred."""
    w = (area.width - gap * (columns - 1)) / columns
    rects: list[Rect] = []
    rows = (count + columns - 1) // columns
    for row in range(rows):
        n = min(columns, count - row * columns)
        left = area.left + (area.width - (n * w + (n - 1) * gap)) / 2
        top = area.top - row * (tile_h + gap)
        for col in range(n):
            rects.append(
                Rect(round(left + col * (w + gap)), round(top - tile_h), round(w), round(tile_h))
            )
    return rects
