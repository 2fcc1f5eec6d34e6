"""The replay screen at one window size, in English, German and Russian, as the audit opens it:
prints one JSON line per language: its audit faults, the analysis list's rows shown and their
sizes, and whether every button's label stands whole.

Run as a script: ``python replay_sizes.py W H``.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from dataclasses import replace

os.environ["ARCADE_HEADLESS"] = "1"


def main(w: int, h: int) -> None:
    import desert_pyramid.ui  # noqa: F401  (before Arcade)
    from desert_pyramid.app.prefs import Settings
    from desert_pyramid.engine import decode_game_code
    from desert_pyramid.i18n import use_language
    from desert_pyramid.ui.base import audit
    from desert_pyramid.ui.screens.replay import ReplayView
    from desert_pyramid.ui.window import GameApp, RunOptions, start

    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
    from audit_all import REPLAY_CODE

    with tempfile.TemporaryDirectory() as tmp:
        options = RunOptions(
            size=(w, h),
            headless=True,
            frames=3,
            full_redraw=True,
            save_dir=tmp,
            settings=Settings(animation_speed=0, mute=True),
        )
        app = GameApp(options)
        for lang in ("en", "de", "ru"):
            use_language(lang)
            opts = replace(options, code=decode_game_code(REPLAY_CODE, app.get_layout))
            start(app, opts)
            parts = audit.record_frames(app.step, 3)
            view = app.current_view
            assert isinstance(view, ReplayView)
            view.close_source()
            rows = [t for t in view.list_texts.items if getattr(t, "box", None) is not None]
            print(
                json.dumps(
                    {
                        "lang": lang,
                        "faults": audit.problems(parts, app.width, app.height),
                        "rows": len(rows),
                        "row_sizes": sorted({round(t.label.font_size, 2) for t in rows}),
                        "buttons_whole": [t.text for t in view.buttons._labels]
                        == [b.label for b in view.buttons.buttons],
                    }
                ),
                flush=True,
            )
        app.close()


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
