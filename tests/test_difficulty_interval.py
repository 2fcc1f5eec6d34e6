"""The 95% interval shown with each layout's measured win rate (the layout picker's description)."""

from __future__ import annotations

import pytest

from desert_pyramid.difficulty import LayoutDifficulty, RuleRate, difficulty_word, load_difficulty
from desert_pyramid.solver.stats import wilson


def entry(relaxed: tuple[int, int, int], desert: tuple[int, int, int]) -> LayoutDifficulty:
    rr, dr = RuleRate(*relaxed), RuleRate(*desert)
    return LayoutDifficulty(1, "Classic Pyramid", rr, dr, difficulty_word(rr.rate))


def test_interval_is_wilson_and_unknown_deals_widen_it_upwards() -> None:
    d = entry((1300, 700, 0), (1960, 40, 0))
    assert d.interval("relaxed") == pytest.approx(wilson(1300, 2000))
    lo, hi = d.interval("relaxed")
    assert lo < 0.65 < hi and hi - lo < 0.05  # 2,000 deals: about two points either side
    assert d.interval_text("relaxed") == "62% to 68%"
    with_unknown = entry((1300, 680, 20), (1960, 40, 0))
    assert with_unknown.interval("relaxed")[0] == lo
    assert with_unknown.interval("relaxed")[1] == pytest.approx(wilson(1320, 2000)[1])


def test_interval_text_rounds_outwards_and_shows_tenths_near_the_top() -> None:
    assert entry((2000, 0, 0), (2000, 0, 0)).interval_text("desert") == "99.8% to 100%"
    assert entry((0, 2000, 0), (1, 1999, 0)).interval_text("relaxed") == "0% to 1%"
    assert (
        entry((1996, 4, 0), (2000, 0, 0)).interval_text("relaxed") == "99.4% to 100%"
    )  # 99.91% rounded up


def test_picker_description_shows_the_interval() -> None:
    from desert_pyramid.ui.screens.layout_picker import rates_text

    text = rates_text(entry((1326, 674, 0), (1960, 40, 0)))
    assert text == (
        "The solver clears 66% of 2,000 random deals under relaxed rules (95% interval "
        "64% to 69%), 98% under desert rules (97% to 98.6%)."
    )
    assert rates_text(None) == "Not rated yet."


def test_every_shipped_interval_contains_its_rate() -> None:
    for d in load_difficulty().values():
        for rules in ("relaxed", "desert"):
            rate = d.relaxed if rules == "relaxed" else d.desert
            lo, hi = d.interval(rules)
            assert lo <= rate.rate <= rate.upper <= hi
