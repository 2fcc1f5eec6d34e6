"""Statistics, past games and the replay in the browser: a deal played by taps and left, counted
on the Statistics screen, listed among the past games with its game code, and its game code link
(``#game=DG-…``) opening the replay, stepped to its end with the analysis beside it; a bad link
says why and shows the start page. The session pages are shared: counts are read before and
compared after, and each test ends on the start page."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pytest

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import PRESETS, Deal, Game, encode_deal_code, encode_game_code
from desert_pyramid.engine.moves import Move
from tests.web.helpers import choose_language, play, start_code, state

pytestmark = pytest.mark.web


@lru_cache(maxsize=1)
def lost_deal() -> tuple[str, tuple[Move, ...]]:
    """A classic deal played by always taking the first legal move until no removal can ever
    come (43 moves): its code and the moves."""
    for seed in range(1, 100):
        game = Game(get_layout(1), PRESETS["classic"], Deal.from_seed(seed))
        line: list[Move] = []
        while not game.is_over and len(line) < 400:
            move = game.legal_moves()[0]
            game.play(move)
            line.append(move)
        if game.is_stuck():
            return encode_deal_code(game.deal, game.rules, 1), tuple(line)
    raise AssertionError("no deal that gets stuck")


def leave_to_start(page: Any) -> None:
    """The table's menu: the deal that is over is recorded, the start page shows."""
    page.click("#menu")
    page.wait_for_function("document.body.dataset.screen === 'start'")


def to_start(page: Any) -> None:
    """The start page, from wherever another test left the shared page."""
    if page.evaluate("document.body.dataset.screen") == "table":
        page.click("#menu")
    page.wait_for_function("document.body.dataset.screen === 'start'")


def total_figures(page: Any) -> dict[str, str]:
    """The Statistics screen's first view (all games): its figures by label."""
    to_start(page)
    page.click("#open-stats")
    page.wait_for_function("document.body.dataset.screen === 'stats'")
    page.wait_for_function("document.querySelectorAll('#stats-figures dd').length === 10")
    if page.locator("#stats-view option").count() > 1:
        page.select_option("#stats-view", index=0)
    labels = page.locator("#stats-figures dt").all_inner_texts()
    values = page.locator("#stats-figures dd").all_inner_texts()
    return dict(zip(labels, values, strict=True))


def test_a_deal_left_is_counted_listed_and_replayed_from_its_link(
    phone: Any, base_url: str
) -> None:
    before = total_figures(phone)
    phone.click("#stats-back")
    phone.wait_for_function("document.body.dataset.screen === 'start'")
    code, line = lost_deal()
    start_code(phone, code)
    for move in line:
        play(phone, move, "tap")
    end = state(phone)
    assert end["stuck"]
    leave_to_start(phone)
    after = total_figures(phone)
    assert int(after["Played"]) == int(before["Played"]) + 1
    assert int(after["Lost"]) == int(before["Lost"]) + 1
    assert after["Won"] == before["Won"]
    # the past games: ours first, with its game code
    game = Game(get_layout(1), PRESETS["classic"], Deal.from_seed(1))
    assert encode_deal_code(game.deal, game.rules, 1) == code
    game.replay(line)
    game_code = encode_game_code(game)
    phone.click("#open-games")
    phone.wait_for_function("document.querySelectorAll('#games-list button').length > 0")
    first = phone.locator("#games-list li").first
    assert first.locator(".code").inner_text() == game_code
    assert first.locator(".result").inner_text().startswith("lost · ")
    assert "Practice · Classic · layout 1" in first.locator(".what").inner_text()
    phone.click("#games-back")
    phone.click("#stats-back")
    phone.wait_for_function("document.body.dataset.screen === 'start'")
    # its game code link opens the replay (a reload: the link as a player opens it)
    phone.goto("about:blank")
    phone.goto(f"{base_url}#game={game_code}")
    phone.wait_for_function(
        "window.desertPyramid.started && document.body.dataset.screen === 'replay'",
        timeout=120_000,
    )
    assert phone.locator("#replay-title").inner_text() == "REPLAY · PRACTICE"
    assert phone.evaluate("window.desertPyramid.replay.moves") == len(line)
    cards = phone.locator("#replay-pyramid .card")
    assert cards.count() == 28  # the deal
    assert phone.locator("#replay-line").inner_text().startswith("The deal.")
    for k in range(1, len(line) + 1):
        phone.tap("#replay-next")
        assert phone.evaluate("window.desertPyramid.replay.step") == k
        said = phone.locator("#replay-line").inner_text()  # the move, or what lost the deal next
        assert said.startswith((f"{k}. ", f"Next, move {k + 1} lost the deal.")), said
    assert phone.locator("#replay-next").is_disabled()
    left = sorted(s["card"]["text"] for s in end["slots"] if s["card"])
    shown = sorted(
        phone.eval_on_selector_all("#replay-pyramid .card", "els => els.map(e => e.dataset.card)")
    )
    assert shown == left  # the last position is the table's last
    assert (
        phone.locator("#replay-figures").inner_text()
        == f"Move {len(line)} of {len(line)} · Cards left {end['score'].split()[0]}"
    )
    # the analysis, run in the worker in steps, names the move that lost the deal
    phone.wait_for_function("window.desertPyramid.replay.analysis.done", timeout=120_000)
    losing = phone.evaluate("window.desertPyramid.replay.analysis.losing_move")
    assert losing is not None
    assert phone.locator("#replay-summary").inner_text() == f"lost at move {losing}"
    phone.tap("#replay-lost")
    assert phone.evaluate("window.desertPyramid.replay.step") == losing - 1
    assert (
        phone.locator("#replay-line").inner_text().startswith(f"Next, move {losing} lost the deal.")
    )
    phone.tap("#replay-close")
    phone.wait_for_function("document.body.dataset.screen === 'start'")
    assert "#game=" not in phone.url
    assert phone.errors == []


def test_a_bad_game_link_says_why_and_shows_the_start_page(desk: Any, base_url: str) -> None:
    desk.goto("about:blank")
    desk.goto(f"{base_url}#game=DG-7H3T-PAGM-XXXX")
    boot_done = "window.desertPyramid.started && document.body.dataset.screen === 'start'"
    desk.wait_for_function(boot_done, timeout=120_000)
    desk.wait_for_function("document.querySelector('#notices').textContent.length > 0")
    text = desk.locator("#notices").inner_text()
    assert text.startswith("This game cannot be shown: ") and "game code" in text
    assert "#game=" not in desk.url
    assert desk.locator("#start").is_visible()
    # the statistics read in German: the desktop's words, Babel's numbers
    choose_language(desk, "de")  # (the Language row is on the Settings screen)
    try:
        desk.click("#open-stats")
        desk.wait_for_function("document.querySelector('#stats-title').textContent === 'Statistik'")
        desk.wait_for_function("document.querySelectorAll('#stats-figures dt').length === 10")
        labels = desk.locator("#stats-figures dt").all_inner_texts()
        assert labels[:4] == ["Gespielt", "Gewonnen", "Verloren", "Gewinnquote"]
        assert desk.locator("#stats-showing span").inner_text() == "Ansicht"
        desk.click("#stats-back")
        desk.wait_for_function("document.body.dataset.screen === 'start'")
    finally:
        choose_language(desk, "en")
    assert desk.errors == []
