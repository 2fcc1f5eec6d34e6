"""Every finished game keeps its moves (its game code) in the save: which are kept, the file's
form, older saves without them, and damaged entries."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import DESERT, Deal, Game, decode_game_code, encode_game_code
from desert_pyramid.progression import BackCollection, Progress, record_game
from desert_pyramid.progression.model import GAMES_RECENT, PlayedGame, keep_games
from desert_pyramid.storage import SaveStore
from desert_pyramid.storage.documents import decode_progress, encode_progress
from desert_pyramid.storage.schema import SchemaError

from .storage_helpers import make_result

SAVES = Path(__file__).resolve().parent.parent / "saves"


def code_after(moves: int, seed: int = 3) -> str:
    game = Game(get_layout(1), DESERT, Deal.from_seed(seed))
    for _ in range(moves):
        game.play(game.legal_moves()[0])
    return encode_game_code(game)


def played(
    i: int, mode: str = "practice", outcome: str = "lost", score: int = 0, layout: int = 1
) -> PlayedGame:
    return PlayedGame(f"g{i}", mode, "desert", layout, outcome, score, "2026-11-30", "DG-1234")


def test_a_recorded_game_with_its_code_is_kept() -> None:
    progress, backs = Progress(), BackCollection()
    code = code_after(10)
    record_game(progress, backs, make_result("practice-1", "won", game_code=code))
    record_game(progress, backs, make_result("practice-1", "won", game_code=code))  # counted once
    record_game(progress, backs, make_result("practice-2", "lost"))  # no code: nothing to keep
    assert [g.game_id for g in progress.games] == ["practice-1"]
    assert progress.games[0].code == code and progress.games[0].won


def test_the_last_500_every_won_daily_and_each_best_score_are_kept() -> None:
    games = [played(0, "practice", "won", score=9_999)]  # the best practice score, oldest of all
    games += [played(i, "daily", "won" if i % 2 else "lost") for i in range(1, 200)]
    games += [played(i, "practice", "lost", score=i % 50) for i in range(200, 1_000)]
    kept = keep_games(games)
    ids = [g.game_id for g in kept]
    assert ids[-GAMES_RECENT:] == [
        g.game_id for g in games[-GAMES_RECENT:]
    ]  # order kept, oldest first
    assert "g0" in ids  # the best score
    won_dailies = {g.game_id for g in games if g.mode == "daily" and g.won}
    assert won_dailies <= set(ids)
    lost_dailies = {g.game_id for g in games if g.mode == "daily" and not g.won}
    assert not lost_dailies & set(ids)
    assert len(kept) == GAMES_RECENT + 1 + len(won_dailies)


def test_recording_keeps_the_list_bounded() -> None:
    progress, backs = Progress(), BackCollection()
    code = code_after(3)
    for i in range(GAMES_RECENT + 120):
        record_game(progress, backs, make_result(f"practice-{i}", "lost", game_code=code))
    assert len(progress.games) <= GAMES_RECENT + 1


def test_games_round_trip_through_the_file_form() -> None:
    progress, backs = Progress(), BackCollection()
    record_game(
        progress, backs, make_result("daily-1", "won", mode="daily", game_code=code_after(20))
    )
    data = encode_progress(progress)
    assert data["games"][0]["code"].startswith("DG-")
    again = decode_progress(data)
    assert again.games == progress.games


def test_an_old_save_without_games_loads_and_gains_them(tmp_path: Path) -> None:
    shutil.copytree(SAVES / "v1", tmp_path / "saves")
    assert "games" not in tomllib.loads((tmp_path / "saves" / "save.toml").read_text())
    with SaveStore.open(tmp_path / "saves") as store:
        assert store.progress.games == []
        before = store.progress.pyramids_cleared
        code = code_after(15)
        store.record_game(make_result("practice-new", "won", game_code=code))
        store.flush()
    data = tomllib.loads((tmp_path / "saves" / "save.toml").read_text())
    assert data["games"][-1]["code"] == code and data["pyramids_cleared"] == before + 1
    with SaveStore.open(tmp_path / "saves") as store:
        assert [g.code for g in store.progress.games] == [code]
    read = decode_game_code(code, get_layout)
    assert len(read.moves) == 15


@pytest.mark.parametrize(
    ("entry", "where"),
    [
        ({"code": "DP-1-002G-9NG9"}, "code"),
        ({"code": "DG-" + "1" * 9_000}, "code"),
        ({"code": "DG-12٣4"}, "code"),
        ({"score": 10**30}, "score"),
        ({"date": "9999-12-31"}, "date"),
        ({"mode": "arcade"}, "mode"),
        ({"outcome": "maybe"}, "outcome"),
        ({"layout": 0}, "layout"),
    ],
)
def test_a_damaged_games_entry_makes_the_file_damaged(entry: dict[str, object], where: str) -> None:
    progress, backs = Progress(), BackCollection()
    record_game(progress, backs, make_result("practice-1", "won", game_code=code_after(5)))
    data = encode_progress(progress)
    data["games"][0].update(entry)
    with pytest.raises(SchemaError, match=where):
        decode_progress(data)


def test_too_many_games_is_damage() -> None:
    data = encode_progress(Progress())
    data["games"] = [
        {
            "id": f"g{i}",
            "mode": "practice",
            "preset": "desert",
            "layout": 1,
            "outcome": "won",
            "score": 1,
            "date": "2026-11-30",
            "code": "DG-1234",
        }
        for i in range(20_000)
    ]
    with pytest.raises(SchemaError, match="games"):
        decode_progress(data)
