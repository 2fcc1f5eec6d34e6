"""The modes read their saved state through the one reader of documents: a damaged value is a
StateError that says where, never a crash, a hang or a number too long to print."""

from __future__ import annotations

from typing import Any

import pytest

from desert_pyramid.engine import StateError
from desert_pyramid.modes import Results
from desert_pyramid.modes.coach import Coach


@pytest.mark.parametrize(
    ("data", "where"),
    [
        ({"shown": "welcome"}, "coach.shown: expected a list"),
        ({"shown": ["a\x00b"]}, "coach.shown[0]: holds a control character"),
        ({"warned_kings": [True]}, "coach.warned_kings[0]: expected a whole number"),
        ({"warned_kings": [52]}, "coach.warned_kings[0]: expected a whole number from 0 to 51"),
        ({"warned_kings": list(range(53))}, "coach.warned_kings: expected at most 52 items"),
        ({"mistakes": {"waste": 10**5000}}, "coach.mistakes.waste: expected a whole number"),
        ({"mistakes": []}, "coach.mistakes: expected a table"),
    ],
    ids=["text", "control", "bool", "card-53", "too-many", "5000-digits", "list"],
)
def test_a_damaged_coach_state_says_where(data: dict[str, Any], where: str) -> None:
    with pytest.raises(StateError) as caught:
        Coach.from_dict(data)
    assert str(caught.value).startswith(where)


def test_the_coachs_state_reads_back() -> None:
    coach = Coach.from_dict({"shown": ["welcome"], "warned_kings": [3], "mistakes": {"waste": 2}})
    assert Coach.from_dict(coach.to_dict()).to_dict() == coach.to_dict()


def test_damaged_results_say_where() -> None:
    good = Results(
        mode="practice",
        game_id="g1",
        outcome="won",
        preset="desert",
        rules="desert",
        scoring="desert",
        layout=1,
        won=True,
        score=120,
        elapsed_ms=61_000,
        best_chain=3,
        redeals_used=0,
        moves=20,
        pyramids_cleared=1,
        clean_clears=1,
        deal_code="DP-1-0000",
    ).to_dict()
    assert Results.from_dict(good) == Results.from_dict(dict(good))
    with pytest.raises(StateError, match=r"^results\.score: .*about 5,001 digits"):
        Results.from_dict({**good, "score": 10**5000})
    with pytest.raises(StateError, match=r"^results\.won: expected true or false"):
        Results.from_dict({**good, "won": 1})
