"""The standalone build: PyInstaller makes a folder whose executable plays without Python or pip.

The slow test builds the folder with tools/build_standalone.py into a temporary folder (about 30 s
on a quiet 2-core machine) and runs the built executable: --version, --help, ``deal --seed 1``,
headless frames with a screenshot (resources found), and ``stats --workers 2`` (spawn workers of the
frozen executable: needs multiprocessing.freeze_support() in desert_pyramid/__main__.py).
bench/bench_standalone.py runs the same checks and also autoplays through the hint worker.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bench.bench_standalone import check_frozen
from desert_pyramid.i18n import ENGLISH_FORMATS, LANGUAGES
from tools.build_standalone import (
    ARCADE_ASSET_FOLDERS,
    ENTRY,
    RESOURCES,
    build,
    drift,
    executable,
    keep_babel_locale,
    pyinstaller_args,
    runtime_distributions,
    staged_resources,
    third_party_licences,
    translators_file,
)

ROOT = Path(__file__).resolve().parent.parent
#: The licence files inside the resources (tests/test_wheel.py checks the wheel for the same).
LICENCE_FILES = (
    "LICENSES.md",
    "fonts/LICENSES.md",
    "fonts/OFL-Liberation.txt",
    "fonts/OFL-League-Spartan.txt",
    "images/LICENSES.md",
    "sounds/LICENSES.md",
)


def test_every_arcade_resource_the_game_uses_is_bundled() -> None:
    """Arcade's own hook bundles none of its card images: the build adds the folders the game's
    ``:resources:`` paths point into (the sounds are the game's own, in its resources)."""
    used = set()
    for path in (ROOT / "desert_pyramid").rglob("*.py"):
        used |= set(
            re.findall(
                r""":resources:([A-Za-z0-9_/{}\[\]:.\-]+)""", path.read_text(encoding="utf-8")
            )
        )
    used = {u for u in used if "/" in u}  # ':resources:' in prose has no path after it
    assert any(u.startswith("images/cards/") for u in used)  # the scan finds what the game loads
    unbundled = {
        u for u in used if not any(u.startswith(f"{folder}/") for folder in ARCADE_ASSET_FOLDERS)
    }
    assert not unbundled, (
        f"add their folders to ARCADE_ASSET_FOLDERS in tools/build_standalone.py: {unbundled}"
    )


def test_the_build_command_line(tmp_path: Path) -> None:
    args = pyinstaller_args(tmp_path / "dist", tmp_path / "work")
    assert args[0] == str(ENTRY) and "    multiprocessing.freeze_support()\n" in ENTRY.read_text(
        encoding="utf-8"
    )
    assert "--onedir" in args and "--console" in args and "--clean" not in args
    data = [args[i + 1] for i, a in enumerate(args) if a == "--add-data"]
    assert f"{RESOURCES}{os.pathsep}desert_pyramid/resources" in data  # where resources_path looks
    assert not (tmp_path / "work").exists()  # the command line alone copies nothing
    staged = staged_resources(tmp_path / "work")  # what build() gives it instead
    args = pyinstaller_args(tmp_path / "dist", tmp_path / "work", resources=staged)
    data = [args[i + 1] for i, a in enumerate(args) if a == "--add-data"]
    assert f"{staged}{os.pathsep}desert_pyramid/resources" in data
    # the resources as the wheel has them: every file but the translators' sources
    repo = {p.relative_to(RESOURCES) for p in RESOURCES.rglob("*") if p.is_file()}
    copied = {p.relative_to(staged) for p in staged.rglob("*") if p.is_file()}
    assert copied == {p for p in repo if not translators_file(Path("resources", p))}
    assert Path("locale/de/LC_MESSAGES/desert_pyramid.mo") in copied
    assert Path("locale/de/LC_MESSAGES/desert_pyramid.po") in repo - copied
    assert Path("fonts/OFL-Liberation.txt") in copied
    assert any(d.endswith(f"License.txt{os.pathsep}arcade/resources/assets/images") for d in data)
    assert (
        args[args.index("--collect-submodules") + 1] == "desert_pyramid"
    )  # sub-commands found by pkgutil
    hooks = Path(args[args.index("--additional-hooks-dir") + 1])
    assert (hooks / "hook-arcade.py").is_file()
    assert executable(tmp_path, "x").name == ("x.exe" if sys.platform == "win32" else "x")
    assert pyinstaller_args(tmp_path, tmp_path, clean=True)[-1] == "--clean"


def test_the_build_names_versions_that_differ_from_the_constraints(tmp_path: Path) -> None:
    from importlib.metadata import version

    pins = tmp_path / "constraints.txt"
    arcade = version("arcade")
    pins.write_text(
        f"# a comment\narcade=={arcade}\nBabel==0.0.1  # too old\nnot-installed-here==1.0\n",
        encoding="utf-8",
    )
    assert drift(pins) == [f"Babel {version('Babel')} (constraints.txt: 0.0.1)"]


def test_the_folder_gets_the_licence_of_python_and_of_each_package_the_game_runs_on(
    tmp_path: Path,
) -> None:
    names = runtime_distributions()
    assert {"arcade", "pyglet", "pillow", "babel", "platformdirs", "tomli-w"} <= set(names)
    assert not {"pytest", "pyinstaller", "dask", "desert-pyramid"} & set(names)  # not bundled
    written = third_party_licences(tmp_path)
    assert [p.name.split("-")[0] for p in written][:1] == ["python"]
    for folder in written:
        texts = [f.read_text(encoding="utf-8", errors="replace") for f in folder.iterdir()]
        assert texts and all(len(t) > 40 for t in texts), folder
    (arcade,) = [p for p in written if p.name.startswith("arcade-")]
    assert "Permission is hereby granted" in (arcade / "LICENSE").read_text(encoding="utf-8")


def test_babel_keeps_the_locales_of_the_games_languages() -> None:
    """The folder keeps Babel's data for the seven languages' families (``de_AT`` still picks
    German) and ``root``, and none of the other languages' (about 35 MB)."""
    import babel
    from babel import Locale

    data = Path(babel.__file__).parent / "locale-data"
    files = sorted(data.glob("*.dat"))
    kept = {p.stem for p in files if keep_babel_locale(p)}
    assert {"root", "en", "en_GB", "en_001", "de", "de_AT", "fr", "es", "it", "pt", "ru"} <= kept
    assert not {"nl", "ja", "zh", "ar", "pl", "sv"} & kept
    assert 100 < len(kept) < len(files) / 3
    for code in LANGUAGES:  # each language's own data and everything it inherits is kept
        locale = Locale.parse(ENGLISH_FORMATS if code == "en" else code)
        assert str(locale) in kept or str(locale).split("_")[0] in kept
    assert keep_babel_locale(data.parent / "global.dat")


@pytest.mark.slow
@pytest.mark.ui  # the built game renders headless frames (EGL: Linux)
def test_standalone_build_runs(tmp_path: Path) -> None:
    exe = build(tmp_path / "dist", tmp_path / "work")
    assert exe == executable(tmp_path / "dist")
    internal = exe.parent / "_internal"
    assert (internal / "desert_pyramid" / "resources" / "layouts").is_dir()
    assert (
        internal / "arcade" / "VERSION"
    ).is_file()  # a file, not a folder (Arcade's hook's slip)
    # every licence: the game's beside the executable, each asset's beside it, Arcade's cards'
    assert (exe.parent / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    resources = internal / "desert_pyramid" / "resources"
    for name in LICENCE_FILES:
        assert (resources / name).is_file(), name
    assert (internal / "arcade/resources/assets/images/License.txt").is_file()
    assert (internal / "babel/locale-data/LICENSE.unicode").is_file()  # CLDR's terms
    bundled = {p.name.rsplit("-", 1)[0] for p in (exe.parent / "licenses").iterdir()}
    assert {"python", "arcade", "pyglet", "pillow", "babel", "platformdirs"} <= bundled
    # the compiled catalogues, not the translators' sources
    shipped = [p.relative_to(internal) for p in resources.rglob("*") if p.is_file()]
    assert not [p for p in shipped if translators_file(p)], shipped
    assert (resources / "locale/ru/LC_MESSAGES/desert_pyramid.mo").is_file()
    babel_data = sorted((internal / "babel" / "locale-data").glob("*.dat"))
    assert babel_data and all(keep_babel_locale(p) for p in babel_data)
    assert {"root.dat", "de.dat", "pt.dat", "ru.dat", "en_GB.dat"} <= {p.name for p in babel_data}
    for code, word in (("de", "Einstellungen"), ("ru", "Настройки")):  # read from the .mo
        said = subprocess.run(
            [str(exe), "--lang", code, "--headless", "--frames", "3", "--screen", "title"]
            + ["--check-layout", "--save-dir", str(tmp_path / "saves")],
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=180,
            env={**os.environ, "ARCADE_HEADLESS": "1"},
        )
        assert said.returncode == 0 and word in said.stdout, said.stderr[-2000:]
    checks = tmp_path / "checks"
    checks.mkdir()
    seen = check_frozen(exe, checks, autoplay=False)
    assert not seen["failures"], "\n".join(seen["failures"])
    assert seen["version"].startswith("desert-pyramid ")
    assert seen["frame_written"] and seen["frame_size"] == (1280, 720)
    assert seen["frame_stats"]["frames"] == 30
