"""The How to play screen: reachable from the title and from pause, every page by keyboard, the
text scrolls to its end, the quiz answers and scores, variation buttons start Practice deals under
their rules, the worked example plays on the table; and pixels of what is drawn."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from arcade import key as K

from desert_pyramid.catalog import get_layout
from desert_pyramid.content import default_content
from desert_pyramid.engine import DESERT, Deal

from .driver import Driver

pytestmark = pytest.mark.ui

PAGE_KEYS = ("rules", "variations", "glossary", "quiz")


@pytest.fixture
def ui_fresh(ui: Driver) -> Iterator[Driver]:
    """The driver with a fresh How to play memory (quiz score and scroll) on the app."""
    ui.app.howto_memory = None
    yield ui
    ui.app.howto_memory = None


def open_howto(ui: Driver, page: str | None = None) -> Any:
    from desert_pyramid.ui.screens.howto import HowToView

    ui.app.show_title()
    ui.app.show_howto(ui.view, page)
    ui.frames(1)
    assert isinstance(ui.view, HowToView)
    return ui.view


def image(ui: Driver) -> Any:
    import arcade

    ui.frames(1)
    return arcade.get_image(0, 0, ui.app.width, ui.app.height).convert("RGB")


def mean_colour(img: Any, rect: Any, app_height: int) -> tuple[float, float, float]:
    """The mean colour of a window rectangle (y up) in a PIL image (y down)."""
    left, right = int(rect.left), int(rect.right)
    top, bottom = app_height - int(rect.top), app_height - int(rect.bottom)
    box = img.crop((left, top, right, bottom))
    pixels = list(box.getdata())
    n = len(pixels)
    return tuple(sum(p[i] for p in pixels) / n for i in range(3))  # type: ignore[return-value]


def press_menu_button(ui: Driver, label: str) -> None:
    """Move a menu's keyboard focus to the button with this label and press Enter."""
    menu = ui.view.menu
    index = [b.label for b in menu.buttons].index(label)
    while menu.focus != index:
        ui.key(K.DOWN if menu.focus < index else K.UP)
    ui.key(K.ENTER)


# -- reaching the screen ------------------------------------------------------------------------


def test_title_and_pause_open_how_to_play_and_esc_goes_back(ui_fresh: Driver) -> None:
    from desert_pyramid.ui.screens.howto import HowToView
    from desert_pyramid.ui.screens.pause import PauseView
    from desert_pyramid.ui.screens.title import TitleView

    ui = ui_fresh
    ui.app.show_title()
    ui.frames(1)
    title = ui.view
    press_menu_button(ui, "How to play")
    assert isinstance(ui.view, HowToView)
    ui.frames(1)
    ui.key(K.ESCAPE)
    assert ui.view is title and isinstance(title, TitleView)

    ui.app.start_practice(DESERT, get_layout(1), Deal.from_seed(3))
    ui.frames(1)
    ui.key(K.ESCAPE)
    pause = ui.view
    assert isinstance(pause, PauseView)
    press_menu_button(ui, "How to play")
    assert isinstance(ui.view, HowToView)
    ui.frames(1)
    ui.key(K.ESCAPE)
    assert ui.view is pause
    ui.key(K.ESCAPE)  # resume
    assert ui.view is ui.app.table


def test_screen_option_opens_how_to_play(ui_fresh: Driver) -> None:
    from desert_pyramid.ui.screens.howto import HowToView
    from desert_pyramid.ui.window import start

    start(ui_fresh.app, replace(ui_fresh.app.options, screen="howto"))
    assert isinstance(ui_fresh.view, HowToView)


# -- the keyboard reaches everything ----------------------------------------------------------------


def test_tab_and_arrows_reach_every_page(ui_fresh: Driver) -> None:
    ui = ui_fresh
    view = open_howto(ui, "rules")
    seen = [view.memory.page]
    for _ in range(4):
        ui.key(K.TAB)
        ui.frames(1)
        seen.append(view.memory.page)
    assert seen == ["rules", "variations", "glossary", "quiz", "rules"]
    ui.key(K.TAB, K.MOD_SHIFT)
    assert view.memory.page == "quiz"
    ui.key(K.LEFT)
    assert view.memory.page == "glossary"
    ui.key(K.RIGHT)
    ui.key(K.RIGHT)
    assert view.memory.page == "rules"
    assert view.tabs.focus == 0  # the tab of the page shown is lit


def test_the_rules_scroll_to_the_end_and_back(ui_fresh: Driver) -> None:
    ui = ui_fresh
    view = open_howto(ui, "rules")
    page = view.page
    scroll = page.scroll
    assert scroll.max_offset > scroll.area.height * 3  # the whole text is several screens long
    presses = 0
    while not scroll.at_end:
        ui.key(K.PAGEDOWN)
        presses += 1
        assert presses < 60, "PgDn never reaches the end"
    assert scroll.offset == scroll.max_offset
    ui.frames(1)
    assert (
        page.current_section() == len(page.sections) - 1
    )  # the list beside marks the last section
    ui.key(K.HOME)
    assert scroll.offset == 0 and page.current_section() == 0
    ui.key(K.DOWN)
    assert scroll.offset > 0
    ui.key(K.UP)
    assert scroll.offset == 0
    ui.key(K.END)
    assert scroll.at_end
    ui.key(K.PAGEUP)
    assert 0 < scroll.offset < scroll.max_offset
    # the mouse wheel scrolls too
    x, y = scroll.area.center
    before = scroll.offset
    ui.app.dispatch_event("on_mouse_scroll", int(x), int(y), 0, -1)
    ui.app.dispatch_events()
    assert scroll.offset > before


def test_glossary_scrolls_to_its_end(ui_fresh: Driver) -> None:
    ui = ui_fresh
    view = open_howto(ui, "glossary")
    scroll = view.page.scroll
    for _ in range(30):
        if scroll.at_end:
            break
        ui.key(K.PAGEDOWN)
    assert scroll.at_end and scroll.max_offset > 0


def test_every_section_variation_and_term_is_on_the_screen(ui_fresh: Driver) -> None:
    content = default_content()
    ui = ui_fresh
    view = open_howto(ui, "rules")
    rules = view.pages["rules"]
    assert len(rules.made) < len(rules.sections)  # the texts of a section are made when it shows
    rules.make_visible_sections(everything=True)
    assert len(rules.made) == len(rules.sections)
    drawn = " ".join(t.text for rich in rules.made for t in rich.items)
    side = " ".join(t.text for t in view.pages["rules"].side.items)
    for section in content.how_to_play.sections:
        assert section.title in drawn
        assert section.title.split()[0] in side
    # every card named in the rules text is drawn as a card chip
    named = {code for s in content.how_to_play.sections for p in s.paragraphs for code in p.cards}
    chips = {chip.card for rich in rules.made for chip in rich.chips}
    assert named <= chips
    ui.key(K.TAB)
    buttons = [b.label for b in view.pages["variations"].buttons.buttons]
    assert buttons == [v.button for v in content.variations]
    ui.key(K.TAB)
    drawn = " ".join(t.text for t in view.pages["glossary"].rich.items)
    for entry in content.glossary:
        assert entry.term[0].upper() + entry.term[1:] in drawn


def test_lines_never_run_past_the_column(ui_fresh: Driver) -> None:
    """The rich text wraps where the drawn text really ends (widths measured by pyglet)."""
    view = open_howto(ui_fresh, "rules")
    page = view.pages["rules"]
    col = min(page.scroll.area.width - 24 * view.s, 820 * view.s)
    page.make_visible_sections(everything=True)
    items = [t for rich in page.made for t in rich.items]
    assert len(items) > 100
    for t in items:
        assert t.right <= col + 2, (t.text, t.left, t.right, col)
    for chip in (c for rich in page.made for c in rich.chips):
        assert chip.rect.right <= col + 2


# -- the quiz ----------------------------------------------------------------------------------------


def test_quiz_by_keyboard_answers_scores_and_remembers(ui_fresh: Driver) -> None:
    content = default_content()
    questions = content.quiz.questions
    assert len(questions) == 6
    ui = ui_fresh
    view = open_howto(ui, "quiz")
    quiz_page = view.page
    expected = 0
    for n, question in enumerate(questions):
        assert quiz_page.quiz.index == n
        right = question.right_index
        # right on the even questions, a wrong choice on the odd ones
        pick = right if n % 2 == 0 else (right + 1) % len(question.choices)
        if n == 2:  # this one with ↑ ↓ and Enter
            for _ in range(pick):
                ui.key(K.DOWN)
            assert view.memory.quiz_focus == pick
            ui.key(K.ENTER)
        else:
            ui.key(K.KEY_1 + pick)
        ui.frames(1)
        last = view.memory.last
        assert last is not None and last.choice_index == pick
        assert last.correct == (pick == right)
        shown = quiz_page.result_text
        assert shown.startswith("Right." if pick == right else "Not right.")
        assert question.choices[pick].explanation.plain() in shown
        if pick != right:
            # the right answer named with its number, a space after the colon
            assert (
                f"The right answer is {right + 1}: {question.choices[right].text.plain()}" in shown
            )
        expected += pick == right
        assert quiz_page.quiz.score == expected
        # a second pick explains too, but does not count
        ui.key(K.KEY_1 + right)
        assert (
            view.memory.last is not None
            and view.memory.last.correct
            and not view.memory.last.counted
        )
        assert quiz_page.quiz.score == expected
        ui.key(K.ENTER)  # the focus went to Next
    assert quiz_page.quiz.finished and quiz_page.quiz.score == expected == 3
    assert quiz_page.quiz.best_score == 3
    drawn = " ".join(t.text for t in quiz_page.rich.items)
    assert "You got 3 of 6 right." in drawn

    # leave and come back: the quiz and its score are kept on the app
    ui.key(K.ESCAPE)
    view = open_howto(ui, "quiz")
    assert view.page.quiz.finished and view.page.quiz.score == 3
    ui.key(K.ENTER)  # Try again
    assert (
        view.page.quiz.index == 0 and view.page.quiz.score == 0 and view.page.quiz.best_score == 3
    )
    ui.key(K.N)  # skip a question
    assert view.page.quiz.index == 1


def test_quiz_by_mouse(ui_fresh: Driver) -> None:
    ui = ui_fresh
    view = open_howto(ui, "quiz")
    page = view.page
    question = page.quiz.current
    row = page.rows[question.right_index]
    ui.click(*page.scroll.to_window(*row.rect.center))
    assert view.memory.last is not None and view.memory.last.correct
    ui.click(*page.scroll.to_window(*page.rows[-1].rect.center))  # Next question
    assert page.quiz.index == 1 and page.quiz.score == 1


# -- variations ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("index", range(len(default_content().variations)))
def test_variation_button_starts_practice_under_its_rules(ui_fresh: Driver, index: int) -> None:
    from desert_pyramid.ui.screens.howto import variation_rules
    from desert_pyramid.ui.table.view import TableView

    ui = ui_fresh
    variation = default_content().variations[index]
    view = open_howto(ui, "variations")
    page = view.page
    page.buttons.focus = -1
    for _ in range(index + 1):
        ui.key(K.DOWN)
    assert page.buttons.focus == index
    top, bottom = page.blocks[index]  # the focused variation is scrolled into sight
    view_top = -page.scroll.offset
    assert top <= view_top + 1 and bottom >= view_top - page.scroll.area.height - 1
    ui.key(K.ENTER)
    table = ui.view
    assert isinstance(table, TableView) and ui.app.table is table
    rules = variation_rules(variation)
    assert table.game.rules == rules
    for key, value in variation.options:
        assert getattr(table.game.rules, key) == value
    assert table.game.layout.number == 1
    assert variation.title in table.message


def test_variation_button_by_mouse(ui_fresh: Driver) -> None:
    from desert_pyramid.ui.screens.howto import variation_rules
    from desert_pyramid.ui.table.view import TableView

    ui = ui_fresh
    view = open_howto(ui, "variations")
    page = view.page
    variation = page.variations[0]
    x, y = page.scroll.to_window(*page.buttons.buttons[0].rect.center)
    ui.click(x, y)
    assert isinstance(ui.view, TableView)
    assert ui.view.game.rules == variation_rules(variation)


# -- the worked example ------------------------------------------------------------------------------


def _free_codes(game: Any) -> set[str]:
    return {card.code for _, card in game.playable()}


def test_worked_example_plays_through_on_the_table(ui_fresh: Driver) -> None:
    from desert_pyramid.ui.screens.demo import DemoView
    from desert_pyramid.ui.screens.howto import HowToView

    demo = default_content().how_to_play.section("example").demo
    assert demo is not None
    ui = ui_fresh
    howto = open_howto(ui, "rules")
    table_before = ui.app.table
    ui.key(K.W)
    view = ui.view
    assert isinstance(view, DemoView)
    view.auto = False
    ui.frames(1)
    game = view.game
    assert game.moves == 0 and view.step == 0
    assert " ".join(c.code for c in game.deal.cards) == demo.deal_text  # the content's deal
    for number, step in enumerate(demo.steps, start=1):
        ui.key(K.SPACE if number % 2 else K.RIGHT)
        ui.frames(1)
        assert view.step == number, view.error
        assert not view.error
        assert view.caption_text == step.caption.plain()
        if step.score is not None:
            assert game.score == step.score
        if step.action == "flip":
            assert game.card_at(-1).code == step.cards[0]
        for code in step.highlight:
            assert code in _free_codes(game)
            assert view.hint_places and any(game.card_at(p).code == code for p in view.hint_places)
    assert view.done
    assert "4H" in _free_codes(game)
    assert game.score == demo.steps[-1].score
    # ← takes a step back (the engine's undo), Space plays it again
    ui.key(K.LEFT)
    assert view.step == len(demo.steps) - 1 and game.score == demo.steps[-2].score
    ui.key(K.SPACE)
    assert view.done
    # the demonstration is not the deal in play, and Esc goes back to How to play
    assert ui.app.table is table_before
    ui.key(K.ESCAPE)
    assert ui.view is howto and isinstance(howto, HowToView)


def test_worked_example_advances_by_itself(ui_fresh: Driver) -> None:
    from desert_pyramid.ui.screens.demo import AUTO_STEP_S, DemoView

    demo = default_content().how_to_play.section("example").demo
    assert demo is not None
    ui = ui_fresh
    open_howto(ui, "rules")
    ui.key(K.W)
    view = ui.view
    assert isinstance(view, DemoView) and view.auto
    ui.frames(int(AUTO_STEP_S / 0.5) + 1, dt=0.5)
    assert view.step == 1
    ui.frames(int(len(demo.steps) * AUTO_STEP_S / 0.5) + 2, dt=0.5)
    assert view.done and not view.auto
    ui.key(K.A)  # again, from the deal
    assert view.step == 0 and view.auto
    ui.key(K.A)
    assert not view.auto
    ui.frames(int(3 * AUTO_STEP_S / 0.5), dt=0.5)
    assert view.step == 0


def test_worked_example_buttons_by_mouse(ui_fresh: Driver) -> None:
    from desert_pyramid.ui.screens.demo import DemoView

    ui = ui_fresh
    howto = open_howto(ui, "rules")
    page = howto.page
    page.jump_to([s.id for s in page.sections].index("example"))
    button = page.watch.buttons[0].rect
    while page.scroll.to_window(0, button.bottom)[1] < page.scroll.area.bottom:
        ui.key(K.DOWN)
    ui.frames(1)
    x, y = page.scroll.to_window(*button.center)
    assert page.scroll.area.contains(x, y)
    ui.click(x, y)  # "Watch it on the table" in the text
    view = ui.view
    assert isinstance(view, DemoView)
    view.auto = False
    ui.frames(1)
    back, nxt, auto, leave = (b.rect.center for b in view.buttons.buttons)
    ui.click(*nxt)
    ui.click(*nxt)
    assert view.step == 2
    ui.click(*back)
    assert view.step == 1
    ui.click(*leave)
    assert ui.view is howto


# -- pixels ----------------------------------------------------------------------------------------------


def test_pixels_of_the_tabs_the_figure_and_a_card_chip(ui_fresh: Driver) -> None:
    from desert_pyramid.ui.base.geometry import Rect

    ui = ui_fresh
    view = open_howto(ui, "rules")
    page = view.page
    page.jump_to([s.id for s in page.sections].index("free-cards"))
    img = image(ui)
    h = ui.app.height
    # the header: the lit tab is the gold "focus" sandstone, the others the darker one
    lit = view.tabs.buttons[0].rect
    other = view.tabs.buttons[1].rect
    strip = lambda r: Rect(r.left + 8, r.bottom + 6, 14, r.height - 12)  # noqa: E731  (left of the label)
    lit_c, other_c = mean_colour(img, strip(lit), h), mean_colour(img, strip(other), h)
    assert lit_c[0] > other_c[0] + 15 and lit_c[1] > other_c[1] + 15, (lit_c, other_c)
    # the panel behind the text is dark brown
    panel = mean_colour(img, Rect(view.area.left + 2, view.area.bottom + 2, 8, 8), h)
    assert max(panel) < 90 and panel[0] > panel[2], panel
    # the figure: a free card bright paper, a covered card shaded grey, a removed slot without a card
    figure = page.figures[0]
    diagram = figure.diagram

    def card_patch(slot: tuple[int, int]) -> Any:
        r = figure.slot_rects[slot]
        x, y = page.scroll.to_window(r.left + r.width * 0.82, r.top - r.height * 0.2)
        return Rect(x - 3, y - 3, 6, 6)

    # slots with number cards (2 to 4: no pip near the top-right corner where the colour is read)
    free = next(
        s
        for s in diagram.slots()
        if diagram.state(*s) == "free" and diagram.card_at(*s)[0] in "234"
    )
    covered = next(
        s
        for s in diagram.slots()
        if diagram.state(*s) == "covered" and diagram.card_at(*s)[0] in "234"
    )
    removed = next(s for s in diagram.slots() if diagram.state(*s) == "removed")
    f = mean_colour(img, card_patch(free), h)
    c = mean_colour(img, card_patch(covered), h)
    assert min(f) > 225, f  # paper
    assert 150 < min(c) and max(c) < 205, c  # shaded
    r = figure.slot_rects[removed]
    x, y = page.scroll.to_window(r.cx, r.bottom + r.height * 0.2)
    m = mean_colour(img, Rect(x - 3, y - 3, 6, 6), h)
    assert max(m) < 140, m  # no card: the dark panel shows through the outline
    # a card chip: paper behind, the suit's ink on it
    chip = next(
        c
        for rich in page.made
        for c in rich.chips
        if c.card[1] in "HD" and page.scroll.area.contains(*page.scroll.to_window(*c.rect.center))
    )
    cx, cy = page.scroll.to_window(chip.rect.left + 2, chip.rect.cy)
    edge = mean_colour(img, Rect(cx, cy - 2, 2, 4), h)
    assert min(edge) > 200, edge
    gx, gy = page.scroll.to_window(chip.rect.left, chip.rect.bottom)
    crop = img.crop(
        (int(gx), h - int(gy + chip.rect.height), int(gx + chip.rect.width), h - int(gy))
    )
    reds = [p for p in crop.getdata() if p[0] > 150 and p[1] < 90 and p[2] < 100]
    assert len(reds) > 10  # the red ink of a heart or diamond


def test_pixels_of_the_quiz_answer(ui_fresh: Driver) -> None:
    ui = ui_fresh
    view = open_howto(ui, "quiz")
    page = view.page
    question = page.quiz.current
    wrong = (question.right_index + 1) % len(question.choices)
    ui.key(K.KEY_1 + wrong)
    img = image(ui)
    h = ui.app.height

    def row_colour(i: int) -> tuple[float, float, float]:
        r = page.rows[i].rect
        from desert_pyramid.ui.base.geometry import Rect

        x, y = page.scroll.to_window(r.right - 40, r.cy - 4)
        return mean_colour(img, Rect(x, y, 20, 8), h)

    red = row_colour(wrong)
    green = row_colour(question.right_index)
    other = row_colour(
        next(i for i in range(len(question.choices)) if i not in (wrong, question.right_index))
    )
    assert red[0] > red[1] + 50, red
    assert green[1] > green[0] + 30, green
    assert other[0] > other[2] + 40 and abs(other[0] - red[0]) + abs(other[1] - red[1]) > 30, other
    # the Next button has the focus: its rim is gold
    nxt = page.rows[-1].rect
    from desert_pyramid.ui.base.geometry import Rect

    x, y = page.scroll.to_window(nxt.cx - 10, nxt.top - 3)
    rim = mean_colour(img, Rect(x, y, 20, 2), h)
    assert rim[0] > 220 and rim[1] > 180 and rim[2] < 140, rim


def test_pixels_of_the_worked_example_panel(ui_fresh: Driver) -> None:
    from desert_pyramid.ui.base.geometry import Rect

    ui = ui_fresh
    open_howto(ui, "rules")
    ui.key(K.W)
    view = ui.view
    view.auto = False
    ui.key(K.SPACE)
    img = image(ui)
    h = ui.app.height
    panel = view.panel_rect
    inside = mean_colour(img, Rect(panel.left + 8, panel.bottom + panel.height * 0.5, 4, 4), h)
    assert max(inside) < 90, inside
    # the panel leaves the pyramid alone
    g = view.geom
    assert all(not panel.overlaps(r) for r in g.card_rects())
    # the caption's card chips are on the panel
    assert {c.card for c in view.caption.chips} == set(view.demo.steps[0].caption.cards)
    assert all(panel.contains(*c.rect.center) for c in view.caption.chips)


# -- goldens (tests/ui/golden; after a deliberate change: UPDATE_GOLDENS=1, and look at them) ----------


def test_goldens_of_how_to_play(ui_fresh: Driver) -> None:
    from .test_ui_screens import check_golden

    ui = ui_fresh
    view = open_howto(ui, "rules")
    ui.frames(1)
    check_golden(ui, "howto")
    page = view.page
    page.jump_to([s.id for s in page.sections].index("free-cards"))
    ui.frames(1)
    check_golden(ui, "howto_figure")
    ui.key(K.TAB)
    ui.key(K.TAB)
    ui.key(K.TAB)
    question = view.page.quiz.current
    ui.key(K.KEY_1 + (question.right_index + 1) % len(question.choices))
    ui.frames(1)
    check_golden(ui, "quiz")
    ui.key(K.W)
    ui.view.auto = False
    for _ in range(7):
        ui.key(K.SPACE)
    ui.frames(1)
    check_golden(ui, "demo")
