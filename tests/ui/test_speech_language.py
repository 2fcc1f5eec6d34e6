"""The window speaks the player's language: at the table in German and Russian, the deal, the
layout read out, a flip and its undo are said with the language's card names (the play-by-ear test
plays whole deals in English)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from arcade import key as K

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import DESERT
from desert_pyramid.i18n import use_language
from desert_pyramid.solver.deals import first_winnable
from desert_pyramid.speech import RecordBackend

pytestmark = pytest.mark.ui


@pytest.fixture
def heard(ui: Any) -> Iterator[list[str]]:
    link = ui.app.speech
    log = RecordBackend()
    before = link.voice.log
    link.voice.log = log
    yield log.lines
    link.voice.log = before
    use_language("en")


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (
            "de",
            ("Regeln: Wüste, 3 Durchgänge,", "Reihe 7:", "Aufgedeckt: die ", "Zurückgenommen: "),
        ),
        (
            "ru",
            ("Правила: Пустыня, 3 прохода,", "Ряд 7:", "Из колоды: ", "Отменено: открыть карту"),
        ),
    ],
)
def test_the_table_is_said_in_the_players_language(
    ui: Any, heard: list[str], code: str, words: tuple[str, ...]
) -> None:
    assert use_language(code) is None
    layout = get_layout(1)
    ui.app.start_practice(DESERT, layout, first_winnable(5, DESERT, layout).deal)
    ui.frames(1)
    for symbol in (K.L, K.SPACE, K.Z):
        ui.key(symbol)
        ui.frames(1)
    said = " ".join(heard)
    shown = {"de": "Zurückgenommen: eine Karte vom Talon aufdecken.", "ru": "Отменено: открыть"}
    assert shown[code] in ui.view.message  # the message line names the move undone in words too
    for word in words:
        assert word in said, (word, said)
    assert "Classic Pyramid" not in said  # the layout's name in the language too
    assert " of " not in said and "♠" not in said and "♥" not in said, said
