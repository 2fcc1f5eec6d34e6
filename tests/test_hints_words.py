"""Hints say only true things: each claim is checked against the engine."""

from __future__ import annotations

import random
import re

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import CARDS, CLASSIC, DESERT, WASTE, Deal, Game
from desert_pyramid.engine.moves import FLIP, KING, PAIR, REDEAL, STASH
from desert_pyramid.solver import Verdict
from desert_pyramid.solver.hints import hint_for
from desert_pyramid.solver.players import ThumbPlayer

LAYOUT = get_layout(1)


def positions(rules, count):  # type: ignore[no-untyped-def]
    thumb = ThumbPlayer()
    for i in range(count):
        rng = random.Random(i)
        game = Game(LAYOUT, rules, Deal.from_seed(77, i))
        for _ in range(rng.randrange(3, 30)):
            m = thumb.next_move(game)
            if m is None or game.won:
                break
            game.play(m)
            if game.won:
                game.undo()
                break
        yield game


def freed_names(game: Game, move) -> set[str]:  # type: ignore[no-untyped-def]
    before = set(game.free_slots())
    g = game.copy()
    g.play(move)
    return {str(CARDS[g.cards[s]]) for s in g.free_slots() if s not in before}


def check_hint(game: Game) -> str:
    hint = hint_for(game, 100_000)
    if hint.verdict is not Verdict.WINNABLE:
        return hint.verdict.value
    m = hint.move
    assert m is not None
    text = hint.text
    g = game.copy()
    g.replay(hint.line)
    assert g.won
    if m.kind in (PAIR, KING):
        first = hint.reasons[0]
        said_move = game.describe(m)
        assert first.startswith(said_move[0].upper() + said_move[1:])
        freed = freed_names(game, m)
        said = re.search(r"It frees (.*?)\.", text)
        if freed:
            assert said is not None
            named = set(re.findall(r"the (\S+?♠|\S+?♥|\S+?♦|\S+?♣)", said.group(1)))
            assert named == freed
        else:
            assert said is None
        assert ("Do it now" in text) == (WASTE in (m.a, m.b) and bool(game.stock))
    elif m.kind == STASH:
        assert "Satchel" in hint.reasons[0]
        if "No partner of it can be played yet" in text:
            # then indeed no partner is free, on the waste, in the Satchel or playable on the stock
            card = game.card_at(m.a)
            assert card is not None
            playable = {int(c) for _p, c in game.playable()}
            assert not any(p // 4 + 1 == 13 - card.rank for p in playable if p != int(card))
    elif m.kind in (FLIP, REDEAL):
        said = re.search(r"In (\d+) turns? of the stock the (\S+) comes up", text)
        if said:
            turns, name = int(said.group(1)), said.group(2)
            h = game.copy()
            done = 0
            for mv in hint.line:
                if mv.kind not in (FLIP, REDEAL):
                    break
                h.play(mv)
                done += 1
            assert done == turns
            assert str(h.card_at(WASTE)) == name or str(h.card_at(-2)) == name
    return "winnable"


def test_hint_words_are_true_classic_and_desert() -> None:
    seen: set[str] = set()
    kinds: set[int] = set()
    for rules in (CLASSIC, DESERT):
        for game in positions(rules, 25):
            seen.add(check_hint(game))
            h = hint_for(game, 100_000, explain=False, rewind=False)
            if h.move is not None:
                kinds.add(h.move.kind)
    assert "winnable" in seen and "lost" in seen
    assert {PAIR, FLIP} <= kinds


def test_hint_budget_is_honest() -> None:
    game = Game(LAYOUT, CLASSIC, Deal.from_seed(77, 3))
    hint = hint_for(game, 1)
    if hint.verdict is Verdict.UNKNOWN:
        assert hint.move is None and "can't tell" in hint.text
