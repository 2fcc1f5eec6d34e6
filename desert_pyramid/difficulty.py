"""How hard each layout is: the measured win rates in ``resources/layouts/difficulty.toml``.

The file is written by ``bench/layout_difficulty.py`` (the game's solver on random deals of every
layout, under the relaxed and the desert rules); the game and the ``layouts`` command only read it.
A layout missing from the file, or a missing file, is "unrated". A broken file never stops the game:
:func:`load_difficulty` raises :class:`DifficultyError` with a message naming the file and the entry,
and :func:`difficulty_table` turns that into an empty table plus the message.

File format (schema 1)::

    schema = 1
    deals = 2000             # random deals per layout and rule set
    seed = 7                 # the deals are Deal.from_seed(seed * 1000 + number, i), i = 0..deals-1
    node_budget = 200000     # solver nodes per deal; a deal that needs more is "unknown"

    [[layout]]
    number = 1
    name = "Classic Pyramid"
    relaxed_won = 130        # deals the solver cleared under the relaxed preset
    relaxed_lost = 66        # deals it proved cannot be cleared
    relaxed_unknown = 4      # deals it could not decide within the budget
    relaxed_rate = 0.65      # relaxed_won / deals: a lower bound on the true rate
    desert_won = ...         # the same under the desert preset
    desert_lost = ...
    desert_unknown = ...
    desert_rate = ...
    difficulty = "Tricky"    # from relaxed_rate, see WORDS
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from desert_pyramid.engine.layout import NUMBER_RANGES, valid_number
from desert_pyramid.resources_path import resource_path

DIFFICULTY_SCHEMA = 1
UNRATED = "unrated"
#: The difficulty words, easiest first, with the least relaxed win rate each one needs.
WORDS: tuple[tuple[str, float], ...] = (
    ("Gentle", 0.95),
    ("Moderate", 0.80),
    ("Tricky", 0.50),
    ("Fiendish", 0.0),
)


class DifficultyError(ValueError):
    """A difficulty file that cannot be used; the message names the file and the entry."""


def difficulty_word(relaxed_rate: float) -> str:
    """The word players see for a layout won in this share of random deals under relaxed rules."""
    for word, least in WORDS:
        if relaxed_rate >= least:
            return word
    return WORDS[-1][0]


@dataclass(frozen=True, slots=True)
class RuleRate:
    """Outcomes of the solver on ``deals`` random deals under one rule set."""

    won: int
    lost: int
    unknown: int

    @property
    def deals(self) -> int:
        return self.won + self.lost + self.unknown

    @property
    def rate(self) -> float:
        """Share of deals won; unknowns count as not won, so this is a lower bound."""
        return self.won / self.deals if self.deals else 0.0

    @property
    def upper(self) -> float:
        """Share of deals not proved lost: the rate if every unknown deal were winnable."""
        return (self.won + self.unknown) / self.deals if self.deals else 0.0


@dataclass(frozen=True, slots=True)
class LayoutDifficulty:
    number: int
    name: str
    relaxed: RuleRate
    desert: RuleRate
    word: str

    def percent(self, rules: str = "relaxed") -> str:
        """``"67%"``, or a range such as ``"64-66%"`` when some deals were left unknown."""
        rate = self.relaxed if rules == "relaxed" else self.desert
        lo, hi = round(100 * rate.rate), round(100 * rate.upper)
        return f"{lo}%" if lo == hi else f"{lo}-{hi}%"

    def interval(self, rules: str = "relaxed") -> tuple[float, float]:
        """95% interval for the share of all deals of the layout that can be cleared under these
        rules: Wilson's, from below for the deals won and from above for the deals won or left
        unknown (an unknown deal may be winnable)."""
        # imported here: the solver's statistics (and their process pools) are not needed to
        # read the file, which the game does at every launch
        from desert_pyramid.solver.stats import wilson

        rate = self.relaxed if rules == "relaxed" else self.desert
        lo = wilson(rate.won, rate.deals)[0] if rate.won else 0.0
        hi = wilson(rate.won + rate.unknown, rate.deals)[1] if rate.lost else 1.0
        return lo, hi

    def interval_text(self, rules: str = "relaxed") -> str:
        """``"64% to 68%"``, rounded outwards to whole percents (``"99.7% to 100%"`` near the top)."""
        lo, hi = self.interval_bounds(rules)
        return f"{lo}% to {hi}%"

    def interval_bounds(self, rules: str = "relaxed") -> tuple[str, str]:
        """The interval's ends in percent, rounded outwards: ``("64", "68")``, ``("99.7", "100")``
        (for a sentence in the player's language)."""
        lo, hi = self.interval(rules)
        return _pct_down(lo), _pct_up(hi)


def _pct_down(x: float) -> str:
    """A share as a percent rounded down: whole percents, tenths above 99%."""
    if x < 0.99:
        return str(math.floor(100 * x + 1e-9))
    v = math.floor(1000 * x + 1e-9) / 10
    return "100" if v >= 100 else f"{v:.1f}".removesuffix(".0")


def _pct_up(x: float) -> str:
    """A share as a percent rounded up: whole percents, tenths above 99%."""
    if x <= 0.98:
        return str(math.ceil(100 * x - 1e-9))
    v = math.ceil(1000 * x - 1e-9) / 10
    return "100" if v >= 100 else f"{v:.1f}".removesuffix(".0")


def default_path() -> Path:
    return resource_path("layouts", "difficulty.toml")


def _int(entry: Mapping[str, object], key: str, where: str) -> int:
    value = entry.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise DifficultyError(f"{where}: '{key}' must be a whole number of deals, not {value!r}")
    return value


def parse_difficulty(
    data: Mapping[str, object], source: str = "difficulty.toml"
) -> dict[int, LayoutDifficulty]:
    """Check difficulty data (as read from the file) and return it by layout number."""
    schema = data.get("schema")
    if schema != DIFFICULTY_SCHEMA:
        raise DifficultyError(
            f"{source}: schema {schema!r} is not {DIFFICULTY_SCHEMA}, the version this game reads"
        )
    entries = data.get("layout", [])
    if not isinstance(entries, list):
        raise DifficultyError(f"{source}: 'layout' must be a list of [[layout]] tables")
    out: dict[int, LayoutDifficulty] = {}
    for i, entry in enumerate(entries, 1):
        where = f"{source}: layout entry {i}"
        if not isinstance(entry, dict):
            raise DifficultyError(f"{where} is not a table")
        number = entry.get("number")
        if not isinstance(number, int) or isinstance(number, bool) or not valid_number(number):
            shown = (
                "a huge number"
                if isinstance(number, int) and abs(number) >= 10**12
                else repr(number)[:40]
            )
            raise DifficultyError(
                f"{where}: 'number' must be a layout number ({NUMBER_RANGES}), not {shown}"
            )
        where = f"{source}: layout {number}"
        if number in out:
            raise DifficultyError(f"{where} is listed twice")
        name = entry.get("name", "")
        if not isinstance(name, str):
            raise DifficultyError(f"{where}: 'name' must be text")
        rates = {}
        for rules in ("relaxed", "desert"):
            rates[rules] = RuleRate(
                *(_int(entry, f"{rules}_{k}", where) for k in ("won", "lost", "unknown"))
            )
            if rates[rules].deals == 0:
                raise DifficultyError(f"{where}: no {rules} deals counted")
        word = entry.get("difficulty")
        expected = difficulty_word(rates["relaxed"].rate)
        if word != expected:
            raise DifficultyError(
                f"{where}: difficulty {word!r} does not match its relaxed rate "
                f"{rates['relaxed'].rate:.3f} (that is {expected!r})"
            )
        out[number] = LayoutDifficulty(number, name, rates["relaxed"], rates["desert"], expected)
    return out


def load_difficulty(path: Path | None = None) -> dict[int, LayoutDifficulty]:
    """Read a difficulty file. A missing file is an empty table; a broken one raises DifficultyError."""
    path = path or default_path()
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise DifficultyError(f"{path.name}: cannot be read ({exc.strerror or exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise DifficultyError(f"{path.name}: not valid TOML ({exc})") from None
    return parse_difficulty(data, path.name)


def difficulty_table(path: Path | None = None) -> tuple[dict[int, LayoutDifficulty], str]:
    """The difficulty table and a warning (empty when all is well). Never raises for a bad file."""
    try:
        return load_difficulty(path), ""
    except DifficultyError as exc:
        return {}, f"layout difficulty unavailable: {exc}"


@lru_cache(maxsize=1)
def shipped_difficulty() -> tuple[dict[int, LayoutDifficulty], str]:
    """The shipped table, read once (for the game's screens)."""
    return difficulty_table()


def word_for(number: int, table: dict[int, LayoutDifficulty]) -> str:
    entry = table.get(number)
    return entry.word if entry is not None else UNRATED
