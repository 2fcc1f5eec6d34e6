"""``desert-pyramid daily [--date YYYY-MM-DD]``: a date's Daily deal, so players can check that
they got the same one (the deal code and the deal in the notation)."""

from __future__ import annotations

import argparse
from datetime import date

from desert_pyramid import local_date
from desert_pyramid.catalog import get_layout
from desert_pyramid.commands.args import UsageError, shown
from desert_pyramid.engine import Game
from desert_pyramid.modes.dealing import daily_deal, parse_date
from desert_pyramid.modes.errors import InputError


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "daily",
        help="print a date's Daily deal: its code and its cards",
        description="Print the Daily deal of a date (default: today, local time): the first deal of "
        "the date's sequence that the solver proves winnable, its deal code and its cards.",
    )
    p.add_argument("--date", help="the date, YYYY-MM-DD (default: today)")
    p.add_argument("--show", action="store_true", help="also print the deal as a text pyramid")
    p.set_defaults(func=run)


def run(args: argparse.Namespace, today: date | None = None) -> int:
    today = today or local_date.today()
    if args.date is None:
        day = today
    else:
        if not args.date.isascii() or len(args.date) > 20:  # "２０２６-01-01", 5,000 digits
            raise UsageError(
                f"--date must be YYYY-MM-DD in the digits 0-9, not '{shown(args.date)}'"
            )
        try:
            day = parse_date(args.date)
        except InputError as exc:
            raise UsageError(f"--date: {exc}") from None
        if day > today:
            raise UsageError(
                f"--date: the daily of {day.isoformat()} is not out yet (today is {today.isoformat()})"
            )
    layout = get_layout(1)
    chosen = daily_deal(day, layout)
    print(
        f"Daily {day.isoformat()}: seed {chosen.seed}, deal {chosen.index} of its sequence "
        f"(the first one proven winnable), Desert rules, layout 1"
    )
    print(f"Code {chosen.code}")
    print(chosen.deal.notation())
    if args.show:
        print()
        print(Game(layout, chosen.rules, chosen.deal).text())
    return 0
