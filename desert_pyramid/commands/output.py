"""Files a command writes (``replay --gif PATH``, the game's ``--screenshot PATH``): written under
a temporary name in the same folder and renamed over ``PATH`` only once whole, so a write that
fails (a full disk, a lost USB stick, an interrupt) leaves nothing behind: no empty or cut file
at ``PATH``, and a file that was there stays as it was.

The temporary name keeps the file's extension (``.NAME.part-PID-N.gif``): the writers pick the
format from it. A symbolic link at ``PATH`` stays a link; its target is replaced
(``storage.atomic.resolve_link``), and the rename is retried on Windows as the saves' is
(``storage.atomic.replace``).
"""

from __future__ import annotations

import contextlib
import itertools
import os
from collections.abc import Iterator
from pathlib import Path

from desert_pyramid.storage.atomic import replace, resolve_link

_COUNTER = itertools.count(1)


def part_name(path: Path) -> Path:
    """The temporary name of ``path`` while it is written: hidden, beside it, same extension."""
    return path.with_name(f".{path.stem}.part-{os.getpid()}-{next(_COUNTER)}{path.suffix}")


@contextlib.contextmanager
def output_file(path: str | os.PathLike[str]) -> Iterator[Path]:
    """A temporary path to write ``path``'s data to. When the block ends without an error, the
    file written there (if any) is renamed over ``path``; on any error (``OSError``, an
    interrupt) it is removed and the error goes on. Either way no temporary file is left."""
    target = resolve_link(Path(path))
    part = part_name(target)
    try:
        yield part
        if os.path.lexists(part):
            replace(part, target)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(part)
