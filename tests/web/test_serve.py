"""``desert-pyramid web serve``: the built site on 127.0.0.1, its address printed."""

from __future__ import annotations

import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.web  # left out of the plain run: `pytest -m web`


def test_serve_prints_its_address_and_serves_the_site(site: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "desert_pyramid", "web", "serve", str(site)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("Serving the web edition at http://127.0.0.1:"), line
        url = line.split(" at ", 1)[1].split()[0]
        with urllib.request.urlopen(url, timeout=10) as answer:
            assert b"Desert Pyramid" in answer.read()
        with urllib.request.urlopen(url + "pyodide/pyodide.asm.wasm", timeout=10) as answer:
            assert answer.headers["Content-Type"] == "application/wasm"
        with urllib.request.urlopen(url + "worker.js", timeout=10) as answer:
            assert answer.headers["Content-Type"].startswith("text/javascript")
    finally:
        proc.terminate()
        proc.wait(timeout=10)
