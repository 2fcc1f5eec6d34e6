"""The moves within the layout: pairs, kings, the Satchel's moves, and the forced ones.

A node's children (see :mod:`.search`) come from two generators: this one, for the moves that do
not involve the stock or the waste (:meth:`LayoutMoves._moves_now`), and :mod:`.cycle_moves`, for
the ones that do. Here too the caches by free slots (:meth:`LayoutMoves._free_by_rank`) both use,
and the forced moves (a move that loses nothing, played without branching:
:meth:`LayoutMoves._forced_move`).
"""

from __future__ import annotations

from desert_pyramid.engine import SATCHEL
from desert_pyramid.engine.cards import KING_RANK

from .bounds import Bounds
from .model import (
    KING_MOVE,
    LAYOUT_CACHE_MAX,
    LAYOUT_FLAG,
    PAIR_MOVE,
    STASH_MOVE,
    ModelMove,
    _Child,
    _Forced,
)

# The build writes the fingerprint of the search's sources here in the copy it compiles
# (setup.py, solver/fingerprint.py); "" in the source.
_COMPILED_FROM = ""


class LayoutMoves(Bounds):
    """The move generator's layout half (see the module)."""

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
