"""Find the hard hint positions that ``bench/bench_hints.py --hard`` measures (run once).

The set of issue 24: classic deals 0–4,999 of seed 1, each after a few moves of the
rules-of-thumb player (deal i: 3 + i mod 8 moves, so 3 to 10), ranked by how hard the hint is.
Stage one ranks every position by the nodes a 30,000-node search uses; stage two asks the
full hint (``hint_for`` with its defaults) of the hardest ``--candidates`` and keeps the
``--keep`` that used the most nodes. The set is written as game codes, one a line, with the
documented positions of docs/solver.md after them, to ``bench/hard_positions.txt``:

    python bench/hard_positions.py            # about 15 minutes on one core

The file is data for the benchmark, so the benchmark is repeatable without this search.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from desert_pyramid.catalog import get_layout  # noqa: E402
from desert_pyramid.engine import CLASSIC, Deal, Game, encode_game_code  # noqa: E402
from desert_pyramid.solver import solve  # noqa: E402
from desert_pyramid.solver.hints import hint_for  # noqa: E402
from desert_pyramid.solver.players import ThumbPlayer  # noqa: E402

SEED = 1
OUT = Path(__file__).with_name("hard_positions.txt")
# The positions named in docs/solver.md and issue 24, always measured.
DOCUMENTED = (
    (4550, "25+22 F F F F KW F F F F F 28+W 26+W K19 F"),
    (2013, "K25 24+23 26+22 K19 F F"),
    (1654, ""),
)


def thumb_position(i: int) -> Game:
    """Seed 1 deal ``i`` (classic) after 3 + i mod 8 moves of the rules-of-thumb player."""
    game = Game(get_layout(1), CLASSIC, Deal.from_seed(SEED, i))
    thumb = ThumbPlayer()
    for _ in range(3 + i % 8):
        move = thumb.next_move(game)
        if move is None:
            break
        game.play(move)
    return game


def documented(i: int, moves: str) -> Game:
    game = Game(get_layout(1), CLASSIC, Deal.from_seed(SEED, i))
    game.replay(moves.split())
    return game


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--deals", type=int, default=5000)
    ap.add_argument("--candidates", type=int, default=90)
    ap.add_argument("--keep", type=int, default=30)
    args = ap.parse_args()
    t0 = time.perf_counter()
    ranked: list[tuple[int, int]] = []
    for i in range(args.deals):
        game = thumb_position(i)
        if game.won:
            continue
        ranked.append((solve(game, 30_000).nodes, i))
        if (i + 1) % 500 == 0:
            print(f"  stage one: {i + 1} deals, {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    ranked.sort(reverse=True)
    hard: list[tuple[int, int]] = []
    for _, i in ranked[: args.candidates]:
        hint = hint_for(thumb_position(i))
        hard.append((hint.nodes, i))
        print(f"  stage two: deal {i}: {hint.nodes} nodes, {hint.verdict}", file=sys.stderr)
    hard.sort(reverse=True)
    lines = [
        "# Hard hint positions (bench/hard_positions.py wrote this file; bench/bench_hints.py --hard reads it)",
        f"# The {args.keep} hardest of classic seed {SEED} deals 0-{args.deals - 1} after 3 + i mod 8 "
        "moves of the rules-of-thumb player, by the hint's nodes; then the documented positions.",
    ]
    for _nodes, i in sorted(hard[: args.keep], key=lambda x: x[1]):
        game = thumb_position(i)
        lines.append(
            f"{encode_game_code(game)}  seed {SEED} deal {i} after {game.moves} thumb moves"
        )
    for i, moves in DOCUMENTED:
        game = documented(i, moves)
        code = encode_game_code(game) if game.moves else _deal_code(game)
        lines.append(f"{code}  seed {SEED} deal {i}" + (f" after {moves}" if moves else " start"))
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {OUT} in {time.perf_counter() - t0:.0f} s", file=sys.stderr)


def _deal_code(game: Game) -> str:
    from desert_pyramid.engine import encode_deal_code

    return encode_deal_code(game.deal, game.rules, game.layout.number)


if __name__ == "__main__":
    main()
