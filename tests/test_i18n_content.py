"""How to play and the game's layouts in the player's language: the TOML texts extracted into the
catalogues, read back translated where they are shown, the markup kept, the quiz still right."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from desert_pyramid import content as c
from desert_pyramid.catalog import (
    LAYOUT_DESCRIPTION_CONTEXT,
    LAYOUT_NAME_CONTEXT,
    all_layouts,
    builtin_layout,
    layout_description,
    layout_title,
)
from desert_pyramid.engine.layout import Layout
from desert_pyramid.i18n import use_language
from tools.i18n import TEMPLATE, compiled, mo_path, po_path, read, write


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


def small_catalogue(root: Path, entries: list[tuple[str, str, str]]) -> None:
    catalog = Catalog(locale="de", fuzzy=False)
    for context, message, translation in entries:
        catalog.add(message, translation, context=context)
    write(catalog, po_path("de", root))
    mo_path("de", root).write_bytes(compiled(po_path("de", root), "de"))  # what the game reads


# -- the layouts' names ------------------------------------------------------------------------
def test_a_builtin_layouts_name_and_description_follow_the_language(tmp_path: Path) -> None:
    nile = builtin_layout(10)
    small_catalogue(
        tmp_path,
        [
            (LAYOUT_NAME_CONTEXT, nile.name, "Nildelta"),
            (LAYOUT_DESCRIPTION_CONTEXT, nile.description, "Ein breites Delta."),
        ],
    )
    assert layout_title(nile) == "Nile Delta"
    assert use_language("de", root=tmp_path) is None
    assert layout_title(nile) == "Nildelta"
    assert layout_description(nile) == "Ein breites Delta."
    use_language("en")
    assert layout_title(nile) == "Nile Delta"  # at once, where it is shown


def test_a_players_layout_keeps_its_name_untranslated(tmp_path: Path) -> None:
    nile = builtin_layout(10)
    small_catalogue(
        tmp_path,
        [
            (LAYOUT_NAME_CONTEXT, nile.name, "Nildelta"),
            (LAYOUT_DESCRIPTION_CONTEXT, nile.description, "Ein breites Delta."),
        ],
    )
    use_language("de", root=tmp_path)
    own = Layout.from_dict({**nile.to_dict(), "number": 101}, source="own.toml")
    assert (layout_title(own), layout_description(own)) == (nile.name, nile.description)


# -- the texts in the catalogues -------------------------------------------------------------------
def rules_texts(content: c.RulesContent) -> set[str]:
    """Every text a player reads in How to play, as the loader gives it (not the extractor's walk)."""
    how = content.how_to_play
    out = {how.title}
    for section in how.sections:
        out.add(section.title)
        out |= {p.source for p in section.paragraphs}
        if section.diagram is not None:
            out.add(section.diagram.caption.source)
        if section.demo is not None:
            out |= {step.caption.source for step in section.demo.steps}
    for v in content.variations:
        out |= {v.title, v.button, *(p.source for p in v.paragraphs)}
    for e in content.glossary:
        out |= {e.term, *e.other_names, *(p.source for p in e.paragraphs)}
    quiz = content.quiz
    out.add(quiz.title)
    if quiz.intro is not None:
        out.add(quiz.intro.source)
    for q in quiz.questions:
        out.add(q.prompt.source)
        for choice in q.choices:
            out |= {choice.text.source, choice.explanation.source}
    return out


def template() -> set[tuple[str, str | None]]:
    return {(m.id, m.context) for m in read(TEMPLATE) if isinstance(m.id, str) and m.id}


def test_every_layout_name_and_description_is_in_the_catalogues() -> None:
    pot = template()
    layouts = all_layouts()
    assert len(layouts) == 56
    for layout in layouts.values():
        assert (layout.name, LAYOUT_NAME_CONTEXT) in pot, layout.number
        assert (layout.description, LAYOUT_DESCRIPTION_CONTEXT) in pot, layout.number


def test_every_text_of_how_to_play_is_in_the_catalogues() -> None:
    """The rule book, the variations, the glossary and the quiz: a text the extractor missed (a
    new key in a rules file, say) fails here."""
    texts = rules_texts(c.source_content())
    pot = template()
    assert sorted(t for t in texts if (t, c.RULES_CONTEXT) not in pot) == []
    assert len(texts) == 190


def test_the_extractor_notes_where_each_text_stands() -> None:
    notes = {(m.id, m.context): m.auto_comments for m in read(TEMPLATE) if isinstance(m.id, str)}
    assert notes[(builtin_layout(10).name, LAYOUT_NAME_CONTEXT)] == ["layout 10 name"]
    title = c.source_content().how_to_play.section("satchel").title
    assert notes[(title, c.RULES_CONTEXT)] == ["how_to_play: section 'satchel' title"]


# -- read back in the player's language -------------------------------------------------------------
def test_the_rule_book_is_read_in_the_language_spoken_now() -> None:
    english = c.default_content()
    assert english is c.source_content()
    assert use_language("de") is None
    german = c.default_content()
    assert german.how_to_play.section("satchel").title == "Die Tasche"
    assert german.how_to_play.section_ids == english.how_to_play.section_ids
    values = german.how_to_play.section("values").paragraphs
    assert values[1].bullet and values[1].plain() == "ein Ass zählt 1;"
    # the cards and the demo are the source's: only words change
    assert german.how_to_play.section("example").demo.deal == (  # type: ignore[union-attr]
        english.how_to_play.section("example").demo.deal  # type: ignore[union-attr]
    )
    assert [p.cards for p in values] == [
        p.cards for p in english.how_to_play.section("values").paragraphs
    ]
    assert use_language("ru") is None
    assert c.default_content().how_to_play.section("satchel").title == "Сумка"
    use_language("en")
    assert c.default_content().how_to_play.section("satchel").title == "The Satchel"


def test_a_translation_whose_markup_differs_is_not_used(tmp_path: Path) -> None:
    source = c.source_content().how_to_play.section("values").paragraphs[4].source
    small_catalogue(
        tmp_path,
        [
            (c.RULES_CONTEXT, source, "Sechs Paare: die {6S} und die {7S}."),  # a card lost
            (c.RULES_CONTEXT, "The Satchel", "Die Tasche"),
        ],
    )
    assert use_language("de", root=tmp_path) is None
    german = c.default_content().how_to_play
    assert german.section("satchel").title == "Die Tasche"
    assert german.section("values").paragraphs[4].source == source


@pytest.mark.parametrize(
    ("translation", "problem"),
    [
        ("**Zwei** Karten", None),
        ("Zwei **Karten", "the bold markers"),
        ("**Zwei** **Karten**", "the bold markers"),
        ("- **Zwei** Karten", "a bullet"),
        ("Zwei {6S} Karten", "cards"),
    ],
)
def test_the_markup_check(translation: str, problem: str | None) -> None:
    found = c.markup_problem("**Two** cards", translation)
    assert (found is None) if problem is None else (found is not None and problem in found)


@pytest.mark.parametrize("code", ["de", "fr", "es", "it", "pt_BR", "ru"])
def test_the_quiz_keeps_its_answers_in_every_language(code: str) -> None:
    english = c.source_content().quiz
    assert use_language(code) is None
    quiz = c.default_content().quiz
    assert [q.id for q in quiz.questions] == [q.id for q in english.questions]
    for mine, theirs in zip(quiz.questions, english.questions, strict=True):
        assert [ch.correct for ch in mine.choices] == [ch.correct for ch in theirs.choices]
        texts = [ch.text.plain() for ch in mine.choices]
        assert len(set(texts)) == len(texts), mine.id  # three different answers to pick from
        assert mine.prompt.source != theirs.prompt.source, mine.id  # translated, not English
        # an answer that is a number (the chain's 70, the bonus 750) is the same number
        for a, b in zip(mine.choices, theirs.choices, strict=True):
            if b.text.plain().isdigit():
                assert a.text.plain() == b.text.plain()
    # a session run on the translated questions scores the same answers
    session = c.QuizSession(quiz.questions)
    for question in english.questions:
        assert session.answer(question.right_index).correct
        session.next()
    assert session.score == len(english.questions)


def test_the_extractor_names_a_rules_file_it_cannot_read(tmp_path: Path) -> None:
    from tools.i18n import ExtractError, content_texts

    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "how_to_play.toml").write_text('title = "unclosed\n', encoding="utf-8")
    with pytest.raises(ExtractError, match=r"how_to_play.toml: not valid TOML"):
        content_texts(rules, tmp_path)
    (rules / "how_to_play.toml").write_bytes(b"title = '\xff'\n")
    with pytest.raises(ExtractError, match=r"how_to_play.toml"):
        content_texts(rules, tmp_path)


def test_the_variations_rule_sets_read_as_the_engines_words_in_english() -> None:
    """content.variation_rules_words repeats engine/wording.py's words to translate them: in
    English they must be the same (a changed wording fails here)."""
    for v in c.source_content().variations:
        assert c.variation_rules_words(v).lower() == c.variation_rules_text(v).lower(), v.id
    assert use_language("ru") is None
    one_pass = c.source_content().variations[0]
    assert c.variation_rules_words(one_pass) == "классические правила, 1 проход"


def test_a_variations_note_is_worded_in_the_language_it_is_shown_in() -> None:
    """The note a Practice deal started from a variation opens with is a sentence worded when it
    is shown: made in English, shown after a change to Russian, it is Russian (title and rules),
    and English again after a change back."""
    one_pass = c.source_content().variations[0]
    note = c.variation_note(one_pass)
    english = note.text()
    assert english == f"{one_pass.title}: {c.variation_rules_words(one_pass)}."
    assert use_language("ru") is None
    russian = note.text()
    assert russian != english
    assert "классические правила, 1 проход" in russian
    title = c.default_content().variations[0].title
    assert title != one_pass.title and russian.startswith(title)
    use_language("en")
    assert note.text() == english
