"""Choosing deals: the Daily's deal for a date, an Expedition's pyramids, winnable Practice deals.

Every deal chosen here is *proven* winnable by the solver under the rules it will be played with.
The search is :func:`desert_pyramid.solver.deals.first_winnable`, which walks a seed's sequence of
shuffles (``Deal.from_seed(seed, index)`` for index 0, 1, 2, …) and returns the first deal that its
search proves winnable within a budget counted in **search nodes**, never seconds, so every
machine and Python version picks the same deal.

The finder is a parameter everywhere (the real one is the default), so the modes can be tested
without the solver and a view can run the search somewhere else.

**Daily**: the seed of a date is the number ``YYYYMMDD`` (30 November 2026 → ``20261130``); the
deal is the first *winnable* shuffle of that seed's sequence under Desert rules on layout 1. Each
shuffle is searched with :data:`DAILY_NODE_BUDGET` nodes, and one left undecided is searched on
(ten times the budget at a time) up to :data:`DECIDE_BUDGET`, so the choice does not depend on the
search's strength: a faster or stronger solver in a later version picks the same deal (every
shuffle is either proved lost or proved winnable, and a proof is a proof). The one date of
2026-2035 where the earlier rule (the first shuffle proved winnable within 200,000 nodes) chose
another deal keeps it (:data:`DAILY_KEPT`); ``tests/test_modes_dealing_pinned.py`` pins the
choice for fixed dates and treks.

**Expedition**: a trek has a seed; pyramid 1 is the first winnable deal of the trek seed's
sequence, and each later pyramid (after a clear or a skip) is the next winnable deal after the
previous one (``start_index`` = previous index + 1), under Desert rules on layout 1, decided the
same way as the Daily's.

**Practice** ("winnable deals only", any rules) takes the first shuffle proved winnable within
:data:`PRACTICE_NODE_BUDGET` nodes: under strict rules an undecided deal may take minutes to
decide, and a Practice deal is kept by its code, not by its seed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Protocol

from desert_pyramid.engine import DESERT, Deal, Layout, Rules, encode_deal_code

from .errors import InputError, ModeError

DAILY_NODE_BUDGET = 200_000
"""Search nodes for each candidate deal of the Daily's first try (2,000,000, 20,000,000 next)."""

DECIDE_BUDGET = 20_000_000
"""Search nodes up to which a Daily or Expedition candidate left undecided is searched on. Among
the 8,776 candidates on the way to every Daily of 2026-2035 and to 10 pyramids of 500 treks, one
was undecided after 200,000 nodes (shuffle 0 of 2029-05-18, winnable in 1.08 million)."""

DAILY_KEPT = {20290518: 1}
"""Dates (their seeds) whose Daily the earlier rule, "the first shuffle proved winnable within
200,000 nodes", chose past a winnable shuffle, in 2026-2035: the chooser starts at the shuffle
it chose, so those Dailies stay what they were. (2029-05-18: shuffle 0 is winnable, but needed
1.08 million nodes.)"""

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


class DealFinder(Protocol):
    """``finder(seed, rules, layout, *, node_budget, start_index, max_tries) -> Found``: the
    signature of :func:`desert_pyramid.solver.deals.first_winnable` (``None`` or a
    ``LookupError``: no deal found)."""

    def __call__(
        self,
        seed: int,
        rules: Rules,
        layout: Layout,
        *,
        node_budget: int,
        start_index: int,
        max_tries: int,
    ) -> Found | None: ...


def solver_finder(decide: bool = False) -> DealFinder:
    """The real finder: :func:`desert_pyramid.solver.deals.first_winnable`; with ``decide``, a
    shuffle the budget leaves undecided is searched on up to :data:`DECIDE_BUDGET` nodes (the
    Daily's and the Expedition's rule: the first winnable shuffle)."""
    from functools import partial

    from desert_pyramid.solver.deals import first_winnable

    finder: DealFinder = (
        partial(first_winnable, max_budget=DECIDE_BUDGET) if decide else first_winnable
    )
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
    """The Daily deal of ``day``: the first winnable shuffle of its sequence (from the one
    :data:`DAILY_KEPT` names, if any), Desert rules, ``layout`` (layout 1, the classic pyramid,
    for the real Daily)."""
    seed = daily_seed(day)
    return find_deal(
        seed,
        DESERT,
        layout,
        start_index=DAILY_KEPT.get(seed, 0),
        node_budget=DAILY_NODE_BUDGET,
        max_tries=DAILY_MAX_TRIES,
        finder=finder or solver_finder(decide=True),
    )


def expedition_deal(
    trek_seed: int, start_index: int, layout: Layout, finder: DealFinder | None = None
) -> ChosenDeal:
    """The next pyramid of a trek: the first winnable deal from ``start_index`` on."""
    return find_deal(
        trek_seed,
        DESERT,
        layout,
        start_index=start_index,
        node_budget=EXPEDITION_NODE_BUDGET,
        max_tries=EXPEDITION_MAX_TRIES,
        finder=finder or solver_finder(decide=True),
    )
