"""The layout picker, the layout editor, Practice set-up, the replay and Past games in the player's
language (issue 25): each screen opened through the window in German or Russian shows its words,
counts in the language's plural forms and numbers, dates and percentages as it writes them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import CLASSIC, DESERT, Deal, Game, decode_game_code, encode_game_code
from desert_pyramid.i18n import use_language
from desert_pyramid.progression import PlayedGame
from desert_pyramid.ui.screens.editor import EditorView
from desert_pyramid.ui.screens.games_view import PastGamesView
from desert_pyramid.ui.screens.layout_picker import LayoutPickerView
from desert_pyramid.ui.screens.practice import PracticeSetupView
from desert_pyramid.ui.screens.replay import ReplayView
from desert_pyramid.workshop.model import Draft, draft_of

pytestmark = pytest.mark.ui
PYRAMID = [(13 + 2 * c - r, 2 + r) for r in range(5) for c in range(r + 1)]  # 15 cards


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


def words(view: Any) -> list[str]:
    return [str(t.text) for t in view.texts.items]


def test_the_picker_in_german(ui: Any) -> None:
    use_language("de")
    view = LayoutPickerView(ui.app, on_choose=lambda n: None, on_back=lambda: None, rules=DESERT)
    ui.app.show_view(view)
    ui.frames(2)
    shown = words(view)
    assert "LAYOUT WÄHLEN" in shown and "Wüstenregeln" in shown and "Zurück" in shown
    assert [b.label for b in view.actions.buttons][:2] == ["Neu", "Kopie ändern"]
    # the focused layout: its name from the catalogue, its card count in German, its difficulty
    title, about = view.detail[0].text, view.detail[1].text
    assert title.startswith("1 · Klassische Pyramide · 28 Karten · "), title
    assert "Zufallsspielen" in about and "%" in about and "2.000" in about, about  # 2.000 deals
    view.say("")
    view.rename()  # a built-in layout cannot be renamed: said in German
    assert view.message.startswith("Nur deine eigenen Layouts"), view.message


def test_the_picker_under_classic_rules_in_russian(ui: Any) -> None:
    use_language("ru")
    view = LayoutPickerView(ui.app, on_choose=lambda n: None, on_back=lambda: None, rules=CLASSIC)
    ui.app.show_view(view)
    ui.frames(2)
    assert "Классические правила" in words(view)
    assert any(w.startswith("Эти правила играют только") for w in words(view))
    assert not view.choose(1)  # layout 2: refused, in Russian
    assert view.message.startswith("Эти правила играют только классическую пирамиду")


def test_the_editor_in_russian_counts_with_three_plural_forms(ui: Any) -> None:
    use_language("ru")
    view = EditorView(ui.app, draft_of(PYRAMID[:2], "Проба"))
    ui.app.show_view(view)
    ui.frames(2)
    assert [b.label for b in view.buttons.buttons][:2] == ["Сохранить (S)", "Имя (N)"]
    assert "РЕДАКТОР СХЕМ" in words(view)
    assert view.counts_text is not None and view.counts_text.text.startswith("2 карты · ")
    assert view.problems_title is not None
    assert view.problems_title.text == "ПОЧЕМУ ПОКА НЕЛЬЗЯ ИГРАТЬ"
    assert view.state()["problems"][0] == "2 карты: в схеме нужно не меньше 15 (ещё 13)"
    for x, y in PYRAMID[2:5]:
        view.editor.place(x, y)
    ui.frames(1)
    assert view.counts_text.text.startswith("5 карт · ")
    view.editor.undo()
    assert view.editor.message == "Отменено: добавление карты"
    view.editor.save()  # refused: too few cards, said in Russian
    assert view.editor.message.startswith("Пока нельзя сохранить: 4 карты: ")


def test_a_new_layout_is_named_in_the_language(ui: Any) -> None:
    use_language("de")
    assert Draft.new().name == "Mein Layout"
    copy = Draft.from_layout(get_layout(2), copy=True, shown_name="Kleine Pyramide")
    assert copy.name == "Kleine Pyramide (Kopie)"


def test_practice_set_up_in_german(ui: Any) -> None:
    use_language("de")
    ui.app.show_practice_setup()
    ui.frames(2)
    view = ui.view
    assert isinstance(view, PracticeSetupView)
    rows = {b.label: b.value for b in view.menu.buttons}
    assert rows["Regeln"] == "Wüste" and rows["Layout"] == "1 · Klassische Pyramide"
    assert rows["Durchgänge"] == "3" and rows["Spiel"] == "Zufällig"
    assert "ÜBUNG" in words(view)
    assert view.about is not None and view.about.text.startswith("3 Durchgänge, Tasche")
    view.preset = view.presets.index("classic")
    assert view.refusal(2) == (
        "Die klassischen Regeln spielen nur die klassische Pyramide (Layout 1), nicht Layout 2."
    )


def test_the_replay_in_russian(ui: Any) -> None:
    use_language("ru")
    game = Game(get_layout(1), CLASSIC, Deal.from_seed(1, 4550))
    game.replay("25+22 F F F".split())
    code = decode_game_code(encode_game_code(game), get_layout)
    ui.app.show_replay(code, lambda: None, analyse=False)
    ui.frames(2)
    view = ui.view
    assert isinstance(view, ReplayView)
    labels = [b.label for b in view.buttons.buttons]
    assert labels[:3] == ["Начало", "Назад", "Пуск"] and labels[-1] == "Закрыть"
    assert view.title == "Повтор · Классическая пирамида"
    assert view.figures_text.text.startswith("Ход 0 из 4 · ")
    assert view.move_text.text == "Раздача. Пробел — воспроизвести, стрелки — по шагу."
    view.change_speed(1)
    assert any(label == "Темп 2×" for label in (b.label for b in view.buttons.buttons))


def test_past_games_in_german(ui: Any) -> None:
    use_language("de")
    view = PastGamesView(ui.app, back=lambda: None)
    ui.app.show_view(view)
    ui.frames(1)
    assert "FRÜHERE SPIELE" in words(view)
    view.games = [
        PlayedGame("a", "daily", "desert", 1, "won", 1840, "2026-12-01", "DG-x"),
        PlayedGame("b", "practice", "classic", 1, "abandoned", 12, "2026-11-30", "DG-y"),
    ]
    view._fill()
    assert view.count_text.text.startswith("2 Spiele mit ihren Zügen aufbewahrt · 1–2 gezeigt")
    first = view.menu.buttons[0]
    assert first.label == "01.12.2026 · Tagesspiel · Wüste · Layout 1", first.label
    assert first.value == "gewonnen · 1.840"
    assert view.menu.buttons[1].value == "verlassen · 12"
    assert view.menu.buttons[-1].label == "Zurück"
