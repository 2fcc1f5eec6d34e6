"""``desert-pyramid layouts``: one line per layout: number, name, card count, difficulty.

The game's own layouts come first, then the player's own (the layout files in the save folder's
``layouts``, numbered 101 and up) under their own heading. ``--export N`` prints a layout's code
(``DL-…``) to share it; ``--import CODE`` adds a code's layout to the player's layouts.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import NotRequired, TypedDict

from desert_pyramid.catalog import all_layouts
from desert_pyramid.commands.args import UsageError, from_argv, parse_int
from desert_pyramid.difficulty import UNRATED, LayoutDifficulty, difficulty_table
from desert_pyramid.engine import Layout, LayoutError
from desert_pyramid.engine.layout import PLAYER_LAST
from desert_pyramid.storage.layouts import PlayerLayoutError, PlayerLayouts
from desert_pyramid.storage.paths import ENV_VAR

OWN_HEADING = "Your layouts"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "layouts",
        help="list the layouts: number, name, cards, difficulty",
        description="List every layout: number, name, card count and difficulty (measured by the "
        "solver on random deals; 'unrated' when not measured). The player's own layouts (from "
        "the save folder, numbered 101 and up) follow the game's. --export N prints a layout's "
        "code to share it; --import CODE adds a shared layout to the player's layouts.",
    )
    what = p.add_mutually_exclusive_group()
    what.add_argument("--json", action="store_true", help="print a JSON list instead of text lines")
    what.add_argument(
        "--export", metavar="N", help="print layout N's layout code (DL-…), to share it"
    )
    what.add_argument(
        "--import",
        dest="import_code",
        metavar="CODE",
        help="add the layout of a layout code (DL-…) to your layouts; prints its number",
    )
    p.add_argument(
        "--save-dir",
        dest="layouts_save_dir",
        metavar="DIR",
        help=f"the save folder holding your layouts (default: ${ENV_VAR}, else the user data folder)",
    )
    p.set_defaults(func=run)


def _save_dir(args: argparse.Namespace) -> str | None:
    value = getattr(args, "layouts_save_dir", None) or getattr(args, "save_dir", None)
    return str(value) if value else None


def _store(args: argparse.Namespace, *, readonly: bool) -> PlayerLayouts:
    """The player's layouts in the save folder the command names (checked first)."""
    from desert_pyramid.commands.profile import check_save_dir

    folder = _save_dir(args)
    check_save_dir(folder)
    return PlayerLayouts.open(folder, readonly=readonly)


def _warn(store: PlayerLayouts) -> None:
    for notice in store.take_notices():
        print(f"desert-pyramid: warning: layouts: {notice.message}", file=sys.stderr)


def run_export(text: str, args: argparse.Namespace) -> int:
    """The layout code of one layout (the game's or the player's)."""
    from desert_pyramid.catalog import layout_in
    from desert_pyramid.engine import encode_layout_code

    number = parse_int(text, "--export", 1, PLAYER_LAST)
    store = _store(args, readonly=True)
    try:
        layout = layout_in(store, number)
    except LayoutError as exc:
        raise UsageError(f"--export: {exc}") from None
    finally:
        _warn(store)
    print(encode_layout_code(layout))
    return 0


def _key(layout: Layout) -> tuple[object, ...]:
    return (layout.name, [(s.x, s.y, s.z, s.row, s.covered_by) for s in layout.slots])


def run_import(code: str, args: argparse.Namespace) -> int:
    """Add a layout code's layout to the player's layouts."""
    from desert_pyramid.engine import LayoutCodeError, decode_layout_code
    from desert_pyramid.engine.layout import PLAYER_FIRST

    try:
        data = decode_layout_code(from_argv(code), PLAYER_FIRST)
    except LayoutCodeError as exc:
        raise UsageError(f"--import: {exc}") from None
    layout = Layout.from_dict(data, source="the layout code")
    store = _store(args, readonly=False)
    for number, own in store.layouts().items():
        if _key(own) == _key(layout):
            _warn(store)
            print(f"Layout {number}: {own.name} ({own.size} cards) is already among your layouts")
            return 0
    try:
        added = store.add(layout)
    except PlayerLayoutError as exc:
        _warn(store)
        print(f"desert-pyramid: error: --import: {exc}", file=sys.stderr)
        return 1
    _warn(store)
    print(f"Added layout {added.number}: {added.name} ({added.size} cards)")
    return 0


class LayoutRecord(TypedDict):
    """One layout as ``layouts`` lists it (``--json`` writes these)."""

    number: int
    name: str
    family: str
    cards: int
    difficulty: str
    own: bool
    relaxed_rate: NotRequired[float]
    desert_rate: NotRequired[float]
    relaxed_unknown: NotRequired[int]
    desert_unknown: NotRequired[int]


def _record(
    number: int, layout: Layout, table: dict[int, LayoutDifficulty], own: bool
) -> LayoutRecord:
    entry = table.get(number)
    record: LayoutRecord = {
        "number": number,
        "name": layout.name,
        "family": layout.family,
        "cards": layout.size,
        "difficulty": entry.word if entry is not None else UNRATED,
        "own": own,
    }
    if entry is not None:
        record["relaxed_rate"] = round(entry.relaxed.rate, 4)
        record["desert_rate"] = round(entry.desert.rate, 4)
        record["relaxed_unknown"] = entry.relaxed.unknown
        record["desert_unknown"] = entry.desert.unknown
    return record


def rows(store: PlayerLayouts | None = None) -> tuple[list[LayoutRecord], str]:
    """One record per layout (the game's, then the player's when ``store`` is given), and a
    warning about the difficulty file ("" when fine)."""
    table, warning = difficulty_table()
    out = [_record(n, lay, table, False) for n, lay in sorted(all_layouts().items())]
    if store is not None:
        own_table = store.difficulty()
        out += [_record(n, lay, own_table, True) for n, lay in store.layouts().items()]
    return out, warning


def run(args: argparse.Namespace) -> int:
    if args.export is not None:
        return run_export(args.export, args)
    if args.import_code is not None:
        return run_import(args.import_code, args)
    store = _store(args, readonly=True)
    try:
        records, warning = rows(store)
    except LayoutError as exc:
        print(f"desert-pyramid: error: {exc}", file=sys.stderr)
        return 1
    if warning:
        print(f"desert-pyramid: warning: {warning}", file=sys.stderr)
    _warn(store)
    text = (
        json.dumps(records, ensure_ascii=False, indent=1) + "\n"
        if args.json
        else format_lines(records)
    )
    sys.stdout.write(text)  # a reader that leaves (`| head`) or a full disk: cli.main handles it
    return 0


def format_lines(records: list[LayoutRecord]) -> str:
    width = max(len(r["name"]) for r in records)
    lines = []
    own_started = False
    for r in records:
        if r.get("own") and not own_started:
            own_started = True
            lines += ["", f"{OWN_HEADING}:"]
        line = f"{r['number']:>3}  {r['name']:<{width}}  {r['cards']:>2} cards  {r['difficulty']}"
        if "relaxed_rate" in r:
            line = (
                f"{line:<{width + 26}}  relaxed {100 * r['relaxed_rate']:>3.0f}%"
                f"  desert {100 * r['desert_rate']:>3.0f}%"
            )
        lines.append(line)
    return "\n".join(lines) + "\n"


__all__ = ["OWN_HEADING", "format_lines", "register", "rows", "run", "run_export", "run_import"]
