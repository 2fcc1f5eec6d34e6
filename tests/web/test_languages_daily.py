"""The browser's languages and Daily: the table switched to German and re-drawn in it (its
buttons, a card's name, the status line) and still German after a reload; today's Daily (the
page's date) won by taps on a phone, its result and the day streak shown."""

from __future__ import annotations

import datetime
import os
from typing import Any

import pytest

from desert_pyramid.engine import DESERT, STOCK, Game, classic_layout
from desert_pyramid.i18n.cards import card_name
from desert_pyramid.modes.dealing import daily_deal
from desert_pyramid.solver import Verdict, solve
from tests.web.conftest import BOOT_TIMEOUT_MS, boot
from tests.web.helpers import choose_language, drawn, play, press, state, to_start, wait_drawn

pytestmark = pytest.mark.web  # left out of the plain run: `pytest -m web`

SHOTS = os.environ.get("DESERT_PYRAMID_WEB_SHOTS")  # a folder: the German table's screenshots


def test_the_table_switched_to_german_is_drawn_in_german_and_stays_so(desk: Any) -> None:
    try:
        choose_language(desk, "de")
        assert desk.evaluate("document.documentElement.lang") == "de"
        assert desk.get_by_role("button", name="Spiel", exact=True).is_visible()  # "Deal"
        before = drawn(desk)
        desk.click("#deal")
        wait_drawn(desk, before)
        st = state(desk)
        for name in ("Tipp", "Rückgängig", "Wiederherstellen", "Menü"):
            assert desk.get_by_role("button", name=name, exact=True).count() == 1, name
        card = next(s["card"] for s in st["slots"] if s["card"] and s["free"])
        german = card_name(card["id"], "de", spoken=True)
        assert card["name"] == german and german != card_name(card["id"], "en", spoken=True)
        assert desk.get_by_role("button", name=german, exact=True).count() == 1
        assert desk.get_by_role("button", name="Ablagestapel, leer.", exact=True).count() == 1
        assert st["status"].startswith("Punkte ")
        assert desk.locator("[role=status]").inner_text().strip() == st["status"]
        assert desk.locator("#figures").inner_text().split()[0].upper() == "PUNKTE"
        if SHOTS:
            for width, height in ((1440, 900), (390, 844)):
                desk.set_viewport_size({"width": width, "height": height})
                desk.wait_for_timeout(400)
                desk.screenshot(path=os.path.join(SHOTS, f"table-de-{width}x{height}.png"))
            desk.set_viewport_size({"width": 1280, "height": 720})
        press(desk, STOCK, "click")  # a move: the deal is saved, Continue offered after the reload
        assert state(desk)["names"]["waste"].endswith("auf dem Ablagestapel, 1 Karte.")
        # a reload keeps German (the browser's storage), from the first word
        desk.reload()
        desk.wait_for_function(
            "window.desertPyramid && window.desertPyramid.started === true",
            timeout=BOOT_TIMEOUT_MS,
        )
        assert desk.evaluate("window.desertPyramid.language") == "de"
        assert desk.get_by_role("button", name="Fortsetzen", exact=True).is_visible()
        assert desk.locator("#language").input_value() == "de"
        before = drawn(desk)
        desk.click("#continue")
        wait_drawn(desk, before)
        assert desk.get_by_role("button", name="Tipp", exact=True).is_visible()
    finally:
        choose_language(desk, "en")
    assert desk.get_by_role("button", name="Continue", exact=True).is_visible()


def test_a_german_browser_gets_the_game_in_german(browser: Any, base_url: str) -> None:
    """No choice stored: the browser's own language (``navigator.languages``) decides."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
    try:
        page = context.new_page()
        boot(page, base_url)
        assert page.evaluate("navigator.languages") == ["de-DE"]
        assert page.evaluate("window.desertPyramid.language") == "de"
        assert page.get_by_role("button", name="Heutige Pyramide spielen", exact=True).is_visible()
        assert page.evaluate("document.documentElement.lang") == "de"
    finally:
        context.close()


def test_todays_daily_is_won_by_taps_with_its_result_and_streak(phone: Any) -> None:
    to_start(phone)
    daily = phone.evaluate("window.desertPyramid.daily")
    page_date = phone.evaluate(
        "(() => { const d = new Date(); const t = (n) => String(n).padStart(2, '0');"
        " return `${d.getFullYear()}-${t(d.getMonth() + 1)}-${t(d.getDate())}`; })()"
    )
    assert daily["date"] == page_date and not daily["cleared"]
    assert phone.locator("#daily-line").inner_text().endswith("counts for the streak.")
    chosen = daily_deal(datetime.date.fromisoformat(page_date), classic_layout())
    before = drawn(phone)
    phone.tap("#play-daily")
    wait_drawn(phone, before)
    st = state(phone)
    assert st["mode"] == "daily" and st["deal_code"] == chosen.code
    assert phone.locator("#bonus-figure").is_visible()
    line = solve(Game(classic_layout(), DESERT, chosen.deal), node_budget=300_000)
    assert line.verdict == Verdict.WINNABLE
    for move in line.line:
        play(phone, move, "tap")
    st = state(phone)
    assert st["won"] and st["result"]["counted"] and st["result"]["streak"] == 1
    ending = phone.locator("#ending")
    ending.wait_for(state="visible")
    assert phone.locator("#ending-title").inner_text() == "You won!"
    text = phone.locator("#ending-text").inner_text()
    assert "time bonus of" in text and "Day streak: 1 day · best 1" in text
    phone.tap("#ending-new")
    # the start page comes once the worker has answered 'leave' (after the saves are synced)
    phone.wait_for_function("document.body.dataset.screen === 'start'")
    assert phone.locator("#daily-line").inner_text() == (
        "Day streak: 1 day · best 1. Cleared today: playing it again does not count twice."
    )
