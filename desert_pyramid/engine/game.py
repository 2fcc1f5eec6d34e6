"""The game state: free cards, legal moves, play, undo and redo, the Satchel, scoring and the win.

A :class:`Game` is a board in the python-chess sense: :meth:`Game.play` (alias ``push``) makes a
move and returns the events it caused, :meth:`Game.undo` (alias ``pop``) takes the last move back
exactly, points and chain included. Nothing here knows about windows, files or clocks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NotRequired, TypedDict

from .cards import CARDS, KING_RANK, RANKS, Card, a_rank, rank_name
from .deal import Deal
from .errors import DealError, EngineError, IllegalMoveError, StateError
from .events import (
    CardMoved,
    ChainChanged,
    Event,
    LayoutCleared,
    Redealt,
    RowCleared,
    Scored,
    Undone,
    Won,
)
from .layout import Layout
from .moves import (
    DISCARD,
    FLIP,
    FLIP_MOVE,
    PAIR,
    REDEAL,
    REDEAL_MOVE,
    SATCHEL,
    STASH,
    STOCK,
    WASTE,
    Move,
    MoveKind,
    place_name,
)
from .rules import Rules, RulesData, Scoring

KING_MOVE = MoveKind.KING  # a king removed alone (the move), not the rank

GAME_SCHEMA = 1
CHAIN_CAP = 12
PAIR_POINTS = 10
ROW_BONUS = 50
CLEAR_BONUS = 500
REDEAL_BONUS = 250

# An undo record: (move, old chain, old best chain, old points, removed places/cards, extra)
_Record = tuple[Move, int, int, int, tuple[tuple[int, int, int], ...], int]

#: What decides a game's future (:meth:`Game.position_key`): the layout's cards, the stock, the
#: waste, the Satchel card and where it came from, and the redeals used when they are limited.
PositionKey = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int, int]


class GameData(TypedDict):
    """A game as :meth:`Game.to_dict` saves it (plain TOML values; :meth:`Game.from_dict` reads
    any table, and checks it)."""

    schema: int
    layout: int
    layout_size: int
    rules: RulesData
    deal: str
    multiplier: int
    moves: list[str]
    redo: list[str]
    seed: NotRequired[str]  # as text: TOML integers stop at 2^63 - 1
    index: NotRequired[int]


class Game:
    """One deal being played on one layout under one rule set."""

    __slots__ = (
        "layout",
        "rules",
        "deal",
        "multiplier",
        "cards",
        "cover_left",
        "stock",
        "waste",
        "satchel",
        "satchel_from",
        "discard",
        "redeals",
        "layout_left",
        "row_left",
        "points",
        "chain",
        "best_chain",
        "won",
        "_history",
        "_redo",
        "_covers",
        "_covered_by",
        "_row_of",
        "_n",
    )

    def __init__(self, layout: Layout, rules: Rules, deal: Deal, multiplier: int = 1) -> None:
        if multiplier < 1:
            raise EngineError(f"the multiplier must be 1 or more, not {multiplier}")
        self.layout = layout
        self.rules = rules
        self.deal = deal
        self.multiplier = multiplier
        n = layout.size
        self._n = n
        self._covers = tuple(s.covers for s in layout.slots)
        self._covered_by = tuple(s.covered_by for s in layout.slots)
        self._row_of = tuple(s.row for s in layout.slots)
        self.cards: list[int] = [int(c) for c in deal.cards[:n]]
        self.cover_left: list[int] = [len(s.covered_by) for s in layout.slots]
        # The stock's top is the end of the list: the first card to be turned over is last.
        self.stock: list[int] = [int(c) for c in reversed(deal.cards[n:])]
        self.waste: list[int] = []
        self.satchel = -1
        self.satchel_from = -1  # slot the Satchel card came from, -1 for a stock card
        self.discard: list[int] = []
        self.redeals = 0
        self.layout_left = n
        self.row_left: dict[int, int] = {}
        for r in self._row_of:
            self.row_left[r] = self.row_left.get(r, 0) + 1
        self.points = 0
        self.chain = 0
        self.best_chain = 0
        self.won = False
        self._history: list[_Record] = []
        self._redo: list[Move] = []

    # -- looking at the position ----------------------------------------------------------------
    def is_free(self, slot: int) -> bool:
        return 0 <= slot < self._n and self.cards[slot] >= 0 and self.cover_left[slot] == 0

    def free_slots(self) -> list[int]:
        cards, left = self.cards, self.cover_left
        return [i for i in range(self._n) if cards[i] >= 0 and left[i] == 0]

    def card_at(self, place: int) -> Card | None:
        """The card at a place if it is there (free or not; for the stock its top card)."""
        if place >= 0:
            if place < self._n and self.cards[place] >= 0:
                return CARDS[self.cards[place]]
            return None
        if place == WASTE:
            return CARDS[self.waste[-1]] if self.waste else None
        if place == STOCK:
            return CARDS[self.stock[-1]] if self.stock else None
        if place == SATCHEL:
            return CARDS[self.satchel] if self.satchel >= 0 else None
        return None

    def playable(self) -> list[tuple[int, Card]]:
        """Every card that can take part in a move now, with its place."""
        out = [(i, CARDS[self.cards[i]]) for i in self.free_slots()]
        if self.waste:
            out.append((WASTE, CARDS[self.waste[-1]]))
        if self.rules.stock_top_playable and self.stock:
            out.append((STOCK, CARDS[self.stock[-1]]))
        if self.satchel >= 0:
            out.append((SATCHEL, CARDS[self.satchel]))
        return out

    @property
    def redeals_left(self) -> int | None:
        """Redeals still allowed; ``None`` when unlimited."""
        m = self.rules.max_redeals
        return None if m is None else m - self.redeals

    @property
    def moves(self) -> int:
        """Moves made (undo takes them back)."""
        return len(self._history)

    @property
    def history(self) -> tuple[Move, ...]:
        return tuple(r[0] for r in self._history)

    @property
    def redo_stack(self) -> tuple[Move, ...]:
        """Moves that :meth:`redo` would replay, next first."""
        return tuple(reversed(self._redo))

    @property
    def layout_cleared(self) -> bool:
        return self.layout_left == 0

    @property
    def cards_left(self) -> int:
        """Cards of the layout not yet on the discard pile (a layout card in the Satchel counts)."""
        return self.layout_left

    @property
    def score(self) -> int:
        """The headline number of the rule set's scoring: points, or cards left for classic."""
        if self.rules.scoring == Scoring.CLASSIC:
            return self.layout_left
        return self.points

    def covering(self, slot: int) -> list[int]:
        """The slots still lying on ``slot``."""
        return [j for j in self._covered_by[slot] if self.cards[j] >= 0]

    # -- legal moves ----------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move, removals first."""
        if self.won:
            return []
        play = self.playable()  # once: the removals and the Satchel moves both need it
        moves = self._removals(play)
        if self.stock:
            moves.append(FLIP_MOVE)
        elif self.waste and self._can_redeal():
            moves.append(REDEAL_MOVE)
        if self.rules.satchel and self.satchel < 0:
            for place, _card in play:
                moves.append(Move(STASH, place))
        return moves

    def removals(self) -> list[Move]:
        """The legal pairs and kings."""
        if self.won:
            return []
        return self._removals(self.playable())

    def _removals(self, play: list[tuple[int, Card]]) -> list[Move]:
        moves: list[Move] = []
        by_rank: dict[int, list[int]] = {}
        for place, card in play:
            r = card.rank
            if r == KING_RANK:
                moves.append(Move(KING_MOVE, place))
                continue
            for other in by_rank.get(13 - r, ()):
                moves.append(Move.pair(place, other))
            by_rank.setdefault(r, []).append(place)
        if self.rules.relaxed_match:
            cards, left, covers = self.cards, self.cover_left, self._covers
            for a in range(self._n):
                if cards[a] < 0 or left[a]:
                    continue
                ra = RANKS[cards[a]]
                for b in covers[a]:
                    if cards[b] >= 0 and left[b] == 1 and ra + RANKS[cards[b]] == 13:
                        moves.append(Move.pair(a, b))
        return moves

    def has_removal(self) -> bool:
        if self.won:
            return False
        seen = 0
        for _place, card in self.playable():
            r = card.rank
            if r == KING_RANK or seen >> (13 - r) & 1:
                return True
            seen |= 1 << r
        if self.rules.relaxed_match:
            return any(m.a >= 0 and m.b >= 0 for m in self.removals())
        return False

    def is_legal(self, move: Move) -> bool:
        try:
            self._check(move)
        except IllegalMoveError:
            return False
        return True

    def _can_redeal(self) -> bool:
        m = self.rules.max_redeals
        return m is None or self.redeals < m

    def why_not_playable(self, place: int) -> str | None:
        """Why the card at ``place`` cannot take part in a move now (``"the 9♣ is covered by the
        J♦"``), or ``None`` when it can."""
        if self.won:
            return "the game is already won"
        try:
            self._playable_card(place)
        except IllegalMoveError as exc:
            return str(exc)
        return None

    def _playable_card(self, place: int) -> int:
        """The card at ``place`` if it may be played, else raise with the reason."""
        if place >= 0:
            if place >= self._n:
                raise IllegalMoveError(f"there is no slot {place + 1} (this layout has {self._n})")
            c = self.cards[place]
            if c < 0:
                raise IllegalMoveError(f"slot {place + 1} is empty")
            if self.cover_left[place]:
                over = " and the ".join(str(CARDS[self.cards[j]]) for j in self.covering(place))
                raise IllegalMoveError(f"the {CARDS[c]} is covered by the {over}")
            return c
        if place == WASTE:
            if not self.waste:
                raise IllegalMoveError("the waste is empty")
            return self.waste[-1]
        if place == STOCK:
            if not self.stock:
                raise IllegalMoveError("the stock is empty")
            if not self.rules.stock_top_playable:
                raise IllegalMoveError(
                    "the stock's top card is face down: flip it onto the waste first"
                )
            return self.stock[-1]
        if place == SATCHEL:
            if not self.rules.satchel:
                raise IllegalMoveError("these rules have no Satchel")
            if self.satchel < 0:
                raise IllegalMoveError("the Satchel is empty")
            return self.satchel
        raise IllegalMoveError(f"{place} is not a place on the table")

    def _check(self, move: Move) -> None:
        """Raise IllegalMoveError, saying why, unless ``move`` can be played now."""
        if self.won:
            raise IllegalMoveError("the game is already won")
        kind = move.kind
        if kind == PAIR:
            self._check_pair(move.a, move.b)
        elif kind == KING_MOVE:
            c = self._playable_card(move.a)
            if RANKS[c] != KING_RANK:
                r = RANKS[c]
                raise IllegalMoveError(
                    f"the {CARDS[c]} is not a king: only a king goes alone; {a_rank(r)} needs {a_rank(13 - r)}"
                )
        elif kind == FLIP:
            if not self.stock:
                if self.waste and self._can_redeal():
                    raise IllegalMoveError("the stock is empty: redeal to turn the waste over")
                raise IllegalMoveError("the stock is empty and no redeal is left")
        elif kind == REDEAL:
            self._check_redeal()
        elif kind == STASH:
            self._check_stash(move.a)
        else:
            raise IllegalMoveError(f"unknown move {move!r}")

    def _check_pair(self, a: int, b: int) -> None:
        if a == b:
            raise IllegalMoveError("a card cannot pair with itself")
        # Relaxed match: a free card may pair with the card it alone covers.
        if self.rules.relaxed_match and a >= 0 and b >= 0:
            for top, under in ((a, b), (b, a)):
                if self._alone_on(top, under):
                    self._check_sum(self.cards[top], self.cards[under])
                    return
        ca = self._playable_card(a)
        cb = self._playable_card(b)
        self._check_sum(ca, cb)

    def _alone_on(self, top: int, under: int) -> bool:
        """Whether the layout card at ``top`` is free and the only card left on ``under``."""
        return (
            top < self._n
            and under < self._n
            and under in self._covers[top]
            and self.is_free(top)
            and self.cards[under] >= 0
            and self.cover_left[under] == 1
        )

    def _check_redeal(self) -> None:
        if self.stock:
            raise IllegalMoveError(
                f"the stock still has {len(self.stock)} cards: redeal when it is empty"
            )
        if not self.waste:
            raise IllegalMoveError("the waste is empty: there is nothing to redeal")
        if not self._can_redeal():
            raise IllegalMoveError(
                f"no redeal left: these rules allow {self.rules.passes} passes in all"
            )

    def _check_stash(self, place: int) -> None:
        if not self.rules.satchel:
            raise IllegalMoveError("these rules have no Satchel")
        if place == SATCHEL:
            raise IllegalMoveError("that card is already in the Satchel")
        if self.satchel >= 0:
            raise IllegalMoveError(f"the Satchel already holds the {CARDS[self.satchel]}")
        self._playable_card(place)

    @staticmethod
    def _check_sum(ca: int, cb: int) -> None:
        ra, rb = RANKS[ca], RANKS[cb]
        if ra == KING_RANK or rb == KING_RANK:
            k = ca if ra == KING_RANK else cb
            raise IllegalMoveError(f"the {CARDS[k]} is a king: it goes alone, not in a pair")
        if ra + rb != 13:
            lo, hi = sorted((ra, rb))
            raise IllegalMoveError(f"{rank_name(lo)} + {rank_name(hi)} = {ra + rb}, not 13")

    # -- playing --------------------------------------------------------------------------------
    def play(self, move: Move) -> list[Event]:
        """Make ``move`` and return the events it caused. Raises :class:`IllegalMoveError`."""
        self._check(move)
        events = self._apply(move)
        if self._redo and self._redo[-1] == move:
            self._redo.pop()
        else:
            self._redo.clear()
        return events

    push = play

    def play_text(self, text: str) -> list[Event]:
        return self.play(Move.parse(text))

    def _take(self, place: int, events: list[Event]) -> tuple[int, int, int]:
        """Remove the card at a place to the discard; return (place, card, satchel_from)."""
        if place >= 0:
            c = self.cards[place]
            self._vacate(place)
            events.append(CardMoved(CARDS[c], place, DISCARD))
            self._layout_card_gone(place, events)
            rec = (place, c, -1)
        elif place == WASTE:
            c = self.waste.pop()
            events.append(CardMoved(CARDS[c], WASTE, DISCARD))
            rec = (place, c, -1)
        elif place == STOCK:
            c = self.stock.pop()
            events.append(CardMoved(CARDS[c], STOCK, DISCARD))
            rec = (place, c, -1)
        else:
            c = self.satchel
            src = self.satchel_from
            self.satchel = -1
            self.satchel_from = -1
            events.append(CardMoved(CARDS[c], SATCHEL, DISCARD))
            if src >= 0:
                self._layout_card_gone(src, events)
            rec = (place, c, src)
        self.discard.append(c)
        return rec

    def _vacate(self, slot: int) -> None:
        self.cards[slot] = -1
        left = self.cover_left
        for j in self._covers[slot]:
            left[j] -= 1

    def _refill(self, slot: int, card: int) -> None:
        self.cards[slot] = card
        left = self.cover_left
        for j in self._covers[slot]:
            left[j] += 1

    def _layout_card_gone(self, slot: int, events: list[Event]) -> None:
        """A layout card reached the discard pile: row bonus and layout clear."""
        self.layout_left -= 1
        row = self._row_of[slot]
        self.row_left[row] -= 1
        desert = self.rules.scoring == Scoring.DESERT
        if self.row_left[row] == 0:
            pts = ROW_BONUS * self.multiplier if desert else 0
            self.points += pts
            events.append(RowCleared(row, pts))
            if pts:
                events.append(Scored(pts, "row"))
        if self.layout_left == 0:
            pts = 0
            if desert:
                left = self.redeals_left or 0
                pts = (CLEAR_BONUS + REDEAL_BONUS * max(0, left)) * self.multiplier
            self.points += pts
            events.append(LayoutCleared(pts))
            if pts:
                events.append(Scored(pts, "clear"))

    def _apply(self, move: Move) -> list[Event]:
        events: list[Event] = []
        old_chain, old_best, old_points = self.chain, self.best_chain, self.points
        kind = move.kind
        removed: tuple[tuple[int, int, int], ...] = ()
        extra = 0
        if kind == PAIR or kind == KING_MOVE:
            removed = self._apply_removal(move, events)
        elif kind == FLIP:
            n = min(3 if self.rules.draw_three else 1, len(self.stock))
            for _ in range(n):
                c = self.stock.pop()
                self.waste.append(c)
                events.append(CardMoved(CARDS[c], STOCK, WASTE))
            extra = n
            self._reset_chain(events)
        elif kind == REDEAL:
            extra = len(self.waste)
            self.waste.reverse()
            self.stock, self.waste = self.waste, self.stock
            self.redeals += 1
            events.append(Redealt(extra, self.redeals))
            self._reset_chain(events)
        elif kind == STASH:
            removed = self._apply_stash(move.a, events)
        self._history.append((move, old_chain, old_best, old_points, removed, extra))
        return events

    def _apply_removal(self, move: Move, events: list[Event]) -> tuple[tuple[int, int, int], ...]:
        """A pair or a king: the cards taken (as the history keeps them), the chain, the points,
        the win."""
        kind = move.kind
        old_chain = self.chain
        if kind == PAIR:
            a, b = move.a, move.b
            # Take the covering card first so relaxed-match pairs free the lower one in order.
            if b >= 0 and a >= 0 and b in self._covers[a]:
                first, second = a, b
            elif a >= 0 and b >= 0 and a in self._covers[b]:
                first, second = b, a
            else:
                first, second = a, b
            removed: tuple[tuple[int, int, int], ...] = (
                self._take(first, events),
                self._take(second, events),
            )
        else:
            removed = (self._take(move.a, events),)
        self.chain = min(self.chain + 1, CHAIN_CAP)
        self.best_chain = max(self.best_chain, self.chain)
        events.append(ChainChanged(old_chain, self.chain))
        scoring = self.rules.scoring
        if scoring == Scoring.DESERT:
            pts = PAIR_POINTS * self.chain * self.multiplier
        elif scoring == Scoring.TIMED:
            pts = PAIR_POINTS * self.multiplier
        else:
            pts = 0
        if pts:
            self.points += pts
            events.append(Scored(pts, "pair" if kind == PAIR else "king"))
        if self.rules.all_52:
            self.won = len(self.discard) == 52
        else:
            self.won = self.layout_left == 0
        if self.won:
            events.append(Won())
        return removed

    def _apply_stash(self, place: int, events: list[Event]) -> tuple[tuple[int, int, int], ...]:
        """The card at ``place`` goes into the Satchel."""
        if place >= 0:
            c = self.cards[place]
            self._vacate(place)
            self.satchel_from = place
        elif place == WASTE:
            c = self.waste.pop()
            self.satchel_from = -1
        else:
            c = self.stock.pop()
            self.satchel_from = -1
        self.satchel = c
        events.append(CardMoved(CARDS[c], place, SATCHEL))
        return ((place, c, -1),)

    def _reset_chain(self, events: list[Event]) -> None:
        if self.chain:
            events.append(ChainChanged(self.chain, 0))
        self.chain = 0

    def undo(self) -> list[Event]:
        """Take back the last move exactly. Raises :class:`IllegalMoveError` at the deal."""
        if not self._history:
            raise IllegalMoveError("nothing to undo: this is the deal")
        move, old_chain, old_best, old_points, removed, extra = self._history.pop()
        events: list[Event] = [Undone(str(move))]
        kind = move.kind
        if kind == PAIR or kind == KING_MOVE:
            self.won = False
            for place, c, src in reversed(removed):
                self.discard.pop()
                if place >= 0:
                    self._layout_card_back(place)
                    self._refill(place, c)
                elif place == WASTE:
                    self.waste.append(c)
                elif place == STOCK:
                    self.stock.append(c)
                else:
                    self.satchel = c
                    self.satchel_from = src
                    if src >= 0:
                        self._layout_card_back(src)
                events.append(CardMoved(CARDS[c], DISCARD, place))
        elif kind == FLIP:
            for _ in range(extra):
                c = self.waste.pop()
                self.stock.append(c)
                events.append(CardMoved(CARDS[c], WASTE, STOCK))
        elif kind == REDEAL:
            self.stock.reverse()
            self.stock, self.waste = self.waste, self.stock
            self.redeals -= 1
            events.append(Redealt(-extra, self.redeals))
        elif kind == STASH:
            place, c, _ = removed[0]
            if place >= 0:
                self._refill(place, c)
            elif place == WASTE:
                self.waste.append(c)
            else:
                self.stock.append(c)
            self.satchel = -1
            self.satchel_from = -1
            events.append(CardMoved(CARDS[c], SATCHEL, place))
        if self.points != old_points:
            events.append(Scored(old_points - self.points, "undo"))
        if self.chain != old_chain:
            events.append(ChainChanged(self.chain, old_chain))
        self.chain, self.best_chain, self.points = old_chain, old_best, old_points
        self._redo.append(move)
        return events

    pop = undo

    def _layout_card_back(self, slot: int) -> None:
        self.layout_left += 1
        self.row_left[self._row_of[slot]] += 1

    def redo(self) -> list[Event]:
        """Replay the last undone move."""
        if not self._redo:
            raise IllegalMoveError("nothing to redo")
        return self.play(self._redo[-1])

    def undo_all(self) -> None:
        while self._history:
            self.undo()

    # -- stuck ------------------------------------------------------------------------------------
    def is_stuck(self) -> bool:
        """True when no removal is possible now and none can ever become possible by flipping,
        redealing or using the Satchel. Exact: never a false alarm, and true as soon as it holds.
        A won game is not stuck."""
        if self.won:
            return False
        if self.has_removal():
            return False
        return not _removal_reachable(self)

    @property
    def is_over(self) -> bool:
        return self.won or self.is_stuck()

    # -- words --------------------------------------------------------------------------------------
    def describe(self, move: Move) -> str:
        """The move in words, with its cards: ``pair the 6♠ with the 7♦``."""
        kind = move.kind
        if kind == PAIR:
            return f"pair the {self._name_at(move.a)} with the {self._name_at(move.b)}"
        if kind == KING_MOVE:
            return f"remove the {self._name_at(move.a)}"
        if kind == STASH:
            return f"put the {self._name_at(move.a)} in the Satchel"
        if kind == FLIP:
            return "flip the stock"
        return "redeal the waste"

    def _name_at(self, place: int) -> str:
        c = self.card_at(place)
        where = "" if place >= 0 else f" from {place_name(place)}"
        return f"{c}{where}" if c is not None else place_name(place)

    def text(self) -> str:
        """The position as a text pyramid (free cards in brackets), then stock, waste, Satchel."""
        slots = self.layout.slots
        minx = min(s.x for s in slots)
        miny = min(s.y for s in slots)
        lines: dict[int, list[str]] = {}
        width = int((max(s.x for s in slots) - minx) * 2) + 4
        for s in sorted(slots, key=lambda s: s.z):
            line = int(round((s.y - miny) * 2))
            row = lines.setdefault(line, [" "] * width)
            col = int(round((s.x - minx) * 2))
            c = self.cards[s.index]
            if c < 0:
                cell = " .. "
            elif self.cover_left[s.index] == 0:
                cell = f"[{CARDS[c].code}]"
            else:
                cell = f" {CARDS[c].code} "
            row[col : col + 4] = list(cell)
        out = ["".join(lines[k]).rstrip() for k in sorted(lines)]
        top = CARDS[self.stock[-1]].code if self.stock and self.rules.stock_top_playable else "##"
        out.append("")
        left = self.redeals_left
        out.append(
            f"stock {len(self.stock):2d} ({top if self.stock else '--'})   "
            f"waste {CARDS[self.waste[-1]].code if self.waste else '--'} ({len(self.waste)})   "
            + (
                f"satchel {CARDS[self.satchel].code if self.satchel >= 0 else '--'}   "
                if self.rules.satchel
                else ""
            )
            + f"redeals left {'unlimited' if left is None else left}"
        )
        out.append(
            f"score {self.score}   chain {self.chain}   moves {self.moves}   discard {len(self.discard)}"
            + ("   WON" if self.won else ("   STUCK" if self.is_stuck() else ""))
        )
        return "\n".join(out)

    # -- saving -------------------------------------------------------------------------------------
    def to_dict(self) -> GameData:
        """The whole game, undo and redo history included, as plain TOML-able values."""
        data: GameData = {
            "schema": GAME_SCHEMA,
            "layout": self.layout.number,
            "layout_size": self._n,
            "rules": self.rules.to_dict(),
            "deal": self.deal.notation(),
            "multiplier": self.multiplier,
            "moves": [str(m) for m in self.history],
            "redo": [str(m) for m in self.redo_stack],
        }
        if self.deal.seed is not None:
            data["seed"] = str(self.deal.seed)  # TOML integers stop at 2^63 - 1
            data["index"] = self.deal.index
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], layout: Layout) -> Game:
        """Rebuild a game saved by :meth:`to_dict`. ``layout`` must be layout ``data['layout']``."""
        if not isinstance(data, Mapping):
            raise StateError("a saved game must be a table")
        schema = data.get("schema")
        if schema != GAME_SCHEMA:
            raise StateError(
                f"saved game schema {schema!r} is not supported (this game reads {GAME_SCHEMA})"
            )
        try:
            if (
                data["layout"] != layout.number
                or data.get("layout_size", layout.size) != layout.size
            ):
                raise StateError(
                    f"the saved game is on layout {data['layout']}, not on layout {layout.number}"
                )
            rules = Rules.from_dict(dict(data["rules"]))
            deal = Deal.parse(str(data["deal"]))
            if "seed" in data:
                seed, index = int(data["seed"]), int(data.get("index", 0))
                deal = Deal(deal.cards, seed, index)
            mult = data.get("multiplier", 1)
            if not isinstance(mult, int) or isinstance(mult, bool):
                raise StateError(f"multiplier must be an integer, not {mult!r}")
            game = cls(layout, rules, deal, mult)
            moves = data.get("moves", [])
            redo = data.get("redo", [])
            if not isinstance(moves, list) or not isinstance(redo, list):
                raise StateError("moves and redo must be lists")
            for i, text in enumerate(moves, start=1):
                try:
                    game.play(Move.parse(str(text)))
                except IllegalMoveError as exc:
                    raise StateError(f"saved move {i} ({text!r}) does not replay: {exc}") from None
            game._redo = [Move.parse(str(t)) for t in reversed(redo)]
        except KeyError as exc:
            raise StateError(f"the saved game is missing '{exc.args[0]}'") from None
        except (DealError, ValueError, TypeError) as exc:
            if isinstance(exc, StateError):
                raise
            raise StateError(f"the saved game cannot be read: {exc}") from None
        return game

    def copy(self) -> Game:
        """An independent game in the same position, with the same history."""
        g = Game.__new__(Game)
        g.layout, g.rules, g.deal, g.multiplier = (
            self.layout,
            self.rules,
            self.deal,
            self.multiplier,
        )
        g._n, g._covers, g._covered_by, g._row_of = (
            self._n,
            self._covers,
            self._covered_by,
            self._row_of,
        )
        g.cards = self.cards[:]
        g.cover_left = self.cover_left[:]
        g.stock = self.stock[:]
        g.waste = self.waste[:]
        g.satchel, g.satchel_from = self.satchel, self.satchel_from
        g.discard = self.discard[:]
        g.redeals, g.layout_left = self.redeals, self.layout_left
        g.row_left = dict(self.row_left)
        g.points, g.chain, g.best_chain, g.won = self.points, self.chain, self.best_chain, self.won
        g._history = self._history[:]
        g._redo = self._redo[:]
        return g

    def position_key(self) -> PositionKey:
        """Everything that decides the future of the game (not the score): equal keys, equal futures."""
        return (
            tuple(self.cards),
            tuple(self.stock),
            tuple(self.waste),
            self.satchel,
            self.satchel_from,
            self.redeals if self.rules.max_redeals is not None else 0,
        )

    def replay(self, moves: Iterable[Move | str]) -> None:
        for m in moves:
            self.play(Move.parse(m) if isinstance(m, str) else m)

    def after(self, moves: int) -> Game:
        """A new game on the same deal after the first ``moves`` moves of this one's history."""
        g = Game(self.layout, self.rules, self.deal, self.multiplier)
        g.replay(r[0] for r in self._history[:moves])
        return g


# -- exact stuck detection ---------------------------------------------------------------------------


def _removal_reachable(game: Game) -> bool:
    """Can any removal become possible through flips, redeals and the Satchel alone?

    Without a removal, the layout changes only when a layout card goes into the Satchel, and the
    Satchel, once filled, stays full. So the reachable positions are: a point in the stock cycle,
    the number of redeals used, and the Satchel's card. The stock and waste keep one fixed order
    through flips and redeals (a redeal turns the waste over unshuffled), so a point in the cycle is
    the stock's length. We search those positions; at each one we check whether a removal is open.

    Stashing a layout card later instead of now never opens anything new (the same positions follow,
    with fewer passes left), so layout cards are tried in the Satchel only from the current position.
    """
    rules = game.rules
    draw = 3 if rules.draw_three else 1
    max_redeals = rules.max_redeals
    top_playable = rules.stock_top_playable
    relaxed = rules.relaxed_match

    def layout_info(cards: list[int], left: list[int]) -> tuple[int, bool]:
        """(bitmask of free layout ranks, whether the layout alone has a removal)."""
        mask = 0
        has = False
        for i in range(game._n):
            c = cards[i]
            if c >= 0 and left[i] == 0:
                r = RANKS[c]
                if r == KING_RANK or mask >> (13 - r) & 1:
                    has = True
                mask |= 1 << r
                if relaxed:
                    for b in game._covers[i]:
                        if cards[b] >= 0 and left[b] == 1 and r + RANKS[cards[b]] == 13:
                            has = True
        return mask, has

    def open_at(mask: int, tops: list[int], satchel: int) -> bool:
        # tops: ranks of the playable waste/stock tops; satchel rank or 0
        seen = mask
        items = tops + ([satchel] if satchel else [])
        for r in items:
            if r == KING_RANK or seen >> (13 - r) & 1:
                return True
            seen |= 1 << r
        return False

    def search(
        order: list[int], split: int, redeals: int, mask: int, satchel: int, can_stash: bool
    ) -> bool:
        """order: the cycle of stock+waste cards, waste bottom first ... stock top ... stock bottom.

        We represent it as ``waste`` = order[:split] (top at split-1) and stock = order[split:] with
        the stock's top at index split. Flipping moves the split right; a redeal resets it to 0.
        """
        seen: set[tuple[int, int]] = set()
        stack = [(split, redeals)]
        n = len(order)
        while stack:
            sp, rd = stack.pop()
            key = (sp, rd if max_redeals is not None else 0)
            if key in seen:
                continue
            seen.add(key)
            tops: list[int] = []
            if sp > 0:
                tops.append(RANKS[order[sp - 1]])
            if top_playable and sp < n:
                tops.append(RANKS[order[sp]])
            if open_at(mask, tops, satchel):
                return True
            if can_stash:
                # Put a waste or stock top in the Satchel here, then go on without that card.
                cands: list[int] = []
                if sp > 0:
                    cands.append(sp - 1)
                if top_playable and sp < n:
                    cands.append(sp)
                for idx in cands:
                    r = RANKS[order[idx]]
                    rest = order[:idx] + order[idx + 1 :]
                    nsp = sp - 1 if idx < sp else sp
                    if search(rest, nsp, rd, mask, r, False):
                        return True
            if sp < n:
                stack.append((min(n, sp + draw), rd))
            elif sp > 0 and (max_redeals is None or rd < max_redeals):
                stack.append((0, rd + 1))
        return False

    # The cycle: waste (bottom first) then stock (top first).
    order = game.waste + game.stock[::-1]
    split = len(game.waste)
    satchel_rank = RANKS[game.satchel] if game.satchel >= 0 else 0
    mask, has = layout_info(game.cards, game.cover_left)
    if has:
        return True
    can_stash = rules.satchel and game.satchel < 0
    if search(order, split, game.redeals, mask, satchel_rank, can_stash):
        return True
    if can_stash:
        for slot in game.free_slots():
            c = game.cards[slot]
            cards = game.cards[:]
            left = game.cover_left[:]
            cards[slot] = -1
            for j in game._covers[slot]:
                left[j] -= 1
            m2, has2 = layout_info(cards, left)
            if has2:
                return True
            if search(order, split, game.redeals, m2, RANKS[c], False):
                return True
    return False
