"""Hints in the background: the UI asks, goes on drawing, and collects the answer later.

The searches run in a separate process (multiprocessing, 'spawn' context), so the UI thread never
competes with them for the GIL. A request sends the game as plain data (``Game.to_dict()`` and the
layout's data) down a pipe; the answer comes back through another pipe that
:meth:`HintService.poll` reads without blocking. A newer request replaces the older one: the
worker drops a search as soon as a newer request (or a cancel) has arrived, and answers to older
requests are discarded.

**The worker never outlives the game.** It watches its parent (:mod:`.lifeline`): a thread
waits on ``multiprocessing.parent_process().sentinel`` (a pipe on POSIX, the process handle on
Windows), which wakes when the parent ends, however it ended (a crash, ``kill -9``, the task manager), and
the worker exits at once; the end of the request pipe says the same. The service uses only
pipes, no ``multiprocessing.Queue``, ``Value`` or ``Lock``: nothing that needs a semaphore, so
nothing for the resource tracker to clean up. (On POSIX the 'spawn' start method still starts
the tracker process; it holds nothing and ends as soon as both the game and the worker are gone.)
"""

from __future__ import annotations

import multiprocessing as mp
import threading
from collections.abc import Callable, Mapping
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnProcess
from typing import Any, Self

from desert_pyramid.engine import Game
from desert_pyramid.engine.game import GameData
from desert_pyramid.engine.layout import LayoutData

from .core import Store
from .hints import HINT_BUDGET, Hint, hint_for
from .lifeline import exit_now, start_parent_watch, yield_to_the_window

# ("hint", request id, game data, layout data, node budget, position key, answer): answer False
# is a ponder (think about this position, answer nothing), True a question to answer
HINT = "hint"
CANCEL = "cancel"  # ("cancel",): drop the search in progress
STOP = "stop"  # ("stop",): the service is closing


class Inbox:
    """The worker's side of the request pipe: a reader thread keeps only the latest request, so a
    search in progress can tell at once that it has become stale. ``kind`` names the requests
    (``("hint", id, ...)``, ``("estimate", id, ...)``); ``CANCEL`` drops the latest one, anything
    else stops the worker."""

    def __init__(self, kind: str = HINT) -> None:
        self.kind = kind
        self._cond = threading.Condition()
        self._item: tuple[Any, ...] | None = None
        self.latest = 0  # the id of the newest request (-1 after a cancel)
        self.latest_key: object = None  # the position key of the newest hint request
        self.stopped = False

    def put(self, item: tuple[Any, ...]) -> None:
        with self._cond:
            kind = item[0]
            if kind == self.kind:
                self._item = item
                self.latest = int(item[1])
                self.latest_key = item[5] if kind == HINT and len(item) > 5 else None
            elif kind == CANCEL:
                self._item = None
                self.latest = -1
                self.latest_key = None
            else:
                self.stopped = True
                self.latest = -1
                self.latest_key = None
            self._cond.notify_all()

    def take(self) -> tuple[Any, ...] | None:
        """The next request to answer (blocks), or ``None`` when the service stops."""
        with self._cond:
            while self._item is None and not self.stopped:
                self._cond.wait()
            if self.stopped:
                return None
            item, self._item = self._item, None
            return item


def read_requests(requests: Connection, kind: str = HINT) -> Inbox:
    """In a worker process: an :class:`Inbox` for ``kind`` requests, filled by a thread that reads
    every request as it comes (so the parent's ``send`` never waits for the work)."""
    inbox = Inbox(kind)
    threading.Thread(
        target=_read_requests, args=(requests, inbox), name="requests", daemon=True
    ).start()
    return inbox


def _read_requests(requests: Connection, inbox: Inbox) -> None:
    """Read every request as it comes (so the parent's ``send`` never waits for a search)."""
    while True:
        try:
            item = requests.recv()
        except (EOFError, OSError):  # the parent closed its end without a word: it is gone
            exit_now()
            return
        if not isinstance(item, tuple) or not item:
            continue
        inbox.put(item)
        if item[0] == STOP:
            return


def hint_key(
    game_data: Mapping[str, object], layout_data: Mapping[str, object], budget: int
) -> str:
    """What a hint depends on: the layout, the rules, the deal, the moves that stand, the budget."""
    moves = game_data.get("moves", [])
    return repr((layout_data, game_data.get("rules"), game_data.get("deal"), moves, budget))


PONDER_DONE_MAX = 512  # hints a worker keeps ready, by position


class Thinker:
    """The worker's memory: the game's :class:`~.core.Store` (what every search of this game
    proved) and the hints already worked out, by position key. A new game replaces both."""

    def __init__(self) -> None:
        from desert_pyramid.engine import Layout

        self._layouts: dict[str, Layout] = {}
        self.store: Store | None = None
        self.done: dict[str, Hint] = {}
        self.ready = False  # the last hint came from memory (worked out before it was asked)

    def game(self, game_data: Mapping[str, object], layout_data: Mapping[str, object]) -> Game:
        from desert_pyramid.engine import Game as _Game
        from desert_pyramid.engine import Layout

        key = repr(layout_data)
        layout = self._layouts.get(key)
        if layout is None:
            layout = Layout.from_dict(layout_data, source="hint request")
            self._layouts = {key: layout}
        return _Game.from_dict(game_data, layout)

    def hint(self, game: Game, key: str, budget: int, stale: Callable[[], bool]) -> Hint | None:
        """The hint for ``game`` (from memory when it was worked out before); None when ``stale``
        said to stop before it was complete (nothing is remembered then)."""
        got = self.done.get(key)
        self.ready = got is not None
        if got is not None:
            return got
        if self.store is None or not self.store.fits(game):
            self.store = Store(game)
            self.done = {}
        hint = hint_for(game, budget, should_stop=stale, store=self.store)
        if stale():
            return None
        if len(self.done) >= PONDER_DONE_MAX:
            self.done.clear()
        self.done[key] = hint
        return hint

    def ponder_ahead(self, game: Game, hint: Hint, budget: int, inbox: Inbox, mine: int) -> None:
        """Work out the hints of the positions one move on (the hinted move first) until a new
        request comes (``inbox.latest`` is no longer ``mine``). A request for the very position
        being worked out lets that search finish first, and is then answered from memory."""
        moves = game.legal_moves()
        if hint.move is not None and hint.move in moves:
            moves.remove(hint.move)
            moves.insert(0, hint.move)
        layout_data = game.layout.to_dict()
        for move in moves:
            child = game.copy()
            child.play(move)
            if child.won:
                continue
            key = hint_key(child.to_dict(), layout_data, budget)

            def stale(key: str = key) -> bool:
                return inbox.latest < 0 or (inbox.latest != mine and inbox.latest_key != key)

            if stale():
                return
            self.hint(child, key, budget, stale)
            if inbox.latest != mine:
                return


def _worker(requests: Connection, answers: Connection) -> None:
    """The search process: answer requests one by one, skipping stale ones. A ponder (a request
    not to answer) works out the position's hint, so that the question, when it comes, is answered
    from memory; a newer request for the same position does not interrupt the search of it. After
    each hint, while nothing new comes, it works out the hints one move on."""
    start_parent_watch()
    yield_to_the_window()
    inbox = read_requests(requests, HINT)
    thinker = Thinker()
    while True:
        item = inbox.take()
        if item is None:
            return
        _, req_id, game_data, layout_data, budget = item[:5]
        key = item[5] if len(item) > 5 else hint_key(game_data, layout_data, budget)
        answer_it = bool(item[6]) if len(item) > 6 else True

        def stale(mine: object = key) -> bool:
            return inbox.latest_key != mine or inbox.latest < 0

        hint: Hint | None = None
        try:
            game = thinker.game(game_data, layout_data)
            hint = thinker.hint(game, key, budget, stale)
            answer: tuple[int, dict[str, object] | None, str | None, bool] = (
                req_id,
                hint.to_dict() if hint is not None else None,
                None,
                thinker.ready,
            )
        except Exception as exc:  # report, never die silently
            answer = (req_id, None, f"{type(exc).__name__}: {exc}", False)
        if answer_it and inbox.latest == req_id and (hint is not None or answer[2]):
            try:
                answers.send(answer)
            except (OSError, ValueError):  # the parent is gone
                exit_now()
        if hint is not None and inbox.latest == req_id:
            try:
                thinker.ponder_ahead(game, hint, budget, inbox, req_id)
            except Exception:  # pondering is a bonus: a failure here costs only time
                pass


class WorkerService:
    """A worker process of the game's own behind two one-way pipes (no semaphores): started at
    once so the first request does not wait, restarted if it died, stopped by :meth:`close`, and
    ending with the game however the game ends (the worker watches its parent). Subclasses give
    the worker function (``worker``), its process name and their own ``request``/``poll``."""

    process_name = "desert-pyramid-worker"

    @staticmethod
    def worker(requests: Connection, answers: Connection) -> None:
        raise NotImplementedError

    def __init__(self) -> None:
        self._ctx = mp.get_context("spawn")
        self._requests: Connection | None = None  # we send on it
        self._answers: Connection | None = None  # we receive on it
        self._proc: SpawnProcess | None = None
        self._next_id = 0
        self._pending: int | None = None
        self.error: str | None = None  # the last error the worker reported, if any
        self._ensure()  # start the process now, so the first request does not wait for it

    @property
    def pid(self) -> int | None:
        """The worker process's id (``None`` before it starts or after :meth:`close`)."""
        return self._proc.pid if self._proc is not None else None

    def _ensure(self) -> None:
        if self._proc is not None and self._proc.is_alive():
            return
        self._close_pipes()
        req_r, req_w = self._ctx.Pipe(duplex=False)
        ans_r, ans_w = self._ctx.Pipe(duplex=False)
        proc = self._ctx.Process(
            target=self.worker, args=(req_r, ans_w), daemon=True, name=self.process_name
        )
        proc.start()
        req_r.close()  # the worker's ends: only the worker holds them now, so each side sees the
        ans_w.close()  # other's end close when the other process ends
        self._proc, self._requests, self._answers = proc, req_w, ans_r

    def _send(self, item: tuple[object, ...]) -> bool:
        conn = self._requests
        if conn is None:
            return False
        try:
            conn.send(item)
        except (OSError, ValueError):  # the worker died: the next request starts another
            return False
        return True

    def cancel(self) -> None:
        """Forget the pending request (its answer will be discarded; the work stops)."""
        if self._pending is not None:
            self._send((CANCEL,))
        self._pending = None

    def close(self) -> None:
        """Stop the worker process."""
        proc = self._proc
        if proc is None:
            return
        self._pending = None
        self._send((STOP,))
        proc.join(timeout=2.0)
        if proc.is_alive():
            proc.terminate()
            proc.join(timeout=2.0)
        self._proc = None
        self._close_pipes()

    def _close_pipes(self) -> None:
        for conn in (self._requests, self._answers):
            if conn is not None:
                try:
                    conn.close()
                except OSError:
                    pass
        self._requests = self._answers = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass


class HintService(WorkerService):
    """Background hints. ``request(game)`` returns at once; ``poll()`` gives the answer when ready."""

    process_name = "desert-pyramid-hints"
    worker = staticmethod(_worker)

    def __init__(self, node_budget: int = HINT_BUDGET) -> None:
        self.node_budget = node_budget
        self.from_memory = False  # the last answer was ready before it was asked (pondered)
        super().__init__()

    def request(self, game: Game) -> None:
        """Start a search for ``game``'s position (a copy is sent; the game may change at once).
        When the worker is pondering this very position, it goes on and answers when done."""
        self._ensure()
        self._next_id += 1
        req_id = self._next_id
        self._pending = req_id
        if not self._send(self._item(req_id, game, True)):
            self._pending = None
            self.error = "the hint process stopped"

    def ponder(self, game: Game) -> None:
        """Think about ``game``'s position now, before anyone asks (nothing is answered): the
        worker works out its hint, then the hints one move on, and a :meth:`request` for one of
        them is answered from memory. Replaces any pending request (its answer is dropped)."""
        self._ensure()
        self._next_id += 1
        self._pending = None
        self._send(self._item(self._next_id, game, False))

    def _item(
        self, req_id: int, game: Game, answer: bool
    ) -> tuple[str, int, GameData, LayoutData, int, str, bool]:
        data, layout = game.to_dict(), game.layout.to_dict()
        key = hint_key(data, layout, self.node_budget)
        return (HINT, req_id, data, layout, self.node_budget, key, answer)

    def poll(self) -> Hint | None:
        """The answer to the latest request once it is ready, else None. Never blocks."""
        conn = self._answers
        if self._pending is None or conn is None:
            return None
        while True:
            try:
                if not conn.poll():
                    return None
                req_id, data, error, ready = conn.recv()
            except (EOFError, OSError):  # the worker died: nothing will come
                self._pending = None
                self.error = "the hint process stopped"
                return None
            if req_id != self._pending:
                continue
            self._pending = None
            if data is None:
                self.error = error
                return None
            self.from_memory = bool(ready)
            return Hint.from_dict(data)

    @property
    def busy(self) -> bool:
        """True while an answer to the latest request is still to come."""
        if self._pending is not None and self._proc is not None and not self._proc.is_alive():
            self._pending = None  # the worker died: nothing will come
            self.error = "the hint process stopped"
        return self._pending is not None
