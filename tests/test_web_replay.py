"""The browser replay's "Play on from here" without a browser: the worker's ``play_on`` request
opens a Practice deal at the replay's position through the application (``Application.play_on``,
as the desktop's replay does), undo goes back to the deal, and the game is recorded as the
desktop records it once it ends."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from desert_pyramid.app.application import Application
from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import Game, decode_game_code, encode_game_code
from desert_pyramid.engine.moves import Move
from desert_pyramid.modes import InputError
from desert_pyramid.web.protocol import Worker
from tests.test_web_records import ask, lost_line, opened, play_and_leave, play_through, won_line


def played_past_game(worker: Worker) -> tuple[str, tuple[Move, ...]]:
    """A won deal played through (recorded): its game code and its moves."""
    _deal, line = won_line()
    play_through(worker, *won_line())
    ask(worker, "leave")
    code = ask(worker, "games")["result"]["games"][0]["code"]
    return code, line


def cards(state: dict[str, Any]) -> list[int]:
    return [s["card"]["id"] if s["card"] else -1 for s in state["slots"]]


def test_play_on_opens_practice_at_the_replays_position_with_its_moves_to_undo(
    tmp_path: Path,
) -> None:
    worker = opened(tmp_path)
    code, line = played_past_game(worker)
    replay = ask(worker, "replay", code=code)["result"]
    k = len(line) // 2
    reply = ask(worker, "play_on", move=k)
    assert reply["ok"], reply
    state = reply["state"]
    position = replay["positions"][k]
    assert state["mode"] == "practice" and not state["finished"]
    assert state["moves"] == k
    assert state["slots"] == position["slots"]
    assert state["stock"] == position["stock"] and state["waste"] == position["waste"]
    assert state["can_undo"] and not state["can_redo"]
    # the desktop's words on the message line
    assert state["message"] == (f"Played on from move {k} of a replay: undo goes back to the deal.")
    # the replay is closed: its analysis is not asked on
    assert not ask(worker, "analyse", time_limit=0.1)["ok"]
    # undo takes the replay's moves back, one by one, to the deal
    for left in range(k - 1, -1, -1):
        state = ask(worker, "act", action="undo")["state"]
        assert state["moves"] == left
        assert state["slots"] == replay["positions"][left]["slots"]
    assert not state["can_undo"]
    assert ask(worker, "act", action="undo")["result"]["moved"] is False
    # and redo plays them again
    state = ask(worker, "act", action="redo")["state"]
    assert state["moves"] == 1 and state["slots"] == replay["positions"][1]["slots"]


def test_a_game_played_on_is_recorded_as_a_practice_game_with_every_move(tmp_path: Path) -> None:
    worker = opened(tmp_path)
    code, line = played_past_game(worker)
    assert ask(worker, "replay", code=code)["ok"]
    before = ask(worker, "games")["result"]["games"]
    reply = ask(worker, "play_on", move=len(line) - 1)
    assert reply["ok"], reply
    # the last move played at the table, by taps
    last = line[-1]
    places = [p for p in (last.a, last.b) if p >= 0]
    for place in places:
        reply = ask(worker, "act", action="tap", place=place)
        if reply["result"]["moved"]:
            break
    assert reply["state"]["won"], reply["state"]["message"]
    assert reply["state"]["result"]["mode"] == "practice"
    assert ask(worker, "leave")["ok"]
    after = ask(worker, "games")["result"]["games"]
    assert len(after) == len(before) + 1
    row = after[0]
    assert row["mode"] == "practice" and row["outcome"] == "won"
    # the game code holds the whole game: the replay's moves and the move played on
    kept = decode_game_code(row["code"], get_layout)
    assert kept.moves == line
    game = kept.game(get_layout(1))
    assert encode_game_code(game) == row["code"]
    stats = ask(worker, "statistics")["result"]["views"][0]
    assert {f["label"]: f["value"] for f in stats["figures"]}["Won"] == "2"


def test_play_on_from_the_deal_and_from_a_lost_games_end(tmp_path: Path) -> None:
    worker = opened(tmp_path)
    play_and_leave(worker, *lost_line())
    code = ask(worker, "games")["result"]["games"][0]["code"]
    replay = ask(worker, "replay", code=code)["result"]
    start = ask(worker, "play_on", move=0)["state"]
    assert start["moves"] == 0 and not start["can_undo"]
    assert start["slots"] == replay["positions"][0]["slots"]
    assert start["rules"]["name"] == "classic"
    # the end of a lost game: stuck at once; leaving records it as a loss
    assert ask(worker, "replay", code=code)["ok"]
    end = ask(worker, "play_on", move=replay["moves"])
    assert end["state"]["stuck"] and end["state"]["moves"] == replay["moves"]
    assert ask(worker, "leave")["result"]["finished"]
    rows = ask(worker, "games")["result"]["games"]
    assert [r["outcome"] for r in rows[:2]] == ["lost", "lost"]
    assert rows[0]["code"] == code  # the same deal, the same moves: the same game code


@pytest.mark.parametrize(
    ("move", "error"),
    [
        (None, "'move' needs a move number from 0 to"),
        (-1, "not -1"),
        (10_000, "not 10000"),
        ("3", "not '3'"),
        (True, "not True"),
        (2.0, "not 2.0"),
    ],
)
def test_a_bad_move_number_is_refused_and_the_replay_stays(
    tmp_path: Path, move: object, error: str
) -> None:
    worker = opened(tmp_path)
    code, _line = played_past_game(worker)
    assert ask(worker, "replay", code=code)["ok"]
    reply = ask(worker, "play_on", move=move)
    assert not reply["ok"] and error in reply["error"], reply
    assert ask(worker, "analyse", time_limit=0.1)["ok"]  # the replay is still open
    assert ask(worker, "play_on", move=1)["ok"]


def test_play_on_needs_a_replay_and_a_move(tmp_path: Path) -> None:
    worker = opened(tmp_path)
    reply = ask(worker, "play_on", move=0)
    assert not reply["ok"] and "no replay to play on from" in reply["error"]
    code, _line = played_past_game(worker)
    assert ask(worker, "replay", code=code)["ok"]
    reply = ask(worker, "play_on")
    assert not reply["ok"] and reply["error"].startswith("'play_on' needs 'move'")


def test_rules_practice_does_not_play_are_refused_with_the_applications_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The desktop's refusal (``Application.play_on`` raising ``InputError``) reaches the page
    as the request's error; the table keeps what it had. (A game code the engine cannot play is
    refused earlier, when its replay opens.)"""
    worker = opened(tmp_path)
    code, line = played_past_game(worker)
    assert ask(worker, "replay", code=code)["ok"]

    def refuse(self: Application, game: Game) -> None:
        raise InputError("the classic rules play the classic pyramid (layout 1) only, not layout 5")

    monkeypatch.setattr(Application, "play_on", refuse)
    reply = ask(worker, "play_on", move=2)
    assert not reply["ok"]
    assert reply["error"] == (
        "the classic rules play the classic pyramid (layout 1) only, not layout 5"
    )
    table = ask(worker, "state")["state"]  # the game played before, not a new one
    assert table["moves"] == len(line) and table["won"]


def played_on_days(folder: Path, days: int = 16) -> Worker:
    """A profile in ``folder`` with a game a day on ``days`` days in a row from 1 November 2026
    (a strict deal flipped through until it is stuck, left: a loss; every third day the won deal
    too), played through the worker as the page plays, the calendar set to each day: the
    statistics' per-day chart then has its 14 days."""
    import datetime
    from unittest import mock

    from tests.web.helpers import stuck_deal

    worker = opened(folder, "2026-11-01")
    first = datetime.date(2026, 11, 1)
    for k in range(days):
        day = first + datetime.timedelta(days=k)
        with mock.patch("desert_pyramid.local_date.today", return_value=day):
            reply = ask(worker, "start", code=stuck_deal(), today=day.isoformat())
            while not reply["state"]["stuck"]:
                reply = ask(worker, "act", action="tap", place="stock")
            assert ask(worker, "leave")["result"]["finished"]
            if k % 3 == 0:
                play_through(worker, *won_line())
                assert ask(worker, "leave")["ok"]
    return worker


def test_the_per_day_chart_has_the_last_14_days_each_with_its_short_label(tmp_path: Path) -> None:
    worker = played_on_days(tmp_path)
    total = ask(worker, "statistics", today="2026-11-16")["result"]["views"][0]
    chart = total["chart"]
    assert chart["kind"] == "days" and len(chart["bars"]) == 14
    assert chart["title"] == "Wins and losses on the last 14 days played"
    assert [b["date"] for b in chart["bars"]][:2] == ["2026-11-03", "2026-11-04"]
    assert chart["bars"][-1]["day"] == "16 Nov" and chart["bars"][-1]["short"] == "16/11"
    assert sum(b["wins"] for b in chart["bars"]) == 5  # the 4th, 7th, 10th, 13th and 16th
    assert all(b["losses"] == 1 for b in chart["bars"])
