"""Deal selection ("winnable deals only") and the difficulty grade."""

from __future__ import annotations

import pytest

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import CLASSIC, DESERT, STRICT, Deal, Game
from desert_pyramid.solver import Verdict, solve
from desert_pyramid.solver.deals import GRADES, NoWinnableDealError, assess, first_winnable, grade

LAYOUT = get_layout(1)


def test_first_winnable_is_the_first_proved_winnable_shuffle() -> None:
    found = first_winnable(3, CLASSIC, LAYOUT, node_budget=50_000)
    assert found.deal == Deal.from_seed(3, found.index) and found.deal.seed == 3
    for i in range(found.index):
        assert (
            solve(Game(LAYOUT, CLASSIC, Deal.from_seed(3, i)), 50_000).verdict
            is not Verdict.WINNABLE
        )
    game = Game(LAYOUT, CLASSIC, found.deal)
    game.replay(found.result.line)
    assert game.won
    again = first_winnable(3, CLASSIC, LAYOUT, node_budget=50_000)
    assert again.index == found.index and again.result.line == found.result.line
    later = first_winnable(3, CLASSIC, LAYOUT, node_budget=50_000, start_index=found.index + 1)
    assert later.index > found.index


def test_no_winnable_deal_is_an_error_with_words() -> None:
    with pytest.raises(NoWinnableDealError, match="no deal proved winnable"):
        first_winnable(1, STRICT, LAYOUT, node_budget=1_000, max_tries=5)


def test_grade_of_winnable_and_lost_deals() -> None:
    found = first_winnable(8, DESERT, LAYOUT, node_budget=50_000)
    d = assess(found.deal, DESERT, LAYOUT, node_budget=20_000)
    assert d.grade in GRADES and d.verdict is Verdict.WINNABLE
    assert 0 < d.first_moves_winnable <= d.first_moves
    assert 0 <= d.redeals_needed <= 2 and d.line_length > 0
    assert grade(Game(LAYOUT, DESERT, found.deal), node_budget=20_000) == d.grade
    for i in range(40):
        deal = Deal.from_seed(8, i)
        if solve(Game(LAYOUT, CLASSIC, deal), 50_000).verdict is Verdict.LOST:
            assert grade(deal, CLASSIC, LAYOUT, node_budget=50_000) == "Lost"
            return
    pytest.fail("no lost deal")


def test_grades_spread_over_deals() -> None:
    grades = set()
    for i in range(8):
        found = first_winnable(100 + i, DESERT, LAYOUT, node_budget=30_000)
        grades.add(assess(found.deal, DESERT, LAYOUT, node_budget=10_000).grade)
        if len(grades) >= 2:
            return
    pytest.fail(f"every deal graded {grades}")


def test_grade_needs_rules_and_layout_for_a_deal() -> None:
    with pytest.raises(TypeError):
        grade(Deal.from_seed(1))
