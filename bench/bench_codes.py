"""Reading codes made by a hostile stranger: the cost per character of every code reader.

Run: ``python bench/bench_codes.py [--repeats 5] [--cli]``. Each case is a code made by hand with a
valid check (``bench/crafted_codes.py``): game codes claiming every count at and past the bound of
each rule set on layouts of 15, 28 and 40 cards, 2**31 - 1 moves, moves parts of 2**64, the
multiplier's bounds; deal codes with seeds and indexes at and past theirs, the longest deal code
and one digit more; layout codes of 14 to 63 places and names of 60 to 255 bytes; strings of a
million characters. Each is read in this process ``--repeats`` times; the median CPU time is
divided by the code's length. Prints every case (read or refused, wall and CPU ms, CPU ms per
character) and the worst; the target is a few milliseconds per character at most. With ``--cli`` the
``replay`` command also runs on the game codes in a subprocess with a time limit (a hang fails).
Exit code 1 when a case hangs past the time limit or raises anything but the reader's own error.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.crafted_codes import (  # noqa: E402
    deal_code,
    game_code,
    layout_code,
    seed_deal_code,
)
from desert_pyramid.catalog import get_layout  # noqa: E402
from desert_pyramid.engine import (  # noqa: E402
    PRESETS,
    Deal,
    EngineError,
    decode_deal_code,
    decode_game_code,
    encode_deal_code,
)
from desert_pyramid.engine.gamecode import MAX_MOVES, MAX_MULTIPLIER, longest_game  # noqa: E402
from desert_pyramid.engine.layoutcode import decode_layout_code  # noqa: E402

CLI_TIMEOUT = 30.0  # seconds for one replay command: far beyond a bounded code's
LAYOUTS = {15: 2, 28: 1, 40: None}  # cards: a built-in layout of that size (found at run time)


def _layout_of_size(cards: int) -> int:
    from desert_pyramid.catalog import all_layouts

    return next(n for n, lay in sorted(all_layouts().items()) if lay.size == cards)


def cases() -> Iterator[tuple[str, str, Callable[[str], object]]]:
    """(what, code, reader) for every crafted case."""

    def game(text: str) -> object:
        return decode_game_code(text, get_layout)

    for cards in (15, 28, 40):
        number = _layout_of_size(cards)
        for preset, rules in sorted(PRESETS.items()):
            if rules.classic_layout_only and number != 1:
                continue
            for satchel in (False, True):
                r = rules.with_options(satchel=satchel)
                most = longest_game(r, cards)
                for count in (most, most + 1):
                    yield (
                        f"game {preset}{'+satchel' if satchel else ''} layout {number} "
                        f"({cards} cards) count {count:,}",
                        game_code(count, r, number, seed=9),
                        game,
                    )
    for count in (MAX_MOVES, MAX_MOVES + 1, 2**20, 2**31 - 1):
        yield f"game count {count:,}", game_code(count), game
    yield "game moves part 2**64", game_code(3, moves_value=2**64), game
    yield "game count 2**31-1, moves part 2**64", game_code(2**31 - 1, moves_value=2**64), game
    yield "game multiplier at its bound", game_code(3, multiplier=MAX_MULTIPLIER), game
    yield "game multiplier 0", game_code(3, multiplier=0), game
    for seed in (2**64 - 1, 2**64, 2**80):
        yield f"deal seed {seed:,}", seed_deal_code(seed), decode_deal_code
    for index in (2**31 - 1, 2**32 - 1, 2**32):
        yield f"deal index {index:,}", seed_deal_code(5, index), decode_deal_code
    longest = encode_deal_code(
        Deal(tuple(reversed(Deal.from_seed(1).cards))), PRESETS["relaxed"], 999
    )
    yield "deal longest (a permutation on layout 999)", longest, decode_deal_code
    yield "deal a rank past 52!", deal_code((2**226 - 1) << 1 | 1), decode_deal_code
    yield "deal one digit too many", deal_code(2**240), decode_deal_code
    for count in (14, 15, 40, 41, 63):
        yield f"layout {count} places", layout_code(count), decode_layout_code
    for size in (60, 61, 255):
        yield (
            f"layout name of {size} bytes",
            layout_code(20, name=b"N" * min(size, 61), size=size),
            decode_layout_code,
        )
    yield "layout name of 255 bytes written", layout_code(20, name=b"N" * 255), decode_layout_code
    for prefix, reader in (("DG-", game), ("DP-", decode_deal_code), ("DL-", decode_layout_code)):
        for body in ("Z" * 1_000_000, "-" * 1_000_000, " " * 1_000_000 + "1"):
            yield f"{prefix} and a million characters ({body[0]!r})", prefix + body, reader


def time_case(code: str, reader: Callable[[str], object], repeats: int) -> tuple[str, float, float]:
    """(outcome, median wall seconds, median CPU seconds): on a shared, loaded machine the CPU
    time is the steadier figure."""
    times, cpu = [], []
    outcome = "read"
    for _ in range(repeats):
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            reader(code)
            outcome = "read"
        except EngineError as exc:
            outcome = f"refused: {exc}"
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    return outcome, statistics.median(times), statistics.median(cpu)


def replay_cli(code: str) -> tuple[int, float]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "ARCADE_HEADLESS": "1"}
    t0 = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "desert_pyramid", "replay", code, "--json"],
        env=env,
        capture_output=True,
        timeout=CLI_TIMEOUT,
        stdin=subprocess.DEVNULL,
    )
    return out.returncode, time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--cli", action="store_true", help="also run replay on the game codes")
    args = parser.parse_args(argv)
    worst = worst_cpu = 0.0
    worst_case = ""
    count = 0
    print(f"{'case':<62} {'length':>12} {'wall':>12} {'CPU':>11} {'CPU/char':>14}  outcome")
    for what, code, reader in cases():
        outcome, seconds, cpu = time_case(code, reader, args.repeats)
        per_char = 1000 * cpu / len(code)
        count += 1
        if per_char > worst_cpu:
            worst_cpu, worst, worst_case = per_char, 1000 * seconds / len(code), what
        shown = outcome if len(outcome) <= 90 else outcome[:89] + "…"
        print(
            f"{what:<62} {len(code):>9,} ch {1000 * seconds:9.2f} ms {1000 * cpu:8.2f} ms "
            f"{per_char:8.4f} ms/ch  {shown}"
        )
        if args.cli and code.startswith("DG") and len(code) < 10_000:
            rc, took = replay_cli(code)
            print(f"{'':<62} replay --json: exit {rc} in {took:.2f} s")
            if rc not in (0, 2):
                print(f"replay exited {rc} on {what}")
                return 1
    print(
        f"{count} cases; worst {worst_cpu:.3f} ms of CPU per character, {worst:.3f} ms of wall "
        f"clock ({worst_case})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
