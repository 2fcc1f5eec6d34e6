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

``--against DIR`` also times another checkout of the game (say the main branch's, ``git worktree
add /tmp/main main``), interleaved with this one: a before-and-after in one run, under one load.
Beside each wall-clock time, the CPU time the process used (user + system, to its exit, where the
platform reports it) is less swayed by other programs on a busy machine.

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


def child_env(pycache: str | None, root: Path = ROOT) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(root), ARCADE_HEADLESS="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("PYTHONPYCACHEPREFIX", None)
    if pycache is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env["PYTHONPYCACHEPREFIX"] = pycache
    return env


def cpu_seconds() -> float | None:
    """CPU time used by the finished child processes so far (None where the platform has no
    ``resource`` module: Windows)."""
    try:
        import resource
    except ImportError:
        return None
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return float(usage.ru_utime + usage.ru_stime)


def launch(kind: str, size: str, env: dict[str, str], root: Path = ROOT) -> tuple[float, float]:
    """Seconds from just before the process starts to its first frame drawn, and the CPU
    seconds the process used (0 where the platform does not say)."""
    w, h = size.split("x")
    with tempfile.TemporaryDirectory() as saves:  # never the player's own save folder
        if kind == "bare":
            cmd = [sys.executable, "-c", BARE, w, h]
        else:
            cmd = [sys.executable, "-m", "desert_pyramid", "--headless", "--frames", "1"]
            cmd += ["--frame-stats", "--size", size, "--save-dir", saves, *KINDS[kind]]
        cpu0 = cpu_seconds()
        started = time.time()
        out = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True, timeout=300)
        cpu1 = cpu_seconds()
    if out.returncode != 0:
        raise SystemExit(f"{kind}: the process failed (exit {out.returncode}):\n{out.stderr}")
    line = [x for x in out.stdout.splitlines() if x.startswith("{")][-1]
    cpu = cpu1 - cpu0 if cpu0 is not None and cpu1 is not None else 0.0
    return float(json.loads(line)["first_frame_at"]) - started, cpu


def summary(times: list[tuple[float, float]]) -> str:
    wall = [t for t, _ in times]
    cpu = statistics.median(c for _, c in times)
    return (
        f"median {statistics.median(wall):.3f} s   spread {min(wall):.3f}-{max(wall):.3f} s"
        f"   cpu {cpu:.3f} s   ({len(wall)} runs)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument(
        "--no-bytecode", action="store_true", help="compile every module from source each run"
    )
    parser.add_argument("--against", metavar="DIR", help="also time the game in this checkout")
    args = parser.parse_args()
    roots = {"": ROOT}
    if args.against:
        roots[" (against)"] = Path(args.against).resolve()
    runs = [("bare", "", ROOT)] + [(k, tag, r) for tag, r in roots.items() for k in KINDS]
    with tempfile.TemporaryDirectory() as pycache:
        envs = {r: child_env(None if args.no_bytecode else pycache, r) for r in roots.values()}
        for kind, _, root in runs:
            launch(kind, args.size, envs[root], root)  # warm-up: bytecode, the disk cache
        times: dict[str, list[tuple[float, float]]] = {k + t: [] for k, t, _ in runs}
        for _ in range(args.runs):
            for kind, tag, root in runs:  # interleaved: the machine's load falls on each alike
                times[kind + tag].append(launch(kind, args.size, envs[root], root))
    bytecode = "compiled from source" if args.no_bytecode else "bytecode cached"
    print(f"launch to first frame at {args.size}, headless ({bytecode}):")
    bare = statistics.median(t for t, _ in times["bare"])
    print(f"  bare Arcade            {summary(times['bare'])}")
    for kind, tag, _ in runs[1:]:
        ratio = statistics.median(t for t, _ in times[kind + tag]) / bare
        print(f"  game {kind + tag:<17} {summary(times[kind + tag])}   x{ratio:.2f} bare Arcade")
    if args.against:
        print(f"  (against: {roots[' (against)']})")
    title = statistics.median(t for t, _ in times["title"])
    ok = title <= TARGET_S
    print(f"title median {title:.3f} s (target <= {TARGET_S} s): {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
