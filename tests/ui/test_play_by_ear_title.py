"""By ear from the title (issue 40, item 20): a player who hears only what the voice is handed
starts at the title and, by keys alone, wins a Practice deal (its code typed in the Deal code
field, as a friend would share it) and clears an Expedition's first pyramid, hearing the
daylight left, in English and in German. The voice here is a backend that records what it was
handed and in which language (the real Voice chooses it, as "On" does)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from arcade import key as K

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import DESERT
from desert_pyramid.engine.deal import encode_deal_code
from desert_pyramid.i18n import use_language
from desert_pyramid.solver.deals import first_winnable

from .ear import ENGLISH, EarPlayer, German, Phrases

pytestmark = [pytest.mark.ui, pytest.mark.slow]


class Handed:
    """The voice's backend: every text it was handed, with the language it was handed in."""

    name = "handed"

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.languages: list[str] = []

    def speak(self, text: str, language: str = "en") -> None:
        self.lines.append(text)
        self.languages.append(language)

    def close(self) -> None: ...


LANGUAGES = [("en", ENGLISH), ("de", German())]


@pytest.fixture(params=LANGUAGES, ids=[code for code, _ in LANGUAGES])
def ear(request: pytest.FixtureRequest, ui: Any) -> Iterator[tuple[EarPlayer, Handed, str]]:
    code, words = request.param
    voice = ui.app.speech.voice
    handed = Handed()
    saved = (voice.factory, voice.order, voice.choice, voice.log)
    voice.factory, voice.order, voice.log = (lambda name: handed), ("handed",), None
    voice.configure("on")
    assert use_language(code) is None
    try:
        yield EarPlayer(ui, handed.lines, words=words), handed, code
    finally:
        use_language("en")
        voice.factory, voice.order, voice.log = saved[0], saved[1], saved[3]
        voice.configure(saved[2])


def from_the_title(ear: EarPlayer, item: str) -> str:
    ear.ui.app.show_title()
    ear.ui.frames(1)
    opened = " ".join(ear.listen())
    if not opened.startswith(ear.words.title):
        raise AssertionError(f"the title said {opened!r}")
    return ear.choose(item)


def test_a_practice_deal_won_by_ear_from_the_title(
    ear: tuple[EarPlayer, Handed, str],
) -> None:
    player, handed, code = ear
    w: Phrases = player.words
    layout = get_layout(1)
    shared = encode_deal_code(first_winnable(5, DESERT, layout).deal, DESERT, 1)
    from_the_title(player, w.practice)
    player.press(K.ENTER)  # Practice: its rows, the focus on Play
    field = player.choose(w.deal_code, K.UP)  # the Deal code field, typing
    assert "|" not in field, field
    assert w.deal_code + shared in player.type_text(shared)
    player.listen()
    player.ui.key(K.ENTER)  # deal this code: the deal is named with its code, rules and layout
    said = player.wait_for(shared)
    table = player.ui.view
    told = player.win()
    assert w.won in told[-1], told[-1]
    assert table.game.won  # the test checks the real game; the player never looked
    assert said.startswith(w.practice), said
    assert set(handed.languages) == {code}  # the voice was handed the player's language


def test_an_expeditions_daylight_reached_by_ear_from_the_title(
    ear: tuple[EarPlayer, Handed, str],
) -> None:
    player, handed, code = ear
    w = player.words
    player.ui.app.application.seed = 2024  # as --seed 2024 would: the trek the test knows
    from_the_title(player, w.expedition)
    player.listen()
    player.ui.key(K.ENTER)  # a new trek: named as the deal is
    player.wait_for(w.expedition)
    table = player.ui.view
    rules, layout = player.learn_deal()  # (what model() does first, heard here)
    assert layout.number == 1 and rules == DESERT
    status = player.press(K.D)  # the daylight left, as the top bar shows it
    assert w.daylight in status, status
    game = player.model_after_deal(rules, layout)
    told = player.play_through(game)
    cleared = " ".join(told[-1:] + player.listen())
    assert table.session.pyramids_cleared == 1
    after = player.press(K.D)
    assert w.daylight in after and after != status, (status, after)
    assert cleared
    assert set(handed.languages) == {code}
