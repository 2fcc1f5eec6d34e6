"""The layout catalogue: reads the layout files in ``resources/layouts`` (the engine validates them)."""

from __future__ import annotations

import tomllib
from functools import cache, lru_cache
from pathlib import Path

from desert_pyramid.engine.errors import LayoutError
from desert_pyramid.engine.layout import Layout
from desert_pyramid.resources_path import resource_path


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


@cache
def get_layout(number: int) -> Layout:
    """Layout ``number``, reading only its own file ``NNN_*.toml`` (the catalogue is read whole
    only when that file is missing or names another number, to give a complete error)."""
    files = (
        sorted(resource_path("layouts").glob(f"{number:03d}_*.toml")) if 1 <= number <= 999 else []
    )
    if len(files) == 1:
        layout = load_layout_file(files[0])
        if layout.number == number:
            return layout
    layouts = all_layouts()
    if number not in layouts:
        raise LayoutError(f"there is no layout {number}: layouts are numbered 1 to {max(layouts)}")
    return layouts[number]
