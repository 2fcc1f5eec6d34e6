"""Property-based tests over random legal play, under every preset and option."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desert_pyramid.engine import (
    PRESETS,
    SATCHEL,
    STOCK,
    WASTE,
    Deal,
    Game,
    IllegalMoveError,
    Move,
    Rules,
    classic_layout,
)
from tests.helpers import pyramid_layout, snapshot

LAYOUTS = [classic_layout(), pyramid_layout(5)]

rules_strategy = st.builds(
    lambda preset, passes, top, all52, match, draw3: PRESETS[preset].with_options(
        **{
            k: v
            for k, v in (
                ("passes", passes),
                ("stock_top_playable", top),
                ("all_52", all52),
                ("relaxed_match", match),
                ("draw_three", draw3),
            )
            if v is not None
        }
    ),
    st.sampled_from(sorted(PRESETS)),
    st.sampled_from([None, 1, 3, 0]),
    st.sampled_from([None, True, False]),
    st.sampled_from([None, True, False]),
    st.sampled_from([None, True, False]),
    st.sampled_from([None, True, False]),
)


def all_candidate_moves(game: Game) -> list[Move]:
    """Every syntactically possible move on this layout, legal or not."""
    places = list(range(game.layout.size)) + [WASTE, STOCK, SATCHEL]
    moves = [Move.flip(), Move.redeal()]
    for p in places:
        moves.append(Move.king(p))
        moves.append(Move.stash(p))
        for q in places:
            if q < p:
                moves.append(Move.pair(p, q))
    return moves


def accounted(game: Game) -> list[int]:
    cards = [c for c in game.cards if c >= 0] + game.stock + game.waste + game.discard
    if game.satchel >= 0:
        cards.append(game.satchel)
    return sorted(cards)


def random_game(
    data: st.DataObject, rules: Rules, seed: int, layout_i: int, steps: int
) -> list[Game]:
    game = Game(LAYOUTS[layout_i], rules, Deal.from_seed(seed))
    for _ in range(steps):
        legal = game.legal_moves()
        if not legal:
            break
        # Prefer removals so games go deep.
        removals = [m for m in legal if m.is_removal]
        pool = removals if removals and data.draw(st.integers(0, 3)) else legal
        game.play(pool[data.draw(st.integers(0, len(pool) - 1))])
    return [game]


COMMON = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@COMMON
@given(st.data(), rules_strategy, st.integers(0, 10**6), st.integers(0, 1))
def test_all_52_cards_always_accounted_for(
    data: st.DataObject, rules: Rules, seed: int, li: int
) -> None:
    game = Game(LAYOUTS[li], rules, Deal.from_seed(seed))
    for _ in range(150):
        assert accounted(game) == list(range(52))
        legal = game.legal_moves()
        if not legal:
            break
        game.play(legal[data.draw(st.integers(0, len(legal) - 1))])
    assert accounted(game) == list(range(52))


@COMMON
@given(st.data(), rules_strategy, st.integers(0, 10**6), st.integers(0, 1))
def test_undoing_any_sequence_restores_exact_state_and_score(
    data: st.DataObject, rules: Rules, seed: int, li: int
) -> None:
    game = Game(LAYOUTS[li], rules, Deal.from_seed(seed))
    snaps = [snapshot(game)]
    for _ in range(120):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(legal[data.draw(st.integers(0, len(legal) - 1))])
        snaps.append(snapshot(game))
    # Undo a random number of moves, checking each step, then redo them all.
    k = data.draw(st.integers(0, game.moves))
    final = snapshot(game)
    for _ in range(k):
        game.undo()
        snaps.pop()
        assert snapshot(game) == snaps[-1]
    for _ in range(k):
        game.redo()
    assert snapshot(game) == final


@COMMON
@given(st.data(), rules_strategy, st.integers(0, 10**6), st.integers(0, 1))
def test_move_accepted_iff_listed_legal(
    data: st.DataObject, rules: Rules, seed: int, li: int
) -> None:
    game = Game(LAYOUTS[li], rules, Deal.from_seed(seed))
    candidates = all_candidate_moves(game)
    for _ in range(data.draw(st.integers(0, 80))):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(legal[data.draw(st.integers(0, len(legal) - 1))])
    legal = set(game.legal_moves())
    assert len(legal) == len(game.legal_moves()), "a move is listed twice"
    before = snapshot(game)
    for move in candidates:
        try:
            game.play(move)
        except IllegalMoveError:
            assert move not in legal, f"{move} is listed but refused"
            assert snapshot(game) == before, "a refused move changed the game"
            continue
        assert move in legal, f"{move} was accepted but not listed"
        game.undo()
        assert snapshot(game) == before
    assert game.has_removal() == any(m.is_removal for m in legal)


def brute_force_removal_reachable(game: Game) -> bool:
    """Explore every flip, redeal and Satchel move; is any removal ever legal?"""
    g = game.copy()
    seen: set[object] = set()

    def dfs() -> bool:
        key = g.position_key()
        if key in seen:
            return False
        seen.add(key)
        legal = g.legal_moves()
        if any(m.is_removal for m in legal):
            return True
        for m in legal:
            g.play(m)
            found = dfs()
            g.undo()
            if found:
                return True
        return False

    return dfs()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), rules_strategy, st.integers(0, 10**6), st.integers(0, 1))
def test_stuck_agrees_with_brute_force_look_ahead(
    data: st.DataObject, rules: Rules, seed: int, li: int
) -> None:
    game = Game(LAYOUTS[li], rules, Deal.from_seed(seed))
    # Play removals greedily-at-random to reach the late, small positions where stuck happens.
    checked = 0
    for _ in range(200):
        if game.won:
            assert not game.is_stuck()
            break
        if not game.has_removal() or checked < 3 or data.draw(st.integers(0, 3)) == 0:
            stuck = game.is_stuck()
            assert stuck == (not brute_force_removal_reachable(game)), game.text()
            checked += 1
            if stuck:
                break
        legal = game.legal_moves()
        removals = [m for m in legal if m.is_removal]
        pool = removals if removals else legal
        game.play(pool[data.draw(st.integers(0, len(pool) - 1))])


def test_stuck_positions_are_reached_and_detected() -> None:
    """Greedy play on many deals: stuck is reported exactly when brute force finds nothing."""
    found_stuck = 0
    for seed in range(40):
        for rules in (PRESETS["classic"], PRESETS["desert"], PRESETS["strict"]):
            game = Game(classic_layout(), rules, Deal.from_seed(seed))
            while not game.won:
                stuck = game.is_stuck()
                if not game.has_removal():
                    assert stuck == (not brute_force_removal_reachable(game))
                if stuck:
                    found_stuck += 1
                    break
                legal = game.legal_moves()
                removals = [m for m in legal if m.is_removal]
                stashes = [m for m in legal if m.kind == Move.stash(0).kind]
                if removals:
                    game.play(removals[0])
                elif Move.flip() in legal:
                    game.play(Move.flip())
                elif Move.redeal() in legal:
                    game.play(Move.redeal())
                elif stashes:
                    game.play(stashes[-1])
                else:
                    break
    assert found_stuck > 20
