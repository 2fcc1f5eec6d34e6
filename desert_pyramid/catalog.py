"""The layout catalogue: the game's own layouts (the files in ``resources/layouts``, numbered 1
to 99) and the player's own (the layout files in the save folder's ``layouts``, numbered 101 to
999; see :mod:`desert_pyramid.storage.layouts`). The engine validates both.

:func:`get_layout` finds either kind, so a deal code, a game code, a saved game or a statistic of
a player's layout works as one of the game's own. The player's layouts are read from the save
folder the game uses: :func:`use_save_folder` points the catalogue at it (``--save-dir``);
without it, ``$DESERT_PYRAMID_SAVE_DIR``, then the user data folder, read-only.
"""

from __future__ import annotations

import os
import tomllib
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from desert_pyramid.engine.errors import LayoutError
from desert_pyramid.engine.layout import (
    BUILTIN_LAST,
    Layout,
    is_player_number,
)
from desert_pyramid.resources_path import resource_path

if TYPE_CHECKING:  # the save folder's modules are imported when the player's layouts are asked for
    from desert_pyramid.storage.layouts import PlayerLayouts


def load_layout_file(path: Path) -> Layout:
    """Read and validate one layout file. Errors name the file (and the slot)."""
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except OSError as exc:
        raise LayoutError(f"{path.name}: cannot be read ({exc.strerror or exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise LayoutError(f"{path.name}: not valid TOML ({exc})") from None
    return Layout.from_dict(data, source=path.name)


def load_layouts(folder: Path | None = None) -> dict[int, Layout]:
    """Every layout in the folder, by number. Raises :class:`LayoutError` on any bad file."""
    folder = folder or resource_path("layouts")
    layouts: dict[int, Layout] = {}
    files = sorted(folder.glob("[0-9][0-9][0-9]_*.toml"))  # difficulty.toml lives beside them
    if not files:
        raise LayoutError(f"no layout files in {folder}")
    for path in files:
        layout = load_layout_file(path)
        if layout.number in layouts:
            raise LayoutError(f"{path.name}: layout number {layout.number} is used twice")
        layouts[layout.number] = layout
    return layouts


@lru_cache(maxsize=1)
def all_layouts() -> dict[int, Layout]:
    """The shipped layouts, read once."""
    return load_layouts()


def get_layout(number: int) -> Layout:
    """Layout ``number``: one of the game's own, or one of the player's (101 and up). An unknown
    number raises :class:`LayoutError` saying so; a player's layout the player does not have
    says how to get it."""
    return layout_in(player_layouts(), number)


def layout_in(store: PlayerLayouts, number: int) -> Layout:
    """:func:`get_layout`, the player's layouts read from ``store``."""
    if isinstance(number, int) and is_player_number(number):
        layout = store.get(number)
        if layout is None:
            raise LayoutError(
                f"layout {number} is one of a player's own layouts, and it is not among yours: "
                "ask its maker for its layout code (DL-…) and import it "
                "(desert-pyramid layouts --import CODE)"
            )
        return layout
    return builtin_layout(number)


@cache
def builtin_layout(number: int) -> Layout:
    """The game's own layout ``number``, reading only its own file ``NNN_*.toml`` (the catalogue
    is read whole only when that file is missing or names another number, to give a complete
    error)."""
    files = (
        sorted(resource_path("layouts").glob(f"{number:03d}_*.toml"))
        if 1 <= number <= BUILTIN_LAST
        else []
    )
    if len(files) == 1:
        layout = load_layout_file(files[0])
        if layout.number == number:
            return layout
    layouts = all_layouts()
    if number not in layouts:
        raise LayoutError(f"there is no layout {number}: layouts are numbered 1 to {max(layouts)}")
    return layouts[number]


# -- the player's own layouts ---------------------------------------------------------------------

_chosen: tuple[str | None, bool] = (None, True)  # (save folder given, read-only)
_player: PlayerLayouts | None = None


def use_save_folder(
    save_dir: str | os.PathLike[str] | None = None, *, readonly: bool = False
) -> PlayerLayouts:
    """Read the player's layouts from this save folder from now on (``save_dir`` >
    ``$DESERT_PYRAMID_SAVE_DIR`` > the user data folder). The game calls it with its
    ``--save-dir`` when it opens the saves; ``readonly=False`` lets damaged layout files be set
    aside. Returns the store (to add, rename and delete layouts, and for its notices)."""
    global _chosen
    _chosen = (None if save_dir is None else os.fspath(save_dir), readonly)
    return player_layouts()


def player_layouts() -> PlayerLayouts:
    """The store of the player's layouts in the chosen save folder (made when first asked, and
    again when the folder changes, say ``$DESERT_PYRAMID_SAVE_DIR``)."""
    from desert_pyramid.storage.layouts import LAYOUTS_DIR, PlayerLayouts
    from desert_pyramid.storage.paths import resolve_save_dir

    global _player
    save_dir, readonly = _chosen
    folder = resolve_save_dir(save_dir).path / LAYOUTS_DIR
    if _player is None or _player.folder != folder or _player.readonly != readonly:
        _player = PlayerLayouts(folder, readonly=readonly)
    return _player


def own_layouts() -> dict[int, Layout]:
    """The player's own layouts, by number (empty when they have none). Never raises: a file
    that cannot be used is left out, with a notice (``player_layouts().take_notices()``)."""
    return player_layouts().layouts()


def every_layout() -> dict[int, Layout]:
    """The game's layouts, then the player's, by number."""
    return {**all_layouts(), **own_layouts()}


def layout_name(number: int) -> str:
    """The name of layout ``number`` for a screen or a table of statistics; never raises (a
    deleted player's layout is "Layout 104 (deleted)")."""
    try:
        return get_layout(number).name
    except LayoutError:
        return f"Layout {number} ({'deleted' if is_player_number(number) else 'unknown'})"
