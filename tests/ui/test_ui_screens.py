"""What the player sees: every screen against a golden screenshot (with a tolerance), and pixel
checks that mean something (covered cards are grey, the sky is blue, the HUD bar is dark).

The goldens are small (320 x 180) PNGs in tests/ui/golden. After a deliberate change of the look,
look at the new screens, then write new goldens with ``UPDATE_GOLDENS=1 python -m pytest tests/ui``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from arcade import key as K
from PIL import Image, ImageChops, ImageStat

from desert_pyramid.app.prefs import Settings
from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import DESERT, Deal

from .winning import find_win

pytestmark = pytest.mark.ui
GOLDEN = Path(__file__).parent / "golden"
SIZE = (320, 180)
MEAN_TOLERANCE = 3.0  # mean absolute difference per channel (0-255)
FAR = 48  # a pixel this far off in some channel counts as different
FAR_SHARE = 0.01  # at most this share of pixels may be that far off


def check_golden(ui, name: str) -> Image.Image:  # type: ignore[no-untyped-def]
    shot = ui.shot()
    small = shot.resize(SIZE, Image.Resampling.BOX)
    path = GOLDEN / f"{name}.png"
    if os.environ.get("UPDATE_GOLDENS"):
        GOLDEN.mkdir(exist_ok=True)
        small.save(path)
    if os.environ.get("KEEP_SHOTS"):  # a folder to keep the full-size screens in, to look at them
        shot.save(Path(os.environ["KEEP_SHOTS"]) / f"{name}.png")
    assert path.is_file(), f"no golden {path.name}: make it with UPDATE_GOLDENS=1 (and look at it)"
    golden = Image.open(path).convert("RGB")
    diff = ImageChops.difference(small, golden)
    mean = sum(ImageStat.Stat(diff).mean) / 3
    far = sum(1 for px in diff.getdata() if max(px) > FAR) / (SIZE[0] * SIZE[1])
    assert mean <= MEAN_TOLERANCE and far <= FAR_SHARE, (
        f"{name}: mean diff {mean:.2f}, far pixels {far:.2%}"
    )
    return shot


def table(ui, seed: int = 5, rules=DESERT):  # type: ignore[no-untyped-def]
    ui.app.start_practice(rules, get_layout(1), Deal.from_seed(seed))
    ui.frames(2)
    return ui.view


def at(shot: Image.Image, x: float, y: float) -> tuple[int, int, int]:
    """The colour at window coordinates (y up) of a full-size screenshot."""
    return shot.getpixel((int(x), shot.height - 1 - int(y)))  # type: ignore[return-value]


def test_title(ui) -> None:  # type: ignore[no-untyped-def]
    ui.app.show_title()
    ui.frames(2)
    check_golden(ui, "title")


def test_practice_setup(ui) -> None:  # type: ignore[no-untyped-def]
    ui.app.show_practice_setup()
    ui.frames(2)
    check_golden(ui, "practice")


def test_table_look(ui) -> None:  # type: ignore[no-untyped-def]
    view = table(ui)
    shot = check_golden(ui, "table")
    g = view.geom
    # the HUD bar is dark, the sky blue, the sand sandy
    bar = at(shot, g.width * 0.45, g.hud.cy)
    assert max(bar) < 110
    sky = at(shot, g.width - 40, g.hud.bottom - 20)  # (the coach's panel is on the left)
    assert sky[2] > sky[0] + 40
    sand = at(shot, g.width - 30, g.message.top + 30)
    assert sand[0] > sand[2] + 40
    # free cards are bright, covered cards shaded grey: compare plain paper near the top of each
    free, covered = g.slots[21], g.slots[0]
    bright = at(shot, free.cx, free.top - free.height * 0.06)
    grey = at(shot, covered.cx, covered.top - covered.height * 0.06)
    assert min(bright) > 235
    assert max(grey) < 215 and abs(grey[0] - grey[2]) < 30


def test_table_with_a_selection(ui) -> None:  # type: ignore[no-untyped-def]
    view = table(ui)
    game = view.game
    pick = next(i for i in game.free_slots() if len(view.control.partners_of(i)) >= 2)
    ui.click(*ui.where(pick))
    ui.frames(1)
    assert view.control.selected == pick and len(view.control.partners) >= 2
    shot = check_golden(ui, "table_selected")
    # the selected card is lifted: its sprite sits above its slot
    card = view.board.cards[int(game.card_at(pick))]
    assert card.center_y > view.geom.slots[pick].cy
    # the partners are ringed in green
    r = view.geom.slots[view.control.partners[0]]
    ring = at(shot, r.left - 1, r.cy)
    assert ring[1] > ring[0] and ring[1] > ring[2], ring


def test_table_keyboard_focus_and_hint_ring(ui) -> None:  # type: ignore[no-untyped-def]
    table(ui)
    ui.key(K.RIGHT)
    ui.frames(1)
    check_golden(ui, "table_focus")


def test_large_index_four_colour_deck(ui) -> None:  # type: ignore[no-untyped-def]
    ui.app.set_settings(Settings(animation_speed=0, mute=True, four_colour=True, large_index=True))
    table(ui)
    check_golden(ui, "table_large")


def test_pause(ui) -> None:  # type: ignore[no-untyped-def]
    table(ui)
    ui.key(K.ESCAPE)
    ui.frames(2)
    check_golden(ui, "pause")


def test_results_after_a_win(ui) -> None:  # type: ignore[no-untyped-def]
    import sys

    from desert_pyramid.ui.screens.results import ResultsView

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    view = table(ui, seed=4)
    line = find_win(view.game)
    assert line is not None
    for move in line:
        view.apply(view.control.play(move))
    ui.frames(2)
    assert isinstance(ui.view, ResultsView)
    check_golden(ui, "results")


def test_settings(ui) -> None:  # type: ignore[no-untyped-def]
    ui.app.show_title()
    ui.app.show_settings(ui.view)
    ui.frames(2)
    check_golden(ui, "settings")


def test_help_over_the_table(ui) -> None:  # type: ignore[no-untyped-def]
    table(ui)
    ui.key(K.F1)
    ui.frames(2)
    check_golden(ui, "help")


def test_relics_placeholder(ui) -> None:  # type: ignore[no-untyped-def]
    from desert_pyramid.ui.screens.title import placeholder_text

    ui.app.show_placeholder("Relics", placeholder_text("relics"))
    ui.frames(2)
    check_golden(ui, "relics")
