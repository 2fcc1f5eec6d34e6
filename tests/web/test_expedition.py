"""The Expedition in a real browser, its clock driven by the test: the page reads its time through
one function (``window.desertPyramidClock.now``, web/clock.js), which the test replaces with a
fake clock it advances, then asks the page's own timer for a tick (``desertPyramid.tick()``):
no sleeping. A trek on a phone through a cleared pyramid (its winning line, found by the solver in
the test, played by taps) to the sunset and the trek's results; on a computer, the tab hidden for
60 s (the page's own ``visibilitychange`` handler, with ``document.hidden`` set) costs no
daylight, the table comes back paused with its cards hidden, Esc pauses, and a reload continues
the trek with the daylight it had, never more."""

from __future__ import annotations

import os
from typing import Any

import pytest

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import STOCK, Game, decode_deal_code
from desert_pyramid.engine.moves import Move, MoveKind
from desert_pyramid.solver import Verdict, solve
from tests.web.conftest import BOOT_TIMEOUT_MS
from tests.web.helpers import drawn, play, press, selector, state, wait_drawn

pytestmark = pytest.mark.web  # left out of the plain run: `pytest -m web`

SHOTS = os.environ.get("DESERT_PYRAMID_WEB_SHOTS")  # a folder: the Expedition's screenshots
STEP_MS = 4_000  # the page reports about once a second; more than 5 s at once is a suspend gap


def fake_clock(page: Any) -> None:
    """The page's clock replaced by one the test moves (it starts where the real one is)."""
    page.evaluate(
        "window.__fakeNow = performance.now();"
        "window.desertPyramidClock.now = () => window.__fakeNow"
    )


def real_clock(page: Any) -> None:
    page.evaluate("window.desertPyramidClock.now = () => performance.now()")


def advance(page: Any, ms: int) -> None:
    """The fake clock moved on by ``ms``, the page's timer ticking as it would (every 4 s)."""
    while ms > 0:
        step = min(ms, STEP_MS)
        # only once every request is answered: the page's own timer also ticks each real second,
        # and a next pyramid's search in flight when the fake clock jumps would take the jump for
        # the search's time (clock.js, skipTime) and count the player 1 s short
        page.evaluate(
            f"""async () => {{
                await window.desertPyramid.settled();
                window.__fakeNow += {step};
                await window.desertPyramid.tick();
            }}"""
        )
        ms -= step


def daylight_ms(page: Any) -> int:
    ms: int = page.evaluate("window.desertPyramid.state.expedition.daylight_ms")
    return ms


def set_hidden(page: Any, hidden: bool) -> None:
    """The tab hidden or shown: ``document.hidden`` and ``visibilityState`` as a browser sets
    them, and the ``visibilitychange`` event the page listens to."""
    page.evaluate(
        """(hidden) => {
            if (hidden) {
                Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
                Object.defineProperty(document, "visibilityState", {
                    configurable: true, get: () => "hidden" });
            } else {
                delete document.hidden;
                delete document.visibilityState;
            }
            document.dispatchEvent(new Event("visibilitychange"));
        }""",
        hidden,
    )


def to_start(page: Any) -> None:
    if (
        page.evaluate("document.body.dataset.screen") == "table"
        and page.locator("#menu").is_visible()
    ):
        page.click("#menu")
    page.wait_for_function("document.body.dataset.screen === 'start'")


def leave(page: Any) -> None:
    """Back to the start page from the trek's results (its Menu) or the table."""
    if page.locator("#trek-end-menu").is_visible():
        page.click("#trek-end-menu")
        page.wait_for_function("document.body.dataset.screen === 'start'")
    to_start(page)


def start_trek(page: Any) -> dict[str, Any]:
    to_start(page)
    before = drawn(page)
    page.click("#play-expedition")
    wait_drawn(page, before)
    st = state(page)
    assert st["mode"] == "expedition" and st["expedition"]["pyramid"] == 1
    return st


def winning_line(st: dict[str, Any]) -> tuple[Move, ...]:
    """The pyramid on the table's winning line: the solver's, in the test, from its deal code
    (every Expedition deal is proven winnable by the application)."""
    code = decode_deal_code(st["deal_code"])
    game = Game(get_layout(code.layout_number), code.rules, code.deal)
    result = solve(game, node_budget=500_000)
    assert result.verdict == Verdict.WINNABLE
    return tuple(result.line)


def play_last(page: Any, move: Move, how: str = "tap") -> None:
    """The clearing move: the next pyramid is dealt at once (its move count starts again)."""
    assert move.kind in (MoveKind.PAIR, MoveKind.KING), move
    a, b = (move.b, move.a) if move.a == STOCK else (move.a, move.b)
    press(page, a, how)
    if move.kind == MoveKind.PAIR and state(page)["expedition"]["pyramid"] == 1:
        press(page, b, how)
    assert state(page)["expedition"]["pyramid"] == 2, state(page)["message"]


def shoot(page: Any, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"))


def test_a_trek_on_a_phone_through_a_cleared_pyramid_to_the_sunset(phone: Any) -> None:
    try:
        fake_clock(phone)  # before the table: the trek's time is the fake clock's from its start
        st = start_trek(phone)
        assert phone.locator("#daylight-left").inner_text() == "4:00"
        assert phone.locator("#pyramid-number").inner_text() == "1 · ×1"
        assert phone.locator("#pause").is_visible()
        advance(phone, 8_000)
        assert daylight_ms(phone) == 232_000
        assert phone.locator("#daylight-left").inner_text() == "3:52"
        # the real seconds that pass while the test plays count nothing: only the fake clock
        line = winning_line(st)
        for move in line[:-1]:
            play(phone, move, "tap")
        assert daylight_ms(phone) == 232_000
        play_last(phone, line[-1])
        # the cleared moment: the desktop's banner, +100 s of daylight, pyramid 2 at ×2
        banner = phone.locator("#banner")
        assert banner.is_visible()
        assert phone.locator("#banner-title").inner_text() == "Pyramid 1 cleared!"
        assert phone.locator("#banner-detail").inner_text().startswith("+100 s of daylight · +")
        st = state(phone)
        assert st["expedition"]["multiplier"] == "×2" and st["moves"] == 0
        assert daylight_ms(phone) == 332_000
        assert phone.locator("#pyramid-number").inner_text() == "2 · ×2"
        assert phone.locator("#message").inner_text() == "Pyramid 1 cleared: +100 s of daylight."
        shoot(phone, "cleared")
        # the sky darkens as the daylight goes (the desktop's desert at the daylight's light)
        skies = []
        advance(phone, 212_000)  # 120 s left: the sunset's light
        skies.append(phone.evaluate("document.body.dataset.sky"))
        advance(phone, 104_000)  # 16 s left: the last seconds pulse
        skies.append(phone.evaluate("document.body.dataset.sky"))
        assert skies == ["4", "7"], skies
        assert phone.locator("#daylight-bar.pulse").count() == 1
        assert phone.locator("#daylight-left").inner_text() == "0:16"
        # the sunset: the sun has set, the night falls, then the trek's results
        advance(phone, 16_000)
        phone.wait_for_function("window.desertPyramid.state.finished === true")
        assert phone.locator("#table.sunset").count() == 1
        assert phone.locator("#night.falling").count() == 1
        assert phone.locator("#banner-title").inner_text() == "The sun has set"
        assert phone.evaluate("document.body.dataset.sky") == "8"
        shoot(phone, "sunset")
        phone.wait_for_selector("#trek-end:not([hidden])", timeout=10_000)
        assert phone.locator("#trek-end-title").inner_text() == "THE SUN HAS SET"
        rows = phone.locator("#trek-end-rows").inner_text()
        assert "Pyramids cleared" in rows and "Time on the trek" in rows
        result = state(phone)["result"]
        assert result["pyramids_cleared"] == 1 and result["rows"][0] == ["Pyramids cleared", "1"]
        assert result["rows"][4] == ["Time on the trek", "5:40"]  # 240 s + 100 s of daylight
        assert phone.locator("#new-trek").is_visible()
        shoot(phone, "results")
        assert not phone.errors, phone.errors
    finally:
        real_clock(phone)
        leave(phone)


def test_a_tab_hidden_for_60_s_costs_no_daylight_and_a_reload_keeps_it(desk: Any) -> None:
    try:
        fake_clock(desk)
        start_trek(desk)
        advance(desk, 4_000)
        assert daylight_ms(desk) == 236_000
        press(desk, STOCK, "click")  # a move: the trek is a game the saves keep
        # hidden: the page tells the worker (its clock stops), and sends no time while hidden
        set_hidden(desk, True)
        advance(desk, 60_000)
        desk.wait_for_timeout(1_500)  # the page's own timer fires too: still nothing to count
        before = drawn(desk)
        set_hidden(desk, False)
        wait_drawn(desk, before)
        st = state(desk)
        assert st["expedition"]["daylight_ms"] == 236_000
        # back: the timed table waits paused, its cards hidden, until the player resumes
        assert st["paused"] and st["pause_reason"] == "focus"
        assert desk.locator("#pause-panel").is_visible()
        assert desk.locator("#pyramid").evaluate("e => getComputedStyle(e).visibility") == "hidden"
        assert not desk.locator(selector(STOCK)).is_visible()
        assert desk.locator("#hint").is_disabled() and desk.locator("#undo").is_disabled()
        shoot(desk, "paused")
        desk.click("#pause-resume")
        desk.wait_for_function("window.desertPyramid.state.paused === false")
        assert desk.locator("#pyramid").evaluate("e => getComputedStyle(e).visibility") == "visible"
        advance(desk, 4_000)
        assert daylight_ms(desk) == 232_000
        # Esc pauses a timed table (its cards hidden); the pause button resumes it
        desk.keyboard.press("Escape")
        desk.wait_for_function("window.desertPyramid.state.paused === true")
        assert desk.locator("#pause-panel").is_visible()
        advance(desk, 8_000)
        assert daylight_ms(desk) == 232_000
        desk.click("#pause")
        desk.wait_for_function("window.desertPyramid.state.paused === false")
        advance(desk, 2_000)
        had = daylight_ms(desk)
        assert had == 230_000
        # a reload continues the trek with the daylight it had, never more
        desk.reload()
        desk.wait_for_function(
            "window.desertPyramid && window.desertPyramid.started === true",
            timeout=BOOT_TIMEOUT_MS,
        )
        assert desk.locator("#continue").is_visible()
        before = drawn(desk)
        desk.click("#continue")
        wait_drawn(desk, before)
        st = state(desk)
        assert st["mode"] == "expedition" and st["expedition"]["daylight_ms"] <= had
        assert st["expedition"]["daylight_ms"] >= had - 5_000  # (real seconds since the reload)
        # the trek ended from the pause: its results
        desk.click("#pause")
        desk.wait_for_selector("#pause-panel:not([hidden])")
        desk.click("#pause-end")  # asked once more, as the desktop's pause does
        assert desk.locator("#pause-end").inner_text() == "End the trek? Press again"
        assert not state(desk)["finished"]
        desk.click("#pause-end")
        desk.wait_for_selector("#trek-end:not([hidden])", timeout=10_000)
        assert desk.locator("#trek-end-title").inner_text() == "TREK OVER"
        assert not desk.errors, desk.errors
    finally:
        real_clock(desk)
        leave(desk)
