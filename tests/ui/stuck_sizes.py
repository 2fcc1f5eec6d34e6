"""The stuck deal's dialog in a window of its own size (headless windows cannot resize). Run as
a script: ``python stuck_sizes.py W H LANG [SHOT]``; prints one JSON object: the layout audit's
faults with the dialog up, whether the audit saw the dialog, how many of the dead position's
cards lie under it, and what the message line and the coach say under it and once it is closed."""

from __future__ import annotations

import sys
from pathlib import Path

from sized_window import open_window, report


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from desert_pyramid.ui.base import audit
    from tests.ui.driver import Driver
    from tests.ui.test_moments import stuck_practice

    w, h, lang = int(argv[0]), int(argv[1]), argv[2]
    app, _ = open_window(w, h, lang)
    ui = Driver(app)
    view = stuck_practice(ui)
    ui.frames(30, dt=0.05)
    parts = audit.record_frames(lambda: ui.frames(1), 2)
    if len(argv) > 3:
        ui.shot().save(argv[3])
    dialog = view.stuck_dialog
    panel = dialog.panel if dialog is not None else None
    covered = sum(1 for r in view.dead_position() if panel is not None and panel.overlaps(r))
    shown = view.hud.texts["message"].text  # the message line under the dialog
    coach = any(p.owner == "coach" for p in parts)  # the coach's panel drawn
    view.close_stuck_dialog()  # "Keep looking": the line and the coach say it again
    ui.frames(3)
    out = {
        "faults": audit.problems(parts, w, h),
        "seen": any(p.kind == audit.POPUP and p.name == "stuck dialog" for p in parts),
        "covered": covered,
        "message_under_dialog": shown,
        "coach_under_dialog": coach,
        "message_after": view.hud.texts["message"].text,
        "coach_after": view.coach_shown,
    }
    return report(app, out)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
