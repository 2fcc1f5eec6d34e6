"""The stuck deal's dialog: "No more moves", with the ways on (undo to the last position from
which the deal could still be won, a new deal, the replay, or keep looking).

A modal dialog of the table (:data:`Layer.MODAL`): opaque, over the table dimmed. The table says
when it shows (the engine's ``is_stuck``, through ``TableControl.stuck``); the dialog only lays
out and draws its buttons and hands the chosen one's action back.
"""

from __future__ import annotations

from collections.abc import Sequence

import arcade

from desert_pyramid.i18n import N_, _
from desert_pyramid.ui.art.assets import Assets
from desert_pyramid.ui.base import audit
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.layers import dim_under
from desert_pyramid.ui.base.layout import column_rects
from desert_pyramid.ui.base.palette import MUTED
from desert_pyramid.ui.widgets.buttons import Button, ButtonColumn, TextGroup, panel_sprite

TITLE = N_("NO MORE MOVES")

#: The table's actions that work the dialog's buttons (the table's key context has no menu keys)
STEPS = {"focus_up": -1, "focus_prev": -1, "focus_left": -1, "focus_down": 1, "focus_next": 1}
STEPS["focus_right"] = 1


class StuckDialog:
    def __init__(self, assets: Assets, buttons: Sequence[Button], note: str) -> None:
        self.assets = assets
        self.menu = ButtonColumn(assets, buttons)
        self.note = note
        self.texts = TextGroup()
        self.decor: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.panel: Rect | None = None
        self._size = (0, 0)

    def layout(self, width: int, height: int) -> None:
        """Place the panel in the middle of the window, its buttons in a column."""
        self._size = (width, height)
        s = float(max(0.6, min(width / 1280, height / 720) ** 0.8))
        n = len(self.menu.buttons)
        bh, gap = 40 * s, 9 * s
        ph = min(height - 16.0, 104 * s + n * (bh + gap) + 14 * s)
        pw = min(width - 16.0, 480 * s)
        panel = Rect(width / 2 - pw / 2, height / 2 - ph / 2, pw, ph)
        self.panel = panel
        self.decor = arcade.SpriteList()
        self.decor.append(panel_sprite(self.assets, panel))
        self.texts = TextGroup()
        self.texts.heading(_(TITLE), width / 2, panel.top - 36 * s, 26 * s)
        self.texts.label(
            self.note, width / 2, panel.top - 70 * s, 12 * s, colour=MUTED, width=int(pw - 40 * s)
        )
        rects = column_rects(width / 2, panel.top - 92 * s, n, min(400 * s, pw - 40 * s), bh, gap)
        self.menu.place(rects, 15 * s)

    def draw(self, width: int, height: int) -> None:
        if (width, height) != self._size:
            self.layout(width, height)
        dim_under(width, height)
        self.decor.draw()
        self.menu.draw()
        self.texts.draw()
        if self.panel is not None:  # it speaks of the whole position: it must leave it in sight
            audit.report(audit.POPUP, "stuck dialog", self.panel, names=(audit.EVERY_CARD,))

    def on_action(self, action: str) -> bool:
        """Keys: the arrows and Tab move the focus, Enter presses; ``False`` for the rest."""
        if action in STEPS:
            self.menu.move(STEPS[action])
        elif action == "accept":
            self.menu.press()
        else:
            return False
        return True

    def click(self, x: float, y: float) -> bool:
        return self.menu.click(x, y)

    def hover(self, x: float, y: float) -> None:
        self.menu.hover(x, y)
