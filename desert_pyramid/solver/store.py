"""What a search has explored and what a game's searches proved: the transposition table and the Store.

The transposition table (:class:`Table`, ``Model.table``) maps each board to the set of times
already explored from it, so positions that differ only in move order or in when the stock was
turned merge, and a board met again at a time that can be reached from an explored one is known
and skipped. Under draw one that set is every time from some first one on, and the table keeps
that first time (see :meth:`Table._visit_from`); under draw three, a bitmask (:meth:`Table._visit`).
A board is recorded before it is searched; the boards still open when a search stops are taken
back out (:meth:`Table.forget_open`), so the table holds only what was proved lost.

:class:`Store` keeps such a table, the bounds' memos and the answers by position between the
searches of one game (the hint, the rewind search, the analysis).
"""

from __future__ import annotations

from typing import Final

from desert_pyramid.engine import Game

from .model import (
    Model,
    SolveResult,
    Verdict,
    _Stop,
)

# The build writes the fingerprint of the search's sources here in the copy it compiles
# (setup.py, solver/fingerprint.py); "" in the source.
_COMPILED_FROM = ""

MAX_TABLE = 4_000_000
# boards a Store keeps between searches (about 150 MB); emptied past this
STORE_MAX: Final = 1_000_000
STORE_RESULTS_MAX: Final = 4_096  # answers by position a Store keeps


class Table(Model):
    """The transposition table: which boards were explored, from which times (see the module)."""

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

    def attach(self, searcher: Table) -> None:
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
