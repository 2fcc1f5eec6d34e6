"""A generator of hostile saves: a real profile with years of games, statistics, relics, card
backs and streaks, and one bad record of a different kind in each of 60 copies of it (issue 36:
one bad record never costs a player the rest of their progress).

``player_files()`` plays three years of a player's games through the progression's own rules
(Practice, Daily, timed and untimed Expeditions with their treks, the day streak, a third of the
games kept with their codes: a smaller file keeps the 60 loads quick) and gives ``save.toml`` and ``profile.toml`` as TOML-ready dicts.
``DAMAGES`` are the 60 bad records: each a name, the file, an edit of that file's dict, and how
many of the sound records the edit destroys (0 when it adds a bad record or damages a field
that is set back to its default, 1 when a record itself is broken and so cannot be kept).
"""

from __future__ import annotations

import copy
import datetime
import functools
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bench.crafted_codes import game_code as crafted_code
from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import DESERT, Deal, Game, encode_game_code
from desert_pyramid.progression import (
    BackCollection,
    GameResult,
    Progress,
    TrekResult,
    record_game,
    record_trek,
)
from desert_pyramid.storage.documents import Profile, encode_profile, encode_progress

START = datetime.date(2023, 1, 1)
DAYS = 3 * 365
FIVE_THOUSAND_DIGITS = 10**4999  # a TOML whole number Python will not read by default


@functools.cache
def codes() -> tuple[str, ...]:
    """Real game codes (a few moves of a few deals)."""
    out = []
    for seed in range(8):
        game = Game(get_layout(1), DESERT, Deal.from_seed(seed))
        for _ in range(5 + seed):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(moves[0])
        out.append(encode_game_code(game))
    return tuple(out)


@functools.cache
def _played() -> tuple[dict[str, Any], dict[str, Any]]:
    rng = random.Random(36)
    progress, backs = Progress(), BackCollection()
    number = 0
    for offset in range(DAYS):
        day = (START + datetime.timedelta(days=offset)).isoformat()
        if rng.random() < 0.55:  # a Daily, cleared on its day most of the time
            number += 1
            won = rng.random() < 0.8
            record_game(
                progress,
                backs,
                GameResult(
                    f"daily-{number:05d}",
                    "daily",
                    "desert",
                    1,
                    "won" if won else "lost",
                    rng.randrange(100, 3000),
                    rng.uniform(60, 400),
                    rng.randrange(0, 9),
                    rng.randrange(0, 3),
                    day,
                    deal_date=day,
                    game_code=rng.choice(codes()) if rng.random() < 0.3 else "",
                    untimed=rng.random() < 0.1,
                ),
            )
        if rng.random() < 0.3:  # a Practice deal on one of three layouts
            number += 1
            record_game(
                progress,
                backs,
                GameResult(
                    f"practice-{number:05d}",
                    "practice",
                    rng.choice(["desert", "classic", "relaxed+p3"]),
                    rng.choice([1, 2, 5]),
                    rng.choice(["won", "won", "lost", "abandoned"]),
                    rng.randrange(0, 5000),
                    rng.uniform(30, 900),
                    rng.randrange(0, 9),
                    rng.randrange(0, 3),
                    day,
                    game_code=rng.choice(codes()) if rng.random() < 0.3 else "",
                ),
            )
        if rng.random() < 0.1:  # an Expedition: a trek of a few pyramids
            untimed = rng.random() < 0.25
            trek = f"trek-{offset:05d}"
            cleared = 0
            for pyramid in range(1, rng.randrange(2, 10)):
                number += 1
                won = rng.random() < 0.75
                cleared += won
                record_game(
                    progress,
                    backs,
                    GameResult(
                        f"expedition-{number:05d}",
                        "expedition",
                        "desert",
                        1,
                        "won" if won else "lost",
                        rng.randrange(0, 4000),
                        rng.uniform(30, 300),
                        rng.randrange(0, 9),
                        0,
                        day,
                        pyramid_number=pyramid,
                        trek_id=trek,
                        game_code=rng.choice(codes()) if rng.random() < 0.3 else "",
                        untimed=untimed,
                    ),
                )
                if not won:
                    break
            record_trek(
                progress,
                backs,
                TrekResult(trek, cleared, rng.randrange(0, 20000), 4, 900.0, day, untimed=untimed),
            )
    progress.settings = {"sound": True, "music_volume": 0.6, "language": "en"}
    return encode_progress(progress), encode_profile(Profile(backs))


def player_files() -> tuple[dict[str, Any], dict[str, Any]]:
    """``save.toml`` and ``profile.toml`` of three years of play (fresh copies)."""
    save, profile = _played()
    return copy.deepcopy(save), copy.deepcopy(profile)


Edit = Callable[[dict[str, Any]], None]


@dataclass(frozen=True)
class Damage:
    name: str
    file: str  # save.toml | profile.toml
    edit: Edit
    #: sound records the edit breaks (so not kept); for a whole section, counted on the sound file
    destroys: int | Callable[[dict[str, Any]], int]
    #: a statistics key whose mode, layout or rules are damaged: kept under "other" / layout 0
    #: (its figures the same, under another key)
    unplaced: bool = False

    def destroyed(self) -> int:
        """How many sound records of the generated player this damage breaks."""
        if isinstance(self.destroys, int):
            return self.destroys
        save, profile = player_files()
        return self.destroys(save if self.file == "save.toml" else profile)


def _game(field: str, value: Any, index: int = 7) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data["games"][index][field] = value

    return edit


def _stats(field: str, value: Any, table: str = "stats", index: int = 1) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data[table][index][field] = value

    return edit


def _recent(field: str | None, value: Any) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        if field is None:
            data["stats"][0]["recent"][3] = value
        else:
            data["stats"][0]["recent"][3][field] = value

    return edit


def _seen(value: Any, key: str = "games", index: int = 40) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data["seen"][key][index] = value

    return edit


def _set(*path: Any, value: Any) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return edit


def _first_relic(value: Any) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data["relics"][sorted(data["relics"])[0]] = value

    return edit


def _cleared_date(value: Any, key: str = "cleared_dates") -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data["daily"][key][2] = value

    return edit


def _back(value: Any) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        unlocked = data["card_backs"]["unlocked"]
        unlocked[sorted(unlocked)[0]] = value

    return edit


def _extra_back(name: str, value: Any) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data["card_backs"]["unlocked"][name] = value

    return edit


def _duplicate_seen(data: dict[str, Any]) -> None:
    data["seen"]["games"].insert(50, data["seen"]["games"][10])


def _duplicate_stats(data: dict[str, Any]) -> None:
    data["stats"].append(copy.deepcopy(data["stats"][0]))


def _seen_ids(data: dict[str, Any]) -> int:
    return len(data["seen"]["games"]) + len(data["seen"]["treks"])


S, P = "save.toml", "profile.toml"
FULLWIDTH_123 = "\uff11\uff12\uff13"  # "123" in fullwidth digits: str.isdigit() says True

DAMAGES: list[Damage] = [
    # past games ([[games]]): a damaged one is set aside; the statistics stay as stored
    Damage("game code claims 2 billion moves", S, _game("code", crafted_code(2**31 - 1)), 1),
    Damage("game code with a disallowed character", S, _game("code", codes()[0] + "\u2660"), 1),
    Damage("game code with a lower-case letter", S, _game("code", codes()[1].lower()), 1),
    Damage("game code of 9,000 characters", S, _game("code", "DG-" + "A" * 9_000), 1),
    Damage("game code that is a number", S, _game("code", 12345), 1),
    Damage("game id with a control character", S, _game("id", "practice-\x1b[2J"), 1),
    Damage("game id of 300 characters", S, _game("id", "g" * 300), 1),
    Damage("game mode unknown", S, _game("mode", "arcade"), 1),
    Damage("game outcome unknown", S, _game("outcome", "draw"), 1),
    Damage("game score of 5,000 digits", S, _game("score", FIVE_THOUSAND_DIGITS), 1),
    Damage("game score negative", S, _game("score", -1), 1),
    Damage("game dated 9999-12-31", S, _game("date", "9999-12-31"), 1),
    Damage("game date in fullwidth digits", S, _game("date", "２０２５-０３-１４"), 1),
    Damage("game layout 0", S, _game("layout", 0), 1),
    Damage("game untimed is text", S, _game("untimed", "yes"), 1),
    Damage("game is not a table", S, _set("games", 7, value="expedition"), 1),
    # ids already counted
    Damage("seen game id with a control character", S, _seen("daily-\x00"), 1),
    Damage("seen game id of 300 characters", S, _seen("d" * 300), 1),
    Damage("seen game id is a number", S, _seen(40), 1),
    Damage("seen game id twice", S, _duplicate_seen, 0),
    Damage("seen trek id with a newline", S, _seen("trek\n1", "treks", 3), 1),
    # statistics: a damaged field drops to what the key's own results prove, never lower
    Damage(
        "statistics preset with a terminal escape", S, _stats("preset", "desert\x1b[2J", index=0), 0
    ),
    Damage("statistics won is text", S, _stats("won", "three"), 0),
    Damage("statistics won negative", S, _stats("won", -1), 0),
    Damage("statistics lost of 5,000 digits", S, _stats("lost", FIVE_THOUSAND_DIGITS), 0),
    Damage("statistics best score 2**63-1", S, _stats("best_score", 2**63 - 1), 0),
    Damage("statistics best time NaN", S, _stats("best_seconds", float("nan")), 0),
    Damage("statistics best time negative", S, _stats("best_seconds", -1.0), 0),
    Damage("statistics treks a fraction", S, _stats("treks", 2.5), 0),
    Damage("statistics best trek 10**30", S, _stats("best_trek_pyramids", 10**30), 0),
    Damage("statistics key twice", S, _duplicate_stats, 0),
    Damage("untimed statistics won is a list", S, _stats("won", [1], "untimed_stats", 0), 0),
    Damage(
        "untimed statistics preset with a bell",
        S,
        _stats("preset", "desert\x07", "untimed_stats", 0),
        0,
    ),
    # a statistics key that cannot be placed: kept under "other" / layout 0, its wins still count
    Damage("statistics mode unknown", S, _stats("mode", "arcade"), 0, unplaced=True),
    Damage("statistics mode missing", S, lambda d: d["stats"][2].pop("mode"), 0, unplaced=True),
    Damage("statistics layout 0", S, _stats("layout", 0), 0, unplaced=True),
    Damage(
        "statistics layout of 5,000 digits",
        S,
        _stats("layout", FIVE_THOUSAND_DIGITS, index=2),
        0,
        unplaced=True,
    ),
    Damage("statistics preset empty", S, _stats("preset", ""), 0, unplaced=True),
    Damage(
        "untimed statistics mode practice",
        S,
        _stats("mode", "practice", "untimed_stats", 0),
        0,
        unplaced=True,
    ),
    # recent results of a statistics key
    Damage("recent result dated 9999", S, _recent("date", "9999-01-01"), 1),
    Damage("recent result outcome unknown", S, _recent("outcome", "draw"), 1),
    Damage("recent result seconds infinite", S, _recent("seconds", float("inf")), 1),
    Damage("recent result is text", S, _recent(None, "won"), 1),
    # relics and the day streak: a damaged date is given back as today; the streak as the dates prove
    Damage("relic found on 9999-12-31", S, _first_relic("9999-12-31"), 0),
    Damage("relic date is true", S, _first_relic(True), 0),
    Damage("relic with an id that is not one", S, _set("relics", "bad id!", value="2025-01-01"), 0),
    Damage("daily cleared date in year 9999", S, _cleared_date("9999-12-31"), 1),
    Damage("daily cleared date is a number", S, _cleared_date(20250312), 1),
    Damage(
        "daily current streak in fullwidth digits",
        S,
        _set("daily", "current_streak", value=FULLWIDTH_123),
        0,
    ),
    Damage("daily first day is a word", S, _set("daily", "first_day", value="yesterday"), 0),
    # the file's other records
    Damage(
        "pyramids cleared in fullwidth digits", S, _set("pyramids_cleared", value=FULLWIDTH_123), 0
    ),
    Damage("setting that is NaN", S, _set("settings", "music_volume", value=float("nan")), 1),
    Damage(
        "unknown key of 5,000 digits",
        S,
        _set("kept_by_a_newer_game", value=FIVE_THOUSAND_DIGITS),
        0,
    ),
    # a section of another kind: that section is set aside, the others kept (the relics come back
    # from the pyramids cleared)
    Damage("seen is text", S, _set("seen", value="x"), _seen_ids),
    Damage("settings is a number", S, _set("settings", value=5), lambda d: len(d["settings"])),
    Damage("relics is a list", S, _set("relics", value=["brass_compass"]), 0),
    Damage("games is text", S, _set("games", value="all of them"), lambda d: len(d["games"])),
    # profile.toml
    Damage("card back unlocked on 9999-12-31", P, _back("9999-12-31"), 0),
    Damage("card back id with a bell", P, _extra_back("trek\x07", "2025-01-01"), 0),
    Damage(
        "chosen card back with a terminal escape",
        P,
        _set("card_backs", "chosen", value="trek_3\x1b[31m"),
        0,
    ),
]
assert len(DAMAGES) == 60 and len({d.name for d in DAMAGES}) == 60
