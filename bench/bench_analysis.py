"""How long the analysis of a finished game takes (the replay screen's, ``replay --analyse``'s).

Plays ``--games`` deals to their end as a player might (the rules-of-thumb player, which wins
some and loses many, so most games have a move that lost the deal), then times ``analyse`` on
each finished game. Prints the median, p95 and max time, the share of games fully decided, and
how many had a losing move named.

    python bench/bench_analysis.py                 # 100 classic games
    python bench/bench_analysis.py --rules desert --games 50
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from desert_pyramid.catalog import get_layout  # noqa: E402
from desert_pyramid.engine import Deal, Game, Rules  # noqa: E402
from desert_pyramid.solver.analysis import analyse  # noqa: E402
from desert_pyramid.solver.players import ThumbPlayer  # noqa: E402


def finished_game(seed: int, index: int, rules: Rules) -> Game:
    game = Game(get_layout(1), rules, Deal.from_seed(seed, index))
    player = ThumbPlayer()
    for _ in range(2_000):
        move = player.next_move(game)
        if move is None:
            break
        game.play(move)
    return game


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--rules", default="classic")
    ap.add_argument("--seed", type=int, default=20261201)
    args = ap.parse_args(argv)
    rules = Rules.parse(args.rules)
    times: list[float] = []
    moves: list[int] = []
    losing = complete = won = 0
    for i in range(args.games):
        game = finished_game(args.seed, i, rules)
        t0 = time.perf_counter()
        a = analyse(game)
        times.append(time.perf_counter() - t0)
        moves.append(game.moves)
        losing += a.losing_move is not None
        complete += a.complete
        won += game.won
    times.sort()
    p95 = times[min(len(times) - 1, int(round(0.95 * (len(times) - 1))))]
    print(
        f"analysis of {args.games} finished {rules} games (rules-of-thumb play, median {statistics.median(moves):.0f} moves)"
    )
    print(
        f"  median {statistics.median(times) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms"
    )
    print(f"  won {won}, a losing move named in {losing}, fully decided {complete} of {args.games}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
