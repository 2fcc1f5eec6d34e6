"""Runs save jobs in order, either at once or on a background thread.

In the game the writer runs in the background so that a save never stalls a frame: the caller
serialises its data (a snapshot), hands over a job and returns. Jobs run one at a time in the
order given; consecutive jobs with the same ``coalesce`` key collapse into the latest (a burst of
moves writes only the last position). :meth:`Writer.flush` waits until everything is on disk.
"""

from __future__ import annotations

import atexit
import threading
from collections import deque
from collections.abc import Callable

Job = Callable[[], bool]


class Writer:
    def __init__(self, *, background: bool, on_crash: Callable[[BaseException], None]) -> None:
        self.background = background
        self._on_crash = on_crash
        self._queue: deque[tuple[str, Job]] = deque()
        self._cond = threading.Condition()
        self._busy = False
        self._closed = False
        self._thread: threading.Thread | None = None
        if background:
            self._thread = threading.Thread(
                target=self._run, name="desert-pyramid-saves", daemon=True
            )
            self._thread.start()
            atexit.register(self.close)

    def _call(self, job: Job) -> bool:
        try:
            return job()
        except Exception as exc:  # a job reports its own OSErrors; this is the last safety net
            self._on_crash(exc)
            return False

    def submit(self, job: Job, coalesce: str = "") -> bool:
        """Run ``job`` (now, or queued). Its result when run now; True once queued."""
        if not self.background:
            return self._call(job)
        with self._cond:
            if self._closed:
                return self._call(job)
            if coalesce and self._queue and self._queue[-1][0] == coalesce:
                self._queue[-1] = (coalesce, job)
            else:
                self._queue.append((coalesce, job))
            self._cond.notify_all()
        return True

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._queue and not self._closed:
                    self._cond.wait()
                if not self._queue:
                    return
                _, job = self._queue.popleft()
                self._busy = True
            try:
                self._call(job)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def pending(self) -> int:
        with self._cond:
            return len(self._queue) + (1 if self._busy else 0)

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every job submitted so far has run. False on timeout."""
        if not self.background:
            return True
        with self._cond:
            return self._cond.wait_for(lambda: not self._queue and not self._busy, timeout)

    def close(self, timeout: float | None = 10.0) -> None:
        """Finish the queued jobs and stop the thread."""
        if self._thread is None:
            return
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(timeout)
        atexit.unregister(self.close)
        self._thread = None
