"""The web edition's languages and Daily through the worker's Python, without a browser: the page's
words from the desktop's catalogues, the browser's language mapped to the seven, Babel's numbers,
the cards' spoken names; the Daily of the page's date equal to ``desert-pyramid daily DATE``,
its time bonus, its day streak and one result per day."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from desert_pyramid.cli import main
from desert_pyramid.engine import Game
from desert_pyramid.i18n import use_language
from desert_pyramid.i18n.cards import card_name
from desert_pyramid.solver import Verdict, solve
from desert_pyramid.web.protocol import Worker
from desert_pyramid.web.words import browser_language
from tests.web.helpers import worker_act as act


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


def opened(tmp_path: Path, **fields: Any) -> tuple[Worker, dict[str, Any]]:
    worker = Worker()
    hello = worker.handle({"id": 1, "op": "hello", "save_dir": str(tmp_path), **fields})
    assert hello["ok"], hello
    return worker, hello


@pytest.mark.parametrize(
    ("tags", "code"),
    [
        (["de-AT", "en-GB"], "de"),
        (["pt-PT"], "pt_BR"),
        (["ja-JP", "ru"], "ru"),
        (["ja", "zh-CN"], "en"),
        ([], "en"),
        ([5, None, "x" * 100, "fr-CA"], "fr"),
    ],
)
def test_the_browsers_languages_map_to_the_seven(tags: list[Any], code: str) -> None:
    assert browser_language(tags) == code


def test_the_browsers_language_is_read_without_babels_region_data(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The site's Babel has the seven languages' data, not every region's (``de_DE``): the tags
    are read without it."""
    from babel import Locale, UnknownLocaleError

    def unknown(*args: object, **kw: object) -> Locale:
        raise UnknownLocaleError("de_DE")

    monkeypatch.setattr(Locale, "parse", unknown)
    assert browser_language(["de-DE"]) == "de"
    assert browser_language(["pt-BR"]) == "pt_BR"
    assert browser_language(["zh-Hant-TW", "ru-RU"]) == "ru"


def test_hello_speaks_the_browsers_language_with_the_desktops_words(tmp_path: Path) -> None:
    worker, hello = opened(tmp_path, languages=["de-DE", "en"], today="2026-03-05")
    assert hello["language"] == "de"
    words = hello["words"]
    assert (words["hint"], words["undo"], words["redo"]) == (
        "Tipp",
        "Rückgängig",
        "Wiederherstellen",
    )
    assert (words["stock"], words["waste"], words["satchel"]) == ("Talon", "Ablage", "Tasche")
    assert {c["code"] for c in hello["languages"]} == {"en", "de", "fr", "es", "it", "pt_BR", "ru"}
    assert hello["catalogue"]["rules"][0]["name"] == "Wüste"
    assert hello["catalogue"]["layouts"][0]["label"].endswith("(28 Karten)")
    assert hello["daily"]["line"].startswith("Tagesserie: 0 Tage")


def test_a_language_chosen_redraws_the_table_in_it(tmp_path: Path) -> None:
    worker, hello = opened(tmp_path, languages=["en-US"], today="2026-03-05")
    assert hello["language"] == "en" and hello["words"]["hint"] == "Hint"
    reply = worker.handle({"id": 2, "op": "daily"})
    st = reply["state"]
    assert st["daily"]["bonus"] == "1,800"  # Babel's grouping, English
    assert st["message"].startswith("Today's deal, the same for every player")
    assert st["names"]["waste"] == "Waste, empty."
    assert st["status"].startswith("Score 0")
    switched = worker.handle({"id": 3, "op": "language", "language": "de"})
    assert switched["ok"] and switched["result"]["words"]["hint"] == "Tipp"
    st = switched["state"]
    assert st["daily"]["bonus"] == "1.800"  # and German's
    assert st["names"]["waste"] == "Ablagestapel, leer."
    assert st["names"]["stock"].startswith("Talon, 24 Karten")
    assert st["status"].startswith("Punkte 0")
    assert st["message"].startswith("Das Spiel des Tages, für alle gleich")
    slot = st["slots"][0]
    assert slot["card"]["name"] == card_name(slot["card"]["id"], "de", spoken=True)
    assert (
        slot["card"]["name"]
        != worker.handle({"id": 4, "op": "language", "language": "en"})["state"]["slots"][0][
            "card"
        ]["name"]
    )


def test_a_language_the_game_does_not_speak_is_refused(tmp_path: Path) -> None:
    worker, _ = opened(tmp_path)
    reply = worker.handle({"id": 2, "op": "language", "language": "xx"})
    assert not reply["ok"] and "unknown language 'xx'" in reply["error"]
    reply = worker.handle({"id": 3, "op": "language"})
    assert not reply["ok"] and "needs the language" in reply["error"]


def daily_code(day: str) -> str:
    """``desert-pyramid daily --date DAY``'s deal code, as the command prints it."""
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["daily", "--date", day]) == 0
    return next(line[5:] for line in out.getvalue().splitlines() if line.startswith("Code "))


def test_the_daily_of_a_date_is_the_commands_for_30_dates(tmp_path: Path) -> None:
    worker, _ = opened(tmp_path)
    first = datetime.date(2026, 1, 1)
    for i in range(30):
        day = (first + datetime.timedelta(days=3 * i)).isoformat()
        reply = worker.handle({"id": i, "op": "daily", "today": day})
        assert reply["ok"], reply
        assert reply["state"]["mode"] == "daily" and reply["state"]["daily"]["date"] == day
        assert reply["state"]["deal_code"] == daily_code(day), day


def test_a_bad_page_date_is_refused_with_the_reason(tmp_path: Path) -> None:
    worker, _ = opened(tmp_path)
    for bad in ("2026-13-01", "yesterday", 20260101, "9" * 50):
        reply = worker.handle({"id": 2, "op": "daily", "today": bad})
        assert not reply["ok"] and "date" in reply["error"], (bad, reply)


def win_daily(worker: Worker, day: str) -> dict[str, Any]:
    """The page's Daily of ``day`` won through the worker's actions; the last answer."""
    reply = worker.handle({"id": 1, "op": "daily", "today": day})
    assert reply["ok"], reply
    assert worker.table is not None and worker.table.seat is not None
    game = worker.table.seat.game
    line = solve(Game(game.layout, game.rules, game.deal), node_budget=300_000)
    assert line.verdict == Verdict.WINNABLE
    for move in line.line:
        reply = act(worker, move)
    return reply


def test_a_daily_won_has_its_time_bonus_and_streak_and_counts_once_a_day(tmp_path: Path) -> None:
    day = "2026-03-05"
    worker, hello = opened(tmp_path, today=day)
    assert hello["daily"]["cleared"] is False and hello["daily"]["streak"] == 0
    assert hello["daily"]["line"].endswith("Today's pyramid counts for the streak.")
    reply = win_daily(worker, day)
    st = reply["state"]
    assert st["won"] and st["finished"]
    result = st["result"]
    assert result["won"] and result["counted"] and result["streak"] == 1
    assert 0 < result["time_bonus"] <= 1800 and result["date"] == day
    assert result["lines"][-1] == "Day streak: 1 day · best 1"
    assert result["share"].startswith("Desert Pyramid Daily")
    assert reply["daily"]["cleared"] and reply["daily"]["streak"] == 1
    assert reply["daily"]["line"].endswith("Cleared today: playing it again does not count twice.")
    assert not reply["can_continue"]
    # the same day again: played, won, but one result per day: the streak does not count it twice
    again = win_daily(worker, day)["state"]["result"]
    assert again["won"] and not again["counted"] and again["streak"] == 1
    # the next day's Daily carries the streak on; the page's date decides which day it is
    nxt = win_daily(worker, "2026-03-06")["state"]["result"]
    assert nxt["counted"] and nxt["streak"] == 2
    # a new worker on the same saves (a reload) keeps the streak
    _, reloaded = opened(tmp_path, today="2026-03-06")
    assert reloaded["daily"]["streak"] == 2 and reloaded["daily"]["cleared"]


def test_a_stored_language_gone_bad_falls_back_to_the_browsers(tmp_path: Path) -> None:
    _, hello = opened(tmp_path, language="klingon", languages=["fr-FR"])
    assert hello["language"] == "fr" and hello["words"]["hint"] != "Hint"


def test_every_word_the_page_asks_for_comes_from_the_worker() -> None:
    """Each ``data-word``/``data-label`` of the page and each ``word("...")`` of its script is one
    of the worker's words, each a message the catalogues translate (none left in English)."""
    import re

    from desert_pyramid.web.words import PAGE_WORDS, page_words

    web = Path(__file__).resolve().parent.parent / "web"
    html = (web / "index.html").read_text(encoding="utf-8")
    script = (web / "app.js").read_text(encoding="utf-8")
    asked = set(re.findall(r'data-(?:word|label)="([a-z_]+)"', html))
    asked |= set(re.findall(r'word\("([a-z_]+)"\)', script))
    assert asked and asked <= set(PAGE_WORDS), asked - set(PAGE_WORDS)
    english = page_words()
    use_language("ru")  # Cyrillic: a word left untranslated would still read as English
    left = {k for k, v in page_words().items() if k in asked and v == english[k]}
    assert not left, left
