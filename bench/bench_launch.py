"""Launch to first frame: how long the game takes from process start to its first frame drawn.

Run: ``python bench/bench_launch.py [--runs 11] [--size 1280x720] [--no-bytecode]``.

Each run starts the real game in a fresh process, headless, for one frame::

    python -m desert_pyramid --headless --frames 1 --frame-stats --save-dir TMP [screen options]

and reads ``first_frame_at`` from its ``--frame-stats`` line: the wall-clock time at which the first
frame had been drawn (``ctx.finish()``: the software renderer has filled every pixel) and swapped.
The launch time is that minus the wall-clock time just before the process was started, so it
includes the interpreter's own start, every import, the window, the assets and the first screen.

Two first screens are timed: the title (what a player sees) and a Practice table with autoplay
(what ``bench_frames.py`` plays). Beside them, in the same run and interleaved with them, a bare
Arcade program opens the same headless window and draws one frame of one sprite: the floor no
change in the game can go below.

Python's compiled bytecode is kept between runs in a temporary folder (``PYTHONPYCACHEPREFIX``),
as an installed game keeps it; one warm-up run of each kind is not counted. ``--no-bytecode`` times
the first run after an install instead (every module compiled from source each time).

Prints the median and the spread (min-max) of each, the ratio to bare Arcade, and whether the
title's median meets the target (<= 1.0 s); exits 1 if not.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_S = 1.0

# One frame of bare Arcade, headless, in the same size: the floor of any launch.
BARE = """
import os, sys, time
os.environ["ARCADE_HEADLESS"] = "1"
import arcade
w, h = int(sys.argv[1]), int(sys.argv[2])
window = arcade.Window(w, h, "bare", visible=False, antialiasing=False, vsync=False)
sprites = arcade.SpriteList()
sprites.append(arcade.Sprite(":resources:images/cards/cardBack_red2.png", center_x=w / 2, center_y=h / 2))
window.clear()
sprites.draw()
window.ctx.finish()
window.flip()
print('{"first_frame_at": %r}' % time.time())
window.close()
"""

KINDS = {
    "title": [],
    "table": ["--mode", "practice", "--seed", "4", "--autoplay"],
}


def child_env(pycache: str | None) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), ARCADE_HEADLESS="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("PYTHONPYCACHEPREFIX", None)
    if pycache is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env["PYTHONPYCACHEPREFIX"] = pycache
    return env


def launch(kind: str, size: str, env: dict[str, str]) -> float:
    """Seconds from just before the process starts to its first frame drawn."""
    w, h = size.split("x")
    with tempfile.TemporaryDirectory() as saves:  # never the player's own save folder
        if kind == "bare":
            cmd = [sys.executable, "-c", BARE, w, h]
        else:
            cmd = [sys.executable, "-m", "desert_pyramid", "--headless", "--frames", "1"]
            cmd += ["--frame-stats", "--size", size, "--save-dir", saves, *KINDS[kind]]
        started = time.time()
        out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    if out.returncode != 0:
        raise SystemExit(f"{kind}: the process failed (exit {out.returncode}):\n{out.stderr}")
    line = [x for x in out.stdout.splitlines() if x.startswith("{")][-1]
    return float(json.loads(line)["first_frame_at"]) - started


def summary(times: list[float]) -> str:
    return (
        f"median {statistics.median(times):.3f} s   spread {min(times):.3f}-{max(times):.3f} s"
        f"   ({len(times)} runs)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument(
        "--no-bytecode", action="store_true", help="compile every module from source each run"
    )
    args = parser.parse_args()
    kinds = ["bare", *KINDS]
    with tempfile.TemporaryDirectory() as pycache:
        env = child_env(None if args.no_bytecode else pycache)
        for kind in kinds:
            launch(kind, args.size, env)  # warm-up: bytecode written, files in the disk cache
        times: dict[str, list[float]] = {k: [] for k in kinds}
        for _ in range(args.runs):
            for kind in kinds:  # interleaved: the machine's load falls on each kind alike
                times[kind].append(launch(kind, args.size, env))
    bytecode = "compiled from source" if args.no_bytecode else "bytecode cached"
    print(f"launch to first frame at {args.size}, headless ({bytecode}):")
    bare = statistics.median(times["bare"])
    print(f"  bare Arcade   {summary(times['bare'])}")
    for kind in KINDS:
        ratio = statistics.median(times[kind]) / bare
        print(f"  game {kind:<8} {summary(times[kind])}   x{ratio:.2f} bare Arcade")
    title = statistics.median(times["title"])
    ok = title <= TARGET_S
    print(f"title median {title:.3f} s (target <= {TARGET_S} s): {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
