"""The languages the browser fetches when it needs them (docs/web.md, "Languages").

The site's ``py/game.zip`` carries English only (the source text, and Babel's data for the
English game's formats); every other language is a small zip of its own, ``py/lang/CODE.zip``:
its compiled catalogue and Babel's locale data for it, the same paths as in the game's zip. The
worker fetches and unpacks one when the player's language needs it (``hello`` answers
``fetch_language`` with the code; the ``language`` request's code is fetched before it is
asked), and the service worker keeps it, so it works offline from then on. Here: which files
make a language, whether they are there, and the words when they cannot come.
"""

from __future__ import annotations

import os
from pathlib import Path

from desert_pyramid.i18n import LANGUAGES, SOURCE, _, catalogue_path, current_language

#: the folder of the site that holds the languages' zips
PACK_FOLDER = "py/lang"
#: Babel's locale data the English game reads (its formats are British: en_GB, whose parents
#: are en_001 and en), and the root every locale's data is merged with: always in the game's zip
ENGLISH_BABEL = frozenset({"root", "en", "en_001", "en_150", "en_GB"})

_ready: set[str] = set()  # the languages seen installed (Babel's caches cleared once for each)


def babel_locales(code: str) -> tuple[str, ...]:
    """Babel's locale data one of the languages reads: its own, and its language's when the code
    names a region (``pt_BR`` reads ``pt`` too)."""
    base = code.split("_")[0]
    return (code,) if base == code else (base, code)


def pack_name(code: str) -> str:
    """A language's zip in the site (``py/lang/de.zip``)."""
    return f"{PACK_FOLDER}/{code}.zip"


def _babel_file(name: str, babel_root: Path | None) -> Path:
    if babel_root is not None:
        return babel_root / f"{name}.dat"
    from babel import localedata

    return Path(localedata.resolve_locale_filename(name))


def installed(code: str, locale_root: Path | None = None, babel_root: Path | None = None) -> bool:
    """Whether a language's files are here: English always; another of the seven when its
    catalogue and its Babel data are (at the desktop always; in the browser once its zip was
    unpacked). Babel remembers which locales exist: it forgets that when a language arrives."""
    if code == SOURCE:
        return True
    if code not in LANGUAGES:
        return False
    there = catalogue_path(code, locale_root).is_file() and all(
        os.path.isfile(_babel_file(name, babel_root)) for name in babel_locales(code)
    )
    if there and babel_root is None and code not in _ready:
        from babel import localedata

        # (it may have said no before the zip came; Babel 2.12 and later cache these)
        for remembered in (localedata.exists, localedata.locale_identifiers):
            forget = getattr(remembered, "cache_clear", None)
            if forget is not None:
                forget()
        _ready.add(code)
    return there


def not_fetched(code: str) -> str:
    """What the player reads when a language's zip could not be fetched (the browser offline, the
    site out of reach), in the language the game is in now."""
    # TRANSLATORS: {language} is the language the player chose, named in itself ("Deutsch");
    # {current} the one the game is in now, named in itself ("English")
    return _(
        "{language} could not be downloaded (is the browser offline?): "
        "the game is in {current} until it can be."
    ).format(language=LANGUAGES[code], current=LANGUAGES[current_language()])
