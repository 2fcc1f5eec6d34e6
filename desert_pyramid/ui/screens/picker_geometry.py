"""Where the layout picker draws, for one window size: the panel, the grid of tiles, the scroll
bar and the Back button, and the arithmetic of scrolling (pure; no Arcade)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.layout import share_row


@dataclass(frozen=True, slots=True)
class PickerGeometry:
    """Where the picker draws, for one window size. Tile rects are in *content* coordinates:
    the screen position with the grid scrolled to the top; scrolled by ``s`` pixels, a tile is
    drawn ``s`` pixels higher."""

    panel: Rect
    grid: Rect  # the visible box of the grid (tiles are clipped to it)
    scrollbar: Rect
    columns: int
    tile_w: float
    tile_h: float
    gap: float
    pad: float
    tiles: tuple[Rect, ...]
    max_scroll: float
    back: Rect  # the Back button
    scale: float
    own_start: int | None = None  # index of the first of the player's layouts (None: no heading)
    heading_y: float = 0.0  # content y of the player's heading (centre of its band)
    band: float = 0.0  # the heading band's height
    actions: tuple[Rect, ...] = ()  # the buttons left of Back (new, edit a copy, rename...)

    @property
    def rows(self) -> int:
        return math.ceil(len(self.tiles) / self.columns)

    @property
    def row_step(self) -> float:
        return self.tile_h + self.gap

    @property
    def visible_rows(self) -> int:
        """Whole rows that fit in the grid box."""
        return max(1, int((self.grid.height - 2 * self.pad + self.gap) // self.row_step))

    def scroll_to_show(self, index: int, scroll: float) -> float:
        """The scroll closest to ``scroll`` that shows tile ``index`` whole."""
        r = self.tiles[index]
        top, bottom = r.top, r.bottom
        own = self.own_start
        if own is not None:  # the player's heading shows with the row under it, or the last row
            if own <= index < own + self.columns:
                top = self.heading_y + self.band / 2
            if (
                own >= len(self.tiles)
                and index // self.columns == (len(self.tiles) - 1) // self.columns
            ):
                bottom = self.heading_y - self.band / 2
        top_limit = self.grid.top - self.pad
        bottom_limit = self.grid.bottom + self.pad
        if top + scroll > top_limit:
            scroll = top_limit - top
        elif bottom + scroll < bottom_limit:
            scroll = bottom_limit - bottom
        return self.clamp(scroll)

    def clamp(self, scroll: float) -> float:
        return max(0.0, min(self.max_scroll, scroll))

    def hit(self, x: float, y: float, scroll: float) -> int | None:
        """The tile under a screen point, or ``None`` (outside the grid box counts as none)."""
        if not self.grid.contains(x, y):
            return None
        cy = y - scroll
        for i, r in enumerate(self.tiles):
            if r.contains(x, cy):
                return i
        return None

    def thumb(self, scroll: float) -> Rect:
        """The scroll bar's thumb for this scroll."""
        track = self.scrollbar
        content = self.max_scroll + self.grid.height
        h = max(track.width * 2, track.height * self.grid.height / content)
        t = scroll / self.max_scroll if self.max_scroll > 0 else 0.0
        return Rect(track.left, track.top - h - t * (track.height - h), track.width, h)

    def scroll_for_thumb(self, y: float, grab: float) -> float:
        """The scroll that puts the thumb's grab point (``grab`` px below its top) at ``y``."""
        track = self.scrollbar
        h = self.thumb(0).height
        free = track.height - h
        if free <= 0:
            return 0.0
        t = (track.top - (y + grab)) / free
        return self.clamp(t * self.max_scroll)


def picker_scale(width: int, height: int) -> float:
    """The size of the picker's parts in a window of ``width`` x ``height`` (1 at 1280x720)."""
    return float(max(0.7, min(width / 1280, height / 720) ** 0.8))


def picker_geometry(
    width: int,
    height: int,
    count: int,
    own: int | None = None,
    actions: int | Sequence[float] = 0,
    back_need: float = 0.0,
    *,
    header: float = 0.0,
    footer: float = 0.0,
    back_h: float = 0.0,
    tile_grow: float = 1.0,
) -> PickerGeometry:
    """Lay the picker out for a window size and a number of layouts: ``count`` in all, the last
    ``own`` of them the player's, under a heading of their own (``None``: no heading), and a row of
    buttons left of Back: ``actions`` of them, or as many as the widths given, each at least as
    wide as its width (its label's; ``back_need``: Back's). ``header``, ``footer``, ``back_h``:
    the least the heading band, the footer and the buttons take (a larger text size needs more),
    in pixels; ``tile_grow``: the tiles (and the words drawn in them) that much larger."""
    s = picker_scale(width, height)
    margin = max(10.0, 18 * s)
    panel = Rect(margin, margin, width - 2 * margin, height - 2 * margin)
    header = max(92 * s, header)
    footer = max((138 if actions else 106) * s, footer)
    bar_w = max(8.0, 12 * s)
    grid = Rect(
        round(panel.left + 16 * s),
        round(panel.bottom + footer),
        round(panel.width - 32 * s - bar_w - 10 * s),
        round(panel.height - header - footer),
    )
    scrollbar = Rect(grid.right + 8 * s, grid.bottom + 6 * s, bar_w, grid.height - 12 * s)
    gap = round(14 * s)
    pad = round(8 * s)
    target_w = 196 * s * tile_grow
    columns = max(2, int((grid.width - 2 * pad + gap) // (target_w + gap)))
    tile_w = math.floor((grid.width - 2 * pad - (columns - 1) * gap) / columns)
    # As many whole rows as fit the box with tiles near 0.68 of their width; the tiles then stretch
    # a little to fill the box's height exactly, so no row is left half shown at rest.
    avail = grid.height - 2 * pad
    natural = tile_w * 0.68
    fit_rows = max(1, int((avail + gap) // (natural * 0.9 + gap)))
    tile_h = min(round(tile_w * 0.8), math.floor((avail - (fit_rows - 1) * gap) / fit_rows))
    left = grid.left + (grid.width - (columns * tile_w + (columns - 1) * gap)) / 2
    tiles = []
    own_start = None if own is None else max(0, count - own)
    band = round(64 * s * tile_grow)  # the player's heading: a line and a word of help under it
    heading_y = 0.0
    top = grid.top - pad
    for i in range(count):
        c = (i if own_start is None or i < own_start else i - own_start) % columns
        if i and c == 0:
            top -= tile_h + gap
        if i == own_start:
            heading_y = top - band / 2
            top -= band
        tiles.append(Rect(round(left + c * (tile_w + gap)), round(top - tile_h), tile_w, tile_h))
    if own_start is not None and own_start >= count:  # none of the player's yet: the heading
        heading_y = (tiles[-1].bottom if tiles else grid.top) - gap - band / 2
    lowest = min(
        [r.bottom for r in tiles] + ([heading_y - band / 2] if own_start is not None else [])
    )  # the last row; scrolled fully, it sits ``pad`` above the box's bottom
    back_w, back_h = round(150 * s), round(max(38 * s, back_h))
    back = Rect(round(panel.right - 24 * s - back_w), round(panel.bottom + 16 * s), back_w, back_h)
    row: list[Rect] = []
    needs = [0.0] * actions if isinstance(actions, int) else list(actions)
    if needs:  # one row of buttons, Back the last, each as wide as its label needs at least
        start = panel.left + 24 * s
        bgap = round(8 * s)
        end = panel.right - 24 * s
        widths = share_row(
            [*needs, back_need],
            end - start - len(needs) * bgap,
            170 * s,
        )
        x = start
        for w in widths[:-1]:
            row.append(Rect(round(x), back.bottom, round(w), back_h))
            x += w + bgap
        back = Rect(round(end - widths[-1]), back.bottom, round(widths[-1]), back_h)
    return PickerGeometry(
        panel=panel,
        grid=grid,
        scrollbar=scrollbar,
        columns=columns,
        tile_w=tile_w,
        tile_h=tile_h,
        gap=gap,
        pad=pad,
        tiles=tuple(tiles),
        max_scroll=max(0.0, grid.bottom + pad - lowest),
        back=back,
        scale=s,
        own_start=own_start,
        heading_y=heading_y,
        band=band,
        actions=tuple(row),
    )
