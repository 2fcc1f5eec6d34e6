"""The results of a deal: score, time, moves, best chain, layout, rules and the deal code."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import arcade

from .geometry import Rect
from .title import MenuScreen
from .widgets import (
    GOLD,
    INK,
    Button,
    ButtonColumn,
    TextGroup,
    column_rects,
    panel_sprite,
)

if TYPE_CHECKING:
    from .app import GameApp
    from .table import TableView


class ResultsView(MenuScreen):
    def __init__(self, app: GameApp, table: TableView) -> None:
        super().__init__(app)
        self.table = table
        self.results: dict[str, Any] = dict(table.session.results())
        g = table.game
        self.menu = ButtonColumn(app.assets, [
            Button("New deal", lambda: app.start_practice(g.rules, g.layout, title=table.title)),
            Button("Play this deal again", lambda: app.start_practice(g.rules, g.layout, g.deal, title=table.title)),
            Button("Title screen", lambda: app.show_title()),
        ])

    def back(self) -> bool:
        self.app.show_title()
        return True

    def rows(self) -> list[tuple[str, str]]:
        r = self.results
        score = r.get("score", 0)
        return [
            (str(r.get("score_label", "Score")), f"{score:,}" if isinstance(score, int) else str(score)),
            ("Time", str(r.get("time", ""))),
            ("Moves", str(r.get("moves", ""))),
            ("Best chain", str(r.get("best_chain", ""))),
            ("Layout", str(r.get("layout", ""))),
            ("Rules", str(r.get("rules", ""))),
            ("Deal code", str(r.get("code", ""))),
        ]

    def layout(self, width: int, height: int) -> None:
        s = self.scale()
        self.texts = TextGroup()
        ph = min(height - 20.0, 530 * s)
        panel = Rect(width / 2 - 280 * s, (height - ph) / 2, 560 * s, ph)
        self.decor = arcade.SpriteList()
        self.decor.append(panel_sprite(self.app.assets, panel))
        won = bool(self.results.get("won"))
        self.texts.heading("PYRAMID CLEARED!" if won else "DEAL OVER", width / 2, panel.top - 42 * s, 28 * s)
        self.texts.label(str(self.results.get("title", "")), width / 2, panel.top - 78 * s, 13 * s,
              colour=(236, 214, 176), bold=True)
        y = panel.top - 118 * s
        for name, value in self.rows():
            self.texts.label(name, panel.left + 60 * s, y, 14 * s, colour=(236, 200, 140), anchor_x="left")
            self.texts.label(value, panel.right - 60 * s, y, 15 * s, colour=GOLD if name == "Score" else INK,
                  anchor_x="right", bold=True)
            y -= 30 * s
        self.texts.label("Wins, losses and streaks will be kept here once the save files are in the game.",
              width / 2, y - 4 * s, 11 * s, colour=(200, 180, 150))
        rects = column_rects(width / 2, y - 24 * s, len(self.menu.buttons), 340 * s, 40 * s, 9 * s)
        self.menu.place(rects, 15 * s)
