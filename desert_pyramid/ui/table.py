"""The table: a deal being played. Mouse, keyboard focus, hints, autoplay, the HUD and the win.

The view turns input into :class:`TableControl` calls and shows what comes back; it decides no
rule. Cards are drawn by :class:`Board`, the bars and captions by :class:`Hud`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from desert_pyramid.engine import SATCHEL, STOCK, WASTE, Game, Move, Won
from desert_pyramid.engine.moves import FLIP, NO_PLACE, REDEAL

from . import keys
from .advisor import Advisor
from .board import Board
from .control import Feedback, TableControl
from .effects import Effects
from .geometry import (
    HINT,
    MENU,
    UNDO,
    Rect,
    TableGeometry,
    nearest_in_direction,
    possible_parts,
    table_geometry,
)
from .hud import Hud
from .redraw import DirtyTracker
from .screen import Screen
from .session import TableSession

if TYPE_CHECKING:
    from .app import GameApp

Focus = int | str  # a place, or a HUD button name
DRAG_START = 6.0  # pixels before a press becomes a drag
AUTOPLAY_STEP_S = 0.45


@dataclass
class Press:
    place: int | None
    button: str | None
    x: float
    y: float
    dragging: bool = False


class TableView(Screen):
    contexts = (keys.TABLE, keys.EVERYWHERE)

    def __init__(self, app: GameApp, session: TableSession, title: str, subtitle: str = "",
                 note: str = "", autoplay: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.title = title
        self.subtitle = subtitle
        self.control = TableControl(session)
        self.board = Board()
        self.hud = Hud(app.assets)
        self.effects = Effects()
        self.advisor = Advisor(app.hint_service)
        self.geom: TableGeometry | None = None
        self.message = note or "Pair cards that add up to 13; a king goes alone. F1 shows the keys."
        self.focus: Focus | None = None
        self.focus_visible = False
        self.press: Press | None = None
        self.hint_places: tuple[int, ...] = ()
        self.autoplay = autoplay
        self._autoplay_wait = 0.0
        self._thumb = False  # autoplay by rules of thumb (the solver knows no way through)
        self._frames_shown = 0
        self._ms_carry = 0.0
        self._won_at: float | None = None
        self.time = 0.0
        self._stuck_told = False
        self.dirty = DirtyTracker()
        self._bar_shown = False
        self._scenery_version = -1

    # -- layout -----------------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.session.game

    def layout(self, width: int, height: int) -> None:
        game = self.game
        rules = game.rules
        geom = table_geometry([(s.x, s.y) for s in game.layout.slots], width, height,
                              satchel=rules.satchel, draw_three=rules.draw_three)
        self.geom = geom
        tex = self.app.assets.cards(geom.card_w, geom.card_h, self.app.settings)
        if self.board.tex is not tex:
            slots = game.layout.slots
            tex.preload(possible_parts([(s.x, s.y) for s in slots], [s.covered_by for s in slots]))
            self.board.set_textures(tex)
        self.board.set_geometry(geom, rules.satchel)
        self.board.sync(game, 0)
        self.hud.place(geom, self.title, self.subtitle, self.session.hud(), rules.satchel)
        self.effects.prepare(geom)
        self.dirty.invalidate()
        self.refresh()

    def on_show_view(self) -> None:
        # lay out again: the window or the settings (deck, card back) may have changed meanwhile
        self._size = (self.app.width, self.app.height)
        self.layout(*self._size)
        self.session.resume()
        self._frames_shown = 0

    def on_hide_view(self) -> None:
        self.session.pause()
        self.press = None

    def dusk(self) -> float:
        return 0.0

    # -- state shown ----------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Highlights (selection, partners, hint, focus) and the HUD texts."""
        game = self.game
        self._check_focus()
        focus_rect = self.focus_rect() if self.focus_visible else None
        self.board.set_highlights(game, self.control.selected, self.control.partners, focus_rect, self.hint_places)
        self.hud.set_focus(self.focus if isinstance(self.focus, str) and self.focus_visible else None)
        self.hud.update(self.session.hud(), game, self.app.settings, self.message)

    def apply(self, fb: Feedback) -> None:
        """Show the outcome of an action: message, shake, sound, flights and effects."""
        settings = self.app.settings
        speed = settings.animation_speed
        if fb.message is not None:
            self.message = fb.message
        for place in fb.shake:
            if self.geom is not None:
                self.board.shake(place, self.game, self.geom.card_w * 0.08)
        self.app.sounds.play(fb.sound)
        if fb.move is not None or fb.undone:
            self.app.save_game(self.session)
            self.hint_places = ()
            self.board.sync(self.game, speed)
            if self.geom is not None:
                for sound in self.effects.from_events(fb.events, self.game, self.geom, speed):
                    self.app.sounds.play(sound)
            if any(isinstance(e, Won) for e in fb.events):
                self._won_at = self.time
                self.autoplay = False
                self.message = "Cleared! A click or Enter shows the results."
            if self.control.stuck and not self._stuck_told:
                self.app.sounds.play("stuck")
            self._stuck_told = self.control.stuck
        self.refresh()

    # -- focus -----------------------------------------------------------------------------------------
    def focus_targets(self) -> list[tuple[Focus, tuple[float, float]]]:
        g = self.geom
        if g is None:
            return []
        game = self.game
        out: list[tuple[Focus, tuple[float, float]]] = [(i, g.slots[i].center) for i in game.free_slots()]
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
        if f is None or self.geom is None:
            return None
        if isinstance(f, str):
            return None  # HUD buttons show their focus themselves
        return self.board.rect_of(f, self.game)

    def _check_focus(self) -> None:
        """After a move the focused card may be gone: move the focus to the nearest target."""
        if self.focus is None:
            return
        targets = self.focus_targets()
        keys_ = [k for k, _ in targets]
        if self.focus in keys_:
            return
        old = self.board.rect_of(self.focus, self.game) if isinstance(self.focus, int) else None
        ox, oy = old.center if old is not None else (self.app.width / 2, self.app.height / 2)
        best = min(targets, key=lambda t: (t[1][0] - ox) ** 2 + (t[1][1] - oy) ** 2, default=None)
        self.focus = best[0] if best is not None else None

    def move_focus(self, dx: int, dy: int) -> None:
        targets = self.focus_targets()
        if not targets:
            return
        if self.focus is None or not self.focus_visible:
            if self.focus is None:
                free = [t for t in targets if isinstance(t[0], int) and t[0] >= 0]
                pick = min(free or targets, key=lambda t: (t[1][1], t[1][0]))
                self.focus = pick[0]
            self.focus_visible = True
            self.refresh()
            return
        here = dict(targets).get(self.focus)
        if here is None:
            return
        nxt = nearest_in_direction(here, [(k, c) for k, c in targets if k != self.focus], dx, dy)
        if nxt is not None:
            self.focus = nxt  # type: ignore[assignment]
        self.control.hint_armed = False
        self.refresh()

    # -- actions ---------------------------------------------------------------------------------------
    def on_action(self, action: str) -> bool:
        if self._won_at is not None:
            if action in ("accept", "pause", "flip"):
                self.finish()
                return True
            return super().on_action(action)
        c = self.control
        if action == "flip":
            self.apply(c.flip())
        elif action == "undo":
            self.advisor.forget()
            self.apply(c.undo())
        elif action == "redo":
            self.apply(c.redo())
        elif action == "hint":
            self.ask_hint()
        elif action == "accept":
            self.accept()
        elif action == "stash":
            place = c.selected if c.selected is not None else (self.focus if isinstance(self.focus, int) else None)
            self.apply(c.stash(place))
        elif action == "deselect":
            c.deselect()
            self.message = ""
            self.refresh()
        elif action == "autoplay":
            self.toggle_autoplay()
        elif action == "pause":
            self.app.show_pause(self)
        elif action.startswith("focus_"):
            d = {"focus_left": (-1, 0), "focus_right": (1, 0), "focus_up": (0, 1), "focus_down": (0, -1)}[action]
            self.move_focus(*d)
        else:
            return super().on_action(action)
        return True

    def accept(self) -> None:
        """Enter: play the hint shown, else press the focused button or select the focused card."""
        c = self.control
        if c.hint_armed and c.hint_move is not None:
            self.apply(c.accept_hint())
            return
        if self.focus is None or not self.focus_visible:
            self.move_focus(0, 0)
            return
        if isinstance(self.focus, str):
            self.press_button(self.focus)
        else:
            self.apply(c.click(self.focus))

    def press_button(self, name: str) -> None:
        self.app.sounds.play("click")
        if name == MENU:
            self.app.show_pause(self)
        elif name == UNDO:
            self.on_action("undo")
        elif name == HINT:
            self.ask_hint()

    def ask_hint(self) -> None:
        self.message = self.advisor.ask(self.game, "hint")
        self.refresh()

    def toggle_autoplay(self) -> None:
        self.autoplay = not self.autoplay
        self.message = "The computer plays; press A to take over." if self.autoplay else "You have the cards."
        if not self.autoplay:
            self.advisor.forget()
            self._thumb = False
        self.refresh()

    def show_hint(self, move: Move | None, text: str) -> None:
        self.control.set_hint(move)
        places: tuple[int, ...] = ()
        if move is not None:
            places = tuple(p for p in (move.a, move.b) if p != NO_PLACE)
            if move.kind in (FLIP, REDEAL):  # point at the stock
                places = (STOCK,)
        self.hint_places = places
        self.message = text + (" Enter plays it." if move is not None else "")
        self.refresh()

    def finish(self) -> None:
        """The win celebration is over (or skipped): the results."""
        self.app.show_results(self)

    # -- mouse ----------------------------------------------------------------------------------------
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
        if self._won_at is not None:
            self.finish()
            return True
        place, name = self.hit(x, y)
        self.press = Press(place, name, x, y)
        return True

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int) -> bool | None:
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

    # -- time -------------------------------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        self.time += delta_time
        self._frames_shown += 1
        if self._frames_shown == 3:
            self.app.hint_service()  # start the search process once the table shows, not on the first hint
        ms = delta_time * 1000 + self._ms_carry
        whole = int(ms)
        self._ms_carry = ms - whole
        self.session.update(whole)
        self.board.update(delta_time)
        self.effects.update(delta_time)
        answer = self.advisor.poll(self.game)
        if answer is not None:
            if answer.purpose == "hint":
                self.show_hint(answer.move, answer.text)
            elif not self.advisor.plan:
                self.message = answer.text + " The computer plays on by rules of thumb."
                self._thumb = True
        if self.autoplay:
            self._autoplay_step(delta_time)
        if self.board.tex is not None:
            self.board.tex.warm(2)
        self.app.sounds.preload_one()
        if self._won_at is not None:
            if self.app.settings.animation_speed <= 0:
                self.finish()  # no animation: no bounce, straight to the results
            elif self.board.celebration is None and not self.board.busy and self.geom is not None:
                self.board.celebrate(self.game, self.app.width, self.geom.message.top + self.geom.card_h / 2)
            elif self.board.celebration is not None and self.board.celebration.done:
                self.finish()
        self.hud.update(self.session.hud(), self.game, self.app.settings, self.message)

    def _autoplay_step(self, dt: float) -> None:
        """The computer's next move: the solver's winning line, else rules of thumb."""
        self._autoplay_wait -= dt
        if self._autoplay_wait > 0 or self.board.busy or self.game.won:
            return
        planned = self.advisor.next_planned(self.game)
        move = planned
        if move is None and self._thumb:
            move = self.advisor.thumb_move(self.game)
            if move is None:
                self.autoplay = False
                self.message = "The computer has no move left: undo (Z) or start a new deal."
                self.refresh()
                return
        elif move is None:
            if not self.advisor.thinking:
                self.message = self.advisor.ask(self.game, "autoplay")
                if not self.advisor.available:
                    self.autoplay = False
                self.refresh()
            return
        fb = self.control.play(move)
        if planned is not None:
            self.advisor.advance_plan(self.game)
        self.apply(fb)
        speed = self.app.settings.animation_speed
        self._autoplay_wait = AUTOPLAY_STEP_S / speed if speed > 0 else 0.0

    # -- drawing -----------------------------------------------------------------------------------------
    def on_draw(self) -> None:
        boxes = self._changed()
        if boxes is None or not self.app.incremental:
            self._draw_scene(None)
            return
        ctx = self.app.ctx
        for box in boxes:  # none at all: nothing changed, the last frame stays on screen
            ctx.scissor = (box[0], box[1], box[2] - box[0], box[3] - box[1])
            self._draw_scene(box)
        ctx.scissor = None

    def _changed(self) -> list[tuple[int, int, int, int]] | None:
        """What changed since the last frame (see :mod:`redraw`); ``None``: draw everything."""
        d = self.dirty
        board, hud = self.board, self.hud
        sprites = [(s, board.z_of(s)) for s in board.sprites]
        sprites += [(s, float(i)) for i, s in enumerate(hud.sprites)]
        now = d.watch(sprites, [*hud.texts.values(), *self.effects.texts])
        d.forget_missing(now)
        for box in self.effects.take_dirty():
            d.invalidate(box)
        bar = hud.message_bar_shown
        if bar != self._bar_shown and self.geom is not None:
            m = self.geom.message
            d.invalidate((0, 0, int(m.width), int(m.top) + 1))
            self._bar_shown = bar
        if self.app.scenery.version != self._scenery_version:
            self._scenery_version = self.app.scenery.version
            d.invalidate()
        return d.take(self.app.width, self.app.height)

    def _draw_scene(self, box: tuple[int, int, int, int] | None) -> None:
        self.draw_backdrop(box)
        self.board.draw()
        self.effects.draw_flashes()
        self.hud.draw_bars(box)
        self.hud.draw(box)
        self.effects.draw_texts(box)

    def draw_table_only(self, cards: bool) -> None:
        """The table for the pause screen: with or without its cards."""
        self.draw_backdrop()
        if cards:
            self.board.draw()
        self.hud.draw_bars()
        self.hud.draw()
