"""Records, not files, are the unit of damage: reading ``save.toml`` and ``profile.toml`` keeps
every sound record and sets aside only the damaged ones (``docs/saves.md``, "One bad record").

The strict decoders (:func:`~desert_pyramid.storage.documents.decode_progress`,
:func:`~desert_pyramid.storage.documents.decode_profile`) are tried first: a sound file costs
nothing more. When one raises, :func:`salvage_progress` / :func:`salvage_profile` go through the
file record by record (a past game, a statistics key, a recent result, an id in ``seen``, a
relic, a date of the day streak, a setting, a card back) and build a file of the sound ones, which
the strict decoder then reads. Each record left out, or field set to its default, is a
:class:`Rejected` (where, why, and the value as it was), which the store writes to
``NAME.rejected.toml`` beside the save.

A damaged field inside a record drops to its default only where that loses nothing the player
earned; an earned count whose own value is damaged is rebuilt from what the rest of the file
proves (pyramids cleared: at least the wins of the statistics and the highest relic owned; a
statistics key's wins: at least its streaks and its recent wins). A past game that is rejected
leaves the statistics, streaks and counts as stored.

What stays a whole-file problem (the backup is used): a file that is not TOML, has no valid
``schema``, or is not a table of tables at the top.
"""

from __future__ import annotations

import datetime
import functools
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, Literal, NotRequired, TypedDict, TypeVar

from desert_pyramid.engine.reading import EARLIEST, LATEST
from desert_pyramid.progression import DEFAULT_BACK, MODES, OUTCOMES, RELICS, Outcome, Progress
from desert_pyramid.progression.catalog import BACK_BY_ID
from desert_pyramid.progression.records import (
    COUNT_MAX,
    GAME_CODE_MAX,
    LAYOUT_MAX,
    PYRAMID_MAX,
    SCORE_MAX,
    SECONDS_MAX,
    check_game_code,
)
from desert_pyramid.storage.documents import (
    _SAVE_KEYS,
    GAMES_MAX,
    LATE_MAX,
    NAMES_MAX,
    RECENT_MAX,
    SEEN_MAX,
    STATS_MAX,
    STREAK_MAX,
    UNTIMED_MODES,
    UNTIMED_STATS_MAX,
    Profile,
    decode_profile,
    decode_progress,
)
from desert_pyramid.storage.files import long_numbers
from desert_pyramid.storage.schema import (
    PLAIN_ITEMS_MAX,
    Reader,
    SchemaError,
    check_plain,
    is_id,
)


@dataclass(frozen=True, slots=True)
class Rejected:
    """One record set aside (``repaired`` False) or one field set to its default (True)."""

    where: str  # "games[12]", "stats[3].won", "seen.games[40]"
    why: str
    value: object  # as it was in the file (TOML values)
    repaired: bool = False

    def line(self) -> str:
        """``where: why`` (the reason names the place itself where it can)."""
        line = self.why if self.why.startswith(self.where) else f"{self.where}: {self.why}"
        return line + (" (set to its default)" if self.repaired else "")


class _Salvage:
    """The records of one file, checked one by one; what is left out is collected."""

    def __init__(self) -> None:
        self.rejected: list[Rejected] = []
        self._extras: dict[tuple[str, str], list[object]] = {}

    def reject(self, where: str, why: str, value: object, *, repaired: bool = False) -> None:
        self.rejected.append(Rejected(where, why, value, repaired))

    def extra(self, where: str, why: str, value: object) -> None:
        """An item past a list's bound, or repeated: such items of one list are one record
        (``value`` the list of them), not thousands."""
        self._extras.setdefault((where, why), []).append(value)

    def done(self) -> list[Rejected]:
        for (where, why), values in self._extras.items():
            self.rejected.append(
                Rejected(where, f"{where}: {why} ({len(values):,} left out)", values)
            )
        self._extras = {}
        return self.rejected

    def check(self, where: str, value: object, test: Callable[[Reader, str], object]) -> bool:
        """Does ``value`` pass ``test`` (a Reader call on a one-key table)? If not, reject it."""
        try:
            test(_one(where, value), _leaf(where))
        except SchemaError as exc:
            self.reject(where, str(exc), value)
            return False
        return True


def _one(where: str, value: object) -> Reader:
    """A reader whose one key is the last step of ``where`` (an item of a list: ``a.b[3]``), so
    that its messages name ``where``."""
    parent, _, leaf = where.rpartition(".")
    return Reader({leaf: value}, parent)


def _leaf(where: str) -> str:
    return where.rpartition(".")[2]


def _entry(parent: str, key: str, value: object) -> Reader:
    """A reader of the one entry ``key`` of the table ``parent`` (a relic, a card back)."""
    return Reader({key: value}, parent)


T = TypeVar("T")


def _field(sv: _Salvage, reader: Reader, key: str, read: Callable[[], T], default: T) -> T:
    """``read()`` of ``key`` in ``reader``, or ``default`` (the damaged value is rejected, marked
    repaired)."""
    try:
        return read()
    except SchemaError as exc:
        sv.reject(reader.path(key), str(exc), reader.data.get(key), repaired=True)
        return default


# ------------------------------------------------------------------------------ save.toml

# The frame of a file: its sections, each present (if required) and of its kind. A file whose
# frame is broken (a section missing, as in a file cut short, or of another kind) is damaged as
# a whole and its backup is used: only the records inside a sound frame are read one by one.
_SAVE_FRAME: dict[str, tuple[type | None, bool]] = {
    "pyramids_cleared": (None, True),
    "relics": (dict, True),
    "daily": (dict, True),
    "seen": (dict, True),
    "settings": (dict, True),
    "stats": (list, True),
    "untimed_stats": (list, False),
    "games": (list, False),
}
_PROFILE_FRAME: dict[str, tuple[type | None, bool]] = {"card_backs": (dict, True)}


def _framed(data: Mapping[str, object], frame: dict[str, tuple[type | None, bool]]) -> bool:
    """Is ``data``'s frame sound (every section there that must be, each of its kind)?"""
    for key, (kind, required) in frame.items():
        if key not in data:
            if required:
                return False
            continue
        if kind is not None and not isinstance(data[key], kind):
            return False
    return True


def salvage_progress(data: dict[str, object], today: str) -> tuple[Progress, list[Rejected]]:
    """``save.toml`` as :class:`Progress`, keeping every sound record; what was set aside.

    Raises :class:`SchemaError` only when nothing can be read record by record."""
    try:
        return decode_progress(data), []
    except SchemaError:
        if not _framed(data, _SAVE_FRAME):  # the file's frame is whole-file: the error stands
            raise
    sv = _Salvage()
    clean: dict[str, object] = {"schema": data.get("schema", 1)}
    root = Reader(data)

    clean["relics"] = relics = _relics(sv, data.get("relics", {}), today)
    clean["seen"] = seen = _seen(sv, data.get("seen", {}))
    clean["settings"] = _free_table(sv, "settings", data.get("settings", {}))
    stats = _all_stats(sv, data)
    clean["stats"] = [kept.table for kept in stats["stats"]]
    if stats["untimed_stats"]:
        clean["untimed_stats"] = [kept.table for kept in stats["untimed_stats"]]
    clean["games"] = _games(sv, data.get("games", []))
    clean["daily"] = _daily(sv, data.get("daily", {}))
    # pyramids cleared: an earned count; damaged, it is rebuilt from what the rest proves
    cleared = _field(
        sv,
        root,
        "pyramids_cleared",
        lambda: root.integer("pyramids_cleared", maximum=COUNT_MAX),
        None,
    )
    # A count of one statistics key that is damaged: every game won cleared a pyramid, every trek
    # left its id in seen.treks, so what the other keys do not hold is that key's (never lower
    # than what its own results prove).
    entries = stats["stats"] + stats["untimed_stats"]
    totals: tuple[tuple[_Guessed, int | None], ...] = (
        ("won", cleared),
        ("treks", len(seen["treks"])),
    )
    for counted, total in totals:
        guessed = [e.table for e in entries if counted in e.guessed]
        if total is not None and len(guessed) == 1:
            others = sum(e.table[counted] for e in entries) - guessed[0][counted]
            guessed[0][counted] = min(COUNT_MAX, max(guessed[0][counted], total - others))
    won = sum(e.table["won"] for e in entries)
    earned = max([won] + [r.threshold for r in RELICS if r.id in relics])
    clean["pyramids_cleared"] = cleared if cleared is not None else min(earned, COUNT_MAX)
    for key, value in data.items():
        if key in _SAVE_KEYS:
            continue
        try:
            check_plain(value, key)
        except SchemaError as exc:
            sv.reject(key, str(exc), value)
            continue
        clean[key] = value
    return decode_progress(clean), sv.done()


def _relics(sv: _Salvage, value: object, today: str) -> dict[str, str]:
    if not isinstance(value, dict):
        sv.reject("relics", "relics: expected a table of relic = date", value)
        return {}
    out: dict[str, str] = {}
    known = {relic.id for relic in RELICS}  # this game's relics first: they are never the extras
    for name, date in sorted(value.items(), key=lambda item: item[0] not in known):
        where = f"relics.{name}" if is_id(name) else "relics"
        if not is_id(name):
            sv.reject(
                where,
                f'"{_escape(name)}" is not a relic (letters, digits, "_", "-" or "."; at most 64)',
                {name: date},
            )
            continue
        if len(out) >= (NAMES_MAX if name in known else NAMES_MAX - len(known)):
            # (room is left for this game's relics, which the pyramids cleared give back)
            sv.extra("relics", f"more than {NAMES_MAX:,} relics", {name: date})
            continue
        try:
            out[name] = _entry("relics", name, date).date(name)
        except SchemaError as exc:  # the relic is owned; only its date is lost
            sv.reject(where, str(exc), date, repaired=True)
            out[name] = today
    return out


def _seen(sv: _Salvage, value: object) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {"games": [], "treks": []}
    if not isinstance(value, dict):
        sv.reject("seen", "seen: expected a table", value)
        return out
    for key in ("games", "treks"):
        items = value.get(key, [])
        if not isinstance(items, list):
            sv.reject(f"seen.{key}", f"seen.{key}: expected a list of ids", items)
            continue
        start = max(0, len(items) - SEEN_MAX)  # the newest are last
        for index, item in enumerate(items):
            where = f"seen.{key}[{index}]"
            if index < start:
                sv.extra(f"seen.{key}", f"more than {SEEN_MAX:,} ids", item)
            elif sv.check(where, item, lambda r, k: r.text(k)):
                if item in out[key]:
                    sv.extra(f"seen.{key}", "ids that appear twice", item)
                else:
                    out[key].append(item)
    return out


def _free_table(sv: _Salvage, name: str, value: object) -> dict[str, object]:
    if not isinstance(value, dict):
        sv.reject(name, f"{name}: expected a table", value)
        return {}
    out: dict[str, object] = {}
    for key, item in value.items():
        if len(out) >= PLAIN_ITEMS_MAX:
            sv.extra(name, f"more than {PLAIN_ITEMS_MAX:,} keys", {key: item})
            continue
        try:
            check_plain({key: item}, name)
        except SchemaError as exc:
            sv.reject(f"{name}.{_escape(key)}", str(exc), {key: item})
            continue
        out[key] = item
    return out


def _games(sv: _Salvage, value: object) -> list[dict[str, object]]:
    if not isinstance(value, list):
        sv.reject("games", "games: expected a list of tables", value)
        return []
    out: list[dict[str, object]] = []
    for index, item in enumerate(value):
        where = f"games[{index}]"
        if len(out) >= GAMES_MAX:
            sv.extra("games", f"more than {GAMES_MAX:,} games", item)
            continue
        if not isinstance(item, dict):
            sv.reject(where, f"{where}: expected a table", item)
            continue
        entry = Reader(item, where)
        try:
            code = entry.text("code", nonempty=True, longest=GAME_CODE_MAX)
            try:
                check_game_code("code", code)
            except ValueError as exc:
                raise entry.fail("code", str(exc)) from None
            entry.text("id", nonempty=True)
            entry.choice("mode", MODES)
            entry.text("preset", nonempty=True)
            entry.integer("layout", minimum=1, maximum=LAYOUT_MAX)
            entry.choice("outcome", OUTCOMES)
            entry.integer("score", maximum=SCORE_MAX)
            entry.date("date")
            entry.boolean("untimed", False)
        except SchemaError as exc:
            sv.reject(where, str(exc), item)
            continue
        out.append(item)
    return out


class _DailyTable(TypedDict):
    """The day streak's table as the strict decoder reads it."""

    cleared_dates: list[str]
    late_dates: list[str]
    first_day: str
    last_cleared: str
    best_streak: int
    current_streak: int


def _daily(sv: _Salvage, given: object) -> _DailyTable:
    from desert_pyramid.progression import DailyStreak, ProgressError

    if isinstance(given, dict):
        value: dict[str, object] = given
    else:
        sv.reject("daily", "daily: expected a table", given)
        value = {}
    daily = Reader(value, "daily")

    def dates(key: str, most: int) -> list[str]:
        items = value.get(key, [])
        if not isinstance(items, list):
            sv.reject(f"daily.{key}", f"daily.{key}: expected a list of dates", items)
            return []
        kept: list[str] = []
        for index, item in enumerate(items):
            where = f"daily.{key}[{index}]"
            if sv.check(where, item, lambda r, k: r.date(k)):
                if item in kept:
                    sv.extra(f"daily.{key}", "dates that appear twice", item)
                else:
                    kept.append(item)
        if len(kept) > most:  # the oldest go
            kept.sort()
            for item in kept[: len(kept) - most]:
                sv.extra(f"daily.{key}", f"more than {most:,} dates", item)
            kept = kept[len(kept) - most :]
        return kept

    cleared_dates = dates("cleared_dates", STREAK_MAX)
    late_dates = dates("late_dates", LATE_MAX)
    first_day = _field(
        sv, daily, "first_day", lambda: daily.date("first_day", "", optional=True), ""
    )
    last_cleared = _field(
        sv, daily, "last_cleared", lambda: daily.date("last_cleared", "", optional=True), ""
    )
    best_streak = _field(
        sv, daily, "best_streak", functools.partial(_streak, daily, "best_streak"), 0
    )
    current_streak = _field(
        sv, daily, "current_streak", functools.partial(_streak, daily, "current_streak"), 0
    )
    out: _DailyTable = {
        "cleared_dates": cleared_dates,
        "late_dates": late_dates,
        "first_day": first_day,
        "last_cleared": last_cleared,
        "best_streak": best_streak,
        "current_streak": current_streak,
    }

    def streak() -> DailyStreak:
        return DailyStreak(
            out["cleared_dates"],
            best=out["best_streak"],
            late_dates=out["late_dates"],
            first_day=out["first_day"],
            last_cleared=out["last_cleared"],
            current=out["current_streak"],
        )

    # what the streak cannot be together (a running streak longer than the calendar before its
    # last date): the fields that claim it drop to what the dates prove, one at a time
    for key in _DROPPED:
        try:
            streak()
            break
        except ProgressError as exc:
            sv.reject(f"daily.{key}", f"daily: {exc}", out[key], repaired=True)
            if key == "first_day":
                out["first_day"] = ""
            elif key == "late_dates":
                out["late_dates"] = []
            else:
                out[key] = 0
    return out


#: the day streak's fields that drop to their defaults, in this order, while they cannot be together
_DROPPED: tuple[Literal["current_streak", "best_streak", "first_day", "late_dates"], ...] = (
    "current_streak",
    "best_streak",
    "first_day",
    "late_dates",
)


def _streak(daily: Reader, key: str) -> int:
    return daily.integer(key, 0, maximum=STREAK_MAX)


class _RecentTable(TypedDict):
    """One recent result as the strict decoder reads it."""

    outcome: Outcome
    score: int
    seconds: float
    date: str


class _StatsTable(TypedDict):
    """One statistics key as the strict decoder reads it."""

    mode: str
    preset: str
    layout: int
    won: int
    lost: int
    current_streak: int
    best_streak: int
    best_score: int
    best_seconds: NotRequired[float]
    best_trek_pyramids: int
    best_trek_score: int
    treks: int
    recent: list[_RecentTable]


#: the counts of a statistics key that the rest of the file may prove (see salvage_progress)
_Guessed = Literal["won", "treks"]


@dataclass(slots=True)
class _KeptStats:
    """A statistics key kept, and which of its counts were damaged (set to what its own recent
    results prove, which the rest of the file may raise)."""

    table: _StatsTable
    guessed: set[_Guessed] = field(default_factory=set)


def _all_stats(sv: _Salvage, data: Mapping[str, object]) -> dict[str, list[_KeptStats]]:
    """The statistics keys kept (``stats`` and ``untimed_stats``)."""
    out: dict[str, list[_KeptStats]] = {"stats": [], "untimed_stats": []}
    keys: set[tuple[str, str, int, bool]] = set()
    groups: tuple[tuple[str, tuple[str, ...], int], ...] = (
        ("stats", MODES, STATS_MAX),
        ("untimed_stats", UNTIMED_MODES, UNTIMED_STATS_MAX),
    )
    for name, modes, most in groups:
        untimed = name == "untimed_stats"
        value = data.get(name, [])
        if not isinstance(value, list):
            sv.reject(name, f"{name}: expected a list of tables", value)
            continue
        for index, item in enumerate(value):
            where = f"{name}[{index}]"
            if len(out[name]) >= most:
                sv.extra(name, f"more than {most:,} statistics keys", item)
                continue
            kept = _stats_entry(sv, where, item, modes)
            if kept is None:
                continue
            entry = kept.table
            key = (entry["mode"], entry["preset"], entry["layout"], untimed)
            if key in keys:
                sv.reject(
                    where,
                    f"statistics for {key[0]}/{_escape(key[1])}/layout {key[2]} appear twice",
                    item,
                )
                continue
            keys.add(key)
            out[name].append(kept)
    return out


def _stats_entry(
    sv: _Salvage, where: str, item: object, modes: tuple[str, ...]
) -> _KeptStats | None:
    """One statistics key, its damaged fields set to what its own recent results prove (never
    lower than that), or ``None`` when it cannot be placed (its mode or layout is damaged)."""
    if not isinstance(item, dict):
        sv.reject(where, f"{where}: expected a table", item)
        return None
    entry = Reader(item, where)
    try:
        mode = entry.choice("mode", modes)
        layout = entry.integer("layout", minimum=1, maximum=LAYOUT_MAX)
    except SchemaError as exc:
        sv.reject(where, str(exc), item)
        return None
    given = item.get("preset")
    try:
        preset = entry.text("preset", nonempty=True)
    except SchemaError as exc:
        # the rules text with its control characters taken out: the key stays the player's
        fixed = (
            "".join(ch for ch in _ESCAPES.sub("", given) if ch.isprintable())
            if isinstance(given, str)
            else ""
        )
        if not fixed or len(fixed) > 200:
            sv.reject(where, str(exc), item)
            return None
        sv.reject(f"{where}.preset", str(exc), given, repaired=True)
        preset = fixed
    recent = _recent(sv, f"{where}.recent", item.get("recent", []))
    wins = [r["outcome"] == "won" for r in recent]
    run = longest = 0
    for won in wins:
        run = run + 1 if won else 0
        longest = max(longest, run)
    trailing = next((i for i, w in enumerate(reversed(wins)) if not w), len(wins))
    guessed: set[_Guessed] = set()

    def count(key: str, default: int, maximum: int = COUNT_MAX) -> int:
        return _field(
            sv, entry, key, lambda: entry.integer(key, maximum=maximum), min(default, maximum)
        )

    won_count = count("won", sum(wins))
    if "won" in item and not _is_count(item["won"]):
        guessed.add("won")  # salvage_progress may know better (pyramids cleared)
    lost = count("lost", len(wins) - sum(wins))
    current_streak = count("current_streak", trailing)
    best_streak = count("best_streak", max(longest, current_streak))
    if max(current_streak, best_streak) > won_count:  # never lowers a streak
        sv.reject(
            f"{where}.won",
            f"{where}: a streak of wins longer than the {won_count} games won",
            won_count,
            repaired=True,
        )
        won_count = max(current_streak, best_streak)
    best_score = count("best_score", max((r["score"] for r in recent), default=0), SCORE_MAX)
    seconds: float | None = None
    if "best_seconds" in item:
        times = [r["seconds"] for r in recent if r["outcome"] == "won"]
        seconds = _field(
            sv,
            entry,
            "best_seconds",
            lambda: entry.number("best_seconds", maximum=SECONDS_MAX),
            min(times) if times else None,
        )
    best_trek_pyramids = count("best_trek_pyramids", 0, PYRAMID_MAX)
    best_trek_score = count("best_trek_score", 0, SCORE_MAX)
    treks = count("treks", int(best_trek_pyramids > 0 or best_trek_score > 0))
    if "treks" in item and not _is_count(item["treks"]):
        guessed.add("treks")  # salvage_progress may know better (seen.treks)
    out: _StatsTable = {
        "mode": mode,
        "preset": preset,
        "layout": layout,
        "won": won_count,
        "lost": lost,
        "current_streak": current_streak,
        "best_streak": best_streak,
        "best_score": best_score,
        "best_trek_pyramids": best_trek_pyramids,
        "best_trek_score": best_trek_score,
        "treks": treks,
        "recent": recent,
    }
    if seconds is not None:
        out["best_seconds"] = seconds
    return _KeptStats(out, guessed)


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= COUNT_MAX


#: a terminal's escape sequences (CSI and OSC), taken out whole from a damaged preset
_ESCAPES = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)?")


def _recent(sv: _Salvage, where: str, value: object) -> list[_RecentTable]:
    if not isinstance(value, list):
        sv.reject(where, f"{where}: expected a list of tables", value)
        return []
    out: list[_RecentTable] = []
    start = max(0, len(value) - RECENT_MAX)
    for index, item in enumerate(value):
        here = f"{where}[{index}]"
        if index < start:
            sv.extra(where, f"more than {RECENT_MAX} results", item)
            continue
        if not isinstance(item, dict):
            sv.reject(here, f"{here}: expected a table", item)
            continue
        entry = Reader(item, here)
        try:
            out.append(
                {
                    "outcome": entry.choice("outcome", OUTCOMES),
                    "score": entry.integer("score", maximum=SCORE_MAX),
                    "seconds": entry.number("seconds", maximum=SECONDS_MAX),
                    "date": entry.date("date"),
                }
            )
        except SchemaError as exc:
            sv.reject(here, str(exc), item)
    return out


# ------------------------------------------------------------------------------ profile.toml


def salvage_profile(data: dict[str, object], today: str) -> tuple[Profile, list[Rejected]]:
    """``profile.toml`` as :class:`Profile`, keeping every sound card back; what was set aside."""
    try:
        return decode_profile(data), []
    except SchemaError:
        given = data.get("card_backs")
        if not _framed(data, _PROFILE_FRAME) or not (
            isinstance(given, dict) and _framed(given, {"unlocked": (dict, False)})
        ):
            raise
    sv = _Salvage()
    given = data.get("card_backs", {})
    if isinstance(given, dict):
        table: dict[str, object] = given
    else:
        sv.reject("card_backs", "card_backs: expected a table", given)
        table = {}
    backs = Reader(table, "card_backs")
    unlocked_in = table.get("unlocked", {})
    unlocked: dict[str, str] = {}
    if not isinstance(unlocked_in, dict):
        sv.reject("card_backs.unlocked", "card_backs.unlocked: expected a table", unlocked_in)
        unlocked_in = {}
    known = set(BACK_BY_ID)  # this game's backs first: they are never the extras
    for name, date in sorted(unlocked_in.items(), key=lambda item: item[0] not in known):
        if len(unlocked) >= NAMES_MAX:
            sv.extra("card_backs.unlocked", f"more than {NAMES_MAX:,} card backs", {name: date})
            continue
        if not (0 < len(name) <= 200 and name.isprintable()):
            sv.reject(
                "card_backs.unlocked",
                f'"{_escape(name)}" is not a card back (1 to 200 printable characters)',
                {name: date},
            )
            continue
        where = f"card_backs.unlocked.{name}"
        try:
            unlocked[name] = _entry("card_backs.unlocked", name, date).date(name)
        except SchemaError as exc:  # the back is owned; only its date is lost
            sv.reject(where, str(exc), date, repaired=True)
            unlocked[name] = today
    chosen = _field(
        sv,
        backs,
        "chosen",
        lambda: backs.text("chosen", DEFAULT_BACK, nonempty=True),
        DEFAULT_BACK,
    )
    clean = {k: v for k, v in data.items() if k != "card_backs"}
    clean["card_backs"] = {
        **{k: v for k, v in table.items() if k not in ("chosen", "unlocked")},
        "chosen": chosen,
        "unlocked": unlocked,
    }
    return decode_profile(clean), sv.done()


# ------------------------------------------------------------------------------ the rejected file


def _escape(text: object) -> str:
    from desert_pyramid.engine.text import escaped

    return escaped(str(text))


def storable(value: object, depth: int = 0) -> object:
    """``value`` as TOML can write it back: a whole number beyond 64 bits becomes its digits as
    text (written whole), anything deeper than 16 levels its description."""
    if depth > 16:
        return "(nested too deeply to keep)"
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        if -(2**63) <= value < 2**63:
            return value
        with long_numbers():
            try:
                return str(value)
            except ValueError:
                return f"(a whole number of about {int(value.bit_length() * 0.30103) + 1:,} digits)"
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, dict):
        return {str(k): storable(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list):
        return [storable(v, depth + 1) for v in value]
    if isinstance(value, (str, datetime.date, datetime.time)):
        return value
    return repr(value)


R = TypeVar("R")  # what a salvaging decoder makes (Progress, Profile)


class Salvager(Generic[R]):
    """A decoder for :func:`~desert_pyramid.storage.files.open_document` that keeps every sound
    record: called with the file's data (then, if the file cannot be used at all, its backup's),
    it remembers what the last successful read set aside (:attr:`rejected`)."""

    def __init__(
        self, salvage: Callable[[dict[str, object], str], tuple[R, list[Rejected]]], today: str
    ) -> None:
        self.salvage = salvage
        # (a damaged date becomes today: on a clock outside the dates a save holds, the nearest)
        day = datetime.date.fromisoformat(today)
        self.today = min(max(day, EARLIEST), LATEST).isoformat()
        self.rejected: list[Rejected] = []

    def __call__(self, data: dict[str, object]) -> R:
        self.rejected = []
        value, self.rejected = self.salvage(data, self.today)
        return value


REJECTED_SCHEMA = 1
REJECTED_HEADER = (
    "# Records of {file} that Desert Pyramid could not use, set aside when it read the file:\n"
    "# where each was, why, and its value as it was. The rest of your progress was kept.\n"
    "# The game never reads this file; it adds to it, never over it.\n"
)


def rejected_path(path: Path) -> Path:
    """``save.toml`` -> ``save.rejected.toml``, beside it."""
    return path.with_name(f"{path.stem}.rejected{path.suffix}")


def read_rejected(path: Path) -> list[dict[str, object]] | None:
    """The records kept in a rejected file, ``[]`` when there is none, ``None`` when it cannot be
    read (then a new one is numbered beside it, never written over it)."""
    import tomllib

    from desert_pyramid.storage.files import read_bytes

    try:
        raw = read_bytes(path)
    except FileNotFoundError:
        return []
    except (OSError, ValueError):
        return None
    try:
        with long_numbers():
            data = tomllib.loads(raw.decode("utf-8").removeprefix("\ufeff"))
    except (ValueError, RecursionError):  # UnicodeDecodeError and TOMLDecodeError are ValueErrors
        return None
    records = data.get("rejected", [])
    if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
        return None
    return records


def rejected_files(path: Path) -> list[Path]:
    """The rejected files of ``path`` (``save.rejected.toml``, ``save.rejected-2.toml``, ...)."""
    base = rejected_path(path)
    found = [base] if base.exists() else []
    try:
        found += sorted(
            base.parent.glob(f"{path.stem}.rejected-*{path.suffix}"),
            key=lambda p: (len(p.name), p.name),
        )
    except OSError:
        pass
    return found


def keep_rejected(
    path: Path, rejected: list[Rejected], now: datetime.datetime, *, durable: bool = True
) -> Path:
    """Add ``rejected`` (records of ``path``) to ``NAME.rejected.toml`` beside it, written
    atomically; a record already there is not added twice. When that file cannot be read it is
    left alone and ``NAME.rejected-2.toml`` (the first free number) is used. Raises ``OSError``."""
    import tomli_w

    from desert_pyramid.storage.atomic import atomic_write

    target = rejected_path(path)
    records = read_rejected(target)
    number = 2
    while records is None:
        target = path.with_name(f"{path.stem}.rejected-{number}{path.suffix}")
        records = read_rejected(target)
        number += 1
    found = now.strftime("%Y-%m-%d %H:%M:%S")
    known = {(r.get("where"), r.get("why"), repr(r.get("value"))) for r in records}
    for item in rejected:
        record = {
            "file": path.name,
            "found": found,
            "where": item.where,
            "why": item.why,
            "repaired": item.repaired,
            "value": storable(item.value),
        }
        key = (record["where"], record["why"], repr(record["value"]))
        if key not in known:
            known.add(key)
            records.append(record)
    text = REJECTED_HEADER.format(file=path.name) + tomli_w.dumps(
        {"schema": REJECTED_SCHEMA, "rejected": records}
    )
    atomic_write(target, text.encode("utf-8"), durable=durable)
    return target
