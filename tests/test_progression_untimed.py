"""Untimed Expedition and Daily results in progression and storage: kept apart in the
statistics, no trek card back (they reward speed), relics by pyramids cleared as ever, and a
save.toml that reads both ways (a file without untimed statistics loads as before; an older game
keeps the new table as an unknown key)."""

from __future__ import annotations

import shutil
import tomllib
from datetime import date
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from desert_pyramid.modes import DailySession, ExpeditionSession
from desert_pyramid.progression import (
    BackCollection,
    Progress,
    StatsKey,
    TrekResult,
    game_results,
    record_game,
    record_trek,
    trek_result,
)
from desert_pyramid.storage import SaveStore
from desert_pyramid.storage.documents import decode_progress, encode_progress
from desert_pyramid.storage.schema import SchemaError
from tests.storage_helpers import FIXED_NOW, make_result
from tests.test_modes_helpers import LAYOUT, FakeFinder, easy_line, run_frames

TODAY = "2026-11-30"
EXAMPLES = Path(__file__).resolve().parent.parent / "saves" / "v1"


def trek_of(untimed: bool, clears: int) -> ExpeditionSession:
    s = ExpeditionSession(5, LAYOUT, finder=FakeFinder(step=3), untimed=untimed)
    for _ in range(clears):
        run_frames(s, 1000)
        for m in easy_line():
            s.play_text(m)
    s.abandon()
    return s


def count(progress: Progress, backs: BackCollection, s: ExpeditionSession | DailySession) -> Any:
    r = s.results()
    unlocks = [record_game(progress, backs, g) for g in game_results(r, TODAY)]
    if r.mode == "expedition":
        unlocks.append(record_trek(progress, backs, trek_result(r, TODAY)))
    return unlocks


def test_untimed_results_are_kept_apart_in_the_statistics():
    progress, backs = Progress(), BackCollection()
    count(progress, backs, trek_of(untimed=False, clears=1))
    count(progress, backs, trek_of(untimed=True, clears=3))
    timed = progress.stats_for("expedition", "desert", 1)
    untimed = progress.stats_for("expedition", "desert", 1, untimed=True)
    assert (timed.won, timed.lost, timed.treks, timed.best_trek_pyramids) == (1, 1, 1, 1)
    assert (untimed.won, untimed.lost, untimed.treks, untimed.best_trek_pyramids) == (3, 1, 1, 3)
    assert (
        timed.best_trek_score < untimed.best_trek_score
    )  # the untimed trek's is not the timed best
    assert StatsKey("expedition", "desert", 1, True).label == "Expedition (untimed)"


def test_untimed_daily_is_kept_apart_and_still_counts_for_the_day_streak():
    progress, backs = Progress(), BackCollection()
    s = DailySession.start(
        date(2026, 11, 30), date(2026, 11, 30), LAYOUT, FakeFinder(2), untimed=True
    )
    for m in easy_line():
        s.play_text(m)
    count(progress, backs, s)
    assert progress.stats_for("daily", "desert", 1).played == 0
    assert progress.stats_for("daily", "desert", 1, untimed=True).won == 1
    assert progress.daily.current_on(TODAY) == 1  # showing up each day is not speed


def test_untimed_treks_earn_no_trek_back_but_relics_count_every_clear():
    progress, backs = Progress(), BackCollection()
    unlocks = count(progress, backs, trek_of(untimed=True, clears=3))
    assert not backs.owns("trek_3")  # how many pyramids one day's daylight holds: speed
    assert progress.pyramids_cleared == 3  # relics reward clears, not speed
    assert {r.id for u in unlocks for r in u.relics} == {"brass_compass", "clay_jar"}
    count(progress, backs, trek_of(untimed=False, clears=3))
    assert backs.owns("trek_3")


def test_a_timed_trek_result_with_three_pyramids_grants_the_back_an_untimed_one_does_not():
    untimed, timed = Progress(), Progress()
    ub, tb = BackCollection(), BackCollection()
    record_trek(untimed, ub, TrekResult("t1", 3, 900, 2, 500.0, TODAY, untimed=True))
    record_trek(timed, tb, TrekResult("t2", 3, 900, 2, 500.0, TODAY))
    assert not ub.owns("trek_3") and tb.owns("trek_3")


def test_untimed_statistics_round_trip_through_save_toml(tmp_path: Path):
    store = SaveStore.open(tmp_path, clock=lambda: FIXED_NOW)
    store.record_game(make_result("a", mode="expedition", pyramid_number=1))
    store.record_game(make_result("b", mode="expedition", pyramid_number=1, untimed=True))
    store.record_game(make_result("c", mode="daily", deal_date="2025-03-14", untimed=True))
    data = tomllib.loads((tmp_path / "save.toml").read_text("utf-8"))
    assert [s["mode"] for s in data["stats"]] == ["expedition"]
    assert sorted(s["mode"] for s in data["untimed_stats"]) == ["daily", "expedition"]
    again = SaveStore.open(tmp_path, clock=lambda: FIXED_NOW)
    assert again.take_notices() == []
    assert again.progress == store.progress
    assert again.progress.stats_for("daily", "desert", 1, untimed=True).won == 1


def test_a_save_written_before_untimed_loads_unchanged(tmp_path: Path):
    shutil.copy(EXAMPLES / "save.toml", tmp_path / "save.toml")
    data = tomllib.loads((tmp_path / "save.toml").read_text("utf-8"))
    progress = decode_progress(data)
    assert not any(key.untimed for key in progress.stats)
    assert encode_progress(progress)["stats"] == data["stats"]
    assert "untimed_stats" not in encode_progress(progress)


def test_an_older_game_keeps_untimed_statistics_as_an_unknown_table():
    """What an older build does with the table: keep it untouched, as every unknown top-level
    key (so an untimed record survives a round trip through an older game)."""
    progress = Progress()
    record_game(progress, BackCollection(), make_result("x", mode="daily", untimed=True))
    text = tomli_w.dumps(encode_progress(progress))
    data = tomllib.loads(text)
    untimed = data.pop("untimed_stats")
    older = decode_progress({**data, "kept_by_an_older_game": untimed})
    assert older.extra == {"kept_by_an_older_game": untimed}


def test_damaged_untimed_statistics_are_refused_naming_the_place():
    progress = Progress()
    record_game(progress, BackCollection(), make_result("x", mode="daily", untimed=True))
    data = encode_progress(progress)
    data["untimed_stats"][0]["mode"] = "practice"
    with pytest.raises(SchemaError, match=r"untimed_stats\[0\]\.mode"):
        decode_progress(data)


def test_an_untimed_game_kept_to_watch_is_marked_and_does_not_push_out_the_timed_best(
    tmp_path: Path,
):
    code = "DG-4-A3WN-CS74-8XSK-NSD6-HM00-A147-18NP"  # the example save's game code
    progress = Progress()
    record_game(
        progress,
        BackCollection(),
        make_result("t", "lost", mode="daily", score=500, game_code=code),
    )
    for i in range(600):  # more than the recent games kept (lost: not kept as won Dailies)
        record_game(
            progress,
            BackCollection(),
            make_result(f"u{i}", "lost", mode="daily", score=900, game_code=code, untimed=True),
        )
    kept = {g.game_id for g in progress.games}
    assert "t" in kept  # the timed best survives untimed games that score more
    data = encode_progress(progress)
    assert all(g.get("untimed") is True for g in data["games"] if g["id"] != "t")
    assert "untimed" not in next(g for g in data["games"] if g["id"] == "t")
    back = decode_progress(tomllib.loads(tomli_w.dumps(data)))
    assert back.games == progress.games


def test_profile_lists_untimed_statistics_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from desert_pyramid.cli import main

    store = SaveStore.open(tmp_path, clock=lambda: FIXED_NOW)
    store.record_game(make_result("a", mode="expedition", pyramid_number=1, score=300))
    store.record_game(
        make_result("b", mode="expedition", pyramid_number=1, score=9000, untimed=True)
    )
    store.record_game(make_result("c", "lost", mode="expedition", pyramid_number=2, untimed=True))
    store.close()
    assert main(["profile", "--save-dir", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    timed = [line for line in lines if line.strip().startswith("expedition  ")]
    untimed = [line for line in lines if line.strip().startswith("expedition (untimed)")]
    assert len(timed) == 1 and "300" in timed[0] and "9000" not in timed[0]
    assert len(untimed) == 1 and "9000" in untimed[0]  # its own row: won 1, lost 1
