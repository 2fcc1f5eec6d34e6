"""Settings for every test process (each pytest-xdist worker imports this once).

- The game's language: English, whatever this machine's locale says (a test that wants the
  system's language passes its own environment).
- Card faces cached in a folder of this test process, not in the player's user cache folder.
- Compiled bytecode kept in ``.pytest_cache/pycache`` (never beside the sources) even where the
  environment says not to write it (PYTHONDONTWRITEBYTECODE): otherwise every test process (each
  pytest-xdist worker, each game started as a subprocess) compiles the whole package and rewrites
  the asserts of every test module again, about 8 s of each worker's 11 s of collection.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ["LANGUAGE"] = "en"

_pycache: str | None = None
if sys.dont_write_bytecode:
    _pycache = str(Path(__file__).resolve().parent.parent / ".pytest_cache" / "pycache")
    sys.pycache_prefix = _pycache  # this process: the modules it imports from now on
    sys.dont_write_bytecode = False
    os.environ["PYTHONPYCACHEPREFIX"] = _pycache  # and the processes it starts
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


_cache = tempfile.mkdtemp(prefix="dp-test-cache-")
os.environ["DESERT_PYRAMID_CACHE_DIR"] = _cache
atexit.register(shutil.rmtree, _cache, ignore_errors=True)


def pytest_sessionfinish(session: object) -> None:
    """The bytecode of what lay in the temporary folder (a test's own files, the wheel test's
    venv) is never read again: dropped at the end of the run, so the folder does not grow."""
    if _pycache is None or hasattr(getattr(session, "config", None), "workerinput"):
        return  # nothing kept, or a pytest-xdist worker (the main process ends the run)
    tmp = Path(tempfile.gettempdir())
    for folder in {tmp, tmp.resolve()}:  # as a path names it (drive and root dropped)
        shutil.rmtree(Path(_pycache, *folder.parts[1:]), ignore_errors=True)
