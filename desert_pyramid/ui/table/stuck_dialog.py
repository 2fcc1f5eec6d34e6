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
from desert_pyramid.ui.base import audit, fonts
from desert_pyramid.ui.base.fonts import text_scale
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.layers import dim_under
from desert_pyramid.ui.base.layout import column_rects, fit_text
from desert_pyramid.ui.base.palette import GOLD, MUTED
from desert_pyramid.ui.widgets.buttons import (
    Button,
    ButtonColumn,
    TextGroup,
    panel_sprite,
    text_height,
)
from desert_pyramid.ui.widgets.richtext import text_width

TITLE = N_("NO MORE MOVES")
TEXT_STEP = 0.25  # a dialog that cannot leave the cards in sight at a text size: a step smaller
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
        self.clear = True  # it leaves the cards it speaks of in sight
        self._size = (0, 0)
        self._keep: tuple[Rect, ...] = ()
        self.names: tuple[str, ...] = (audit.EVERY_CARD,)  # the dead position's cards

    def layout(self, width: int, height: int, keep: Sequence[Rect] = ()) -> None:
        """Place the panel where it leaves ``keep`` (the dead position's cards) in sight: in the
        middle of the window, else beside them; where no such place holds it (a low window), a
        sheet across the bottom, its buttons two by two, over the message line and the coach's
        strip rather than over the cards it speaks of. At a larger text size it grows with its
        words, and is set a step smaller (not the table under it) where even so it would cover
        the cards."""
        self._size = (width, height)
        self._keep = tuple(keep)
        self.clear = True
        s = float(max(0.6, min(width / 1280, height / 720) ** 0.8))
        asked = text_scale()
        scale = asked
        try:  # a larger text size: as large as leaves the cards in sight (else a step smaller)
            while asked > 1.0:
                fonts.use_scale(scale)
                if self._layout_grown(width, height, s):
                    return
                if scale <= 1.0:
                    break
                scale = max(1.0, scale - TEXT_STEP)
            fonts.use_scale(1.0)
            self._layout_usual(width, height, s)
        finally:
            fonts.use_scale(asked)

    def _layout_usual(self, width: int, height: int, s: float) -> None:
        """:meth:`layout` at 100%."""
        keep = self._keep
        n = len(self.menu.buttons)
        bh, gap = 40 * s, 9 * s
        ph = min(height - 16.0, 104 * s + n * (bh + gap) + 14 * s)
        pw = min(width - 16.0, 480 * s)
        margin = 8.0
        # a panel whose buttons would cut a label is no place for it ("Zurück, bis es noch zu
        # gewinnen ist" in the narrower one): the sheet's half-width buttons hold it whole
        pad = bh * self.menu.pad_ratio
        need = max(text_width(b.label, 15 * s, True) for b in self.menu.buttons) + 2 * pad
        for w in (pw, min(pw, 400 * s)):  # narrower beside the cards (its buttons 360 wide)
            if min(400 * s, w - 40 * s) < need:
                continue
            for y in (height / 2 - ph / 2, margin + 40 * s, height - 60 * s - ph):
                for left in (width / 2 - w / 2, margin, width - margin - w):
                    panel = Rect(left, y, w, ph)
                    if panel.bottom >= margin and not any(panel.overlaps(r) for r in keep):
                        self._column(panel, s, bh, gap)
                        return
        self._sheet(width, height, s)

    def _layout_grown(self, width: int, height: int, s: float) -> bool:
        """:meth:`layout` at a larger text size: the panel, its buttons and the gaps between its
        lines as large as its words at that size (at 200% the fixed panel held neither the
        heading nor the note over the buttons), placed where it leaves the cards in sight as
        at 100%; else the sheet across the bottom. ``False`` when neither leaves them in sight
        (nothing placed that counts: the caller tries a smaller size)."""
        buttons = self.menu.buttons
        bh, gap, margin = max(40 * s, text_height(15 * s) + 12 * s), round(9 * s), 8.0
        pad = bh * self.menu.pad_ratio
        bw = max(360 * s, max(text_width(b.label, 15 * s, True) for b in buttons) + 2 * pad + 4)
        widest = min(width - 2 * margin, max(480 * s, bw + 80 * s))
        head = text_height(26 * s) + 8 * s
        # as wide as it likes in the middle; beside the cards as narrow as its buttons allow
        for pw in sorted({widest, min(widest, bw + 40 * s)}, reverse=True):
            if self._column_grown(width, height, s, pw, min(bw, pw - 40 * s), bh, gap, head):
                return True
        # a sheet across the bottom, else across the top (over the top bar: the score waits
        # while the dialog is up), wherever it leaves the cards in sight
        return self._sheet_grown(width, height, s) or self._sheet_grown(width, height, s, True)

    def _column_grown(
        self,
        width: int,
        height: int,
        s: float,
        pw: float,
        bw: float,
        bh: float,
        gap: float,
        head: float,
    ) -> bool:
        """The grown panel ``pw`` wide, its buttons ``bw``, where it leaves the cards in sight;
        ``False`` where it finds no such place."""
        n, margin = len(self.menu.buttons), 8.0
        lines = len(fit_text(self.note, pw - 40 * s, lambda t: text_width(t, 12 * s), 3))
        note = text_height(12 * s, lines)
        ph = 14 * s + head + 6 * s + note + 14 * s + n * bh + (n - 1) * gap + 18 * s
        if ph <= height - 2 * margin:
            for left in (width / 2 - pw / 2, margin, width - margin - pw):
                for y in (height / 2 - ph / 2, margin + 40 * s, height - 60 * s - ph):
                    panel = Rect(left, max(margin, y), pw, ph)
                    if panel.top <= height - margin and not any(
                        panel.overlaps(r) for r in self._keep
                    ):
                        self._decor(panel)
                        heading_box = Rect(
                            panel.left + 20 * s, panel.top - 14 * s - head, pw - 40 * s, head
                        )
                        self.texts.fitted(_(TITLE), heading_box, 26 * s, heading=True, colour=GOLD)
                        note_box = Rect(
                            heading_box.left, heading_box.bottom - 6 * s - note, pw - 40 * s, note
                        )
                        self.texts.fitted(
                            self.note, note_box, 12 * s, colour=MUTED, max_lines=lines
                        )
                        top = note_box.bottom - 14 * s
                        self.menu.place(column_rects(panel.cx, top, n, bw, bh, gap), 15 * s)
                        self._owned()
                        return True
        return False

    def _sheet_grown(self, width: int, height: int, s: float, top: bool = False) -> bool:
        """:meth:`_sheet` at a larger text size: rows as tall as their words, the note beside
        the heading where the line holds both, else under it; ``top``: across the top of the
        window. ``False`` when it would lie over the cards (not placed)."""
        n = len(self.menu.buttons)
        rows = (n + 1) // 2
        bh, gap, pad = max(30 * s, text_height(13 * s) + 8 * s), round(6 * s), 8 * s
        panel_w = width - 16.0
        title_w = text_width(_(TITLE), 20 * s, True) + 8 * s
        head = text_height(20 * s) + 4 * s
        note_w = text_width(self.note, 12 * s) + 8 * s
        beside = 2 * pad + title_w + 2 * pad + note_w <= panel_w - 2 * pad
        note_h = 0.0 if beside else text_height(12 * s) + 2 * s
        ph = pad + head + note_h + rows * bh + (rows - 1) * gap + pad
        ph = min(ph, height - 8.0)
        panel = Rect(8.0, height - 4.0 - ph if top else 4.0, panel_w, ph)
        if any(panel.overlaps(r) for r in self._keep):
            return False
        self._decor(panel)
        title_box = Rect(panel.left + 2 * pad, panel.top - pad - head, title_w, head)
        self.texts.fitted(_(TITLE), title_box, 20 * s, heading=True, colour=GOLD, align="left")
        if beside:
            left = title_box.right + 2 * pad
            note_box = Rect(left, title_box.bottom, panel.right - 2 * pad - left, head)
        else:
            note_box = Rect(title_box.left, title_box.bottom - note_h, panel_w - 4 * pad, note_h)
        self.texts.fitted(self.note, note_box, 12 * s, colour=MUTED, align="left")
        bw = (panel.width - 2 * pad - gap) / 2
        row_top = note_box.bottom if not beside else title_box.bottom
        rects = [
            Rect(
                round(panel.left + pad + (i % 2) * (bw + gap)),
                round(row_top - (i // 2 + 1) * bh - (i // 2) * gap),
                round(bw),
                round(bh),
            )
            for i in range(n)
        ]
        self.menu.place(rects, 13 * s)
        self._owned()
        return True

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
        # (over the cards only where the table's text is larger than the window holds with the
        # dialog: the table is then laid out a step smaller, view.py)
        self.clear = not any(panel.overlaps(r) for r in self._keep)
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
