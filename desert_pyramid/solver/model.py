"""The position compiled into integers: the state every part of the search works on.

The search works on a compact state of its own, built from an engine :class:`Game` by
:meth:`Model.from_game`:

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

``(vacated, gone, satchel)`` is the *board*. Flips and redeals change only the time: this module
also works out which times are reachable from a time (:meth:`Model.reach`), the flips and redeals
between two of them (:meth:`Model.advance`), the canonical form of a cycle
(:meth:`Model.canonical_cycle`) and the node budget (:meth:`Model._tick`).

:class:`Model` holds every field of the search, the tables of the later parts among them (each
field's comment names who uses it): :meth:`Model.from_game` builds them all, and the classes of
:mod:`.store`, :mod:`.bounds`, :mod:`.layout_moves`, :mod:`.cycle_moves` and :mod:`.search`
extend it, one concern each, with methods only. Here too: the answer's types (:class:`Verdict`,
:class:`SolveResult`), the layout's geometry and the small bit helpers.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final, Self

from desert_pyramid.engine import Game, Layout, Move, Rules
from desert_pyramid.engine.cards import KING_RANK, RANKS
from desert_pyramid.engine.moves import FLIP_MOVE, REDEAL_MOVE, MoveKind
from desert_pyramid.solver.lifeline import let_others_run

# The build writes the fingerprint of the search's sources here in the copy it compiles
# (setup.py, solver/fingerprint.py); "" in the source.
_COMPILED_FROM = ""
NATIVE = _COMPILED_FROM != ""  # this module is that compiled copy

# (Final: a compiled search reads them as constants, not from the module's globals)
KING_MOVE: Final = MoveKind.KING
PAIR_MOVE: Final = MoveKind.PAIR
STASH_MOVE: Final = MoveKind.STASH
LAYOUT_FLAG: Final = 16  # in the Satchel code: the parked card is a layout card
DEFAULT_BUDGET = 2_000_000
RX_INNER_AFTER: Final = 256  # nodes before the free-stock relaxation is asked below the root
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
class Model:
    """The compiled position and every table the search keeps. Build with :meth:`from_game`."""

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
    ) -> Self:
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
        root_vacated = _vacated_slots(game.cards)
        rules = game.rules
        cycle, waste_len, purged = _model_cycle(game, plain)
        pos, full_cycle = _cycle_positions(cycle, cycle_order)
        K = len(full_cycle)
        limit = rules.max_redeals if max_redeals is None else max_redeals
        unlimited = limit is None
        passes = 1 if limit is None else max(limit, game.redeals) + 1
        W = K + 1
        p0 = 0 if unlimited else game.redeals
        root_time = p0 * W + (pos[waste_len - 1] + 1 if waste_len else 0)
        rank_cards = _rank_cards(game.cards, pos, cycle)
        root_gone = (1 << K) - 1
        for k in pos:
            root_gone &= ~(1 << k)
        rep = 0
        for p in range(passes):
            rep |= 1 << (p * (K + 1))
        last_start = 1 << 30 if limit is None else (passes - 1) * (K + 1)
        waste_only = _waste_only(rules, plain)
        return cls(
            rep=rep,
            last_start=last_start,
            rank_pos=_rank_positions(full_cycle),
            qmask=_pair_masks(slot_rank),
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
            root_satchel=_satchel_code(game),
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

    # -- the budget, the root, the canonical form, the line ------------------------------------
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


def _vacated_slots(cards: list[int]) -> int:
    """The layout slots with no card (bitmask)."""
    vacated = 0
    for i, c in enumerate(cards):
        if c < 0:
            vacated |= 1 << i
    return vacated


def _satchel_code(game: Game) -> int:
    """The Satchel as the model codes it: 0 when empty, else the card's rank, plus LAYOUT_FLAG
    when it is a layout card."""
    if game.satchel < 0:
        return 0
    return RANKS[game.satchel] + (LAYOUT_FLAG if game.satchel_from >= 0 else 0)


def _rank_cards(
    cards: list[int], pos: list[int], cycle: list[int]
) -> dict[int, list[tuple[int, int]]]:
    """The live cards by rank, for the pairing check: (0, slot) for a layout card, (1, cycle
    position) for a stock or waste card."""
    by_rank: dict[int, list[tuple[int, int]]] = {r: [] for r in range(1, 14)}
    for i, c in enumerate(cards):
        if c >= 0:
            by_rank[RANKS[c]].append((0, i))
    for k, c in zip(pos, cycle, strict=True):
        by_rank[RANKS[c]].append((1, k))
    return by_rank


def _pair_masks(slot_rank: list[int]) -> list[int]:
    """By q from 1 to 6: the layout slots of ranks q and 13 - q (kings in none)."""
    qmask = [0] * 7
    for i, r in enumerate(slot_rank):
        if r and r != KING_RANK:
            qmask[min(r, 13 - r)] |= 1 << i
    return qmask


def _rank_positions(full_cycle: list[int]) -> list[int]:
    """By rank: the cycle positions of its cards (bitmasks)."""
    rank_pos = [0] * 14
    for k, c in enumerate(full_cycle):
        rank_pos[RANKS[c]] |= 1 << k
    return rank_pos


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
