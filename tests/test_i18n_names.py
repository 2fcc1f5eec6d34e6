"""No English left where a name is shown or said (issue 40, item 13): the Language row's Auto
names the system's language in the language spoken now; the spoken rules line names the rule set
by its translated name, not the command line's code word."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from desert_pyramid.app.spoken import deal_text, rules_name
from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import CLASSIC, DESERT, Deal, Game, Rules
from desert_pyramid.i18n import language_named, use_language


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


@pytest.mark.parametrize(
    ("code", "auto"),
    [
        ("en", "Auto · English"),
        ("de", "Auto · Englisch"),
        ("fr", "Auto · Anglais"),
        ("es", "Auto · Inglés"),
        ("it", "Auto · Inglese"),
        ("pt_BR", "Auto · Inglês"),
        ("ru", "Авто · Английский"),
    ],
)
def test_the_language_rows_auto_names_the_system_language_in_the_language_now(
    code: str, auto: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from desert_pyramid.ui.screens.settings import language_name

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")  # the system speaks English
    assert use_language(code) is None
    assert language_name("") == auto
    assert language_name("de") == "Deutsch"  # a choice stays named in itself


def test_a_language_is_named_in_the_language_spoken_now() -> None:
    use_language("ru")
    assert language_named("de") == "Немецкий"
    assert language_named("pt_BR") == "Португальский (Бразилия)"
    use_language("fr")
    assert language_named("ru") == "Russe"


@pytest.mark.parametrize(
    ("code", "desert", "classic_p1"),
    [
        ("en", "Rules: Desert, ", "Rules: Classic + options, "),
        ("de", "Regeln: Wüste, ", "Regeln: Klassisch + Optionen, "),
        ("ru", "Правила: Пустыня, ", "Правила: Классика + настройки, "),
    ],
)
def test_the_spoken_rules_line_names_the_rule_set_in_the_language(
    code: str, desert: str, classic_p1: str
) -> None:
    assert use_language(code) is None
    layout = get_layout(1)
    said = deal_text("Practice", "", Game(layout, DESERT, Deal.from_seed(3)))
    assert desert in said and "desert" not in said, said
    options = Rules.parse("classic+p1")
    said = deal_text("Practice", "", Game(layout, options, Deal.from_seed(3)))
    assert classic_p1 in said and "classic" not in said, said
    assert rules_name(CLASSIC) != "classic"
