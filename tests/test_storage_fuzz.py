"""Seeded mutation fuzz over the example saves (``saves/v1``): values replaced by absurd ones of
any type, keys removed, lists blown up, unknown keys added. Each mutated file is loaded through the
real load path (``SaveStore.open``) beside a sound backup. Nothing may escape as an exception;
either the file is refused (set aside byte for byte, the backup used) or it is accepted, and then
the game can use it (the day streak, a calendar, recording a game, the profile view) and what it
writes back loads again without a notice. 360 cases, seeded: a failure names its seed."""

from __future__ import annotations

import contextlib
import datetime
import io
import random
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from desert_pyramid.commands.profile import show
from desert_pyramid.progression import combine
from desert_pyramid.storage import SaveStore
from tests.storage_helpers import FIXED_NOW, make_result

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "saves" / "v1"
FILES = ("save.toml", "profile.toml", "current.toml")
KEY = {"save.toml": "save", "profile.toml": "profile", "current.toml": "current"}

INTS: list[Any] = [2**63 - 1, -(2**63), 2**64, 10**30, -1, 0, 1, 59, 20_000, 10_000_001, 86_400_001]
FLOATS: list[Any] = [float("nan"), float("inf"), float("-inf"), 1e300, -0.0, 0.5, -1.5, 1e9]
DATES: list[Any] = [
    "9999-12-31",
    "0001-01-01",
    "1969-12-31",
    "1970-01-01",
    "2199-12-31",
    "2200-01-01",
    "2025-02-30",
    "2025-03-14T10:00:00",
    "2025-3-14",
    "２０２５-03-14",
]
TEXTS: list[Any] = [
    "",
    " ",
    "²",
    "٣",
    "x" * 70_000,
    "a\nb",
    "expedition",
    "won",
    "brass_compass",
    "trek_3",
]
OTHERS: list[Any] = [
    True,
    False,
    [],
    {},
    [1, 2],
    ["2025-03-13"] * 3,
    {"a": 1},
    datetime.date(9999, 12, 31),
    datetime.date(1, 1, 1),
    datetime.datetime(2025, 3, 14, 1, 2, 3),
]
ABSURD: list[Any] = INTS + FLOATS + DATES + TEXTS + OTHERS


def absurd_like(old: Any, rng: random.Random) -> Any:
    """Mostly an absurd value of the old value's own type (what a decoder checking only types
    lets through), else anything."""
    if rng.random() < 0.3:
        return rng.choice(ABSURD)
    if isinstance(old, bool):
        return rng.choice(OTHERS)
    if isinstance(old, int):
        return rng.choice(INTS)
    if isinstance(old, float):
        return rng.choice(FLOATS + INTS)
    if isinstance(old, str):
        return rng.choice(DATES if len(old) == 10 and old[4:5] == "-" else TEXTS)
    return rng.choice(ABSURD)


def pick(data: Any, rng: random.Random) -> tuple[tuple[Any, ...], Any]:
    """A random node, by a random walk from the top: each key of a table is as likely as the
    others, however long the lists beside it (so ``daily.current_streak`` is hit as often as
    ``seen.games``); the walk stops at a table or list now and then."""
    path: tuple[Any, ...] = ()
    value = data
    while True:
        keys = (
            list(value)
            if isinstance(value, dict)
            else list(range(len(value)))
            if isinstance(value, list)
            else []
        )
        if not keys or (path and rng.random() < 0.2):
            return path, value
        key = rng.choice(keys)
        path, value = (*path, key), value[key]


def parent_of(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path[:-1]:
        data = data[key]
    return data


def mutate(data: dict[str, Any], rng: random.Random) -> list[str]:
    """1 to 3 random mutations of ``data`` in place; what was done, for the failure message."""
    done = []
    for _ in range(rng.randint(1, 3)):
        path, value = pick(data, rng)
        parent, key = parent_of(data, path), path[-1]
        kind = rng.random()
        if kind < 0.55:
            new = absurd_like(value, rng)
            parent[key] = new
            done.append(f"{path} = {new!r:.40}")
        elif kind < 0.70 and isinstance(parent, dict):
            del parent[key]
            done.append(f"del {path}")
        elif kind < 0.85 and isinstance(value, list) and value and len(repr(value)) < 20_000:
            parent[key] = value * rng.choice((2, 50, 2_000))
            done.append(f"{path} * many")
        elif kind < 0.92 and isinstance(value, dict):
            value[rng.choice(("zz_unknown", "x" * 300, "schema", "mode", "daylight_ms"))] = (
                rng.choice(ABSURD)
            )
            done.append(f"{path} + a key")
        else:
            parent[key] = [value] if rng.random() < 0.5 else {"v": value}
            done.append(f"{path} wrapped")
    return done


def one_case(root: Path, seed: int) -> None:
    rng = random.Random(seed)
    name = FILES[seed % 3]
    folder = root / f"case-{seed}"
    shutil.copytree(EXAMPLE, folder)
    for file in FILES:
        shutil.copyfile(folder / file, folder / f"{file}.bak")
    data = tomllib.loads((folder / name).read_text(encoding="utf-8"))
    done = mutate(data, rng)
    bad = tomli_w.dumps(data).encode("utf-8")
    (folder / name).write_bytes(bad)
    where = f"seed {seed}, {name}: {done}"

    store = SaveStore.open(folder, durable=False, clock=lambda: FIXED_NOW)
    opened = store.opened[KEY[name]]
    future = opened.main.status == "future"  # a schema from 2 to 10,000: left untouched
    if future:
        assert (folder / name).read_bytes() == bad and opened.source == "backup", where
    elif opened.source != "file":  # refused: set aside byte for byte, the backup used
        kept = sorted(folder.glob(f"{name}.broken-*"))
        assert opened.main.status in ("damaged", "unreadable"), where
        assert [k.read_bytes() for k in kept] == [bad], where
        assert opened.source == "backup", where
        assert any(n.file == name for n in store.peek_notices()), where
    # refused or accepted, the game goes on with what it loaded
    daily = store.progress.daily
    daily.current_on("2025-03-14")
    daily.record.calendar(datetime.date(2025, 3, 14))
    combine(store.progress.stats.values())
    store.profile.backs.effective()
    with contextlib.redirect_stdout(io.StringIO()):
        show(store)
    store.record_game(make_result(f"fuzz-{seed}", mode="daily", deal_date="2025-03-14"))
    if store.current is not None:
        store.save_current(store.current)
    store.take_notices()
    again = SaveStore.open(folder, durable=False, clock=lambda: FIXED_NOW)
    if future:
        assert (folder / name).read_bytes() == bad, where
        return
    assert again.peek_notices() == [], f"{where}: {again.peek_notices()}"
    assert again.progress.has_seen_game(f"fuzz-{seed}"), where


CHUNKS = 12
PER_CHUNK = 30


# the first four chunks (120 mutated saves) here, the other eight in CI's second pass (the slow
# group): every seed runs on every submission
@pytest.mark.parametrize(
    "chunk", [c if c < 4 else pytest.param(c, marks=pytest.mark.slow) for c in range(CHUNKS)]
)
def test_mutated_example_saves_never_crash_the_load(tmp_path: Path, chunk: int) -> None:
    for seed in range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK):
        one_case(tmp_path, seed)
