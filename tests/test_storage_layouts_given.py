"""Storage imports no catalogue: the saved game is checked with the layouts its opener gives
(``SaveStore.open(..., layouts=...)``); without them only a game on the classic pyramid is
checked, and one on another layout is kept as read, never set aside for want of its layout."""

from __future__ import annotations

import tomllib
from pathlib import Path

import tomli_w

from desert_pyramid.catalog import Catalogue
from desert_pyramid.engine import RELAXED
from desert_pyramid.modes import PracticeSession
from desert_pyramid.storage import CurrentGame, SaveStore


def saved_on_layout_3(folder: Path) -> None:
    catalogue = Catalogue()
    session = PracticeSession.random(RELAXED, catalogue.get_layout(3), seed=11)
    session.play(session.game.legal_moves()[0])
    store = SaveStore.open(folder, durable=False, layouts=catalogue.get_layout)
    store.save_current(CurrentGame.of(session.saved(), "2026-12-01"))
    store.close()


def test_a_game_on_another_layout_is_kept_without_the_layouts(tmp_path: Path) -> None:
    saved_on_layout_3(tmp_path)
    bare = SaveStore.open(tmp_path, readonly=True)
    assert bare.current is not None and bare.current.layout == 3
    assert not [n for n in bare.take_notices() if n.level != "info"]
    checked = SaveStore.open(tmp_path, readonly=True, layouts=Catalogue().get_layout)
    assert checked.current is not None and checked.current.layout == 3


def test_a_damaged_game_is_found_with_the_layouts_given(tmp_path: Path) -> None:
    saved_on_layout_3(tmp_path)
    path = tmp_path / "current.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data["game"]["moves"] = ["K0"]  # not a move of this deal
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    (tmp_path / "current.toml.bak").unlink(missing_ok=True)
    unchecked = SaveStore.open(tmp_path, readonly=True)  # no layouts: kept as read, unchecked
    assert unchecked.current is not None and unchecked.current.game["moves"] == ["K0"]
    checked = SaveStore.open(tmp_path, readonly=True, layouts=Catalogue().get_layout)
    assert checked.current is None
    said = " ".join(n.message for n in checked.take_notices())
    assert "current.toml" in said
