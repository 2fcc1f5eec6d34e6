"""What the web edition's first visit downloads, without a browser: the pictures as lossless WebP
(the same pixels; the icons stay PNG), the game's zip in English only and each other language in
a zip of its own, and the worker's Python in a browser's state (the game's zip unpacked alone, no
language but English there yet): ``hello`` asks for the browser's language, speaks it once its
zip is unpacked, and a language that could not be fetched is refused with the reason in the
player's language while the game stays as it was."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from desert_pyramid.commands.web import webp_pictures, write_language_zips, write_python_zip
from desert_pyramid.i18n import LANGUAGES, SOURCE
from desert_pyramid.web.languages import babel_locales, installed, pack_name


def test_the_pictures_become_lossless_webp_with_the_same_pixels_and_the_icons_stay_png(
    tmp_path: Path,
) -> None:
    cards = tmp_path / "cards"
    cards.mkdir()
    face = Image.new("RGBA", (35, 47), (0, 0, 0, 0))
    for x in range(35):
        for y in range(47):
            face.putpixel((x, y), ((x * 7) % 256, (y * 5) % 256, (x * y) % 256, (x + y) * 3 % 256))
    face.putpixel((5, 5), (200, 100, 50, 0))  # a colour under a transparent pixel: kept too
    face.save(cards / "7.png")
    face.save(tmp_path / "desert-portrait.png")
    face.save(tmp_path / "icon-192.png")
    webp_pictures(tmp_path)
    assert not (cards / "7.png").exists() and not (tmp_path / "desert-portrait.png").exists()
    for path in (cards / "7.webp", tmp_path / "desert-portrait.webp"):
        with Image.open(path) as image:
            assert image.format == "WEBP"
            assert image.convert("RGBA").tobytes() == face.tobytes()
    assert (tmp_path / "icon-192.png").is_file() and not (tmp_path / "icon-192.webp").exists()


def _names(path: Path) -> set[str]:
    with zipfile.ZipFile(path) as archive:
        return set(archive.namelist())


@pytest.fixture(scope="module")
def zips(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The game's zip and the languages' zips, as ``web build`` writes them."""
    folder = tmp_path_factory.mktemp("site")
    (folder / "py").mkdir()
    write_python_zip(folder / "py" / "game.zip")
    return folder, write_language_zips(folder / "py" / "lang")


def test_the_games_zip_is_english_and_each_language_comes_in_a_zip_of_its_own(
    zips: tuple[Path, dict[str, str]],
) -> None:
    folder, names = zips
    game = _names(folder / "py" / "game.zip")
    assert not [n for n in game if n.endswith(".mo")]
    data = {n.split("/")[-1] for n in game if n.startswith("babel/locale-data/")}
    assert data == {"root.dat", "en.dat", "en_001.dat", "en_150.dat", "en_GB.dat"}
    assert "desert_pyramid/web/protocol.py" in game
    assert names == {code: pack_name(code) for code in LANGUAGES if code != SOURCE}
    assert babel_locales("pt_BR") == ("pt", "pt_BR") and babel_locales("de") == ("de",)
    for code, name in names.items():
        members = _names(folder / name)
        assert members == {
            f"desert_pyramid/resources/locale/{code}/LC_MESSAGES/desert_pyramid.mo",
            *(f"babel/locale-data/{locale}.dat" for locale in babel_locales(code)),
        }, code
    # what a first visit saves: the six languages' share of the old single zip
    extra = sum((folder / name).stat().st_size for name in names.values())
    assert extra > 400_000, extra


def test_a_language_is_installed_when_its_catalogue_and_babel_data_are_there(
    tmp_path: Path,
) -> None:
    locale, babel = tmp_path / "locale", tmp_path / "babel"
    babel.mkdir()
    assert installed("en", locale, babel) and not installed("xx", locale, babel)
    assert not installed("pt_BR", locale, babel)
    (locale / "pt_BR" / "LC_MESSAGES").mkdir(parents=True)
    (locale / "pt_BR" / "LC_MESSAGES" / "desert_pyramid.mo").write_bytes(b"")
    (babel / "pt_BR.dat").write_bytes(b"")
    assert not installed("pt_BR", locale, babel)  # Portuguese's own data still missing
    (babel / "pt.dat").write_bytes(b"")
    assert installed("pt_BR", locale, babel)


#: the worker's Python as a browser runs it: the game's zip unpacked in a folder first on the path
#: (its own Babel, with English's data only), then a language's zip when the worker fetched it
BROWSER = textwrap.dedent(
    """
    import json, sys, zipfile
    code_dir, saves, site = sys.argv[1:4]
    sys.path.insert(0, code_dir)
    import babel
    assert babel.__file__.startswith(code_dir), babel.__file__
    import desert_pyramid
    assert desert_pyramid.__file__.startswith(code_dir), desert_pyramid.__file__
    from desert_pyramid.web.protocol import handle_json

    def ask(**request):
        return json.loads(handle_json(json.dumps({"id": 1, **request})))

    def unpack(code):
        zipfile.ZipFile(f"{site}/py/lang/{code}.zip").extractall(code_dir)

    out = {}
    hello = dict(op="hello", save_dir=saves, languages=["de-DE", "en"], today="2026-12-07")
    out["first"] = ask(**hello)
    out["offline"] = ask(**hello, unavailable=["de"])
    from babel import localedata
    out["known_before"] = localedata.exists("de")  # (Babel remembers this answer)
    unpack("de")
    out["german"] = ask(**hello)
    out["french"] = ask(op="language", language="fr")
    out["deal"] = ask(op="start", rules="desert", layout=1)
    unpack("fr")
    out["fetched"] = ask(op="language", language="fr")
    print(json.dumps(out))
    """
)


def test_the_worker_asks_for_a_language_speaks_it_once_there_and_says_when_it_cannot_come(
    zips: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    folder, _names_ = zips
    code_dir = tmp_path / "game"
    with zipfile.ZipFile(folder / "py" / "game.zip") as archive:
        archive.extractall(code_dir)
    done = subprocess.run(
        [sys.executable, "-I", "-c", BROWSER, str(code_dir), str(tmp_path / "saves"), str(folder)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    first = out["first"]
    assert not first["ok"] and first["fetch_language"] == "de", first
    offline = out["offline"]  # the worker could not fetch it: English, and why
    assert offline["ok"] and offline["language"] == "en"
    assert [n["text"] for n in offline["notices"]] == [
        "Deutsch could not be downloaded (is the browser offline?): "
        "the game is in English until it can be."
    ]
    assert out["known_before"] is False
    german = out["german"]
    assert german["ok"] and german["language"] == "de", german
    assert german["words"]["deal"] == "Spiel"
    french = out["french"]  # not fetched: refused in German, the game stays German
    assert not french["ok"] and french["notices"] == [], french
    assert french["error"] == (
        "Français konnte nicht geladen werden (ist der Browser offline?): "
        "Das Spiel bleibt auf Deutsch, bis es geht."
    )
    assert out["deal"]["ok"] and out["deal"]["state"]["status"].startswith("Punkte ")
    fetched = out["fetched"]
    assert fetched["ok"] and fetched["result"]["language"] == "fr"
    assert fetched["result"]["words"]["deal"] == "Donne"


def test_the_fonts_are_woff2_with_every_letter_of_the_seven_languages(tmp_path: Path) -> None:
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    from desert_pyramid.commands.web import WEB_FONTS, web_font_name, write_fonts

    write_fonts(tmp_path)
    assert not list(tmp_path.glob("*.ttf"))
    for name in WEB_FONTS:
        font = TTFont(tmp_path / web_font_name(name))
        assert font.flavor == "woff2"
        letters = set(font.getBestCmap())
        for text in ("Größe", "Œuvre à côté", "Español ñ ¿", "Português ção", "Русский ёЁ"):
            assert {ord(c) for c in text if c != " "} <= letters, (name, text)
        if name.startswith("Liberation"):  # the text font: the suits and the signs too
            assert {ord(c) for c in "♠♥♦♣×→"} <= letters, name


def _imported(source: str) -> set[str]:
    """Every module a Python file imports (at its top or in a function), absolute names."""
    import ast

    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_the_standard_library_left_out_is_imported_by_nothing_the_worker_runs(
    zips: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    """The game's code and its dependencies (the whole zip) import none of the modules the site's
    standard library leaves out; the rest of the runtime's zip is there as it was."""
    from desert_pyramid.commands.web import (
        STDLIB_LEFT_OUT,
        pyodide_folder,
        stdlib_top,
        write_stdlib,
    )

    folder, _names_ = zips
    with zipfile.ZipFile(folder / "py" / "game.zip") as archive:
        for name in archive.namelist():
            if name.endswith(".py"):
                tops = {m.split(".")[0] for m in _imported(archive.read(name).decode("utf-8"))}
                assert not tops & STDLIB_LEFT_OUT, (name, tops & STDLIB_LEFT_OUT)
    source = pyodide_folder() / "python_stdlib.zip"
    write_stdlib(source, tmp_path / "stdlib.zip")
    with zipfile.ZipFile(source) as whole, zipfile.ZipFile(tmp_path / "stdlib.zip") as cut:
        kept = {i.filename: i for i in cut.infolist()}
        for info in whole.infolist():
            left_out = stdlib_top(info.filename) in STDLIB_LEFT_OUT
            assert (info.filename not in kept) == left_out, info.filename
            if not left_out:
                assert cut.read(info.filename) == whole.read(info)
                assert kept[info.filename].compress_type == info.compress_type
        assert {stdlib_top(n) for n in kept} >= {"json", "asyncio", "zipfile", "pyodide"}
    assert (tmp_path / "stdlib.zip").stat().st_size < source.stat().st_size - 300_000
