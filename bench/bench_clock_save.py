"""What the clock saves of a timed table cost a frame, headless.

Run: ``python bench/bench_clock_save.py [--frames 900] [--size 1280x720]``.

An Expedition table with one move made, then frames at 60 a second while the player thinks (no
move): the game is saved with its clock every ``CLOCK_SAVE_MS`` of play (``app/saving.py``), the
file written on the store's writer thread. The same run is made with the clock saves off (the
period set beyond the run) and on, alternating in blocks so that both see the same machine load.
Prints median, p95 and max frame time of each, and of the frames that made a clock save.
Figures depend on the machine's load: run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def figures(times: list[float]) -> str:
    if not times:
        return "none"
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return (
        f"{len(times):4d} frames  median {statistics.median(ordered):6.2f} ms  p95 {p95:6.2f} ms  "
        f"max {ordered[-1]:6.2f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--frames", type=int, default=900, help="frames of each kind (on and off), in blocks of 120"
    )
    parser.add_argument("--size", default="1280x720")
    args = parser.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    os.environ["ARCADE_HEADLESS"] = "1"
    sys.path.insert(0, str(ROOT))
    import desert_pyramid.ui  # noqa: F401  (first: it turns off pyglet's per-call GL error checks)
    from desert_pyramid.app import saving
    from desert_pyramid.app.prefs import Settings
    from desert_pyramid.engine.moves import KING, PAIR
    from desert_pyramid.storage import SaveStore
    from desert_pyramid.ui.window import GameApp, RunOptions

    period = saving.CLOCK_SAVE_MS
    with tempfile.TemporaryDirectory() as folder:
        store = SaveStore.open(Path(folder), background=True)
        app = GameApp(
            RunOptions(
                size=(w, h), headless=True, seed=3, store=store, settings=Settings(mute=True)
            )
        )
        app.start_mode("expedition")
        table = app.table
        assert table is not None
        app.step(1 / 60)
        legal = table.game.legal_moves()
        table.apply(table.control.play(([m for m in legal if m.kind in (PAIR, KING)] or legal)[0]))
        for _ in range(60):  # settle: the hint process starts, the move's animation ends
            app.step(1 / 60)
        saves = [0]
        real = store.save_current

        def counting(current: object) -> bool:
            saves[0] += 1
            return bool(real(current))

        store.save_current = counting  # type: ignore[method-assign]
        times: dict[str, list[float]] = {"off": [], "on": [], "saving": []}
        block = 120
        start = time.perf_counter()
        i = 0
        for b in range(2 * max(1, args.frames // block)):
            kind = "on" if b % 2 else "off"
            saving.CLOCK_SAVE_MS = period if kind == "on" else 10**12
            for _ in range(block):
                wait = start + i / 60 - time.perf_counter()
                if wait > 0:
                    time.sleep(wait)
                i += 1
                before = saves[0]
                t0 = time.perf_counter()
                app.dispatch_events()
                app.step(1 / 60)
                app.ctx.finish()
                app.flip()
                ms = (time.perf_counter() - t0) * 1000
                times[kind].append(ms)
                if saves[0] > before:
                    times["saving"].append(ms)
        saving.CLOCK_SAVE_MS = period
        store.flush()
        store.close()
        app.close()
    print(f"expedition table, no move, {w}x{h}, clock saved every {period} ms of play:")
    print(f"  clock saves off: {figures(times['off'])}")
    print(f"  clock saves on:  {figures(times['on'])}")
    print(f"  frames that saved the clock: {figures(times['saving'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
