"""The profile moved between the browser and the desktop (issue 39, saves): a desktop profile
imported through the Profile screen's file input and shown (its summary, Continue), a file that
is not a profile refused with the reason and the profile intact, the import still there after a
reload, and the page's export (a real download) imported by the desktop's
``desert-pyramid profile --import`` and read by ``desert-pyramid profile`` with the same
pyramids, relics and game in progress.

One context of its own (an empty profile: an import replaces the shared pages' profile)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from desert_pyramid.cli import main
from tests.web.conftest import boot

pytestmark = pytest.mark.web  # left out of the plain run: `pytest -m web`

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "saves" / "v1"


@pytest.fixture
def fresh(browser: Any, base_url: str) -> Iterator[Any]:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=2, has_touch=True
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    boot(page, base_url)
    page.errors = errors
    yield page
    context.close()


def summary(page: Any) -> list[str]:
    lines: list[str] = page.locator("#profile-summary li").all_inner_texts()
    return lines


def outcome(page: Any) -> str:
    page.wait_for_selector("#profile-outcome:not([hidden])")
    text: str = page.locator("#profile-outcome").inner_text()
    return text


def profile_said(folder: Path, capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    assert main(["profile", "--save-dir", str(folder)]) == 0
    out = capsys.readouterr().out
    return out[out.index("Pyramids cleared:") :]


def test_a_desktop_profile_goes_into_the_browser_and_back_with_nothing_lost(
    fresh: Any, base_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = fresh
    desk = tmp_path / "desk"
    shutil.copytree(EXAMPLE, desk)
    moved = tmp_path / "from-desktop.toml"
    assert main(["profile", "--save-dir", str(desk), "--export", str(moved)]) == 0
    assert not page.locator("#continue").is_visible()

    page.tap("#open-profile")
    page.wait_for_selector("#profile:not([hidden]) #profile-summary li")
    assert "0 pyramids cleared in all" in summary(page)

    # a file that is not a profile: the reason, and nothing changed
    page.set_input_files(
        "#profile-file",
        files=[{"name": "x.toml", "mimeType": "text/plain", "buffer": b"a = {\nb = 2\n"}],
    )
    said = outcome(page)
    assert "This file cannot be imported: not a profile file: line 1, column" in said
    assert "Nothing was changed." in said

    # a file dropped on the screen goes the same way
    page.evaluate(
        """(text) => {
          const dt = new DataTransfer();
          dt.items.add(new File([text], "dropped.toml"));
          document.getElementById("profile").dispatchEvent(
            new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
        }""",
        'format = "something else"\n',
    )
    page.wait_for_function(
        "document.querySelector('#profile-outcome').innerText.includes("
        "\"format: expected 'desert-pyramid-profile', found 'something else'\")"
    )
    assert "0 pyramids cleared in all" in summary(page)

    page.set_input_files("#profile-file", str(moved))
    page.wait_for_function(
        "document.querySelector('#profile-outcome').innerText.includes('Profile imported.')"
    )
    said = outcome(page)
    assert "7 pyramids cleared in all" in said and "4 of 12 relics found" in said
    assert "A game is in progress." in said
    page.wait_for_function(
        "[...document.querySelectorAll('#profile-summary li')]"
        ".some(li => li.textContent === '7 pyramids cleared in all')"
    )
    page.tap("#profile-back")
    assert page.locator("#continue").is_visible()

    # all three documents reached IndexedDB: a reload shows save.toml's pyramids and relics,
    # profile.toml's card backs and current.toml's game in progress
    boot(page, base_url)
    assert page.locator("#continue").is_visible()
    page.tap("#open-profile")
    page.wait_for_function(
        "[...document.querySelectorAll('#profile-summary li')]"
        ".some(li => li.textContent === '7 pyramids cleared in all')"
    )
    after = summary(page)
    assert "4 of 12 relics found" in after and "Card backs: 4 / 9" in after
    assert "A game is in progress." in after

    # the page's export, a real download, read by the desktop
    with page.expect_download() as info:
        page.tap("#profile-export")
    download = info.value
    assert download.suggested_filename.startswith("desert-pyramid-profile-")
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    back = tmp_path / "back"
    capsys.readouterr()
    assert main(["profile", "--save-dir", str(back), "--import", str(saved)]) == 0
    assert "exported from the browser" in capsys.readouterr().out
    said_back = profile_said(back, capsys)
    assert said_back == profile_said(desk, capsys)
    assert "Pyramids cleared: 7" in said_back and "Relics: 4 of 12" in said_back
    assert "Game in progress: expedition, desert, layout 1, pyramid 2" in said_back
    page.tap("#profile-back")
    assert page.errors == []
