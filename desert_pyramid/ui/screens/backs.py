"""The card-back picker: every back of the game, the owned ones ready to use, the others dimmed
and locked with how to earn them. Enter (or a click) on an owned back chooses it: it is saved in
the profile and the table draws it at once."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import arcade

from desert_pyramid.app.rewards import back_detail, back_how
from desert_pyramid.i18n import _, format_number
from desert_pyramid.progression import CARD_BACKS, CardBack
from desert_pyramid.ui.art.rewards import back_image, locked_back
from desert_pyramid.ui.base import fonts
from desert_pyramid.ui.base.geometry import CARD_ASPECT
from desert_pyramid.ui.base.layout import Span, column, fit_text, inset
from desert_pyramid.ui.base.palette import CHOSEN, FAINT, GOLD, MUTED
from desert_pyramid.ui.screens.collection import GridScreen
from desert_pyramid.ui.widgets.buttons import Button, fitted, text_height
from desert_pyramid.ui.widgets.richtext import px, text_width

if TYPE_CHECKING:
    from desert_pyramid.ui.shell import Shell

IN_USE = CHOSEN


def lines_of(text: str, width: float, size: float, bold: bool, most: int) -> int:
    """How many lines ``text`` takes in a fitted box ``width`` wide (at most ``most``)."""
    room = width - 2 * max(2.0, px(size) * 0.2)  # the fitted text's own padding
    return len(fit_text(text, room, lambda t: text_width(t, size, bold), most))


class BacksView(GridScreen):
    """The picker. ``back`` is the screen Esc and Back return to (the title by default)."""

    def __init__(self, app: Shell, back: arcade.View | None = None) -> None:
        self.back_to = back

        def go_back() -> None:
            if self.back_to is not None:
                app.show_view(self.back_to)
            else:
                app.show_title()

        super().__init__(
            app,
            [
                Button(
                    _("Relics"), lambda: app.show_relics(back=lambda: app.show_backs(self.back_to))
                ),
                Button(_("Back"), go_back),
            ],
            go_back,
        )
        self.backs: tuple[CardBack, ...] = CARD_BACKS
        self.message = ""
        self.status_texts: list[arcade.Text] = []
        chosen = self.chosen
        self.focus = ("tile", next((i for i, b in enumerate(self.backs) if b.id == chosen), 0))

    @property
    def chosen(self) -> str:
        """The back the table draws now."""
        return self.app.settings.card_back

    def owned(self, back: CardBack) -> bool:
        return self.app.application.backs.owns(back.id)

    def tile_chosen(self, i: int) -> bool:
        return self.backs[i].id == self.chosen

    def tile_count(self) -> int:
        return len(self.backs)

    def tile_locked(self, i: int) -> bool:
        return not self.owned(self.backs[i])

    def press_tile(self, i: int) -> None:
        back = self.backs[i]
        if not self.owned(back):
            self.show_message(
                _("{back} is locked. {how}").format(back=_(back.name), how=_(back.how_to_earn))
            )
            self.app.sounds.play("illegal")
            return
        if self.app.application.choose_back(back.id):
            self.show_message(_("{back} is on your cards now.").format(back=_(back.name)))
        self.update_status()

    def show_message(self, text: str) -> None:
        self.message = text
        if self.message_text is not None:
            self.message_text.text = text

    def detail_text(self, i: int) -> str:
        back = self.backs[i]
        owned = self.owned(back)
        date = self.app.application.backs.unlocked.get(back.id, "") if owned else ""
        progress = self.app.application.progress
        return back_detail(progress, back, chosen=back.id == self.chosen, owned=owned, date=date)

    def status(self, back: CardBack) -> tuple[str, tuple[int, int, int]]:
        if back.id == self.chosen:
            return _("In use on your cards"), IN_USE
        if self.owned(back):
            return _("Owned · click or Enter to use"), MUTED
        return self._how(back), FAINT

    def _how(self, back: CardBack) -> str:
        return back_how(self.app.application.progress, back)

    def summary_parts(self) -> list[str]:
        owned = sum(1 for b in self.backs if self.owned(b))
        return [
            _("{owned} of {total} backs owned").format(
                owned=format_number(owned), total=format_number(len(self.backs))
            ),
            _("your choice is shared with the other games of the family"),
        ]

    def layout(self, width: int, height: int) -> None:
        s = self.scale()
        detail_y, buttons_y = self.place_collection(
            width, height, _("CARD BACKS"), pad=60, columns=5, tile_h=236, room=22
        )
        self.message_text = self.texts.label(
            self.message, width / 2, detail_y - 20 * s, 11 * s, colour=GOLD, bold=True
        )
        self.place_buttons(buttons_y, 220 * s, 40 * s, 20 * s, 15 * s)
        self.finish_layout()

    def build_tiles(self, s: float) -> None:
        """Each tile a column: the back (as large as the room left), its name, its status;
        texts fitted to the tile, never set smaller."""
        self.status_texts = []
        for back, r in zip(self.backs, self.tiles, strict=True):
            owned = self.owned(back)
            text, colour = self.status(back)
            inner = inset(r, 5 * s, 6 * s)  # the words may reach near the tile's rim
            back_name = _(back.name)
            # the name and the status are never cut: on the lines they take (a long word split
            # with a hyphen); the picture gives way
            name_lines = lines_of(back_name, inner.width, 13 * s, True, 3)
            status_lines = lines_of(text, inner.width, 10 * s, back.id == self.chosen, 3)
            name_h, status_h = text_height(13 * s, name_lines), text_height(10 * s, status_lines)
            words = [Span(name_h, name_h)]
            # a status longer than two lines stays off the tile (the line under the grid says
            # it for the tile in focus): never cut, and the back keeps its picture
            on_tile = status_lines <= 2
            if on_tile:
                words.append(Span(status_h, status_h))
            room = inner.height - sum(w.preferred for w in words) - 6 * s
            parts = [Span(40 * s, max(40 * s, room)), *words]  # the picture takes what is left
            boxes = column(inner, parts, 3 * s) or column(inner, [Span(0, r.height), *parts[1:]], 0)
            if boxes is None:  # no room at all (never at 640x360): the status only, hidden
                t = self.texts.fitted(text, inner, 10 * s, colour=colour)
                t.visible = False
                self.status_texts.append(t)
                continue
            pic = boxes[0]
            h = int(min(pic.height, pic.width / CARD_ASPECT)) // 2 * 2
            w = int(h * CARD_ASPECT) // 2 * 2
            if h >= 12 and w >= 8:  # a tile too small for its back shows the words only
                key = f"picker-{back.id}-{w}x{h}-{'open' if owned else 'locked'}"
                tex = self.app.assets.texture(
                    key, partial(back_image if owned else locked_back, back.id, w, h)
                )
                sprite = arcade.Sprite(tex)
                sprite.position = (round(pic.cx), round(pic.cy))
                self.pictures.append(sprite)
            name = boxes[1]
            self.texts.fitted(
                back_name,
                name,
                13 * s,
                colour=GOLD if owned else FAINT,
                bold=True,
                max_lines=name_lines,
            )
            if on_tile:
                t = self.texts.fitted(
                    text,
                    boxes[2],
                    10 * s,
                    colour=colour,
                    bold=back.id == self.chosen,
                    max_lines=status_lines,
                )
            else:  # kept for update_status, never drawn: it neither sets nor shrinks the text
                was_even = fonts.set_even(False)
                t = fitted(text, name, 10 * s, colour=colour, max_lines=status_lines)
                fonts.set_even(was_even)
            t.visible = on_tile
            self.status_texts.append(t)

    def update_status(self) -> None:
        for back, t in zip(self.backs, self.status_texts, strict=False):
            text, colour = self.status(back)
            t.text = text
            t.color = (*colour, 255)
            t.bold = back.id == self.chosen
        self.refresh_tiles()
