"""The layout workshop's model: drawing a layout place by place, the live counts, undo and redo,
mirror, depth, what is wrong in words, and building a playable layout from it."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desert_pyramid.catalog import all_layouts, builtin_layout, get_layout
from desert_pyramid.engine import RELAXED, Deal, Game, Layout, LayoutCodeError, decode_layout_code
from desert_pyramid.solver import Verdict, solve
from desert_pyramid.workshop import GRID_X, GRID_Y, Draft, EditError, Place, draft_of, save_draft
from desert_pyramid.workshop.model import HISTORY_MAX
from tests.layout_helpers import save_dir, store_in

__all__ = ["save_dir"]


def classic_spots() -> list[tuple[int, int]]:
    return [(7 - r + 2 * (c - 1), r - 1) for r in range(1, 8) for c in range(1, r + 1)]


def cover_pairs(layout: Layout) -> set[tuple[tuple[float, float], tuple[float, float]]]:
    """Which card (by its corner) lies on which, whatever the slot order."""
    return {
        ((layout.slots[j].x, layout.slots[j].y), (s.x, s.y))
        for s in layout.slots
        for j in s.covered_by
    }


def test_the_classic_pyramid_drawn_card_by_card() -> None:
    draft = Draft.new("Drawn Pyramid")
    counts = []
    for x, y in classic_spots():
        draft.place(x, y)
        counts.append((draft.count, draft.free_count))
    assert counts[0] == (1, 1) and counts[2] == (3, 2) and counts[-1] == (28, 7)
    assert draft.stock_count == 24
    assert draft.problems() == []
    layout = draft.build()
    classic = builtin_layout(1)
    assert cover_pairs(layout) == cover_pairs(classic)
    assert [(s.x, s.y, s.z, s.row) for s in layout.slots] == [
        (s.x, s.y, s.z, s.row) for s in classic.slots
    ]
    assert layout.number == 101 and layout.name == "Drawn Pyramid" and layout.family == "custom"


def test_too_few_cards_is_said_and_refused() -> None:
    draft = draft_of(classic_spots()[:14])
    (problem,) = draft.problems()
    assert problem.text == "14 cards: a layout needs at least 15 (1 more)"
    with pytest.raises(EditError, match="at least 15"):
        draft.build()
    assert Draft.new().problems()[0].text == "0 cards: a layout needs at least 15 (15 more)"
    draft.place(20, 0)
    assert draft.problems() == []


@pytest.mark.parametrize(
    ("x", "y", "message"),
    [
        (-1, 0, "off the table"),
        (GRID_X + 1, 0, "off the table"),
        (0, GRID_Y + 0.5, "off the table"),
        (0.25, 0, "whole or half step"),
        (math.nan, 0, "whole or half step"),
        (math.inf, 0, "whole or half step"),
        (10**400, 0, "not a number far too large"),
        pytest.param(10**5000, 0, "not a number far too large", id="5000-digits"),
        pytest.param("9" * 5000, 0, "number of half-card steps, not '9{20}\\.\\.\\.$", id="text"),
        ("3", 0, "number of half-card steps"),
        (True, 0, "number of half-card steps"),
        (6, 0, "card 1 is already there"),
    ],
)
def test_places_refused_with_the_reason(x: object, y: object, message: str) -> None:
    draft = draft_of([(6, 0)])
    with pytest.raises(EditError, match=message):
        draft.place(x, y)  # type: ignore[arg-type]
    assert draft.count == 1 and not draft.can_undo


def test_at_most_forty_cards() -> None:
    spots = [(x, y) for y in range(0, 13, 2) for x in range(0, 29, 2)][:40]
    draft = draft_of(spots)
    assert draft.count == 40 and draft.free_count == 40
    with pytest.raises(EditError, match="at most 40 cards"):
        draft.place(1, 1)
    assert draft.build().size == 40


def test_half_steps_and_the_table_edges_are_fine() -> None:
    draft = draft_of([(0, 0), (GRID_X, GRID_Y), (0.5, 1.5)])
    assert [p.z for p in draft.places] == [0, 0, 1]


def test_undo_and_redo() -> None:
    draft = Draft.new()
    draft.place(6, 0)
    draft.place(5, 1)
    draft.move(1, 9, 1)
    draft.remove(0)
    assert [(p.x, p.y) for p in draft.places] == [(9, 1)]
    assert draft.undo() == "remove a card"
    assert draft.undo() == "move a card"
    assert [(p.x, p.y) for p in draft.places] == [(6, 0), (5, 1)]
    assert draft.redo() == "move a card"
    assert [(p.x, p.y) for p in draft.places] == [(6, 0), (9, 1)]
    draft.place(12, 0)  # a new edit: what was undone cannot come back
    assert not draft.can_redo and draft.redo() == ""
    while draft.can_undo:
        draft.undo()
    assert draft.places == [] and draft.undo() == ""


def test_history_is_bounded() -> None:
    draft = Draft.new()
    draft.place(0, 0)
    for i in range(HISTORY_MAX + 50):
        draft.move(0, (i % 2) * 2, 0)
    undone = 0
    while draft.undo():
        undone += 1
    assert undone == HISTORY_MAX


def test_moving_keeps_depth_unless_it_would_clash() -> None:
    draft = draft_of([(6, 0), (5, 1), (7, 1)])
    assert [p.z for p in draft.places] == [0, 1, 1]
    draft.move(1, 2, 1)  # away from everything: keeps its depth
    assert draft.places[1] == Place(2, 1, 1)
    draft.move(1, 8, 2)  # onto card 3 (depth 1): comes in front of it
    assert draft.places[1].z == 2
    assert draft.covered_by()[2] == [1]
    with pytest.raises(EditError, match="card 1 is already there"):
        draft.move(2, 6, 0)
    with pytest.raises(EditError, match="there is no card 9"):
        draft.move(8, 0, 0)
    with pytest.raises(EditError, match="there is no card"):
        draft.remove(-1)


def test_front_and_back_turn_the_covers_round() -> None:
    draft = draft_of([(6, 0), (7, 1)])
    assert draft.covered_by() == [[1], []]
    draft.to_back(1)
    assert draft.covered_by() == [[], [0]]
    draft.to_front(1)
    assert draft.covered_by() == [[1], []]
    # Sent back many times, depths written to the file stay small (a layout code holds 0..127).
    lone = draft_of([(20, 0), (6, 0), (7, 1)])
    for _ in range(300):
        lone.to_back(1)
        lone.to_back(2)
    assert max(p.z for p in lone.places) > 127
    assert max(z for _x, _y, z, _r in lone.places_for_file()) == 1


def test_mirror() -> None:
    staircase = [(x, x // 2) for x in range(0, 16)]
    draft = draft_of(staircase)
    before = draft.build()
    draft.mirror()
    after = draft.build()
    width = 15
    assert {(width - s.x, s.y) for s in before.slots} == {(s.x, s.y) for s in after.slots}
    assert cover_pairs(after) == {
        ((width - a[0], a[1]), (width - b[0], b[1])) for a, b in cover_pairs(before)
    }
    draft.mirror()
    assert cover_pairs(draft.build()) == cover_pairs(before)
    classic = Draft.from_layout(builtin_layout(1))
    classic.mirror(vertical=True)
    upside = classic.build()
    assert upside.size == 28 and sum(1 for s in upside.slots if not s.covered_by) == 7
    assert min(s.y for s in upside.slots if not s.covered_by) == 0  # the free row is on top now


def test_shift() -> None:
    draft = draft_of(classic_spots())
    draft.shift(2, 1)
    assert min(p.x for p in draft.places) == 2 and min(p.y for p in draft.places) == 1
    with pytest.raises(EditError, match="off the table"):
        draft.shift(-5, 0)
    with pytest.raises(EditError, match="half step"):
        draft.shift(0.3, 0)


@pytest.mark.parametrize("number", sorted(all_layouts()))
def test_a_copy_of_any_layout_builds_the_same_drawing(number: int) -> None:
    original = builtin_layout(number)
    draft = Draft.from_layout(original)
    assert draft.number is None and draft.name == f"{original.name} (copy)"
    assert draft.count == original.size
    assert draft.free_count == sum(1 for s in original.slots if not s.covered_by)
    built = draft.build()
    assert {(s.x, s.y) for s in built.slots} == {(s.x, s.y) for s in original.slots}
    assert cover_pairs(built) == cover_pairs(original)


def test_problems_of_a_draft_made_by_hand() -> None:
    spots = classic_spots()
    places = [Place(x, y, 0 if i < 2 else i) for i, (x, y) in enumerate(spots)]
    places.append(Place(40, 0, 99))
    places.append(Place(3, -2, 98))
    draft = Draft(places, "")
    texts = [p.text for p in draft.problems()]
    assert "a layout needs a name" in texts
    assert "off the table (or not on a half step): cards 29, 30" in texts
    assert "cards 1 and 2 overlap at the same depth" in texts
    with pytest.raises(EditError, match="overlap at the same depth"):
        draft.build()


def test_the_engines_own_checks_are_passed_on() -> None:
    draft = draft_of(classic_spots(), name="x\u200b")  # not printable: caught by the name check
    assert [p.text for p in draft.problems()] == ["a layout's name cannot hold control characters"]


def test_codes_from_and_to_the_workshop() -> None:
    draft = draft_of(classic_spots()[:20], name="Short Pyramid")
    code = draft.code()
    back = Draft.from_code(code)
    assert back.name == "Short Pyramid" and back.number is None and not back.changed
    assert cover_pairs(back.build()) == cover_pairs(draft.build())
    small = draft_of(classic_spots()[:5])
    with pytest.raises(LayoutCodeError, match="5 places"):
        decode_layout_code(small.code())
    with pytest.raises(LayoutCodeError):
        Draft.new().code()
    with pytest.raises(LayoutCodeError):
        Draft.from_code(code[:-1] + ("0" if code[-1] != "0" else "1"))


def test_snap_and_hit() -> None:
    draft = draft_of([(6, 0), (5, 1)])
    assert Draft.snap(7.2, 1.1) == (6, 0)
    assert Draft.snap(-50, 99) == (0, GRID_Y)
    assert draft.at(6.5, 0.5) == 0
    assert draft.at(6.5, 1.5) == 1  # both cards cover this spot: the one in front
    assert draft.at(20, 5) is None


def test_save_then_edit_then_copy(save_dir: Path) -> None:
    store = store_in(save_dir)
    draft = draft_of(classic_spots()[:21], name="Six Rows Mine")
    assert not draft.changed
    draft.place(20, 0)
    assert draft.changed
    first = save_draft(draft, store)
    assert first.number == 101 and draft.number == 101 and not draft.changed
    draft.remove(20)
    again = save_draft(draft, store)
    assert again.number == 101 and store.get(101) == again and again.size == 21
    copy = Draft.from_layout(get_layout(101))
    assert copy.number is None
    assert save_draft(copy, store).number == 102
    own = Draft.from_layout(get_layout(101), copy=False)
    assert own.number == 101 and own.name == "Six Rows Mine"
    with pytest.raises(EditError):
        save_draft(Draft.new(), store)
    assert sorted(store.layouts()) == [101, 102]


def test_a_layout_drawn_saved_and_won(save_dir: Path) -> None:
    draft = draft_of(classic_spots()[:15] + [(16, 0), (18, 0), (17, 1)], name="Pyramid and Hut")
    number = save_draft(draft, store_in(save_dir)).number
    layout = get_layout(number)
    assert layout.size == 18
    for i in range(50):
        game = Game(layout, RELAXED, Deal.from_seed(31, i))
        result = solve(game, 200_000)
        if result.verdict is Verdict.WINNABLE:
            for move in result.line:
                game.play(move)
            assert game.won
            return
    raise AssertionError("no deal of 50 won on the layout")


edits = st.lists(
    st.tuples(
        st.sampled_from(["place", "remove", "move", "mirror", "front", "back", "undo", "redo"]),
        st.integers(0, int(GRID_X)),
        st.integers(0, int(GRID_Y)),
        st.integers(0, 60),
    ),
    max_size=90,
)


@settings(max_examples=120, deadline=None)
@given(edits)
def test_any_edits_leave_a_draft_that_builds_when_it_says_so(
    steps: list[tuple[str, int, int, int]],
) -> None:
    draft = Draft.new("Random")
    for kind, x, y, k in steps:
        try:
            if kind == "place":
                draft.place(x, y)
            elif kind == "remove" and draft.count:
                draft.remove(k % draft.count)
            elif kind == "move" and draft.count:
                draft.move(k % draft.count, x, y)
            elif kind == "mirror":
                draft.mirror(vertical=k % 2 == 1)
            elif kind == "front" and draft.count:
                draft.to_front(k % draft.count)
            elif kind == "back" and draft.count:
                draft.to_back(k % draft.count)
            elif kind == "undo":
                draft.undo()
            elif kind == "redo":
                draft.redo()
        except EditError:
            pass
        problems = draft.problems()
        if draft.count < 15:
            assert problems
        else:
            assert problems == []
            layout = draft.build()
            assert layout.size == draft.count
            assert sum(1 for s in layout.slots if not s.covered_by) == draft.free_count
            assert decode_layout_code(draft.code())["name"] == "Random"


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (41, "41 cards: a layout holds at most 40"),
        (52, "52 cards: the deck has 52, and the stock needs at least one"),
    ],
)
def test_too_many_cards_in_a_draft_made_by_hand(cards: int, message: str) -> None:
    spots = [(x, y) for y in range(0, 13, 2) for x in range(0, 29, 2)]  # 105 spots, none touching
    draft = Draft([Place(x, y, 0) for x, y in spots[:cards]], "Crowded")
    assert [p.text for p in draft.problems()] == [message]
    with pytest.raises(EditError, match=message.split(":")[1].strip()):
        draft.build()
