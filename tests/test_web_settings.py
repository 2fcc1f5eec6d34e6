"""The web edition's Settings and How to play without a browser: the desktop's settings read and
written through the worker (kept in the profile's save.toml, read back by a new worker and by the
desktop's own settings loader), bad values refused with the loader's message, the system's reduced
motion as a new profile's default, How to play's content in two languages and the quiz checked in
Python."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from desert_pyramid.app.application import Application
from desert_pyramid.content import source_content
from desert_pyramid.i18n import use_language
from desert_pyramid.storage.store import SaveStore
from desert_pyramid.web.protocol import Worker


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


def opened(tmp_path: Path, **fields: Any) -> Worker:
    worker = Worker()
    hello = worker.handle({"id": 1, "op": "hello", "save_dir": str(tmp_path), **fields})
    assert hello["ok"], hello
    return worker


def ask(worker: Worker, op: str, **fields: Any) -> dict[str, Any]:
    reply = worker.handle({"id": 9, "op": op, **fields})
    json.dumps(reply)  # every answer is plain JSON
    return reply


def desktop_settings(tmp_path: Path) -> Any:
    """The settings as the desktop reads them at its start: its application on that folder."""
    app = Application(save_dir=str(tmp_path))
    store = app.open_saves(background=False)
    try:
        return app.settings
    finally:
        store.close()


def test_settings_written_through_the_worker_are_read_by_a_new_worker_and_the_desktop(
    tmp_path: Path,
) -> None:
    worker = opened(tmp_path)
    first = ask(worker, "settings")
    assert first["ok"] and first["result"]["values"]["text_size"] == 100
    assert {r["key"] for r in first["result"]["rows"]} >= {"high_contrast", "untimed", "mute"}
    changed = {
        "high_contrast": True,
        "text_size": 150,
        "untimed": True,
        "four_colour": True,
        "mute": True,
        "volume": 0.3,
        "effects_volume": 0.5,
        "animation_speed": 0.0,
    }
    reply = ask(worker, "set_settings", values=changed)
    assert reply["ok"], reply
    result = reply["result"]
    assert {k: result["values"][k] for k in changed} == changed
    assert result["reduced_motion"] is True and result["effects_level"] == 0.0  # muted
    # a reload: a new worker on the same saves
    again = ask(opened(tmp_path), "settings")["result"]["values"]
    assert {k: again[k] for k in changed} == changed
    # the desktop: its own loader on the same save folder
    desk = desktop_settings(tmp_path)
    assert desk.high_contrast and desk.text_size == 150 and desk.untimed and desk.four_colour
    assert desk.mute and desk.volume == 0.3 and desk.effects_volume == 0.5
    assert not desk.animations
    # and in the very file an exported profile carries
    assert "high_contrast = true" in (tmp_path / "save.toml").read_text(encoding="utf-8")


def test_the_levels_are_master_times_effects_and_ambience(tmp_path: Path) -> None:
    worker = opened(tmp_path)
    reply = ask(
        worker,
        "set_settings",
        values={"volume": 0.5, "effects_volume": 0.4, "ambience_volume": 0.2},
    )
    assert reply["result"]["effects_level"] == pytest.approx(0.2)
    assert reply["result"]["ambience_level"] == pytest.approx(0.1)
    muted = ask(worker, "set_settings", values={"mute": True})["result"]
    assert muted["effects_level"] == 0 and muted["ambience_level"] == 0


@pytest.mark.parametrize(
    ("values", "words"),
    [
        ({"text_size": 300}, "'text_size' must be from 100 to 200"),
        ({"high_contrast": "yes"}, "'high_contrast' must be true or false, not 'yes'"),
        ({"volume": 1.5}, "'volume' must be from 0 to 1"),
        ({"animation_speed": 0.7}, "'animation_speed' must be one of"),
        ({"colour": 3}, "unknown setting 'colour'"),
        ({"card_back": "x"}, "unknown setting 'card_back'"),
        ([1, 2], "'values' must be an object"),
        ({}, "'values' must be an object of settings to change"),
    ],
)
def test_a_bad_setting_is_refused_with_the_reason_and_nothing_changes(
    tmp_path: Path, values: Any, words: str
) -> None:
    worker = opened(tmp_path)
    ask(worker, "set_settings", values={"high_contrast": True})
    if isinstance(values, dict) and values:
        values = {"text_size": 125, **values}  # a good value beside the bad one is not kept
    reply = ask(worker, "set_settings", values=values)
    assert reply["ok"] is False and words in reply["error"], reply
    assert ask(worker, "settings")["result"]["values"]["text_size"] == 100  # nothing half-done
    assert desktop_settings(tmp_path).high_contrast


def test_the_systems_reduced_motion_is_a_new_profiles_default_not_a_choice_overruled(
    tmp_path: Path,
) -> None:
    worker = opened(tmp_path)
    reply = ask(worker, "settings", system={"reduced_motion": True})
    assert reply["result"]["reduced_motion"] is True
    assert reply["result"]["values"]["animation_speed"] == 0.0
    # the player turns the animations back on: the system's preference no longer decides
    ask(worker, "set_settings", values={"animation_speed": 1.0})
    again = ask(opened(tmp_path), "settings", system={"reduced_motion": True})
    assert again["result"]["reduced_motion"] is False
    # a system without the preference leaves a new profile's animations on
    fresh = ask(opened(tmp_path / "other"), "settings", system={"reduced_motion": False})
    assert fresh["result"]["reduced_motion"] is False
    bad = ask(worker, "settings", system={"reduced_motion": "please"})
    assert bad["ok"] is False and "'reduced_motion' must be true or false" in bad["error"]


def test_untimed_makes_the_daily_untimed_as_the_application_decides(tmp_path: Path) -> None:
    worker = opened(tmp_path, today="2026-03-05")
    timed = ask(worker, "daily")["state"]
    assert timed["daily"]["bonus"]
    ask(worker, "leave")
    ask(worker, "set_settings", values={"untimed": True})
    untimed = ask(worker, "daily")["state"]
    assert untimed["daily"]["bonus"] == "" and "untimed" in untimed["message"]


def test_the_language_chosen_is_kept_in_the_settings_and_opens_the_next_start(
    tmp_path: Path,
) -> None:
    worker = opened(tmp_path)
    assert ask(worker, "language", language="de")["ok"]
    assert desktop_settings(tmp_path).language == "de"
    hello = Worker().handle(
        {"id": 1, "op": "hello", "save_dir": str(tmp_path), "languages": ["fr-FR"]}
    )
    assert hello["language"] == "de"  # the profile's choice over the browser's


def test_the_rows_are_worded_in_the_players_language(tmp_path: Path) -> None:
    worker = opened(tmp_path, language="de")
    rows = {r["key"]: r for r in ask(worker, "settings")["result"]["rows"]}
    assert rows["high_contrast"]["label"] == "Hoher Kontrast"
    assert [c["name"] for c in rows["untimed"]["choices"]] == ["Mit Uhr", "Ohne Uhr"]
    assert rows["text_size"]["choices"][-1]["name"] == "200\u00a0%"


def test_how_to_play_comes_from_the_desktops_content_in_two_languages(tmp_path: Path) -> None:
    source = source_content()
    worker = opened(tmp_path)
    english = ask(worker, "howto")["result"]
    assert [s["id"] for s in english["sections"]] == list(source.how_to_play.section_ids)
    assert english["tabs"]["glossary"] == "Other names"
    first = source.how_to_play.sections[0].paragraphs[0].plain()
    assert "".join(s["text"] for s in english["sections"][0]["paragraphs"][0]["spans"]) == first
    diagram = next(s["diagram"] for s in english["sections"] if s["diagram"])
    assert {slot["state"] for slot in diagram["slots"]} == {"free", "covered", "removed"}
    steps = next(s["demo"]["steps"] for s in english["sections"] if s["demo"])
    assert len(steps) == len(next(s.demo for s in source.how_to_play.sections if s.demo).steps)
    assert all(0 <= c < 52 for step in steps for c in step["cards"]) and steps[0]["cards"]
    cards = [
        sp
        for s in english["sections"]
        for p in s["paragraphs"]
        for sp in p["spans"]
        if "card" in sp
    ]
    assert cards and all(sp["suit"] == sp["card"] % 4 for sp in cards)
    assert len(english["glossary"]["entries"]) == len(source.glossary)
    assert ask(worker, "language", language="de")["ok"]
    german = ask(worker, "howto")["result"]
    assert german["tabs"]["rules"] == "Spielanleitung" and german["title"] == "Spielanleitung"
    assert german["sections"][0]["title"] != english["sections"][0]["title"]
    assert [s["id"] for s in german["sections"]] == [s["id"] for s in english["sections"]]
    # the figure's cards and the example's cards are the same in every language
    assert (
        next(s["diagram"] for s in german["sections"] if s["diagram"])["slots"] == diagram["slots"]
    )


def test_a_quiz_answer_is_checked_in_python_and_the_first_answer_counts(tmp_path: Path) -> None:
    questions = source_content().quiz.questions
    worker = opened(tmp_path)
    shown = ask(worker, "quiz", action="show")["result"]
    assert shown["question"]["number"] == 1 and shown["answer"] is None
    assert len(shown["question"]["choices"]) == len(questions[0].choices)
    right = questions[0].right_index + 1
    wrong = 1 if right != 1 else 2
    first = ask(worker, "quiz", action="answer", choice=wrong)["result"]
    answer = first["answer"]
    assert (
        answer["correct"] is False
        and answer["right"] == right
        and answer["verdict"] == "Not right."
    )
    assert answer["right_note"].startswith(f"The right answer is {right}:")
    explanation = questions[0].choices[wrong - 1].explanation.plain()
    assert "".join(s["text"] for s in answer["explanation"]["spans"]) == explanation
    again = ask(worker, "quiz", action="answer", choice=right)["result"]
    assert again["answer"]["correct"] and again["score"] == 0  # only the first answer counts
    assert again["answer"]["counted_note"]
    # in German, the same question's verdict in German
    ask(worker, "language", language="de")
    assert ask(worker, "quiz", action="show")["result"]["answer"]["verdict"] == "Richtig."
    ask(worker, "language", language="en")
    for q in questions[1:]:
        ask(worker, "quiz", action="next")
        ask(worker, "quiz", action="answer", choice=q.right_index + 1)
    done = ask(worker, "quiz", action="next")["result"]
    assert done["finished"] and done["score"] == len(questions) - 1
    assert done["summary"]["line"] == f"You got {len(questions) - 1} of {len(questions)} right."
    assert [q["mark"] for q in done["summary"]["questions"]][:2] == ["wrong", "right"]
    restarted = ask(worker, "quiz", action="restart")["result"]
    assert restarted["question"]["number"] == 1 and restarted["score"] == 0


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"action": "answer", "choice": 9}, "not a choice of this question: 9"),
        ({"action": "answer", "choice": True}, "not a choice of this question: True"),
        ({"action": "answer"}, "not a choice of this question: None"),
        ({"action": "jump"}, "unknown quiz action 'jump'"),
    ],
)
def test_a_bad_quiz_request_is_refused_with_the_reason(
    tmp_path: Path, fields: dict[str, Any], words: str
) -> None:
    reply = ask(opened(tmp_path), "quiz", **fields)
    assert reply["ok"] is False and words in reply["error"]


def test_a_finished_quiz_takes_no_answer(tmp_path: Path) -> None:
    worker = opened(tmp_path)
    for _ in source_content().quiz.questions:
        ask(worker, "quiz", action="next")  # skipped: counted as not right
    done = ask(worker, "quiz", action="show")["result"]
    assert done["finished"] and {q["mark"] for q in done["summary"]["questions"]} == {"skipped"}
    reply = ask(worker, "quiz", action="answer", choice=1)
    assert reply["ok"] is False and "the quiz is finished" in reply["error"]


def test_the_store_keeps_the_settings_apart_from_the_card_back(tmp_path: Path) -> None:
    worker = opened(tmp_path)
    ask(worker, "set_settings", values={"text_size": 175})
    store = SaveStore.open(str(tmp_path), background=False)
    try:
        assert store.progress.settings["text_size"] == 175
        assert "card_back" not in store.progress.settings
    finally:
        store.close()


def test_a_variation_starts_a_practice_deal_under_its_rules(tmp_path: Path) -> None:
    worker = opened(tmp_path)
    reply = ask(worker, "variation", variation="no-satchel")
    assert reply["ok"], reply
    st = reply["state"]
    assert (
        st["mode"] == "practice" and not st["rules"]["satchel"] and st["rules"]["name"] != "desert"
    )
    english = next(v for v in source_content().variations if v.id == "no-satchel")
    assert st["message"].startswith(english.title)
    bad = ask(worker, "variation", variation="moonwalk")
    assert bad["ok"] is False and "unknown variation 'moonwalk': one of one-pass" in bad["error"]
