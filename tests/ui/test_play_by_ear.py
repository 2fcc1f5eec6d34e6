"""The speech carries everything needed to play: a player who hears only the announcements and
presses keys (tests/ui/ear.py) wins deals under classic and desert rules and clears an
Expedition pyramid, through the real window's key handling."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from desert_pyramid.app import sessions
from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import CLASSIC, DESERT, Rules
from desert_pyramid.solver.deals import first_winnable
from desert_pyramid.speech import RecordBackend

from .ear import EarPlayer

pytestmark = [pytest.mark.ui, pytest.mark.slow]


@pytest.fixture
def ear(ui: Any) -> Iterator[EarPlayer]:
    """The window's voice writes to a list the player listens to."""
    link = ui.app.speech
    log = RecordBackend()
    before = link.voice.log
    link.voice.log = log
    yield EarPlayer(ui, log.lines)
    link.voice.log = before


@pytest.mark.parametrize(("rules", "seed"), [(CLASSIC, 11), (DESERT, 5)])
def test_a_deal_won_by_ear(ui: Any, ear: EarPlayer, rules: Rules, seed: int) -> None:
    layout = get_layout(1)
    deal = first_winnable(seed, rules, layout).deal  # the test chooses the deal; the player
    ui.app.start_practice(rules, layout, deal)  # learns it by ear
    ui.frames(1)
    table = ui.view
    told = ear.win()
    assert table.game.won  # the test checks the real game; the player never looked
    assert "You won!" in told[-1], told[-1]
    assert any("Paired the" in t for t in told)
    assert any("Redealt" in t for t in told) or any("Flipped" in t for t in told)
    if rules.satchel:  # this deal's way through parks cards in the Satchel, by ear too
        assert any(" in the Satchel." in t for t in told), told
    ui.frames(2)  # animations are off: the results follow at once, and are read out
    said = " ".join([told[-1], *ear.listen()])
    assert "Pyramid cleared!" in said, said
    assert ("Cards left: 0" if rules is CLASSIC else "Score:") in said, said


def test_an_expedition_pyramid_cleared_by_ear(ui: Any, ear: EarPlayer) -> None:
    ui.app.new_table(sessions.expedition(2024))
    ui.frames(1)
    told = ear.win()
    said = " ".join(told[-1:] + ear.listen())
    assert "Pyramid 1 cleared" in said, said
    table = ui.view
    assert table.session.pyramids_cleared == 1
    # the next pyramid is announced as a new deal, its layout and rules named again
    assert "Layout 1," in said and "Rules: Desert, " in said, said


@pytest.mark.parametrize(("code", "won"), [("de", "Gewonnen!"), ("ru", "Победа!")])
def test_a_deal_won_by_ear_in_german_and_russian(
    ui: Any, ear: EarPlayer, code: str, won: str
) -> None:
    """The same player, listening in German or Russian: every announcement it needs is there in
    the language, the cards by their own names (in Russian, the nominative where it reads them)."""
    from desert_pyramid.i18n import use_language

    from .ear import German, Russian

    assert use_language(code) is None
    try:
        layout = get_layout(1)
        deal = first_winnable(5, DESERT, layout).deal
        ui.app.start_practice(DESERT, layout, deal)
        ui.frames(1)
        table = ui.view
        ear.words = German() if code == "de" else Russian()
        told = ear.win()
        assert table.game.won
        assert won in told[-1], told[-1]
        assert not any(" of " in t or "♠" in t for t in ear.heard), ear.heard
    finally:
        use_language("en")
