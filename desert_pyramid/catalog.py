"""The layout catalogue: the game's own layouts (the files in ``resources/layouts``, numbered 1
to 99) and the player's own (the layout files in the save folder's ``layouts``, numbered 101 to
999; see :mod:`desert_pyramid.storage.layouts`). The engine validates both.

A :class:`Catalogue` finds either kind, so a deal code, a game code, a saved game or a statistic
of a player's layout works as one of the game's own. It holds the store of the player's layouts
of one save folder, chosen once by whoever makes it: the application layer makes the game's
(``--save-dir``) and passes it down; nothing here is kept between calls but the game's own files,
read once. The module's :func:`get_layout` is the command line's catalogue: the game's layouts,
and the player's from ``$DESERT_PYRAMID_SAVE_DIR`` or the user data folder, read-only, looked
for only when a player's number (101 and up) is asked.
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
from desert_pyramid.i18n import pgettext
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
    """Layout ``number``: one of the game's own, or one of the player's (101 and up) in the save
    folder of ``$DESERT_PYRAMID_SAVE_DIR`` or the user data folder (the command line's
    catalogue; the game's window uses the :class:`Catalogue` its application layer made). An
    unknown number raises :class:`LayoutError` saying so; a player's layout the player does not
    have says how to get it."""
    if isinstance(number, int) and is_player_number(number):
        return Catalogue.open().get_layout(number)
    return builtin_layout(number)


def layout_in(store: PlayerLayouts, number: int) -> Layout:
    """:func:`get_layout`, the player's layouts read from ``store``."""
    return Catalogue(store).get_layout(number)


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


# -- in the player's language ------------------------------------------------------------------------
#: The catalogues' contexts of the game's layouts' names and descriptions (tools/i18n.py extracts
#: them from resources/layouts/*.toml).
LAYOUT_NAME_CONTEXT = "layout name"
LAYOUT_DESCRIPTION_CONTEXT = "layout description"


def layout_title(layout: Layout) -> str:
    """A layout's name as the player reads it: one of the game's own in the player's language, a
    player's own (101 and up) as its maker named it. Call it where the name is shown, not before
    (the Language row applies at once)."""
    if is_player_number(layout.number) or not layout.name:
        return layout.name
    return pgettext(LAYOUT_NAME_CONTEXT, layout.name)


def layout_description(layout: Layout) -> str:
    """A layout's description in the player's language (a player's own stays as written)."""
    if is_player_number(layout.number) or not layout.description:
        return layout.description
    return pgettext(LAYOUT_DESCRIPTION_CONTEXT, layout.description)


# -- the game's and the player's --------------------------------------------------------------------


class Catalogue:
    """The layouts a game plays: the game's own and those of one store of the player's
    (``player``; ``None``: the game's own only)."""

    def __init__(self, player: PlayerLayouts | None = None) -> None:
        self.player = player

    @classmethod
    def open(
        cls, save_dir: str | os.PathLike[str] | None = None, *, readonly: bool = True
    ) -> Catalogue:
        """The catalogue of a save folder (``save_dir`` > ``$DESERT_PYRAMID_SAVE_DIR`` > the
        user data folder), its folder resolved once, here. ``readonly=False`` lets damaged
        layout files be set aside (the game's own save folder)."""
        from desert_pyramid.storage.layouts import LAYOUTS_DIR, PlayerLayouts
        from desert_pyramid.storage.paths import resolve_save_dir

        folder = resolve_save_dir(save_dir).path / LAYOUTS_DIR
        return cls(PlayerLayouts(folder, readonly=readonly))

    @property
    def store(self) -> PlayerLayouts:
        """The store of the player's layouts (to add, rename and delete them). Raises
        :class:`LayoutError` for a catalogue of the game's layouts alone."""
        if self.player is None:
            raise LayoutError("this catalogue has the game's own layouts only")
        return self.player

    def get_layout(self, number: int) -> Layout:
        """Layout ``number``: one of the game's own, or one of the player's (101 and up). An
        unknown number raises :class:`LayoutError` saying so; a player's layout the player does
        not have says how to get it."""
        if isinstance(number, int) and is_player_number(number):
            layout = self.player.get(number) if self.player is not None else None
            if layout is None:
                raise LayoutError(
                    f"layout {number} is one of a player's own layouts, and it is not among yours: "
                    "ask its maker for its layout code (DL-…) and import it "
                    "(desert-pyramid layouts --import CODE)"
                )
            return layout
        return builtin_layout(number)

    def own_layouts(self) -> dict[int, Layout]:
        """The player's own layouts, by number (empty when they have none). Never raises: a file
        that cannot be used is left out, with a notice (``player.take_notices()``)."""
        return self.player.layouts() if self.player is not None else {}

    def every_layout(self) -> dict[int, Layout]:
        """The game's layouts, then the player's, by number."""
        return {**all_layouts(), **self.own_layouts()}

    def layout_name(self, number: int) -> str:
        """The name of layout ``number`` for a screen or a table of statistics; never raises (a
        deleted player's layout is "Layout 104 (deleted)")."""
        try:
            return self.get_layout(number).name
        except LayoutError:
            return f"Layout {number} ({'deleted' if is_player_number(number) else 'unknown'})"


def layout_name(number: int) -> str:
    """:meth:`Catalogue.layout_name` in the command line's catalogue (see :func:`get_layout`)."""
    catalogue = Catalogue.open() if is_player_number(number) else Catalogue()
    return catalogue.layout_name(number)
