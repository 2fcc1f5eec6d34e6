"""What the window shows over every screen: unlock toasts and the save files' notices.

A toast slides in at the top right with the picture and name of what was unlocked ("Relic
found: Clay Jar"), stays about three seconds, then fades; several queue and come one after the
other. A notice from the save files that arrives during play (a failed write) comes as a toast
too, text only. The notices found when the files were opened are shown as a banner at the bottom
of the screens that ask for it (``shows_notices = True``: the title screen) until a game starts.

The window draws the :class:`Overlay` after the screen (``GameApp.on_draw`` and ``step``), so
any screen gets it without drawing anything itself.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import arcade

from desert_pyramid.i18n import N_, _, current_language, format_number, ngettext
from desert_pyramid.i18n.say import Say, worded
from desert_pyramid.progression import Unlocks
from desert_pyramid.ui.art.rewards import back_image as back_image
from desert_pyramid.ui.art.rewards import relic_image as relic_image
from desert_pyramid.ui.art.skin import skin
from desert_pyramid.ui.base import audit
from desert_pyramid.ui.base.easing import ease_out_cubic
from desert_pyramid.ui.base.geometry import Rect, hud_height
from desert_pyramid.ui.base.palette import GOLD, INK, RGB
from desert_pyramid.ui.widgets.buttons import TextGroup, label

if TYPE_CHECKING:
    from desert_pyramid.app.application import Application
    from desert_pyramid.app.prefs import Settings
    from desert_pyramid.ui.art.assets import Assets


@dataclass(frozen=True)
class Ground:
    """What the screen under the toasts tells them (``Screen.toast_ground``): ``repaint``, how a
    screen that repaints only what changed repaints a box (the toast's last place); whether a
    celebration's banner or a modal dialog of its own shows; whether a top bar runs across the
    window (the table's: the toast stays under it); whether it shows the title's notices."""

    repaint: Callable[[tuple[int, int, int, int]], None] | None = None
    celebrating: bool = False
    modal: bool = False
    under_bar: bool = False
    shows_notices: bool = False
    #: where that top bar ends, when it is not the usual height (a larger text size grows the
    #: table's: ``ui/table/bar_plan.py``); ``None``: the usual bar (``hud_height``)
    bar_bottom: float | None = None


class OverlayHost(Protocol):
    """What the overlay needs of the window it is drawn over."""

    assets: Assets
    settings: Settings
    application: Application  # the title's notices (startup_notices)

    @property
    def width(self) -> int: ...

    @property
    def height(self) -> int: ...

    @property
    def current_view(self) -> arcade.View | None: ...

    def toast_ground(self) -> Ground: ...


SLIDE_S = 0.35  # sliding in (at normal animation speed)
HOLD_S = 3.0  # fully shown
FADE_S = 0.6  # fading out (at normal animation speed)
NOTICE_HOLD_S = 6.0  # a notice has more words: it stays longer
BANNER_LINES = 3  # notices shown at once in the title banner

LEVEL_COLOURS: dict[str, RGB] = {
    "info": (150, 210, 255),
    "warning": (255, 200, 90),
    "error": (255, 120, 100),
}
#: A notice's heading by its level (translated where the toast is drawn)
LEVEL_TITLES = {
    "info": N_("Save files"),
    "warning": N_("Save files: warning"),
    "error": N_("Save files: problem"),
}


@dataclass
class Toast:
    kind: str  # "relic", "back" or "notice"
    heading: str  # "Relic found", "Card back unlocked", "Save files" (translated when drawn)
    text: Say | str  # the relic's or back's name (translated when drawn), or the notice
    item_id: str = ""  # the relic or back id (its picture)
    level: str = "info"
    age: float = 0.0
    hold: float = HOLD_S


def toasts_for(unlocks: Unlocks) -> list[Toast]:
    out = [Toast("relic", N_("Relic found"), r.name, r.id) for r in unlocks.relics]
    out += [Toast("back", N_("Card back unlocked"), b.name, b.id) for b in unlocks.backs]
    return out


class Overlay:
    """Toasts and the notice banner of one window."""

    def __init__(self, app: OverlayHost) -> None:
        self.app = app
        self.queue: deque[Toast] = deque()
        self.current: Toast | None = None
        self.shown: list[Toast] = []  # every toast shown so far (tests and the log)
        self._sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._texts = TextGroup()
        # (id of the toast, width, height, language): a language chosen while it shows words it again
        self._built: tuple[int, int, int, str] | None = None
        self._rect = Rect(0, 0, 0, 0)
        self._banner_key: tuple[object, ...] | None = None
        self._banner_sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._banner_texts = TextGroup()
        self.banner_rect: Rect | None = None
        self._drawn: tuple[int, int, int, int] | None = None  # the box the last toast was drawn in
        self.waiting = False  # the current toast waits for a celebration to end

    # -- queueing ---------------------------------------------------------------------------------
    def push(self, toast: Toast) -> None:
        self.queue.append(toast)
        if self.current is None:
            self._next()

    def unlocked(self, unlocks: Unlocks) -> None:
        for toast in toasts_for(unlocks):
            self.push(toast)

    def notice(self, message: Say | str, level: str = "warning", heading: str = "") -> None:
        """A notice: about the save files (headed by its level), unless ``heading`` names what
        else it is about (the voice's notices: ``speech_link.SPEECH_HEADING``), translated when drawn."""
        self.push(
            Toast(
                "notice",
                heading or LEVEL_TITLES.get(level, "Save files"),
                message,
                level=level,
                hold=NOTICE_HOLD_S,
            )
        )

    def _next(self) -> None:
        self.current = self.queue.popleft() if self.queue else None
        self._built = None
        if self.current is not None:
            self.shown.append(self.current)

    @property
    def busy(self) -> bool:
        return self.current is not None

    # -- time -------------------------------------------------------------------------------------
    def _speed(self) -> float:
        return self.app.settings.animation_speed

    def _times(self, toast: Toast) -> tuple[float, float, float]:
        speed = self._speed()
        if speed <= 0:
            return 0.0, toast.hold, 0.0
        return SLIDE_S / speed, toast.hold, FADE_S / speed

    def update(self, dt: float) -> None:
        # A screen that repaints only what changed (the table) must repaint under the toast:
        # where it was drawn last frame (it moves, fades, blends over itself, or is gone now).
        repaint = self.app.toast_ground().repaint
        if self._drawn is not None and repaint is not None:
            repaint(self._drawn)
        if self.current is None:
            self._drawn = None
        toast = self.current
        if toast is None:
            return
        # a toast not yet begun waits for the table's celebration to end: both would sit in the
        # same corner of a small window (a relic found by the very move that cleared a pyramid);
        # notices lie under modal dialogs: one already showing gives way to a dialog that opens
        # (it is not drawn over it) and comes in again, whole, once the dialog is closed
        modal = self._modal()
        if modal and toast.age > 0:
            toast.age = 0.0
        self.waiting = toast.age == 0 and (modal or self._celebrating())
        if self.waiting:
            return
        toast.age += max(0.0, dt)
        slide, hold, fade = self._times(toast)
        if toast.age >= slide + hold + fade:
            self._next()

    def _celebrating(self) -> bool:
        """The table shows a celebration's banner."""
        return self.app.toast_ground().celebrating

    def _modal(self) -> bool:
        """The screen shows a modal dialog of its own (the table's "No more moves")."""
        return self.app.toast_ground().modal

    def state(self) -> tuple[float, int]:
        """(how far in, 0..1; alpha) of the current toast."""
        toast = self.current
        if toast is None:
            return 0.0, 0
        slide, hold, fade = self._times(toast)
        t = toast.age
        shown = 1.0 if slide <= 0 else ease_out_cubic(min(1.0, t / slide))
        alpha = 255
        if fade > 0 and t > slide + hold:
            alpha = int(255 * max(0.0, 1 - (t - slide - hold) / fade))
        return shown, alpha

    # -- drawing ----------------------------------------------------------------------------------
    def _scale(self) -> float:
        return float(max(0.75, min(self.app.width / 1280, self.app.height / 720) ** 0.8))

    def _build(self, toast: Toast) -> None:
        s = self._scale()
        assets = self.app.assets
        notice = toast.kind == "notice"
        w = int(340 * s) if notice else int(300 * s)
        self._sprites = arcade.SpriteList()
        self._texts = TextGroup()
        colour = LEVEL_COLOURS.get(toast.level, GOLD) if notice else GOLD
        head = self._texts.label(
            _(toast.heading), 0, 0, 11 * s, colour=colour, anchor_x="left", bold=True
        )
        if notice:
            body = label(
                worded(toast.text),
                0,
                0,
                10.5 * s,
                self._texts.batch,
                colour=INK,
                anchor_x="left",
                width=int(w - 36 * s),
                anchor_y="top",
            )
            self._texts.items.append(body)
            h = int(max(64 * s, 44 * s + body.content_height))
        else:
            name = _(worded(toast.text))  # a relic's or a card back's name
            self._texts.label(name, 0, 0, 15 * s, colour=INK, anchor_x="left", bold=True)
            h = int(84 * s)
        del head
        self._rect = Rect(0, 0, w, h)
        panel = assets.texture(
            f"toast-panel-{w}x{h}-{colour}",
            lambda: skin(w, h, (78, 50, 28), (44, 27, 14), colour, 3, int(14 * s), 240),
        )
        self._sprites.append(arcade.Sprite(panel))
        pic = int(64 * s) // 2 * 2
        if toast.kind == "relic":
            tex = assets.texture(
                f"toast-relic-{toast.item_id}-{pic}", lambda: relic_image(toast.item_id, pic)
            )
            self._sprites.append(arcade.Sprite(tex))
        elif toast.kind == "back":
            bw = int(pic * 140 / 190) // 2 * 2
            tex = assets.texture(
                f"toast-back-{toast.item_id}-{bw}x{pic}", lambda: back_image(toast.item_id, bw, pic)
            )
            self._sprites.append(arcade.Sprite(tex))
        self._built = (id(toast), self.app.width, self.app.height, current_language())

    def _place(self, toast: Toast, shown: float, alpha: int) -> None:
        s = self._scale()
        r = self._rect
        margin = 14 * s
        left = self.app.width - margin - r.width + (1 - shown) * (r.width + margin * 2)
        bottom = self._top() - margin - r.height
        # over a screen's heading (the results' at 640x360) it comes in at the bottom instead
        heading = getattr(self.app.current_view, "heading_box", None)
        at_rest = Rect(self.app.width - margin - r.width, bottom, r.width, r.height)
        if isinstance(heading, Rect) and at_rest.overlaps(heading):
            bottom = margin
        self._rect = Rect(left, bottom, r.width, r.height)
        sprites = list(self._sprites)
        sprites[0].position = (round(left + r.width / 2), round(bottom + r.height / 2))
        text_x = left + 18 * s
        if len(sprites) > 1:
            sprites[1].position = (round(left + 14 * s + 32 * s), round(bottom + r.height / 2))
            text_x = left + 92 * s
        for sp in sprites:
            sp.alpha = alpha
        items = self._texts.items
        if toast.kind == "notice":
            items[0].x, items[0].y = text_x, bottom + r.height - 20 * s
            items[1].x, items[1].y = text_x, bottom + r.height - 32 * s
        else:
            items[0].x, items[0].y = text_x, bottom + r.height * 0.64
            items[1].x, items[1].y = text_x, bottom + r.height * 0.36
        for t in items:
            t.color = (*t.color[:3], alpha)

    def _top(self) -> float:
        """The toast's ceiling: the window's top, or under the table's bar (it hides no score):
        a view whose geometry has a top bar (``geom.hud``, the table's) keeps the toast under it."""
        ground = self.app.toast_ground()
        if ground.under_bar and ground.bar_bottom is not None:
            return float(ground.bar_bottom)
        return float(self.app.height - (hud_height(self.app.height) if ground.under_bar else 0))

    @property
    def rect(self) -> Rect | None:
        """Where the current toast is drawn (after a draw), or ``None``."""
        return self._rect if self.current is not None else None

    def draw(self) -> None:
        self._draw_banner()
        toast = self.current
        if toast is None or self.waiting:
            self._drawn = None  # repainted already (update asked for it): nothing drawn there now
            return
        if self._built != (id(toast), self.app.width, self.app.height, current_language()):
            self._build(toast)
        shown, alpha = self.state()
        self._place(toast, shown, alpha)
        r = self._rect
        self._drawn = (int(r.left) - 4, int(r.bottom) - 4, self.app.width, int(r.top) + 4)
        self._sprites.draw()
        with audit.layer(audit.OVERLAY, moving=shown < 1.0):
            audit.report(audit.POPUP, "toast", r)  # audited with what it covers (a heading)
            self._texts.draw()

    # -- the title banner ---------------------------------------------------------------------------
    def _draw_banner(self) -> None:
        notices = self.app.application.startup_notices
        if not notices or not self.app.toast_ground().shows_notices:
            self.banner_rect = None
            return
        key = (self.app.width, self.app.height, tuple(notices), current_language())
        if key != self._banner_key:
            self._build_banner(notices)
            self._banner_key = key
        self._banner_sprites.draw()
        with audit.layer(audit.OVERLAY):
            self._banner_texts.draw()

    def _build_banner(self, notices: list[tuple[str, str]]) -> None:
        s = self._scale()
        shown = notices[:BANNER_LINES]
        more = len(notices) - len(shown)
        w = int(min(self.app.width - 40 * s, 900 * s))
        worst = (
            "error"
            if any(lv == "error" for lv, _ in notices)
            else ("warning" if any(lv == "warning" for lv, _ in notices) else "info")
        )
        rim = LEVEL_COLOURS[worst]
        self._banner_texts = TextGroup()
        lines: list[tuple[str, RGB]] = [(f"•  {m}", LEVEL_COLOURS.get(lv, INK)) for lv, m in shown]
        if more:
            lines.append(
                (
                    ngettext(
                        "…and {n} more: desert-pyramid profile --check tells what each file holds.",
                        "…and {n} more: desert-pyramid profile --check tells what each file holds.",
                        more,
                    ).format(n=format_number(more)),
                    (220, 200, 170),
                )
            )
        texts = [
            label(
                text,
                0,
                0,
                10.5 * s,
                self._banner_texts.batch,
                colour=colour,
                anchor_x="left",
                width=int(w - 36 * s),
                anchor_y="top",
            )
            for text, colour in lines
        ]
        self._banner_texts.items.extend(texts)
        gap = 4 * s
        h = int(40 * s + sum(t.content_height for t in texts) + gap * (len(texts) - 1))
        rect = Rect(round((self.app.width - w) / 2), round(40 * s), w, h)
        self.banner_rect = rect
        head = self._banner_texts.label(
            _("Your save files"),
            rect.left + 16 * s,
            rect.top - 16 * s,
            11 * s,
            colour=rim,
            anchor_x="left",
            bold=True,
        )
        del head
        y = rect.top - 28 * s
        for t in texts:
            t.x, t.y = rect.left + 18 * s, y
            y -= t.content_height + gap
        tex = self.app.assets.texture(
            f"banner-{w}x{h}-{rim}",
            lambda: skin(w, h, (70, 44, 24), (42, 26, 13), rim, 2, int(12 * s), 235),
        )
        sprite = arcade.Sprite(tex)
        sprite.position = (round(rect.cx), round(rect.cy))
        self._banner_sprites = arcade.SpriteList()
        self._banner_sprites.append(sprite)
