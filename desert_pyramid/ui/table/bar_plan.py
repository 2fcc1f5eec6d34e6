"""The table's top bar and message line at a larger text size (Settings → Text size): as tall as
their words, and the top bar in two rows where one row cannot hold them side by side.

At 100% the window's usual bars hold every text (``geometry.hud_height``, ``message_height``).
At 200% on a 1920x1080 window the title, its subtitle and the figure boxes (score, chain, moves,
time) no longer stand in one 64-pixel row: rather than set the whole table's text smaller (what
``ui/screen.py`` does where nothing else helps), the bars grow, as a commercial game's HUD does:

1. one row as tall as the title over its subtitle and a figure's name over its value, the figure
   boxes as wide as their words (a wide window);
2. else two rows: the menu, the title and the subtitle on top, the figures spread under them;
3. else (the bars would take more than :data:`MOST` of the window: little room is left for the
   cards) the text cannot stand at this size: :func:`layout.overflow` says so and the screen is
   laid out a step smaller.

The sizes here are the HUD's own (``hud.py``); the text size in use is applied by the measures
(``fonts.points``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from desert_pyramid.ui.base.fonts import FONT, text_scale
from desert_pyramid.ui.base.geometry import hud_height
from desert_pyramid.ui.base.layout import overflow
from desert_pyramid.ui.table.geometry import MIN_SIZE, Bars, message_height
from desert_pyramid.ui.widgets.richtext import font_metrics, text_width

#: The HUD's text sizes in points at a 720-pixel-high window (``hud.py``): times ``font_scale``.
TITLE, SUBTITLE, MENU_TEXT, LABEL, VALUE, MESSAGE = 15.0, 10.0, 13.0, 9.0, 17.0, 12.5
BOX_W = 92.0  # the figure boxes' width at 100% (hud.py), times font_scale
#: The most of the window's height the two bars may take together: more, and the cards left
#: are too small to play (the text is set a step smaller instead).
MOST = 0.32
#: The widest value each figure shows in a game (the box keeps room for it as the game goes on).
WIDEST = {
    "pyramid": "88",
    "score": "88,888",
    "chain": "×88",
    "moves": "888",
    "bonus": "8,888",
    "time": "88:88",
    "daylight": "88:88",
}


def font_scale(width: int, height: int) -> float:
    """``TableGeometry.font_scale`` for a window (its sizes clamped as the geometry's are)."""
    w, h = max(width, MIN_SIZE[0]), max(height, MIN_SIZE[1])
    return float(max(0.75, min(w / 1280, h / 720) ** 0.8))


def line(size: float, bold: bool = False) -> float:
    """The height of a line of text at ``size`` points (the text size in use applied)."""
    ascent, descent = font_metrics(size, bold, FONT)
    return ascent - descent


def box_width(fs: float, labels: Mapping[str, str], values: Mapping[str, str]) -> float:
    """The figure boxes' width: the usual one, or wider where a name or a value needs it (all
    alike: the bar reads as one row of boxes)."""
    need = [
        max(
            text_width(labels[k], LABEL * fs, True, FONT),
            text_width(values.get(k, ""), VALUE * fs, True, FONT),
            text_width(WIDEST.get(k, ""), VALUE * fs, True, FONT),
        )
        for k in labels
    ]
    return max([BOX_W * fs] + [n + 14 * fs for n in need])


def plan_bars(
    width: int,
    height: int,
    title: str,
    subtitle: str,
    menu: str,
    labels: Mapping[str, str],
    values: Mapping[str, str],
) -> Bars | None:
    """The bars for this window at the text size in use: ``None`` where the usual ones hold
    their words (100%), else :class:`Bars` (see the module's notes). ``labels``: the figure
    boxes' names by key, ``values`` what they show now; ``menu``: the menu button's word."""
    if text_scale() <= 1.0:
        return None
    w, h = max(width, MIN_SIZE[0]), max(height, MIN_SIZE[1])
    fs = font_scale(w, h)
    base = hud_height(h)
    pad = max(4.0, base * 0.08)
    figures = line(LABEL * fs, True) + line(VALUE * fs, True)
    box = box_width(fs, labels, values)
    figures_w = len(labels) * box + 16 * fs
    title_w = text_width(title, TITLE * fs, True, FONT)
    # the subtitle leaves out its first parts where it must; its last (the deal code) stays
    sub_w = text_width(subtitle.split(" · ")[-1], SUBTITLE * fs, False, FONT)
    message_h = max(message_height(h), math.ceil(line(MESSAGE * fs) + 14))

    menu_text = text_width(menu, MENU_TEXT * fs, True, FONT)

    def menu_width(bar: float) -> float:
        """The menu button in a bar (or row) this high: its usual width, or its icon and word."""
        return max(bar * 2.3, bar * 0.72 * 1.35 + menu_text)

    # 1. one row
    one = max(base, math.ceil(line(TITLE * fs, True) + line(SUBTITLE * fs) + 2 * pad))
    one = max(one, math.ceil(figures + 2 * pad))
    menu_w = menu_width(one)
    title_x = one * 0.14 + menu_w + 14 * fs
    if title_x + max(title_w, sub_w) + 8 * fs <= w - figures_w and one + message_h <= MOST * h:
        return Bars(one, message_h, menu_w=menu_w)

    # 2. two rows: the menu, title and subtitle over the figures
    row = max(
        line(TITLE * fs, True) + 2 * pad,
        line(MENU_TEXT * fs, True) / 0.72,  # the menu button is 72% of its row
        base * 0.72,
    )
    row = math.ceil(row)
    menu_w = menu_width(row)
    needs = row * 0.14 + menu_w + 14 * fs + title_w + 14 * fs + sub_w + 8 * fs
    two = row + math.ceil(figures + 2 * pad)
    if needs <= w and len(labels) * box + 32 * fs <= w and two + message_h <= MOST * h:
        return Bars(two, message_h, row, menu_w)
    overflow()  # not even two rows leave the cards room: a smaller text (ui/screen.py)
    return None
