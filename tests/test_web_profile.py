"""The browser's profile through the worker's protocol (no browser): exported to the file the
desktop's ``desert-pyramid profile --import`` reads, a desktop profile imported with nothing
lost, a hostile file refused with the reason and the browser's profile intact."""

from __future__ import annotations

import base64
import shutil
from pathlib import Path
from typing import Any

import pytest

from desert_pyramid.cli import main
from desert_pyramid.web.protocol import Worker

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "saves" / "v1"


def opened(folder: Path) -> Worker:
    worker = Worker()
    hello = worker.handle({"id": 1, "op": "hello", "save_dir": str(folder), "today": "2026-12-07"})
    assert hello["ok"], hello
    return worker


def ask(worker: Worker, op: str, **fields: Any) -> dict[str, Any]:
    return worker.handle({"id": 2, "op": op, **fields})


def profile_said(folder: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["profile", "--save-dir", str(folder)]) == 0
    out = capsys.readouterr().out
    return out[out.index("Pyramids cleared:") :]


def payload(data: bytes) -> dict[str, Any]:
    return {"data": base64.b64encode(data).decode(), "size": len(data)}


def test_the_browsers_export_is_read_by_the_desktop_with_its_game_in_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    web = tmp_path / "web"
    shutil.copytree(EXAMPLE, web)
    (web / "current.toml").unlink()
    worker = opened(web)
    reply = ask(worker, "start", rules="desert", layout=2)
    assert reply["ok"], reply
    assert ask(worker, "act", action="tap", place="stock")["ok"]  # a move: a game in progress
    reply = ask(worker, "export_profile")
    assert reply["ok"], reply
    result = reply["result"]
    assert result["name"] == "desert-pyramid-profile-2026-12-07.toml"
    assert sorted(result["files"]) == ["current.toml", "profile.toml", "save.toml"]
    moved = tmp_path / result["name"]
    moved.write_text(result["text"], "utf-8")
    desk = tmp_path / "desk"
    assert main(["profile", "--save-dir", str(desk), "--import", str(moved)]) == 0
    assert "(exported from the browser on 2026-12-07)" in capsys.readouterr().out
    said = profile_said(desk, capsys)
    assert said == profile_said(web, capsys)
    assert "Pyramids cleared: 7" in said and "Relics: 4 of 12" in said
    assert "Game in progress: practice, desert, layout 2" in said


def test_a_desktop_profile_imports_into_the_browser_with_nothing_lost(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    desk = tmp_path / "desk"
    shutil.copytree(EXAMPLE, desk)
    out = tmp_path / "p.toml"
    assert main(["profile", "--save-dir", str(desk), "--export", str(out)]) == 0
    worker = opened(tmp_path / "web")
    assert ask(worker, "profile")["result"]["summary"]["pyramids_cleared"] == 0
    reply = ask(worker, "import_profile", **payload(out.read_bytes()))
    assert reply["ok"], reply
    result = reply["result"]
    assert result["lines"][0] == "Profile imported."
    assert "7 pyramids cleared in all" in result["lines"]
    assert "4 of 12 relics found" in result["lines"]
    assert result["summary"]["pyramids_cleared"] == 7 and result["summary"]["in_progress"]
    assert result["backup"] is None  # the browser held nothing yet
    assert "state" not in reply  # the table in the browser was left: Continue offers the game
    again = ask(worker, "continue")  # the desktop's Expedition in progress, in the browser
    assert again["ok"], again
    assert again["state"]["layout"]["number"] == 1 and again["state"]["moves"] > 0
    capsys.readouterr()
    assert profile_said(tmp_path / "web", capsys) == profile_said(desk, capsys)


def test_an_import_over_a_profile_keeps_it_and_offers_it_back(tmp_path: Path) -> None:
    web = tmp_path / "web"
    shutil.copytree(EXAMPLE, web)
    worker = opened(web)
    small = tmp_path / "small"
    small.mkdir()
    shutil.copy(EXAMPLE / "profile.toml", small / "profile.toml")
    out = tmp_path / "small.toml"
    assert main(["profile", "--save-dir", str(small), "--export", str(out)]) == 0
    reply = ask(worker, "import_profile", **payload(out.read_bytes()))
    assert reply["ok"], reply
    name = reply["result"]["backup"]
    assert name and name.startswith("profile-before-import-") and name in reply["result"]["kept"]
    assert ask(worker, "profile")["result"]["summary"]["pyramids_cleared"] == 0
    kept = ask(worker, "export_profile", backup=name)
    assert kept["ok"] and kept["result"]["name"] == name
    back = ask(worker, "import_profile", **payload(kept["result"]["text"].encode()))
    assert back["ok"], back
    assert back["result"]["summary"]["pyramids_cleared"] == 7
    refused = ask(worker, "export_profile", backup="../save.toml")
    assert not refused["ok"] and "not a kept profile" in refused["error"]


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"", "the file is empty"),
        (b"\x89PNG\r\n\x1a\n", "is not UTF-8"),
        (b"PK\x03\x04zip", "zip archive"),
        (b'format = "desert-pyramid-profile"\nschema = ' + b"7" * 5000, "5000 digits"),
        (
            b'format = "desert-pyramid-profile"\nschema = 1\n[files]\n"../x.toml" = "a"\n',
            "'../x.toml' is not a document of a profile",
        ),
    ],
)
def test_a_hostile_file_is_refused_with_the_reason_and_the_profile_intact(
    tmp_path: Path, data: bytes, reason: str
) -> None:
    web = tmp_path / "web"
    shutil.copytree(EXAMPLE, web)
    before = {p.name: p.read_bytes() for p in web.iterdir() if p.is_file()}
    worker = opened(web)
    reply = ask(worker, "import_profile", **payload(data))
    assert not reply["ok"]
    assert reply["error"].startswith("This file cannot be imported: ") and reason in reply["error"]
    assert reply["error"].endswith("Nothing was changed.")
    assert {p.name: p.read_bytes() for p in web.iterdir() if p.is_file()} == before
    assert ask(worker, "profile")["result"]["summary"]["pyramids_cleared"] == 7


def test_a_file_too_large_is_refused_unsent_and_bad_requests_say_why(tmp_path: Path) -> None:
    worker = opened(tmp_path)
    reply = ask(worker, "import_profile", size=50 * 1024 * 1024)
    assert not reply["ok"] and "a profile file is at most 20 MB" in reply["error"]
    reply = ask(worker, "import_profile", data="***")
    assert not reply["ok"] and "not base64" in reply["error"]
    reply = ask(worker, "import_profile")
    assert not reply["ok"] and "needs the file's bytes" in reply["error"]
