"""Where the game's resources are: inside the installed package, or the repository's folder.

The wheel maps the repository's ``resources/`` to ``desert_pyramid/resources`` (see pyproject.toml);
in a source checkout or an editable install the folder is the repository's own ``resources/``.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def resources_root() -> Path:
    """The resources folder."""
    installed = _PACKAGE / "resources"
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / "resources"


def resource_path(*parts: str) -> Path:
    """A file or folder inside the resources, e.g. ``resource_path("layouts")``."""
    return resources_root().joinpath(*parts)
