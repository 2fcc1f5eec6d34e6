"""The moves with stock and waste cards, each at its earliest time, and the children put in canonical form.

:meth:`CycleMoves._cycle_moves` is the general generator (any rules: the stock top, draw three,
the Satchel); :meth:`CycleMoves._waste_moves` is the same written out for the rules where only
the waste top plays and nothing is stashed (the classic and strict rules, most of the searches),
about twice as fast. tests/test_solver_windows.py holds the two equal, child for child, on the
nodes of real searches. :meth:`CycleMoves._settle` puts a child's cycle in canonical form (see
:meth:`~.model.Model.canonical_cycle`).
"""

from __future__ import annotations

from desert_pyramid.engine import SATCHEL, STOCK, WASTE
from desert_pyramid.engine.cards import KING_RANK

from .layout_moves import LayoutMoves
from .model import (
    KING_MOVE,
    LAYOUT_CACHE_MAX,
    PAIR_MOVE,
    STASH_MOVE,
    ModelMove,
    _Child,
    _lowest,
)

# The build writes the fingerprint of the search's sources here in the copy it compiles
# (setup.py, solver/fingerprint.py); "" in the source.
_COMPILED_FROM = ""


class CycleMoves(LayoutMoves):
    """The move generator's stock and waste half (see the module)."""

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
        cyc_rank = self.cyc_rank
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
            waste_times = (rep << (k + 1)) & new  # times when k is the waste top
            stock_times = ((rep << (prev + 1)) & new) if top else 0  # ... the stock top
            if not waste_times | stock_times:
                continue
            # (the waste-stock pair's board differs: its earliest waste time is kept for it)
            first_waste = waste_times & -waste_times
            if earliest:
                waste_times, stock_times = _earliest_alone(waste_times, stock_times)
            if cyc_rank[k] == KING_RANK:
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
            win = self._pair_card_moves(
                children, vacated, gone, satchel, start, free, indexes, live, live_cycle,
                free_by_rank, k, prev, in_cycle, waste_times, stock_times,
                first_waste if earliest else 0,
            )  # fmt: skip
            if win is not None:
                return win
        return None

    def _pair_card_moves(
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
        k: int,
        prev: int,
        in_cycle: int,
        waste_times: int,
        stock_times: int,
        first_waste: int,
    ) -> tuple[int, ModelMove] | None:
        """:meth:`_cycle_moves` for the card at cycle position ``k`` (not a king; ``prev``: the
        live position before it), at ``waste_times`` as the waste top and ``stock_times`` as the
        stock top: its pairs and its stash. ``first_waste``: where only a card's earliest time
        is generated, its earliest waste time (the waste-stock pair's board differs from the
        others': it gets that time of its own), else 0."""
        W = self.K + 1
        cyc_rank = self.cyc_rank
        order_time = self.order_time
        top = self.top_playable
        sat_rank = satchel & 15
        can_stash = self.satchel_rule and satchel == 0
        low = 1 << k
        r = cyc_rank[k]
        partner = 13 - r
        # the live position after k: the stock top while k is the waste top
        nxt = _lowest(in_cycle & ~((low << 1) - 1)) if top else -1
        nxt_partner = nxt >= 0 and cyc_rank[nxt] == partner
        fb = free_by_rank[partner]
        if not (fb or sat_rank == partner or can_stash or nxt_partner):
            return None
        back = prev + 1  # the index once the waste top k is gone
        pairs = self._pairs_with(fb, vacated, free, partner) if fb else ()
        gone_k = gone | low
        indexes_k = indexes & ~(low << 1)
        rank_live = 1 << 3 * r
        partner_live = 1 << 3 * partner
        live_cycle_k = live_cycle - rank_live
        if nxt_partner and first_waste and waste_times & first_waste != first_waste:
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
        nxt_pair = nxt if nxt_partner else -1
        stash_rank = r if can_stash else 0
        win = self._card_moves(
            children, vacated, gone_k, satchel, WASTE, waste_times, start, back, pairs, free,
            indexes_k, live_after, live_cycle_k, sat_rank == partner, nxt_pair, partner_live,
            stash_rank, live,
        )  # fmt: skip
        if win is None and stock_times:
            win = self._card_moves(
                children, vacated, gone_k, satchel, STOCK, stock_times, start, back, pairs,
                free, indexes_k, live_after, live_cycle_k, sat_rank == partner, -1,
                partner_live, stash_rank, live,
            )  # fmt: skip
        return win

    def _card_moves(
        self,
        children: list[_Child],
        vacated: int,
        gone_k: int,
        satchel: int,
        place: int,
        times: int,
        start: int,
        back: int,
        pairs: list[tuple[int, int, int, int]] | tuple[()],
        free: int,
        indexes_k: int,
        live_after: int,
        live_cycle_k: int,
        satchel_pair: bool,
        nxt_pair: int,
        partner_live: int,
        stash_rank: int,
        live: int,
    ) -> tuple[int, ModelMove] | None:
        """:meth:`_cycle_moves` for one card at each of ``times``, where it is the top of
        ``place`` (WASTE or STOCK): the card's moves at each time, earlier times first (see
        :meth:`_cycle_card_moves` for the other arguments). The waste top's move leaves the time at
        the index ``back`` (just past the live card before it) of its pass."""
        W = self.K + 1
        order_time = self.order_time
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
                satchel_pair,
                nxt_pair,
                partner_live,
                stash_rank,
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


def _earliest_alone(waste_times: int, stock_times: int) -> tuple[int, int]:
    """Of a card's times as the waste top and as the stock top, the earliest alone, in the mask of
    its place (see Searcher._cycle_moves)."""
    if not stock_times:
        return waste_times & -waste_times, 0
    first = (waste_times | stock_times) & -(waste_times | stock_times)
    return (0, first) if first & stock_times else (first, 0)
