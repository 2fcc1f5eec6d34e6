"""The layout workshop's screens through real window events: a layout built in the editor by keys
and by the mouse, refused with its reason while it cannot be played, named and saved; listed in
the picker under the player's heading; played in Practice and won with the solver's line; renamed
and deleted (with a confirmation); layout codes copied and pasted, a mistyped one a message; a
damaged layout file set aside with a notice; the difficulty measured while the layout is drawn."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from arcade import key as K

import desert_pyramid.catalog as catalog
from desert_pyramid.engine import DESERT
from desert_pyramid.engine.layoutcode import encode_layout_code
from desert_pyramid.storage.layouts import LAYOUTS_DIR, PlayerLayouts
from desert_pyramid.ui.art.miniature import COVERED_FILL, FREE_FILL
from desert_pyramid.ui.screens.editor import EditorView
from desert_pyramid.ui.screens.layout_picker import LayoutPickerView
from desert_pyramid.workshop import Draft, EstimateService
from desert_pyramid.workshop.model import draft_of

#: A five-row pyramid, rows half a card apart: 15 cards, the five of the last row free.
PYRAMID = [(13 + 2 * c - r, 2 + r) for r in range(5) for c in range(r + 1)]


@pytest.fixture(autouse=True)
def no_estimate_process(ui: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The editor opened from the picker measures with a stand-in (the estimate's own test
    starts the real process)."""
    monkeypatch.setattr(ui.app.application, "_estimates", NoEstimate())


@pytest.fixture
def store(ui: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[PlayerLayouts]:
    """The player's layouts in a save folder of this test's own (written, never the user's)."""
    catalogue = catalog.Catalogue.open(tmp_path / "saves", readonly=False)
    monkeypatch.setattr(ui.app.application, "catalogue", catalogue)
    yield catalogue.store


class NoEstimate:
    """An estimator that is never asked to measure (the tests of the estimate use the real one)."""

    deals = 10
    error: str | None = None
    busy = False
    asked = 0

    def request(self, layout: Any) -> None:
        self.asked += 1

    def poll(self) -> None:
        return None

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        pass


def open_picker(ui: Any, focus: int | None = None) -> LayoutPickerView:
    chosen: list[int] = []
    ui.app.show_layouts(DESERT, on_choose=chosen.append, back=ui.app.show_title, focus=focus)
    ui.frames(2)
    view = ui.view
    assert isinstance(view, LayoutPickerView)
    view.test_chosen = chosen  # type: ignore[attr-defined]
    return view


def open_editor(ui: Any, draft: Draft | None = None, estimator: Any = None) -> EditorView:
    left: list[Any] = []
    ui.app.show_editor(draft or Draft.new(), back=left.append, estimator=estimator or NoEstimate())
    ui.frames(1)
    view = ui.view
    assert isinstance(view, EditorView)
    view.test_left = left  # type: ignore[attr-defined]
    return view


def cursor_to(ui: Any, x: float, y: float) -> None:
    """The arrow keys that take the editor's cursor to grid step (x, y)."""
    ed = ui.view.editor
    cx, cy = ed.cursor
    for _ in range(int(abs(x - cx))):
        ui.key(K.RIGHT if x > cx else K.LEFT)
    for _ in range(int(abs(y - cy))):
        ui.key(K.DOWN if y > cy else K.UP)
    assert ed.cursor == (x, y)


def type_text(ui: Any, text: str) -> None:
    ui.app.dispatch_event("on_text", text)
    ui.app.dispatch_events()


def clear_name(ui: Any) -> None:
    for _ in range(80):
        ui.key(K.BACKSPACE)


def near(c: tuple[int, int, int], want: tuple[int, int, int], tol: int = 30) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(c, want, strict=True))


# -- building -------------------------------------------------------------------------------------
def test_build_by_keys_refused_then_named_saved_and_listed(ui: Any, store: PlayerLayouts) -> None:
    picker = open_picker(ui)
    ui.key(K.N)  # New layout
    view = ui.view
    assert isinstance(view, EditorView) and view.editor.draft.count == 0
    for x, y in PYRAMID[:8]:
        cursor_to(ui, x, y)
        ui.key(K.SPACE)
    ui.frames(1)
    assert view.state()["cards"] == 8
    assert view.counts_text is not None and view.counts_text.text.startswith("8 cards")
    # not playable yet: the reason is on the screen, and S is refused with it
    assert view.problems_text is not None and "at least 15" in view.problems_text.text
    ui.key(K.S)
    ui.frames(1)
    assert view.editor.naming is None
    assert view.message_text is not None
    assert "Cannot save yet" in view.message_text.text and "at least 15" in view.message_text.text
    assert store.layouts() == {}
    for x, y in PYRAMID[8:]:
        cursor_to(ui, x, y)
        ui.key(K.ENTER)
    ui.frames(1)
    assert view.state()["cards"] == 15 and view.state()["free"] == 5
    assert view.state()["problems"] == []
    assert "15 cards · 5 free at the deal · 37 in the stock" == view.counts_text.text
    # undo and redo (Ctrl+Z, Ctrl+Y)
    ui.key(K.Z, K.MOD_CTRL)
    assert view.editor.draft.count == 14
    ui.key(K.Y, K.MOD_CTRL)
    assert view.editor.draft.count == 15
    # S asks the name; typed, Enter saves
    ui.key(K.S)
    assert view.editor.naming is not None
    clear_name(ui)
    type_text(ui, "Keyed pyramid")
    ui.frames(1)
    assert view.name_text is not None and "Keyed pyramid" in view.name_text.text
    ui.key(K.ENTER)
    ui.frames(1)
    saved = store.layouts()
    assert len(saved) == 1
    ((number, layout),) = saved.items()
    assert layout.name == "Keyed pyramid" and layout.size == 15
    assert f"Saved as layout {number}" in view.message_text.text
    assert (store.folder / f"{number}_keyed_pyramid.toml").is_file()
    # back to the picker: the layout is listed under the player's heading, focused
    ui.key(K.ESCAPE)
    ui.frames(2)
    assert ui.view is picker
    assert picker.numbers[picker.own_start :] == [number]
    assert picker.layouts[picker.focus].number == number
    g = picker.geom
    assert g is not None and g.own_start == picker.own_start
    assert g.tiles[picker.focus].top < g.heading_y  # drawn under the heading
    assert "YOUR LAYOUTS" in [t.text for t in picker.grid_texts.items]


def test_build_by_mouse_covers_drawn_darker_and_drag_moves(ui: Any) -> None:
    view = open_editor(ui)
    g = view.geom
    assert g is not None
    # two cards side by side, and one over both, half a card lower
    for corner in ((10.0, 4.0), (12.0, 4.0), (11.0, 5.0)):
        ui.click(*view.point_of(*corner))
    ui.frames(1)
    ed = view.editor
    assert [(p.x, p.y) for p in ed.draft.places] == [(10, 4), (12, 4), (11, 5)]
    assert ed.draft.free() == [2]
    # the covered cards are drawn darker, the free one bright (as the picker's miniatures)
    top_of_left = g.card_rect(10, 4)
    shot = ui.shot()
    covered_px = shot.getpixel(
        (
            round(top_of_left.left + top_of_left.width * 0.3),
            round(ui.app.height - top_of_left.top + 8),
        )
    )
    free = g.card_rect(11, 5)
    free_px = shot.getpixel((round(free.cx), round(ui.app.height - free.cy)))
    assert near(covered_px, COVERED_FILL), covered_px
    assert near(free_px, FREE_FILL), free_px
    # a click on a card (its corner under the pointer) takes it away; Ctrl+Z puts it back
    ui.click(*view.point_of(11.0, 5.0))
    assert ed.draft.count == 2 and ed.draft.free_count == 2
    ui.key(K.Z, K.MOD_CTRL)
    assert ed.draft.count == 3
    # a drag moves a card: the right-hand one two steps right and one down
    x0, y0 = view.point_of(12.0, 4.0)
    x0 += g.unit_w * 0.6  # grabbed on its visible right half (the third card lies on its left)
    ui.drag(x0, y0, x0 + 2 * g.unit_w, y0 - g.unit_h)
    assert (ed.draft.places[1].x, ed.draft.places[1].y) == (14, 5)
    assert ed.draft.count == 3
    # mirror (M): left to right about the drawing's middle
    ui.key(K.M)
    assert sorted((p.x, p.y) for p in ed.draft.places) == sorted([(14, 4), (10, 5), (13, 5)])
    ui.key(K.Y, K.MOD_CTRL)  # nothing to redo: said so
    assert "Nothing to redo" in ed.message


def test_keyboard_move_and_a_card_off_limits(ui: Any) -> None:
    view = open_editor(ui, draft_of(PYRAMID, "Pyramid"))
    ed = view.editor
    cursor_to(ui, 13, 2)  # the top card
    ui.key(K.G)
    assert ed.held == 0
    ui.key(K.UP)
    ui.key(K.UP)
    ui.key(K.SPACE)  # puts it down
    assert ed.held is None and (ed.draft.places[0].x, ed.draft.places[0].y) == (13, 0)
    # a card onto another's place is refused with the reason
    cursor_to(ui, 13, 0)
    ui.key(K.G)
    cursor_to(ui, 12, 3)
    ui.key(K.G)
    assert "card" in ed.message and "already there" in ed.message
    assert (ed.draft.places[0].x, ed.draft.places[0].y) == (13, 0)


def test_controller_builds_in_the_editor(ui: Any) -> None:
    from pyglet.math import Vec2

    from .test_controller import ManagerStandIn, PadStandIn

    pad = PadStandIn()
    assert ui.app.controllers.start(ManagerStandIn((pad,)))
    try:
        view = open_editor(ui)
        ed = view.editor
        start = ed.cursor
        pad.tap(Vec2(1, 0))
        ui.frames(1)
        assert ed.cursor == (start[0] + 1, start[1])
        pad.press("a")
        ui.frames(1)
        assert ed.draft.count == 1
        pad.press("leftshoulder")  # undo
        ui.frames(1)
        assert ed.draft.count == 0
        pad.press("rightshoulder")  # redo
        ui.frames(1)
        assert ed.draft.count == 1
        pad.press("start")  # save: refused, with the reason
        ui.frames(1)
        assert "at least 15" in ed.message
    finally:
        ui.app.controllers.stop()
        ui.app.last_input = "keys"


def test_help_lists_the_editor_keys(ui: Any) -> None:
    from desert_pyramid.ui.input import keys

    rows = dict(keys.help_rows(EditorView.help_contexts))
    texts = " ".join(t for _k, t in rows["In the layout editor"])
    assert "Mirror" in texts and "Undo" in texts and "Save" in texts
    assert keys.action_for(K.M, 0, EditorView.contexts) == "mirror"  # not mute, in the editor
    assert "Mute or unmute all sound" not in [t for _k, t in rows["Everywhere"]]
    assert "Mute or unmute all sound" in [t for _k, t in dict(keys.help_rows())["Everywhere"]]
    assert keys.pad_action_for("start", EditorView.contexts) == "save"


def typed_key(ui: Any, symbol: int, text: str) -> None:
    """A key as a real keyboard sends it: the press, the text it types, then the release."""
    ui.app.dispatch_event("on_key_press", symbol, 0)
    ui.app.dispatch_event("on_text", text)
    ui.app.dispatch_event("on_key_release", symbol, 0)
    ui.app.dispatch_events()


@pytest.mark.parametrize(("symbol", "text"), [(K.N, "n"), (K.S, "s")])
def test_the_key_that_opens_the_name_field_is_not_typed_and_typing_replaces_the_name(
    ui: Any, store: PlayerLayouts, symbol: int, text: str
) -> None:
    """N (name) and S (save, asking the name) open the field with the name selected: their own
    letter is not typed into it (nor its auto-repeat), and the first character typed replaces
    the name instead of being added to it."""
    view = open_editor(ui, draft_of(PYRAMID, "My layout"))
    ed = view.editor
    ui.app.dispatch_event("on_key_press", symbol, 0)
    ui.app.dispatch_event("on_text", text)
    ui.app.dispatch_event("on_text", text)  # the key held: auto-repeat
    ui.app.dispatch_event("on_key_release", symbol, 0)
    ui.app.dispatch_events()
    ui.frames(1)
    assert ed.naming == "My layout" and ed.name_selected
    assert view.name_text is not None and view.name_text.text == "Name: My layout"
    typed_key(ui, K.D, "D")
    assert ed.naming == "D" and not ed.name_selected
    for ch in "une":
        typed_key(ui, getattr(K, ch.upper()), ch)
    typed_key(ui, K.N, "n")  # N typed in the open field is a letter, not "rename"
    ui.frames(1)
    assert ed.naming == "Dunen" and view.name_text.text.startswith("Name: Dunen")
    ui.key(K.BACKSPACE)
    ui.key(K.ENTER)
    assert ed.naming is None and ed.draft.name == "Dune"
    if symbol == K.S:  # S saved it under the new name
        assert [lay.name for lay in store.layouts().values()] == ["Dune"]


def test_backspace_in_the_opened_name_field_clears_the_selected_name(ui: Any) -> None:
    view = open_editor(ui, draft_of(PYRAMID, "Long default name"))
    typed_key(ui, K.N, "n")
    ui.key(K.BACKSPACE)
    assert view.editor.naming == ""
    typed_key(ui, K.A, "a")
    assert view.editor.naming == "a"
    ui.key(K.ESCAPE)
    assert view.editor.naming is None and view.editor.draft.name == "Long default name"


# -- the estimate ---------------------------------------------------------------------------------
def run_until(ui: Any, done: Any, seconds: float = 60.0) -> None:
    ui.frames_until(done, seconds)
    assert done()


def test_difficulty_measured_off_the_frame_and_kept_with_the_saved_layout(
    ui: Any, store: PlayerLayouts
) -> None:
    with EstimateService(deals=20, budget=3_000) as service:
        view = open_editor(ui, draft_of(PYRAMID, "Measured"), estimator=service)
        ed = view.editor
        # the frames go on while it measures: "measuring… n/20 deals"
        run_until(ui, lambda: ed.estimate is not None)
        seen = view.status_text.text if view.status_text is not None else ""
        assert "deals" in seen
        run_until(ui, lambda: ed.estimate is not None and ed.estimate.complete)
        ui.frames(1)
        assert view.status_text is not None and view.status_text.text == "20 deals"
        assert view.word_text is not None and view.word_text.text in (
            "Gentle",
            "Moderate",
            "Tricky",
            "Fiendish",
        )
        assert view.rates_text is not None and "Relaxed rules:" in view.rates_text.text
        assert "95%" in view.rates_text.text and "Desert rules:" in view.rates_text.text
        word = ed.estimate.word
        # a change starts it again
        ui.key(K.SPACE)  # the cursor is on the last card: taken away (14 cards: not playable)
        ui.frames(2, dt=0.5)
        assert ed.estimate is None and "once the layout can be played" in view.status_text.text
        ui.key(K.SPACE)  # back: measured again
        run_until(ui, lambda: ed.estimate is not None and ed.estimate.complete)
        # saved: the picker shows its grade (kept beside the layout files)
        ui.key(K.S)
        ui.key(K.ENTER)
        ui.frames(1)
        assert ed.saved is not None
        number = ed.saved.number
        assert store.difficulty()[number].word == word
    picker = open_picker(ui, focus=number)
    assert picker.word(number) == word


# -- the picker -----------------------------------------------------------------------------------
def test_play_own_layout_in_practice_and_win_it(ui: Any, store: PlayerLayouts) -> None:
    from desert_pyramid.storage import SaveStore

    added = store.add(draft_of(PYRAMID, "Practice pyramid").build())
    saves = SaveStore.open(store.folder.parent, background=False)
    ui.app.saves.attach(saves)
    try:
        _play_and_win(ui, added.number)
        # the game counts in this layout's own statistics
        assert saves.progress.stats_for("practice", "desert", added.number).won == 1
        assert saves.progress.stats_for("practice", "desert", 1).played == 0
    finally:
        ui.app.saves.attach(None)
        saves.close()


def _play_and_win(ui: Any, number: int) -> None:
    from desert_pyramid.solver import solve
    from desert_pyramid.ui.screens.practice import PracticeSetupView
    from desert_pyramid.ui.table.view import TableView

    ui.app.show_practice_setup()
    ui.frames(1)
    setup = ui.view
    assert isinstance(setup, PracticeSetupView)
    setup.choose_layout()
    ui.frames(2)
    picker = ui.view
    assert isinstance(picker, LayoutPickerView)
    ui.key(K.END)  # the last layout: the player's own
    assert picker.layouts[picker.focus].number == number
    ui.key(K.ENTER)
    ui.frames(1)
    assert ui.view is setup
    assert setup.menu.buttons[1].value == f"{number} · Practice pyramid"
    while setup.menu.buttons[setup.menu.focus].label != "Play":
        ui.key(K.DOWN)
    ui.key(K.ENTER)
    ui.frames(2)
    table = ui.view
    assert isinstance(table, TableView)
    assert table.game.layout.number == number and table.game.layout.size == 15
    line = solve(table.game, 400_000).line
    assert line, "the solver finds a way through this deal"
    for move in line:
        ui.play(move, "mouse")
    assert table.game.won
    ui.frames(5)


def test_rename_and_delete_with_confirmation(ui: Any, store: PlayerLayouts) -> None:
    added = store.add(draft_of(PYRAMID, "Old name").build())
    picker = open_picker(ui, focus=added.number)
    assert picker.own() is not None
    ui.key(K.R)
    assert picker.naming == "Old name"
    clear_name(ui)
    type_text(ui, "New name")
    ui.key(K.ENTER)
    ui.frames(1)
    assert store.get(added.number).name == "New name"  # type: ignore[union-attr]
    assert picker.layouts[picker.focus].name == "New name"
    # Delete asks first; another key keeps the layout
    ui.key(K.DELETE)
    assert "Press Delete again" in picker.shown_message()
    ui.key(K.LEFT)
    assert store.get(added.number) is not None
    picker.set_focus(picker.numbers.index(added.number))
    ui.key(K.DELETE)
    ui.key(K.DELETE)
    ui.frames(1)
    assert store.get(added.number) is None
    assert added.number not in picker.numbers
    assert "Deleted" in picker.message
    # a built-in layout cannot be renamed or deleted
    picker.set_focus(0)
    ui.key(K.DELETE)
    assert "Only your own layouts" in picker.message
    assert catalog.get_layout(1).name == "Classic Pyramid"


def test_r_opens_the_rename_field_untyped_and_typing_replaces_the_old_name(
    ui: Any, store: PlayerLayouts
) -> None:
    added = store.add(draft_of(PYRAMID, "Old name").build())
    picker = open_picker(ui, focus=added.number)
    ui.app.dispatch_event("on_key_press", K.R, 0)
    ui.app.dispatch_event("on_text", "r")  # the R that opened the field types nothing
    ui.app.dispatch_event("on_key_release", K.R, 0)
    ui.app.dispatch_events()
    assert picker.naming == "Old name" and "type to replace it" in picker.shown_message()
    typed_key(ui, K.D, "D")
    typed_key(ui, K.R, "r")  # R in the open field is a letter
    assert picker.naming == "Dr"
    ui.key(K.ENTER)
    ui.frames(1)
    assert store.get(added.number).name == "Dr"  # type: ignore[union-attr]
    ui.key(K.R)
    ui.key(K.BACKSPACE)  # the selected name cleared at once
    assert picker.naming == ""
    ui.key(K.ESCAPE)
    assert picker.naming is None and store.get(added.number).name == "Dr"  # type: ignore[union-attr]


def test_delete_button_asks_then_deletes(ui: Any, store: PlayerLayouts) -> None:
    added = store.add(draft_of(PYRAMID, "Clicked").build())
    picker = open_picker(ui, focus=added.number)
    delete = picker.actions.buttons[3].rect
    ui.click(delete.cx, delete.cy)
    assert store.get(added.number) is not None and picker.actions.buttons[3].label == "Delete?"
    ui.click(delete.cx, delete.cy)
    assert store.get(added.number) is None


def test_layout_codes_copied_and_pasted(
    ui: Any, store: PlayerLayouts, monkeypatch: pytest.MonkeyPatch
) -> None:
    clipboard: list[str] = [""]
    monkeypatch.setattr(ui.app, "set_clipboard_text", lambda text: clipboard.__setitem__(0, text))
    monkeypatch.setattr(ui.app, "get_clipboard_text", lambda: clipboard[0])
    picker = open_picker(ui, focus=2)
    ui.key(K.C)
    code = clipboard[0]
    assert code == encode_layout_code(catalog.get_layout(2)) and "copied" in picker.message
    # a mistyped code: a message on the screen, nothing added, no crash
    i = len(code) // 2
    clipboard[0] = code[:i] + ("A" if code[i] != "A" else "B") + code[i + 1 :]
    ui.key(K.V, K.MOD_CTRL)
    ui.frames(1)
    assert "That layout code cannot be used" in picker.message
    assert store.layouts() == {}
    clipboard[0] = "hello"
    ui.key(K.V, K.MOD_CTRL)
    assert "cannot be used" in picker.message
    # the right code: added to the player's layouts, focused under their heading
    clipboard[0] = code
    ui.key(K.V, K.MOD_CTRL)
    ui.frames(1)
    ((number, layout),) = store.layouts().items()
    assert picker.layouts[picker.focus].number == number
    assert [s.covered_by for s in layout.slots] == [
        s.covered_by for s in catalog.get_layout(2).slots
    ]
    # the editor copies and pastes the same codes
    view = open_editor(ui, draft_of(PYRAMID, "Shared"))
    ui.key(K.C)
    shared = clipboard[0]
    assert shared.startswith("DL-")
    view.editor.draft = Draft.new()
    clipboard[0] = shared[:-1]  # truncated
    ui.key(K.V, K.MOD_CTRL)
    assert "cannot be used" in view.editor.message and view.editor.draft.count == 0
    clipboard[0] = shared
    ui.key(K.V, K.MOD_CTRL)
    assert view.editor.draft.count == 15 and view.editor.draft.number is None


def test_damaged_layout_file_set_aside_with_a_notice(ui: Any, store: PlayerLayouts) -> None:
    good = store.add(draft_of(PYRAMID, "Fine").build())
    folder = store.folder
    (folder / "150_broken.toml").write_text("this is [not a layout", encoding="utf-8")
    picker = open_picker(ui)
    assert good.number in picker.numbers  # the others are still listed
    assert "150_broken.toml" in picker.message and "left out" in picker.message
    assert not (folder / "150_broken.toml").exists()  # set aside (kept under another name)
    assert any(p.name.startswith("150_broken.toml") for p in folder.iterdir())
    assert any("150_broken" in t.text for t in (*ui.app.overlay.shown, *ui.app.overlay.queue))
    assert (folder.parent / LAYOUTS_DIR) == folder


def test_leaving_with_unsaved_changes_asks_first(ui: Any) -> None:
    view = open_editor(ui)
    ui.key(K.SPACE)
    ui.key(K.ESCAPE)
    assert ui.view is view and "not saved" in view.editor.message
    ui.key(K.ESCAPE)
    assert view.test_left == [None]  # type: ignore[attr-defined]


def test_edit_copies_a_builtin_and_edits_ones_own_in_place(ui: Any, store: PlayerLayouts) -> None:
    picker = open_picker(ui, focus=2)
    assert picker.actions.buttons[1].label == "Edit a copy"
    ui.key(K.E)
    view = ui.view
    assert isinstance(view, EditorView)
    assert view.editor.draft.name == "Little Pyramid (copy)" and view.editor.draft.number is None
    ui.key(K.S)
    ui.key(K.ENTER)  # the name shown is kept
    ui.key(K.ESCAPE)
    ui.frames(1)
    assert ui.view is picker
    ((number, copy),) = store.layouts().items()
    assert copy.name == "Little Pyramid (copy)" and catalog.get_layout(2).name == "Little Pyramid"
    assert picker.layouts[picker.focus].number == number
    assert picker.actions.buttons[1].label == "Edit"
    ui.key(K.E)
    view = ui.view
    assert isinstance(view, EditorView) and view.editor.draft.number == number
    ed = view.editor
    top = min(range(ed.draft.count), key=lambda i: ed.draft.places[i].y)
    ed.cursor = (ed.draft.places[top].x, ed.draft.places[top].y)
    ui.key(K.G)
    for _ in range(10):
        ui.key(K.RIGHT)
    ui.key(K.G)
    ui.key(K.S)
    ui.key(K.ENTER)
    assert list(store.layouts()) == [number]  # saved over it: the same number
    edited = store.get(number)
    assert edited is not None and edited.width > copy.width


def test_delete_warns_of_a_game_in_progress_on_the_layout(ui: Any, store: PlayerLayouts) -> None:
    added = store.add(draft_of(PYRAMID, "In play").build())
    ui.app.start_practice(DESERT, added)
    ui.frames(1)
    assert ui.app.table is not None and ui.app.table.game.layout.number == added.number
    picker = open_picker(ui, focus=added.number)
    ui.key(K.DELETE)
    assert "game in progress" in picker.shown_message()
    ui.key(K.ESCAPE)  # kept
    assert store.get(added.number) is not None and "game in progress" not in picker.message
    ui.app.table = None


def test_help_over_the_editor_and_back_measures_again(ui: Any) -> None:
    est = NoEstimate()
    view = open_editor(ui, draft_of(PYRAMID, "Helped"), estimator=est)
    ui.frames(30)
    assert est.asked == 1
    ui.key(K.F1)
    assert ui.view is not view
    ui.key(K.F1)
    assert ui.view is view
    ui.frames(2)
    assert est.asked == 2  # the estimate stopped while the help was shown starts again


def test_controller_opens_the_editor_from_the_picker(ui: Any, store: PlayerLayouts) -> None:
    from .test_controller import ManagerStandIn, PadStandIn

    pad = PadStandIn()
    assert ui.app.controllers.start(ManagerStandIn((pad,)))
    try:
        picker = open_picker(ui, focus=3)
        pad.press("x")  # edit a copy
        ui.frames(1)
        assert isinstance(ui.view, EditorView)
        assert ui.view.editor.draft.name == "Six-Row Pyramid (copy)"
        pad.press("b")  # nothing changed: back at once
        ui.frames(1)
        assert ui.view is picker
        pad.press("y")  # a new layout
        ui.frames(1)
        assert isinstance(ui.view, EditorView) and ui.view.editor.draft.count == 0
    finally:
        ui.app.controllers.stop()
        ui.app.last_input = "keys"


def test_deleting_a_layout_ends_the_saved_game_on_it_as_a_loss(
    ui: Any, store: PlayerLayouts, tmp_path: Path
) -> None:
    from desert_pyramid.storage import SaveStore

    added = store.add(draft_of(PYRAMID, "Short-lived").build())
    saves = SaveStore.open(tmp_path / "progress", background=False)
    ui.app.saves.attach(saves)
    try:
        ui.app.start_practice(DESERT, added)
        ui.frames(1)
        table = ui.app.table
        move = table.game.legal_moves()[0]
        table.seat.play(move)  # a move: the game counts and is saved (by the seat)
        assert saves.current is not None and saves.current.layout == added.number
        picker = open_picker(ui, focus=added.number)
        ui.key(K.DELETE)
        assert "game in progress on it ends (a loss)" in picker.shown_message()
        ui.key(K.DELETE)
        assert store.get(added.number) is None
        assert saves.current is None and ui.app.table is None  # nothing left to continue
        stats = saves.progress.stats_for("practice", "desert", added.number)
        assert (stats.played, stats.lost) == (1, 1)
        saves.close()
        reopened = SaveStore.open(tmp_path / "progress", background=False)
        assert reopened.current is None and reopened.take_notices() == []  # nothing set aside
        reopened.close()
    finally:
        ui.app.saves.attach(None)
        ui.app.table = None
