"""The winning line as engine moves (``core._real_line``): the kings the model leaves out of the
stock come back as they come up. It follows only the stock and the waste; here it is compared,
line for line, with the same line rebuilt through the engine's own checked moves, over whole deals
and mid-game positions under every draw-one rule set with a king in the stock, and every line
replays to a win."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import Deal, Game, Rules
from desert_pyramid.engine.rules import UNLIMITED
from desert_pyramid.solver.core import Searcher, Verdict, _real_line, _real_line_replayed, _Stop

LAYOUT = get_layout(1)
RULES = {
    "classic": Rules.parse("classic"),
    "desert": Rules.parse("desert"),
    "desert+one pass": replace(Rules.parse("desert"), passes=1),
    "relaxed": Rules.parse("relaxed"),
    "classic+top": replace(Rules.parse("classic"), stock_top_playable=True),
    "desert+all52": replace(Rules.parse("desert"), all_52=True),
    "classic+unlimited": replace(Rules.parse("classic"), passes=UNLIMITED),
}


def _positions(rules: Rules, count: int) -> list[Game]:
    rng = random.Random(str(rules))
    out = []
    for i in range(count):
        game = Game(LAYOUT, rules, Deal.from_seed(77, i))
        for _ in range(rng.randrange(0, 12)):
            moves = game.legal_moves()
            if not moves or game.won:
                break
            game.play(rng.choice(moves))
        out.append(game)
    return out


@pytest.mark.parametrize("text", sorted(RULES))
def test_the_line_is_the_engines(text: str) -> None:
    rules = RULES[text]
    lines = 0
    for game in _positions(rules, 25):
        if game.won or game.is_stuck():
            continue
        searcher = Searcher.from_game(game)
        try:
            verdict = searcher.solve(20_000, None)
        except _Stop:  # undecided within the budget: no line to compare
            continue
        if verdict is not Verdict.WINNABLE:
            continue
        fast = _real_line(game, searcher)
        assert fast == _real_line_replayed(game, searcher)
        g = game.copy()
        for m in fast:
            g.play(m)
        assert g.won
        lines += 1 if searcher.purged else 0
    assert lines >= 3  # lines that needed kings put back
