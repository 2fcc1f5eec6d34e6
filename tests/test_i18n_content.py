"""How to play and the game's layouts in the player's language: the TOML texts extracted into the
catalogues, read back translated where they are shown, the markup kept, the quiz still right."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from desert_pyramid.catalog import (
    LAYOUT_DESCRIPTION_CONTEXT,
    LAYOUT_NAME_CONTEXT,
    builtin_layout,
    layout_description,
    layout_title,
)
from desert_pyramid.engine.layout import Layout
from desert_pyramid.i18n import use_language
from tools.i18n import po_path, write


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
