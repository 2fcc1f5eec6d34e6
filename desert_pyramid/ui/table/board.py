"""The cards on the table as sprites: where each of the 52 cards is drawn, and how it gets there.

:meth:`Board.sync` compares the game's state with what is on screen and starts a flight for every
card whose place changed (and a turn-over for every card whose face changed), so moves, undo,
redeals and the Satchel all animate the same way. Everything is one sprite list in one atlas:
empty-pile outlines, cards, shadows, glow and rings, drawn in one call.
"""

from __future__ import annotations

from dataclasses import dataclass

import arcade

from desert_pyramid.engine import DISCARD, SATCHEL, STOCK, WASTE, Card, Game
from desert_pyramid.ui.art.assets import CardTextures, make_texture
from desert_pyramid.ui.art.cardart import render_redeal
from desert_pyramid.ui.base import audit
from desert_pyramid.ui.base.cardface import (
    BOTTOM,
    FULL,
    HIDDEN,
    LEFT,
    RIGHT,
    TOP,
    index_spot,
    visible_part,
)
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.palette import COVERED_TINT
from desert_pyramid.ui.table.anim import FLIGHT_S, MOVE_S, Celebration, Flight, Shake
from desert_pyramid.ui.table.geometry import PILE_NAMES, TableGeometry
from desert_pyramid.ui.widgets.buttons import high_contrast

Z_SLOT = -100.0
Z_PILE = 1000.0
Z_LIFT = 5000.0
Z_FLY = 8000.0
Z_RING = 20000.0
Z_DRAG = 30000.0
WHITE = (255, 255, 255)
SHADE = COVERED_TINT  # covered cards are shaded grey
SHADE_HIGH_CONTRAST = (232, 230, 227)  # lighter in high contrast: every ink keeps WCAG AA
DIM = (205, 198, 186)  # waste cards under the top one (draw three)


@dataclass
class Target:
    place: int
    x: float
    y: float
    z: float
    face_up: bool
    shaded: bool
    visible: bool  # shown at rest (a layout card, a pile's top card)
    part: str = FULL  # the part of a layout card that other cards leave visible
    spot: str = "tl"  # where its index can be read (geometry.INDEX_SPOTS; "tl": its own)


class ZSprite(arcade.Sprite):
    """A sprite with a drawing depth: the board's sprite list is sorted by it."""

    def __init__(self, texture: arcade.Texture, z: float = 0.0) -> None:
        super().__init__(texture)
        self.z = z


class CardSprite(ZSprite):
    def __init__(self, card: int, texture: arcade.Texture) -> None:
        super().__init__(texture)
        self.card = card
        self.place = STOCK
        self.home = (0.0, 0.0)
        self.face_up = False  # the face shown now
        self.flight: Flight | None = None
        self.shake_fx: Shake | None = None
        self.lift = 0.0
        self.dragging = False
        self.shown = True  # visible in the game's state (the pile top, a layout card...)
        self.part = FULL
        self.spot: str | None = "tl"
        self.shade: tuple[int, int, int] = WHITE


class Board:
    """The card sprites of one table."""

    def __init__(self) -> None:
        self.tex: CardTextures | None = None
        self.geom: TableGeometry | None = None
        self.cards: list[CardSprite] = []
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        # the win's thrown cards: drawn in the effects layer, over the piles and the buttons
        self.flying: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.selected: int | None = None
        self.rings: list[ZSprite] = []
        self.tags: list[ZSprite] = []  # per card: its extra index (see set_textures)
        self.coach_marked: tuple[int, ...] = ()  # the places ringed for the coach
        self.slot_sprites: dict[int, ZSprite] = {}
        self.piles: list[list[int]] = []  # stock, discard, waste (bottom first)
        self._over: list[list[int]] = []  # per slot: the slots lying on it
        self.redeal_sprite: ZSprite | None = None
        self.glow: ZSprite | None = None
        self.shadows: list[ZSprite] = []
        self.celebration: Celebration | None = None
        self.place_rects: dict[int, Rect] = {}
        self._order_dirty = True
        self.moving = 0  # cards in flight

    # -- set-up ------------------------------------------------------------------------------------
    def set_textures(self, tex: CardTextures) -> None:
        """Use a new texture set (a new card size or deck option): a new sprite list in its atlas."""
        old = {s.card: s for s in self.cards}
        self.tex = tex
        self.sprites = arcade.SpriteList(atlas=tex.atlas, capacity=96)
        self.flying = arcade.SpriteList(atlas=tex.atlas, capacity=52)
        self.celebration = None  # new sprites: a win showing starts its throw again
        self.cards = []
        for c in range(52):
            prev = old.get(c)
            s = CardSprite(c, tex.back)
            if prev is not None:
                s.place, s.home, s.face_up, s.z = prev.place, prev.home, prev.face_up, prev.z
                s.shown, s.visible, s.shade = prev.shown, prev.visible, prev.shade
                s.color = prev.shade
                s.position = prev.home
            s.texture = tex.face(c) if s.face_up else tex.back
            self.cards.append(s)
            self.sprites.append(s)
        self.slot_sprites = {}
        self.rings = []
        self.shadows = []
        # a covered card whose own index lies under other cards shows an extra one, upright,
        # where it can be seen (geometry.index_spot): one small sprite per card, on top of it
        self.tags = []
        for _ in range(52):
            tag = ZSprite(tex.back)
            tag.visible = False
            self.tags.append(tag)
            self.sprites.append(tag)
        self.glow = ZSprite(tex.glow)
        self.glow.visible = False
        self.sprites.append(self.glow)
        self.redeal_sprite = ZSprite(
            make_texture(render_redeal(tex.w, tex.h), f"redeal-{tex.w}x{tex.h}")
        )
        self.redeal_sprite.visible = False
        self.sprites.append(self.redeal_sprite)
        self._order_dirty = True

    def set_geometry(self, geom: TableGeometry, satchel: bool) -> None:
        self.geom = geom
        assert self.tex is not None
        for s in self.slot_sprites.values():
            s.remove_from_sprite_lists()
        self.slot_sprites = {}
        names = [STOCK, WASTE, DISCARD] + ([SATCHEL] if satchel else [])
        for place in names:
            r = self._pile_rect(place)
            s = ZSprite(self.tex.slot, Z_SLOT)
            s.position = (round(r.cx), round(r.cy))
            self.slot_sprites[place] = s
            self.sprites.append(s)
        if self.redeal_sprite is not None:
            self.redeal_sprite.position = (round(geom.stock.cx), round(geom.stock.cy))
        self._order_dirty = True

    def _pile_rect(self, place: int) -> Rect:
        g = self.geom
        assert g is not None
        if place == STOCK:
            return g.stock
        if place == WASTE:
            return g.waste_fan[0]
        if place == DISCARD:
            return g.discard
        sat = g.satchel
        assert sat is not None
        return sat

    # -- where every card belongs -----------------------------------------------------------------
    def targets(self, game: Game) -> dict[int, Target]:
        g = self.geom
        assert g is not None
        out: dict[int, Target] = {}
        layout = game.layout
        slots = layout.slots
        if len(self._over) != len(slots):
            self._over = [list(sl.covered_by) for sl in slots]
        for i, c in enumerate(game.cards):
            if c >= 0:
                r = g.slots[i]
                over = [(slots[j].x, slots[j].y) for j in self._over[i] if game.cards[j] >= 0]
                part = visible_part((slots[i].x, slots[i].y), over) if over else FULL
                spot = index_spot((slots[i].x, slots[i].y), over) if over else "tl"
                out[c] = Target(
                    i,
                    round(r.cx),
                    round(r.cy),
                    float(slots[i].z),
                    True,
                    not game.is_free(i),
                    True,
                    part,
                    spot or "",
                )
        stock_up = game.rules.stock_top_playable
        n = len(game.stock)
        for k, c in enumerate(game.stock):
            out[c] = Target(
                STOCK, round(g.stock.cx), round(g.stock.cy), Z_PILE + k, stock_up, False, k == n - 1
            )
        fan = g.waste_fan
        n = len(game.waste)
        shown = min(len(fan), n)
        for k, c in enumerate(game.waste):
            j = max(0, shown - (n - k))  # fan position: the top card is at fan[shown - 1]
            r = fan[j]
            top = k == n - 1
            out[c] = Target(
                WASTE,
                round(r.cx),
                round(r.cy),
                Z_PILE + k,
                True,
                not top and len(fan) > 1,
                k >= n - shown,
            )
        if game.satchel >= 0 and g.satchel is not None:
            out[game.satchel] = Target(
                SATCHEL, round(g.satchel.cx), round(g.satchel.cy), Z_PILE, True, False, True
            )
        n = len(game.discard)
        for k, c in enumerate(game.discard):
            out[c] = Target(
                DISCARD,
                round(g.discard.cx),
                round(g.discard.cy),
                Z_PILE + k,
                True,
                False,
                k == n - 1,
            )
        return out

    def sync(self, game: Game, speed: float) -> None:
        """Bring the sprites to the game's state; animate the changes when ``speed`` > 0."""
        assert self.tex is not None and self.geom is not None
        targets = self.targets(game)
        for s in self.cards:
            self._sync_card(s, targets[s.card], speed)
        # under a pile's top card, the next card shows only while the cards above it fly in
        self.piles = [list(game.stock), list(game.discard), list(game.waste)]
        empty = {
            STOCK: not game.stock,
            WASTE: not game.waste,
            DISCARD: not game.discard,
            SATCHEL: game.satchel < 0,
        }
        for place, sprite in self.slot_sprites.items():
            sprite.visible = empty[place]
        if self.redeal_sprite is not None:
            left = game.redeals_left
            self.redeal_sprite.visible = (
                not game.stock and bool(game.waste) and (left is None or left > 0)
            )
        self.place_rects = self._place_rects(game)
        self._order_dirty = True
        self.update(0.0)

    def _sync_card(self, s: CardSprite, t: Target, speed: float) -> None:
        """One card to its place, face and shade: flown there when ``speed`` > 0 and it shows."""
        g = self.geom
        assert g is not None
        moved = (t.x, t.y) != s.home
        turned = t.face_up != s.face_up
        was_shown = s.shown
        s.place, s.z, s.shown, s.part = t.place, t.z, t.visible, t.part
        s.spot = t.spot if t.place >= 0 else "tl"
        shade = SHADE_HIGH_CONTRAST if high_contrast() else SHADE
        colour = shade if t.shaded else (DIM if t.place == WASTE and t.shaded else WHITE)
        if s.shade != colour:  # setting a sprite's colour writes its buffer: only on a change
            s.shade = colour
            s.color = colour
        if speed > 0 and (moved or turned) and (was_shown or t.visible):
            start = self._now(s)
            far = t.place == DISCARD
            dur = (FLIGHT_S if far else MOVE_S) / speed
            arc = (g.card_h * 0.35) if far else 0.0
            s.flight = Flight(start, (t.x, t.y), dur, arc=arc, flip=turned)
            s.face_up = t.face_up
            if not turned:
                s.texture = self._texture(s)
        else:
            s.flight = None
            s.face_up = t.face_up
            tex_now = self._texture(s)
            if s.texture is not tex_now:
                s.texture = tex_now
            if s.scale_x != 1.0:
                s.scale_x = 1.0
        s.home = (t.x, t.y)

    def _texture(self, s: CardSprite) -> arcade.Texture:
        """The face, the back, or the visible half of a layout card at rest."""
        tex = self.tex
        assert tex is not None
        if not s.face_up:
            return tex.back
        if s.part not in (FULL, HIDDEN) and s.flight is None and not s.dragging:
            return tex.part(s.card, s.part)
        return tex.face(s.card)

    def _offset(self, s: CardSprite) -> tuple[float, float]:
        """Where the centre of a half card lies from the centre of the whole card."""
        if s.part == FULL or s.flight is not None or s.dragging:
            return (0.0, 0.0)
        tex = self.tex
        assert tex is not None
        return {
            TOP: (0.0, tex.h / 4),
            BOTTOM: (0.0, -tex.h / 4),
            LEFT: (-tex.w / 4, 0.0),
            RIGHT: (tex.w / 4, 0.0),
        }.get(s.part, (0.0, 0.0))

    def _place_rects(self, game: Game) -> dict[int, Rect]:
        """Where the top card of each pile is (for clicks and focus)."""
        g = self.geom
        assert g is not None
        rects = {STOCK: g.stock, DISCARD: g.discard}
        n = min(len(g.waste_fan), len(game.waste))
        rects[WASTE] = g.waste_fan[max(0, n - 1)]
        if g.satchel is not None:
            rects[SATCHEL] = g.satchel
        return rects

    @staticmethod
    def _now(s: CardSprite) -> tuple[float, float]:
        if s.flight is not None and not s.flight.done:
            return s.flight.position
        return s.home

    # -- effects --------------------------------------------------------------------------------------
    def shake(self, place: int, game: Game, amplitude: float) -> None:
        card = game.card_at(place)
        if card is not None:
            self.cards[int(card)].shake_fx = Shake(amplitude)

    def set_highlights(
        self,
        game: Game,
        selected: int | None,
        partners: tuple[int, ...],
        focus: Rect | None,
        hint: tuple[int, ...],
        coach: tuple[int, ...] = (),
    ) -> None:
        """Lift and glow the selected card, ring its partners, the focus, the hinted cards and
        the cards the coach talks about."""
        tex = self.tex
        assert tex is not None
        for s in self.cards:
            s.lift = 0.0
        self.selected = None
        if self.glow is not None:
            self.glow.visible = False
        if selected is not None:
            card = game.card_at(selected)
            if card is not None:
                s = self.cards[int(card)]
                s.lift = round(tex.h * 0.07)
                self.selected = int(card)
        for r in self.rings:
            r.remove_from_sprite_lists()
        self.rings = []
        for place in partners:
            self._ring(tex.partner, self.rect_of(place, game), Z_RING)
        for place in coach:
            if game.card_at(place) is not None:
                self._ring(tex.coach, self.rect_of(place, game), Z_RING - 0.5)
        self.coach_marked = tuple(p for p in coach if game.card_at(p) is not None)
        for place in hint:
            self._ring(tex.hint, self.rect_of(place, game), Z_RING + 1)
        if focus is not None:
            ring = ZSprite(tex.focus)
            ring.width, ring.height = focus.width + 10, focus.height + 10
            ring.position = (round(focus.cx), round(focus.cy))
            ring.z = Z_RING + 2
            self.rings.append(ring)
            self.sprites.append(ring)
        self._order_dirty = True
        self.update(0.0)

    def _ring(self, texture: arcade.Texture, rect: Rect | None, z: float) -> None:
        if rect is None:
            return
        ring = ZSprite(texture)
        ring.position = (round(rect.cx), round(rect.cy))
        ring.z = z
        self.rings.append(ring)
        self.sprites.append(ring)

    def rect_of(self, place: int, game: Game) -> Rect | None:
        """Where the card at a place is drawn (a layout slot or a pile top)."""
        g = self.geom
        if g is None:
            return None
        if place >= 0:
            return g.slots[place] if place < len(g.slots) else None
        return self.place_rects.get(place)

    def drag_to(self, card: int, x: float, y: float) -> None:
        s = self.cards[card]
        if self.tags:
            self.tags[card].visible = False
        if not s.dragging:
            s.dragging = True
            s.flight = None
            s.texture = self._texture(s)
        s.position = (x, y)
        self._order_dirty = True

    def end_drag(self, speed: float) -> None:
        """Send a dragged card that found no partner back to its place."""
        for s in self.cards:
            if s.dragging:
                s.dragging = False
                if speed > 0:
                    s.flight = Flight((s.center_x, s.center_y), s.home, MOVE_S / speed)
                self._order_dirty = True

    def celebrate(self, game: Game, width: float, floor: float) -> None:
        g = self.geom
        assert g is not None
        self.celebration = Celebration(
            cards=list(game.discard),
            origin=(g.discard.cx, g.discard.cy),
            width=width,
            floor=floor,
            scale=float(g.card_h),
        )
        for s in self.cards:
            s.flight = None

    # -- every frame ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.tex is None:
            return
        moving = 0
        for s in self.cards:
            if s.dragging:
                continue
            flying, (x, y) = self._advance_flight(s, dt)
            moving += flying
            dx, dy = self._offset(s)
            x += dx
            y += dy
            if s.shake_fx is not None:
                s.shake_fx.advance(dt)
                x += s.shake_fx.offset
                if s.shake_fx.done:
                    s.shake_fx = None
            pos = (x, y + s.lift)
            if s._position != pos:  # writing a sprite updates its buffer: only on a change
                s.position = pos
            visible = (s.shown and s.part != HIDDEN) or s.flight is not None
            if s.visible != visible:
                s.visible = visible
            self._place_tag(s, x - dx, y - dy)
        for pile in self.piles:
            for c in reversed(pile):
                s = self.cards[c]
                if s.flight is None and not s.dragging:
                    s.visible = True  # the first card from the top that is not on its way
                    break
        self.moving = moving
        self._update_celebration(dt)
        self._update_glow_and_shadows()
        if self._order_dirty:
            self._sort()

    def _advance_flight(self, s: CardSprite, dt: float) -> tuple[int, tuple[float, float]]:
        """A card's flight ``dt`` further (its face turned halfway through a flip): 1 while it
        is still on its way, and where it is now."""
        f = s.flight
        if f is None:
            return 0, s.home
        tex = self.tex
        assert tex is not None
        f.advance(dt)
        s.scale_x = f.x_scale
        if f.flip and f.face_turned and s.texture is not tex.face(s.card) and s.face_up:
            s.texture = tex.face(s.card)
        elif f.flip and f.face_turned and not s.face_up:
            s.texture = tex.back
        if not f.done:
            return 1, f.position
        s.flight = None
        s.scale_x = 1.0
        s.texture = self._texture(s)
        self._order_dirty = True
        return 0, s.home

    def _place_tag(self, s: CardSprite, x: float, y: float) -> None:
        """The extra index of a card whose centre is at (x, y): shown while it lies at rest in
        the layout with its own index covered."""
        if not self.tags:
            return
        tag = self.tags[s.card]
        spot = s.spot
        show = (
            bool(spot)
            and spot != "tl"
            and s.face_up
            and s.visible
            and s.flight is None
            and not s.dragging
            and s.place >= 0
            and self.celebration is None
        )
        if tag.visible != show:
            tag.visible = show
        if not show or self.tex is None or spot is None:
            return
        tex = self.tex
        texture = tex.tag(s.card, spot)
        if tag.texture is not texture:
            tag.texture = texture
        left, top, pw, ph = tex.tag_box(spot)
        pos = (x - tex.w / 2 + left + pw / 2, y + tex.h / 2 - top - ph / 2)
        if tag._position != pos:
            tag.position = pos
        if tag.z != s.z + 0.25:
            tag.z = s.z + 0.25
            self._order_dirty = True
        if tag.color != s.color:
            tag.color = s.color

    def tag_rect(self, card: int) -> Rect | None:
        """Where a card's extra index is drawn, or ``None`` when it shows none."""
        if not self.tags or not self.tags[card].visible:
            return None
        t = self.tags[card]  # (its hit box is the first texture's: use its size)
        return Rect(t.center_x - t.width / 2, t.center_y - t.height / 2, t.width, t.height)

    def _update_celebration(self, dt: float) -> None:
        c = self.celebration
        if c is None:
            return
        c.advance(dt)
        flying = {b.card: b for b in c.active}
        launched = set(c.cards[len(c.cards) - c.launched :]) if c.launched else set()
        for card in launched:
            s = self.cards[card]
            if (
                s in self.sprites
            ):  # thrown: from the piles' layer to the effects' (see draw_effects)
                self.sprites.remove(s)
                self.flying.append(s)
            b = flying.get(card)
            if b is None:
                s.visible = False
            else:
                s.visible = True
                s.position = (b.x, b.y)
                s.angle = b.angle
        self._order_dirty = True

    def _update_glow_and_shadows(self) -> None:
        tex = self.tex
        assert tex is not None
        if self.glow is not None:
            if self.selected is not None:
                s = self.cards[self.selected]
                self.glow.visible = s.visible
                self.glow.position = s.position
            else:
                self.glow.visible = False
        want = [
            s for s in self.cards if s.visible and (s.flight is not None or s.dragging or s.lift)
        ]
        while len(self.shadows) < len(want):
            sh = ZSprite(tex.shadow)
            self.shadows.append(sh)
            self.sprites.append(sh)
        off = tex.h * 0.05
        for sh, s in zip(self.shadows, want, strict=False):
            sh.visible = True
            sh.position = (s.center_x + off * 0.5, s.center_y - off)
            sh.z = self._z(s) - 0.5
        for sh in self.shadows[len(want) :]:
            sh.visible = False

    def _z(self, s: arcade.Sprite) -> float:
        if isinstance(s, CardSprite):
            if s.dragging:
                return Z_DRAG
            z = s.z
            if s.flight is not None:
                z += Z_FLY
            if s.lift:
                z += Z_LIFT
            if self.celebration is not None and s.card in self.celebration.cards:
                z += Z_FLY
            return z
        if s is self.glow and self.selected is not None:
            return self._z(self.cards[self.selected]) - 0.3  # over the card's shadow
        if s is self.redeal_sprite:
            return Z_SLOT + 1
        return s.z if isinstance(s, ZSprite) else 0.0

    def z_of(self, s: arcade.Sprite) -> float:
        """The drawing depth of a sprite of this board (what the sprite list is sorted by)."""
        return self._z(s)

    def _sort(self) -> None:
        self.sprites.sort(key=self._z)
        self._order_dirty = False

    def draw_effects(self) -> None:
        """The win's thrown cards (the effects layer: over the piles, the captions, the badge and
        the round buttons)."""
        if self.flying:
            self.flying.draw(pixelated=False)

    def draw(self) -> None:
        # Cards at rest sit on whole pixels at their drawn size: nearest filtering is exact there
        # and cheaper for a software renderer. Spinning cards (the win) need smoothing.
        self.sprites.draw(pixelated=self.celebration is None)
        if audit.recording() is not None and self.celebration is None:
            self._report()

    def _report(self) -> None:
        """Tell the layout audit where the piles and the cards shown at rest are."""
        with audit.layer(audit.TABLE):
            for place, sprite in self.slot_sprites.items():
                audit.report(audit.PILE, PILE_NAMES.get(place, str(place)), _box(sprite))
            for s in self.cards:
                if s.visible and s.shown and s.part != HIDDEN:
                    audit.report(audit.CARD, str(Card(s.card)), _box(s))

    @property
    def busy(self) -> bool:
        """Cards are still flying."""
        return self.moving > 0


def _box(s: arcade.Sprite) -> Rect:
    """Where a sprite is drawn: its size about its centre (a card's part, say its bottom half,
    has a hit box of its own, which ``left`` and ``bottom`` follow: 30 px off at 120 px cards)."""
    w, h = s.width, s.height
    return Rect(s.center_x - w / 2, s.center_y - h / 2, w, h)
