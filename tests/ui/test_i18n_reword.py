"""Text already on screen follows a language change at once: the table's message line (a hint, a
move taken back, a stuck deal's words), the stuck dialog and a toast showing over the screens are
worded again in the language chosen, not left in the one they were shown in. Each is checked
against the catalogue's own translation (the project's i18n functions), through the real window:
the pause's Settings button, the Language row, Done, back to the table."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from arcade import key as K

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import DESERT, Deal, Game
from desert_pyramid.i18n import (
    _,
    current_language,
    format_day,
    format_number,
    ngettext,
    pgettext,
    use_language,
)
from desert_pyramid.i18n.say import join_text
from desert_pyramid.progression import RELICS, Unlocks
from desert_pyramid.solver.hints import hint_for
from desert_pyramid.ui.screens.pause import PauseView
from desert_pyramid.ui.screens.settings import LANGUAGE_CHOICES, SettingsView
from desert_pyramid.ui.table.view import TableView

from .test_i18n_table import stuck_practice

pytestmark = pytest.mark.ui


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    use_language("en")
    yield
    use_language("en")


def language_in_the_pause(ui: Any, lang: str) -> None:
    """As a player would, on the pause: its Settings button, the Language row, Right until
    ``lang`` is chosen, Esc (Done: the pause again, over the table)."""
    pause = ui.view
    assert isinstance(pause, PauseView)
    pause.menu.go_to([b.label for b in pause.menu.buttons].index(_("Settings")))
    ui.key(K.ENTER)
    settings = ui.view
    assert isinstance(settings, SettingsView)
    settings.menu.go_to(len(settings.menu.buttons) - 2)  # the Language row
    steps = LANGUAGE_CHOICES.index(lang) - LANGUAGE_CHOICES.index(ui.app.settings.language)
    for _step in range(steps % len(LANGUAGE_CHOICES)):
        ui.key(K.RIGHT)
    assert current_language() == lang
    ui.key(K.ESCAPE)  # Done
    assert isinstance(ui.view, PauseView)


def language_from_the_pause(ui: Any, lang: str) -> None:
    """From the table: Esc (the pause), the language chosen there, Esc (the table)."""
    table = ui.view
    assert isinstance(table, TableView)
    ui.key(K.ESCAPE)
    language_in_the_pause(ui, lang)
    ui.key(K.ESCAPE)  # resume
    assert ui.view is table
    ui.frames(1)


def drawn_message(view: TableView) -> str:
    """The message line as the HUD draws it."""
    view.hud.settle()
    return str(view.hud.texts["message"].text)


def test_a_hint_on_the_table_is_worded_again_in_the_language_chosen(ui: Any) -> None:
    view = ui.practice(seed=5)
    ui.key(K.H)
    assert ui.frames_until(lambda: view.control.hint_move is not None), view.message
    english = view.message
    assert english.endswith(" Enter plays it."), english
    # the same hint, found again (the solver is deterministic), for the catalogue's wording
    hint = hint_for(Game(get_layout(1), DESERT, Deal.from_seed(5)))
    assert hint.move == view.control.hint_move and english == f"{hint.text} Enter plays it."
    for lang in ("de", "ru"):  # the hint stays on the table, worded in each language in turn
        language_from_the_pause(ui, lang)
        expected = f"{join_text(hint.says)} {_('Enter plays it.')}"
        assert expected != english
        assert view.message == expected, (lang, view.message)
        assert drawn_message(view) == expected  # the line drawn, not only the words held
    ui.key(K.ENTER)  # still the hint: Enter plays it
    assert view.game.moves == 1 and view.game.history[-1] == hint.move


def test_a_move_taken_back_and_a_reason_are_worded_again(ui: Any) -> None:
    view = ui.practice(seed=4)
    ui.key(K.SPACE)
    ui.key(K.Z)
    assert view.message == "Undone: flip the stock."
    language_from_the_pause(ui, "de")
    expected = _("Undone: {move}.").format(move=pgettext("move", "flip the stock"))
    assert expected != "Undone: flip the stock." and view.message == expected
    assert drawn_message(view) == expected
    ui.key(K.Z)  # nothing to undo: said in German, then again in Russian
    german = view.message
    assert german == _("Nothing to undo: this is the deal.")
    language_from_the_pause(ui, "ru")
    assert view.message == _("Nothing to undo: this is the deal.") != german
    assert drawn_message(view) == view.message


def test_a_stuck_deal_s_words_and_its_dialog_are_worded_again(ui: Any) -> None:
    view = stuck_practice(ui)
    stuck = "No removal can ever be made from here: undo (Z) or start a new deal (Esc)."
    assert view.message == stuck
    dialog = view.stuck_dialog
    assert dialog is not None
    dialog.menu.go_to(2)
    # the window loses its focus with the dialog up (a timed game shows the pause then): the
    # pause is opened as on_deactivate opens it, and the language chosen from there
    ui.app.show_pause(view)
    ui.frames(1)
    ui.key(K.ESCAPE)  # back at the table, then the pause again by its own key
    assert ui.view is view and view.stuck_dialog is dialog
    ui.app.show_pause(view)
    ui.frames(1)
    language_in_the_pause(ui, "de")
    ui.key(K.ESCAPE)
    assert ui.view is view and current_language() == "de"
    ui.frames(1)
    assert view.message == _(stuck) != stuck
    dialog = view.stuck_dialog
    assert dialog is not None
    assert [b.label for b in dialog.menu.buttons] == [
        _("Undo to where it can still be won"),
        _("New deal"),
        _("Watch the replay"),
        _("Keep looking"),
    ]
    assert dialog.menu.buttons[0].label != "Undo to where it can still be won"
    drawn = [t.text for t in dialog.texts.items]
    assert _("NO MORE MOVES") in drawn and _("None of the cards left can pair.") in drawn
    assert dialog.menu.focus == 2  # the focus kept


def test_a_toast_showing_is_worded_again_in_the_language_chosen(ui: Any) -> None:
    relic = RELICS[0]
    overlay = ui.app.overlay
    ui.app.show_title()
    overlay.unlocked(Unlocks(relics=(relic,)))
    ui.frames(2)  # drawn in English
    assert [t.text for t in overlay._texts.items] == ["Relic found", relic.name]
    ui.choose_language("de")  # the Settings' Language row, the toast still showing
    ui.frames(1)
    assert overlay.current is not None and overlay.current.item_id == relic.id
    drawn = [t.text for t in overlay._texts.items]
    assert drawn == [_("Relic found"), _(relic.name)] and drawn[0] != "Relic found"


def test_a_variation_s_note_on_the_table_is_worded_again(ui: Any) -> None:
    """A Practice deal started from How to play's Variations page opens with the variation's
    note ("One pass through the stock: classic rules, 1 pass."): chosen in English, it is German
    after the language is changed from the pause (title and rules), as the catalogue words
    them."""
    from desert_pyramid.content import default_content, source_content, variation_rules_words
    from desert_pyramid.ui.screens.howto import HowToView

    ui.app.howto_memory = None
    ui.app.show_title()
    ui.app.show_howto(ui.view, "variations")
    ui.frames(1)
    howto = ui.view
    assert isinstance(howto, HowToView)
    page = howto.page
    page.buttons.focus = 0
    ui.key(K.ENTER)
    view = ui.view
    assert isinstance(view, TableView)
    english = source_content().variations[0]
    assert view.message == f"{english.title}: {variation_rules_words(english)}."
    language_from_the_pause(ui, "de")
    german = default_content().variations[0]
    expected = _("{title}: {rules}.").format(
        title=german.title, rules=variation_rules_words(english)
    )
    assert german.title != english.title and "1 Durchgang" in expected, expected
    assert view.message == expected
    assert drawn_message(view) == expected
    ui.app.howto_memory = None


def test_the_speech_status_toast_is_worded_again_in_the_language_chosen(ui: Any) -> None:
    """F2's toast ("Speech is off.") shows the voice's state under the heading "Speech"; a
    language chosen while it shows words it again."""
    from dataclasses import replace

    from desert_pyramid.speech import RecordBackend

    voice = ui.app.speech.voice
    old = (voice.factory, ui.app.settings)
    try:
        voice.factory = lambda name: RecordBackend()
        ui.app.set_settings(replace(ui.app.settings, speech="on"))
        ui.app.show_title()
        ui.frames(1)
        overlay = ui.app.overlay
        ui.key(K.F2)  # on: turned off
        ui.frames(2)
        assert overlay.current is not None
        # headed as what it is about, not as the save files' notices are
        assert [t.text for t in overlay._texts.items] == ["Speech", "Speech is off."]
        ui.choose_language("de")  # the Settings' Language row, the toast still showing
        ui.frames(1)
        drawn = [t.text for t in overlay._texts.items]
        assert drawn == [_("Speech"), _("Speech is off.")] and drawn[0] != "Speech", drawn
    finally:
        voice.factory = old[0]
        ui.app.set_settings(old[1])


def test_a_lost_position_s_offer_is_in_the_language_and_worded_again(ui: Any) -> None:
    """Practice's offer to go back from a lost position (it was English in every language) is
    worded in the language shown, and again in the one chosen while it shows."""
    view = stuck_practice(ui)
    ui.key(K.ESCAPE)  # keep looking: the dialog closes
    assert view.stuck_dialog is None
    ui.key(K.H)
    ui.frames_until(lambda: not view.advisor.thinking, seconds=90)
    english = view.message
    assert english.startswith("No way through from here"), english
    keep = view.control.hint_rewind

    def offer() -> str:
        if keep is None:
            return _(
                "No way through from here, and none from any earlier position either: this "
                "deal cannot be won."
            )
        back = view.game.moves - keep
        words = ngettext(
            "No way through from here. Undo {n} move to go back to the last position from "
            "which the deal could still be won?",
            "No way through from here. Undo {n} moves to go back to the last position from "
            "which the deal could still be won?",
            back,
        ).format(n=format_number(back))
        return f"{words} {_('Enter goes back there.')}"

    assert english == offer()
    for lang in ("de", "ru"):
        language_from_the_pause(ui, lang)
        assert view.message == offer() != english, view.message
        assert drawn_message(view) == view.message


def test_the_table_under_the_pause_shows_the_language_chosen_at_once(ui: Any) -> None:
    """Done in Settings goes back to the pause, which draws the table under it: its HUD and its
    message line are in the language chosen there, before the table is shown again."""
    view = ui.practice(seed=4)
    ui.key(K.SPACE)
    ui.key(K.Z)
    assert view.message == "Undone: flip the stock."
    ui.key(K.ESCAPE)
    language_in_the_pause(ui, "ru")  # Done: the pause, over the table
    assert isinstance(ui.view, PauseView) and current_language() == "ru"
    ui.frames(1)  # drawn: the table under the pause as well
    texts = {name: t.text for name, t in view.hud.texts.items()}
    assert texts["menu"] == pgettext("button", "Menu") != "Menu"
    expected = _("Undone: {move}.").format(move=pgettext("move", "flip the stock"))
    assert texts["message"] == expected != "Undone: flip the stock."


def test_a_past_day_s_daily_note_is_worded_again_with_its_day(ui: Any, saves: Any) -> None:
    """The note a past day's Daily opens with names its day: the day is written again too, as
    the language chosen writes it."""
    import datetime

    from tests.test_modes_helpers import FakeFinder

    today = datetime.date(2025, 3, 14)
    ui.app.show_daily(today, FakeFinder(step=3))
    ui.frames(1)
    daily = ui.view
    for _step in range(3):
        ui.key(K.LEFT)
    past = daily.selected
    assert past == datetime.date(2025, 3, 11)
    daily.menu.go_to(1)  # "Play Tue 11 Mar for practice"
    ui.key(K.ENTER)
    ui.frames(1)
    view = ui.view
    assert isinstance(view, TableView)
    note = "The Daily of {day}, for practice: the streak is not touched."
    assert view.message == note.format(day="Tue 11 Mar")
    language_from_the_pause(ui, "de")
    assert view.message == _(note).format(day=format_day(past)) != note.format(day="Tue 11 Mar")
    assert "März" in view.message


def test_the_save_files_banner_on_the_title_follows_the_language(ui: Any) -> None:
    """The notices found when the files were opened stay on the title in a banner: its heading
    and its "…and N more" line are made again in the language chosen in Settings."""
    app = ui.app
    app.saves.startup_notices = [("warning", f"notice {i}") for i in range(5)]
    try:
        app.show_title()
        ui.frames(2)
        banner = [t.text for t in app.overlay._banner_texts.items]
        assert "Your save files" in banner and banner[-2].startswith("…and 2 more")
        ui.choose_language("de")
        ui.key(K.ESCAPE)  # Done: the title again, in German
        ui.frames(2)
        banner = [t.text for t in app.overlay._banner_texts.items]
        more = ngettext(
            "…and {n} more: desert-pyramid profile --check tells what each file holds.",
            "…and {n} more: desert-pyramid profile --check tells what each file holds.",
            2,
        ).format(n=format_number(2))
        assert _("Your save files") in banner and "Your save files" not in banner
        assert more in banner and not more.startswith("…and")
    finally:
        app.saves.startup_notices = []
