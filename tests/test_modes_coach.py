"""The coach: context tips, and each of the four beginner mistakes, named only when the
position backs them."""

from __future__ import annotations

import pytest

from desert_pyramid.engine import CLASSIC, DESERT, Game, Move, StateError
from desert_pyramid.modes.coach import (
    Coach,
    CoachMessage,
    explain_card,
    mistake_king,
    mistake_partner,
    mistake_uncover,
    mistake_waste,
    rules_text,
)
from tests.test_modes_helpers import game_from


def play(game: Game, moves: list[str], coach: Coach | None = None) -> list[list[CoachMessage]]:
    coach = coach or Coach()
    out = []
    for text in moves:
        before = game.copy()
        move = Move.parse(text)
        game.play(move)
        out.append(coach.after_move(before, move, game))
    return out


def mistakes(msgs: list[CoachMessage]) -> list[int]:
    return [m.mistake for m in msgs if m.mistake]


# -- 1: uncover cards first ----------------------------------------------------------------------

UNCOVER = {21: "4H", 22: "6S", 23: "2C", 24: "2D", 25: "3C", 26: "3D", 27: "KS", 28: "6C"}


def test_mistake_1_pair_that_frees_nothing_when_the_card_could_have_freed_cards():
    g = game_from(UNCOVER, ["7D"], DESERT)
    *_, last = play(g, ["K27", "F", "22+W"])
    assert mistakes(last) == [1]
    assert last[0].text == (
        "You paired the 7♦ with the 6♠ in row 7, which freed no card. Paired with the 6♣ in row 7 "
        "instead, the 7♦ would have freed the 4♥. Uncover cards first."
    )


def test_mistake_1_not_when_the_pair_frees_a_card():
    g = game_from(UNCOVER, ["7D"], DESERT)
    *_, last = play(g, ["K27", "F", "28+W"])
    assert mistakes(last) == []


def test_mistake_1_not_when_the_better_pair_is_still_there():
    # two independent pairs: taking the one that frees nothing first gives nothing up
    g = game_from(
        {21: "4H", 22: "6S", 23: "7C", 24: "2D", 25: "3C", 26: "3D", 27: "KS", 28: "5C"},
        ["8D"],
        DESERT,
    )
    *_, last = play(g, ["K27", "F", "22+23"])
    assert mistakes(last) == []
    assert (
        mistake_uncover(*_step(game_from(UNCOVER, ["7D"], DESERT), ["K27", "F"], "22+W"))
        is not None
    )


def _step(g: Game, setup: list[str], move: str) -> tuple[Game, Move, Game]:
    for m in setup:
        g.play_text(m)
    before = g.copy()
    mv = Move.parse(move)
    g.play(mv)
    return before, mv, g


# -- 2: use the waste card before turning over the next ----------------------------------------------

WASTE_ROW = {22: "6S", 23: "2C", 24: "2D", 25: "3C", 26: "3D", 27: "4C", 28: "4D"}


def test_mistake_2_flipping_over_a_waste_card_that_had_a_partner():
    g = game_from(WASTE_ROW, ["7D", "5C"], DESERT)
    first, second = play(g, ["F", "F"])
    assert mistakes(first) == []
    assert mistakes(second) == [2]
    assert second[0].text == (
        "The 7♦ on the waste could have paired with the 6♠ in row 7 before you flipped: now the 5♣ "
        "lies on it. Use the waste card before you turn over the next."
    )


def test_mistake_2_not_when_the_waste_card_was_used_or_had_no_partner():
    g = game_from(WASTE_ROW, ["7D", "5C", "9S"], DESERT)
    msgs = play(g, ["F", "22+W", "F", "F"])
    assert [mistakes(m) for m in msgs] == [[], [], [], []]  # 5♣ had no free 8


def test_mistake_2_with_the_satchel_as_partner():
    g = game_from(WASTE_ROW, ["7D", "5C", "6H"], DESERT)
    msgs = play(g, ["F", "W>S", "F", "F"])  # 7♦ parked; then the 5♣; then the 6♥ pairs with it
    assert mistakes(msgs[2]) == []
    assert mistake_waste(
        *_step(game_from(WASTE_ROW, ["7D", "5C", "6H", "QS"], DESERT), ["F", "W>S", "F", "F"], "F")
    ).text.startswith("The 6♥ on the waste could have paired with the 7♦ in the Satchel")


# -- 3: take kings at once ------------------------------------------------------------------------------

KING_ROW = {16: "9H", 22: "KS", 23: "2C", 24: "2D", 25: "3C", 26: "3D", 27: "4C", 28: "4D"}


def test_mistake_3_flipping_while_a_king_is_free_told_once():
    g = game_from(KING_ROW, ["5C", "5S"], DESERT)
    first, second = play(g, ["F", "F"])
    assert mistakes(first) == [3]
    assert first[0].text == (
        "The K♠ in row 7 is free: take a free king away at once. It never pairs with anything, "
        "and it holds down the 9♥."
    )
    assert mistakes(second) == []  # the same king is not told again


def test_mistake_3_a_king_on_the_waste_covered_by_a_flip():
    g = game_from({**KING_ROW, 22: "5D"}, ["KH", "5C"], DESERT)
    _, second = play(g, ["F", "F"])
    assert [m.text for m in second if m.mistake] == [
        "The K♥ was free on the waste; now the 5♣ lies on it. Take a free king away at once."
    ]


def test_mistake_3_pairing_while_a_king_is_free_and_not_when_taking_it():
    row = {**KING_ROW, 23: "6C", 24: "7D"}
    g = game_from(row, [], DESERT)
    (msgs,) = play(g, ["23+24"])
    assert mistakes(msgs) == [3]
    g = game_from(row, [], DESERT)
    assert [mistakes(m) for m in play(g, ["K22", "23+24"])] == [[], []]


def test_mistake_3_king_into_the_satchel():
    g = game_from(KING_ROW, [], DESERT)
    before, move, after = _step(g, [], "22>S")
    msg = mistake_king(before, move, after)
    assert msg is not None and "instead of filling the Satchel" in msg.text


# -- 4: watch for a card sitting on its partner -----------------------------------------------------------

# The 6♣ in row 3 lies over all three other 7s; the 7♦ in the stock is its only partner.
BURIED = {
    1: "7S",
    2: "7H",
    3: "7C",
    5: "6C",
    22: "2C",
    23: "2D",
    24: "3C",
    25: "3D",
    26: "4C",
    27: "4D",
    28: "6S",
}


def test_mistake_4_the_only_partner_spent_on_a_card_with_other_partners():
    g = game_from(BURIED, ["7D"], CLASSIC)
    _, msgs = play(g, ["F", "28+W"])
    assert mistakes(msgs) == [4]
    assert msgs[0].text == (
        "That 7♦ was the only partner left for the 6♣ in row 3, which lies over the 7♠ in row 1, the "
        "7♥ in row 2 and the 7♣ in row 2 and can never pair with them. The 6♠ had another partner: "
        "the 7♥ in row 2. Now the 6♣ can never be removed: this deal is lost."
    )


def test_mistake_4_with_a_satchel_says_the_satchel_is_the_only_way():
    g = game_from(BURIED, ["7D"], DESERT)
    _, msgs = play(g, ["F", "28+W"])
    assert msgs[0].mistake == 4
    assert msgs[0].text.endswith("Now the 6♣ can leave the layout only through the Satchel.")


def test_mistake_4_not_when_another_partner_is_left():
    g = game_from({**BURIED, 3: "9C", 20: "7C"}, ["7D"], CLASSIC)  # the 7♣ is not under the 6♣
    _, msgs = play(g, ["F", "28+W"])
    assert mistakes(msgs) == []


def test_mistake_4_not_when_the_other_card_had_no_other_partner():
    # the 6♠ in the middle of row 7 lies over all three buried 7s too: both 6s needed the 7♦
    row = {**BURIED, 25: "6S", 28: "3D"}
    g = game_from(row, ["7D"], CLASSIC)
    before, move, after = _step(g, ["F"], "25+W")
    assert mistake_partner(before, move, after) is None


def test_mistake_4_not_judged_under_relaxed_match():
    g = game_from(BURIED, ["7D"], CLASSIC.with_options(relaxed_match=True))
    _, msgs = play(g, ["F", "28+W"])
    assert 4 not in mistakes(msgs)


# -- tips ---------------------------------------------------------------------------------------------------


def test_context_tips_once_each():
    g = game_from(WASTE_ROW, ["9C", "8C"], DESERT)
    coach = Coach()
    msgs = play(g, ["F", "F", "W>S", "F"], coach)
    assert [m.topic for m in msgs[0]] == ["flip"]
    assert [m.topic for m in msgs[1]] == [
        "waste"
    ]  # the 9♣ had the 4♣ and 4♦: mistake 2, no tip again
    assert [m.topic for m in msgs[2]] == ["satchel"]
    assert msgs[2][0].text.startswith("The 8♣ waits in the Satchel.")
    assert msgs[3] == [] or all(m.kind != "tip" for m in msgs[3])


def test_redeal_and_last_pass_tips():
    g = game_from({}, [], DESERT)
    coach = Coach()
    msgs = play(g, ["F"] * 24 + ["R"], coach)
    topics = [m.topic for m in msgs[-1]]
    assert "redeal" in topics and "last_pass" not in topics
    assert "(1 redeal left)" in msgs[-1][topics.index("redeal")].text
    msgs = play(g, ["F"] * 24 + ["R"], coach)
    assert [m.topic for m in msgs[-1] if m.kind == "tip"] == ["last_pass"]


def test_stuck_warning_is_exact():
    # one pass, no Satchel; kings and aces buried; the last stock card is the Q♣, which nothing
    # free can pair with: stuck at the latest after the last flip, and never said before it is.
    rules = CLASSIC.with_options(passes=1)
    layout = {
        1: "KS",
        2: "KH",
        3: "KD",
        4: "KC",
        5: "AS",
        6: "AH",
        7: "AD",
        8: "AC",
        22: "6S",
        23: "2C",
        24: "2D",
        25: "3C",
        26: "3D",
        27: "4C",
        28: "4D",
    }
    g = game_from(layout, [], rules)
    assert g.stock[0] == g.deal.cards[-1] and str(g.card_at(-2)) != ""
    coach = Coach()
    said = False
    for _ in range(24):
        before = g.copy()
        g.play_text("F")
        msgs = coach.after_move(before, Move.parse("F"), g)
        stuck_msgs = [m for m in msgs if m.topic == "stuck"]
        assert bool(stuck_msgs) == (g.is_stuck() and not said)
        if stuck_msgs:
            said = True
            assert stuck_msgs[0].text == (
                "Stuck: no pair or king can be removed now, and none ever can by flipping. "
                "Undo to find another way."
            )
    assert said


def test_rules_text_follows_the_rules():
    g = game_from({}, [], DESERT)
    text = " ".join(rules_text(g))
    assert "Satchel" in text and "3 times in all" in text and "clearing the layout" in text
    strict = " ".join(
        rules_text(game_from({}, [], CLASSIC.with_options(passes=1, all_52=True, draw_three=True)))
    )
    assert (
        "Satchel" not in strict
        and "once" in strict
        and "all 52" in strict
        and "three cards" in strict
    )


def test_explain_card():
    g = game_from({22: "4S", 23: "9H", 24: "KC", 16: "QD"}, [], DESERT)
    assert explain_card(g, 21) == "The 4♠ pairs with the 9♥ in row 7."
    assert explain_card(g, 23) == "The K♣ is a king: it goes alone."
    assert explain_card(g, 15) == "The Q♦ is covered by the 4♠ and the 9♥."
    g.play_text("22+23")
    assert explain_card(g, 15).startswith("A Q needs an A, and no A is free now (")


def test_coach_state_saves():
    coach = Coach()
    g = game_from(KING_ROW, ["5C"], DESERT)
    play(g, ["F"], coach)
    back = Coach.from_dict(coach.to_dict())
    assert back.shown == coach.shown and back.warned_kings == coach.warned_kings
    assert back.mistakes == {"3": 1}
    with pytest.raises(StateError):
        Coach.from_dict({"warned_kings": [99]})


# -- where the coach points ------------------------------------------------------------------------


def test_each_mistake_points_at_the_cards_it_names():
    from desert_pyramid.engine import WASTE

    g = game_from(UNCOVER, ["7D"], DESERT)
    *_, last = play(g, ["K27", "F", "22+W"])
    assert last[0].places == (27,)  # the 6♣ in row 7 (slot id 28), the better partner
    assert str(g.card_at(27)) == "6♣" and g.layout.slots[27].row == 7

    g = game_from(KING_ROW, ["5C", "5S"], DESERT)
    first, _ = play(g, ["F", "F"])
    king = next(m for m in first if m.mistake == 3)
    assert [str(g.card_at(p)) for p in king.places] == ["K♠"]

    g = game_from({**KING_ROW, 22: "5D"}, ["KH", "5C"], DESERT)
    _, second = play(g, ["F", "F"])
    king = next(m for m in second if m.mistake == 3)
    assert king.places == (WASTE,) and str(g.card_at(WASTE)) == "5♣"  # "now the 5♣ lies on it"

    g = game_from(BURIED, ["7D"], CLASSIC)
    _, msgs = play(g, ["F", "28+W"])
    partner = msgs[0]
    assert [str(g.card_at(p)) for p in partner.places] == ["6♣", "7♥"]


def test_tips_point_at_the_piles_and_the_opening_at_the_free_cards():
    from desert_pyramid.engine import STOCK, WASTE, Deal
    from desert_pyramid.engine.layout import classic_layout as classic

    g = Game(classic(), DESERT, Deal.from_seed(5))
    coach = Coach()
    (opening,) = coach.opening(g)
    assert opening.places == tuple(g.free_slots()) and len(opening.places) == 7
    before = g.copy()
    g.play(Move.flip())
    flip = next(m for m in coach.after_move(before, Move.flip(), g) if m.topic == "flip")
    assert flip.places == (WASTE,) and "waste" in flip.text
    while g.stock:
        g.play(Move.flip())
    before = g.copy()
    g.play(Move.redeal())
    redeal = next(m for m in coach.after_move(before, Move.redeal(), g) if m.topic == "redeal")
    assert redeal.places == (STOCK,) and "stock" in redeal.text


@pytest.mark.parametrize("seed", range(12))
def test_every_place_pointed_at_holds_a_card_the_words_name(seed: int):
    """Random play: whatever the coach says, each place it points at holds a card that can be
    seen, and its words name that card and where it is (a layout card with its row)."""
    import random

    from desert_pyramid.engine import SATCHEL, STOCK, WASTE, Deal
    from desert_pyramid.engine.layout import classic_layout as classic

    rng = random.Random(seed)
    g = Game(classic(), CLASSIC if seed % 2 else DESERT, Deal.from_seed(seed))
    coach = Coach()
    said = 0
    for _ in range(120):
        moves = g.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        before = g.copy()
        g.play(move)
        for m in coach.after_move(before, move, g):
            for p in m.places:
                card = g.card_at(p)
                assert card is not None, (m, p)
                if m.topic in ("flip", "redeal", "last_pass", "satchel"):
                    word = {WASTE: "waste", STOCK: "stock", SATCHEL: "Satchel"}[p]
                    assert word in m.text, m
                elif p >= 0:
                    assert f"{card} in row {g.layout.slots[p].row}" in m.text, m
                else:
                    assert str(card) in m.text, m
                said += 1
    assert said > 0
