"""Where the game's resources are: inside the installed package, or the repository's folder."""

from __future__ import annotations

import importlib.resources
from pathlib import Path

_REPO_RESOURCES = Path(__file__).resolve().parent.parent / "resources"


def resources_root() -> Path:
    """The resources folder (``desert_pyramid.resources`` when installed, else ``resources/``)."""
    try:
        root = importlib.resources.files("desert_pyramid.resources")
        path = Path(str(root))
        if path.is_dir():
            return path
    except (ModuleNotFoundError, TypeError):
        pass
    return _REPO_RESOURCES


def resource_path(*parts: str) -> Path:
    """A file or folder inside the resources, e.g. ``resource_path("layouts")``."""
    return resources_root().joinpath(*parts)
