"""``desert-pyramid replay CODE``: a game code's game, move by move, with the score after each.

``--analyse`` asks the solver about every move: still winnable, the move that lost the deal (with
what would have won there), or lost; ``--json`` prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

from desert_pyramid.catalog import get_layout
from desert_pyramid.commands.args import UsageError, check_writable_file, parse_float, shown
from desert_pyramid.commands.window_args import parse_size, read_game_code
from desert_pyramid.engine import (
    Game,
    GameCode,
    encode_deal_code,
)
from desert_pyramid.solver import Verdict

if TYPE_CHECKING:
    from desert_pyramid.solver.analysis import Analysis

MARKS = {Verdict.WINNABLE: "winnable", Verdict.LOST: "lost", Verdict.UNKNOWN: "unknown"}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "replay",
        help="print a game code's game move by move, with the score after each (--analyse: where it was lost)",
        description=(
            "Replay a game code (DG-…, as the results screen copies it or 'solve --json' prints it): "
            "every move with the score after it, and the outcome. With --analyse the solver marks "
            "every move and names the move that lost the deal."
        ),
    )
    p.add_argument("code", metavar="CODE", help="a game code (DG-…)")
    p.add_argument(
        "--analyse",
        "--analyze",
        action="store_true",
        help="mark every move: still winnable, the move that lost the deal, or lost",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--gif", metavar="PATH", help="also draw the game offscreen as an animated GIF at PATH"
    )
    p.add_argument(
        "--size", metavar="WxH", default="800x600", help="the GIF's size (default 800x600)"
    )
    p.add_argument(
        "--speed", default="1", help="the GIF's speed: 0.25 to 8 (1: a move every 0.9 s)"
    )
    p.set_defaults(func=run)


def gif_target(text: str) -> Path:
    """Where the GIF goes: a .gif file that can be written (checked before any drawing)."""
    if Path(text).suffix.lower() != ".gif":
        raise UsageError(f"--gif must name a .gif file, not '{shown(text)}'")
    return check_writable_file(text, "--gif")


def outcome(game: Game) -> str:
    if game.won:
        return "won"
    if game.is_stuck():
        return "lost (no move can remove a card any more)"
    return "not finished"


def run(args: argparse.Namespace) -> int:
    code = read_game_code(args.code)  # bounded: never more moves than a game holds
    gif = gif_target(args.gif) if args.gif is not None else None
    if gif is not None:
        from desert_pyramid.ui.gif import MAX_FRAMES

        if len(code.moves) + 1 > MAX_FRAMES:  # said before the replay and its analysis run
            raise UsageError(
                f"--gif: the game has {len(code.moves):,} moves; a GIF holds at most "
                f"{MAX_FRAMES - 1:,}"
            )
    speed = parse_float(args.speed, "--speed", 0.25, 8)
    size = parse_size(args.size)
    layout = get_layout(code.layout_number)
    game = Game(layout, code.rules, code.deal, code.multiplier)
    rows: list[dict[str, object]] = []
    for number, move in enumerate(code.moves, start=1):
        words = game.describe(move)
        game.play(move)
        rows.append({"number": number, "move": str(move), "text": words, "score": game.score})
    analysis = None
    if args.analyse:
        from desert_pyramid.solver.analysis import analyse

        analysis = analyse(game)
    deal_code = encode_deal_code(code.deal, code.rules, code.layout_number)
    frames = 0
    if gif is not None:
        frames = write_gif(code, gif, size, speed, analysis)
    if args.json:
        out: dict[str, object] = {
            "code": args.code.strip().upper(),
            "deal_code": deal_code,
            "rules": str(code.rules),
            "layout": layout.number,
            "multiplier": code.multiplier,
            "moves": rows,
            "score": game.score,
            "won": game.won,
            "outcome": outcome(game),
        }
        if gif is not None:
            out["gif"] = {"path": str(gif), "frames": frames, "size": list(size)}
        if analysis is not None:
            out["analysis"] = analysis.to_dict()
            for row, mark in zip(rows, analysis.marks, strict=True):
                row["verdict"] = mark.verdict.value
                row["losing"] = mark.losing
        print(json.dumps(out, ensure_ascii=False))
        return 0
    mult = f", pyramid ×{code.multiplier}" if code.multiplier > 1 else ""
    print(
        f"Layout {layout.number}: {layout.name} — rules {code.rules} ({code.rules.describe()}){mult}"
    )
    print(f"Deal {deal_code}, {len(rows)} move{'s' if len(rows) != 1 else ''}")
    if analysis is not None:
        print(f"The deal itself: {MARKS[analysis.start]}")
    print()
    for i, row in enumerate(rows):
        line = f"{row['number']:4d}. {row['move']:<6} {row['text']:<44} score {row['score']}"
        if analysis is not None:
            mark = analysis.marks[i]
            line += f"  {MARKS[mark.verdict]}"
            if mark.losing:
                line += "  <- the move that lost the deal"
        print(line.rstrip())
    print()
    print(f"Outcome: {outcome(game)}, score {game.score}")
    if analysis is not None:
        if analysis.losing_move is not None:
            mark = analysis.marks[analysis.losing_move - 1]
            print(f"Move {mark.number} ({mark.text}) lost the deal.")
            if analysis.instead:
                print("Winnable instead: " + "; ".join(str(s) for s in analysis.instead) + ".")
            if analysis.advice:
                print("Hint there: " + " ".join(str(s) for s in analysis.advice))
        elif analysis.start is Verdict.LOST:
            print("The deal could not be won from the start.")
        elif analysis.complete:
            print(
                "Every position of this game could still be won."
                if not game.won
                else "A clean win."
            )
        if not analysis.complete:
            print("Some positions could not be decided within the search budget (marked unknown).")
    if gif is not None:
        print(f"GIF: {gif} ({frames} frames, {size[0]}x{size[1]})")
    return 0


def write_gif(
    code: GameCode, path: Path, size: tuple[int, int], speed: float, analysis: Analysis | None
) -> int:
    """Draw the game offscreen into a GIF (written under a temporary name, renamed once whole);
    a file that cannot be written is a one-line error and leaves nothing behind."""
    os.environ["ARCADE_HEADLESS"] = "1"  # offscreen, before Arcade is imported
    from desert_pyramid.commands.output import output_file
    from desert_pyramid.ui.gif import render_gif

    try:
        with output_file(path) as part:  # a failed write leaves nothing at PATH
            return render_gif(code, part, size, speed, analysis)
    except OSError as exc:
        raise UsageError(f"--gif: cannot write '{path}': {exc.strerror or exc}") from None
    except ValueError as exc:
        raise UsageError(f"--gif: {exc}") from None
