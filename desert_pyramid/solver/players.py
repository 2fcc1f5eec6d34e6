"""Computer players: the rules-of-thumb player (a beginner's four tips) and the solver player.

Both answer ``next_move(game) -> Move | None`` one move at a time, so the demo and the coach can
play a deal step by step; ``None`` means there is nothing to play (the game is won or stuck, or the
player gives up).
"""

from __future__ import annotations

from desert_pyramid.engine import STOCK, WASTE, Game, Move
from desert_pyramid.engine.cards import KING_RANK, partner_rank, rank_of
from desert_pyramid.engine.moves import FLIP_MOVE, REDEAL_MOVE, MoveKind
from desert_pyramid.engine.whereabouts import cards_on, slots_under

from .core import DEFAULT_BUDGET, SolveResult, Verdict, solve

SATCHEL_REACH = 2  # the thumb player parks a card whose partner lies under at most this many cards


class ThumbPlayer:
    """The four tips a beginner is taught, with no look-ahead:

    1. take kings at once;
    2. use the turned-over card before turning over the next (every pair before a flip);
    3. prefer the pair that uncovers more cards, and when none uncovers anything, a pair of two
       pyramid cards over one that uses the turned-over card;
    4. watch for a card sitting on its partner: give a waste (or stock or Satchel) card to a card
       whose other partners are all buried under it, rather than to a card that has other partners.

    Under rules with the Satchel it also follows the Satchel tip of How to play: with nothing to pair, park
    the waste card when a partner of it lies in the pyramid under at most two cards.
    """

    name = "thumb"

    def next_move(self, game: Game) -> Move | None:
        if game.won or game.is_stuck():
            return None
        removals = game.removals()
        kings = [m for m in removals if m.kind == MoveKind.KING]
        if kings:  # tip 1
            kings.sort(key=lambda m: (m.a < 0, m.a))  # pyramid kings first
            return kings[0]
        if removals:  # tips 2, 3, 4: pair before flipping, and choose well
            return max(removals, key=lambda m: self._score(game, m))
        if game.rules.satchel and game.satchel < 0 and game.waste:
            if self._worth_parking(game, game.waste[-1]):
                return Move.stash(WASTE)
        if game.stock:
            return FLIP_MOVE
        if game.waste and (game.redeals_left is None or game.redeals_left > 0):
            return REDEAL_MOVE
        return None

    @staticmethod
    def _uncovers(game: Game, move: Move) -> int:
        before = set(game.free_slots())
        g = game.copy()
        g.play(move)
        return sum(1 for s in g.free_slots() if s not in before)

    def _score(self, game: Game, move: Move) -> tuple[int, int, int, int]:
        uncovers = self._uncovers(game, move)
        both_pyramid = int(move.kind == MoveKind.PAIR and move.a >= 0 and move.b >= 0)
        sitting = 0
        if move.kind == MoveKind.PAIR and (move.a < 0) != (move.b < 0):
            slot = move.a if move.a >= 0 else move.b
            sitting = int(_sits_on_partners(game, slot))
        # prefer pairs using the waste top over the Satchel card (the waste top gets covered)
        uses_waste = int(WASTE in (move.a, move.b) or STOCK in (move.a, move.b))
        return (uncovers, both_pyramid, sitting, uses_waste)

    @staticmethod
    def _worth_parking(game: Game, card: int) -> bool:
        rank = rank_of(card)
        if rank == KING_RANK:
            return False
        for s in range(game.layout.size):
            c = game.cards[s]
            if c >= 0 and rank_of(c) == partner_rank(rank) and not game.is_free(s):
                if cards_on(game, s) <= SATCHEL_REACH:
                    return True
        return False


def _sits_on_partners(game: Game, slot: int) -> bool:
    """True when every live partner of the card in ``slot``, other than free ones off the pyramid,
    is buried under it: it can only pair with a card from the stock, the waste or the Satchel."""
    rank = rank_of(game.cards[slot])
    under = slots_under(game.layout, slot)
    for s in range(game.layout.size):
        c = game.cards[s]
        if c >= 0 and s != slot and rank_of(c) == partner_rank(rank) and s not in under:
            return False
    return True


class SolverPlayer:
    """Plays a winning line found by the solver; re-solves when the position leaves the line.

    When the solver proves the position lost or cannot tell within its budget, it plays the
    thumb player's move instead (``fallback``), or gives up (returns None) when ``fallback`` is None.
    ``last_result`` holds the latest search result, for a coach to show.
    """

    name = "solver"

    def __init__(
        self,
        node_budget: int = DEFAULT_BUDGET,
        fallback: ThumbPlayer | None = None,
        time_limit: float | None = None,
    ) -> None:
        self.node_budget = node_budget
        self.fallback = fallback if fallback is not None else ThumbPlayer()
        self.use_fallback = True
        self.time_limit = time_limit
        self._plan: list[tuple[tuple[object, ...], Move]] = []
        self.last_result: SolveResult | None = None

    @classmethod
    def strict(cls, node_budget: int = DEFAULT_BUDGET) -> SolverPlayer:
        """A solver player that gives up (returns None) when no winning line is known."""
        p = cls(node_budget)
        p.use_fallback = False
        return p

    def next_move(self, game: Game) -> Move | None:
        if game.won:
            return None
        key = game.position_key()
        if not self._plan or self._plan[0][0] != key:
            self._replan(game)
        if self._plan and self._plan[0][0] == key:
            return self._plan.pop(0)[1]
        if self.use_fallback:
            return self.fallback.next_move(game)
        return None

    def _replan(self, game: Game) -> None:
        self._plan = []
        result = solve(game, self.node_budget, time_limit=self.time_limit)
        self.last_result = result
        if result.verdict is not Verdict.WINNABLE:
            return
        g = game.copy()
        for m in result.line:
            self._plan.append((g.position_key(), m))
            g.play(m)


def play_out(game: Game, player: ThumbPlayer | SolverPlayer, max_moves: int = 2000) -> bool:
    """Let ``player`` play ``game`` to the end (the game is changed). True when it won."""
    for _ in range(max_moves):
        if game.won:
            return True
        m = player.next_move(game)
        if m is None:
            break
        game.play(m)
    return game.won


__all__ = ["SolverPlayer", "ThumbPlayer", "play_out"]
