"""The seams to progression and storage: ids, outcomes, results records as GameResult and
TrekResult arguments, CONTINUE through storage's CurrentGame."""

from __future__ import annotations

import tomllib
from datetime import date

import pytest
import tomli_w

from desert_pyramid.engine import CLASSIC, DESERT, Game
from desert_pyramid.modes import (
    DailySession,
    ExpeditionSession,
    PracticeSession,
    Results,
    session_from_current,
    session_from_saved,
)
from desert_pyramid.progression import game_results, trek_result
from desert_pyramid.storage.documents import CurrentGame, decode_current, encode_current
from tests.test_modes_helpers import LAYOUT, FakeFinder, easy_deal, easy_line, game_from, run_frames

TODAY = "2026-11-30"


def test_practice_outcomes():
    won = PracticeSession(Game(LAYOUT, DESERT, easy_deal()), source="code")
    for m in easy_line():
        won.play_text(m)
    assert won.results().outcome == "won"
    left = PracticeSession.random(DESERT, LAYOUT, seed=9)
    assert left.abandon().outcome == "abandoned"
    # stuck and given up: lost
    stuck = PracticeSession(
        game_from(
            {
                1: "KS",
                2: "KH",
                3: "KD",
                4: "KC",
                5: "AS",
                6: "AH",
                7: "AD",
                8: "AC",
                22: "6S",
                23: "2C",
                24: "2D",
                25: "3C",
                26: "3D",
                27: "4C",
                28: "4D",
            },
            [],
            CLASSIC.with_options(passes=1),
        ),
        source="code",
    )
    while not stuck.game.is_stuck():
        stuck.play_text("F")
    assert stuck.abandon().outcome == "lost"


def test_ids_are_fresh_per_attempt_and_kept_by_saves():
    a = PracticeSession.random(DESERT, LAYOUT, seed=1)
    b = PracticeSession.random(DESERT, LAYOUT, seed=1)
    assert a.game_id != b.game_id and a.game_id.startswith("practice-")
    back = session_from_current(a.game.to_dict(), a.mode_state())
    assert back.game_id == a.game_id


def test_game_records_build_progressions_game_result():
    s = PracticeSession(Game(LAYOUT, CLASSIC.with_options(passes=1), easy_deal()), source="code")
    run_frames(s, 2500)
    s.play_text("22+23")
    r = s.abandon()
    (g,) = game_results(r, TODAY)
    assert (g.game_id, g.mode, g.preset, g.layout, g.outcome) == (
        s.game_id,
        "practice",
        "classic+p1",
        1,
        "abandoned",
    )
    assert g.seconds == 2.5 and g.score == 26 and g.date == TODAY


def test_daily_records_carry_the_deal_date():
    s = DailySession.start(
        date(2026, 11, 29), date(2026, 11, 30), LAYOUT, finder=FakeFinder(step=1)
    )
    for m in easy_line():
        s.play_text(m)
    (g,) = game_results(s.results(), TODAY)
    assert g.deal_date == "2026-11-29" and g.won and g.score == s.score


def test_expedition_records_one_game_per_pyramid_and_the_trek():
    s = ExpeditionSession(3, LAYOUT, finder=FakeFinder(step=2))
    ids = [s.game_id]
    for m in easy_line():
        s.play_text(m)
    ids.append(s.game_id)
    s.play_text("22+23")
    s.skip()
    ids.append(s.game_id)
    run_frames(s, 400_000, frame=100)
    assert len(set(ids)) == 3
    r = s.results()
    games = game_results(r, TODAY)
    assert [(g.game_id, g.pyramid_number, g.outcome) for g in games] == [
        (ids[0], 1, "won"),
        (ids[1], 2, "abandoned"),
        (ids[2], 2, "lost"),
    ]
    assert all(g.trek_id == s.trek_id for g in games)
    assert sum(g.score for g in games) == r.score
    trek = trek_result(r, TODAY)
    assert trek.pyramids_cleared == 1 and trek.score == r.score and trek.trek_id == s.trek_id


def test_results_round_trip_through_toml():
    s = ExpeditionSession(3, LAYOUT, finder=FakeFinder(step=2))
    for m in easy_line():
        s.play_text(m)
    r = s.abandon()
    assert Results.from_dict(tomllib.loads(tomli_w.dumps(r.to_dict()))) == r


@pytest.mark.parametrize("mode", ["practice", "daily", "expedition"])
def test_continue_through_storage_current_game(mode):
    if mode == "practice":
        s = PracticeSession.random(DESERT, LAYOUT, seed=77)
    elif mode == "daily":
        s = DailySession.start(
            date(2026, 11, 30), date(2026, 11, 30), LAYOUT, finder=FakeFinder(real=True)
        )
    else:
        s = ExpeditionSession(11, LAYOUT, finder=FakeFinder(step=2))
    run_frames(s, 3210)
    s.play_text("F")
    s.play_text("F")
    s.undo()
    current = CurrentGame.of(s.saved(), TODAY)
    text = tomli_w.dumps(encode_current(current))
    loaded = decode_current(tomllib.loads(text))
    back = session_from_saved(loaded.saved(), finder=FakeFinder(step=2))
    assert type(back) is type(s)
    assert back.to_dict() == s.to_dict()
    assert loaded.game_id == s.game_id and loaded.mode == mode
    if mode == "expedition":
        assert loaded.daylight_ms == 240_000 - 3210 and loaded.pyramid_number == 1
    abandoned = current.as_abandoned(TODAY)
    assert abandoned.outcome == "abandoned" and abandoned.game_id == s.game_id


def test_one_list_of_modes_everywhere() -> None:
    from desert_pyramid.modes import MODES
    from desert_pyramid.progression import MODES as PROGRESSION_MODES
    from desert_pyramid.ui.screens.stats import MODE_ORDER

    assert MODES == ("practice", "expedition", "daily") and PROGRESSION_MODES is MODES
    assert sorted(MODE_ORDER) == sorted(MODES)  # the statistics screen's display order


def test_the_trek_is_saved_once_and_earlier_saves_still_load():
    """The Expedition's pyramid number, trek id and daylight are the save's own fields, not
    written again in ``mode_state``; a save written when they were (both places) loads as before,
    its ``mode_state`` copies winning."""
    s = ExpeditionSession(11, LAYOUT, finder=FakeFinder(step=2))
    run_frames(s, 3210)
    for m in easy_line():
        s.play_text(m)
    assert s.number == 2
    current = CurrentGame.of(s.saved(), TODAY)
    assert not {"number", "trek_id", "daylight_ms"} & set(current.mode_state)
    assert (current.pyramid_number, current.trek_id) == (2, s.trek_id)
    assert current.daylight_ms == s.daylight.left_ms
    # as the game wrote it before: the same three in mode_state as well
    earlier = dict(encode_current(current))
    earlier["mode_state"] = {
        **current.mode_state,
        "number": 2,
        "trek_id": s.trek_id,
        "daylight_ms": s.daylight.left_ms,
    }
    loaded = decode_current(tomllib.loads(tomli_w.dumps(earlier)))
    back = session_from_saved(loaded.saved(), finder=FakeFinder(step=2))
    assert back.to_dict() == s.to_dict()
    # a damaged trek (daylight beyond what it earned) is refused whichever place holds it
    from desert_pyramid.engine import StateError

    greedy = CurrentGame.of(s.saved(), TODAY)
    greedy.daylight_ms = 10 * 3_600_000
    with pytest.raises(StateError, match="daylight"):
        session_from_saved(greedy.saved(), finder=FakeFinder(step=2))
