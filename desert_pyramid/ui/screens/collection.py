"""A screen with a grid of tiles over a row of buttons (the relics and the card backs).

The arrow keys move one focus over the tiles and the buttons (the nearest one in the arrow's
direction), Enter presses, Esc goes back; the mouse focuses what it hovers and presses what it
clicks. Subclasses fill the tiles (:meth:`GridScreen.build_tiles`) and say what a tile does when
pressed (:meth:`GridScreen.press_tile`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import arcade

from desert_pyramid.ui.art.skin import skin
from desert_pyramid.ui.base import fonts
from desert_pyramid.ui.base.geometry import Rect, nearest_in_direction
from desert_pyramid.ui.base.layout import grid_rects, row_rects
from desert_pyramid.ui.base.palette import CHOSEN, GOLD, INK, MUTED, RGB
from desert_pyramid.ui.screens.title import MenuScreen
from desert_pyramid.ui.widgets.buttons import (
    Button,
    ButtonColumn,
    TextGroup,
    panel_sprite,
    text_height,
)
from desert_pyramid.ui.widgets.richtext import px, text_width

if TYPE_CHECKING:
    from desert_pyramid.ui.shell import Shell

Focus = tuple[str, int]  # ("tile", i) or ("button", i)

# tile skins: (top, bottom, rim, rim width)
TILE_STYLES: dict[str, tuple[RGB, RGB, RGB, int]] = {
    "open": ((112, 78, 46), (78, 52, 28), (170, 126, 70), 2),
    "locked": ((92, 70, 50), (70, 52, 36), (120, 94, 66), 2),
    "chosen": ((112, 78, 46), (78, 52, 28), CHOSEN, 4),
    "focus": ((132, 94, 54), (92, 62, 32), GOLD, 4),
    "focus_locked": ((104, 80, 58), (80, 60, 42), GOLD, 4),
}


def tile_texture(app: Shell, style: str, w: int, h: int, radius: int) -> arcade.Texture:
    top, bottom, rim, rw = TILE_STYLES[style]
    return app.assets.texture(
        f"tile-{style}-{w}x{h}-{radius}", lambda: skin(w, h, top, bottom, rim, rw, radius, 245)
    )


class GridScreen(MenuScreen):
    """Tiles and buttons with one keyboard focus (see the module text)."""

    even_text = True  # all its text at one size (ui/screen.py)

    def __init__(self, app: Shell, buttons: list[Button], back: Callable[[], None]) -> None:
        super().__init__(app)
        self.menu = ButtonColumn(app.assets, buttons)
        self.go_back = back
        self.tiles: list[Rect] = []
        self.focus: Focus = ("tile", 0)
        self.tile_sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.pictures: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.detail: arcade.Text | None = None
        self.panel = Rect(0, 0, 0, 0)

    # -- to fill in -----------------------------------------------------------------------------------
    def tile_count(self) -> int:
        return 0

    def tile_locked(self, i: int) -> bool:
        return False

    def tile_chosen(self, i: int) -> bool:
        """A tile marked as the one in use (the card back on the cards)."""
        return False

    def build_tiles(self, s: float) -> None:
        """Add the pictures and the texts of the tiles (``self.tiles`` is placed)."""

    def press_tile(self, i: int) -> None:
        """Enter or a click on tile ``i``."""

    def detail_text(self, i: int) -> str:
        """The line under the grid for the focused tile."""
        return ""

    def summary(self) -> str:
        """The line under the heading (what the collection holds)."""
        return " · ".join(self.summary_parts())

    def summary_parts(self) -> list[str]:
        """The summary's parts, the most needed first: where the line does not fit the panel
        (a narrow window, a long language), the last parts are left out."""
        return []

    # -- focus ------------------------------------------------------------------------------------------
    def targets(self) -> list[tuple[Focus, tuple[float, float]]]:
        out: list[tuple[Focus, tuple[float, float]]] = [
            (("tile", i), r.center) for i, r in enumerate(self.tiles)
        ]
        out += [(("button", i), b.rect.center) for i, b in enumerate(self.menu.buttons)]
        return out

    def set_focus(self, focus: Focus) -> None:
        self.focus = focus
        self.menu.focus = focus[1] if focus[0] == "button" else -1
        self.menu.refresh()
        self.refresh_tiles()

    def move_focus(self, dx: int, dy: int) -> None:
        targets = self.targets()
        here = dict(targets).get(self.focus)
        if here is None:
            self.set_focus(("tile", 0) if self.tiles else ("button", 0))
            return
        nxt = nearest_in_direction(
            here, [(k, c) for k, c in targets if k != self.focus], dx, dy, anywhere_ahead=True
        )
        if nxt is not None:
            self.set_focus(nxt)  # type: ignore[arg-type]

    def press_focus(self) -> None:
        kind, i = self.focus
        if kind == "tile":
            self.press_tile(i)
        else:
            self.menu.press(i)

    def on_action(self, action: str) -> bool:
        moves = {
            "menu_left": (-1, 0),
            "menu_right": (1, 0),
            "menu_up": (0, 1),
            "menu_down": (0, -1),
        }
        if action in moves:
            self.move_focus(*moves[action])
            return True
        if action == "menu_accept":
            self.app.sounds.play("click")
            self.press_focus()
            return True
        if action == "back":
            return self.back()
        return super().on_action(action)

    def back(self) -> bool:
        self.go_back()
        return True

    # -- mouse ------------------------------------------------------------------------------------------
    def hit(self, x: float, y: float) -> Focus | None:
        for i, r in enumerate(self.tiles):
            if r.contains(x, y):
                return ("tile", i)
        b = self.menu.hit(x, y)
        return ("button", b) if b is not None else None

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        f = self.hit(x, y)
        if f is not None and f != self.focus:
            self.set_focus(f)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool | None:
        f = self.hit(x, y)
        if f is None:
            return None
        self.set_focus(f)
        self.app.sounds.play("click")
        self.press_focus()
        return True

    # -- drawing ----------------------------------------------------------------------------------------
    def refresh_tiles(self) -> None:
        """Show the focus on the tiles and the focused tile's detail line."""
        s = self.scale()
        for i, (r, sprite) in enumerate(zip(self.tiles, self.tile_sprites, strict=False)):
            focused = self.focus == ("tile", i)
            locked = self.tile_locked(i)
            style = (
                ("focus_locked" if locked else "focus")
                if focused
                else ("locked" if locked else "open")
            )
            if not focused and self.tile_chosen(i):
                style = "chosen"
            sprite.texture = tile_texture(self.app, style, int(r.width), int(r.height), int(12 * s))
        if self.detail is not None:
            self.detail.text = self.detail_text(self.focus[1]) if self.focus[0] == "tile" else ""

    def place_grid(self, area: Rect, columns: int, tile_h: float, gap: float) -> None:
        s = self.scale()
        self.tiles = grid_rects(area, self.tile_count(), columns, tile_h, gap)
        self.tile_sprites = arcade.SpriteList()
        for r in self.tiles:
            sprite = arcade.Sprite(
                tile_texture(self.app, "open", int(r.width), int(r.height), int(12 * s))
            )
            sprite.position = (round(r.cx), round(r.cy))
            self.tile_sprites.append(sprite)
        self.pictures = arcade.SpriteList()
        self.build_tiles(s)

    def place_collection(
        self,
        width: int,
        height: int,
        title: str,
        pad: float,
        columns: int,
        tile_h: float,
        room: float,
    ) -> tuple[float, float]:
        """The panel, its heading and summary, the tiles in rows of ``columns`` (two rows for the
        design's columns; each at most ``tile_h`` high, ``room`` over the detail line) ``pad`` in
        from the panel's sides, and the detail line under them; returns where the detail line and
        the buttons go (y). Sizes at a 720-pixel window."""
        s = self.scale()
        panel = self.place_panel(width, height)
        # a larger text size: the heading, the summary and the grid lower, the buttons taller
        drop = max(0.0, px(28 * s) * 0.6 + 8 * s - 36 * s)
        self.texts.heading(title, width / 2, panel.top - 36 * s - drop, 28 * s)
        line_w = panel.width - 24 * s
        parts = self.summary_parts()
        while len(parts) > 1 and text_width(" · ".join(parts), 13 * s, True) > line_w - 8:
            parts.pop()
        line_h = text_height(13 * s)
        line_y = panel.top - max(70 * s, 36 * s + drop + px(28 * s) * 0.5 + 4 * s + line_h / 2)
        summary = Rect(panel.left + 12 * s, line_y - line_h / 2, line_w, line_h)
        self.texts.fitted(
            " · ".join(parts),
            summary,
            13 * s,
            colour=MUTED,
            bold=True,
        )
        grid_top = min(panel.top - 92 * s, summary.bottom - 8 * s)
        buttons_y = panel.bottom + 16 * s
        detail_y = (
            buttons_y + self.button_height(15 * s) + max(22 * s, text_height(12 * s) / 2 + 4 * s)
        )
        gap = 14 * s
        rows = max(1, -(-self.tile_count() // columns))
        tile_h = min(tile_h * s, (grid_top - detail_y - room * s - gap * (rows - 1)) / rows)
        area = Rect(
            panel.left + pad * s,
            grid_top - rows * tile_h - gap * (rows - 1),
            panel.width - 2 * (pad * s),
            rows * tile_h + gap * (rows - 1),
        )
        self.place_grid(area, columns, tile_h, gap)
        detail_h = text_height(12 * s)
        self.detail = self.texts.fitted(
            "",
            Rect(panel.left + 12 * s, detail_y - detail_h / 2, line_w, detail_h),
            12 * s,
            colour=INK,
        )
        return detail_y, buttons_y

    def place_panel(self, width: int, height: int) -> Rect:
        s = self.scale()
        grow = fonts.text_scale()  # a larger text size: the panel takes more of the window
        pw = min(width - 24.0, 1200 * s * grow)
        ph = min(height - 16.0, 690 * s * grow)
        self.panel = Rect(round((width - pw) / 2), round((height - ph) / 2), round(pw), round(ph))
        self.decor = arcade.SpriteList()
        self.decor.append(panel_sprite(self.app.assets, self.panel))
        self.texts = TextGroup()
        return self.panel

    def button_height(self, font: float) -> float:
        """The buttons' height: 40 at a 720-pixel window, or what their text needs."""
        if fonts.text_scale() <= 1.0:
            return float(40 * self.scale())
        return float(round(max(40 * self.scale(), text_height(font) + 8)))

    def place_buttons(self, y: float, w: float, h: float, gap: float, font: float) -> None:
        """The buttons in a row under the grid, as tall and wide as their words need."""
        h = max(h, self.button_height(font))
        if fonts.text_scale() > 1.0:  # (at 100%: the design's width)
            w = max(w, self.menu.label_width(font, h))
        self.menu.place(row_rects(self.app.width / 2, y, len(self.menu.buttons), w, h, gap), font)

    def finish_layout(self) -> None:
        if self.focus[0] == "tile" and not 0 <= self.focus[1] < len(self.tiles):
            self.focus = ("button", 0)
        self.set_focus(self.focus)

    def on_draw(self) -> None:
        self.draw_backdrop()
        self.decor.draw()
        self.tile_sprites.draw()
        self.draw_under_pictures()
        self.pictures.draw()
        self.menu.draw()
        self.texts.draw()

    def draw_under_pictures(self) -> None:
        """Extra shapes between the tiles and their pictures (progress bars)."""
