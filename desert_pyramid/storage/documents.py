"""The three files, as data: encoding to and decoding from TOML-ready dicts.

* ``save.toml`` <-> :class:`~desert_pyramid.progression.Progress`
* ``profile.toml`` <-> :class:`Profile` (card backs; shared with sibling games, unknown keys kept)
* ``current.toml`` <-> :class:`CurrentGame` (the game in progress: the engine's dict is stored as
  it is, and checked by rebuilding it with the engine)

Decoding is strict: a wrong type or a missing key raises :class:`SchemaError` naming the key.
Only plain TOML values are ever read: nothing in a file can run code.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field

from desert_pyramid.modes.session import LayoutGetter, SavedSession, classic_only
from desert_pyramid.modes.streak import SPAN_DAYS
from desert_pyramid.progression import (
    DEFAULT_BACK,
    MODES,
    OUTCOMES,
    BackCollection,
    DailyStreak,
    GameResult,
    Mode,
    Progress,
    RecentResult,
    Stats,
    StatsKey,
)
from desert_pyramid.progression.model import (
    GAMES_DAILY_WON,
    GAMES_RECENT,
    SEEN_LIMIT,
    PlayedGame,
)
from desert_pyramid.progression.records import (
    CHAIN_MAX,
    COUNT_MAX,
    GAME_CODE_MAX,
    LAYOUT_MAX,
    PYRAMID_MAX,
    SCORE_MAX,
    SECONDS_MAX,
    ProgressError,
    check_game_code,
)
from desert_pyramid.progression.stats import OTHER_MODE, RECENT_LIMIT
from desert_pyramid.storage.schema import (
    SCHEMA_MAX,
    Migration,
    Reader,
    Schema,
    SchemaError,
    check_plain,
)

# Bounds of the lists and tables, far above what this game writes (it keeps 2,000 ids, 50 recent
# results, 60 dates besides a running streak), so that a file beyond them is damage.
SEEN_MAX = 2 * SEEN_LIMIT
RECENT_MAX = 10 * RECENT_LIMIT
STATS_MAX = 5_000  # (mode, preset, layout) keys
# untimed Expedition and Daily keys, in [[untimed_stats]]: an older game keeps that table as an
# unknown key, and takes lists of at most 1,000 items there
UNTIMED_STATS_MAX = 1_000
UNTIMED_MODES = ("expedition", "daily")
# Statistics keys whose mode, layout or rules were damaged in a file (docs/saves.md, "One bad
# record"): kept under "other" / layout 0 (an unknown layout) so that their wins still count, in
# [[unplaced_stats]] (an older game keeps that table as an unknown key: lists of at most 1,000);
# OTHER_MODE (progression/stats.py) names that mode in the player's language
OTHER_PRESET = "other"
UNKNOWN_LAYOUT = 0
UNPLACED_STATS_MAX = 1_000
NAMES_MAX = 1_000  # relics found, card backs owned (sibling games' too)
LATE_MAX = 1_000
STREAK_MAX = SPAN_DAYS  # days in the calendar a streak may span
DAYLIGHT_MS_MAX = 24 * 3600 * 1000  # the storage's bound; the rules' own cap is the modes'

# The schema version each file is written with, and the migrations that lead up to it.
# A migration for version v takes the decoded dict of version v and returns version v + 1.
SAVE_MIGRATIONS: dict[int, Migration] = {}
PROFILE_MIGRATIONS: dict[int, Migration] = {}
CURRENT_MIGRATIONS: dict[int, Migration] = {}

SAVE_SCHEMA = Schema("save.toml", 1, SAVE_MIGRATIONS)
PROFILE_SCHEMA = Schema("profile.toml", 1, PROFILE_MIGRATIONS)
CURRENT_SCHEMA = Schema("current.toml", 1, CURRENT_MIGRATIONS)


# ---------------------------------------------------------------- save.toml

_SAVE_KEYS = {
    "schema",
    "pyramids_cleared",
    "relics",
    "daily",
    "seen",
    "settings",
    "stats",
    "untimed_stats",
    "unplaced_stats",
    "games",
}
GAMES_MAX = GAMES_RECENT + GAMES_DAILY_WON + STATS_MAX  # what keep_games can leave, at most


def encode_progress(progress: Progress, schema: Schema = SAVE_SCHEMA) -> dict[str, object]:
    """A TOML-ready snapshot of ``progress`` (shares nothing mutable with it)."""
    out: dict[str, object] = copy.deepcopy(progress.extra)
    daily = progress.daily
    out.update(
        {
            "schema": schema.version,
            "pyramids_cleared": progress.pyramids_cleared,
            "relics": dict(progress.relics),
            "daily": {
                "last_cleared": daily.last_cleared,
                "current_streak": daily.current,
                "best_streak": daily.best,
                "cleared_dates": daily.cleared_dates,
                "late_dates": daily.late_dates,
                "first_day": daily.first_day,
            },
            "seen": {"games": list(progress.seen_games), "treks": list(progress.seen_treks)},
            "settings": copy.deepcopy(progress.settings),
            "stats": [
                _encode_stats(key, stats)
                for key, stats in progress.stats.items()
                if not key.untimed and not is_unplaced(key)
            ],
        }
    )
    untimed = [
        _encode_stats(key, stats)
        for key, stats in progress.stats.items()
        if key.untimed and not is_unplaced(key)
    ]
    if untimed:  # absent until an untimed game is counted: a file without it reads as before
        out["untimed_stats"] = untimed
    unplaced = [
        _encode_stats(key, stats) | ({"untimed": True} if key.untimed else {})
        for key, stats in progress.stats.items()
        if is_unplaced(key)
    ]
    if unplaced:  # absent unless a damaged statistics key was kept: older files read as before
        out["unplaced_stats"] = unplaced
    if progress.games:  # absent until a game is kept: a file without it reads as before
        out["games"] = [
            {
                "id": g.game_id,
                "mode": g.mode,
                "preset": g.preset,
                "layout": g.layout,
                "outcome": g.outcome,
                "score": g.score,
                "date": g.date,
                "code": g.code,
            }
            | ({"untimed": True} if g.untimed else {})  # absent: timed (older files read so)
            for g in progress.games
        ]
    return out


def is_unplaced(key: StatsKey) -> bool:
    """A statistics key kept from a damaged one: its mode is ``other`` (or not one its table
    holds), its layout unknown (0) or its rules ``other``. Written to ``[[unplaced_stats]]``."""
    modes = UNTIMED_MODES if key.untimed else MODES
    return key.mode not in modes or key.layout == UNKNOWN_LAYOUT or key.preset == OTHER_PRESET


def _encode_stats(key: StatsKey, stats: Stats) -> dict[str, object]:
    out: dict[str, object] = {
        "mode": key.mode,
        "preset": key.preset,
        "layout": key.layout,
        "won": stats.won,
        "lost": stats.lost,
        "current_streak": stats.current_streak,
        "best_streak": stats.best_streak,
        "best_score": stats.best_score,
    }
    if stats.best_seconds is not None:
        out["best_seconds"] = stats.best_seconds
    out["treks"] = stats.treks
    out["best_trek_pyramids"] = stats.best_trek_pyramids
    out["best_trek_score"] = stats.best_trek_score
    out["recent"] = [
        {"outcome": r.outcome, "score": r.score, "seconds": r.seconds, "date": r.date}
        for r in stats.recent
    ]
    return out


def decode_progress(data: dict[str, object]) -> Progress:
    """``save.toml`` as :class:`Progress`. Every value is checked against its type and its range
    (see the bounds above); anything else raises :class:`SchemaError` naming the key."""
    root = Reader(data)
    progress = Progress()
    progress.pyramids_cleared = root.integer("pyramids_cleared", maximum=COUNT_MAX)
    progress.relics = root.date_table("relics", most=NAMES_MAX)
    daily = root.table("daily")
    cleared_dates = daily.dates("cleared_dates", most=STREAK_MAX)
    late_dates = daily.dates("late_dates", [], most=LATE_MAX)
    try:
        progress.daily = DailyStreak(
            cleared_dates,
            best=daily.integer("best_streak", maximum=STREAK_MAX),
            late_dates=late_dates,
            first_day=daily.date("first_day", "", optional=True),
            last_cleared=daily.date("last_cleared", optional=True),
            current=daily.integer("current_streak", maximum=STREAK_MAX),
        )
    except ProgressError as exc:
        raise SchemaError(f"daily: {exc}") from None
    seen = root.table("seen")
    progress.seen_games = dict.fromkeys(seen.texts("games", most=SEEN_MAX, unique=True))
    progress.seen_treks = dict.fromkeys(seen.texts("treks", most=SEEN_MAX, unique=True))
    settings = root.table("settings")
    check_plain(settings.data, "settings")
    progress.settings = dict(settings.data)
    stats = [(entry, False) for entry in root.tables("stats", most=STATS_MAX)]
    stats += [(e, True) for e in root.tables("untimed_stats", [], most=UNTIMED_STATS_MAX)]
    unplaced = root.tables("unplaced_stats", [], most=UNPLACED_STATS_MAX)
    stats += [(e, e.boolean("untimed", False)) for e in unplaced]
    for index, (entry, untimed) in enumerate(stats):
        modes = UNTIMED_MODES if untimed else MODES
        other = index >= len(stats) - len(unplaced)  # an unplaced key: "other", layout 0 too
        key = StatsKey(
            entry.choice("mode", (*modes, OTHER_MODE) if other else modes),
            entry.text("preset", nonempty=True),
            entry.integer("layout", minimum=UNKNOWN_LAYOUT if other else 1, maximum=LAYOUT_MAX),
            untimed,
        )
        if key in progress.stats:
            raise entry.fail(
                "mode", f"statistics for {key.mode}/{key.preset}/layout {key.layout} appear twice"
            )
        progress.stats[key] = _decode_stats(entry)
    for entry in root.tables("games", [], most=GAMES_MAX):
        code = entry.text("code", nonempty=True, longest=GAME_CODE_MAX)
        try:
            check_game_code("code", code)
        except ValueError as exc:
            raise entry.fail("code", str(exc)) from None
        progress.games.append(
            PlayedGame(
                entry.text("id", nonempty=True),
                entry.choice("mode", MODES),
                entry.text("preset", nonempty=True),
                entry.integer("layout", minimum=1, maximum=LAYOUT_MAX),
                entry.choice("outcome", OUTCOMES),
                entry.integer("score", maximum=SCORE_MAX),
                entry.date("date"),
                code,
                entry.boolean("untimed", False),
            )
        )
    progress.extra = {k: v for k, v in data.items() if k not in _SAVE_KEYS}
    check_plain(progress.extra, "")
    return progress


def _decode_stats(entry: Reader) -> Stats:
    stats = Stats(
        won=entry.integer("won", maximum=COUNT_MAX),
        lost=entry.integer("lost", maximum=COUNT_MAX),
        current_streak=entry.integer("current_streak", maximum=COUNT_MAX),
        best_streak=entry.integer("best_streak", maximum=COUNT_MAX),
        best_score=entry.integer("best_score", maximum=SCORE_MAX),
        best_seconds=entry.number("best_seconds", maximum=SECONDS_MAX)
        if "best_seconds" in entry.data
        else None,
        treks=entry.integer("treks", maximum=COUNT_MAX),
        best_trek_pyramids=entry.integer("best_trek_pyramids", maximum=PYRAMID_MAX),
        best_trek_score=entry.integer("best_trek_score", maximum=SCORE_MAX),
    )
    if stats.current_streak > stats.won or stats.best_streak > stats.won:
        raise entry.fail(
            "best_streak" if stats.best_streak > stats.won else "current_streak",
            f"a streak of wins longer than the {stats.won} games won",
        )
    for item in entry.tables("recent", most=RECENT_MAX):
        stats.recent.append(
            RecentResult(
                item.choice("outcome", OUTCOMES),
                item.integer("score", maximum=SCORE_MAX),
                item.number("seconds", maximum=SECONDS_MAX),
                item.date("date"),
            )
        )
    return stats


# ---------------------------------------------------------------- profile.toml


@dataclass(slots=True)
class Profile:
    """The shared profile file: card backs, plus whatever sibling games keep there."""

    backs: BackCollection = field(default_factory=BackCollection)
    extra: dict[str, object] = field(default_factory=dict)  # unknown top-level keys
    backs_extra: dict[str, object] = field(default_factory=dict)  # unknown keys in [card_backs]


def encode_profile(profile: Profile, schema: Schema = PROFILE_SCHEMA) -> dict[str, object]:
    out: dict[str, object] = copy.deepcopy(profile.extra)
    backs: dict[str, object] = copy.deepcopy(profile.backs_extra)
    backs["chosen"] = profile.backs.chosen
    backs["unlocked"] = dict(profile.backs.unlocked)
    out["schema"] = schema.version
    out["card_backs"] = backs
    return out


def decode_profile(data: dict[str, object]) -> Profile:
    root = Reader(data)
    table = root.table("card_backs")
    backs = BackCollection(
        unlocked=table.date_table(
            "unlocked", most=NAMES_MAX, strict_ids=False
        ),  # siblings' ids too
        chosen=table.text("chosen", DEFAULT_BACK, nonempty=True),
    )
    return Profile(
        backs=backs,
        extra={k: v for k, v in data.items() if k not in ("schema", "card_backs")},
        backs_extra={k: v for k, v in table.data.items() if k not in ("chosen", "unlocked")},
    )


def merge_profiles(on_disk: Profile, ours: Profile, *, chosen_changed: bool) -> Profile:
    """What to write when another program may have written the profile since we read it:
    every back owned in either, the other keys as on disk, our choice if we made one."""
    unlocked = dict(on_disk.backs.unlocked)
    for back_id, date in ours.backs.unlocked.items():
        unlocked.setdefault(back_id, date)
    chosen = ours.backs.chosen if chosen_changed else on_disk.backs.chosen
    return Profile(BackCollection(unlocked, chosen), dict(on_disk.extra), dict(on_disk.backs_extra))


# ---------------------------------------------------------------- current.toml


@dataclass(slots=True)
class CurrentGame:
    """The game in progress, saved after every move so that CONTINUE resumes it.

    ``game`` is the engine's ``Game.to_dict()`` (the deal and its whole undo history), stored and
    returned as it is: plain TOML values only, with its own integer ``schema``. The other fields
    are what the modes need to resume and what an abandoned game is recorded with:
    ``daylight_ms`` is the Expedition's daylight left; ``mode_state`` holds anything else the
    mode keeps (plain TOML values).
    """

    game_id: str
    mode: Mode
    preset: str
    layout: int
    started: str  # local date the deal started, YYYY-MM-DD
    game: Mapping[str, object]
    score: int = 0
    seconds: float = 0.0
    best_chain: int = 0
    redeals_used: int = 0
    pyramid_number: int = 0
    deal_date: str = ""
    trek_id: str = ""
    daylight_ms: int = 0
    mode_state: dict[str, object] = field(default_factory=dict)

    @classmethod
    def of(cls, saved: SavedSession, started: str) -> CurrentGame:
        """The save of a session (``Session.saved()``) whose deal started on ``started``."""
        if saved.mode not in MODES:
            raise SchemaError(f"mode: {saved.mode!r} is not one of {', '.join(MODES)}")
        return cls(
            game_id=saved.game_id,
            mode=saved.mode,
            preset=saved.preset,
            layout=saved.layout,
            started=started,
            game=saved.game,
            score=saved.score,
            seconds=saved.seconds,
            best_chain=saved.best_chain,
            redeals_used=saved.redeals_used,
            pyramid_number=saved.pyramid_number,
            deal_date=saved.deal_date,
            trek_id=saved.trek_id,
            daylight_ms=saved.daylight_ms,
            mode_state=saved.mode_state,
        )

    def saved(self) -> SavedSession:
        """What the modes rebuild the session from (``modes.session_from_saved``)."""
        return SavedSession(
            game_id=self.game_id,
            mode=self.mode,
            preset=self.preset,
            layout=self.layout,
            game=self.game,
            score=self.score,
            seconds=self.seconds,
            best_chain=self.best_chain,
            redeals_used=self.redeals_used,
            pyramid_number=self.pyramid_number,
            deal_date=self.deal_date,
            trek_id=self.trek_id,
            daylight_ms=self.daylight_ms,
            mode_state=self.mode_state,
        )

    def as_abandoned(self, date: str) -> GameResult:
        """The loss to record when the player leaves this game unfinished."""
        return GameResult(
            game_id=self.game_id,
            mode=self.mode,
            preset=self.preset,
            layout=self.layout,
            outcome="abandoned",
            score=self.score,
            seconds=self.seconds,
            best_chain=self.best_chain,
            redeals_used=self.redeals_used,
            date=date,
            pyramid_number=self.pyramid_number,
            deal_date=self.deal_date,
            trek_id=self.trek_id,
        )


def encode_current(current: CurrentGame, schema: Schema = CURRENT_SCHEMA) -> dict[str, object]:
    """TOML-ready dict. Not a deep copy: serialise it before the game changes again."""
    return {
        "schema": schema.version,
        "game_id": current.game_id,
        "mode": current.mode,
        "preset": current.preset,
        "layout": current.layout,
        "started": current.started,
        "score": current.score,
        "seconds": round(float(current.seconds), 3),
        "best_chain": current.best_chain,
        "redeals_used": current.redeals_used,
        "pyramid_number": current.pyramid_number,
        "deal_date": current.deal_date,
        "trek_id": current.trek_id,
        "daylight_ms": current.daylight_ms,
        "mode_state": current.mode_state,
        "game": current.game,
    }


def decode_current(data: dict[str, object], get_layout: LayoutGetter | None = None) -> CurrentGame:
    """The game in progress, checked to rebuild with the layouts of ``get_layout`` (the
    catalogue the application layer made: the game's and the player's). Without it only a game
    on the classic pyramid (the engine's own) is checked; another is kept as read."""
    root = Reader(data)
    mode = root.choice("mode", MODES)
    game = root.table("game")
    game.integer("schema", minimum=1, maximum=SCHEMA_MAX)
    mode_state = root.table("mode_state", {})
    check_plain(mode_state.data, "mode_state")
    current = CurrentGame(
        game_id=root.text("game_id", nonempty=True),
        mode=mode,
        preset=root.text("preset", nonempty=True),
        layout=root.integer("layout", minimum=1, maximum=LAYOUT_MAX),
        started=root.date("started"),
        game=dict(game.data),
        score=root.integer("score", 0, maximum=SCORE_MAX),
        seconds=root.number("seconds", 0.0, maximum=SECONDS_MAX),
        best_chain=root.integer("best_chain", 0, maximum=CHAIN_MAX),
        redeals_used=root.integer("redeals_used", 0, maximum=CHAIN_MAX),
        pyramid_number=root.integer("pyramid_number", 0, maximum=PYRAMID_MAX),
        deal_date=root.date("deal_date", "", optional=True),
        trek_id=root.text("trek_id", ""),
        daylight_ms=root.integer(
            "daylight_ms", 0 if mode != "expedition" else Reader.MISSING, maximum=DAYLIGHT_MS_MAX
        ),
        mode_state=dict(mode_state.data),
    )
    layouts = _checking_layouts(current, get_layout)
    if layouts is not None:
        check_game(current, layouts)
        check_session(current, layouts)
    return current


def _checking_layouts(current: CurrentGame, get_layout: LayoutGetter | None) -> LayoutGetter | None:
    """The layouts to check ``current`` with: those given, or without them the classic pyramid
    alone (``None``: its layout cannot be had, so it is not checked here)."""
    if get_layout is not None:
        return get_layout
    return classic_only if current.layout == 1 else None


def check_session(current: CurrentGame, get_layout: LayoutGetter) -> None:
    """A game saved by a session of the modes (its ``mode_state`` names its ``mode``) must
    rebuild as that session (``modes.session_from_saved``: the clock, the daylight left and its
    caps, the trek's records), so that CONTINUE resumes it as it was. Whatever the modes reject
    (their ``StateError``, or anything else they trip on) is a damaged file: raises
    :class:`SchemaError`, and the file is set aside and its backup used like any other damage."""
    state = current.mode_state
    if "mode" not in state or "ui_session" in state:
        return  # the UI's own session, or fields only: nothing more the modes rebuild
    from desert_pyramid.engine import EngineError
    from desert_pyramid.modes import session_from_saved

    try:
        session_from_saved(current.saved(), get_layout)
    except EngineError as exc:  # the modes' StateError / ModeError
        raise SchemaError(f"mode_state: {exc}") from None
    except Exception as exc:  # untrusted data: whatever the modes trip on is damage, not a crash
        raise SchemaError(f"mode_state: cannot be rebuilt ({type(exc).__name__}: {exc})") from None


def check_game(current: CurrentGame, get_layout: LayoutGetter) -> None:
    """The saved game must rebuild with the engine (its deal, rules and every move replayed), so
    that CONTINUE can never fail on it. Raises :class:`SchemaError` naming the problem."""
    from desert_pyramid.engine import EngineError, Game

    try:
        Game.from_dict(current.game, get_layout(current.layout))
    except EngineError as exc:
        raise SchemaError(f"game: {exc}") from None
    except Exception as exc:  # untrusted data: whatever the engine trips on is damage, not a crash
        raise SchemaError(f"game: cannot be rebuilt ({type(exc).__name__}: {exc})") from None
