"""The message line of a layout's table in a window of its own size (headless windows cannot
resize). Run as a script: ``python message_line.py W H LAYOUT``; prints one JSON object: the
opening words as shown and the layout audit's faults."""

from __future__ import annotations

import sys

from sized_window import open_window, report


def main(argv: list[str]) -> int:
    from desert_pyramid.ui.base import audit

    w, h, layout = int(argv[0]), int(argv[1]), int(argv[2])
    app, parts = open_window(w, h, frames=3, layout=layout)
    hud = app.current_view.hud
    opening = hud.texts["message"].text
    faults = audit.problems(parts, w, h)
    out = {"opening": opening, "faults": faults}
    return report(app, out)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
