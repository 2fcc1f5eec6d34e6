"""The rules in words come from one module (engine.wording): the one-line description, the
coach's sentences and the How to play labels all say each rule its way."""

from __future__ import annotations

import dataclasses

import pytest

from desert_pyramid import content
from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import CLASSIC, DESERT, Deal, Game, Rules
from desert_pyramid.engine.wording import (
    CLEAR_THE_LAYOUT,
    OPTION_WORDS,
    WIN_BY_CLEARING,
    passes_label,
    passes_sentence,
    passes_short,
)
from desert_pyramid.modes.coach import rules_text

LAYOUT = get_layout(1)


def test_every_rule_option_has_its_words() -> None:
    flags = {f.name for f in dataclasses.fields(Rules) if f.type in (bool, "bool")}
    assert flags == set(OPTION_WORDS)


@pytest.mark.parametrize("field", sorted(OPTION_WORDS))
@pytest.mark.parametrize("base", [CLASSIC, DESERT], ids=["classic", "desert"])
def test_each_option_is_said_the_same_way_everywhere(field: str, base: Rules) -> None:
    words = OPTION_WORDS[field]
    on = base.with_options(**{field: True})
    off = base.with_options(**{field: False})
    assert words.short in on.describe().split(", ")
    assert words.short not in off.describe().split(", ")
    said = rules_text(Game(LAYOUT, on, Deal.from_seed(3, 0)))
    assert words.sentence in said
    assert words.sentence not in rules_text(Game(LAYOUT, off, Deal.from_seed(3, 0)))
    assert content.option_label(field, True) == words.on
    assert content.option_label(field, False) == words.off


@pytest.mark.parametrize("passes", [1, 3, 0])
def test_passes_are_said_from_one_place(passes: int) -> None:
    rules = CLASSIC.with_options(passes=passes)
    count = rules.max_passes
    assert (count is None) == (passes == 0)
    assert rules.describe().startswith(passes_short(count) + ", ")
    assert passes_sentence(count) in rules_text(Game(LAYOUT, rules, Deal.from_seed(3, 0)))
    assert content.option_label("passes", passes) == passes_label(count)


def test_the_goal_without_all_52() -> None:
    assert CLASSIC.describe().endswith(", " + CLEAR_THE_LAYOUT)
    assert rules_text(Game(LAYOUT, CLASSIC, Deal.from_seed(3, 0)))[-1] == WIN_BY_CLEARING


def test_a_rank_takes_the_article_it_is_said_with() -> None:
    from desert_pyramid.engine.cards import a_rank

    assert [a_rank(r) for r in (1, 4, 8, 10, 11, 13)] == [
        "an A",
        "a 4",
        "an 8",
        "a 10",
        "a J",
        "a K",
    ]
