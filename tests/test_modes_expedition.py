"""Expedition rules with fake time: daylight, clears, multipliers, skip, pause, the end, saving."""

from __future__ import annotations

import tomllib

import pytest
import tomli_w

from desert_pyramid.engine import DESERT, IllegalMoveError, Scored, StateError
from desert_pyramid.modes import (
    ExpeditionSession,
    ModeError,
    NewPyramid,
    PyramidCleared,
    PyramidSkipped,
    TrekEnded,
    clear_bonus_ms,
    daylight_cap_ms,
    session_from_dict,
)
from tests.test_modes_helpers import EASY_POINTS, LAYOUT, FakeFinder, easy_line, run_frames


def new_trek(seed: int = 7, **kw: object) -> tuple[ExpeditionSession, FakeFinder]:
    finder = FakeFinder(step=3)
    return ExpeditionSession(seed, LAYOUT, finder=finder, **kw), finder  # type: ignore[arg-type]


def clear(session: ExpeditionSession) -> list[object]:
    events: list[object] = []
    for m in easy_line():
        events.extend(session.play_text(m))
    return events


def test_clear_bonus_sequence():
    assert [clear_bonus_ms(k) // 1000 for k in range(1, 10)] == [
        100,
        90,
        80,
        70,
        60,
        50,
        50,
        50,
        50,
    ]


def test_starts_with_240_s_on_the_first_winnable_deal():
    s, finder = new_trek(seed=99)
    assert s.daylight.left_ms == 240_000
    assert s.number == 1 and s.game.multiplier == 1
    assert finder.calls == [(99, 0, finder.calls[0][2])]
    assert s.game.deal.seed == 99 and s.game.deal.index == 0
    assert s.game.rules == DESERT


def test_daylight_runs_with_the_frames():
    s, _ = new_trek()
    run_frames(s, 10_000)
    assert s.daylight.left_ms == 230_000
    assert s.hud()["daylight"] == "3:50"


def test_daylight_sequence_over_a_trek():
    """Clearing pyramid k adds max(50, 110 − 10k) s and deals pyramid k + 1 with multiplier k + 1."""
    s, finder = new_trek()
    left = 240_000
    for k in range(1, 8):
        run_frames(s, 1000)
        left -= 1000
        events = clear(s)
        left += clear_bonus_ms(k)
        assert s.daylight.left_ms == left
        assert PyramidCleared(k, clear_bonus_ms(k), EASY_POINTS * k) in events
        assert events[-1] == NewPyramid(k + 1)
        assert s.number == k + 1 and s.game.multiplier == k + 1
    # each new pyramid is the next winnable deal after the previous one
    assert [c[1] for c in finder.calls] == [0, 1, 4, 7, 10, 13, 16, 19]
    assert s.pyramids_cleared == 7


def test_multiplier_on_pairs_rows_and_the_clear():
    s, _ = new_trek()
    clear(s)  # pyramid 1 at ×1
    assert s.number == 2
    first = s.play_text(easy_line()[0])  # first pair of pyramid 2: chain 1, ×2
    assert Scored(20, "pair") in first
    rest = []
    for m in easy_line()[1:]:
        rest.extend(s.play_text(m))
    scores = [e for e in first + rest if isinstance(e, Scored)]
    assert Scored(100, "row") in scores  # 50 × 2
    assert Scored(2 * (500 + 2 * 250), "clear") in scores
    assert sum(e.points for e in scores) == 2 * EASY_POINTS
    assert s.score == EASY_POINTS * (1 + 2)  # the trek's score is the sum over its pyramids


def test_pause_menu_and_focus_stop_the_daylight():
    s, _ = new_trek()
    for reason in ("pause", "menu"):
        s.pause(reason)
        run_frames(s, 5000)
        assert s.daylight.left_ms == 240_000 and s.pause_reason == reason
        with pytest.raises(IllegalMoveError, match="paused"):
            s.play_text("F")
        s.resume()
    s.focus_lost()
    run_frames(s, 5000)
    assert s.daylight.left_ms == 240_000
    s.focus_gained()  # a timed table stays paused until the player resumes
    assert s.paused and s.pause_reason == "focus"
    s.resume()
    run_frames(s, 100)
    assert s.daylight.left_ms == 239_900


def test_focus_lost_while_paused_keeps_the_players_pause():
    s, _ = new_trek()
    s.pause()
    s.focus_lost()
    assert s.pause_reason == "pause"


def test_a_suspend_gap_never_steals_daylight_and_pauses_the_trek():
    s, _ = new_trek()
    run_frames(s, 1000)
    assert s.update(10 * 60 * 1000) == 0  # ten minutes in one frame: a suspended laptop
    assert s.daylight.left_ms == 239_000 and not s.finished
    assert s.paused and s.pause_reason == "suspend"  # the player comes back to a paused table
    s.focus_gained()
    assert s.paused  # a timed table waits for the player
    s.resume()
    assert s.update(30_000) == 0  # a 30 s gap also counts as a pause
    assert s.daylight.left_ms == 239_000 and s.paused
    s.resume()
    assert s.update(5_000) == 5_000  # 5 s is a slow frame, not a gap: it counts in full
    assert s.daylight.left_ms == 234_000 and not s.paused


def test_trek_at_4_fps_ends_after_240_real_seconds():
    """Frames of 250 ms for 240 s of real time: the sun sets at 240 s, not later."""
    s, _ = new_trek()
    frames = 0
    while not s.finished:
        s.update(250)
        frames += 1
        assert frames <= 960
    assert frames == 960 and s.daylight.left_ms == 0 and s.results().elapsed_ms == 240_000


def test_trek_ends_at_zero_with_results():
    s, _ = new_trek()
    clear(s)
    s.play_text(easy_line()[0])  # 20 points on pyramid 2, then the sun sets
    run_frames(s, 340_000, frame=100)
    assert s.finished and s.daylight.left_ms == 0
    r = s.results()
    assert r.mode == "expedition" and r.pyramids_cleared == 1 and r.won
    assert r.score == EASY_POINTS + 20
    assert r.best_chain == 12
    assert [(p.number, p.cleared, p.skipped) for p in r.pyramids] == [
        (1, True, False),
        (2, False, False),
    ]
    assert r.clean_clears == 1
    assert r.elapsed_ms == 340_000
    assert s.update(100) == 0
    with pytest.raises(IllegalMoveError, match="over"):
        s.play_text("F")
    with pytest.raises(ModeError):
        s.skip()


def test_skip_costs_30_s_and_keeps_the_number():
    s, finder = new_trek()
    clear(s)
    s.play_text("22+23")
    before = s.game.deal.index
    events = s.skip()
    assert events == [PyramidSkipped(2, 30_000), NewPyramid(2)]
    assert s.daylight.left_ms == 240_000 + 100_000 - 30_000
    assert s.number == 2 and s.game.multiplier == 2
    assert s.game.deal.index > before and s.game.moves == 0
    assert s.skips == 1
    assert s.score == EASY_POINTS + 20  # points scored before the skip stay
    assert finder.calls[-1][1] == before + 1


def test_skip_with_30_s_or_less_ends_the_trek():
    s, _ = new_trek(daylight_ms=25_000)
    events = s.skip()
    assert events == [PyramidSkipped(1, 25_000), TrekEnded(0, 0)]
    assert s.finished and not s.results().won
    assert s.results().skips == 1


def test_pulse_in_the_last_20_s_and_the_sky():
    s, _ = new_trek()
    assert s.sky.phase == "noon" and not s.pulse
    run_frames(s, 130_000, frame=100)
    assert s.sky.phase == "sunset"
    run_frames(s, 90_000, frame=100)
    assert s.daylight.left_ms == 20_000 and s.pulse and s.sky.phase == "dusk"
    run_frames(s, 20_000, frame=100)
    assert s.finished and not s.pulse


def test_undo_inside_a_pyramid_takes_back_its_points():
    s, _ = new_trek()
    s.play_text("22+23")
    s.play_text("24+25")
    assert s.score == 30
    s.undo()
    assert s.score == 10 and s.game.chain == 1


def test_abandon_ends_the_trek_as_left():
    s, _ = new_trek()
    clear(s)
    r = s.abandon()
    assert s.finished and r.abandoned and r.pyramids_cleared == 1


def test_saved_trek_continues_with_its_history_and_daylight():
    s, finder = new_trek(seed=2**64 - 5)
    clear(s)
    run_frames(s, 12_345)
    for m in easy_line()[:3]:
        s.play_text(m)
    s.undo()
    text = tomli_w.dumps(s.to_dict())
    back = session_from_dict(tomllib.loads(text), finder=finder)
    assert isinstance(back, ExpeditionSession)
    assert back.daylight.left_ms == s.daylight.left_ms == 240_000 + 100_000 - 12_345
    assert back.game.history == s.game.history and back.game.redo_stack == s.game.redo_stack
    assert back.number == 2 and back.score == s.score and back.trek_seed == 2**64 - 5
    assert back.records == s.records
    # it goes on exactly as the original would
    for sess in (s, back):
        for m in easy_line()[2:]:
            sess.play_text(m)
    assert back.number == s.number == 3
    assert back.game.deal == s.game.deal and back.score == s.score


def test_broken_saves_are_refused_with_a_reason():
    s, finder = new_trek()
    data = s.to_dict()
    for key, value, words in [
        ("schema", 99, "schema"),
        ("mode", "daily", "not 'expedition'"),
        ("daylight_ms", -5, "daylight_ms"),
        ("number", 3, "multiplier"),
        ("records", "x", "records"),
    ]:
        broken = dict(data)
        broken[key] = value
        with pytest.raises(StateError, match=words):
            ExpeditionSession.from_dict(broken, finder=finder)


def test_prepared_next_deal_is_the_one_dealt():
    s, finder = new_trek()
    nxt = s.prepare_next()
    assert s.prepare_next() is nxt and len(finder.calls) == 2  # searched once
    clear(s)
    assert s.game.deal == nxt.deal and len(finder.calls) == 2
    s.skip()  # not prepared: searched now
    assert len(finder.calls) == 3 and s.game.deal.index > nxt.index


def test_daylight_cap_is_the_start_plus_the_bonuses():
    assert daylight_cap_ms(0) == 240_000
    assert daylight_cap_ms(1) == 340_000
    assert daylight_cap_ms(5) == 240_000 + 400_000
    assert daylight_cap_ms(7) == 240_000 + 400_000 + 100_000
    for n in range(30):
        assert daylight_cap_ms(n) == 240_000 + sum(clear_bonus_ms(k) for k in range(1, n + 1))
    assert daylight_cap_ms(10**15) > 0  # computed, not summed: a huge count is no hang


@pytest.mark.parametrize(
    "daylight",
    [
        2**63 - 1,
        10**30,
        "9" * 5000,
        "²",
        "٣",
        -1,
        -(2**63),
        1.5,
        float("nan"),
        float("inf"),
        True,
        "",
        "12a",
    ],
)
def test_absurd_daylight_in_a_save_is_refused(daylight):
    s, finder = new_trek()
    s.play_text("22+23")
    data = tomllib.loads(tomli_w.dumps(s.to_dict()))
    data["daylight_ms"] = daylight
    with pytest.raises(StateError, match="daylight") as caught:
        ExpeditionSession.from_dict(data, finder=finder)
    assert isinstance(caught.value, ValueError)  # storage sets aside a file that raises this


def test_daylight_just_over_the_cap_is_refused():
    """Pyramid 2 after 12.345 s: 340 s in all, so 327.655 s left is the most; 1 ms more is refused."""
    s, finder = new_trek()
    clear(s)
    run_frames(s, 12_345)
    data = s.to_dict()
    assert data["daylight_ms"] == 340_000 - 12_345
    assert ExpeditionSession.from_dict(data, finder=finder).daylight.left_ms == 340_000 - 12_345
    with pytest.raises(StateError, match="more than a trek with 1 pyramids cleared"):
        ExpeditionSession.from_dict({**data, "daylight_ms": 340_000 - 12_345 + 1}, finder=finder)
    # the elapsed time cannot go back before the pyramid on the table began
    with pytest.raises(StateError, match="pyramid_started_ms"):
        ExpeditionSession.from_dict({**data, "pyramid_started_ms": 12_346}, finder=finder)
    # a skip's 30 s cannot be handed back
    s.skip()
    data = s.to_dict()
    assert ExpeditionSession.from_dict(data, finder=finder).daylight.left_ms == data["daylight_ms"]
    with pytest.raises(StateError, match="more than"):
        ExpeditionSession.from_dict(
            {**data, "daylight_ms": data["daylight_ms"] + 30_000}, finder=finder
        )
    # nor can the pyramid on the table (and its multiplier) claim clears the records do not show
    kept = [r for r in data["records"] if not r["cleared"]]
    with pytest.raises(StateError, match="on pyramid 2 but its records show 0 cleared"):
        ExpeditionSession.from_dict({**data, "records": kept}, finder=finder)


@pytest.mark.parametrize(
    "key,value",
    [
        ("elapsed_ms", 2**63 - 1),
        ("elapsed_ms", -1),
        ("elapsed_ms", "nan"),
        ("pyramid_started_ms", 10**9),
        ("hints_used", 2**63 - 1),
    ],
)
def test_absurd_clock_fields_are_refused(key, value):
    s, finder = new_trek()
    run_frames(s, 2000)
    with pytest.raises(StateError, match=key):
        ExpeditionSession.from_dict({**s.to_dict(), key: value}, finder=finder)


def test_every_honest_save_of_a_trek_is_accepted():
    """Clears, skips, undo, a skip that ends the trek, an abandoned trek: every save along the way
    rebuilds with the daylight it had (the cap never refuses an honest save)."""
    import random

    rng = random.Random(5)
    for trek in range(12):
        s, finder = new_trek(seed=trek)
        while not s.finished:
            choice = rng.random()
            if choice < 0.2:
                clear(s)
            elif choice < 0.4:
                s.skip()
            elif choice < 0.45 and trek % 3 == 0:
                s.abandon()
            else:
                run_frames(s, rng.randrange(1, 60_000), frame=rng.choice([250, 1000, 4999]))
            back = ExpeditionSession.from_dict(
                tomllib.loads(tomli_w.dumps(s.to_dict())), finder=finder
            )
            assert back.daylight.left_ms == s.daylight.left_ms and back.elapsed_ms == s.elapsed_ms
            assert back.finished == s.finished and back.number == s.number
