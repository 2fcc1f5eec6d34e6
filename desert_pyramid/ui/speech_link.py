"""The window's ear: what the screens show, handed to the voice as announcements.

One observer for the whole window. The table calls :meth:`SpeechLink.feedback` with each action's
outcome and :meth:`SpeechLink.table` whenever it refreshes what it shows (the focus, the message
line, the coach); the window calls :meth:`SpeechLink.observe` every frame for the other screens
(their focused button, their message), the results and the toasts. The words come from
:mod:`desert_pyramid.app.spoken`; this module decides no rule and words nothing of its own beyond
the screens' names. Each announcement interrupts the one before.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeGuard

from desert_pyramid.app import spoken
from desert_pyramid.i18n import N_, _
from desert_pyramid.i18n.say import worded
from desert_pyramid.speech import RecordBackend, SpeechError, Voice

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from desert_pyramid.app.control import Feedback, TableControl
    from desert_pyramid.app.prefs import Settings
    from desert_pyramid.app.sessions import CoachMessage
    from desert_pyramid.engine import Game


class SpokenSeat(Protocol):
    """The deal in play as said: its top bar's figures (app/seat.py's Seat)."""

    def hud(self) -> dict[str, str]: ...


class SpokenApp(Protocol):
    @property
    def settings(self) -> Settings: ...


class SpokenTable(Protocol):
    """What the table shows that is said (the table's view has it; named here, not imported,
    since the table reaches this module through the window)."""

    @property
    def game(self) -> Game: ...
    @property
    def control(self) -> TableControl: ...
    @property
    def seat(self) -> SpokenSeat: ...
    @property
    def title(self) -> str: ...
    @property
    def subtitle(self) -> str: ...
    @property
    def message(self) -> str: ...
    @property
    def has_coach(self) -> bool: ...
    @property
    def coach_said(self) -> Sequence[CoachMessage]: ...
    @property
    def focus(self) -> int | str | None: ...
    @property
    def focus_visible(self) -> bool: ...
    @property
    def app(self) -> SpokenApp: ...


def is_table(view: object) -> TypeGuard[SpokenTable]:
    """The table, not another screen: it has a game and the control of it."""
    return hasattr(view, "control") and getattr(view, "game", None) is not None


# TRANSLATORS: the screens' names, said aloud when a screen opens.
SCREEN_NAMES = {
    "TitleView": N_("Desert Pyramid, title screen"),
    "PauseView": N_("Paused"),
    "SettingsView": N_("Settings"),
    "HelpView": N_("Help: the keys"),
    "PracticeSetupView": N_("Practice"),
    "RelicsView": N_("Relics"),
    "BacksView": N_("Card backs"),
    "StatsView": N_("Statistics"),
    "HowToView": N_("How to play"),
    "DailyView": N_("Daily deal"),
    "LayoutPickerView": N_("Layouts"),
    "EditorView": N_("Layout editor"),
    "ReplayView": N_("Replay"),
    "PlaceholderView": "",
}
# TRANSLATORS: said when B, D, L... (the listening keys) are pressed on the keys help (F1)
AT_THE_TABLE = N_("The listening keys work at the table: Esc goes back to it.")
FOCUS_FIRST = N_("Move the focus to a card first: Tab or the arrow keys.")
#: The heading of the voice's notices on screen (its state after F2, a failure), whatever their
#: level: not the save files' heading the other notices have
# TRANSLATORS: the heading of a notice about speech ("Speech is off."), as on the Settings row
SPEECH_HEADING = N_("Speech")
RANK_ACTIONS = {f"say_rank_{r}": r for r in range(1, 14)}


class SpeechLink:
    """Turns what the window shows into announcements for its :class:`Voice`."""

    def __init__(
        self,
        settings: Settings | Callable[[], Settings],
        log_path: Path | None = None,
        alarm: Callable[[], None] | None = None,
    ) -> None:
        """``settings``: the settings, or where to read them now (the window's: the saved ones
        arrive once the save files are read, after the window is made, and the voice follows
        them); ``alarm``: a sound played when a failure of the voice can be said by no voice."""
        self._settings = settings if callable(settings) else (lambda: settings)
        self.alarm = alarm
        log: RecordBackend | None = None
        self.log_problem = ""
        if log_path is not None:
            try:
                log = RecordBackend(log_path)
            except SpeechError as exc:
                self.log_problem = str(exc)
        self._seen = self._choice()  # the setting the voice follows
        self.voice = Voice(self._seen, log)
        self._view: object = None  # the screen spoken last
        self._table: object = None  # the table spoken last
        self._game: object = None
        self._focus: object = None
        self._message = ""
        self._table_message = ""
        self._coach: list[str] = []
        self._menu: tuple[object, ...] = ()
        self._line = ""  # a replay's move line, said last
        self._selected: int | None = None  # the card selected at the table
        self._toast: object = None
        self._pending: list[str] = []
        self._fb_message: str | None = None
        self._dialog: object = None  # the table's stuck dialog said last
        self._dialog_focus: object = None
        self._dialog_at: tuple[object, object] = (None, 0)  # its game and moves when it opened
        self.last = ""  # the last announcement (the tests read the log instead)

    # -- saying -----------------------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.follow_settings()
        text = " ".join(text.split())
        if text:
            self.last = text
            self.voice.say(text)

    def _choice(self) -> str:
        return str(getattr(self._settings(), "speech", "auto"))

    def settings_changed(self, settings: Settings) -> None:
        self._seen = str(getattr(settings, "speech", "auto"))
        self.voice.configure(self._seen)

    def follow_settings(self) -> None:
        """The voice as the settings say when their choice changed (the saved setting, read
        after the window was made, is honoured from the first frame)."""
        choice = self._choice()
        if choice != self._seen:
            self._seen = choice
            self.voice.configure(choice)

    def take_notice(self) -> str | None:
        return self.voice.take_notice()

    # -- the table ------------------------------------------------------------------------------------
    def feedback(self, view: SpokenTable, fb: Feedback) -> None:
        """An action's outcome at the table (before the table shows it): the move and its result,
        or why nothing happened."""
        game = view.game
        moved = fb.move is not None or fb.undone
        if moved:
            self._pending.append(spoken.move_text(game, fb.move, fb.events))
        if fb.message:
            told = moved and not view.control.stuck  # the move's words say it already
            message = worded(fb.message)
            if not told:
                self._pending.append(spoken.speakable(message))
            self._fb_message = message
        elif fb.message == "" and not moved:
            self._fb_message = ""

    def table(self, view: SpokenTable) -> None:
        """The table refreshed what it shows: say what changed, in order (a new deal, the moves,
        the message line, the coach, the focus)."""
        parts = self._arrival(view)
        moved = bool(self._pending)
        parts += self._pending
        self._pending = []
        selected = view.control.selected
        if self._selected is not None and selected is None and not moved:
            parts.append(_("Selection dropped."))
        self._selected = selected
        parts += self._message_news(view) + self._coach_news(view) + self._focus_news(view)
        parts.append(self._dialog_change(view))
        if any(parts):
            self.say(" ".join(p for p in parts if p))

    def _dialog_change(self, view: SpokenTable) -> str:
        """The table's stuck dialog ("No more moves"): its heading, its note and its focused
        button when it opens, the button as the focus moves, and "Keep looking" when it is
        closed with nothing else done (Esc): the dialog is a menu a blind player works too."""
        dialog: Any = getattr(view, "stuck_dialog", None)
        game = view.game
        if dialog is not self._dialog:
            before, self._dialog = self._dialog, dialog
            if dialog is None:
                kept = (
                    before is not None
                    and self._dialog_at[0] is game
                    and self._dialog_at[1] == game.moves
                    and getattr(view.app, "current_view", view) is view
                )
                return _("Keep looking") + "." if kept else ""
            self._dialog_at = (game, game.moves)
            self._dialog_focus = getattr(dialog.menu, "focus", None)
            # (the dialog's heading, as ui/table/stuck_dialog.py marks it: said, not shouted)
            title = _("NO MORE MOVES").capitalize()
            heading = spoken.screen_text(title, str(getattr(dialog, "note", "")))
            return f"{heading} {self._dialog_button(dialog)}".strip()
        focus = getattr(getattr(dialog, "menu", None), "focus", None)
        if dialog is not None and focus != self._dialog_focus:
            self._dialog_focus = focus
            return self._dialog_button(dialog)
        return ""

    @staticmethod
    def _dialog_button(dialog: object) -> str:
        menu = getattr(dialog, "menu", None)
        buttons = getattr(menu, "buttons", None) or []
        i = getattr(menu, "focus", 0)
        if not isinstance(i, int) or not 0 <= i < len(buttons):
            return ""
        b = buttons[i]
        return spoken.button_text(b.label, b.value, b.enabled)

    def _arrival(self, view: SpokenTable) -> list[str]:
        """A new deal is told whole; coming back to the table from a screen over it, said so."""
        game = view.game
        if game is not self._game or view is not self._table:
            self._game = game
            self._table = view
            self._focus = None
            self._coach = []
            self._table_message = ""
            self._selected = None  # the last deal's selection is not this one's to drop
            self._view = view
            return [spoken.deal_text(view.title, view.subtitle, game)]
        if self._view is not view:  # back from the pause, the help or the settings
            self._view = view
            self._focus = None
            return [_("Back at the table.")]
        return []

    def _message_news(self, view: SpokenTable) -> list[str]:
        """The message line, when it changed (and is not the feedback just said)."""
        message = view.message or ""
        out = []
        if message != self._table_message:
            if message and message != self._fb_message:
                out.append(spoken.speakable(message))
            self._table_message = message
        self._fb_message = None
        return out

    def _coach_news(self, view: SpokenTable) -> list[str]:
        """The coach's new words (as said aloud: cards in words)."""
        said = list(view.coach_said) if view.has_coach else []
        coach = [m.text for m in said]
        if coach == self._coach:
            return []
        out = [
            spoken.speakable(m.spoken or t)
            for m, t in zip(said, coach, strict=True)
            if t not in self._coach
        ]
        self._coach = coach
        return out

    def _focus_news(self, view: SpokenTable) -> list[str]:
        focus = view.focus if view.focus_visible else None
        if focus == self._focus:
            return []
        self._focus = focus
        return [] if focus is None else [spoken.focus_text(view.game, focus)]

    def on_action(self, view: object, action: str) -> bool:
        """The speech keys: F2 everywhere, the rest at the table."""
        if action == "speech":
            self.toggle(view)
            return True
        if not is_table(view):
            if action.startswith("say_"):  # the keys help is open over the table: Esc first
                self.say(_(AT_THE_TABLE))
                return True
            return False
        game = view.game
        focus = view.focus if view.focus_visible else None
        if action == "say_board":
            self.say(spoken.board_text(game))
        elif action == "say_layout":
            self.say(spoken.layout_text(game))
        elif action == "say_covering":
            self.say(spoken.covering_text(game, focus) if focus is not None else _(FOCUS_FIRST))
        elif action == "say_status":
            shown = not view.app.settings.hide_timer  # the clock, as the top bar shows it
            self.say(spoken.status_text(view.seat.hud(), shown))
        elif action == "say_focus":
            self.say(spoken.focus_text(game, focus) or _("Nothing has the focus: press Tab."))
        elif action == "say_rank":
            card = game.card_at(focus) if isinstance(focus, int) else None
            if card is None:
                self.say(_(FOCUS_FIRST))
            else:
                self.say(spoken.rank_text(game, card.rank))
        elif action in RANK_ACTIONS:
            self.say(spoken.rank_text(game, RANK_ACTIONS[action]))
        else:
            return False
        return True

    def toggle(self, view: object) -> None:
        """F2: after a failure, try again; else speech on or off (kept in the settings)."""
        from dataclasses import replace

        app = getattr(view, "app", None)
        voice = self.voice
        if voice.broken or (voice.choice == "auto" and not voice.wanted):
            if not voice.retry() and voice.choice == "auto" and app is not None:
                app.set_settings(replace(app.settings, speech="on"))
                voice.retry()
        elif app is not None:
            app.set_settings(replace(app.settings, speech="off" if voice.speaking else "on"))
        status = voice.said_status()
        self.say(status.text())
        if app is not None:
            app.overlay.notice(status, "info", SPEECH_HEADING)  # (worded when shown)
        voice.take_notice()  # the status says it

    # -- every other screen -------------------------------------------------------------------------
    def observe(self, view: object, overlay: object = None) -> str | None:
        """Every frame: a new screen, its focused button and its message; a new toast. Returns the
        voice's notice for the screen, once, when speech has failed or a voice was passed over
        for another (with a sound when no voice could say it)."""
        self.follow_settings()
        self.voice.poll()  # a voice being tried: the one that answers says what waits
        if view is not None and not hasattr(view, "control"):
            self._observe_screen(view)
        elif is_table(view):  # the stuck dialog's keys do not refresh the table
            said = self._dialog_change(view)
            if said:
                self.say(said)
        toast = getattr(overlay, "current", None)
        if toast is not None and toast is not self._toast:
            self._toast = toast
            value = worded(toast.text)  # a relic's or a back's name is translated when shown
            value = value if toast.kind == "notice" else _(value)
            heard = _("{label}: {value}").format(label=_(toast.heading), value=value)
            self.say(spoken.sentence(spoken.speakable(heard)))
        elif toast is None:
            self._toast = None
        if self.voice.take_alarm() and self.alarm is not None:
            self.alarm()
        return self.voice.take_notice()

    def _observe_screen(self, view: object) -> None:
        parts: list[str] = []
        menu = getattr(view, "menu", None) or getattr(view, "buttons", None)
        if view is not self._view:
            self._view = view
            self._menu = ()
            self._line = ""
            self._message = getattr(view, "message", "") or ""
            parts.append(self._screen_words(view))
        line = self._screen_line(view)
        if line != self._line:
            self._line = line
            if line:
                parts.append(spoken.speakable(line))
        message = getattr(view, "message", "") or ""
        if isinstance(message, str) and message != self._message:
            self._message = message
            if message:
                parts.append(spoken.speakable(message))
        buttons = getattr(menu, "buttons", None)
        if buttons:
            i = getattr(menu, "focus", 0)
            if isinstance(i, int) and 0 <= i < len(buttons):
                b = buttons[i]
                now = (i, b.label, b.value, b.enabled, getattr(b, "armed", False))
                if now != self._menu:
                    self._menu = now
                    label = b.confirm if getattr(b, "armed", False) and b.confirm else b.label
                    parts.append(spoken.button_text(label, b.value, b.enabled))
        if parts:
            self.say(" ".join(p for p in parts if p))

    @staticmethod
    def _screen_line(view: object) -> str:
        """The line a screen keeps up to date beside its buttons: a replay's move and what the
        analysis says of it, with the figures; the layout picker's focused layout and its
        difficulty; How to play's section in view, read out whole; the statistics' figures."""
        texts: list[object] = []
        page = getattr(view, "page", None)
        sections = getattr(page, "sections", None)
        current = getattr(page, "current_section", None)
        if sections and callable(current):  # How to play: the section in view
            i = current()
            if isinstance(i, int) and 0 <= i < len(sections):
                sec = sections[i]
                body = " ".join(p.plain() for p in sec.paragraphs)
                return f"{sec.title}. {body}"
        figures = getattr(view, "figure_texts", None)
        if callable(figures):  # Statistics: the figures of the chosen view, as the tiles show
            try:
                pairs = figures()
            except (AttributeError, ValueError, IndexError):  # not laid out yet
                pairs = []
            extra = getattr(getattr(view, "extra", None), "text", "")
            said = [_("{label}: {value}").format(label=k, value=v) + "." for k, v in pairs]
            return " ".join([*said, extra] if extra else said)
        detail = getattr(view, "detail", None)
        if getattr(view, "move_text", None) is not None:
            texts = [getattr(view, "move_text", None), getattr(view, "figures_text", None)]
        elif isinstance(detail, list):
            texts = detail[:2]
        said = [getattr(t, "text", "") for t in texts]
        return " ".join(t for t in said if isinstance(t, str) and t)

    def _screen_words(self, view: object) -> str:
        name = type(view).__name__
        if name == "ResultsView":
            return self._results_words(view)
        if name == "HelpView":
            return _(SCREEN_NAMES[name]) + ". " + self._help_words(view)
        if name in SCREEN_NAMES:
            title = _(SCREEN_NAMES[name]) if SCREEN_NAMES[name] else ""
        else:
            title = getattr(view, "title", "") or ""
        return spoken.screen_text(str(title), getattr(view, "message", "") or "")

    def _results_words(self, view: object) -> str:
        """The results screen's lines, as its module words them (found through the view's own
        module: the screens import the shell, which names this module)."""
        module = sys.modules[type(view).__module__]
        r = getattr(view, "results", None)
        lines = [spoken.sentence(str(module.headline(r)).capitalize())]
        lines += [
            spoken.sentence(
                _("{label}: {value}").format(label=label, value=spoken.speakable(value))
            )
            for label, value in module.rows(r)
        ]
        lines += [spoken.sentence(spoken.speakable(t)) for t in getattr(view, "unlocked", ())]
        return " ".join(lines)

    def _help_words(self, view: object) -> str:
        from desert_pyramid.ui.input import keys

        under = getattr(view, "under", None)
        contexts = getattr(under, "contexts", None)
        out = []
        for title, items in keys.help_rows(contexts):
            said = "; ".join(_("{key}: {action}").format(key=k, action=t) for k, t in items if k)
            out.append(_("{title}: {keys}.").format(title=title, keys=said))
        return spoken.speakable(" ".join(out))

    def close(self) -> None:
        self.voice.close()
