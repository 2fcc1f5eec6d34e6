"""Helper for tests/ui/test_clock_saves.py: a real game window (headless) on an Expedition that
plays one move, then runs frames in real time without another move (the player thinks) until it
is killed. Each frame gets the real time since the last one, as under ``arcade.run()``.

Run as a script: ``python tests/clock_game.py SAVE_DIR`` prints ``moved`` once the move is made
(and saved), then ``daylight MS`` after every frame.
"""

from __future__ import annotations

import os
import sys
import time


def main(save_dir: str) -> int:
    os.environ.setdefault("ARCADE_HEADLESS", "1")
    import desert_pyramid.ui  # noqa: F401  (first: it sets pyglet up for the headless window)
    from desert_pyramid.app.prefs import Settings
    from desert_pyramid.engine.moves import KING, PAIR
    from desert_pyramid.storage import SaveStore
    from desert_pyramid.ui.window import GameApp, RunOptions

    store = SaveStore.open(save_dir, background=True)
    app = GameApp(
        RunOptions(
            size=(800, 600),
            headless=True,
            seed=3,
            store=store,
            settings=Settings(mute=True, animation_speed=0),
        )
    )
    app.start_mode("expedition")
    view: object = app.current_view
    table = app.table
    assert table is not None and view is table
    app.step(1 / 60)
    legal = table.game.legal_moves()
    removals = [m for m in legal if m.kind in (PAIR, KING)]
    table.apply(table.control.play((removals or legal)[0]))
    print("moved", flush=True)
    last = time.perf_counter()
    while True:
        time.sleep(1 / 60)
        now = time.perf_counter()
        app.dispatch_events()
        app.step(now - last)
        last = now
        app.ctx.finish()
        app.flip()
        print(f"daylight {table.session.daylight.left_ms}", flush=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
