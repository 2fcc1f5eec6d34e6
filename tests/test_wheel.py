"""The wheel ships every resource: build it, install it in a fresh venv, load resources from it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from desert_pyramid.solver.fingerprint import SEARCH_MODULES

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_wheel_installs_and_finds_resources(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    # build from a copy of the sources: setuptools reuses a ``build/`` folder left in the tree, which
    # may still hold modules that have since moved out of the package
    src = tmp_path / "src"
    # (setup.py compiles the search where it can; the compiled files an editable install left
    # beside the sources are not copied: the build makes its own)
    for name in ("pyproject.toml", "setup.py", "README.md", "desert_pyramid", "resources"):
        if (ROOT / name).is_dir():
            shutil.copytree(
                ROOT / name,
                src / name,
                ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"),
            )
        else:
            src.mkdir(exist_ok=True)
            shutil.copy2(ROOT / name, src / name)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(dist),
            str(src),
        ],
        check=True,
        capture_output=True,
        cwd=tmp_path,
    )
    wheels = list(dist.glob("desert_pyramid-*.whl"))
    assert len(wheels) == 1
    names = zipfile.ZipFile(wheels[0]).namelist()
    repo_resources = sorted(
        p.relative_to(ROOT / "resources").as_posix()
        for p in (ROOT / "resources").rglob("*")
        if p.is_file()
    )
    shipped = sorted(
        n[len("desert_pyramid/resources/") :]
        for n in names
        if n.startswith("desert_pyramid/resources/")
    )
    assert repo_resources and set(repo_resources) <= set(shipped), set(repo_resources) - set(
        shipped
    )
    modules = sorted(
        p.relative_to(ROOT).as_posix() for p in (ROOT / "desert_pyramid").rglob("*.py")
    )
    missing = set(modules) - set(names)
    assert not missing, (
        f"modules missing from the wheel (add their package to pyproject.toml): {missing}"
    )
    # the maintainer's generators (art, layouts, sounds) stay in tools/, out of what players install
    assert not [
        n for n in names if n.rsplit("/", 1)[-1] in ("artgen.py", "layoutgen.py", "soundgen.py")
    ]

    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    py = env_dir / "bin" / "python"
    subprocess.run(
        [str(py), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheels[0])],
        check=True,
        capture_output=True,
    )
    probe = (
        "import desert_pyramid, pathlib\n"
        "from desert_pyramid.resources_path import resource_path\n"
        "from desert_pyramid.catalog import all_layouts\n"
        "assert 'site-packages' in desert_pyramid.__file__, desert_pyramid.__file__\n"
        "root = resource_path()\n"
        "assert 'site-packages' in str(root), root\n"
        "assert resource_path('fonts', 'Liberation_Sans_Regular.ttf').is_file()\n"
        "assert resource_path('fonts', 'League_Spartan_Bold.otf').is_file()\n"
        "layouts = all_layouts()\n"
        "from desert_pyramid.solver import core\n"
        "print(len(layouts), layouts[1].name, root, 'compiled' if core.NATIVE else 'source')\n"
    )
    out = subprocess.run(
        [str(py), "-c", probe], check=True, capture_output=True, text=True, cwd=tmp_path
    )
    count, _, rest = out.stdout.partition(" ")
    assert int(count) == len(list((ROOT / "resources" / "layouts").glob("[0-9][0-9][0-9]_*.toml")))
    assert "Classic Pyramid" in rest
    compiled = [n for n in names if n.startswith("desert_pyramid/solver/") and ".py" not in n]
    if os.environ.get("CI") and sys.platform == "linux":  # a C compiler is at hand there
        # the search's modules and their shared library (setup.py)
        assert len(compiled) == len(SEARCH_MODULES) + 1, compiled
        assert rest.rstrip().endswith(" compiled"), (compiled, rest)
    # either way the sources ship: the search runs from them where nothing was compiled
    for name in SEARCH_MODULES:
        assert f"desert_pyramid/solver/{name}.py" in names
