"""Audit screens and layouts' tables at several window sizes in one process (a window per
size), the way ``--check-layout`` does: the screen is opened by the same ``start()`` the command
line uses, three frames are drawn whole, and the last one's parts are checked.

Run as a script: ``python audit_sizes.py SAVE_DIR '{"sizes": [[640, 360]], "screens": [...],
"layouts": [...]}'``; prints one JSON object per line: {"what", "size", "problems"}.
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace

from sized_window import run_options


def main(save_dir: str, spec: dict[str, list]) -> None:  # type: ignore[type-arg]
    from desert_pyramid.ui.base import audit
    from desert_pyramid.ui.window import GameApp, start

    for w, h in spec["sizes"]:
        options = run_options(w, h, save_dir)
        app = GameApp(options)
        jobs = [(s, replace(options, screen=s)) for s in spec.get("screens", [])]
        jobs += [(f"table {n}", replace(options, layout=n)) for n in spec.get("layouts", [])]
        for what, opts in jobs:
            app.options = opts
            start(app, opts)
            parts = audit.record_frames(app.step, int(spec.get("frames", 3)))
            found = audit.problems(parts, app.width, app.height)
            print(json.dumps({"what": what, "size": [w, h], "problems": found}), flush=True)
        app.close()


if __name__ == "__main__":
    main(sys.argv[1], json.loads(sys.argv[2]))
