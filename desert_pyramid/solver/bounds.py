"""The sound cuts: a board proved lost without being searched.

Each is a relaxation of the game (every real line maps onto a line of the relaxed game, so when the
relaxed game cannot be won, neither can the real one), asked by :meth:`Bounds._hopeless` at a new
board:

* the *rank-pair game* (:meth:`Bounds.pair_game_ok`): only the cards of ranks q and 13 - q;
* the *free-stock relaxation* (:meth:`Bounds.relaxed_clearable`): every stock and waste card
  usable at any time, each once; its states count as search nodes;
* the *window bound* (:meth:`Bounds._window_lost`): where only the waste top plays and the passes
  are limited, the cards a dead card buries until the next pass.

docs/solver.md ("Pruning rules, each sound") gives the arguments; tests/test_solver_windows.py and
tests/test_solver_props.py check them against brute force.
"""

from __future__ import annotations

from typing import Final

from desert_pyramid.engine.cards import KING_RANK

from .model import (
    LAYOUT_CACHE_MAX,
    LAYOUT_FLAG,
    _bits,
    _WindowShape,
)
from .store import Table

# The build writes the fingerprint of the search's sources here in the copy it compiles
# (setup.py, solver/fingerprint.py); "" in the source.
_COMPILED_FROM = ""

# The free-stock relaxation (see Searcher.relaxed_clearable): new states allowed per check, and
# how many checks may run out before it is switched off for the rest of the search. Its states
# count as search nodes.
RELAX_STATES_PER_CALL: Final = 5_000
RELAX_GIVEUPS: Final = 10
RELAX_MEMO_MAX: Final = 1_000_000  # the relaxation's memo is emptied past this (it is only a cache)


class _GiveUp(Exception):
    """The free-stock relaxation grew too large for one call."""


class Bounds(Table):
    """The bounds of a board: the rank-pair game, the free-stock relaxation, the window bound."""

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
        cnt = {q: ca, 13 - q: cb}
        free = self._pq_free(P)
        relaxed = self.relaxed
        for x in free:
            rx = slot_rank[x]
            p = 13 - rx
            Px = P & ~(1 << x)
            for y in free:
                if y > x and slot_rank[y] == p and self._pq(q, Px & ~(1 << y), ca, cb, sq):
                    return True
            if relaxed and self._pq_on_partner(q, P, x, ca, cb, sq):
                return True
            if cnt[p]:
                na, nb = (ca - 1, cb) if p == q else (ca, cb - 1)
                if self._pq(q, Px, na, nb, sq):
                    return True
            if sat_rank == p and self._pq(q, Px, ca, cb, 0):
                return True
        return self._pq_satchel(q, P, ca, cb, sat_rank, free)

    def _pq_free(self, P: int) -> list[int]:
        """The rank-pair game's free cards: the slots of ``P`` with none of ``P`` lying on them."""
        above = self.above
        free: list[int] = []
        m = P
        while m:
            low = m & -m
            m ^= low
            x = low.bit_length() - 1
            if not above[x] & P:
                free.append(x)
        return free

    def _pq_on_partner(self, q: int, P: int, x: int, ca: int, cb: int, sq: int) -> bool:
        """Relaxed match: whether the game is won after the free card ``x`` pairs with a partner
        it lies on, which only ``x`` covers."""
        slot_rank = self.slot_rank
        above = self.above
        p = 13 - slot_rank[x]
        Px = P & ~(1 << x)
        for y in self.on[x]:
            if P >> y & 1 and slot_rank[y] == p and above[y] & P == 1 << x:
                if self._pq(q, Px & ~(1 << y), ca, cb, sq):
                    return True
        return False

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
        per_pass = dead.bit_count() + 1
        rank_pos = self.rank_pos
        earliest = [0] * len(items)
        for i, (q, nearest_above) in enumerate(items):
            e = 0
            for y in nearest_above:
                if earliest[y] > e:
                    e = earliest[y]
            cards = in_cycle & rank_pos[q]  # the live stock/waste partners
            w = _first_window(cards, e, reachable, stock, dead, dead_stock, later, per_pass)
            if w < 0:
                return True  # no window left for this card
            earliest[i] = w
        # Each such card takes a stock/waste partner of its own, one whose last window is no
        # sooner than the card's earliest: per partner rank, the t cards with the latest earliest
        # windows need t partners whose last windows come no sooner than the t-th of those.
        # (the first window of the next pass: the dead stock cards' count + 1)
        last_base = dead_stock.bit_count() + 1 + (later - 1) * per_pass
        for q, members in groups:
            es = [earliest[i] for i in members]
            cards = in_cycle & rank_pos[q]
            lasts = _last_windows(cards, later, last_base, reachable, stock, dead, dead_stock)
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


def _after_nth(cards: int, marks: int, nth: int) -> int:
    """The positions of ``cards`` past the ``nth`` lowest position of ``marks`` (counted from 1);
    none when ``marks`` has fewer (the window bound: the cards after the nth dead card)."""
    for _ in range(nth - 1):
        marks &= marks - 1
    return cards & ~(((marks & -marks) << 1) - 1) if marks else 0


def _first_window(
    cards: int,
    e: int,
    reachable: int,
    stock: int,
    dead: int,
    dead_stock: int,
    later: int,
    per_pass: int,
) -> int:
    """The window bound: the first window from ``e`` on that holds one of ``cards`` (cycle
    positions), or -1 when none does. ``reachable``: the waste cards of window 0; ``stock``: the
    stock's positions; ``dead``, ``dead_stock``: the dead cards, all and in the stock;
    ``later``: passes left after this one; ``per_pass``: the windows of a whole pass."""
    if not e and cards & reachable:
        return 0
    m = cards & stock
    if m and e:  # only the stock cards after the e-th dead one
        m = _after_nth(m, dead_stock, e)
    if m:
        return (dead_stock & ((m & -m) - 1)).bit_count()
    if not (cards and later):
        return -1
    base = dead_stock.bit_count() + 1  # the first window of the next pass
    for _ in range(later):
        m = cards if e <= base else _after_nth(cards, dead, e - base)
        if m:
            return base + (dead & ((m & -m) - 1)).bit_count()
        base += per_pass
    return -1


def _last_windows(
    cards: int, later: int, last_base: int, reachable: int, stock: int, dead: int, dead_stock: int
) -> list[int]:
    """The window bound: the last window of each of ``cards`` that can be played at all (the
    arguments as in :func:`_first_window`; ``last_base``: the first window of the last pass)."""
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
    return lasts
