"""How hard a layout is, measured while it is being drawn: the solver on random deals, off the frame.

:func:`estimate` deals :data:`ESTIMATE_DEALS` random deals on a layout and solves each under the
relaxed and the desert presets with a node budget per deal, as ``bench/layout_difficulty.py``
measures the game's own layouts (with fewer deals and a smaller budget, to answer in seconds): a
deal is won (the solver's line replays to a win in the engine), lost (proved) or unknown (the
budget ran out; never counted as won). The rates come with Wilson 95% intervals and the grade word
the picker uses (:func:`desert_pyramid.difficulty.difficulty_word` of the relaxed rate).

Progress and cancellation are passed in (``on_progress``, ``should_stop``), so it runs as well on
a thread as in a process. :class:`EstimateService` runs it in a separate process for the editor:
``request(layout)`` returns at once, a newer request replaces the one in progress, and ``poll()``
never blocks, so the window never waits for it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from multiprocessing.connection import Connection

from desert_pyramid.difficulty import UNRATED, LayoutDifficulty, RuleRate, difficulty_word
from desert_pyramid.engine import PRESETS, Deal, EngineError, Game, Layout
from desert_pyramid.i18n import N_
from desert_pyramid.solver import Verdict, solve
from desert_pyramid.solver.lifeline import exit_now, start_parent_watch, yield_to_the_window
from desert_pyramid.solver.service import WorkerService, read_requests

#: Why the estimate stopped when its process did (translated where it is shown).
PROCESS_STOPPED = N_("the estimate process stopped")

ESTIMATE_DEALS = 300  # random deals per rule set
ESTIMATE_BUDGET = 50_000  # solver nodes per deal and rule set; beyond it a deal is "unknown"
ESTIMATE_SEED = (
    20261201  # the deals are Deal.from_seed(ESTIMATE_SEED, i): the same for every layout
)
PROGRESS_EVERY = 10  # deals between two progress reports
RULES = ("relaxed", "desert")


@dataclass(frozen=True, slots=True)
class Estimate:
    """What the solver found so far on a layout's random deals."""

    relaxed: RuleRate
    desert: RuleRate
    planned: int  # deals to solve under each rule set
    seconds: float = 0.0
    cancelled: bool = False

    @property
    def done(self) -> int:
        """Deals solved under both rule sets."""
        return min(self.relaxed.deals, self.desert.deals)

    @property
    def complete(self) -> bool:
        return self.done >= self.planned

    @property
    def fraction(self) -> float:
        return self.done / self.planned if self.planned else 1.0

    @property
    def word(self) -> str:
        """The picker's grade (Gentle, Moderate, Tricky, Fiendish), or "unrated" before any deal."""
        return difficulty_word(self.relaxed.rate) if self.relaxed.deals else UNRATED

    def difficulty(self, number: int = 0, name: str = "") -> LayoutDifficulty:
        """As the picker's difficulty entries: ``percent()``, ``interval()``,
        ``interval_text()`` ("64% to 68%", Wilson 95%, unknowns counted both ways) and ``word``."""
        return LayoutDifficulty(number, name, self.relaxed, self.desert, self.word)

    def interval_text(self, rules: str = "relaxed") -> str:
        return self.difficulty().interval_text(rules)


Progress = Callable[[Estimate], None]


def _outcome(layout: Layout, rules: str, deal: Deal, budget: int, stop: Callable[[], bool]) -> str:
    game = Game(layout, PRESETS[rules], deal)
    result = solve(game, budget, should_stop=stop)
    if result.verdict is Verdict.WINNABLE:
        try:
            for move in result.line:
                game.play(move)
        except EngineError:
            return "unknown"  # a line that does not replay is never counted as a win
        return "won" if game.won else "unknown"
    if result.verdict is Verdict.LOST:
        return "lost"
    return "cancelled" if result.reason == "cancelled" else "unknown"


def estimate(
    layout: Layout,
    *,
    deals: int = ESTIMATE_DEALS,
    budget: int = ESTIMATE_BUDGET,
    seed: int = ESTIMATE_SEED,
    on_progress: Progress | None = None,
    should_stop: Callable[[], bool] | None = None,
    every: int = PROGRESS_EVERY,
) -> Estimate:
    """Solve ``deals`` random deals of ``layout`` under the relaxed and the desert presets.

    ``on_progress`` gets the estimate so far every ``every`` deals (and at the end);
    ``should_stop`` is asked between deals and inside each search, and ends the estimate early
    (``cancelled``; the deals finished so far are kept)."""
    if not 1 <= deals <= 100_000 or not 1 <= budget <= 100_000_000:
        raise ValueError(f"deals ({deals}) or budget ({budget}) out of range")
    stop = should_stop or (lambda: False)
    counts = {r: {"won": 0, "lost": 0, "unknown": 0} for r in RULES}
    start = time.perf_counter()
    cancelled = False

    def now() -> Estimate:
        rates = {r: RuleRate(**counts[r]) for r in RULES}
        return Estimate(
            rates["relaxed"], rates["desert"], deals, time.perf_counter() - start, cancelled
        )

    for i in range(deals):
        deal = Deal.from_seed(seed, i)
        outcomes = []
        for rules in RULES:
            if stop():
                cancelled = True
                break
            outcome = _outcome(layout, rules, deal, budget, stop)
            if outcome == "cancelled":
                cancelled = True
                break
            outcomes.append((rules, outcome))
        if cancelled:
            break  # a deal solved under one rule set only is left out
        for rules, outcome in outcomes:
            counts[rules][outcome] += 1
        if on_progress is not None and (i + 1) % every == 0 and i + 1 < deals:
            on_progress(now())
    final = now()
    if on_progress is not None:
        on_progress(final)
    return final


# -- in a separate process ----------------------------------------------------------------------

ESTIMATE = "estimate"  # ("estimate", request id, layout data, deals, budget, seed)

#: what the worker sends back: (request id, the estimate so far, the error that stopped it)
_Answer = tuple[int, Estimate | None, str | None]


def _report(send: Callable[[_Answer], None], req_id: int, e: Estimate) -> None:
    send((req_id, e, None))


def _worker(requests: Connection, answers: Connection) -> None:
    start_parent_watch()
    yield_to_the_window()
    inbox = read_requests(requests, ESTIMATE)
    while True:
        item = inbox.take()
        if item is None:
            return
        _, req_id, layout_data, deals, budget, seed = item

        def stale(mine: int = req_id) -> bool:
            return inbox.latest != mine

        def send(answer: _Answer, mine: int = req_id) -> None:
            if inbox.latest == mine:
                try:
                    answers.send(answer)
                except (OSError, ValueError):  # the game is gone
                    exit_now()

        try:
            layout = Layout.from_dict(layout_data, source="estimate request")
            estimate(
                layout,
                deals=deals,
                budget=budget,
                seed=seed,
                should_stop=stale,
                on_progress=partial(_report, send, req_id),
            )
        except Exception as exc:  # report, never die silently
            send((req_id, None, f"{type(exc).__name__}: {exc}"))


class EstimateService(WorkerService):
    """Difficulty estimates in a separate process, for the editor.

    ``request(layout)`` returns at once (a newer request replaces the estimate in progress);
    ``poll()`` returns the newest progress of the latest request and never blocks; ``busy`` says
    whether more is to come; ``cancel()`` stops the work; ``close()`` ends the process (which also
    ends within a moment of the game's own end, however it ends)."""

    process_name = "desert-pyramid-estimate"
    worker = staticmethod(_worker)

    def __init__(
        self,
        deals: int = ESTIMATE_DEALS,
        budget: int = ESTIMATE_BUDGET,
        seed: int = ESTIMATE_SEED,
    ) -> None:
        self.deals, self.budget, self.seed = deals, budget, seed
        self.latest: Estimate | None = None
        super().__init__()

    def request(self, layout: Layout) -> None:
        """Start estimating ``layout`` (what was in progress is dropped)."""
        self._ensure()
        self._next_id += 1
        self._pending = self._next_id
        self.latest = None
        self.error = None
        item = (ESTIMATE, self._next_id, layout.to_dict(), self.deals, self.budget, self.seed)
        if not self._send(item):
            self._pending = None
            self.error = PROCESS_STOPPED

    def poll(self) -> Estimate | None:
        """The newest estimate of the latest request received so far (``None`` before the
        first). Never blocks."""
        conn = self._answers
        while self._pending is not None and conn is not None:
            try:
                if not conn.poll():
                    break
                req_id, value, error = conn.recv()
            except (EOFError, OSError):
                self._pending = None
                self.error = PROCESS_STOPPED
                break
            if req_id != self._pending:
                continue
            if value is None:
                self.error = error
                self._pending = None
            else:
                self.latest = value
                if value.complete or value.cancelled:
                    self._pending = None
        return self.latest

    @property
    def busy(self) -> bool:
        """More is to come for the latest request."""
        if self._pending is not None and (self._proc is None or not self._proc.is_alive()):
            self._pending = None
            self.error = PROCESS_STOPPED
        return self._pending is not None

    def wait(self, timeout: float = 60.0) -> Estimate | None:
        """Block until the latest request is answered (for the command line, benches and tests)."""
        end = time.monotonic() + timeout
        while self.busy and time.monotonic() < end:
            conn = self._answers
            if conn is None:
                break
            try:
                conn.poll(0.05)
            except (EOFError, OSError):
                break
            self.poll()
        return self.poll()


__all__ = [
    "ESTIMATE_BUDGET",
    "ESTIMATE_DEALS",
    "ESTIMATE_SEED",
    "Estimate",
    "EstimateService",
    "estimate",
]
