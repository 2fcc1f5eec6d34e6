"""Shared helpers for the tests of the player's own layouts: a save folder of their own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from desert_pyramid.storage.layouts import LAYOUTS_DIR, PlayerLayouts
from desert_pyramid.storage.paths import ENV_VAR


@pytest.fixture
def save_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty save folder, named by ``$DESERT_PYRAMID_SAVE_DIR``; the command line's catalogue
    (``catalog.get_layout``) reads the player's layouts from it."""
    folder = tmp_path / "saves"
    monkeypatch.setenv(ENV_VAR, str(folder))
    yield folder


def store_in(save_dir: Path, **kw: object) -> PlayerLayouts:
    return PlayerLayouts(save_dir / LAYOUTS_DIR, durable=False, **kw)  # type: ignore[arg-type]
