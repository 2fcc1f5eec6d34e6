"""Records, not files, are the unit of damage (issue 36): 60 hostile saves, each three years of a
player's progress with one bad record of a different kind (``tests/hostile_saves.py``), load with
every sound record kept and the counts the player earned unchanged; the bad record is set aside in
``NAME.rejected.toml`` (where, why, its value), said once on the title, and never lost.
``bench/bench_hostile_saves.py`` prints the figures over the 60."""

from __future__ import annotations

import copy
import datetime
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from desert_pyramid.storage import SaveStore
from desert_pyramid.storage.documents import is_unplaced
from desert_pyramid.storage.files import long_numbers
from tests.hostile_saves import DAMAGES, Damage, player_files

NOW = datetime.datetime(2026, 1, 5, 12, 0, 0)


def write(folder: Path, save: dict[str, Any], profile: dict[str, Any]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with long_numbers():  # a hostile number of 5,000 digits, written as TOML writes it
        (folder / "save.toml").write_text(tomli_w.dumps(save), encoding="utf-8")
        (folder / "profile.toml").write_text(tomli_w.dumps(profile), encoding="utf-8")


def open_store(folder: Path) -> SaveStore:
    return SaveStore.open(folder, durable=False, clock=lambda: NOW)


def records(store: SaveStore) -> int:
    """Every record of the two files: past games, ids counted, statistics keys, recent results,
    relics, dates of the day streak, settings, card backs."""
    p = store.progress
    return (
        len(p.games)
        + len(p.seen_games)
        + len(p.seen_treks)
        + len(p.stats)
        + sum(len(s.recent) for s in p.stats.values())
        + len(p.relics)
        + len(p.daily.cleared_dates)
        + len(p.daily.late_dates)
        + len(p.settings)
        + len(store.profile.backs.unlocked)
    )


def earned(store: SaveStore) -> dict[str, Any]:
    """The counts a player earned: relics, backs, wins, streaks, pyramids cleared (and treks)."""
    p = store.progress
    last = p.daily.last_cleared
    return {
        "pyramids cleared": p.pyramids_cleared,
        "relics": sorted(p.relics),
        "backs": sorted(store.profile.backs.unlocked),
        "wins": {k: s.won for k, s in p.stats.items()},
        "win streaks": {k: (s.current_streak, s.best_streak) for k, s in p.stats.items()},
        # the same, whatever the keys (a key that cannot be placed is kept under another)
        "wins in all": sum(s.won for s in p.stats.values()),
        "each key's figures": sorted(
            (s.won, s.lost, s.current_streak, s.best_streak, s.treks) for s in p.stats.values()
        ),
        "day streak": (p.daily.best, p.daily.current_on(last) if last else 0),
        "treks": sum(s.treks for s in p.stats.values()),
    }


def unchanged(store: SaveStore, figures: dict[str, Any], damage: Damage) -> bool:
    """Are the earned counts of ``store`` those of the sound profile? A statistics key that
    ``damage`` makes unplaceable has its figures under another key ("other", layout 0)."""
    now = earned(store)
    if damage.unplaced:
        moved = set(now["wins"]) - set(figures["wins"])
        assert len(moved) == 1 and all(map(is_unplaced, moved)), moved  # kept under another key
        for name in ("wins", "win streaks"):
            now, figures = {**now, name: None}, {**figures, name: None}
    return now == figures


@pytest.fixture(scope="module")
def sound(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("sound")
    write(folder, *player_files())
    store = open_store(folder)
    assert not store.take_notices() and not store.rejected
    return records(store), earned(store)


def test_the_generated_player_has_years_of_progress(sound: tuple[int, dict[str, Any]]) -> None:
    count, figures = sound
    assert figures["pyramids cleared"] > 500 and len(figures["relics"]) == 12
    assert len(figures["backs"]) >= 5 and figures["day streak"][0] >= 5 and figures["treks"] > 50
    assert count > 2_000


# every other damage (the list goes record kind by record kind) here, the rest in CI's second
# pass (the slow group): each case opens three years of play twice
@pytest.mark.parametrize(
    "damage",
    [d if i % 2 == 0 else pytest.param(d, marks=pytest.mark.slow) for i, d in enumerate(DAMAGES)],
    ids=[d.name for d in DAMAGES],
)
def test_one_bad_record_costs_only_itself(
    tmp_path: Path, damage: Damage, sound: tuple[int, dict[str, Any]]
) -> None:
    count, figures = sound
    save, profile = player_files()
    damage.edit(save if damage.file == "save.toml" else profile)
    write(tmp_path, save, profile)
    store = open_store(tmp_path)
    notices = store.take_notices()
    # said once, on the title, as a warning that names the record
    told = [n for n in notices if "damaged record" in n.message]
    assert len(told) == 1 and told[0].file == damage.file and told[0].level == "warning", notices
    assert store.opened["save"].source == "file" and store.opened["profile"].source == "file"
    rejected = store.rejected[damage.file]
    assert rejected
    # every sound record kept, the earned counts unchanged
    assert records(store) == count - damage.destroyed(), (records(store), count)
    assert unchanged(store, figures, damage), (earned(store), figures)
    # the bad record is kept beside the save, as it was
    kept = tomllib.loads(
        (tmp_path / damage.file.replace(".toml", ".rejected.toml")).read_text(encoding="utf-8")
    )["rejected"]
    assert len(kept) == len(rejected) and all(r["where"] and r["why"] for r in kept)
    # the files are written without it: the next start says nothing more and keeps everything
    store.close()
    again = open_store(tmp_path)
    assert not again.take_notices() and not again.rejected
    assert records(again) == count - damage.destroyed() and unchanged(again, figures, damage)


def test_a_relic_whose_date_is_damaged_stays_owned_dated_today_even_on_a_wrong_clock(
    tmp_path: Path,
) -> None:
    """A damaged field drops to its default where that loses nothing: the relic stays, dated
    today; a clock beyond the dates a save holds (year 9999) gives the nearest one."""
    save, profile = player_files()
    first = sorted(save["relics"])[0]
    save["relics"][first] = "9999-12-31"
    write(tmp_path, save, profile)
    store = SaveStore.open(
        tmp_path, durable=False, clock=lambda: datetime.datetime(9999, 12, 31, 23, 0)
    )
    assert store.opened["save"].source == "file"
    assert store.progress.relics[first] == "2199-12-31" and len(store.progress.relics) == 12
    (rejected,) = store.rejected["save.toml"]
    assert rejected.repaired and rejected.value == "9999-12-31"


def test_a_rejected_file_is_added_to_and_an_unreadable_one_is_left_alone(tmp_path: Path) -> None:
    from desert_pyramid.storage.salvage import Rejected, keep_rejected

    save = tmp_path / "save.toml"
    one, two = Rejected("games[1]", "games[1].date: bad", {"id": "a"}), Rejected("x", "y", 10**400)
    assert keep_rejected(save, [one], NOW, durable=False).name == "save.rejected.toml"
    assert keep_rejected(save, [one, two], NOW, durable=False).name == "save.rejected.toml"
    kept = tomllib.loads((tmp_path / "save.rejected.toml").read_text(encoding="utf-8"))
    assert [r["where"] for r in kept["rejected"]] == ["games[1]", "x"]  # not twice, both kept
    assert kept["rejected"][1]["value"] == str(10**400)  # beyond 64 bits: its digits as text
    (tmp_path / "save.rejected.toml").write_bytes(b"[[[ not toml")
    assert keep_rejected(save, [two], NOW, durable=False).name == "save.rejected-2.toml"
    assert (tmp_path / "save.rejected.toml").read_bytes() == b"[[[ not toml"


def test_a_statistics_key_that_cannot_be_placed_keeps_its_wins_where_the_player_sees_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A key whose mode is damaged is kept under the mode "other", one whose layout is damaged
    under layout 0 (unknown): the statistics screen and ``profile`` show them, every total holds
    their wins, and the file keeps them in [[unplaced_stats]] (an older game keeps that table as
    an unknown key)."""
    from desert_pyramid.app.application import Application
    from desert_pyramid.cli import main
    from desert_pyramid.progression import StatsKey
    from desert_pyramid.ui.screens.stats import choices

    save, profile = player_files()
    arcade, lost_layout = save["stats"][1], save["stats"][2]
    arcade["mode"], lost_layout["layout"] = "arcade\x1b[2J", "twelve"
    total = sum(s["won"] for s in save["stats"] + save["untimed_stats"])
    write(tmp_path, save, profile)
    store = open_store(tmp_path)
    other = StatsKey("other", arcade["preset"], arcade["layout"])
    unknown = StatsKey(lost_layout["mode"], lost_layout["preset"], 0)
    assert store.progress.stats[other].won == arcade["won"]
    assert store.progress.stats[unknown].won == lost_layout["won"]
    assert sum(s.won for s in store.progress.stats.values()) == total
    assert {r.where for r in store.rejected["save.toml"]} == {"stats[1].mode", "stats[2].layout"}
    assert all(r.repaired and "not lost" in r.why for r in store.rejected["save.toml"])
    store.close()
    written = tomllib.loads((tmp_path / "save.toml").read_text(encoding="utf-8"))
    assert sorted((e["mode"], e["layout"]) for e in written["unplaced_stats"]) == sorted(
        [("other", arcade["layout"]), (lost_layout["mode"], 0)]
    )
    assert all(e["mode"] != "other" and e["layout"] for e in written["stats"])
    # the statistics screen: its own entries, and "All" holds their wins
    app = Application()
    app.use_store(open_store(tmp_path))
    shown = {c.label: c.stats for c in choices(app.layout_title, app.progress.stats)}
    assert sum(s.won for label, s in shown.items() if label.startswith("All ")) == total
    (mine,) = [s for label, s in shown.items() if label.startswith("Other · ")]
    assert mine.won == arcade["won"]
    assert any("layout 0" in label and s.won == lost_layout["won"] for label, s in shown.items())
    # profile: a row of its own with its wins
    capsys.readouterr()
    assert main(["profile", "--save-dir", str(tmp_path)]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert ["other", arcade["preset"], str(arcade["layout"])] in [r[:3] for r in rows]
    assert any(
        r[:3] == ["other", arcade["preset"], str(arcade["layout"])] and r[4] == str(arcade["won"])
        for r in rows
    )


def test_two_keys_that_land_on_one_unplaced_key_are_added_up(tmp_path: Path) -> None:
    """Two damaged keys of the same rules and layout both go to "other": their counts add up,
    their bests take the best, their recent results are all kept; nothing earned is lowered."""
    save, profile = player_files()
    first, second = save["stats"][0], copy.deepcopy(save["stats"][0])
    second["recent"] = second["recent"][:5]
    first["mode"], second["mode"] = 7, "arcade"
    save["stats"].append(second)
    write(tmp_path, save, profile)
    store = open_store(tmp_path)
    (key,) = [k for k in store.progress.stats if k.mode == "other"]
    kept = store.progress.stats[key]
    assert kept.won == first["won"] + second["won"] and kept.lost == first["lost"] + second["lost"]
    assert kept.best_streak == first["best_streak"] and kept.treks == 2 * first["treks"]
    assert len(kept.recent) == len(first["recent"]) + 5
    store.close()
    again = open_store(tmp_path)
    assert not again.take_notices() and again.progress.stats[key].won == kept.won


def test_a_damaged_game_in_progress_is_set_aside_alone(tmp_path: Path) -> None:
    """current.toml is one record (the game in progress): damaged, it alone is set aside with its
    own notice; save.toml and profile.toml keep every record, nothing of theirs is rejected."""
    save, profile = player_files()
    write(tmp_path, save, profile)
    store = open_store(tmp_path)
    count, figures = records(store), earned(store)
    store.close()
    for bad in (
        b"schema = 1\nmode = 'arcade'\n",  # a sound TOML file that is not a game
        b'schema = 1\ngame_id = "practice-9\n',  # cut in the middle of a value
        tomli_w.dumps(  # a game whose moves do not rebuild
            {
                "schema": 1,
                "game_id": "practice-99999",
                "mode": "practice",
                "preset": "desert",
                "layout": 1,
                "started": "2026-01-05",
                "game": {"schema": 1, "deal": "nonsense", "moves": [[99, 99]]},
            }
        ).encode(),
    ):
        (tmp_path / "current.toml").write_bytes(bad)
        store = open_store(tmp_path)
        notices = store.take_notices()
        assert [n.file for n in notices] == ["current.toml"], notices
        assert store.current is None and not store.rejected
        assert records(store) == count and earned(store) == figures
        assert store.opened["save"].source == "file" and store.opened["profile"].source == "file"
        (kept,) = tmp_path.glob("current.toml.broken-*")
        assert kept.read_bytes() == bad
        kept.unlink()
        assert not list(tmp_path.glob("*.rejected*.toml"))
        store.close()


def test_past_a_thousand_unplaced_keys_the_rest_are_added_up_in_one(tmp_path: Path) -> None:
    """[[unplaced_stats]] holds at most 1,000 keys (an older game keeps it as an unknown key of at
    most 1,000 items): the damaged keys past that are added up under other / other / layout 0,
    their wins kept."""
    from desert_pyramid.progression import StatsKey

    save, profile = player_files()
    template = save["stats"][0]
    damaged = [dict(template, mode="arcade", preset=f"p{n}", recent=[]) for n in range(1_000 + 3)]
    save["stats"] += damaged
    total = sum(s["won"] for s in save["stats"] + save["untimed_stats"])
    write(tmp_path, save, profile)
    store = open_store(tmp_path)
    stats = store.progress.stats
    assert sum(s.won for s in stats.values()) == total
    rest = stats[StatsKey("other", "other", 0)]
    assert rest.won == 5 * template["won"] and rest.lost == 5 * template["lost"]
    store.close()
    written = tomllib.loads((tmp_path / "save.toml").read_text(encoding="utf-8"))
    assert len(written["unplaced_stats"]) == 999  # (room left for the untimed one)
    again = open_store(tmp_path)
    assert not again.take_notices() and sum(s.won for s in again.progress.stats.values()) == total
