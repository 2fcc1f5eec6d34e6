"""The Daily screen (the calendar, not the Daily's table: ``--mode daily`` opens that) at one
window size and text size, in several languages, the way ``--check-layout`` checks a screen: the
window opened by the command line's ``start()`` at the title, the screen opened as the title's
Daily button opens it, three frames drawn whole and the last one's parts checked.

Run as a script: ``python daily_sizes.py W H TEXT LANG[,LANG...]``; prints one JSON object per
language: {"lang", "settled" (the text size the screen was laid out at, in per cent),
"problems"}.
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace

from sized_window import open_window


def main(w: int, h: int, text: int, langs: list[str]) -> int:
    from desert_pyramid.i18n import use_language
    from desert_pyramid.ui.base import audit

    app, _parts = open_window(w, h, langs[0])
    app.settings = replace(app.settings, text_size=text)
    app.use_settings()
    for lang in langs:
        use_language(lang)
        app.show_daily()
        parts = audit.record_frames(app.step, 3)
        view = app.current_view
        found = {
            "lang": lang,
            "view": type(view).__name__,
            "settled": round(float(getattr(view, "text_scale", 1.0)) * 100),
            "problems": audit.problems(parts, app.width, app.height),
        }
        print(json.dumps(found, ensure_ascii=False), flush=True)
    app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(
        main(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4].split(","))
    )
