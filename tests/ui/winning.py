"""A small depth-first search for a winning line, so the UI tests can play a deal to the end.

Test code only: the game's hints and autoplay come from the solver package.
"""

from __future__ import annotations

from typing import Any

from desert_pyramid.engine import Game, Move

# The lines found in this test process, by everything that decides a position's future (the
# layout, the rules and ``Game.position_key``): many tests play the same few deals to the end, and
# the search is deterministic, so each deal is searched once per process.
_found: dict[tuple[Any, ...], list[Move] | None] = {}


def find_win(game: Game, node_limit: int = 200_000) -> list[Move] | None:
    """A list of moves that wins from the game's position, or None within ``node_limit`` nodes."""
    key = (game.layout, game.rules, game.position_key(), node_limit)
    if key not in _found:
        _found[key] = _search(game, node_limit)
    line = _found[key]
    return None if line is None else list(line)


def _search(game: Game, node_limit: int) -> list[Move] | None:
    g = game.copy()
    seen: set[tuple[object, ...]] = set()
    line: list[Move] = []
    nodes = 0

    def dfs() -> bool:
        nonlocal nodes
        if g.won:
            return True
        nodes += 1
        if nodes > node_limit:
            return False
        key = g.position_key()
        if key in seen:
            return False
        seen.add(key)
        for m in g.legal_moves():
            g.play(m)
            line.append(m)
            if dfs():
                return True
            line.pop()
            g.undo()
        return False

    return list(line) if dfs() else None


def stuck_line(game: Game) -> list[Move]:
    """The moves (always the last legal one) that leave ``game``'s deal stuck (played on a copy)."""
    g = game.copy()
    line: list[Move] = []
    while not g.is_stuck() and not g.won and len(line) < 400:
        move = g.legal_moves()[-1]
        g.play(move)
        line.append(move)
    assert g.is_stuck()
    return line
