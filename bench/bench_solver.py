"""Solver benchmark: 1,000 random deals from a fixed seed, per rule set.

Prints, for each rule set, the median, p95, p99 and max time per deal, the share decided within
the cap (2 s by default), the verdict counts, nodes, and the peak memory of the process.

    python bench/bench_solver.py                      # classic and desert, 1,000 deals each
    python bench/bench_solver.py --rules classic --deals 200 --cap 2

Every deal runs in this process, one after another (no parallelism, so the times are per deal on
one core). The node budget is large; the wall-clock cap decides "within 2 s".

``--ref PATH`` also times another version of the search, run as plain Python: PATH is a folder
with its modules (an earlier commit's: ``mkdir /tmp/ref && git archive REV desert_pyramid/solver
| tar -x -C /tmp/ref``, then ``--ref /tmp/ref/desert_pyramid/solver``), or, for a commit from
before the search was split into modules, its one ``core.py`` (``git show
REV:desert_pyramid/solver/core.py > /tmp/core_ref.py``). It runs deal by deal in turn with this one
in the same process, and checks that both give the same verdict, line and nodes; it prints both
medians, the ratio of the total times and the median per-deal ratio:

    python bench/bench_solver.py --rules classic --deals 200 --ref /tmp/ref/desert_pyramid/solver
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from desert_pyramid.catalog import get_layout  # noqa: E402
from desert_pyramid.engine import Deal, Game, Rules  # noqa: E402
from desert_pyramid.solver import Verdict, solve  # noqa: E402
from desert_pyramid.sysinfo import peak_memory_bytes, to_mb  # noqa: E402

SEED = 20240601  # the benchmark's fixed seed


def search_kind() -> str:
    """Which search runs: compiled by the install (setup.py) or the plain source."""
    from desert_pyramid.solver import core

    return "the search compiled (mypyc)" if core.NATIVE else "the search as plain Python"


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    i = min(len(sorted_values) - 1, max(0, int(round(q * (len(sorted_values) - 1)))))
    return sorted_values[i]


def load_ref(path: str) -> object:
    """Another version of the search, loaded as plain Python beside this one: a folder holding
    its modules (``desert_pyramid/solver`` of another checkout, or the search's files extracted
    from a commit), or one ``core.py`` from before the search was split into modules."""
    import importlib.util

    from desert_pyramid.solver import load_core_source

    if Path(path).is_dir():
        return load_core_source("desert_pyramid.solver_ref", Path(path))
    spec = importlib.util.spec_from_file_location("desert_pyramid.solver.core_ref", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def compare(  # type: ignore[no-untyped-def]
    rules_text: str,
    deals: int,
    cap: float,
    budget: int,
    layout_number: int,
    ref: str,
    same_nodes: bool = True,
):
    other = load_ref(ref)
    rules = Rules.parse(rules_text)
    layout = get_layout(layout_number)
    mine: list[float] = []
    theirs: list[float] = []
    ratios: list[float] = []
    nodes: list[float] = []
    ref_nodes: list[float] = []
    for i in range(deals):
        game = Game(layout, rules, Deal.from_seed(SEED, i))
        runs = [("this", solve), ("ref", other.solve)]  # type: ignore[attr-defined]
        if i % 2:
            runs.reverse()  # each goes first on every other deal
        got = {}
        for name, fn in runs:
            got[name] = fn(game, budget, time_limit=cap)
        a, b = got["this"], got["ref"]
        if a.seconds <= cap / 2 and b.seconds <= cap / 2:
            if same_nodes:
                assert (a.verdict.value, a.line, a.nodes) == (b.verdict.value, b.line, b.nodes), i
            elif "unknown" not in (a.verdict.value, b.verdict.value):
                assert a.verdict.value == b.verdict.value, i
        if a.verdict.value == "winnable":
            g = game.copy()
            g.replay(a.line)
            assert g.won, f"deal {i}: the line does not win"
        ref_nodes.append(b.nodes)
        mine.append(a.seconds)
        theirs.append(b.seconds)
        nodes.append(a.nodes)
        ratios.append(a.seconds / max(b.seconds, 1e-9))
    ms, ts, rs = sorted(mine), sorted(theirs), sorted(ratios)
    print(
        f"rules {rules}: {deals} deals from seed {SEED}, this checkout ({search_kind()}) "
        f"against {ref} (plain Python), in turn"
    )
    print(
        f"  this: median {percentile(ms, 0.5) * 1000:.2f} ms, p95 {percentile(ms, 0.95) * 1000:.1f} ms, "
        f"max {ms[-1] * 1000:.0f} ms, total {sum(ms):.2f} s"
    )
    print(
        f"  ref:  median {percentile(ts, 0.5) * 1000:.2f} ms, p95 {percentile(ts, 0.95) * 1000:.1f} ms, "
        f"max {ts[-1] * 1000:.0f} ms, total {sum(ts):.2f} s"
    )
    print(
        f"  this/ref: total {sum(ms) / sum(ts):.3f}, median per deal {percentile(rs, 0.5):.3f}; "
        f"nodes per deal: median {percentile(sorted(nodes), 0.5):.0f}, max {max(nodes):.0f}, "
        f"total {sum(nodes):.0f} (ref: median {percentile(sorted(ref_nodes), 0.5):.0f}, "
        f"max {max(ref_nodes):.0f}, total {sum(ref_nodes):.0f}); "
        + ("same verdicts, lines and nodes" if same_nodes else "same verdicts (both decided)")
    )
    sys.stdout.flush()


def run(
    rules_text: str, deals: int, cap: float, budget: int, layout_number: int, check: bool
) -> None:
    rules = Rules.parse(rules_text)
    layout = get_layout(layout_number)
    times: list[float] = []
    nodes: list[int] = []
    counts = {v: 0 for v in Verdict}
    slow: list[tuple[float, int, str, int]] = []
    start = time.perf_counter()
    for i in range(deals):
        game = Game(layout, rules, Deal.from_seed(SEED, i))
        result = solve(game, budget, time_limit=cap)
        times.append(result.seconds)
        nodes.append(result.nodes)
        verdict = result.verdict if result.seconds <= cap else Verdict.UNKNOWN
        counts[verdict] += 1
        if result.verdict is Verdict.WINNABLE and check:
            g = game.copy()
            g.replay(result.line)
            assert g.won, f"deal {i}: the line does not win"
        if result.seconds > cap / 4:
            slow.append((result.seconds, result.nodes, result.verdict.value, i))
        if (i + 1) % 100 == 0:
            print(
                f"  {rules_text}: {i + 1}/{deals} deals, {time.perf_counter() - start:.0f} s",
                file=sys.stderr,
            )
    ts = sorted(times)
    decided = counts[Verdict.WINNABLE] + counts[Verdict.LOST]
    peak_mb = to_mb(peak_memory_bytes())
    print(
        f"rules {rules} ({rules.describe()}), layout {layout_number}, {deals} deals from seed {SEED}"
        f"; {search_kind()}"
    )
    print(
        f"  time per deal: median {percentile(ts, 0.5) * 1000:.1f} ms, p95 {percentile(ts, 0.95) * 1000:.0f} ms, "
        f"p99 {percentile(ts, 0.99) * 1000:.0f} ms, max {ts[-1] * 1000:.0f} ms"
    )
    print(
        f"  decided within {cap:g} s: {decided}/{deals} = {100 * decided / deals:.1f}% "
        f"(winnable {counts[Verdict.WINNABLE]}, lost {counts[Verdict.LOST]}, unknown {counts[Verdict.UNKNOWN]})"
    )
    ns = sorted(nodes)
    print(
        f"  nodes per deal: median {percentile(ns, 0.5):.0f}, mean {sum(ns) / len(ns):.0f}, "
        f"p99 {percentile(ns, 0.99):.0f}, max {ns[-1]}"
    )
    print(f"  total {time.perf_counter() - start:.0f} s; peak memory of the process {peak_mb} MB")
    for s, n, v, i in sorted(slow, reverse=True)[:10]:
        print(f"    slow: deal {i}: {s:.2f} s, {n} nodes, {v}")
    slowest = sorted(range(deals), key=lambda i: times[i], reverse=True)[:5]
    print(
        "  slowest deals: "
        + ", ".join(f"{i} ({times[i] * 1000:.0f} ms, {nodes[i]} nodes)" for i in slowest)
    )
    sys.stdout.flush()


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--rules", action="append", help="rule set(s); default classic and desert")
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--cap", type=float, default=2.0, help="seconds per deal (default 2)")
    ap.add_argument("--budget", type=int, default=50_000_000, help="node budget per deal")
    ap.add_argument("--layout", type=int, default=1)
    ap.add_argument("--no-check", action="store_true", help="skip replaying winning lines")
    ap.add_argument(
        "--ref",
        help="also time this version of the search (its folder, or an old core.py), in turn",
    )
    ap.add_argument(
        "--verdicts",
        action="store_true",
        help="with --ref: check only that the verdicts agree (a search with other node counts)",
    )
    args = ap.parse_args()
    for rules_text in args.rules or ["classic", "desert"]:
        if args.ref:
            compare(
                rules_text,
                args.deals,
                args.cap,
                args.budget,
                args.layout,
                args.ref,
                same_nodes=not args.verdicts,
            )
        else:
            run(rules_text, args.deals, args.cap, args.budget, args.layout, not args.no_check)


if __name__ == "__main__":
    main()
