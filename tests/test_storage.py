"""Saves: folder resolution, atomic writes with backups, round trips, CONTINUE, abandon."""

from __future__ import annotations

import datetime
import os
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from desert_pyramid.progression import TrekResult
from desert_pyramid.storage import CurrentGame, SaveStore, atomic_write, resolve_save_dir
from desert_pyramid.storage.paths import ENV_VAR
from tests.storage_helpers import FIXED_NOW, engine_game, make_result


def open_store(folder: Path, **kw: Any) -> SaveStore:
    return SaveStore.open(folder, clock=lambda: FIXED_NOW, **kw)


def game_dict(moves: int = 3) -> dict[str, Any]:
    return engine_game(moves)


def current(game_id: str = "exp-1", **kw: Any) -> CurrentGame:
    base: dict[str, Any] = dict(
        mode="expedition",
        preset="desert",
        layout=1,
        started="2025-03-14",
        game=game_dict(),
        score=240,
        seconds=75.5,
        best_chain=4,
        redeals_used=1,
        pyramid_number=3,
        trek_id="trek-1",
        daylight_ms=123_456,
        mode_state={"trek_score": 2000, "skips": 1},
    )
    base.update(kw)
    return CurrentGame(game_id=game_id, **base)


# ------------------------------------------------------------------ folder


def test_save_dir_precedence(tmp_path: Path) -> None:
    env = {ENV_VAR: str(tmp_path / "env")}
    assert resolve_save_dir(tmp_path / "explicit", env).path == tmp_path / "explicit"
    assert resolve_save_dir(tmp_path / "explicit", env).source == "--save-dir"
    assert resolve_save_dir(None, env).path == tmp_path / "env"
    assert resolve_save_dir(None, env).source == ENV_VAR
    default = resolve_save_dir(None, {})
    assert default.source == "default" and "desert-pyramid" in str(default.path)


def test_env_var_is_used_by_open(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "from-env"))
    store = SaveStore.open()
    assert store.folder.path == tmp_path / "from-env"
    assert store.update_settings({"sound": False})
    assert (tmp_path / "from-env" / "save.toml").is_file()


# ------------------------------------------------------------------ atomic writes


def test_atomic_write_keeps_previous_as_backup(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "f.toml"
    atomic_write(target, b"a = 1\n")
    assert target.read_bytes() == b"a = 1\n" and not (tmp_path / "sub" / "f.toml.bak").exists()
    atomic_write(target, b"a = 2\n")
    atomic_write(target, b"a = 3\n")
    assert target.read_bytes() == b"a = 3\n"
    assert (tmp_path / "sub" / "f.toml.bak").read_bytes() == b"a = 2\n"
    assert sorted(p.name for p in (tmp_path / "sub").iterdir()) == ["f.toml", "f.toml.bak"]


def test_atomic_write_without_hard_links_copies_the_backup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "f.toml"
    atomic_write(target, b"a = 1\n")

    def no_link(src: object, dst: object) -> None:
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_link)
    atomic_write(target, b"a = 2\n")
    assert (tmp_path / "f.toml.bak").read_bytes() == b"a = 1\n"
    assert target.read_bytes() == b"a = 2\n"


def test_stale_temp_files_are_cleared_on_open(tmp_path: Path) -> None:
    (tmp_path / "save.toml.tmp-999999999-3").write_text("half a fi")
    (tmp_path / "save.toml.bak.tmp-999999999-4").write_text("x")
    open_store(tmp_path)
    assert not list(tmp_path.glob("*.tmp-*"))


# ------------------------------------------------------------------ round trips


def test_fresh_start_says_nothing_and_writes_nothing(tmp_path: Path) -> None:
    store = open_store(tmp_path / "new")
    assert store.take_notices() == []
    assert store.current is None and store.progress.is_empty
    assert list((tmp_path / "new").iterdir()) == []


def test_progress_round_trip(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    for n in range(7):
        store.record_game(make_result(f"g{n}", "won" if n % 3 else "lost", score=10 * n))
    store.record_game(make_result("d", mode="daily", deal_date="2025-03-14", seconds=95.25))
    store.record_trek(TrekResult("t", 3, 4500, 8, 600.0, "2025-03-14"))
    store.update_settings({"sound": False, "volume": 0.25, "name": "Ada"})
    again = open_store(tmp_path)
    assert again.take_notices() == []
    assert again.progress == store.progress
    assert again.profile.backs == store.profile.backs
    assert again.progress.settings == {"sound": False, "volume": 0.25, "name": "Ada"}


def test_every_write_keeps_a_backup_of_the_previous_save(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    store.record_game(make_result("g1"))
    store.record_game(make_result("g2"))
    backup = tomllib.loads((tmp_path / "save.toml.bak").read_text())
    assert backup["seen"]["games"] == ["g1"]
    main = tomllib.loads((tmp_path / "save.toml").read_text())
    assert main["seen"]["games"] == ["g1", "g2"]


def test_continue_resumes_the_same_deal_with_history_and_daylight(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    saved = current(game=game_dict(moves=40))
    assert store.save_current(saved)
    resumed = open_store(tmp_path).current
    assert resumed == saved
    assert resumed is not None and resumed.daylight_ms == 123_456
    assert resumed.game["moves"] == saved.game["moves"] and len(resumed.game["moves"]) == 40


def test_after_every_move_the_latest_position_is_saved(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    for n in range(1, 6):
        store.save_current(current(game=game_dict(moves=n), daylight_ms=100_000 - n))
    resumed = open_store(tmp_path).current
    assert resumed is not None and len(resumed.game["moves"]) == 5 and resumed.daylight_ms == 99_995
    backup = tomllib.loads((tmp_path / "current.toml.bak").read_text())
    assert len(backup["game"]["moves"]) == 4


def test_a_finished_game_clears_current(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    store.save_current(current("p1", mode="practice", daylight_ms=0))
    store.record_game(make_result("p1"))
    assert store.current is None
    assert not (tmp_path / "current.toml").exists() and not (tmp_path / "current.toml.bak").exists()
    assert open_store(tmp_path).current is None


def test_leaving_a_game_unfinished_counts_as_a_loss(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    store.save_current(current("p1", mode="practice", preset="relaxed", layout=1, score=70))
    # the program restarts; the player chooses a new game instead of CONTINUE
    store = open_store(tmp_path)
    assert store.current is not None
    store.abandon_current()
    stats = store.progress.stats_for("practice", "relaxed", 1)
    assert (stats.played, stats.lost, stats.won) == (1, 1, 0)
    assert stats.recent[-1].outcome == "abandoned" and stats.recent[-1].score == 70
    assert store.current is None and not (tmp_path / "current.toml").exists()
    assert open_store(tmp_path).progress.stats_for("practice", "relaxed", 1).lost == 1
    assert not store.abandon_current()  # nothing in progress any more


def test_a_counted_game_left_in_current_is_not_offered_again(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    store.record_game(make_result("p1"))
    # as if the program stopped between counting the game and clearing current.toml
    store.save_current(current("p1", mode="practice"))
    again = open_store(tmp_path)
    assert again.current is None and not (tmp_path / "current.toml").exists()


def test_profile_is_separate_and_keeps_keys_it_does_not_know(tmp_path: Path) -> None:
    (tmp_path / "profile.toml").write_text(
        'schema = 1\nplayer = "Ada"\n[card_backs]\nchosen = "poker_felt"\nframe = "gold"\n'
        '[card_backs.unlocked]\npoker_felt = "2024-12-01"\n[other_game]\nlevel = 7\n'
    )
    store = open_store(tmp_path)
    store.record_game(make_result("g", redeals_used=0))
    data = tomllib.loads((tmp_path / "profile.toml").read_text())
    assert data["player"] == "Ada" and data["other_game"] == {"level": 7}
    assert data["card_backs"]["frame"] == "gold" and data["card_backs"]["chosen"] == "poker_felt"
    assert set(data["card_backs"]["unlocked"]) == {"poker_felt", "no_redeal"}
    save = tomllib.loads((tmp_path / "save.toml").read_text())
    assert "card_backs" not in save


def test_a_sibling_game_writing_the_profile_meanwhile_is_merged(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    store.record_game(make_result("g", redeals_used=0))
    data = tomllib.loads((tmp_path / "profile.toml").read_text())
    data["card_backs"]["unlocked"]["poker_felt"] = "2025-03-14"
    data["card_backs"]["chosen"] = "poker_felt"
    data["poker"] = {"hands": 3}
    (tmp_path / "profile.toml").write_text(tomli_w.dumps(data))
    store.note_chain(8)
    merged = tomllib.loads((tmp_path / "profile.toml").read_text())
    assert set(merged["card_backs"]["unlocked"]) == {"no_redeal", "poker_felt", "chain_8"}
    assert merged["card_backs"]["chosen"] == "poker_felt" and merged["poker"] == {"hands": 3}
    store.choose_back("chain_8")
    assert (
        tomllib.loads((tmp_path / "profile.toml").read_text())["card_backs"]["chosen"] == "chain_8"
    )


def test_lost_profile_gets_count_backs_back(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    for n in range(10):
        store.record_game(make_result(f"g{n}"))
    (tmp_path / "profile.toml").unlink()
    (tmp_path / "profile.toml.bak").unlink(missing_ok=True)
    again = open_store(tmp_path)
    assert again.profile.backs.owns("clears_10")
    assert any("given back" in n.message for n in again.take_notices())


def test_recording_twice_writes_once(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    store.record_game(make_result("g"))
    before = (tmp_path / "save.toml").stat().st_mtime_ns, (tmp_path / "save.toml").read_bytes()
    assert not store.record_game(make_result("g", score=5000))
    assert (
        (tmp_path / "save.toml").stat().st_mtime_ns,
        (tmp_path / "save.toml").read_bytes(),
    ) == before


def test_readonly_store_changes_nothing(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    store.record_game(make_result("g"))
    store.record_game(make_result("h"))
    (tmp_path / "save.toml").write_text("garbage = [")
    before = sorted((p.name, p.read_bytes()) for p in tmp_path.iterdir())
    ro = open_store(tmp_path, readonly=True)
    assert ro.progress.pyramids_cleared == 1  # from the backup
    assert ro.record_game(make_result("i")) is not None
    assert sorted((p.name, p.read_bytes()) for p in tmp_path.iterdir()) == before


def test_background_saves_are_queued_coalesced_and_flushed(tmp_path: Path) -> None:
    store = open_store(tmp_path, background=True)
    try:
        for n in range(1, 30):
            assert store.save_current(current(game=game_dict(moves=n)))
        store.record_game(make_result("exp-1", mode="expedition", pyramid_number=3))
        assert store.flush(10)
        assert not (tmp_path / "current.toml").exists()
        assert open_store(tmp_path).progress.pyramids_cleared == 1
        store.save_current(current("exp-2", game=game_dict(moves=2)))
    finally:
        store.close()
    resumed = open_store(tmp_path).current
    assert resumed is not None and resumed.game_id == "exp-2"


def test_a_value_toml_cannot_hold_is_reported_not_raised(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    bad = current(game={**engine_game(2), "oops": None})
    assert store.save_current(bad) is False
    notices = store.take_notices()
    assert notices and "could not be saved" in notices[0].message


def test_stamps_use_the_clock(tmp_path: Path) -> None:
    (tmp_path / "save.toml").write_text("nonsense")
    store = SaveStore.open(tmp_path, clock=lambda: datetime.datetime(2030, 1, 2, 3, 4, 5))
    assert (tmp_path / "save.toml.broken-20300102-030405").exists()
    assert store.progress.is_empty


def test_settings_must_be_plain_toml_values(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    with pytest.raises(ValueError, match="plain TOML values"):
        store.update_settings({"volume": None})
    with pytest.raises(ValueError, match="plain TOML values"):
        store.update_settings({"callback": print})
    assert store.progress.settings == {}
    assert store.update_settings({"volume": 0.5, "keys": {"undo": "Z"}, "recent": [1, 2]})
    assert open_store(tmp_path).progress.settings == {
        "volume": 0.5,
        "keys": {"undo": "Z"},
        "recent": [1, 2],
    }
