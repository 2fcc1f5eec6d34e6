"""The player's language: translated texts (gettext catalogues read with Babel), numbers, dates,
month and weekday names (Babel's CLDR data).

No Arcade, no window: ``_("Settings")``, ``ngettext("{n} card", "{n} cards", n).format(n=n)``,
``pgettext("menu", "Back")``. Texts marked where a module is imported (a table of labels) use
``N_("...")`` there and ``_(text)`` where they are shown.

The catalogues are the compiled ``.mo`` files under ``resources/locale/<lang>/LC_MESSAGES/``,
read with the standard library's gettext: nothing is compiled when the game starts, and the
wheel, the standalone folder and the browser edition ship only these. ``tools/i18n.py compile``
makes them from the translators' ``.po`` beside them (leaving out fuzzy entries and any
translation whose placeholders its message lacks), and ``tests/test_i18n.py`` fails when one is
not what its ``.po`` compiles to. A catalogue that is missing or cannot be read leaves the game in
English and says so once (:func:`use_language` returns the notice).
"""

from __future__ import annotations

import datetime as _dt
import gettext
import locale
import os
import re
import string
import struct
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from desert_pyramid.engine.text import shown
from desert_pyramid.resources_path import resource_path

if TYPE_CHECKING:
    from babel import Locale

# Babel is imported where it is used: a command that only reads the settings (which mark their
# names with N_) does not pay for loading it.

DOMAIN = "desert_pyramid"
SOURCE = "en"
ENGLISH_FORMATS = "en_GB"  # how the English game writes numbers and dates
#: The languages the game speaks, each named in itself (the Language row shows these names).
LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "it": "Italiano",
    "pt_BR": "Português (Brasil)",
    "ru": "Русский",
}
#: The languages whose letters the heading font (League Spartan) lacks: their headings are set in
#: Manrope Bold, which has Latin and Cyrillic (ui/base/fonts.py; tests/test_i18n.py checks the
#: fonts' glyphs).
HEADING_FALLBACK: frozenset[str] = frozenset({"ru"})


def N_(message: str) -> str:  # noqa: N802  (gettext's name for "mark, translate later")
    """Mark a text for the catalogues without translating it now."""
    return message


class CatalogueError(Exception):
    """A catalogue that cannot be used; the message says which and why."""


@dataclass(frozen=True, slots=True)
class _State:
    code: str
    translations: gettext.NullTranslations

    @property
    def locale(self) -> Locale:
        # the game's English is British (colour, travellers): its dates too (Tue 11 Mar)
        return _locale(ENGLISH_FORMATS if self.code == SOURCE else self.code)


def _english() -> _State:
    return _State(SOURCE, gettext.NullTranslations())


@lru_cache(maxsize=16)
def _locale(code: str) -> Locale:
    from babel import Locale

    return Locale.parse(code)


_state = _english()


def catalogue_path(code: str, root: Path | None = None) -> Path:
    base = root if root is not None else resource_path("locale")
    return base / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


_FIELD = re.compile(r"%\((\w+)\)[sdrifg]")


def placeholders(text: str) -> set[str]:
    """The named placeholders of a text: ``{name}`` (str.format) and ``%(name)s``."""
    names: set[str] = set(_FIELD.findall(text))
    try:
        for _literal, field, _spec, _conv in string.Formatter().parse(text):
            if field is not None:
                names.add(field)
    except ValueError:  # an unbalanced brace: never equal to a good message's set
        names.add("{?")
    return names


def mo_name(code: str) -> str:
    """A compiled catalogue's path under the locale folder (the web edition ships these)."""
    return f"{code}/LC_MESSAGES/{DOMAIN}.mo"


def compiled_catalogue(code: str, root: Path | None = None) -> bytes:
    """One language's compiled catalogue (``.mo``) as shipped: the bytes the web edition copies."""
    return catalogue_path(code, root).read_bytes()


def load_catalogue(code: str, root: Path | None = None) -> gettext.GNUTranslations:
    """The translations of one language, read from its compiled catalogue (``.mo``)."""
    path = catalogue_path(code, root)
    if path.exists() and not path.is_file():  # a folder, a FIFO (opening it would wait forever)
        raise CatalogueError(f"the catalogue for '{code}' ({path.name}) is not a file")
    try:
        with path.open("rb") as fh:
            return gettext.GNUTranslations(fh)
    except FileNotFoundError:
        raise CatalogueError(f"no catalogue for '{code}' ({path.name} is missing)") from None
    except struct.error:  # gettext's reading of a file cut short
        raise CatalogueError(f"the catalogue for '{code}' is cut short ({path.name})") from None
    except Exception as exc:  # not a .mo ("Bad magic number"), "File is corrupt", bad text...
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        if reason == "Bad magic number":
            reason = f"{path.name} is not a compiled catalogue"
        first = reason.splitlines()[0] if reason else type(exc).__name__
        raise CatalogueError(
            f"the catalogue for '{code}' cannot be read: {shown(first, 80)}"
        ) from None


def use_language(code: str, root: Path | None = None) -> str | None:
    """Speak ``code`` from now on. Returns None, or the one notice to show when the game stays in
    English instead (a language it does not know, a catalogue missing or damaged)."""
    global _state
    if code == SOURCE:
        _state = _english()
        return None
    if code not in LANGUAGES:
        _state = _english()
        return f"The language '{shown(code)}' is not available: the game is in English."
    try:
        translations = load_catalogue(code, root)
    except CatalogueError as exc:
        _state = _english()
        return f"The game is in English: {exc}."
    _state = _State(code, translations)
    return None


def current_language() -> str:
    return _state.code


def _state_now() -> _State:
    """The language in use now (its code and translations), for :mod:`.say`."""
    return _state


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The system's language if the game speaks it (``pt_PT`` gives ``pt_BR``), else English."""
    env = os.environ if environ is None else environ
    candidates: list[str] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            candidates += value.split(":")
    if environ is None:
        try:
            candidates.append(locale.getlocale()[0] or "")  # Windows: "German_Germany" etc.
        except ValueError:
            pass
    for raw in candidates:
        code = match_language(raw)
        if code is not None:
            return code
    return SOURCE


def language_named(code: str) -> str:
    """The language ``code`` named in the language spoken now, by Babel's CLDR data ("Englisch",
    "английский" → "Английский", "portugais (Brésil)" → "Portugais (Brésil)"): the Language row's
    Auto choice says which language the system gives. Its name in itself where CLDR lacks it."""
    from babel import UnknownLocaleError

    try:
        name = _locale(code).get_display_name(_state.locale)
    except (ValueError, TypeError, UnknownLocaleError):
        name = None
    if not name:
        return LANGUAGES.get(code, code)
    return name[:1].upper() + name[1:]


def match_language(raw: str) -> str | None:
    """One of :data:`LANGUAGES` for a locale name (``de_AT.UTF-8``, ``ru-RU``, ``German_Germany``)."""
    from babel import Locale, UnknownLocaleError

    name = raw.split(".")[0].split("@")[0].replace("-", "_").strip()
    if not name or name in ("C", "POSIX"):
        return None
    try:
        parsed = Locale.parse(name)
    except (ValueError, TypeError, UnknownLocaleError):
        parsed = None
    if parsed is None:  # a Windows name: "German_Germany"
        english = name.split("_")[0].lower()
        for code in LANGUAGES:
            if (_locale(code).english_name or "").split(" ")[0].lower() == english:
                return code
        return None
    full = f"{parsed.language}_{parsed.territory}" if parsed.territory else parsed.language
    if full in LANGUAGES:
        return full
    for code in LANGUAGES:
        if code.split("_")[0] == parsed.language:
            return code
    return None


# -- translating --------------------------------------------------------------------------------
def _(message: str) -> str:
    """The message in the player's language."""
    return _state.translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` (Russian has three)."""
    return _state.translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A message whose translation depends on where it stands (``"menu"``, ``"setting"``)."""
    return _state.translations.pgettext(context, message)


# -- numbers and dates (Babel's CLDR data) --------------------------------------------------------
def format_number(value: float) -> str:
    """1,840 · 1.840 · 1 840, as the language writes it. (Kept by language and value: the table's
    HUD asks for its few numbers every frame, and Babel takes about 50 µs a number.)"""
    key = (_state.code, type(value), value)
    got = _numbers.get(key)
    if got is None:
        from babel.numbers import format_decimal

        if len(_numbers) > 4096:
            _numbers.clear()
        got = _numbers[key] = format_decimal(value, locale=_state.locale)
    return got


_numbers: dict[tuple[str, type, float], str] = {}


def format_percent(share: float) -> str:
    """A share as a percentage: 60% · 60 % · 60 %."""
    from babel.numbers import format_percent as _babel_format_percent

    return _babel_format_percent(share, locale=_state.locale)


def format_date(day: _dt.date, form: str = "medium") -> str:
    """A date as the language writes it (``short``, ``medium``, ``long``, ``full`` or a pattern)."""
    from babel.dates import format_date as _babel_format_date

    return _babel_format_date(day, format=form, locale=_state.locale)


def month_names(width: str = "wide") -> list[str]:
    """January .. December in the language, standing alone (a calendar's heading)."""
    names = _state.locale.months["stand-alone"][width]
    return [str(names[m]) for m in range(1, 13)]


def weekday_names(width: str = "abbreviated") -> list[str]:
    """Monday .. Sunday in the language, standing alone."""
    names = _state.locale.days["stand-alone"][width]
    return [str(names[d]) for d in range(7)]


def format_day(day: _dt.date, skeleton: str = "MMMEd") -> str:
    """A date in a short form the language orders itself (CLDR skeletons): ``MMMEd`` Tue, Dec 1 ·
    Di., 1. Dez. · вт, 1 дек.; ``MMMd`` Dec 1 · 1. Dez.; ``Md`` 12/1 · 1.12. · 01.12."""
    from babel.dates import format_skeleton

    return format_skeleton(skeleton, day, locale=_state.locale)
