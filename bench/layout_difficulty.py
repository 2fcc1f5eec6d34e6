"""Measure every layout's difficulty with the game's solver and write it down.

For each layout, ``--deals`` random deals (``Deal.from_seed(seed * 1000 + number, i)``, the same
deals for both rule sets) are solved under the relaxed and under the desert preset with a node
budget per deal. Each deal is won (the solver found a line), lost (it proved there is none) or
unknown (the budget ran out): unknowns are counted apart, never as wins. The rate is won / deals,
a lower bound; won + unknown gives the upper bound.

Writes ``resources/layouts/difficulty.toml`` (read by ``desert-pyramid layouts`` and the layout
picker; format in ``desert_pyramid/difficulty.py``) and the Relaxed, Desert and Difficulty
columns of ``docs/layouts.md``, and prints the figures as it goes.

    python bench/layout_difficulty.py                       # 200 deals, every core
    python bench/layout_difficulty.py --deals 2000 --cluster tcp://scheduler:8786
    python bench/layout_difficulty.py --deals 50 --only 1,4 --dry-run
    python bench/layout_difficulty.py --only 56 --update    # measure new layouts, merge them in
    python bench/layout_difficulty.py --rewrite             # words and docs from the existing file

``--update`` measures only the ``--only`` layouts, at the deals, seed and node budget the file
states, and adds them to it: the other entries stay byte for byte, the ``lost_by`` tallies grow by
the new layouts' counts, and the docs columns and summary are written again from the whole file.
It adds layouts that are not in the file yet; a layout already in it is measured again only by a
full run (its share of the ``lost_by`` tallies is not stored apart, so it cannot be taken out).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
import tomllib
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import tomli_w  # noqa: E402

from desert_pyramid.catalog import all_layouts  # noqa: E402
from desert_pyramid.difficulty import (  # noqa: E402
    DIFFICULTY_SCHEMA,
    WORDS,
    LayoutDifficulty,
    RuleRate,
    difficulty_word,
    load_difficulty,
)
from desert_pyramid.engine import PRESETS, Deal, EngineError, Game  # noqa: E402
from desert_pyramid.solver import Verdict, solve  # noqa: E402
from desert_pyramid.solver.cluster import ClusterError, parse_address  # noqa: E402
from desert_pyramid.solver.stats import run_tasks, wilson  # noqa: E402

OUT = ROOT / "resources" / "layouts" / "difficulty.toml"
DOC = ROOT / "docs" / "layouts.md"
RULES = ("relaxed", "desert")
CHUNK = 10  # deals per task handed to a worker
SUMMARY_START = "<!-- difficulty-summary: written by bench/layout_difficulty.py -->"
SUMMARY_END = "<!-- /difficulty-summary -->"


def deal_for(seed: int, number: int, index: int) -> Deal:
    return Deal.from_seed(seed * 1000 + number, index)


Outcome = tuple[int, str, dict[str, int], dict[str, int], int, float]


def work(number: int, rules_name: str, seed: int, start: int, count: int, budget: int) -> Outcome:
    """Solve deals ``start .. start + count - 1`` of one layout under one preset. A win counts only
    once its line has been replayed to a win in the engine; a line that does not win is reported
    (key ``bad``), never counted as a win."""
    layout = all_layouts()[number]
    rules = PRESETS[rules_name]
    counts = {"won": 0, "lost": 0, "unknown": 0, "bad": 0}
    reasons: dict[str, int] = defaultdict(int)  # why deals were lost: the root rule, or "search"
    nodes = 0
    t0 = time.perf_counter()
    for i in range(start, start + count):
        game = Game(layout, rules, deal_for(seed, number, i))
        result = solve(game, node_budget=budget)
        nodes += result.nodes
        if result.verdict is Verdict.WINNABLE:
            try:
                for move in result.line:
                    game.play(move)
                key = "won" if game.won else "bad"
            except EngineError:
                key = "bad"
        elif result.verdict is Verdict.LOST:
            key = "lost"
            reasons[result.reason or "search"] += 1
        else:
            key = "unknown"
        counts[key] += 1
    return number, rules_name, counts, dict(reasons), nodes, time.perf_counter() - t0


LostBy = dict[
    str, dict[str, int]
]  # per rule set: deals lost, by the rule that proved it ("search": the search)


def measure(
    numbers: list[int],
    deals: int,
    seed: int,
    budget: int,
    workers: int | None,
    cluster: str | None = None,
) -> tuple[dict[int, LayoutDifficulty], LostBy]:
    tasks = [
        (n, r, seed, s, min(CHUNK, deals - s), budget)
        for n in numbers
        for r in RULES
        for s in range(0, deals, CHUNK)
    ]
    totals: dict[tuple[int, str], dict[str, int]] = defaultdict(
        lambda: {"won": 0, "lost": 0, "unknown": 0, "bad": 0}
    )
    reasons: dict[str, dict[str, int]] = {r: defaultdict(int) for r in RULES}
    seconds: dict[int, float] = defaultdict(float)
    nodes: dict[tuple[int, str], int] = defaultdict(int)
    pending = {n: 2 * len(range(0, deals, CHUNK)) for n in numbers}
    layouts = all_layouts()
    out: dict[int, LayoutDifficulty] = {}
    t_start = time.perf_counter()
    print(
        f"{len(numbers)} layouts, {deals} deals each under relaxed and desert rules, "
        f"budget {budget} nodes per deal, seed {seed}, "
        + (f"Dask cluster {cluster}" if cluster else f"{workers} worker(s)")
    )
    print(
        f"{'#':>3} {'name':<22} {'cards':>5}  {'relaxed won/lost/unk':>20}  {'desert won/lost/unk':>20}  "
        f"{'word':<9} {'cpu s':>6}"
    )
    # The same path as `desert-pyramid stats`: local processes, or a Dask cluster with --cluster.
    for _task, outcome in run_tasks(work, tasks, workers=workers, cluster=cluster):
        number, rules_name, counts, why, n_nodes, secs = outcome
        for k, v in counts.items():
            totals[(number, rules_name)][k] += v
        for k, v in why.items():
            reasons[rules_name][k] += v
        nodes[(number, rules_name)] += n_nodes
        seconds[number] += secs
        pending[number] -= 1
        if pending[number]:
            continue
        bad = {r: totals[(number, r)].pop("bad") for r in RULES}
        for r, b in bad.items():
            if b:
                print(
                    f"ERROR: layout {number}, {r}: {b} winning line(s) did not replay to a win; "
                    "counted as unknown",
                    flush=True,
                )
                totals[(number, r)]["unknown"] += b
        rr = RuleRate(**totals[(number, "relaxed")])
        dr = RuleRate(**totals[(number, "desert")])
        d = LayoutDifficulty(number, layouts[number].name, rr, dr, difficulty_word(rr.rate))
        out[number] = d
        print(
            f"{number:>3} {d.name[:22]:<22} {layouts[number].size:>5}  "
            f"{rr.won:>8}/{rr.lost:>4}/{rr.unknown:>4}  {dr.won:>10}/{dr.lost:>4}/{dr.unknown:>4}  "
            f"{d.word:<9} {seconds[number]:>6.1f}",
            flush=True,
        )
    wall = time.perf_counter() - t_start
    print(
        f"done in {wall:.0f} s wall, {sum(seconds.values()):.0f} s of solver time; "
        f"mean nodes per deal: relaxed {sum(v for (n, r), v in nodes.items() if r == 'relaxed') / (len(numbers) * deals):.0f}, "
        f"desert {sum(v for (n, r), v in nodes.items() if r == 'desert') / (len(numbers) * deals):.0f}"
    )
    for r in RULES:
        print(
            f"{r} deals lost, by what proved it: "
            + (
                ", ".join(f"{k} {v}" for k, v in sorted(reasons[r].items(), key=lambda kv: -kv[1]))
                or "none"
            )
        )
    return out, {r: dict(v) for r, v in reasons.items()}


HEAD = (
    "# Layout difficulty, measured by bench/layout_difficulty.py with the game's solver.\n"
    "# Do not edit by hand: run the script again. Format: desert_pyramid/difficulty.py.\n"
)


def entry_of(d: LayoutDifficulty) -> dict[str, Any]:
    """One ``[[layout]]`` table of the difficulty file."""
    entry: dict[str, Any] = {"number": d.number, "name": d.name}
    for name, rate in (("relaxed", d.relaxed), ("desert", d.desert)):
        entry[f"{name}_won"] = rate.won
        entry[f"{name}_lost"] = rate.lost
        entry[f"{name}_unknown"] = rate.unknown
        entry[f"{name}_rate"] = round(rate.rate, 4)
    entry["difficulty"] = d.word
    return entry


def merged(text: str, table: dict[int, LayoutDifficulty], lost_by: LostBy) -> str:
    """The difficulty file ``text`` with the layouts of ``table`` added (in number order) and
    their lost deals added to the ``lost_by`` tallies; everything else as it was."""
    data = tomllib.loads(text)
    present = {entry["number"] for entry in data["layout"]}
    again = sorted(present & table.keys())
    if again:
        raise ValueError(f"layout {again[0]} is in the file already")
    data["layout"] = sorted(
        data["layout"] + [entry_of(d) for d in table.values()], key=lambda e: int(e["number"])
    )
    tallies = data.setdefault("lost_by", {})
    for rules_name, counts in lost_by.items():
        tally = tallies.setdefault(rules_name, {})
        for reason, n in counts.items():
            tally[reason] = tally.get(reason, 0) + n
    head = "".join(ln for ln in text.splitlines(keepends=True)[:2] if ln.startswith("#"))
    return (head or HEAD) + tomli_w.dumps(data)


def to_toml(
    table: dict[int, LayoutDifficulty], deals: int, seed: int, budget: int, lost_by: LostBy
) -> str:
    entries = [entry_of(table[number]) for number in sorted(table)]
    return HEAD + tomli_w.dumps(
        {
            "schema": DIFFICULTY_SCHEMA,
            "deals": deals,
            "seed": seed,
            "node_budget": budget,
            "lost_by": lost_by,
            "layout": entries,
        }
    )


def update_doc(
    table: dict[int, LayoutDifficulty],
    deals: int,
    budget: int,
    seed: int,
    lost_by: LostBy,
    doc: Path = DOC,
) -> None:
    """Fill the Relaxed, Desert and Difficulty columns of the layouts table (added before the
    Description column if missing) and the summary paragraph between its markers."""
    text = doc.read_text(encoding="utf-8")
    lines = text.splitlines()
    rows = [i for i, ln in enumerate(lines) if ln.startswith("|")]
    header = [c.strip() for c in lines[rows[0]].strip().strip("|").split("|")]
    new_cols = ["Relaxed", "Desert", "Difficulty"]
    if "Difficulty" not in header:
        at = header.index("Description") if "Description" in header else len(header)
        for i in rows:
            cells = [c.strip() for c in lines[i].strip().strip("|").split("|")]
            if i == rows[0]:
                add = new_cols
            elif i == rows[1]:
                add = ["---:", "---:", "---"]
            else:
                add = ["", "", ""]
            cells[at:at] = add
            lines[i] = "| " + " | ".join(cells) + " |"
        header[at:at] = new_cols
    col = {name: header.index(name) for name in new_cols}
    num_col = header.index("#")
    for i in rows[2:]:
        cells = [c.strip() for c in lines[i].strip().strip("|").split("|")]
        d = table.get(int(cells[num_col]))
        if d is None:
            continue
        cells[col["Relaxed"]] = d.percent("relaxed")
        cells[col["Desert"]] = d.percent("desert")
        cells[col["Difficulty"]] = d.word
        lines[i] = "| " + " | ".join(cells) + " |"
    text = "\n".join(lines) + "\n"
    summary = summary_text(table, deals, budget, seed, lost_by)
    block = f"{SUMMARY_START}\n{summary}\n{SUMMARY_END}"
    if SUMMARY_START in text:
        text = re.sub(
            re.escape(SUMMARY_START) + r".*?" + re.escape(SUMMARY_END),
            lambda _m: block,
            text,
            flags=re.S,
        )
    else:
        marker = "\n| # |"
        at = text.index(marker)
        text = text[:at] + "\n" + block + "\n" + text[at:]
    doc.write_text(text, encoding="utf-8")


def summary_text(
    table: dict[int, LayoutDifficulty], deals: int, budget: int, seed: int, lost_by: LostBy
) -> str:
    relaxed = sorted(table.values(), key=lambda d: d.relaxed.rate)
    desert = sorted(table.values(), key=lambda d: d.desert.rate)
    unk_r = sum(d.relaxed.unknown for d in table.values())
    unk_d = sum(d.desert.unknown for d in table.values())
    total = deals * len(table)
    words = ", ".join(f"{w} {sum(1 for d in table.values() if d.word == w)}" for w, _ in WORDS)
    limits = ", ".join(f"{w} {round(100 * least)}%+" for w, least in WORDS[:-1])
    med_r = relaxed[len(relaxed) // 2].relaxed.rate
    med_d = desert[len(desert) // 2].desert.rate
    return (
        f"**Relaxed** and **Desert**: the share of {deals:,} random deals (seed {seed}) that the game's solver "
        f"clears under the relaxed and the desert preset, with at most {budget:,} search nodes per deal. A deal "
        "the solver could not decide within that budget counts as not cleared; when there are such deals the "
        "column shows a range (cleared .. cleared or undecided). "
        f"Undecided deals: {unk_r:,} of {total:,} under relaxed rules, {unk_d:,} of {total:,} under desert rules. "
        f"Over {deals:,} deals a share is known to within {widest_half(deals):.1f} points either way at most "
        "(its 95% interval, which the layout picker shows beside each figure).\n\n"
        f"**Difficulty** is the word players see, from the relaxed share: {limits}, Fiendish below "
        f"({words}). Relaxed rules range from {round(100 * relaxed[0].relaxed.rate)}% "
        f"({relaxed[0].name}) to {round(100 * relaxed[-1].relaxed.rate)}% (median {round(100 * med_r)}%); "
        f"desert rules from {round(100 * desert[0].desert.rate)}% ({desert[0].name}) to "
        f"{round(100 * desert[-1].desert.rate)}% (median {round(100 * med_d)}%). "
        f"{why_relaxed(lost_by)}Run "
        "`python bench/layout_difficulty.py` to measure again; it rewrites `resources/layouts/difficulty.toml` "
        "and these columns."
    )


def widest_half(deals: int) -> float:
    """Half the width, in percentage points, of the widest 95% interval over ``deals`` deals."""
    lo, hi = wilson(deals // 2, deals)
    return 100 * (hi - lo) / 2


def why_relaxed(lost_by: LostBy) -> str:
    """A sentence on why relaxed deals are lost, from the solver's counts (empty if unknown)."""
    relaxed = lost_by.get("relaxed", {})
    total = sum(relaxed.values())
    pairing = relaxed.get("pairing", 0)
    if not total:
        return ""
    return (
        f"Of the {total:,} deals lost under relaxed rules, {pairing:,} are lost before any search: some cards "
        "lie on top of the only partners they could have, so they can never all be paired. The Satchel, "
        "which holds a card until its partner is uncovered, removes that obstacle: that is why desert "
        "rules clear so many more deals. "
    )


def _relative(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "--deals", type=int, default=None, help="random deals per layout (default 200)"
    )
    parser.add_argument(
        "--budget", type=int, default=None, help="solver nodes per deal (default 250000)"
    )
    parser.add_argument("--seed", type=int, default=None, help="deal seed base (default 7)")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    parser.add_argument(
        "--cluster",
        default=None,
        metavar="ADDRESS",
        help="run on a Dask cluster: a scheduler address (tcp://host:8786) or 'local' "
        "(needs the [cluster] extra)",
    )
    parser.add_argument(
        "--only",
        default="",
        help="comma-separated layout numbers (a dry run, unless --update)",
    )
    parser.add_argument(
        "--update",
        action="store_true",
        help="with --only: measure those layouts at the file's deals, seed and budget and add them "
        "to the difficulty file, leaving the other entries as they are",
    )
    parser.add_argument("--dry-run", action="store_true", help="print the figures, write nothing")
    parser.add_argument(
        "--rewrite",
        action="store_true",
        help="re-derive the words and the docs columns from the existing difficulty.toml",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=OUT,
        help="the difficulty file (default: resources/layouts/difficulty.toml)",
    )
    parser.add_argument(
        "--doc",
        type=Path,
        default=DOC,
        help="the layouts table whose difficulty columns are written (default: docs/layouts.md)",
    )
    args = parser.parse_args(argv)
    out: Path = args.out
    doc: Path = args.doc
    if args.rewrite:
        data = tomllib.loads(out.read_text(encoding="utf-8"))
        for entry in data["layout"]:
            rr = RuleRate(entry["relaxed_won"], entry["relaxed_lost"], entry["relaxed_unknown"])
            entry["difficulty"] = difficulty_word(rr.rate)
        out.write_text(
            "".join(out.read_text(encoding="utf-8").splitlines(keepends=True)[:2])
            + tomli_w.dumps(data),
            encoding="utf-8",
        )
        table = load_difficulty(out)
        update_doc(
            table,
            data["deals"],
            data["node_budget"],
            data["seed"],
            data.get("lost_by", {}),
            doc,
        )
        print(f"rewrote {_relative(out)} and {_relative(doc)} from the stored counts")
        return 0
    layouts = all_layouts()
    try:
        numbers = sorted({int(x) for x in args.only.split(",") if x.strip()})
    except ValueError:
        print(f"--only: {args.only!r} is not a list of layout numbers (e.g. 1,4)", file=sys.stderr)
        return 2
    if not args.only:
        numbers = sorted(layouts)
    unknown = [n for n in numbers if n not in layouts]
    if unknown:
        print(f"no layout {unknown[0]}: layouts are numbered 1 to {max(layouts)}", file=sys.stderr)
        return 2
    stored: str | None = None
    deals, budget, seed = args.deals, args.budget, args.seed
    if args.update:
        if not args.only or args.dry_run:
            print(
                "--update needs --only (the layouts to add) and writes: no --dry-run",
                file=sys.stderr,
            )
            return 2
        try:
            stored = out.read_text(encoding="utf-8")
            load_difficulty(out)
            data = tomllib.loads(stored)
            settings = {
                "deals": int(data["deals"]),
                "budget": int(data["node_budget"]),
                "seed": int(data["seed"]),
            }
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            print(f"--update: cannot read {out}: {exc}", file=sys.stderr)
            return 2
        except KeyError as exc:
            print(f"--update: {out} does not say its {exc.args[0]}", file=sys.stderr)
            return 2
        given = {"deals": deals, "budget": budget, "seed": seed}
        for key, value in given.items():
            if value is not None and value != settings[key]:
                print(
                    f"--update: {out} was measured with --{key} {settings[key]}, not {value}; "
                    "every entry of the file must be measured alike",
                    file=sys.stderr,
                )
                return 2
        there = sorted({int(e["number"]) for e in data["layout"]} & set(numbers))
        if there:
            print(
                f"--update: layout {there[0]} is in {out} already; measure it again with a full "
                "run (its share of the lost_by tallies is not stored apart)",
                file=sys.stderr,
            )
            return 2
        deals, budget, seed = settings["deals"], settings["budget"], settings["seed"]
    deals = 200 if deals is None else deals
    budget = 250_000 if budget is None else budget
    seed = 7 if seed is None else seed
    if deals < 1 or budget < 1 or (args.workers is not None and args.workers < 1):
        print("--deals, --budget and --workers must be at least 1", file=sys.stderr)
        return 2
    cluster = None
    try:
        if args.cluster is not None:
            cluster = parse_address(args.cluster)
        workers = args.workers if args.workers is not None or cluster else (os.cpu_count() or 1)
        table, lost_by = measure(numbers, deals, seed, budget, workers, cluster)
    except ClusterError as exc:
        print(exc, file=sys.stderr)
        return 2
    hopeless = [d for d in table.values() if d.relaxed.rate < 0.05]
    for d in sorted(hopeless, key=lambda d: d.number):
        print(
            f"WARNING: layout {d.number} ({d.name}) wins only {d.relaxed.rate:.1%} under relaxed rules"
        )
    if stored is not None:
        text = merged(stored, table, lost_by)
        tmp = out.with_name(out.name + ".tmp")
        tmp.write_text(text, encoding="utf-8", newline="\n")
        merged_table = load_difficulty(tmp)  # what is written must read back
        os.replace(tmp, out)
        whole = tomllib.loads(text)
        update_doc(
            merged_table,
            whole["deals"],
            whole["node_budget"],
            whole["seed"],
            whole["lost_by"],
            doc,
        )
        print(
            f"added layout(s) {', '.join(map(str, numbers))} to {_relative(out)} and wrote the "
            f"difficulty columns of {_relative(doc)}"
        )
        return 1 if hopeless else 0
    if args.dry_run or args.only:
        return 0
    out.write_text(to_toml(table, deals, seed, budget, lost_by), encoding="utf-8")
    load_difficulty(out)  # what was written must read back
    update_doc(table, deals, budget, seed, lost_by, doc)
    print(f"wrote {_relative(out)} and the difficulty columns of {_relative(doc)}")
    return 1 if hopeless else 0


if __name__ == "__main__":
    sys.exit(main())
