"""``desert-pyramid web``: the web edition, a static site that plays in any browser.

    desert-pyramid web build OUT          write the site to OUT (index.html and what it loads)
    desert-pyramid web serve [OUT]        build it if needed, serve it on 127.0.0.1, print the address

The build needs Node's npm once (``npm ci`` in ``web/`` brings the pinned Pyodide runtime); the
built folder needs nothing: any web server can host it. What goes in (docs/web.md): the page
(``web/``), the Pyodide runtime, the game's Python core with its pure dependencies in one zip
(no ``ui``, no Arcade; Babel's locale data cut to the game's seven languages; the catalogues
compiled to ``.mo``), and the card faces, the back and the desert drawn by the desktop's own art
code (headless Arcade), so both editions look like one game.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import http.server
import json
import os
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path

from desert_pyramid.commands.args import UsageError, check_path, parse_int

REPO = Path(__file__).resolve().parent.parent.parent
PACKAGE = REPO / "desert_pyramid"
WEB_SOURCE = REPO / "web"
#: the runtime's files the site loads (from the npm package ``pyodide``)
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)
#: the runtime's standard library (python_stdlib.zip) without what a worker that plays the game
#: never imports: the debuggers, profilers, test and documentation tools, the interactive
#: console, and the mail, FTP and web-server protocols a browser cannot open (a fifth of it).
#: Each is imported by no module of the game's zip (tests/test_web_download.py reads them all) and
#: elsewhere in the standard library only by a function a worker never calls (help(), the REPL's
#: readline, SMTPHandler.emit, an ftp:// URL), behind an ImportError guard or "__main__".
STDLIB_LEFT_OUT = frozenset(
    {
        "_pyrepl",
        "bdb",
        "cProfile",
        "doctest",
        "ftplib",
        "imaplib",
        "mailbox",
        "pdb",
        "poplib",
        "profile",
        "pstats",
        "pydoc",
        "smtplib",
        "tabnanny",
        "timeit",
        "trace",
        "unittest",
        "wsgiref",
        "xmlrpc",
        "zipapp",
    }
)
#: the game's code the worker does not need: the desktop's window, the command line, speech
LEFT_OUT = ("ui", "commands", "speech", "cli.py", "__main__.py")
#: the pure dependencies, by distribution name, and the top-level names they install
DEPENDENCIES = {"babel": ("babel",), "tomli_w": ("tomli_w",), "platformdirs": ("platformdirs",)}
#: Babel's locale data kept: the seven languages, their parents and the root
BABEL_LOCALES = frozenset(
    {"root", "en", "en_001", "en_150", "en_GB", "de", "fr", "es", "it", "pt", "pt_BR", "ru"}
)
RESOURCE_DIRS = ("layouts", "rules")
CARD_W, CARD_H = 350, 475  # the faces' pixels: the desktop's card shape (140 x 190) at 2.5x
SCENERY = {"landscape": (1600, 900), "portrait": (900, 1600)}
ICON_SIZES = (192, 512)
#: files a first visit does not fetch: the service worker keeps each when the page first asks
#: for it (the sounds after the first tap, the four-colour and the large-index faces when those
#: settings are on, a language but English when it is chosen, the large icon when the browser
#: installs the game: only the web manifest names it)
ON_DEMAND = (
    "sounds/",
    "art/cards4/",
    "art/cards-large/",
    "art/cards4-large/",
    "py/lang/",
    "art/icon-512.png",
)


class BuildError(Exception):
    """The site cannot be built; the message says what is missing and how to get it."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "web",
        help="build or serve the web edition (plays in a browser)",
        description="Build the web edition as a static site, or serve it on this computer.",
    )
    sub = parser.add_subparsers(dest="web_command", metavar="{build,serve}")
    build = sub.add_parser("build", help="write the site to a folder")
    build.add_argument("out", metavar="OUT", help="the folder to write (replaced if it is a site)")
    serve = sub.add_parser("serve", help="serve the site on 127.0.0.1 (builds it if needed)")
    serve.add_argument(
        "out", metavar="OUT", nargs="?", default="web-build", help="the site's folder"
    )
    serve.add_argument("--port", metavar="N", help="the port (by default a free one)")
    serve.add_argument("--rebuild", action="store_true", help="build again even if it is there")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    command = getattr(args, "web_command", None)
    if command is None:
        raise UsageError("web: say what to do: 'web build OUT' or 'web serve [OUT]'")
    out = check_path(args.out, "OUT")
    try:
        if command == "build":
            files = build_site(out)
            print(f"Built the web edition in {out} ({len(files)} files).")
            return 0
        port = parse_int(args.port, "--port", 0, 65535) if args.port is not None else 0
        if args.rebuild or not (out / "index.html").is_file():
            build_site(out)
        return serve_site(out, port)
    except BuildError as exc:
        print(f"desert-pyramid web: {exc}", file=sys.stderr)
        return 1


# -- the build -------------------------------------------------------------------------------------
def pyodide_folder() -> Path:
    """The npm package's folder, installed from the lock file (``npm ci``) when it is missing."""
    folder = WEB_SOURCE / "node_modules" / "pyodide"
    if not (folder / "pyodide.mjs").is_file():
        npm = shutil.which("npm")
        if npm is None:
            raise BuildError(
                "the build needs Node's npm to fetch the Pyodide runtime (web/package-lock.json): "
                "install Node.js, then run the build again"
            )
        done = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=WEB_SOURCE, check=False)
        if done.returncode != 0 or not (folder / "pyodide.mjs").is_file():
            raise BuildError("'npm ci' in web/ failed: the Pyodide runtime is not there")
    return folder


def stdlib_top(name: str) -> str:
    """The top-level module a file of the standard library's zip belongs to."""
    top = name.split("/")[0]
    return top.removesuffix(".pyc").removesuffix(".py")


def write_stdlib(source: Path, target: Path) -> None:
    """The runtime's standard library zip without :data:`STDLIB_LEFT_OUT`; every other member
    as it was (its bytes, its compression, its date)."""
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(target, "w") as out:
        for info in src.infolist():
            if stdlib_top(info.filename) not in STDLIB_LEFT_OUT:
                out.writestr(info, src.read(info))


def _safe_out(out: Path) -> None:
    """OUT is a new folder, an empty one or a site built before: nothing else is replaced."""
    if out.exists() and not out.is_dir():
        raise BuildError(f"{out} is a file, not a folder")
    if out.is_dir() and any(out.iterdir()) and not (out / "build.json").is_file():
        raise BuildError(f"{out} holds files that are not a built site: choose another folder")
    if out.resolve() in (REPO, REPO.parent, Path.home()):
        raise BuildError(f"{out} cannot be the site's folder")


def _package_files() -> Iterable[tuple[Path, str]]:
    """The game's own Python files the worker needs, with their names in the zip."""
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] in LEFT_OUT or "__pycache__" in rel.parts:
            continue
        yield path, f"desert_pyramid/{rel.as_posix()}"
    resources = REPO / "resources"
    for name in RESOURCE_DIRS:
        for path in sorted((resources / name).rglob("*")):
            if path.is_file():
                yield path, f"desert_pyramid/resources/{path.relative_to(resources).as_posix()}"


def _dependency_files(babel_locales: frozenset[str]) -> Iterable[tuple[Path, str]]:
    """The pure dependencies as installed here (the same files as their wheels), Babel's locale
    data cut to ``babel_locales``."""
    for dist_name, tops in DEPENDENCIES.items():
        try:
            dist = metadata.distribution(dist_name)
        except metadata.PackageNotFoundError:
            raise BuildError(f"the build needs the package {dist_name!r} installed") from None
        for item in dist.files or ():
            parts = item.parts
            if not parts or parts[0] not in tops or "__pycache__" in parts:
                continue
            if item.suffix in (".pyc", ".pyi"):
                continue
            if parts[:2] == ("babel", "locale-data") and item.stem not in babel_locales:
                continue
            yield Path(str(dist.locate_file(item))), item.as_posix()


def _write_zip(target: Path, members: Iterable[tuple[str, bytes]]) -> None:
    """A zip of ``(name, bytes)``, dated alike (the same input, the same bytes)."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name, data in members:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)


def write_python_zip(target: Path) -> None:
    """The worker's Python: the game's core, its pure dependencies and its content, one zip, in
    English (the other languages are zips of their own: :func:`write_language_zips`)."""
    from desert_pyramid.web.languages import ENGLISH_BABEL

    files = [*_package_files(), *_dependency_files(ENGLISH_BABEL)]
    _write_zip(target, ((name, path.read_bytes()) for path, name in files))


def write_language_zips(folder: Path) -> dict[str, str]:
    """Each language but English in a zip of its own (``py/lang/CODE.zip``, unpacked by the
    worker beside the game's zip when the player's language needs it): its catalogue compiled to
    ``.mo`` (its checked translations only) and Babel's locale data for it. Returns each code's
    zip, as the site names it."""
    from desert_pyramid.i18n import LANGUAGES, SOURCE, compiled_catalogue, mo_name
    from desert_pyramid.web.languages import babel_locales, pack_name

    folder.mkdir(parents=True, exist_ok=True)
    names = {}
    for code in LANGUAGES:
        if code == SOURCE:
            continue
        wanted = frozenset(babel_locales(code))
        missing = wanted - BABEL_LOCALES
        if missing:  # (a new language: its data joins BABEL_LOCALES)
            raise BuildError(f"Babel's data for {', '.join(sorted(missing))} is not shipped")
        members = [(f"desert_pyramid/resources/locale/{mo_name(code)}", compiled_catalogue(code))]
        members += [
            (name, path.read_bytes())
            for path, name in _dependency_files(wanted)
            if name.startswith("babel/locale-data/")
        ]
        _write_zip(folder / f"{code}.zip", members)
        names[code] = pack_name(code)
    return names


#: the page's fonts (the desktop's, resources/fonts): Liberation Sans for the text, Manrope Bold for
#: the headings; both carry Latin and Cyrillic, every script the seven languages use
WEB_FONTS = ("Liberation_Sans_Regular.ttf", "Liberation_Sans_Bold.ttf", "Manrope_Bold.ttf")
FONT_LICENCES = ("OFL-Liberation.txt", "OFL-Manrope.txt")
#: what the page's text can hold: Latin with its accents, Cyrillic, punctuation, ×, arrows, suits
FONT_UNICODES = (
    "U+0020-024F,U+0300-036F,U+0400-04FF,U+2000-206F,U+20AC,U+2190-21FF,U+2212,U+2660-2667"
)


def web_font_name(name: str) -> str:
    """A desktop font's name in the site: ``Manrope_Bold.ttf`` -> ``Manrope_Bold.woff2``."""
    return f"{Path(name).stem}.woff2"


def write_fonts(folder: Path) -> None:
    """The desktop's fonts as web fonts, cut to the letters the seven languages use (fontTools'
    subsetter: a quarter of their size) and packed as WOFF2 (Brotli: three quarters of the
    gzipped TrueType's bytes, read by every browser the page runs in), with their licences."""
    import logging

    from fontTools import subset  # type: ignore[import-untyped]

    logging.getLogger("fontTools.subset").setLevel(logging.ERROR)  # "FFTM NOT subset": harmless
    folder.mkdir(parents=True, exist_ok=True)
    source = REPO / "resources" / "fonts"
    for name in WEB_FONTS:
        options = subset.Options()
        options.layout_features = ["*"]
        options.name_IDs = ["*"]
        options.notdef_outline = True
        font = subset.load_font(str(source / name), options)
        sub = subset.Subsetter(options)
        sub.populate(unicodes=subset.parse_unicodes(FONT_UNICODES))
        sub.subset(font)
        options.flavor = "woff2"  # needs Brotli (the web extra's ``brotli``)
        try:
            subset.save_font(font, str(folder / web_font_name(name)), options)
        except ImportError:
            raise BuildError(
                "the build packs the fonts as WOFF2, which needs the package 'brotli': "
                'pip install -e ".[web]"'
            ) from None
    for name in FONT_LICENCES:
        shutil.copy2(source / name, folder / name)


def write_art(folder: Path) -> None:
    """The card faces, every card back, the relics, the desert and the icons, drawn by the
    desktop's art code."""
    os.environ.setdefault("ARCADE_HEADLESS", "1")
    from desert_pyramid.ui.art.export import render_art

    render_art(folder, (CARD_W, CARD_H), SCENERY, ICON_SIZES)
    webp_pictures(folder)


#: the pictures that stay PNG: the icons (the web manifest's, the page's icon and the home-screen
#: icon of iOS, which reads PNG only)
KEEP_PNG = ("icon-",)


def webp_pictures(folder: Path) -> None:
    """Every PNG the art code drew (the faces, the back, the desert), but the icons, as lossless
    WebP: the same pixels (every browser the page runs in reads WebP) in 40 to 65 per cent of the
    bytes, which is most of what the first visit's pictures weigh."""
    from PIL import Image

    for path in sorted(folder.rglob("*.png")):
        if path.name.startswith(KEEP_PNG):
            continue
        with Image.open(path) as image:
            image.load()
            # quality is the lossless encoder's effort: 100 with method 4 is within 1 per cent of
            # the smallest (method 6) at a twentieth of its time
            # (exact: the colour under a transparent pixel kept too, which a browser scaling the
            # picture blends at the cards' rounded corners)
            image.save(
                path.with_suffix(".webp"), "WEBP", lossless=True, quality=100, method=4, exact=True
            )
        path.unlink()


def write_sounds(folder: Path) -> None:
    """The game's sounds (``resources/sounds``, the desktop's files) and ``sounds.json``:
    ``effects``, each sound's name (what the worker's ``act`` answers) -> its file and its share of
    the volume (the desktop's mix, ``ui/sound.py``), and ``ambience``: each layer of the desert's
    sound (the wind, the evening insects) -> its file, so the page plays what the window plays.
    How loud and how fast each layer plays is in the table's state (``ambience``: the desktop's
    ``app/ambience.py``, computed in the worker). All of them are fetched when first needed."""
    os.environ.setdefault("ARCADE_HEADLESS", "1")
    from desert_pyramid.resources_path import resource_path
    from desert_pyramid.ui.sound import AMBIENCE_FILES, MIX, SOUND_FILES

    folder.mkdir(parents=True, exist_ok=True)
    table = {}
    for name, stem in sorted(SOUND_FILES.items()):
        source = resource_path("sounds", f"{stem}.wav")
        shutil.copy2(source, folder / source.name)
        table[name] = {"file": source.name, "mix": MIX.get(name, 1.0)}
    ambience = {}
    for name, stem in sorted(AMBIENCE_FILES.items()):
        source = resource_path("sounds", f"{stem}.wav")
        shutil.copy2(source, folder / source.name)
        ambience[name] = {"file": source.name}
    (folder / "sounds.json").write_text(
        json.dumps({"effects": table, "ambience": ambience}, indent=1), encoding="utf-8"
    )
    shutil.copy2(resource_path("sounds", "LICENSES.md"), folder / "LICENSES.md")


def build_site(out: Path) -> list[str]:
    """Write the site to ``out``; returns its files (relative paths). Raises :class:`BuildError`."""
    _safe_out(out)
    if not (WEB_SOURCE / "index.html").is_file():
        raise BuildError(
            f"the page's source is missing ({WEB_SOURCE / 'index.html'}): the web edition is "
            "built from a checkout of the repository"
        )
    runtime = pyodide_folder()
    staging = out.with_name(out.name + ".building")
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    for path in sorted(WEB_SOURCE.iterdir()):
        if path.is_file() and path.suffix in (".html", ".js", ".css", ".webmanifest"):
            shutil.copy2(path, staging / path.name)
    (staging / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        if name == "python_stdlib.zip":
            write_stdlib(runtime / name, staging / "pyodide" / name)
        else:
            shutil.copy2(runtime / name, staging / "pyodide" / name)
    (staging / "py").mkdir()
    write_python_zip(staging / "py" / "game.zip")
    language_zips = write_language_zips(staging / "py" / "lang")
    write_art(staging / "art")
    write_sounds(staging / "sounds")
    write_fonts(staging / "fonts")
    files = sorted(
        p.relative_to(staging).as_posix()
        for p in staging.rglob("*")
        if p.is_file() and p.name != "sw.js"
    )
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode())
        digest.update((staging / name).read_bytes())
    from desert_pyramid import __version__

    version = f"{__version__}-{digest.hexdigest()[:12]}"
    build = {
        "version": version,
        "files": ["./", *(f for f in files if not f.startswith(ON_DEMAND))],
        "later": [f for f in files if f.startswith(ON_DEMAND)],
        "languages": language_zips,
    }
    (staging / "build.json").write_text(json.dumps(build, indent=1), encoding="utf-8")
    # the service worker names the build it caches (a new build replaces the old cache); it
    # keeps build.json too: offline, the worker reads the version (its heap snapshot's name)
    # and the languages' zips from it
    sw = (WEB_SOURCE / "sw.js").read_text(encoding="utf-8")
    cached = json.dumps([*build["files"], "build.json"])
    (staging / "sw.js").write_text(
        sw.replace("__BUILD__", version).replace("__FILES__", cached), encoding="utf-8"
    )
    if out.exists():
        shutil.rmtree(out)
    os.replace(staging, out)
    return [*files, "build.json", "sw.js"]


# -- serving ------------------------------------------------------------------------------------
class _Handler(http.server.SimpleHTTPRequestHandler):
    """Files of the site, with the types a browser insists on (modules, WebAssembly)."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".webp": "image/webp",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
        ".zip": "application/zip",
    }

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass  # quiet: the address is printed once


def make_server(out: Path, port: int = 0) -> http.server.ThreadingHTTPServer:
    """A server of the folder ``out`` on 127.0.0.1 (``port`` 0: a free one)."""
    if not (out / "index.html").is_file():
        raise BuildError(f"{out} is not a built site (no index.html): run 'web build' first")
    handler = functools.partial(_Handler, directory=str(out))
    try:
        return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as exc:
        raise BuildError(f"cannot serve on 127.0.0.1:{port}: {exc.strerror or exc}") from None


def serve_site(out: Path, port: int = 0) -> int:
    """Serve ``out`` on 127.0.0.1 until interrupted; prints the address first."""
    server = make_server(out, port)
    real_port = server.server_address[1]
    print(f"Serving the web edition at http://127.0.0.1:{real_port}/ (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
