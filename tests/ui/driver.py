"""Drive the game window like a player: key presses and mouse clicks dispatched as window events."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from typing import Any

from arcade import MOUSE_BUTTON_LEFT
from arcade import key as K

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import DESERT, SATCHEL, STOCK, Deal, Move
from desert_pyramid.engine.moves import FLIP, KING, PAIR, REDEAL, STASH
from desert_pyramid.ui.base.geometry import nearest_in_direction

WAIT_FRAME = 0.05  # seconds between the frames drawn while waiting for a search (frames_until)
ARROWS = {K.LEFT: (-1, 0), K.RIGHT: (1, 0), K.UP: (0, 1), K.DOWN: (0, -1)}


class Driver:
    def __init__(self, app: Any) -> None:
        self.app = app

    @property
    def view(self) -> Any:
        return self.app.current_view

    def practice(self, seed: int = 5) -> Any:
        """A Practice table (desert rules, the classic pyramid, the seed's first shuffle), drawn."""
        from desert_pyramid.ui.table.view import TableView

        self.app.start_practice(DESERT, get_layout(1), Deal.from_seed(seed))
        self.frames(2)
        view = self.view
        assert isinstance(view, TableView)
        return view

    # -- raw events --------------------------------------------------------------------------------
    def key(self, symbol: int, modifiers: int = 0) -> None:
        self.app.dispatch_event("on_key_press", symbol, modifiers)
        self.app.dispatch_event("on_key_release", symbol, modifiers)
        self.app.dispatch_events()

    def click(self, x: float, y: float) -> None:
        x, y = int(round(x)), int(round(y))
        self.app.dispatch_event("on_mouse_motion", x, y, 0, 0)
        self.app.dispatch_event("on_mouse_press", x, y, MOUSE_BUTTON_LEFT, 0)
        self.app.dispatch_event("on_mouse_release", x, y, MOUSE_BUTTON_LEFT, 0)
        self.app.dispatch_events()

    def drag(self, x0: float, y0: float, x1: float, y1: float, steps: int = 6) -> None:
        x0, y0 = int(round(x0)), int(round(y0))
        self.app.dispatch_event("on_mouse_press", x0, y0, MOUSE_BUTTON_LEFT, 0)
        px, py = x0, y0
        for i in range(1, steps + 1):
            x = int(round(x0 + (x1 - x0) * i / steps))
            y = int(round(y0 + (y1 - y0) * i / steps))
            self.app.dispatch_event("on_mouse_drag", x, y, x - px, y - py, MOUSE_BUTTON_LEFT, 0)
            px, py = x, y
        self.app.dispatch_event("on_mouse_release", px, py, MOUSE_BUTTON_LEFT, 0)
        self.app.dispatch_events()

    def frames(self, n: int = 1, dt: float = 1 / 60, draw: bool = True) -> None:
        """Run ``n`` frames of ``dt`` seconds (``draw=False``: updates only, to let time pass)."""
        for _ in range(n):
            if draw:
                self.app.step(dt)
            elif self.app.current_view is not None:
                self.app.current_view.on_update(dt)

    def frames_until(
        self, done: Callable[[], object], seconds: float = 60.0, dt: float = 1 / 60
    ) -> bool:
        """Frames while a search runs beside the window (a thread of this process or a worker
        process), until ``done()`` or ``seconds`` of wall-clock time pass; returns ``done()``.
        One frame every ``WAIT_FRAME`` seconds: the window keeps drawing and polling as in the
        game, and the search gets the processor in between (drawing as fast as possible took it
        from the search on a 2-core machine and made each wait several times longer)."""
        end = time.monotonic() + seconds
        while not done() and time.monotonic() < end:
            self.frames(1, dt)
            time.sleep(WAIT_FRAME)
        return bool(done())

    def choose_language(self, lang: str) -> int:
        """As a player would: Settings opened from the title, the focus on its Language row (the
        row's English label checked) and Right pressed until ``lang`` is chosen. The Settings
        screen stays open; returns the row's index."""
        from desert_pyramid.ui.screens.settings import LANGUAGE_CHOICES

        app = self.app
        app.show_title()
        app.show_settings(app.current_view)
        self.frames(1)
        view = app.current_view
        row = len(view.menu.buttons) - 2
        assert view.menu.buttons[row].label == "Language"
        view.menu.focus = row
        for _ in range(
            LANGUAGE_CHOICES.index(lang) - LANGUAGE_CHOICES.index(app.settings.language)
        ):
            self.key(K.RIGHT)
        return row

    def shot(self) -> Any:
        """The frame on screen as a PIL image (RGB)."""
        import arcade

        return arcade.get_image(0, 0, self.app.width, self.app.height).convert("RGB")

    def frame_bytes(self) -> bytes:
        """The frame on screen as raw RGB rows (bottom row first): what ``shot`` reads, without
        making a picture of it, for comparing two frames quickly (``frames_differ``)."""
        w, h = self.app.width, self.app.height
        return bytes(self.app.ctx.screen.read(viewport=(0, 0, w, h), components=3))

    def frames_differ(self, a: bytes, b: bytes) -> tuple[int, int, int, int] | None:
        """None if two ``frame_bytes`` are the same, else the box (left, top, right, bottom; y
        down, as PIL's ``getbbox``) where they differ."""
        if a == b:
            return None
        from PIL import Image, ImageChops

        size = (self.app.width, self.app.height)
        pa, pb = (Image.frombytes("RGB", size, d).transpose(Image.FLIP_TOP_BOTTOM) for d in (a, b))
        return ImageChops.difference(pa, pb).getbbox() or (0, 0, 0, 0)

    def pixel(self, x: int, y: int) -> tuple[int, int, int]:
        """The colour at (x, y) in window coordinates (y up)."""
        import arcade

        img = arcade.get_image(x, y, 1, 1).convert("RGB")
        return img.getpixel((0, 0))  # type: ignore[no-any-return]

    # -- as a keyboard player --------------------------------------------------------------------
    def focus_path(self, target: object) -> list[int]:
        """The arrow keys that move the table's focus to ``target`` (breadth-first over the
        focus moves the table itself would make)."""
        view = self.view
        targets = view.focus_targets()
        centres = dict(targets)
        start = view.focus if view.focus_visible else None
        if start is None:
            return []
        seen = {start}
        queue: deque[tuple[object, list[int]]] = deque([(start, [])])
        while queue:
            here, path = queue.popleft()
            if here == target:
                return path
            for symbol, (dx, dy) in ARROWS.items():
                nxt = nearest_in_direction(
                    centres[here], [(k, c) for k, c in targets if k != here], dx, dy
                )
                if nxt is not None and nxt not in seen:
                    seen.add(nxt)
                    queue.append((nxt, path + [symbol]))
        raise AssertionError(f"the focus cannot reach {target!r} with the arrow keys")

    def focus_on(self, target: object) -> None:
        view = self.view
        if not view.focus_visible:
            self.key(K.RIGHT)  # the first arrow shows the focus
        for symbol in self.focus_path(target):
            self.key(symbol)
        assert self.view.focus == target, (self.view.focus, target)

    def play_by_keys(self, move: Move) -> None:
        g = self.view.game
        if move.kind in (FLIP, REDEAL):
            self.key(K.SPACE)
        elif move.kind == KING:
            self.focus_on(move.a)
            self.key(K.ENTER)
        elif move.kind == STASH:
            self.focus_on(move.a)
            self.key(K.S)
        elif move.kind == PAIR:
            a, b = move.a, move.b
            self.focus_on(a)
            self.key(K.ENTER)
            if g.moves == self._moves_before:
                self.focus_on(b)
                self.key(K.ENTER)

    # -- as a mouse player ------------------------------------------------------------------------
    def where(self, place: int) -> tuple[float, float]:
        """The centre of the card drawn at a place, read from the sprite the board draws there."""
        view = self.view
        card = view.game.card_at(place)
        if card is not None and place != STOCK:
            sprite = view.board.cards[int(card)]
            assert sprite.visible, f"the card at {place} is not drawn"
            return sprite.center_x, sprite.center_y - sprite.lift
        rect = view.board.rect_of(place, view.game)
        assert rect is not None
        return rect.cx, rect.cy

    def play_by_mouse(self, move: Move) -> None:
        g = self.view.game
        if move.kind in (FLIP, REDEAL):
            self.click(*self.where(STOCK))
        elif move.kind == KING:
            self.click(*self.where(move.a))
        elif move.kind == STASH:
            self.drag(*self.where(move.a), *self.where(SATCHEL))
        elif move.kind == PAIR:
            self.click(*self.where(move.a))
            if g.moves == self._moves_before:
                self.click(*self.where(move.b))

    _moves_before = 0

    def play(self, move: Move, by: str) -> None:
        self._moves_before = self.view.game.moves
        if by == "keys":
            self.play_by_keys(move)
        else:
            self.play_by_mouse(move)
        self.frames(1)
