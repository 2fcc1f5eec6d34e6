"""Settings for every test process (each pytest-xdist worker imports this once).

- The game's language: English, whatever this machine's locale says (a test that wants the
  system's language passes its own environment).
- Card faces cached in a folder of this test process, not in the player's user cache folder.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

os.environ["LANGUAGE"] = "en"

_cache = tempfile.mkdtemp(prefix="dp-test-cache-")
os.environ["DESERT_PYRAMID_CACHE_DIR"] = _cache
atexit.register(shutil.rmtree, _cache, ignore_errors=True)
