"""Maintainer tool: the gallery of every screen and moment of the game, at 1280×720, 800×600,
640×360 and 1920×1080; each setting for every eye (high contrast, text size 200%, reduced
motion: ``*-high-contrast``, ``*-text-200``, ``*-reduced-motion``), and in every language the
table, a hint, the coach, How to play and the results (``*-LANG``).

    python tools/gallery.py                       # writes docs/screens/*.png (the four sizes)
    python tools/gallery.py --out /tmp/screens --sizes 1024x768
    python tools/gallery.py --parts settings,languages --sizes 800x600

Each size runs in a process of its own (one offscreen window each), plays real deals through the
game's own code (the solver's lines, the table's controls, the modes' sessions) and saves what a
player sees, as opaque RGB PNG files named ``SCREEN-WxH.png``. Look at them before committing.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screens"
SIZES = ("1280x720", "800x600", "640x360", "1920x1080")


PARTS = ("screens", "settings", "languages")


def king_seed() -> int:
    """The first desert deal of the classic pyramid with a king free at the deal: flipping past it
    is a mistake the coach names (this gallery's coach, the English-left sweep's and the tests')."""
    from desert_pyramid.catalog import get_layout
    from desert_pyramid.engine import DESERT, Deal, Game

    for seed in range(1, 500):
        game = Game(get_layout(1), DESERT, Deal.from_seed(seed))
        if any(card.rank == 13 for place, card in game.playable() if place >= 0):
            return seed
    raise LookupError("no deal of seeds 1-499 has a king free at the deal")


def shoot_all(out: Path, size: tuple[int, int], parts: tuple[str, ...] = PARTS) -> list[Path]:
    """Every screen at one size (in this process: call once per process); ``parts``: the
    screens and moments, the settings for every eye, the languages."""
    os.environ["ARCADE_HEADLESS"] = "1"
    sys.path.insert(0, str(ROOT))
    import arcade

    from desert_pyramid.app.prefs import Settings
    from desert_pyramid.catalog import Catalogue, all_layouts, get_layout
    from desert_pyramid.engine import DESERT, Deal, Game, GameCode, encode_game_code
    from desert_pyramid.progression import GameResult
    from desert_pyramid.solver import solve
    from desert_pyramid.solver.analysis import analyse
    from desert_pyramid.storage import SaveStore
    from desert_pyramid.ui.window import GameApp, RunOptions
    from desert_pyramid.workshop.model import draft_of

    w, h = size
    folder = Path(tempfile.mkdtemp(prefix="dp-gallery-"))
    catalogue = Catalogue.open(folder / "saves", readonly=False)  # the player's, beside the saves
    own = catalogue.store
    store = SaveStore.open(folder / "saves", layouts=catalogue.get_layout)
    for i, (mode, outcome, score) in enumerate(
        (
            ("practice", "won", 1840),
            ("practice", "lost", 420),
            ("daily", "won", 2950),
            ("expedition", "won", 3200),
            ("practice", "won", 1510),
            ("expedition", "lost", 960),
        )
    ):
        game = Game(get_layout(1), DESERT, Deal.from_seed(100 + i))
        game.replay(solve(game, 200_000).line[: 10 + 3 * i])
        store.record_game(
            GameResult(
                f"{mode}-g{i}",
                mode,
                "desert",
                1,
                outcome,
                score,  # type: ignore[arg-type]
                95.0 + i,
                4 + i,
                1,
                f"2026-11-{20 + i}",
                game_code=encode_game_code(game),
            )
        )
    store.flush()
    app = GameApp(
        RunOptions(
            size=size,
            headless=True,
            settings=Settings(animation_speed=1.0, mute=True),
            store=store,
            catalogue=catalogue,
        )
    )
    app.saves.attach(store)
    written: list[Path] = []

    def frames(n: int = 3) -> None:
        for _ in range(n):
            app.step()

    def shot(name: str, toasts: bool = False) -> None:
        if not toasts:  # the unlock toasts of the games recorded above would sit on every screen
            app.overlay.queue.clear()
            app.overlay.current = None
        frames(2)
        path = out / f"{name}-{w}x{h}.png"
        arcade.get_image(0, 0, w, h).convert("RGB").save(path)
        written.append(path)

    def until(done: Callable[[], bool], seconds: float = 30.0) -> None:
        end = time.monotonic() + seconds
        while not done() and time.monotonic() < end:
            app.step()
            time.sleep(0.01)

    def practice(layout: int, seed: int = 5, moves: int = 0) -> object:
        app.start_practice(DESERT, get_layout(layout), Deal.from_seed(seed))
        frames(4)
        table = app.table
        assert table is not None
        for move in solve(table.game, 300_000).line[:moves]:
            table.apply(table.control.play(move))
            frames(8)
        frames(40)
        return table

    def coach_shot(name: str) -> None:
        """The coach beside the table: a flip while a king is free, the mistake named and the
        king (and the waste the flip tip is about) marked on the table."""
        table: Any = practice(1, seed=king_seed(), moves=0)
        table.apply(table.control.flip())
        frames(20)
        shot(name)

    def hinted(table: Any) -> None:
        """A hint asked for at ``table``, until it shows."""
        table.ask_hint()
        until(lambda: bool(table.hint_places))

    def won(table: Any) -> None:
        """The deal at ``table`` played to the end: the results come up."""
        app.show_view(table)
        for move in solve(table.game, 300_000).line:
            table.apply(table.control.play(move))
        frames(30)
        if type(app.current_view).__name__ != "ResultsView":
            table.finish()  # the win's moment waits for a click or Enter
        until(lambda: type(app.current_view).__name__ == "ResultsView", 20)

    if "screens" in parts:
        app.show_title()
        shot("title")
        coach_shot("coach")
        table = practice(1, moves=14)
        shot("table")
        table.ask_hint()  # type: ignore[attr-defined]
        until(lambda: bool(table.hint_places))  # type: ignore[attr-defined]
        shot("hint")
        app.show_pause(table)  # type: ignore[arg-type]
        shot("pause")
        app.show_view(table)  # type: ignore[arg-type]
        for move in solve(table.game, 300_000).line:  # type: ignore[attr-defined]
            table.apply(table.control.play(move))  # type: ignore[attr-defined]
        frames(50)  # the win's moment: the cards thrown over everything, the banner held
        shot("win")
        until(lambda: type(app.current_view).__name__ == "ResultsView", 20)
        shot("results-won")
        app.show_replay(GameCode.of(table.game), analyse=False)  # type: ignore[attr-defined]
        replay = app.current_view
        replay.analysis = analyse(replay.code.game(get_layout(1)))  # type: ignore[union-attr]
        replay.go_to(len(replay.moves) // 2, animate=False)  # type: ignore[union-attr]
        shot("replay")
        # an Expedition: a pyramid cleared, then the sunset
        app.options.seed = 3
        app.start_mode("expedition")
        frames(4)
        trek = app.table
        assert trek is not None
        for move in solve(trek.game, 300_000).line:
            trek.apply(trek.control.play(move))
        frames(30)
        shot("expedition-cleared", toasts=True)
        for _ in range(400):
            trek.session.update(1000)
            if trek.session.finished:
                break
        frames(150)  # the sunset's moment: the sun on the horizon, the light going
        shot("sunset")
        until(lambda: type(app.current_view).__name__ == "ResultsView", 20)
        shot("results-sunset")
        # a stuck deal: always the last legal move, until none is left; the dialog shows the ways on
        app.start_practice(DESERT, get_layout(1), Deal.from_seed(1))
        frames(4)
        stuck = app.table
        assert stuck is not None
        while not stuck.game.is_stuck() and not stuck.game.won:
            stuck.apply(stuck.control.play(stuck.game.legal_moves()[-1]))
        frames(60)
        shot("stuck")
        app.show_relics()
        shot("relics")
        app.show_backs()
        shot("backs")
        app.show_statistics()
        shot("statistics")
        app.show_daily()
        shot("daily")
        app.show_practice_setup()
        shot("practice")
        app.current_view.choose_layout()  # type: ignore[union-attr]
        frames(10)
        shot("layout-picker")
        # the player's own layouts, under their heading
        pyramid = [(13 + 2 * c - r, 2 + r) for r in range(5) for c in range(r + 1)]
        own.add(draft_of(pyramid, "Little steps").build())
        wall = [(2 * c + 5, 1) for c in range(8)] + [(2 * c + 6, 2) for c in range(7)]
        wall += [(2 * c + 7, 3) for c in range(6)] + [(2 * c + 8, 5) for c in range(5)]
        own.add(draft_of(wall, "Sandbank").build())
        picker = app.current_view
        picker.reload()  # type: ignore[union-attr]
        picker.set_focus(len(picker.layouts) - 1)  # type: ignore[union-attr]
        frames(20)
        shot("layout-picker-own")
        # the layout editor: a layout being measured, then one that cannot be played yet
        app.show_editor(draft_of(wall, "Sandbank"), back=lambda _saved: app.show_title())
        editor = app.current_view.editor  # type: ignore[union-attr]
        until(lambda: editor.estimate is not None and editor.estimate.done >= 60, 60)
        shot("editor")
        app.show_editor(draft_of(pyramid[:9], "Unfinished"), back=lambda _saved: app.show_title())
        app.current_view.editor.save()  # type: ignore[union-attr]
        shot("editor-problems")
        for page in ("rules", "quiz"):
            app.show_howto(None, page)
            shot("howto" if page == "rules" else "quiz")
        app.show_howto(None, "rules")
        app.current_view.watch()  # type: ignore[union-attr]
        frames(120)
        shot("worked-example")
        app.show_settings(app.current_view)  # type: ignore[arg-type]
        shot("settings")
        layouts = all_layouts()
        tallest = max(layouts.values(), key=lambda lay: (lay.height, lay.size)).number
        widest = max(layouts.values(), key=lambda lay: (lay.width, lay.size)).number
        practice(tallest, moves=6)
        shot("layout-tallest")
        practice(widest, moves=6)
        shot("layout-widest")
        largest = max(layouts.values(), key=lambda lay: (lay.size, lay.number)).number
        practice(largest, moves=6)
        shot("layout-largest")
    if "settings" in parts:
        # the high-contrast theme (Settings → High contrast; docs/accessibility.md): the table with
        # the keyboard focus on a card, and the settings
        from dataclasses import replace

        app.set_settings(replace(app.settings, high_contrast=True))
        table = practice(1, moves=14)
        table.cycle_focus(1)  # type: ignore[attr-defined]
        frames(4)
        shot("table-high-contrast")
        app.show_settings(app.current_view)  # type: ignore[arg-type]
        frames(3)
        shot("settings-high-contrast")
        # the text size at 200% (Settings → Text size): each screen as large as the window
        # holds it (ui/screen.py)
        app.set_settings(replace(app.settings, high_contrast=False, text_size=200))
        app.show_title()
        frames(6)
        shot("title-text-200")
        table = practice(1, moves=14)
        frames(6)
        shot("table-text-200")
        app.show_settings(app.current_view)  # type: ignore[arg-type]
        frames(6)
        shot("settings-text-200")
        app.show_howto(None, "rules")
        frames(6)
        shot("howto-text-200")
        won(table)
        frames(6)
        shot("results-text-200")
        # reduced motion (Animations: Off): a pair lands at once, a won deal goes straight on
        app.set_settings(replace(app.settings, text_size=100, animation_speed=0.0))
        table = practice(1, moves=14)
        move = solve(table.game, 300_000).line[0]  # type: ignore[attr-defined]
        table.apply(table.control.play(move))  # type: ignore[attr-defined]
        frames(1)
        shot("table-reduced-motion")
        app.set_settings(replace(app.settings, animation_speed=1.0))
    if "languages" in parts:
        # every language: the table, a hint, the coach, How to play and the results
        from desert_pyramid.i18n import LANGUAGES, use_language

        for lang in LANGUAGES:
            use_language(lang)
            coach_shot(f"coach-{lang}")
            table = practice(1, moves=14)
            shot(f"table-{lang}")
            hinted(table)
            shot(f"hint-{lang}")
            app.show_howto(None, "rules")
            shot(f"howto-{lang}")
            won(table)
            frames(6)
            shot(f"results-{lang}")
        use_language("en")
    app.close()
    store.close()
    return written


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python tools/gallery.py", description=__doc__.splitlines()[0]
    )
    ap.add_argument(
        "--out", type=Path, default=OUT, help="the folder to write (default docs/screens)"
    )
    ap.add_argument("--sizes", default=",".join(SIZES), help="window sizes, e.g. 1280x720,800x600")
    ap.add_argument(
        "--parts",
        default=",".join(PARTS),
        help="what to draw: screens, settings, languages (default: all)",
    )
    ap.add_argument("--one", metavar="WxH", help=argparse.SUPPRESS)  # a child process: one size
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    if args.one:
        w, h = (int(v) for v in args.one.split("x"))
        written = shoot_all(args.out, (w, h), tuple(args.parts.split(",")))
        print(f"{len(written)} screens at {w}x{h} in {args.out}")
        return 0
    for size in args.sizes.split(","):
        proc = subprocess.run(
            [
                sys.executable,
                __file__,
                "--out",
                str(args.out),
                "--parts",
                args.parts,
                "--one",
                size.strip(),
            ],
            env={**os.environ, "ARCADE_HEADLESS": "1"},
            check=False,
        )
        if proc.returncode:
            return proc.returncode
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
