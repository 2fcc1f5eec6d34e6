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
