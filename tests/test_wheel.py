"""The wheel ships every resource: build it, install it in a fresh venv, load resources from it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

from desert_pyramid.solver.fingerprint import SEARCH_MODULES

ROOT = Path(__file__).resolve().parent.parent
#: The licence files beside the bundled fonts, pictures and sounds (inside the resources folder).
LICENCE_FILES = {
    "LICENSES.md",
    "fonts/LICENSES.md",
    "fonts/OFL-Liberation.txt",
    "fonts/OFL-League-Spartan.txt",
    "images/LICENSES.md",
    "sounds/LICENSES.md",
}


def translators_file(path: Path) -> bool:
    """The translators' sources: the template, each language's .po and glossary (not shipped)."""
    return path.suffix in (".po", ".pot") or (path.name == "glossary.md" and "locale" in path.parts)


@pytest.mark.slow
def test_wheel_installs_and_finds_resources(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    # build from a copy of the sources: setuptools reuses a ``build/`` folder left in the tree, which
    # may still hold modules that have since moved out of the package
    src = tmp_path / "src"
    # (setup.py compiles the search where it can; the compiled files an editable install left
    # beside the sources are not copied: the build makes its own)
    for name in (
        "pyproject.toml",
        "setup.py",
        "MANIFEST.in",
        "LICENSE",
        "docs/pypi.md",
        "desert_pyramid",
        "resources",
    ):
        if (ROOT / name).is_dir():
            shutil.copytree(
                ROOT / name,
                src / name,
                ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"),
            )
        else:
            (src / name).parent.mkdir(parents=True, exist_ok=True)
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
        if p.is_file() and not translators_file(p)
    )
    shipped = sorted(
        n[len("desert_pyramid/resources/") :]
        for n in names
        if n.startswith("desert_pyramid/resources/")
    )
    assert repo_resources and set(repo_resources) <= set(shipped), set(repo_resources) - set(
        shipped
    )
    # the translators' sources stay out: the game reads the compiled catalogues
    assert not [n for n in shipped if translators_file(Path(n))], shipped
    assert LICENCE_FILES <= set(shipped), LICENCE_FILES - set(shipped)
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names), names
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
        # the compiled catalogues alone (the wheel has no .po) give the game its languages
        "from desert_pyramid.i18n import _, use_language\n"
        "assert use_language('de') is None and _('Settings') == 'Einstellungen', _('Settings')\n"
        "assert use_language('ru') is None and _('Settings') == 'Настройки'\n"
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


@pytest.mark.slow
def test_sdist_and_wheel_carry_the_licences_and_pass_twine(tmp_path: Path) -> None:
    """What an index receives: ``python -m build`` makes the sdist and, from it, the wheel (so
    MANIFEST.in and the package data both count); each carries every licence file, and
    ``twine check`` accepts their metadata and long description. (The build and twine are the
    build extra's; .ci/run installs it.)"""
    out = tmp_path / "out"
    src = tmp_path / "src"
    files = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8")
    for name in filter(None, files.split("\0")):
        if (ROOT / name).is_file():
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, src / name)
    env = {**os.environ, "DESERT_PYRAMID_PURE_BUILD": "1"}  # the compile is test_wheel's above
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "build",
            "--no-isolation",
            "--skip-dependency-check",
            "-o",
            str(out),
        ],
        cwd=src,
        env=env,
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    log = build.stdout + build.stderr
    assert "Deprecat" not in log and "is absent from the `packages`" not in log, log[-3000:]
    (wheel,) = out.glob("desert_pyramid-*.whl")
    (sdist,) = out.glob("desert_pyramid-*.tar.gz")
    in_wheel = set(zipfile.ZipFile(wheel).namelist())
    for name in LICENCE_FILES:
        assert f"desert_pyramid/resources/{name}" in in_wheel, name
    # built from the sdist too, the wheel has the compiled catalogues and not their sources
    assert "desert_pyramid/resources/locale/de/LC_MESSAGES/desert_pyramid.mo" in in_wheel
    assert not [n for n in in_wheel if translators_file(Path(n))]
    info = wheel.name.split("-py3")[0] + ".dist-info"
    assert f"{info}/licenses/LICENSE" in in_wheel
    assert f"{info}/licenses/resources/fonts/OFL-Liberation.txt" in in_wheel
    metadata = zipfile.ZipFile(wheel).read(f"{info}/METADATA").decode("utf-8")
    assert "License-Expression: MIT AND OFL-1.1" in metadata
    assert "License-File: LICENSE" in metadata
    with tarfile.open(sdist) as tar:
        top = sdist.name.removesuffix(".tar.gz")
        in_sdist = {n.removeprefix(f"{top}/") for n in tar.getnames()}
    assert "LICENSE" in in_sdist
    assert {f"resources/{name}" for name in LICENCE_FILES} <= in_sdist
    # the translators' sources are in the sdist (a packager rebuilds from them), not in the wheel
    assert "resources/locale/desert_pyramid.pot" in in_sdist
    assert "resources/locale/de/LC_MESSAGES/desert_pyramid.po" in in_sdist
    check = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", str(wheel), str(sdist)],
        capture_output=True,
        text=True,
    )
    assert check.returncode == 0, check.stdout + check.stderr
