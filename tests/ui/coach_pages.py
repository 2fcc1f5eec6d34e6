"""The coach strip of a Practice table in a window of its own size (headless windows cannot
resize). Run as a script: ``python coach_pages.py W H LANG [LAYOUT]``; prints one JSON object: the pages
the strip shows its words in, the page shown before and after the time of a page, and the
layout audit's faults."""

from __future__ import annotations

import sys

from sized_window import open_window, report


def main(argv: list[str]) -> int:
    from desert_pyramid.ui.base import audit
    from desert_pyramid.ui.table.coach_panel import PAGE_S

    w, h, lang = int(argv[0]), int(argv[1]), argv[2]
    layout = int(argv[3]) if len(argv) > 3 else None  # default: a random Practice deal's
    app, parts = open_window(w, h, lang, frames=3, screen="table", layout=layout)
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
    return report(app, out)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
