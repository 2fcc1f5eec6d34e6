"""The results screen with a relic's toast up, in a window of its own size (headless windows
cannot resize). Run as a script: ``python results_toast.py W H LANG``; prints one JSON object:
the layout audit's faults once the toast is at rest, and whether the audit saw the toast."""

from __future__ import annotations

import sys

from sized_window import open_window, report


def main(argv: list[str]) -> int:
    from desert_pyramid.progression import RELICS, Unlocks
    from desert_pyramid.ui.base import audit

    w, h, lang = int(argv[0]), int(argv[1]), argv[2]
    app, _ = open_window(w, h, lang, screen="results")
    app.overlay.unlocked(Unlocks((RELICS[0],), ()))
    for _ in range(40):  # the toast slides in and comes to rest
        app.step()
    parts = audit.record_frames(app.step, 2)
    out = {
        "faults": audit.problems(parts, w, h),
        "toast": any(p.kind == audit.POPUP and p.name == "toast" for p in parts),
    }
    return report(app, out)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
