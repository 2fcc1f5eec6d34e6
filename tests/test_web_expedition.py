"""The Expedition through the worker's protocol, without a browser: a trek started, the page's
time reported and counted (the worker reads no clock), the daylight falling, a cleared pyramid
dealing the next one at ×2 with the clear's daylight, the sunset ending the trek with its
results, a reload keeping the daylight it had (never more), a hidden page's time not counted,
the pause hiding a timed table, and bad time reports refused with the reason."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from desert_pyramid.engine import DESERT, Game
from desert_pyramid.engine.moves import MoveKind
from desert_pyramid.i18n import use_language
from desert_pyramid.modes.expedition import clear_bonus_ms
from desert_pyramid.solver import Verdict, solve
from desert_pyramid.web.protocol import Worker
from tests.web.helpers import worker_act as act

STEP_MS = 4_000  # the page reports about once a second; a report over 5 s is a suspend gap


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


def ask(worker: Worker, op: str, **fields: Any) -> dict[str, Any]:
    reply = worker.handle({"id": 1, "op": op, **fields})
    assert reply["ok"], reply
    return reply


def trek(tmp_path: Path, **hello: Any) -> tuple[Worker, dict[str, Any]]:
    worker = Worker()
    ask(worker, "hello", save_dir=str(tmp_path), **hello)
    return worker, ask(worker, "expedition")


def report(worker: Worker, ms: int) -> dict[str, Any]:
    """The page's time, ``ms`` of it, reported in steps as its timer does."""
    reply: dict[str, Any] = {}
    moments: list[dict[str, Any]] = []
    while ms > 0:
        step = min(ms, STEP_MS)
        reply = ask(worker, "tick", elapsed_ms=step)
        moments += reply["result"].get("moments", [])
        ms -= step
    reply["moments"] = moments
    return reply


def clear_pyramid(worker: Worker) -> dict[str, Any]:
    """The pyramid on the table cleared by its winning line (the solver's, in the test)."""
    assert worker.table is not None and worker.table.seat is not None
    game = worker.table.seat.game
    assert game.rules == DESERT and game.layout.number == 1
    line = solve(Game(game.layout, game.rules, game.deal), node_budget=500_000)
    assert line.verdict == Verdict.WINNABLE
    reply: dict[str, Any] = {}
    for move in line.line:
        reply = act(worker, move)
    return reply


def test_a_trek_starts_with_240_s_of_daylight_and_the_pages_time_makes_it_fall(
    tmp_path: Path,
) -> None:
    worker, reply = trek(tmp_path)
    st = reply["state"]
    assert st["mode"] == "expedition" and st["title"] == "Expedition"
    assert st["timed"] and not st["paused"] and not st["finished"]
    exp = st["expedition"]
    assert exp["pyramid"] == 1 and exp["multiplier"] == "×1" and exp["cleared"] == 0
    assert exp["daylight_ms"] == 240_000 and exp["daylight"] == "4:00"
    assert exp["fraction"] == 1.0 and exp["dusk"] == 0.0 and exp["phase"] == "noon"
    assert exp["skip"] == "Skip this pyramid (−30 s)"
    assert st["message"].startswith("Clear pyramids before the sun sets")
    # the worker counts what the page reports, nothing of its own
    assert ask(worker, "state")["state"]["expedition"]["daylight_ms"] == 240_000
    st = report(worker, 130_500)["state"]
    exp = st["expedition"]
    assert exp["daylight_ms"] == 240_000 - 130_500 and exp["daylight"] == "1:50"
    assert exp["phase"] == "sunset" and 0.5 < exp["dusk"] < 0.6
    assert st["time_ms"] == 130_500
    # the time of any request is counted first (the page sends it with its taps)
    st = ask(worker, "act", action="flip", elapsed_ms=500)["state"]
    assert st["expedition"]["daylight_ms"] == 109_000 and st["moves"] == 1


def test_a_cleared_pyramid_deals_the_next_at_x2_with_the_clears_daylight(tmp_path: Path) -> None:
    worker, _ = trek(tmp_path)
    first = ask(worker, "state")["state"]["deal_code"]
    report(worker, 10_000)
    reply = clear_pyramid(worker)
    st = reply["state"]
    exp = st["expedition"]
    assert exp["pyramid"] == 2 and exp["multiplier"] == "×2" and exp["cleared"] == 1
    assert exp["daylight_ms"] == 240_000 - 10_000 + clear_bonus_ms(1)  # +100 s
    assert st["deal_code"] != first and st["moves"] == 0 and not st["finished"]
    kinds = [m["kind"] for m in reply["result"]["moments"]]
    assert kinds == ["cleared", "next"]
    cleared = reply["result"]["moments"][0]
    assert cleared["title"] == "Pyramid 1 cleared!" and cleared["bonus_ms"] == 100_000
    assert cleared["detail"].startswith("+100 s of daylight · +") and cleared["points"] > 0
    assert st["message"] == "Pyramid 1 cleared: +100 s of daylight."
    assert "Pyramid 1 cleared: +100 s of daylight." in reply["result"]["say"]
    # the next pyramid is searched at the next report, its time not the player's
    assert "searched_ms" in ask(worker, "tick", elapsed_ms=0)["result"]
    # pyramid 2 scores ×2: its first pair's points are twice the engine's plain ones
    game = worker.table.seat.game  # type: ignore[union-attr]
    assert game.multiplier == 2
    # (the trek's pyramids are the application's random ones: flip until a pair is offered)
    for _ in range(60):
        if any(m.kind == MoveKind.PAIR for m in game.removals()):
            break
        ask(worker, "act", action="flip")
        game = worker.table.seat.game  # type: ignore[union-attr]
    score_before = worker.table.seat.session.score  # type: ignore[union-attr]
    pair = next(m for m in game.removals() if m.kind == MoveKind.PAIR)
    plain = Game(game.layout, game.rules, game.deal)
    plain.replay(game.history)
    plain_points = plain.score
    plain.play(pair)
    gained = plain.score - plain_points
    act(worker, pair)
    assert worker.table.seat.session.score - score_before == 2 * gained  # type: ignore[union-attr]


def test_the_sunset_ends_the_trek_with_its_results(tmp_path: Path) -> None:
    worker, _ = trek(tmp_path)
    ask(worker, "act", action="flip")  # a move: the trek is a game the saves keep
    reply = report(worker, 240_000)
    assert [m["kind"] for m in reply["moments"]] == ["sunset"]
    sunset = reply["moments"][0]
    assert sunset["title"] == "The sun has set"
    assert sunset["detail"].startswith("The trek ends · score ")
    st = reply["state"]
    assert st["finished"] and not st["timed"] and st["expedition"]["daylight_ms"] == 0
    assert st["expedition"]["dusk"] == 1.0 and st["sunset"] == sunset
    result = st["result"]
    assert result["mode"] == "expedition" and result["headline"] == "THE SUN HAS SET"
    assert result["pyramids_cleared"] == 0 and result["outcome"] == "lost"
    labels = [row[0] for row in result["rows"]]
    assert labels == ["Pyramids cleared", "Score", "Best chain", "Skips", "Time on the trek"]
    assert result["lines"][0] == "Pyramids cleared: 0"
    assert "Time on the trek: 4:00" in result["lines"]
    assert not reply["can_continue"]  # over: nothing to continue
    # more time counts nothing once the sun has set; no second sunset
    again = report(worker, 8_000)
    assert again["moments"] == [] and again["state"]["time_ms"] == 240_000


def test_a_trek_with_a_cleared_pyramid_tells_what_it_unlocked(tmp_path: Path) -> None:
    worker, _ = trek(tmp_path)
    clear_pyramid(worker)
    reply = ask(worker, "end_trek")
    result = reply["state"]["result"]
    assert result["headline"] == "TREK OVER" and result["pyramids_cleared"] == 1
    assert result["outcome"] == "won"
    # a first trek's clear finds a relic (the desktop's rules, the application's record)
    assert result["unlocked"], result
    assert all(line in result["lines"] for line in result["unlocked"])
    assert any(
        line.startswith(("Relic found: ", "Card back unlocked: ")) for line in result["unlocked"]
    )
    # the application recorded the trek as the desktop does (idempotent by the trek's id)
    assert worker.table is not None
    assert result["pyramids"][0]["cleared"] and len(worker.table.app.progress.seen_treks) == 1


def test_a_reload_continues_the_trek_with_the_daylight_it_had_never_more(tmp_path: Path) -> None:
    worker, _ = trek(tmp_path)
    ask(worker, "act", action="flip")
    left = report(worker, 37_000)["state"]["expedition"]["daylight_ms"]
    assert left == 203_000
    # a reload: a new worker on the same saves (the page's storage), Continue
    again = Worker()
    hello = ask(again, "hello", save_dir=str(tmp_path))
    assert hello["can_continue"]
    st = ask(again, "continue")["state"]
    assert st["mode"] == "expedition"
    assert 203_000 <= st["expedition"]["daylight_ms"] <= left  # at most the half second unsaved
    st = report(again, 3_000)["state"]
    assert st["expedition"]["daylight_ms"] <= left - 3_000


def test_a_hidden_pages_time_does_not_count_and_the_table_waits_paused(tmp_path: Path) -> None:
    worker, _ = trek(tmp_path)
    report(worker, 5_000)
    st = ask(worker, "pause", reason="hidden", elapsed_ms=1_000)["state"]
    assert st["paused"] and st["pause_reason"] == "focus"
    assert st["expedition"]["daylight_ms"] == 234_000
    # the page sends nothing while hidden; whatever it might report then counts nothing
    st = report(worker, 60_000)["state"]
    assert st["expedition"]["daylight_ms"] == 234_000 and st["time_ms"] == 6_000
    # shown again: a timed table stays paused, its cards hidden, until the player resumes
    st = ask(worker, "resume", reason="shown")["state"]
    assert st["paused"] and st["timed"]
    refused = worker.handle({"id": 2, "op": "act", "action": "flip"})
    assert refused["ok"] and not refused["result"]["moved"]
    st = ask(worker, "resume")["state"]
    assert not st["paused"]
    st = report(worker, 2_000)["state"]
    assert st["expedition"]["daylight_ms"] == 232_000


def test_a_report_longer_than_the_suspend_gap_counts_nothing_and_pauses(tmp_path: Path) -> None:
    """A page that stalled (a sleeping phone) reports a long gap: as the desktop's frame after a
    suspend, it counts nothing and the trek waits paused, its cards hidden."""
    worker, _ = trek(tmp_path)
    st = ask(worker, "tick", elapsed_ms=30_000)["state"]
    assert st["expedition"]["daylight_ms"] == 240_000
    assert st["paused"] and st["pause_reason"] == "suspend"


def test_the_pause_stops_the_daylight_and_skip_costs_30_s(tmp_path: Path) -> None:
    worker, _ = trek(tmp_path)
    st = ask(worker, "pause")["state"]
    assert st["paused"] and st["pause_reason"] == "pause"
    assert report(worker, 20_000)["state"]["expedition"]["daylight_ms"] == 240_000
    ask(worker, "resume", reason="player")
    first = ask(worker, "state")["state"]["deal_code"]
    reply = ask(worker, "act", action="skip")
    st = reply["state"]
    assert st["expedition"]["daylight_ms"] == 210_000 and st["expedition"]["pyramid"] == 1
    assert st["deal_code"] != first
    assert st["message"] == "Pyramid 1 skipped: 30 s of daylight spent."
    assert [m["kind"] for m in reply["result"]["moments"]] == ["skipped", "next"]


def test_a_practice_deal_and_a_daily_count_the_pages_time_too(tmp_path: Path) -> None:
    worker = Worker()
    ask(worker, "hello", save_dir=str(tmp_path), today="2026-03-05")
    st = ask(worker, "start", rules="desert", layout=1)["state"]
    assert st["expedition"] is None and st["sunset"] is None and not st["timed"]
    assert report(worker, 61_000)["state"]["time"] == "1:01"
    st = ask(worker, "daily", today="2026-03-05")["state"]
    assert st["timed"] and st["expedition"] is None
    assert report(worker, 12_000)["state"]["time_ms"] == 12_000


@pytest.mark.parametrize(
    ("value", "says"),
    [
        (-5, "cannot be negative"),
        ("1000", "must be a number of milliseconds"),
        (True, "must be a number of milliseconds"),
        (None, "must be a number of milliseconds"),
        ([1000], "must be a number of milliseconds"),
        (1e20, "more than a year"),
    ],
)
def test_a_bad_time_report_is_refused_with_the_reason(
    tmp_path: Path, value: Any, says: str
) -> None:
    worker, _ = trek(tmp_path)
    reply = worker.handle({"id": 7, "op": "tick", "elapsed_ms": value})
    assert not reply["ok"] and says in reply["error"] and reply["id"] == 7
    assert ask(worker, "state")["state"]["expedition"]["daylight_ms"] == 240_000


def test_bad_clock_requests_are_refused_with_the_reason(tmp_path: Path) -> None:
    worker, _ = trek(tmp_path)
    assert "needs 'elapsed_ms'" in worker.handle({"id": 1, "op": "tick"})["error"]
    assert (
        "unknown pause reason 'nap'"
        in worker.handle({"id": 1, "op": "pause", "reason": "nap"})["error"]
    )
    assert "unknown resume reason" in worker.handle({"id": 1, "op": "resume", "reason": 3})["error"]
    # JSON's NaN and Infinity (Python's reader takes them) are not times either
    for text in ("NaN", "Infinity", "-Infinity"):
        answer = worker.handle(json.loads('{"id": 3, "op": "tick", "elapsed_ms": ' + text + "}"))
        assert not answer["ok"] and ("finite" in answer["error"] or "negative" in answer["error"])
    assert ask(worker, "state")["state"]["expedition"]["daylight_ms"] == 240_000
    ask(worker, "start", rules="desert", layout=1)
    assert "only an Expedition ends a trek" in worker.handle({"id": 1, "op": "end_trek"})["error"]


def test_every_expedition_word_the_page_shows_comes_from_the_worker() -> None:
    """The Expedition's labels on the page (its start-page entry, the figures, the pause, the
    results) are the worker's words, each a message the desktop translates."""
    from desert_pyramid.web.words import PAGE_WORDS, page_words

    html = (Path(__file__).resolve().parent.parent / "web" / "index.html").read_text(
        encoding="utf-8"
    )
    script = (Path(__file__).resolve().parent.parent / "web" / "expedition.js").read_text(
        encoding="utf-8"
    )
    asked = set(re.findall(r'data-(?:word|label)="([a-z_]+)"', html))
    asked |= set(re.findall(r'"(end_trek(?:_confirm)?)"', script))
    mine = {"expedition", "daylight", "pause", "paused", "paused_text", "resume", "end_trek"}
    mine |= {"new_trek", "pyramid", "end_trek_confirm"}
    assert mine <= asked and mine <= set(PAGE_WORDS), mine - asked
    english = page_words()
    use_language("de")
    german = page_words()
    # (German says "Expedition" and "Pause" as English does)
    assert not {k for k in mine if german[k] == english[k] and k not in ("expedition", "pause")}
    assert german["new_trek"] == "Neue Expedition" and german["daylight"] == "Tageslicht"


def test_the_build_draws_the_desert_at_each_light_to_nightfall(tmp_path: Path) -> None:
    """The Expedition's sky in the browser is the desktop's scenery, drawn by the build at light
    levels from noon to night: each darker than the one before, high in the sky."""
    from PIL import Image

    from desert_pyramid.ui.art.export import dusk_name, render_scenery

    render_scenery(tmp_path, {"landscape": (160, 90)}, dusk_steps=2)
    names = [dusk_name("landscape", step) for step in range(3)]
    assert names == [
        "desert-landscape.png",
        "desert-landscape-dusk1.png",
        "desert-landscape-dusk2.png",
    ]
    light = []
    for name in names:
        with Image.open(tmp_path / name) as image:
            r, g, b = image.convert("RGB").getpixel((5, 2))  # the sky, top left
            light.append(r + g + b)
    assert light[0] > light[1] > light[2], light
