"""Benchmark: the save after a move, with a full profile (all relics, 1,000 games of statistics).

    python bench/bench_save.py [--moves 300] [--save-dir DIR]

Prints the median / p95 / max of:
  * the game thread's cost of a save after a move in the game's setting (background writer):
    snapshot + TOML serialisation + hand-off; this is what a frame pays;
  * the same save done synchronously and durably (serialise, temp file, fsync, backup link,
    replace, fsync folder): the time until the move is safe on disk;
  * the disk's own floor: a bare write + fsync + rename of the same bytes;
  * a full save.toml write (the profile with 1,000 games) and a full load of the three files.
"""

from __future__ import annotations

import argparse
import datetime
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tomli_w  # noqa: E402

from desert_pyramid.catalog import get_layout  # noqa: E402
from desert_pyramid.engine import DESERT, Deal, Game  # noqa: E402
from desert_pyramid.engine.moves import KING, PAIR  # noqa: E402
from desert_pyramid.progression import CARD_BACKS, GameResult, TrekResult  # noqa: E402
from desert_pyramid.storage import CurrentGame, SaveStore  # noqa: E402
from desert_pyramid.storage.documents import encode_current  # noqa: E402

PRESETS = ("desert", "classic", "strict", "relaxed")


def full_profile(folder: Path) -> None:
    """1,000 games over 3 modes, 4 presets and several layouts; 80 treks; every relic and back."""
    store = SaveStore.open(folder, durable=False)
    day = datetime.date(2024, 1, 1)
    for n in range(1000):
        mode = ("expedition", "daily", "practice")[n % 3]
        preset = "desert" if mode != "practice" else PRESETS[n % 4]
        layout = 1 if mode != "practice" else 1 + n % 11
        date = (day + datetime.timedelta(days=n // 3)).isoformat()
        store.record_game(
            GameResult(
                f"game-{n:05d}",
                mode,
                preset,
                layout,
                "won" if n % 5 else "lost",  # type: ignore[arg-type]
                score=300 + 7 * n,
                seconds=60.0 + n % 240,
                best_chain=n % 13,
                redeals_used=n % 3,
                date=date,
                pyramid_number=1 + n % 9 if mode == "expedition" else 0,
                deal_date=date if mode == "daily" else "",
                trek_id=f"trek-{n // 12}" if mode == "expedition" else "",
            )
        )
        if n % 12 == 11:
            store.record_trek(
                TrekResult(f"trek-{n // 12}", 1 + n % 9, 5000 + n, n % 13, 900.0, date)
            )
    store.update_settings({"sound": True, "music_volume": 0.6, "coach": True, "speed": "normal"})
    store.close()
    assert len(store.progress.relics) == 12 and len(store.profile.backs.owned()) == len(CARD_BACKS)
    assert sum(s.played for s in store.progress.stats.values()) == 1000


def real_game(moves: int) -> Any:
    """A real engine game (Desert rules, layout 1) after ``moves`` moves of play."""
    game = Game(get_layout(1), DESERT, Deal.from_seed(20250314), multiplier=3)
    while game.moves < moves:
        legal = game.legal_moves()
        if not legal:
            break
        removals = [m for m in legal if m.kind in (PAIR, KING)]
        game.play(removals[0] if removals else legal[0])
    return game


GAME = real_game(70)


def current_after(move: int) -> CurrentGame:
    """What the game saves after a move: the engine's Game.to_dict() (deal, rules, the whole
    history: 70 moves here) plus the Expedition's envelope."""
    return CurrentGame(
        "expedition-live",
        "expedition",
        "desert",
        1,
        "2025-03-14",
        GAME.to_dict(),
        score=10 * move,
        seconds=move * 2.5,
        best_chain=move % 12,
        pyramid_number=3,
        trek_id="trek-live",
        daylight_ms=240_000 - 500 * move % 240_000,
        mode_state={"trek_score": 4000, "trek_cleared": 2, "skips": 0},
    )


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000.0


def summary(label: str, samples: list[float]) -> None:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    print(
        f"  {label:<52} median {statistics.median(ordered):7.3f} ms   p95 {p95:7.3f} ms"
        f"   max {ordered[-1]:7.3f} ms   (n={len(ordered)})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300, help="saves after a move to time")
    parser.add_argument("--save-dir", help="where to build the profile (default: a temp folder)")
    args = parser.parse_args()
    base = Path(args.save_dir) if args.save_dir else Path(tempfile.mkdtemp(prefix="dp-bench-"))
    folder = base / "profile"
    print(f"Building a full profile in {folder} ...")
    full_profile(folder)
    sizes = {p.name: p.stat().st_size for p in folder.iterdir() if p.suffix == ".toml"}
    store = SaveStore.open(folder)
    print(
        f"  {len(store.progress.relics)} relics, {len(store.profile.backs.owned())} card backs, "
        f"{sum(s.played for s in store.progress.stats.values())} games in "
        f"{len(store.progress.stats)} statistics keys; save.toml {sizes['save.toml'] / 1024:.1f} KB"
    )
    current_bytes = len(tomli_w.dumps(encode_current(current_after(50))).encode())
    print(
        f"  current.toml after a move: {current_bytes / 1024:.1f} KB ({GAME.moves} moves of history)"
    )
    print()

    print("Save after a move (current.toml):")
    # 1. the game's setting: background writer; the frame pays only the call
    bg = SaveStore.open(folder, background=True)
    call_times = []
    start = time.perf_counter()
    for move in range(args.moves):
        cur = current_after(move)
        call_times.append(timed(lambda cur=cur: bg.save_current(cur)))  # type: ignore[misc]
        time.sleep(0.004)  # moves come from a player, not in a tight loop
    bg.flush()
    wall = time.perf_counter() - start
    bg.close()
    summary("game thread, background writer (what a frame pays)", call_times)
    print(f"  {'':<52} all {args.moves} moves on disk {wall:.2f} s after the first")

    # 2. the parts: serialisation, then the whole synchronous durable save
    serial = [
        timed(lambda m=m: tomli_w.dumps(encode_current(current_after(m))).encode())
        for m in range(args.moves)
    ]
    summary("building the record + TOML serialisation only", serial)
    sync = SaveStore.open(folder)
    summary(
        "synchronous, durable (until safe on disk)",
        [timed(lambda m=m: sync.save_current(current_after(m))) for m in range(args.moves)],
    )

    # 3. the disk's floor: bare write + fsync + rename of the same number of bytes
    data = b"x" * current_bytes
    floor_dir = base / "floor"
    floor_dir.mkdir(exist_ok=True)

    def bare(i: int) -> None:
        tmp = floor_dir / f"t{i}"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
        os.write(fd, data)
        os.fsync(fd)
        os.close(fd)
        os.replace(tmp, floor_dir / "f")

    summary(
        "disk floor: write + fsync + rename, no backup",
        [timed(lambda i=i: bare(i)) for i in range(100)],
    )
    print()

    print("Full save.toml (1,000 games) and loading:")
    bg = SaveStore.open(folder, background=True)
    ends = []
    for n in range(30):
        result = GameResult(
            f"bench-end-{n}", "practice", "desert", 1, "won", 100, 60.0, 3, 1, "2025-03-14"
        )
        ends.append(timed(lambda result=result: bg.record_game(result)))  # type: ignore[misc]
        bg.flush()
    bg.close()
    summary("game thread at a game's end, background writer", ends)
    sync = SaveStore.open(folder)  # the background store above wrote games this one lacks
    summary(
        "save.toml write, synchronous, durable",
        [timed(lambda: sync.update_settings({"sound": True})) for _ in range(30)],
    )
    summary(
        "open the folder (load + validate 3 files)",
        [timed(lambda: SaveStore.open(folder, readonly=True)) for _ in range(15)],
    )
    problems = [n.message for n in sync.take_notices() if n.level != "info"]
    if problems:
        print("Problems:", *problems, sep="\n  ")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
