"""Maintainer tool: the layout audit (``--check-layout``) over the settings a player can choose.

Every screen x window size x language x text size x high contrast on and off, the way
``desert-pyramid --headless --check-layout --screen NAME --size WxH --lang L --text-size N
[--high-contrast]`` checks one (the replay: ``--code`` with a game code): the screen opened by the game's own ``start()``, a few frames
drawn whole, the last one's parts checked (out of the window, overlapping, a text out of its box).

    python tools/audit_all.py                         # the full sweep (minutes): every fault
    python tools/audit_all.py --sizes 800x600 --langs de,ru --text-sizes 200 --contrast on

One process per window size (a window each). Prints each fault as
``SCREEN WxH LANG TEXT% [hc]: fault``, then the faults per setting, and the text size each screen
settled at where the window could not hold the one asked for (``ui/screen.py``). Exits 1 when
there is a fault.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SIZES = ("640x360", "800x600", "1280x720")
TEXT_SIZES = (100, 150, 200)
EXTRA_SCREENS = ("daily", "expedition")  # opened with --mode NAME rather than --screen
#: The replay, opened with --code: a lost game of the Classic Pyramid (15 moves)
REPLAY, REPLAY_CODE = "replay", "DG-17-Y93H-RRT8-2149-S3Y3"


def audit_size(size: tuple[int, int], spec: dict[str, Any]) -> list[dict[str, Any]]:
    """Every combination of ``spec`` at one window size, in this process (call once per
    process): one record per screen and setting, with its faults."""
    os.environ["ARCADE_HEADLESS"] = "1"
    sys.path.insert(0, str(ROOT))
    import desert_pyramid.ui  # noqa: F401  (before Arcade)
    from desert_pyramid.app.prefs import Settings
    from desert_pyramid.engine import decode_game_code
    from desert_pyramid.i18n import use_language
    from desert_pyramid.ui.base import audit
    from desert_pyramid.ui.window import GameApp, RunOptions, start

    save_dir = spec["save_dir"]
    base = RunOptions(
        size=size,
        headless=True,
        frames=3,
        full_redraw=True,
        save_dir=save_dir,
        settings=Settings(animation_speed=0, mute=True),
    )
    app = GameApp(base)
    out: list[dict[str, Any]] = []
    for lang in spec["langs"]:
        use_language(lang)
        for text in spec["text_sizes"]:
            for hc in spec["contrast"]:
                app.settings = replace(app.settings, text_size=text, high_contrast=hc)
                app.use_settings()
                for screen in spec["screens"]:
                    if screen == REPLAY:
                        opts = replace(base, code=decode_game_code(REPLAY_CODE, app.get_layout))
                    elif screen in EXTRA_SCREENS:
                        opts = replace(base, mode=screen)
                    else:
                        opts = replace(base, screen=screen)
                    app.options = opts
                    start(app, opts)
                    parts = audit.record_frames(app.step, int(spec.get("frames", 3)))
                    found = audit.problems(parts, app.width, app.height)
                    view = app.current_view
                    getattr(view, "close_source", lambda: None)()  # a replay's analysis process
                    out.append(
                        {
                            "screen": screen,
                            "size": f"{size[0]}x{size[1]}",
                            "lang": lang,
                            "text": text,
                            "hc": hc,
                            "settled": round(float(getattr(view, "text_scale", 1.0)) * 100),
                            "problems": found,
                        }
                    )
    app.close()
    return out


def sweep(spec: dict[str, Any], sizes: list[str]) -> list[dict[str, Any]]:
    """Every size in a process of its own; the records of all of them."""
    records: list[dict[str, Any]] = []
    for size in sizes:
        proc = subprocess.run(
            [sys.executable, __file__, "--one", size, "--spec", json.dumps(spec)],
            env={**os.environ, "ARCADE_HEADLESS": "1", "PYTHONPATH": str(ROOT)},
            capture_output=True,
            text=True,
            check=False,
        )
        if proc.returncode:
            raise RuntimeError(f"the audit at {size} failed:\n{proc.stderr[-3000:]}")
        records += [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    return records


def setting_of(r: dict[str, Any]) -> str:
    return f"{r['lang']} {r['text']}%{' hc' if r['hc'] else ''}"


def summary(records: list[dict[str, Any]]) -> list[str]:
    """The faults per setting (language, text size, contrast) and per window size."""
    per_setting: Counter[str] = Counter()
    per_size: Counter[str] = Counter()
    for r in records:
        per_setting[setting_of(r)] += len(r["problems"])
        per_size[r["size"]] += len(r["problems"])
    lines = [f"{len(records)} screens audited, {sum(per_size.values())} faults"]
    lines += [f"  at {size}: {n} faults" for size, n in per_size.items()]
    lines += [f"  {setting}: {n} faults" for setting, n in per_setting.items()]
    smaller = [r for r in records if r["settled"] < r["text"]]
    if smaller:
        lines.append("set smaller than asked, where the window cannot hold the text size:")
        lines += [
            f"  {r['screen']} {r['size']} {setting_of(r)}: at {r['settled']}%" for r in smaller
        ]
    return lines


def main(argv: list[str] | None = None) -> int:
    from desert_pyramid.app.screens import STARTING
    from desert_pyramid.i18n import LANGUAGES

    ap = argparse.ArgumentParser(
        prog="python tools/audit_all.py", description=__doc__.splitlines()[0]
    )
    ap.add_argument("--sizes", default=",".join(SIZES), help="window sizes (default: %(default)s)")
    ap.add_argument("--langs", default=",".join(LANGUAGES), help="languages (default: all)")
    ap.add_argument(
        "--text-sizes",
        default=",".join(map(str, TEXT_SIZES)),
        help="text sizes in per cent (default: %(default)s)",
    )
    ap.add_argument(
        "--contrast", default="off,on", help="high contrast off, on or both (default: both)"
    )
    ap.add_argument(
        "--screens",
        default=",".join((*STARTING, *EXTRA_SCREENS, REPLAY)),
        help="screens (default: all)",
    )
    ap.add_argument("--frames", type=int, default=3, help="frames drawn before the check")
    ap.add_argument("--json", action="store_true", help="print the records as JSON lines")
    ap.add_argument("--one", help=argparse.SUPPRESS)  # a child process: one size
    ap.add_argument("--spec", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.one:
        w, h = (int(v) for v in args.one.split("x"))
        for record in audit_size((w, h), json.loads(args.spec)):
            print(json.dumps(record, ensure_ascii=False), flush=True)
        return 0
    import tempfile

    with tempfile.TemporaryDirectory(prefix="dp-audit-") as tmp:
        spec = {
            "save_dir": str(Path(tmp) / "saves"),
            "langs": args.langs.split(","),
            "text_sizes": [int(t) for t in args.text_sizes.split(",")],
            "contrast": [c == "on" for c in args.contrast.split(",")],
            "screens": args.screens.split(","),
            "frames": args.frames,
        }
        records = sweep(spec, args.sizes.split(","))
    for r in records:
        if args.json:
            print(json.dumps(r, ensure_ascii=False))
        for p in r["problems"]:
            print(f"{r['screen']} {r['size']} {setting_of(r)}: {p}")
    for line in summary(records):
        print(line)
    return 1 if any(r["problems"] for r in records) else 0


if __name__ == "__main__":
    raise SystemExit(main())
