"""Files a command writes go to a temporary name in the same folder and are renamed once whole
(issue 36): on a full disk, ``replay --gif PATH`` and ``--screenshot PATH`` fail with one clear
line and leave nothing at PATH (not a 0-byte file), and a file that was there stays as it was."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest

from desert_pyramid.catalog import get_layout
from desert_pyramid.cli import main
from desert_pyramid.commands.output import output_file
from desert_pyramid.engine import CLASSIC, Deal, Game, encode_game_code


def a_code() -> str:
    game = Game(get_layout(1), CLASSIC, Deal.from_seed(3))
    for _ in range(4):
        game.play(game.legal_moves()[0])
    return encode_game_code(game)


def full_disk(path: Any) -> int:
    """A writer that starts the file and meets a full disk, as the real writers do."""
    with open(path, "wb") as fh:
        fh.write(b"GIF89a")
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize("there_before", [False, True])
def test_a_gif_that_meets_a_full_disk_leaves_nothing_behind(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    there_before: bool,
) -> None:
    import desert_pyramid.ui.gif as gif

    monkeypatch.setattr(gif, "render_gif", lambda code, path, *args: full_disk(path))
    path = tmp_path / "game.gif"
    if there_before:
        path.write_bytes(b"an older film")
    assert main(["replay", a_code(), "--gif", str(path)]) == 2
    assert "--gif: cannot write" in capsys.readouterr().err
    assert os.listdir(tmp_path) == (["game.gif"] if there_before else [])
    if there_before:
        assert path.read_bytes() == b"an older film"


def test_a_gif_written_whole_is_renamed_into_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import desert_pyramid.ui.gif as gif

    seen: list[Path] = []

    def whole(code: Any, path: Path, *args: Any) -> int:
        seen.append(path)
        assert path.parent == tmp_path and path.suffix == ".gif" and path.name != "game.gif"
        path.write_bytes(b"GIF89a whole")
        return 5

    monkeypatch.setattr(gif, "render_gif", whole)
    assert main(["replay", a_code(), "--gif", str(tmp_path / "game.gif")]) == 0
    assert (tmp_path / "game.gif").read_bytes() == b"GIF89a whole"
    assert os.listdir(tmp_path) == ["game.gif"] and not seen[0].exists()


@pytest.mark.parametrize("there_before", [False, True])
def test_a_screenshot_that_meets_a_full_disk_leaves_nothing_behind(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    there_before: bool,
) -> None:
    import desert_pyramid.ui.window as app

    def run(options: Any) -> int:
        return full_disk(options.screenshot)

    monkeypatch.setattr(app, "run", run)
    path = tmp_path / "shot.png"
    if there_before:
        path.write_bytes(b"an older picture")
    assert main(["--headless", "--frames", "1", "--screenshot", str(path)]) != 0
    assert "No space left on device" in capsys.readouterr().err
    assert os.listdir(tmp_path) == (["shot.png"] if there_before else [])
    if there_before:
        assert path.read_bytes() == b"an older picture"


def test_a_screenshot_goes_through_a_link_to_its_target(tmp_path: Path) -> None:
    target = tmp_path / "real.png"
    target.write_bytes(b"old")
    link = tmp_path / "link.png"
    link.symlink_to(target)
    with output_file(link) as part:
        assert part.parent == tmp_path and part.suffix == ".png"
        part.write_bytes(b"new")
    assert link.is_symlink() and target.read_bytes() == b"new"
    assert sorted(os.listdir(tmp_path)) == ["link.png", "real.png"]


def test_an_interrupt_while_writing_leaves_nothing(tmp_path: Path) -> None:
    with pytest.raises(KeyboardInterrupt), output_file(tmp_path / "x.gif") as part:
        part.write_bytes(b"half")
        raise KeyboardInterrupt
    assert os.listdir(tmp_path) == []
