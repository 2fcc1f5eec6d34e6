"""The table's pile and button captions in a window of its own size (headless windows cannot
resize), for a few languages at text 100% and 200%, on the classic pyramid, the tallest layout
(Ankh) and the Daily's and an Expedition's tables. Run as a script: ``python table_captions.py
WxH LANGS``; prints one JSON object per table: its captions as shown and the text size it
settled at."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from dataclasses import replace

os.environ["ARCADE_HEADLESS"] = "1"


def main(argv: list[str]) -> int:
    import desert_pyramid.ui  # noqa: F401  (before Arcade)
    from desert_pyramid.app.prefs import Settings
    from desert_pyramid.i18n import use_language
    from desert_pyramid.ui.window import GameApp, RunOptions, start

    w, h = (int(v) for v in argv[0].split("x"))
    base = RunOptions(
        size=(w, h),
        headless=True,
        frames=3,
        full_redraw=True,
        save_dir=tempfile.mkdtemp(prefix="dp-captions-"),
        settings=Settings(animation_speed=0, mute=True),
    )
    app = GameApp(base)
    tables = {
        "layout 1": replace(base, layout=1),
        "layout 31": replace(base, layout=31),
        "daily": replace(base, mode="daily"),
        "expedition": replace(base, mode="expedition"),
    }
    for lang in argv[1].split(","):
        use_language(lang)
        for text in (100, 200):
            app.settings = replace(app.settings, text_size=text)
            app.use_settings()
            for what, opts in tables.items():
                app.options = opts
                start(app, opts)
                for _ in range(3):
                    app.step()
                view = app.current_view
                view.hud.settle()
                t = view.hud.texts
                names = ("cap-stock", "cap-waste", "cap-satchel", "cap-discard", "c-undo", "c-hint")
                out = {
                    "table": what,
                    "lang": lang,
                    "text": text,
                    "settled": round(float(getattr(view, "text_scale", 1.0)) * 100),
                    "captions": {k: t[k].text for k in names if k in t},
                }
                print(json.dumps(out, ensure_ascii=False), flush=True)
    app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
