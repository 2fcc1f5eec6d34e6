"""The message line of a layout's table in a window of its own size (headless windows cannot
resize). Run as a script: ``python message_line.py W H LAYOUT``; prints one JSON object: the
opening words as shown and the layout audit's faults."""

from __future__ import annotations

import json
import os
import sys
import tempfile

os.environ["ARCADE_HEADLESS"] = "1"


def main(argv: list[str]) -> int:
    import desert_pyramid.ui  # noqa: F401  (before Arcade)
    from desert_pyramid.app.prefs import Settings
    from desert_pyramid.ui.base import audit
    from desert_pyramid.ui.window import GameApp, RunOptions, start

    w, h, layout = int(argv[0]), int(argv[1]), int(argv[2])
    options = RunOptions(
        size=(w, h),
        headless=True,
        frames=3,
        full_redraw=True,
        save_dir=tempfile.mkdtemp(prefix="dp-message-"),
        settings=Settings(animation_speed=0, mute=True),
        layout=layout,
    )
    app = GameApp(options)
    start(app, options)
    parts = audit.record_frames(app.step, 3)
    hud = app.current_view.hud
    opening = hud.texts["message"].text
    faults = audit.problems(parts, w, h)
    out = {"opening": opening, "faults": faults}
    print(json.dumps(out, ensure_ascii=False), flush=True)
    app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
