"""Choosing deals: the Daily's deal for a date, an Expedition's pyramids, winnable Practice deals.

Every deal chosen here is *proven* winnable by the solver under the rules it will be played with.
The search is :func:`desert_pyramid.solver.deals.first_winnable`, which walks a seed's sequence of
shuffles (``Deal.from_seed(seed, index)`` for index 0, 1, 2, …) and returns the first deal that its
search proves winnable within a budget counted in **search nodes**, never seconds, so every
machine and Python version picks the same deal.

The finder is a parameter everywhere (the real one is the default), so the modes can be tested
without the solver and a view can run the search somewhere else.

**Daily**: the seed of a date is the number ``YYYYMMDD`` (30 November 2026 → ``20261130``); the
deal is the first proven-winnable shuffle of that seed's sequence under Desert rules on layout 1,
searched with :data:`DAILY_NODE_BUDGET` nodes per deal.

**Expedition**: a trek has a seed; pyramid 1 is the first proven-winnable deal of the trek seed's
sequence, and each later pyramid (after a clear or a skip) is the next proven-winnable deal after
the previous one (``start_index`` = previous index + 1), under Desert rules on layout 1.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any, Protocol

from desert_pyramid.engine import DESERT, Deal, Layout, Rules, encode_deal_code

from .errors import InputError, ModeError

DAILY_NODE_BUDGET = 200_000
"""Search nodes per candidate deal for the Daily (part of the definition of the daily deal)."""

DAILY_MAX_TRIES = 200
"""Candidate deals looked at for a date before giving up (never reached in practice)."""

EXPEDITION_NODE_BUDGET = 200_000
EXPEDITION_MAX_TRIES = 200
PRACTICE_NODE_BUDGET = 200_000
PRACTICE_MAX_TRIES = 200


class Found(Protocol):
    """What a deal finder returns: the deal (with its seed and index) and its index."""

    @property
    def deal(self) -> Deal: ...

    @property
    def index(self) -> int: ...


DealFinder = Callable[..., Any]
"""``finder(seed, rules, layout, *, node_budget, start_index, max_tries) -> Found``: the
signature of :func:`desert_pyramid.solver.deals.first_winnable`."""


def solver_finder() -> DealFinder:
    """The real finder: :func:`desert_pyramid.solver.deals.first_winnable`."""
    from desert_pyramid.solver.deals import first_winnable

    finder: DealFinder = first_winnable
    return finder


@dataclass(frozen=True, slots=True)
class ChosenDeal:
    """A deal chosen for a mode: the deal, its place in its seed's sequence and its code."""

    deal: Deal
    seed: int
    index: int
    rules: Rules
    layout_number: int

    @property
    def code(self) -> str:
        return encode_deal_code(self.deal, self.rules, self.layout_number)


def find_deal(
    seed: int,
    rules: Rules,
    layout: Layout,
    *,
    start_index: int = 0,
    node_budget: int,
    max_tries: int,
    finder: DealFinder | None = None,
) -> ChosenDeal:
    """The first proven-winnable deal of ``seed``'s sequence from ``start_index`` on."""
    find = finder or solver_finder()
    try:
        found = find(
            seed,
            rules,
            layout,
            node_budget=node_budget,
            start_index=start_index,
            max_tries=max_tries,
        )
    except LookupError:  # the solver's NoWinnableDealError
        found = None
    if found is None:
        raise ModeError(
            f"no deal proved winnable among {max_tries} deals of seed {seed} from deal {start_index} "
            f"under rules {rules}"
        )
    deal: Deal = found.deal
    index = int(found.index)
    if deal.seed is None:
        deal = Deal(deal.cards, seed, index)
    return ChosenDeal(deal, seed, index, rules, layout.number)


# -- the Daily -----------------------------------------------------------------------------------

_DATE_RE = re.compile(r"^\s*(\d{4})-(\d{2})-(\d{2})\s*$")


def parse_date(text: str) -> date:
    """Read a date written ``YYYY-MM-DD``. Anything else raises :class:`InputError` saying why."""
    m = _DATE_RE.match(text)
    if not m:
        raise InputError(
            f"'{text.strip()}' is not a date: write it YYYY-MM-DD, for example 2026-11-30"
        )
    y, mo, d = (int(g) for g in m.groups())
    if y < 1:
        raise InputError(f"'{text.strip()}' is not a date: there is no year 0")
    if not 1 <= mo <= 12:
        raise InputError(
            f"'{text.strip()}' is not a date: there is no month {mo} (months are 01 to 12)"
        )
    try:
        return date(y, mo, d)
    except ValueError:
        raise InputError(
            f"'{text.strip()}' is not a date: {_month_name(mo)} {y} has no day {d}"
        ) from None


def _month_name(month: int) -> str:
    return (
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    )[month - 1]


def daily_seed(day: date) -> int:
    """The seed of a date's sequence: the number YYYYMMDD."""
    return day.year * 10_000 + day.month * 100 + day.day


def daily_deal(day: date, layout: Layout, finder: DealFinder | None = None) -> ChosenDeal:
    """The Daily deal of ``day``: the first proven-winnable shuffle of its sequence, Desert rules,
    ``layout`` (layout 1, the classic pyramid, for the real Daily)."""
    return find_deal(
        daily_seed(day),
        DESERT,
        layout,
        node_budget=DAILY_NODE_BUDGET,
        max_tries=DAILY_MAX_TRIES,
        finder=finder,
    )


def expedition_deal(
    trek_seed: int, start_index: int, layout: Layout, finder: DealFinder | None = None
) -> ChosenDeal:
    """The next pyramid of a trek: the first proven-winnable deal from ``start_index`` on."""
    return find_deal(
        trek_seed,
        DESERT,
        layout,
        start_index=start_index,
        node_budget=EXPEDITION_NODE_BUDGET,
        max_tries=EXPEDITION_MAX_TRIES,
        finder=finder,
    )
