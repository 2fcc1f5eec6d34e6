"""Every rule of docs/rules.md as a test, plus the worked example of How to play."""

from __future__ import annotations

import pytest

from desert_pyramid.engine import (
    CLASSIC,
    DESERT,
    RELAXED,
    SATCHEL,
    STOCK,
    STRICT,
    UNLIMITED,
    WASTE,
    CardMoved,
    ChainChanged,
    Deal,
    Game,
    IllegalMoveError,
    LayoutCleared,
    Move,
    RowCleared,
    Won,
    classic_layout,
    daily_time_bonus,
    timed_score,
)
from desert_pyramid.engine.cards import Card
from tests.helpers import deal_from, game_from, pyramid_layout, snapshot


def P(text: str) -> Move:
    return Move.parse(text)


# --- cards and pairs ------------------------------------------------------------------------------


def test_card_values_and_text() -> None:
    assert Card.parse("AS").rank == 1
    assert Card.parse("TD").rank == 10
    assert str(Card.parse("TD")) == "10♦"
    assert Card.parse("10h").code == "TH"
    assert [Card.parse(c).rank for c in ("JC", "QH", "KS")] == [11, 12, 13]


@pytest.mark.parametrize(
    "a,b", [("AS", "QH"), ("2S", "JH"), ("3S", "TH"), ("4S", "9H"), ("5S", "8H"), ("6S", "7H")]
)
def test_every_pair_that_makes_13_is_removed(a: str, b: str) -> None:
    g = game_from({27: a, 28: b}, [], DESERT)
    events = g.play(P("28+27"))
    assert g.cards[26] == -1 and g.cards[27] == -1
    assert sorted(str(e.card) for e in events if isinstance(e, CardMoved)) == sorted(
        [str(Card.parse(a)), str(Card.parse(b))]
    )
    assert g.discard[-2:] and len(g.discard) == 2


def test_pair_must_make_13_and_says_why() -> None:
    g = game_from({27: "6S", 28: "8H"}, [], DESERT)
    with pytest.raises(IllegalMoveError, match=r"6 \+ 8 = 14, not 13"):
        g.play(P("27+28"))
    assert g.moves == 0


def test_king_goes_alone_and_not_in_pair() -> None:
    g = game_from({27: "KS", 28: "AS"}, [], DESERT)
    with pytest.raises(IllegalMoveError, match="king: it goes alone"):
        g.play(P("27+28"))
    g.play(P("K27"))
    assert g.cards[26] == -1
    with pytest.raises(IllegalMoveError, match="not a king.*an A needs a Q"):
        g.play(P("K28"))


def test_free_means_no_remaining_card_covers() -> None:
    # Slot 21 (row 6) lies under slots 27 and 28.
    g = game_from({21: "4H", 27: "6S", 28: "9C"}, ["7D", "4S"], DESERT)
    assert not g.is_free(20)
    with pytest.raises(IllegalMoveError, match="the 4♥ is covered by the 6♠ and the 9♣"):
        g.play(P("21+W"))
    g.play(P("F"))
    g.play(P("27+W"))  # 6 + 7: one cover left
    assert not g.is_free(20)
    with pytest.raises(IllegalMoveError, match="covered by the 9♣$"):
        g.play(P("K21"))


def test_card_never_pairs_with_the_card_it_covers() -> None:
    # 6 lying on a 7: slot 28 (6♣) covers slot 21 (7♥); slot 27 is a king.
    g = game_from({21: "7H", 27: "KS", 28: "6C"}, [], DESERT)
    g.play(P("K27"))
    assert Move.pair(27, 20) not in g.legal_moves()
    with pytest.raises(IllegalMoveError, match="covered by the 6♣"):
        g.play(P("28+21"))


def test_relaxed_match_option_lets_a_card_pair_with_the_card_it_alone_covers() -> None:
    g = game_from({21: "7H", 27: "KS", 28: "6C"}, [], DESERT.with_options(relaxed_match=True))
    assert Move.pair(27, 20) not in g.legal_moves()  # still covered by the king too
    g.play(P("K27"))
    assert Move.pair(27, 20) in g.legal_moves()
    g.play(P("28+21"))
    assert g.cards[20] == -1 and g.cards[27] == -1


# --- stock, waste, redeal --------------------------------------------------------------------------


def test_flip_turns_stock_top_and_only_waste_top_is_free() -> None:
    g = game_from({}, ["5C", "KC", "7D"], DESERT)
    assert len(g.stock) == 24
    g.play(P("F"))
    assert g.card_at(WASTE) == Card.parse("5C")
    g.play(P("F"))
    assert g.card_at(WASTE) == Card.parse("KC")
    assert (WASTE, Card.parse("5C")) not in g.playable()
    g.play(P("KW"))
    assert g.card_at(WASTE) == Card.parse("5C")  # the card under it is on top again


def test_stock_top_is_face_down_unless_option() -> None:
    g = game_from({28: "QS"}, ["AH"], DESERT)
    with pytest.raises(IllegalMoveError, match="face down"):
        g.play(P("28+T"))
    g2 = game_from({28: "QS"}, ["AH"], RELAXED)
    g2.play(P("28+T"))
    assert len(g2.stock) == 23


def test_stock_top_playable_pairs_with_waste_top() -> None:
    g = game_from({}, ["4C", "9D"], RELAXED)
    g.play(P("F"))
    assert g.card_at(WASTE) == Card.parse("4C") and g.card_at(STOCK) == Card.parse("9D")
    assert Move.pair(WASTE, STOCK) in g.legal_moves()
    g.play(P("W+T"))
    assert len(g.waste) == 0 and len(g.stock) == 22


def run_through_stock(g: Game) -> None:
    while g.stock:
        g.play(P("F"))


def test_redeal_turns_waste_over_unshuffled_and_counts_passes() -> None:
    g = game_from({}, ["2C", "3C", "4C"], DESERT)
    first_pass = []
    while g.stock:
        g.play(P("F"))
        first_pass.append(g.waste[-1])
    with pytest.raises(IllegalMoveError, match="redeal"):
        g.play(P("F"))
    g.play(P("R"))
    assert g.redeals == 1 and g.redeals_left == 1
    second = []
    while g.stock:
        g.play(P("F"))
        second.append(g.waste[-1])
    assert second == first_pass  # the card turned over first comes up first again
    g.play(P("R"))
    run_through_stock(g)
    with pytest.raises(IllegalMoveError, match="no redeal left: these rules allow 3 passes"):
        g.play(P("R"))
    assert Move.redeal() not in g.legal_moves()


def test_strict_rules_allow_one_pass_and_unlimited_allows_many() -> None:
    g = game_from({}, [], STRICT)
    run_through_stock(g)
    with pytest.raises(IllegalMoveError):
        g.play(P("R"))
    r = game_from({}, [], RELAXED)
    assert RELAXED.passes == UNLIMITED
    for _ in range(5):
        run_through_stock(r)
        r.play(P("R"))
    assert r.redeals == 5 and r.redeals_left is None


def test_draw_three_turns_three_and_only_the_last_is_free() -> None:
    g = game_from({28: "QS"}, ["AH", "5D", "KC", "2S"], DESERT.with_options(draw_three=True))
    g.play(P("F"))
    assert [Card(c).code for c in g.waste] == ["AH", "5D", "KC"]
    assert g.card_at(WASTE) == Card.parse("KC")
    with pytest.raises(IllegalMoveError):
        g.play(P("28+W"))  # the A♥ is not on top
    g.play(P("KW"))
    assert g.card_at(WASTE) == Card.parse("5D")
    g.undo()
    g.undo()
    assert len(g.stock) == 24 and not g.waste


# --- the Satchel -----------------------------------------------------------------------------------


def test_satchel_takes_any_free_card_and_vacates_its_slot() -> None:
    g = game_from({21: "4H", 27: "6S", 28: "9C"}, ["KD"], DESERT)
    g.play(P("28>S"))
    assert g.card_at(SATCHEL) == Card.parse("9C")
    assert g.cards[27] == -1
    assert g.covering(20) == [26]
    # Only one card fits, and the Satchel card leaves only by being removed.
    with pytest.raises(IllegalMoveError, match="already holds the 9♣"):
        g.play(P("27>S"))
    assert not any(m.kind == Move.stash(0).kind for m in g.legal_moves())


def test_satchel_card_pairs_with_free_pyramid_card_and_waste_top() -> None:
    g = game_from({27: "4S", 28: "9C", 26: "9D"}, ["4D"], DESERT)
    g.play(P("28>S"))
    g.play(P("S+27"))  # 9 + 4 with a pyramid card
    assert g.satchel == -1
    g.play(P("26>S"))
    g.play(P("F"))
    g.play(P("S+W"))  # 9 + 4 with the waste top
    assert g.satchel == -1 and not g.waste


def test_king_in_satchel_is_removed_alone_and_waste_card_can_be_parked() -> None:
    g = game_from({}, ["KH"], DESERT)
    g.play(P("F"))
    g.play(P("W>S"))
    assert g.card_at(SATCHEL) == Card.parse("KH") and not g.waste
    g.play(P("KS"))
    assert g.satchel == -1


def test_satchel_does_not_exist_in_classic() -> None:
    g = game_from({}, [], CLASSIC)
    with pytest.raises(IllegalMoveError, match="no Satchel"):
        g.play(P("28>S"))
    assert all(m.kind != Move.stash(0).kind for m in g.legal_moves())


def test_layout_card_in_satchel_is_not_removed_yet() -> None:
    layout = pyramid_layout(5)
    g = clear_game(layout, DESERT, stop_before_last=True)
    # Everything but the top card (a king) is gone; park it, then the layout is not cleared.
    g.play(P("1>S"))
    assert not g.won and g.layout_left == 1
    g.play(P("KS"))
    assert g.won


# --- win ----------------------------------------------------------------------------------------

CLEAR_SCRIPT = ["K11", "K12", "K13", "15+14", "8+7", "10+9", "5+4", "6+2", "F", "3+W", "K1"]


def clear_game(layout, rules, stop_before_last: bool = False, multiplier: int = 1) -> Game:  # type: ignore[no-untyped-def]
    cards = {
        11: "KS",
        12: "KH",
        13: "KD",
        14: "JH",
        15: "2H",
        7: "AH",
        8: "QH",
        9: "AD",
        10: "QD",
        4: "AC",
        5: "QC",
        6: "JS",
        2: "2S",
        3: "QS",
        1: "KC",
    }
    g = Game(layout, rules, deal_from(cards, ["AS"], layout.size), multiplier)
    for m in CLEAR_SCRIPT[:-1] if stop_before_last else CLEAR_SCRIPT:
        g.play(P(m))
    return g


def test_win_when_layout_cleared_with_stock_left() -> None:
    g = clear_game(pyramid_layout(5), DESERT)
    assert g.won and g.stock and g.layout_left == 0
    assert g.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="already won"):
        g.play(P("F"))


def test_all_52_needs_every_card() -> None:
    g = clear_game(pyramid_layout(5), DESERT.with_options(all_52=True))
    assert g.layout_cleared and not g.won
    assert Move.flip() in g.legal_moves()


# --- scoring -----------------------------------------------------------------------------------

CHAIN_CARDS = {
    22: "KS",
    23: "KH",
    24: "KD",
    25: "KC",
    26: "QS",
    27: "AS",
    28: "2S",
    16: "QH",
    17: "AH",
    18: "QD",
    19: "AD",
    20: "JS",
    21: "JH",
    11: "2H",
    12: "QC",
    13: "AC",
    14: "JD",
    15: "2D",
    7: "JC",
    8: "2C",
    9: "TS",
    10: "3S",
}
CHAIN_SCRIPT = [
    "K22",
    "K23",
    "K24",
    "K25",
    "27+26",
    "17+16",
    "19+18",
    "28+20",
    "21+11",
    "13+12",
    "15+14",
    "8+7",
    "10+9",
]


def test_chain_scoring_caps_at_12_and_row_bonuses() -> None:
    g = game_from(CHAIN_CARDS, [], DESERT)
    rows = []
    for i, m in enumerate(CHAIN_SCRIPT, start=1):
        before = g.points
        ev = g.play(P(m))
        rows += [e.row for e in ev if isinstance(e, RowCleared)]
        assert g.chain == min(i, 12)
        row_pts = 50 * sum(isinstance(e, RowCleared) for e in ev)
        assert g.points - before == 10 * min(i, 12) + row_pts
    assert rows == [7, 6, 5, 4]
    assert g.points == sum(10 * min(k, 12) for k in range(1, 14)) + 200 == 1100
    assert g.best_chain == 12


def test_flip_and_redeal_reset_chain_but_satchel_does_not() -> None:
    g = game_from({27: "KS", 28: "KH", 26: "9S", 21: "4D"}, ["4C"], DESERT)
    g.play(P("K28"))
    assert g.chain == 1
    g.play(P("26>S"))
    assert g.chain == 1
    ev = g.play(P("F"))
    assert g.chain == 0 and ChainChanged(1, 0) in ev
    g.play(P("S+W"))
    assert g.chain == 1 and g.points == 10 + 10


def test_clear_bonus_with_unused_redeals_and_multiplier() -> None:
    g = clear_game(pyramid_layout(5), DESERT)
    # 8 removals (chain 1..8), a flip, then 2 more (chain 1, 2); 5 rows; clear with 2 redeals unused.
    assert g.points == 360 + 30 + 5 * 50 + 500 + 2 * 250 == 1640
    g3 = clear_game(pyramid_layout(5), DESERT, multiplier=3)
    assert g3.points == 3 * 1640
    assert any(isinstance(e, LayoutCleared) for e in g3.undo()) is False


def test_clear_bonus_counts_only_redeals_not_used() -> None:
    layout = pyramid_layout(5)
    cards = {
        11: "KS",
        12: "KH",
        13: "KD",
        14: "JH",
        15: "2H",
        7: "AH",
        8: "QH",
        9: "AD",
        10: "QD",
        4: "AC",
        5: "QC",
        6: "JS",
        2: "2S",
        3: "QS",
        1: "KC",
    }
    g = Game(layout, DESERT, deal_from(cards, ["3D"] + [], layout.size))
    for m in CLEAR_SCRIPT[:8]:
        g.play(P(m))
    while g.stock:
        g.play(P("F"))
    g.play(P("R"))  # one redeal used; the A♠ is somewhere in the stock
    while g.card_at(WASTE) != Card.parse("AS"):
        g.play(P("F"))
    before = g.points
    g.play(P("3+W"))
    g.play(P("K1"))
    assert g.won
    assert g.points - before == 10 + 50 + 20 + 50 + 500 + 250


def test_classic_scoring_counts_cards_left_and_moves() -> None:
    g = game_from(CHAIN_CARDS, [], CLASSIC)
    for m in CHAIN_SCRIPT[:5]:
        g.play(P(m))
    assert g.points == 0 and g.score == 28 - 6 and g.moves == 5


def test_timed_scoring() -> None:
    g = game_from(CHAIN_CARDS, [], RELAXED)
    for m in CHAIN_SCRIPT[:3]:
        g.play(P(m))
    assert g.points == 30
    assert timed_score(30, 29.9, False) == 30
    assert timed_score(30, 30, False) == 0
    assert timed_score(100, 95, False) == 10
    assert timed_score(100, 100, True) == 10 + 6000
    assert (
        daily_time_bonus(0) == 1800
        and daily_time_bonus(100.7) == 1200
        and daily_time_bonus(400) == 0
    )


# --- undo ---------------------------------------------------------------------------------------


def test_undo_restores_everything_back_to_the_deal() -> None:
    g = game_from(CHAIN_CARDS, [], DESERT)
    snaps = [snapshot(g)]
    for m in CHAIN_SCRIPT:
        g.play(P(m))
        snaps.append(snapshot(g))
    while g.moves:
        snaps.pop()
        g.undo()
        assert snapshot(g) == snaps[-1]
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        g.undo()


def test_redo_replays_and_new_move_clears_redo() -> None:
    g = game_from(CHAIN_CARDS, [], DESERT)
    for m in CHAIN_SCRIPT[:4]:
        g.play(P(m))
    g.undo()
    g.undo()
    assert [str(m) for m in g.redo_stack] == ["K24", "K25"]
    g.redo()
    assert g.redo_stack == (P("K25"),)
    g.play(P("F"))
    assert g.redo_stack == ()


def test_undo_after_win_restores_the_game() -> None:
    g = clear_game(pyramid_layout(5), DESERT)
    points = g.points
    g.undo()
    assert not g.won and g.points < points
    g.redo()
    assert g.won and g.points == points


# --- the worked example (How to play) ---------------------------------------------------------


def test_the_how_to_play_worked_example() -> None:
    """The bottom row ends with the 6♠ and the 9♣, over the 4♥ in row 6. The 7♦ is on the waste."""
    bottom = {22: "AS", 23: "AH", 24: "2S", 25: "2H", 26: "3S"}
    g = game_from({21: "4H", 27: "6S", 28: "9C", **bottom}, ["7D", "5C", "KC", "4S"], CLASSIC)
    g.play(P("F"))
    assert g.card_at(WASTE) == Card.parse("7D")
    g.play(P("27+W"))  # 6 + 7 = 13
    assert g.covering(20) == [27]  # the 4♥ is still covered by the 9♣
    g.play(P("F"))
    assert g.card_at(WASTE) == Card.parse("5C")
    assert not any(m.b == WASTE or m.a == WASTE for m in g.removals())  # nothing pairs with the 5♣
    g.play(P("F"))
    g.play(P("KW"))  # the K♣ on its own
    assert g.card_at(WASTE) == Card.parse("5C")  # the 5♣ is on top again
    g.play(P("F"))
    g.play(P("28+W"))  # 4 + 9 = 13
    assert g.is_free(20)  # nothing covers the 4♥ now


# --- events -------------------------------------------------------------------------------------


def test_events_describe_what_moved() -> None:
    g = clear_game(pyramid_layout(5), DESERT, stop_before_last=True)
    ev = g.play(P("K1"))
    assert isinstance(ev[0], CardMoved) and ev[0].src == 0
    kinds = [type(e).__name__ for e in ev]
    assert "RowCleared" in kinds and "LayoutCleared" in kinds and isinstance(ev[-1], Won)


def test_deal_must_have_52_distinct_cards() -> None:
    with pytest.raises(Exception, match="52 cards"):
        Deal(tuple(Card(i) for i in range(51)))
    g = Game(classic_layout(), DESERT, Deal.from_seed(7))
    assert sorted(g.cards + g.stock) == list(range(52))


def test_why_not_playable_gives_the_engines_reason() -> None:
    g = game_from({21: "4H", 27: "6S", 28: "9C"}, ["7D"], CLASSIC)
    assert g.why_not_playable(20) == "the 4♥ is covered by the 6♠ and the 9♣"
    assert g.why_not_playable(27) is None
    assert g.why_not_playable(WASTE) == "the waste is empty"
    assert (
        g.why_not_playable(STOCK)
        == "the stock's top card is face down: flip it onto the waste first"
    )
    assert g.why_not_playable(SATCHEL) == "these rules have no Satchel"
    assert g.why_not_playable(99) == "there is no slot 100 (this layout has 28)"
