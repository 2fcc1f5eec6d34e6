"""The replay screen, driven by real key and mouse events: stepping, playing, jumping to the move
that lost, the analysis shown, and "Play on from here" giving a Practice game whose undo works."""

from __future__ import annotations

from arcade import key as K

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import CLASSIC, Deal, Game, decode_game_code, encode_game_code
from desert_pyramid.solver.analysis import analyse
from desert_pyramid.ui.screens.replay import ReplayView

from .driver import Driver

LOST_LINE = "25+22 F F F F KW F F F F F 28+W 26+W K19 F".split()


def lost_game() -> Game:
    game = Game(get_layout(1), CLASSIC, Deal.from_seed(1, 4550))
    game.replay(LOST_LINE)
    return game


def open_replay(ui: Driver, game: Game, start_at: int = 0) -> ReplayView:
    code = decode_game_code(encode_game_code(game), get_layout)
    back_called: list[bool] = []
    ui.app.show_replay(code, lambda: back_called.append(True), analyse=False, start_at=start_at)
    ui.frames(2)
    view = ui.view
    assert isinstance(view, ReplayView)
    view.back_called = back_called  # type: ignore[attr-defined]
    return view


def test_keys_step_jump_and_close(ui: Driver) -> None:
    game = lost_game()
    view = open_replay(ui, game)
    assert view.step == 0
    ui.key(K.RIGHT)
    ui.key(K.RIGHT)
    assert view.step == 2 and view.game.history == game.history[:2]
    ui.key(K.LEFT)
    assert view.step == 1
    ui.key(K.END)
    assert view.step == len(LOST_LINE)
    assert view.game.position_key() == game.position_key() and view.game.score == game.score
    ui.key(K.HOME)
    assert view.step == 0 and view.game.moves == 0
    ui.key(K.UP)
    assert view.speed == 2.0
    ui.key(K.DOWN)
    ui.key(K.DOWN)
    assert view.speed == 0.5
    ui.key(K.ESCAPE)
    assert view.back_called == [True]  # type: ignore[attr-defined]


def test_space_plays_the_game_through_in_time(ui: Driver) -> None:
    view = open_replay(ui, lost_game())
    ui.key(K.SPACE)
    assert view.playing
    ui.frames(60 * 30, draw=False)  # 30 s of frames: 15 moves at 0.9 s each
    assert view.step == len(LOST_LINE) and not view.playing
    ui.key(K.SPACE)  # at the end, Space starts again from the deal
    assert view.playing and view.step == 0


def test_buttons_and_timeline_by_mouse(ui: Driver) -> None:
    view = open_replay(ui, lost_game())
    names = {b.label: b for b in view.buttons.buttons}
    step = names["Step"].rect
    ui.click(step.cx, step.cy)
    ui.click(step.cx, step.cy)
    assert view.step == 2
    end = names["End"].rect
    ui.click(end.cx, end.cy)
    assert view.step == len(LOST_LINE)
    t = view.timeline
    ui.click(t.left + t.width / 2, t.cy)
    assert abs(view.step - len(LOST_LINE) / 2) <= 1
    start = names["Start"].rect
    ui.click(start.cx, start.cy)
    assert view.step == 0


def test_the_analysis_marks_the_losing_move_and_l_jumps_there(ui: Driver) -> None:
    game = lost_game()
    view = open_replay(ui, game)
    ui.key(K.L)
    assert view.step == 0  # no analysis yet: nothing to jump to
    assert "not found a losing move" in view.move_text.text
    view.analysis = analyse(game)
    ui.frames(1)
    ui.key(K.L)
    assert view.step == 12  # the position before move 13, the move that lost the deal
    assert "move 13 lost the deal" in view.move_text.text
    assert "flip the stock" in view.move_text.text
    ui.key(K.RIGHT)
    assert "the move that lost the deal" in view.move_text.text
    # the timeline draws the losing move in gold, the lost part red, the rest green
    ui.frames(1)
    t = view.timeline
    n = len(LOST_LINE)
    gold = ui.pixel(int(t.left + 12.5 / n * t.width), int(t.cy))
    green = ui.pixel(int(t.left + 3 / n * t.width), int(t.cy))
    red = ui.pixel(int(t.left + 14.5 / n * t.width), int(t.cy))
    assert gold[0] > 200 and gold[1] > 170 and gold[2] < 140
    assert green[1] > green[0] + 40
    assert red[0] > red[1] + 60


def test_play_on_from_here_gives_a_practice_game_with_its_history(ui: Driver) -> None:
    game = lost_game()
    view = open_replay(ui, game, start_at=12)
    ui.key(K.P)
    table = ui.app.table
    assert table is not None and ui.view is table
    assert table.session.mode == "practice"
    assert table.game.history == game.history[:12]
    for _ in range(12):
        ui.key(K.Z)
    assert table.game.moves == 0  # undo goes all the way back to the deal
    assert table.game.deal == game.deal and view.source is None


def test_enter_presses_the_focused_button_and_never_plays_on(ui: Driver) -> None:
    """The focus ring opens on "Start": Enter presses Start (back to the deal), not "Play on";
    Tab and Shift+Tab move the ring, and Enter presses the button it is on."""
    ui.app.table = None
    view = open_replay(ui, lost_game(), start_at=12)
    labels = [b.label for b in view.buttons.buttons]
    assert labels[view.buttons.focus] == "Start"
    ui.key(K.ENTER)
    assert ui.view is view and ui.app.table is None
    assert view.step == 0
    for _ in range(3):
        ui.key(K.TAB)  # Start → Back → Play → Step
    ui.key(K.TAB, K.MOD_SHIFT)
    ui.key(K.TAB)
    assert labels[view.buttons.focus] == "Step"
    ui.key(K.ENTER)
    ui.key(K.NUM_ENTER)
    assert view.step == 2 and ui.view is view and ui.app.table is None
    # Play on only by its own key (P) or its own button
    view.buttons.go_to(labels.index("Play on"))
    ui.key(K.ENTER)
    table = ui.app.table
    assert table is not None and ui.view is table and table.session.mode == "practice"


def test_help_over_a_replay_lists_the_replay_keys(ui: Driver) -> None:
    open_replay(ui, lost_game())
    ui.key(K.F1)
    ui.frames(1)
    texts = [t.text for t in ui.view.texts.items + ui.view.keys_texts.items]  # the list scrolls
    assert "Watching a replay" in texts
    assert "Jump to the move that lost the deal" in texts
    ui.key(K.ESCAPE)
    assert isinstance(ui.view, ReplayView)
