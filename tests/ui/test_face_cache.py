"""A table's card faces read back from the disk cache are the faces the game draws."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.ui


def test_faces_read_back_are_the_faces_drawn(
    app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from desert_pyramid.app.prefs import Settings
    from desert_pyramid.engine import CARDS
    from desert_pyramid.ui.art import cardart
    from desert_pyramid.ui.art.assets import Assets
    from desert_pyramid.ui.art.facecache import CACHE_ENV

    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    settings = Settings(four_colour=True)
    first = Assets()
    drawn = first.cards(60, 82, settings)
    for card in (0, 11, 25, 51):
        drawn.face(card)
    assert first.face_cache.written == 4 and first.face_cache.read == 0

    second = Assets()  # a later run
    again = second.cards(60, 82, settings)
    for card in (0, 11, 25, 51):
        expected = cardart.render_face(CARDS[card], 60, 82, True, False)
        assert again.face(card).image.tobytes() == expected.tobytes()
    assert second.face_cache.read == 4 and second.face_cache.written == 0
    other = second.cards(60, 82, Settings(four_colour=False))  # another deck: its own faces
    other.face(0)
    assert second.face_cache.read == 4 and second.face_cache.written == 1


def test_no_cache_folder_draws_every_face(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from desert_pyramid.app.prefs import Settings
    from desert_pyramid.ui.art.assets import Assets
    from desert_pyramid.ui.art.facecache import CACHE_ENV

    monkeypatch.setenv(CACHE_ENV, "")
    assets = Assets()
    assets.cards(60, 82, Settings()).face(5)
    assert assets.face_cache.folder is None and assets.face_cache.written == 0
