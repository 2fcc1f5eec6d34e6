"""``desert-pyramid hint CODE``: the table's hint for a game code's position (or a deal's start).

The same answer, in the same words, as the hint button: the verdict, the next move of a winning
line and why, the whole line, how many moves to undo when the position is lost, and the nodes
and milliseconds the search took. ``--json`` prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import time

from desert_pyramid.commands.args import UsageError, shown
from desert_pyramid.commands.deal import resolve_deal
from desert_pyramid.commands.window_args import read_game_code
from desert_pyramid.engine import Game, encode_deal_code, looks_like_game_code
from desert_pyramid.solver import Verdict
from desert_pyramid.solver.hints import Hint, hint_for

VERDICT_WORDS = {
    Verdict.WINNABLE: "winnable",
    Verdict.LOST: "lost",
    Verdict.UNKNOWN: "unknown (the search budget ran out)",
}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "hint",
        help="the table's hint for a game code's position or a deal code's start",
        description=(
            "Ask the hint for a position, as the table's hint button does: a game code (DG-…) "
            "means the position after its moves, a deal code (DP-…) the deal's start. Prints the "
            "verdict, the move and why, the winning line, how many moves to undo when the "
            "position is lost, and the nodes and milliseconds the search took."
        ),
    )
    p.add_argument("code", metavar="CODE", help="a game code (DG-…) or a deal code (DP-…)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def read_position(text: str) -> Game:
    """The position a game code or a deal code names, or a one-line usage error."""
    stripped = text.strip()
    if looks_like_game_code(stripped):
        code = read_game_code(stripped)
        from desert_pyramid.catalog import get_layout

        return code.game(get_layout(code.layout_number))
    if stripped.upper().startswith("DP"):
        deal, rules, layout = resolve_deal(stripped, None, None)
        return Game(layout, rules, deal)
    raise UsageError(
        f"CODE must be a game code (DG-…) or a deal code (DP-…), not '{shown(stripped)}'"
    )


def undo_count(game: Game, hint: Hint) -> int | None:
    """How many moves to undo to be back where the deal can be won (lost positions only)."""
    return None if hint.rewind_to is None else game.moves - hint.rewind_to


def run(args: argparse.Namespace) -> int:
    game = read_position(args.code)
    start = time.perf_counter()
    hint = hint_for(game)
    ms = (time.perf_counter() - start) * 1000
    undo = undo_count(game, hint)
    if args.json:
        data: dict[str, object] = hint.to_dict()
        data.pop("says", None)  # the sentences' structure is the window's; "text" is the English
        data.update(
            {
                "undo": undo,
                "ms": round(ms, 1),
                "moves_played": game.moves,
                "code": encode_deal_code(game.deal, game.rules, game.layout.number),
            }
        )
        print(json.dumps(data, ensure_ascii=False))
        return 0
    layout = game.layout
    print(f"Layout {layout.number}: {layout.name} — rules {game.rules} ({game.rules.describe()})")
    print(f"Position after {game.moves} move{'s' if game.moves != 1 else ''}")
    print(f"Verdict: {VERDICT_WORDS[hint.verdict]}")
    if hint.move is not None:
        print(f"Move: {hint.move} ({game.describe(hint.move)})")
    if hint.line:
        print("Line: " + " ".join(str(m) for m in hint.line))
    if undo is not None:
        print(f"Undo: {undo} move{'s' if undo != 1 else ''}")
    print(f"Hint: {hint.text}")
    print(f"Searched {hint.nodes:,} nodes in {ms:.0f} ms")
    return 0
