"""The browser's voice, the hidden timer and score and the Expedition's evening sounds, in a real
browser (a profile of its own on a phone: the language and the speech setting change):

- Speech: the Settings' Speech row set to On, the move's sentence handed to the Web Speech API
  (``speechSynthesis.speak``, replaced by a recorder: headless Chromium has no voices) in German
  once the language is German, the old sentence cancelled first, the voice's state said on screen
  (no voice here), F2 turning it off (then nothing is said, not even in the status line);
- the timer and the score hidden at the table ("—"), the Expedition's daylight bar kept;
- the Expedition's ambience: the wind's gain and speed and the insects' gain, read from the page's
  Web Audio nodes, following the worker's figures as the fake clock takes the sun down.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import boot
from tests.web.helpers import drawn, state, wait_drawn
from tests.web.test_expedition import advance, fake_clock

pytestmark = pytest.mark.web  # left out of the plain run: `pytest -m web`

RECORDER = """() => {
    window.__spoken = [];
    window.__cancelled = 0;
    speechSynthesis.speak = (u) => window.__spoken.push({ text: u.text, lang: u.lang });
    speechSynthesis.cancel = () => { window.__cancelled += 1; };
}"""


def choose(page: Any, key: str, value: Any) -> None:
    """A row of the Settings screen set as a player does, then its answer applied."""
    before = page.evaluate("JSON.stringify(window.desertPyramid.settings.values)")
    page.select_option(f'#settings-rows select[data-key="{key}"]', json.dumps(value))
    page.wait_for_function(
        "(b) => JSON.stringify(window.desertPyramid.settings.values) !== b", arg=before
    )


def spoken(page: Any) -> list[dict[str, str]]:
    said: list[dict[str, str]] = page.evaluate("window.__spoken")
    return said


def tap(page: Any, selector: str) -> None:
    before = drawn(page)
    page.tap(selector)
    wait_drawn(page, before)


def hidden_by_setting(page: Any, value_id: str) -> bool:
    """A figure the settings hide: its value not shown, "—" in its place."""
    shown: bool = page.locator(f"#{value_id}").is_visible()
    dash: str = page.evaluate(
        f"getComputedStyle(document.getElementById('{value_id}').parentElement, '::after').content"
    )
    return not shown and dash == '"—"'


def test_the_voice_speaks_german_the_figures_hide_and_the_evening_comes_in(
    browser: Any, base_url: str
) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        device_scale_factor=3,
        has_touch=True,
        is_mobile=True,
    )
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        boot(page, base_url)
        page.wait_for_function("window.desertPyramid.settings !== null")
        page.evaluate(RECORDER)
        voices = page.evaluate("speechSynthesis.getVoices().length")
        # -- speech: auto is the status line only (a screen reader's), no voice
        assert page.evaluate("window.desertPyramid.settings.values.speech") == "auto"
        page.tap("#start-settings")
        choose(page, "hide_timer", True)
        choose(page, "hide_score", True)
        choose(page, "large_index", True)
        choose(page, "speech", "on")
        assert page.evaluate("window.desertPyramid.speech.wanted") is True
        status = page.locator("#speech-status")
        if voices == 0:  # the browser has no voice: the Settings say so in the desktop's words
            page.wait_for_function(
                "document.getElementById('speech-status')"
                " && document.getElementById('speech-status').textContent !== ''"
            )
            assert status.inner_text() == "Speech is off: this browser has no voice."
        # -- German: the Language row, then a deal; a flip's sentence is spoken in German
        page.select_option("#language", "de")
        page.wait_for_function("document.documentElement.lang === 'de'")
        page.wait_for_function(
            "document.querySelector('select[data-key=\"speech\"]')"
            ".closest('label').textContent.includes('Vorlesen')"
        )
        if voices == 0:
            page.wait_for_function(
                "document.getElementById('speech-status').textContent"
                " === 'Sprachausgabe ist aus: dieser Browser hat keine Stimme.'"
            )
        page.tap("#settings-back")
        page.wait_for_function("document.body.dataset.screen === 'start'")
        page.select_option("#rules", "desert")
        page.select_option("#layout", "1")
        tap(page, "#deal")
        before = len(spoken(page))
        cancelled = page.evaluate("window.__cancelled")
        tap(page, '#board [data-place="stock"]')
        page.wait_for_function(f"window.__spoken.length > {before}")
        last = spoken(page)[-1]
        top = state(page)["waste"]["top"]["name"]  # the card's name in the player's language
        assert last["lang"] == "de" and top in last["text"], last
        assert last["text"].startswith("Aufgedeckt")  # the desktop's German words
        assert last["text"] == " ".join(page.locator("#status").text_content().split())
        assert page.evaluate("window.__cancelled") > cancelled  # the old sentence gave way
        # -- large indices: the faces drawn with the desktop's jumbo index, fetched when needed
        for slot in state(page)["slots"]:
            src = page.locator(f'#board [data-place="{slot["slot"]}"] img').get_attribute("src")
            assert src == f"art/cards-large/{slot['card']['id']}.webp", slot
        page.wait_for_function(
            "[...document.querySelectorAll('#pyramid img')]"
            ".every(i => i.complete && i.naturalWidth > 0)",
            timeout=10_000,
        )
        # -- the timer and the score hidden: "—" in their place
        assert hidden_by_setting(page, "score") and hidden_by_setting(page, "time")
        assert page.locator("#moves").is_visible()
        # -- F2: speech off, said on screen; a move then is neither spoken nor in the status line
        page.keyboard.press("F2")
        page.wait_for_function("window.desertPyramid.settings.values.speech === 'off'")
        assert page.locator("#message").inner_text() == "Sprachausgabe ist aus."
        count = len(spoken(page))
        line = page.locator("#status").text_content()
        tap(page, '#board [data-place="stock"]')
        page.wait_for_timeout(300)
        assert len(spoken(page)) == count and page.locator("#status").text_content() == line
        page.keyboard.press("F2")  # and on again, as the desktop's F2
        page.wait_for_function("window.desertPyramid.settings.values.speech === 'on'")
        # -- an Expedition: the daylight bar stays while its figure is hidden; the evening comes
        page.tap("#menu")
        page.wait_for_function("document.body.dataset.screen === 'start'")
        fake_clock(page)
        tap(page, "#play-expedition")
        st = state(page)
        assert st["mode"] == "expedition"
        assert page.locator("#daylight-bar").is_visible()
        assert hidden_by_setting(page, "daylight-left")
        page.wait_for_function("window.desertPyramid.sound.ambienceOn === true", timeout=10_000)
        level = page.evaluate("window.desertPyramid.settings.ambience_level")
        noon = page.evaluate("window.desertPyramid.sound.levels()")
        assert set(noon) == {"wind"}  # no insects at noon, their file not fetched yet
        assert noon["wind"]["gain"] == pytest.approx(
            level * st["ambience"]["gains"]["wind"], abs=1e-3
        )
        assert noon["wind"]["rate"] == pytest.approx(1.0)
        insects_fetched = "performance.getEntriesByType('resource').some(e => e.name.endsWith('sounds/insects.wav'))"
        assert page.evaluate(insects_fetched) is False
        advance(page, 190_000)  # 50 s of daylight left: the last minute's insects half in
        page.wait_for_function("'insects' in window.desertPyramid.sound.levels()", timeout=10_000)
        page.evaluate("window.desertPyramid.settled()")
        st = state(page)
        assert 40_000 < st["expedition"]["daylight_ms"] <= 50_000, st["expedition"]
        gains, pitches = st["ambience"]["gains"], st["ambience"]["pitches"]
        assert 0 < gains["insects"] <= 1 and gains["wind"] > noon["wind"]["gain"] / level
        evening = page.evaluate("window.desertPyramid.sound.levels()")
        assert evening["wind"]["gain"] == pytest.approx(level * gains["wind"], abs=1e-3)
        assert evening["insects"]["gain"] == pytest.approx(level * gains["insects"], abs=1e-3)
        assert (
            evening["wind"]["rate"] == pytest.approx(pitches["wind"], abs=1e-3)
            and pitches["wind"] < 1
        )
        assert page.evaluate(insects_fetched) is True  # fetched when first needed
        assert errors == []
    finally:
        context.close()


def test_the_build_has_the_large_index_faces_and_the_insects_fetched_when_needed(
    site: Path,
) -> None:
    from PIL import Image

    build = json.loads((site / "build.json").read_text(encoding="utf-8"))
    later, first = set(build["later"]), set(build["files"])
    four = json.loads((site / "art" / "cards4" / "faces.json").read_text(encoding="utf-8"))
    for card in range(52):
        large = f"art/cards-large/{card}.webp"
        assert large in later and large not in first
        assert (site / large).read_bytes() != (site / "art" / "cards" / f"{card}.webp").read_bytes()
        assert Image.open(site / large).size == Image.open(site / f"art/cards/{card}.webp").size
        large4 = site / "art" / "cards4-large" / f"{card}.webp"
        assert large4.is_file() == (card in four["cards"])  # where the four-colour deck differs
    assert "sounds/insects.wav" in later and "sounds/insects.wav" not in first
