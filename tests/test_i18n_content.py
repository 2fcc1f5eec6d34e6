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
from tools.i18n import TEMPLATE, po_path, read, write


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


def small_catalogue(root: Path, entries: list[tuple[str, str, str]]) -> None:
    catalog = Catalog(locale="de", fuzzy=False)
    for context, message, translation in entries:
        catalog.add(message, translation, context=context)
    write(catalog, po_path("de", root))


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
def _rules_texts(content: c.RulesContent) -> set[str]:
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


def test_the_extractor_notes_where_each_text_stands() -> None:
    notes = {(m.id, m.context): m.auto_comments for m in read(TEMPLATE) if isinstance(m.id, str)}
    assert notes[(builtin_layout(10).name, LAYOUT_NAME_CONTEXT)] == ["layout 10 name"]
