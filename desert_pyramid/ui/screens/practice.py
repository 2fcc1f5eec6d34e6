"""The Practice set-up: the rule set and its single options, the layout, and the deal: random,
proven winnable (the table's subtitle shows the solver's difficulty grade) or typed / pasted as a
deal code (or 52 cards in the deal notation).

The deal code row is a text field: with the focus on it, typed characters go in, Backspace takes
one out, Ctrl+V pastes (when the system has a clipboard), Enter deals. A code that cannot be read
leaves everything as it was and says why on the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from typing import TYPE_CHECKING, Any

import arcade
from arcade import key as K

from desert_pyramid.app.layouts import layout_name, preset_name
from desert_pyramid.app.picker import remember_layout, remembered_layout
from desert_pyramid.app.rule_words import describe_rules
from desert_pyramid.app.sessions import InputError, PracticeSession
from desert_pyramid.engine import (
    PRESETS,
    UNLIMITED,
    Layout,
    Rules,
    RulesError,
    check_playable,
    looks_like_game_code,
)
from desert_pyramid.i18n import N_, _, pgettext
from desert_pyramid.ui.base import fonts
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.layout import (
    MenuPanel,
    Span,
    fit_text,
    menu_panel,
    overflow,
    share_columns,
    trying,
)
from desert_pyramid.ui.base.palette import FAINT, GOLD, MUTED, SAND_INK
from desert_pyramid.ui.screens.layout_picker import LayoutPickerView
from desert_pyramid.ui.screens.title import MenuScreen
from desert_pyramid.ui.widgets.buttons import (
    Button,
    ButtonColumn,
    TextGroup,
    panel_sprite,
    text_height,
)
from desert_pyramid.ui.widgets.richtext import text_width

if TYPE_CHECKING:
    from desert_pyramid.ui.shell import Shell

# TRANSLATORS: the Deal row's choices: any deal, one the solver proves winnable, one typed as a code
SOURCES = (N_("Random"), N_("Winnable only"), N_("Deal code"))
CODE_SOURCE = 2
PASSES = (1, 3, UNLIMITED)
FLAGS = (  # (row label, Rules field)
    (N_("All 52 must go"), "all_52"),
    (N_("Stock top playable"), "stock_top_playable"),
    (N_("Relaxed match"), "relaxed_match"),
    (N_("Draw three"), "draw_three"),
    (N_("Satchel"), "satchel"),
)
CODE_MAX = 4_000  # characters in the code field (52 cards in the notation, a long game code fit)
ROW_RULES, ROW_LAYOUT, ROW_PASSES = 0, 1, 2
ROW_DEAL = 3 + len(FLAGS)
ROW_CODE = ROW_DEAL + 1


def passes_text(passes: int) -> str:
    # TRANSLATORS: the Passes row's value: no limit on going through the stock
    return _("Unlimited") if passes == UNLIMITED else str(passes)


class PracticeSetupView(MenuScreen):
    """Choose the rules, the layout and the kind of deal, then deal."""

    even_text = True  # all its text at one size (ui/screen.py)

    def __init__(
        self, app: Shell, finder: Any = None, grader: Callable[..., str] | None = None
    ) -> None:
        super().__init__(app)
        self.finder, self.grader = finder, grader  # the winnable search's (tests pass fast ones)
        self.presets = list(PRESETS)
        self.preset = 0
        self.options: dict[str, Any] = {}  # the single options changed from the preset's
        self.code = ""
        self.layouts = sorted(app.application.layouts())  # the game's, then the player's own
        self.layout_i = 0
        remembered = remembered_layout(app.application)  # the layout picker's last choice
        if remembered is not None:
            self.layout_i = self.layouts.index(remembered)
        self.source = 0
        self.menu = ButtonColumn(
            app.assets,
            [
                Button(_("Rules"), lambda: self._rules(1), adjust=self._rules),
                Button(pgettext("practice", "Layout"), self.choose_layout, adjust=self._layout),
                Button(_("Passes"), lambda: self._passes(1), adjust=self._passes),
                *(
                    Button(
                        _(label), partial(self._flag, name), adjust=partial(self._flag_step, name)
                    )
                    for label, name in FLAGS
                ),
                # TRANSLATORS: the row that chooses the kind of deal (Random, Winnable only...)
                Button(_("Deal"), lambda: self._source(1), adjust=self._source),
                Button(_("Deal code"), self.deal),
                Button(_("Play"), self.deal),
                Button(_("Back"), lambda: app.show_title()),
            ],
        )
        self.menu.focus = ROW_CODE + 1
        self.about: arcade.Text | None = None
        self._row_font = 0.0  # the rows' font size (layout() sets it)
        self._search: Future[PracticeSession] | None = None
        self._update_values()

    # -- the rules ---------------------------------------------------------------------------------
    def rules(self) -> Rules:
        """The preset with the single options set on this screen."""
        return PRESETS[self.presets[self.preset]].with_options(**self.options)

    def _set_option(self, name: str, value: Any) -> None:
        if getattr(PRESETS[self.presets[self.preset]], name) == value:
            self.options.pop(name, None)
        else:
            self.options[name] = value
        self._update_values()

    def _rules(self, step: int) -> None:
        self.preset = (self.preset + step) % len(self.presets)
        self.options = {}  # a preset brings its own options
        self._update_values()

    def _passes(self, step: int) -> None:
        i = PASSES.index(self.rules().passes)
        self._set_option("passes", PASSES[(i + step) % len(PASSES)])

    def _flag(self, name: str) -> None:
        self._set_option(name, not getattr(self.rules(), name))

    def _flag_step(self, name: str, step: int) -> None:
        self._flag(name)

    def refusal(self, number: int) -> str | None:
        """Why the rules on this screen cannot be played on layout ``number`` (the engine's
        :func:`check_playable` decides), as a sentence for the screen; None when they can."""
        try:
            check_playable(self.rules(), number)
        except RulesError:
            # the one refusal check_playable makes (classic and strict: layout 1 only)
            if self.rules().base_preset == "strict":
                text = _(
                    "The strict rules play the classic pyramid (layout 1) only, not layout {number}."
                )
            else:
                text = _(
                    "The classic rules play the classic pyramid (layout 1) only, not layout {number}."
                )
            return text.format(number=number)
        return None

    def _layout(self, step: int) -> None:
        wanted = self.layouts[(self.layout_i + step) % len(self.layouts)]
        problem = self.refusal(wanted)
        if problem is not None:
            self.set_message(problem)
            return
        self.layout_i = self.layouts.index(wanted)
        self._update_values()

    def choose_layout(self) -> None:
        """Open the layout picker (Enter or a click on the Layout row); it comes back here."""
        self._search = None  # a search for a winnable deal in progress is dropped

        def chosen(number: int) -> None:
            self.layouts = sorted(self.app.application.layouts())  # one may be added in the picker
            self.layout_i = self.layouts.index(number)
            self._update_values()
            self.app.show_view(self)

        rules = self.rules()
        self.app.show_view(
            LayoutPickerView(
                self.app,
                on_choose=chosen,
                on_back=lambda: self.app.show_view(self),
                current=self.layouts[self.layout_i],
                rules=rules,
                rules_name=str(rules),
            )
        )

    def _layout_of(self, number: int) -> Layout:
        """Layout ``number``; one of the player's deleted meanwhile falls back to the first."""
        layouts = self.app.application.layouts()
        if number not in layouts:
            self.layouts = sorted(layouts)
            self.layout_i = 0
            number = self.layouts[0]
        return layouts[number]

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool | None:
        row = self.menu.buttons[1].rect  # a click on the Layout row's name opens the picker
        if row.contains(x, y) and x < row.right - row.width * 0.45:
            self.menu.focus = 1
            self.app.sounds.play("click")
            self.choose_layout()
            return True
        return super().on_mouse_press(x, y, button, modifiers)

    def _source(self, step: int) -> None:
        self.source = (self.source + step) % len(SOURCES)
        self._update_values()

    # -- the deal code field ------------------------------------------------------------------------
    def type_text(self, text: str) -> None:
        """Characters typed (or pasted) into the deal code field; the deal becomes "Deal code"."""
        clean = "".join(ch for ch in text if ch.isprintable() or ch == " ").replace("\n", " ")
        if not clean:
            return
        self.code = (self.code + clean)[:CODE_MAX]
        self.source = CODE_SOURCE
        self.set_message("")
        self._update_values()

    def paste(self) -> None:
        try:
            text = self.app.get_clipboard_text()
        except Exception:  # an offscreen window, a system without a clipboard
            text = ""
        if not text:
            self.set_message(
                _("Nothing to paste: the clipboard is empty or not reachable here. Type the code.")
            )
            return
        self.type_text(text.strip())

    def editing(self) -> bool:
        return self.menu.focus == ROW_CODE

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        if self.editing():
            if symbol == K.V and modifiers & (K.MOD_CTRL | K.MOD_COMMAND):
                self.paste()
                return True
            if symbol == K.BACKSPACE:
                self.code = self.code[:-1]
                self._update_values()
                return True
            if symbol not in (K.ESCAPE, K.UP, K.DOWN, K.ENTER, K.NUM_ENTER, K.F1, K.F11):
                return True  # the key types a character (on_text): no action of the key table
        return super().on_key_press(symbol, modifiers)

    def on_text(self, text: str) -> bool | None:
        if self.editing():
            self.type_text(text)
            return True
        return None

    def _update_values(self) -> None:
        rules = self.rules()
        if self.refusal(self.layouts[self.layout_i]) is not None:  # not played: the first that is
            self.layout_i = next(
                (i for i, n in enumerate(self.layouts) if self.refusal(n) is None), 0
            )
        number = self.layouts[self.layout_i]
        b = self.menu.buttons
        name = self.presets[self.preset]
        b[ROW_RULES].value = (
            _("{rules} + options").format(rules=preset_name(name))
            if self.options
            else preset_name(name)
        )
        b[ROW_LAYOUT].value = self._layout_value(number, layout_name(self._layout_of(number)))
        b[ROW_PASSES].value = passes_text(rules.passes)
        for i, (_label, field) in enumerate(FLAGS):
            b[ROW_PASSES + 1 + i].value = _("On") if getattr(rules, field) else _("Off")
        b[ROW_DEAL].value = _(SOURCES[self.source])
        shown = self.code if len(self.code) <= 26 else "…" + self.code[-25:]
        b[ROW_CODE].value = (
            (shown + ("|" if self.editing() else ""))
            if (self.code or self.editing())
            else _("type or paste (Ctrl+V)")
        )
        if self.about is not None:
            self.about.text = describe_rules(rules) + "."
        self.menu.refresh()

    def _layout_value(self, number: int, name: str) -> str:
        """The Layout row's value, "1 · Classic Pyramid": the name cut ("…") when a language's
        words would not leave the row room for its label."""
        row = self.menu.buttons[ROW_LAYOUT]
        r, size = row.rect, self._row_font

        def width(text: str) -> float:
            return text_width(text, size, True)

        whole = _("{number} · {name}").format(number=number, name=name)
        if r.width <= 0 or size <= 0:
            return whole
        room = r.width - 3 * r.height * self.menu.pad_ratio - width(row.label) - 2
        if width(f"‹ {whole} ›") <= room:
            return whole
        frame = width(f"‹ {_('{number} · {name}').format(number=number, name='')} ›")
        short = fit_text(name, max(0.0, room - frame), width)[0]
        return _("{number} · {name}").format(number=number, name=short)

    def on_action(self, action: str) -> bool:
        used = super().on_action(action)
        self._update_values()  # the code field's cursor follows the focus
        return used

    def watch_code(self) -> None:
        """A game code in the field: watch that game (its replay, with the analysis)."""
        from desert_pyramid.engine import EngineError, decode_game_code

        try:
            code = decode_game_code(self.code, self.app.application.get_layout)
            check_playable(code.rules, code.layout_number)
        except EngineError as exc:  # the code stays in its field to correct
            text = str(exc)
            self.set_message(text[:1].upper() + text[1:] + ".")
            self.menu.focus = ROW_CODE
            self._update_values()
            return
        self.app.show_replay(code, back=lambda: self.app.show_view(self))

    def deal(self) -> None:
        rules = self.rules()
        layout = self._layout_of(self.layouts[self.layout_i])
        if self.source == CODE_SOURCE and looks_like_game_code(self.code):
            self.watch_code()
            return
        if self.source == CODE_SOURCE:
            try:
                session = self.app.application.practice_from_code(self.code, rules, layout)
            except InputError as exc:  # nothing is lost: the code stays in its field to correct
                self.set_message(str(exc)[:1].upper() + str(exc)[1:] + ".")
                self.menu.focus = ROW_CODE
                self._update_values()
                return
            self.app.new_table(session)
            return
        problem = self.refusal(layout.number)
        if problem is not None:  # the screen keeps to playable pairs; this is the last word
            self.set_message(problem)
            return
        if not rules.classic_layout_only:
            remember_layout(self.app.application, layout.number)
        if self.source == 0:
            self.app.start_practice(rules, layout)
            return
        if self._search is not None:
            return
        # the solver proves a deal winnable: a fraction of a second, sometimes several seconds,
        # so it runs beside the frames and the screen says so
        self.set_message(_("Looking for a deal the solver can prove winnable…"))
        self._search = self.app.application.find_winnable(
            rules, layout, finder=self.finder, grader=self.grader
        )

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        search = self._search
        if search is None or not search.done():
            return
        self._search = None
        if search.cancelled():  # cancelled while the screen was hidden: deal again
            return
        try:
            session = search.result()
        except InputError as exc:
            self.set_message(str(exc))
            return
        self.app.new_table(session)

    def back(self) -> bool:
        self._search = None  # its answer, if it comes, is dropped
        self.app.show_title()
        return True

    def on_hide_view(self) -> None:
        if self._search is not None:
            self._search.cancel()  # one not yet begun never starts (one running finishes)

    def _place_menu(
        self, width: int, height: int, s: float, row_h: Span, whole_words: bool
    ) -> MenuPanel:
        """The panel, its heading and the rows; ``whole_words``: the rows as wide as their
        words need (the Layout row's name whole) in columns each as wide as its rows."""
        self.texts = TextGroup()
        self.menu.pad_ratio = 0.3 if whole_words else 0.45
        rows = self.menu.buttons
        needs: list[float] = []
        need = 0.0
        if whole_words:
            number = self.layouts[self.layout_i]  # the layout's name whole, not as last fitted
            rows[ROW_LAYOUT].value = _("{number} · {name}").format(
                number=number, name=layout_name(self._layout_of(number))
            )
            needs = self.menu.label_widths(14 * s, row_h.minimum)
            half = -(-len(needs) // 2)  # in two columns: each as wide as its rows need
            need = min(max(needs), (max(needs[:half]) + max(needs[half:])) / 2)
        parts = menu_panel(
            Rect(0, 0, width, height),
            len(rows),
            width=620 * s,
            row_width=Span(max(260 * s, need), 540 * s),
            row_height=row_h,
            gap=5 * s,
            # room above the capitals for accents (Ü in German, Й in Russian)
            heading=text_height(26 * s) + 6 * s,
            notes=(text_height(12 * s),),
            footer=text_height(10 * s, 2),
            message=text_height(12 * s),
        )
        self.decor = arcade.SpriteList()
        self.decor.append(panel_sprite(self.app.assets, parts.panel))
        self.texts.fitted(_("PRACTICE"), parts.heading, 26 * s, colour=GOLD, heading=True)
        self._row_font = 14 * s
        rects = parts.menu.rects
        if whole_words:
            rects = share_columns(rects, parts.rows, needs, 5 * s)
        elif fonts.text_scale() > 1.0:  # the design's menu: the layout's name fitted to its row
            number = self.layouts[self.layout_i]
            rows[ROW_LAYOUT].rect = rects[ROW_LAYOUT]
            rows[ROW_LAYOUT].value = self._layout_value(
                number, layout_name(self._layout_of(number))
            )
        self.menu.place(rects, self._row_font, rows=parts.rows)
        return parts

    def layout(self, width: int, height: int) -> None:
        s = self.scale()
        row_h = Span(text_height(14 * s) + 6, 37 * s)
        large = fonts.text_scale() > 1.0
        # a larger text: the rows' words whole, each column as wide as its rows need and less
        # room beside the words; in a window under 1280x720 that cannot hold that, the design's
        # menu (the Layout row's name then cut to its room, as at 100%) before a smaller text
        tries = ((True, False) if s < 1.0 else (True,)) if large else (False,)
        for whole_words in tries:
            with trying() as failed:
                parts = self._place_menu(width, height, s, row_h, whole_words)
            if not failed[0]:
                break
        else:
            overflow()  # not even the design's menu stands at this text size: a step smaller
        self.about = self.texts.fitted("", parts.notes[0], 12 * s, colour=MUTED)
        self.texts.fitted(
            _(
                "← → change a row · Enter on Layout: all layouts · type or paste a deal code · "
                "Esc back"
            ),
            parts.footer,
            10 * s,
            colour=FAINT,
            max_lines=2,
        )
        self.message_text = self.texts.fitted(
            self.message, parts.message, 12 * s, colour=SAND_INK, bold=True
        )
        self._update_values()
