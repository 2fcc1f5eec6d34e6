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
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnProcess
from typing import Any, Self

from desert_pyramid.engine import Game

from .hints import HINT_BUDGET, Hint
from .lifeline import exit_now, start_parent_watch

HINT = "hint"  # ("hint", request id, game data, layout data, node budget)
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
        self.stopped = False

    def put(self, item: tuple[Any, ...]) -> None:
        with self._cond:
            kind = item[0]
            if kind == self.kind:
                self._item = item
                self.latest = int(item[1])
            elif kind == CANCEL:
                self._item = None
                self.latest = -1
            else:
                self.stopped = True
                self.latest = -1
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


def _worker(requests: Connection, answers: Connection) -> None:
    """The search process: answer requests one by one, skipping stale ones."""
    from desert_pyramid.engine import Game as _Game
    from desert_pyramid.engine import Layout

    from .hints import hint_for

    start_parent_watch()
    inbox = read_requests(requests, HINT)
    layouts: dict[str, Layout] = {}
    while True:
        item = inbox.take()
        if item is None:
            return
        _, req_id, game_data, layout_data, budget = item
        try:
            key = repr(layout_data)
            layout = layouts.get(key)
            if layout is None:
                layout = Layout.from_dict(layout_data, source="hint request")
                layouts[key] = layout
            game = _Game.from_dict(game_data, layout)

            def stale(mine: int = req_id) -> bool:
                return inbox.latest != mine

            hint = hint_for(game, budget, should_stop=stale)
            answer: tuple[int, Any, str | None] = (req_id, hint.to_dict(), None)
        except Exception as exc:  # report, never die silently
            answer = (req_id, None, f"{type(exc).__name__}: {exc}")
        if inbox.latest == req_id:
            try:
                answers.send(answer)
            except (OSError, ValueError):  # the parent is gone
                exit_now()


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

    def _send(self, item: tuple[Any, ...]) -> bool:
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
        super().__init__()

    def request(self, game: Game) -> None:
        """Start a search for ``game``'s position (a copy is sent; the game may change at once)."""
        self._ensure()
        self._next_id += 1
        req_id = self._next_id
        self._pending = req_id
        if not self._send((HINT, req_id, game.to_dict(), game.layout.to_dict(), self.node_budget)):
            self._pending = None
            self.error = "the hint process stopped"

    def poll(self) -> Hint | None:
        """The answer to the latest request once it is ready, else None. Never blocks."""
        conn = self._answers
        if self._pending is None or conn is None:
            return None
        while True:
            try:
                if not conn.poll():
                    return None
                req_id, data, error = conn.recv()
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
            return Hint.from_dict(data)

    @property
    def busy(self) -> bool:
        """True while an answer to the latest request is still to come."""
        if self._pending is not None and self._proc is not None and not self._proc.is_alive():
            self._pending = None  # the worker died: nothing will come
            self.error = "the hint process stopped"
        return self._pending is not None
