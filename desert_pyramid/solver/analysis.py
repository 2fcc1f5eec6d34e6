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
"""

from __future__ import annotations

import multiprocessing as mp
from collections.abc import Callable, Sequence
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
    verdicts: dict[int, Verdict] = field(default_factory=dict)
    lines: dict[int, tuple[Move, ...]] = field(default_factory=dict)
    nodes: int = 0

    def position(self, k: int) -> Game:
        return self.game.after(k)

    def solve_at(self, k: int) -> Verdict:
        """The verdict of position k, searched with growing budgets; winning lines are followed."""
        if k in self.verdicts:
            return self.verdicts[k]
        r, used = solve_growing(
            self.position(k), self.first_budget, self.max_budget, store=self.store
        )
        self.nodes += used
        self.record(k, r)
        return r.verdict

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
    moves = game.history
    n = len(moves)
    if store is None or not store.fits(game):
        store = Store(game)
    s = _Search(game, moves, first_budget, max_budget, store)
    if game.won:
        for k in range(n + 1):
            s.verdicts[k] = Verdict.WINNABLE
    else:
        s.solve_at(n)
        if s.verdicts[n] is Verdict.WINNABLE:
            for k in range(n + 1):
                s.verdicts.setdefault(k, Verdict.WINNABLE)
        else:
            # Binary search for the last winnable position between 0 and n.
            lo, hi = -1, n  # lo: proved winnable (or none yet); hi: not proved winnable
            while hi - lo > 1:
                mid = (lo + hi) // 2
                v = s.solve_at(mid)
                if v is Verdict.WINNABLE:
                    lo = max(k for k, vv in s.verdicts.items() if vv is Verdict.WINNABLE and k < hi)
                else:
                    hi = mid
                if on_progress is not None:
                    on_progress(_build(game, s, partial=True))
            # Positions between a proved win and a proved loss that a budget could not decide stay
            # unknown; everything before a proved win is winnable, everything after a loss lost.
            last_win = max((k for k, v in s.verdicts.items() if v is Verdict.WINNABLE), default=-1)
            for k in range(last_win + 1):
                s.verdicts[k] = Verdict.WINNABLE
    result = _build(game, s, partial=False)
    if on_progress is not None:
        on_progress(result)
    return result


def _build(game: Game, s: _Search, partial: bool) -> Analysis:
    moves = s.moves
    n = len(moves)
    verdicts = [s.verdicts.get(k, Verdict.UNKNOWN) for k in range(n + 1)]
    losing: int | None = None
    for k in range(1, n + 1):
        if verdicts[k - 1] is Verdict.WINNABLE and verdicts[k] is Verdict.LOST:
            losing = k
            break
    replay = Game(game.layout, game.rules, game.deal, game.multiplier)
    marks: list[MoveMark] = []
    for k, move in enumerate(moves, start=1):
        text = move_words(replay, move)
        replay.play(move)
        marks.append(MoveMark(k, move, text, verdicts[k], losing == k))
    instead: tuple[Say, ...] = ()
    advice: tuple[Say, ...] = ()
    if losing is not None and not partial:
        before = s.position(losing - 1)
        instead = _winning_moves(before, s, losing - 1)
        line = s.lines.get(losing - 1)
        if line:
            words, used = explain_move(
                before, SolveResult(Verdict.WINNABLE, line), alternatives=False
            )
            s.nodes += used
            advice = tuple(words)
    complete = all(v is not Verdict.UNKNOWN for v in verdicts)
    return Analysis(
        verdicts[0], tuple(marks), losing, instead, advice, s.nodes, complete and not partial
    )


def _winning_moves(before: Game, s: _Search, k: int) -> tuple[Say, ...]:
    """The moves from position k that keep the deal winnable, in words (the line's first move
    first; others only when a search proves them)."""
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
        r = solve(g, ALTERNATIVE_BUDGET, store=s.store)
        s.nodes += r.nodes
        if r.verdict is Verdict.WINNABLE:
            out.append(move_words(before, move))
    return tuple(out)


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


__all__ = ["Analysis", "AnalysisRunner", "MoveMark", "analyse", "losing_move_of"]
