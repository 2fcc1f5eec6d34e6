"""Settings and How to play in a real browser: settings changed on the Settings screen and applied
to the page (the high-contrast class, the text size), kept over a reload, the system's reduced
motion as a new profile's default, untimed play and the four-colour faces at the table, a sound
played through Web Audio after a tap (and none when muted); How to play's pages and the quiz
answered by tap and by key, its verdict from Python."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from desert_pyramid.content import source_content
from tests.web.conftest import BOOT_TIMEOUT_MS, boot
from tests.web.helpers import drawn, state, wait_drawn

pytestmark = pytest.mark.web  # left out of the plain run: `pytest -m web`


def settings(page: Any) -> dict[str, Any]:
    values: dict[str, Any] = page.evaluate("window.desertPyramid.settings.values")
    return values


def choose(page: Any, key: str, value: Any) -> None:
    """A row of the Settings screen set as a player does, then its answer applied."""
    before = page.evaluate("JSON.stringify(window.desertPyramid.settings.values)")
    page.select_option(f'#settings-rows select[data-key="{key}"]', json.dumps(value))
    page.wait_for_function(
        "(b) => JSON.stringify(window.desertPyramid.settings.values) !== b", arg=before
    )
    assert settings(page)[key] == value


def body_font_px(page: Any) -> float:
    return float(page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)"))


def test_settings_are_applied_kept_over_a_reload_and_used_at_the_table(
    browser: Any, base_url: str
) -> None:
    """A new profile of its own (reduced motion asked by the system), at 1280 x 720."""
    context = browser.new_context(viewport={"width": 1280, "height": 720}, reduced_motion="reduce")
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        boot(page, base_url)
        page.wait_for_function("window.desertPyramid.settings !== null")
        # the system's reduced motion: the new profile's animations are off, the page still
        assert settings(page)["animation_speed"] == 0.0
        assert page.evaluate("document.body.classList.contains('reduce-motion')")
        assert page.locator("#language").is_hidden()  # no longer on the start page
        page.click("#start-settings")
        assert page.evaluate("document.body.dataset.screen") == "settings"
        assert page.locator("#language").is_visible()  # the Language row moved here
        assert not page.evaluate("document.body.classList.contains('high-contrast')")
        normal = body_font_px(page)
        choose(page, "high_contrast", True)
        assert page.evaluate("document.body.classList.contains('high-contrast')")
        choose(page, "text_size", 150)
        assert body_font_px(page) == pytest.approx(normal * 1.5)
        choose(page, "four_colour", True)
        choose(page, "untimed", True)
        # a bad value (a file edited by hand would hold it) is refused with the reason
        reply = page.evaluate(
            "(async () => { const m = await import('./settings.js');"
            " return (await m.change('text_size', 300)).error; })()"
        )
        assert "'text_size' must be from 100 to 200" in reply
        assert page.locator("#settings-error").inner_text() == reply
        # kept over a reload (the profile's save.toml in the browser's storage)
        page.reload()
        page.wait_for_function(
            "window.desertPyramid && window.desertPyramid.started === true"
            " && window.desertPyramid.settings !== null",
            timeout=BOOT_TIMEOUT_MS,
        )
        kept = settings(page)
        assert kept["high_contrast"] and kept["text_size"] == 150 and kept["untimed"]
        assert page.evaluate("document.body.classList.contains('high-contrast')")
        assert body_font_px(page) == pytest.approx(normal * 1.5)
        page.click("#start-settings")
        assert page.locator('select[data-key="text_size"]').input_value() == "150"
        page.click("#settings-back")
        # untimed: today's Daily has no time bonus; the four-colour faces at the table
        before = drawn(page)
        page.click("#play-daily")
        wait_drawn(page, before)
        st = state(page)
        assert st["mode"] == "daily" and st["daily"]["bonus"] == ""
        assert page.locator("#bonus-figure").is_hidden()
        for slot in st["slots"]:
            src = page.locator(f'#board [data-place="{slot["slot"]}"] img').get_attribute("src")
            four = slot["card"]["id"] % 4 in (2, 3)  # diamonds blue, clubs green
            assert src == f"art/{'cards4' if four else 'cards'}/{slot['card']['id']}.webp", slot
        # every face loads (the four-colour ones fetched when first needed)
        page.wait_for_function(
            "[...document.querySelectorAll('#pyramid img')]"
            ".every(i => i.complete && i.naturalWidth > 0)",
            timeout=10_000,
        )
        # a sound after a tap: the AudioContext made by the first tap, the flip's sound started
        sound = page.evaluate("window.desertPyramid.sound")
        assert sound["contexts"] == 1
        started = sound["started"]
        before = drawn(page)
        page.click('#board [data-place="stock"]')
        wait_drawn(page, before)
        page.wait_for_function(f"window.desertPyramid.sound.started > {started}", timeout=10_000)
        sound = page.evaluate("window.desertPyramid.sound")
        assert sound["played"][-1] == "flip" and sound["state"] == "running"
        # the desert's wind loops at the table (the ambience volume), as at the desktop
        page.wait_for_function("window.desertPyramid.sound.ambienceOn === true", timeout=10_000)
        # muted (M, as at the desktop): a flip makes no sound
        page.keyboard.press("m")
        page.wait_for_function("window.desertPyramid.settings.values.mute === true")
        started = page.evaluate("window.desertPyramid.sound.started")
        before = drawn(page)
        page.click('#board [data-place="stock"]')
        wait_drawn(page, before)
        page.wait_for_timeout(300)
        assert page.evaluate("window.desertPyramid.sound.started") == started
        assert page.evaluate("window.desertPyramid.sound.ambienceOn") is False  # muted: no wind
        # How to play's Variations start a Practice deal under their rules
        page.keyboard.press("Escape")
        page.wait_for_function("document.body.dataset.screen === 'start'")
        page.click("#start-howto")
        page.click("#howto-tab-variations")
        before = drawn(page)
        page.click('[data-variation="one-pass"]')
        wait_drawn(page, before)
        st = state(page)
        assert st["rules"]["name"] == "classic+p1" and not st["rules"]["satchel"]
        assert st["message"].startswith("One pass through the stock: classic rules, 1 pass.")
        assert page.locator("#satchel").is_hidden()
        assert errors == []
    finally:
        context.close()


def test_how_to_play_pages_and_a_quiz_question_answered(phone: Any) -> None:
    content = source_content()
    if phone.evaluate("document.body.dataset.screen") == "table":
        phone.click("#menu")
    phone.tap("#start-howto")
    phone.wait_for_function("document.body.dataset.howtoPage === 'rules'")
    try:
        tabs = phone.locator("#howto-tabs [role=tab]")
        assert tabs.count() == 4
        sections = phone.locator("#howto-page .howto-section")
        assert sections.count() == len(content.how_to_play.sections)
        assert sections.first.locator("h2").inner_text() == content.how_to_play.sections[0].title
        # the figure and the worked example drawn with the card art
        figure = phone.locator(".diagram img")
        assert figure.count() == sum(
            range(
                1,
                next(s.diagram.rows for s in content.how_to_play.sections if s.diagram is not None)
                + 1,
            )
        )
        steps = phone.locator(".demo li")
        demo = next(s.demo for s in content.how_to_play.sections if s.demo is not None)
        assert steps.count() == len(demo.steps)
        assert steps.first.locator("img").first.get_attribute("src").startswith("art/cards")
        # the pages by tap and by key
        phone.tap("#howto-tab-glossary")
        phone.wait_for_function("document.body.dataset.howtoPage === 'glossary'")
        assert phone.locator(".glossary dt").count() == len(content.glossary)
        phone.keyboard.press("ArrowLeft")
        phone.wait_for_function("document.body.dataset.howtoPage === 'variations'")
        assert phone.locator("#howto-page .howto-section").count() == len(content.variations)
        phone.keyboard.press("ArrowRight")
        phone.keyboard.press("ArrowRight")
        phone.wait_for_function("document.body.dataset.howtoPage === 'quiz'")
        quiz = phone.evaluate("window.desertPyramid.howto.quiz")
        if quiz["finished"]:
            phone.keyboard.press("Enter")
            phone.wait_for_function("!window.desertPyramid.howto.quiz.finished")
            quiz = phone.evaluate("window.desertPyramid.howto.quiz")
        number = quiz["question"]["number"]
        question = content.quiz.questions[number - 1]
        right = question.right_index + 1
        wrong = 1 if right != 1 else 2
        # a tap on a wrong choice: the verdict and the explanation are Python's
        phone.tap(f'.choice[data-choice="{wrong}"]')
        phone.wait_for_selector(".verdict")
        verdict = phone.locator(".verdict").inner_text()
        assert verdict.startswith("Not right.")
        assert question.choices[wrong - 1].explanation.plain() in verdict
        assert "wrong" in phone.locator(f'.choice[data-choice="{wrong}"]').get_attribute("class")
        assert "right" in phone.locator(f'.choice[data-choice="{right}"]').get_attribute("class")
        # Enter goes on; the next question answered by its key
        phone.keyboard.press("Enter")
        phone.wait_for_function(
            f"window.desertPyramid.howto.quiz.question && window.desertPyramid.howto.quiz.question.number === {number + 1}"
        )
        nxt = content.quiz.questions[number]
        phone.keyboard.press(str(nxt.right_index + 1))
        phone.wait_for_selector(".verdict.right")
        assert phone.locator(".verdict").inner_text().startswith("Right.")
    finally:
        phone.keyboard.press("Escape")
        phone.wait_for_function("document.body.dataset.screen === 'start'")


def test_the_build_has_the_sounds_and_the_four_colour_faces_fetched_when_needed(
    site: Path,
) -> None:
    from desert_pyramid.ui.sound import AMBIENCE_FILES, MIX, SOUND_FILES

    sounds = json.loads((site / "sounds" / "sounds.json").read_text(encoding="utf-8"))
    table = sounds["effects"]
    assert set(table) == set(SOUND_FILES)
    ambience = sounds[
        "ambience"
    ]  # the wind and the evening insects: their levels come with the state
    assert ambience == {name: {"file": f"{stem}.wav"} for name, stem in AMBIENCE_FILES.items()}
    for layer in ambience.values():
        assert (site / "sounds" / layer["file"]).read_bytes()[:4] == b"RIFF"
    for name, entry in table.items():
        assert entry["file"] == f"{SOUND_FILES[name]}.wav" and entry["mix"] == MIX.get(name, 1.0)
        assert (site / "sounds" / entry["file"]).read_bytes()[:4] == b"RIFF"
    four = json.loads((site / "art" / "cards4" / "faces.json").read_text(encoding="utf-8"))
    assert four["cards"] == [c for c in range(52) if c % 4 in (2, 3)]  # diamonds and clubs
    for card in four["cards"]:
        assert (site / "art" / "cards4" / f"{card}.webp").read_bytes() != (
            site / "art" / "cards" / f"{card}.webp"
        ).read_bytes()
    build = json.loads((site / "build.json").read_text(encoding="utf-8"))
    later = set(build["later"])
    assert "sounds/flip.wav" in later and "art/cards4/2.webp" in later
    assert "sounds/insects.wav" in later  # fetched when the evening first comes
    assert not later & set(build["files"]) and "art/cards/2.webp" in build["files"]
