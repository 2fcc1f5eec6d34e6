"""The relic collection: the twelve relics in a grid, found ones in colour with their flavour line,
the others as dark silhouettes with how far there is to go ("4 more pyramids")."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import arcade

from desert_pyramid.app.rewards import relic_detail, relic_found, relics_summary
from desert_pyramid.i18n import _, format_number, ngettext
from desert_pyramid.progression import RELICS, Relic
from desert_pyramid.ui.base import fonts
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.layout import Span, column, fit_text, inset
from desert_pyramid.ui.base.palette import FAINT, GOLD, MUTED
from desert_pyramid.ui.screens.collection import GridScreen
from desert_pyramid.ui.widgets.buttons import Button, text_height
from desert_pyramid.ui.widgets.richtext import px, text_width
from desert_pyramid.ui.widgets.toast import relic_image

if TYPE_CHECKING:
    from desert_pyramid.ui.shell import Shell

BAR_BACK = (30, 20, 10, 255)
BAR_FILL = (226, 170, 70, 255)


def pyramids(n: int) -> str:
    return ngettext("{n} more pyramid", "{n} more pyramids", n).format(n=format_number(n))


#: The most lines a relic's name takes on its tile.
NAME_LINES = 4


class RelicsView(GridScreen):
    """The collection screen. ``back`` is where Esc and Back go (the title by default)."""

    names_broken = False  # a relic's name broke inside a word or over two lines (build_tiles)

    def __init__(self, app: Shell, back: Callable[[], None] | None = None) -> None:
        go_back = back or app.show_title
        super().__init__(
            app,
            [
                Button(_("Card backs"), lambda: app.show_backs(self)),
                Button(_("Back"), go_back),
            ],
            go_back,
        )
        self.relics: tuple[Relic, ...] = RELICS
        self.bars: list[tuple[Rect, float]] = []

    @property
    def cleared(self) -> int:
        return self.app.application.progress.pyramids_cleared

    def found(self, relic: Relic) -> bool:
        return relic_found(self.app.application.progress, relic)

    def tile_count(self) -> int:
        return len(self.relics)

    def tile_locked(self, i: int) -> bool:
        return not self.found(self.relics[i])

    def press_tile(self, i: int) -> None:
        self.set_focus(("tile", i))

    def detail_text(self, i: int) -> str:
        return relic_detail(self.app.application.progress, self.relics[i])

    def summary_parts(self) -> list[str]:
        return relics_summary(self.app.application.progress, self.relics)

    def layout(self, width: int, height: int) -> None:
        s = self.scale()
        _detail_y, buttons_y = self.place_collection(
            width, height, _("RELICS"), pad=24, columns=6, tile_h=222, room=20
        )
        if self.names_broken and fonts.text_scale() > 1.0:
            # a larger text where six tiles a row break the names inside their words
            # ("Латун-ный", "колокол-ьчик") or over three lines and push the pictures out:
            # three rows of four wider tiles
            _detail_y, buttons_y = self.place_collection(
                width, height, _("RELICS"), pad=24, columns=4, tile_h=222, room=20
            )
        self.place_buttons(buttons_y, 220 * s, 40 * s, 20 * s, 15 * s)
        self.finish_layout()

    def _picture(self, relic: Relic, found: bool, pic: int, box: Rect) -> None:
        tex = self.app.assets.texture(
            f"relic-{relic.id}-{pic}-{'open' if found else 'locked'}",
            partial(relic_image, relic.id, pic, not found),
        )
        sprite = arcade.Sprite(tex)
        sprite.position = (round(box.cx), round(box.cy))
        self.pictures.append(sprite)

    def cleared_left(self, relic: Relic) -> str:
        """ "4 more pyramids": what is left to find a relic."""
        return pyramids(relic.threshold - self.cleared)

    def build_tiles(self, s: float) -> None:
        """Each tile a column: the picture (as large as the room left), the name, then the
        flavour or the progress; a tile too low drops its last lines (the detail line under the
        grid says the rest), never sets them smaller."""
        self.bars = []
        self.names_broken = False
        for relic, r in zip(self.relics, self.tiles, strict=True):
            found = self.found(relic)
            relic_name = _(relic.name)
            name_h = text_height(13 * s)
            inner = inset(r, 5 * s, 6 * s)  # the name may reach near the tile's rim
            room = inner.width - 2 * max(2.0, px(13 * s) * 0.2)  # what the fitted name has
            # a name is never cut: on as many lines as it takes (four at most; a long word split
            # with a hyphen), the picture gives way
            wrapped = fit_text(relic_name, room, lambda t: text_width(t, 13 * s, True), NAME_LINES)
            name_lines = len(wrapped)
            if name_lines > 2 or len(" ".join(wrapped).split()) > len(relic_name.split()):
                self.names_broken = True  # over two lines, or a word split on two
            name_h = text_height(13 * s, name_lines)
            parts: list[tuple[str, Span]] = [("name", Span(name_h, name_h))]
            if found:
                parts.append(("flavour", Span(text_height(10 * s), text_height(10 * s, 3))))
            else:
                left = self.cleared_left(relic)
                if text_width(left, 12 * s, True) <= room:  # else the count says it ("0 / 9")
                    parts.append(("left", Span(text_height(12 * s), text_height(12 * s))))
                parts += [
                    ("bar", Span(7 * s, 7 * s)),
                    ("count", Span(text_height(10 * s), text_height(10 * s))),
                ]
            # a long name takes the picture's room first (the picture may go: the name may not)
            pic_min = 24 * s if name_lines <= 2 else 0.0
            pic_span = Span(pic_min, min(r.width - 24 * s, r.height * 0.5))
            boxes = None
            while boxes is None and parts:
                boxes = column(inner, [pic_span, *(span for _, span in parts)], 3 * s)
                if boxes is None:
                    parts.pop()
            if boxes is None:
                continue
            pic = int(min(boxes[0].height, boxes[0].width)) // 2 * 2
            if pic >= 12:
                self._picture(relic, found, pic, boxes[0])
            for (what, _span), box in zip(parts, boxes[1:], strict=True):
                if what == "name":
                    colour = GOLD if found else FAINT
                    self.texts.fitted(
                        relic_name, box, 13 * s, colour=colour, bold=True, max_lines=name_lines
                    )
                elif what == "flavour":
                    lines = max(1, int((box.height - 4) // (text_height(10 * s) - 4)))
                    self.texts.fitted(
                        # TRANSLATORS: a relic's flavour line in quotation marks („…“, « … », «…»)
                        _("“{flavour}”").format(flavour=_(relic.flavour)),
                        box,
                        10 * s,
                        colour=MUTED,
                        max_lines=min(3, lines),
                    )
                elif what == "left":
                    self.texts.fitted(
                        self.cleared_left(relic), box, 12 * s, colour=(255, 200, 110), bold=True
                    )
                elif what == "bar":
                    bar = inset(box, 10 * s, 0)
                    self.bars.append((bar, min(1.0, self.cleared / relic.threshold)))
                else:
                    self.texts.fitted(
                        f"{format_number(min(self.cleared, relic.threshold))} / "
                        f"{format_number(relic.threshold)}",
                        box,
                        10 * s,
                        colour=FAINT,
                    )

    def draw_under_pictures(self) -> None:
        for bar, fraction in self.bars:
            arcade.draw_lrbt_rectangle_filled(bar.left, bar.right, bar.bottom, bar.top, BAR_BACK)
            if fraction > 0:
                arcade.draw_lrbt_rectangle_filled(
                    bar.left, bar.left + bar.width * fraction, bar.bottom, bar.top, BAR_FILL
                )
