"""Every screen works with the keyboard alone."""

from __future__ import annotations

import pytest
from arcade import key as K

from desert_pyramid.ui.input.keys import BINDINGS, action_for, help_rows
from desert_pyramid.ui.screens.help import HelpView
from desert_pyramid.ui.screens.pause import PauseView
from desert_pyramid.ui.screens.practice import PracticeSetupView
from desert_pyramid.ui.screens.settings import SettingsView
from desert_pyramid.ui.screens.title import TitleView
from desert_pyramid.ui.table.view import TableView

pytestmark = pytest.mark.ui


def press_button(ui, label: str) -> None:  # type: ignore[no-untyped-def]
    """Move the focus to the button with this label with ↑/↓, then press Enter."""
    menu = ui.view.menu
    labels = [b.label for b in menu.buttons]
    target = labels.index(label)
    for _ in range(len(labels)):
        if menu.focus == target:
            break
        ui.key(K.DOWN)
    assert menu.focus == target
    ui.key(K.ENTER)
    ui.frames(1)


def test_title_to_practice_to_table_and_back_by_keys(ui) -> None:  # type: ignore[no-untyped-def]
    ui.app.show_title()
    ui.frames(1)
    assert isinstance(ui.view, TitleView)
    press_button(ui, "Continue")  # nothing to continue: says so, stays
    assert isinstance(ui.view, TitleView) and "No deal in progress" in ui.view.message
    press_button(ui, "Practice")
    assert isinstance(ui.view, PracticeSetupView)
    while ui.view.menu.focus != 0:
        ui.key(K.UP)  # from Play up to the Rules row
    ui.key(K.RIGHT)  # desert -> classic
    assert ui.view.menu.buttons[0].value == "Classic"
    press_button(ui, "Play")
    assert isinstance(ui.view, TableView)
    assert ui.view.game.rules.preset == "classic" and not ui.view.game.rules.satchel
    table = ui.view
    ui.key(K.SPACE)
    assert table.game.moves == 1
    ui.key(K.ESCAPE)
    assert isinstance(ui.view, PauseView)
    press_button(ui, "Title screen")
    assert isinstance(ui.view, TitleView)
    press_button(ui, "Continue")  # the deal in progress
    assert ui.view is table and table.game.moves == 1


def test_a_winnable_practice_deal_is_searched_beside_the_frames(ui) -> None:  # type: ignore[no-untyped-def]

    ui.app.show_practice_setup()
    ui.frames(1)
    ui.key(K.UP)  # from Play to the Deal code row
    ui.key(K.UP)  # and the Deal row
    ui.key(K.RIGHT)  # Random -> Winnable only
    assert ui.view.menu.buttons[ui.view.menu.focus].value == "Winnable only"
    press_button(ui, "Play")
    assert isinstance(ui.view, PracticeSetupView) and "winnable" in ui.view.message
    ui.frames_until(lambda: isinstance(ui.view, TableView))
    assert isinstance(ui.view, TableView)
    assert ui.view.session.source == "winnable"


def test_settings_by_keys(ui) -> None:  # type: ignore[no-untyped-def]
    ui.app.show_title()
    ui.frames(1)
    press_button(ui, "Settings")
    assert isinstance(ui.view, SettingsView)
    before = ui.app.settings
    ui.key(K.RIGHT)  # volume up
    assert ui.app.settings.volume == pytest.approx(min(1.0, before.volume + 0.1))
    ui.key(K.DOWN)
    ui.key(K.ENTER)  # sound: muted <-> on
    assert ui.app.settings.mute != before.mute
    for name in ("effects_volume", "ambience_volume"):
        ui.key(K.DOWN)
        ui.key(K.LEFT)  # a tenth down
        assert getattr(ui.app.settings, name) == pytest.approx(
            max(0.0, getattr(before, name) - 0.1)
        )
    ui.key(K.DOWN)
    ui.key(K.LEFT)  # animations: one step slower
    assert ui.app.settings.animation_speed <= before.animation_speed
    for name in ("four_colour", "large_index", "hide_timer", "hide_score", "untimed"):
        ui.key(K.DOWN)
        old = getattr(ui.app.settings, name)
        ui.key(K.ENTER)
        assert getattr(ui.app.settings, name) != old
    ui.key(K.DOWN)
    back = ui.app.settings.card_back
    ui.key(K.RIGHT)
    assert ui.app.settings.card_back != back
    ui.key(K.DOWN)
    ui.key(K.ENTER)  # high contrast on
    assert ui.app.settings.high_contrast
    ui.key(K.DOWN)
    size = ui.app.settings.text_size
    ui.key(K.RIGHT)  # text size: one step larger
    assert ui.app.settings.text_size > size
    ui.key(K.LEFT)
    assert ui.app.settings.text_size == size
    ui.key(K.DOWN)
    ui.key(K.RIGHT)  # speech: auto -> off
    assert ui.app.settings.speech == "off"
    ui.key(K.ESCAPE)
    assert isinstance(ui.view, TitleView)


def test_placeholders_and_quit_by_keys(ui) -> None:  # type: ignore[no-untyped-def]
    from desert_pyramid.ui.screens.relics import RelicsView
    from desert_pyramid.ui.screens.stats import StatsView

    for name, screen in (("Relics", RelicsView), ("Statistics", StatsView)):
        ui.app.show_title()
        ui.frames(1)
        press_button(ui, name)
        assert isinstance(ui.view, screen)
        ui.key(K.ESCAPE)  # Back
        assert isinstance(ui.view, TitleView)
    for mode in ("Expedition", "Daily"):
        press_button(ui, mode)
        if mode == "Daily":  # the Daily screen first: its calendar, then today's pyramid
            press_button(ui, "Play today's pyramid")
        assert isinstance(ui.view, TableView)
        assert ui.view.session.mode == mode.lower()
        shown = " ".join(t.text for t in ui.view.hud.titles.values())
        assert ("DAYLIGHT" if mode == "Expedition" else "TIME BONUS") in shown
        ui.key(K.ESCAPE)
        press_button(ui, "Title screen")
    ui.app.quit_requested = False
    press_button(ui, "Quit")  # Quit asks first: one keystroke too many never quits
    assert not ui.app.quit_requested
    assert ui.view.menu.buttons[ui.view.menu.focus].label == "Quit? Press again"
    ui.key(K.UP)  # moving away forgets it
    assert not any(b.armed for b in ui.view.menu.buttons)
    assert [b.label for b in ui.view.menu.buttons][-1] == "Quit"
    press_button(ui, "Quit")
    ui.key(K.ENTER)
    assert ui.app.quit_requested


def test_help_overlay_reads_the_key_table(ui) -> None:  # type: ignore[no-untyped-def]
    ui.app.show_title()
    ui.frames(1)
    ui.key(K.F1)
    assert isinstance(ui.view, HelpView)
    assert (
        ui.view.title_text.text == "KEYS"
    )  # as the pause menu's "Keys · F1" names it, not HOW TO PLAY
    shown = " ".join(t.text for t in [*ui.view.texts.items, *ui.view.keys_texts.items])
    for _title, rows in help_rows():
        for keys_label, text in rows:
            assert keys_label in shown and text in shown
    ui.key(K.ESCAPE)
    assert isinstance(ui.view, TitleView)
    ui.key(K.SLASH, K.MOD_SHIFT)  # "?"
    assert isinstance(ui.view, HelpView)
    ui.key(K.F1)
    assert isinstance(ui.view, TitleView)


def test_key_table_is_consistent() -> None:
    assert action_for(K.SPACE, 0, ["table"]) == "flip"
    assert action_for(K.ENTER, 0, ["table"]) == "accept"
    assert action_for(K.ENTER, 0, ["menus"]) == "menu_accept"
    assert action_for(K.SLASH, 0, ["everywhere"]) is None
    assert action_for(K.SLASH, K.MOD_SHIFT, ["everywhere"]) == "help"
    # no key means two things in one place
    for context in ("table", "menus", "everywhere"):
        seen: dict[tuple[int, bool], str] = {}
        for b in BINDINGS:
            if b.context != context:
                continue
            for k in b.keys:
                assert seen.get((k, b.shift), b.action) == b.action, (context, k)
                seen[(k, b.shift)] = b.action


def test_home_and_end_on_the_title_menu(ui) -> None:  # type: ignore[no-untyped-def]
    from desert_pyramid.ui.screens.title import TitleView

    ui.app.show_title()
    ui.frames(1)
    assert isinstance(ui.view, TitleView)
    menu = ui.view.menu
    ui.key(K.END)
    assert menu.buttons[menu.focus].label == "Quit"
    ui.key(K.HOME)
    assert menu.focus == 0
