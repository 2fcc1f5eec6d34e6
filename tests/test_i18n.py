"""The player's language (desert_pyramid/i18n.py): the catalogues complete and in step with the
code, every glyph in the font that draws it, the language chosen and its faults, Babel's numbers,
dates and plural forms."""

from __future__ import annotations

import datetime
import functools
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from fontTools.ttLib import TTFont

from desert_pyramid import i18n
from desert_pyramid.app.prefs import Settings
from desert_pyramid.cli import main
from desert_pyramid.i18n import (
    HEADING_FALLBACK,
    LANGUAGES,
    _,
    format_number,
    format_percent,
    match_language,
    month_names,
    ngettext,
    placeholders,
    system_language,
    use_language,
    weekday_names,
)
from desert_pyramid.resources_path import resource_path
from tools.i18n import (
    LOCALE,
    TEMPLATE,
    CompileError,
    check,
    compile_catalogues,
    compiled,
    extract,
    mo_path,
    po_path,
    problems,
    read,
    stale,
    write,
)

TRANSLATED = [code for code in LANGUAGES if code != "en"]
MO_DE = mo_path("de").read_bytes()


@functools.cache
def shipped(path: Path, code: str | None = None) -> Catalog:
    """A shipped catalogue, read once for the module (Babel takes about a second a file); never
    changed by a test."""
    return read(path, code)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


def texts(code: str) -> list[str]:
    """Every translation of a language's catalogue."""
    catalog = shipped(po_path(code), code)
    out: list[str] = []
    for m in catalog:
        if m.id:
            out += list(m.string) if isinstance(m.string, tuple) else [m.string]
    return out


# -- the catalogues ---------------------------------------------------------------------------
def test_every_catalogue_is_complete() -> None:
    assert check(TRANSLATED) == []


def test_the_catalogues_hold_every_marked_text_of_the_code() -> None:
    """A text marked in the code but not extracted (or a .pot left behind) fails here."""
    wanted = {(m.id, m.context) for m in extract() if m.id}
    assert {(m.id, m.context) for m in shipped(TEMPLATE) if m.id} == wanted
    for code in TRANSLATED:
        assert {(m.id, m.context) for m in shipped(po_path(code), code) if m.id} == wanted, code


def test_the_check_finds_untranslated_fuzzy_and_changed_placeholders(tmp_path: Path) -> None:
    catalog = Catalog(locale="de")
    catalog.add("Pyramid {number}", "Pyramide {nummer}")
    catalog.add("{n} cards of %(who)s", "{n} Karten")
    catalog.add("Quit", "")
    catalog.add("Daily", "Tagesspiel", flags=["fuzzy"])
    catalog.add("Settings", "Einstellungen")
    found = problems(catalog, "de")
    assert any("'Pyramid {number}': placeholders" in f for f in found)
    assert any("'{n} cards of %(who)s': placeholders" in f for f in found)
    assert "de: 'Quit' is not translated" in found
    assert "de: 'Daily' is fuzzy" in found
    assert not any("Settings" in f for f in found)
    write(catalog, po_path("de", tmp_path))
    assert check(["de", "fr"], tmp_path)[-1].startswith("fr: ")  # a missing catalogue is named


def test_each_compiled_catalogue_is_what_its_po_compiles_to() -> None:
    """The game reads the committed .mo files: one left behind by an edited or merged .po fails
    here (python tools/i18n.py compile makes them again)."""
    assert stale(TRANSLATED) == []


def test_a_stale_or_missing_compiled_catalogue_is_found(tmp_path: Path) -> None:
    catalog = Catalog(locale="de", fuzzy=False)
    catalog.add("Settings", "Einstellungen")
    write(catalog, po_path("de", tmp_path))
    write(catalog, po_path("fr", tmp_path))
    assert compile_catalogues(["de"], tmp_path) == ["de: wrote de/LC_MESSAGES/desert_pyramid.mo"]
    assert compile_catalogues(["de"], tmp_path) == []  # unchanged: not written again
    assert stale(["de"], tmp_path) == []
    assert stale(["fr"], tmp_path) == [
        "fr: desert_pyramid.mo is missing (run python tools/i18n.py compile)"
    ]
    catalog.add("Quit", "Beenden")  # the .po edited, the .mo not compiled again
    write(catalog, po_path("de", tmp_path))
    assert "is not what its .po compiles to" in stale(["de"], tmp_path)[0]
    mo_path("de", tmp_path).write_bytes(b"not a catalogue")
    assert "cannot be read" in stale(["de"], tmp_path)[0]


def test_a_po_that_cannot_be_compiled_is_named(tmp_path: Path) -> None:
    path = po_path("de", tmp_path)
    with pytest.raises(CompileError, match=r"desert_pyramid\.po: No such file"):
        compiled(path, "de")
    path.parent.mkdir(parents=True)
    path.write_bytes(b'msgid "a"\nmsgid "b"\n')
    with pytest.raises(CompileError, match=r"desert_pyramid\.po: cannot be read: missing msgstr"):
        compiled(path, "de")


def test_placeholders_of_both_styles() -> None:
    assert placeholders("{number} and %(who)s, {{not}} %d") == {"number", "who"}
    assert placeholders("broken {") != placeholders("broken")


#: How many forms each language's ngettext chooses from, and the form for 0, 1, 2, 5, 21, 1000000.
PLURALS = {
    "de": (2, [1, 0, 1, 1, 1, 1]),
    "fr": (2, [0, 0, 1, 1, 1, 1]),  # "0 carte", as French writes it
    "es": (2, [1, 0, 1, 1, 1, 1]),
    "it": (2, [1, 0, 1, 1, 1, 1]),
    "pt_BR": (2, [0, 0, 1, 1, 1, 1]),
    "ru": (3, [2, 0, 1, 2, 0, 2]),
}


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_plural_forms_header(code: str) -> None:
    import gettext

    catalog = shipped(po_path(code), code)
    n, forms = PLURALS[code]
    assert catalog.num_plurals == n
    rule = gettext.c2py(catalog.plural_expr)
    assert [rule(k) for k in (0, 1, 2, 5, 21, 1_000_000)] == forms


def test_each_language_has_a_glossary_of_the_games_terms() -> None:
    terms = ("Satchel", "Expedition", "Daily", "Practice", "chain", "pyramid", "stock")
    terms += ("waste", "relic", "card back")
    for code in TRANSLATED:
        text = (LOCALE / code / "glossary.md").read_text(encoding="utf-8")
        for term in terms:
            assert f"| {term} |" in text, (code, term)


# -- the fonts --------------------------------------------------------------------------------
def cmap(file: str) -> set[int]:
    return set(TTFont(str(resource_path("fonts", file))).getBestCmap())


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_glyph_is_in_the_font_that_draws_it(code: str) -> None:
    """The body (Liberation Sans, both faces) draws every text; headings use League Spartan, or
    the body's bold face for the languages of HEADING_FALLBACK."""
    english = [
        t for m in shipped(TEMPLATE) if m.id for t in ([m.id] if isinstance(m.id, str) else m.id)
    ]
    own = texts(code) if code != "en" else english  # a plural's id is (singular, plural)
    shown = {ord(c) for t in own for c in t if not c.isspace()}
    names = {ord(c) for name in LANGUAGES.values() for c in name}  # the Language row: body font
    for file in ("Liberation_Sans_Regular.ttf", "Liberation_Sans_Bold.ttf"):
        missing = sorted(chr(c) for c in (shown | names) - cmap(file))
        assert missing == [], (code, file, missing)
    spartan = cmap("League_Spartan_Bold.otf")
    letters = {c for c in shown if chr(c).isalnum()}
    if code in HEADING_FALLBACK:
        assert letters - spartan, f"{code} needs no fallback: League Spartan has its letters"
        # its headings' font (Manrope Bold) has every letter of its texts
        missing = sorted(chr(c) for c in letters - cmap("Manrope_Bold.ttf"))
        assert missing == [], (code, "Manrope_Bold.ttf", missing)
    else:
        assert sorted(chr(c) for c in letters - spartan) == [], code


def test_league_spartan_has_no_cyrillic() -> None:
    """Why Russian headings are set in Manrope Bold (ui/base/fonts.py heading_font), whose licence
    ships beside it."""
    from desert_pyramid.resources_path import resource_path

    assert ord("Н") not in cmap("League_Spartan_Bold.otf")
    assert ord("Н") in cmap("Manrope_Bold.ttf")
    licence = resource_path("fonts", "OFL-Manrope.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Manrope" in licence
    assert "Manrope_Bold.ttf" in resource_path("fonts", "LICENSES.md").read_text(encoding="utf-8")


# -- choosing the language and its faults -------------------------------------------------------
def test_translations_apply_and_english_is_the_source() -> None:
    assert use_language("de") is None
    assert i18n.current_language() == "de"
    assert _("Settings") == "Einstellungen"
    assert _("a text no catalogue has") == "a text no catalogue has"
    assert use_language("ru") is None
    assert _("Settings") == "Настройки"
    assert use_language("en") is None
    assert _("Settings") == "Settings"


@pytest.mark.parametrize("code", ["xx", "", "EN", "de\x00", "١", "9" * 5000, "../ru"])
def test_an_unknown_language_is_english_and_said_once(code: str) -> None:
    use_language("de")
    notice = use_language(code)
    assert notice is not None and "English" in notice and "\n" not in notice
    assert len(notice) < 200
    assert i18n.current_language() == "en"
    assert _("Settings") == "Settings"


def install(catalog: Catalog, root: Path) -> None:
    """A catalogue where the game reads it: its .po, and the .mo compiled from it."""
    code = str(catalog.locale)
    write(catalog, po_path(code, root))
    mo_path(code, root).write_bytes(compiled(po_path(code, root), code))


def test_a_missing_catalogue_leaves_english(tmp_path: Path) -> None:
    notice = use_language("de", root=tmp_path)
    assert notice is not None and "'de'" in notice and "missing" in notice
    assert _("Settings") == "Settings"


@pytest.mark.parametrize(
    "content",
    [
        b"\xff\xfe\x00garbage\x00",
        b'msgid "Settings"\nmsgstr "Einstellungen"\n',  # the .po where the .mo should be
        b"\xde\x12\x04\x95\x00\x00\x00\x00",  # a .mo cut short after its magic number
        b"",
        MO_DE[:5000],  # a real one cut short
        MO_DE[:8] + b"\xff" * 20 + MO_DE[28:],  # its tables' offsets past the end of the file
    ],
)
def test_a_damaged_catalogue_leaves_english(tmp_path: Path, content: bytes) -> None:
    path = mo_path("de", tmp_path)
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    notice = use_language("de", root=tmp_path)
    assert notice is not None and "English" in notice and "'de'" in notice
    assert "\n" not in notice and len(notice) < 200
    assert i18n.current_language() == "en" and _("Settings") == "Settings"


@pytest.mark.parametrize("content", [b'msgid "Settings"\nmsgstr "Einstellungen\n', b""])
def test_a_po_babel_reads_leniently_compiles_to_what_it_kept(
    tmp_path: Path, content: bytes
) -> None:
    """Babel's reader keeps what it can of a cut .po (an unclosed quote, no entries): its .mo holds
    that, and the game shows English for the rest."""
    path = po_path("de", tmp_path)
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    mo_path("de", tmp_path).write_bytes(compiled(path, "de"))
    assert use_language("de", root=tmp_path) is None
    assert isinstance(_("Settings"), str) and _("Quit") == "Quit"


def test_a_catalogue_that_is_a_folder_leaves_english(tmp_path: Path) -> None:
    mo_path("de", tmp_path).mkdir(parents=True)
    assert use_language("de", root=tmp_path) is not None
    assert _("Settings") == "Settings"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_catalogue_that_is_a_fifo_leaves_english_without_waiting(tmp_path: Path) -> None:
    path = mo_path("de", tmp_path)
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    notice = use_language("de", root=tmp_path)
    assert notice is not None and "not a file" in notice
    assert _("Settings") == "Settings"


def test_a_catalogue_through_a_symlink_is_read(tmp_path: Path) -> None:
    real = mo_path("de")
    link = mo_path("de", tmp_path)
    link.parent.mkdir(parents=True)
    link.symlink_to(real)
    assert use_language("de", root=tmp_path) is None and _("Settings") == "Einstellungen"


def test_a_translation_with_other_placeholders_is_left_out(tmp_path: Path) -> None:
    catalog = Catalog(locale="de")
    catalog.add("Pyramid {number}", "Pyramide {nummer}")
    catalog.add("Settings", "Einstellungen")
    install(catalog, tmp_path)
    assert use_language("de", root=tmp_path) is None
    assert _("Settings") == "Einstellungen"
    assert _("Pyramid {number}").format(number=3) == "Pyramid 3"  # never a KeyError


def test_russian_plurals_have_three_forms(tmp_path: Path) -> None:
    shipped = read(po_path("ru"), "ru")
    catalog = Catalog(locale="ru", fuzzy=False)
    catalog._set_mime_headers(shipped.mime_headers)  # the shipped Plural-Forms
    catalog.add(
        ("{n} pyramid cleared", "{n} pyramids cleared"),
        ("{n} пирамида пройдена", "{n} пирамиды пройдены", "{n} пирамид пройдено"),
    )
    install(catalog, tmp_path)
    assert use_language("ru", root=tmp_path) is None
    said = {
        n: ngettext("{n} pyramid cleared", "{n} pyramids cleared", n).format(n=n)
        for n in (1, 3, 5, 11, 21, 22, 25, 112)
    }
    assert said[1] == "1 пирамида пройдена" and said[21] == "21 пирамида пройдена"
    assert said[3] == "3 пирамиды пройдены" and said[22] == "22 пирамиды пройдены"
    assert said[5] == said[5].replace("5", "5") == "5 пирамид пройдено"
    assert said[11] == "11 пирамид пройдено" and said[112] == "112 пирамид пройдено"
    use_language("en")
    assert ngettext("{n} pyramid cleared", "{n} pyramids cleared", 1).format(n=1) == (
        "1 pyramid cleared"
    )


def test_numbers_dates_and_names_follow_the_language() -> None:
    day = datetime.date(2026, 3, 7)
    assert (format_number(1840), format_percent(0.6)) == ("1,840", "60%")
    assert use_language("de") is None
    assert format_number(1840) == "1.840"
    assert format_percent(0.6) == "60\xa0%"
    assert i18n.format_date(day, "long") == "7. März 2026"
    assert month_names()[2] == "März" and weekday_names()[0] == "Mo"
    assert use_language("fr") is None
    assert format_number(1840) == "1\u202f840"
    assert use_language("ru") is None
    assert month_names()[0] == "январь" and weekday_names("wide")[6] == "воскресенье"


@pytest.mark.parametrize(
    ("env", "code"),
    [
        ({"LANG": "de_AT.UTF-8"}, "de"),
        ({"LANG": "fr_CA.UTF-8"}, "fr"),
        ({"LC_ALL": "ru_RU.UTF-8", "LANG": "de_DE.UTF-8"}, "ru"),
        ({"LANGUAGE": "pt_PT:en", "LANG": "en_US.UTF-8"}, "pt_BR"),
        ({"LANGUAGE": "ja:it", "LANG": "C"}, "it"),
        ({"LANG": "pt-BR"}, "pt_BR"),
        ({"LANG": "ja_JP.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({}, "en"),
        ({"LANG": "💥_??"}, "en"),
        ({"LANG": "x" * 5000}, "en"),
        ({"LANG": "es_ES@euro"}, "es"),
    ],
)
def test_the_systems_language(env: dict[str, str], code: str) -> None:
    assert system_language(env) == code


def test_windows_locale_names() -> None:
    assert match_language("German_Germany") == "de"
    assert match_language("Russian_Russia") == "ru"
    assert match_language("Japanese_Japan") is None


# -- the setting and the command line ----------------------------------------------------------
def test_the_language_is_saved_with_the_settings() -> None:
    s = Settings.from_dict({**Settings(volume=0.3).to_dict(), "language": "ru"})
    assert (s.language, s.volume) == ("ru", 0.3)
    gone = Settings.from_dict({"language": "tlh", "volume": 0.3})  # kept: the window says so
    assert (gone.language, gone.volume) == ("tlh", 0.3)
    assert Settings.from_dict({}).language == ""


def test_an_unknown_lang_option_is_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for value in ("xx", "Deutsch", "d\u0435", "9" * 5000, "pt", "pt_PT", "de\n", ""):
        assert main(["--lang", value, "--headless", "--frames", "1"]) == 2
        err = capsys.readouterr().err
        assert err.startswith("desert-pyramid: error: --lang must be one of en, de, fr, es, it,")
        assert err.count("\n") == 1 and len(err) < 300


def test_the_lang_option_takes_any_spelling_of_a_code() -> None:
    import argparse

    from desert_pyramid.commands.play import options_from_args, register_root

    parser = argparse.ArgumentParser()
    register_root(parser)
    for value, code in (("pt-BR", "pt_BR"), ("PT_br", "pt_BR"), ("RU", "ru"), ("de", "de")):
        args = parser.parse_args(["--lang", value, "--headless", "--frames", "1"])
        assert options_from_args(args).lang == code
