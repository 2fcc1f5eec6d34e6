"""The results screen with a relic's toast up, in a window of its own size (headless windows
cannot resize). Run as a script: ``python results_toast.py W H LANG``; prints one JSON object:
the layout audit's faults once the toast is at rest, and whether the audit saw the toast."""

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
    from desert_pyramid.progression import RELICS, Unlocks
    from desert_pyramid.ui.base import audit
    from desert_pyramid.ui.window import GameApp, RunOptions, start

    w, h, lang = int(argv[0]), int(argv[1]), argv[2]
    use_language(lang)
    options = RunOptions(
        size=(w, h),
        headless=True,
        frames=3,
        full_redraw=True,
        save_dir=tempfile.mkdtemp(prefix="dp-results-"),
        settings=Settings(animation_speed=0, mute=True),
        screen="results",
    )
    app = GameApp(options)
    start(app, options)
    app.overlay.unlocked(Unlocks((RELICS[0],), ()))
    for _ in range(40):  # the toast slides in and comes to rest
        app.step()
    parts = audit.record_frames(app.step, 2)
    out = {
        "faults": audit.problems(parts, w, h),
        "toast": any(p.kind == audit.POPUP and p.name == "toast" for p in parts),
    }
    print(json.dumps(out, ensure_ascii=False), flush=True)
    app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
