"""The browser's statistics, past games and replay without a browser: the worker's requests
(``statistics``, ``games``, ``replay``, ``analyse``) over the application layer, and the solver's
analysis in steps (the browser's worker has no second process)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import (
    PRESETS,
    SATCHEL,
    STOCK,
    WASTE,
    Deal,
    Game,
    decode_game_code,
    encode_deal_code,
    encode_game_code,
)
from desert_pyramid.engine.moves import Move, MoveKind
from desert_pyramid.progression import Stats, StatsKey
from desert_pyramid.solver import Verdict, solve
from desert_pyramid.solver.analysis import analyse, analysis_steps
from desert_pyramid.web.protocol import Worker

PILE = {STOCK: "stock", WASTE: "waste", SATCHEL: "satchel"}


@lru_cache(maxsize=2)
def won_line(rules: str = "desert") -> tuple[str, tuple[Move, ...]]:
    """A deal the solver wins, and its line."""
    for seed in range(1, 100):
        game = Game(get_layout(1), PRESETS[rules], Deal.from_seed(seed))
        result = solve(game, node_budget=300_000)
        if result.verdict is Verdict.WINNABLE:
            return encode_deal_code(game.deal, game.rules, 1), tuple(result.line)
    raise AssertionError("no winnable deal")


@lru_cache(maxsize=2)
def lost_line(rules: str = "classic") -> tuple[str, tuple[Move, ...]]:
    """A deal played by always taking the first legal move until no removal can ever come."""
    for seed in range(1, 100):
        game = Game(get_layout(1), PRESETS[rules], Deal.from_seed(seed))
        line: list[Move] = []
        while not game.is_over and len(line) < 400:
            move = game.legal_moves()[0]
            game.play(move)
            line.append(move)
        if game.is_stuck():
            return encode_deal_code(game.deal, game.rules, 1), tuple(line)
    raise AssertionError("no deal that gets stuck")


def opened(tmp_path: Path, today: str = "2026-12-07") -> Worker:
    worker = Worker()
    hello = worker.handle({"id": 1, "op": "hello", "save_dir": str(tmp_path), "today": today})
    assert hello["ok"], hello
    return worker


def ask(worker: Worker, op: str, **fields: Any) -> dict[str, Any]:
    return worker.handle({"id": 9, "op": op, **fields})


def play_through(worker: Worker, code: str, line: tuple[Move, ...]) -> dict[str, Any]:
    """A deal from its code, played by the page's taps (the table's control decides)."""
    reply = ask(worker, "start", code=code)
    assert reply["ok"], reply
    for move in line:
        before = reply["state"]["moves"]
        if move.kind in (MoveKind.FLIP, MoveKind.REDEAL):
            reply = ask(worker, "act", action="tap", place="stock")
        elif move.kind == MoveKind.KING:
            reply = ask(worker, "act", action="tap", place=PILE.get(move.a, move.a))
        elif move.kind == MoveKind.STASH:
            ask(worker, "act", action="tap", place=move.a)
            reply = ask(worker, "act", action="stash", place=move.a)
        else:
            a, b = (move.b, move.a) if move.a == STOCK else (move.a, move.b)
            reply = ask(worker, "act", action="tap", place=PILE.get(a, a))
            if reply["state"]["moves"] == before:
                reply = ask(worker, "act", action="tap", place=PILE.get(b, b))
        assert reply["state"]["moves"] == before + 1, (str(move), reply["state"]["message"])
    return reply


def play_and_leave(worker: Worker, code: str, line: tuple[Move, ...]) -> dict[str, Any]:
    """A deal played until it is over, then left for the start page: a stuck deal is finished
    then, as a loss (the desktop's New deal)."""
    play_through(worker, code, line)
    reply = ask(worker, "leave")
    assert reply["ok"] and reply["result"]["finished"], reply
    return reply


def view(stats: dict[str, Any], label: str) -> dict[str, Any]:
    found = [v for v in stats["views"] if v["label"] == label]
    assert found, [v["label"] for v in stats["views"]]
    return found[0]


def figures(v: dict[str, Any]) -> dict[str, str]:
    return {f["label"]: f["value"] for f in v["figures"]}


def test_statistics_count_a_won_and_a_lost_deal_as_the_desktop_words_them(tmp_path: Path) -> None:
    worker = opened(tmp_path)
    before = ask(worker, "statistics")["result"]
    assert [v["label"] for v in before["views"]] == ["All games"]
    assert before["views"][0]["chart"]["kind"] == "empty"
    assert figures(before["views"][0])["Win rate"] == "—"
    won = play_through(worker, *won_line())
    assert won["state"]["won"] and won["state"]["result"]["outcome"] == "won"
    lost = play_and_leave(worker, *lost_line())
    assert lost["state"]["stuck"] and lost["state"]["result"]["outcome"] == "lost"
    stats = ask(worker, "statistics")["result"]
    total = view(stats, "All games")
    assert figures(total)["Played"] == "2" and figures(total)["Won"] == "1"
    assert figures(total)["Lost"] == "1" and figures(total)["Win rate"] == "50%"
    assert total["chart"]["kind"] == "days" and total["chart"]["bars"] == [
        {"date": "2026-12-07", "day": "7 Dec", "short": "07/12", "wins": 1, "losses": 1}
    ]
    desert = view(stats, "Practice · Desert rules · layout 1: Classic Pyramid")
    assert figures(desert)["Best streak"] == "1" and figures(desert)["Best score"] != "—"
    assert desert["chart"]["kind"] == "results"
    assert [b["won"] for b in desert["chart"]["bars"]] == [True]
    classic = view(stats, "Practice · Classic rules · layout 1: Classic Pyramid")
    assert figures(classic)["Lost"] == "1" and figures(classic)["Current streak"] == "0"
    assert classic["short"] == "Practice · layout 1"
    assert classic["labels"] == [
        "Practice · Classic rules · layout 1: Classic Pyramid",
        "Practice · Classic rules · layout 1",
        "Practice · layout 1",
    ]
    assert stats["words"]["past_games"] == "Past games"
    # the statistics read in German: the desktop's words and Babel's numbers
    assert ask(worker, "language", language="de")["ok"]
    german = ask(worker, "statistics")["result"]
    total_de = german["views"][0]
    assert total_de["label"] == "Alle Spiele"
    assert figures(total_de)["Gespielt"] == "2"
    assert figures(total_de)["Gewinnquote"] == "50\u00a0%"
    assert total_de["chart"]["bars"][0]["day"] == "7. Dez."


def test_past_games_are_listed_newest_first_with_their_codes(tmp_path: Path) -> None:
    worker = opened(tmp_path)
    assert ask(worker, "games")["result"]["games"] == []
    play_through(worker, *won_line())
    play_and_leave(worker, *lost_line())
    rows = ask(worker, "games")["result"]["games"]
    assert [r["outcome"] for r in rows] == ["lost", "won"]
    for row, (deal, line) in zip(rows, [lost_line(), won_line()], strict=True):
        assert row["code"].startswith("DG-")
        code = decode_game_code(row["code"], get_layout)
        assert encode_deal_code(code.deal, code.rules, 1) == deal and code.moves == line
        assert row["date"] == "2026-12-07" and row["mode"] == "practice"
    assert rows[0]["what"] == "7 Dec 2026 · Practice · Classic · layout 1"
    assert rows[0]["result"] == f"lost · {rows[0]['score']}"
    assert rows[1]["result"].startswith("won · ")


def test_a_replay_steps_through_every_position_of_its_game(tmp_path: Path) -> None:
    worker = opened(tmp_path)
    deal, line = won_line()
    end = play_through(worker, deal, line)["state"]
    code = ask(worker, "games")["result"]["games"][0]["code"]
    reply = ask(worker, "replay", code=code.lower())  # a code is read in any case
    assert reply["ok"], reply
    replay = reply["result"]
    assert replay["title"] == "Replay · Practice" and replay["moves"] == len(line)
    assert replay["total"] == end["result"]["score"]
    positions = replay["positions"]
    assert len(positions) == len(line) + 1
    first, last = positions[0], positions[-1]
    assert all(s["card"] for s in first["slots"]) and first["line"] == "The deal."
    assert first["stock"]["count"] == 24 and first["moves"] == 0
    assert last["slots"] == end["slots"] and last["won"] and last["next"] == []
    assert last["waste"] == end["waste"] and last["stock"] == end["stock"]
    game = Game(get_layout(1), PRESETS["desert"], decode_game_code(code, get_layout).deal)
    for k, move in enumerate(line, start=1):
        assert positions[k - 1]["next"], k  # the cards of the move about to be played
        game.play(move)
        pos = positions[k]
        assert pos["moves"] == k and pos["line"].startswith(f"{k}. ")
        assert pos["figures"] == f"Move {k} of {len(line)} · Score {pos['score']}"
        assert [s["card"]["id"] if s["card"] else -1 for s in pos["slots"]] == list(game.cards)
        assert pos["waste"]["count"] == len(game.waste)
    assert [s["label"] for s in replay["speeds"]] == [
        "Speed 0.5×",
        "Speed 1×",
        "Speed 2×",
        "Speed 4×",
    ]
    # a code that is no past game: the layout's name in the title, the moves' own score
    other = Game(get_layout(1), PRESETS["desert"], Deal.from_seed(5))
    other.replay(other.legal_moves()[:1])
    fresh = ask(worker, "replay", code=encode_game_code(other))["result"]
    assert fresh["title"] == "Replay · Classic Pyramid" and fresh["moves"] == 1


def test_the_analysis_runs_in_steps_and_names_the_move_that_lost(tmp_path: Path) -> None:
    worker = opened(tmp_path)
    assert "send 'replay'" in ask(worker, "analyse")["error"]
    play_and_leave(worker, *lost_line())
    code = ask(worker, "games")["result"]["games"][0]["code"]
    replay = ask(worker, "replay", code=code)["result"]
    assert replay["analysis"]["done"] is False and replay["analysis"]["summary"] == "analysing…"
    game = decode_game_code(code, get_layout).game(get_layout(1))
    desktop = analyse(game)
    assert desktop.losing_move is not None
    answers = []
    for _ in range(2_000):
        reply = ask(worker, "analyse", time_limit=0.01)
        assert reply["ok"], reply
        answers.append(reply["result"])
        if reply["result"]["done"]:
            break
    a = answers[-1]
    assert a["done"] and a["complete"] and a["progress"] == 1.0
    assert a["losing_move"] == desktop.losing_move
    assert [m["verdict"] for m in a["marks"]] == [m.verdict.value for m in desktop.marks]
    assert a["marks"][desktop.losing_move - 1]["words"] == "the move that lost the deal"
    assert a["summary"] == f"lost at move {desktop.losing_move}"
    assert a["lost_line"].startswith(f"Next, move {desktop.losing_move} lost the deal.")
    assert all(0.0 <= x["progress"] <= 1.0 for x in answers)
    # a bad time limit is refused with the value
    assert "not a time limit" in ask(worker, "analyse", time_limit="soon")["error"]
    assert "not a time limit" in ask(worker, "analyse", time_limit=-1)["error"]


def test_the_analysis_in_steps_is_the_analysis_whole() -> None:
    """Searches cut short again and again (every second check) go on where they stopped: the
    steps end on the same analysis as one call."""
    deal, line = lost_line("desert")
    game = Game(get_layout(1), PRESETS["desert"], Deal.from_seed(1))
    assert encode_deal_code(game.deal, game.rules, 1) == deal
    game.replay(line)
    calls = [0]

    def stop() -> bool:
        calls[0] += 1
        return calls[0] % 2 == 0

    steps = list(analysis_steps(game, should_stop=stop))
    uncut = list(analysis_steps(game))
    whole = analyse(game)
    last = steps[-1]
    assert len(steps) > len(uncut)  # cut, and searched on
    assert last.complete == whole.complete and last.losing_move == whole.losing_move
    assert [m.verdict for m in last.marks] == [m.verdict for m in whole.marks]
    assert [str(s) for s in last.instead] == [str(s) for s in whole.instead]
    assert [str(s) for s in last.advice] == [str(s) for s in whole.advice]
    assert all(not s.complete for s in steps[:-1])


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        ("DG-nonsense", "the game code does not check out"),
        ("", "the game code is empty"),
        ("DP-7H3T-PAGM", "a game code starts with 'DG-'"),
        ("DG-" + "A" * 9_000, "too long"),
    ],
)
def test_a_bad_game_code_is_refused_with_its_reason(tmp_path: Path, code: str, reason: str) -> None:
    worker = opened(tmp_path)
    reply = ask(worker, "replay", code=code)
    assert not reply["ok"] and reply["error"].startswith("This game cannot be shown: ")
    assert reason in reply["error"]
    assert ask(worker, "replay")["error"] == "'code' is missing: a game code (DG-…)"
    assert ask(worker, "replay", code=12)["error"] == "'code' needs a game code (DG-…), not 12"


def test_a_german_bad_code_keeps_the_engines_reason(tmp_path: Path) -> None:
    worker = opened(tmp_path)
    ask(worker, "language", language="de")
    error = ask(worker, "replay", code="DG-nonsense")["error"]
    assert "the game code does not check out" in error
    assert not error.startswith("This game cannot be shown")


def test_statistics_kept_from_a_damaged_save_show_last_as_the_desktop_shows_them(
    tmp_path: Path,
) -> None:
    """A statistics key salvaged from a damaged save ("other" mode and rules, layout 0) is
    counted in the totals and shown as a view of its own, last."""
    worker = opened(tmp_path)
    play_through(worker, *won_line())
    assert worker.table is not None
    other = Stats(won=3, lost=1, best_score=900)
    worker.table.app.progress.stats[StatsKey("other", "other", 0)] = other
    views = ask(worker, "statistics")["result"]["views"]
    assert figures(views[0])["Played"] == "5"
    assert views[-1]["label"].startswith("Other · Other rules · layout 0")
    assert figures(views[-1])["Won"] == "3" and figures(views[-1])["Best score"] == "900"
