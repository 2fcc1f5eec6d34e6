"""Running deals on a Dask cluster (``desert-pyramid stats --cluster ADDRESS``).

Dask (``dask.distributed``) is an optional extra: ``pip install "desert-pyramid[cluster]"``. It is
imported only inside the functions here, so the game and ``import desert_pyramid`` never need it.

``--cluster local`` starts a Dask cluster of worker processes on this machine; any other value is
the address of a running Dask scheduler (``tcp://host:8786``), whose workers must have the same
version of desert-pyramid installed (checked before the first deal goes out).

:func:`map_unordered` is the Dask counterpart of a process pool's ``imap_unordered``: tasks go out a
few per worker at a time and results stream back as they finish. A worker that dies loses nothing:
the scheduler runs its tasks again elsewhere, and a task the scheduler gives up on (it killed
:data:`RETRIES` workers in a row) is sent again by us before the run fails with a clear message.
"""

from __future__ import annotations

import contextlib
import logging
import re
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping
from types import ModuleType
from typing import Protocol, TypeVar, TypeVarTuple

LOCAL = "local"
CONNECT_TIMEOUT = 5.0  # seconds to reach a scheduler before giving up
WORKER_WAIT = 60.0  # seconds to wait for a scheduler's first worker
RETRIES = 3  # times we send a task again after the scheduler declared it killed workers
IN_FLIGHT_PER_WORKER = 4  # tasks handed to the scheduler per worker thread, ahead of the results
INSTALL_HINT = 'pip install "desert-pyramid[cluster]" (or: pip install "dask[distributed]")'
_SCHEMES = ("tcp", "tls", "ws", "wss")
_ADDRESS = re.compile(
    r"(?:(?P<scheme>[a-z]+)://)?(?P<host>\[[0-9a-fA-F:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252}))"
    r":(?P<port>[0-9]{1,5})",
    re.ASCII,
)

R = TypeVar("R")
Ts = TypeVarTuple("Ts")  # a task's arguments
T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)
log = logging.getLogger(__name__)


# What this module uses of Dask's ``distributed`` (whose own annotations leave these untyped).
class Future(Protocol[T_co]):
    """A task sent to the cluster: ``distributed.Future``."""

    @property
    def status(self) -> str: ...

    def result(self) -> T_co: ...

    def exception(self) -> BaseException | None: ...

    def release(self) -> None: ...


class Client(Protocol):
    """A connection to a scheduler: ``distributed.Client``."""

    @property
    def status(self) -> str: ...

    def submit(
        self, func: Callable[[*Ts], R], *args: *Ts, key: str, pure: bool, retries: int
    ) -> Future[R]: ...

    def run(self, function: Callable[[], T]) -> dict[str, T]: ...

    def scheduler_info(self) -> Mapping[str, object]: ...

    def cancel(self, futures: list[Future[R]]) -> None: ...


class ClusterError(Exception):
    """A cluster that cannot be used: its message is one line saying what is wrong."""


def parse_address(text: str) -> str:
    """``"local"`` or a scheduler address, normalised to ``scheme://host:port``; raises
    :class:`ClusterError` naming the problem."""
    value = text.strip()
    if value.lower() == LOCAL:
        return LOCAL
    shown = ascii(text)[1:-1][:60]
    m = _ADDRESS.fullmatch(value)
    if m is None:
        raise ClusterError(
            f"--cluster: '{shown}' is not 'local' or a Dask scheduler address such as tcp://host:8786"
        )
    scheme = m.group("scheme") or "tcp"
    if scheme not in _SCHEMES:
        raise ClusterError(
            f"--cluster: unknown protocol '{scheme}://' (use tcp://, tls://, ws:// or wss://)"
        )
    port = int(m.group("port"))
    if not 1 <= port <= 65535:
        raise ClusterError(f"--cluster: port {port} is not from 1 to 65535")
    return f"{scheme}://{m.group('host')}:{port}"


def _distributed() -> ModuleType:
    """The ``distributed`` package, or :class:`ClusterError` saying how to install it."""
    try:
        import distributed
    except ImportError:
        raise ClusterError(
            f"--cluster needs Dask, which is not installed: {INSTALL_HINT}"
        ) from None
    return distributed


@contextlib.contextmanager
def _sigint_ignored() -> Iterator[None]:
    """Ignore Ctrl+C while the local workers start, so that they start ignoring it too: a Ctrl+C
    at a terminal goes to every process of the group, and the workers would die with tracebacks
    instead of leaving this process to stop the run and report. (Only the main thread may set
    signal handlers; elsewhere this does nothing.)"""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def worker_version() -> str:
    """Run on each worker: the desert-pyramid version it would decide deals with."""
    from desert_pyramid import __version__

    return __version__


@contextlib.contextmanager
def connect(address: str, workers: int | None = None) -> Iterator[Client]:
    """A ``distributed.Client`` for ``address`` (``"local"``: a new local cluster of ``workers``
    single-threaded processes, default one per core), closed afterwards."""
    distributed = _distributed()
    import dask

    address = parse_address(address)
    # Dask's own log lines would break the one-line errors and the progress bar: this module
    # reports what matters (a lost task sent again, an unreachable or lost scheduler).
    for name in [
        "distributed",
        *(n for n in logging.root.manager.loggerDict if n.startswith("distributed.")),
    ]:
        logging.getLogger(name).setLevel(logging.CRITICAL)
    with dask.config.set({"distributed.comm.timeouts.connect": f"{CONNECT_TIMEOUT}s"}):
        if address == LOCAL:
            import os

            n = workers if workers is not None else (os.cpu_count() or 1)
            try:
                with (
                    _sigint_ignored()
                ):  # the worker processes inherit it: Ctrl+C is for this process
                    local = distributed.LocalCluster(
                        n_workers=n,
                        threads_per_worker=1,
                        processes=True,
                        dashboard_address=":0",
                        silence_logs=logging.CRITICAL,
                    )
            except (OSError, RuntimeError, TimeoutError) as exc:
                raise ClusterError(
                    f"--cluster local: the local Dask cluster did not start ({_first_line(exc)})"
                ) from None
            try:
                with distributed.Client(local, timeout=CONNECT_TIMEOUT) as client:
                    yield client
            finally:
                local.close()
            return
        if workers is not None:
            raise ClusterError(
                "--workers counts local processes: with --cluster ADDRESS the scheduler's "
                "workers are used (start more of them instead)"
            )
        try:
            client = distributed.Client(address, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as exc:
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise ClusterError(
                f"--cluster: cannot reach a Dask scheduler at {address} within "
                f"{CONNECT_TIMEOUT:.0f} s ({reason})"
            ) from None
        with client:
            try:
                client.wait_for_workers(1, timeout=WORKER_WAIT)
            except (OSError, TimeoutError):
                raise ClusterError(
                    f"--cluster: the scheduler at {address} has no workers "
                    f"(none joined within {WORKER_WAIT:.0f} s)"
                ) from None
            yield client


def check_workers(client: Client) -> int:
    """The number of worker threads; raises :class:`ClusterError` if a worker lacks desert-pyramid
    or has another version of it (the verdicts must come from the same solver)."""
    from desert_pyramid import __version__

    try:
        versions: dict[str, str] = client.run(worker_version)
    except Exception as exc:  # a worker that cannot even load the function  # noqa: BLE001
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ClusterError(
            f"--cluster: a worker cannot run desert-pyramid ({reason}); install "
            f"desert-pyramid {__version__} on every worker"
        ) from None
    other = {addr: v for addr, v in versions.items() if v != __version__}
    if other:
        addr, v = next(iter(other.items()))
        raise ClusterError(
            f"--cluster: worker {addr} has desert-pyramid {v}, this is {__version__}: "
            "install the same version everywhere"
        )
    workers = client.scheduler_info().get("workers", {})
    threads = sum(_threads(w) for w in workers.values()) if isinstance(workers, Mapping) else 0
    return max(1, threads)


def _threads(worker: object) -> int:
    """A worker's threads, as the scheduler's information says (1 when it does not say)."""
    count = worker.get("nthreads", 1) if isinstance(worker, Mapping) else 1
    return count if isinstance(count, int) else 1


def map_unordered(
    address: str,
    func: Callable[[*Ts], R],
    tasks: Iterable[tuple[*Ts]],
    workers: int | None = None,
) -> Iterator[tuple[tuple[*Ts], R]]:
    """``(task, func(*task))`` for every task, run on the Dask cluster at ``address``, yielded as
    they finish. Raises :class:`ClusterError` when the cluster cannot be used (before the first
    result for a bad address). Closing the iterator cancels the tasks still out."""
    distributed = _distributed()
    with connect(address, workers) as client:
        threads = check_workers(client)
        limit = IN_FLIGHT_PER_WORKER * threads
        run_id = uuid.uuid4().hex[:8]
        queue = distributed.as_completed()
        out: dict[Future[R], tuple[tuple[*Ts], int]] = {}  # future -> (task, attempt)
        todo = iter(tasks)
        counter = 0

        def send(task: tuple[*Ts], attempt: int) -> None:
            nonlocal counter
            counter += 1
            fut = client.submit(
                func, *task, key=f"desert-pyramid-{run_id}-{counter}", pure=False, retries=0
            )
            out[fut] = (task, attempt)
            queue.add(fut)

        def fill() -> None:
            for task in todo:
                send(task, 0)
                if len(out) >= limit:
                    break

        try:
            fill()
            for fut in _guarded(queue, address):
                task, attempt = out.pop(fut)
                if fut.status == "finished":
                    value = fut.result()
                    fut.release()
                    yield task, value
                elif fut.status == "cancelled" or _killed(fut, distributed):
                    if fut.status == "cancelled" and not _still_connected(client):
                        raise ClusterError(
                            f"--cluster: lost the Dask scheduler at {address} mid-run"
                        )
                    if attempt >= RETRIES:
                        raise ClusterError(
                            f"--cluster: a task was lost {attempt + 1} times (its workers "
                            "died each time); see the workers' logs"
                        )
                    fut.release()
                    log.warning(
                        "a task was lost with the worker running it; sent again (%d of %d)",
                        attempt + 1,
                        RETRIES,
                    )
                    send(task, attempt + 1)
                else:
                    exc = fut.exception()
                    raise ClusterError(
                        f"--cluster: a worker failed: {type(exc).__name__}: "
                        f"{str(exc).splitlines()[0] if str(exc) else ''}".rstrip(": ")
                    )
                fill()
        finally:
            if out:
                with contextlib.suppress(Exception):
                    client.cancel(list(out))


def _still_connected(client: Client) -> bool:
    """After the scheduler cancelled our tasks: is it still there (the client reconnects for a few
    seconds before giving up)?"""
    import time

    deadline = time.monotonic() + 2 * CONNECT_TIMEOUT + 1
    while client.status not in ("running", "closed", "closing") and time.monotonic() < deadline:
        time.sleep(0.1)
    return bool(client.status == "running")


def _killed(fut: Future[object], distributed: ModuleType | None) -> bool:
    """Did the scheduler give up on this task because workers died running it, or lose its result
    with the worker that held it? A result can finish and then be lost with its worker before we
    read it: its status is then "lost", or "pending" once the scheduler starts it again; both are
    sent again under a new key like a killed task, so every task is counted once."""
    if fut.status in ("lost", "pending"):
        return True
    if fut.status != "error":
        return False
    from distributed.scheduler import KilledWorker

    return isinstance(fut.exception(), KilledWorker)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _guarded(queue: Iterable[Future[R]], address: str) -> Iterator[Future[R]]:
    """The finished futures; a scheduler that goes away mid-run is one clear error."""
    it = iter(queue)
    while True:
        try:
            fut = next(it)
        except StopIteration:
            return
        except (OSError, TimeoutError) as exc:
            raise ClusterError(
                f"--cluster: lost the Dask scheduler at {address} ({_first_line(exc)})"
            ) from None
        yield fut
