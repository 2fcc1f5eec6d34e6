"""The layout audit's maintainer tool (``tools/audit_all.py``) run as a test runs it: a process
of its own, headless, the checkout's code first on the path."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def audit_all(*args: str) -> subprocess.CompletedProcess[str]:
    """``tools/audit_all.py ARGS`` (``--sizes``, ``--langs``, ``--screens``…); its output."""
    return subprocess.run(
        [sys.executable, str(ROOT / "tools" / "audit_all.py"), *args],
        env=dict(os.environ, ARCADE_HEADLESS="1", PYTHONPATH=str(ROOT)),
        capture_output=True,
        text=True,
        timeout=300,
    )
