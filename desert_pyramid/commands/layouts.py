"""``desert-pyramid layouts``: one line per layout: number, name, card count, difficulty."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from desert_pyramid.catalog import all_layouts
from desert_pyramid.difficulty import UNRATED, difficulty_table
from desert_pyramid.engine import LayoutError


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "layouts",
        help="list the layouts: number, name, cards, difficulty",
        description="List every layout: number, name, card count and difficulty (measured by the "
        "solver on random deals; 'unrated' when not measured).",
    )
    p.add_argument("--json", action="store_true", help="print a JSON list instead of text lines")
    p.add_argument("--export", metavar="N", help="print layout N's layout code (DL-…), to share it")
    p.set_defaults(func=run)


def run_export(text: str) -> int:
    """The layout code of one layout."""
    from desert_pyramid.catalog import get_layout
    from desert_pyramid.commands.args import UsageError, parse_int
    from desert_pyramid.engine import encode_layout_code

    number = parse_int(text, "--export", 1, 99)
    try:
        layout = get_layout(number)
    except LayoutError as exc:
        raise UsageError(f"--export: {exc}") from None
    print(encode_layout_code(layout))
    return 0


def rows() -> tuple[list[dict[str, Any]], str]:
    """One record per layout, and a warning about the difficulty file ("" when fine)."""
    table, warning = difficulty_table()
    out: list[dict[str, Any]] = []
    for number, layout in sorted(all_layouts().items()):
        entry = table.get(number)
        record: dict[str, Any] = {
            "number": number,
            "name": layout.name,
            "family": layout.family,
            "cards": layout.size,
            "difficulty": entry.word if entry is not None else UNRATED,
        }
        if entry is not None:
            record["relaxed_rate"] = round(entry.relaxed.rate, 4)
            record["desert_rate"] = round(entry.desert.rate, 4)
            record["relaxed_unknown"] = entry.relaxed.unknown
            record["desert_unknown"] = entry.desert.unknown
        out.append(record)
    return out, warning


def run(args: argparse.Namespace) -> int:
    if args.export is not None:
        return run_export(args.export)
    try:
        records, warning = rows()
    except LayoutError as exc:
        print(f"desert-pyramid: error: {exc}", file=sys.stderr)
        return 1
    if warning:
        print(f"desert-pyramid: warning: {warning}", file=sys.stderr)
    text = (
        json.dumps(records, ensure_ascii=False, indent=1) + "\n"
        if args.json
        else format_lines(records)
    )
    sys.stdout.write(text)  # a reader that leaves (`| head`) or a full disk: cli.main handles it
    return 0


def format_lines(records: list[dict[str, Any]]) -> str:
    width = max(len(r["name"]) for r in records)
    lines = []
    for r in records:
        line = f"{r['number']:>3}  {r['name']:<{width}}  {r['cards']:>2} cards  {r['difficulty']}"
        if "relaxed_rate" in r:
            line = (
                f"{line:<{width + 26}}  relaxed {100 * r['relaxed_rate']:>3.0f}%"
                f"  desert {100 * r['desert_rate']:>3.0f}%"
            )
        lines.append(line)
    return "\n".join(lines) + "\n"
