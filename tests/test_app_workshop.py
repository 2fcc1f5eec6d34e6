"""The editor's logic without a window (desert_pyramid.app.workshop.Editor): the cursor, placing
and taking away, moving by keys, naming (hostile names too), saving and its refusals, pasting
codes (bad ones a message), and when the difficulty estimate is asked again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from desert_pyramid.app.workshop import SETTLE, Editor, first_line
from desert_pyramid.catalog import get_layout
from desert_pyramid.difficulty import RuleRate
from desert_pyramid.engine.layoutcode import encode_layout_code
from desert_pyramid.storage.layouts import LAYOUTS_DIR, PlayerLayouts
from desert_pyramid.workshop import Draft, Estimate
from desert_pyramid.workshop.model import draft_of

PYRAMID = [(13 + 2 * c - r, 2 + r) for r in range(5) for c in range(r + 1)]


class FakeEstimator:
    """Records requests; answers with what the test puts in ``answers``."""

    deals = 4

    def __init__(self) -> None:
        self.requests: list[Any] = []
        self.cancels = 0
        self.answers: list[Estimate] = []
        self.error: str | None = None
        self.pending = False

    def request(self, layout: Any) -> None:
        self.requests.append(layout)
        self.pending = True

    def poll(self) -> Estimate | None:
        if self.answers:
            e = self.answers.pop(0)
            if e.complete:
                self.pending = False
            return e
        return None

    @property
    def busy(self) -> bool:
        return self.pending

    def cancel(self) -> None:
        self.cancels += 1
        self.pending = False


def rate(won: int, lost: int) -> RuleRate:
    return RuleRate(won=won, lost=lost, unknown=0)


def store_at(tmp_path: Path) -> PlayerLayouts:
    return PlayerLayouts(tmp_path / LAYOUTS_DIR, durable=False)


def test_cursor_toggle_and_counts() -> None:
    ed = Editor(Draft.new())
    assert ed.cursor == (14.0, 6.0)
    ed.toggle()
    assert (
        ed.draft.count == 1 and ed.counts_text() == "1 card · 1 free at the deal · 51 in the stock"
    )
    ed.move_cursor(1, 1)
    ed.toggle()
    assert ed.draft.free_count == 1
    ed.move_cursor(-1, -1)
    ed.toggle()  # the card there is taken away
    assert ed.draft.count == 1
    for _ in range(100):  # the cursor stays on the table
        ed.move_cursor(1, 1)
    assert ed.cursor == (28.0, 12.0)


def test_moving_a_card_by_keys_and_putting_it_back() -> None:
    ed = Editor(draft_of(PYRAMID))
    ed.cursor = (13.0, 2.0)
    ed.grab()
    assert ed.held == 0
    ed.move_cursor(0, -2)
    assert ed.leave() is False  # Esc puts the card back where it was
    assert ed.held is None and (ed.draft.places[0].x, ed.draft.places[0].y) == (13, 2)
    ed.grab()
    ed.move_cursor(0, -2)
    ed.toggle()  # Space puts it down
    assert (ed.draft.places[0].x, ed.draft.places[0].y) == (13, 0)
    ed.cursor = (1.0, 1.0)
    ed.grab()
    assert "Put the cursor on a card" in ed.message


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("", "needs a name"),
        ("   ", "needs a name"),
        ("é" * 40, "too long"),
        ("٣" * 31, "too long"),
    ],
)
def test_hostile_names_are_refused_with_a_reason(tmp_path: Path, typed: str, said: str) -> None:
    ed = Editor(draft_of(PYRAMID), store_at(tmp_path))
    ed.start_naming(then_save=True)
    ed.naming = ""
    ed.type_text(typed)
    assert ed.confirm_name() is False
    assert said in ed.message and ed.naming is not None  # the field stays open to correct
    assert ed.store is not None and ed.store.layouts() == {}


def test_typed_control_characters_and_floods_are_kept_out(tmp_path: Path) -> None:
    ed = Editor(draft_of(PYRAMID), store_at(tmp_path))
    ed.start_naming()
    ed.naming = ""
    ed.type_text("A\x00B\nC\x1b")
    assert ed.naming == "ABC"
    ed.type_text("x" * 5_000)
    assert ed.naming is not None and len(ed.naming) == 60
    ed.backspace()
    assert len(ed.naming) == 59


def test_save_refused_with_the_reason_then_saved(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    ed = Editor(draft_of(PYRAMID[:10]), store)
    assert ed.save() is False
    assert ed.message.startswith("Cannot save yet: 10 cards") and "at least 15" in ed.message
    assert ed.naming is None
    for x, y in PYRAMID[10:]:
        ed.place(x, y)
    assert ed.save() is False and ed.naming is not None  # asks the name first
    ed.naming = "Mine"
    assert ed.confirm_name() is True
    assert ed.saved is not None and store.get(ed.saved.number) is not None
    assert "Saved as layout 101 “Mine”" in ed.message
    assert ed.leave() is True  # nothing unsaved


def test_save_without_a_save_folder_or_on_a_failing_disk(tmp_path: Path) -> None:
    ed = Editor(draft_of(PYRAMID))
    assert ed.save() is False and "no save folder" in ed.message
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    ed = Editor(draft_of(PYRAMID), PlayerLayouts(blocker / LAYOUTS_DIR, durable=False))
    ed.save()
    ed.naming = "Stuck"
    assert ed.confirm_name() is False
    assert ed.message.startswith("Not saved:")
    assert ed.saved is None


@pytest.mark.parametrize(
    "text",
    ["", "   ", "hello", "DL-", "DL-" + "A" * 5_000, "DL-²³", "DL-\x00\x01"],
)
def test_bad_codes_pasted_are_a_message(text: str) -> None:
    ed = Editor(draft_of(PYRAMID))
    assert ed.paste_code(text) is False
    assert ed.message and len(first_line(ed.message)) > 10
    assert ed.draft.count == 15  # nothing changed


def test_a_pasted_code_is_a_new_layout_never_saved_over_one_of_yours(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    mine = store.add(draft_of(PYRAMID, "Mine").build())
    ed = Editor(Draft.new(), store)
    code = encode_layout_code(get_layout(2))
    bad = code[:-2] + ("AB" if code[-2:] != "AB" else "CD")
    assert ed.paste_code(bad) is False and "cannot be used" in ed.message
    assert ed.paste_code(code) is True and ed.draft.count == 15 and ed.draft.number is None
    ed.save()
    ed.confirm_name()
    assert ed.saved is not None and ed.saved.number != mine.number
    assert store.get(mine.number) == mine


def test_the_estimate_is_asked_a_moment_after_the_last_change() -> None:
    est = FakeEstimator()
    ed = Editor(draft_of(PYRAMID), estimator=est)
    ed.update(0.1)
    assert est.requests == []  # settling
    ed.update(SETTLE)
    assert len(est.requests) == 1 and est.requests[0].size == 15
    assert ed.estimate_view().status == "measuring… 0/4 deals"
    est.answers.append(Estimate(rate(2, 0), rate(1, 1), 4))
    ed.update(1 / 60)
    view = ed.estimate_view()
    assert view.status == "measuring… 2/4 deals" and "Relaxed rules: 100%" in view.relaxed
    est.answers.append(Estimate(rate(3, 1), rate(2, 2), 4))
    ed.update(1 / 60)
    view = ed.estimate_view()
    assert view.done and view.status == "4 deals" and view.word == "Tricky"
    # a change: nothing asked while the player is still at it, then the new layout is measured
    ed.toggle()  # the last card at the cursor is taken away: 14 cards, not playable
    ed.update(SETTLE + 0.01)
    assert est.cancels == 1 and len(est.requests) == 1
    assert ed.estimate is None and "once the layout can be played" in ed.estimate_view().status
    ed.toggle()
    ed.update(0.1)
    ed.undo()  # and back again before it settles: the same layout, asked once
    ed.redo()
    ed.update(SETTLE)
    assert len(est.requests) == 2
    # a rename changes no place: not measured again
    ed.draft.rename("Other")
    ed.update(SETTLE * 2)
    assert len(est.requests) == 2


def test_a_failed_estimate_says_so() -> None:
    est = FakeEstimator()
    ed = Editor(draft_of(PYRAMID), estimator=est)
    ed.update(SETTLE)
    est.error = "the estimate process stopped"
    est.pending = False
    ed.update(1 / 60)
    assert "the estimate stopped" in ed.estimate_view().status
    assert Editor(draft_of(PYRAMID)).estimate_view().status == "no estimate here"
