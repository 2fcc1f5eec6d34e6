"""The table: a deal being played in one of the modes. Hints, autoplay, the HUD and the endings.

The view turns input (see :mod:`table_input`) into :class:`TableControl` calls and shows what
comes back; it decides no rule. It plays through the application's seat
(:class:`~desert_pyramid.app.seat.Seat`: the moves, each saved there, the clock, what the mode
offers); the session behind it (:mod:`desert_pyramid.modes`) keeps the clock, the
multiplier and the results; cards are drawn by :class:`Board`, the bars and captions by :class:`Hud`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import arcade

from desert_pyramid.app.advisor import Advisor, Answer
from desert_pyramid.app.control import Feedback
from desert_pyramid.app.seat import Seat
from desert_pyramid.app.sessions import (
    CoachMessage,
    DailyCleared,
    ModeSession,
    NewPyramid,
    PyramidCleared,
    PyramidSkipped,
)
from desert_pyramid.engine import SATCHEL, STOCK, WASTE, Event, Game, GameCode
from desert_pyramid.engine.moves import NO_PLACE, MoveKind
from desert_pyramid.i18n import _, current_language, format_number, pgettext
from desert_pyramid.i18n.say import Say, joined, tell
from desert_pyramid.ui.base.cardface import possible_parts, possible_spots
from desert_pyramid.ui.base.fonts import text_scale
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.layers import Layer, Part, draw_in_order
from desert_pyramid.ui.base.layout import overflow
from desert_pyramid.ui.input import keys
from desert_pyramid.ui.screen import Screen
from desert_pyramid.ui.table.bar_plan import plan_bars
from desert_pyramid.ui.table.board import Board
from desert_pyramid.ui.table.coach_panel import CoachPanel
from desert_pyramid.ui.table.effects import Effects
from desert_pyramid.ui.table.geometry import (
    HINT,
    MENU,
    UNDO,
    Bars,
    TableGeometry,
    table_geometry,
)
from desert_pyramid.ui.table.hud import Hud, grown_bar, shown_items
from desert_pyramid.ui.table.hud import label as hud_label
from desert_pyramid.ui.table.input import Focus, Press, TableInput
from desert_pyramid.ui.table.moments import NIGHT, SUNSET_S, Sunset
from desert_pyramid.ui.table.redraw import DirtyTracker
from desert_pyramid.ui.table.stuck_dialog import StuckDialog
from desert_pyramid.ui.widgets.buttons import Button
from desert_pyramid.ui.widgets.toast import Ground

if TYPE_CHECKING:
    from desert_pyramid.ui.shell import Shell

AUTOPLAY_STEP_S = 0.45
RESIZE_SETTLE_S = 0.12
UNTIMED_END_S = 1.6  # an untimed trek's end shows on the table this long before the results


def skip_label(cost_ms: int) -> str:
    """The button that skips the pyramid in play, with what it costs of the daylight (untimed:
    nothing, so nothing said)."""
    if not cost_ms:
        return _("Skip this pyramid")
    return _("Skip this pyramid (−{seconds} s)").format(seconds=cost_ms // 1000)


class TableView(TableInput, Screen):
    contexts = (keys.TABLE, keys.SPEECH, keys.EVERYWHERE)

    def table_under(self) -> TableView:
        return self

    def table_seat(self) -> Seat:
        return self.seat

    def repaint_all(self) -> None:
        self.dirty.invalidate()

    def toast_ground(self) -> Ground:
        return Ground(
            repaint=self.dirty.invalidate,
            celebrating=self.effects.backing is not None,
            modal=self.stuck_dialog is not None,
            under_bar=self.geom is not None,  # the toasts stay under the top bar
            bar_bottom=self.geom.hud.bottom if self.geom is not None else None,
        )

    pause_on_deactivate = True  # losing the window's focus pauses (see GameApp.on_deactivate)

    def __init__(
        self,
        app: Shell,
        seat: Seat,
        autoplay: bool = False,
        *,
        title: str | None = None,
        subtitle: str | None = None,
        note: Say | str = "",
    ) -> None:
        super().__init__(app)
        self.seat = seat  # the deal in play (app/seat.py): every move goes through it
        self._title = title  # None: the mode's name, in the language shown (see :attr:`title`)
        self._subtitle = subtitle
        self.control = seat.control
        self.board = Board()
        self.hud = Hud(app.assets)
        self.effects = Effects()
        self.advisor = Advisor(app.application.hint_service)
        self.geom: TableGeometry | None = None
        # a session with a coach (Practice) has it speak in a panel beside the cards, pointing
        # at the cards it talks about; the message line keeps the table's own words
        self.coach_panel = CoachPanel()
        self.has_coach = seat.has_coach
        self.coach_said: list[CoachMessage] = list(seat.messages)
        coach = [] if self.has_coach else [s for m in self.coach_said for s in m.says]
        # the message line holds its sentences, worded where they are shown (see message)
        self._said: Say | str = ""
        self._worded: tuple[Say | str, str, str] = ("", "", "")  # (sentences, language, words)
        self.message = note or joined(*coach) or self.opening_line()
        self._language = current_language()  # the language the texts were made in
        self.focus: Focus | None = None
        self.focus_visible = False
        self.press: Press | None = None
        self.hint_places: tuple[int, ...] = ()
        self.autoplay = autoplay
        self._autoplay_wait = 0.0
        self._thumb = False  # autoplay by rules of thumb (the solver knows no way through)
        self._frames_shown = 0
        self.ending = False  # the session finished: a win bounces, a sunset waits, then the results
        self.sunset: Sunset | None = None  # the trek's end: the sun sinks, the light goes
        self._end_wait = 0.0  # an untimed trek's end shows on the table this long
        self.time = 0.0
        self._stuck_told = False
        self.stuck_dialog: StuckDialog | None = None  # "No more moves": the ways on
        self._rewind_wanted = False  # the dialog asked to go back to where the deal can be won
        self.dirty = DirtyTracker()
        self._scenery_version: tuple[int, int, int] = (-1, -1, -1)
        self._smooth = False
        self._resize_due: float | None = None
        self._searched = False  # a new pyramid was dealt since the last frame (see _mode_news)
        self._plain_bars = False  # laid out with the usual bars at a larger text size (layout)
        self.drawn_layers: list[Layer] = []  # the layers of the last frame, in drawing order

    @property
    def session(self) -> ModeSession:
        """The mode's session behind the seat (for tests and tools: the table reads the seat)."""
        return self.seat.session

    @property
    def game(self) -> Game:
        return self.seat.game

    @property
    def timed(self) -> bool:
        return self.seat.timed

    def opening_line(self) -> Say:
        """The first words on the message line (worded in the player's language when shown)."""
        return Say(self.seat.opening)

    @property
    def message(self) -> str:
        """The message line's words in the player's language now: what the table holds is the
        sentences (a hint's, a move's reason, the mode's news), so a language chosen while they
        show (the pause's Settings) words them again in it."""
        said = self._said
        if isinstance(said, str):
            return said
        language = current_language()
        held, worded_in, words = self._worded
        if held is not said or worded_in != language:
            words = said.text()
            self._worded = (said, language, words)
        return words

    @message.setter
    def message(self, said: Say | str) -> None:
        self._said = said

    @property
    def title(self) -> str:
        return self._title if self._title is not None else self.seat.title

    @property
    def subtitle(self) -> str:
        return self._subtitle if self._subtitle is not None else self.seat.subtitle

    # -- layout ---------------------------------------------------------------------------------------
    def table_geometry(self, width: int, height: int) -> TableGeometry:
        """Where the table's parts go at this size (a view with a panel of its own over the table,
        the worked example's, keeps room for it)."""
        rules = self.game.rules
        return table_geometry(
            [(s.x, s.y) for s in self.game.layout.slots],
            width,
            height,
            satchel=rules.satchel,
            draw_three=rules.draw_three,
            coach=self.has_coach,
            bars=self.bars(width, height),
        )

    def bars(self, width: int, height: int) -> Bars | None:
        """The top bar and message line for the text size in use (``bar_plan.py``): taller, the
        top bar in two rows, where the usual ones cannot hold their words (``None``: the
        usual ones; so too where the grown ones left a pile's caption no room, see layout)."""
        if self._plain_bars:
            return None
        figures = shown_items(self.seat.hud())
        return plan_bars(
            width,
            height,
            self.title,
            self.subtitle,
            pgettext("button", "Menu"),
            {k: hud_label(k) for k in figures},
            figures,
        )

    def layout(self, width: int, height: int) -> None:
        self._plain_bars = False
        self._lay_out(width, height)
        if text_scale() > 1.0 and self.hud.captions_lost():
            # the bars grown for the text took the room of a caption ("Descarte" left out at
            # 640x360): the usual bars may keep it (the frame's check then judges the bars)
            if self.geom is not None and grown_bar(self.geom):
                self._plain_bars = True
                self._lay_out(width, height)
            if self.hud.captions_lost():
                overflow()  # a step smaller (ui/screen.py)

    def _lay_out(self, width: int, height: int) -> None:
        """:meth:`layout` at the text size in use."""
        if self._language != current_language():  # chosen in Settings while the table was away:
            # the message line's sentences are worded in it (see message) with the HUD's labels,
            # and a dialog shown in another language is made again in this one
            self._language = current_language()
            self.reword_dialog()
        game = self.game
        rules = game.rules
        geom = self.table_geometry(width, height)
        self.geom = geom
        tex = self.app.assets.cards(geom.card_w, geom.card_h, self.app.settings)
        if self.board.tex is not tex:
            slots = game.layout.slots
            pos, over = [(s.x, s.y) for s in slots], [s.covered_by for s in slots]
            tex.preload(possible_parts(pos, over), possible_spots(pos, over))
            self.board.set_textures(tex)
        self.board.set_geometry(geom, rules.satchel)
        self.board.sync(game, 0)
        self.hud.place(geom, self.title, self.subtitle, self.seat.hud(), rules.satchel)
        # every glyph the changing texts can show, now: drawing a new glyph into the font atlas
        # once the renderer has drawn from it stalls a frame
        self.hud.warm()
        self.effects.prepare(geom)
        self.coach_panel.place(geom.coach, geom.font_scale)
        self.coach_panel.say(self.coach_said)
        dialog = getattr(self, "stuck_dialog", None)
        if dialog is not None:  # placed again, off the cards as they lie now
            dialog.layout(width, height, self.dead_position())
            if not dialog.clear:
                overflow()  # no place for it off the cards at this text size: a step smaller
        self.dirty.invalidate()
        self.refresh()

    def on_show_view(self) -> None:
        # lay out again: the window or the settings (deck, card back, language) may have changed
        # meanwhile
        self._size = (self.app.width, self.app.height)
        self.layout(*self._size)
        if not self.seat.finished:
            self.seat.resume()
            if self.control.stuck and not self._stuck_told:
                # a deal that comes to the table stuck (restored by Continue after the player
                # quit on it, or a replay played on from a stuck position) offers the ways on
                self._stuck_told = True
                self.open_stuck_dialog()

    def on_resize(self, width: int, height: int) -> None:
        """A window being dragged to a new size sends many sizes: the table lays itself out (and
        draws its cards at the new size) once the size has held still for a moment."""
        if (width, height) == self._size:
            return
        self._size = (width, height)
        self._resize_due = self.time + RESIZE_SETTLE_S
        self.dirty.invalidate()

    def ensure_layout(self) -> None:
        """(The pause asks it before drawing the table under it: a language chosen from the pause
        shows there at once.)"""
        if self._resize_due is not None or self._language != current_language():
            self._resize_due = None
            self._size = (self.app.width, self.app.height)
            self.layout(*self._size)
        else:
            super().ensure_layout()

    def on_hide_view(self) -> None:
        self.seat.pause("menu")
        self.press = None

    def dusk(self) -> float:
        """An Expedition's sky follows the daylight left."""
        if self.sunset is not None:
            return self.sunset.dusk
        sky = self.seat.sky
        return float(sky.progress) if sky is not None else 0.0

    # -- state shown ----------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Highlights (selection, partners, hint, focus) and the HUD texts."""
        game = self.game
        self.check_focus()
        focus_rect = self.focus_rect() if self.focus_visible else None
        self.board.set_highlights(
            game,
            self.control.selected,
            self.control.partners,
            focus_rect,
            self.hint_places,
            self.coach_places,
        )
        self.hud.set_focus(
            self.focus if isinstance(self.focus, str) and self.focus_visible else None
        )
        self.update_hud()
        if self.app.current_view is self:  # (laid out under the pause: nothing to say yet)
            self.app.speech.table(self)  # say what changed (speech_link.py)

    @property
    def coach_places(self) -> tuple[int, ...]:
        """The places the coach talks about now (marked on the table while it speaks)."""
        out: list[int] = []
        for m in self.coach_said:
            out.extend(p for p in m.places if p not in out)
        return tuple(out)

    def update_hud(self) -> None:
        self._button_captions()
        light = self.seat.daylight
        self.hud.update(
            self.seat.hud(),
            self.game,
            self.app.settings,
            self.shown_message,
            pulse=self.seat.pulse
            and self.app.settings.animations  # animations off: the daylight bar does not blink
            and int(self.time * 2.5) % 2 == 0,
            daylight=light.fraction if light is not None else None,
        )
        # a message of two lines takes the bottom of the coach's strip over it (never drawn under it)
        self.coach_panel.rest_on(self.hud.message_top)

    def _button_captions(self) -> None:
        """The Undo and Hint buttons name their key, or their controller button when a controller
        was used last (the HUD writes the keys when it is laid out)."""
        pad = self.app.last_input == "pad"
        undo, hint = (
            f"{name} · {keys.label_for(action, pad)}"
            for name, action in (
                (pgettext("button", "Undo"), "undo"),
                (pgettext("button", "Hint"), "hint_or_play" if pad else "hint"),
            )
        )
        self.hud.set_button_captions(undo, hint)

    def apply(self, fb: Feedback) -> None:
        """Show the outcome of an action: message, shake, sound, flights, effects, the mode's news."""
        speed = self.app.settings.animation_speed
        self.app.speech.feedback(self, fb)
        if fb.message is not None:
            self.message = fb.message
        for place in fb.shake:
            if self.geom is not None and speed > 0:  # animations off: nothing shakes
                self.board.shake(place, self.game, self.geom.card_w * 0.08)
        said = fb.sound
        cleared = any(isinstance(e, PyramidCleared) for e in fb.events)
        if said == "win" and cleared:
            said = None  # an Expedition's pyramid has its own phrase (below): the trek goes on
        phrase = said == "win" or cleared  # a row's chime would clash with the closing phrase
        self.app.sounds.play(said)
        if fb.move is not None or fb.undone:  # (the seat has saved it: app/seat.py)
            self.hint_places = ()
            self.board.sync(self.game, speed)
            if self.geom is not None:
                for sound in self.effects.from_events(fb.events, self.game, self.geom, speed):
                    self.app.sounds.play(None if phrase else sound)
            self._mode_news(fb.events)
            if self.control.stuck and not self._stuck_told:
                self.app.sounds.play("stuck")
                if not self.seat.finished:
                    self.open_stuck_dialog()
            if not self.control.stuck:
                self.close_stuck_dialog()
            self._stuck_told = self.control.stuck
            if self.seat.finished:
                self._begin_ending()
        self.refresh()

    def _mode_news(self, events: list[Event]) -> None:
        """The coach's words and the mode's events: a pyramid cleared or skipped, a Daily cleared."""
        said = list(self.seat.messages)
        if self.has_coach:
            self.coach_said = said
            self.coach_panel.say(said)
        elif said and not self.message:
            self.message = joined(*(s for m in said for s in m.says))
        for e in events:
            if isinstance(e, PyramidCleared):
                seconds = e.bonus_ms // 1000
                number = format_number(e.number)
                if e.bonus_ms:
                    self.message = tell(
                        "Pyramid {number} cleared: +{seconds} s of daylight.",
                        number=e.number,
                        seconds=seconds,
                    )
                else:  # untimed: no daylight
                    self.message = tell("Pyramid {number} cleared.", number=e.number)
                self.app.sounds.play("pyramid")
                if self.geom is not None:
                    points = self.effects.cleared_points
                    parts = []
                    if e.bonus_ms:
                        parts.append(
                            _("+{seconds} s of daylight").format(seconds=format_number(seconds))
                        )
                    if points:
                        parts.append(_("+{points} points").format(points=format_number(points)))
                    detail = " · ".join(parts)
                    self.effects.celebrate(
                        _("Pyramid {number} cleared!").format(number=number),
                        detail,
                        self.game,
                        self.geom,
                        self.app.settings.animation_speed,
                    )
            elif isinstance(e, PyramidSkipped):
                if e.cost_ms:
                    self.message = tell(
                        "Pyramid {number} skipped: {seconds} s of daylight spent.",
                        number=e.number,
                        seconds=e.cost_ms // 1000,
                    )
                else:  # untimed: no daylight
                    self.message = tell("Pyramid {number} skipped.", number=e.number)
            elif isinstance(e, NewPyramid):
                # the next deal was searched while this event was handled, between two frames: the
                # frame time that follows holds that search, which is not the player's time
                self._searched = True
                self.hud.set_title(self.title, self.subtitle)
                self.advisor.forget()
            elif isinstance(e, DailyCleared) and e.time_bonus:
                self.message = tell(
                    "Cleared in {seconds} s: a time bonus of {points} points.",
                    seconds=e.seconds,
                    points=e.time_bonus,
                )

    def sound_changed(self) -> None:
        """M was pressed: say whether the sound is on."""
        self.message = (
            tell("Sound off: M turns it back on.")
            if self.app.settings.mute
            else tell("Sound on: M mutes it.")
        )
        self.refresh()

    def _begin_ending(self) -> None:
        if self.ending:
            return
        self.ending = True
        self.autoplay = False
        if self.game.won:
            self.effects.hold()  # the banner stays crisp over the thrown cards
            self.message = (
                tell("Cleared! A shows the results.")
                if self.app.last_input == "pad"
                else tell("Cleared! A click or Enter shows the results.")
            )
        elif self.seat.untimed:  # no sunset: stuck (its sound has played), skipped or left
            self.message = (
                tell("Stuck: the untimed trek ends here.")
                if self.control.stuck
                else tell("The untimed trek ends here.")
            )
            self._end_wait = UNTIMED_END_S
        else:  # the sunset: the sun sinks, the light goes, the banner says so, then the results
            self.message = ""
            speed = self.app.settings.animation_speed
            if speed > 0:
                self.sunset = Sunset(self.dusk(), duration=SUNSET_S / max(0.5, speed))
            self.app.sounds.play("sunset")
            if self.geom is not None:
                score = self.seat.hud().get("score")
                self.effects.celebrate(
                    _("The sun has set"),
                    _("The trek ends · score {score}").format(score=score)
                    if score
                    else _("The trek ends"),
                    self.game,
                    self.geom,
                    speed,
                )
                self.effects.hold()

    # -- a stuck deal -----------------------------------------------------------------------------------
    def open_stuck_dialog(self) -> None:
        """The engine says no move is left: a dialog offers the ways on (they depend on the mode)."""
        offers = self.seat.offers
        keep = Button(_("Keep looking"), self.close_stuck_dialog)
        undo = Button(_("Undo a move"), self._dialog(lambda: self.on_action("undo")))
        if offers.rewind:
            g = self.game
            buttons = [
                Button(
                    _("Undo to where it can still be won"), self._dialog(self.rewind_to_winnable)
                ),
                Button(
                    _("New deal"), self._dialog(lambda: self.app.start_practice(g.rules, g.layout))
                ),
                Button(_("Watch the replay"), self._dialog(self.watch_replay)),
                keep,
            ]
        elif offers.skip:
            buttons = [Button(skip_label(self.seat.skip_cost_ms), self._dialog(self.skip_pyramid))]
            buttons += [undo, keep]
        else:
            buttons = [undo, keep]
        self.stuck_dialog = StuckDialog(
            self.app.assets, buttons, _("None of the cards left can pair.")
        )
        self.stuck_dialog.layout(self.app.width, self.app.height, self.dead_position())
        if not self.stuck_dialog.clear:  # the table a step smaller, the dialog placed again
            self.text_faults(["the stuck dialog covers the cards it speaks of"])
        self.stuck_dialog.names = self.dead_cards()
        self.dirty.invalidate()

    def dead_cards(self) -> tuple[str, ...]:
        """The cards of the dead position (the layout's left, the waste's top, the Satchel's)."""
        game = self.game
        places = [*range(len(self.geom.slots) if self.geom else 0), WASTE, SATCHEL]
        cards = (game.card_at(p) for p in places)
        return tuple(str(c) for c in cards if c is not None)

    def dead_position(self) -> list[Rect]:
        """Where the cards the stuck dialog speaks of lie (the layout's left and the piles'
        cards): it leaves them in sight."""
        g = self.geom
        if g is None:
            return []
        game = self.game
        keep = [g.slots[i] for i in range(len(g.slots)) if game.card_at(i) is not None]
        keep += [g.stock, *g.waste_fan]
        if g.satchel is not None:
            keep.append(g.satchel)
        return keep

    def reword_dialog(self) -> None:
        """The language changed while the stuck dialog showed (the window lost its focus, the
        pause's Settings): the dialog again in the language now, its focus kept."""
        dialog = self.stuck_dialog
        if dialog is None:
            return
        focus = dialog.menu.focus
        self.open_stuck_dialog()
        if self.stuck_dialog is not None:
            self.stuck_dialog.menu.go_to(focus)

    def _dialog(self, action: Callable[[], object]) -> Callable[[], None]:
        """A dialog button's action: the dialog closes first."""

        def run() -> None:
            self.close_stuck_dialog()
            action()

        return run

    def close_stuck_dialog(self) -> None:
        if self.stuck_dialog is not None:
            self.stuck_dialog = None
            self.dirty.invalidate()

    def rewind_to_winnable(self) -> None:
        """Ask the solver how far back the deal can still be won; its answer takes the table
        there (see :meth:`show_hint`)."""
        self._rewind_wanted = True
        self.ask_hint()

    def watch_replay(self) -> None:
        table = self
        self.app.show_replay(GameCode.of(self.game), back=lambda: table.app.show_view(table))

    def finish(self) -> None:
        """The ending is over (or skipped): the results."""
        self.app.show_results(self)

    # -- actions ---------------------------------------------------------------------------------------
    def on_action(self, action: str) -> bool:
        if self.stuck_dialog is not None:
            return self._dialog_action(action)
        if self.ending:
            if action in ("accept", "pause", "flip"):
                self.finish()
                return True
            return super().on_action(action)
        play = self._plays().get(action)
        if play is not None:
            play()
        elif action.startswith("focus_"):
            self._focus_action(action)
        else:
            return super().on_action(action)
        return True

    def _dialog_action(self, action: str) -> bool:
        """An action while the stuck deal's dialog shows: its own, Esc to keep looking, or the
        keys that work everywhere (help, full screen, mute, speech)."""
        dialog = self.stuck_dialog
        assert dialog is not None
        if dialog.on_action(action):
            self.dirty.invalidate()
            return True
        if action in ("pause", "deselect"):  # Esc: keep looking
            self.close_stuck_dialog()
            return True
        return Screen.on_action(self, action)

    def _plays(self) -> dict[str, Callable[[], None]]:
        """The table's own actions (keys.py's names), each what it does."""
        c = self.control
        return {
            "flip": lambda: self.apply(c.flip()),
            "undo": self._undo,
            "redo": lambda: self.apply(c.redo()),
            "hint": self.ask_hint,
            "hint_or_play": self._hint_or_play,
            "accept": self.accept,
            "stash": self._stash,
            "deselect": self._deselect,
            "autoplay": self.toggle_autoplay,
            "pause": self._pause,
        }

    def _undo(self) -> None:
        self.advisor.forget()
        self.apply(self.control.undo())

    def _hint_or_play(self) -> None:
        """The controller's Y: a hint, and a second Y plays it."""
        if self.control.hint_armed:
            self.apply(self.control.accept_hint())
        else:
            self.ask_hint()

    def _stash(self) -> None:
        c = self.control
        place = c.selected
        if place is None and isinstance(self.focus, int):
            place = self.focus
        self.apply(c.stash(place))

    def _deselect(self) -> None:
        self.control.deselect()
        self.message = ""
        self.refresh()

    def _pause(self) -> None:
        if self.advisor.thinking and not self.autoplay:  # Esc drops a hint on its way first
            self.message = self.advisor.cancel(self.game)
            self.refresh()
        else:
            self.app.show_pause(self)

    def _focus_action(self, action: str) -> None:
        if action in ("focus_next", "focus_prev"):
            self.cycle_focus(1 if action == "focus_next" else -1)
            return
        d = {
            "focus_left": (-1, 0),
            "focus_right": (1, 0),
            "focus_up": (0, 1),
            "focus_down": (0, -1),
        }[action]
        self.move_focus(*d)

    def accept(self) -> None:
        """Enter: play the hint shown, else press the focused button or select the focused card."""
        c = self.control
        if c.hint_armed:
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
        self.seat.note_hint()
        self.message = self.advisor.ask(self.game, "hint")
        self.refresh()

    def skip_pyramid(self) -> None:
        """Expedition: skip this pyramid (for :attr:`Seat.skip_cost_ms` of daylight)."""
        self.apply(self.control.skip())

    def toggle_autoplay(self) -> None:
        self.autoplay = not self.autoplay
        self.message = (
            tell("The computer plays; press A to take over.")
            if self.autoplay
            else tell("You have the cards.")
        )
        if not self.autoplay:
            self.advisor.forget()
            self._thumb = False
        self.refresh()

    def show_hint(self, answer: Answer) -> None:
        move = answer.move
        words: Say | str = ""
        if answer.verdict == "lost":
            words = self.seat.lost_offer(answer.hint)
        rewind = answer.rewind_to if words and answer.rewind_to is not None else None
        self.control.set_hint(move, rewind)
        places: tuple[int, ...] = ()
        if move is not None:
            places = tuple(p for p in (move.a, move.b) if p != NO_PLACE)
            if move.kind in (MoveKind.FLIP, MoveKind.REDEAL):  # point at the stock
                places = (STOCK,)
        self.hint_places = places
        if self._rewind_wanted:  # the stuck dialog's way back: taken at once
            self._rewind_wanted = False
            if rewind is not None:
                self.apply(self.control.accept_hint())
                return
        pad = self.app.last_input == "pad"  # the controller's second Y
        if move is not None:
            follow = tell("Y again plays it.") if pad else tell("Enter plays it.")
            self.message = joined(*answer.says, follow)
        elif rewind is not None:
            follow = tell("Y again goes back there.") if pad else tell("Enter goes back there.")
            self.message = joined(words, follow)
        else:
            self.message = words or joined(*answer.says)
        self.refresh()

    # -- time -------------------------------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        self.time += delta_time
        if self._resize_due is not None and self.time >= self._resize_due:
            self._resize_due = None
            self.layout(*self._size)
        self._frames_shown += 1
        if self._frames_shown == 6:
            self.advisor.wake()  # start the search process and its pondering once the table shows
        searched, self._searched = self._searched, False
        self.seat.update(0.0 if searched else delta_time * 1000)
        if self.seat.finished and not self.ending:  # the sun set on an Expedition
            self._begin_ending()
        elif self.seat.pause_reason == "suspend" and self.timed and not self.seat.finished:
            # back from a suspend gap: the clock stopped, the cards hide
            self.app.show_pause(self, "the frames stopped (a suspend)")
            return
        self.board.update(delta_time)
        self.effects.update(delta_time)
        self.coach_panel.tick(delta_time)  # words too long for the strip turn in pages
        self.hud.tick(delta_time)  # and so do the message line's
        answer = self.advisor.poll(self.game)
        if answer is not None:
            if answer.purpose == "hint":
                self.show_hint(answer)
            elif not self.advisor.plan:
                thumb = tell("The computer plays on by rules of thumb.")
                self.message = joined(*answer.says, thumb)
                self._thumb = True
        if self.autoplay and not self.ending:
            self._autoplay_step(delta_time)
        if self.board.tex is not None:
            self.board.tex.warm(2)
        self.app.sounds.preload_one()
        if self.ending:
            self._update_ending(delta_time)
        self.update_hud()

    def _update_ending(self, dt: float) -> None:
        if (
            not self.game.won
        ):  # a trek ended at sunset: a moment on the dark table, then the results
            sunset = self.sunset
            if sunset is not None:
                sunset.advance(dt)
                self.dirty.invalidate()  # the whole sky and the night change
                if sunset.done:
                    self.finish()
            else:  # an untimed trek's end (or no animation): a moment, then the results
                self._end_wait -= dt
                if self._end_wait <= 0 or self.app.settings.animation_speed <= 0:
                    self.finish()
        elif self.app.settings.animation_speed <= 0:
            self.finish()  # no animation: no bounce, straight to the results
        elif self.board.celebration is None and not self.board.busy and self.geom is not None:
            self.board.celebrate(
                self.game, self.app.width, self.geom.message.top + self.geom.card_h / 2
            )
        elif self.board.celebration is not None and self.board.celebration.done:
            self.finish()

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
                self.message = tell("The computer has no move left: undo (Z) or start a new deal.")
                self.refresh()
                return
        elif move is None:
            if not self.advisor.thinking:
                self.message = self.advisor.ask(self.game, "autoplay")
                if not self.advisor.available:
                    self.autoplay = False
                self.refresh()
            return
        fb = self.control.play(move, by_computer=self.seat.play_as_computer)
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
        sprites += [(s, 95_000.0 + i) for i, s in enumerate(hud.bar_sprites)]
        sprites += [(s, 90_000.0 + i) for i, s in enumerate(board.flying)]
        panel = self.coach_panel
        shown = self.coach_shown  # a panel gone quiet is not watched: its place is repainted
        sprites += [(s, -1.0 - i) for i, s in enumerate(panel.sprites) if shown]
        said = list(panel.texts.values()) if shown else []
        now = d.watch(sprites, [*hud.texts.values(), *said, *self.effects.texts])
        d.forget_missing(now)
        for box in self.effects.take_dirty():
            d.invalidate(box)
        # a new scenery, or a texture atlas repacked (sprites that did not change may then differ
        # by a shade): the frame is drawn whole
        cards = self.board.sprites.atlas
        versions = (
            self.app.scenery.version,
            self.app.ctx.default_atlas.version,
            cards.version if cards is not None else 0,
        )
        if versions != self._scenery_version:
            self._scenery_version = versions
            d.invalidate()
        smooth = board.celebration is not None  # the win draws every card with smooth filtering
        if smooth != self._smooth:
            self._smooth = smooth
            d.invalidate()
        return d.take(self.app.width, self.app.height)

    def drawn_sprites(self) -> int:
        """How many sprites a whole frame of the table draws (the frame benchmark's bare-Arcade
        baseline draws as many)."""
        hud = len(self.hud.sprites) + len(self.hud.bar_sprites)
        return len(self.board.sprites) + hud + len(self.coach_panel.sprites)

    def _draw_scene(self, box: tuple[int, int, int, int] | None) -> None:
        self.drawn_layers = draw_in_order(self.layers(box))

    def layers(self, box: tuple[int, int, int, int] | None = None) -> list[Part]:
        """The table's parts by layer (:mod:`layers`): the desert; the cards, the piles and the
        round buttons; the effects (the sunset's night, the win's thrown cards over the buttons,
        flashes, score texts, banners); the HUD's top bar and message line over them all; the
        coach's panel, quiet once the deal is won; a dialog over a dim."""
        parts: list[Part] = [
            (Layer.BACKDROP, lambda: self.draw_backdrop(box)),
            (Layer.PILES, self.board.draw),
            (Layer.PILES, lambda: self.hud.draw_piles(box)),
            (Layer.HUD, lambda: self.hud.draw_bars(box)),
            (Layer.EFFECTS, self._draw_night),
            (Layer.EFFECTS, self.board.draw_effects),
            (Layer.EFFECTS, self.effects.draw_flashes),
            (Layer.EFFECTS, lambda: self.effects.draw_texts(box)),
        ]
        if self.coach_shown:
            parts.append((Layer.PANELS, lambda: self.coach_panel.draw(box)))
        parts += self.moment_layers()
        return parts

    def _draw_night(self) -> None:
        """The light going at the sunset: the night over the sand and the cards."""
        if self.sunset is not None and self.sunset.darkness > 0:
            w, h = self.app.width, self.app.height
            arcade.draw_lrbt_rectangle_filled(0, w, 0, h, (*NIGHT, self.sunset.darkness))

    @property
    def coach_shown(self) -> bool:
        """The coach's panel shows, except once the deal is won (the coach goes quiet) and while
        the stuck deal's dialog says it (the moment is said once, not by the dialog, the coach
        and the message line together: issue 40 item 6)."""
        return not (self.ending and self.game.won) and self.stuck_dialog is None

    @property
    def shown_message(self) -> str:
        """The message line's words: none while the stuck deal's dialog says the moment (they
        come back with "Keep looking"); what is spoken is the message itself."""
        return "" if self.stuck_dialog is not None else self.message

    def moment_layers(self) -> list[Part]:
        """The parts a staged moment adds: the stuck deal's dialog over the table dimmed."""
        dialog = self.stuck_dialog
        if dialog is None:
            return []
        return [(Layer.MODAL, lambda: dialog.draw(self.app.width, self.app.height))]

    # -- the mouse while a dialog shows --------------------------------------------------------------
    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool | None:
        if self.stuck_dialog is not None:
            self.stuck_dialog.click(x, y)
            self.dirty.invalidate()
            return True
        return super().on_mouse_press(x, y, button, modifiers)

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> bool | None:
        if self.stuck_dialog is not None:
            self.stuck_dialog.hover(x, y)
            self.dirty.invalidate()
            return True
        return None

    def draw_table_only(self, cards: bool) -> None:
        """The table for the pause screen: with or without its cards."""
        self.draw_backdrop()
        if cards:
            self.board.draw()
            self.hud.draw()
            self.coach_panel.draw()  # a panel: over the piles
        else:
            self.hud.draw_without_cards()
