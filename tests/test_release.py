"""What a release carries besides the game: the licences beside the assets, the version the
changelog releases, the index page's long description, the pinned versions CI installs."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

import desert_pyramid
from tools.refresh_constraints import render

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "resources" / "fonts"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("font", sorted(p.name for p in FONTS.glob("*.[ot]tf")))
def test_each_font_has_its_licence_and_notice_beside_it(font: str) -> None:
    """The licence named in the font's own name table (13), with its copyright notice (0) and its
    family and version (1, 5), is in an OFL text beside it, and fonts/LICENSES.md names it."""
    names = TTFont(FONTS / font)["name"]
    family, version = names.getDebugName(1), names.getDebugName(5)
    assert "Open Font License, Version 1.1" in (names.getDebugName(13) or "")
    texts = {p.name: p.read_text(encoding="utf-8") for p in FONTS.glob("OFL-*.txt")}
    (licence,) = [
        n for n, t in texts.items() if family and family.split()[0] in n.replace("-", " ")
    ]
    text = texts[licence]
    assert "SIL OPEN FONT LICENSE Version 1.1 - 26 February 2007" in text
    assert "Copyright" in text
    if family == "Liberation Sans":  # the notice its name table carries, word for word
        assert version == "Version 2.1.5" and "Liberation Sans 2.1.5" in text
        assert "Digitized data copyright (c) 2010 Google Corporation" in text
        assert "Copyright (c) 2012 Red Hat, Inc." in text
        assert "with Reserved Font Name Liberation." in text
    listing = (FONTS / "LICENSES.md").read_text(encoding="utf-8")
    assert f"`{font}`" in listing and f"`{licence}`" in listing


@pytest.mark.parametrize("folder", ["fonts", "images", "sounds"])
def test_each_asset_folder_says_whose_its_files_are(folder: str) -> None:
    listing = (ROOT / "resources" / folder / "LICENSES.md").read_text(encoding="utf-8")
    assert re.search(r"MIT|Open\s+Font\s+License", listing)
    for path in (ROOT / "resources" / folder).rglob("*"):
        if path.is_file() and path.suffix in (".ttf", ".otf", ".wav", ".png"):
            rel = path.relative_to(ROOT / "resources" / folder)
            named = (
                f"`{rel.as_posix()}`" in listing
                or f"`{rel.stem}`" in listing
                or f"`{rel.parent.as_posix()}/*{rel.suffix}`" in listing
            )
            assert named, f"{folder}/LICENSES.md does not name {rel}"
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License") and "the Desert Pyramid authors" in licence


def test_the_version_is_the_changelogs_latest_release() -> None:
    """Keep a Changelog: an [Unreleased] section on top, then the releases, newest first, each
    with its date and a compare or tag link at the bottom; the package's version is the top one."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headers = re.findall(r"^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$", text, re.MULTILINE)
    assert headers[0] == ("Unreleased", "")
    released = headers[1:]
    assert released and all(date for _, date in released)
    assert released[0][0] == desert_pyramid.__version__ == "0.2.0"
    assert PYPROJECT["project"]["dynamic"] == ["version"]
    for version, _ in headers:
        assert re.search(rf"^\[{re.escape(version)}\]: \S+$", text, re.MULTILINE), version


def test_the_index_page_description_has_no_relative_links() -> None:
    """An index page (PyPI) has no repository beside it: every link and picture of the long
    description is absolute."""
    readme = PYPROJECT["project"]["readme"]
    page = (ROOT / readme["file"]).read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)\s]+)\)", page) + re.findall(r'src="([^"]+)"', page)
    assert targets and all(t.startswith("https://") for t in targets), targets
    assert readme["content-type"] == "text/markdown"


def test_the_licence_is_spdx_with_its_files() -> None:
    project = PYPROJECT["project"]
    assert project["license"] == "MIT AND OFL-1.1"
    assert not [c for c in project["classifiers"] if c.startswith("License ::")]  # PEP 639
    for pattern in project["license-files"]:
        assert list(ROOT.glob(pattern)), pattern


def test_constraints_pin_every_requirement_of_the_game_and_its_extras() -> None:
    """constraints.txt pins whatever pyproject.toml asks for on this system: a requirement added
    without refreshing it (python tools/refresh_constraints.py) fails here."""
    pinned = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, version = line.split("==")
            pinned[canonicalize_name(name)] = version
    project = PYPROJECT["project"]
    wanted = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():  # an extra added: refresh the file
        wanted += extra
    wanted += PYPROJECT["build-system"]["requires"]
    for text in wanted:
        requirement = Requirement(text)
        if requirement.marker is not None and not requirement.marker.evaluate():
            continue  # another system's (accessible-output2: Windows, macOS)
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{name} is not in constraints.txt"
        assert requirement.specifier.contains(pinned[name], prereleases=True), (text, pinned[name])


def test_the_constraints_file_is_written_sorted_without_the_game_or_pip() -> None:
    text = render(["pip==25.0", "Zope==1", "desert_pyramid==0.2.0", "arcade==3.3.3", "", "-e x"])
    assert text.splitlines()[-2:] == ["arcade==3.3.3", "Zope==1"]
    assert "pip==" not in text and "desert" not in text.split("\n", 3)[3]


def test_ci_installs_every_extra_it_runs_with_the_constraints() -> None:
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'PIP_CONSTRAINT="$PWD/constraints.txt"' in run
    assert '".[test,dev,build,cluster,web]"' in run
