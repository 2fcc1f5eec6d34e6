"""The settings screen: the master volume and mute, the effects and ambience volumes, animation
speed (off included), the four-colour deck, large indices, hiding the timer and the score, the
card back, with a live preview, the clock (Expedition and Daily timed or
untimed), high contrast, the text size (100% to 200%, applied at once), speech (docs/accessibility.md) and the language (docs/translations.md)."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import arcade

from desert_pyramid.app.prefs import SPEECH_CHOICES, SPEECH_NAMES, VOLUMES, Settings
from desert_pyramid.engine import Card
from desert_pyramid.i18n import (
    LANGUAGES,
    N_,
    _,
    format_percent,
    language_named,
    system_language,
    use_language,
)
from desert_pyramid.progression import BACK_BY_ID
from desert_pyramid.ui.art import cardart
from desert_pyramid.ui.art.assets import back_source, load_image, resolve_back
from desert_pyramid.ui.base import fonts
from desert_pyramid.ui.base.geometry import CARD_ASPECT, Rect
from desert_pyramid.ui.base.layout import (
    Span,
    anchor,
    button_grid,
    cut_bottom,
    cut_top,
    inset,
    overflowed,
    share_columns,
)
from desert_pyramid.ui.base.palette import FAINT, GOLD, TAN
from desert_pyramid.ui.screens.title import MenuScreen
from desert_pyramid.ui.widgets.buttons import (
    Button,
    ButtonColumn,
    TextGroup,
    option_row,
    panel_sprite,
    text_height,
)

if TYPE_CHECKING:
    from desert_pyramid.ui.shell import Shell

PREVIEW = ("AS", "10H", "QD", "7C")
#: The rows that step a setting: (label, what :meth:`SettingsView.change` changes).
ROWS = (
    (N_("Master volume"), "volume"),
    (N_("Sound · M"), "mute"),
    (N_("Effects"), "effects_volume"),
    (N_("Ambience"), "ambience_volume"),
    (N_("Animations"), "anim"),
    (N_("Four-colour deck"), "four_colour"),
    (N_("Large indices"), "large_index"),
    (N_("Timer"), "hide_timer"),
    (N_("Score"), "hide_score"),
    (N_("Clock"), "untimed"),  # Expedition and Daily untimed, from the next trek or Daily on
)
#: The Language row's choices: "" is the system's language.
LANGUAGE_CHOICES: tuple[str, ...] = ("", *LANGUAGES)


def on_off(value: bool, on: str = N_("On"), off: str = N_("Off")) -> str:
    return _(on) if value else _(off)


def language_name(code: str) -> str:
    """The Language row's value: a language named in itself, or the system's."""
    if code in LANGUAGES:
        return LANGUAGES[code]
    return _("Auto · {language}").format(language=language_named(system_language()))


class SettingsView(MenuScreen):
    even_text = True  # all its text at one size (ui/screen.py)
    show_preview = True  # the cards as the table will show them (not in a window too low)

    def __init__(self, app: Shell, back: arcade.View) -> None:
        super().__init__(app)
        self.back_to = back
        self.opened_in = app.settings.language  # Done rebuilds the screen under if it changed
        self.backs = app.back_choices()
        self.menu = ButtonColumn(
            app.assets,
            [
                *(option_row(_(label), partial(self.change, what)) for label, what in ROWS),
                Button(
                    _("Card back"),
                    lambda: app.show_backs(self),
                    adjust=lambda d: self.change("back", d),
                ),
                Button(
                    _("High contrast"),
                    lambda: self.change("high_contrast", 1),
                    adjust=lambda d: self.change("high_contrast", d),
                ),
                option_row(_("Text size"), partial(self.change, "text_size")),
                Button(
                    _("Speech · F2"),
                    lambda: self.change("speech", 1),
                    adjust=lambda d: self.change("speech", d),
                ),
                option_row(_("Language"), partial(self.change, "language")),
                Button(_("Done"), self.done),
            ],
        )
        self._values()

    def on_show_view(self) -> None:
        super().on_show_view()
        self._values()  # the card back may have been chosen in the picker meanwhile
        self._preview()

    @property
    def settings(self) -> Settings:
        return self.app.settings

    def change(self, what: str, step: int) -> None:
        s = self.settings
        if what in VOLUMES:
            s = s.with_volume_step(step, what)
        elif what == "anim":
            s = s.with_next_animation(step)
        elif what == "mute":
            s = s.toggled("mute")
        elif what == "speech":
            i = SPEECH_CHOICES.index(s.speech) if s.speech in SPEECH_CHOICES else 0
            s = replace(s, speech=SPEECH_CHOICES[(i + step) % len(SPEECH_CHOICES)])
        elif what == "language":
            i = LANGUAGE_CHOICES.index(s.language) if s.language in LANGUAGE_CHOICES else 0
            s = replace(s, language=LANGUAGE_CHOICES[(i + step) % len(LANGUAGE_CHOICES)])
            self.app.set_settings(s)
            self.relabel(use_language(s.language or system_language()))
            return
        elif what == "text_size":  # applied at once: this screen again at the new size
            self.app.set_settings(s.with_next_text_size(step))
            self._values()
            self.layout(self.app.width, self.app.height)
            return
        elif what == "back":
            ids = self.backs
            i = ids.index(resolve_back(s.card_back))
            s = replace(s, card_back=ids[(i + step) % len(ids)])
        else:
            s = s.toggled(what)
        self.app.set_settings(s)
        self._values()
        self._preview()
        if what in ("volume", "mute", "effects_volume"):
            self.app.sounds.play("pair")  # hear the new level (the ambience is heard meanwhile)

    def _values(self) -> None:
        s = self.settings
        values = [
            format_percent(round(s.volume, 2)),
            on_off(not s.mute, N_("On"), N_("Muted")),
            format_percent(round(s.effects_volume, 2)),
            format_percent(round(s.ambience_volume, 2)) if s.ambience_volume else _("Off"),
            _(s.animation_name),
            on_off(s.four_colour),
            on_off(s.large_index),
            on_off(not s.hide_timer, N_("Shown"), N_("Hidden")),
            on_off(not s.hide_score, N_("Shown"), N_("Hidden")),
            on_off(not s.untimed, N_("Timed"), N_("Untimed")),
            self._back_name(s.card_back),
            on_off(s.high_contrast),
            format_percent(s.text_size / 100),
            self._speech_name(s.speech),
            language_name(s.language),
            "",
        ]
        for b, v in zip(self.menu.buttons, values, strict=True):
            b.value = v
        self.menu.refresh()

    def _back_name(self, back_id: str) -> str:
        back_id = resolve_back(back_id)
        if back_id in BACK_BY_ID:  # the game's own backs have names (progression catalogue)
            return _(BACK_BY_ID[back_id].name)
        name = back_id[7:] if back_id.startswith("arcade-") else back_id
        return name.replace("_", " ").capitalize()

    def _speech_name(self, choice: str) -> str:
        """The speech setting; ``Auto`` says whether it speaks now (a screen reader runs)."""
        name = _(SPEECH_NAMES[choice]) if choice in SPEECH_NAMES else choice
        if choice == "auto":
            return _("Auto · on") if self.app.speech.voice.wanted else _("Auto · off")
        return name

    def sound_changed(self) -> None:
        """M was pressed here: show the new state."""
        self._values()

    def relabel(self, notice: str | None) -> None:
        """The language changed: this screen again in it, the Language row focused."""
        again = SettingsView(self.app, self.back_to)
        again.opened_in = self.opened_in
        again.menu.focus = len(again.menu.buttons) - 2
        self.app.show_view(again)
        if notice is not None:  # a damaged catalogue: the game stays in English and says so
            self.app.overlay.notice(notice)

    def done(self) -> None:
        back = self.back_to
        if self.settings.language != self.opened_in:  # the screen under speaks the old language
            from desert_pyramid.ui.screens.pause import PauseView
            from desert_pyramid.ui.screens.title import TitleView

            if isinstance(back, TitleView):
                self.app.show_title()
                return
            if isinstance(back, PauseView):
                back = PauseView(self.app, back.table)
        self.app.show_view(back)

    def back(self) -> bool:
        self.done()
        return True

    def layout(self, width: int, height: int) -> None:
        sc = self.scale()
        n = len(self.menu.buttons)
        # the rows' words before the preview (the table shows the cards): a low window, or a
        # text size the rows hold only with the preview's room, goes without it
        for preview in (True, False):
            self.show_preview = preview
            rows = n  # in one column; when the rows stand in two, the panel is made for those
            for _attempt in range(2):
                overflowed()  # (what the last placing could not hold counts, not a first try's)
                columns = self._place(width, height, sc, rows)
                if columns == 1:
                    break
                rows = -(-n // columns)
            if not preview:
                return  # (the screen sees what this placing could not hold: ui/screen.py)
            if fonts.text_scale() > 1.0:
                if not overflowed():
                    return  # the rows hold this text size beside the preview
            elif not any(getattr(label, "whole", "") for label in self.menu._labels):
                return

    def _place(self, width: int, height: int, sc: float, rows: int) -> int:
        """Lay the panel out for ``rows`` rows a column; returns the columns the menu took."""
        self.texts = TextGroup()
        n = len(self.menu.buttons)
        row_h = Span(text_height(14 * sc) + 6, 33 * sc)
        # rows as tall as their text needs (a large text size: taller than 33)
        want = (
            40 * sc
            + text_height(28 * sc)
            + text_height(11 * sc)
            + rows * (row_h.preferred + 6 * sc)
        )
        want = max(want, 40 * sc + text_height(28 * sc) + 330 * sc)  # room for the preview
        # a larger text size: a wider panel, as far as the window goes (the rows' words grow)
        panel = anchor(inset(Rect(0, 0, width, height), 8), 840 * sc * fonts.text_scale(), want)
        self.panel = panel
        side = 14 * sc if fonts.text_scale() <= 1.0 else 10 * sc  # a larger text: the rows wider
        inner = inset(panel, side, 8 * sc)
        head, body = cut_top(inner, text_height(28 * sc), 4 * sc)
        self.texts.fitted(_("SETTINGS"), head, 28 * sc, colour=GOLD, heading=True)
        # the rows on the left, the preview on the right (a quarter of the panel at most, so the
        # rows' labels and values keep their words)
        preview_w = min(300 * sc, body.width * 0.25)  # the cards never shrink for the text
        # a larger text size: the rows' columns as wide as their words need, the preview in what
        # they leave (no narrower than its cards at their size: else it goes, ``layout``)
        # (a larger text size: less room each side of a row's words, so two columns stand)
        self.menu.pad_ratio = 0.45 if fonts.text_scale() <= 1.0 else 0.25
        needs = self.menu.label_widths(14 * sc, row_h.minimum)
        half = -(-n // 2)  # in two columns each as wide as its rows need (share_columns)
        need = min(max(needs), (max(needs[:half]) + max(needs[half:])) / 2)
        if fonts.text_scale() <= 1.0:
            need = 0.0  # (at 100%: the design's widths)
        one_column = n * (row_h.minimum + 6 * sc) - 6 * sc
        cols = 1 if one_column <= body.height - text_height(11 * sc) - 4 * sc else 2
        rows_need = cols * need + (cols - 1) * 6 * sc + 2  # (two columns: both needs)
        card_w = int(86 * sc * 190 / 140 * CARD_ASPECT) // 2 * 2
        preview_w = min(preview_w, max(2 * card_w + 12 * sc, body.width - 12 * sc - rows_need - 2))
        if not self.show_preview:
            preview_w = -12 * sc
        rows_area = Rect(body.left, body.bottom, body.width - preview_w - 12 * sc, body.height)
        self.preview_area = Rect(
            rows_area.right + 12 * sc, body.bottom, max(0.0, preview_w), body.height
        )
        keys_line, rows_area = cut_bottom(rows_area, text_height(11 * sc), 4 * sc)
        wide = 460 * sc if fonts.text_scale() <= 1.0 else rows_area.width  # (larger: all of it)
        menu = button_grid(
            rows_area, n, Span(max(230 * sc, need), max(wide, need)), row_h, 6 * sc, 2
        )
        rows_per = -(-n // menu.columns)
        rects = menu.rects
        if fonts.text_scale() > 1.0:
            rects = share_columns(rects, rows_per, needs, 6 * sc)
        self.menu.place(rects, 14 * sc, rows=rows_per)
        self.texts.fitted(
            _("↑ ↓ choose · ← → or Enter change · Esc done"), keys_line, 11 * sc, colour=FAINT
        )
        if self.show_preview:  # its label just over its cards (it floated at the area's top)
            _w, h, gap, top, _cx = self._preview_spots()
            above = top + 4 * sc
            label = Rect(
                self.preview_area.left, above, self.preview_area.width, text_height(13 * sc)
            )
            self.texts.fitted(_("Preview"), label, 13 * sc, colour=TAN, bold=True)
        self._preview()
        return menu.columns

    def _preview_spots(self) -> tuple[int, int, float, float, float]:
        """The preview's cards: four faces in two rows and the back under them, as large as the
        area lets them be (its width, height, gap, top and centre)."""
        sc = self.scale()
        _label, area = cut_top(self.preview_area, text_height(13 * sc), 6 * sc)
        gap = 10 * sc
        h = min(
            86 * sc * 190 / 140, (area.height - 2 * gap) / 3, (area.width - gap) / 2 / CARD_ASPECT
        )
        h = int(h) // 2 * 2
        w = int(h * CARD_ASPECT) // 2 * 2
        top = area.top - (area.height - 3 * h - 2 * gap) / 2
        return w, h, gap, top, area.cx

    def _preview(self) -> None:
        """The cards as the table will show them, and the chosen back."""
        panel = getattr(self, "panel", None)
        if panel is None:
            return
        s = self.settings
        self.decor = arcade.SpriteList()
        self.decor.append(panel_sprite(self.app.assets, panel))
        if not self.show_preview:
            return
        w, h, gap, top, cx = self._preview_spots()
        for i, code in enumerate(PREVIEW):
            card = Card.parse(code)
            key = f"preview-{code}-{w}x{h}-{s.four_colour}-{s.large_index}"
            tex = self.app.assets.texture(
                key, partial(cardart.render_face, card, w, h, s.four_colour, s.large_index)
            )
            sprite = arcade.Sprite(tex)
            sprite.position = (
                round(cx + (i % 2 - 0.5) * (w + gap)),
                round(top - h / 2 - (i // 2) * (h + gap)),
            )
            self.decor.append(sprite)
        src = back_source(s.card_back)
        tex = self.app.assets.texture(
            f"preview-back-{s.card_back}-{w}x{h}",
            lambda: cardart.render_back(load_image(src), w, h),
        )
        back = arcade.Sprite(tex)
        back.position = (round(cx), round(top - h / 2 - 2 * (h + gap)))
        self.decor.append(back)
