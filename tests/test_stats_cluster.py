"""``desert-pyramid stats --cluster``: deals on a Dask cluster give the same verdicts as one process.

The local Dask clusters here are small (two single-threaded worker processes) and connect only to
loopback addresses.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import desert_pyramid
from desert_pyramid.catalog import get_layout
from desert_pyramid.cli import main
from desert_pyramid.engine import PRESETS
from desert_pyramid.solver.cluster import ClusterError, parse_address
from desert_pyramid.solver.stats import WinRate, win_rate

# Dask is the cluster extra, not the test extra: .ci/run installs it, so these run on every
# submission; the README's test command alone skips them
distributed = pytest.importorskip(
    "distributed", reason="Dask is the cluster extra: pip install -e '.[cluster]'"
)
ROOT = Path(__file__).resolve().parent.parent
COUNTS = ("wins", "losses", "unknown", "unknown_deals", "nodes")


def stats_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["stats", *argv, "--json"]) == 0
    return dict(json.loads(capsys.readouterr().out))


def test_cluster_local_counts_equal_one_process(capsys: pytest.CaptureFixture[str]) -> None:
    """Same deals, same verdicts: a few hundred deals with rule options and a small budget."""
    base = [
        "--rules",
        "classic",
        "--match",
        "--deals",
        "240",
        "--seed",
        "5",
        "--start",
        "3",
        "--budget",
        "2000",
    ]
    one = stats_json(base + ["--workers", "1"], capsys)
    dask = stats_json(base + ["--cluster", "local", "--workers", "2"], capsys)
    assert one["rules"] == dask["rules"] == "classic+match"
    assert one["deals"] == dask["deals"] == 240 and not dask["interrupted"]
    for key in COUNTS + ("ci95", "win_rate"):
        assert one[key] == dask[key], key
    assert one["unknown"] > 0  # the budget matters here: unknowns are counted apart on both paths


def test_cluster_thumb_player(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["--rules", "classic", "--player", "thumb", "--deals", "120", "--seed", "2"]
    one = stats_json(base + ["--workers", "1"], capsys)
    dask = stats_json(base + ["--cluster", "local", "--workers", "1"], capsys)
    for key in COUNTS:
        assert one[key] == dask[key], key


@pytest.fixture(scope="module")
def local_cluster() -> Iterator[Any]:
    """Two single-threaded worker processes. The scheduler gives up on a task at the first worker
    that dies running it (allowed-failures 0), so a killed worker's chunk is sent again by our
    code, not only by Dask's own retries."""
    import dask

    with dask.config.set({"distributed.scheduler.allowed-failures": 0}):
        with distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            silence_logs=50,
        ) as lc:
            yield lc


@pytest.mark.slow  # a real Dask cluster started for it: in CI's second pass
def test_a_killed_worker_loses_no_deal(
    local_cluster: Any, caplog: pytest.LogCaptureFixture
) -> None:
    rules, layout = PRESETS["classic"], get_layout(1)
    alone = win_rate(rules, layout, 240, seed=8, budget=5_000, workers=1)
    watcher = distributed.Client(local_cluster)
    before = watcher.run(os.getpid)
    assert len(before) == 2
    killed: list[int] = []

    def kill_once(r: WinRate) -> None:
        """At the first chunk back, kill a worker that is running a chunk."""
        if killed:
            return
        import psutil

        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            busy = [addr for addr, keys in watcher.processing().items() if keys]
            if busy:
                killed.append(before[busy[0]])
                psutil.Process(before[busy[0]]).kill()
                return
            time.sleep(0.01)

    try:
        result = win_rate(
            rules,
            layout,
            240,
            seed=8,
            budget=5_000,
            cluster=local_cluster.scheduler_address,
            progress=kill_once,
        )
        watcher.wait_for_workers(2, timeout=30)
        after = watcher.run(os.getpid)
    finally:
        watcher.close()
    assert killed  # a worker died while running a chunk
    assert killed[0] not in after.values()  # it really died (its nanny started another)
    assert "sent again" in caplog.text  # its chunks were lost with it and sent again
    assert not result.interrupted and result.done == 240
    for key in COUNTS:
        assert getattr(result, key) == getattr(alone, key), key


@pytest.mark.slow  # a 400,000-deal run started and interrupted: in CI's second pass
@pytest.mark.skipif(
    not hasattr(signal, "SIGINT") or sys.platform == "win32",
    reason="POSIX signals and pseudo-terminals",
)
@pytest.mark.parametrize(
    "where",
    [["--cluster", "local", "--workers", "2"], ["--workers", "2"]],
    ids=["cluster", "processes"],
)
def test_ctrl_c_prints_what_was_decided_and_exits_130(where: list[str]) -> None:
    """Ctrl+C at a terminal reaches the whole process group, the workers included."""
    import pty

    master, slave = pty.openpty()  # stderr on a terminal: the progress bar shows the run going
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "desert_pyramid",
            "stats",
            "--rules",
            "classic",
            "--player",
            "thumb",
            "--deals",
            "400000",
            "--seed",
            "3",
            *where,
        ],
        stdout=subprocess.PIPE,
        stderr=slave,
        stdin=subprocess.DEVNULL,
        text=True,
        cwd=ROOT,
        start_new_session=True,
    )
    os.close(slave)
    seen = b""
    counts: list[bytes] = []
    drain: threading.Thread | None = None
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:  # wait for 400 deals decided, then press Ctrl+C
            try:
                seen += os.read(master, 4096)
            except OSError:
                break
            counts = re.findall(rb"\] (\d+)/400000 deals", seen)
            if counts and int(counts[-1]) >= 400:
                break
        assert counts and int(counts[-1]) >= 400, seen[-500:]
        os.killpg(proc.pid, signal.SIGINT)
        # Keep reading the terminal while the run ends: a full pseudo-terminal would block its last
        # progress writes and the run could never exit (seen on a loaded machine).
        drain = threading.Thread(target=_drain, args=(master,), daemon=True)
        drain.start()
        out, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if drain is not None:
            drain.join(timeout=10)  # the terminal's other end closes with the run and its workers
        os.close(master)
    assert proc.returncode == 130
    assert out.startswith("Interrupted: "), out
    m = re.search(r"deals 0 to (\d+) of seed 3", out)
    won = re.search(r"Won ([\d,]+) of ([\d,]+)", out)
    assert m and won, out
    n = int(m.group(1)) + 1
    assert int(won.group(2).replace(",", "")) == n and 0 < n < 400000
    alone = win_rate(PRESETS["classic"], get_layout(1), n, seed=3, player="thumb", workers=1)
    assert int(won.group(1).replace(",", "")) == alone.wins  # the deals decided so far, exactly


def _drain(fd: int) -> None:
    """Read a pseudo-terminal until its other end is gone."""
    while True:
        try:
            if not os.read(fd, 4096):
                return
        except OSError:
            return


def test_unreachable_scheduler_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from desert_pyramid.solver import cluster

    assert cluster.CONNECT_TIMEOUT < 30  # the game's own wait: a refused port is retried so long
    # here the same retries give up after one second (the run's time is that wait, nothing else)
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 1.0)
    t = time.monotonic()
    assert (
        main(["stats", "--rules", "classic", "--deals", "5", "--cluster", "tcp://127.0.0.1:1"]) == 2
    )
    assert time.monotonic() - t < 30
    err = capsys.readouterr().err.strip()
    assert (
        len(err.splitlines()) == 1 and "cannot reach a Dask scheduler at tcp://127.0.0.1:1" in err
    )
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        ("", "is not 'local'"),
        ("tcp://", "is not 'local'"),
        ("tcp://127.0.0.1", "is not 'local'"),
        ("tcp://127.0.0.1:99999", "port 99999"),
        ("tcp://127.0.0.1:0", "port 0"),
        ("tcp://127.0.0.1:" + "9" * 5000, "is not 'local'"),
        ("tcp://127.0.0.1:８７８６", "is not 'local'"),  # full-width digits
        ("tcp://127.0.0.1:٨٧٨٦", "is not 'local'"),  # Arabic-Indic digits
        ("udp://127.0.0.1:8786", "unknown protocol"),
        ("tcp://host name:8786", "is not 'local'"),
        ("tcp://h\x00:8786", "is not 'local'"),
    ],
)
def test_bad_addresses_are_one_line_and_exit_2(
    value: str, fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["stats", "--rules", "classic", "--deals", "5", "--cluster", value]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and fragment in err and "--cluster" in err
    assert len(err) < 200


def test_addresses_are_normalised() -> None:
    assert parse_address("local") == parse_address(" LOCAL ") == "local"
    assert parse_address("127.0.0.1:8786") == "tcp://127.0.0.1:8786"
    assert parse_address("tls://sched.example:8786") == "tls://sched.example:8786"
    assert parse_address("tcp://[::1]:8786") == "tcp://[::1]:8786"
    assert parse_address("local:8786") == "tcp://local:8786"  # a host named "local"


def test_workers_with_a_scheduler_address_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "stats",
                "--rules",
                "classic",
                "--deals",
                "5",
                "--cluster",
                "tcp://127.0.0.1:1",
                "--workers",
                "2",
            ]
        )
        == 2
    )
    assert "--workers" in capsys.readouterr().err


def test_without_dask_cluster_says_how_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    assert main(["stats", "--rules", "classic", "--deals", "5", "--cluster", "local"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert 'pip install "desert-pyramid[cluster]"' in err
    # ... and the game's own paths never needed it
    assert main(["stats", "--rules", "classic", "--deals", "5", "--workers", "1", "--json"]) == 0


def test_the_game_does_not_import_dask() -> None:
    code = (
        "import sys, desert_pyramid, desert_pyramid.cli, desert_pyramid.solver.stats, "
        "desert_pyramid.solver.cluster, desert_pyramid.difficulty\n"
        "desert_pyramid.cli.build_parser()\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed'))\n"
        "print(bad)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert out.stdout.strip() == "[]"


def test_workers_of_another_version_are_refused(
    monkeypatch: pytest.MonkeyPatch, local_cluster: Any
) -> None:
    """Workers of another version would give other verdicts: the run refuses them."""
    real = desert_pyramid.__version__
    monkeypatch.setattr("desert_pyramid.__version__", "0.0.0-test")
    with pytest.raises(
        ClusterError, match=f"has desert-pyramid {re.escape(real)}, this is 0.0.0-test"
    ):
        win_rate(PRESETS["classic"], get_layout(1), 5, cluster=local_cluster.scheduler_address)


def bench_rows(*args: str) -> list[str]:
    out = subprocess.run(
        [sys.executable, "bench/layout_difficulty.py", "--deals", "6", "--only", "2,11", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    rows = [
        line.rsplit(None, 1)[0]
        for line in out.stdout.splitlines()
        if re.match(r"\s*\d+ [A-Z]", line)
    ]
    assert len(rows) == 2
    return sorted(rows)  # without the time column


@pytest.mark.slow  # a real Dask cluster started for it: in CI's second pass
def test_layout_difficulty_bench_on_a_local_cluster_counts_the_same() -> None:
    assert bench_rows("--cluster", "local", "--workers", "2") == bench_rows("--workers", "1")


def test_a_scheduler_lost_mid_run_is_one_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from desert_pyramid.solver import cluster

    # the client tries to reach the closed scheduler again for this long before the run says it
    # lost it (the game waits 5 s; 2 s here, the same path)
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 2.0)
    lc = distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        protocol="tcp://",
        dashboard_address=":0",
        silence_logs=50,
    )
    closed: list[int] = []

    def close_scheduler(r: WinRate) -> None:
        if not closed:
            closed.append(r.done)
            lc.close()

    try:
        with pytest.raises(ClusterError, match="lost the Dask scheduler at tcp://127.0.0.1:"):
            win_rate(
                PRESETS["classic"],
                get_layout(1),
                100_000,
                player="thumb",
                cluster=lc.scheduler_address,
                progress=close_scheduler,
            )
    finally:
        lc.close()
    assert closed


def test_an_interrupted_run_counts_the_unbroken_run_of_deals() -> None:
    """Ctrl+C (here raised by the progress callback after three chunks): the counts cover exactly
    the deals decided in order from --start, as if only those had been asked for."""
    rules, layout = PRESETS["classic"], get_layout(1)
    calls: list[int] = []

    def stop_after_three(r: WinRate) -> None:
        calls.append(r.done)
        if len(calls) == 3:
            raise KeyboardInterrupt

    part = win_rate(
        rules,
        layout,
        200,
        seed=6,
        start=11,
        budget=5_000,
        workers=1,
        chunk=10,
        progress=stop_after_three,
    )
    alone = win_rate(rules, layout, 30, seed=6, start=11, budget=5_000, workers=1)
    assert part.interrupted and part.done == 30 and part.past_gap == 0 and part.deals == 200
    for key in COUNTS:
        assert getattr(part, key) == getattr(alone, key), key
    assert part.to_dict()["interrupted"] is True and part.to_dict()["requested"] == 200


def test_a_result_lost_with_its_worker_is_sent_again() -> None:
    """A chunk can finish and then lose its result with the worker that held it before the run
    reads it (status "lost", or "pending" once the scheduler starts it again): that is a loss to
    send again, not "a worker failed"."""
    from types import SimpleNamespace

    from desert_pyramid.solver.cluster import _killed

    assert _killed(SimpleNamespace(status="lost"), None)
    assert _killed(SimpleNamespace(status="pending"), None)
    assert not _killed(SimpleNamespace(status="finished"), None)
