"""The layouts as the ui names them: the catalogue (the game's and the player's, made by the
application) and the store of the player's own layouts. A layout's name and description are shown
through :func:`layout_title` and :func:`layout_description` (the game's own in the player's
language, a player's own as named). The ui imports storage only through
here (an import-linter contract)."""

from __future__ import annotations

from desert_pyramid.catalog import (
    Catalogue,
    all_layouts,
    builtin_layout,
    layout_description,
    layout_title,
)
from desert_pyramid.storage.layouts import PlayerLayoutError, PlayerLayouts, check_name

__all__ = [
    "Catalogue",
    "PlayerLayoutError",
    "PlayerLayouts",
    "all_layouts",
    "builtin_layout",
    "check_name",
    "layout_description",
    "layout_title",
]
