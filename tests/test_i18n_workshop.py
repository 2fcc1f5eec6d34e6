"""The layout workshop's words in the player's language, without a window: the draft's problems
(Russian's three plural forms), the editor's messages and estimate lines, the player's layouts'
errors, the one-line rules description; English stays the source word for word."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from desert_pyramid.app.rule_words import describe_rules
from desert_pyramid.app.workshop import Editor, measuring
from desert_pyramid.engine import CLASSIC, DESERT, RELAXED
from desert_pyramid.i18n import use_language
from desert_pyramid.storage.layouts import PlayerLayoutError, PlayerLayouts, check_name
from desert_pyramid.workshop.model import draft_of

SPOTS = [(2 * i, 0) for i in range(10)]


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


@pytest.mark.parametrize(
    ("cards", "text"),
    [
        (1, "1 карта: в схеме нужно не меньше 15 (ещё 14)"),
        (3, "3 карты: в схеме нужно не меньше 15 (ещё 12)"),
        (5, "5 карт: в схеме нужно не меньше 15 (ещё 10)"),
    ],
)
def test_too_few_cards_in_russian(cards: int, text: str) -> None:
    use_language("ru")
    assert draft_of(SPOTS[:cards], "x").problems()[0].text == text


def test_the_same_problems_in_english_are_the_source() -> None:
    assert draft_of(SPOTS[:1], "x").problems()[0].text == (
        "1 card: a layout needs at least 15 (14 more)"
    )
    assert draft_of(SPOTS[:3], "x").problems()[0].text == (
        "3 cards: a layout needs at least 15 (12 more)"
    )


def test_the_editor_speaks_german() -> None:
    use_language("de")
    editor = Editor(draft_of(SPOTS[:3], "x"))
    assert editor.counts_text() == "3 Karten · 3 frei zu Beginn · 49 im Talon"
    editor.undo()
    assert editor.message == "Nichts rückgängig zu machen"
    editor.mirror()
    assert editor.message == "Von links nach rechts gespiegelt"
    assert editor.estimate_view().status == "hier keine Schätzung"
    assert measuring(40, 1200) == "misst … 40/1.200 Spiele"


def test_the_player_layouts_errors_in_german(tmp_path: Path) -> None:
    use_language("de")
    with pytest.raises(PlayerLayoutError, match="^ein Layout braucht einen Namen$"):
        check_name("   ")
    with pytest.raises(PlayerLayoutError, match=r"der Name ist zu lang \(61 Zeichen"):
        check_name("x" * 61)
    store = PlayerLayouts(tmp_path)
    with pytest.raises(PlayerLayoutError, match="^du hast kein Layout 150$"):
        store.rename(150, "y")


def test_the_rules_in_one_line() -> None:
    for rules in (DESERT, CLASSIC, RELAXED.with_options(draw_three=True, all_52=True)):
        english = rules.describe()
        assert describe_rules(rules) == english[:1].upper() + english[1:]
    use_language("ru")
    assert describe_rules(RELAXED.with_options(passes=1)).startswith("1 проход, ")
    assert describe_rules(DESERT.with_options(passes=3)).startswith("3 прохода, сумка")
