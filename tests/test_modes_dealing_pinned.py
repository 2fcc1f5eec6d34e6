"""The Daily and the Expedition's pyramids are pinned, like a chess engine's perft counts: the
deal a date or a trek gets must never change between versions (players compare their Dailies,
and a trek saved by one version goes on in the next). These run the real chooser and the real
solver; a change to the search that would move any of these deals fails here.

The dates are every date of 2026-2035 whose Daily is not the date's first shuffle (the first was
proved lost, or, for 2029-05-18, kept from the earlier rule: see ``DAILY_KEPT``), and a few whose
Daily is the first shuffle. ``bench/daily_margin.py --list`` prints them again."""

from __future__ import annotations

from datetime import date

import pytest

from desert_pyramid.engine import DESERT, Deal, Game
from desert_pyramid.engine.layout import classic_layout
from desert_pyramid.modes.dealing import (
    DAILY_KEPT,
    DAILY_NODE_BUDGET,
    daily_deal,
    daily_seed,
    expedition_deal,
)
from desert_pyramid.solver import Verdict, solve
from desert_pyramid.solver.deals import NoWinnableDealError, first_winnable

LAYOUT = classic_layout()

# seed of the date -> the shuffle its Daily is
PAST_THE_FIRST = {
    20260209: 1, 20260210: 1, 20260402: 1, 20260608: 1, 20261025: 1, 20261108: 1, 20261212: 2,
    20270731: 1, 20271024: 1, 20280122: 1, 20280606: 1, 20280703: 1, 20280710: 1, 20281012: 1,
    20281111: 1, 20281129: 1, 20281212: 1, 20290121: 1, 20290418: 1, 20290518: 1, 20290615: 1,
    20290629: 1, 20290808: 1, 20290927: 2, 20291123: 1, 20300403: 1, 20300416: 1, 20300907: 1,
    20301114: 1, 20310319: 1, 20310426: 1, 20310527: 1, 20310624: 1, 20310909: 1, 20320210: 1,
    20320502: 1, 20320710: 1, 20320926: 1, 20330129: 1, 20330308: 1, 20330812: 1, 20340124: 1,
    20340305: 1, 20350321: 1, 20350330: 1, 20350906: 1, 20351219: 1,
}  # fmt: skip

# a few Dailies by their deal codes (the shuffle itself pinned, not only its place)
CODES = {
    date(2026, 11, 30): "DP-K-AA8A-002G-9FQW",
    date(2026, 12, 1): "DP-K-AAAH-002G-9NGT",
    date(2026, 12, 12): "DP-2D-99BJ-102G-9SPM",
    date(2029, 5, 18): "DP-16-PDXD-0G2G-906Q",
}

# trek seed -> the shuffles of its first ten pyramids
TREKS = {
    1100327407: [0, 1, 2, 3, 4, 5, 6, 7, 8, 10],
    4185133455: [0, 1, 2, 3, 4, 5, 6, 7, 9, 10],
    761087204: [0, 1, 3, 4, 5, 6, 7, 8, 9, 10],
    1063060999: [0, 1, 2, 3, 4, 6, 7, 8, 9, 10],
}


def _day(seed: int) -> date:
    return date(seed // 10_000, seed // 100 % 100, seed % 100)


@pytest.mark.parametrize("seed", sorted(PAST_THE_FIRST))
def test_daily_past_the_first_shuffle_is_pinned(seed):
    assert daily_seed(_day(seed)) == seed
    assert daily_deal(_day(seed), LAYOUT).index == PAST_THE_FIRST[seed]


@pytest.mark.slow
@pytest.mark.parametrize("seed", sorted(PAST_THE_FIRST))
def test_every_shuffle_skipped_is_proved_lost(seed):
    # so no search, however strong, can choose it; except the one the earlier rule skipped
    # undecided, which DAILY_KEPT keeps skipped
    for index in range(DAILY_KEPT.get(seed, 0), PAST_THE_FIRST[seed]):
        game = Game(LAYOUT, DESERT, Deal.from_seed(seed, index))
        assert solve(game, DAILY_NODE_BUDGET).verdict is Verdict.LOST, (seed, index)


@pytest.mark.parametrize("day", sorted(CODES))
def test_daily_deal_codes_are_pinned(day):
    assert daily_deal(day, LAYOUT).code == CODES[day]


def test_the_kept_daily_skips_a_winnable_shuffle():
    # 2029-05-18: shuffle 0 is winnable, but the earlier rule's 200,000 nodes could not tell, so
    # its Daily was shuffle 1, and stays shuffle 1 whatever a later search can prove.
    assert DAILY_KEPT == {20290518: 1}
    chosen = daily_deal(date(2029, 5, 18), LAYOUT)
    assert chosen.index == 1


@pytest.mark.parametrize("seed", sorted(TREKS))
def test_trek_pyramids_are_pinned(seed):
    got = []
    index = -1
    for _ in range(len(TREKS[seed])):
        index = expedition_deal(seed, index + 1, LAYOUT).index
        got.append(index)
    assert got == TREKS[seed]


def test_an_undecided_shuffle_is_searched_on_up_to_the_decide_budget():
    # trek seed 410884760's shuffle 1 is winnable in about 15,000 nodes: 1,000 cannot tell, so
    # the budget rule alone skips it; searched on (10,000, then 100,000 nodes) it is chosen.
    with pytest.raises(NoWinnableDealError):
        first_winnable(410884760, DESERT, LAYOUT, node_budget=1_000, start_index=1, max_tries=1)
    found = first_winnable(
        410884760, DESERT, LAYOUT, node_budget=1_000, start_index=1, max_tries=1, max_budget=100_000
    )
    assert found.index == 1 and found.result.verdict is Verdict.WINNABLE
    game = Game(LAYOUT, DESERT, found.deal)
    for move in found.result.line:
        game.play(move)
    assert game.won
