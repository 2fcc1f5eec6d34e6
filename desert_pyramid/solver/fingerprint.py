"""What a compiled search was made from: the SHA-256 of the source files it depends on.

The compiled search (setup.py) is the search's modules (:data:`SEARCH_MODULES`) turned into C, with
the values of the engine's ``Final`` constants they import (``KING_RANK``, ``WASTE``...) compiled
in. So it is the current search only while those modules and the engine's are what they were when
it was built: this fingerprint covers them all. setup.py writes it into each copy it compiles
(``_COMPILED_FROM``), and ``desert_pyramid.solver`` compares it with the files beside it before it
uses the compiled modules.

It imports nothing of the game: setup.py runs it from its file, before anything is installed.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Final

# The search's modules in desert_pyramid/solver, in the order they import each other: the ones
# the install compiles (together, in one mypyc build) and the fingerprint covers.
SEARCH_MODULES: Final = ("model", "store", "bounds", "layout_moves", "cycle_moves", "search")


def sources(package: Path) -> list[Path]:
    """The files the compiled search depends on, in a fixed order (``package``: the folder of
    ``desert_pyramid``)."""
    return [
        *(package / "solver" / f"{name}.py" for name in SEARCH_MODULES),
        *sorted((package / "engine").glob("*.py")),
    ]


def fingerprint(package: Path) -> str:
    """The SHA-256 of those files, each with its path (relative to ``package``, with ``/``) and
    size before its bytes. Raises OSError when one cannot be read."""
    digest = hashlib.sha256()
    for path in sources(package):
        data = path.read_bytes()
        digest.update(f"{path.relative_to(package).as_posix()}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()
