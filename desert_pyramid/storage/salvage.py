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
leaves the statistics, streaks and counts as stored. A statistics key whose mode, layout or rules
are damaged is kept under ``other`` / layout 0 (``[[unplaced_stats]]``): its wins still count.

A section of ``save.toml`` of another kind (``seen = "x"``) is one record: set aside, the others
kept. What stays a whole-file problem (the backup is used): a file that is not TOML, has no valid
``schema``, or lacks a section (a file cut short); in ``profile.toml``, ``card_backs`` (or its
``unlocked``) of another kind, since it is the file's one section.
"""

from __future__ import annotations

import datetime
import functools
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Literal, TypedDict, TypeVar

from desert_pyramid.engine.reading import EARLIEST, LATEST
from desert_pyramid.progression import (
    DEFAULT_BACK,
    MODES,
    OUTCOMES,
    RELICS,
    Outcome,
    Progress,
    StatsKey,
)
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
from desert_pyramid.progression.stats import OTHER_MODE
from desert_pyramid.storage.documents import (
    _SAVE_KEYS,
    GAMES_MAX,
    LATE_MAX,
    NAMES_MAX,
    OTHER_PRESET,
    RECENT_MAX,
    SEEN_MAX,
    STATS_MAX,
    STREAK_MAX,
    UNKNOWN_LAYOUT,
    UNPLACED_STATS_MAX,
    UNTIMED_MODES,
    UNTIMED_STATS_MAX,
    Profile,
    decode_profile,
    decode_progress,
    is_unplaced,
)
from desert_pyramid.storage.files import long_numbers
from desert_pyramid.storage.schema import (
    PLAIN_ITEMS_MAX,
    Reader,
    SchemaError,
    check_plain,
    is_id,
)

_T = TypeVar("_T")


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


def _field(sv: _Salvage, reader: Reader, key: str, read: Callable[[], _T], default: _T) -> _T:
    """``read()`` of ``key`` in ``reader``, or ``default`` (the damaged value is rejected, marked
    repaired)."""
    try:
        return read()
    except SchemaError as exc:
        sv.reject(reader.path(key), str(exc), reader.data.get(key), repaired=True)
        return default


# ------------------------------------------------------------------------------ save.toml

# The frame of a file: the sections that must be there. A file with one missing (a file cut short
# between sections reads so) is damaged as a whole and its backup is used. A section that is
# there but of another kind (``seen = "x"``, ``stats`` a text) is one record: it is set aside
# and the file's other sections are kept (``docs/saves.md``, "One bad record").
_SAVE_FRAME = ("pyramids_cleared", "relics", "daily", "seen", "settings", "stats")


def _framed(data: Mapping[str, object], frame: tuple[str, ...]) -> bool:
    """Is every section of ``frame`` there in ``data``?"""
    return all(key in data for key in frame)


#: The sections of ``save.toml`` and their kinds: one of another kind is a record of its own.
_SECTIONS: dict[str, type[dict[str, object]] | type[list[object]]] = {
    "relics": dict,
    "daily": dict,
    "seen": dict,
    "settings": dict,
    "stats": list,
    "untimed_stats": list,
    "unplaced_stats": list,
    "games": list,
}

#: The backup's data, read when asked (``None``: no sound backup)
BackupData = Callable[[], dict[str, object] | None]


def backup_data(path: Path) -> BackupData:
    """A reader of ``path``'s backup (``NAME.bak``) as plain TOML data, read once when first
    asked; ``None`` when it is missing or cannot be read as a file of its schema."""
    from desert_pyramid.storage.atomic import backup_path
    from desert_pyramid.storage.documents import SAVE_SCHEMA
    from desert_pyramid.storage.files import read_document

    @functools.cache
    def read() -> dict[str, object] | None:
        attempt = read_document(backup_path(path), SAVE_SCHEMA, _as_is)
        return attempt.value if attempt.ok else None

    return read


def _as_is(data: dict[str, object]) -> dict[str, object]:
    return data


def _mend_sections(
    sv: _Salvage, data: dict[str, object], backup: BackupData | None
) -> dict[str, object]:
    """``data`` with each section of the wrong kind replaced by the backup's, where the backup
    holds it of its kind (what it held is then one game older, not gone); the section as it was
    is set aside. Without such a backup the section is left for its reader to set aside."""
    wrong = [k for k, kind in _SECTIONS.items() if k in data and not isinstance(data[k], kind)]
    if not wrong or backup is None:
        return data
    older = backup()
    if older is None:
        return data
    mended = dict(data)
    for key in wrong:
        kind = _SECTIONS[key]
        if isinstance(older.get(key), kind):
            what = "a table" if kind is dict else "a list of tables"
            sv.reject(
                key,
                f"{key}: expected {what}; the backup's {key} (one save older) is used instead",
                data[key],
            )
            mended[key] = older[key]
    return mended


def salvage_progress(
    data: dict[str, object], today: str, backup: BackupData | None = None
) -> tuple[Progress, list[Rejected]]:
    """``save.toml`` as :class:`Progress`, keeping every sound record; what was set aside. A
    section of the wrong kind is taken from ``backup`` (the backup file's data) where that holds
    it sound, else set aside and left empty.

    Raises :class:`SchemaError` only when nothing can be read record by record."""
    try:
        return decode_progress(data), []
    except SchemaError:
        if not _framed(data, _SAVE_FRAME):  # a section missing: the error stands (whole file)
            raise
    sv = _Salvage()
    data = _mend_sections(sv, data, backup)
    clean: dict[str, Any] = {"schema": data.get("schema", 1)}
    root = Reader(data)

    clean["relics"] = _relics(sv, data.get("relics", {}), today)
    clean["seen"] = _seen(sv, data.get("seen", {}))
    clean["settings"] = _free_table(sv, "settings", data.get("settings", {}))
    stats, won = _all_stats(sv, data)
    clean["stats"] = stats["stats"]
    for name in ("untimed_stats", "unplaced_stats"):
        if stats[name]:
            clean[name] = stats[name]
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
    entries = clean["stats"] + clean.get("untimed_stats", []) + clean.get("unplaced_stats", [])
    for key, total in (("won", cleared), ("treks", len(clean["seen"]["treks"]))):
        guessed = [e for e in entries if (_GUESSED, key) in e]
        for entry in guessed:
            del entry[(_GUESSED, key)]
        if total is not None and len(guessed) == 1:
            others = sum(e[key] for e in entries) - guessed[0][key]
            guessed[0][key] = min(COUNT_MAX, max(guessed[0][key], total - others))
    won = sum(e["won"] for e in entries)
    earned = max([won] + [r.threshold for r in RELICS if r.id in clean["relics"]])
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


def _all_stats(sv: _Salvage, data: Mapping[str, object]) -> tuple[dict[str, list[Any]], int]:
    """The statistics keys kept, and the games they count as won (all of them). A key whose
    mode, layout or rules are damaged is kept under ``other`` / layout 0 (``[[unplaced_stats]]``),
    so that its wins still count; two such keys that land on one are added up."""
    out: dict[str, list[Any]] = {"stats": [], "untimed_stats": [], "unplaced_stats": []}
    keys: set[tuple[str, str, int, bool]] = set()
    unplaced: dict[tuple[str, str, int, bool], dict[Any, Any]] = {}
    for name, most in (
        ("stats", STATS_MAX),
        ("untimed_stats", UNTIMED_STATS_MAX),
        ("unplaced_stats", UNPLACED_STATS_MAX),
    ):
        value = data.get(name, [])
        if not isinstance(value, list):
            sv.reject(name, f"{name}: expected a list of tables", value)
            continue
        taken = 0  # keys read from this table (the damaged ones do not count)
        for index, item in enumerate(value):
            where = f"{name}[{index}]"
            if taken >= most:
                sv.extra(name, f"more than {most:,} statistics keys", item)
                continue
            untimed = name == "untimed_stats"
            if name == "unplaced_stats" and isinstance(item, dict):
                untimed = item.get("untimed", False) is True
                if not isinstance(item.get("untimed", False), bool):
                    sv.reject(
                        f"{where}.untimed",
                        f"{where}.untimed: expected true or false",
                        item["untimed"],
                        repaired=True,
                    )
            entry = _stats_entry(sv, where, item, untimed, other=name == "unplaced_stats")
            if entry is None:
                continue
            taken += 1
            key = (entry["mode"], entry["preset"], entry["layout"], untimed)
            if is_unplaced(StatsKey(*key)):
                # (room is left for the two keys all the rest go to, timed and untimed)
                if key not in unplaced and len(unplaced) >= UNPLACED_STATS_MAX - 2:
                    key = (OTHER_MODE, OTHER_PRESET, UNKNOWN_LAYOUT, untimed)  # all in one
                    entry.update(mode=key[0], preset=key[1], layout=key[2])
                if key in unplaced:
                    _add_up(sv, unplaced[key], entry)
                else:
                    unplaced[key] = entry
                continue
            if key in keys:
                sv.reject(
                    where,
                    f"statistics for {key[0]}/{_escape(key[1])}/layout {key[2]} appear twice",
                    item,
                )
                continue
            keys.add(key)
            out["untimed_stats" if untimed else "stats"].append(entry)
    for (_mode, _preset, _layout, untimed), entry in unplaced.items():
        out["unplaced_stats"].append(entry | ({"untimed": True} if untimed else {}))
    won = sum(e["won"] for entries in out.values() for e in entries)
    return out, won


def _add_up(sv: _Salvage, total: dict[Any, Any], entry: dict[Any, Any]) -> None:
    """Add the statistics key ``entry`` to ``total`` (both kept under one unplaced key): counts
    add up, bests take the best, the recent results of both are kept (the newest, up to the
    bound)."""
    for key in ("won", "lost", "treks"):
        total[key] = min(COUNT_MAX, total[key] + entry[key])
    for key in ("current_streak", "best_streak", "best_score"):
        total[key] = max(total[key], entry[key])
    for key in ("best_trek_pyramids", "best_trek_score"):
        total[key] = max(total[key], entry[key])
    seconds = [s for s in (total.get("best_seconds"), entry.get("best_seconds")) if s is not None]
    if seconds:
        total["best_seconds"] = min(seconds)
    for key in ("won", "treks"):
        if (_GUESSED, key) in entry:
            total[(_GUESSED, key)] = True
    recent = sorted(total["recent"] + entry["recent"], key=lambda r: str(r["date"]))
    for item in recent[: max(0, len(recent) - RECENT_MAX)]:
        sv.extra("unplaced_stats", f"more than {RECENT_MAX} results", item)
    total["recent"] = recent[-RECENT_MAX:]


def _stats_entry(
    sv: _Salvage, where: str, item: object, untimed: bool, *, other: bool = False
) -> dict[Any, Any] | None:
    """One statistics key, its damaged fields set to what its own recent results prove (never
    lower than that); a damaged mode, layout or rules text is kept as ``other`` / layout 0 /
    ``other`` (an unplaced key: its wins still count). ``None`` only when it is not a table.
    ``other``: read from ``[[unplaced_stats]]``, where those are allowed."""
    if not isinstance(item, dict):
        sv.reject(where, f"{where}: expected a table", item)
        return None
    entry = Reader(item, where)
    modes = UNTIMED_MODES if untimed else MODES
    place = _Salvage()  # what could not be placed: said only if the key holds something
    mode = _placed(
        place,
        entry,
        "mode",
        lambda: entry.choice("mode", (*modes, OTHER_MODE) if other else modes),
        OTHER_MODE,
    )
    layout = _placed(
        place,
        entry,
        "layout",
        lambda: entry.integer("layout", minimum=UNKNOWN_LAYOUT if other else 1, maximum=LAYOUT_MAX),
        UNKNOWN_LAYOUT,
    )
    preset = item.get("preset")
    try:
        preset = entry.text("preset", nonempty=True)
    except SchemaError as exc:
        # the rules text with its control characters taken out: the key stays the player's
        fixed = (
            "".join(ch for ch in _ESCAPES.sub("", preset) if ch.isprintable())
            if isinstance(preset, str)
            else ""
        )
        why = str(exc)
        if not fixed or len(fixed) > 200:
            fixed = OTHER_PRESET
            why += f"; its figures are kept under the preset {OTHER_PRESET!r} (not lost)"
        (place if fixed == OTHER_PRESET else sv).reject(
            f"{where}.preset", why, preset, repaired=True
        )
        preset = fixed
    recent = _recent(sv, f"{where}.recent", item.get("recent", []))
    wins = [r["outcome"] == "won" for r in recent]
    run = longest = 0
    for won in wins:
        run = run + 1 if won else 0
        longest = max(longest, run)
    trailing = next((i for i, w in enumerate(reversed(wins)) if not w), len(wins))
    out: dict[Any, Any] = {"mode": mode, "preset": preset, "layout": layout}

    def count(key: str, default: int, maximum: int = COUNT_MAX) -> int:
        value: int = _field(
            sv, entry, key, lambda: entry.integer(key, maximum=maximum), min(default, maximum)
        )
        return value

    out["won"] = count("won", sum(wins))
    if "won" in item and not _is_count(item["won"]):
        out[(_GUESSED, "won")] = True  # salvage_progress may know better (pyramids cleared)
    out["lost"] = count("lost", len(wins) - sum(wins))
    out["current_streak"] = count("current_streak", trailing)
    out["best_streak"] = count("best_streak", max(longest, out["current_streak"]))
    if max(out["current_streak"], out["best_streak"]) > out["won"]:  # never lowers a streak
        sv.reject(
            f"{where}.won",
            f"{where}: a streak of wins longer than the {out['won']} games won",
            out["won"],
            repaired=True,
        )
        out["won"] = max(out["current_streak"], out["best_streak"])
    out["best_score"] = count("best_score", max((r["score"] for r in recent), default=0), SCORE_MAX)
    if "best_seconds" in item:
        times = [r["seconds"] for r in recent if r["outcome"] == "won"]
        seconds = _field(
            sv,
            entry,
            "best_seconds",
            lambda: entry.number("best_seconds", maximum=SECONDS_MAX),
            min(times) if times else None,
        )
        if seconds is not None:
            out["best_seconds"] = seconds
    out["best_trek_pyramids"] = count("best_trek_pyramids", 0, PYRAMID_MAX)
    out["best_trek_score"] = count("best_trek_score", 0, SCORE_MAX)
    out["treks"] = count("treks", int(out["best_trek_pyramids"] > 0 or out["best_trek_score"] > 0))
    if "treks" in item and not _is_count(item["treks"]):
        out[(_GUESSED, "treks")] = True  # salvage_progress may know better (seen.treks)
    out["recent"] = recent
    if place.rejected:
        if not (recent or out["won"] or out["lost"] or out["treks"]):  # nothing earned to keep
            sv.reject(
                where, f"{place.rejected[0].why.split('; ')[0]} (and it holds no games)", item
            )
            return None
        sv.rejected.extend(place.rejected)
    return out


_GUESSED = "guessed"  # (a tuple key: no file holds one)


def _placed(sv: _Salvage, entry: Reader, key: str, read: Callable[[], _T], other: _T) -> _T:
    """The mode or layout of a statistics key, or ``other`` when it is damaged (the key is kept
    as an unplaced one; the damaged value is set aside, marked repaired)."""
    try:
        return read()
    except SchemaError as exc:
        why = f"{exc}; its figures are kept under the {key} {other!r} (not lost)"
        sv.reject(entry.path(key), why, entry.data.get(key), repaired=True)
        return other


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= COUNT_MAX


#: a terminal's escape sequences (CSI and OSC), taken out whole from a damaged preset
_ESCAPES = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)?")


class _RecentTable(TypedDict):
    """One recent result as the strict decoder reads it."""

    outcome: Outcome
    score: int
    seconds: float
    date: str


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
        # card_backs is the file's one section: of another kind, nothing is left to keep, and the
        # backup (which holds the backs) is used
        table = data.get("card_backs")
        if not isinstance(table, dict) or not isinstance(table.get("unlocked", {}), dict):
            raise
    sv = _Salvage()
    table = data.get("card_backs", {})
    if not isinstance(table, dict):
        sv.reject("card_backs", "card_backs: expected a table", table)
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
