"""The coach strip of a Practice table in a window of its own size (headless windows cannot
resize). Run as a script: ``python coach_pages.py W H LANG [LAYOUT]``; prints one JSON object: the pages
the strip shows its words in, the page shown before and after the time of a page, and the
layout audit's faults."""

from __future__ import annotations

import json
import os
import sys
import tempfile

os.environ["ARCADE_HEADLESS"] = "1"


def main(argv: list[str]) -> int:
    import desert_pyramid.ui  # noqa: F401  (before Arcade)
    from desert_pyramid.app.prefs import Settings
    from desert_pyramid.i18n import use_language
    from desert_pyramid.ui.base import audit
    from desert_pyramid.ui.table.coach_panel import PAGE_S
    from desert_pyramid.ui.window import GameApp, RunOptions, start

    w, h, lang = int(argv[0]), int(argv[1]), argv[2]
    layout = int(argv[3]) if len(argv) > 3 else None  # default: a random Practice deal's
    use_language(lang)
    options = RunOptions(
        size=(w, h),
        headless=True,
        frames=3,
        full_redraw=True,
        save_dir=tempfile.mkdtemp(prefix="dp-coach-"),
        settings=Settings(animation_speed=0, mute=True),
        screen="table",
        layout=layout,
    )
    app = GameApp(options)
    start(app, options)
    parts = audit.record_frames(app.step, 3)
    panel = app.current_view.coach_panel
    before = panel.body
    for _ in range(int(PAGE_S * 60) + 2):  # a page's time, in frames
        app.current_view.on_update(1 / 60)
    after = panel.body
    out = {
        "pages": panel.pages,
        "before": before,
        "after": after,
        "faults": audit.problems(parts, w, h),
    }
    print(json.dumps(out, ensure_ascii=False), flush=True)
    app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
