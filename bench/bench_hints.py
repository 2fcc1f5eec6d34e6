"""Hint benchmark: 200 mid-game positions, time per hint (median, p95, p99, max).

Positions: deal i of a fixed seed, played for a random number of moves (10 to 40) by a mix of the
solver's line and the rules-of-thumb player, so that some positions are winnable and some are
lost (then the hint also looks for the position to rewind to).

    python bench/bench_hints.py                    # desert and classic, 200 positions each
    python bench/bench_hints.py --rules classic --positions 50
    python bench/bench_hints.py --hard             # the hard set of issue 24 (bench/hard_positions.txt)

``--hard`` reads the game and deal codes of ``bench/hard_positions.txt`` (written once by
``bench/hard_positions.py``: the 30 hardest classic positions of seed 1 deals 0-4,999 after 3 to 10
moves of the rules-of-thumb player, and the documented positions) and asks each its hint cold, in
this process, with ``hint_for``'s defaults: p50, p95 and max milliseconds and nodes, the verdicts,
every lost position's undo count, and each position's figures (``--each``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from desert_pyramid.catalog import get_layout  # noqa: E402
from desert_pyramid.engine import Deal, Game, Rules  # noqa: E402
from desert_pyramid.solver import Verdict, solve  # noqa: E402
from desert_pyramid.solver.hints import hint_for  # noqa: E402
from desert_pyramid.solver.players import ThumbPlayer  # noqa: E402

SEED = 20240602


def position(rules: Rules, i: int) -> Game:
    rng = random.Random(i)
    game = Game(get_layout(1), rules, Deal.from_seed(SEED, i))
    steps = rng.randrange(10, 41)
    result = solve(game, 50_000)
    line = list(result.line) if result.verdict is Verdict.WINNABLE else []
    thumb = ThumbPlayer()
    deviate = rng.random() < 0.4  # some games leave the winning line
    for k in range(steps):
        if game.won:
            game.undo()
            break
        if line and k < len(line) and not (deviate and k >= steps // 2):
            m = line[k]
        else:
            mm = thumb.next_move(game)
            if mm is None:
                break
            m = mm
        game.play(m)
    if game.won:
        game.undo()
    return game


HARD = Path(__file__).with_name("hard_positions.txt")


def hard_games() -> list[tuple[str, Game]]:
    """The hard set: (label, game) for every code in ``bench/hard_positions.txt``."""
    from desert_pyramid.engine import decode_deal_code, decode_game_code

    out: list[tuple[str, Game]] = []
    for raw in HARD.read_text(encoding="utf-8").splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        code, _, label = raw.partition("  ")
        if code.startswith("DG"):
            game = decode_game_code(code, get_layout).game(get_layout(1))
        else:
            dc = decode_deal_code(code)
            game = Game(get_layout(dc.layout_number), dc.rules, dc.deal)
        out.append((label.strip() or code, game))
    return out


def run_hard(each: bool) -> None:
    times: list[float] = []
    nodes: list[float] = []
    verdicts = {v: 0 for v in Verdict}
    rows: list[str] = []
    no_rewind = 0
    for label, game in hard_games():
        t = time.perf_counter()
        hint = hint_for(game)
        dt = time.perf_counter() - t
        times.append(dt * 1000)
        nodes.append(hint.nodes)
        verdicts[hint.verdict] += 1
        undo = ""
        if hint.verdict is Verdict.LOST:
            undo = "deal lost" if hint.rewind_to is None else f"undo {game.moves - hint.rewind_to}"
            if hint.rewind_to is None and "could not be won even from the start" not in hint.text:
                no_rewind += 1
        if hint.verdict is Verdict.WINNABLE and hint.line:
            g = game.copy()
            g.replay(hint.line)
            assert g.won
        rows.append(
            f"    {label}: {dt * 1000:.0f} ms, {hint.nodes} nodes, {hint.verdict.value} {undo}"
        )
        if each:
            print(rows[-1], flush=True)
    print(f"hints, hard set ({len(times)} positions of {HARD.name}), cold, in this process")
    print(
        f"  ms per hint: p50 {pct(times, 0.5):.0f}, p95 {pct(times, 0.95):.0f}, max {max(times):.0f}"
        f"; total {sum(times) / 1000:.1f} s"
    )
    print(
        f"  nodes per hint: p50 {pct(nodes, 0.5):.0f}, p95 {pct(nodes, 0.95):.0f}, "
        f"max {max(nodes):.0f}; total {sum(nodes):.0f}"
    )
    print(
        f"  verdicts: winnable {verdicts[Verdict.WINNABLE]}, lost {verdicts[Verdict.LOST]}, "
        f"unknown {verdicts[Verdict.UNKNOWN]}; lost without an undo count: {no_rewind}"
    )
    sys.stdout.flush()


def pct(values: list[float], q: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(round(q * (len(v) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--rules", action="append")
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--hard", action="store_true", help="the hard set of bench/hard_positions.txt")
    ap.add_argument("--each", action="store_true", help="with --hard: print every position")
    args = ap.parse_args()
    if args.hard:
        run_hard(args.each)
        return
    for text in args.rules or ["desert", "classic"]:
        rules = Rules.parse(text)
        times: list[float] = []
        verdicts = {v: 0 for v in Verdict}
        slow: list[tuple[float, int, str]] = []
        for i in range(args.positions):
            game = position(rules, i)
            t = time.perf_counter()
            hint = hint_for(game)
            dt = time.perf_counter() - t
            times.append(dt)
            verdicts[hint.verdict] += 1
            slow.append((dt, i, hint.verdict.value))
            if hint.verdict is Verdict.WINNABLE and hint.line:
                g = game.copy()
                g.replay(hint.line)
                assert g.won
        print(f"hints, rules {rules}: {args.positions} mid-game positions")
        print(
            f"  time per hint: median {pct(times, 0.5) * 1000:.1f} ms, p95 {pct(times, 0.95) * 1000:.0f} ms, "
            f"p99 {pct(times, 0.99) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms"
        )
        print(
            f"  verdicts: winnable {verdicts[Verdict.WINNABLE]}, lost {verdicts[Verdict.LOST]}, "
            f"unknown {verdicts[Verdict.UNKNOWN]}"
        )
        for dt, i, v in sorted(slow, reverse=True)[:5]:
            print(f"    slow: position {i}: {dt * 1000:.0f} ms, {v}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
