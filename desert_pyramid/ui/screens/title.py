"""The title screen, the Practice set-up and the placeholder screens (Relics, Statistics)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import arcade

from desert_pyramid.engine import CARDS, Card
from desert_pyramid.i18n import _
from desert_pyramid.ui.art import cardart
from desert_pyramid.ui.base import fonts
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.layout import (
    Span,
    button_grid,
    column_rects,
    cut_bottom,
    cut_top,
    inset,
    overflow,
    trying,
)
from desert_pyramid.ui.base.palette import SAND_INK
from desert_pyramid.ui.screen import Screen
from desert_pyramid.ui.widgets.buttons import (
    Button,
    ButtonColumn,
    TextGroup,
    panel_sprite,
    report_sprites,
    text_height,
)

if TYPE_CHECKING:
    from desert_pyramid.ui.shell import Shell

DECOR = ("KH", "QS", "AD", "7C", "6H")


def placeholder_text(name: str) -> str:
    if name == "relics":
        return (
            "Twelve relics wait in the sand, from the Brass Compass (1 pyramid cleared) to the Sun "
            "Crown (50). Your collection will be shown here once progression is in the game."
        )
    return (
        "Played, won, lost, win rate, streaks and best scores per mode, rule set and layout will "
        "be shown here once the save files are in the game."
    )


class MenuScreen(Screen):
    """A screen with a column of buttons, a heading and a message line."""

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.menu = ButtonColumn(app.assets, [])
        self.texts = TextGroup()
        self.decor: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.message = ""
        self.message_text: arcade.Text | None = None

    def scale(self) -> float:
        return float(max(0.75, min(self.app.width / 1280, self.app.height / 720) ** 0.8))

    def place_message(self, width: int, s: float, box: Rect | None = None) -> None:
        """The message line, on the sand at the bottom of the window (``box``: the band the
        screen's layout left for it)."""
        if box is None:
            box = Rect(8, 8, width - 16, text_height(12 * s))
        self.message_text = self.texts.fitted(self.message, box, 12 * s, colour=SAND_INK, bold=True)

    def set_message(self, text: str) -> None:
        self.message = text
        if self.message_text is not None:
            self.message_text.text = text

    def on_action(self, action: str) -> bool:
        if self.menu.on_action(action):
            if action == "menu_accept":
                self.app.sounds.play("click")
            return True
        if action == "back":
            return self.back()
        return super().on_action(action)

    def back(self) -> bool:
        return False

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        self.menu.hover(x, y)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool | None:
        if self.menu.click(x, y):
            self.app.sounds.play("click")
            return True
        return None

    def on_update(self, delta_time: float) -> None:
        self.app.sounds.preload_one()

    def on_draw(self) -> None:
        self.draw_backdrop()
        self.decor.draw()
        report_sprites(self.decor)
        self.menu.draw()
        self.texts.draw()


class TitleView(MenuScreen):
    even_text = True  # all its text at one size (ui/screen.py)
    shows_notices = True  # the save files' notices show here as a banner (toast.py)

    def __init__(self, app: Shell, message: str = "") -> None:
        super().__init__(app)
        self.message = message
        self.menu = ButtonColumn(
            app.assets,
            [
                Button(_("Continue"), self.on_continue, enabled=app.can_continue()),
                Button(_("Expedition"), lambda: app.start_mode("expedition")),
                Button(_("Daily"), lambda: app.show_daily()),
                Button(_("Practice"), app.show_practice_setup),
                Button(_("How to play"), lambda: app.show_howto(self)),
                Button(_("Relics"), lambda: app.show_relics()),
                Button(_("Statistics"), app.show_statistics),
                Button(_("Settings"), lambda: app.show_settings(self)),
                Button(_("Quit"), app.quit_game, confirm=_("Quit? Press again")),
            ],
        )
        if not app.can_continue():
            self.menu.focus = 1
        self.menu.asks = self.set_message  # "Quit? Press again" there where Quit cannot hold it

    def on_continue(self) -> None:
        if not self.app.continue_game():
            self.set_message(
                _("No deal in progress: start an Expedition, the Daily or a Practice deal.")
            )

    def layout(self, width: int, height: int) -> None:
        s = self.scale()
        self.texts = TextGroup()
        area = inset(Rect(0, 0, width, height), 16 * s, 6 * s)
        # (Manrope, the Cyrillic heading face, draws its capitals taller than the line's box)
        title_h = text_height(40 * s) * (
            1.2 if fonts.heading_font() == fonts.HEADING_CYRILLIC else 1
        )
        head, rest = cut_top(area, title_h + text_height(14 * s) + 4 * s, 8 * s)
        title_box, sub_box = cut_top(head, title_h)
        shadow = self.texts.fitted(
            "DESERT PYRAMID", title_box.moved(3, -3), 40 * s, colour=(92, 52, 20), heading=True
        )
        name = self.texts.fitted("DESERT PYRAMID", title_box, 40 * s, heading=True)
        shadow.owner = name.owner = "title"  # type: ignore[attr-defined]  # one heading, shadowed
        self.texts.fitted(
            _("Pyramid solitaire under the sun"), sub_box, 14 * s, colour=(255, 250, 235), bold=True
        )
        message_box, menu_area = cut_bottom(rest, text_height(12 * s), 6 * s)
        self.message_text = self.texts.fitted(
            self.message, message_box, 12 * s, colour=SAND_INK, bold=True
        )
        row_h = Span(text_height(15 * s) + 8, 40 * s)
        # a larger text: buttons as wide as their words, "Quit? Press again" too where the
        # window has room for it, else as the design has them (at 100%: the design's width)
        needs = [0.0]
        if fonts.text_scale() > 1.0:
            needs = [self.menu.label_width(15 * s, row_h.minimum, c) for c in (True, False)]
            needs.append(0.0)
        for need in needs:
            with trying() as failed:
                menu = button_grid(
                    menu_area,
                    len(self.menu.buttons),
                    Span(max(220 * s, need), max(300 * s, need)),
                    row_h,
                    8 * s,
                )
                self.menu.place(menu.rects, 15 * s, rows=-(-len(self.menu.buttons) // menu.columns))
            if not failed[0]:
                break
        else:
            overflow()  # not even the design's menu stands at this text size: a step smaller
        left = min(r.left for r in menu.rects)
        self._decor(width, height, s, room=left)

    def _decor(self, width: int, height: int, s: float, room: float) -> None:
        """A fan of cards on each side of the menu, where there is room beside it."""
        self.decor = arcade.SpriteList()
        w = int(110 * s) // 2 * 2
        if room < w * 1.6:
            return
        h = int(w * 190 / 140) // 2 * 2
        for side in (-1, 1):
            for i, code in enumerate(DECOR if side < 0 else tuple(reversed(DECOR))):
                card = Card.parse(code)
                tex = self.app.assets.texture(
                    f"deco-{code}-{w}x{h}", partial(cardart.render_face, CARDS[card], w, h)
                )
                sprite = arcade.Sprite(tex)
                k = i - 2
                cx = width / 2 + side * (width / 2 - room / 2) + k * w * 0.32
                cy = height * 0.42 - abs(k) * h * 0.06
                sprite.position = (round(cx), round(cy))
                sprite.angle = k * 9
                self.decor.append(sprite)
        if any(c.left < 0 or c.right > width for c in self.decor):
            self.decor = arcade.SpriteList()  # wide buttons (a larger text) leave no room


class PlaceholderView(MenuScreen):
    """A screen that a later part of the game fills (relics, statistics): says so, and goes back."""

    even_text = True  # all its text at one size (ui/screen.py)

    def __init__(self, app: Shell, title: str, text: str) -> None:
        super().__init__(app)
        self.title = title
        self.text = text
        self.menu = ButtonColumn(app.assets, [Button(_("Back"), lambda: app.show_title())])

    def back(self) -> bool:
        self.app.show_title()
        return True

    def layout(self, width: int, height: int) -> None:
        s = self.scale()
        self.texts = TextGroup()
        panel = Rect(width / 2 - 320 * s, height / 2 - 150 * s, 640 * s, 300 * s)
        self.decor = arcade.SpriteList()
        self.decor.append(panel_sprite(self.app.assets, panel))
        self.texts.heading(self.title.upper(), width / 2, panel.top - 44 * s, 30 * s)
        self.texts.label(self.text, width / 2, panel.cy + 20 * s, 14 * s, width=int(540 * s))
        self.menu.place(
            column_rects(width / 2, panel.bottom + 70 * s, 1, 220 * s, 42 * s, 0), 15 * s
        )
