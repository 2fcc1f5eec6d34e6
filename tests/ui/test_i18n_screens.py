"""The Daily calendar, the statistics, the relics, the card backs and the keys help in the
player's language (issue 25), through the real screens in the shared headless window: month and
weekday names, dates and numbers from Babel's CLDR data, relic and back names from the
catalogues, and English again once the language is English."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from arcade import key as K

from desert_pyramid.i18n import use_language
from desert_pyramid.progression import GameResult
from tests.test_modes_helpers import FakeFinder

from .driver import Driver

pytestmark = pytest.mark.ui

TODAY = datetime.date(2025, 3, 14)  # a Friday
NBSP = "\u00a0"  # a no-break space: Russian groups thousands with it, German sets it before %
NNBSP = "\u202f"  # a narrow one: Russian sets it before "г." (the year)


def game(n: int, won: bool, score: int, date: str, mode: str = "practice") -> GameResult:
    outcome = "won" if won else "lost"
    return GameResult(f"g{n}", mode, "desert", 1, outcome, score, 95.0, 3, 0, date)  # type: ignore[arg-type]


def drawn(view: Any) -> list[str]:
    """Every text the screen draws now: its texts, its chart's, its buttons' labels and values."""
    out = [t.text for t in view.texts.items]
    for extra in ("chart_texts", "keys_texts"):  # the statistics' chart, the help's key list
        out += [t.text for t in getattr(getattr(view, extra, None), "items", [])]
    out += [b.label for b in view.menu.buttons] + [str(b.value) for b in view.menu.buttons]
    return out


def daily(ui: Driver) -> Any:
    from desert_pyramid.ui.screens.daily_view import DailyView

    ui.app.show_daily(TODAY, FakeFinder(step=3))
    ui.frames(1)
    assert isinstance(ui.view, DailyView)
    return ui.view


def test_the_daily_calendar_speaks_german(ui: Driver, saves: Any) -> None:
    saves.progress.daily.record_clear((TODAY - datetime.timedelta(days=2)).isoformat())
    use_language("de")
    view = daily(ui)
    texts = drawn(view)
    assert "Freitag, 14. März 2025" in texts  # the long date, the month's name in German
    for name in ("Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"):  # the weekdays over the calendar
        assert name in texts, (name, texts)
    assert "Mon" not in texts and "heute" in texts
    assert "Tagesserie: 0 Tage · beste 1" in texts
    assert view.menu.buttons[0].value == "Heute"
    ui.key(K.LEFT)
    ui.key(K.LEFT)  # Wednesday the 12th: cleared on its day
    ui.frames(1)
    assert view.menu.buttons[0].value == "Mi., 12. März"
    assert view.menu.buttons[1].label == "Mi., 12. März als Übung spielen"
    assert view.info.text.startswith("Mi., 12. März: am selben Tag abgeräumt.")


def test_the_daily_calendar_in_russian_and_back_in_english(ui: Driver, saves: Any) -> None:
    use_language("ru")
    texts = drawn(daily(ui))
    assert (
        f"пятница, 14 марта 2025{NNBSP}г." in texts
    )  # the month in the genitive, as Russian dates are
    assert {"пн", "вт", "ср", "чт", "пт", "сб", "вс"} <= set(texts)
    assert "Серия дней: 0 дней · рекорд 0" in texts  # "дней": the plural form for 0
    use_language("en")
    texts = drawn(daily(ui))
    assert (
        "Friday, 14 March 2025" in texts
        and "Mon" in texts
        and "Day streak: 0 days · best 0" in texts
    )


def stats_view(ui: Driver, saves: Any) -> Any:
    from desert_pyramid.ui.screens.stats import StatsView

    store = saves.store
    for n, (won, score, date) in enumerate(
        [(True, 9000, "2025-03-10"), (False, 300, "2025-03-10"), (True, 1200, "2025-03-12")]
    ):
        store.record_game(game(n, won, score, date))
    store.record_game(game(3, True, 800, "2025-03-13", mode="daily"))  # a second key: a total
    ui.app.show_statistics()
    ui.frames(1)
    assert isinstance(ui.view, StatsView)
    return ui.view


def test_the_statistics_speak_german_with_german_numbers_and_months(ui: Driver, saves: Any) -> None:
    use_language("de")
    view = stats_view(ui, saves)
    figures = dict(view.figure_texts())
    assert figures["Gespielt"] == "4" and figures["Gewonnen"] == "3"
    assert figures["Gewinnquote"] == f"75{NBSP}%" and figures["Punkterekord"] == "9.000"
    texts = drawn(view)
    assert "STATISTIK" in texts and "Alle Spiele" in view.menu.buttons[0].value
    assert "Siege und Niederlagen an den letzten 3 gespielten Tagen" in texts
    assert {"10. März", "12. März", "13. März"} <= set(
        texts
    )  # the chart's days with the month's name
    assert "gewonnen" in texts and "verloren" in texts  # the chart's legend


def test_the_statistics_in_russian(ui: Driver, saves: Any) -> None:
    use_language("ru")
    view = stats_view(ui, saves)
    figures = dict(view.figure_texts())
    assert figures["Сыграно"] == "4" and figures["Лучший счёт"] == f"9{NBSP}000"
    assert figures["Доля побед"] == f"75{NBSP}%"
    assert view.chart_title.text == "Победы и поражения за последние 3 игровых дня"  # "few"
    view.select(2)  # the Practice key alone: its own results, one bar each
    ui.frames(1)
    assert view.chart_title.text == "Последние 3 результата (столбец: счёт)"  # the "few" form
    label = view.choice.label
    assert label.startswith("Тренировка · Правила пустыни · схема 1: ")
    assert "Classic" not in label  # the layout's name in Russian too


def test_relics_and_backs_in_russian_and_german(ui: Driver, saves: Any) -> None:
    from desert_pyramid.ui.screens.backs import BacksView
    from desert_pyramid.ui.screens.relics import RelicsView

    store = saves.store
    for n in range(5):
        store.record_game(game(n, True, 500, "2025-03-10"))
    use_language("ru")
    ui.app.show_relics()
    ui.frames(1)
    view = ui.view
    assert isinstance(view, RelicsView)
    texts = drawn(view)
    assert "РЕЛИКВИИ" in texts and "Латунный компас" in texts and "Старый ключ" in texts
    assert "«Всегда указывает на следующую пирамиду, но никогда — домой.»" in texts
    assert "ещё 1 пирамида" in texts and "ещё 45 пирамид" in texts  # one, many
    assert view.summary().startswith("Всего разобрано 5 пирамид · найдено реликвий: 3 из 12")
    assert view.detail_text(0).startswith("Латунный компас · дата находки: ")
    use_language("de")
    ui.app.show_backs()
    ui.frames(1)
    view = ui.view
    assert isinstance(view, BacksView)
    texts = drawn(view)
    assert {"KARTENRÜCKEN", "Sandstein", "Goldene Pyramide", "Auf deinen Karten"} <= set(texts)
    i = [b.id for b in view.backs].index("trek_8")
    view.press_tile(i)
    assert view.message == (
        "Nachtquerung ist gesperrt. Räume 8 Pyramiden in einer einzigen Expedition ab."
    )


def test_the_keys_help_speaks_german_and_the_key_table_stays_english(ui: Driver) -> None:
    from desert_pyramid.ui.input import keys
    from desert_pyramid.ui.screens.help import HelpView

    use_language("de")
    try:
        ui.app.show_title()
        ui.frames(1)
        ui.app.show_view(HelpView(ui.app, ui.app.current_view))
        ui.frames(1)
        texts = drawn(ui.view)
        assert "TASTEN" in texts and "Am Tisch" in texts and "Leertaste" in texts
        assert "Diese Hilfe zeigen oder verbergen" in texts
        assert keys.label_for("flip") == "Leertaste" and keys.label_for("focus_left", pad=True) == (
            "D-Pad"
        )
        assert keys.BINDINGS[0].label == "Space"  # the table itself: what the README lists
        pad = dict(keys.pad_help_rows())["Am Tisch"]
        assert ("RT", "Gewählte Karte in die Tasche legen") in pad  # the controller's column too
    finally:
        use_language("en")
    assert dict(keys.help_rows())["At the table"][0] == (
        "Space",
        "Flip the stock; redeal when it is empty",
    )


def test_the_worked_example_in_russian_with_a_heading_font_that_has_cyrillic(ui: Driver) -> None:
    from desert_pyramid.ui.base.fonts import HEADING_CYRILLIC
    from desert_pyramid.ui.screens.demo import DemoView

    use_language("ru")
    try:
        ui.app.show_howto()
        ui.frames(1)
        ui.view.watch()
        ui.frames(2)
        view = ui.view
        assert isinstance(view, DemoView)
        labels = [b.label for b in view.buttons.buttons]
        assert labels[0] == "◄ Назад" and labels[1] == "Дальше ►" and labels[3] == "Выйти · Esc"
        shown = {t.text: t for t in view.caption.items}
        # League Spartan has no Cyrillic: the panel's heading is set in Manrope, which has it
        assert shown["РАЗБОР ПРИМЕРА"].font_name == HEADING_CYRILLIC
        assert view.step_title().startswith("Расклад · ") and view.step_title().endswith(
            "шагов для просмотра"
        )
    finally:
        use_language("en")
