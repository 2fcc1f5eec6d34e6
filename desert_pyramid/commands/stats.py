"""``desert-pyramid stats``: how often are deals won under these rules?

Solves (or lets a computer player play) many deals of a seed's sequence in parallel and prints the
win rate with a 95% confidence interval. Deals the solver cannot decide within its node budget are
counted as "unknown" and reported, never guessed.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
from typing import Any, TextIO

from desert_pyramid.commands.args import UsageError
from desert_pyramid.commands.deal import check_pair, parse_int, parse_layout, parse_rules
from desert_pyramid.engine import UNLIMITED, Rules, RulesError
from desert_pyramid.solver.cluster import ClusterError, parse_address
from desert_pyramid.solver.stats import PLAYERS, STATS_BUDGET, WinRate, win_rate


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "stats",
        help="win rate of many deals under a rule set, with a 95%% confidence interval",
        description=(
            "Solve N deals of a seed's sequence (or let the rules-of-thumb player play them) and "
            "print the win rate with a 95% confidence interval. Uses every core by default."
        ),
    )
    p.add_argument(
        "--rules", required=True, help="preset[+options], e.g. classic, strict, desert, relaxed+p3"
    )
    p.add_argument(
        "--passes", choices=["1", "3", "unlimited"], help="option: passes through the stock"
    )
    p.add_argument(
        "--satchel",
        dest="satchel",
        action="store_true",
        default=None,
        help="option: with the Satchel",
    )
    p.add_argument(
        "--no-satchel", dest="satchel", action="store_false", help="option: without the Satchel"
    )
    p.add_argument(
        "--top", action="store_true", help="option: the stock's top card is face up and playable"
    )
    p.add_argument("--all52", action="store_true", help="option: all 52 cards must go")
    p.add_argument("--match", action="store_true", help="option: relaxed match")
    p.add_argument("--draw3", action="store_true", help="option: draw three")
    p.add_argument("--layout", default="1", help="layout number (default 1)")
    p.add_argument("--deals", required=True, help="how many deals")
    p.add_argument("--seed", default="0", help="the seed of the deal sequence (default 0)")
    p.add_argument("--start", default="0", help="first deal index in the sequence (default 0)")
    p.add_argument("--player", default="solver", choices=PLAYERS, help="solver (default) or thumb")
    p.add_argument(
        "--budget",
        default=str(STATS_BUDGET),
        help=f"solver node budget per deal (default {STATS_BUDGET:,})",
    )
    p.add_argument("--workers", default=None, help="processes to use (default: every core)")
    p.add_argument(
        "--cluster",
        default=None,
        metavar="ADDRESS",
        help="run the deals on a Dask cluster: a scheduler address (tcp://host:8786), or 'local' "
        "for a local Dask cluster; needs the [cluster] extra",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def build_rules(args: argparse.Namespace) -> Rules:
    rules = parse_rules(args.rules)
    options: dict[str, int | bool] = {}
    if args.passes is not None:
        options["passes"] = UNLIMITED if args.passes == "unlimited" else int(args.passes)
    if args.satchel is not None:
        options["satchel"] = args.satchel
    if args.top:
        options["stock_top_playable"] = True
    if args.all52:
        options["all_52"] = True
    if args.match:
        options["relaxed_match"] = True
    if args.draw3:
        options["draw_three"] = True
    try:
        return rules.with_options(**options) if options else rules
    except RulesError as exc:
        raise UsageError(f"rule options: {exc}") from None


def run(args: argparse.Namespace) -> int:
    rules = build_rules(args)
    layout = parse_layout(args.layout)
    check_pair(rules, layout)
    deals = parse_int(args.deals, "--deals", 1, 10_000_000)
    seed = parse_int(args.seed, "--seed", 0, 2**64 - 1)
    start = parse_int(args.start, "--start", 0, 2**32 - 1 - deals)
    budget = parse_int(args.budget.replace("_", "").replace(",", ""), "--budget", 1, 10**10)
    cores = os.cpu_count() or 1
    workers: int | None = (
        cores if args.workers is None else parse_int(args.workers, "--workers", 1, 256)
    )
    cluster = None
    if args.cluster is not None:
        try:
            cluster = parse_address(args.cluster)
        except ClusterError as exc:
            raise UsageError(str(exc)) from None
        if args.workers is None:
            workers = None  # every core for a local cluster; the scheduler's own workers otherwise
    bar = _Progress(sys.stderr, deals) if sys.stderr.isatty() and not args.json else None
    stop = _Stop()
    try:
        with stop:
            result = win_rate(
                rules,
                layout,
                deals,
                seed=seed,
                start=start,
                player=args.player,
                budget=budget,
                workers=workers,
                progress=bar.update if bar else None,
                cluster=cluster,
            )
    except ClusterError as exc:
        if bar:
            bar.close()
        raise UsageError(str(exc)) from None
    if bar:
        bar.close()
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(report(result))
    if stop.signal_number:
        return 128 + stop.signal_number  # as a shell reports a command ended by that signal
    return 130 if result.interrupted else 0


class _Stop:
    """While the deals run, a termination request (``kill``, SIGTERM; SIGHUP where there is one)
    stops them as Ctrl+C does (``KeyboardInterrupt``): the workers are ended and the pool's
    semaphores released by the pool's own shutdown, instead of the interpreter dying with them
    held (multiprocessing's "leaked semaphore objects" warning at exit), and the deals decided
    so far are reported. Only the first request is acted on; the handlers are put back after."""

    SIGNALS = ("SIGTERM", "SIGHUP")

    def __init__(self) -> None:
        self.signal_number = 0
        self._saved: list[tuple[int, Any]] = []

    def _handle(self, number: int, frame: object) -> None:
        if self.signal_number:
            return  # stopping already: let the clean-up finish
        self.signal_number = number
        raise KeyboardInterrupt

    def __enter__(self) -> _Stop:
        for name in self.SIGNALS:
            number = getattr(signal, name, None)
            if number is None:
                continue
            try:
                self._saved.append((number, signal.signal(number, self._handle)))
            except (ValueError, OSError):  # not the main thread, or not settable here
                pass
        return self

    def __exit__(self, *exc: object) -> None:
        for number, handler in self._saved:
            try:
                signal.signal(number, handler)
            except (ValueError, OSError, TypeError):
                pass
        self._saved = []


def report(r: WinRate) -> str:
    lo, hi = r.ci95
    who = "the solver" if r.player == "solver" else "the rules-of-thumb player"
    lines = []
    if r.interrupted:
        lines.append(
            f"Interrupted: {r.done:,} of {r.deals:,} deals decided in order from deal {r.start}"
            + (
                f" ({r.past_gap:,} more decided past the first undecided one are left out)"
                if r.past_gap
                else ""
            )
        )
        if not r.done:
            return "\n".join(lines)
    lines += [
        f"Rules {r.rules} ({r.rules.describe()}), layout {r.layout}; deals {r.start} to {r.start + r.done - 1} "
        f"of seed {r.seed}; {who}"
        + (f", {r.budget:,} nodes a deal" if r.player == "solver" else ""),
        f"Won {r.wins:,} of {r.done:,}: {100 * r.rate:.2f}% (95% CI {100 * lo:.2f}% to {100 * hi:.2f}%)",
    ]
    if r.player == "solver":
        lines.append(
            f"Lost {r.losses:,} (proved), unknown {r.unknown:,} (budget ran out)"
            + (
                f": the win rate is at most {100 * r.upper_if_unknown_won:.2f}% if every unknown deal were winnable"
                if r.unknown
                else ""
            )
        )
    else:
        lines.append(f"Not won {r.losses:,}")
    lines.append(f"{r.seconds:.1f} s in all, slowest deal {r.slowest:.2f} s")
    return "\n".join(lines)


class _Progress:
    """A one-line progress bar on a terminal."""

    def __init__(self, stream: TextIO, total: int) -> None:
        self.stream = stream
        self.total = total

    def update(self, r: WinRate) -> None:
        width = 30
        done = r.done
        filled = int(width * done / self.total) if self.total else width
        rate = f"{100 * r.rate:.1f}%" if done else "-"
        eta = ""
        if done and r.seconds > 1:
            left = r.seconds * (self.total - done) / done
            eta = f", {left:.0f} s left"
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} deals, won {rate}{eta}   "
        )
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()
