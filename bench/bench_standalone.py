"""Build the standalone game folder on this machine and check that the built game runs.

Run: ``python bench/bench_standalone.py [--dist DIR] [--no-build]`` (needs ``pip install -e ".[build]"``).

1. Builds with ``tools/build_standalone.py`` (PyInstaller) into ``dist/desert-pyramid/`` and prints
   the build time and the folder's size.
2. Runs the built executable, never this Python:
   - ``--version`` prints ``desert-pyramid <version>``; ``--help`` lists every sub-command;
   - ``deal --seed 1`` prints what the installed game prints;
   - ``--headless --frames 30 --screenshot PNG --mode practice --save-dir DIR --frame-stats``
     writes a 1280x720 frame (the layouts, fonts, images and rules text were found) with nothing
     on stderr;
   - ``stats --workers 2`` runs 'spawn' worker processes of the frozen executable (this needs
     ``multiprocessing.freeze_support()`` in ``desert_pyramid/__main__.py``) and counts the same
     wins as one process of the installed game;
   - ``--autoplay`` for 600 frames: the computer plays moves that come from the hint worker, a
     'spawn' process too (the save file counts them).
Prints the figures and "all checks passed", or what failed, and exits 1 on a failure.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from desert_pyramid import __version__  # noqa: E402
from tools.build_standalone import build, executable, folder_size  # noqa: E402

FRAMES = 30
STATS_ARGS = ["stats", "--rules", "classic", "--deals", "60", "--budget", "20000", "--json"]


def run(cmd: list[str], cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.pop("DESERT_PYRAMID_SAVE_DIR", None)  # every run names its own save folder
    env.pop("PYTHONPATH", None)  # the frozen game must not lean on the source checkout
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def source_game(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """The same command through the installed (not frozen) game, for comparison."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "desert_pyramid", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def check_frozen(exe: Path, work: Path, autoplay: bool = True) -> dict[str, Any]:
    """Run the built game; return what each check saw (``failures`` lists what went wrong)."""
    failures: list[str] = []
    seen: dict[str, Any] = {"failures": failures}

    out = run([str(exe), "--version"], work)
    seen["version"] = out.stdout.strip()
    if out.returncode != 0 or seen["version"] != f"desert-pyramid {__version__}":
        failures.append(f"--version: exit {out.returncode}, {out.stdout!r} {out.stderr[-500:]!r}")

    out = run([str(exe), "--help"], work)
    subs = ("daily", "deal", "layouts", "profile", "rules", "solve", "stats")
    if (
        out.returncode != 0
        or not out.stdout.startswith("usage: desert-pyramid")
        or not all(f"    {s} " in out.stdout for s in subs)
    ):
        failures.append(f"--help: exit {out.returncode}, {out.stderr[-500:]!r}")

    out = run([str(exe), "deal", "--seed", "1"], work)
    expected = source_game(["deal", "--seed", "1"], work)
    seen["deal"] = out.stdout.strip().splitlines()[-1:] if out.stdout else []
    if out.returncode != 0 or out.stdout != expected.stdout or not out.stdout.strip():
        failures.append(
            f"deal --seed 1: exit {out.returncode}, {out.stdout!r} vs {expected.stdout!r}"
        )

    shot = work / "frame.png"
    t0 = time.perf_counter()
    out = run(
        [
            str(exe),
            "--headless",
            "--frames",
            str(FRAMES),
            "--screenshot",
            str(shot),
            "--mode",
            "practice",
            "--save-dir",
            str(work / "saves-frames"),
            "--frame-stats",
        ],
        work,
    )
    seen["headless_s"] = round(time.perf_counter() - t0, 2)
    seen["screenshot"] = str(shot)
    seen["frame_written"] = shot.is_file() and shot.stat().st_size > 0
    if out.returncode != 0 or not seen["frame_written"] or out.stderr.strip():
        failures.append(
            f"headless frames: exit {out.returncode}, frame written {seen['frame_written']}, "
            f"stderr {out.stderr[-1500:]!r}"
        )
    else:
        stats = json.loads(out.stdout.strip().splitlines()[-1])
        seen["frame_stats"] = stats
        from PIL import Image

        with Image.open(shot) as image:
            seen["frame_size"] = image.size
        if stats.get("frames") != FRAMES or seen["frame_size"] != (1280, 720):
            failures.append(f"headless frames: {stats}, frame {seen['frame_size']}")

    t0 = time.perf_counter()
    out = run([str(exe), *STATS_ARGS, "--workers", "2"], work)
    seen["stats_s"] = round(time.perf_counter() - t0, 2)
    reference = source_game([*STATS_ARGS, "--workers", "1"], work)
    try:
        got, want = json.loads(out.stdout), json.loads(reference.stdout)
        seen["stats_wins"] = (got["wins"], got["losses"])
        if (got["wins"], got["losses"]) != (want["wins"], want["losses"]):
            failures.append(f"stats --workers 2: {got} differs from one process: {want}")
    except (ValueError, KeyError):
        failures.append(
            f"stats --workers 2 (spawn workers): exit {out.returncode}, {out.stderr[-1500:]!r}"
        )

    if autoplay:
        saves = work / "saves-autoplay"
        out = run(
            [
                str(exe),
                "--headless",
                "--frames",
                "600",
                "--mode",
                "practice",
                "--seed",
                "4",
                "--autoplay",
                "--screenshot",
                str(work / "autoplay.png"),
                "--save-dir",
                str(saves),
            ],
            work,
        )
        moves = 0
        try:
            data = tomllib.loads((saves / "current.toml").read_text(encoding="utf-8"))
            moves = int(data["mode_state"]["computer_moves"])
        except (OSError, ValueError, KeyError, TypeError):
            pass
        seen["autoplay_moves"] = moves
        seen["autoplay_screenshot"] = str(work / "autoplay.png")
        if out.returncode != 0 or moves == 0:
            failures.append(
                f"autoplay through the hint worker: exit {out.returncode}, {moves} moves, "
                f"{out.stderr[-1500:]!r}"
            )
    return seen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--dist", default=str(ROOT / "dist"), help="where the folder is built (default: dist)"
    )
    parser.add_argument(
        "--work", default=str(ROOT / "build" / "pyinstaller"), help="PyInstaller's work folder"
    )
    parser.add_argument(
        "--no-build", action="store_true", help="check the folder already built in --dist"
    )
    parser.add_argument(
        "--out", default=None, help="keep the screenshots here (default: a temporary folder)"
    )
    args = parser.parse_args()
    dist = Path(args.dist).resolve()

    if args.no_build:
        exe = executable(dist)
        print(f"checking {exe} (not rebuilt)")
    else:
        t0 = time.perf_counter()
        exe = build(dist, Path(args.work).resolve())
        print(f"build: {time.perf_counter() - t0:.1f} s ({exe})")
    if not exe.is_file():
        print(f"no executable at {exe}")
        return 1
    files = [p for p in exe.parent.rglob("*") if p.is_file()]
    print(f"folder: {folder_size(exe.parent) / 2**20:.1f} MiB in {len(files)} files ({exe.parent})")

    with tempfile.TemporaryDirectory(prefix="dp-standalone-") as tmp:
        work = Path(args.out).resolve() if args.out else Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        seen = check_frozen(exe, work)
    print(f"--version: {seen['version']}")
    if "deal" in seen:
        print(f"deal --seed 1: {' '.join(seen['deal'])}")
    print(
        f"headless {FRAMES} frames: {seen['headless_s']} s, frame written: {seen['frame_written']}"
        + (f" ({seen['screenshot']})" if args.out else "")
    )
    if "frame_stats" in seen:
        fs = seen["frame_stats"]
        print(
            f"  first frame {fs['first_frame_s']} s after launch, peak memory {fs['peak_rss_mb']} MB, "
            f"{fs['renderer']}"
        )
    print(
        f"stats --workers 2 (spawn workers): {seen['stats_s']} s, wins/losses {seen.get('stats_wins')}"
    )
    print(f"autoplay through the hint worker: {seen.get('autoplay_moves')} moves")
    for failure in seen["failures"]:
        print(f"FAILED {failure}")
    print(
        "all checks passed" if not seen["failures"] else f"{len(seen['failures'])} CHECK(S) FAILED"
    )
    return 0 if not seen["failures"] else 1


if __name__ == "__main__":
    sys.exit(main())
