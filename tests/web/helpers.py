"""Driving the web edition's table as a player does: taps, clicks and drags on what the page
shows, checked against what the game's Python core says (its state, drawn by the page)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import PRESETS, SATCHEL, STOCK, WASTE, Deal, Game, encode_deal_code
from desert_pyramid.engine.moves import Move, MoveKind
from desert_pyramid.solver import Verdict, solve

PILE = {STOCK: "stock", WASTE: "waste", SATCHEL: "satchel"}


@lru_cache(maxsize=8)
def winnable(rules: str, layout: int = 1, first_seed: int = 1) -> tuple[str, tuple[Move, ...]]:
    """A deal the solver wins (its code) and its winning line, the first from ``first_seed`` on."""
    for seed in range(first_seed, first_seed + 200):
        game = Game(get_layout(layout), PRESETS[rules], Deal.from_seed(seed))
        result = solve(game, node_budget=300_000)
        if result.verdict == Verdict.WINNABLE:
            return encode_deal_code(game.deal, game.rules, layout), tuple(result.line)
    raise AssertionError("no winnable deal found")


def selector(place: int) -> str:
    name = PILE.get(place, str(place))
    return f'#board [data-place="{name}"]'


def state(page: Any) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate("window.desertPyramid.state")
    return result


def wait_drawn(page: Any, before: int) -> None:
    page.wait_for_function(f"window.desertPyramid.drawCount > {before}", timeout=30_000)


def drawn(page: Any) -> int:
    count: int = page.evaluate("window.desertPyramid.drawCount")
    return count


def press(page: Any, place: int, how: str) -> None:
    """A tap (touch) or a click (mouse) on a place, then the answer drawn."""
    before = drawn(page)
    if how == "tap":
        page.tap(selector(place))
    else:
        page.click(selector(place))
    wait_drawn(page, before)


def drag(page: Any, src: int, dst: int) -> None:
    """A card dragged with the mouse and dropped on another place, then the answer drawn."""
    a = page.locator(selector(src)).bounding_box()
    b = page.locator(selector(dst)).bounding_box()
    before = drawn(page)
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] * 0.3, steps=6)
    page.mouse.up()
    wait_drawn(page, before)


def play(page: Any, move: Move, how: str = "tap", use_drag: bool = False) -> None:
    """One move of a line, made as a player makes it; the page's move count must go up."""
    moves = state(page)["moves"]
    if move.kind in (MoveKind.FLIP, MoveKind.REDEAL):
        press(page, STOCK, how)
    elif move.kind == MoveKind.KING:
        press(page, move.a, how)
    elif move.kind == MoveKind.PAIR:
        a, b = (move.b, move.a) if move.a == STOCK else (move.a, move.b)
        if use_drag:
            drag(page, a, b)
        else:
            press(page, a, how)
            if state(page)["moves"] == moves:  # selected (more than one partner): now the other
                press(page, b, how)
    elif move.kind == MoveKind.STASH:
        press(page, move.a, how)
        press(page, SATCHEL, how)
    now = state(page)
    assert now["moves"] == moves + 1, (str(move), now["message"])


def start_code(page: Any, code: str) -> None:
    """Open a deal code from the start page's field (the menu first if at the table)."""
    if page.evaluate("document.body.dataset.screen") == "table":
        page.click("#menu")
    page.fill("#code", code)
    before = drawn(page)
    page.click("#open-code")
    wait_drawn(page, before)
    assert state(page)["deal_code"] == code


@lru_cache(maxsize=4)
def lone_card_deal(rules: str = "desert") -> tuple[str, int]:
    """A deal whose layout shows, at the start, a free card that pairs with nothing now (not a
    king): its code and the card's slot (a tap on it selects it and says what it needs)."""
    for seed in range(1, 500):
        game = Game(get_layout(1), PRESETS[rules], Deal.from_seed(seed))
        paired = {p for m in game.removals() for p in (m.a, m.b)}
        for slot in game.free_slots():
            card = game.card_at(slot)
            if card is not None and card.rank not in (13, 4, 9) and slot not in paired:
                return encode_deal_code(game.deal, game.rules, 1), slot
    raise AssertionError("no deal with a lone free card")


@lru_cache(maxsize=4)
def four_deal(rules: str = "desert") -> tuple[str, int]:
    """A deal with a free 4 that pairs with nothing at the start: "a 4 needs a 9"."""
    for seed in range(1, 2000):
        game = Game(get_layout(1), PRESETS[rules], Deal.from_seed(seed))
        paired = {p for m in game.removals() for p in (m.a, m.b)}
        for slot in game.free_slots():
            card = game.card_at(slot)
            if card is not None and card.rank == 4 and slot not in paired:
                return encode_deal_code(game.deal, game.rules, 1), slot
    raise AssertionError("no deal with a lone free 4")


def to_start(page: Any) -> None:
    if page.evaluate("document.body.dataset.screen") == "table":
        page.click("#menu")


def choose_language(page: Any, code: str) -> None:
    """The Language row of the Settings screen (from the start page), then back to the start."""
    to_start(page)
    page.click("#start-settings")
    page.select_option("#language", code)
    page.wait_for_function(f"window.desertPyramid.language === {code!r}", timeout=30_000)
    page.click("#settings-back")


def act_request(move: Move) -> dict[str, Any]:
    """A move as the page sends it to the worker: a flip, a king's tap, a pair's or a stash's drop."""
    if move.kind in (MoveKind.FLIP, MoveKind.REDEAL):
        return {"action": "flip"}
    if move.kind == MoveKind.KING:
        return {"action": "tap", "place": PILE.get(move.a, move.a)}
    if move.kind == MoveKind.STASH:
        return {"action": "drop", "src": PILE.get(move.a, move.a), "dst": "satchel"}
    a, b = (move.b, move.a) if move.a == STOCK else (move.a, move.b)
    return {"action": "drop", "src": PILE.get(a, a), "dst": PILE.get(b, b)}


def worker_act(worker: Any, move: Move) -> dict[str, Any]:
    """One move of a line sent to the worker (``desert_pyramid.web.protocol.Worker``) as the page
    sends it; the answer, which must say it moved."""
    reply: dict[str, Any] = worker.handle({"id": 9, "op": "act", **act_request(move)})
    assert reply["ok"] and reply["result"]["moved"], (move, reply)
    return reply


def stuck_deal() -> str:
    """A strict deal (one pass) that is stuck once the stock is flipped through: its code."""
    from desert_pyramid.catalog import get_layout
    from desert_pyramid.engine import PRESETS, Deal, Game, encode_deal_code
    from desert_pyramid.engine.moves import Move

    for seed in range(1, 3000):
        game = Game(get_layout(1), PRESETS["strict"], Deal.from_seed(seed))
        while not game.is_stuck() and game.stock:
            game.play(Move.flip())
        if game.is_stuck() and not game.stock:
            return encode_deal_code(Deal.from_seed(seed), game.rules, 1)
    raise AssertionError("no stuck deal found")
