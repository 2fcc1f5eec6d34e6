"""Estimate how often each layout can be cleared under the relaxed rules (docs/rules.md).

Relaxed rules: unlimited passes through the stock and the stock's top card face up and
playable, no Satchel; the deal is won when the layout is empty. With unlimited passes every
stock card can be brought to the stock top or the waste top, so for clearing the layout the
stock is simply a bag of cards any of which can pair with a free layout card. This script
solves random deals exactly in that model (depth-first search with memory and a dead-card cut)
and prints, per layout, the share of deals won, lost and left unknown (node budget exceeded).

It reads the layout files with tomllib only, so it does not depend on the engine; it is a
maintainer's check on the shapes, not the game's solver.

    python bench/layout_relaxed_winrate.py [--deals 200] [--budget 20000] [--only 1,5,9]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tomllib
from pathlib import Path

LAYOUT_DIR = Path(__file__).resolve().parent.parent / "resources" / "layouts"


class OutOfBudget(Exception):
    pass


class Model:
    def __init__(self, data: dict) -> None:  # type: ignore[type-arg]
        slots = data["slot"]
        self.n = len(slots)
        index = {s["id"]: i for i, s in enumerate(slots)}
        self.cov = [0] * self.n
        for i, s in enumerate(slots):
            for c in s["covered_by"]:
                self.cov[i] |= 1 << index[c]
        # transitive closure: everything above (covering, directly or not) each slot
        above = list(self.cov)
        changed = True
        while changed:
            changed = False
            for i in range(self.n):
                m = above[i]
                acc = m
                while m:
                    b = m & -m
                    m ^= b
                    acc |= above[b.bit_length() - 1]
                if acc != above[i]:
                    above[i] = acc
                    changed = True
        below = [0] * self.n
        for i in range(self.n):
            m = above[i]
            while m:
                b = m & -m
                m ^= b
                below[b.bit_length() - 1] |= 1 << i
        self.related = [above[i] | below[i] for i in range(self.n)]


def solve(model: Model, ranks: list[int], stock: list[int], budget: int) -> bool:
    n = model.n
    cov = model.cov
    rel = model.related
    rank_mask = [0] * 14
    for i, r in enumerate(ranks):
        rank_mask[r] |= 1 << i
    failed: set[tuple[int, tuple[int, ...]]] = set()
    nodes = 0

    def dfs(rem: int, counts: tuple[int, ...]) -> bool:
        nonlocal nodes
        while True:
            if rem == 0:
                return True
            free = [i for i in range(n) if rem >> i & 1 and not cov[i] & rem]
            kings = [i for i in free if ranks[i] == 13]
            if not kings:
                break
            for k in kings:
                rem &= ~(1 << k)
        key = (rem, counts)
        if key in failed:
            return False
        nodes += 1
        if nodes > budget:
            raise OutOfBudget
        m = rem
        while m:
            b = m & -m
            m ^= b
            i = b.bit_length() - 1
            need = 13 - ranks[i]
            if need and counts[need] == 0 and not (rank_mask[need] & rem & ~rel[i]):
                failed.add(key)
                return False
        # layout pairs first, then layout with stock
        for a in range(len(free)):
            i = free[a]
            for c in range(a + 1, len(free)):
                j = free[c]
                if ranks[i] + ranks[j] == 13 and dfs(rem & ~(1 << i) & ~(1 << j), counts):
                    return True
        for i in free:
            need = 13 - ranks[i]
            if counts[need]:
                lst = list(counts)
                lst[need] -= 1
                if dfs(rem & ~(1 << i), tuple(lst)):
                    return True
        failed.add(key)
        return False

    counts = [0] * 14
    for r in stock:
        counts[r] += 1
    return dfs((1 << n) - 1, tuple(counts))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--budget", type=int, default=20000, help="search nodes per deal")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--only", default="", help="comma-separated layout numbers")
    args = parser.parse_args()
    only = {int(x) for x in args.only.split(",") if x}
    files = sorted(LAYOUT_DIR.glob("[0-9][0-9][0-9]_*.toml"))
    print(f"relaxed rules, {args.deals} deals per layout, budget {args.budget} nodes")
    print(f"{'#':>3} {'name':<24} {'cards':>5} {'won':>6} {'lost':>6} {'unknown':>7} {'secs':>6}")
    for path in files:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        if only and data["number"] not in only:
            continue
        model = Model(data)
        rng = random.Random(args.seed * 1000 + data["number"])
        won = lost = unknown = 0
        t0 = time.perf_counter()
        for _ in range(args.deals):
            deck = [r for r in range(1, 14) for _ in range(4)]
            rng.shuffle(deck)
            try:
                if solve(model, deck[: model.n], deck[model.n :], args.budget):
                    won += 1
                else:
                    lost += 1
            except OutOfBudget:
                unknown += 1
        secs = time.perf_counter() - t0
        d = args.deals
        print(
            f"{data['number']:>3} {data['name']:<24} {model.n:>5} {100 * won / d:>5.1f}% "
            f"{100 * lost / d:>5.1f}% {100 * unknown / d:>6.1f}% {secs:>6.1f}"
        )
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
