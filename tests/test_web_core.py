"""The web edition's Python side without a browser: the worker's protocol over the application
layer (desert_pyramid/web), the saves it keeps, the command's argument errors, and the storage
fix the browser's Python needs (no hard links)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from desert_pyramid.cli import main
from desert_pyramid.storage.atomic import atomic_write, backup_path
from desert_pyramid.web.protocol import Worker, handle_json
from desert_pyramid.web.table import WebTable
from tests.web.helpers import stuck_deal


def opened(tmp_path: Path) -> Worker:
    worker = Worker()
    hello = worker.handle({"id": 1, "op": "hello", "save_dir": str(tmp_path)})
    assert hello["ok"] and hello["can_continue"] is False
    return worker


def test_hello_offers_every_rule_set_and_the_56_layouts(tmp_path: Path) -> None:
    worker = Worker()
    hello = worker.handle({"id": 7, "op": "hello", "save_dir": str(tmp_path)})
    assert hello["id"] == 7
    assert [r["id"] for r in hello["catalogue"]["rules"]] == [
        "desert",
        "classic",
        "strict",
        "relaxed",
    ]
    assert [lay["number"] for lay in hello["catalogue"]["layouts"]] == list(range(1, 57))


@pytest.mark.parametrize("rules", ["desert", "classic", "strict", "relaxed"])
def test_a_deal_starts_on_each_rule_set_with_its_piles(tmp_path: Path, rules: str) -> None:
    worker = opened(tmp_path)
    reply = worker.handle({"id": 2, "op": "start", "rules": rules, "layout": 1})
    assert reply["ok"], reply
    st = reply["state"]
    assert st["rules"]["satchel"] == (rules == "desert")
    assert len(st["slots"]) == 28 and all(s["card"] for s in st["slots"])
    assert sum(s["free"] for s in st["slots"]) == 7
    assert st["deal_code"].startswith("DP-") and st["moves"] == 0
    assert st["stock"]["count"] == 24 and st["waste"]["top"] is None


def test_a_tap_plays_through_the_tables_control_and_is_saved(tmp_path: Path) -> None:
    worker = opened(tmp_path)
    worker.handle({"id": 2, "op": "start", "rules": "classic", "layout": 1})
    reply = worker.handle({"id": 3, "op": "act", "action": "tap", "place": "stock"})
    assert reply["ok"] and reply["result"]["moved"] and reply["result"]["sound"] == "flip"
    assert reply["result"]["say"].startswith("Flipped the ")
    st = reply["state"]
    assert st["moves"] == 1 and st["waste"]["top"] is not None and st["can_undo"]
    # a new worker (a reload) continues with the same cards and the undo history
    again = opened_again(tmp_path)
    assert again["can_continue"]
    worker2 = again["worker"]
    cont = worker2.handle({"id": 4, "op": "continue"})
    assert cont["ok"] and cont["state"]["slots"] == st["slots"]
    assert cont["state"]["waste"] == st["waste"] and cont["state"]["moves"] == 1
    undo = worker2.handle({"id": 5, "op": "act", "action": "undo"})
    assert undo["state"]["moves"] == 0 and undo["state"]["can_redo"]
    redo = worker2.handle({"id": 6, "op": "act", "action": "redo"})
    assert redo["state"]["waste"] == st["waste"]


def opened_again(tmp_path: Path) -> dict[str, Any]:
    worker = Worker()
    hello = worker.handle({"id": 1, "op": "hello", "save_dir": str(tmp_path)})
    return {"worker": worker, "can_continue": hello["can_continue"]}


def test_a_hint_names_its_move_and_enter_plays_it(tmp_path: Path) -> None:
    worker = opened(tmp_path)
    worker.handle({"id": 2, "op": "start", "rules": "desert", "layout": 1, "code": ""})
    reply = worker.handle({"id": 3, "op": "hint", "time_limit": 1.5})
    assert reply["ok"] and reply["result"]["verdict"] in ("winnable", "lost", "unknown")
    st = reply["state"]
    if reply["result"]["verdict"] == "winnable":
        assert st["hint"] and "Enter plays it." in st["message"]
        played = worker.handle({"id": 4, "op": "act", "action": "accept_hint"})
        assert played["state"]["moves"] == 1


@pytest.mark.parametrize(
    ("request_", "error"),
    [
        ({"op": "start", "code": "DP-XYZ"}, "deal code: the deal code is too short"),
        ({"op": "start", "rules": "sandy", "layout": 1}, "unknown rule set 'sandy'"),
        ({"op": "start", "rules": "desert", "layout": 999}, "999"),
        ({"op": "start", "rules": "desert", "layout": "1"}, "not a layout number"),
        ({"op": "act", "action": "tap", "place": 1}, "no deal at the table"),
        ({"op": "continue"}, "there is no game to continue"),
        ({"op": "fly"}, "unknown request 'fly'"),
        ({"op": "hint", "time_limit": "soon"}, "not a time limit"),
    ],
)
def test_a_bad_request_gets_a_message_never_an_exception(
    tmp_path: Path, request_: dict[str, Any], error: str
) -> None:
    worker = opened(tmp_path)
    reply = worker.handle({"id": 9, **request_})
    assert reply["ok"] is False and error in reply["error"], reply
    assert reply["id"] == 9


def test_a_bad_place_at_the_table_is_refused_with_the_place(tmp_path: Path) -> None:
    worker = opened(tmp_path)
    worker.handle({"id": 2, "op": "start", "rules": "desert", "layout": 1})
    for place in (99, -1, "pile", None, True, 1.5):
        reply = worker.handle({"id": 3, "op": "act", "action": "tap", "place": place})
        assert reply["ok"] is False and "not a place at the table" in reply["error"]
    reply = worker.handle({"id": 4, "op": "act", "action": "explode"})
    assert reply["ok"] is False and "unknown action" in reply["error"]


def test_the_json_entry_point_refuses_what_is_not_a_request() -> None:
    assert json.loads(handle_json("{oops"))["error"].startswith("not JSON")
    assert "a request is a JSON object" in json.loads(handle_json("[1, 2]"))["error"]


def test_a_damaged_save_is_set_aside_and_told_with_the_first_answer(tmp_path: Path) -> None:
    table = WebTable(str(tmp_path))
    table.start("classic", 1)
    table.act("flip")
    table.act("flip")
    for name in ("current.toml", "current.toml.bak"):
        (tmp_path / name).write_text("this is not a saved game [[[", encoding="utf-8")
    again = WebTable(str(tmp_path))
    notices = again.notices()
    assert any("current.toml" in n["text"] and "damaged" in n["text"] for n in notices), notices
    assert not again.can_continue()
    assert any(p.name.startswith("current.toml.broken") for p in tmp_path.iterdir())
    assert again.notices() == []  # told once


def test_atomic_write_keeps_the_backup_where_there_are_no_hard_links(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "current.toml"
    atomic_write(target, b"first")
    monkeypatch.delattr(os, "link")  # as in the browser's Python (Pyodide)
    atomic_write(target, b"second")
    assert target.read_bytes() == b"second"
    assert backup_path(target).read_bytes() == b"first"


def test_the_web_command_says_what_it_needs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["web"]) == 2
    assert "web build OUT" in capsys.readouterr().err
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "thesis.txt").write_text("mine", encoding="utf-8")
    assert main(["web", "build", str(busy)]) == 1
    err = capsys.readouterr().err
    assert "not a built site" in err and (busy / "thesis.txt").exists()
    assert main(["web", "serve", str(tmp_path / "site"), "--port", "http"]) == 2


def test_the_coach_speaks_on_the_message_line_and_marks_its_cards(tmp_path: Path) -> None:
    table = WebTable(str(tmp_path))
    table.start("desert", 1)
    st = table.state()
    assert [m["topic"] for m in st["coach"]] == ["rules"]
    assert st["message"] == st["coach"][0]["text"] and "add up to 13" in st["message"]
    assert st["coach"][0]["places"] == list(range(21, 28))  # the seven free cards
    for _ in range(24):  # the flips through the stock: the coach has things to say
        result = table.act("flip")
        st = table.state()
        if st["coach"]:
            assert all(m["text"] in st["message"] for m in st["coach"])
            assert "Flipped the" in result["say"] and len(result["say"]) > 60
            break
    else:
        raise AssertionError("the coach never spoke")


def test_a_compiled_catalogue_alone_is_read_as_the_web_build_ships_it(tmp_path: Path) -> None:
    from desert_pyramid.i18n import _, compiled_catalogue, mo_name, use_language

    target = tmp_path / mo_name("de")
    target.parent.mkdir(parents=True)
    target.write_bytes(compiled_catalogue("de"))  # no .po beside it
    try:
        assert use_language("de", tmp_path) is None
        assert _("Settings") != "Settings"
    finally:
        use_language("en")
    target.write_bytes(b"not a catalogue")
    try:
        notice = use_language("de", tmp_path)
        assert notice is not None and "cannot be read" in notice
    finally:
        use_language("en")


def test_leaving_a_stuck_deal_records_a_loss_and_a_deal_in_play_stays(tmp_path: Path) -> None:
    worker = opened(tmp_path)
    worker.handle({"id": 2, "op": "start", "rules": "classic", "layout": 1})
    worker.handle({"id": 3, "op": "act", "action": "flip"})
    left = worker.handle({"id": 4, "op": "leave"})
    assert left["ok"] and left["result"] == {"finished": False}
    assert left["can_continue"] and left["state"]["result"] is None  # kept for CONTINUE
    worker.handle({"id": 5, "op": "start", "rules": "strict", "layout": 1, "code": stuck_deal()})
    st: dict[str, Any] = {}
    while not st.get("stuck"):
        st = worker.handle({"id": 6, "op": "act", "action": "flip"})["state"]
    left = worker.handle({"id": 7, "op": "leave"})
    assert left["result"] == {"finished": True} and not left["can_continue"]
    result = left["state"]["result"]
    assert result["mode"] == "practice" and result["outcome"] == "lost" and not result["won"]
    assert len(result["lines"]) == 1  # the score alone: no Daily's streak line
    assert worker.table is not None
    progress = worker.table.app.progress
    assert progress.stats_for("practice", "strict", 1).lost == 1
    # leaving again does not count it twice
    worker.handle({"id": 8, "op": "leave"})
    assert progress.stats_for("practice", "strict", 1).lost == 1
