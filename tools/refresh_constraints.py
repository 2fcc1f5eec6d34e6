"""Write ``constraints.txt``: every package CI and the standalone build install, at one version.

    python tools/refresh_constraints.py            # a fresh venv, the four extras, pip freeze
    python tools/refresh_constraints.py --check    # exit 1 if constraints.txt is not what it writes

It makes a fresh virtual environment in a temporary folder, installs the game with every extra
pyproject.toml defines (``.[test,dev,build,cluster]`` and any added since; the solver left
uncompiled: only the versions matter), and writes what ``pip freeze --all`` lists there, without the game and pip, to
``constraints.txt``. .ci/run and the README's standalone build install with
``PIP_CONSTRAINT=constraints.txt`` (which also holds the build's own setuptools and mypy),
and tools/build_standalone.py says which installed versions differ from it. Refresh it to take
newer versions on purpose (then run the tests and commit it); it takes a few minutes (the
download of PyInstaller, Dask, mypy...). The versions are those this Python and system resolve
(Linux, CPython 3.11 here); packages for other systems only (accessible-output2) stay unpinned.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONSTRAINTS = ROOT / "constraints.txt"
EXTRAS = ",".join(
    sorted(
        tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
            "optional-dependencies"
        ]
    )
)
HEADER = (
    "# The versions CI (.ci/run) and the standalone build install: PIP_CONSTRAINT=constraints.txt\n"
    "# Written by python tools/refresh_constraints.py (a fresh venv of .[{extras}], pip freeze);\n"
    "# do not edit by hand.\n"
)


def frozen(python: str = sys.executable) -> str:
    """The constraints text from a fresh venv made with ``python``'s venv module."""
    with tempfile.TemporaryDirectory(prefix="dp-constraints-") as tmp:
        env_dir = Path(tmp) / "venv"
        subprocess.run([python, "-m", "venv", str(env_dir)], check=True)
        bin_dir = env_dir / ("Scripts" if sys.platform == "win32" else "bin")
        pip = [str(bin_dir / "python"), "-m", "pip"]
        env = {**os.environ, "DESERT_PYRAMID_PURE_BUILD": "1"}
        env.pop("PIP_CONSTRAINT", None)  # the newest versions, not the old file's
        subprocess.run([*pip, "install", "-q", "-U", "pip"], check=True, env=env)
        subprocess.run([*pip, "install", "-q", f"{ROOT}[{EXTRAS}]"], check=True, env=env)
        out = subprocess.run(
            [*pip, "freeze", "--all", "--exclude-editable"],
            check=True,
            capture_output=True,
            text=True,
            env=env,
        ).stdout
    return render(out.splitlines())


def render(lines: list[str]) -> str:
    """The file's text from ``pip freeze`` lines: sorted, without the game itself and pip."""
    keep = []
    for line in lines:
        name = line.split("==")[0].strip().lower().replace("_", "-")
        if not line.strip() or "==" not in line or name in ("desert-pyramid", "pip"):
            continue
        keep.append(line.strip())
    return HEADER.format(extras=EXTRAS) + "\n".join(sorted(keep, key=str.lower)) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="exit 1 if constraints.txt differs from a fresh one"
    )
    args = parser.parse_args(argv)
    text = frozen()
    if args.check:
        same = CONSTRAINTS.is_file() and CONSTRAINTS.read_text(encoding="utf-8") == text
        print("constraints.txt is current" if same else "constraints.txt differs: refresh it")
        return 0 if same else 1
    CONSTRAINTS.write_text(text, encoding="utf-8")
    print(f"wrote {CONSTRAINTS.name}: {text.count(chr(10)) - 3} packages")
    return 0


if __name__ == "__main__":
    sys.exit(main())
