"""Analysis of a finished game: which move lost the deal, and what would have won instead.

Along one game, winnability is a prefix: a position reached from a lost position is lost, so the
positions after 0, 1, …, n moves are winnable up to some point and lost after it. The analysis
finds that point with as few searches as it can:

- a won game (or one whose last position is winnable) was never lost: nothing to search;
- otherwise a binary search over the positions, and every winning line found is followed along
  the game's own moves: while the player played the line's moves, those positions are winnable
  without a search;
- a position the node budget cannot decide is searched again with a larger budget (budgets grow
  tenfold up to ``max_budget``), so hard classic positions still get an answer.

The result marks every move: ``winnable`` (the position after it can still be won), ``lost``, or
``unknown``; and names **the move that lost the deal**: the first move after which no way through
exists, with the moves that kept the deal winnable there, in words.

:func:`analysis_steps` is the same analysis in steps, for a caller with no second process (the
browser's worker): a ``should_stop`` cuts a search short, the step yields what is known so far,
and the next step goes on with that search (the game's :class:`Store` keeps what it proved).
"""

from __future__ import annotations

import multiprocessing as mp
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnProcess

from desert_pyramid.engine import Game, Move
from desert_pyramid.engine.game import GameData
from desert_pyramid.engine.layout import LayoutData
from desert_pyramid.i18n.say import Say

from .core import SolveResult, Store, Verdict, solve, solve_growing
from .hints import explain_move, move_words

FIRST_BUDGET = 30_000
MAX_BUDGET = 3_000_000
ALTERNATIVE_BUDGET = 100_000


@dataclass(frozen=True, slots=True)
class MoveMark:
    """One move of the game and what the position after it is."""

    number: int  # 1-based
    move: Move
    text: Say  # the move in words, as it was played (``str()``: English; ``.text()``: shown)
    verdict: Verdict  # of the position after the move
    losing: bool = False  # the first move after which the deal could not be won


@dataclass(frozen=True, slots=True)
class Analysis:
    """What the solver says of every move of one game."""

    start: Verdict  # the deal itself
    marks: tuple[MoveMark, ...]
    losing_move: int | None = None  # 1-based number of the move that lost the deal
    instead: tuple[Say, ...] = ()  # the moves that kept it winnable there, in words
    advice: tuple[Say, ...] = ()  # the hint at that position: the winning move and why
    nodes: int = 0
    complete: bool = True  # every position decided

    def verdict_after(self, moves: int) -> Verdict:
        """The verdict of the position after ``moves`` moves (0: the deal)."""
        return self.start if moves == 0 else self.marks[moves - 1].verdict

    def to_dict(self) -> dict[str, object]:
        return {
            "start": self.start.value,
            "losing_move": self.losing_move,
            "instead": [str(s) for s in self.instead],
            "advice": " ".join(str(s) for s in self.advice),
            "nodes": self.nodes,
            "complete": self.complete,
            "moves": [
                {
                    "number": m.number,
                    "move": str(m.move),
                    "text": str(m.text),
                    "verdict": m.verdict.value,
                    "losing": m.losing,
                }
                for m in self.marks
            ],
        }


@dataclass
class _Search:
    game: Game
    moves: tuple[Move, ...]
    first_budget: int
    max_budget: int
    store: Store
    should_stop: Callable[[], bool] | None = None
    verdicts: dict[int, Verdict] = field(default_factory=dict)
    lines: dict[int, tuple[Move, ...]] = field(default_factory=dict)
    nodes: int = 0
    instead: tuple[Say, ...] = ()
    advice: tuple[Say, ...] = ()

    def position(self, k: int) -> Game:
        return self.game.after(k)

    def solve_at(self, k: int) -> Iterator[None]:
        """Search position k with growing budgets (``solve_growing``'s) until its verdict is
        recorded; winning lines are followed. Yields each time ``should_stop`` cut the search
        short: the next step searches on (the store keeps what the cut search proved)."""
        if self.should_stop is None:
            if k not in self.verdicts:
                r, used = solve_growing(
                    self.position(k), self.first_budget, self.max_budget, store=self.store
                )
                self.nodes += used
                self.record(k, r)
            return
        budget = self.first_budget
        while k not in self.verdicts:
            r = solve(self.position(k), budget, should_stop=self.should_stop, store=self.store)
            self.nodes += r.nodes
            if r.reason == "cancelled":
                yield
            elif (
                r.verdict is not Verdict.UNKNOWN
                or budget >= self.max_budget
                or r.reason == "memory"
            ):
                self.record(k, r)
            else:
                budget = min(budget * 10, self.max_budget)

    def record(self, k: int, r: SolveResult) -> None:
        self.verdicts[k] = r.verdict
        if r.verdict is Verdict.WINNABLE:
            self.lines[k] = r.line
            # Follow the line while the game played its moves: each position on it is winnable.
            for step, move in enumerate(r.line, start=1):
                if k + step > len(self.moves) or self.moves[k + step - 1] != move:
                    break
                self.verdicts.setdefault(k + step, Verdict.WINNABLE)
                self.lines.setdefault(k + step, r.line[step:])
        elif r.verdict is Verdict.LOST:
            for j in range(k + 1, len(self.moves) + 1):
                self.verdicts.setdefault(j, Verdict.LOST)


def analyse(
    game: Game,
    *,
    first_budget: int = FIRST_BUDGET,
    max_budget: int = MAX_BUDGET,
    on_progress: Callable[[Analysis], None] | None = None,
    store: Store | None = None,
) -> Analysis:
    """Analyse ``game``'s history (the moves that stand, undone moves left out). ``store``: the
    game's :class:`Store` (the hints' one, say); every search of the analysis shares one in any
    case, so each goes on from what the others proved."""
    result: Analysis | None = None
    for result in analysis_steps(
        game, first_budget=first_budget, max_budget=max_budget, store=store
    ):
        if on_progress is not None:
            on_progress(result)
    assert result is not None  # the last step is the complete analysis
    return result


def analysis_steps(
    game: Game,
    *,
    first_budget: int = FIRST_BUDGET,
    max_budget: int = MAX_BUDGET,
    store: Store | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Iterator[Analysis]:
    """:func:`analyse` in steps: a partial analysis after each search of the binary search and
    each time ``should_stop`` (asked every 256 nodes) cut a search short; the whole analysis
    last. A caller that has no process to spare runs a few steps at a time (a time limit in
    ``should_stop``) and stays responsive in between."""
    moves = game.history
    n = len(moves)
    if store is None or not store.fits(game):
        store = Store(game)
    s = _Search(game, moves, first_budget, max_budget, store, should_stop)
    if game.won:
        for k in range(n + 1):
            s.verdicts[k] = Verdict.WINNABLE
    else:
        for _cut in s.solve_at(n):
            yield _build(game, s, partial=True)
        if s.verdicts[n] is Verdict.WINNABLE:
            for k in range(n + 1):
                s.verdicts.setdefault(k, Verdict.WINNABLE)
        else:
            # Binary search for the last winnable position between 0 and n.
            lo, hi = -1, n  # lo: proved winnable (or none yet); hi: not proved winnable
            while hi - lo > 1:
                mid = (lo + hi) // 2
                for _cut in s.solve_at(mid):
                    yield _build(game, s, partial=True)
                if s.verdicts[mid] is Verdict.WINNABLE:
                    lo = max(k for k, vv in s.verdicts.items() if vv is Verdict.WINNABLE and k < hi)
                else:
                    hi = mid
                yield _build(game, s, partial=True)
            # Positions between a proved win and a proved loss that a budget could not decide stay
            # unknown; everything before a proved win is winnable, everything after a loss lost.
            last_win = max((k for k, v in s.verdicts.items() if v is Verdict.WINNABLE), default=-1)
            for k in range(last_win + 1):
                s.verdicts[k] = Verdict.WINNABLE
    losing = _losing(s)
    if losing is not None:
        before = s.position(losing - 1)
        for _cut in _winning_moves(before, s, losing - 1):
            yield _build(game, s, partial=True)
        line = s.lines.get(losing - 1)
        if line:
            words, used = explain_move(
                before, SolveResult(Verdict.WINNABLE, line), alternatives=False
            )
            s.nodes += used
            s.advice = tuple(words)
    yield _build(game, s, partial=False)


def _losing(s: _Search) -> int | None:
    """The first move after which the deal could not be won (1-based), if the verdicts say."""
    for k in range(1, len(s.moves) + 1):
        if s.verdicts.get(k - 1) is Verdict.WINNABLE and s.verdicts.get(k) is Verdict.LOST:
            return k
    return None


def _build(game: Game, s: _Search, partial: bool) -> Analysis:
    moves = s.moves
    n = len(moves)
    verdicts = [s.verdicts.get(k, Verdict.UNKNOWN) for k in range(n + 1)]
    losing = _losing(s)
    replay = Game(game.layout, game.rules, game.deal, game.multiplier)
    marks: list[MoveMark] = []
    for k, move in enumerate(moves, start=1):
        text = move_words(replay, move)
        replay.play(move)
        marks.append(MoveMark(k, move, text, verdicts[k], losing == k))
    instead = s.instead if losing is not None and not partial else ()
    advice = s.advice if losing is not None and not partial else ()
    complete = all(v is not Verdict.UNKNOWN for v in verdicts)
    return Analysis(
        verdicts[0], tuple(marks), losing, instead, advice, s.nodes, complete and not partial
    )


def _winning_moves(before: Game, s: _Search, k: int) -> Iterator[None]:
    """The moves from position k that keep the deal winnable, in words, into ``s.instead`` (the
    line's first move first; others only when a search proves them). Yields each time
    ``should_stop`` cut a search short: the next step searches that move again."""
    out: list[Say] = []
    line = s.lines.get(k)
    known = line[0] if line else None
    if known is not None:
        out.append(move_words(before, known))
    for move in before.legal_moves():
        if move == known or move == s.moves[k]:
            continue
        g = before.copy()
        g.play(move)
        while True:
            r = solve(g, ALTERNATIVE_BUDGET, should_stop=s.should_stop, store=s.store)
            s.nodes += r.nodes
            if r.reason != "cancelled":
                break
            yield
        if r.verdict is Verdict.WINNABLE:
            out.append(move_words(before, move))
    s.instead = tuple(out)


def losing_move_of(marks: Sequence[MoveMark]) -> MoveMark | None:
    return next((m for m in marks if m.losing), None)


# -- in the background --------------------------------------------------------------------------


def _analysis_worker(
    conn: Connection,
    game_data: GameData,
    layout_data: LayoutData,
    first_budget: int,
    max_budget: int,
) -> None:
    from .lifeline import start_parent_watch, yield_to_the_window

    start_parent_watch()
    yield_to_the_window()
    from desert_pyramid.engine import Layout

    try:
        layout = Layout.from_dict(layout_data, source="analysis request")
        game = Game.from_dict(game_data, layout)
        analyse(game, first_budget=first_budget, max_budget=max_budget, on_progress=conn.send)
    except (BrokenPipeError, EOFError, OSError):
        return  # the window went away
    except Exception as exc:  # report, never die silently
        try:
            conn.send(f"{type(exc).__name__}: {exc}")
        except OSError:
            return
    finally:
        try:
            conn.close()
        except OSError:
            pass


class AnalysisRunner:
    """An analysis in a separate process: :meth:`poll` returns the latest (partial or complete)
    :class:`Analysis` without blocking. The process ends when the analysis is complete, on
    :meth:`close`, or within a moment of its parent's death."""

    def __init__(
        self, game: Game, *, first_budget: int = FIRST_BUDGET, max_budget: int = MAX_BUDGET
    ) -> None:
        ctx = mp.get_context("spawn")
        conn, child = ctx.Pipe(duplex=False)
        self._conn: Connection | None = conn
        self.latest: Analysis | None = None
        self.error: str | None = None
        self._proc: SpawnProcess | None = ctx.Process(
            target=_analysis_worker,
            args=(child, game.to_dict(), game.layout.to_dict(), first_budget, max_budget),
            daemon=True,
            name="desert-pyramid-analysis",
        )
        self._proc.start()
        child.close()

    @property
    def pid(self) -> int | None:
        """The worker process's id (``None`` once closed)."""
        return None if self._proc is None else self._proc.pid

    @property
    def done(self) -> bool:
        return (
            (self.latest is not None and self.latest.complete)
            or self.error is not None
            or self._proc is None
        )

    def poll(self) -> Analysis | None:
        """The newest analysis received so far (``None`` before the first)."""
        conn = self._conn
        try:
            while conn is not None and conn.poll():
                item = conn.recv()
                if isinstance(item, str):
                    self.error = item
                else:
                    self.latest = item
        except (EOFError, OSError):
            self._conn = None
        return self.latest

    def wait(self, timeout: float = 60.0) -> Analysis | None:
        """Block until the analysis is complete (for the command line and tests)."""
        import time

        end = time.monotonic() + timeout
        while not self.done and time.monotonic() < end and self._conn is not None:
            if self._conn.poll(0.05):
                self.poll()
        return self.poll()

    def close(self) -> None:
        proc, self._proc = self._proc, None
        if self._conn is not None:
            try:
                self._conn.close()
            except OSError:
                pass
            self._conn = None
        if proc is not None and proc.is_alive():
            proc.terminate()
            proc.join(timeout=2.0)

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass


__all__ = [
    "Analysis",
    "AnalysisRunner",
    "MoveMark",
    "analyse",
    "analysis_steps",
    "losing_move_of",
]
