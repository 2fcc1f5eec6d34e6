"""Hint benchmark: 200 mid-game positions, time per hint (median, p95, p99, max).

Positions: deal i of a fixed seed, played for a random number of moves (10 to 40) by a mix of the
solver's line and the rules-of-thumb player, so that some positions are winnable and some are
lost (then the hint also looks for the position to rewind to).

    python bench/bench_hints.py                    # desert and classic, 200 positions each
    python bench/bench_hints.py --rules classic --positions 50
    python bench/bench_hints.py --hard             # the hard set of issue 24 (bench/hard_positions.txt)

``--hard`` reads the game and deal codes of ``bench/hard_positions.txt`` (written once by
``bench/hard_positions.py``: the 30 hardest classic positions of seed 1 deals 0-4,999 after 3 to 10
moves of the rules-of-thumb player, and the documented positions) and asks each its hint cold, in
this process, with ``hint_for``'s defaults: p50, p95 and max milliseconds and nodes, the verdicts,
every lost position's undo count, and each position's figures (``--each``). ``--ref DIR`` measures
the code of another checkout (an earlier commit: ``git archive REV | tar -x -C DIR``) position by
position in turn with this one, each in its own process, so that both see the same load:

    python bench/bench_hints.py --hard --ref /tmp/base --each

``--warm S`` measures the table's case instead: the hint worker's own memory
(``solver.service.Thinker``) ponders every position of the game's history in turn, the deal's
start first, for at most S seconds each (as the worker does from the moment each move is made; the
bench leaves out its look one move ahead), then the hint of the last position is asked; the time
from the question to the answer is measured (0 when the answer comes from memory).

    python bench/bench_hints.py --hard --warm 5
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

# BENCH_TREE: measure another checkout's code with this script (see --ref)
sys.path.insert(0, os.environ.get("BENCH_TREE") or str(Path(__file__).resolve().parent.parent))

from desert_pyramid.catalog import get_layout  # noqa: E402
from desert_pyramid.engine import Deal, Game, Rules  # noqa: E402
from desert_pyramid.solver import Verdict, solve  # noqa: E402
from desert_pyramid.solver.hints import hint_for  # noqa: E402
from desert_pyramid.solver.players import ThumbPlayer  # noqa: E402

SEED = 20240602


def position(rules: Rules, i: int) -> Game:
    rng = random.Random(i)
    game = Game(get_layout(1), rules, Deal.from_seed(SEED, i))
    steps = rng.randrange(10, 41)
    result = solve(game, 50_000)
    line = list(result.line) if result.verdict is Verdict.WINNABLE else []
    thumb = ThumbPlayer()
    deviate = rng.random() < 0.4  # some games leave the winning line
    for k in range(steps):
        if game.won:
            game.undo()
            break
        if line and k < len(line) and not (deviate and k >= steps // 2):
            m = line[k]
        else:
            mm = thumb.next_move(game)
            if mm is None:
                break
            m = mm
        game.play(m)
    if game.won:
        game.undo()
    return game


HARD = Path(__file__).with_name("hard_positions.txt")


def hard_games() -> list[tuple[str, Game]]:
    """The hard set: (label, game) for every code in ``bench/hard_positions.txt``."""
    from desert_pyramid.engine import decode_deal_code, decode_game_code

    out: list[tuple[str, Game]] = []
    for raw in HARD.read_text(encoding="utf-8").splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        code, _, label = raw.partition("  ")
        if code.startswith("DG"):
            game = decode_game_code(code, get_layout).game(get_layout(1))
        else:
            dc = decode_deal_code(code)
            game = Game(get_layout(dc.layout_number), dc.rules, dc.deal)
        out.append((label.strip() or code, game))
    return out


def hard_row(game: Game) -> dict[str, object]:
    """One cold hint of the hard set, measured: ms, nodes, verdict, undo count, text."""
    t = time.perf_counter()
    c = time.process_time()
    hint = hint_for(game)
    ms = (time.perf_counter() - t) * 1000
    cpu_ms = (time.process_time() - c) * 1000
    if hint.verdict is Verdict.WINNABLE and hint.line:
        g = game.copy()
        g.replay(hint.line)
        assert g.won
    undo = None if hint.rewind_to is None else game.moves - hint.rewind_to
    return {
        "ms": ms,
        "cpu_ms": cpu_ms,
        "nodes": hint.nodes,
        "verdict": hint.verdict.value,
        "undo": undo,
        "text": hint.text,
        "line": [str(m) for m in hint.line],
    }


def run_hard(each: bool, ref: str | None) -> None:
    games = hard_games()
    sides = {"this": [], "ref": []} if ref else {"this": []}
    for j, (label, game) in enumerate(games):
        row = hard_row(game)
        sides["this"].append(row)
        out = (
            f"    {label}: {row['ms']:.0f} ms ({row['cpu_ms']:.0f} CPU), {row['nodes']} nodes, "
            f"{_verdict(row)}"
        )
        if ref:
            other = subprocess.run(
                [sys.executable, __file__, "--hard", "--only", str(j)],
                capture_output=True,
                text=True,
                env={**os.environ, "BENCH_TREE": ref},
                check=True,
            )
            r = json.loads(other.stdout)
            sides["ref"].append(r)
            same = (
                "same" if (r["verdict"], r["undo"]) == (row["verdict"], row["undo"]) else "DIFFERS"
            )
            out += (
                f" | ref {r['ms']:.0f} ms ({r['cpu_ms']:.0f} CPU), {r['nodes']} nodes, "
                f"{_verdict(r)} ({same}"
            )
            out += ", same words)" if r["text"] == row["text"] else ", other words)"
        if each:
            print(out, flush=True)
    for side, rows in sides.items():
        times = [float(r["ms"]) for r in rows]  # type: ignore[arg-type]
        cpu = [float(r.get("cpu_ms", 0.0)) for r in rows]  # type: ignore[arg-type]
        nodes = [float(r["nodes"]) for r in rows]  # type: ignore[arg-type]
        counts = {v.value: sum(1 for r in rows if r["verdict"] == v.value) for v in Verdict}
        no_undo = sum(
            1
            for r in rows
            if r["verdict"] == "lost"
            and r["undo"] is None
            and "could not be won even from the start" not in str(r["text"])
        )
        name = "this checkout" if side == "this" else f"ref {ref}"
        print(f"hints, hard set ({len(rows)} positions of {HARD.name}), cold, {name}")
        print(
            f"  ms per hint: p50 {pct(times, 0.5):.0f}, p95 {pct(times, 0.95):.0f}, "
            f"max {max(times):.0f}; total {sum(times) / 1000:.1f} s"
        )
        print(
            f"  CPU ms per hint (the process's own time, steadier on a loaded machine): "
            f"p50 {pct(cpu, 0.5):.0f}, p95 {pct(cpu, 0.95):.0f}, max {max(cpu):.0f}; "
            f"total {sum(cpu) / 1000:.1f} s"
        )
        print(
            f"  nodes per hint: p50 {pct(nodes, 0.5):.0f}, p95 {pct(nodes, 0.95):.0f}, "
            f"max {max(nodes):.0f}; total {sum(nodes):.0f}"
        )
        print(
            f"  verdicts: winnable {counts['winnable']}, lost {counts['lost']}, "
            f"unknown {counts['unknown']}; lost without an undo count: {no_undo}"
        )
    sys.stdout.flush()


def run_warm(seconds: float, each: bool) -> None:
    from desert_pyramid.solver.service import Thinker, hint_key

    times: list[float] = []
    ready = 0
    for label, game in hard_games():
        thinker = Thinker()
        layout_data = game.layout.to_dict()
        for k in range(game.moves + 1):  # the pondering, S seconds at most per move
            position = game.after(k)
            end = time.perf_counter() + seconds

            def pondered(end: float = end) -> bool:
                return time.perf_counter() > end

            thinker.hint(
                position, hint_key(position.to_dict(), layout_data, 300_000), 300_000, pondered
            )
        key = hint_key(game.to_dict(), layout_data, 300_000)
        t = time.perf_counter()
        hint = thinker.hint(game, key, 300_000, lambda: False)  # the question
        ms = (time.perf_counter() - t) * 1000
        assert hint is not None
        ready += thinker.ready
        times.append(ms)
        if each:
            print(f"    {label}: {ms:.0f} ms after {seconds:g} s of pondering, {hint.verdict}")
    print(
        f"hints, hard set ({len(times)} positions), warm: asked after at most {seconds:g} s of "
        "pondering per move"
    )
    print(
        f"  ms from question to answer: p50 {pct(times, 0.5):.0f}, p95 {pct(times, 0.95):.0f}, "
        f"max {max(times):.0f}; answered from memory: {ready}/{len(times)}"
    )
    sys.stdout.flush()


def _verdict(row: dict[str, object]) -> str:
    if row["verdict"] != "lost":
        return str(row["verdict"])
    return "lost, " + ("deal lost" if row["undo"] is None else f"undo {row['undo']}")


def pct(values: list[float], q: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(round(q * (len(v) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--rules", action="append")
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--hard", action="store_true", help="the hard set of bench/hard_positions.txt")
    ap.add_argument("--each", action="store_true", help="with --hard: print every position")
    ap.add_argument("--ref", help="with --hard: also measure this checkout's code, in turn")
    ap.add_argument("--only", type=int, help="with --hard: one position, as one JSON line")
    ap.add_argument("--warm", type=float, help="with --hard: ask after pondering this many s")
    args = ap.parse_args()
    if args.hard and args.warm is not None:
        run_warm(args.warm, args.each)
        return
    if args.hard and args.only is not None:
        print(json.dumps(hard_row(hard_games()[args.only][1])))
        return
    if args.hard:
        run_hard(args.each, args.ref)
        return
    for text in args.rules or ["desert", "classic"]:
        rules = Rules.parse(text)
        times: list[float] = []
        verdicts = {v: 0 for v in Verdict}
        slow: list[tuple[float, int, str]] = []
        for i in range(args.positions):
            game = position(rules, i)
            t = time.perf_counter()
            hint = hint_for(game)
            dt = time.perf_counter() - t
            times.append(dt)
            verdicts[hint.verdict] += 1
            slow.append((dt, i, hint.verdict.value))
            if hint.verdict is Verdict.WINNABLE and hint.line:
                g = game.copy()
                g.replay(hint.line)
                assert g.won
        print(f"hints, rules {rules}: {args.positions} mid-game positions")
        print(
            f"  time per hint: median {pct(times, 0.5) * 1000:.1f} ms, p95 {pct(times, 0.95) * 1000:.0f} ms, "
            f"p99 {pct(times, 0.99) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms"
        )
        print(
            f"  verdicts: winnable {verdicts[Verdict.WINNABLE]}, lost {verdicts[Verdict.LOST]}, "
            f"unknown {verdicts[Verdict.UNKNOWN]}"
        )
        for dt, i, v in sorted(slow, reverse=True)[:5]:
            print(f"    slow: position {i}: {dt * 1000:.0f} ms, {v}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
