"""Where the layout editor draws, for one window size (pure; no Arcade): the panel, the table's
grid (the layout files' half-card steps), the column of words and buttons beside it, and the
arithmetic between pixels and grid steps."""

from __future__ import annotations

from dataclasses import dataclass

from desert_pyramid.engine.layout import MAX_HEIGHT, MAX_WIDTH
from desert_pyramid.ui.base.geometry import CARD_ASPECT, Rect

BUTTONS = 8  # in two columns


@dataclass(frozen=True, slots=True)
class EditorGeometry:
    panel: Rect
    well: Rect  # the sunken box the grid sits in
    table: Rect  # the grid: MAX_WIDTH x MAX_HEIGHT half-card steps
    side: Rect  # the column beside the grid (words and buttons; on a narrow window, buttons)
    about: Rect  # the name, the counts and the difficulty
    problems: Rect  # what stops the layout being played
    buttons: tuple[Rect, ...]
    unit_w: float  # pixels per half-card step, across
    unit_h: float  # and down
    scale: float

    @property
    def card_w(self) -> float:
        return 2 * self.unit_w

    @property
    def card_h(self) -> float:
        return 2 * self.unit_h

    def card_rect(self, x: float, y: float) -> Rect:
        """The card whose corner is at grid step ``(x, y)`` (y down), in window pixels."""
        left = self.table.left + x * self.unit_w
        top = self.table.top - y * self.unit_h
        return Rect(left, top - self.card_h, self.card_w, self.card_h)

    def to_grid(self, px: float, py: float) -> tuple[float, float]:
        """A window point in grid steps (any value; y down)."""
        return (px - self.table.left) / self.unit_w, (self.table.top - py) / self.unit_h

    def on_grid(self, px: float, py: float) -> bool:
        return self.well.contains(px, py)


def editor_scale(width: int, height: int) -> float:
    """The size of the editor's parts in a window (1 at 1280x720)."""
    return float(max(0.7, min(width / 1280, height / 720) ** 0.8))


def editor_geometry(
    width: int,
    height: int,
    *,
    button_w: float = 0.0,
    button_h: float = 0.0,
    about_h: float = 0.0,
    header: float = 0.0,
    footer: float = 0.0,
    side_to_bottom: bool = False,
) -> EditorGeometry:
    """Lay the editor out for a window size. A wide window has the words and the buttons in a
    column beside the grid; a narrower one (4:3, say) gives the grid more width, keeps only the
    buttons beside it and puts the words under it, where the grid's proportions leave room.

    The least room its words need at the text size in use (Settings → Text size), in pixels:
    ``button_w`` and ``button_h`` a button, ``about_h`` the name, counts and difficulty,
    ``header`` and ``footer`` the heading's band and the message and keys under the grid
    (``side_to_bottom``: the legend, message and keys under the grid only, the column beside it
    reaching down to the panel's foot); the grid gives way to them."""
    s = editor_scale(width, height)
    margin = max(10.0, 18 * s)
    panel = Rect(margin, margin, width - 2 * margin, height - 2 * margin)
    narrow = width / height < 1.5
    header = max(58 * s, header)
    footer = max(52 * s, footer)
    gap = round(8 * s)
    side_w = round(max(140.0, 190 * s, button_w)) if narrow else round(max(250.0, 318 * s))
    if not narrow:  # (a larger text: the words beside the grid on fewer lines)
        side_w = round(max(side_w, 2 * button_w + gap, panel.width * 0.4 if button_w else 0.0))
    pad = 16 * s
    box = Rect(
        panel.left + pad,
        panel.bottom + footer,
        panel.width - 3 * pad - side_w,
        panel.height - header - footer,
    )
    inner = 10 * s
    words_h = 150 * s if narrow else 0.0  # under the grid
    unit_w = min(
        (box.width - 2 * inner) / MAX_WIDTH,
        (box.height - words_h - 2 * inner) * CARD_ASPECT / MAX_HEIGHT,
    )
    unit_w = max(4.0, unit_w)
    unit_h = unit_w / CARD_ASPECT
    tw, th = unit_w * MAX_WIDTH, unit_h * MAX_HEIGHT
    table = Rect(round(box.left + (box.width - tw) / 2), round(box.top - inner - th), tw, th)
    well = Rect(
        round(table.left - inner),
        round(table.bottom - inner),
        round(tw + 2 * inner),
        round(th + 2 * inner),
    )
    side_foot = pad if side_to_bottom and not narrow else footer
    side = Rect(
        round(panel.right - pad - side_w),
        round(panel.bottom + side_foot),
        side_w,
        round(panel.height - side_foot - max(28 * s, header - 30 * s)),
    )
    bh = round(max(34 * s, button_h))
    buttons = []
    if narrow:  # one column, from the top of the grid down
        for i in range(BUTTONS):
            top = well.top - i * (bh + gap)
            buttons.append(Rect(side.left, round(top - bh), side_w, bh))
        below = Rect(well.left, box.bottom, well.width, well.bottom - 14 * s - box.bottom)
        half = (below.width - 24 * s) / 2
        about = Rect(below.left, below.bottom, half, below.height)
        problems = Rect(below.left + half + 24 * s, below.bottom, half, below.height)
    else:
        bw = (side_w - gap) / 2
        rows = (BUTTONS + 1) // 2
        for i in range(BUTTONS):
            r, c = divmod(i, 2)
            top = side.bottom + rows * bh + (rows - 1) * gap - r * (bh + gap)
            buttons.append(Rect(round(side.left + c * (bw + gap)), round(top - bh), round(bw), bh))
        about_h = max(140 * s, about_h)
        about = Rect(side.left, side.top - about_h, side_w, about_h)
        # the legend sits between the words and the buttons (or under the grid: side_to_bottom)
        low = buttons[0].top + (12 * s if side_to_bottom else 56 * s)
        problems = Rect(side.left, low, side_w, about.bottom - 6 * s - low)
    return EditorGeometry(
        panel=panel,
        well=well,
        table=table,
        side=side,
        about=about,
        problems=problems,
        buttons=tuple(buttons),
        unit_w=unit_w,
        unit_h=unit_h,
        scale=s,
    )
