"""The browser replay's "Play on from here": a past game's replay stepped to a move, Play on, the
table in Practice at that position (undo takes a replay's move back), a move played there, back
to the start page, and the new game listed among the past games. The session pages are shared:
counts are read before and compared after, and the test ends on the start page."""

from __future__ import annotations

from typing import Any

import pytest

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import Game, decode_deal_code, encode_game_code
from desert_pyramid.engine.moves import Move
from tests.web.helpers import STOCK, drawn, press, start_code, state, stuck_deal, wait_drawn

pytestmark = pytest.mark.web


def to_start(page: Any) -> None:
    if page.evaluate("document.body.dataset.screen") == "table":
        page.click("#menu")
    page.wait_for_function("document.body.dataset.screen === 'start'")


def past_games(page: Any) -> list[str]:
    """The Past games screen (from the start page): each row's game code, newest first, once
    the list is drawn afresh (the one shown before stays on screen until the new one comes)."""
    to_start(page)
    page.click("#open-stats")
    page.wait_for_function("document.body.dataset.screen === 'stats'")
    shown = page.evaluate("window.desertPyramid.gamesShown || 0")
    page.click("#open-games")
    page.wait_for_function(f"(window.desertPyramid.gamesShown || 0) > {shown}")
    codes: list[str] = page.locator("#games-list .code").all_inner_texts()
    return codes


def back_to_start(page: Any) -> None:
    page.click("#games-back")
    page.click("#stats-back")
    page.wait_for_function("document.body.dataset.screen === 'start'")


def test_play_on_from_a_past_games_replay_is_recorded_as_a_new_game(phone: Any) -> None:
    before = past_games(phone)
    back_to_start(phone)
    # a strict deal flipped through until it is stuck, left: a past game (lost)
    code = stuck_deal()
    start_code(phone, code)
    flips = 0
    while not state(phone)["stuck"]:
        press(phone, STOCK, "tap")
        flips += 1
    to_start(phone)
    deal = decode_deal_code(code)
    game = Game(get_layout(1), deal.rules, deal.deal)
    game.replay([Move.flip()] * flips)
    game_code = encode_game_code(game)
    listed = past_games(phone)
    assert len(listed) == len(before) + 1 and listed[0] == game_code
    # its replay, stepped to the end and one move back
    phone.locator("#games-list button").first.tap()
    phone.wait_for_function("document.body.dataset.screen === 'replay'")
    phone.tap("#replay-end")
    phone.tap("#replay-prev")
    assert phone.evaluate("window.desertPyramid.replay.step") == flips - 1
    shown = phone.locator("#replay-waste").get_attribute("aria-label")
    assert phone.locator("#replay-play-on").inner_text() == "Play on"
    before_table = drawn(phone)
    phone.tap("#replay-play-on")
    wait_drawn(phone, before_table)
    phone.wait_for_function("document.body.dataset.screen === 'table'")
    table = state(phone)
    assert table["mode"] == "practice" and table["moves"] == flips - 1
    assert table["stock"]["count"] == 1 and table["can_undo"]
    assert phone.locator("#waste").get_attribute("aria-label") == shown  # the replay's position
    assert phone.locator("#message").inner_text() == (
        f"Played on from move {flips - 1} of a replay: undo goes back to the deal."
    )
    assert phone.evaluate("window.desertPyramid.replay") is None
    # undo takes back a move the replay played; the game goes on from there
    before_undo = drawn(phone)
    phone.tap("#undo")
    wait_drawn(phone, before_undo)
    assert state(phone)["moves"] == flips - 2 and state(phone)["stock"]["count"] == 2
    press(phone, STOCK, "tap")
    press(phone, STOCK, "tap")  # the last card: stuck again
    assert state(phone)["stuck"] and state(phone)["moves"] == flips
    phone.wait_for_selector("#ending", state="visible")
    to_start(phone)
    # the game played on is a new past game: the same deal and moves, so the same game code
    after = past_games(phone)
    assert len(after) == len(listed) + 1
    assert after[:2] == [game_code, game_code]
    back_to_start(phone)
    assert phone.errors == []
