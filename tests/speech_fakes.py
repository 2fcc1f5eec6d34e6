"""Stand-in speech programs for the tests: an ``espeak-ng`` or ``spd-say`` on the PATH that writes
the command line it was given to a file (one JSON list a line) and then exits, fails, or hangs as a
speech-dispatcher with no sound device does (it takes a message and never says it: ``--wait``
never returns). A real spd-say would start a speech-dispatcher server that outlives the test."""

from __future__ import annotations

import json
import sys
from pathlib import Path

SCRIPT = """#!{python}
import json, sys, time
args = sys.argv[1:]
with open({log!r}, "a", encoding="utf-8") as f:
    f.write(json.dumps([{name!r}, *args]) + "\\n")
if {hang!r} and "--wait" in args:
    time.sleep(30)
sys.exit({code!r})
"""


def fake_program(
    folder: Path, name: str, log: Path, *, code: int = 0, hang_on_wait: bool = False
) -> Path:
    """Write the stand-in ``name`` into ``folder`` (put that folder first on the PATH)."""
    folder.mkdir(parents=True, exist_ok=True)
    exe = folder / name
    exe.write_text(
        SCRIPT.format(python=sys.executable, log=str(log), name=name, hang=hang_on_wait, code=code),
        encoding="utf-8",
    )
    exe.chmod(0o755)
    return exe


def calls(log: Path) -> list[list[str]]:
    """Every command line the stand-ins were given, in order."""
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line]
