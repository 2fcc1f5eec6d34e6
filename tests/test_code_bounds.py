"""Codes from strangers: a code whose claimed size exceeds what a real game can hold is refused
before any work, with one line that says so (issue 27). The codes here are made by hand with a
valid check (``bench/crafted_codes.py``); the CLI cases run in a subprocess with a timeout, so a
reader that replays a claim instead of refusing it fails the test instead of hanging it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bench.crafted_codes import deal_code, game_code, layout_code, seed_deal_code
from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import (
    CLASSIC,
    DESERT,
    PRESETS,
    RELAXED,
    STRICT,
    Deal,
    DealCodeError,
    Game,
    GameCode,
    GameCodeError,
    Layout,
    LayoutCodeError,
    Move,
    Rules,
    decode_deal_code,
    decode_game_code,
    encode_deal_code,
    encode_game_code,
)
from desert_pyramid.engine.deal import MAX_CODE_DIGITS as DEAL_DIGITS
from desert_pyramid.engine.deal import checked_code
from desert_pyramid.engine.gamecode import (
    MAX_MOVES,
    MAX_MULTIPLIER,
    check_move_count,
    longest_game,
)
from desert_pyramid.engine.layout import MAX_CARDS, MIN_CARDS
from desert_pyramid.engine.layoutcode import MAX_CODE_DIGITS as LAYOUT_DIGITS
from desert_pyramid.engine.layoutcode import NAME_BYTES_MAX, decode_layout_code
from desert_pyramid.engine.rules import UNLIMITED_PASSES_CAP

ROOT = Path(__file__).resolve().parent.parent


def cli(*args: str, timeout: float = 30) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "ARCADE_HEADLESS": "1"}
    return subprocess.run(
        [sys.executable, "-m", "desert_pyramid", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


def test_the_issue_27_code_is_refused_at_once_by_replay() -> None:
    code = game_code(2**31 - 1)  # relaxed rules, every move the first legal one
    assert len(code) == 25
    out = cli("replay", code, "--json")
    assert out.returncode == 2 and out.stdout == ""
    err = out.stderr.strip()
    assert "\n" not in err
    assert "2,147,483,647 moves" in err and "at most" in err, err


# -- game codes: the number of moves -----------------------------------------------------------


def relaxed_satchel() -> Rules:
    return RELAXED.with_options(satchel=True)


def test_the_longest_game_follows_from_the_rules() -> None:
    # classic pyramid: 28 cards, a stock of 24
    assert longest_game(STRICT, 28) == 52 + 24  # one pass, no Satchel, no redeal
    assert longest_game(CLASSIC, 28) == 52 + 3 * 24 + 2
    assert longest_game(DESERT, 28) == 52 + 52 + 3 * 24 + 2
    assert longest_game(RELAXED, 28) == 52 + UNLIMITED_PASSES_CAP * 24 + UNLIMITED_PASSES_CAP - 1
    assert MAX_MOVES == longest_game(relaxed_satchel(), MIN_CARDS) == 4_967
    assert all(longest_game(r, n) <= MAX_MOVES for r in PRESETS.values() for n in (15, 28, 40))


def test_a_code_at_the_bound_is_read_and_one_past_it_is_refused_unread() -> None:
    most = longest_game(RELAXED, 28)
    read = decode_game_code(game_code(most), get_layout)  # every move the first legal one
    assert len(read.moves) == most
    with pytest.raises(GameCodeError, match=f"claims {most + 1:,} moves: a game under these rules"):
        decode_game_code(game_code(most + 1), get_layout)  # the layout's size is the bound's


def test_the_longest_code_of_any_game_is_read_and_one_more_move_is_refused() -> None:
    layout = get_layout(2)
    assert layout.size == MIN_CARDS
    # seed 9: playing the first legal move each time never wins, so the game lasts
    read = decode_game_code(game_code(MAX_MOVES, relaxed_satchel(), 2, seed=9), get_layout)
    assert len(read.moves) == MAX_MOVES
    with pytest.raises(GameCodeError, match=f"a game holds at most {MAX_MOVES:,}"):
        decode_game_code(game_code(MAX_MOVES + 1, relaxed_satchel(), 2), refuse_layout)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_rule_set_has_its_own_bound(preset: str) -> None:
    rules = PRESETS[preset]
    most = longest_game(rules, 28)
    with pytest.raises(GameCodeError, match=f"at most {most:,}"):
        decode_game_code(game_code(most + 1, rules), get_layout)
    try:  # at the bound: read, or refused for what the moves do, never for the number
        decode_game_code(game_code(most, rules), get_layout)
    except GameCodeError as exc:
        assert "after the end of the game" in str(exc)


@pytest.mark.parametrize("count", [2**31 - 1, 2**20, MAX_MOVES + 1])
def test_absurd_counts_are_refused_before_any_layout_is_looked_up(count: int) -> None:
    with pytest.raises(GameCodeError, match=f"claims {count:,} moves") as caught:
        decode_game_code(game_code(count), refuse_layout)
    assert "\n" not in str(caught.value)


def test_counts_of_2_to_the_64_and_a_moves_part_as_large_are_refused() -> None:
    with pytest.raises(GameCodeError, match="18,446,744,073,709,551,616 moves"):
        check_move_count(2**64)
    with pytest.raises(GameCodeError, match="moves part is 65 bits long"):
        decode_game_code(game_code(3, moves_value=2**64), refuse_layout)
    with pytest.raises(GameCodeError, match="claims"):  # 31 bits is all the count field holds
        decode_game_code(game_code(2**31 - 1, moves_value=2**64), refuse_layout)


def test_multipliers_at_their_bounds() -> None:
    read = decode_game_code(game_code(3, multiplier=MAX_MULTIPLIER), get_layout)
    assert read.multiplier == MAX_MULTIPLIER
    with pytest.raises(GameCodeError, match="multiplier is out of range"):
        decode_game_code(game_code(3, multiplier=0), get_layout)


def test_a_game_longer_than_a_code_holds_gets_no_code() -> None:
    game = Game(get_layout(1), RELAXED, Deal.from_seed(0))
    while game.redeals < 2 * UNLIMITED_PASSES_CAP:  # flip and redeal only, far past the cap
        game.play(Move.flip() if game.stock else Move.redeal())
    assert game.moves > longest_game(RELAXED)  # on any layout
    with pytest.raises(GameCodeError, match="this game has"):
        encode_game_code(game)
    with pytest.raises(GameCodeError, match="cannot hold"):
        GameCode(game.deal, game.rules, 1, 1, game.history)


def test_a_real_long_game_at_the_cap_still_gets_its_code() -> None:
    game = Game(get_layout(1), RELAXED, Deal.from_seed(0))
    while game.redeals < UNLIMITED_PASSES_CAP - 1 or game.stock:
        game.play(Move.flip() if game.stock else Move.redeal())
    assert game.moves <= longest_game(RELAXED, 28)
    read = decode_game_code(encode_game_code(game), get_layout)
    assert read.moves == game.history


def refuse_layout(number: int) -> Layout:
    raise AssertionError(f"layout {number} was looked up: the claim was not refused first")


# -- the save's [[games]] ----------------------------------------------------------------------


@pytest.mark.parametrize("count", [2**31 - 1, MAX_MOVES + 1])
def test_a_save_whose_past_game_claims_too_many_moves_is_damaged(count: int) -> None:
    from desert_pyramid.progression import BackCollection, Progress, record_game
    from desert_pyramid.storage.documents import decode_progress, encode_progress
    from desert_pyramid.storage.schema import SchemaError

    from .storage_helpers import make_result

    progress = Progress()
    good = game_code(40, DESERT, seed=3)
    record_game(progress, BackCollection(), make_result("practice-1", "won", game_code=good))
    data = encode_progress(progress)
    assert decode_progress(data).games[0].code == good  # a code within the bound is kept
    data["games"][0]["code"] = game_code(count)
    with pytest.raises(SchemaError, match=rf"games\[0\]\.code: .*claims {count:,} moves"):
        decode_progress(data)
    with pytest.raises(ValueError, match="claims"):
        make_result("practice-2", "won", game_code=game_code(count))


# -- deal codes ----------------------------------------------------------------------------------


def test_deal_code_seeds_and_indexes_at_and_past_their_bounds() -> None:
    assert decode_deal_code(seed_deal_code(2**64 - 1)).deal.seed == 2**64 - 1
    assert decode_deal_code(seed_deal_code(5, 2**32 - 1)).deal.index == 2**32 - 1
    assert decode_deal_code(seed_deal_code(5, 2**31 - 1)).deal.index == 2**31 - 1
    with pytest.raises(DealCodeError, match="seed is out of range"):
        decode_deal_code(seed_deal_code(2**64))
    with pytest.raises(DealCodeError, match="deal number is out of range"):
        decode_deal_code(seed_deal_code(5, 2**32))


def test_the_longest_deal_code_is_read_and_a_digit_more_is_refused_unread() -> None:
    longest = max(  # a permutation deal on a player's layout: the longest form there is
        (
            encode_deal_code(Deal(tuple(reversed(Deal.from_seed(s).cards))), RELAXED, 999)
            for s in range(20)
        ),
        key=len,
    )
    digits = len(longest) - longest.count("-") - 2
    assert digits <= DEAL_DIGITS
    assert decode_deal_code(longest).layout_number == 999
    too_long = checked_code("DP", 1 << (5 * (DEAL_DIGITS + 1) - 16))
    assert len(too_long) - too_long.count("-") - 2 == DEAL_DIGITS + 1
    with pytest.raises(DealCodeError, match=f"too long .*at most {DEAL_DIGITS}"):
        decode_deal_code(too_long)
    with pytest.raises(DealCodeError, match="cards part is out of range"):
        decode_deal_code(deal_code((2**226 - 1) << 1 | 1))  # 226 bits, a rank past 52!


# -- layout codes --------------------------------------------------------------------------------


def test_layout_code_places_at_and_past_their_bounds() -> None:
    for count in (MIN_CARDS, MAX_CARDS):
        assert len(decode_layout_code(layout_code(count))["slot"]) == count
    for count in (MIN_CARDS - 1, MAX_CARDS + 1, 63):
        with pytest.raises(LayoutCodeError, match=f"holds {count} places"):
            decode_layout_code(layout_code(count, places=min(count, MAX_CARDS)))
    with pytest.raises(LayoutCodeError, match="too long"):  # 63 places written: past the digits
        decode_layout_code(layout_code(63))


def test_layout_code_names_at_and_past_their_bounds() -> None:
    name = "N" * NAME_BYTES_MAX
    assert decode_layout_code(layout_code(20, name=name.encode()))["name"] == name
    with pytest.raises(LayoutCodeError, match="61 bytes long"):
        decode_layout_code(layout_code(20, name=b"N" * 61))
    with pytest.raises(LayoutCodeError, match="255 bytes long"):
        decode_layout_code(layout_code(20, name=b"N" * 61, size=255))
    with pytest.raises(LayoutCodeError, match="too long"):  # 255 bytes written: past the digits
        decode_layout_code(layout_code(20, name=b"N" * 255))
    longest = layout_code(MAX_CARDS, name=name.encode())
    assert len(longest) - longest.count("-") - 2 <= LAYOUT_DIGITS


@pytest.mark.parametrize(
    ("reader", "prefix", "error"),
    [
        (decode_deal_code, "DP-", DealCodeError),
        (lambda text: decode_game_code(text, refuse_layout), "DG-", GameCodeError),
        (decode_layout_code, "DL-", LayoutCodeError),
    ],
)
@pytest.mark.parametrize("size", [100_000, 1_000_000])
def test_huge_codes_are_refused_before_they_are_read(
    reader: Callable[[str], object], prefix: str, error: type[Exception], size: int
) -> None:
    for body in ("Z" * size, "-" * size, "Z-" * (size // 2), " " * size + "1"):
        with pytest.raises(error, match="too long"):
            reader(prefix + body)


# -- the commands ----------------------------------------------------------------------------------


def test_replay_of_a_code_at_the_bound_is_quick_and_a_gif_of_it_is_refused_before_drawing(
    tmp_path: Path,
) -> None:
    most = longest_game(RELAXED, 28)
    out = cli("replay", game_code(most), "--json")
    assert out.returncode == 0, out.stderr
    assert f'"number": {most},' in out.stdout
    out = cli("replay", game_code(most), "--gif", str(tmp_path / "x.gif"))
    assert out.returncode == 2 and "a GIF holds at most" in out.stderr
    assert not (tmp_path / "x.gif").exists()


def test_solve_with_moves_beyond_what_a_code_holds_prints_no_code(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from desert_pyramid.cli import main

    flips = " ".join((["F"] * 24 + ["R"]) * (UNLIMITED_PASSES_CAP + 60))
    deal = encode_deal_code(Deal.from_seed(0), RELAXED, 1)
    assert main(["solve", deal, "--moves", flips, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["verdict"] == "winnable" and out["game_code"] is None


def test_every_crafted_code_is_read_or_refused_without_a_hang() -> None:
    """bench/bench_codes.py over every crafted case (counts, multipliers, deal and layout codes at
    and past every bound, strings of a million characters), in a subprocess with a time limit."""
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "bench_codes.py"), "--repeats", "1"],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[-1].split()[1] == "cases;" and int(lines[-1].split()[0]) > 60
    past = [line for line in lines if line.startswith("game ") and " count " in line]
    for at, beyond in zip(past[::2], past[1::2], strict=False):
        if "layout" in at:  # the pairs: at the bound, then one past it
            assert "claims" not in at and "refused: the game code claims" in beyond, beyond


def test_the_window_option_code_refuses_the_issue_27_code_before_any_frame(tmp_path: Path) -> None:
    out = cli(
        "--code", game_code(2**31 - 1), "--headless", "--frames", "1",
        "--screenshot", str(tmp_path / "x.png"),
    )  # fmt: skip
    assert out.returncode == 2 and "2,147,483,647 moves" in out.stderr
    assert not (tmp_path / "x.png").exists()
