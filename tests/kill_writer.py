"""Helper for tests/test_storage_kill.py: a writer that saves in a loop until it is killed.

``run(save_dir, ready)`` opens the store (exit code 3 if opening had anything to complain
about), calls ``ready()``, then records games and saves moves forever, the files growing. Run as
a script (``python tests/kill_writer.py SAVE_DIR``) it prints "ready" on stdout.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import DESERT, Deal, Game
from desert_pyramid.engine.moves import KING, PAIR
from desert_pyramid.progression import GameResult
from desert_pyramid.storage import CurrentGame, SaveStore


def run(save_dir: str, ready: Callable[[], None]) -> int:
    store = SaveStore.open(save_dir)
    complaints = [n for n in store.take_notices() if n.level != "info"]
    if complaints:
        print("\n".join(n.message for n in complaints), file=sys.stderr)
        return 3
    ready()
    layout = get_layout(1)
    n = len(store.progress.seen_games)
    while True:
        n += 1
        game_id = f"g{n}"
        game = Game(layout, DESERT, Deal.from_seed(n))
        for move in range(1, 3 + n % 5):  # a save after every move, the history growing
            legal = game.legal_moves()
            if not legal:
                break
            removals = [m for m in legal if m.kind in (PAIR, KING)]
            game.play(removals[0] if removals else legal[0])
            store.save_current(
                CurrentGame(
                    game_id,
                    "practice",
                    "desert",
                    1,
                    "2025-03-14",
                    game.to_dict(),
                    score=game.points,
                    mode_state={"n": n, "moves": move},
                )
            )
        store.record_game(
            GameResult(
                game_id,
                "practice",
                "desert",
                1 + n % 5,
                "won" if n % 4 else "lost",
                n,
                float(n),
                n % 10,
                n % 3,
                "2025-03-14",
            )
        )


if __name__ == "__main__":
    sys.exit(run(sys.argv[1], lambda: print("ready", flush=True)))
