"""The coach's panel: what the coach says, beside the cards (or over the message line), while the
table marks the cards it talks about (:meth:`Board.set_highlights`, ``coach=``).

The words and the places come from the modes' coach (:class:`desert_pyramid.modes.CoachMessage`);
the panel only lays them out. Its rectangle comes from the table's geometry, which keeps it off
every card. A text is fitted (a smaller size, then cut with "…") only when it changes.
"""

from __future__ import annotations

from collections.abc import Sequence

import arcade
import pyglet

from desert_pyramid.app.sessions import CoachMessage
from desert_pyramid.i18n import N_, _
from desert_pyramid.ui.art.assets import COACH
from desert_pyramid.ui.base import audit
from desert_pyramid.ui.base.fonts import FONT
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.layers import PANEL_ALPHA
from desert_pyramid.ui.base.palette import BAR_BACK, BAR_RIM, GOLD, INK
from desert_pyramid.ui.table.hud import PAGE_S, cut_to_fit, paged
from desert_pyramid.ui.widgets.richtext import font_metrics, text_width
from desert_pyramid.ui.widgets.text import Text, report_text

BACK = (*BAR_BACK, PANEL_ALPHA)  # opaque: nothing shows through its words
RIM = (*BAR_RIM, 255)
IDLE = N_(
    "Play on: I speak up when a move teaches something, and the Hint button shows a good move."
)
# TRANSLATORS: the coach panel's headings (shown in capitals); the strip is narrower
HEADINGS = {
    "tip": N_("Coach"),
    "mistake": N_("Coach · a common mistake"),
    "warning": N_("Coach · stuck"),
}
STRIP_HEADINGS = {
    "tip": N_("Coach"),
    "mistake": N_("Coach · mistake"),
    "warning": N_("Coach · stuck"),
}
SHRINK = (1.0, 0.9, 0.82)


def heading_of(messages: Sequence[CoachMessage], side: bool = True) -> str:
    names = HEADINGS if side else STRIP_HEADINGS
    kinds = [m.kind for m in messages]
    for kind in ("warning", "mistake"):
        if kind in kinds:
            return _(names[kind]).upper()
    return _(names["tip"]).upper()


class CoachPanel:
    def __init__(self) -> None:
        self.rect: Rect | None = None
        self._short = ""  # the heading in the strip's shorter words
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.batch = pyglet.graphics.Batch()
        self.texts: dict[str, arcade.Text] = {}
        self.side = False  # a tall panel beside the cards (else a strip over the message line)
        self._said: tuple[str, str] | None = None
        self._size = 12.0
        self._pad = 10.0
        self.back: arcade.SpriteSolidColor | None = None
        self.stripe: arcade.SpriteSolidColor | None = None
        self.rim: arcade.SpriteSolidColor | None = None
        self.bottom = 0.0  # where it ends now: over its rectangle's bottom under a long message
        self._pages: list[str] = []  # the words in pages, when the strip cannot hold them at once
        self._page = 0
        self._page_time = 0.0

    @property
    def shown(self) -> bool:
        return self.rect is not None

    @property
    def heading(self) -> str:
        t = self.texts.get("heading")
        return t.text if t is not None else ""

    @property
    def body(self) -> str:
        t = self.texts.get("body")
        return t.text if t is not None else ""

    def place(self, rect: Rect | None, font_scale: float) -> None:
        """Build the panel in ``rect`` (``None``: no coach at this table)."""
        self.rect = rect
        self.sprites = arcade.SpriteList()
        self.batch = pyglet.graphics.Batch()
        self.texts = {}
        self._said = None
        if rect is None:
            return
        self.bottom = rect.bottom
        self.side = rect.height > rect.width * 0.5
        fs = font_scale
        self._pad = pad = round(10 * fs)
        self._size = 12.5 * fs
        self.back = arcade.SpriteSolidColor(
            int(rect.width), int(rect.height), rect.cx, rect.cy, BACK
        )
        self.rim = arcade.SpriteSolidColor(int(rect.width), 2, rect.cx, rect.top - 1, RIM)
        stripe_w = max(3, round(5 * fs))
        self.stripe = arcade.SpriteSolidColor(
            stripe_w, int(rect.height), rect.left + stripe_w / 2, rect.cy, (*COACH, 255)
        )
        for s in (self.back, self.rim, self.stripe):
            self.sprites.append(s)
        left = rect.left + stripe_w + pad
        # the strip's heading column: as wide as its longest word in this language and text size
        words = {w for name in STRIP_HEADINGS.values() for w in _(name).upper().split()}
        heading_w = max([70 * fs] + [text_width(w, 10.5 * fs, True) + 2 for w in words])
        if self.side:  # the heading over the words (its line as tall as the text size makes it)
            ascent, descent = font_metrics(10.5 * fs, True)
            under = max(20 * fs, ascent - descent + 4 * fs)
            head_at, body_at = (left, rect.top - pad), (left, rect.top - pad - under)
        else:  # a strip: the heading in a column of its own, the words beside it
            pad = self._pad = round(6 * fs)
            head_at = (left, rect.top - pad)
            body_at = (left + heading_w + 4 * fs, rect.top - pad)
        width = int(rect.right - pad - body_at[0])
        self.texts["heading"] = Text(
            "",
            *head_at,
            GOLD,
            10.5 * fs,
            font_name=FONT,
            bold=True,
            anchor_x="left",
            anchor_y="top",
            multiline=not self.side,
            width=int(heading_w),
            batch=self.batch,
        )
        self.texts["body"] = Text(
            "",
            *body_at,
            INK,
            self._size,
            font_name=FONT,
            anchor_x="left",
            anchor_y="top",
            multiline=True,
            width=width,
            batch=self.batch,
        )

    def say(self, messages: Sequence[CoachMessage]) -> None:
        """Show what the coach says now (nothing new: a line that it listens)."""
        if self.rect is None:
            return
        heading = heading_of(messages, self.side)
        self._short = heading_of(messages, False)  # the strip's, where the side's is too wide
        sep = "\n\n" if self.side else " "
        body = sep.join(m.text for m in messages) or _(IDLE)
        if self._said == (heading, body):
            return  # fitted already
        self._said = (heading, body)
        self._refit()

    def rest_on(self, floor: float) -> None:
        """Start no lower than ``floor`` (the top of the message bar under it: a message of two
        lines takes the bottom of the strip, the most important words on the table read whole);
        the coach's words are fitted again to the room left (smaller, then cut with "…")."""
        r = self.rect
        if r is None:
            return
        bottom = min(max(r.bottom, floor), r.top - 1)
        if bottom == self.bottom:
            return
        self.bottom = bottom
        self._refit()

    def _refit(self) -> None:
        """Fit the words said (heading and body) to the room the panel has now, then its back."""
        if self._said is not None:
            heading, body = self._said
            self._fit_heading(heading)
            self._fit(self.texts["body"], body)
        self._fit_back()

    @property
    def drawn(self) -> Rect | None:
        """The panel as drawn now (a side panel is as tall as its words; a strip gives up its
        bottom to a long message)."""
        back = self.back
        if self.rect is None or back is None:
            return None
        return Rect(back.left, back.bottom, back.width, back.height)

    def _height(self) -> float:
        r = self.rect
        assert r is not None
        return r.top - self.bottom

    def _room(self) -> float:
        r = self.rect
        assert r is not None
        return self._height() - self._pad * 2 - (r.top - self._pad - self.texts["body"].y)

    def _fit_heading(self, heading: str) -> None:
        """The strip's heading column ("COACH · MISTAKE" in two lines) in the strip's height: its
        last words go (the first names the coach) when the strip gave up room."""
        t = self.texts["heading"]
        t.text = heading
        if self.side:  # one line: the strip's shorter words, else its first (at 200%
            # "TRAINER · EIN HÄUFIGER FEHLER" ran out of the panel)
            r = self.rect
            room = (r.right - self._pad - t.x) if r is not None else float("inf")
            for shorter in (self._short, heading.split(" · ")[0]):
                if t.content_width <= room:
                    break
                t.text = shorter
            return
        room = self._height() - self._pad * 2
        words = heading.split(" ")
        while t.content_height > room and len(words) > 1:
            words.pop()
            t.text = " ".join(words).removesuffix(" ·")

    def _fit(self, t: arcade.Text, body: str) -> None:
        """The words at the largest of :data:`SHRINK`'s sizes that holds them; where none does
        (a strip in a low window), in pages that turn by themselves (:meth:`tick`), each
        ending "(1/2)": never a sentence cut off."""
        room = self._room()
        self._pages, self._page, self._page_time = [], 0, 0.0
        for k in SHRINK:
            if t.font_size != self._size * k:
                t.font_size = self._size * k
            t.text = body
            if t.content_height <= room:
                return

        def fits(text: str) -> bool:
            t.text = text
            return bool(t.content_height <= room)

        pages = paged(body, fits)
        if pages is None:  # not even one word a page (a strip with no height left)
            cut_to_fit(t, body, lambda: t.content_height <= room)
            return
        self._pages = pages
        t.text = pages[0]

    @property
    def pages(self) -> list[str]:
        """The pages the words are shown in (none: they fit at once)."""
        return list(self._pages)

    def tick(self, dt: float) -> None:
        """Time passes (``dt`` seconds): the words in pages turn to the next every
        :data:`PAGE_S` seconds, the last back to the first."""
        if len(self._pages) < 2:
            return
        self._page_time += dt
        if self._page_time >= PAGE_S:
            self._page_time = 0.0
            self.turn()

    def turn(self) -> None:
        """Show the next page (a click on the strip, or the time)."""
        if len(self._pages) > 1:
            self._page = (self._page + 1) % len(self._pages)
            self.texts["body"].text = self._pages[self._page]

    def _fit_back(self) -> None:
        """A side panel is as tall as its words (from its top); a strip keeps its height, less
        what a long message under it takes (:meth:`rest_on`)."""
        r, back, stripe = self.rect, self.back, self.stripe
        if r is None or back is None or stripe is None:
            return
        room = self._height()
        if self.side:
            body = self.texts["body"]
            used = (r.top - body.y) + body.content_height + self._pad * 1.5
            h = int(min(room, max(used, r.height * 0.2)))
            cy = r.top - h / 2
        elif self.bottom > r.bottom:
            h, cy = int(room), r.top - int(room) / 2
        else:  # as it was placed
            h, cy = int(r.height), r.cy
        for s in (back, stripe):
            if s.height != h or s.center_y != cy:
                s.height = h
                s.center_y = cy

    def draw(self, box: tuple[int, int, int, int] | None = None) -> None:
        """Draw the panel; with ``box`` (left, bottom, right, top: a partial redraw) only when
        the panel reaches into it (the layout audit sees every part of every frame)."""
        if self.rect is None:
            return
        drawn = self.drawn
        recording = audit.recording() is not None
        if (
            box is not None
            and drawn is not None
            and not recording
            and not drawn.overlaps(Rect.from_box(box))
        ):
            return
        self.sprites.draw()
        self.batch.draw()
        if not recording or drawn is None:
            return
        with audit.layer(audit.TABLE):  # nothing of the table may lie under it but its words
            audit.report(audit.COVER, "coach", drawn, owner="coach")
            for t in self.texts.values():
                report_text(t, box=drawn, owner="coach")
