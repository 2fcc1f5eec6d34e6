"""Hints in the background: the UI asks, goes on drawing, and collects the answer later.

The searches run in a separate process (multiprocessing, 'spawn' context), so the UI thread never
competes with them for the GIL. A request sends the game as plain data (``Game.to_dict()`` and the
layout's data); the answer comes back through a queue that :meth:`HintService.poll` reads without
blocking. A newer request replaces the older one: the worker drops a search as soon as a newer
request is waiting, and answers to older requests are discarded.
"""

from __future__ import annotations

import multiprocessing as mp
import queue
from multiprocessing.context import SpawnProcess
from multiprocessing.sharedctypes import Synchronized
from typing import Any

from desert_pyramid.engine import Game

from .hints import HINT_BUDGET, Hint


def _worker(requests: Any, answers: Any, latest: Synchronized[int]) -> None:
    """The search process: answer requests one by one, skipping stale ones."""
    from desert_pyramid.engine import Game as _Game
    from desert_pyramid.engine import Layout

    from .core import Searcher
    from .hints import hint_for

    layouts: dict[str, Layout] = {}
    while True:
        item = requests.get()
        if item is None:
            return
        req_id, game_data, layout_data, budget = item
        if req_id != latest.value:
            continue  # a newer request is already queued
        try:
            key = repr(layout_data)
            layout = layouts.get(key)
            if layout is None:
                layout = Layout.from_dict(layout_data, source="hint request")
                layouts[key] = layout
            game = _Game.from_dict(game_data, layout)

            def stale(mine: int = req_id) -> bool:
                return bool(latest.value != mine)

            Searcher.should_stop = staticmethod(stale)
            try:
                hint = hint_for(game, budget)
            finally:
                Searcher.should_stop = None
            if req_id == latest.value:
                answers.put((req_id, hint.to_dict(), None))
        except Exception as exc:  # report, never die silently
            if req_id == latest.value:
                answers.put((req_id, None, f"{type(exc).__name__}: {exc}"))


class HintService:
    """Background hints. ``request(game)`` returns at once; ``poll()`` gives the answer when ready."""

    def __init__(self, node_budget: int = HINT_BUDGET) -> None:
        self.node_budget = node_budget
        self._ctx = mp.get_context("spawn")
        self._latest: Synchronized[int] = self._ctx.Value("q", 0)
        self._requests: Any = None
        self._answers: Any = None
        self._proc: SpawnProcess | None = None
        self._next_id = 0
        self._pending: int | None = None
        self.error: str | None = None  # the last error the worker reported, if any
        self._ensure()  # start the process now, so the first request does not wait for it

    def _ensure(self) -> None:
        if self._proc is not None and self._proc.is_alive():
            return
        self._requests = self._ctx.Queue()
        self._answers = self._ctx.Queue()
        self._proc = self._ctx.Process(
            target=_worker, args=(self._requests, self._answers, self._latest), daemon=True,
            name="desert-pyramid-hints",
        )
        self._proc.start()

    def request(self, game: Game) -> None:
        """Start a search for ``game``'s position (a copy is sent; the game may change at once)."""
        self._ensure()
        self._next_id += 1
        req_id = self._next_id
        with self._latest.get_lock():
            self._latest.value = req_id
        self._pending = req_id
        self._requests.put((req_id, game.to_dict(), game.layout.to_dict(), self.node_budget))

    def poll(self) -> Hint | None:
        """The answer to the latest request once it is ready, else None. Never blocks."""
        if self._pending is None or self._answers is None:
            return None
        while True:
            try:
                req_id, data, error = self._answers.get_nowait()
            except queue.Empty:
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

    def cancel(self) -> None:
        """Forget the pending request (its answer will be discarded)."""
        with self._latest.get_lock():
            self._latest.value = -1
        self._pending = None

    def close(self) -> None:
        """Stop the worker process."""
        proc = self._proc
        if proc is None:
            return
        self.cancel()
        try:
            self._requests.put(None)
        except (OSError, ValueError):
            pass
        proc.join(timeout=2.0)
        if proc.is_alive():
            proc.terminate()
            proc.join(timeout=2.0)
        self._proc = None
        for q in (self._requests, self._answers):
            try:
                q.close()
                q.join_thread()
            except (OSError, ValueError, AssertionError):
                pass

    def __enter__(self) -> HintService:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass
