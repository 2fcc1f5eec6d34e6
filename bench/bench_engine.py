"""Engine speed: play+undo pairs per second on random deals (floor: 30,000 a second).

Run: ``python bench/bench_engine.py [--deals 300] [--repeats 5]``. Prints the median of the repeats.
Also prints legal-move generation and exact stuck checks per second for scale.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from desert_pyramid.engine import PRESETS, Deal, Game, Move, classic_layout  # noqa: E402


def record_games(deals: int, seed: int) -> list[tuple[Game, list[Move]]]:
    rng = random.Random(seed)
    layout = classic_layout()
    games = []
    for i in range(deals):
        rules = PRESETS[("desert", "classic", "strict", "relaxed")[i % 4]]
        game = Game(layout, rules, Deal.from_seed(rng.randrange(2**32)))
        moves: list[Move] = []
        for _ in range(200):
            legal = game.legal_moves()
            if not legal:
                break
            removals = [m for m in legal if m.is_removal]
            m = rng.choice(removals) if removals and rng.random() < 0.8 else rng.choice(legal)
            game.play(m)
            moves.append(m)
        game.undo_all()
        games.append((game, moves))
    return games


def time_play_undo(games: list[tuple[Game, list[Move]]]) -> tuple[int, float]:
    """Walk each recorded game; at every step time one play+undo pair of the next move."""
    pairs = 0
    elapsed = 0.0
    perf = time.perf_counter
    for game, moves in games:
        for m in moves:
            t0 = perf()
            game.play(m)
            game.undo()
            elapsed += perf() - t0
            pairs += 1
            game.play(m)
        game.undo_all()
    return pairs, elapsed


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    games = record_games(args.deals, args.seed)
    rates = []
    for _ in range(args.repeats):
        pairs, elapsed = time_play_undo(games)
        rates.append(pairs / elapsed)
    print(f"play+undo pairs: {pairs} per run over {args.deals} deals (all four presets)")
    print(
        f"play+undo pairs per second: median {statistics.median(rates):,.0f} "
        f"(min {min(rates):,.0f}, max {max(rates):,.0f}) over {args.repeats} runs; floor 30,000"
    )

    # Legal moves and stuck checks, for scale.
    game, moves = games[0]
    positions = []
    for m in moves:
        game.play(m)
        positions.append(game.copy())
    game.undo_all()
    t0 = time.perf_counter()
    n = 0
    for _ in range(20):
        for g in positions:
            g.legal_moves()
            n += 1
    lm = n / (time.perf_counter() - t0)
    t0 = time.perf_counter()
    for g in positions:
        g.is_stuck()
    st = len(positions) / (time.perf_counter() - t0)
    print(f"legal_moves() per second: {lm:,.0f}; is_stuck() per second: {st:,.0f}")


if __name__ == "__main__":
    main()
