"""The exact search: is there a line of moves that wins from this position?

The search works on a compact state of its own, built from an engine :class:`Game`:

* ``vacated``: bitmask of the layout slots that are vacated (card discarded or parked in the
  Satchel);
* ``gone``: bitmask of the *cycle* positions whose card is gone. The cycle is the stock and the
  waste as one fixed sequence: waste bottom first, then the stock from its top down. Flips and
  redeals never change that order (a redeal turns the waste over unshuffled), so a waste/stock
  split is just an index into the cycle: the waste is the live positions below it, the stock the
  rest;
* ``satchel``: the Satchel: 0 when empty, else the card's rank, plus 16 when it is a layout card
  (it still has to be removed for the layout to count as cleared);
* the *time*: the pass (redeals used) and the split index, normalised so that the index is just
  past the waste's top live card (two indexes with the same live cards below them are the same
  position). A time is encoded as one bit number ``pass * (K + 1) + index``.

``(vacated, gone, satchel)`` is the *board*. Flips and redeals change only the time, and from a
time every later time is reachable by flipping and redealing alone (draw one), or a known set of
times (draw three: the index moves three live cards at a time). So a node of the search
(:meth:`Searcher._search`, which names its phases) is a board with a start time, and its children are the removals and Satchel moves available at *any* time
reachable from it without changing the board; the flips leading there are implicit and are
written out only when a winning line is reported. The transposition table maps each board to the
set of times already explored from it, so positions that differ only in move order or in when the
stock was turned merge, and a board met again at a time that can be reached from an explored one
is known and skipped. Under draw one that set is every time from some first one on, and the table
keeps that first time (see :meth:`Searcher._visit_from`); under draw three, a bitmask.

Verdicts: WINNABLE with a line that replays in the engine, LOST when the whole reachable space is
exhausted (pruned only by the sound rules below), UNKNOWN when the node budget (or an optional
wall-clock cap for interactive use, or a cancel request passed in) runs out. Budgets count nodes, so a verdict never depends on
the machine.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from operator import itemgetter
from typing import Final

from desert_pyramid.engine import SATCHEL, STOCK, WASTE, Game, Layout, Move, Rules
from desert_pyramid.engine.cards import KING_RANK, RANKS
from desert_pyramid.engine.moves import FLIP_MOVE, REDEAL_MOVE, MoveKind

from .lifeline import let_others_run

# (Final: a compiled search reads them as constants, not from the module's globals)
KING_MOVE: Final = MoveKind.KING
PAIR_MOVE: Final = MoveKind.PAIR
STASH_MOVE: Final = MoveKind.STASH

# The build writes the fingerprint of this file and the engine here in the copy it compiles
# (setup.py, solver/fingerprint.py); "" in the source. NATIVE: this module is that compiled copy.
_COMPILED_FROM = ""
NATIVE = _COMPILED_FROM != ""
LAYOUT_FLAG: Final = 16  # in the Satchel code: the parked card is a layout card
DEFAULT_BUDGET = 2_000_000
MAX_TABLE = 4_000_000
# The free-stock relaxation (see Searcher.relaxed_clearable): new states allowed per check, and
# how many checks may run out before it is switched off for the rest of the search. Its states
# count as search nodes.
RELAX_STATES_PER_CALL: Final = 5_000
RELAX_GIVEUPS: Final = 10
QUICK_FIRST = 256  # nodes of exhaustive search tried before the root's free-stock check
RX_INNER_AFTER: Final = 256  # nodes before the free-stock relaxation is asked below the root
PROBE_FIRST = 2_000  # nodes of exhaustive search before the discrepancy probes
PROBE_DEPTH = 3  # probes allow up to this many discrepancies
PROBE_CAP = 25_000  # nodes all probes may use together
RELAX_MEMO_MAX: Final = 1_000_000  # the relaxation's memo is emptied past this (it is only a cache)
# boards a Store keeps between searches (about 150 MB); emptied past this
STORE_MAX: Final = 1_000_000
STORE_RESULTS_MAX: Final = 4_096  # answers by position a Store keeps
# The move generator's tables by free slots or by board layout part (see Searcher._free_by_rank):
# a search meets a few hundred to a few thousand of them, far fewer than its boards; emptied past
# this (they are only caches).
LAYOUT_CACHE_MAX: Final = 200_000


class Verdict(StrEnum):
    WINNABLE = "winnable"
    LOST = "lost"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class SolveResult:
    """The answer for one position."""

    verdict: Verdict
    line: tuple[Move, ...] = ()  # a winning line from the position (WINNABLE only)
    nodes: int = 0  # search nodes expanded
    seconds: float = 0.0  # wall-clock time taken (informative only; never decides the verdict)
    reason: str = ""  # why the search stopped for UNKNOWN ("budget", "time", "memory"), or the
    # rule that proved LOST at the root ("" for a search)

    @property
    def winnable(self) -> bool:
        return self.verdict is Verdict.WINNABLE

    @property
    def lost(self) -> bool:
        return self.verdict is Verdict.LOST


ModelMove = tuple[int, int, int]  # a move in the model: (kind, a, b), see Searcher.line
# A child of a search node, before ordering: (priority, vacated, gone, satchel, time of the move,
# time after it, free, indexes, live, live_cycle, move), the state named as in Searcher._search.
# Plain tuples: a node builds a dozen of them.
_Child = tuple[int, int, int, int, int, int, int, int, int, int, ModelMove]
# What the window bound keeps of a board's layout (see Searcher._window_shape)
_WindowShape = tuple[
    int, tuple[tuple[int, tuple[int, ...]], ...], tuple[tuple[int, tuple[int, ...]], ...], int, int
]
# A forced move: (layout slots it removes, Satchel after it, the move, live cards it removes)
_Forced = tuple[tuple[int, ...], int, ModelMove, int]


class _GiveUp(Exception):
    """The free-stock relaxation grew too large for one call."""


class _Stop(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _lowest(mask: int) -> int:
    """The lowest bit set in ``mask`` (-1 when none is)."""
    return (mask & -mask).bit_length() - 1


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass
class Searcher:
    """The compiled position and the search over it. Build with :meth:`from_game`."""

    n: int
    slot_rank: list[int]  # rank of the card in each slot at the root (0 when vacated)
    cov_mask: list[int]  # slots lying on each slot
    on: list[tuple[int, ...]]  # slots each slot lies on (what removing it may free)
    on_mask: list[int]
    below: list[int]  # every slot lying (transitively) under each slot
    K: int
    cyc_rank: list[int]
    satchel_rule: bool
    top_playable: bool
    draw: int
    relaxed: bool
    all_52: bool
    passes: int  # pass slots in the time encoding: max_redeals + 1, or 1 when unlimited
    end: int  # the first time past the last pass: passes * (K + 1)
    unlimited: bool
    root_vacated: int  # the root's board and time (see the module docstring)
    root_satchel: int
    root_time: int
    # card identities, for the pairing check: (kind, where) per card still live at the root
    rank_cards: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    nodes: int = 0
    budget: int = DEFAULT_BUDGET
    deadline: float | None = None
    # board -> the times explored from it: draw one, the first of them (every later one is
    # explored too); draw three, a bitmask (see _visit)
    table: dict[int, int] = field(default_factory=dict)
    path: list[tuple[int, int, int, tuple[int, int, int]]] = field(default_factory=list)
    # the winning path, deepest move first: (gone, time before, time of the move, (kind, a, b))
    _pq_memo: dict[int, bool] = field(default_factory=dict)  # the rank-pair games
    qmask: list[int] = field(default_factory=list)  # layout slots of ranks q and 13 - q, by q
    above: list[int] = field(default_factory=list)  # every slot lying (transitively) on each slot
    _rx_memo: dict[int, bool] = field(default_factory=dict)
    _rx_raw: dict[int, bool] = field(default_factory=dict)  # answers by the uncut key
    _rx_left: int = 0
    _rx_giveups: int = 0
    _rx_off: bool = False
    root_rule: str = ""
    # Asked every 256 nodes, when :meth:`solve` is given one: the hint service passes one to drop
    # superseded searches. Set for one search only, never on the class.
    _should_stop: Callable[[], bool] | None = field(default=None, init=False, repr=False)
    rep: int = 0
    probes: bool = True  # discrepancy probes before the long exhaustive search (see solve)
    probe_seen: dict[int, tuple[int, int]] = field(default_factory=dict)
    # how often a probe left something unsearched (a child past its discrepancies, a board its
    # probe had met): a probe's board searched with no such cut below it is proved lost (_search)
    probe_cuts: int = 0
    # Set while a probe generates the moves of a node where it has no discrepancy left: it only
    # ever searches the first child, so the layout pairs (_moves_now, any rules) and the
    # waste-only generator (_waste_moves) keep just the first of the lowest priority so far; the
    # other generators keep every child (_descend takes the first after its stable sort either
    # way). Each child left out counts as a probe cut (see _left_out).
    best_only: bool = False
    _phase_result: Verdict = Verdict.UNKNOWN
    rank_pos: list[int] = field(default_factory=list)  # cycle positions of each rank (bitmasks)
    plain: bool = False  # no pruning rule (see from_game)
    rx_inner: bool = True  # check the free-stock relaxation at every new board (not only the root)
    # ... once the search has used this many nodes: most deals are won within a few dozen nodes,
    # where the relaxation's own states would cost more than the cuts save (see _hopeless)
    rx_after: int = RX_INNER_AFTER
    purged: frozenset[int] = frozenset()  # kings left out of the model's cycle (see from_game)
    last_start: int = 1 << 30  # the first time bit of the last pass (never, when unlimited)
    root_gone: int = 0  # cycle positions already gone at the root (a store's cycle, see Store)
    # the time each time would have in the root's own cycle (live cards only): move order counts
    # times that way, so a search in a store's cycle tries its moves in the very same order
    order_time: list[int] = field(default_factory=list)
    # the exhaustive search's boards in progress: (key, times explored before), deepest last. When
    # a search stops or wins, these are not proved lost: :meth:`forget_open` takes them back out.
    stack: list[tuple[int, int]] = field(default_factory=list)
    keep: bool = False  # a store's search: the table is the store's and outlives the search
    # a store's positions whose probes found nothing (see solve): not probed again
    probed: set[tuple[int, int, int, int]] | None = None
    # Caches of the move generator, by free slots (``_free_by_rank``: the free slots by rank, the
    # ranks 1 to 12 that have one, the cycle positions whose card is a king or pairs with one),
    # by vacated slots and partner rank (``_pairs_with``) and by vacated slots (the layout's own
    # pairs): parts of a node that depend on the layout alone, which a search meets thousands of
    # times with other stock/waste cards gone.
    _free: dict[int, tuple[list[list[int]], tuple[int, ...], int]] = field(default_factory=dict)
    _pairs_cache: dict[int, list[tuple[int, int, int, int]]] = field(default_factory=dict)
    _layout_pairs: dict[int, list[tuple[int, int, int, ModelMove, int]]] = field(
        default_factory=dict
    )
    # only the waste top plays and nothing is stashed (see _waste_moves); set by from_game
    waste_only: bool = False
    # by cycle position k: its card as a live count (``1 << 3 * rank``)
    cyc_live: list[int] = field(default_factory=list)
    # The window bound (see _window_lost): asked where only the waste top plays, the passes are
    # limited and cards pair only when both are free. ``cover_order``: the layout slots, every
    # slot after the slots lying on it; ``rank_slots``: the root's layout slots by rank.
    windows: bool = False
    _window_shapes: dict[int, _WindowShape] = field(default_factory=dict)
    _window_memo: dict[int, bool] = field(default_factory=dict)  # see _window_lost
    # the distinct shapes met, numbered: boards whose layouts differ only in cards the bound does
    # not look at share their shape's number, and so their answers (see _window_shape)
    _window_ids: dict[tuple[object, ...], int] = field(default_factory=dict)
    window_from: int = 0  # the first time of the pass before the last
    cover_order: list[int] = field(default_factory=list)
    rank_slots: list[int] = field(default_factory=list)
    # Nodes in canonical form (see canonical_cycle): every search but the bare one, once its first
    # QUICK_FIRST nodes are spent (``settling`` from then on, see _start_settling: most deals are
    # won sooner, where the form would only cost); the move generators put each child in it
    # (_settled). ``same_before``: by cycle position, the earlier positions whose card has the
    # same rank (made when settling starts).
    settling: bool = False
    same_before: list[int] = field(default_factory=list)

    # -- building ------------------------------------------------------------------------------
    @classmethod
    def from_game(
        cls,
        game: Game,
        max_redeals: int | None = None,
        plain: bool = False,
        cycle_order: tuple[int, ...] | None = None,
    ) -> Searcher:
        """Compile ``game``'s position. ``max_redeals`` overrides the rules' redeal limit (counted
        from the deal, like ``game.redeals``), e.g. to ask whether a win needs fewer passes.
        ``plain``: no pruning rule at all (no relaxation, no forced move, every king kept): the bare
        search, which the tests compare with the pruned one. ``cycle_order``: number the cycle
        positions by this sequence (the deal's whole cycle, see :class:`Store`) instead of by the
        live cards alone, so that boards of every position of one game share one numbering."""
        layout = game.layout
        n = layout.size
        cov_mask, on, on_mask, below, above, cover_order = _geometry(layout)
        slot_rank = [RANKS[c] if c >= 0 else 0 for c in game.cards]
        root_vacated = 0
        for i, c in enumerate(game.cards):
            if c < 0:
                root_vacated |= 1 << i
        rules = game.rules
        cycle, waste_len, purged = _model_cycle(game, plain)
        pos, full_cycle = _cycle_positions(cycle, cycle_order)
        K = len(full_cycle)
        limit = rules.max_redeals if max_redeals is None else max_redeals
        unlimited = limit is None
        passes = 1 if limit is None else max(limit, game.redeals) + 1
        if game.satchel >= 0:
            root_satchel = RANKS[game.satchel] + (LAYOUT_FLAG if game.satchel_from >= 0 else 0)
        else:
            root_satchel = 0
        W = K + 1
        p0 = 0 if unlimited else game.redeals
        root_time = p0 * W + (pos[waste_len - 1] + 1 if waste_len else 0)
        rank_cards: dict[int, list[tuple[int, int]]] = {r: [] for r in range(1, 14)}
        for i, c in enumerate(game.cards):
            if c >= 0:
                rank_cards[RANKS[c]].append((0, i))
        root_gone = (1 << K) - 1
        for k, c in zip(pos, cycle, strict=True):
            rank_cards[RANKS[c]].append((1, k))
            root_gone &= ~(1 << k)
        rep = 0
        for p in range(passes):
            rep |= 1 << (p * (K + 1))
        qmask = [0] * 7
        for i, r in enumerate(slot_rank):
            if r and r != KING_RANK:
                qmask[min(r, 13 - r)] |= 1 << i
        rank_pos = [0] * 14
        for k, c in enumerate(full_cycle):
            rank_pos[RANKS[c]] |= 1 << k
        last_start = 1 << 30 if limit is None else (passes - 1) * (K + 1)
        waste_only = _waste_only(rules, plain)
        return cls(
            rep=rep,
            last_start=last_start,
            rank_pos=rank_pos,
            qmask=qmask,
            above=above,
            n=n,
            slot_rank=slot_rank,
            cov_mask=cov_mask,
            on=on,
            on_mask=on_mask,
            below=below,
            K=K,
            cyc_rank=[RANKS[c] for c in full_cycle],
            satchel_rule=rules.satchel,
            top_playable=rules.stock_top_playable,
            draw=3 if rules.draw_three else 1,
            relaxed=rules.relaxed_match,
            all_52=rules.all_52,
            passes=passes,
            end=passes * W,
            unlimited=unlimited,
            root_vacated=root_vacated,
            root_satchel=root_satchel,
            root_time=root_time,
            rank_cards=rank_cards,
            purged=frozenset(purged),
            plain=plain,
            root_gone=root_gone,
            order_time=_order_times(pos, K, passes),
            windows=waste_only and not rules.relaxed_match and not unlimited,
            window_from=max(0, passes - 2) * (K + 1),
            cover_order=cover_order,
            rank_slots=_rank_slots(slot_rank),
            cyc_live=[1 << 3 * RANKS[c] for c in full_cycle],
            waste_only=waste_only,
        )

    # -- time ------------------------------------------------------------------------------------
    def _chain(self, gone: int, a: int) -> int:
        """Draw three: the indexes reached from ``a`` by flipping within one pass (``a`` included),
        as a bitmask over 0..K."""
        live = [k for k in range(a, self.K) if not gone >> k & 1]
        mask = 1 << a
        i = 0
        while i < len(live):
            take = live[i : i + 3]
            mask |= 1 << (take[-1] + 1)
            i += 3
        return mask

    def reach(self, gone: int, indexes: int, start: int) -> int:
        """Every time reachable from time ``start`` by flips and redeals alone (``start`` included)."""
        W = self.K + 1
        if self.draw == 1:
            if self.unlimited:
                return indexes
            return (indexes * self.rep) & ~((1 << start) - 1)  # (rep: bit 0 of every pass)
        p, a = divmod(start, W)
        if self.unlimited:
            return self._chain(gone, a) | self._chain(gone, 0)
        mask = self._chain(gone, a) << (p * W)
        if indexes != 1:  # some live cycle card: redeals are possible
            c0 = self._chain(gone, 0)
            for q in range(p + 1, self.passes):
                mask |= c0 << (q * W)
        return mask

    def advance(self, gone: int, t_from: int, t_to: int) -> list[Move]:
        """The flips and redeals that take the cycle from ``t_from`` to ``t_to`` (board unchanged)."""
        W = self.K + 1
        p, a = divmod(t_from, W)
        p2, b = divmod(t_to, W)
        out: list[Move] = []
        in_cycle = ~gone & ((1 << self.K) - 1)
        draw = self.draw
        guard = 0
        while (p, a) != (p2, b):
            guard += 1
            if guard > 4 * (self.K + 2) * (self.passes + 1):
                raise AssertionError("solver: time not reachable while writing out a line")
            nxt = in_cycle >> a << a  # the live cards still in the stock
            if nxt:
                for _ in range(draw - 1):  # a flip turns over up to ``draw`` of them
                    rest = nxt & (nxt - 1)
                    if not rest:
                        break
                    nxt = rest
                a = (nxt & -nxt).bit_length()
                out.append(FLIP_MOVE)
            else:
                out.append(REDEAL_MOVE)
                a = 0
                if not self.unlimited:
                    p += 1
        return out

    # -- the rank-pair game ----------------------------------------------------------------------
    def pair_game_ok(self, q: int, vacated: int, live_cycle: int, satchel: int) -> bool:
        """Could the cards of ranks q and 13 - q that must go all leave, if every other card could
        vanish as soon as it is free?

        The *rank-pair game* keeps only the live cards of ranks q and 13 - q: the layout ones where
        they are, the stock/waste ones usable at any time (each once), the Satchel card if it is of
        those ranks (any other Satchel card vanishes). Every other layout card is taken away the
        moment nothing lies on it, at no cost. Every real line maps onto a line of this game (drop
        the moves of other cards; a stash of another card becomes its vanishing, which leaves the
        Satchel emptier; flips and redeals are dropped), so when this game cannot be won, neither
        can the real one. It is sound with the Satchel too, and it sees what a plain count cannot:
        a card can never pair with a card it lies on (except by relaxed match), and the Satchel
        holds one card at a time (two 3s lying on all four 10s need two 10s parked at once when
        the stock has only two other 3s). Its states are a few bits, so all six games are memoised
        for the whole search.
        """
        P = ~vacated & self.qmask[q]
        ca = (live_cycle >> 3 * q) & 7
        cb = (live_cycle >> 3 * (13 - q)) & 7
        sr = satchel & 15
        sq = satchel if sr == q or sr == 13 - q else 0
        key = ((((P << 3 | ca) << 3) | cb) << 5 | sq) << 3 | q
        got = self._pq_memo.get(key)
        if got is None:
            got = self._pq(q, P, ca, cb, sq)
        return got

    def _pq(self, q: int, P: int, ca: int, cb: int, sq: int) -> bool:
        key = ((((P << 3 | ca) << 3) | cb) << 5 | sq) << 3 | q
        memo = self._pq_memo
        got = memo.get(key)
        if got is not None:
            return got
        memo[key] = False  # states only shrink: no cycles, but keep re-entry harmless
        res = self._pq_expand(q, P, ca, cb, sq)
        memo[key] = res
        return res

    def _pq_expand(self, q: int, P: int, ca: int, cb: int, sq: int) -> bool:
        sat_rank = sq & 15
        sat_must = bool(sq & LAYOUT_FLAG) or (self.all_52 and sq != 0)
        if P == 0 and not sat_must and self._pq_end(ca, cb, sq):
            return True
        slot_rank = self.slot_rank
        above = self.above
        cnt = {q: ca, 13 - q: cb}
        free: list[int] = []
        m = P
        while m:
            low = m & -m
            m ^= low
            x = low.bit_length() - 1
            if not above[x] & P:
                free.append(x)
        for x in free:
            rx = slot_rank[x]
            p = 13 - rx
            Px = P & ~(1 << x)
            for y in free:
                if y > x and slot_rank[y] == p and self._pq(q, Px & ~(1 << y), ca, cb, sq):
                    return True
            if self.relaxed:
                for y in self.on[x]:
                    if P >> y & 1 and slot_rank[y] == p and above[y] & P == 1 << x:
                        if self._pq(q, Px & ~(1 << y), ca, cb, sq):
                            return True
            if cnt[p]:
                na, nb = (ca - 1, cb) if p == q else (ca, cb - 1)
                if self._pq(q, Px, na, nb, sq):
                    return True
            if sat_rank == p and self._pq(q, Px, ca, cb, 0):
                return True
        return self._pq_satchel(q, P, ca, cb, sat_rank, free)

    def _pq_end(self, ca: int, cb: int, sq: int) -> bool:
        """The rank-pair game with its layout cards gone (and no layout card in the Satchel): won,
        unless all 52 must go and the stock/waste cards left cannot pair up."""
        if not self.all_52:
            return True
        if self.top_playable or self.satchel_rule:
            return sq == 0 and ca == cb
        return sq == 0 and ca == cb == 0

    def _pq_satchel(self, q: int, P: int, ca: int, cb: int, sat_rank: int, free: list[int]) -> bool:
        """The rank-pair game's Satchel moves: its card with a stock/waste partner, or a stash of a
        free layout card."""
        if sat_rank:
            p = 13 - sat_rank
            if (ca if p == q else cb) if p in (q, 13 - q) else 0:
                na, nb = (ca - 1, cb) if p == q else (ca, cb - 1)
                if self._pq(q, P, na, nb, 0):
                    return True
        elif self.satchel_rule:
            slot_rank = self.slot_rank
            for x in free:
                if self._pq(q, P & ~(1 << x), ca, cb, slot_rank[x] | LAYOUT_FLAG):
                    return True
        return False

    # -- the free-stock relaxation -------------------------------------------------------------
    def relaxed_clearable(self, vacated: int, live_cycle: int, satchel: int, must: int) -> bool:
        """Could the position be won if every live stock/waste card could be used at any time?

        The *free-stock game* keeps the layout and the Satchel exactly as they are, but lets any
        live card of the stock and waste (each one once) pair with a free card whenever we like,
        and forgets flips, redeals and the waste order. Every real line maps onto a free-stock
        line (drop flips and redeals, keep every removal and stash; a pair of two stock/waste cards
        just keeps two spare cards, and a stash of a stock/waste card can be replaced by using the
        card directly when it is paired, which leaves the Satchel emptier), and a real win maps to
        a free-stock win. So when the free-stock game cannot be won, neither can the real one:
        pruning on it is sound. The free-stock game is small (the layout's shapes times a few
        counts) and is searched exhaustively with its own memo, shared by the whole search.
        ``live_cycle``: live stock/waste cards per rank; ``must``: live cards that must go (layout cards,
        including one parked in the Satchel; every card when all 52 must go) per rank.
        """
        if self._rx_off:
            return True
        # (the key as vacated << 50 | live_cycle << 5 | satchel: past 62 bits, an integer is a
        # Python object even compiled, so the small parts are put together first)
        raw = vacated << 50 | (live_cycle << 5 | satchel)
        got = self._rx_raw.get(raw)
        if got is not None:
            return got
        got = self._relaxed_cut(vacated, live_cycle, satchel, must)
        if len(self._rx_raw) > RELAX_MEMO_MAX:
            self._rx_raw.clear()
        self._rx_raw[raw] = got
        return got

    def _relaxed_cut(self, vacated: int, live_cycle: int, satchel: int, must: int) -> bool:
        cn = self._rx_cut(live_cycle, satchel, must)
        got = self._rx_memo.get(vacated << 50 | (cn << 5 | satchel))  # (see relaxed_clearable)
        if got is not None:
            return got
        self._rx_left = RELAX_STATES_PER_CALL
        if len(self._rx_memo) > RELAX_MEMO_MAX:
            self._rx_memo.clear()
        try:
            return self._rx(vacated, cn, satchel, must)
        except _GiveUp:
            self._rx_giveups += 1
            if self._rx_giveups > RELAX_GIVEUPS:
                self._rx_off = True  # too costly here: search without it (still exact)
            return True

    def _tick(self) -> None:
        """Count one node; stop on the budget, the wall-clock cap or a cancel request."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise _Stop("budget")
        if not self.nodes & 255:
            if NATIVE:
                # Compiled, the search never lets go of the interpreter's lock by itself: the
                # process's other threads (a worker's parent watch and inbox) get their turn here.
                let_others_run()
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise _Stop("time")
            stop = self._should_stop
            if stop is not None and stop():
                raise _Stop("cancelled")

    def _rx_cut(self, live_cycle: int, satchel: int, must: int) -> int:
        """The stock/waste counts cut to what can matter: a stock/waste card is
        useful only as a partner of a card that must go (or of the Satchel card, to empty the
        Satchel), so counts above that number change nothing; kings there change nothing."""
        if self.all_52:
            cn = live_cycle & ~(7 << 3 * KING_RANK)
        else:
            cn = 0
            extra = 0
            if satchel and not satchel & LAYOUT_FLAG:
                extra = 13 - (satchel & 15)
            for r in range(1, 13):
                c = (live_cycle >> 3 * r) & 7
                if c:
                    m = (must >> 3 * (13 - r)) & 7
                    if r == extra:
                        m += 1
                    if c > m:
                        c = m
                    cn |= c << 3 * r
        return cn

    def _rx(
        self, vacated: int, live_cycle: int, satchel: int, must: int, free_slots: int = -1
    ) -> bool:
        """The free-stock game from (vacated, live_cycle, satchel): memoised exhaustive search.
        ``free_slots``: the free layout slots when known (else -1)."""
        key = vacated << 50 | (live_cycle << 5 | satchel)  # (see relaxed_clearable)
        memo = self._rx_memo
        got = memo.get(key)
        if got is not None:
            return got
        self._rx_left -= 1
        if self._rx_left < 0:
            raise _GiveUp
        self._tick()
        if free_slots < 0:
            free_slots = 0
            cov_mask = self.cov_mask
            for i in range(self.n):
                if not vacated >> i & 1 and cov_mask[i] & ~vacated == 0:
                    free_slots |= 1 << i
        res = self._rx_expand(vacated, live_cycle, satchel, must, free_slots)
        memo[key] = res
        return res

    def _rx_expand(
        self, vacated: int, live_cycle: int, satchel: int, must: int, free_slots: int
    ) -> bool:
        """One state of the free-stock game: its end, then its forced moves, then every move."""
        sat_must = bool(satchel & LAYOUT_FLAG) or (self.all_52 and satchel != 0)
        if vacated == (1 << self.n) - 1:
            end = self._rx_end(live_cycle, satchel, sat_must)
            if end is not None:
                return end
        free: list[list[int]] = [[] for _ in range(14)]
        slot_rank = self.slot_rank
        for i in _bits(free_slots):
            free[slot_rank[i]].append(i)
        forced = self._rx_forced(vacated, live_cycle, satchel, must, free_slots, free, sat_must)
        if forced is not None:
            return forced
        if free_slots and self._rx_pairs(vacated, live_cycle, satchel, must, free_slots, free):
            return True
        return self._rx_satchel(vacated, live_cycle, satchel, must, free_slots, free, sat_must)

    def _rx_end(self, live_cycle: int, satchel: int, sat_must: bool) -> bool | None:
        """The free-stock game with the layout cleared: won (True), or None when the rules still
        ask for more (all 52: the stock and waste cards too; a layout card in the Satchel)."""
        if self.all_52:
            if satchel == 0:
                if self.top_playable or self.satchel_rule:
                    return True  # the rest pair up (equal counts of partner ranks)
                return live_cycle & ~(7 << 3 * KING_RANK) == 0
        elif not sat_must:
            return True
        return None

    def _rx_after(self, free_slots: int, vacated_after: int, gone: tuple[int, ...]) -> int:
        """The free slots of the free-stock game once the slots ``gone`` are vacated."""
        on = self.on
        cov_mask = self.cov_mask
        for g in gone:
            free_slots &= ~(1 << g)
            for j in on[g]:
                if not vacated_after >> j & 1 and cov_mask[j] & ~vacated_after == 0:
                    free_slots |= 1 << j
        return free_slots

    def _rx_forced(
        self,
        vacated: int,
        live_cycle: int,
        satchel: int,
        must: int,
        free_slots: int,
        free: list[list[int]],
        sat_must: bool,
    ) -> bool | None:
        """The free-stock game's forced moves: the answer after the one move that some win makes
        now if any does, or None when there is no such move.

        A free king, a king in the Satchel: they go at once (safe, see _forced_move). The game only
        has to be answered exactly, or too generously, and these moves keep it exact. A free card whose live partners are all stock/waste
        cards pairs with one of them at once: in this game such cards are interchangeable and
        available at any time, every win uses one of them for this card, and removing it sooner
        only frees cards. The same holds when its only live partner is free in the layout or
        in the Satchel: every win pairs the two."""
        sat_rank = satchel & 15
        K3 = 1 << 3 * KING_RANK
        if free[KING_RANK]:
            a = free[KING_RANK][0]
            Ln = vacated | 1 << a
            return self._rx(
                Ln, live_cycle, satchel, must - K3, self._rx_after(free_slots, Ln, (a,))
            )
        if sat_rank == KING_RANK:
            return self._rx(vacated, live_cycle, 0, must - K3 if sat_must else must, free_slots)
        all52 = self.all_52
        for r in range(1, 13):
            if not free[r]:
                continue
            p = 13 - r
            cn_p = (live_cycle >> 3 * p) & 7
            in_layout = (
                ((must >> 3 * p) & 7)
                - (cn_p if all52 else 0)
                - (1 if sat_rank == p and sat_must else 0)
            )
            if in_layout == 0 and sat_rank != p:
                if cn_p == 0:
                    return False  # a card that must go with no partner left
                a = free[r][0]
                Ln = vacated | 1 << a
                mg2 = must - (1 << 3 * r) - ((1 << 3 * p) if all52 else 0)
                return self._rx(
                    Ln,
                    live_cycle - (1 << 3 * p),
                    satchel,
                    mg2,
                    self._rx_after(free_slots, Ln, (a,)),
                )
            if cn_p == 0 and in_layout == 1 and sat_rank != p and free[p]:
                a, b = free[r][0], free[p][0]
                Ln = vacated | 1 << a | 1 << b
                return self._rx(
                    Ln,
                    live_cycle,
                    satchel,
                    must - (1 << 3 * r) - (1 << 3 * p),
                    self._rx_after(free_slots, Ln, (a, b)),
                )
        return None

    def _rx_pairs(
        self,
        vacated: int,
        live_cycle: int,
        satchel: int,
        must: int,
        free_slots: int,
        free: list[list[int]],
    ) -> bool:
        """The free-stock game's pairs: two free layout cards, a relaxed pair, a free card with a
        stock/waste card. True when one of them leads to a win."""
        on = self.on
        cov_mask = self.cov_mask
        slot_rank = self.slot_rank

        for r in range(1, 7):
            for a in free[r]:
                for b in free[13 - r]:
                    Ln = vacated | 1 << a | 1 << b
                    if self._rx(
                        Ln,
                        live_cycle,
                        satchel,
                        must - (1 << 3 * r) - (1 << 3 * (13 - r)),
                        self._rx_after(free_slots, Ln, (a, b)),
                    ):
                        return True
        if self.relaxed:
            for r in range(1, 13):
                for a in free[r]:
                    for b in on[a]:
                        if (
                            not vacated >> b & 1
                            and slot_rank[b] == 13 - r
                            and cov_mask[b] & ~vacated == 1 << a
                        ):
                            Ln = vacated | 1 << a | 1 << b
                            if self._rx(
                                Ln,
                                live_cycle,
                                satchel,
                                must - (1 << 3 * r) - (1 << 3 * (13 - r)),
                                self._rx_after(free_slots, Ln, (a, b)),
                            ):
                                return True
        for r in range(1, 13):
            if free[r] and (live_cycle >> 3 * (13 - r)) & 7:
                cn2 = live_cycle - (1 << 3 * (13 - r))
                mg2 = must - (1 << 3 * r) - ((1 << 3 * (13 - r)) if self.all_52 else 0)
                for a in free[r]:
                    Ln = vacated | 1 << a
                    if self._rx(Ln, cn2, satchel, mg2, self._rx_after(free_slots, Ln, (a,))):
                        return True
        return False

    def _rx_satchel(
        self,
        vacated: int,
        live_cycle: int,
        satchel: int,
        must: int,
        free_slots: int,
        free: list[list[int]],
        sat_must: bool,
    ) -> bool:
        """The free-stock game's Satchel moves: its card with a free layout card or a stock/waste
        card, or a stash of a free layout card. True when one of them leads to a win."""
        sat_rank = satchel & 15

        if sat_rank:
            p = 13 - sat_rank
            mg_s = must - (1 << 3 * sat_rank) if sat_must else must
            for b in free[p]:
                Ln = vacated | 1 << b
                if self._rx(
                    Ln, live_cycle, 0, mg_s - (1 << 3 * p), self._rx_after(free_slots, Ln, (b,))
                ):
                    return True
            if (live_cycle >> 3 * p) & 7:
                if self._rx(
                    vacated,
                    live_cycle - (1 << 3 * p),
                    0,
                    mg_s - ((1 << 3 * p) if self.all_52 else 0),
                    free_slots,
                ):
                    return True
        elif self.satchel_rule and free_slots:
            for r in range(1, 13):
                for a in free[r]:
                    Ln = vacated | 1 << a
                    if self._rx(
                        Ln, live_cycle, r | LAYOUT_FLAG, must, self._rx_after(free_slots, Ln, (a,))
                    ):
                        return True
        return False

    # -- search ------------------------------------------------------------------------------------
    def solve(
        self,
        budget: int,
        deadline: float | None,
        should_stop: Callable[[], bool] | None = None,
    ) -> Verdict:
        """Search from the compiled position with at most ``budget`` nodes: WINNABLE (the line in
        :meth:`line`) or LOST. ``deadline``: a ``time.perf_counter()`` value to stop at
        (interactive use); ``should_stop``: asked every 256 nodes, cancels the search when it
        returns True. Raises :class:`_Stop` when the budget, the deadline, the table's size or
        ``should_stop`` ends the search first."""
        self.budget = budget
        self.deadline = deadline
        self._should_stop = should_stop
        self.nodes = 0
        if not self.keep:
            self.table = {}
        self.path = []
        self.stack = []  # (the exhaustive search's open boards, see _search)
        self.settling = False
        root = self.root_state()
        vacated, gone, satchel, _, _, _, live, live_cycle = root
        if self._won(vacated, gone, satchel):
            return Verdict.WINNABLE
        if not self.plain:
            for q in range(1, 7):
                if not self.pair_game_ok(q, vacated, live_cycle, satchel):
                    self.root_rule = "pairing"
                    return Verdict.LOST
        if not self.plain and self.rx_after > 0:
            # Most deals are won within a few hundred nodes: the first QUICK_FIRST nodes of the
            # exhaustive search run before the root's free-stock check (below), which often costs
            # more than such a search. The check cannot cut anything from a winnable root, so a
            # win found here is the very line that the search after it would find; anything else
            # (a loss, the cap) goes on to the check, which names a lost root's rule.
            if (
                self._phase(lambda: self._search(*root), QUICK_FIRST)
                and self._phase_result is Verdict.WINNABLE
            ):
                return Verdict.WINNABLE
            self.path = []
        if not self.plain and not self.settling:
            # From here on every node is put in canonical form, the root first. (A board the
            # first nodes left in the table as dealt is the same position under another number:
            # still right, only not merged.)
            self._start_settling()
            root = self.root_state()
        if not self.plain and not self.relaxed_clearable(
            vacated, live_cycle, satchel, self._must(live, live_cycle, satchel)
        ):
            self.root_rule = "free-stock"
            return Verdict.LOST
        # In the last pass (one-pass rules) wins are rare and the probes rarely pay: skip them.
        probed = self.probed
        root_key = (vacated, gone, satchel, self.root_time)
        if (
            not self.plain
            and self.probes
            and self.root_time < self.last_start
            and (probed is None or root_key not in probed)
        ):
            # The exhaustive search decides most deals in a few dozen nodes. When it does not, a
            # hard win is usually a line that leaves the search's favourite move only two to five
            # times, deep under a big lost subtree that the exhaustive search would finish first.
            # Limited discrepancy probes (Harvey & Ginsberg 1995) look for such lines first: a probe
            # with d discrepancies follows the first child and allows at most d other choices on
            # the way. A probe's answer is only ever a win (a real line, checked like any
            # other); a board whose whole subtree a probe searched is proved lost and kept (see
            # _probe_proved). When they find no win, the exhaustive search runs again from the
            # root, and only it can prove the position lost. The boards the phases before proved
            # lost stay in the table (see _phase): the probes skip them, and the search after
            # them does not search them again.
            if self._phase(lambda: self._search(*root), PROBE_FIRST):
                return self._phase_result
            spent = self.nodes
            for d in range(1, PROBE_DEPTH + 1):
                self.probe_seen = {}

                def probe(d: int = d) -> bool:
                    return self._search(*root, d)

                if self._phase(probe, spent + PROBE_CAP - self.nodes):
                    if self._phase_result is Verdict.WINNABLE:
                        self.probe_seen = {}
                        return Verdict.WINNABLE
                if self.nodes - spent >= PROBE_CAP:
                    break
            self.probe_seen = {}
            if probed is not None:
                # A store's next search of this position (a larger budget) would run the very
                # same probes again, to the same end: they are not run twice.
                probed.add(root_key)
            self.path = []
        if self._search(*root):
            return Verdict.WINNABLE
        return Verdict.LOST

    def root_state(self) -> tuple[int, int, int, int, int, int, int, int]:
        """The root node's state, as :meth:`_search` takes it: (vacated, gone, satchel, time,
        free, indexes, live, live_cycle)."""
        vacated, gone, satchel = self.root_vacated, self.root_gone, self.root_satchel
        start = self.root_time
        if self.settling:
            gone, start = self.canonical_cycle(gone, start)
        free = 0
        for i in range(self.n):
            if not vacated >> i & 1 and self.cov_mask[i] & ~vacated == 0:
                free |= 1 << i
        indexes = 1
        live_cycle = 0
        for k in range(self.K):
            if not gone >> k & 1:
                indexes |= 1 << (k + 1)
                live_cycle += 1 << (3 * self.cyc_rank[k])
        live = 0
        for r in range(1, 14):
            count = len(self.rank_cards[r]) + (1 if (satchel & 15) == r else 0)
            live |= count << (3 * r)
        return vacated, gone, satchel, start, free, indexes, live, live_cycle

    def _start_settling(self) -> None:
        """From now on, nodes are put in canonical form (see ``settling``)."""
        if not self.same_before:
            rank_pos = self.rank_pos
            self.same_before = [rank_pos[r] & ((1 << k) - 1) for k, r in enumerate(self.cyc_rank)]
        self.settling = True

    def canonical_cycle(self, gone: int, time: int) -> tuple[int, int]:
        """The canonical form of a node's cycle: each live stock/waste card, in order, at the first
        place of its rank after the card before it (the cards already gone and the time
        renumbered to match).

        What can happen from a node depends on the cycle only through the ranks of its live cards
        in order and where the time lies among them: suits never matter, a gone card is as if it
        were not there, and flips, redeals and the cards that can be played follow from that
        sequence alone. Two nodes whose live sequences are the same (the two tens of ``T T`` when
        either one is gone, or a ten on either side of a gone ace) are the same node; in canonical
        form they are one board, so the search and the store meet it once. Once its first
        QUICK_FIRST nodes are spent, the search keeps every node in this form: the root is put in
        it here, each child by :meth:`_settle`. (The bare search keeps the cycle as dealt, as the
        engine numbers it.)"""
        W = self.K + 1
        p, a = divmod(time, W)
        in_cycle = ~gone & ((1 << self.K) - 1)
        below = (in_cycle & ((1 << a) - 1)).bit_count()  # live cards under the time
        cyc_rank = self.cyc_rank
        rank_pos = self.rank_pos
        placed = 0
        cur = 0
        a2 = 0
        rest = in_cycle
        while rest:
            low = rest & -rest
            rest ^= low
            room = rank_pos[cyc_rank[low.bit_length() - 1]] & ~((1 << cur) - 1)
            to = room & -room
            placed |= to
            cur = to.bit_length()
            below -= 1
            if below == 0:
                a2 = cur
        return ((1 << self.K) - 1) & ~placed, p * W + a2

    def moves_at_root(self) -> list[_Child] | tuple[int, ModelMove]:
        """Every move the search generates at the root node's own time (not the later times its
        flips reach): its children, or ``(time, move)`` when one of them wins at once. The tests
        compare them with the engine's legal moves."""
        state = self.root_state()
        vacated, gone, satchel, start, free, indexes, live, live_cycle = state
        children: list[_Child] = []
        free_by_rank = self._free_by_rank(free)
        args = (children, vacated, gone, satchel, start, free, indexes, live, live_cycle)
        win = self._moves_now(*args, free_by_rank)
        if win is None and self.K:
            if self.waste_only and not satchel:  # (the times from the first one up to start)
                first = self._first_time(indexes, start)
                win = self._waste_moves(*args, free_by_rank, first, start + 1)
            else:
                win = self._cycle_moves(
                    *args, free_by_rank, 1 << start, self.reach(gone, indexes, start)
                )
        return children if win is None else win

    def _phase(self, run: Callable[[], bool], cap: int) -> bool:
        """Run a search phase with at most ``cap`` more nodes. True when it decided (the verdict in
        ``_phase_result``); False when the cap ran out (the path is then reset, and the boards the
        phase left open are taken out of the table: what stays is proved lost)."""
        budget = self.budget
        self.budget = min(budget, self.nodes + max(0, cap))
        try:
            self._phase_result = Verdict.WINNABLE if run() else Verdict.LOST
            return True
        except _Stop as stop:
            if stop.reason != "budget" or self.budget >= budget:
                raise
            self.forget_open()  # what the phase finished is proved lost: it stays
            self.path = []
            return False
        finally:
            self.budget = budget

    def forget_open(self) -> None:
        """Take the boards still in progress (a stopped search) or on the winning path back out of
        the table: only the boards whose search ended without a win are proved lost. The
        exhaustive search records a board before it searches it, so the table also guards
        against searching a board twice at once; what is left is exactly what a store may keep."""
        table = self.table
        unexplored = self.end if self.draw == 1 else 0  # (see _visit_from)
        for key, before in reversed(self.stack):
            if before != unexplored:
                table[key] = before
            else:
                table.pop(key, None)
        self.stack = []

    def _reachable_cycle(self, gone: int, a: int, live: int, live_cycle: int) -> int:
        """In the last pass, at index ``a``: the live stock/waste cards per rank that can still be
        reached (packed like ``live_cycle``).

        With no redeal left, a waste card under the top comes back only when every live waste card
        above it has been removed, and a waste card can only leave in a pair (or alone as a king).
        A waste card whose rank has no live partner outside the stock and waste (nor in it, when
        two stock/waste cards can pair: stock top playable, or through the Satchel) can never
        leave, so every waste card under it is out of reach for good. Cards still in the stock
        will be turned over and are counted as reachable. The free-stock game with only the
        reachable cards is then a sound relaxation from here on, since every later time is in the
        same pass.
        """
        cyc_rank = self.cyc_rank
        acc = live_cycle
        blocked = False
        pair_in_cycle = self.top_playable or self.satchel_rule
        for k in range(a - 1, -1, -1):
            if gone >> k & 1:
                continue
            r = cyc_rank[k]
            if blocked:
                acc -= 1 << 3 * r
                continue
            if r == KING_RANK:
                continue
            p = 13 - r
            outside = ((live >> 3 * p) & 7) - ((live_cycle >> 3 * p) & 7)
            if outside <= 0 and not (pair_in_cycle and (live_cycle >> 3 * p) & 7):
                blocked = True  # this card stays; the ones under it are buried for good
        return acc

    def _must(self, live: int, live_cycle: int, satchel: int) -> int:
        """Live cards that must go, per rank (packed like ``live``)."""
        if self.all_52:
            return live
        mg = live - live_cycle
        if satchel and not satchel & LAYOUT_FLAG:
            mg -= 1 << 3 * (satchel & 15)
        return mg

    def line(self) -> list[Move]:
        out: list[Move] = []
        for gone, t_from, t_at, (kind, a, b) in reversed(self.path):
            out.extend(self.advance(gone, t_from, t_at))
            out.append(Move(MoveKind(kind), a, b) if kind == PAIR_MOVE else Move(MoveKind(kind), a))
        return out

    def _won(self, vacated: int, gone: int, satchel: int) -> bool:
        if self.all_52:
            return vacated == (1 << self.n) - 1 and gone == (1 << self.K) - 1 and satchel == 0
        return vacated == (1 << self.n) - 1 and not satchel & LAYOUT_FLAG

    def _search(
        self,
        vacated: int,
        gone: int,
        satchel: int,
        start: int,
        free: int,
        indexes: int,
        live: int,
        live_cycle: int,
        discrepancies: int = -1,
    ) -> bool:
        """One node of the search: the board (``vacated``, ``gone``, ``satchel``) from time
        ``start``. True when a line wins from it; the line is then in ``self.path``, deepest move
        first.

        The node's state, every part an int (bitmasks and packed counts):

        * ``vacated``: the layout slots vacated; ``gone``: the cycle positions whose card is gone;
          ``satchel``: the Satchel code; ``start``: the time the node starts at (see the module
          docstring for all four);
        * ``free``: the free layout slots (nothing lies on them);
        * ``indexes``: the normalised indexes of one pass: bit 0, and bit k + 1 for each live cycle
          position k;
        * ``live``: the live cards per rank, ``live_cycle``: the live stock/waste cards per rank
          (3 bits a rank);
        * ``discrepancies``: -1 for the exhaustive search; 0 or more for a limited discrepancy
          probe (see :meth:`solve`), which may only find wins.

        The phases, in order: count the node (:meth:`_tick`); look the board up in the
        transposition table (:meth:`_visit`); cut it off when a sound bound shows it lost
        (:meth:`_hopeless`); play a forced move if there is one, and nothing else
        (:meth:`_forced_move`); else generate the moves at the start time
        (:meth:`_moves_now`) and with the stock or waste at every later time not explored yet
        (:meth:`_cycle_moves`), and try them best first (:meth:`_descend`). There is no undo: every
        part of the state is an int handed down, so a child never changes its parent's state.
        """
        nodes = self.nodes + 1
        self.nodes = nodes
        if nodes > self.budget or not nodes & 255:
            self.nodes -= 1
            self._tick()
        n = self.n
        K = self.K
        key = vacated | gone << n | satchel << (n + K)
        # The times reachable from start without changing the board: draw one, every time from
        # the first one on (``reach`` is then that first time, see _visit_from); draw three, a
        # bitmask. ``explored``: the times explored from the board before, in the same form (a
        # new board: ``unexplored``), or -1 when nothing is new.
        draw_one = self.draw == 1
        if draw_one:
            reach = self._first_time(indexes, start)
            explored = self._visit_from(key, reach, discrepancies)
            unexplored = self.end
        else:
            reach = self.reach(gone, indexes, start)
            explored = self._visit(key, reach, discrepancies)
            unexplored = 0
        if explored < 0:
            return False
        new_board = explored == unexplored
        # The exhaustive search's board is open until it is proved lost (see forget_open): what
        # a stopped phase proved stays in the table for the phases after it.
        exhaustive = discrepancies < 0
        if exhaustive:
            self.stack.append((key, explored))
        else:
            cuts = self.probe_cuts
        plain = self.plain
        # (_hopeless has nothing to check on a board met before, outside the last pass)
        if (
            not plain
            and (new_board or start >= self.last_start)
            and self._hopeless(vacated, gone, satchel, start, live, live_cycle, new_board)
        ):
            if exhaustive:
                self.stack.pop()
            else:
                self._probe_proved(key, reach)
            return False
        known = self._free.get(free)
        free_by_rank = known[0] if known is not None else self._free_by_rank(free)
        if not plain:
            forced = self._forced_move(vacated, satchel, live, free_by_rank, free)
            if forced is not None:
                if self._play_forced(
                    forced, vacated, gone, start, free, indexes, live, live_cycle, discrepancies
                ):
                    return True
                if exhaustive:
                    self.stack.pop()
                elif self.probe_cuts == cuts:
                    self._probe_proved(key, reach)
                return False
        children: list[_Child] = []
        self.best_only = discrepancies == 0
        win = self._moves_now(
            children, vacated, gone, satchel, start, free, indexes, live, live_cycle, free_by_rank
        )
        by_waste = self.waste_only and not satchel  # (see _waste_moves)
        if win is None and K:
            # (each called by name: a compiled search calls a method it names directly)
            if by_waste:  # (draw one: the new times are those from reach up to explored)
                win = self._waste_moves(
                    children, vacated, gone, satchel, start, free, indexes, live, live_cycle,
                    free_by_rank, reach, explored,
                )  # fmt: skip
            else:
                times = self.reach(gone, indexes, start) if draw_one else reach  # (a bitmask)
                new = times & ((1 << explored) - 1) if draw_one else reach & ~explored
                win = self._cycle_moves(
                    children, vacated, gone, satchel, start, free, indexes, live, live_cycle,
                    free_by_rank, new, times,
                )  # fmt: skip
        if win is not None:
            self.path.append((gone, start, win[0], win[1]))
            return True
        # (_waste_moves puts its children in canonical form; the others' are put in it only
        # when they are searched: most are never searched)
        settle = self.settling and not by_waste
        if self._descend(children, gone, start, discrepancies, settle):
            return True
        if exhaustive:
            self.stack.pop()
        elif self.probe_cuts == cuts:
            self._probe_proved(key, reach)
        return False

    def _probe_proved(self, key: int, reach: int) -> None:
        """A probe searched the board ``key`` at the times ``reach`` (as :meth:`_search` has them)
        as the exhaustive search would (no child left out below it, no board skipped because the
        probe had met it) and found no win: it is proved lost from those times, and goes in the
        exhaustive search's table. The probes after it skip it, and so does the exhaustive search
        that follows them."""
        table = self.table
        if len(table) < MAX_TABLE:
            if self.draw == 1:
                table[key] = min(reach, table.get(key, reach))
            else:
                table[key] = table.get(key, 0) | reach

    def _play_forced(
        self,
        forced: _Forced,
        vacated: int,
        gone: int,
        start: int,
        free: int,
        indexes: int,
        live: int,
        live_cycle: int,
        discrepancies: int,
    ) -> bool:
        """Play the node's forced move (its only child): True when a line wins after it, the move
        then on the path."""
        slots, satchel_after, move, live_delta = forced
        vacated_after = vacated
        for g in slots:
            vacated_after |= 1 << g
        if self._won(vacated_after, gone, satchel_after) or self._search(
            vacated_after,
            gone,
            satchel_after,
            start,
            self._free_after(free, vacated_after, slots),
            indexes,
            live - live_delta,
            live_cycle,
            discrepancies,
        ):
            self.path.append((gone, start, start, move))
            return True
        return False

    def _visit(self, key: int, reach: int, discrepancies: int) -> int:
        """The transposition table: record that the board ``key`` is explored at the times
        ``reach``. Returns the times already explored from it before (0 when the board is new), or
        -1 when every time in ``reach`` was: nothing new to search here.

        The exhaustive search keeps ``self.table`` (board -> times explored); a probe keeps its own,
        ``self.probe_seen`` (board -> (times, discrepancies) tried), and searches every time again
        (it returns 0). Draw three: under draw one, see :meth:`_visit_from`."""
        if discrepancies < 0:
            table = self.table
            explored = table.get(key, 0)
            if not reach & ~explored:
                return -1
            if not explored and len(table) >= MAX_TABLE:
                raise _Stop("memory")
            table[key] = explored | reach
            return explored
        if not reach & ~self.table.get(key, 0):
            return -1  # proved lost from these times by an exhaustive phase (see forget_open)
        seen = self.probe_seen.get(key)
        if seen is not None and seen[1] >= discrepancies and not reach & ~seen[0]:
            self.probe_cuts += 1  # (had it been proved, the table would have said so above)
            return -1
        if len(self.probe_seen) >= MAX_TABLE:
            raise _Stop("memory")
        self.probe_seen[key] = (
            reach | (seen[0] if seen else 0),
            max(discrepancies, seen[1] if seen else -1),
        )
        return 0

    def _first_time(self, indexes: int, start: int) -> int:
        """Draw one: the first time reachable from ``start`` (at or after it), or :attr:`end` when
        there is none. Every later time is reachable from it, so it stands for them all."""
        if self.unlimited:
            return 0  # (one pass slot: every time reaches every other one)
        W = self.K + 1
        a = start % W
        above = indexes >> a  # the live indexes from a on
        if above:
            return start + (above & -above).bit_length() - 1
        return min(start - a + W, self.end)  # the next pass's index 0 (always live), if any

    def _visit_from(self, key: int, first: int, discrepancies: int) -> int:
        """:meth:`_visit` under draw one, where the times reachable from a node are all the times
        from the first one on (:meth:`_first_time`), and so are the times explored from a board:
        the table keeps only the first of them. Record that the board ``key`` is explored from the
        time ``first`` on. Returns the first time it was explored from before (:attr:`end` when the
        board is new), or -1 when that is no later than ``first``: nothing new to search here.

        A probe's own table, ``self.probe_seen``, keeps (first time, discrepancies) tried."""
        end = self.end
        if discrepancies < 0:
            table = self.table
            explored = table.get(key, end)
            if first >= explored:
                return -1
            if explored == end and len(table) >= MAX_TABLE:
                raise _Stop("memory")
            table[key] = first
            return explored
        if first >= self.table.get(key, end):
            return -1  # proved lost from these times by an exhaustive phase (see forget_open)
        seen = self.probe_seen.get(key)
        if seen is not None and seen[1] >= discrepancies and first >= seen[0]:
            self.probe_cuts += 1  # (had it been proved, the table would have said so above)
            return -1
        if len(self.probe_seen) >= MAX_TABLE:
            raise _Stop("memory")
        if seen is not None:
            self.probe_seen[key] = (min(first, seen[0]), max(discrepancies, seen[1]))
        else:
            self.probe_seen[key] = (first, discrepancies)
        return end

    def _hopeless(
        self,
        vacated: int,
        gone: int,
        satchel: int,
        start: int,
        live: int,
        live_cycle: int,
        new_board: bool,
    ) -> bool:
        """The sound bounds (never asked by the plain search): True when no line can win from the
        node. A board met for the first time gets the rank-pair games and the free-stock game; in
        the last pass, the free-stock game runs again with only the stock/waste cards that can still
        be reached."""
        if new_board:
            if self.satchel_rule or self._rx_off:
                # (A free-stock win projects onto a win of every rank-pair game, so the free-stock
                # check implies them whenever it runs to the end; it runs out mostly under Satchel
                # rules, which is where these cheap games are asked at every board.)
                for q in range(1, 7):
                    if not self.pair_game_ok(q, vacated, live_cycle, satchel):
                        return True
            if (
                self.rx_inner
                and self.nodes > self.rx_after
                and not self.relaxed_clearable(
                    vacated, live_cycle, satchel, self._must(live, live_cycle, satchel)
                )
            ):
                return True
        if start >= self.last_start and self.K:
            # In the last pass the waste is only a stack: see _reachable_cycle.
            reachable = self._reachable_cycle(gone, start - self.last_start, live, live_cycle)
            if reachable != live_cycle:
                if self.all_52:
                    return True  # a card that must go can never be reached again
                if not self.relaxed_clearable(
                    vacated, reachable, satchel, self._must(live, live_cycle, satchel)
                ):
                    return True
        # (with a pass or more to come after the next one, it rarely cuts: not asked; nor in the
        # first nodes, like the free-stock game: most deals are won before it would pay)
        return (
            self.windows
            and new_board
            and start >= self.window_from
            and self.nodes > self.rx_after
            and self._window_lost(vacated, gone, start, live, live_cycle)
        )

    def _window_lost(self, vacated: int, gone: int, start: int, live: int, live_cycle: int) -> bool:
        """The window bound (rules where only the waste top plays, the passes are limited, there is
        no Satchel and two cards pair only when both are free): True when the layout cannot be
        cleared in time.

        A stock/waste card whose partner rank has no live layout card left is *dead*: it can only
        leave in a pair with a layout card, so it never leaves. Once a dead card lies on the
        waste, the cards under it cannot come back until the next redeal. So the stock/waste
        cards that can still be played fall into *windows*, in order: this pass's first window is
        the waste cards above its highest dead card and the stock cards before the first dead
        one, the next window the stock cards between the first and second dead ones, and so on;
        after each redeal left, the whole cycle again, split at every dead card. Every stock/waste
        card played from now on is played during a window it belongs to (dead cards only grow, so
        splitting at today's is generous).

        Every layout card must go, and after the cards lying on it. One with no live partner left
        in the layout that could ever be free beside it (a card lying over or under it cannot) pairs
        with a stock/waste card, so it goes during a window holding a card of its partner rank,
        and no sooner than the cards lying on it: its earliest window is the first window of its
        partner rank from the latest of the earliest windows of such cards over it (a king or a
        card with a layout partner may go at any time here, and passes their earliest windows
        on). When some card has no such window left, no line clears the layout: the node is lost.
        (A generous estimate: card counts, the order within a window and whether the cards in
        between can go are all left out.)"""
        shape = self._window_shapes.get(vacated)
        if shape is None:
            shape = self._window_shape(vacated)
        dead_pos, items, groups, watch, shape_id = shape
        K = self.K
        p = start // (K + 1)  # (not divmod: compiled, it builds a tuple of boxed ints)
        a = start - p * (K + 1)
        in_cycle = ~gone & ((1 << K) - 1)
        # The answer depends on the stock/waste cards of the dead ranks and of the ranks these
        # cards need alone, and on which of them are in the waste: many boards share it.
        watch &= in_cycle
        under = (1 << a) - 1  # the waste's positions
        memo_key = ((shape_id << K | watch) << 8 | p) << 8 | (watch & under).bit_count()
        memo = self._window_memo
        got = memo.get(memo_key)
        if got is None:
            if len(memo) > LAYOUT_CACHE_MAX:
                memo.clear()
            got = memo[memo_key] = self._windows_closed(items, groups, in_cycle, dead_pos, p, under)
        return got

    def _windows_closed(
        self,
        items: tuple[tuple[int, tuple[int, ...]], ...],
        groups: tuple[tuple[int, tuple[int, ...]], ...],
        in_cycle: int,
        dead_pos: int,
        p: int,
        under: int,
    ) -> bool:
        """:meth:`_window_lost`'s answer, worked out (``under``: the waste's positions)."""
        dead = in_cycle & dead_pos  # the dead cards, as cycle positions
        # window 0 of this pass: the waste cards above its highest dead card, the stock cards
        # before the first dead one. A stock card's window is the count of dead stock cards
        # before it; in each later pass, a card's window is that pass's first window plus the
        # count of dead cards before it in the cycle.
        reachable = under & ~((1 << (dead & under).bit_length()) - 1)
        stock = in_cycle & ~under
        dead_stock = dead & ~under
        later = self.passes - 1 - p  # passes left after this one
        first_later = dead_stock.bit_count() + 1  # the first window of the next pass
        per_pass = dead.bit_count() + 1
        rank_pos = self.rank_pos
        earliest = [0] * len(items)
        for i, (q, nearest_above) in enumerate(items):
            e = 0
            for y in nearest_above:
                if earliest[y] > e:
                    e = earliest[y]
            cards = in_cycle & rank_pos[q]  # the live stock/waste partners
            w = -1  # the first window from e on that holds one
            if not e and cards & reachable:
                w = 0
            else:
                m = cards & stock
                if m and e:  # only the stock cards after the e-th dead one
                    m = _after_nth(m, dead_stock, e)
                if m:
                    w = (dead_stock & ((m & -m) - 1)).bit_count()
                elif cards and later:
                    base = first_later
                    for _ in range(later):
                        m = cards if e <= base else _after_nth(cards, dead, e - base)
                        if m:
                            w = base + (dead & ((m & -m) - 1)).bit_count()
                            break
                        base += per_pass
            if w < 0:
                return True  # no window left for this card
            earliest[i] = w
        # Each such card takes a stock/waste partner of its own, one whose last window is no
        # sooner than the card's earliest: per partner rank, the t cards with the latest earliest
        # windows need t partners whose last windows come no sooner than the t-th of those.
        last_base = first_later + (later - 1) * per_pass
        for q, members in groups:
            es = [earliest[i] for i in members]
            cards = in_cycle & rank_pos[q]
            lasts = []
            while cards:
                low = cards & -cards
                cards ^= low
                if later:
                    lasts.append(last_base + (dead & (low - 1)).bit_count())
                elif low & stock:
                    lasts.append((dead_stock & (low - 1)).bit_count())
                elif low & reachable:
                    lasts.append(0)
            if len(lasts) < len(es):
                return True
            es.sort(reverse=True)
            lasts.sort(reverse=True)
            # (t partners with a last window from the t-th latest earliest on: the t-th latest
            # last window is no sooner than it)
            for t, e in enumerate(es):
                if lasts[t] < e:
                    return True
        return False

    def _window_shape(self, vacated: int) -> _WindowShape:
        """What the window bound needs of a board's layout (kept in ``_window_shapes``): the cycle
        positions of the dead ranks' cards; the live layout cards that can only pair with a
        stock/waste card, in cover order, each as (partner rank, the indexes in this list of the
        nearest such cards lying over it); the partner ranks two or more of them need, with their
        indexes; and the cycle positions the answer depends on (of the dead ranks and the ranks
        needed)."""
        slot_rank = self.slot_rank
        rank_slots = self.rank_slots
        rank_pos = self.rank_pos
        above = self.above
        below = self.below
        dead_pos = 0
        for r in range(1, 13):
            if not rank_slots[13 - r] & ~vacated:
                dead_pos |= rank_pos[r]
        bound: list[tuple[int, int]] = []  # (slot, partner rank), in cover order
        for x in self.cover_order:
            if vacated >> x & 1:
                continue
            r = slot_rank[x]
            if r != KING_RANK and not rank_slots[13 - r] & ~vacated & ~(above[x] | below[x]):
                bound.append((x, 13 - r))
        # Only these cards bound a window: the others go whenever the cards around them do, so a
        # card's earliest window follows from the nearest such cards over it (every one further
        # up lies over one of those, whose earliest window is no later).
        bound_slots = 0
        for x, _ in bound:
            bound_slots |= 1 << x
        items: list[tuple[int, tuple[int, ...]]] = []
        for x, q in bound:
            over = above[x] & bound_slots
            nearest: list[int] = []  # (indexes in ``bound``, in its order)
            for i, (y, _) in enumerate(bound):
                if over >> y & 1 and not below[y] & over & ~(1 << y):
                    nearest.append(i)
            items.append((q, tuple(nearest)))
        members: dict[int, list[int]] = {}
        for i, (q, _) in enumerate(items):
            members.setdefault(q, []).append(i)
        groups = tuple((q, tuple(m)) for q, m in members.items() if len(m) > 1)
        watch = dead_pos
        for q, _ in items:
            watch |= rank_pos[q]
        # The answer is a function of these alone (and of the watched cards' places): layouts
        # that give the same ones share a number, so the memo of _window_lost answers for all.
        content = (dead_pos, tuple(items), groups)
        ids = self._window_ids
        shape_id = ids.get(content)
        if shape_id is None:
            if len(ids) > LAYOUT_CACHE_MAX:
                ids.clear()
                self._window_shapes.clear()
                self._window_memo.clear()
            shape_id = ids[content] = len(ids)
        shape = (dead_pos, content[1], groups, watch, shape_id)
        if len(self._window_shapes) > LAYOUT_CACHE_MAX:
            self._window_shapes.clear()
        self._window_shapes[vacated] = shape
        return shape

    def _free_by_rank(self, free: int) -> list[list[int]]:
        """The free layout slots, listed by the rank of their card (index 1 to 13); never changed
        by the caller (kept in ``_free`` by ``free``, with the ranks 1 to 12 that have one and the
        cycle positions whose card is a king or may pair with one)."""
        known = self._free.get(free)
        if known is not None:
            return known[0]
        slot_rank = self.slot_rank
        free_by_rank: list[list[int]] = [[], [], [], [], [], [], [], [], [], [], [], [], [], []]
        mask = free
        while mask:
            low = mask & -mask
            i = low.bit_length() - 1
            free_by_rank[slot_rank[i]].append(i)
            mask ^= low
        if len(self._free) > LAYOUT_CACHE_MAX:
            self._free.clear()
        ranks = tuple(r for r in range(1, 13) if free_by_rank[r])
        rank_pos = self.rank_pos
        useful = rank_pos[KING_RANK] if rank_pos else 0
        for r in ranks:
            useful |= rank_pos[13 - r]
        self._free[free] = (free_by_rank, ranks, useful)
        return free_by_rank

    def _free_after(self, free: int, vacated_after: int, removed: tuple[int, ...]) -> int:
        """The free layout slots once the cards in the slots ``removed`` are gone (``vacated_after``
        already counts them): those slots leave, and each slot they lay on that nothing covers any
        more joins."""
        on = self.on
        cov_mask = self.cov_mask
        for g in removed:
            free &= ~(1 << g)
            for j in on[g]:
                if not vacated_after >> j & 1 and cov_mask[j] & ~vacated_after == 0:
                    free |= 1 << j
        return free

    def _forced_move(
        self, vacated: int, satchel: int, live: int, free_by_rank: list[list[int]], free: int
    ) -> _Forced | None:
        """A move that some winning line makes now if any line wins, or None. It removes layout or
        Satchel cards only, so it is legal at every time reachable from the node.

        A free layout king: removing it at once is always safe. A king pairs with nothing, so no
        line needs it in place; removing it only frees the cards under it, and freeing cards never
        makes a move illegal (a pair needs free cards; relaxed match needs the lower card covered
        only by its partner, which fewer cards on it keeps true; stashing needs a free card), and
        it touches neither the stock nor the waste. Any winning line therefore still wins with the
        king taken first (drop its own removal, or its stash and later removal from the Satchel,
        which only empties the Satchel sooner). The same holds for a Satchel king.

        A card that must go whose only live partner is free now (see :meth:`_forced_pair`): every
        win removes those two together, and doing it now is safe by the same argument (it removes
        layout or Satchel cards only, so the stock and waste are untouched and the Satchel only
        empties sooner)."""
        king = 1 << 3 * KING_RANK
        if free_by_rank[KING_RANK]:
            i = free_by_rank[KING_RANK][0]
            return (i,), satchel, (KING_MOVE, i, 0), king
        sat_rank = satchel & 15
        if sat_rank == KING_RANK:
            return (), 0, (KING_MOVE, SATCHEL, 0), king
        sat_must = bool(satchel & LAYOUT_FLAG) or (self.all_52 and satchel != 0)
        pair = self._forced_pair(vacated, satchel, live, free_by_rank, free, sat_rank, sat_must)
        if pair is None:
            return None
        slots, use_satchel, move = pair
        rank_a = self.slot_rank[slots[0]]
        rank_b = self.slot_rank[slots[1]] if len(slots) == 2 else sat_rank
        return (
            slots,
            0 if use_satchel else satchel,
            move,
            (1 << 3 * rank_a) + (1 << 3 * rank_b),
        )

    def _moves_now(
        self,
        children: list[_Child],
        vacated: int,
        gone: int,
        satchel: int,
        start: int,
        free: int,
        indexes: int,
        live: int,
        live_cycle: int,
        free_by_rank: list[list[int]],
    ) -> tuple[int, ModelMove] | None:
        """Move generation with the layout and the Satchel, at the node's start time: layout pairs,
        relaxed pairs, the Satchel card with a layout card, stashes (and, in the plain search, king
        removals). Each move is added to ``children`` with its priority (lower first: pairs that
        free more cards, then stashes). Returns ``(time, move)`` at once when a move wins."""
        full = (1 << self.n) - 1
        if self.plain:  # kings are ordinary moves here
            win = self._plain_king_moves(
                children,
                vacated,
                gone,
                satchel,
                start,
                free,
                indexes,
                live,
                live_cycle,
                free_by_rank,
            )
            if win is not None:
                return win
        # layout pairs (what they remove and free depends on the layout alone: kept by board)
        pairs = self._layout_pairs.get(vacated)
        if pairs is None:
            pairs = self._layout_pairs_made(vacated, free, free_by_rank)
        best_only = self.best_only
        for priority, vac, fr, move, pair_live in pairs:
            if vac == full and self._won(vac, gone, satchel):
                return start, move
            if best_only and self._left_out(children, priority):
                continue
            children.append(
                (
                    priority,
                    vac,
                    gone,
                    satchel,
                    start,
                    start,
                    fr,
                    indexes,
                    live - pair_live,
                    live_cycle,
                    move,
                )
            )
        if self.relaxed:
            win = self._relaxed_pair_moves(
                children,
                vacated,
                gone,
                satchel,
                start,
                free,
                indexes,
                live,
                live_cycle,
                free_by_rank,
            )
            if win is not None:
                return win
        if satchel or self.satchel_rule:
            return self._satchel_moves(
                children,
                vacated,
                gone,
                satchel,
                start,
                free,
                indexes,
                live,
                live_cycle,
                free_by_rank,
            )
        return None

    def _left_out(self, children: list[_Child], priority: int) -> bool:
        """Under :attr:`best_only`: whether a new child of ``priority`` is left out. It is kept
        only when it comes before the child kept so far (the first of the lowest priority, as the
        stable sort would put first), which it then replaces. Either way, with a child kept
        already, one of the two is left out: a probe cut (see :meth:`_probe_proved`)."""
        if not children:
            return False
        self.probe_cuts += 1
        if priority >= children[0][0]:
            return True
        children.clear()
        return False

    def _layout_pairs_made(
        self, vacated: int, free: int, free_by_rank: list[list[int]]
    ) -> list[tuple[int, int, int, ModelMove, int]]:
        """The pairs of two free layout cards on the board ``vacated`` (whose free slots are
        ``free``), in the order the search tries them: (priority, vacated after, free after, move,
        live cards removed). Kept in ``_layout_pairs``; the caller does not change the list."""
        on = self.on
        cov_mask = self.cov_mask
        out: list[tuple[int, int, int, ModelMove, int]] = []
        for r in range(1, 7):
            fa = free_by_rank[r]
            fb = free_by_rank[13 - r]
            if not fa or not fb:
                continue
            pair_live = (1 << 3 * r) + (1 << 3 * (13 - r))
            for a in fa:
                for b in fb:
                    vac = vacated | 1 << a | 1 << b
                    move = (PAIR_MOVE, a, b) if a > b else (PAIR_MOVE, b, a)
                    fr = free & ~(1 << a | 1 << b)
                    for g in (a, b):
                        for j in on[g]:
                            if not vac >> j & 1 and cov_mask[j] & ~vac == 0:
                                fr |= 1 << j
                    out.append((-20 - 3 * (fr & ~free).bit_count(), vac, fr, move, pair_live))
        if len(self._layout_pairs) > LAYOUT_CACHE_MAX:
            self._layout_pairs.clear()
        self._layout_pairs[vacated] = out
        return out

    def _plain_king_moves(
        self,
        children: list[_Child],
        vacated: int,
        gone: int,
        satchel: int,
        start: int,
        free: int,
        indexes: int,
        live: int,
        live_cycle: int,
        free_by_rank: list[list[int]],
    ) -> tuple[int, ModelMove] | None:
        """The plain search's king removals (a free layout king, the Satchel's king)."""
        on = self.on
        cov_mask = self.cov_mask
        full = (1 << self.n) - 1
        sat_rank = satchel & 15
        king = 1 << 3 * KING_RANK
        for a in free_by_rank[KING_RANK]:
            vac = vacated | 1 << a
            move = (KING_MOVE, a, 0)
            if vac == full and self._won(vac, gone, satchel):
                return start, move
            fr = free & ~(1 << a)
            for j in on[a]:
                if not vac >> j & 1 and cov_mask[j] & ~vac == 0:
                    fr |= 1 << j
            children.append(
                (
                    -20,
                    vac,
                    gone,
                    satchel,
                    start,
                    start,
                    fr,
                    indexes,
                    live - king,
                    live_cycle,
                    move,
                )
            )
        if sat_rank == KING_RANK:
            move = (KING_MOVE, SATCHEL, 0)
            if vacated == full and self._won(vacated, gone, 0):
                return start, move
            children.append(
                (
                    -20,
                    vacated,
                    gone,
                    0,
                    start,
                    start,
                    free,
                    indexes,
                    live - king,
                    live_cycle,
                    move,
                )
            )
        return None

    def _relaxed_pair_moves(
        self,
        children: list[_Child],
        vacated: int,
        gone: int,
        satchel: int,
        start: int,
        free: int,
        indexes: int,
        live: int,
        live_cycle: int,
        free_by_rank: list[list[int]],
    ) -> tuple[int, ModelMove] | None:
        """Relaxed match: a free card with the card it lies on, nothing else covering that one."""
        slot_rank = self.slot_rank
        on = self.on
        cov_mask = self.cov_mask
        full = (1 << self.n) - 1
        m = free
        while m:
            low = m & -m
            a = low.bit_length() - 1
            m ^= low
            ra = slot_rank[a]
            for b in on[a]:
                if (
                    not vacated >> b & 1
                    and cov_mask[b] & ~vacated == low
                    and ra + slot_rank[b] == 13
                ):
                    vac = vacated | low | 1 << b
                    move = (PAIR_MOVE, a, b) if a > b else (PAIR_MOVE, b, a)
                    if vac == full and self._won(vac, gone, satchel):
                        return start, move
                    fr = free & ~low
                    for j in on[a]:
                        if not vac >> j & 1 and cov_mask[j] & ~vac == 0:
                            fr |= 1 << j
                    for j in on[b]:
                        if not vac >> j & 1 and cov_mask[j] & ~vac == 0:
                            fr |= 1 << j
                    pair_live = (1 << 3 * ra) + (1 << 3 * slot_rank[b])
                    children.append(
                        (
                            -20 - 3 * (fr & ~free).bit_count(),
                            vac,
                            gone,
                            satchel,
                            start,
                            start,
                            fr,
                            indexes,
                            live - pair_live,
                            live_cycle,
                            move,
                        )
                    )
        return None

    def _satchel_moves(
        self,
        children: list[_Child],
        vacated: int,
        gone: int,
        satchel: int,
        start: int,
        free: int,
        indexes: int,
        live: int,
        live_cycle: int,
        free_by_rank: list[list[int]],
    ) -> tuple[int, ModelMove] | None:
        """The Satchel's moves at the node's start time: its card with a free layout card, and the
        stashes of a free layout card."""
        slot_rank = self.slot_rank
        on = self.on
        cov_mask = self.cov_mask
        full = (1 << self.n) - 1
        sat_rank = satchel & 15
        # the Satchel card with a free layout card
        if sat_rank and sat_rank != KING_RANK:
            pair_live = (1 << 3 * sat_rank) + (1 << 3 * (13 - sat_rank))
            for b in free_by_rank[13 - sat_rank]:
                vac = vacated | 1 << b
                move = (PAIR_MOVE, b, SATCHEL)
                if vac == full and self._won(vac, gone, 0):
                    return start, move
                fr = free & ~(1 << b)
                for j in on[b]:
                    if not vac >> j & 1 and cov_mask[j] & ~vac == 0:
                        fr |= 1 << j
                children.append(
                    (
                        -22 - 3 * (fr & ~free).bit_count(),
                        vac,
                        gone,
                        0,
                        start,
                        start,
                        fr,
                        indexes,
                        live - pair_live,
                        live_cycle,
                        move,
                    )
                )
        # stashes of a free layout card (free layout kings were removed as forced moves: a king is
        # never stashed; removing it does all that stashing does and leaves the Satchel empty)
        if self.satchel_rule and satchel == 0:
            m = free
            while m:
                low = m & -m
                a = low.bit_length() - 1
                m ^= low
                vac = vacated | low
                fr = free & ~low
                for j in on[a]:
                    if not vac >> j & 1 and cov_mask[j] & ~vac == 0:
                        fr |= 1 << j
                children.append(
                    (
                        10 - 2 * (fr & ~free).bit_count(),
                        vac,
                        gone,
                        slot_rank[a] | LAYOUT_FLAG,
                        start,
                        start,
                        fr,
                        indexes,
                        live,
                        live_cycle,
                        (STASH_MOVE, a, 0),
                    )
                )
        return None

    def _cycle_moves(
        self,
        children: list[_Child],
        vacated: int,
        gone: int,
        satchel: int,
        start: int,
        free: int,
        indexes: int,
        live: int,
        live_cycle: int,
        free_by_rank: list[list[int]],
        new: int,
        reach: int,
    ) -> tuple[int, ModelMove] | None:
        """Move generation with the waste top or the stock top, at every time in ``new`` (the times
        reachable from the node and not explored yet; ``reach``: all the reachable ones): kings,
        pairs with a layout card, with the Satchel card, of the waste top with the stock top, and
        stashes. Each move is added to ``children`` (earlier times first); the flips that lead to
        its time stay implicit. Returns ``(time, move)`` at once when a move wins."""
        K = self.K
        W = K + 1
        cyc_rank = self.cyc_rank
        order_time = self.order_time
        top = self.top_playable
        rep = self.rep
        sat_rank = satchel & 15
        can_stash = self.satchel_rule and satchel == 0
        new = self._first_pair_times(free, live, live_cycle, gone, sat_rank, new, reach)
        in_cycle = ~gone & ((1 << K) - 1)  # the live cycle positions
        useful = self._useful_cycle(free, sat_rank, in_cycle, can_stash or top)
        # Draw one, pruned search: a move with the card at k leads to the same board whatever
        # the time it is made at (the pass, and the waste top or the stock top), and the child's
        # time is then the same index of that pass: in one pass the card is the stock top (index
        # prev + 1) before it is the waste top (index k + 1), and either way the child's time is
        # the index prev + 1 of that pass. From the earliest of those times every later one is
        # reachable by flips alone, so the child of the earliest time explores all the others'
        # times: only it is generated (the others would be met as transpositions right after it,
        # never searched).
        earliest = self.draw == 1 and not self.plain
        while useful:
            low = useful & -useful
            k = low.bit_length() - 1
            useful ^= low
            prev = (in_cycle & (low - 1)).bit_length() - 1  # the live position before k
            r = cyc_rank[k]
            partner = 13 - r
            waste_times = (rep << (k + 1)) & new  # times when k is the waste top
            stock_times = ((rep << (prev + 1)) & new) if top else 0  # ... the stock top
            if not waste_times | stock_times:
                continue
            # (the waste-stock pair's board differs: its earliest waste time is kept for it)
            first_waste = waste_times & -waste_times
            if earliest:
                waste_times, stock_times = _earliest_alone(waste_times, stock_times)
            if r == KING_RANK:
                win = self._cycle_king_moves(
                    children,
                    vacated,
                    gone,
                    satchel,
                    start,
                    free,
                    indexes,
                    live,
                    live_cycle,
                    k,
                    prev,
                    waste_times,
                    stock_times,
                )
                if win is not None:
                    return win
                continue
            # the live position after k: the stock top while k is the waste top
            nxt = _lowest(in_cycle & ~((low << 1) - 1)) if top else -1
            nxt_partner = nxt >= 0 and cyc_rank[nxt] == partner
            fb = free_by_rank[partner]
            if not (fb or sat_rank == partner or can_stash or nxt_partner):
                continue
            back = prev + 1  # the index once the waste top k is gone
            pairs = self._pairs_with(fb, vacated, free, partner) if fb else ()
            gone_k = gone | low
            indexes_k = indexes & ~(low << 1)
            rank_live = 1 << 3 * r
            partner_live = 1 << 3 * partner
            live_cycle_k = live_cycle - rank_live
            if earliest and nxt_partner and waste_times & first_waste != first_waste:
                # the waste-stock pair at its own earliest time (when that time is not the card's
                # earliest, kept alone above)
                t = first_waste.bit_length() - 1
                win = self._waste_stock_pair(
                    children,
                    vacated,
                    gone_k | 1 << nxt,
                    satchel,
                    t,
                    (t // W) * W + back,
                    free,
                    indexes_k & ~(1 << (nxt + 1)),
                    live - rank_live - partner_live,
                    live_cycle_k - partner_live,
                    (order_time[t] - order_time[start]) * 4,
                )
                if win is not None:
                    return win
                nxt_partner = False
            live_after = live - rank_live - partner_live
            for place in (WASTE, STOCK) if stock_times else (WASTE,):
                times = waste_times if place == WASTE else stock_times
                while times:
                    tl = times & -times
                    t = tl.bit_length() - 1
                    times ^= tl
                    win = self._cycle_card_moves(
                        children,
                        vacated,
                        gone_k,
                        satchel,
                        place,
                        t,
                        (t // W) * W + back if place == WASTE else t,
                        (order_time[t] - order_time[start]) * 4,  # earlier first
                        pairs,
                        free,
                        indexes_k,
                        live_after,
                        live_cycle_k,
                        sat_rank == partner,
                        nxt if place == WASTE and nxt_partner else -1,
                        partner_live,
                        r if can_stash else 0,
                        live,
                    )
                    if win is not None:
                        return win
        return None

    def _waste_moves(
        self,
        children: list[_Child],
        vacated: int,
        gone: int,
        satchel: int,
        start: int,
        free: int,
        indexes: int,
        live: int,
        live_cycle: int,
        free_by_rank: list[list[int]],
        first: int,
        explored: int,
    ) -> tuple[int, ModelMove] | None:
        """:meth:`_cycle_moves` when only the waste top plays and nothing can be stashed (draw one,
        the stock top hidden, no Satchel: the classic and strict rules), with the Satchel empty:
        the same children in the same order, without the branches those rules never take. Each
        live cycle card that may play (a king, or a partner of a free layout card) is tried at the
        earliest new time it is the waste top, alone (a king) or with each free partner. The new
        times are those from ``first`` (the node's first time) up to ``explored`` (the first time
        explored from the board before; see :meth:`_visit_from`)."""
        W = self.K + 1
        cyc_rank = self.cyc_rank
        order_time = self.order_time
        full = (1 << self.n) - 1
        pairs_cache = self._pairs_cache
        cyc_live = self.cyc_live
        canonical = self.settling
        same_before = self.same_before
        best_only = self.best_only
        stop = explored  # the new times end here
        if not self.plain:  # (see _first_pair_times)
            t1 = self._unique_cycle_time(free, live, live_cycle, gone, 0, first)
            if 0 <= t1 < stop:
                stop = t1 + 1
        # k is the waste top at the index k + 1 of each pass: the first such time from ``first``
        # is in its pass when k + 1 >= a, else in the next one
        base = first - first % W
        a = first - base
        in_cycle = ~gone & ((1 << self.K) - 1)
        useful = self._free[free][2] & in_cycle
        start_order = order_time[start]
        vacated4 = vacated << 4
        while useful:
            low = useful & -useful
            k = low.bit_length() - 1
            useful ^= low
            t = base + k + 1 if k + 1 >= a else base + W + k + 1  # the earliest new time
            if t >= stop:
                continue
            back = (in_cycle & (low - 1)).bit_length()  # the index once k is gone
            t_next = (t // W) * W + back
            earlier = (order_time[t] - start_order) * 4  # earlier first
            r = cyc_rank[k]
            gone_k = gone | low
            indexes_k = indexes & ~(low << 1)
            if canonical:  # (:meth:`_settled`, written out: the first live card above k)
                nxt = in_cycle & ~((low << 1) - 1)
                if nxt and same_before[(nxt & -nxt).bit_length() - 1] >> back:
                    settled = self._settle(gone_k, low)
                    indexes_k ^= (settled ^ gone_k) << 1
                    gone_k = settled
            rank_live = cyc_live[k]
            if r == KING_RANK:
                move = (KING_MOVE, WASTE, 0)
                if vacated == full and self._won(vacated, gone_k, satchel):
                    return t, move
                if best_only and self._left_out(children, earlier - 30):
                    continue
                children.append(
                    (
                        earlier - 30,
                        vacated,
                        gone_k,
                        satchel,
                        t,
                        t_next,
                        free,
                        indexes_k,
                        live - rank_live,
                        live_cycle - rank_live,
                        move,
                    )
                )
                continue
            partner = 13 - r
            pairs = pairs_cache.get(vacated4 | partner)
            if pairs is None:
                pairs = self._pairs_with(free_by_rank[partner], vacated, free, partner)
            live_k = live - rank_live - (1 << 3 * partner)
            live_cycle_k = live_cycle - rank_live
            for b, vac, fr, priority in pairs:
                move = (PAIR_MOVE, b, WASTE)
                if vac == full and self._won(vac, gone_k, satchel):
                    return t, move
                if best_only and self._left_out(children, earlier + priority):
                    continue
                children.append(
                    (
                        earlier + priority,
                        vac,
                        gone_k,
                        satchel,
                        t,
                        t_next,
                        fr,
                        indexes_k,
                        live_k,
                        live_cycle_k,
                        move,
                    )
                )
        return None

    def _cycle_card_moves(
        self,
        children: list[_Child],
        vacated: int,
        gone_k: int,
        satchel: int,
        place: int,
        t: int,
        t_next: int,
        earlier: int,
        pairs: list[tuple[int, int, int, int]] | tuple[()],
        free: int,
        indexes_k: int,
        live_after: int,
        live_cycle_k: int,
        satchel_pair: bool,
        nxt: int,
        partner_live: int,
        stash_rank: int,
        live: int,
    ) -> tuple[int, ModelMove] | None:
        """:meth:`_cycle_moves` for one stock/waste card (at ``place``) at one time ``t``: its pairs
        with free layout cards, with the Satchel card (``satchel_pair``: it is a partner), with the
        stock top (``nxt``, its position, when it is a partner: else -1), and its stash
        (``stash_rank``, the card's rank, when the Satchel takes it: else 0). ``gone_k``,
        ``indexes_k``, ``live_after`` and ``live_cycle_k``: the state once the card is gone
        (``live_after`` with its partner gone too)."""
        full = (1 << self.n) - 1
        for b, vac, fr, priority in pairs:
            move = (PAIR_MOVE, b, place)
            if vac == full and self._won(vac, gone_k, satchel):
                return t, move
            children.append(
                (
                    earlier + priority,
                    vac,
                    gone_k,
                    satchel,
                    t,
                    t_next,
                    fr,
                    indexes_k,
                    live_after,
                    live_cycle_k,
                    move,
                )
            )
        if satchel_pair:
            win = self._cycle_satchel_pair(
                children,
                vacated,
                gone_k,
                place,
                t,
                t_next,
                free,
                indexes_k,
                live_after,
                live_cycle_k,
                earlier,
            )
            if win is not None:
                return win
        if nxt >= 0:
            win = self._waste_stock_pair(
                children,
                vacated,
                gone_k | 1 << nxt,
                satchel,
                t,
                t_next,
                free,
                indexes_k & ~(1 << (nxt + 1)),
                live_after,
                live_cycle_k - partner_live,
                earlier,
            )
            if win is not None:
                return win
        if stash_rank:
            children.append(
                (
                    earlier + 20,
                    vacated,
                    gone_k,
                    stash_rank,
                    t,
                    t_next,
                    free,
                    indexes_k,
                    live,
                    live_cycle_k,
                    (STASH_MOVE, place, 0),
                )
            )
        return None

    def _pairs_with(
        self, slots: list[int], vacated: int, free: int, partner: int
    ) -> list[tuple[int, int, int, int]]:
        """For each free layout slot b in ``slots`` (the free cards of rank ``partner``) that a
        stock/waste card may pair with (at any time: none of this depends on the time, nor on the
        stock and waste, so the list is kept by layout part and rank): (b, vacated after, free
        after, priority). The caller does not change it."""
        cache_key = vacated << 4 | partner
        got = self._pairs_cache.get(cache_key)
        if got is not None:
            return got
        if len(self._pairs_cache) > LAYOUT_CACHE_MAX:
            self._pairs_cache.clear()
        got = self._pairs_cache[cache_key] = self._pairs_made(slots, vacated, free)
        return got

    def _pairs_made(
        self, slots: list[int], vacated: int, free: int
    ) -> list[tuple[int, int, int, int]]:
        on = self.on
        cov_mask = self.cov_mask
        out = []
        for b in slots:
            vac = vacated | 1 << b
            fr = free & ~(1 << b)
            for j in on[b]:
                if not vac >> j & 1 and cov_mask[j] & ~vac == 0:
                    fr |= 1 << j
            out.append((b, vac, fr, -10 - 3 * (fr & ~free).bit_count()))
        return out

    def _first_pair_times(
        self,
        free: int,
        live: int,
        live_cycle: int,
        gone: int,
        sat_rank: int,
        new: int,
        reach: int,
    ) -> int:
        """The times to try stock/waste moves at: ``new``, cut after the first time a forced pair
        with a stock/waste card can be made (draw one, pruned search only).

        A free card that must go whose only live partner c is in the stock or waste: every win
        pairs them, and pairing them the first time c can be played (t1) is as good as any later
        time. Move that pair forward in any winning line: the moves before t1 stay as they are,
        the card stays free, and c is played only once, so (draw one) taking it out of the cycle
        sooner just skips its flips; a stash of c and its later pair from the Satchel become the
        pair itself, with the Satchel empty meanwhile. So no line needs a move with the stock or
        waste after t1 before that pair, and the moves at later times are not tried here (they
        are explored after the pair). Times are limited to reach(start), not just the new ones,
        so an earlier visit of this board covers the rest."""
        if self.draw == 1 and not self.plain:
            first = (reach & -reach).bit_length() - 1  # (draw one: reach is every time from it on)
            t1 = self._unique_cycle_time(free, live, live_cycle, gone, sat_rank, first)
            if t1 >= 0:
                new &= (2 << t1) - 1
        return new

    def _useful_cycle(self, free: int, sat_rank: int, in_cycle: int, every: bool) -> int:
        """The live cycle positions whose card may be played: ``every`` one (the Satchel can take
        any, or two stock/waste cards can pair), else kings and the partners of a free layout
        card (kept by :meth:`_free_by_rank`, which the node has asked) or of the Satchel card."""
        if every:
            return in_cycle
        useful = self._free[free][2]
        if sat_rank:
            rank_pos = self.rank_pos
            useful |= rank_pos[13 - sat_rank]
        return useful & in_cycle

    def _cycle_king_moves(
        self,
        children: list[_Child],
        vacated: int,
        gone: int,
        satchel: int,
        start: int,
        free: int,
        indexes: int,
        live: int,
        live_cycle: int,
        k: int,
        prev: int,
        waste_times: int,
        stock_times: int,
    ) -> tuple[int, ModelMove] | None:
        """A king at cycle position ``k``, as the waste top or the stock top: removed alone (and,
        in the plain search, stashed)."""
        W = self.K + 1
        order_time = self.order_time
        full = (1 << self.n) - 1
        can_stash = self.satchel_rule and satchel == 0
        plain = self.plain
        r = KING_RANK
        gone_k = gone | 1 << k
        indexes_k = indexes & ~(1 << (k + 1))
        rank_live = 1 << 3 * r
        live_cycle_k = live_cycle - rank_live
        back = prev + 1
        for place in (WASTE, STOCK):
            times = waste_times if place == WASTE else stock_times
            while times:
                tl = times & -times
                t = tl.bit_length() - 1
                times ^= tl
                t_next = (t // W) * W + back if place == WASTE else t
                earlier = (order_time[t] - order_time[start]) * 4  # earlier first
                move = (KING_MOVE, place, 0)
                if vacated == full and self._won(vacated, gone_k, satchel):
                    return t, move
                children.append(
                    (
                        earlier - 30,
                        vacated,
                        gone_k,
                        satchel,
                        t,
                        t_next,
                        free,
                        indexes_k,
                        live - rank_live,
                        live_cycle_k,
                        move,
                    )
                )
                if can_stash and plain:
                    children.append(
                        (
                            earlier + 20,
                            vacated,
                            gone_k,
                            r,
                            t,
                            t_next,
                            free,
                            indexes_k,
                            live,
                            live_cycle_k,
                            (STASH_MOVE, place, 0),
                        )
                    )
        return None

    def _cycle_satchel_pair(
        self,
        children: list[_Child],
        vacated: int,
        gone_k: int,
        place: int,
        t: int,
        t_next: int,
        free: int,
        indexes_k: int,
        live_after: int,
        live_cycle_k: int,
        earlier: int,
    ) -> tuple[int, ModelMove] | None:
        """The waste top or the stock top (``place``) with the Satchel card, at time ``t``."""
        move = (PAIR_MOVE, place, SATCHEL)
        if vacated == (1 << self.n) - 1 and self._won(vacated, gone_k, 0):
            return t, move
        children.append(
            (
                earlier - 12,
                vacated,
                gone_k,
                0,
                t,
                t_next,
                free,
                indexes_k,
                live_after,
                live_cycle_k,
                move,
            )
        )
        return None

    def _waste_stock_pair(
        self,
        children: list[_Child],
        vacated: int,
        gone_both: int,
        satchel: int,
        t: int,
        t_next: int,
        free: int,
        indexes_both: int,
        live_after: int,
        live_cycle_after: int,
        earlier: int,
    ) -> tuple[int, ModelMove] | None:
        """The waste top with the stock top (stock top playable), at time ``t``."""
        move = (PAIR_MOVE, WASTE, STOCK)
        if vacated == (1 << self.n) - 1 and self._won(vacated, gone_both, satchel):
            return t, move
        children.append(
            (
                earlier - 5,
                vacated,
                gone_both,
                satchel,
                t,
                t_next,
                free,
                indexes_both,
                live_after,
                live_cycle_after,
                move,
            )
        )
        return None

    def _settle(self, gone: int, removed: int) -> int:
        """A child's cycle in canonical form (see :meth:`canonical_cycle`), from a parent's in
        canonical form and the cycle positions its move took (``removed``: the waste top, the
        stock top, or both; no live card lies between them): the live cards under them keep
        their places; from there each live card moves to the first free place of its rank, until
        one stays where it is (all after it stay too: each place follows from the one before).
        Every card that moves lies over the child's time (the index just over the live card under
        the first removed place), so that time stays right."""
        cyc_rank = self.cyc_rank
        rank_pos = self.rank_pos
        k = (removed & -removed).bit_length() - 1
        in_cycle = ~gone & ((1 << self.K) - 1)
        cur = (in_cycle & ((1 << k) - 1)).bit_length()  # the first place the rest may take
        rest = in_cycle >> k << k
        while rest:
            low = rest & -rest
            rest ^= low
            room = rank_pos[cyc_rank[low.bit_length() - 1]] & ~((1 << cur) - 1)
            to = room & -room  # the first place of its rank from cur on (its own at the latest)
            if to == low:
                break
            gone = (gone | low) & ~to
            cur = to.bit_length()
        return gone

    def _settled(self, gone: int, removed: int, indexes: int) -> tuple[int, int]:
        """A child's cycle (``gone``, ``indexes``; ``removed``: the cycle positions its move took)
        in canonical form. A child that took one card needs :meth:`_settle` only when the first
        live card above that one has a card of its rank below it, from the child's index on."""
        if not removed & (removed - 1):
            in_cycle = ~gone & ((1 << self.K) - 1)
            nxt = in_cycle & ~((removed << 1) - 1)
            if not nxt or not (
                self.same_before[(nxt & -nxt).bit_length() - 1]
                >> (in_cycle & (removed - 1)).bit_length()
            ):
                return gone, indexes
        settled = self._settle(gone, removed)
        return settled, indexes ^ (settled ^ gone) << 1

    def _descend(
        self, children: list[_Child], gone: int, start: int, discrepancies: int, settle: bool
    ) -> bool:
        """Ordering and recursion: try the children best first (lowest priority; the sort is
        stable, so ties keep the order they were generated in). A probe gives its first child the
        node's discrepancies and every other one one fewer. On a win, the move joins the path.
        ``settle``: put each child that took a stock/waste card in canonical form before it is
        searched (:meth:`_settled`)."""
        if len(children) > 1:  # (often one: see best_only)
            children.sort(key=_first_item)
        if discrepancies < 0:
            if self.draw != 1:
                for _, vac, gone_c, sat, t_at, t_next, fr, ix, lv, lc, move in children:
                    if settle and gone_c != gone:
                        gone_c, ix = self._settled(gone_c, gone_c & ~gone, ix)
                    if self._search(vac, gone_c, sat, t_next, fr, ix, lv, lc):
                        self.path.append((gone, start, t_at, move))
                        return True
                return False
            # Draw one: a child whose board is already explored at every time it reaches is
            # counted here as the node it is, without the call that :meth:`_search` would leave at
            # once (about half the children of a long search are such transpositions).
            n = self.n
            shift = n + self.K
            for _, vac, gone_c, sat, t_at, t_next, fr, ix, lv, lc, move in children:
                if settle and gone_c != gone:
                    gone_c, ix = self._settled(gone_c, gone_c & ~gone, ix)
                explored = self.table.get(vac | gone_c << n | sat << shift)
                if explored is not None and self._first_time(ix, t_next) >= explored:
                    self._tick()
                    continue
                if self._search(vac, gone_c, sat, t_next, fr, ix, lv, lc):
                    self.path.append((gone, start, t_at, move))
                    return True
            return False
        for i, (_, vac, gone_c, sat, t_at, t_next, fr, ix, lv, lc, move) in enumerate(children):
            left = discrepancies if i == 0 else discrepancies - 1
            if left < 0:
                self.probe_cuts += 1
                break
            if settle and gone_c != gone:
                gone_c, ix = self._settled(gone_c, gone_c & ~gone, ix)
            if self._search(vac, gone_c, sat, t_next, fr, ix, lv, lc, left):
                self.path.append((gone, start, t_at, move))
                return True
        return False

    def _unique_cycle_time(
        self,
        free: int,
        live: int,
        live_cycle: int,
        gone: int,
        sat_rank: int,
        first: int,
    ) -> int:
        """Draw one: the first time from ``first`` on at which a free layout card's only live
        partner, a stock or waste card, can be played; -1 when there is no such card. (``free``:
        the free slots, whose ranks :meth:`_free_by_rank` has kept.)"""
        best = -1
        W = self.K + 1
        base = first - first % W  # (the pass of ``first``; see _waste_moves)
        a = first - base
        end = self.end
        for r in self._free[free][1]:
            p = 13 - r
            if (live >> 3 * p) & 7 != 1 or (live_cycle >> 3 * p) & 7 != 1 or sat_rank == p:
                continue
            at = self.rank_pos[p] & ~gone  # the one live stock/waste card of rank p
            k = at.bit_length() - 1
            t = base + k + 1 if k + 1 >= a else base + W + k + 1  # k as the waste top
            if self.top_playable:
                j = (~gone & (at - 1)).bit_length()  # ... as the stock top
                t = min(t, base + j if j >= a else base + W + j)
            if t < end and (best < 0 or t < best):
                best = t
        return best

    def _forced_pair(
        self,
        vacated: int,
        satchel: int,
        live: int,
        free_by_rank: list[list[int]],
        free: int,
        sat_rank: int,
        sat_must: bool,
    ) -> tuple[tuple[int, ...], bool, tuple[int, int, int]] | None:
        """A pair that every win makes, playable now with layout/Satchel cards, or None: a card
        that must go (a free layout card, or a layout card in the Satchel) whose rank has exactly
        one live partner card left, that partner being free in the layout or in the Satchel."""
        slot_rank = self.slot_rank
        for r in self._free[free][1]:
            partner = 13 - r
            if (live >> 3 * partner) & 7 != 1:
                continue
            if free_by_rank[partner]:
                a, b = free_by_rank[r][0], free_by_rank[partner][0]
                return (a, b), False, (PAIR_MOVE, max(a, b), min(a, b))
            if sat_rank == partner:
                a = free_by_rank[r][0]
                return (a,), True, (PAIR_MOVE, a, SATCHEL)
            if self.relaxed:
                for a in free_by_rank[r]:
                    for b in self.on[a]:
                        if (
                            not vacated >> b & 1
                            and slot_rank[b] == partner
                            and self.cov_mask[b] & ~vacated == 1 << a
                        ):
                            return (a, b), False, (PAIR_MOVE, max(a, b), min(a, b))
        if sat_must and sat_rank and sat_rank != KING_RANK:
            partner = 13 - sat_rank
            if (live >> 3 * partner) & 7 == 1 and free_by_rank[partner]:
                b = free_by_rank[partner][0]
                return (b,), True, (PAIR_MOVE, b, SATCHEL)
        return None


def _real_line(game: Game, searcher: Searcher) -> list[Move]:
    """The model's winning line as engine moves: put back the removal of each king that the model
    left out of the cycle, as it comes up (see ``Searcher.from_game``).

    Only the stock and the waste decide where a king comes up, so only they are followed here
    (the engine's replay, :func:`_real_line_replayed`, costs a third of a small deal's solve; the
    tests check that both give the same line). The game is won right after the model's last move
    (with all 52, once the stock and the waste are empty too): the model's line ends at its win."""
    model = searcher.line()
    purged = searcher.purged
    if not purged:
        return model
    stock = list(game.stock)
    waste = list(game.waste)
    all_52 = game.rules.all_52
    top = game.rules.stock_top_playable
    out: list[Move] = []
    played = 0  # model moves played
    last = len(model)

    def won() -> bool:
        return played == last and (not all_52 or not (stock or waste))

    def take(place: int) -> None:
        if place == WASTE:
            waste.pop()
        elif place == STOCK:
            stock.pop()

    def play(m: Move) -> None:
        kind = m.kind
        if kind == MoveKind.FLIP:
            waste.append(stock.pop())
        elif kind == MoveKind.REDEAL:
            waste.reverse()
            stock[:] = waste
            waste.clear()
        else:
            take(m.a)
            if kind == MoveKind.PAIR:
                take(m.b)
        out.append(m)

    def purge() -> None:
        while not won():
            if waste and waste[-1] in purged:
                play(Move.king(WASTE))
            elif top and stock and stock[-1] in purged:
                play(Move.king(STOCK))
            else:
                return

    purge()
    for m in model:
        if m == FLIP_MOVE:
            play(m)
            while not won() and waste and waste[-1] in purged:  # a king came up: it goes, flip on
                play(Move.king(WASTE))
                if stock:
                    play(FLIP_MOVE)
        elif m == REDEAL_MOVE:
            while stock:  # only purged kings can be left: turn them over and remove them
                play(FLIP_MOVE)
                purge()
            play(m)
        else:
            played += 1  # (counted before its king removals: the win comes with the move)
            play(m)
            purge()
            continue
        played += 1
        purge()
    while not won() and stock:  # all 52: kings still in the stock are turned over and removed
        play(FLIP_MOVE)
        purge()
    return out


def _real_line_replayed(game: Game, searcher: Searcher) -> list[Move]:
    """:func:`_real_line` through the engine's own moves (``Game.play``, every move checked): the
    tests compare the two."""
    model = searcher.line()
    purged = searcher.purged
    if not purged:
        return model
    g = game.copy()
    out: list[Move] = []
    top = game.rules.stock_top_playable

    def play(m: Move) -> None:
        g.play(m)
        out.append(m)

    def purge() -> None:
        while not g.won:
            if g.waste and g.waste[-1] in purged:
                play(Move.king(WASTE))
            elif top and g.stock and g.stock[-1] in purged:
                play(Move.king(STOCK))
            else:
                return

    purge()
    for m in model:
        if m == FLIP_MOVE:
            play(m)
            while (
                not g.won and g.waste and g.waste[-1] in purged
            ):  # a king came up: it goes, flip on
                play(Move.king(WASTE))
                if g.stock:
                    play(FLIP_MOVE)
        elif m == REDEAL_MOVE:
            while g.stock:  # only purged kings can be left: turn them over and remove them
                play(FLIP_MOVE)
                purge()
            play(m)
        else:
            play(m)
        purge()
    while not g.won and g.stock:  # all 52: kings still in the stock are turned over and removed
        play(FLIP_MOVE)
        purge()
    return out


_first_item = itemgetter(0)


_Geometry = tuple[list[int], list[tuple[int, ...]], list[int], list[int], list[int], list[int]]
# Layouts' shapes worked out once (by the layout object, kept alive by the entry so its id stays
# its own): every search builds a Searcher, and a deal decided in a few dozen nodes spent a fifth
# of its time here. Never changed by a Searcher.
_GEOMETRY: dict[int, tuple[Layout, _Geometry]] = {}


def _geometry(layout: Layout) -> _Geometry:
    """The layout's shape as bitmasks, per slot: the slots lying on it (``cov_mask``), the slots it
    lies on (``on``, ``on_mask``), and every slot lying under it (``below``) and over it
    (``above``), transitively; and the slots in cover order (every slot after the slots lying on
    it)."""
    got = _GEOMETRY.get(id(layout))
    if got is not None and got[0] is layout:
        return got[1]
    if len(_GEOMETRY) > 64:
        _GEOMETRY.clear()
    shape = _layout_geometry(layout)
    _GEOMETRY[id(layout)] = (layout, shape)
    return shape


def _layout_geometry(layout: Layout) -> _Geometry:
    """:func:`_geometry`, worked out."""
    n = layout.size
    cov_mask = [0] * n
    on: list[tuple[int, ...]] = []
    on_mask = [0] * n
    for s in layout.slots:
        for j in s.covered_by:
            cov_mask[s.index] |= 1 << j
        on.append(tuple(s.covers))
        for j in s.covers:
            on_mask[s.index] |= 1 << j
    # below[i]: transitive closure of "lies on", computed from the top of the drawing down.
    below = [0] * n
    for i in sorted(range(n), key=lambda i: layout.slots[i].z):
        m = 0  # lower z first: what i lies on is computed before i
        for j in on[i]:
            m |= 1 << j | below[j]
        below[i] = m
    above = [0] * n
    for i in range(n):
        m = below[i]
        while m:
            low = m & -m
            above[low.bit_length() - 1] |= 1 << i
            m ^= low
    cover_order = sorted(range(n), key=lambda i: -layout.slots[i].z)
    return cov_mask, on, on_mask, below, above, cover_order


def _earliest_alone(waste_times: int, stock_times: int) -> tuple[int, int]:
    """Of a card's times as the waste top and as the stock top, the earliest alone, in the mask of
    its place (see Searcher._cycle_moves)."""
    if not stock_times:
        return waste_times & -waste_times, 0
    first = (waste_times | stock_times) & -(waste_times | stock_times)
    return (0, first) if first & stock_times else (first, 0)


def _after_nth(cards: int, marks: int, nth: int) -> int:
    """The positions of ``cards`` past the ``nth`` lowest position of ``marks`` (counted from 1);
    none when ``marks`` has fewer (the window bound: the cards after the nth dead card)."""
    for _ in range(nth - 1):
        marks &= marks - 1
    return cards & ~(((marks & -marks) << 1) - 1) if marks else 0


def _waste_only(rules: Rules, plain: bool) -> bool:
    """Whether only the waste top plays and nothing is stashed (draw one, the stock top hidden, no
    Satchel: the classic and strict rules), in a pruned search."""
    return not (rules.draw_three or rules.stock_top_playable or rules.satchel or plain)


def _rank_slots(slot_rank: list[int]) -> list[int]:
    """The layout slots of each rank (bitmasks, by rank 0 to 13; 0 is the vacated slots)."""
    out = [0] * 14
    for i, r in enumerate(slot_rank):
        out[r] |= 1 << i
    return out


def _model_cycle(game: Game, plain: bool) -> tuple[list[int], int, set[int]]:
    """The cycle the model searches (waste bottom first, then the stock from its top down), the
    number of its cards in the waste, and the kings left out of it.

    Draw one: a king in the stock (or on the waste top) can be removed the moment it is turned
    over, and from then on the position is exactly the one without that king. Conversely, a line
    of the real game minus its king removals and the flips that turn kings over is a line of the
    game without those kings (a king pairs with nothing, and a missing card only uncovers the one
    under it; a redeal of a waste holding only kings is not needed). So the two games win
    together, and the model leaves such kings out; ``solve`` puts "remove the king" back into the
    line as each one comes up. Kings deeper in the waste stay: they bury the cards under them
    until they are reached."""
    cycle = list(game.waste) + list(reversed(game.stock))
    waste_len = len(game.waste)
    if game.rules.draw_three or plain:
        return cycle, waste_len, set()
    keep = [c for k, c in enumerate(cycle) if RANKS[c] != KING_RANK or k < waste_len - 1]
    purged = {c for c in cycle if c not in keep}
    waste_len -= sum(1 for c in game.waste if c in purged)
    return keep, waste_len, purged


def _order_times(pos: list[int], K: int, passes: int) -> list[int]:
    """For every time of a cycle of ``K`` positions, the time it would have in the cycle of the
    live positions ``pos`` alone (the root's own cycle): the move order counts times that way."""
    W = K + 1
    if len(pos) == K:
        return list(range(passes * W))
    below_index = [0] * W  # live cards below each index, pass by pass
    for k in pos:
        below_index[k + 1] = 1
    for k in range(1, W):
        below_index[k] += below_index[k - 1]
    return [p * (len(pos) + 1) + c for p in range(passes) for c in below_index]


def _cycle_positions(
    cycle: list[int], order: tuple[int, ...] | None
) -> tuple[list[int], list[int]]:
    """The position of each live cycle card and the cycle the model numbers: the live cards
    themselves, or ``order`` (a store's whole cycle) when the live cards keep its order."""
    own = list(range(len(cycle)))
    if order is None:
        return own, cycle
    where = {c: k for k, c in enumerate(order)}
    pos = [where.get(c, -1) for c in cycle]
    if -1 in pos or any(b <= a for a, b in zip(pos, pos[1:], strict=False)):
        return own, cycle
    return pos, list(order)


def _pairq(r: int) -> int:
    return r if r <= 6 else 13 - r


def _popcount(x: int) -> int:
    return bin(x).count("1")


class Store:
    """What the searches of one game have learned, kept for the next search of the same game: the
    hint, the rewind search ("undo N moves"), the analysis and the next hint share it.

    * the boards proved lost, with the times they were proved lost from (the transposition table
      of every search made with the store: each search leaves in it only the boards whose search
      ended without a win, see :meth:`Searcher.forget_open`). Every position of one game numbers
      its cycle positions by the deal's whole cycle (:attr:`cycle`), so a board means the same in
      the search of any position of the game, and a board proved lost stays proved;
    * the memos of the free-stock and rank-pair games (functions of the board alone);
    * the answers by position: a position asked again gets the same verdict and line at once.

    A search made with a store that runs out of budget keeps what it proved, so the next try
    (a larger budget, the next hint) goes on from there instead of from nothing. The tables are
    bounded (:data:`STORE_MAX` boards, :data:`STORE_RESULTS_MAX` answers): past that they are
    emptied, which costs time, never a verdict."""

    def __init__(self, game: Game) -> None:
        start = game.after(0) if game.moves else game
        self.layout = game.layout
        self.rules = game.rules
        self.deal = game.deal
        self.cycle: tuple[int, ...] = tuple(start.waste) + tuple(reversed(start.stock))
        self.table: dict[int, int] = {}
        self.rx_memo: dict[int, bool] = {}
        self.rx_raw: dict[int, bool] = {}
        self.pq_memo: dict[int, bool] = {}
        self.results: dict[tuple[object, ...], SolveResult] = {}
        self.probed: set[tuple[int, int, int, int]] = set()
        self.searches = 0  # searches made with the store (for the tests and the benchmark)

    def fits(self, game: Game) -> bool:
        """Whether ``game`` is a position of the game this store is for."""
        return (
            game.deal == self.deal
            and game.rules == self.rules
            and (game.layout is self.layout or game.layout == self.layout)
        )

    def known(self, game: Game) -> SolveResult | None:
        """The proved answer for ``game``'s position, if a search with this store found it."""
        return self.results.get(game.position_key())

    def attach(self, searcher: Searcher) -> None:
        if len(self.table) > STORE_MAX:
            self.table.clear()
            self.probed.clear()
        searcher.table = self.table
        searcher._rx_memo = self.rx_memo
        searcher._rx_raw = self.rx_raw
        searcher._pq_memo = self.pq_memo
        searcher.keep = True
        searcher.probed = self.probed
        self.searches += 1

    def remember(self, game: Game, result: SolveResult) -> None:
        if result.verdict is Verdict.UNKNOWN:
            return
        if len(self.results) >= STORE_RESULTS_MAX:
            self.results.clear()
        self.results[game.position_key()] = result


def solve(
    game: Game,
    node_budget: int = DEFAULT_BUDGET,
    time_limit: float | None = None,
    should_stop: Callable[[], bool] | None = None,
    store: Store | None = None,
    *,
    probes: bool = True,
) -> SolveResult:
    """Search for a winning line from ``game``'s position. Never mutates ``game``.

    ``node_budget`` counts search nodes, so the verdict is the same on every machine;
    ``time_limit`` (seconds) is an extra cap for interactive use only; ``should_stop``, asked
    every 256 nodes, cancels the search (UNKNOWN, reason "cancelled") when it returns True.
    ``store``: the :class:`Store` of this game, to start from what earlier searches proved and
    leave what this one proves (a position it already answered is answered at once, 0 nodes).
    Without one, the search starts from nothing and its node count is the reference one.
    ``probes=False``: no discrepancy probes (they only ever find wins: for positions that are
    most likely lost, such as the rewind search's, they are spent for nothing).
    """
    start = time.perf_counter()
    if game.won:
        return SolveResult(Verdict.WINNABLE, (), 0, 0.0)
    if game.is_stuck():  # the engine's exact check: no removal can ever come
        return SolveResult(Verdict.LOST, (), 0, time.perf_counter() - start, "stuck")
    if store is not None and not store.fits(game):
        store = None
    if store is not None:
        known = store.known(game)
        if known is not None:
            return SolveResult(
                known.verdict, known.line, 0, time.perf_counter() - start, known.reason
            )
        searcher = Searcher.from_game(game, cycle_order=store.cycle)
        store.attach(searcher)
    else:
        searcher = Searcher.from_game(game)
    searcher.probes = probes
    deadline = None if time_limit is None else start + time_limit
    try:
        verdict = searcher.solve(node_budget, deadline, should_stop)
    except _Stop as stop:
        return SolveResult(
            Verdict.UNKNOWN,
            (),
            min(searcher.nodes, node_budget),
            time.perf_counter() - start,
            stop.reason,
        )
    except RecursionError:
        return SolveResult(
            Verdict.UNKNOWN, (), searcher.nodes, time.perf_counter() - start, "depth"
        )
    finally:
        if store is not None:
            searcher.forget_open()
    line = tuple(_real_line(game, searcher)) if verdict is Verdict.WINNABLE else ()
    result = SolveResult(
        verdict, line, searcher.nodes, time.perf_counter() - start, searcher.root_rule
    )
    if store is not None:
        store.remember(game, result)
    return result


def solve_growing(
    game: Game,
    first_budget: int,
    max_budget: int,
    should_stop: Callable[[], bool] | None = None,
    store: Store | None = None,
    *,
    probes: bool = True,
) -> tuple[SolveResult, int]:
    """:func:`solve` with a budget that grows tenfold, from ``first_budget`` up to ``max_budget``,
    while the position stays undecided (not after a memory stop or a cancel). Returns the last
    result and the nodes used by every try. With a ``store``, each try goes on from what the
    one before proved."""
    budget = first_budget
    used = 0
    while True:
        r = solve(game, budget, should_stop=should_stop, store=store, probes=probes)
        used += r.nodes
        if (
            r.verdict is not Verdict.UNKNOWN
            or budget >= max_budget
            or r.reason in ("memory", "cancelled")
        ):
            return r, used
        budget = min(budget * 10, max_budget)
