"""Hint benchmark: 200 mid-game positions, time per hint (median, p95, p99, max).

Positions: deal i of a fixed seed, played for a random number of moves (10 to 40) by a mix of the
solver's line and the rules-of-thumb player, so that some positions are winnable and some are
lost (then the hint also looks for the position to rewind to).

    python bench/bench_hints.py                    # desert and classic, 200 positions each
    python bench/bench_hints.py --rules classic --positions 50
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


def pct(values: list[float], q: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(round(q * (len(v) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--rules", action="append")
    ap.add_argument("--positions", type=int, default=200)
    args = ap.parse_args()
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
