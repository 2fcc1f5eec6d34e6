"""Card faces kept on disk between runs: a table's 52 faces are read back instead of drawn again.

Drawing the 52 faces at a table's card size costs a good part of a table's start (and of every
resize); reading them back as PNG files costs a fraction of that. The files live in the user cache
folder (platformdirs), or in ``$DESERT_PYRAMID_CACHE_DIR`` (empty: no cache at all), in a folder
named after everything a face is drawn from: the game's version, the source of the UI and the
engine's card names (where the sources ship), and the fonts. A change to any of them gives another
folder, so a face is never read back from older art.

The cache can only make a face come sooner, never make it wrong or stop the game: a file that is
not a regular file (a FIFO, a link), not a PNG, of another size or mode, truncated or unreadable
is drawn again and written over; a folder that cannot be written is given up for the run. Files
are written whole (a temporary file renamed), so another running game never reads half a face.
Only the newest few folders are kept (:func:`prune`).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
import tempfile
from functools import lru_cache
from pathlib import Path

from PIL import Image

from desert_pyramid import __version__
from desert_pyramid.resources_path import resource_path

APP_NAME = "desert-pyramid"
CACHE_ENV = "DESERT_PYRAMID_CACHE_DIR"
FILE_MAX = 4 * 1024 * 1024  # a face PNG is a few KB; a file far larger is not one of ours
KEEP_FOLDERS = 4  # faces-<key> folders kept (other versions, other checkouts); older ones go


@lru_cache(maxsize=1)
def art_key() -> str:
    """A short hash of what card faces are drawn from (computed once a run)."""
    digest = hashlib.sha256(__version__.encode())
    package = Path(__file__).resolve().parents[2]  # desert_pyramid/
    sources = sorted((package / "ui").rglob("*.py")) + [package / "engine" / "cards.py"]
    for path in sources:
        try:
            digest.update(str(path.relative_to(package)).encode())
            digest.update(path.read_bytes())
        except (OSError, ValueError):  # a frozen build ships no sources: its version says it
            continue
    fonts = resource_path("fonts")
    with contextlib.suppress(OSError):
        for path in sorted(fonts.iterdir()):
            info = path.stat()
            digest.update(f"{path.name}:{info.st_size}:{info.st_mtime_ns}".encode())
    return digest.hexdigest()[:16]


def default_folder() -> Path | None:
    """``$DESERT_PYRAMID_CACHE_DIR`` (empty: ``None``, no cache), else the user cache folder."""
    given = os.environ.get(CACHE_ENV)
    if given is not None:
        return Path(given) if given.strip() else None
    try:
        import platformdirs

        return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))
    except Exception:  # no home folder to put it in: play without a cache
        return None


class FaceCache:
    """PNG files of drawn card faces in ``folder / faces-<art key>``; ``folder=None``: none."""

    def __init__(self, folder: Path | None) -> None:
        self.base = folder
        self._folder: Path | None = None
        self.broken = folder is None  # nothing is written once a write has failed
        self.read = 0  # faces read back, and written (for tests and benchmarks)
        self.written = 0

    @classmethod
    def default(cls) -> FaceCache:
        return cls(default_folder())

    @property
    def folder(self) -> Path | None:
        if self.base is None:
            return None
        if self._folder is None:
            self._folder = self.base / f"faces-{art_key()}"
        return self._folder

    @staticmethod
    def name(card: int, w: int, h: int, four_colour: bool, large_index: bool) -> str:
        return f"{card}-{w}x{h}-{'four' if four_colour else 'two'}-{'large' if large_index else 'small'}.png"

    def load(self, name: str, size: tuple[int, int]) -> Image.Image | None:
        """The face kept under ``name`` if it is a sound RGBA PNG of ``size``, else ``None``."""
        folder = self.folder
        if folder is None:
            return None
        path = folder / name
        try:
            info = path.lstat()
            if not stat.S_ISREG(info.st_mode) or info.st_size > FILE_MAX:
                return None
            with Image.open(path) as img:
                if img.format != "PNG" or img.size != size or img.mode != "RGBA":
                    return None
                img.load()
                face: Image.Image = img.copy()
        except Exception:  # missing, truncated, not an image...: drawn again
            return None
        self.read += 1
        return face

    def save(self, name: str, image: Image.Image) -> None:
        """Keep a drawn face (quietly nothing if the folder cannot be written)."""
        folder = self.folder
        if folder is None or self.broken:
            return
        tmp: str | None = None
        try:
            if not folder.is_dir():
                folder.mkdir(parents=True, exist_ok=True)
                prune(folder.parent, keep=folder)
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=".face-", suffix=".tmp")
            with os.fdopen(fd, "wb") as fh:
                image.save(fh, "PNG", compress_level=1)
            os.replace(tmp, folder / name)
            tmp = None
            self.written += 1
        except (OSError, ValueError):
            self.broken = True  # read-only, full, a file where the folder should be...
        finally:
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)


def prune(base: Path, keep: Path) -> None:
    """Remove all but the newest :data:`KEEP_FOLDERS` ``faces-*`` folders of ``base`` (every
    new version, and during development every change to the UI's source, makes a new one); only
    folders of ours and the PNG files in them are removed, and a failure is left as it is."""
    try:
        folders = [p for p in base.iterdir() if p.name.startswith("faces-") and p != keep]
        folders = [p for p in folders if p.is_dir() and not p.is_symlink()]
        folders.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return
    for old in folders[KEEP_FOLDERS - 1 :]:
        with contextlib.suppress(OSError):
            for path in old.iterdir():
                if path.suffix in (".png", ".tmp") and path.is_file() and not path.is_symlink():
                    path.unlink()
            old.rmdir()  # fails, and stays, if anything else was in it
