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
from desert_pyramid.ui.widgets.richtext import text_width

TITLE = N_("NO MORE MOVES")
OWNER = "stuck dialog"

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
        self._keep: tuple[Rect, ...] = ()
        self.names: tuple[str, ...] = (audit.EVERY_CARD,)  # the dead position's cards

    def layout(self, width: int, height: int, keep: Sequence[Rect] = ()) -> None:
        """Place the panel where it leaves ``keep`` (the dead position's cards) in sight: in the
        middle of the window, else beside them; where no such place holds it (a low window), a
        sheet across the bottom, its buttons two by two, over the message line and the coach's
        strip rather than over the cards it speaks of."""
        self._size = (width, height)
        self._keep = tuple(keep)
        s = float(max(0.6, min(width / 1280, height / 720) ** 0.8))
        n = len(self.menu.buttons)
        bh, gap = 40 * s, 9 * s
        ph = min(height - 16.0, 104 * s + n * (bh + gap) + 14 * s)
        pw = min(width - 16.0, 480 * s)
        margin = 8.0
        for w in (pw, min(pw, 400 * s)):  # narrower beside the cards (its buttons 360 wide)
            for y in (height / 2 - ph / 2, margin + 40 * s, height - 60 * s - ph):
                for left in (width / 2 - w / 2, margin, width - margin - w):
                    panel = Rect(left, y, w, ph)
                    if panel.bottom >= margin and not any(panel.overlaps(r) for r in keep):
                        self._column(panel, s, bh, gap)
                        return
        self._sheet(width, height, s)

    def _owned(self) -> None:
        """The dialog's own words are its own (the audit checks what the dialog covers)."""
        for t in self.texts.items:
            t.owner = OWNER  # type: ignore[attr-defined]

    def _decor(self, panel: Rect) -> None:
        self.panel = panel
        self.decor = arcade.SpriteList()
        self.decor.append(panel_sprite(self.assets, panel))
        self.texts = TextGroup()

    def _column(self, panel: Rect, s: float, bh: float, gap: float) -> None:
        """The dialog as a panel: the heading, the note, the buttons in a column."""
        self._decor(panel)
        n, pw, cx = len(self.menu.buttons), panel.width, panel.cx
        self.texts.heading(_(TITLE), cx, panel.top - 36 * s, 26 * s)
        self.texts.label(
            self.note, cx, panel.top - 70 * s, 12 * s, colour=MUTED, width=int(pw - 40 * s)
        )
        rects = column_rects(cx, panel.top - 92 * s, n, min(400 * s, pw - 40 * s), bh, gap)
        self.menu.place(rects, 15 * s)
        self._owned()

    def _sheet(self, width: int, height: int, s: float) -> None:
        """The dialog as a sheet across the bottom: the heading and the note on one line, the
        buttons under them two by two."""
        n = len(self.menu.buttons)
        rows = (n + 1) // 2
        bh, gap, pad = 30 * s, 6 * s, 8 * s
        head = 30 * s
        ph = pad + head + rows * bh + (rows - 1) * gap + pad
        panel = Rect(8.0, 4.0, width - 16.0, ph)
        self._decor(panel)
        self.texts.heading(
            _(TITLE), panel.left + 2 * pad, panel.top - pad - head / 2, 20 * s, anchor_x="left"
        )
        title_w = text_width(_(TITLE), 20 * s, True)
        note_x = panel.left + 4 * pad + title_w
        self.texts.label(
            self.note, note_x, panel.top - pad - head / 2, 12 * s, colour=MUTED, anchor_x="left"
        )
        bw = (panel.width - 2 * pad - gap) / 2
        rects = [
            Rect(
                round(panel.left + pad + (i % 2) * (bw + gap)),
                round(panel.top - pad - head - (i // 2 + 1) * bh - (i // 2) * gap),
                round(bw),
                round(bh),
            )
            for i in range(n)
        ]
        self.menu.place(rects, 13 * s)
        self._owned()

    def draw(self, width: int, height: int) -> None:
        if (width, height) != self._size:
            self.layout(width, height, self._keep)
        dim_under(width, height)
        self.decor.draw()
        self.menu.draw()
        self.texts.draw()
        if self.panel is not None:  # it speaks of the whole position: it must leave it in sight
            audit.report(audit.POPUP, "stuck dialog", self.panel, names=self.names, owner=OWNER)

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
