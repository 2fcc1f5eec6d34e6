"""The table and what follows it in the player's language (issue 25): the HUD, the table's
messages, the stuck dialog, the sunset's banner and the results screen, through the real screens;
a language chosen while a game is on the table applies when the table shows again."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import DESERT, Deal, Game, Move
from desert_pyramid.i18n import format_number, use_language
from desert_pyramid.solver import solve
from desert_pyramid.ui.screens.results import ResultsView
from desert_pyramid.ui.table.view import TableView


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


def practice(ui: Any, seed: int = 5) -> TableView:
    view: TableView = ui.practice(seed)
    view.hud.settle()
    return view


def hud_texts(view: TableView) -> dict[str, str]:
    view.hud.settle()
    return {name: t.text for name, t in view.hud.texts.items()}


def won(ui: Any, view: TableView) -> ResultsView:
    """Play the deal to its end with the solver's line; the results screen that follows."""
    for move in solve(view.game, 300_000).line:
        view.apply(view.control.play(move))
    ui.frames(3)
    results = ui.view
    assert isinstance(results, ResultsView), type(results)
    return results


def shown(results: ResultsView) -> list[str]:
    return [t.text for t in results.texts.items]


def test_the_hud_and_the_first_line_in_german(ui: Any) -> None:
    use_language("de")
    view = practice(ui)
    texts = hud_texts(view)
    assert texts["menu"] == "Menü" and texts["title"] == "Übung"
    assert [texts[f"t-{k}"] for k in ("score", "chain", "moves", "time")] == [
        "PUNKTE",
        "KETTE",
        "ZÜGE",
        "ZEIT",
    ]
    assert texts["cap-stock"].startswith("Talon") and texts["cap-waste"] == "Ablage"
    assert texts["cap-satchel"] == "Tasche" and texts["cap-discard"] == "Abräumstapel"
    assert texts["c-undo"].startswith("Zurück") and texts["c-hint"].startswith("Tipp")
    assert "Layout 1" in texts["subtitle"] and "Tasche" in texts["subtitle"]
    assert (
        view.message == "Bilde Paare mit der Summe 13; ein König geht allein. F1 zeigt die Tasten."
    )
    # a number as German writes it, once the score passes a thousand (the deal won)
    for move in solve(view.game, 300_000).line:
        view.apply(view.control.play(move))
    assert view.session.score >= 1000
    assert hud_texts(view)["v-score"] == format_number(view.session.score)
    assert "." in hud_texts(view)["v-score"]  # 1.840, not 1,840


def test_the_hud_in_russian_and_a_redeal_said_in_russian(ui: Any) -> None:
    use_language("ru")
    view = practice(ui)
    texts = hud_texts(view)
    assert texts["t-score"] == "СЧЁТ" and texts["t-moves"] == "ХОДЫ"
    assert texts["cap-stock"].startswith("Колода") and texts["menu"] == "Меню"
    while view.game.stock:  # flip through the stock, then redeal
        view.apply(view.control.flip())
    view.apply(view.control.flip())
    # one redeal of two left: the form for 1 ("осталась 1 пересдача", not "пересдачи")
    assert view.message == "Пересдача: сброс снова стал колодой (осталась 1 пересдача)."


def stuck_practice(ui: Any) -> TableView:
    """A Practice deal played until it is stuck (the last legal move each time): the stuck
    dialog shows."""
    g = Game(get_layout(1), DESERT, Deal.from_seed(1))
    line = []
    while not g.is_stuck() and not g.won:
        move = g.legal_moves()[-1]
        g.play(move)
        line.append(move)
    view = practice(ui, seed=1)
    for move in line:
        view.apply(view.control.play(move))
    ui.frames(1)
    assert view.stuck_dialog is not None
    return view


def test_the_stuck_dialog_in_russian(ui: Any) -> None:
    use_language("ru")
    view = stuck_practice(ui)
    dialog = view.stuck_dialog
    assert dialog is not None
    assert [b.label for b in dialog.menu.buttons] == [
        "Назад к шансу на победу",
        "Новый расклад",
        "Смотреть повтор",
        "Искать дальше",
    ]
    drawn = [t.text for t in dialog.texts.items]
    assert "ХОДОВ НЕТ" in drawn and "Ни одной из оставшихся карт не найти пару." in drawn
    assert view.message.startswith("Отсюда уже не убрать ни одной карты")


def test_the_results_in_german(ui: Any) -> None:
    use_language("de")
    results = won(ui, practice(ui))
    texts = shown(results)
    assert texts[0] == "PYRAMIDE ABGERÄUMT!" and texts[1] == "Übung"
    rows = dict(zip(texts[2::2], texts[3::2], strict=False))
    r = results.results
    assert rows["Punkte"] == format_number(r.score) and "." in rows["Punkte"]
    assert rows["Züge"] == str(r.moves) and rows["Regeln"] == "Wüste"
    assert rows["Spielcode"] == r.deal_code
    # the record line (the test window has no save folder: it says where they would be kept)
    assert (
        "Siege, Niederlagen und Serien werden gespeichert, wenn das Spiel seinen Speicherordner hat."
        in texts
    )
    labels = [b.label for b in results.menu.buttons]
    assert labels[:2] == ["Neues Spiel", "Erneut spielen"] and labels[-1] == "Titelbild"


def test_the_sunset_and_the_trek_results_in_russian(ui: Any) -> None:
    from desert_pyramid.app.prefs import Settings

    use_language("ru")
    ui.app.set_settings(Settings(animation_speed=1.0, mute=True))
    ui.app.options.seed = 3
    ui.app.start_mode("expedition")
    ui.frames(1)
    view = ui.view
    assert isinstance(view, TableView)
    assert hud_texts(view)["t-daylight"] == "ДО ЗАКАТА"
    view.session.daylight.left_ms = 30
    ui.frames(2)
    banner = [t.text for t in view.effects.texts]
    assert "СОЛНЦЕ СЕЛО" in banner and any(t.startswith("Экспедиция окончена") for t in banner)
    for _ in range(200):  # the sunset plays out: 6 frames' time per step, 2 of them drawn
        if not isinstance(ui.view, TableView):
            break
        ui.frames(2, dt=3 / 60)
    results = ui.view
    assert isinstance(results, ResultsView)
    texts = shown(results)
    assert texts[0] == "СОЛНЦЕ СЕЛО" and texts[1] == "Экспедиция"
    assert "Разобрано пирамид" in texts and "Время экспедиции" in texts


def test_a_language_chosen_from_the_pause_menu_applies_to_the_table(ui: Any) -> None:
    view = practice(ui)
    assert hud_texts(view)["t-score"] == "SCORE"
    intro = view.message
    ui.app.show_pause(view)
    ui.frames(1)
    use_language("fr")  # what the Language row of Settings does (test_i18n_window.py)
    ui.app.show_view(view)  # back to the table
    ui.frames(1)
    texts = hud_texts(view)
    assert texts["t-score"] == "SCORE" and texts["t-moves"] == "COUPS"
    assert texts["title"] == "Entraînement" and texts["cap-stock"].startswith("Talon")
    assert view.message != intro and view.message.startswith("Associez des cartes qui font 13")


def test_why_a_card_cannot_be_played_in_german_and_russian(ui: Any) -> None:
    """The engine's reasons (English, for the command line) are worded at the table in the
    player's language: a covered card, a pair that does not make 13."""
    use_language("de")
    view = practice(ui)
    game = view.game
    covered = next(i for i in range(len(game.layout.slots)) if game.covering(i))
    view.apply(view.control.click(covered))
    assert view.message.endswith("überdeckt.") and view.message.split(" ")[1] == str(
        game.card_at(covered)
    ), view.message
    free = game.free_slots()
    a = next(i for i in free if game.card_at(i).rank != 13)
    b = next(
        i
        for i in free
        if i != a
        and game.card_at(i).rank != 13
        and game.card_at(i).rank + game.card_at(a).rank != 13
    )
    view.apply(view.control.play(Move.pair(a, b)))
    total = game.card_at(a).rank + game.card_at(b).rank
    assert view.message.endswith(f"ergeben {total}, nicht 13."), view.message
    use_language("ru")
    view.apply(view.control.play(Move.pair(a, b)))
    assert view.message.endswith(f"дают в сумме {total}, а не 13."), view.message
    view.apply(view.control.undo())
    assert view.message == "Отменять нечего: это начало расклада."


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_the_table_holds_a_larger_text_size_in_german_and_russian(ui: Any, lang: str) -> None:
    """At 125% the title's descender ("Übung", "Тренировка") met the subtitle under it and the
    table fell back to 100% (English held 125%): the two lines part within the bar."""
    from dataclasses import replace

    use_language(lang)
    ui.app.set_settings(replace(ui.app.settings, text_size=125))
    try:
        view = practice(ui)
        ui.frames(3)
        assert view.text_scale == 1.25
    finally:
        ui.app.set_settings(replace(ui.app.settings, text_size=100))
