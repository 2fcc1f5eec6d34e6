"""Issue 40, item 4: 200% text that stays 200% where the window has room, on the table in its
three modes (Practice, the Daily, the Expedition), the pause, the keys help and the results.

The table's top bar and message line grow with their words, the top bar in two rows where one
does not hold them (``ui/table/bar_plan.py``); the pause's panel and buttons grow (two columns
where one does not stand); the help's rows grow and its paragraphs scroll with the key list; the
results' buttons take a row more where three labels do not stand side by side. The whole-screen
fallback (``ui/screen.py``) stays for the windows that truly cannot hold 200%.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from tests.ui.audit_run import audit_all

SCREENS = "table,pause,help,results,daily,expedition"
#: What each of these screens settled at before, at 200% in the small windows (the audit's list):
#: none may settle lower now.
BEFORE = {
    ("640x360", "en"): {"table": 125, "pause": 100, "results": 100, "help": 125},
    ("640x360", "de"): {"table": 100, "pause": 100, "results": 100, "help": 100},
    ("640x360", "ru"): {"table": 100, "pause": 100, "results": 100, "help": 100},
    ("800x600", "en"): {"table": 150, "pause": 100, "results": 150, "help": 100},
    ("800x600", "de"): {"table": 125, "pause": 100, "results": 150, "help": 125},
    ("800x600", "ru"): {"table": 125, "pause": 100, "results": 150, "help": 125},
}
DAILY_BEFORE = {"640x360": 100, "800x600": 125}  # the Daily's and the Expedition's tables


def records(sizes: str) -> list[dict[str, Any]]:
    """The layout audit over the six screens at 200% in English, German and Russian: one
    record per screen with the text size it settled at and its faults."""
    out = audit_all(
        "--sizes",
        sizes,
        "--langs",
        "en,de,ru",
        "--text-sizes",
        "200",
        "--contrast",
        "off",
        "--screens",
        SCREENS,
        "--json",
    )
    found = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    assert found, out.stdout[-2000:] + out.stderr[-2000:]
    return found


def test_every_table_screen_holds_200_percent_at_1920x1080() -> None:
    """A player with low vision on a 1920x1080 screen who asks for 200% gets 200% on the table
    (each mode), the pause, the keys help and the results: they settled at 100-175%."""
    found = records("1920x1080")
    assert len(found) == 18
    for r in found:
        assert r["problems"] == [], r
        assert r["settled"] == 200, r


@pytest.mark.slow
def test_every_table_screen_holds_200_percent_at_1280x720() -> None:
    """At 1280x720 each holds 200% too, but the results in German and Russian: eight rows of
    figures, the record line and six buttons whose labels do not stand three abreast need more
    than 720 pixels at 200%; they settle at 175% (they were at 150% and 175%)."""
    found = records("1280x720")
    assert len(found) == 18
    for r in found:
        assert r["problems"] == [], r
        want = 175 if r["screen"] == "results" and r["lang"] != "en" else 200
        assert r["settled"] >= want, r


@pytest.mark.slow
def test_the_small_windows_settle_no_lower_than_before() -> None:
    """Where a window truly cannot hold 200% the screen is still set smaller (never a cut word),
    and never smaller than it was before the bars grew."""
    found = records("640x360,800x600")
    for r in found:
        assert r["problems"] == [], r
        if r["screen"] in ("daily", "expedition"):
            floor = DAILY_BEFORE[r["size"]]
        else:
            floor = BEFORE[(r["size"], r["lang"])][r["screen"]]
        assert r["settled"] >= floor, r


# -- in the window the tests share (1280x720) ------------------------------------------------------
@pytest.fixture(autouse=True)
def text_at_100_after(app: Any) -> Iterator[None]:
    yield
    app.set_settings(replace(app.settings, text_size=100))


def test_the_expeditions_top_bar_takes_two_rows_at_200_percent(app: Any, ui: Any) -> None:
    """The title, subtitle and five figure boxes do not stand in one row at 1280x720 at 200%:
    the menu, title and subtitle go on a row of their own over the figures, every text whole and
    at 200%, the cards under the bar."""
    from desert_pyramid.ui.base.geometry import hud_height
    from desert_pyramid.ui.widgets.text import ink_of

    app.start_mode("expedition")
    ui.frames(2)
    plain = app.table
    assert plain.geom.title_row is None and plain.geom.hud.height == hud_height(720)
    app.set_settings(replace(app.settings, text_size=200))
    app.start_mode("expedition")
    ui.frames(2)
    table = app.table
    geom = table.geom
    assert table.text_scale == 2.0
    assert geom.title_row is not None and geom.title_row.top == geom.hud.top
    hud = table.hud
    title = ink_of(hud.texts["title"])
    assert title is not None and title.bottom >= geom.title_row.bottom
    for key, value in hud.values.items():
        label = hud.titles[key]
        assert not label.text.endswith("…") and not value.text.endswith("…"), key
        assert round(label.label.font_size / label.font_size, 2) == 2.0
        for t in (label, value):  # in the figures' row, under the title's
            ink = ink_of(t)
            assert ink is not None and ink.top <= geom.title_row.bottom + 1, key
            assert ink.bottom >= geom.hud.bottom - 1, key
    assert max(r.top for r in geom.slots) <= geom.hud.bottom


@pytest.mark.parametrize("mode", ["expedition", "daily"])
def test_the_pause_over_a_timed_mode_holds_200_percent(app: Any, ui: Any, mode: str) -> None:
    """The pause over an Expedition or a Daily has its longest labels ("End the trek",
    "Skip this pyramid (−30 s)", "Restart this day's deal"): each whole, at 200%, its buttons
    in the same order for the keys."""
    from desert_pyramid.ui.screens.pause import PauseView

    app.set_settings(replace(app.settings, text_size=200))
    app.start_mode(mode)
    ui.frames(1)
    app.show_pause(app.table)
    ui.frames(2)
    view = ui.view
    assert isinstance(view, PauseView)
    assert view.text_scale == 2.0
    labels = view.menu._labels
    assert [t.text for t in labels] == [b.label for b in view.menu.buttons]  # none cut
    assert {round(t.label.font_size / t.font_size, 2) for t in labels} == {2.0}
    rects = [b.rect for b in view.menu.buttons]
    assert all(r is not None and 0 <= r.bottom and r.top <= 720 for r in rects)
    # a button that asks first ("End the trek? Press again") asks in words as whole
    asking = [i for i, b in enumerate(view.menu.buttons) if b.confirm]
    assert asking or mode == "daily"  # (the Daily's restart asks only once a move is played)
    for i in asking:
        view.menu.go_to(i)
        view.menu.press()
        ui.frames(1)
        shown = view.menu._labels[i].text
        assert shown == view.menu.buttons[i].label and not shown.endswith("…"), shown
        view.menu.disarm()


def test_the_keys_help_scrolls_its_paragraphs_at_200_percent(app: Any, ui: Any) -> None:
    """The help's two paragraphs were held to two lines and so set at 100% under a 200% key
    list: they now scroll with it, at 200%, and the keys scroll the list."""
    import arcade

    from desert_pyramid.i18n import _
    from desert_pyramid.ui.screens.help import MOUSE, RULES, HelpView

    app.set_settings(replace(app.settings, text_size=200))
    app.start_practice()
    ui.frames(1)
    app.show_help(app.table)
    ui.frames(2)
    view = ui.view
    assert isinstance(view, HelpView)
    assert view.text_scale == 2.0
    said = {t.text: t for t in view.keys_texts.items}
    for words in (_(RULES), _(MOUSE)):
        t = said[words]
        assert t.text_scale == 2.0 and "…" not in t.label.text
    assert view.scroll.max_offset > 0
    ui.key(arcade.key.DOWN)
    ui.frames(1)
    assert view.scroll.offset > 0


def test_a_toast_stays_under_the_grown_top_bar(app: Any, ui: Any) -> None:
    """A toast (a relic found, a notice) keeps under the table's top bar, which hides no score:
    under the bar as it is at 200%, not where a 100% bar would end."""
    from desert_pyramid.ui.widgets.toast import Toast

    app.set_settings(replace(app.settings, text_size=200))
    app.start_mode("expedition")
    ui.frames(2)
    geom = app.table.geom
    app.overlay.push(Toast("notice", "Controller", "A controller was connected.", level="info"))
    ui.frames(40)
    rect = app.overlay.rect
    assert rect is not None and rect.height > 0
    assert rect.top <= geom.hud.bottom


def test_the_stuck_dialog_grows_with_the_table_and_leaves_the_cards_in_sight(
    app: Any, ui: Any
) -> None:
    """The table now holds 200%, so its "No more moves" dialog must too: its fixed panel held
    neither the heading nor the note over its buttons at 200% ("KEINE ZÜGE MEHR" ran out of
    the window), and it still leaves the dead position in sight; the captions that change as
    the deal ends ("Satchel · full", "Discard 12") keep off each other."""
    from desert_pyramid.ui.base import audit
    from tests.ui.test_moments import stuck_practice

    app.set_settings(replace(app.settings, text_size=200))
    view = stuck_practice(ui)
    ui.frames(30, dt=0.05)
    parts = audit.record_frames(lambda: ui.frames(1), 2)
    assert view.text_scale == 2.0
    dialog = view.stuck_dialog
    assert dialog is not None and dialog.panel is not None
    assert audit.problems(parts, app.width, app.height) == []
    assert not any(dialog.panel.overlaps(r) for r in view.dead_position())
    heading = [t for t in dialog.texts.items if getattr(t, "is_heading", False)]
    assert heading and all(t.text_scale > 1.0 and "…" not in t.label.text for t in heading)
    assert all(not t.text.endswith("…") for t in dialog.menu._labels)


def test_the_coachs_heading_stands_over_its_words_at_200_percent(app: Any, ui: Any) -> None:
    """The coach's side panel set its words a fixed 20 px under its heading: at 200% the
    heading ("COACH", "ТРЕНЕР") ran into the first line of the words."""
    from desert_pyramid.ui.widgets.text import ink_of

    app.set_settings(replace(app.settings, text_size=200))
    app.start_practice()
    ui.frames(2)
    table = app.table
    panel = table.coach_panel
    assert table.text_scale == 2.0 and panel.side
    heading, body = ink_of(panel.texts["heading"]), ink_of(panel.texts["body"])
    assert heading is not None and body is not None
    assert heading.bottom >= body.top + 2


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_the_pauses_questions_are_whole_at_200_percent(app: Any, ui: Any, lang: str) -> None:
    """A game under way: "Restart this deal" and "New deal" ask first ("Neu starten? Nochmal
    drücken"), in words longer than every label: the buttons are as wide as their questions."""
    import arcade

    from desert_pyramid.i18n import use_language
    from desert_pyramid.ui.screens.pause import PauseView

    use_language(lang)
    try:
        app.set_settings(replace(app.settings, text_size=200))
        app.start_practice()
        ui.frames(1)
        ui.key(arcade.key.SPACE)  # a move: the stock flipped
        ui.key(arcade.key.ESCAPE)
        ui.frames(1)
        pause = ui.view
        assert isinstance(pause, PauseView) and pause.text_scale == 2.0
        asking = [i for i, b in enumerate(pause.menu.buttons) if b.confirm]
        assert len(asking) == 2
        for i in asking:
            pause.menu.go_to(i)
            pause.menu.press()
            shown = pause.menu._labels[i].text
            assert shown == pause.menu.buttons[i].label and not shown.endswith("…"), shown
            pause.menu.disarm()
    finally:
        use_language("en")


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_the_coachs_mistake_heading_stands_in_its_panel(app: Any, ui: Any, lang: str) -> None:
    """At 200% "TRAINER · EIN HÄUFIGER FEHLER" ran out of the side panel (and the pause over the
    table stepped its own text down to 100% for it): a heading too wide takes the strip's
    shorter words ("TRAINER · FEHLER"), whole, inside the panel."""
    from desert_pyramid.i18n import use_language
    from desert_pyramid.i18n.say import Say
    from desert_pyramid.modes.coach import CoachMessage
    from desert_pyramid.ui.widgets.text import ink_of

    use_language(lang)
    try:
        app.set_settings(replace(app.settings, text_size=200))
        app.start_practice()
        ui.frames(1)
        panel = app.table.coach_panel
        assert app.table.text_scale == 2.0 and panel.side and panel.rect is not None
        said = CoachMessage("mistake", "waste", (Say("Pair cards that add up to 13."),), 1)
        panel.say([said])
        heading = panel.texts["heading"]
        ink = ink_of(heading)
        assert ink is not None and ink.right <= panel.rect.right
        assert heading.text and not heading.text.endswith("…")
    finally:
        use_language("en")
