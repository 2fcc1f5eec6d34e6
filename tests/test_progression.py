"""Progression: relics, card backs, statistics, day streak; idempotent events."""

from __future__ import annotations

import datetime
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desert_pyramid.progression import (
    CARD_BACKS,
    RECENT_LIMIT,
    RELICS,
    BackCollection,
    GameResult,
    Progress,
    StatsKey,
    TrekResult,
    combine,
    next_relic,
    note_chain,
    record_game,
    record_trek,
    relics_for,
    sync_unlocks,
)


def result(game_id: str, outcome: str = "won", **kw: object) -> GameResult:
    base: dict[str, object] = dict(
        mode="practice",
        preset="desert",
        layout=1,
        score=100,
        seconds=60.0,
        best_chain=2,
        redeals_used=1,
        date="2025-03-14",
    )
    base.update(kw)
    return GameResult(game_id=game_id, outcome=outcome, **base)  # type: ignore[arg-type]


def test_relic_catalogue_matches_the_design() -> None:
    assert [(r.name, r.threshold) for r in RELICS] == [
        ("Brass Compass", 1),
        ("Clay Jar", 2),
        ("Falcon Feather", 4),
        ("Old Key", 6),
        ("Camel Bell", 9),
        ("Hourglass", 12),
        ("Bloom Cactus", 16),
        ("Star Map", 20),
        ("Glass Scorpion", 25),
        ("Moon Charm", 30),
        ("Oasis Gem", 40),
        ("Sun Crown", 50),
    ]
    assert RELICS[0].id == "brass_compass" and RELICS[-1].id == "sun_crown"
    assert len({r.id for r in RELICS}) == 12


def test_card_backs_are_default_plus_eight_milestones() -> None:
    assert CARD_BACKS[0].id == "sandstone" and CARD_BACKS[0].rule == "default"
    milestones = {(b.rule, b.amount) for b in CARD_BACKS[1:]}
    assert milestones == {
        ("no_redeal", 0),
        ("trek", 3),
        ("trek", 5),
        ("trek", 8),
        ("chain", 8),
        ("clears", 10),
        ("clears", 25),
        ("clears", 50),
    }
    assert all(b.how_to_earn and b.name for b in CARD_BACKS)


def test_next_relic_and_relics_for() -> None:
    assert next_relic(0) == (RELICS[0], 1)
    relic, more = next_relic(12) or (None, 0)
    assert relic is not None and relic.name == "Bloom Cactus" and more == 4
    assert next_relic(50) is None
    assert [r.threshold for r in relics_for(9)] == [1, 2, 4, 6, 9]


def test_each_relic_unlocks_exactly_at_its_threshold() -> None:
    progress, backs = Progress(), BackCollection()
    found_at: dict[str, int] = {}
    for n in range(1, 51):
        unlocks = record_game(progress, backs, result(f"g{n}"))
        for relic in unlocks.relics:
            found_at[relic.name] = n
    assert found_at == {r.name: r.threshold for r in RELICS}
    assert progress.pyramids_cleared == 50


def test_losses_do_not_count_toward_relics() -> None:
    progress, backs = Progress(), BackCollection()
    assert not record_game(progress, backs, result("a", "lost")).relics
    assert not record_game(progress, backs, result("b", "abandoned")).relics
    assert progress.pyramids_cleared == 0 and progress.relics == {}


def test_clears_backs_at_10_25_50() -> None:
    progress, backs = Progress(), BackCollection()
    got: dict[str, int] = {}
    for n in range(1, 51):
        for back in record_game(progress, backs, result(f"g{n}")).backs:
            got[back.id] = n
    assert got == {"clears_10": 10, "clears_25": 25, "clears_50": 50}


def test_no_redeal_clear_back_needs_a_win_with_no_redeal() -> None:
    backs = BackCollection()
    progress = Progress()
    assert not record_game(progress, backs, result("lost", "lost", redeals_used=0)).backs
    assert not record_game(progress, backs, result("redealt", redeals_used=2)).backs
    unlocks = record_game(progress, backs, result("clean", redeals_used=0))
    assert [b.id for b in unlocks.backs] == ["no_redeal"]


def test_trek_backs_from_pyramid_number_and_from_trek_result() -> None:
    progress, backs = Progress(), BackCollection()
    got = []
    for k in range(1, 6):
        got += [
            b.id
            for b in record_game(
                progress, backs, result(f"p{k}", mode="expedition", pyramid_number=k, trek_id="t")
            ).backs
        ]
    assert got == ["trek_3", "trek_5"]
    # a lost pyramid 8 does not count as 8 cleared
    assert not record_game(
        progress, backs, result("p8", "lost", mode="expedition", pyramid_number=8)
    ).backs
    # the trek record itself also grants (e.g. after a crash lost the per-pyramid event)
    other = BackCollection()
    unlocks = record_trek(Progress(), other, TrekResult("t2", 8, 5000, 3, 900.0, "2025-03-14"))
    assert [b.id for b in unlocks.backs] == ["trek_3", "trek_5", "trek_8"]


def test_chain_back_from_a_result_or_mid_game_and_undo_never_takes_back() -> None:
    backs = BackCollection()
    assert not note_chain(backs, 7, "2025-03-14")
    assert [b.id for b in note_chain(backs, 8, "2025-03-14").backs] == ["chain_8"]
    assert not note_chain(backs, 8, "2025-03-14")  # the same chain again after an undo
    progress = Progress()
    record_game(progress, backs, result("g", "lost", best_chain=3))  # the game then ends badly
    assert backs.owns("chain_8")
    other = BackCollection()
    assert [
        b.id for b in record_game(Progress(), other, result("x", "lost", best_chain=9)).backs
    ] == ["chain_8"]


def test_recording_the_same_game_twice_changes_nothing() -> None:
    progress, backs = Progress(), BackCollection()
    first = record_game(progress, backs, result("same", redeals_used=0))
    assert first.relics and first.backs
    # undo, then clear again: same game id, different numbers
    again = record_game(progress, backs, replace(result("same", redeals_used=0), score=9999))
    assert not again
    stats = progress.stats_for("practice", "desert", 1)
    assert (stats.played, stats.won, stats.best_score, progress.pyramids_cleared) == (1, 1, 100, 1)
    # a loss reported later for the same game (left after winning) does not undo the win
    assert not record_game(progress, backs, result("same", "abandoned"))
    assert stats.won == 1 and stats.lost == 0


def test_nothing_is_ever_taken_back() -> None:
    progress, backs = Progress(), BackCollection()
    for n in range(12):
        record_game(progress, backs, result(f"g{n}"))
    relics = dict(progress.relics)
    progress.pyramids_cleared = 3  # e.g. an older backup's count
    assert not sync_unlocks(progress, backs, "2025-03-15")
    record_game(progress, backs, result("late"))
    assert relics.items() <= progress.relics.items()
    assert backs.owns("clears_10")


def test_sync_grants_what_counts_earn() -> None:
    progress = Progress(pyramids_cleared=26)
    backs = BackCollection()
    unlocks = sync_unlocks(progress, backs, "2025-03-14")
    assert len(unlocks.relics) == 9
    assert [b.id for b in unlocks.backs] == ["clears_10", "clears_25"]
    assert not sync_unlocks(progress, backs, "2025-03-14")


def test_statistics_per_mode_preset_layout() -> None:
    progress, backs = Progress(), BackCollection()
    outcomes = ["won", "won", "lost", "won", "won", "won", "abandoned", "won"]
    for n, outcome in enumerate(outcomes):
        record_game(progress, backs, result(f"g{n}", outcome, score=100 * n, seconds=100.0 - n))
    record_game(progress, backs, result("other", preset="relaxed", layout=12))
    stats = progress.stats[StatsKey("practice", "desert", 1)]
    assert (stats.played, stats.won, stats.lost) == (8, 6, 2)
    assert stats.win_rate == pytest.approx(0.75)
    assert (stats.current_streak, stats.best_streak) == (1, 3)
    assert stats.best_score == 700
    assert stats.best_seconds == pytest.approx(93.0)  # fastest win (the 7th game was abandoned)
    assert [r.outcome for r in stats.recent] == outcomes
    assert progress.stats[StatsKey("practice", "relaxed", 12)].played == 1
    total = combine(progress.stats.values())
    assert (total.played, total.won, total.best_score) == (9, 7, 700)


def test_best_time_counts_wins_only_and_recent_is_capped() -> None:
    progress, backs = Progress(), BackCollection()
    record_game(progress, backs, result("fast-loss", "lost", seconds=5.0))
    assert progress.stats_for("practice", "desert", 1).best_seconds is None
    for n in range(RECENT_LIMIT + 20):
        record_game(progress, backs, result(f"g{n}", score=n))
    recent = progress.stats_for("practice", "desert", 1).recent
    assert len(recent) == RECENT_LIMIT
    assert recent[-1].score == RECENT_LIMIT + 19 and recent[0].score == 20


def test_best_trek() -> None:
    progress, backs = Progress(), BackCollection()
    record_trek(progress, backs, TrekResult("t1", 4, 8000, 5, 700.0, "2025-03-14"))
    record_trek(progress, backs, TrekResult("t2", 6, 7000, 5, 800.0, "2025-03-14"))
    record_trek(progress, backs, TrekResult("t2", 9, 99999, 5, 800.0, "2025-03-14"))  # replayed
    stats = progress.stats[StatsKey("expedition", "desert", 1)]
    assert (stats.treks, stats.best_trek_pyramids, stats.best_trek_score) == (2, 6, 8000)


def daily(
    game_id: str, date: str, outcome: str = "won", deal_date: str | None = None
) -> GameResult:
    return result(
        game_id,
        outcome,
        mode="daily",
        date=date,
        deal_date=date if deal_date is None else deal_date,
    )


def test_day_streak() -> None:
    progress, backs = Progress(), BackCollection()
    for n, day in enumerate(["2025-03-01", "2025-03-02", "2025-03-03"]):
        record_game(progress, backs, daily(f"d{n}", day))
    assert progress.daily.current_on("2025-03-03") == 3
    assert progress.daily.current_on("2025-03-04") == 3  # today's not played yet
    assert progress.daily.current_on("2025-03-05") == 0  # a date was missed
    # a replay of a day already cleared (a new attempt) does not count twice
    record_game(progress, backs, daily("d2-again", "2025-03-03"))
    assert progress.daily.current == 3
    # a lost daily does not extend it; a past day's daily played today is practice
    record_game(progress, backs, daily("lost", "2025-03-04", "lost"))
    record_game(progress, backs, daily("past", "2025-03-04", deal_date="2025-02-20"))
    assert progress.daily.current == 3 and progress.daily.last_cleared == "2025-03-03"
    record_game(progress, backs, daily("d5", "2025-03-05"))  # after missing the 4th
    assert (progress.daily.current, progress.daily.best) == (1, 3)


def test_bad_records_are_refused_with_a_clear_message() -> None:
    with pytest.raises(ValueError, match="mode must be one of"):
        result("x", mode="arcade")
    with pytest.raises(ValueError, match="outcome"):
        result("x", "draw")
    with pytest.raises(ValueError, match="date must be a date"):
        result("x", date="14/03/2025")
    with pytest.raises(ValueError, match="score"):
        result("x", score=-5)
    with pytest.raises(ValueError, match="layout"):
        result("x", layout=0)
    with pytest.raises(ValueError, match="game_id"):
        result("")
    with pytest.raises(ValueError, match="trek_id"):
        TrekResult("", 1, 1, 1, 1.0, "2025-03-14")


def test_choose_back_and_effective_back() -> None:
    backs = BackCollection()
    with pytest.raises(ValueError, match="locked"):
        backs.choose("trek_8")
    with pytest.raises(ValueError, match="unknown"):
        backs.choose("nope")
    backs.grant("trek_8", "2025-03-14")
    backs.choose("trek_8")
    assert backs.effective().id == "trek_8"
    sibling = BackCollection({"poker_felt": "2025-01-01"}, chosen="poker_felt")
    assert sibling.effective().id == "sandstone" and sibling.owns("poker_felt")


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 30), st.sampled_from(["won", "lost", "abandoned"])), max_size=80
    )
)
def test_counts_equal_unique_games_whatever_the_replays(events: list[tuple[int, str]]) -> None:
    progress, backs = Progress(), BackCollection()
    first: dict[int, str] = {}
    for game, outcome in events:
        record_game(progress, backs, result(f"g{game}", outcome))
        first.setdefault(game, outcome)
    stats = progress.stats_for("practice", "desert", 1)
    wins = sum(1 for o in first.values() if o == "won")
    assert stats.played == len(first) and stats.won == wins
    assert progress.pyramids_cleared == wins
    assert set(progress.relics) == {r.id for r in relics_for(wins)}


def test_catalogue_matches_the_art_data_files() -> None:
    """The relic and back pictures come with relics.toml and backs.toml: same ids, names,
    thresholds, milestones and texts as the catalogue, in the same order."""
    import tomllib
    from pathlib import Path

    images = Path(__file__).resolve().parent.parent / "resources" / "images"
    relics = tomllib.loads((images / "relics" / "relics.toml").read_text())["relic"]
    assert [(r["id"], r["name"], r["threshold"], r["flavour"]) for r in relics] == [
        (r.id, r.name, r.threshold, r.flavour) for r in RELICS
    ]
    backs = tomllib.loads((images / "backs" / "backs.toml").read_text())["back"]
    assert [
        (b["id"], b["name"], b["milestone"] + ".", b["unlock"], b.get("count", 0)) for b in backs
    ] == [(b.id, b.name, b.how_to_earn, b.rule, b.amount) for b in CARD_BACKS]
    for item in (*RELICS, *CARD_BACKS):
        folder = "relics" if item in RELICS else "backs"
        assert (images / folder / f"{item.id}.png").is_file(), item.id


def test_day_streak_keeps_late_days_and_the_calendar_through_a_save() -> None:
    from desert_pyramid.progression.model import DailyStreak
    from desert_pyramid.storage.documents import decode_progress, encode_progress

    progress, backs = Progress(), BackCollection()
    record_game(progress, backs, daily("lost", "2025-03-01", "lost"))  # the first daily played
    record_game(progress, backs, daily("d2", "2025-03-02"))
    record_game(progress, backs, daily("past", "2025-03-04", deal_date="2025-03-03"))  # practice
    assert progress.daily.late_dates == ["2025-03-03"]
    assert progress.daily.current_on("2025-03-04") == 0  # the 3rd was missed on its date
    back = decode_progress(encode_progress(progress))
    assert back.daily == progress.daily
    states = [d.state for d in back.daily.record.calendar(datetime.date(2025, 3, 4), 4)]
    assert states == ["missed", "cleared", "late", "today"]
    # a schema-1 save that kept only the last dates of a long streak: the run it stored is kept
    old = DailyStreak(["2025-03-13"], best=70, last_cleared="2025-03-13", current=70)
    assert old.current_on("2025-03-14") == 70 and old.best == 70
