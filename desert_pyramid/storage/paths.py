"""Where the save files live.

The folder is, in order of precedence: an explicit folder (``--save-dir``), the environment
variable ``DESERT_PYRAMID_SAVE_DIR``, then platformdirs' user data folder for the game.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

ENV_VAR = "DESERT_PYRAMID_SAVE_DIR"
APP_NAME = "desert-pyramid"

SAVE_FILE = "save.toml"
PROFILE_FILE = "profile.toml"
CURRENT_FILE = "current.toml"


@dataclass(frozen=True, slots=True)
class SaveFolder:
    path: Path
    source: str  # "--save-dir", "DESERT_PYRAMID_SAVE_DIR" or "default"

    @property
    def save(self) -> Path:
        return self.path / SAVE_FILE

    @property
    def profile(self) -> Path:
        return self.path / PROFILE_FILE

    @property
    def current(self) -> Path:
        return self.path / CURRENT_FILE


def default_save_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def resolve_save_dir(
    explicit: str | os.PathLike[str] | None = None, env: Mapping[str, str] | None = None
) -> SaveFolder:
    """The save folder: ``explicit`` > ``$DESERT_PYRAMID_SAVE_DIR`` > the user data folder."""
    if explicit is not None and str(explicit) != "":
        return SaveFolder(Path(explicit).expanduser(), "--save-dir")
    environ = os.environ if env is None else env
    from_env = environ.get(ENV_VAR, "")
    if from_env:
        return SaveFolder(Path(from_env).expanduser(), ENV_VAR)
    return SaveFolder(default_save_dir(), "default")


def _access(path: Path, mode: int) -> bool:
    """``os.access`` (a seam for tests: the tests may run as a user every folder lets write)."""
    return os.access(path, mode)


def folder_problem(path: Path) -> str | None:
    """Why progress cannot be kept in the save folder ``path`` (a file in its place, a folder
    that cannot be read or written, one that cannot be created), in words; ``None`` when it can
    (a folder not there yet whose parent can be written is a first start). Only looks: nothing
    is created or written."""
    from desert_pyramid.i18n import _

    try:
        info = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        parent = path.parent
        while True:  # the nearest folder (or file) that is there
            try:
                os.stat(parent)
                break
            except (FileNotFoundError, NotADirectoryError):
                if parent.parent == parent:
                    return None
                parent = parent.parent
            except OSError:
                break
        if not parent.is_dir():
            return _("{path} cannot be made: {parent} is a file, not a folder").format(
                path=path, parent=parent
            )
        if not _access(parent, os.W_OK | os.X_OK):
            return _("{path} cannot be made: {parent} cannot be written").format(
                path=path, parent=parent
            )
        return None
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        return _("{path} cannot be read ({reason})").format(path=path, reason=reason)
    import stat

    if not stat.S_ISDIR(info.st_mode):
        return _("{path} is a file, not a folder").format(path=path)
    if not _access(path, os.R_OK | os.X_OK):
        return _("{path} cannot be read (no permission)").format(path=path)
    if not _access(path, os.W_OK):
        return _("{path} cannot be written (it is read-only)").format(path=path)
    return None
