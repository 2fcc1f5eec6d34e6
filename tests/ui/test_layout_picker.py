"""The layout picker: drawn where expected, scrolled by keys and wheel with the focus in view,
chosen by Enter or a click, remembered, and reached from the Practice set-up."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import arcade
import pytest
from arcade import key as K

from desert_pyramid.app.picker import SETTING_KEY, remembered_layout
from desert_pyramid.catalog import all_layouts
from desert_pyramid.engine import CLASSIC, DESERT, Rules
from desert_pyramid.ui.art.miniature import COVERED_FILL, FREE_FILL, miniature_rects
from desert_pyramid.ui.base.palette import GOLD
from desert_pyramid.ui.screens.layout_picker import LayoutPickerView
from desert_pyramid.ui.screens.picker_geometry import PickerGeometry, picker_geometry

pytestmark = pytest.mark.ui
N = len(all_layouts())
LAST = max(all_layouts())  # the last layout of the grid


class Picked:
    def __init__(self) -> None:
        self.chosen: list[int] = []
        self.backs = 0


def open_picker(
    ui: Any, rules: Rules = DESERT, current: int = 1
) -> tuple[LayoutPickerView, Picked]:
    picked = Picked()

    def back() -> None:
        picked.backs += 1

    view = LayoutPickerView(
        ui.app,
        on_choose=picked.chosen.append,
        on_back=back,
        current=current,
        rules=rules,
        rules_name=rules.preset or "",
    )
    ui.app.show_view(view)
    ui.frames(1)
    return view, picked


@pytest.fixture
def no_store(ui: Any) -> Iterator[None]:
    from desert_pyramid.app import picker

    saved = ui.app.saves.store
    ui.app.saves.store = None
    picker._MEMORY.pop(ui.app.application, None)
    yield
    picker._MEMORY.pop(ui.app.application, None)
    ui.app.saves.store = saved


def pixel(image: Any, x: float, y: float) -> tuple[int, int, int]:
    """The colour at window point (x, y) (y up) in a frame read with arcade.get_image."""
    r, g, b, *_ = image.getpixel((int(x), image.height - 1 - int(y)))
    return (r, g, b)


def near(c: tuple[int, int, int], want: tuple[int, int, int], tol: int = 40) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(c, want, strict=True))


def tile_on_screen(view: LayoutPickerView, index: int) -> Any:
    assert view.geom is not None
    return view.geom.tiles[index].moved(0, round(view.scroll))


def in_view(view: LayoutPickerView, index: int) -> bool:
    g = view.geom
    assert g is not None
    return tile_on_screen(view, index).inside(g.grid)


def test_geometry_fits_and_scrolls_to_the_end() -> None:
    for size in ((1280, 720), (960, 540), (640, 360), (1920, 1080)):
        g = picker_geometry(*size, N)
        assert g.columns >= 2 and g.visible_rows >= 1
        assert g.grid.inside(g.panel) and g.back.inside(g.panel) and g.scrollbar.inside(g.panel)
        assert not g.back.overlaps(g.grid)
        for r in g.tiles:
            assert g.grid.left <= r.left and r.right <= g.grid.right
        last = g.scroll_to_show(N - 1, 0)
        assert last == g.max_scroll > 0
        assert g.tiles[N - 1].moved(0, last).inside(g.grid)
        assert g.thumb(g.max_scroll).bottom == pytest.approx(g.scrollbar.bottom)
        assert g.thumb(0).top == pytest.approx(g.scrollbar.top)


def test_picker_draws_tiles_where_expected(ui: Any, no_store: None) -> None:
    view, _ = open_picker(ui, current=12)
    g = view.geom
    assert isinstance(g, PickerGeometry)
    assert view.focus == 11 and in_view(view, 11)  # the current layout is focused and shown
    ui.key(K.HOME)
    ui.frames(1)
    assert view.scroll == 0
    image = arcade.get_image(0, 0, ui.app.width, ui.app.height)
    slabs = 0
    for i, layout in enumerate(view.layouts[: g.columns * g.visible_rows]):
        tile = g.tiles[i]
        assert tile.inside(g.grid)
        # the drawing: each layout's free cards are bright, a covered card's uncovered edge is sandstone
        box = view.drawing_rect(i)
        left, top = box.left, box.top
        rects = miniature_rects(layout, int(box.width), int(box.height))
        for s in layout.slots:
            r = rects[s.index]
            if not s.covered_by:
                x, y = left + r.left + r.width / 2, top - r.top - r.height / 2
                assert near(pixel(image, x, y), FREE_FILL), (
                    f"layout {layout.number}: free slot {s.id}"
                )
        if layout.number == 1:  # the classic pyramid's top card: its upper quarter shows
            r = rects[0]
            assert near(
                pixel(image, left + r.left + r.width / 2, top - r.top - r.height * 0.2),
                COVERED_FILL,
            )
        # the slab itself: dark brown at the tile's left edge, a gold rim on the focused tile
        edge = pixel(image, tile.left + 1, tile.cy)
        if i == view.focus:
            assert near(edge, GOLD, 60), edge
        else:
            assert max(edge) < 170, edge
            slabs += 1
    assert slabs >= 5
    assert view.focus == 0


def test_scrolling_is_clipped_to_the_grid(ui: Any, no_store: None) -> None:
    view, _ = open_picker(ui)
    g = view.geom
    assert g is not None
    band = (
        int(g.grid.left),
        int(g.grid.top + 4),
        int(g.grid.width),
        int(g.panel.top - g.grid.top - 8),
    )
    before = arcade.get_image(*band)
    ui.app.dispatch_event("on_mouse_scroll", int(g.grid.cx), int(g.grid.cy), 0, -1)
    ui.app.dispatch_events()
    ui.frames(1)
    assert view.scroll == pytest.approx(g.row_step * 0.5)
    after = arcade.get_image(*band)
    assert list(before.getdata()) == list(after.getdata()), "the scrolled grid drew over the header"
    ui.app.dispatch_event("on_mouse_scroll", int(g.grid.cx), int(g.grid.cy), 0, 100)
    ui.app.dispatch_events()
    assert view.scroll == 0  # clamped at the top


def test_keys_keep_the_focus_in_view_and_reach_the_last_layout(ui: Any, no_store: None) -> None:
    view, picked = open_picker(ui)
    g = view.geom
    assert g is not None
    assert view.focus == 0
    seen_scrolls = {view.scroll}
    for _ in range(N):  # row by row to the bottom
        ui.key(K.DOWN)
        assert in_view(view, view.focus), view.focus
        seen_scrolls.add(view.scroll)
    assert view.focus // g.columns == (N - 1) // g.columns  # the last row
    assert view.scroll == g.max_scroll and len(seen_scrolls) > 3
    while view.focus != N - 1:
        ui.key(K.RIGHT)
    assert view.numbers[view.focus] == LAST and in_view(view, view.focus)
    ui.key(K.HOME)
    assert view.focus == 0 and view.scroll == 0
    pages = 0
    while view.focus != N - 1:
        ui.key(K.PAGEDOWN)
        pages += 1
        assert in_view(view, view.focus)
        assert pages < N
    assert pages == -(-(N - 1) // (g.columns * g.visible_rows))
    ui.key(K.PAGEUP)
    assert in_view(view, view.focus) and view.focus == N - 1 - g.columns * g.visible_rows
    ui.key(K.END)
    assert view.focus == N - 1
    for _ in range(N):
        ui.key(K.LEFT)
        assert in_view(view, view.focus)
    assert view.focus == 0
    ui.key(K.RIGHT)
    ui.key(K.RIGHT)
    assert view.focus == 2
    ui.key(K.ENTER)
    assert picked.chosen == [3] and view.chosen == 3
    assert remembered_layout(ui.app.application) == 3
    ui.key(K.ESCAPE)
    assert picked.backs == 1


def test_click_chooses_and_the_store_remembers(ui: Any, no_store: None, tmp_path: Path) -> None:
    from desert_pyramid.progression import GameResult
    from desert_pyramid.storage import SaveStore

    store = SaveStore.open(tmp_path)
    for i, outcome in enumerate(("won", "lost", "won")):  # statistics are kept per layout
        store.record_game(
            GameResult(f"g{i}", "practice", "desert", LAST, outcome, 100, 60.0, 3, 0, "2025-01-02")
        )
    ui.app.saves.store = store
    try:
        view, picked = open_picker(ui)
        ui.key(K.END)
        ui.frames(1)
        assert "3 played, 2 won (67%)" in view.detail[1].text
        ui.key(K.LEFT)
        assert "not played this layout" in view.detail[1].text
        ui.key(K.RIGHT)
        tile = tile_on_screen(view, N - 1)
        ui.click(tile.cx, tile.cy)
        assert picked.chosen == [LAST]
        assert store.progress.settings[SETTING_KEY] == LAST
        store.close()
        reopened = SaveStore.open(tmp_path)
        assert reopened.progress.settings[SETTING_KEY] == LAST
        ui.app.saves.store = reopened
        assert remembered_layout(ui.app.application) == LAST
        reopened.update_settings({SETTING_KEY: "nonsense"})  # a hand-edited value is ignored
        assert remembered_layout(ui.app.application) == LAST  # (this window's memory still has it)
        reopened.close()
    finally:
        ui.app.saves.store = None


def test_classic_rules_allow_the_classic_pyramid_only(ui: Any, no_store: None) -> None:
    view, picked = open_picker(ui, rules=CLASSIC, current=12)
    assert view.locked and view.focus == 0
    ui.key(K.RIGHT)
    ui.key(K.ENTER)
    assert picked.chosen == [] and "Classic Pyramid only" in view.message
    ui.key(K.LEFT)
    ui.key(K.ENTER)
    assert picked.chosen == [1]


def test_partial_frames_equal_whole_frames(ui: Any, no_store: None) -> None:
    from desert_pyramid.app.prefs import Settings
    from desert_pyramid.ui.table.redraw import BufferProbe

    app = ui.app
    app.set_settings(
        Settings(animation_speed=1.0, mute=True)
    )  # smooth scrolling: many partial frames
    view, _ = open_picker(ui, rules=CLASSIC)
    try:
        for _ in range(
            BufferProbe.FRAMES + 1
        ):  # the offscreen buffer keeps its pixels: the probe says so
            app.step()
            app.flip()
        assert app.incremental
        drawn: list[object] = []
        whole_draw = view._draw_scene

        def counting(g: Any, box: Any) -> None:
            drawn.append(box)
            whole_draw(g, box)

        view._draw_scene = counting  # type: ignore[method-assign]
        # the picker draws its tiles out of view a few per frame; a new texture may make Arcade
        # repack its atlas, which draws the next frame whole: wait until every tile is drawn
        for _ in range(len(view.layouts)):
            if all(view._made):
                break
            ui.frames(1)
        assert all(view._made)
        ui.frames(3)
        drawn.clear()
        ui.frames(3)
        assert drawn == [], "a frame where nothing changed was drawn"
        compared = 0
        steps: list[Any] = [K.RIGHT, K.DOWN, K.PAGEDOWN, K.ENTER, K.END, K.HOME, "hover", "wheel"]
        for step in steps:
            if step == "hover":
                b = view.geom.back  # type: ignore[union-attr]
                app.dispatch_event("on_mouse_motion", int(b.cx), int(b.cy), 0, 0)
                app.dispatch_events()
            elif step == "wheel":
                g = view.geom
                app.dispatch_event("on_mouse_scroll", int(g.grid.cx), int(g.grid.cy), 0, -3)  # type: ignore[union-attr]
                app.dispatch_events()
            else:
                ui.key(step)
            for f in range(8):
                app.step()
                if f % 3 != 1:
                    continue
                partial = ui.frame_bytes()
                view.dirty.invalidate()
                view.on_draw()  # the same state drawn whole
                diff = ui.frames_differ(partial, ui.frame_bytes())
                assert diff is None, (
                    f"after {step}, frame {f}: the partial redraw differs in {diff}"
                )
                compared += 1
        assert compared >= 16
        assert any(box is not None for box in drawn), "no frame was drawn in part"
    finally:
        app.probe = BufferProbe()  # the other tests draw whole frames
        app.set_settings(Settings(animation_speed=0, mute=True))


def test_practice_setup_opens_the_picker_and_deals_the_choice(ui: Any, no_store: None) -> None:
    from desert_pyramid.ui.screens.practice import PracticeSetupView
    from desert_pyramid.ui.table.view import TableView

    ui.app.show_practice_setup()
    ui.frames(1)
    setup = ui.view
    assert isinstance(setup, PracticeSetupView)
    while setup.menu.focus != 1:  # up to the Layout row
        ui.key(K.UP)
    ui.key(K.ENTER)
    picker = ui.view
    assert isinstance(picker, LayoutPickerView)
    ui.key(K.END)
    ui.key(K.ENTER)
    assert ui.view is setup
    assert setup.menu.buttons[1].value.startswith(f"{LAST} ·")
    while setup.menu.buttons[setup.menu.focus].label != "Play":
        ui.key(K.DOWN)
    ui.key(K.ENTER)
    assert isinstance(ui.view, TableView) and ui.view.game.layout.number == LAST
    # the next set-up starts on the remembered layout; a click on the Layout row's name opens the picker
    ui.app.show_practice_setup()
    ui.frames(1)
    assert ui.view.menu.buttons[1].value.startswith(f"{LAST} ·")
    row = ui.view.menu.buttons[1].rect
    ui.click(row.left + 20, row.cy)
    assert isinstance(ui.view, LayoutPickerView) and ui.view.focus == N - 1
    ui.key(K.ESCAPE)
    assert isinstance(ui.view, PracticeSetupView)
    ui.app.table = None


def test_a_live_resize_gives_the_grid_a_camera_of_the_new_size(ui: Any, no_store: None) -> None:
    """Arcade calls the view's on_resize before the window sets its new viewport: the picker
    laid out then must not take the old viewport for its grid's camera (a blank band, clipped
    tiles, at 1600x500 an almost empty list until the screen was entered again)."""
    view, _ = open_picker(ui, current=1)
    ctx = ui.app.ctx
    w, h = ui.app.width, ui.app.height
    old = ctx.viewport
    view._size = (0, 0)  # as if the window had had another size
    ctx.viewport = (0, 0, 800, 600)  # the viewport of that size, not yet set to the new one
    try:
        view.on_resize(w, h)
    finally:
        ctx.viewport = old
    fb_w, fb_h = ui.app.get_framebuffer_size()
    assert tuple(view.camera.viewport.lbwh) == (0, 0, fb_w, fb_h)
    assert tuple(view.camera.projection.lrbt) == (-w / 2, w / 2, -h / 2, h / 2)
    ui.frames(1)
    g = view.geom
    shot = ui.shot()  # the first row of tiles is drawn where the geometry puts it
    r = g.tiles[0].moved(0, view.scroll)
    x, y = int(r.cx), int(r.top - 6)
    assert shot.getpixel((x, shot.height - 1 - y)) != shot.getpixel(
        (x, shot.height - 1 - int(g.grid.top + 40))
    )
