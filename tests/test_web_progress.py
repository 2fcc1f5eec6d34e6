"""The relics and card backs of the web edition through the worker's Python, without a browser:
a finished deal's result lists what it unlocked, the Relics and Card backs requests list every
relic and back earned or locked (with the pictures the build draws), a back chosen is kept in the
profile the desktop reads, a bad choice is refused with the reason; and a game the computer
played for the player earns nothing, at the layer both editions share."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from desert_pyramid.app.application import Application, NoticeLog
from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import DESERT
from desert_pyramid.engine.moves import Move, MoveKind
from desert_pyramid.i18n import use_language
from desert_pyramid.progression import (
    CARD_BACKS,
    RELICS,
    BackCollection,
    GameResult,
    Progress,
    TrekResult,
    record_game,
    record_trek,
)
from desert_pyramid.storage import SaveStore
from desert_pyramid.web.protocol import Worker
from tests.web.helpers import winnable
from tests.web.helpers import worker_act as act

DAY = "2026-12-07"


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


def seed_profile(folder: Path, cleared: int, redeals: int = 1) -> None:
    """A profile with ``cleared`` pyramids cleared (Practice wins recorded by the store), as a
    player who played before has; ``redeals`` 0 earns the no-redeal back with them."""
    store = SaveStore.open(str(folder), background=False)
    for i in range(cleared):
        store.record_game(
            GameResult(
                game_id=f"practice-seed{i:04d}",
                mode="practice",
                preset="desert",
                layout=1,
                outcome="won",
                score=500,
                seconds=90.0,
                best_chain=2,
                redeals_used=redeals,
                date="2026-12-01",
            )
        )
    store.close()


def opened(folder: Path, **fields: Any) -> Worker:
    worker = Worker()
    hello = worker.handle({"id": 1, "op": "hello", "save_dir": str(folder), "today": DAY, **fields})
    assert hello["ok"], hello
    return worker


def ask(worker: Worker, op: str, **fields: Any) -> dict[str, Any]:
    return worker.handle({"id": 2, "op": op, **fields})


def win(worker: Worker) -> dict[str, Any]:
    """A winnable Practice deal opened by its code and won by the player's actions."""
    code, line = winnable("desert")
    assert ask(worker, "start", code=code, today=DAY)["ok"]
    reply: dict[str, Any] = {}
    for move in line:
        reply = act(worker, move)
    return reply


def redeals_in(line: tuple[Move, ...]) -> int:
    return sum(1 for m in line if m.kind == MoveKind.REDEAL)


def test_a_won_deal_lists_the_relic_it_earned(tmp_path: Path) -> None:
    seed_profile(tmp_path, cleared=1)  # one pyramid short of the Clay Jar (2)
    worker = opened(tmp_path)
    before = ask(worker, "relics")["result"]
    assert before["cleared"] == 1 and before["found"] == 1
    reply = win(worker)
    state = reply["state"]
    assert state["won"] and state["finished"]
    assert reply["result"]["say"].endswith("You won! Relic found: Clay Jar") or (
        "Relic found: Clay Jar Card back unlocked: Unbroken Sun" in reply["result"]["say"]
    )
    unlocks = state["result"]["unlocks"]
    relics = [u for u in unlocks if u["kind"] == "relic"]
    assert relics == [
        {
            "kind": "relic",
            "id": "clay_jar",
            "label": "Relic found",
            "name": "Clay Jar",
            "line": "Relic found: Clay Jar",
            "image": "art/relics/clay_jar.webp",
        }
    ]
    assert not state["result"]["assisted"]
    # the line held no redeal: the Unbroken Sun back came with it, as at the desktop
    _, line = winnable("desert")
    backs = [u["id"] for u in unlocks if u["kind"] == "back"]
    assert backs == ([] if redeals_in(line) else ["no_redeal"])
    after = ask(worker, "relics")["result"]
    jar = next(r for r in after["relics"] if r["id"] == "clay_jar")
    assert after["cleared"] == 2 and jar["earned"] and jar["date"] == DAY
    assert jar["detail"].startswith("Clay Jar · found on ") and "2 pyramids in all" in jar["detail"]
    assert jar["text"] == "“Cool water for the long walk, sealed with beeswax.”"
    # the saves the desktop reads hold it
    store = SaveStore.open(str(tmp_path), background=False)
    assert "clay_jar" in store.progress.relics and store.progress.pyramids_cleared == 2
    store.close()


def test_the_won_dialogs_unlocks_are_in_the_players_language(tmp_path: Path) -> None:
    seed_profile(tmp_path, cleared=1)
    worker = opened(tmp_path, language="de")
    relic = next(u for u in win(worker)["state"]["result"]["unlocks"] if u["kind"] == "relic")
    assert relic["label"] == "Relikt" and relic["name"] == "Tonkrug"
    assert relic["line"] == "Relikt: Tonkrug"


def test_the_relics_and_backs_list_every_one_earned_or_locked(tmp_path: Path) -> None:
    worker = opened(tmp_path)
    relics = ask(worker, "relics")
    assert relics["ok"] and "state" not in relics  # answered on the start page
    items = relics["result"]["relics"]
    assert [r["id"] for r in items] == [r.id for r in RELICS] and len(items) == 12
    assert not any(r["earned"] for r in items)
    compass = items[0]
    assert compass["text"] == "Clear 1 pyramid in all." and compass["left"] == "1 more pyramid"
    assert (
        compass["count"] == "0 / 1" and compass["image"] == "art/relics/brass_compass-locked.webp"
    )
    assert relics["result"]["summary"] == (
        "0 pyramids cleared in all · 0 of 12 relics found · next: Brass Compass in 1 more pyramid"
    )
    backs = ask(worker, "backs")["result"]
    assert [b["id"] for b in backs["backs"]] == [b.id for b in CARD_BACKS]
    assert backs["chosen"] == "sandstone" and backs["summary"] == "1 of 9 backs owned"
    sand, *rest = backs["backs"]
    assert sand["earned"] and sand["chosen"] and sand["status"] == "In use on your cards"
    assert sand["image"] == "art/cards/back-sandstone.webp"
    for back in rest:
        assert not back["earned"] and not back["chosen"]
        assert back["image"] == f"art/backs/{back['id']}-locked.webp"
    lotus = next(b for b in rest if b["id"] == "clears_10")
    assert lotus["status"] == "Clear 10 pyramids in all. 10 more to go."
    # earned: named with what it was for and when
    seed_profile(tmp_path, cleared=10, redeals=0)
    worker = opened(tmp_path)
    relics_now = ask(worker, "relics")["result"]
    assert relics_now["found"] == 5 and relics_now["relics"][5]["id"] == "hourglass"
    assert not relics_now["relics"][5]["earned"]
    backs_now = {b["id"]: b for b in ask(worker, "backs")["result"]["backs"]}
    lotus = backs_now["clears_10"]
    assert lotus["earned"] and lotus["how"] == "Clear 10 pyramids in all."
    assert lotus["when"].startswith("Unlocked on ") and lotus["date"] == "2026-12-01"
    assert lotus["status"] == "Owned · click or Enter to use"


@pytest.mark.slow  # (paints every relic and back: half a minute; .ci/run's slow group runs it)
def test_every_picture_named_is_one_the_build_draws(tmp_path: Path) -> None:
    """The relics' and backs' pictures the worker names are the files ``web build`` writes."""
    from desert_pyramid.ui.art.export import render_backs, render_rewards

    render_rewards(tmp_path / "art", (42, 57))
    render_backs(tmp_path / "art" / "cards", (42, 57))
    seed_profile(tmp_path / "saves", cleared=4, redeals=0)
    worker = opened(tmp_path / "saves")
    relics = ask(worker, "relics")["result"]["relics"]
    backs = ask(worker, "backs")["result"]["backs"]
    for item in [*relics, *backs]:
        assert (tmp_path / item["image"]).is_file(), item["image"]
    assert sum(r["earned"] for r in relics) == 3 and sum(b["earned"] for b in backs) == 2
    for back in CARD_BACKS:
        assert (tmp_path / "art" / "cards" / f"back-{back.id}.webp").is_file()


def test_a_back_chosen_is_kept_in_the_profile_and_read_after_a_reload(tmp_path: Path) -> None:
    seed_profile(tmp_path, cleared=1, redeals=0)  # the Unbroken Sun back is owned
    worker = opened(tmp_path)
    chose = ask(worker, "choose_back", back="no_redeal")
    assert chose["ok"], chose
    assert chose["result"]["chosen"] == "no_redeal"
    assert chose["result"]["message"] == "Unbroken Sun is on your cards now."
    sun = next(b for b in chose["result"]["backs"] if b["id"] == "no_redeal")
    assert sun["chosen"] and sun["status"] == "In use on your cards"
    # the profile the desktop reads holds the choice
    store = SaveStore.open(str(tmp_path), background=False)
    assert store.profile.backs.chosen == "no_redeal"
    store.close()
    # a reload (a new worker on the same saves) reads it, and the table's stock draws it
    again = opened(tmp_path)
    assert ask(again, "backs")["result"]["chosen"] == "no_redeal"
    code, _ = winnable("desert")
    started = ask(again, "start", code=code)
    assert started["state"]["back"] == "no_redeal"


def test_a_bad_choice_of_back_is_refused_with_the_reason(tmp_path: Path) -> None:
    worker = opened(tmp_path)
    unknown = ask(worker, "choose_back", back="zebra")
    assert not unknown["ok"]
    assert unknown["error"].startswith("unknown card back 'zebra': one of sandstone, no_redeal")
    assert not ask(worker, "choose_back", back=["x"])["ok"]
    missing = ask(worker, "choose_back")
    assert not missing["ok"] and "'back'" in missing["error"]
    locked = ask(worker, "choose_back", back="clears_50")
    assert not locked["ok"]
    assert locked["error"] == "Golden Pyramid is locked. Clear 50 pyramids in all."
    assert ask(worker, "backs")["result"]["chosen"] == "sandstone"  # nothing changed


# -- a game the computer played earns nothing (the layer both editions share) ---------------------
def result(game_id: str, *, assisted: bool, chain: int = 2, redeals: int = 0) -> GameResult:
    return GameResult(
        game_id=game_id,
        mode="practice",
        preset="desert",
        layout=1,
        outcome="won",
        score=500,
        seconds=60.0,
        best_chain=chain,
        redeals_used=redeals,
        date=DAY,
        assisted=assisted,
    )


def test_an_assisted_win_counts_as_played_but_earns_nothing() -> None:
    progress, backs = Progress(), BackCollection()
    unlocks = record_game(progress, backs, result("practice-a1", assisted=True, chain=9))
    assert not unlocks
    assert progress.pyramids_cleared == 0 and progress.relics == {}
    assert backs.owned() == [CARD_BACKS[0]]  # the default only: no chain, no clean clear
    assert progress.stats_for("practice", "desert", 1).played == 1
    # the player's own win earns what the computer's did not
    own = record_game(progress, backs, result("practice-a2", assisted=False, chain=9))
    assert [r.id for r in own.relics] == ["brass_compass"]
    assert {b.id for b in own.backs} == {"no_redeal", "chain_8"}
    trek = TrekResult("expedition-t1", 8, 5000, 9, 200.0, DAY, assisted=True)
    assert not record_trek(Progress(), BackCollection(), trek)
    with pytest.raises(ValueError, match="assisted must be true or false"):
        result("practice-a3", assisted="yes")  # type: ignore[arg-type]


def play_line(app: Application, computer_moves: int) -> Any:
    """A winnable deal at the table, its first ``computer_moves`` moves played by the computer
    (as the desktop's autoplay plays them: ``Seat.play_as_computer``), the rest by the player."""
    code, line = winnable("desert")
    seat = app.sit(app.practice_from_code(code, DESERT, get_layout(1)))
    for i, move in enumerate(line):
        if i < computer_moves:
            seat.play_as_computer(move)
        else:
            seat.play(move)
    return app.finish(seat)


def test_a_deal_autoplayed_at_the_desktop_earns_no_relic_or_back(tmp_path: Path) -> None:
    app = Application(save_dir=str(tmp_path / "auto"), notices=NoticeLog())
    app.open_saves(background=False)
    done = play_line(app, computer_moves=1)
    assert done.results.won and done.results.assisted
    assert not done.unlocks and app.progress.pyramids_cleared == 0
    assert app.backs.owned() == [CARD_BACKS[0]]
    assert app.progress.stats_for("practice", "desert", 1).won == 1  # played and won, in figures
    app.close()
    # the same deal played by the player earns the first relic
    own = Application(save_dir=str(tmp_path / "own"), notices=NoticeLog())
    own.open_saves(background=False)
    mine = play_line(own, computer_moves=0)
    assert not mine.results.assisted and [r.id for r in mine.unlocks.relics] == ["brass_compass"]
    own.close()


def test_a_hint_the_player_plays_is_the_players_move(tmp_path: Path) -> None:
    """As at the desktop, a hint played (Enter) is counted as a hint, not as the computer's
    move: the deal still earns its relic. The web edition has no autoplay."""
    worker = opened(tmp_path)
    code, line = winnable("desert")
    assert ask(worker, "start", code=code)["ok"]
    hint = ask(worker, "hint", time_limit=5)
    assert hint["ok"] and hint["result"]["verdict"] == "winnable", hint
    played = ask(worker, "act", action="accept_hint")
    assert played["result"]["moved"]
    assert worker.table is not None and worker.table.seat is not None
    seat = worker.table.seat
    from desert_pyramid.solver import Verdict, solve

    rest = solve(seat.game.copy(), node_budget=300_000)
    assert rest.verdict == Verdict.WINNABLE
    reply: dict[str, Any] = {}
    for move in rest.line:
        reply = act(worker, move)
    res = reply["state"]["result"]
    assert res["won"] and not res["assisted"]
    assert [u["id"] for u in res["unlocks"] if u["kind"] == "relic"] == ["brass_compass"]
    assert seat.session.hints_used == 1 and not seat.session.assisted
