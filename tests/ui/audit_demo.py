"""The layout audit of How to play's worked example at every step, in a window of its own size
(headless windows cannot resize). Run as a script: ``python audit_demo.py W H LANG [SHOTS]``;
prints each fault as ``step N: fault``, then ``panels N`` (the steps whose panel the audit saw)
and ``faults N``. ``SHOTS``: a path prefix for PNGs of steps 0, 1 and 3."""

from __future__ import annotations

import sys

from sized_window import open_window


def main(argv: list[str]) -> int:
    from arcade import key as K
    from driver import Driver

    from desert_pyramid.ui.base import audit

    w, h, lang = int(argv[0]), int(argv[1]), argv[2]
    shots = argv[3] if len(argv) > 3 else ""
    app, _ = open_window(w, h, lang)  # the title
    ui = Driver(app)
    app.show_howto(ui.view, "rules")
    ui.frames(1)
    ui.key(K.W)
    ui.view.auto = False
    ui.frames(2)
    total = panels = 0
    for step in range(len(ui.view.demo.steps) + 1):
        parts = audit.record_frames(lambda: ui.frames(1), 2)
        panels += any(p.kind == audit.POPUP and p.name == "worked example" for p in parts)
        for fault in audit.problems(parts, w, h):
            total += 1
            print(f"step {step}: {fault}")
        if shots and step in (0, 1, 3):
            ui.shot().save(f"{shots}-step{step}.png")
        ui.key(K.SPACE)
        ui.frames(30, dt=0.05)
    print(f"panels {panels}")
    print(f"faults {total}", flush=True)
    app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
