"""What a compiled search was made from: the SHA-256 of the source files it depends on.

The compiled search (setup.py) is ``solver/core.py`` turned into C, with the values of the engine's
``Final`` constants it imports (``KING_RANK``, ``WASTE``...) compiled in. So it is the current
search only while ``core.py`` and the engine's modules are what they were when it was built: this
fingerprint covers them all. setup.py writes it into the copy it compiles, and
``desert_pyramid.solver`` compares it with the files beside it before it uses the compiled module.

It imports nothing of the game: setup.py runs it from its file, before anything is installed.
"""

from __future__ import annotations

import hashlib
from pathlib import Path


def sources(package: Path) -> list[Path]:
    """The files the compiled search depends on, in a fixed order (``package``: the folder of
    ``desert_pyramid``)."""
    return [package / "solver" / "core.py", *sorted((package / "engine").glob("*.py"))]


def fingerprint(package: Path) -> str:
    """The SHA-256 of those files, each with its path (relative to ``package``, with ``/``) and
    size before its bytes. Raises OSError when one cannot be read."""
    digest = hashlib.sha256()
    for path in sources(package):
        data = path.read_bytes()
        digest.update(f"{path.relative_to(package).as_posix()}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()
