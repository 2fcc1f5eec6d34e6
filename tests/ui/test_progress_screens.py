"""Relics, card backs, statistics and the unlock toast, with real save files in a temporary folder.

Screens are checked by what they draw (pixels read back from the frame, with tolerance) and
driven by real key presses and clicks.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import Any

import arcade
import pytest
from arcade import key as K
from PIL import Image

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import DESERT, Deal, Game
from desert_pyramid.progression import BACK_BY_ID, CARD_BACKS, RELICS, GameResult, Unlocks
from desert_pyramid.storage import SaveStore

from .driver import Driver
from .winning import find_win

pytestmark = pytest.mark.ui
ARROWS = (K.LEFT, K.RIGHT, K.UP, K.DOWN)


@pytest.fixture
def saves_in_background() -> bool:
    return True  # the ``saved`` fixture's store writes on its writer thread, as in the game


def win(
    game_id: str,
    mode: str = "practice",
    preset: str = "desert",
    layout: int = 1,
    *,
    won: bool = True,
    score: int = 500,
    seconds: float = 90.0,
    date: str = "2025-03-10",
    redeals: int = 1,
) -> GameResult:
    return GameResult(
        game_id,
        mode,
        preset,
        layout,
        "won" if won else "lost",
        score,
        seconds,  # type: ignore[arg-type]
        3,
        redeals,
        date,
    )


def frame(ui: Driver) -> Image.Image:
    ui.frames(1)
    return arcade.get_image(0, 0, ui.app.width, ui.app.height).convert("RGB")


def crop(img: Image.Image, left: float, bottom: float, right: float, top: float) -> Image.Image:
    h = img.height
    return img.crop((int(left), int(h - top), int(right), int(h - bottom)))


def colourful(img: Image.Image) -> float:
    """The share of pixels with a clearly saturated, not dark colour."""
    hsv = list(img.convert("HSV").getdata())
    return sum(1 for _h, s, v in hsv if s > 90 and v > 90) / len(hsv)


def dark(img: Image.Image) -> float:
    """The share of near-black pixels."""
    return sum(1 for r, g, b in img.getdata() if r + g + b < 110) / (img.width * img.height)


def mean(img: Image.Image) -> tuple[float, float, float]:
    px = list(img.getdata())
    return tuple(sum(p[i] for p in px) / len(px) for i in range(3))  # type: ignore[return-value]


def reachable(ui: Driver, view: Any) -> set[tuple[str, int]]:
    """Every focus that the arrow keys reach from the first tile (breadth-first, by real key presses)."""
    start = ("tile", 0)
    seen = {start}
    queue: deque[tuple[str, int]] = deque([start])
    while queue:
        here = queue.popleft()
        for symbol in ARROWS:
            view.set_focus(here)
            ui.key(symbol)
            assert ui.view is view
            if view.focus not in seen:
                seen.add(view.focus)
                queue.append(view.focus)
    return seen


# -- relics -----------------------------------------------------------------------------------------


def test_relics_found_in_colour_locked_as_dark_silhouettes(saved: Driver) -> None:
    from desert_pyramid.ui.screens.relics import RelicsView

    store = saved.app.saves.store
    for i in range(5):
        store.record_game(win(f"g{i}"))
    saved.app.show_relics()
    view = saved.view
    assert isinstance(view, RelicsView)
    img = frame(saved)
    found = [r.id for r in RELICS if r.threshold <= 5]
    assert found == ["brass_compass", "clay_jar", "falcon_feather"]
    for i, relic in enumerate(RELICS):
        pic = view.pictures[i]
        region = crop(img, pic.left + 4, pic.bottom + 4, pic.right - 4, pic.top - 4)
        if relic.id in found:
            assert colourful(region) > 0.15, relic.id
            assert not view.tile_locked(i)
        else:
            assert dark(region) > 0.1, relic.id  # the thinnest shape, the Old Key, covers 18 %
            assert colourful(region) < 0.05, relic.id
            assert view.tile_locked(i)
    texts = [t.text for t in view.texts.items]
    assert "45 more pyramids" in texts  # Sun Crown: 50 - 5
    assert "1 more pyramid" in texts  # Old Key: 6 - 5
    assert any(t.startswith("“It always points") for t in texts)  # a found relic's flavour line
    assert view.summary().startswith(
        "5 pyramids cleared in all · 3 of 12 relics found · next: Old Key in 1 more"
    )


def test_relics_keyboard_reaches_every_tile_and_button(saved: Driver) -> None:
    from desert_pyramid.ui.screens.backs import BacksView
    from desert_pyramid.ui.screens.relics import RelicsView
    from desert_pyramid.ui.screens.title import TitleView

    saved.app.show_relics()
    view = saved.view
    assert isinstance(view, RelicsView)
    got = reachable(saved, view)
    assert got == {("tile", i) for i in range(12)} | {("button", 0), ("button", 1)}
    view.set_focus(("tile", 0))
    for _ in range(5):
        saved.key(K.RIGHT)
    assert view.focus == ("tile", 5)
    saved.key(K.DOWN)
    assert view.focus == ("tile", 11)
    assert view.detail is not None and view.detail.text.startswith(
        "Sun Crown: Clear 50 pyramids in all."
    )
    saved.key(K.DOWN)
    assert view.focus[0] == "button"
    view.set_focus(("button", 0))
    saved.key(K.ENTER)  # Card backs
    assert isinstance(saved.view, BacksView)
    saved.key(K.ESCAPE)  # back to the relics it was opened from
    assert saved.view is view
    saved.key(K.ESCAPE)
    assert isinstance(saved.view, TitleView)


# -- card backs -------------------------------------------------------------------------------------


def stock_colour(ui: Driver) -> tuple[float, float, float]:
    from desert_pyramid.engine import STOCK

    view = ui.view
    img = frame(ui)
    r = view.board.rect_of(STOCK, view.game)
    return mean(
        crop(
            img,
            r.left + r.width * 0.25,
            r.bottom + r.height * 0.25,
            r.right - r.width * 0.25,
            r.top - r.height * 0.25,
        )
    )


def test_choosing_a_back_saves_it_and_the_table_uses_it(saved: Driver) -> None:
    from desert_pyramid.ui.screens.backs import BacksView
    from desert_pyramid.ui.table.view import TableView

    app = saved.app
    store = app.saves.store
    store.record_game(win("clean", redeals=0))  # a win with no redeal: Unbroken Sun
    assert store.profile.backs.owns("no_redeal")
    app.start_practice(DESERT, get_layout(1), Deal.from_seed(7))
    assert isinstance(saved.view, TableView)
    before = stock_colour(saved)
    assert saved.view.board.tex.back_id == "sandstone"

    app.show_backs(saved.view)
    view = saved.view
    assert isinstance(view, BacksView)
    img = frame(saved)
    ids = [b.id for b in CARD_BACKS]
    locked_i, open_i = ids.index("trek_8"), ids.index("no_redeal")
    lp, op = view.pictures[locked_i], view.pictures[open_i]
    locked = crop(img, lp.left + 3, lp.bottom + 3, lp.right - 3, lp.top - 3)
    owned = crop(img, op.left + 3, op.bottom + 3, op.right - 3, op.top - 3)
    assert sum(mean(locked)) < sum(mean(owned)) * 0.6  # locked backs are dimmed
    assert colourful(owned) > 0.3 > colourful(locked)

    # a locked back cannot be chosen: it says how to earn it
    view.set_focus(("tile", locked_i))
    saved.key(K.ENTER)
    assert store.profile.backs.chosen == "sandstone"
    assert view.message == "Night Crossing is locked. Clear 8 pyramids in a single trek."
    # the owned one is chosen by keys: saved in the profile and used at once
    view.set_focus(("tile", open_i))
    saved.key(K.ENTER)
    assert app.settings.card_back == "no_redeal"
    assert store.profile.backs.chosen == "no_redeal"
    assert store.flush(5)
    assert 'chosen = "no_redeal"' in (store.folder.profile).read_text()
    saved.key(K.ESCAPE)  # back to the table it was opened from
    assert isinstance(saved.view, TableView)
    assert saved.view.board.tex.back_id == "no_redeal"
    after = stock_colour(saved)
    red = mean(Image.open(Path("resources/images/backs/no_redeal.png")).convert("RGB"))
    assert sum(abs(a - b) for a, b in zip(after, before, strict=True)) > 40
    assert after[0] > after[2] + 40 and red[0] > red[2]  # the red sun back is on the stock now


def test_backs_keyboard_reaches_everything_and_clicks_choose(saved: Driver) -> None:
    from desert_pyramid.ui.screens.backs import BacksView

    saved.app.saves.store.record_game(win("w1", redeals=0))
    saved.app.show_backs()
    view = saved.view
    assert isinstance(view, BacksView)
    assert reachable(saved, view) == {("tile", i) for i in range(9)} | {
        ("button", 0),
        ("button", 1),
    }
    i = [b.id for b in CARD_BACKS].index("no_redeal")
    saved.click(*view.tiles[i].center)
    assert saved.app.settings.card_back == "no_redeal"
    assert view.status_texts[i].text == "In use on your cards"


def test_settings_card_back_cycles_owned_backs_only(saved: Driver) -> None:
    from desert_pyramid.ui.screens.settings import SettingsView

    saved.app.saves.store.record_game(win("w1", redeals=0))
    saved.app.show_title()
    saved.app.show_settings(saved.view)
    view = saved.view
    assert isinstance(view, SettingsView)
    assert view.backs == ["sandstone", "no_redeal"]
    view.change("back", 1)
    assert saved.app.settings.card_back == "no_redeal"
    assert saved.app.saves.store.profile.backs.chosen == "no_redeal"
    assert (
        next(b for b in view.menu.buttons if b.label == "Card back").value
        == BACK_BY_ID["no_redeal"].name
    )


# -- statistics -------------------------------------------------------------------------------------


def test_statistics_per_key_with_totals_and_a_chart(saved: Driver) -> None:
    from desert_pyramid.ui.screens.stats import LOST, WON, StatsView
    from desert_pyramid.ui.screens.title import TitleView

    store = saved.app.saves.store
    results = [
        ("a", True, 400, 80.0),
        ("b", True, 900, 65.5),
        ("c", False, 120, 30.0),
        ("d", True, 700, 99.0),
    ]
    for gid, won, score, secs in results:
        store.record_game(win(gid, won=won, score=score, seconds=secs))
    store.record_game(win("e", mode="daily", won=False, score=50, date="2025-03-11"))
    saved.app.show_statistics()
    view = saved.view
    assert isinstance(view, StatsView)
    labels = [c.label for c in view.choices]
    assert labels[0] == "All games"
    assert labels[1:] == [
        "Daily · Desert rules · layout 1: Classic Pyramid",
        "Practice · Desert rules · layout 1: Classic Pyramid",
    ]
    total = dict(
        zip([n for n, _ in view.figure_texts()], [v for _, v in view.figure_texts()], strict=True)
    )
    assert (
        total["Played"] == "5"
        and total["Won"] == "3"
        and total["Lost"] == "2"
        and total["Win rate"] == "60%"
    )

    saved.key(K.RIGHT)  # the selector has the focus: → shows the next view
    saved.key(K.RIGHT)
    assert view.choice.label.startswith("Practice")
    shown = dict(view.figure_texts())
    assert shown == {
        "Played": "4",
        "Won": "3",
        "Lost": "1",
        "Win rate": "75%",
        "Best score": "900",
        "Current streak": "1",
        "Best streak": "2",
        "Best time": "1:05",
        "Best trek": "—",
        "Best trek score": "—",
    }
    # the chart: one bar per recent result, coloured by outcome, height by score
    assert [w for _r, w in view.bar_rects] == [True, True, False, True]
    heights = [r.height for r, _w in view.bar_rects]
    assert heights[1] == max(heights) and heights[2] == min(heights)
    # a few bars stand in the middle of the chart's width, not at its left end
    chart, bars = view.chart_rect, [r for r, _w in view.bar_rects]
    assert abs((bars[0].left - chart.left) - (chart.right - bars[-1].right)) < 2
    img = frame(saved)
    for r, won in view.bar_rects:
        px = mean(crop(img, r.cx - 2, r.bottom + 2, r.cx + 2, r.bottom + 6))
        want = WON if won else LOST
        assert sum(abs(a - b) for a, b in zip(px, want[:3], strict=True)) < 40, (px, want)

    saved.key(K.DOWN)  # Past games
    saved.key(K.DOWN)
    saved.key(K.ENTER)  # Back
    assert isinstance(saved.view, TitleView)


def test_statistics_without_games(saved: Driver) -> None:
    from desert_pyramid.ui.screens.stats import StatsView

    saved.app.show_statistics()
    view = saved.view
    assert isinstance(view, StatsView)
    assert [c.label for c in view.choices] == ["All games"]
    assert dict(view.figure_texts())["Played"] == "0"
    assert view.chart_title.text == "No games yet"
    frame(saved)


# -- the toast ----------------------------------------------------------------------------------------


def test_toasts_queue_show_pictures_and_fade(saved: Driver) -> None:
    app = saved.app
    app.show_title()
    before = frame(saved)
    app.overlay.unlocked(Unlocks((RELICS[4],), (BACK_BY_ID["chain_8"],)))
    assert app.overlay.current is not None and app.overlay.current.text == "Camel Bell"
    assert [t.text for t in app.overlay.queue] == ["Scarab Chain"]
    img = frame(saved)
    r = app.overlay.rect
    assert r is not None and r.top <= app.height and r.right <= app.width
    region, under = (
        crop(img, r.left, r.bottom, r.right, r.top),
        crop(before, r.left, r.bottom, r.right, r.top),
    )
    assert (
        sum(abs(a - b) for a, b in zip(mean(region), mean(under), strict=True)) > 60
    )  # drawn over the title
    pic = app.overlay._sprites[1]
    assert colourful(crop(img, pic.left + 4, pic.bottom + 4, pic.right - 4, pic.top - 4)) > 0.1
    saved.frames(32, dt=0.1)  # ~3 s later the next one comes
    assert app.overlay.current is not None and app.overlay.current.text == "Scarab Chain"
    saved.frames(32, dt=0.1)
    assert app.overlay.current is None
    after = frame(saved)
    assert (
        sum(
            abs(a - b)
            for a, b in zip(
                mean(crop(after, r.left, r.bottom, r.right, r.top)), mean(under), strict=True
            )
        )
        < 3
    )


def test_winning_at_the_table_records_it_and_toasts_the_unlocks(saved: Driver) -> None:
    from desert_pyramid.ui.screens.results import ResultsView

    app = saved.app
    app.start_practice(DESERT, get_layout(1), Deal.from_seed(4))
    view = saved.view
    line = find_win(Game(get_layout(1), DESERT, Deal.from_seed(4)))
    assert line is not None
    for move in line:
        view.apply(view.control.play(move))
    assert view.game.won
    store = app.saves.store
    assert store.progress.pyramids_cleared == 1
    stats = store.progress.stats_for("practice", "desert", 1)
    assert (stats.won, stats.lost) == (1, 0)
    assert store.current is None  # a finished deal is not continued
    shown = [t.text for t in app.overlay.shown]
    assert shown[0] == "Brass Compass"
    assert ("Unbroken Sun" in shown) == (view.game.redeals == 0)
    saved.frames(3)
    assert isinstance(saved.view, ResultsView)
    assert app.overlay.current is not None  # the toast stays over the results screen
    lines = [t.text for t in saved.view.texts.items]
    assert "Practice on these rules and layout: won 1 of 1 (100%) · win streak 1, best 1" in lines


def test_notices_show_as_a_banner_on_the_title(ui: Driver, tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "save.toml").write_text("schema = 1\npyramids_cleared = [oops\n")
    store = SaveStore.open(folder, background=True)
    try:
        ui.app.saves.attach(store)
        assert any("save.toml" in m for _lv, m in ui.app.saves.startup_notices)
        ui.app.show_title()
        frame(ui)
        assert ui.app.overlay.banner_rect is not None
        texts = " ".join(t.text for t in ui.app.overlay._banner_texts.items)
        assert "save.toml" in texts
        ui.app.start_practice(DESERT, get_layout(1), Deal.from_seed(1))
        ui.app.show_title()
        frame(ui)
        assert ui.app.overlay.banner_rect is None  # gone once a game has started
    finally:
        ui.app.saves.attach(None)
        store.close()


def test_one_damaged_record_is_said_once_on_the_title_and_the_rest_kept(
    ui: Driver, tmp_path: Path
) -> None:
    """Issue 36: a past game whose code is damaged costs only itself; the title says so once."""
    import shutil

    folder = tmp_path / "saves"
    shutil.copytree(Path(__file__).resolve().parents[2] / "saves" / "v1", folder)
    text = (folder / "save.toml").read_text(encoding="utf-8")
    (folder / "save.toml").write_text(
        text.replace("pyramids_cleared = 7", "pyramids_cleared = 7\nstray = nan")
        + '\n[[games]]\nid = "p-1"\nmode = "practice"\npreset = "desert"\nlayout = 1\n'
        'outcome = "won"\nscore = 5\ndate = "2025-03-14"\ncode = "DG-\u2660"\n',
        encoding="utf-8",
    )
    for _ in range(2):  # the second start has nothing more to say
        store = SaveStore.open(folder, background=True)
        try:
            ui.app.saves.attach(store)
            assert store.progress.pyramids_cleared == 7 and len(store.progress.relics) == 4
            ui.app.show_title()
            frame(ui)
            texts = (
                " ".join(t.text for t in ui.app.overlay._banner_texts.items)
                if ui.app.overlay.banner_rect is not None
                else ""
            )
        finally:
            ui.app.saves.attach(None)
            store.close()
        if _ == 0:
            assert "save.toml: 2 damaged records were set aside" in texts
            assert "save.rejected.toml" in texts
        else:
            assert "damaged" not in texts


def test_a_save_folder_that_cannot_be_used_is_said_on_the_title(ui: Driver, tmp_path: Path) -> None:
    """Issue 36: the game says on screen that progress will not be kept."""
    path = tmp_path / "a_file"
    path.write_text("not a folder")
    store = SaveStore.open(path, background=True)
    try:
        ui.app.saves.attach(store)
        ui.app.show_title()
        frame(ui)
        assert ui.app.overlay.banner_rect is not None
        texts = " ".join(t.text for t in ui.app.overlay._banner_texts.items)
        assert "is a file, not a folder" in texts and "will not be kept" in texts
    finally:
        ui.app.saves.attach(None)
        store.close()


def test_a_toast_slides_in_and_fades_out_with_animations_on(saved: Driver) -> None:
    from dataclasses import replace

    app = saved.app
    app.set_settings(replace(app.settings, animation_speed=1.0))
    app.show_title()
    app.overlay.unlocked(Unlocks((RELICS[0],), ()))
    saved.frames(1, dt=0.05)
    shown, alpha = app.overlay.state()
    assert 0 < shown < 1 and alpha == 255  # still sliding in
    frame(saved)
    r = app.overlay.rect
    assert r is not None and r.right > app.width  # partly off the screen's right edge
    saved.frames(1, dt=0.35 + 3.0)
    shown, alpha = app.overlay.state()
    assert shown == 1 and 0 < alpha < 255  # fading
    saved.frames(1, dt=0.6)
    assert app.overlay.current is None


def test_settings_show_the_back_chosen_in_the_picker(saved: Driver) -> None:
    from desert_pyramid.ui.screens.backs import BacksView
    from desert_pyramid.ui.screens.settings import SettingsView

    saved.app.saves.store.record_game(win("w1", redeals=0))
    saved.app.show_title()
    saved.app.show_settings(saved.view)
    settings = saved.view
    assert isinstance(settings, SettingsView)
    row = [b.label for b in settings.menu.buttons].index("Card back")
    settings.menu.focus = row  # Card back: Enter opens the picker
    saved.key(K.ENTER)
    picker = saved.view
    assert isinstance(picker, BacksView)
    picker.set_focus(("tile", [b.id for b in CARD_BACKS].index("no_redeal")))
    saved.key(K.ENTER)
    saved.key(K.ESCAPE)
    assert saved.view is settings
    assert settings.menu.buttons[row].value == "Unbroken Sun"


def test_a_table_that_repaints_only_what_changed_repaints_under_the_toast(saved: Driver) -> None:
    """The table redraws only changed parts when the back buffer keeps its pixels: the toast must
    leave nothing behind when it moves, fades and goes."""
    from dataclasses import replace

    from PIL import ImageChops

    from desert_pyramid.ui.table.redraw import BufferProbe

    app = saved.app
    app.set_settings(
        replace(app.settings, animation_speed=1.0, hide_timer=True)
    )  # the clock runs meanwhile
    app.start_practice(DESERT, get_layout(1), Deal.from_seed(4))

    def frames(n: int, dt: float = 1 / 60) -> None:
        for _ in range(n):
            app.step(dt)
            app.flip()

    try:
        frames(6)
        assert app.incremental  # the offscreen buffer keeps its pixels: partial redraws from now on
        base = arcade.get_image(0, 0, app.width, app.height).convert("RGB")
        app.overlay.unlocked(Unlocks((RELICS[3],), ()))
        frames(8)
        mid = arcade.get_image(0, 0, app.width, app.height).convert("RGB")
        box = ImageChops.difference(base, mid).getbbox()
        assert box is not None and box[0] > app.width * 0.7  # the toast, at the top right
        frames(45, dt=0.1)
        assert app.overlay.current is None
        frames(2)
        end = arcade.get_image(0, 0, app.width, app.height).convert("RGB")
        assert ImageChops.difference(base, end).getbbox() is None  # not a pixel left behind
    finally:
        app.probe = BufferProbe()  # the other tests draw whole frames


def test_a_game_played_in_the_window_is_kept_and_watched_again(saved: Driver) -> None:
    """Play a deal to its win by keys, copy its game code on the results (offscreen there is no
    clipboard: the code is shown), find it under Statistics → Past games, and watch it to the end:
    the same final position and score."""
    import sys

    from desert_pyramid.engine import decode_game_code
    from desert_pyramid.ui.screens.games_view import PastGamesView
    from desert_pyramid.ui.screens.replay import ReplayView
    from desert_pyramid.ui.screens.results import ResultsView
    from desert_pyramid.ui.screens.stats import StatsView
    from desert_pyramid.ui.table.view import TableView

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    app = saved.app
    app.start_practice(DESERT, get_layout(1), Deal.from_seed(4))
    saved.frames(1)
    table = saved.view
    assert isinstance(table, TableView)
    line = find_win(Game(get_layout(1), DESERT, Deal.from_seed(4)))
    assert line is not None
    for move in line:
        saved.play(move, "keys")
    game = table.game
    assert game.won
    for _ in range(10):
        saved.frames(1)
        if isinstance(saved.view, ResultsView):
            break
    results = saved.view
    assert isinstance(results, ResultsView)
    copy = next(b for b in results.menu.buttons if b.label == "Copy the game code")
    saved.click(copy.rect.cx, copy.rect.cy)
    shown = results.message.rsplit(" ", 1)[-1]
    code = decode_game_code(shown, get_layout)
    final = code.game(get_layout(1))
    assert final.won and final.position_key() == game.position_key() and final.score == game.score

    app.saves.store.flush()
    kept = app.saves.progress.games
    assert kept and kept[-1].code == shown and kept[-1].outcome == "won"

    app.show_statistics()
    stats = saved.view
    assert isinstance(stats, StatsView)
    saved.key(K.DOWN)
    saved.key(K.ENTER)  # Past games
    games = saved.view
    assert isinstance(games, PastGamesView)
    assert games.games[0].code == shown
    frame(saved)
    saved.key(K.ENTER)  # watch the newest
    replay = saved.view
    assert isinstance(replay, ReplayView)
    replay.close_source()
    saved.key(K.END)
    assert replay.game.position_key() == game.position_key() and replay.game.score == game.score
    saved.key(K.ESCAPE)
    assert saved.view is games
    saved.key(K.ESCAPE)
    assert saved.view is stats


def test_the_results_save_a_gif_in_the_save_folder(saved: Driver) -> None:
    import time

    from desert_pyramid.ui.screens.results import ResultsView

    app = saved.app
    app.start_practice(DESERT, get_layout(1), Deal.from_seed(4))
    saved.frames(1)
    line = find_win(Game(get_layout(1), DESERT, Deal.from_seed(4)))
    assert line is not None
    for move in line[:4]:
        saved.play(move, "keys")
    app.show_results(saved.view)  # the deal left after four moves
    results = saved.view
    assert isinstance(results, ResultsView)
    button = next(b for b in results.menu.buttons if b.label == "Save a GIF")
    saved.click(button.rect.cx, button.rect.cy)
    assert results.message == "Drawing the GIF…"
    deadline = time.monotonic() + 120
    while results.gif is not None and time.monotonic() < deadline:
        saved.frames(1)
        time.sleep(0.05)
    assert results.message.startswith("GIF saved: "), results.message
    path = Path(results.message.removeprefix("GIF saved: "))
    assert path.parent == app.saves.store.folder.path / "replays"
    with Image.open(path) as gif:
        assert gif.n_frames == results.table.game.moves + 1


def test_all_games_after_one_game_shows_its_result(saved: Driver) -> None:
    from desert_pyramid.ui.screens.stats import StatsView

    saved.app.saves.store.record_game(win("practice-only"))
    saved.app.show_statistics()
    view = saved.view
    assert isinstance(view, StatsView) and view.choice.label == "All games"
    assert view.chart_title.text.startswith("Last 1 result")  # not "Last 0 results" and no chart
    assert len(view.bar_rects) == 1 and view.bar_rects[0][1] is True


def test_past_games_watches_a_daily_to_the_total_its_row_shows(saved: Driver) -> None:
    """A Daily's row shows its total with the time bonus; the replay it opens ends on that total,
    not on the moves' points alone."""
    from dataclasses import replace

    from desert_pyramid.engine import encode_game_code
    from desert_pyramid.ui.screens.games_view import PastGamesView, describe
    from desert_pyramid.ui.screens.replay import ReplayView

    game = Game(get_layout(1), DESERT, Deal.from_seed(4))
    line = find_win(game)
    assert line is not None
    game.replay(line)
    total = game.score + 900  # the moves' points and a time bonus
    result = replace(win("daily-1", "daily", score=total), game_code=encode_game_code(game))
    saved.app.saves.store.record_game(result)
    saved.app.show_view(PastGamesView(saved.app, back=lambda: None))
    saved.frames(1)
    view = saved.view
    assert isinstance(view, PastGamesView)
    assert describe(view.games[0])[1].endswith(f"{total:,}")
    view.watch(0)
    replay = saved.view
    assert isinstance(replay, ReplayView)
    replay.close_source()
    saved.frames(1)
    assert replay.final_score == total
    assert f"at the end: {total:,}" in replay.state_text.text
