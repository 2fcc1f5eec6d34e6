"""The results of a deal or a trek: score, time, moves, best chain, and what the mode adds."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import arcade

from desert_pyramid.modes import clock_text

from .geometry import Rect
from .title import MenuScreen
from .widgets import GOLD, INK, Button, ButtonColumn, TextGroup, column_rects, panel_sprite

if TYPE_CHECKING:
    from .app import GameApp
    from .table import TableView


def rows(r: Any, layout_name: str = "") -> list[tuple[str, str]]:
    """The lines of a :class:`desert_pyramid.modes.Results` record, by mode."""
    score_label = "Cards left" if r.scoring == "classic" else "Score"
    out: list[tuple[str, str]] = []
    if r.mode == "expedition":
        out += [("Pyramids cleared", str(r.pyramids_cleared)), ("Score", f"{r.score:,}"),
                ("Best chain", str(r.best_chain)), ("Skips", str(r.skips)),
                ("Time on the trek", clock_text(r.elapsed_ms))]
        return out
    out += [(score_label, f"{r.score:,}"), ("Time", clock_text(r.elapsed_ms)), ("Moves", str(r.moves)),
            ("Best chain", str(r.best_chain))]
    if r.mode == "daily":
        out += [("Date", r.date), ("Time bonus", f"{r.time_bonus:,}")]
    out += [("Layout", f"{r.layout} · {layout_name}" if layout_name else str(r.layout)), ("Rules", r.rules),
            ("Deal code", r.deal_code)]
    if r.assisted or r.hints_used:
        out.append(("Help", ", ".join(x for x in (
            "the computer played" if r.assisted else "",
            f"{r.hints_used} hint{'s' if r.hints_used != 1 else ''}" if r.hints_used else "") if x)))
    return out


def headline(r: Any) -> str:
    if r.mode == "expedition":
        return "THE SUN HAS SET" if not r.abandoned else "TREK OVER"
    return "PYRAMID CLEARED!" if r.won else "DEAL OVER"


class ResultsView(MenuScreen):
    def __init__(self, app: GameApp, table: TableView) -> None:
        super().__init__(app)
        self.table = table
        self.results = table.session.results()
        g = table.game
        mode = self.results.mode
        if mode == "practice":
            first = [Button("New deal", lambda: app.start_practice(g.rules, g.layout)),
                     Button("Play this deal again", lambda: app.start_practice(g.rules, g.layout, g.deal))]
        else:
            first = [Button("New trek" if mode == "expedition" else "Play it again", lambda: app.start_mode(mode))]
        self.menu = ButtonColumn(app.assets, [*first, Button("Title screen", lambda: app.show_title())])

    def back(self) -> bool:
        self.app.show_title()
        return True

    def dusk(self) -> float:
        return self.table.dusk()  # a trek's results under the sky it ended in

    def layout(self, width: int, height: int) -> None:
        s = self.scale()
        self.texts = TextGroup()
        lines = rows(self.results, self.table.game.layout.name)
        n = len(self.menu.buttons)
        ph = min(height - 20.0, (118 + 30 * len(lines) + 10 + 49 * n + 16) * s)
        panel = Rect(width / 2 - 280 * s, (height - ph) / 2, 560 * s, ph)
        self.decor = arcade.SpriteList()
        self.decor.append(panel_sprite(self.app.assets, panel))
        self.texts.heading(headline(self.results), width / 2, panel.top - 42 * s, 28 * s)
        self.texts.label(self.results.mode.capitalize(), width / 2, panel.top - 78 * s, 13 * s,
                         colour=(236, 214, 176), bold=True)
        y = panel.top - 118 * s
        for name, value in lines:
            self.texts.label(name, panel.left + 60 * s, y, 14 * s, colour=(236, 200, 140), anchor_x="left")
            self.texts.label(value, panel.right - 60 * s, y, 15 * s, colour=GOLD if name == "Score" else INK,
                             anchor_x="right", bold=True)
            y -= 30 * s
        rects = column_rects(width / 2, y - 14 * s, n, 340 * s, 40 * s, 9 * s)
        self.menu.place(rects, 15 * s)
