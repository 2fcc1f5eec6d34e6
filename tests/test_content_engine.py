"""The rules content agrees with the engine: the worked example replays, variations build rules."""

from __future__ import annotations

import dataclasses

import pytest

from desert_pyramid import content as c
from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import PRESETS, SATCHEL, WASTE, Deal, Game, Move, Rules


@pytest.fixture(scope="module")
def content() -> c.RulesContent:
    return c.load_rules_content()


def _place(game: Game, code: str) -> int:
    for place, card in game.playable():
        if card.code == code:
            return place
    raise AssertionError(
        f"{code} is not free: free are {[card.code for _, card in game.playable()]}"
    )


def _free_codes(game: Game) -> set[str]:
    return {card.code for _, card in game.playable()}


def test_demo_replays_on_the_engine(content: c.RulesContent) -> None:
    demo = content.how_to_play.section("example").demo
    assert demo is not None
    game = Game(get_layout(demo.layout), PRESETS[demo.preset], Deal.parse(demo.deal_text))
    assert not game.has_removal()  # the example starts with a flip because nothing else can go
    for number, step in enumerate(demo.steps, start=1):
        where = f"step {number} ({step.action} {' '.join(step.cards)})"
        if step.action == "flip":
            game.play(Move.flip())
            top = game.card_at(WASTE)
            assert top is not None and top.code == step.cards[0], where
        elif step.action == "redeal":
            game.play(Move.redeal())
        elif step.action == "pair":
            game.play(Move.pair(_place(game, step.cards[0]), _place(game, step.cards[1])))
        elif step.action == "king":
            game.play(Move.king(_place(game, step.cards[0])))
        elif step.action == "satchel":
            game.play(Move.stash(_place(game, step.cards[0])))
            held = game.card_at(SATCHEL)
            assert held is not None and held.code == step.cards[0], where
        if step.score is not None:
            assert game.score == step.score, where
        for card in step.highlight:
            assert card in _free_codes(game), where
        if "No free card makes 13" in step.caption.plain():
            assert not game.has_removal(), where
    assert not game.is_stuck()


def test_content_presets_and_options_are_the_engines() -> None:
    assert set(c.PRESETS) == set(PRESETS)
    fields = {f.name for f in dataclasses.fields(Rules)} - {"scoring"}
    assert set(c.OPTION_KEYS) == fields


def test_every_variation_builds_its_rules(content: c.RulesContent) -> None:
    for variation in content.variations:
        base = PRESETS[variation.preset]
        rules = base.with_options(**variation.options_dict())
        for key, value in variation.options:
            assert getattr(rules, key) == value, variation.id
        # an override changes something, or there is none (the strict preset as it is)
        assert rules != base or not variation.options, variation.id


def test_content_card_codes_are_the_engines() -> None:
    from desert_pyramid.engine import CARDS

    for card in CARDS:
        assert c.is_card_code(card.code)
        assert c.card_rank(card.code) == card.rank
        assert c.card_label(card.code) == str(card)
        assert c.card_label(card.code, ascii_only=True) == str(card)[:-1] + card.code[1]
    for bad in ("6S\n", "10D", "6s", "6♠", "1S", "", "6", "6SS", "٣S"):
        assert not c.is_card_code(bad), bad
