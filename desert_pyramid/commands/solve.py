"""``desert-pyramid solve``: can this deal be won? The verdict, a winning line and the nodes searched."""

from __future__ import annotations

import argparse
import json

from desert_pyramid.commands.args import parse_float
from desert_pyramid.commands.deal import game_after, parse_int, resolve_deal
from desert_pyramid.engine import Game, GameCodeError, Move, encode_deal_code, encode_game_code
from desert_pyramid.solver import DEFAULT_BUDGET, Verdict, solve


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "solve",
        help="can this deal be won? prints the verdict, a winning line and the nodes searched",
        description=(
            "Solve a deal: 'winnable' with a winning line, 'lost' (proved: no line wins), or "
            "'unknown' when the node budget runs out. Budgets count search nodes, so the verdict "
            "is the same on every machine."
        ),
    )
    p.add_argument(
        "deal", metavar="DEAL|CODE", help="a deal code (DP-…) or a deal in notation (52 cards)"
    )
    p.add_argument(
        "--rules", help="rules for a deal given in notation, e.g. classic+p1 (default desert)"
    )
    p.add_argument("--layout", help="layout for a deal given in notation (default 1)")
    p.add_argument("--moves", default="", help="moves to play first, e.g. '25+22 F K27'")
    p.add_argument(
        "--budget", default=str(DEFAULT_BUDGET), help=f"node budget (default {DEFAULT_BUDGET:,})"
    )
    p.add_argument(
        "--time", default=None, help="also stop after this many seconds (interactive use)"
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    deal, rules, layout = resolve_deal(args.deal, args.rules, args.layout)
    budget = parse_int(args.budget.replace("_", "").replace(",", ""), "--budget", 1, 10**10)
    time_limit: float | None = None
    if args.time is not None:
        time_limit = parse_float(args.time, "--time (seconds)", 0.001, 10**7)
    game = game_after(deal, rules, layout, args.moves)
    result = solve(game, budget, time_limit=time_limit)
    line = [str(m) for m in result.line]
    game_code = None
    if result.verdict is Verdict.WINNABLE:  # the whole game: the --moves, then the winning line
        won = game.copy()
        won.replay(result.line)
        try:
            game_code = encode_game_code(won)
        except GameCodeError:  # --moves made the game longer than a code holds
            game_code = None
    if args.json:
        print(
            json.dumps(
                {
                    "verdict": result.verdict.value,
                    "line": line,
                    "nodes": result.nodes,
                    "seconds": round(result.seconds, 4),
                    "rules": str(rules),
                    "layout": layout.number,
                    "code": encode_deal_code(deal, rules, layout.number),
                    "moves_played": game.moves,
                    "budget": budget,
                    "stopped_by": result.reason if result.verdict is Verdict.UNKNOWN else None,
                    "game_code": game_code,
                }
            )
        )
        return 0
    print(f"Layout {layout.number}: {layout.name} — rules {rules} ({rules.describe()})")
    print(
        f"Code {encode_deal_code(deal, rules, layout.number)}"
        + (f" after {game.moves} moves" if game.moves else "")
    )
    if result.verdict is Verdict.WINNABLE:
        print(
            f"Verdict: winnable — a winning line of {len(line)} moves ({result.nodes:,} nodes, {result.seconds:.2f} s)"
        )
        print("Line: " + " ".join(line))
        if game_code is not None:
            print(f"Game code of the win: {game_code}  (desert-pyramid replay CODE)")
        print()
        for text in _described(game, result.line):
            print(text)
    elif result.verdict is Verdict.LOST:
        why = {
            "stuck": " (stuck: no removal can ever come)",
            "pairing": " (the cards of two partner ranks can never all pair up)",
            "free-stock": " (the layout cannot be cleared even if every stock card were at hand)",
        }
        print(
            f"Verdict: lost — proved: no line of moves wins{why.get(result.reason, '')} "
            f"({result.nodes:,} nodes, {result.seconds:.2f} s)"
        )
    else:
        if result.reason == "time" and time_limit is not None:
            stop = f"the {time_limit:g} s limit"
        elif result.reason == "memory":
            stop = "the memory limit"
        else:
            stop = "the node budget"
        print(
            f"Verdict: unknown — {stop} ran out after {result.nodes:,} nodes ({result.seconds:.2f} s); "
            "try a larger --budget"
        )
    return 0


def _described(game: Game, line: tuple[Move, ...]) -> list[str]:
    """The line in words, one move a line, runs of flips grouped."""
    g = game.copy()
    out: list[str] = []
    flips = 0
    step = 0

    def flush() -> None:
        nonlocal flips
        if flips:
            out.append(f"      flip the stock{f' ({flips} times)' if flips > 1 else ''}")
            flips = 0

    for m in line:
        step += 1
        if str(m) == "F":
            flips += 1
            g.play(m)
            continue
        flush()
        out.append(f"{step:4d}. {g.describe(m)}")
        g.play(m)
    flush()
    return out
