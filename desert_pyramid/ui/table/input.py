"""The table's mouse and keyboard focus: what lies under the pointer, clicks, drags, and the
visible focus that the arrow keys move between free cards, piles and buttons."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from desert_pyramid.engine import SATCHEL, STOCK, WASTE
from desert_pyramid.ui.base.geometry import Rect, nearest_in_direction
from desert_pyramid.ui.table.geometry import HINT, MENU, UNDO

if TYPE_CHECKING:
    from desert_pyramid.app.control import Feedback, TableControl
    from desert_pyramid.engine import Game
    from desert_pyramid.ui.shell import Shell
    from desert_pyramid.ui.table.board import Board
    from desert_pyramid.ui.table.geometry import TableGeometry
    from desert_pyramid.ui.table.hud import Hud

Focus = int | str  # a place, or a HUD button name
DRAG_START = 6.0  # pixels before a press becomes a drag


@dataclass
class Press:
    place: int | None
    button: str | None
    x: float
    y: float
    dragging: bool = False


class TableInput:
    """Mixed into :class:`TableView`: it uses the view's board, HUD, control and geometry."""

    focus: Focus | None
    focus_visible: bool
    press: Press | None

    if TYPE_CHECKING:  # what the table view provides
        app: Shell
        geom: TableGeometry | None
        board: Board
        hud: Hud
        control: TableControl
        ending: bool

        @property
        def game(self) -> Game: ...

        def refresh(self) -> None: ...

        def apply(self, fb: Feedback) -> None: ...

        def press_button(self, name: str) -> None: ...

        def finish(self) -> None: ...

    # -- focus -------------------------------------------------------------------------------------
    def focus_targets(self) -> list[tuple[Focus, tuple[float, float]]]:
        g = self.geom
        if g is None:
            return []
        game = self.game
        out: list[tuple[Focus, tuple[float, float]]] = [
            (i, g.slots[i].center) for i in game.free_slots()
        ]
        out.append((STOCK, g.stock.center))
        if game.waste:
            r = self.board.rect_of(WASTE, game)
            if r is not None:
                out.append((WASTE, r.center))
        if g.satchel is not None:
            out.append((SATCHEL, g.satchel.center))
        for name in (UNDO, HINT, MENU):
            out.append((name, g.places[name].center))
        return out

    def focus_rect(self) -> Rect | None:
        f = self.focus
        if f is None or self.geom is None or isinstance(f, str):
            return None  # HUD buttons show their focus themselves
        return self.board.rect_of(f, self.game)

    def check_focus(self) -> None:
        """After a move the focused card may be gone: move the focus to the nearest target."""
        if self.focus is None:
            return
        targets = self.focus_targets()
        if any(k == self.focus for k, _ in targets):
            return
        old = self.board.rect_of(self.focus, self.game) if isinstance(self.focus, int) else None
        ox, oy = old.center if old is not None else (self.app.width / 2, self.app.height / 2)
        best = min(targets, key=lambda t: (t[1][0] - ox) ** 2 + (t[1][1] - oy) ** 2, default=None)
        self.focus = best[0] if best is not None else None

    def move_focus(self, dx: int, dy: int) -> None:
        """An arrow key: the first one shows the focus, the next ones move it."""
        targets = self.focus_targets()
        if not targets:
            return
        if self.focus is None or not self.focus_visible:
            if self.focus is None:
                free = [t for t in targets if isinstance(t[0], int) and t[0] >= 0]
                self.focus = min(free or targets, key=lambda t: (t[1][1], t[1][0]))[0]
            self.focus_visible = True
            self.refresh()
            return
        here = dict(targets).get(self.focus)
        if here is None:
            return
        nxt = nearest_in_direction(here, [(k, c) for k, c in targets if k != self.focus], dx, dy)
        if isinstance(nxt, int | str):
            self.focus = nxt
        self.control.hint_armed = False
        self.refresh()

    def cycle_focus(self, step: int) -> None:
        """Tab (Shift+Tab): the next (previous) target in reading order, top row first, left to
        right, then the piles and the buttons; it wraps round. A screen reader's way round."""
        targets = self.focus_targets()
        if not targets:
            return
        cards = sorted(
            (t for t in targets if isinstance(t[0], int) and t[0] >= 0),
            key=lambda t: (-round(t[1][1]), t[1][0]),
        )
        order = [k for k, _ in cards] + [
            k for k, _ in targets if not (isinstance(k, int) and k >= 0)
        ]
        if self.focus is None or not self.focus_visible or self.focus not in order:
            self.focus = order[0 if step > 0 else -1]
        else:
            self.focus = order[(order.index(self.focus) + step) % len(order)]
        self.focus_visible = True
        self.control.hint_armed = False
        self.refresh()

    # -- mouse ---------------------------------------------------------------------------------------
    def hit(self, x: float, y: float) -> tuple[int | None, str | None]:
        """(place, button) under the point."""
        button = self.hud.hit(x, y)
        if button is not None:
            return None, button
        game = self.game
        for place in (WASTE, SATCHEL, STOCK):
            r = self.board.rect_of(place, game)
            if r is not None and r.contains(x, y):
                return place, None
        g = self.geom
        if g is None:
            return None, None
        order = sorted(range(len(g.slots)), key=lambda i: -game.layout.slots[i].z)
        for i in order:
            if game.cards[i] >= 0 and g.slots[i].contains(x, y):
                return i, None
        return None, None

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool | None:
        if self.ending:
            self.finish()
            return True
        place, name = self.hit(x, y)
        self.press = Press(place, name, x, y)
        return True

    def on_mouse_drag(
        self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int
    ) -> bool | None:
        p = self.press
        if p is None or p.place is None or p.place == STOCK:
            return None
        if not p.dragging and abs(x - p.x) + abs(y - p.y) < DRAG_START:
            return None
        card = self.game.card_at(p.place)
        if card is None or self.control.why_not_playable(p.place) is not None:
            return None
        if not p.dragging:
            p.dragging = True
            self.control.deselect()
            self.refresh()
        self.board.drag_to(int(card), x, y)
        return True

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> bool | None:
        p = self.press
        self.press = None
        if p is None:
            return None
        self.focus_visible = False
        place, name = self.hit(x, y)
        if p.dragging:
            self.board.end_drag(self.app.settings.animation_speed)
            if place is not None and place != p.place and p.place is not None:
                self.apply(self.control.drop(p.place, place))
            else:
                self.board.sync(self.game, self.app.settings.animation_speed)
                self.refresh()
            return True
        if name is not None and name == p.button:
            self.press_button(name)
        elif place is not None and place == p.place:
            self.apply(self.control.click(place))
        return True
