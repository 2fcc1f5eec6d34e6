"""Game codes: a whole game in one checked string; read back, it replays to the same position."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import (
    PRESETS,
    Deal,
    Game,
    GameCodeError,
    LayoutError,
    Rules,
    decode_game_code,
    encode_deal_code,
    encode_game_code,
    looks_like_game_code,
)
from desert_pyramid.engine.deal import ALPHABET
from desert_pyramid.engine.gamecode import ordered_moves

from .helpers import snapshot

LAYOUTS = (1, 2, 7, 30, 55)


def random_game(
    seed: int,
    rules: Rules,
    layout_number: int,
    steps: int,
    multiplier: int = 1,
    shuffled: bool = False,
) -> Game:
    rnd = random.Random(seed)
    layout = get_layout(layout_number)
    if shuffled:  # a deal that is not from a seed: the code carries the whole permutation
        cards = list(Deal.from_seed(seed).cards)
        rnd.shuffle(cards)
        deal = Deal(tuple(cards))
    else:
        deal = Deal.from_seed(seed, rnd.randrange(100))
    game = Game(layout, rules, deal, multiplier)
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rnd.choice(moves))
        if rnd.random() < 0.1 and game.moves:  # undo now and then: only the kept line is coded
            game.undo()
    return game


def test_round_trip_gives_the_same_position_and_score() -> None:
    game = random_game(3, PRESETS["desert"], 1, 60)
    code = encode_game_code(game)
    assert code.startswith("DG-") and looks_like_game_code(code)
    read = decode_game_code(code, get_layout)
    assert read.moves == game.history
    assert (read.rules, read.layout_number, read.deal, read.multiplier) == (
        game.rules,
        1,
        game.deal,
        1,
    )
    again = read.game(get_layout(1))
    assert snapshot(again) == snapshot(game)
    assert again.score == game.score
    # a value: a second reading of the same code gives an equal deal code, with the same hash
    twice = decode_game_code(code, get_layout).deal_code
    assert read.deal_code is not twice
    assert read.deal_code == twice and hash(read.deal_code) == hash(twice)
    assert {read.deal_code: 1}[twice] == 1
    other = encode_game_code(random_game(4, PRESETS["desert"], 1, 60))
    assert read.deal_code != decode_game_code(other, get_layout).deal_code
    assert encode_deal_code(read.deal, read.rules, read.layout_number).startswith("DP-")


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    preset=st.sampled_from(sorted(PRESETS)),
    layout_number=st.sampled_from(LAYOUTS),
    steps=st.integers(0, 120),
    multiplier=st.integers(1, 40),
    shuffled=st.booleans(),
    draw3=st.booleans(),
)
def test_round_trip_any_rules_layout_deal(
    seed: int,
    preset: str,
    layout_number: int,
    steps: int,
    multiplier: int,
    shuffled: bool,
    draw3: bool,
) -> None:
    rules = PRESETS[preset].with_options(draw_three=draw3)
    if rules.classic_layout_only:
        layout_number = 1
    game = random_game(seed, rules, layout_number, steps, multiplier, shuffled)
    read = decode_game_code(encode_game_code(game), get_layout)
    assert read.moves == game.history
    assert read.multiplier == multiplier
    assert snapshot(read.game(get_layout(layout_number))) == snapshot(game)


def test_the_empty_game_and_case_and_spacing_do_not_matter() -> None:
    game = Game(get_layout(1), PRESETS["classic"], Deal.from_seed(42))
    code = encode_game_code(game)
    assert decode_game_code(code, get_layout).moves == ()
    sloppy = " " + code.lower().replace("-", " - ") + " "
    assert decode_game_code(sloppy, get_layout).deal == game.deal


def test_forced_moves_cost_nothing() -> None:
    """A move that was the only legal one (a flip with nothing else to do) adds no move digit:
    the code grows by at most the move count's one extra bit."""
    forced = 0
    for seed in range(40):
        game = random_game(seed, PRESETS["classic"].with_options(satchel=False), 1, 30)
        if len(ordered_moves(game)) != 1:
            continue
        before = encode_game_code(game)
        game.play(ordered_moves(game)[0])
        after = encode_game_code(game)
        assert len(after.replace("-", "")) <= len(before.replace("-", "")) + 1
        assert decode_game_code(after, get_layout).moves == game.history
        forced += 1
    assert forced >= 3  # the positions exist, so the check above ran


def test_every_single_mistyped_character_is_refused() -> None:
    game = random_game(11, PRESETS["desert"], 1, 40)
    code = encode_game_code(game)
    positions = [i for i, ch in enumerate(code) if i >= 3 and ch != "-"]
    for i in positions:
        for ch in ALPHABET:
            if ch == code[i]:
                continue
            typo = code[:i] + ch + code[i + 1 :]
            with pytest.raises(GameCodeError):
                decode_game_code(typo, get_layout)


def test_swapped_neighbours_missing_and_extra_characters_are_refused() -> None:
    game = random_game(12, PRESETS["relaxed"], 7, 50)
    code = encode_game_code(game).replace("-", "")
    for i in range(2, len(code) - 1):
        if code[i] != code[i + 1]:
            swapped = code[:i] + code[i + 1] + code[i] + code[i + 2 :]
            with pytest.raises(GameCodeError):
                decode_game_code(swapped, get_layout)
    for i in range(3, len(code)):
        with pytest.raises(GameCodeError):
            decode_game_code(code[:i] + code[i + 1 :], get_layout)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("DP-1-002G-9NG9", "starts with 'DG-'"),
        ("DG-12", "too short"),
        ("DG-1234-U678-9ABC", "'U' at position"),
        ("DG-1234-5٣78-9ABC", "not a game-code character"),
        ("DG-" + "Z" * 30_000, "too long"),
    ],
)
def test_bad_codes_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(GameCodeError, match=message):
        decode_game_code(text, get_layout)


def test_an_unknown_layout_is_the_lookups_error() -> None:
    game = Game(get_layout(1), PRESETS["desert"], Deal.from_seed(1))
    code = encode_game_code(game)

    def no_layout(number: int) -> object:
        raise LayoutError(f"there is no layout {number}")

    with pytest.raises(LayoutError, match="no layout 1"):
        decode_game_code(code, no_layout)  # type: ignore[arg-type]


def test_a_won_game_code_replays_to_the_win() -> None:
    from desert_pyramid.solver import Verdict, solve

    game = Game(get_layout(1), PRESETS["desert"], Deal.from_seed(5))
    result = solve(game, 200_000)
    assert result.verdict is Verdict.WINNABLE
    game.replay(result.line)
    read = decode_game_code(encode_game_code(game), get_layout).game(get_layout(1))
    assert read.won and read.score == game.score
