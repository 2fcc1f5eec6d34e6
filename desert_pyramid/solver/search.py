"""The exact search: is there a line of moves that wins from this position?

A *board* is ``(vacated, gone, satchel)`` (see :mod:`.model`). Flips and redeals change only
the time, and from a time every later time is reachable by flipping and redealing alone (draw
one), or a known set of times (draw three: the index moves three live cards at a time). So a node
of the search (:meth:`Searcher._search`, which names its phases) is a board with a start time,
and its children (:mod:`.layout_moves`, :mod:`.cycle_moves`) are the removals and Satchel moves
available at *any* time reachable from it without changing the board; the flips leading there are
implicit and are written out only when a winning line is reported (:func:`_real_line`). The
transposition table (:mod:`.store`) maps each board to the set of times already explored from it.

Verdicts: WINNABLE with a line that replays in the engine, LOST when the whole reachable space is
exhausted (pruned only by the sound cuts of :mod:`.bounds` and the forced moves), UNKNOWN when the
node budget (or an optional wall-clock cap for interactive use, or a cancel request passed in) runs
out. Budgets count nodes, so a verdict never depends on the machine.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from operator import itemgetter

from desert_pyramid.engine import STOCK, WASTE, Game, Move
from desert_pyramid.engine.moves import FLIP_MOVE, REDEAL_MOVE, MoveKind

from .cycle_moves import CycleMoves
from .model import (
    DEFAULT_BUDGET,
    ModelMove,
    SolveResult,
    Verdict,
    _Child,
    _Forced,
    _Stop,
)
from .store import Store

# The build writes the fingerprint of the search's sources here in the copy it compiles
# (setup.py, solver/fingerprint.py); "" in the source.
_COMPILED_FROM = ""

QUICK_FIRST = 256  # nodes of exhaustive search tried before the root's free-stock check
PROBE_FIRST = 2_000  # nodes of exhaustive search before the discrepancy probes
PROBE_DEPTH = 3  # probes allow up to this many discrepancies
PROBE_CAP = 25_000  # nodes all probes may use together


class Searcher(CycleMoves):
    """The search over a compiled position. Build with :meth:`from_game`."""

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
        if self.plain:  # the bare search: no rule, no phase
            return Verdict.WINNABLE if self._search(*root) else Verdict.LOST
        for q in range(1, 7):
            if not self.pair_game_ok(q, vacated, live_cycle, satchel):
                self.root_rule = "pairing"
                return Verdict.LOST
        if self.rx_after > 0 and self._quick_win(root):
            return Verdict.WINNABLE
        if not self.settling:
            # From here on every node is put in canonical form, the root first. (A board the
            # first nodes left in the table as dealt is the same position under another number:
            # still right, only not merged.)
            self._start_settling()
            root = self.root_state()
        if not self.relaxed_clearable(
            vacated, live_cycle, satchel, self._must(live, live_cycle, satchel)
        ):
            self.root_rule = "free-stock"
            return Verdict.LOST
        # In the last pass (one-pass rules) wins are rare and the probes rarely pay: skip them.
        probed = self.probed
        root_key = (vacated, gone, satchel, self.root_time)
        if (
            self.probes
            and self.root_time < self.last_start
            and (probed is None or root_key not in probed)
        ):
            decided = self._probe_first(root)
            if decided is not None:
                return decided
            if probed is not None:
                # A store's next search of this position (a larger budget) would run the very
                # same probes again, to the same end: they are not run twice.
                probed.add(root_key)
        if self._search(*root):
            return Verdict.WINNABLE
        return Verdict.LOST

    def _quick_win(self, root: tuple[int, int, int, int, int, int, int, int]) -> bool:
        """Most deals are won within a few hundred nodes: the first QUICK_FIRST nodes of the
        exhaustive search run before the root's free-stock check, which often costs more than
        such a search. The check cannot cut anything from a winnable root, so a win found here is
        the very line that the search after it would find; anything else (a loss, the cap) goes
        on to the check, which names a lost root's rule. Whether it found a win."""
        if (
            self._phase(lambda: self._search(*root), QUICK_FIRST)
            and self._phase_result is Verdict.WINNABLE
        ):
            return True
        self.path = []
        return False

    def _probe_first(self, root: tuple[int, int, int, int, int, int, int, int]) -> Verdict | None:
        """The exhaustive search for PROBE_FIRST nodes, then the discrepancy probes: the verdict
        when they decide the root, else None (the last exhaustive search decides).

        The exhaustive search decides most deals in a few dozen nodes. When it does not, a hard
        win is usually a line that leaves the search's favourite move only two to five times,
        deep under a big lost subtree that the exhaustive search would finish first. Limited
        discrepancy probes (Harvey & Ginsberg 1995) look for such lines first: a probe with d
        discrepancies follows the first child and allows at most d other choices on the way. A
        probe's answer is only ever a win (a real line, checked like any other); a board whose
        whole subtree a probe searched is proved lost and kept (see _probe_proved). When they
        find no win, the exhaustive search runs again from the root, and only it can prove the
        position lost. The boards the phases before proved lost stay in the table (see _phase):
        the probes skip them, and the search after them does not search them again."""
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
        self.path = []
        return None

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
        cuts = self.probe_cuts  # (a probe's board: proved lost if none comes below it)
        plain = self.plain
        # (_hopeless has nothing to check on a board met before, outside the last pass)
        if (
            not plain
            and (new_board or start >= self.last_start)
            and self._hopeless(vacated, gone, satchel, start, live, live_cycle, new_board)
        ):
            self._close(key, reach, exhaustive, cuts)
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
                self._close(key, reach, exhaustive, cuts)
                return False
        children: list[_Child] = []
        self.best_only = discrepancies == 0
        win = self._moves_now(
            children, vacated, gone, satchel, start, free, indexes, live, live_cycle, free_by_rank
        )
        by_waste = self.waste_only and not satchel  # (see _waste_moves)
        if win is None and K:
            win = self._later_moves(
                children, vacated, gone, satchel, start, free, indexes, live, live_cycle,
                free_by_rank, reach, explored, by_waste,
            )  # fmt: skip
        if win is not None:
            self.path.append((gone, start, win[0], win[1]))
            return True
        # (_waste_moves puts its children in canonical form; the others' are put in it only
        # when they are searched: most are never searched)
        settle = self.settling and not by_waste
        if self._descend(children, gone, start, discrepancies, settle):
            return True
        self._close(key, reach, exhaustive, cuts)
        return False

    def _close(self, key: int, reach: int, exhaustive: bool, cuts: int) -> None:
        """A board of :meth:`_search` found lost: the exhaustive search's is no longer open (see
        :meth:`forget_open`); a probe's is proved lost when nothing was cut below it (no probe
        cut since ``cuts``)."""
        if exhaustive:
            self.stack.pop()
        elif self.probe_cuts == cuts:
            self._probe_proved(key, reach)

    def _later_moves(
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
        reach: int,
        explored: int,
        by_waste: bool,
    ) -> tuple[int, ModelMove] | None:
        """The moves of :meth:`_search`'s node with stock or waste cards at the times not
        explored yet (``reach`` and ``explored`` as there): the waste-only generator's where it
        applies (``by_waste``), else the general one's. A winning move, if one is found."""
        # (each called by name: a compiled search calls a method it names directly)
        if by_waste:  # (draw one: the new times are those from reach up to explored)
            return self._waste_moves(
                children, vacated, gone, satchel, start, free, indexes, live, live_cycle,
                free_by_rank, reach, explored,
            )  # fmt: skip
        if self.draw == 1:
            times = self.reach(gone, indexes, start)  # (a bitmask)
            new = times & ((1 << explored) - 1)
        else:
            times = reach
            new = reach & ~explored
        return self._cycle_moves(
            children, vacated, gone, satchel, start, free, indexes, live, live_cycle,
            free_by_rank, new, times,
        )  # fmt: skip

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


_first_item = itemgetter(0)


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
