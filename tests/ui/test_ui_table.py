"""The table through window events: undo, hints, pause, focus, selection, messages, resizing."""

from __future__ import annotations

import pytest
from arcade import key as K

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import DESERT, SATCHEL, STOCK, WASTE, Deal, Move
from desert_pyramid.engine.moves import MoveKind
from desert_pyramid.ui.table.geometry import table_geometry
from desert_pyramid.ui.table.hud import PAGE_S

pytestmark = pytest.mark.ui


def deal(ui, seed: int = 4, rules=DESERT) -> object:  # type: ignore[no-untyped-def]
    ui.app.start_practice(rules, get_layout(1), Deal.from_seed(seed))
    ui.frames(1)
    return ui.view


def test_undo_takes_back_a_flip_and_a_pair(ui) -> None:  # type: ignore[no-untyped-def]
    view = deal(ui)
    game = view.game
    start = game.position_key()
    ui.key(K.SPACE)
    assert game.moves == 1 and len(game.waste) == 1
    ui.key(K.Z)
    assert game.moves == 0 and game.position_key() == start
    assert view.message == "Undone: flip the stock."  # undo says what it took back
    ui.key(K.Z)  # nothing to undo: says so
    assert "nothing to undo" in view.message.lower()
    # a pair by the mouse, then undo with the round button
    pair = next(m for m in game.removals() if m.kind == MoveKind.PAIR)
    ui.play(pair, "mouse")
    assert game.moves == 1
    ui.click(*view.geom.places["undo"].center)
    assert game.moves == 0 and game.position_key() == start
    assert view.message == f"Undone: {game.describe(pair)}."
    ui.key(K.Y)  # redo
    assert game.moves == 1 and game.history[-1] == pair


def test_hint_then_enter_plays_the_hinted_move(ui) -> None:  # type: ignore[no-untyped-def]
    view = deal(ui, seed=5)
    game = view.game
    ui.key(K.H)
    ui.frames_until(lambda: view.control.hint_move is not None, 30)
    move = view.control.hint_move
    assert move is not None, view.message
    assert view.hint_places  # the hinted cards are ringed
    assert "Enter plays it" in view.message
    ui.key(K.ENTER)
    assert game.moves == 1 and game.history[-1] == move


def test_pause_stops_the_clock_and_hides_nothing_untimed(ui) -> None:  # type: ignore[no-untyped-def]
    from desert_pyramid.ui.screens.pause import PauseView

    view = deal(ui)
    ui.key(K.SPACE)
    start = view.session.elapsed_ms
    ui.frames(60, draw=False)
    running = view.session.elapsed_ms
    assert running - start in (
        999,
        1000,
        1001,
    )  # 60 frames of 1/60 s, in whole ms, fractions carried
    ui.key(K.ESCAPE)
    assert isinstance(ui.view, PauseView)
    ui.frames(120, draw=False)
    assert view.session.elapsed_ms == running
    ui.key(K.ESCAPE)  # back to the table
    assert ui.view is view
    ui.frames(30, draw=False)
    assert view.session.elapsed_ms - running in (499, 500, 501)


def test_pause_hides_the_cards_of_a_timed_table(ui) -> None:  # type: ignore[no-untyped-def]
    from desert_pyramid.engine import RELAXED
    from desert_pyramid.ui.screens.pause import PauseView

    view = deal(ui, rules=RELAXED)  # the timed scoring runs on the clock
    assert view.timed
    r = view.geom.slots[21]  # the first card of the bottom row: a point of plain paper near its top
    x, y = int(r.cx), int(r.top - r.height * 0.06)
    ui.frames(1)
    ivory = ui.pixel(x, y)
    assert min(ivory) > 200  # a free card's face
    badge = view.hud.badge
    assert badge is not None and badge.visible
    seen: list[tuple[bool, str]] = []  # the badge as the pause screen draws the bars
    real_draw = view.hud.sprites.draw

    def spy_draw(*args: object, **kw: object) -> None:
        seen.append((badge.visible, view.hud.texts["badge"].text))
        real_draw(*args, **kw)

    view.hud.sprites.draw = spy_draw
    ui.key(K.ESCAPE)
    assert isinstance(ui.view, PauseView) and ui.view.hide_cards
    ui.frames(1)
    hidden = ui.pixel(x, y)
    assert min(hidden) < 150, hidden  # sand under a dark veil: no card
    # nor the stock's count badge (it tells about the cards: it showed through the pause panel)
    assert seen and all(not visible and not text for visible, text in seen), seen
    del view.hud.sprites.draw
    assert badge.visible and view.hud.texts["badge"].text  # back for the table
    ui.key(K.ESCAPE)
    deal(ui)  # untimed: the pause shows the cards under the veil
    ui.key(K.ESCAPE)
    ui.frames(1)
    shown = ui.pixel(x, y)
    assert sum(shown) > sum(hidden) + 60, (shown, hidden)


def test_a_king_leaves_with_one_click_and_a_lone_card_says_what_it_needs(ui) -> None:  # type: ignore[no-untyped-def]
    view = deal(ui, seed=7)  # K♣ in the bottom row
    game = view.game
    king = next(i for i in game.free_slots() if game.card_at(i).rank == 13)
    ui.click(*ui.where(king))
    assert game.moves == 1 and game.cards[king] < 0
    lone = next(
        i
        for i in game.free_slots()
        if not view.control.partners_of(i) and game.card_at(i).rank != 13
    )
    card = game.card_at(lone)
    ui.click(*ui.where(lone))
    assert view.control.selected == lone
    assert "needs" in view.message and game.moves == 1
    need = {1: "queen", 12: "ace", 11: "2", 2: "jack"}.get(card.rank, str(13 - card.rank))
    assert need in view.message


def test_a_covered_card_shakes_and_says_why(ui) -> None:  # type: ignore[no-untyped-def]
    from desert_pyramid.app.prefs import Settings

    ui.app.set_settings(Settings(animation_speed=1, mute=True))  # with animations off, no shake
    view = deal(ui)
    game = view.game
    top = 0  # the top of the pyramid is covered at the start
    x, y = view.geom.slots[top].cx, view.geom.slots[top].top - 5
    ui.click(x, y)
    assert "covered by" in view.message
    card = game.card_at(top)
    assert view.board.cards[int(card)].shake_fx is not None
    assert game.moves == 0


def test_an_illegal_pair_says_why(ui) -> None:  # type: ignore[no-untyped-def]
    view = deal(ui, seed=5)
    game = view.game
    free = game.free_slots()
    a = next(
        i for i in free if len(view.control.partners_of(i)) != 1 and game.card_at(i).rank != 13
    )
    b = next(
        i
        for i in free
        if i != a
        and game.card_at(i).rank + game.card_at(a).rank != 13
        and game.card_at(i).rank != 13
    )
    ui.click(*ui.where(a))
    ui.click(*ui.where(b))
    assert "not 13" in view.message
    assert game.moves == 0


def test_satchel_by_keyboard_and_drag(ui) -> None:  # type: ignore[no-untyped-def]
    view = deal(ui)
    game = view.game
    ui.key(K.SPACE)  # a card on the waste
    ui.focus_on(WASTE)
    ui.key(K.S)
    assert game.satchel >= 0 and game.history[-1] == Move.stash(WASTE)
    ui.key(K.Z)
    # drag the waste card onto the Satchel
    ui.drag(*ui.where(WASTE), *ui.where(SATCHEL))
    assert game.history[-1] == Move.stash(WASTE)


def test_the_focus_reaches_every_target_with_arrows(ui) -> None:  # type: ignore[no-untyped-def]
    view = deal(ui)
    ui.key(K.RIGHT)
    assert view.focus_visible and view.focus is not None
    for target, _centre in view.focus_targets():
        ui.focus_on(target)
    ui.focus_on("menu")
    ui.key(K.ENTER)
    from desert_pyramid.ui.screens.pause import PauseView

    assert isinstance(ui.view, PauseView)


def test_space_on_an_empty_stock_redeals(ui) -> None:  # type: ignore[no-untyped-def]
    view = deal(ui)
    game = view.game
    for _ in range(24):
        ui.key(K.SPACE)
    assert not game.stock and len(game.waste) == 24
    assert view.board.redeal_sprite.visible  # the circular arrow
    ui.key(K.SPACE)
    assert game.redeals == 1 and len(game.stock) == 24
    ui.click(*ui.where(STOCK))
    assert len(game.waste) == 1


@pytest.mark.parametrize("size", [(640, 360), (1024, 768), (2560, 1080), (700, 1000)])
def test_resizing_keeps_every_card_on_screen(ui, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    view = deal(ui)
    ui.key(K.SPACE)
    w, h = size
    view.on_resize(w, h)  # the window's resize handler; the table lays out once the size holds
    ui.frames(10, draw=False)
    try:
        g = view.geom
        assert (g.width, g.height) == size
        screen = g.screen
        for s in view.board.cards:
            if s.visible:
                assert s.left >= 0 and s.bottom >= 0 and s.right <= w and s.top <= h, (
                    s.card,
                    s.position,
                )
        for r in g.slots:
            assert r.inside(screen) and not r.overlaps(g.hud)
        assert g.card_h >= 34  # still a card you can read
        expected = table_geometry([(s.x, s.y) for s in get_layout(1).slots], w, h, coach=True)
        assert g == expected
    finally:
        view.on_resize(1280, 720)
        ui.frames(10, draw=False)


def test_arrow_focus_goes_to_the_nearest_card_that_way_or_stays(ui) -> None:  # type: ignore[no-untyped-def]
    """Left from the leftmost bottom card does not jump down to the stock, and up from the
    rightmost bottom card does not jump to the Menu button: with nothing that way, the focus stays
    (and Enter then cannot flip the stock by surprise)."""
    view = deal(ui, seed=5)
    game = view.game
    bottom = [i for i, s in enumerate(game.layout.slots) if s.row == 7]
    ui.key(K.RIGHT)  # the first arrow shows the focus
    view.focus = bottom[0]
    view.refresh()
    ui.key(K.LEFT)
    assert view.focus == bottom[0]
    view.focus = bottom[-1]
    view.refresh()
    ui.key(K.UP)
    assert view.focus == bottom[-1]
    ui.key(K.LEFT)  # the next card in the row, straight that way
    assert view.focus == bottom[-2]
    before = game.moves
    view.focus = bottom[0]
    view.refresh()
    ui.key(K.LEFT)
    ui.key(K.ENTER)  # selects the focused card: no flip
    assert game.moves == before and view.control.selected == bottom[0]


def test_a_shortened_message_is_fitted_once_and_the_bar_keeps_updating(ui) -> None:  # type: ignore[no-untyped-def]
    """A message too long for its line is laid out in pages once: it is not fitted again every
    frame (that cost a frame 14 ms and starved the top bar, whose timer stopped at 0:00), nor
    when its page turns. (Issue 40: it was shortened with "…"; now it is shown in pages.)"""
    view = deal(ui)
    hud = view.hud
    fits: list[str] = []
    real_fit = hud._fit_message

    def counting(t, text):  # type: ignore[no-untyped-def]
        fits.append(text)
        real_fit(t, text)

    hud._fit_message = counting
    view.message = "The coach has a great deal to say about this position, " * 12
    ui.frames(3)
    pages = hud.message_pages
    assert len(pages) >= 2 and hud.texts["message"].text == pages[0]  # in pages
    fitted = len(fits)
    assert fitted >= 1
    ui.frames(70, dt=1 / 60)  # over a second of play
    assert len(fits) == fitted  # not fitted again
    assert hud.values["time"].text == "0:01"  # the top bar goes on updating
    ui.frames(int(PAGE_S * 60), dt=1 / 60)  # a page's time: the next page, not fitted again
    assert hud.texts["message"].text == pages[1] and len(fits) == fitted
    del hud._fit_message


@pytest.mark.parametrize("layout_number", [1, 49, 53])
def test_captions_under_the_piles_and_buttons_never_touch(ui, layout_number: int) -> None:  # type: ignore[no-untyped-def]
    """On tall layouts the cards (and so the piles and buttons) shrink: the captions keep a clear
    gap ("Undo · ZHint · H" and "Stock · 2 redeals" against "Waste" ran together)."""
    from desert_pyramid.catalog import get_layout
    from desert_pyramid.engine import DESERT, Deal

    ui.app.start_practice(DESERT, get_layout(layout_number), Deal.from_seed(5))
    ui.frames(2)
    view = ui.view
    view.hud.settle()
    texts = view.hud.texts
    row = [
        texts[k]
        for k in ("cap-stock", "cap-waste", "cap-satchel", "cap-discard", "c-undo", "c-hint")
        if k in texts
    ]
    row.sort(key=lambda t: t.x)
    for left, right in zip(row, row[1:], strict=False):
        if abs(left.y - right.y) > 12:  # not on the same line
            continue
        gap = (right.x - right.content_width / 2) - (left.x + left.content_width / 2)
        assert gap >= 5, (layout_number, left.text, right.text, gap)
    if layout_number == 1:  # room enough: everything said in full
        assert texts["c-undo"].text == "Undo · Z" and texts["cap-stock"].text.startswith("Stock · ")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_stock_caption_too_wide_for_its_pile_hangs_to_the_left_of_it_whole(ui, lang: str) -> None:  # type: ignore[no-untyped-def]
    """At 640x360 the piles stand close: the stock's caption ("Stock · 2 redeals"), wider than the
    room around its pile, hangs to the left of it, the first pile of the row, instead of being cut
    ("Sto…"): whole, short of the waste's caption, inside the window. Where it fits (1280x720) it
    stays centred under its pile."""
    from desert_pyramid.i18n import use_language
    from desert_pyramid.ui.table.hud import stock_caption

    use_language(lang)
    try:
        ui.app.start_practice(DESERT, get_layout(1), Deal.from_seed(5))
        ui.frames(2)
        view = ui.view
        said = stock_caption(24, 2, False)  # the deal: 24 cards in the stock, 2 redeals
        for size in ((640, 360), (1280, 720)):
            view.layout(*size)
            view.hud.settle()
            stock, waste = view.hud.texts["cap-stock"], view.hud.texts["cap-waste"]
            assert stock.text == said, (size, stock.text)
            gap = (waste.x - waste.content_width / 2) - (stock.x + stock.content_width / 2)
            assert gap >= 5 and stock.x - stock.content_width / 2 >= 0, size
            centre = view.geom.stock.cx
            if size == (640, 360):
                assert stock.content_width > 2 * (waste.x - centre) - waste.content_width
                assert stock.x < centre - 5  # hung to the left
            else:
                assert abs(stock.x - centre) < 1  # centred under its pile
    finally:
        use_language("en")


def test_the_subtitle_ends_short_of_the_figures_and_keeps_the_deal_code(ui) -> None:  # type: ignore[no-untyped-def]
    view = deal(ui)
    hud = view.hud
    hud.settle()
    sub = hud.texts["subtitle"]
    first_box = min(t.x - t.content_width / 2 for t in hud.values.values())
    assert sub.x + sub.content_width < first_box  # room at 1280x720: said in full
    assert sub.text == view.subtitle
    # a narrow window (640x360) leaves less room: the first parts go, the deal code stays
    full = view.subtitle
    code = full.rsplit(" · ", 1)[1]
    room = sub.content_width * 0.5
    hud._fit_parts(sub, full, room)
    assert sub.text.endswith(code) and sub.content_width <= room
    assert len(sub.text) < len(full)
    hud._fit_parts(sub, full, 10)  # no room at all: cut with an ellipsis, never wider
    assert sub.text.endswith("…") or sub.text == ""


def test_a_cut_message_is_laid_out_once_and_the_other_texts_follow(ui) -> None:  # type: ignore[no-untyped-def]
    """A message too long for its line is shown in pages (issue 40: it was cut with "…"): it is
    laid out once, not again every frame (its shown text differs from the one asked for), and the
    HUD's other texts (the stock's count and caption) are not starved of their turn."""
    view = deal(ui)
    hud = view.hud
    rules = view.session.coach.opening(view.game)[0].text  # the coach's long opening words
    view.message = rules + " " + rules
    ui.frames(3)
    assert hud.message_pages and hud.texts["message"].text == hud.message_pages[0]
    assert "…" not in hud.texts["message"].text
    assert not hud._pending
    fits = []
    fit = hud._fit_message
    hud._fit_message = lambda t, text: (fits.append(text), fit(t, text))
    ui.frames(5)
    assert fits == []  # the same message: not laid out again
    ui.key(K.SPACE)  # a flip: the stock's count and caption change
    view.message = view.message + " " + view.message
    ui.frames(6)
    n = len(view.game.stock)
    assert hud.texts["badge"].text == str(n) and hud.texts["cap-stock"].text.startswith("Stock · ")
    assert (
        not hud._pending and fits[-1] == view.message and len(fits) == len(set(fits)) == 2
    )  # each once
    del hud._fit_message
