"""``desert-pyramid deal`` and ``desert-pyramid show``: deals without a window."""

from __future__ import annotations

import argparse

from desert_pyramid.catalog import get_layout
from desert_pyramid.commands.args import UsageError, from_argv, parse_int, shown
from desert_pyramid.engine import (
    Deal,
    DealCodeError,
    DealError,
    EngineError,
    Game,
    Layout,
    LayoutError,
    Rules,
    RulesError,
    check_playable,
    decode_deal_code,
    encode_deal_code,
    looks_like_game_code,
)
from desert_pyramid.engine.layout import PLAYER_LAST


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "deal",
        help="print a deal in the notation and its code",
        description=(
            "Deal the cards of a seed: print the deal in the notation (52 cards, the layout's "
            "slots first, then the stock) and its deal code (DP-…), which carries the rules and "
            "the layout too. The same seed, index, rules and layout give the same deal on every "
            "machine; play it with 'desert-pyramid --code CODE', look at it with 'show'."
        ),
    )
    p.add_argument("--seed", required=True, help="the seed, a whole number from 0 to 2^64 - 1")
    p.add_argument("--index", default="0", help="which deal of the seed's sequence (default 0)")
    p.add_argument("--rules", default="desert", help="preset[+options], e.g. classic or relaxed+p1")
    p.add_argument("--layout", default="1", help="layout number (default 1)")
    p.set_defaults(func=run_deal)

    s = subparsers.add_parser(
        "show",
        help="print a deal code's position as a text pyramid",
        description=(
            "Show a deal as text: the layout's cards row by row, the stock, the waste and the "
            "Satchel, after the --moves given. Takes a deal code (DP-…) or a deal in the "
            "notation; for a game code (DG-…) use 'replay' (every move of the game) or 'hint'."
        ),
    )
    s.add_argument("code", help="a deal code (DP-…) or a deal in notation (52 cards)")
    s.add_argument("--rules", help="rules for a deal given in notation (default desert)")
    s.add_argument("--layout", help="layout for a deal given in notation (default 1)")
    s.add_argument("--moves", default="", help="moves to play first, e.g. '25+22 F K27'")
    s.set_defaults(func=run_show)


MAX_MOVE = 16  # characters in one move's text ("104+105", "W>S"...), with room to spare

__all__ = ["check_pair", "game_after", "parse_int", "parse_layout", "parse_rules", "resolve_deal"]


def parse_rules(text: str) -> Rules:
    try:
        return Rules.parse(text)
    except RulesError as exc:
        raise UsageError(f"--rules: {exc}") from None


def parse_layout(text: str) -> Layout:
    number = parse_int(text, "--layout", 1, PLAYER_LAST)
    try:
        return get_layout(number)
    except LayoutError as exc:
        raise UsageError(f"--layout: {exc}") from None


def check_pair(rules: Rules, layout: Layout, where: str = "--rules and --layout") -> None:
    """Refuse a rule/layout pair the game does not play (the engine's :func:`check_playable`)."""
    try:
        check_playable(rules, layout.number)
    except RulesError as exc:
        raise UsageError(f"{where}: {exc}") from None


def resolve_deal(
    text: str, rules_text: str | None, layout_text: str | None
) -> tuple[Deal, Rules, Layout]:
    """A deal code, or a deal in notation with --rules/--layout, as (deal, rules, layout)."""
    stripped = text.strip()
    if looks_like_game_code(stripped):
        raise UsageError(
            "this is a game code (DG-…), a whole game with its moves, not a deal: use "
            "'desert-pyramid replay CODE' to see it move by move, or 'desert-pyramid hint CODE' "
            "for the next move from where it ends"
        )
    if stripped.upper().startswith("DP"):
        try:
            code = decode_deal_code(from_argv(stripped))
        except DealCodeError as exc:
            raise UsageError(f"deal code: {exc}") from None
        if rules_text or layout_text:
            raise UsageError("a deal code carries its rules and layout: drop --rules and --layout")
        try:
            layout = get_layout(code.layout_number)
        except LayoutError as exc:
            raise UsageError(f"deal code: {exc}") from None
        check_pair(code.rules, layout, "deal code")
        return code.deal, code.rules, layout
    try:
        deal = Deal.parse(stripped)
    except DealError as exc:
        raise UsageError(f"deal: {exc}") from None
    rules, layout = parse_rules(rules_text or "desert"), parse_layout(layout_text or "1")
    check_pair(rules, layout)
    return deal, rules, layout


def run_deal(args: argparse.Namespace) -> int:
    seed = parse_int(args.seed, "--seed", 0, 2**64 - 1)
    index = parse_int(args.index, "--index", 0, 2**32 - 1)
    rules = parse_rules(args.rules)
    layout = parse_layout(args.layout)
    check_pair(rules, layout)
    deal = Deal.from_seed(seed, index)
    print(deal.notation())
    print(encode_deal_code(deal, rules, layout.number))
    return 0


def game_after(deal: Deal, rules: Rules, layout: Layout, moves: str) -> Game:
    """The game on this deal after the ``--moves`` (space-separated move texts)."""
    try:
        game = Game(layout, rules, deal)
    except EngineError as exc:
        raise UsageError(str(exc)) from None
    for pos, text in enumerate(moves.split(), start=1):
        if len(text) > MAX_MOVE:
            raise UsageError(f"--moves: move {pos} '{shown(text)}' is not a move: too long")
        try:
            game.play_text(text)
        except EngineError as exc:
            raise UsageError(f"--moves: move {pos} '{shown(text)}': {exc}") from None
    return game


def run_show(args: argparse.Namespace) -> int:
    deal, rules, layout = resolve_deal(args.code, args.rules, args.layout)
    game = game_after(deal, rules, layout, args.moves)
    print(
        f"Layout {layout.number}: {layout.name} ({layout.size} cards) — rules {rules} ({rules.describe()})"
    )
    print(f"Code {encode_deal_code(deal, rules, layout.number)}")
    print()
    print(game.text())
    return 0
