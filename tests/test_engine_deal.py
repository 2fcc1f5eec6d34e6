"""The shuffle (pinned by test vectors), the deal notation and deal codes."""

from __future__ import annotations

import random

import pytest

from desert_pyramid.engine import (
    CLASSIC,
    DESERT,
    PRESETS,
    RELAXED,
    Deal,
    DealCodeError,
    DealError,
    decode_deal_code,
    encode_deal_code,
)
from desert_pyramid.engine.deal import ALPHABET, SplitMix64, shuffled_deck


def test_splitmix64_reference_outputs() -> None:
    # The published reference sequence of SplitMix64 from state 0.
    rng = SplitMix64(0)
    assert rng.next() == 0xE220A8397B1DCDAF
    assert rng.next() == 0x6E789E6AA1B965F4
    assert rng.next() == 0x06C45D188009454F


# Pinned deals: changing the shuffle changes every Daily and every saved deal code.
VECTORS = {
    (
        0,
        0,
    ): "QD TS 3S JS 4D 7S QS 3H 4C AS 3D 2D 9D 2C KD TD 8D AH 8S 2S 7D 2H JD 6D 5H 9H 6S 4H TH KS 3C 6C JH 5S 7C 6H AD 7H TC QH QC 5C KH 8C KC AC 9S JC 5D 8H 4S 9C",
    (
        1,
        1,
    ): "6C 8D TD 9H 4D 5D 4S 5H TH TS 3S 3C 2H 3H 7D 9D KD QH 7S AS KH AC JD AD 7H JH AH QS 6H 5C 8C 7C QD QC 9C 8S 8H JS KS TC 6S 2C 4C 9S KC 5S 3D 2D 4H 2S 6D JC",
    (
        20261130,
        0,
    ): "JD 4H 3D 4D 3C QD 8D TH KS 7D 9C 5S 6H 4S 2H 5H AH 8S AD TC JS KD TS AS QH 8C 7H 3S 9H 5C 6D 9S 6C KC 5D JC 3H QC 2S 2D QS 9D 8H TD 7S AC 6S 2C 7C 4C KH JH",
}


@pytest.mark.parametrize("key", sorted(VECTORS))
def test_shuffle_vectors(key: tuple[int, int]) -> None:
    assert Deal.from_seed(*key).notation() == VECTORS[key]


def test_shuffle_is_a_permutation_and_varies() -> None:
    decks = {shuffled_deck(s) for s in range(200)}
    assert len(decks) == 200
    assert all(sorted(d) == list(range(52)) for d in decks)
    assert shuffled_deck(5, 0) != shuffled_deck(5, 1)


def test_shuffle_rejects_bad_seeds() -> None:
    for bad in (-1, 2**64, 1.5, "3", True):
        with pytest.raises(DealError):
            shuffled_deck(bad)  # type: ignore[arg-type]


def test_notation_round_trip_and_errors() -> None:
    d = Deal.from_seed(99)
    assert Deal.parse(d.notation()).cards == d.cards
    assert Deal.parse(d.notation().lower().replace("t", "10")).cards == d.cards
    text = d.notation().split()
    with pytest.raises(DealError, match="52 cards, this one has 51"):
        Deal.parse(" ".join(text[:-1]))
    dup = text[:]
    dup[10] = dup[3]
    with pytest.raises(DealError, match=f"card 11 of the deal, {text[3]}, repeats card 4"):
        Deal.parse(" ".join(dup))
    bad = text[:]
    bad[6] = "XS"
    with pytest.raises(DealError, match="card 7 of the deal: 'XS' is not a card"):
        Deal.parse(" ".join(bad))
    bad[6] = "7Z"
    with pytest.raises(DealError, match="'Z' is not a suit"):
        Deal.parse(" ".join(bad))


def random_rules(rng: random.Random):  # type: ignore[no-untyped-def]
    base = PRESETS[rng.choice(sorted(PRESETS))]
    return base.with_options(
        passes=rng.choice([1, 3, 0]),
        satchel=rng.random() < 0.5,
        stock_top_playable=rng.random() < 0.5,
        all_52=rng.random() < 0.5,
        relaxed_match=rng.random() < 0.5,
        draw_three=rng.random() < 0.5,
    )


def test_deal_codes_round_trip() -> None:
    rng = random.Random(7)
    for i in range(200):
        rules = random_rules(rng)
        layout = rng.randint(1, 55)
        if i % 2:
            deal = Deal.from_seed(rng.randrange(2**64), rng.randrange(2**32) if i % 4 == 1 else 0)
        else:
            cards = list(Deal.from_seed(i).cards)
            rng.shuffle(cards)
            deal = Deal(tuple(cards))
        code = encode_deal_code(deal, rules, layout)
        back = decode_deal_code(code)
        assert (
            back.deal.cards == deal.cards and back.rules == rules and back.layout_number == layout
        )
        # Case, dashes and spaces do not matter; O, I and L read as 0, 1 and 1.
        assert decode_deal_code(" " + code.lower().replace("-", " ") + " ").deal.cards == deal.cards


def test_seed_codes_are_short() -> None:
    code = encode_deal_code(Deal.from_seed(20261130), DESERT, 1)
    assert len(code) <= 20, code


def test_every_single_typo_and_swap_is_rejected() -> None:
    for deal, rules in (
        (Deal.from_seed(123456), CLASSIC),
        (Deal(tuple(reversed(Deal.from_seed(3).cards))), RELAXED),
    ):
        code = encode_deal_code(deal, rules, 1)
        body = code[3:]
        positions = [i for i, ch in enumerate(body) if ch != "-"]
        for i in positions:
            for ch in ALPHABET:
                if ch == body[i]:
                    continue
                typo = "DP-" + body[:i] + ch + body[i + 1 :]
                with pytest.raises(DealCodeError):
                    decode_deal_code(typo)
        for a, b in zip(positions, positions[1:], strict=False):
            if body[a] == body[b]:
                continue
            chars = list(body)
            chars[a], chars[b] = chars[b], chars[a]
            with pytest.raises(DealCodeError):
                decode_deal_code("DP-" + "".join(chars))


@pytest.mark.parametrize(
    "code,message",
    [
        ("", "empty"),
        ("XY-1234-5678", "starts with 'DP-'"),
        ("DP-1U34-5678", "'U' at position 5 is not a deal-code character"),
        ("DP-12", "too short"),
        ("DP-1-002G-9NG8", "does not check out"),
        ("DP-1-002G-9NG", "does not check out"),
    ],
)
def test_bad_deal_codes_say_what_is_wrong(code: str, message: str) -> None:
    with pytest.raises(DealCodeError, match=message):
        decode_deal_code(code)
