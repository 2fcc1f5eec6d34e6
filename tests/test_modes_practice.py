"""Practice: any rules and layout, deals by code, winnable deals, the coach on the table, timed
scoring, hints, rewind, the computer player, abandoning, saving."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass

import pytest
import tomli_w

from desert_pyramid.engine import (
    CLASSIC,
    DESERT,
    PRESETS,
    RELAXED,
    STRICT,
    Deal,
    Game,
    IllegalMoveError,
    Move,
    StateError,
    encode_deal_code,
)
from desert_pyramid.engine.layout import classic_layout
from desert_pyramid.modes import InputError, PracticeSession, PracticeWon, session_from_dict
from tests.test_modes_helpers import (
    EASY_POINTS,
    LAYOUT,
    FakeFinder,
    easy_deal,
    easy_line,
    game_from,
    run_frames,
)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset(name):
    s = PracticeSession.random(PRESETS[name], LAYOUT, seed=5)
    assert s.game.rules == PRESETS[name] and s.game.deal == Deal.from_seed(5)
    assert s.messages and s.messages[0].topic == "rules"
    s.play(s.game.legal_moves()[0])


def test_options_on_top_of_a_preset():
    rules = DESERT.with_options(passes=1, draw_three=True, all_52=True)
    s = PracticeSession.random(rules, LAYOUT, seed=1)
    s.play_text("F")
    assert len(s.game.waste) == 3


def test_classic_rules_refuse_another_layout():
    other = classic_layout()
    object.__setattr__(other, "number", 2)
    with pytest.raises(InputError, match="layout 1"):
        PracticeSession.random(CLASSIC, other, seed=1)
    PracticeSession.random(DESERT, other, seed=1)  # desert plays every layout


def test_deal_code_round_trip_and_notation():
    deal = Deal.from_seed(424242)
    code = encode_deal_code(deal, STRICT, 1)
    s = PracticeSession.from_code(code.lower())
    assert s.game.deal == deal and s.game.rules == STRICT and s.source == "code"
    s2 = PracticeSession.from_code(deal.notation(), RELAXED, LAYOUT)
    assert s2.game.deal.cards == deal.cards and s2.game.rules == RELAXED


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "type or paste"),
        ("DP-ZZZZ-ZZZZ", "does not check out"),
        ("DP-4G2U-81Q0", "not a deal-code character"),
        ("AS 2H", "52 cards"),
        ("AS " * 52, "repeats"),
    ],
)
def test_unreadable_deal_text_says_why_and_changes_nothing(text, words):
    s = PracticeSession.random(DESERT, LAYOUT, seed=3)
    s.play_text("F")
    before = s.to_dict()
    with pytest.raises(InputError, match=words):
        PracticeSession.from_code(text)
    assert s.to_dict() == before


def test_winnable_deal_with_grade():
    finder = FakeFinder(step=5, real=True)
    s = PracticeSession.winnable(DESERT, LAYOUT, seed=77, finder=finder, grader=lambda g: "Medium")
    assert s.game.deal == Deal.from_seed(77, 0) and s.grade == "Medium" and s.source == "winnable"
    assert s.hud()["grade"] == "Medium"
    assert s.results().grade == "Medium"


def test_coach_speaks_after_each_player_move():
    s = PracticeSession(
        game_from(
            {22: "6S", 23: "2C", 24: "2D", 25: "3C", 26: "3D", 27: "4C", 28: "4D"},
            ["7D", "5C"],
            DESERT,
        ),
        source="code",
    )
    s.play_text("F")
    assert [m.topic for m in s.messages] == ["flip"]
    s.play_text("F")
    assert [m.mistake for m in s.messages] == [2]
    s.undo()
    assert s.messages == []


def win_easy(s: PracticeSession) -> list[object]:
    events: list[object] = []
    for m in easy_line():
        events.extend(s.play_text(m))
    return events


def test_desert_practice_win():
    s = PracticeSession(Game(LAYOUT, DESERT, easy_deal()), source="code")
    run_frames(s, 42_000)
    events = win_easy(s)
    assert s.finished and PracticeWon(42, EASY_POINTS) in events
    r = s.results()
    assert r.won and r.score == EASY_POINTS and r.pyramids_cleared == 1 and r.clean_clears == 1
    assert r.mode == "practice" and r.preset == "desert" and r.scoring == "desert"
    with pytest.raises(IllegalMoveError, match="over"):
        s.undo()


def test_relaxed_practice_uses_the_timed_scoring():
    s = PracticeSession(Game(LAYOUT, RELAXED, easy_deal()), source="code")
    s.play_text("22+23")
    assert s.score == 10
    run_frames(s, 61_000, frame=100)  # two full 30 s periods: -60, never below 0
    assert s.score == 0
    for m in easy_line()[1:]:
        s.play_text(m)
    # 16 removals = 160 points, -60 for 61 s, + 600000 // 61 on the win
    assert s.score == 160 - 60 + 600_000 // 61
    assert s.results().score == s.score and s.results().scoring == "timed"


def test_classic_scoring_counts_cards_left():
    s = PracticeSession(Game(LAYOUT, CLASSIC, easy_deal()), source="code")
    s.play_text("22+23")
    assert s.score == 26 and s.hud()["score"] == "26 left"


def test_practice_pauses_on_focus_and_resumes_with_it():
    s = PracticeSession.random(DESERT, LAYOUT, seed=1)
    s.focus_lost()
    run_frames(s, 1000)
    assert s.elapsed_ms == 0
    s.focus_gained()
    assert not s.paused
    s.pause()
    s.focus_gained()
    assert s.paused  # the player's own pause stays


@dataclass
class FakeHint:
    verdict: str
    move: Move | None = None
    rewind_to: int | None = None


def test_hint_is_played_and_counted():
    s = PracticeSession(Game(LAYOUT, DESERT, easy_deal()), source="code")
    hint = FakeHint("winnable", Move.parse("22+23"))
    s.note_hint()
    s.play_hint(hint)
    assert s.game.history == (Move.parse("22+23"),) and s.results().hints_used == 1
    with pytest.raises(IllegalMoveError):
        s.play_hint(FakeHint("unknown"))


def test_lost_offer_and_rewind_to_the_last_winnable_position():
    s = PracticeSession(Game(LAYOUT, DESERT, easy_deal()), source="code")
    for m in ["F", "F", "F", "F"]:
        s.play_text(m)
    assert s.lost_offer(FakeHint("winnable")) == ""
    assert str(s.lost_offer(FakeHint("lost", rewind_to=1))) == (  # a sentence: str, its English
        "No way through from here. Undo 3 moves to go back to the last position from which the deal "
        "could still be won?"
    )
    assert "cannot be won" in str(s.lost_offer(FakeHint("lost")))
    s.rewind(1)
    assert s.game.moves == 1 and s.game.redo_stack == (Move.parse("F"),) * 3
    with pytest.raises(IllegalMoveError):
        s.rewind(5)


class LinePlayer:
    def __init__(self, line: list[str]) -> None:
        self.line = [Move.parse(m) for m in line]

    def next_move(self, game: Game) -> Move | None:
        return self.line[game.moves] if game.moves < len(self.line) else None


def test_computer_player_finishes_step_by_step():
    s = PracticeSession(Game(LAYOUT, DESERT, easy_deal()), source="code")
    s.play_text(easy_line()[0])
    player = LinePlayer(easy_line())
    steps = 0
    while not s.finished:
        assert s.computer_step(player) is not None
        assert s.messages == []  # the coach does not judge the computer's moves
        steps += 1
    assert steps == len(easy_line()) - 1
    r = s.results()
    assert r.won and r.assisted


def test_computer_player_with_nothing_to_play():
    s = PracticeSession.random(DESERT, LAYOUT, seed=1)
    assert s.computer_step(LinePlayer([])) is None and s.game.moves == 0


def test_abandoned_practice_is_a_loss():
    s = PracticeSession.random(DESERT, LAYOUT, seed=1)
    s.play_text("F")
    r = s.abandon()
    assert r.abandoned and not r.won and r.moves == 1
    assert s.abandon() == r  # leaving twice changes nothing


def test_saved_practice_continues_with_history_clock_and_coach():
    s = PracticeSession.random(STRICT, LAYOUT, seed=2**40 + 3)
    run_frames(s, 777)
    s.play_text("F")
    s.play_text("F")
    s.undo()
    s.note_hint()
    text = tomli_w.dumps(s.to_dict())
    back = session_from_dict(tomllib.loads(text))
    assert isinstance(back, PracticeSession)
    assert back.game.history == s.game.history and back.game.redo_stack == s.game.redo_stack
    assert back.elapsed_ms == 777 and back.coach.shown == s.coach.shown and back.hints_used == 1
    assert back.game.rules == STRICT and back.game.deal == s.game.deal


@pytest.mark.parametrize(
    "change, words",
    [
        ({"mode": "chess"}, "unknown game mode"),
        ({"elapsed_ms": "soon"}, "elapsed_ms"),
        ({"coach": {"shown": "all"}}, "shown"),
        ({"game": {"schema": 1, "layout": 99}}, "layout"),
    ],
)
def test_broken_practice_save_is_refused(change, words):
    data = {**PracticeSession.random(DESERT, LAYOUT, seed=1).to_dict(), **change}
    with pytest.raises(StateError, match=words):
        session_from_dict(data)


def test_hud():
    s = PracticeSession.random(DESERT, LAYOUT, seed=1)
    run_frames(s, 65_000, frame=100)
    hud = s.hud()
    assert hud["time"] == "1:05" and hud["rules"] == "desert" and hud["redeals"] == "2"
    assert hud["mode"] == "Practice" and hud["score"] == "0"


def test_only_timed_practice_is_timed_and_a_gap_pauses_only_it():
    untimed = PracticeSession.new(DESERT, LAYOUT, easy_deal())
    timed = PracticeSession.new(RELAXED, LAYOUT, easy_deal())
    assert not untimed.timed and timed.timed
    for s in (untimed, timed):
        run_frames(s, 1000, frame=250)
        assert s.update(60_000) == 0 and s.elapsed_ms == 1000
    assert not untimed.paused  # an untimed table plays on after the gap
    assert timed.paused and timed.pause_reason == "suspend"


def test_saved_practice_with_an_absurd_clock_is_refused():
    data = PracticeSession.new(DESERT, LAYOUT, easy_deal()).to_dict()
    for value in (2**63 - 1, -5, float("nan"), "9" * 5000):
        with pytest.raises(StateError, match="elapsed_ms"):
            PracticeSession.from_dict({**data, "elapsed_ms": value})


def test_play_as_computer_returns_the_events_and_marks_the_game_assisted() -> None:
    from desert_pyramid.catalog import get_layout
    from desert_pyramid.engine import DESERT, Deal

    s = PracticeSession.new(DESERT, get_layout(1), Deal.from_seed(5))
    move = s.game.legal_moves()[0]
    events = s.play_as_computer(move)
    assert events and s.game.history == (move,)
    assert s.messages == []  # the coach does not judge the computer's moves
    assert s.results().assisted


def test_the_modes_read_no_layout_file_unless_given_the_catalogue() -> None:
    """Without a ``get_layout`` the modes know the classic pyramid only (the engine builds it);
    another layout needs the caller's catalogue, and says so."""
    from desert_pyramid.catalog import get_layout
    from desert_pyramid.engine import encode_deal_code

    classic = PracticeSession.from_code(encode_deal_code(Deal.from_seed(3), DESERT, 1))
    assert classic.game.layout == get_layout(1)
    code = encode_deal_code(Deal.from_seed(3), DESERT, 7)
    with pytest.raises(InputError, match="needs the layout catalogue"):
        PracticeSession.from_code(code)
    assert PracticeSession.from_code(code, get_layout=get_layout).game.layout.number == 7
