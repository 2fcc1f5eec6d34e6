"""How to play and its quiz in the player's language, through the real screen: the rule book, the
list of sections, the variations, the glossary and the quiz in German and Russian, a language
changed while the quiz is under way, and every language's list of sections beside the text."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from desert_pyramid.content import source_content
from desert_pyramid.i18n import LANGUAGES, use_language

from .driver import Driver

pytestmark = pytest.mark.ui


@pytest.fixture
def ui_lang(ui: Driver) -> Iterator[Driver]:
    ui.app.howto_memory = None
    yield ui
    use_language("en")
    ui.app.howto_memory = None


def open_howto(ui: Driver, page: str | None = None) -> Any:
    from desert_pyramid.ui.screens.howto import HowToView

    ui.app.show_title()
    ui.app.show_howto(ui.view, page)
    ui.frames(1)
    assert isinstance(ui.view, HowToView)
    return ui.view


def drawn_texts(view: Any, page: str) -> str:
    """Every text the page has made (the rules page: all its sections made first)."""
    p = view.pages[page]
    if page == "rules":
        p.make_visible_sections(everything=True)
        riches = [*p.made, p.side]
    else:
        riches = [p.rich]
    return "\n".join(t.text for rich in riches for t in rich.items)


def test_how_to_play_in_german(ui_lang: Driver) -> None:
    use_language("de")
    view = open_howto(ui_lang)
    text = drawn_texts(view, "rules")
    assert "Die Tasche" in text and "Kartenwerte und die Paare, die 13 ergeben" in text
    assert "The Satchel" not in text
    assert [b.label for b in view.tabs.buttons] == [
        "Spielanleitung",
        "Varianten",
        "Glossar",
        "Quiz",
    ]
    view.show_page("glossary")
    ui_lang.frames(1)
    glossary = drawn_texts(view, "glossary")
    assert "Auch genannt:" in glossary and "Ablagestapel" in glossary
    view.show_page("variations")
    ui_lang.frames(1)
    variations = drawn_texts(view, "variations")
    assert "Klassische Regeln, 1 Durchgang." in variations
    assert "Übung: ein Durchgang" in [b.label for b in view.pages["variations"].buttons.buttons]


def test_how_to_play_in_russian_with_the_quiz(ui_lang: Driver) -> None:
    use_language("ru")
    view = open_howto(ui_lang, "quiz")
    quiz = view.pages["quiz"]
    text = drawn_texts(view, "quiz")
    assert "Какая карта составляет пару со свободным валетом?" in text
    assert "Вопрос 1 из 6" in text
    right = source_content().quiz.questions[0].right_index
    quiz.answer(right)
    assert quiz.result_text.startswith("Верно.")
    assert view.memory.quiz.score == 1
    quiz.answer((right + 1) % 3)  # another choice: says why not, the score stays
    assert quiz.result_text.startswith("Неверно.") and view.memory.quiz.score == 1


def test_a_language_changed_mid_quiz_keeps_the_score_and_speaks_the_new_one(
    ui_lang: Driver,
) -> None:
    use_language("de")
    view = open_howto(ui_lang, "quiz")
    view.pages["quiz"].answer(source_content().quiz.questions[0].right_index)
    assert view.pages["quiz"].result_text.startswith("Richtig.")
    use_language("ru")  # the Language row of Settings, then How to play again
    view = open_howto(ui_lang, "quiz")
    assert view.memory.quiz.score == 1 and view.memory.last is not None
    text = drawn_texts(view, "quiz")
    assert "Валет стоит 11" in text  # the explanation of the answer given, now in Russian
    assert "Ein Bube" not in text


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_language_lists_the_sections_beside_the_text_at_1280x720(
    ui_lang: Driver, code: str
) -> None:
    use_language(code)
    view = open_howto(ui_lang, "rules")
    assert view.pages["rules"].show_side, code


# en, de (the longest words) and ru (another script) here; the other four, the same pages in
# other words, in CI's second pass (the slow group)
@pytest.mark.parametrize(
    "code",
    [c if c in ("en", "de", "ru") else pytest.param(c, marks=pytest.mark.slow) for c in LANGUAGES],
)
def test_every_page_passes_the_layout_audit_in_every_language(ui_lang: Driver, code: str) -> None:
    """--check-layout's audit on each of the four pages (the command line opens only the first),
    and no tab or footer button cut short with an ellipsis."""
    from desert_pyramid.ui.base import audit

    use_language(code)
    view = open_howto(ui_lang)
    for page in ("rules", "variations", "glossary", "quiz"):
        view.show_page(page)
        parts = audit.record_frames(lambda: ui_lang.frames(1), 2)
        assert audit.problems(parts, ui_lang.app.width, ui_lang.app.height) == [], page
        cut = [p.name for p in parts if p.kind == "text" and p.name.endswith("…")]
        assert cut == [], (page, cut)


def test_the_language_row_of_settings_changes_how_to_play(ui_lang: Driver) -> None:
    """The Language row applies at once: How to play, opened after it, speaks the new language
    (and the quiz answered before it keeps its score)."""
    import arcade

    app = ui_lang.app
    view = open_howto(ui_lang, "quiz")
    view.pages["quiz"].answer(source_content().quiz.questions[0].right_index)
    assert "Which card pairs with a free jack?" in drawn_texts(view, "quiz")
    ui_lang.choose_language("de")
    ui_lang.key(arcade.key.ESCAPE)
    ui_lang.frames(1)
    app.show_howto(app.current_view, "quiz")
    ui_lang.frames(1)
    view = app.current_view
    text = drawn_texts(view, "quiz")
    assert "Welche Karte bildet mit einem freien Buben ein Paar?" in text
    assert "Richtig." in text and view.memory.quiz.score == 1
