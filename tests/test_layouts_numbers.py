"""A player's own layouts have numbers of their own (101 to 999) that work wherever a layout
number does: layout files, the catalogue, deal codes (a new version for numbers above 63, every old
code reading as before), game codes, saved games and the statistics."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from desert_pyramid.catalog import builtin_layout, get_layout, layout_name
from desert_pyramid.cli import main
from desert_pyramid.engine import (
    DESERT,
    PRESETS,
    RELAXED,
    Deal,
    DealCodeError,
    Game,
    Layout,
    LayoutError,
    decode_deal_code,
    decode_game_code,
    encode_deal_code,
    encode_game_code,
)
from desert_pyramid.engine.deal import CHECK_PRIME, checked_code
from desert_pyramid.engine.layout import PLAYER_FIRST, PLAYER_LAST, is_player_number
from desert_pyramid.modes import InputError, PracticeSession
from desert_pyramid.modes.restore import session_from_dict
from desert_pyramid.progression import game_results
from desert_pyramid.solver import Verdict, solve
from desert_pyramid.storage import SaveStore
from tests.layout_helpers import save_dir, store_in

__all__ = ["save_dir"]  # the fixture, used by name


def data_numbered(number: object) -> dict[str, object]:
    data = builtin_layout(2).to_dict()
    data["number"] = number
    return data


@pytest.mark.parametrize("number", [1, 99, PLAYER_FIRST, 500, PLAYER_LAST])
def test_layout_files_take_both_ranges(number: int) -> None:
    assert Layout.from_dict(data_numbered(number)).number == number


@pytest.mark.parametrize(
    ("number", "shown"),
    [(0, "0"), (100, "100"), (1000, "1000"), (-5, "-5"), (10**40, "far too large")],
)
def test_layout_numbers_between_and_beyond_the_ranges_are_refused(number: int, shown: str) -> None:
    with pytest.raises(LayoutError, match=f"number {shown} is out of range") as info:
        Layout.from_dict(data_numbered(number))
    assert "1 to 99 for the game's layouts, 101 to 999 for a player's own" in str(info.value)


def test_a_number_must_be_a_whole_number() -> None:
    for bad in (True, 101.0, "101"):
        with pytest.raises(LayoutError, match="'number' must be an integer"):
            Layout.from_dict(data_numbered(bad))


def test_the_ranges_never_meet() -> None:
    assert not any(is_player_number(n) for n in range(1, 101))
    assert all(is_player_number(n) for n in range(PLAYER_FIRST, PLAYER_LAST + 1))


# -- deal codes ------------------------------------------------------------------------------------

# Written by the game before player layouts existed: they must read exactly as they did.
OLD_CODES = [
    ("relaxed", 561021090885, 759, False, 1, "DP-GA-FQCZ-25QQ-5450-9JYQ"),
    (
        "classic",
        549512532852,
        664,
        True,
        2,
        "DP-9391-DBG9-BMV0-B5QT-84PG-M8JB-H73Y-ZY5R-348A-KPND-WHQY-JT0G-H10W",
    ),
    ("relaxed", 347466721851, 115, False, 55, "DP-18-ED8B-A7FK-3M5D-SBXB"),
    (
        "classic",
        834282677672,
        556,
        True,
        63,
        "DP-96YK-Z4CW-MQHN-FN5E-6F88-CBYC-HXVV-FHZC-63YC-4593-8M5B-HA0Z-SV57",
    ),
    ("desert", 547925905221, 13, False, 1, "DP-7-Z4QD-SX2X-202G-98XJ"),
    (
        "strict",
        615933318764,
        186,
        True,
        40,
        "DP-EMBV-67GA-8842-WB5W-W74A-T8SD-NZ9X-62CD-E677-SWT6-Y3JP-DA8A-105K",
    ),
]


@pytest.mark.parametrize(("rules", "seed", "index", "perm", "layout", "code"), OLD_CODES)
def test_old_deal_codes_read_and_write_as_before(
    rules: str, seed: int, index: int, perm: bool, layout: int, code: str
) -> None:
    deal = Deal.from_seed(seed, index)
    if perm:
        deal = Deal(deal.cards)
    read = decode_deal_code(code)
    assert read.deal.cards == deal.cards and read.rules == PRESETS[rules]
    assert read.layout_number == layout
    assert encode_deal_code(deal, PRESETS[rules], layout) == code


def test_an_old_game_code_reads_as_before() -> None:
    # 12 moves on the classic pyramid, each the first legal move in code order.
    code = decode_game_code("DG-R93-HW40-A148-HA2F", get_layout)
    game = Game(get_layout(1), DESERT, Deal.from_seed(99, 3))
    for _ in range(12):
        game.play(sorted(set(game.legal_moves()))[0])
    assert code.moves == game.history and code.layout_number == 1


def test_deal_codes_carry_player_layout_numbers() -> None:
    rng = random.Random(17)
    for number in (64, 99, PLAYER_FIRST, 512, PLAYER_LAST):
        for _ in range(20):
            deal = Deal.from_seed(rng.randrange(2**64), rng.randrange(2**32))
            if rng.random() < 0.5:
                deal = Deal(deal.cards)
            rules = PRESETS[rng.choice(["desert", "relaxed"])]
            code = encode_deal_code(deal, rules, number)
            back = decode_deal_code(code)
            assert (back.deal.cards, back.rules, back.layout_number) == (deal.cards, rules, number)


def test_every_single_typo_in_a_new_code_is_caught() -> None:
    code = encode_deal_code(Deal.from_seed(5, 2), RELAXED, 321)
    alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    for i, ch in enumerate(code):
        if i < 3 or ch == "-":
            continue
        for other in alphabet:
            if other == ch:
                continue
            with pytest.raises(DealCodeError):
                decode_deal_code(code[:i] + other + code[i + 1 :])


@pytest.mark.parametrize("number", [0, 100, 1000, -1, 5000])
def test_numbers_no_layout_can_have_are_not_written(number: int) -> None:
    with pytest.raises(DealCodeError, match=f"layout {number} cannot be put in a deal code"):
        encode_deal_code(Deal.from_seed(1), DESERT, number)


def _v2_code(layout_number: int) -> str:
    """A well-checked version 2 code naming any 10-bit layout number (as a forger would)."""
    body = (3 << 6 | 0) << 1 | 0  # seed 3, deal 0 of its sequence (no index bits), seed form
    head = body << 9  # rules bits 0: a valid rule set
    return checked_code("DP", ((head << 10 | layout_number) << 3) | 2)


@pytest.mark.parametrize("number", [0, 100, 1000, 1023])
def test_a_code_naming_an_impossible_number_is_refused(number: int) -> None:
    with pytest.raises(DealCodeError, match=f"names layout {number}, which cannot exist"):
        decode_deal_code(_v2_code(number))


def test_versions_not_known_are_refused() -> None:
    for version in (0, 3, 7):
        code = checked_code("DP", (12345 << 3) | version)
        with pytest.raises(DealCodeError, match=f"version {version} is not known"):
            decode_deal_code(code)
    assert CHECK_PRIME == 32749


# -- the catalogue, codes, saves and statistics of a player's layout ---------------------------


def test_get_layout_finds_the_players_layouts(save_dir: Path) -> None:
    with pytest.raises(LayoutError, match="layout 101 is one of a player's own layouts"):
        get_layout(101)
    added = store_in(save_dir).add(builtin_layout(3), "My Six Rows")
    assert added.number == 101
    found = get_layout(101)
    assert found.name == "My Six Rows" and found.size == builtin_layout(3).size
    assert layout_name(101) == "My Six Rows"
    assert layout_name(102) == "Layout 102 (deleted)"
    assert layout_name(77) == "Layout 77 (unknown)"
    assert get_layout(3) == builtin_layout(3)  # the game's own are untouched


def winning_session(layout: Layout) -> tuple[PracticeSession, Deal]:
    for i in range(40):
        deal = Deal.from_seed(4242, i)
        result = solve(Game(layout, RELAXED, deal), 200_000)
        if result.verdict is Verdict.WINNABLE:
            session = PracticeSession.new(RELAXED, layout, deal)
            for move in result.line:
                session.play(move)
            return session, deal
    raise AssertionError("no winnable deal in 40")


def test_a_deal_on_a_players_layout_plays_saves_and_counts(save_dir: Path) -> None:
    layout = store_in(save_dir).add(builtin_layout(2), "Small One")
    session, deal = winning_session(get_layout(layout.number))
    assert session.game.won
    # The deal code and the game code name the layout, and read back through the catalogue.
    code = session.deal_code
    assert decode_deal_code(code).layout_number == layout.number
    again = PracticeSession.from_code(code, get_layout=get_layout)
    assert again.game.layout == layout and again.game.deal.cards == deal.cards
    game_code = encode_game_code(session.game)
    replayed = decode_game_code(game_code, get_layout)
    assert replayed.game(get_layout(layout.number)).won
    # A saved session comes back on the same layout.
    restored = session_from_dict(session.to_dict(), get_layout)
    assert restored.game.layout.number == layout.number
    # Practice statistics are kept for it, and survive a new start.
    with SaveStore.open(save_dir, durable=False) as store:
        for record in game_results(session.results(), "2026-12-01"):
            store.record_game(record)
        store.flush()
    with SaveStore.open(save_dir, readonly=True) as store:
        stats = store.progress.stats_for("practice", "relaxed", layout.number)
        assert stats.won == 1 and stats.played == 1


def test_a_code_for_a_layout_the_player_lacks_says_so(save_dir: Path) -> None:
    code = encode_deal_code(Deal.from_seed(8), DESERT, 150)
    with pytest.raises(InputError, match="layout 150 is one of a player's own layouts"):
        PracticeSession.from_code(code, get_layout=get_layout)


def test_the_command_line_reads_codes_of_player_layouts(
    save_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = encode_deal_code(Deal.from_seed(8), DESERT, 101)
    assert main(["show", code]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "layout 101 is one of a player's own layouts" in err
    store_in(save_dir).add(builtin_layout(2), "Small One")
    assert main(["show", code]) == 0
    assert "Layout 101: Small One (15 cards)" in capsys.readouterr().out
    assert main(["deal", "--seed", "8", "--layout", "101"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == code
