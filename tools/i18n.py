"""The translation catalogues: extract, update, check (docs/translations.md).

A maintainer tool, not part of the game at run time::

    python tools/i18n.py extract      # the marked texts of desert_pyramid/ and the texts of How to
                                      # play (resources/rules/*.toml) and of the game's layouts
                                      # (resources/layouts/*.toml) -> resources/locale/desert_pyramid.pot
    python tools/i18n.py update       # each language's .po brought up to the .pot (new: empty;
                                      # changed: fuzzy); a missing language is started
    python tools/i18n.py fill REF [--base B]  # entries still empty here take their translation
                                      # from git revision REF (after a merge conflict); with the
                                      # merge base B, REF's revisions of entries this side left
                                      # unchanged too
    python tools/i18n.py check        # exit 1 listing every untranslated or fuzzy entry and
                                      # every placeholder that differs from its message
    python tools/i18n.py compile      # each language's .po -> the .mo beside it, which the game
                                      # reads (update and fill compile too)

The game reads the compiled catalogues (``LC_MESSAGES/desert_pyramid.mo``, committed beside each
``.po``; desert_pyramid/i18n): the wheel and the standalone folder ship them and leave the ``.po``,
the template and the glossaries out. ``tests/test_i18n.py`` fails when a ``.mo`` is not what its
``.po`` compiles to: after editing a ``.po`` (or merging one), run ``compile``.
"""

from __future__ import annotations

import argparse
import gettext
import io
import os
import sys
import tomllib
from collections.abc import Sequence
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from desert_pyramid.catalog import (  # noqa: E402
    LAYOUT_DESCRIPTION_CONTEXT,
    LAYOUT_NAME_CONTEXT,
)
from desert_pyramid.content.localized import RULES_CONTEXT, markup_problem  # noqa: E402
from desert_pyramid.i18n import DOMAIN, LANGUAGES, SOURCE, placeholders  # noqa: E402

LOCALE = ROOT / "resources" / "locale"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
PROJECT = "Desert Pyramid"
#: GNU gettext's plural rules (its manual's table), not Babel's CLDR-derived three-form ones for
#: French, Spanish, Italian and Portuguese (whose third form is for exact millions: "1 000 000 de
#: cartes"): a count in the game never needs it, and translators' tools expect these.
PLURAL_FORMS = {
    "de": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "it": "nplurals=2; plural=(n != 1);",
    "pt_BR": "nplurals=2; plural=(n > 1);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || "
    "n%100>=20) ? 1 : 2);",
}


#: gettext's names, and desert_pyramid/i18n/say.py's sentences: tell (like _), tell_n (like
#: ngettext), tell_p (like pgettext).
KEYWORDS = {**DEFAULT_KEYWORDS, "tell": None, "tell_n": (1, 2), "tell_p": ((1, "c"), 2)}


def po_path(code: str, root: Path = LOCALE) -> Path:
    return root / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str, root: Path = LOCALE) -> Path:
    """The compiled catalogue beside the ``.po``: what the game reads."""
    return root / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


class CompileError(Exception):
    """A ``.po`` that cannot be compiled; the message names the file and says why."""


def compiled(path: Path, code: str) -> bytes:
    """The ``.mo`` the game reads, made from a language's ``.po``. Fuzzy entries are left out, and
    so is a translation with a placeholder its message lacks (the English shows there instead of a
    KeyError when the text is formatted)."""
    try:
        with path.open("rb") as fh:
            catalog = read_po(fh, locale=code, domain=DOMAIN, abort_invalid=True)
    except OSError as exc:
        raise CompileError(f"{path}: {exc.strerror or exc}") from None
    except Exception as exc:  # read_po raises several kinds on a damaged file
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise CompileError(f"{path}: cannot be read: {first}") from None
    for message in list(catalog):
        if not message.id:  # the header
            continue
        ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        string = message.string or ""
        strings = (string,) if isinstance(string, str) else tuple(string)
        want = set().union(*(placeholders(i) for i in ids))
        if any(s and placeholders(s) - want for s in strings):
            catalog.delete(message.id, message.context)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def compile_catalogues(codes: Sequence[str], root: Path = LOCALE) -> list[str]:
    """Each language's ``.mo`` made anew from its ``.po`` (written only where it changes)."""
    said = []
    for code in codes:
        data = compiled(po_path(code, root), code)
        target = mo_path(code, root)
        if target.is_file() and target.read_bytes() == data:
            continue
        temporary = target.with_suffix(".mo.tmp")
        temporary.write_bytes(data)
        os.replace(temporary, target)
        said.append(f"{code}: wrote {target.relative_to(root).as_posix()}")
    return said


def _meaning(data: bytes) -> tuple[dict[object, str], dict[str, str]]:
    """A ``.mo``'s messages and header fields, as gettext reads them, without the Babel version
    that wrote it (``Generated-By``): two Babel releases write the same catalogue alike."""
    translations = gettext.GNUTranslations(io.BytesIO(data))
    messages = {k: v for k, v in translations._catalog.items() if k != ""}  # type: ignore[attr-defined]
    info = {k: v for k, v in translations._info.items() if k != "generated-by"}  # type: ignore[attr-defined]
    return messages, info


def stale(codes: Sequence[str], root: Path = LOCALE) -> list[str]:
    """The languages whose ``.mo`` is missing, or holds other messages than its ``.po`` compiles
    to, one line each saying so and what to run."""
    found = []
    for code in codes:
        target = mo_path(code, root)
        if not target.is_file():
            found.append(f"{code}: {target.name} is missing (run python tools/i18n.py compile)")
            continue
        try:
            same = _meaning(target.read_bytes()) == _meaning(compiled(po_path(code, root), code))
        except (OSError, ValueError) as exc:  # a damaged .mo: gettext's "Bad magic number"...
            found.append(f"{code}: {target.name} cannot be read ({exc}; run compile)")
            continue
        if not same:
            found.append(
                f"{code}: {target.name} is not what its .po compiles to "
                "(run python tools/i18n.py compile)"
            )
    return found


def extract(source: Path = ROOT / "desert_pyramid") -> Catalog:
    """Every text marked with ``_``, ``N_``, ``ngettext``, ``pgettext``... in the package."""
    template = Catalog(project=PROJECT, domain=DOMAIN, charset="utf-8", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(source),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("TRANSLATORS:",),
        strip_comment_tags=True,
    ):
        path = f"desert_pyramid/{Path(filename).as_posix()}"
        template.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    # Texts with inline markup written in the code: rules_paragraph("...") (content/localized.py)
    # translates them with the rules' context, so the markup check covers them.
    for filename, lineno, message, comments, _context in extract_from_dir(
        str(source),
        method_map=[("**.py", "python")],
        keywords={"rules_paragraph": None},
        comment_tags=("TRANSLATORS:",),
        strip_comment_tags=True,
    ):
        path = f"desert_pyramid/{Path(filename).as_posix()}"
        template.add(message, None, [(path, lineno)], auto_comments=comments, context=RULES_CONTEXT)
    for text, context, where, note in content_texts():
        _add(template, text, context, where, note)
    return template


def _add(template: Catalog, text: str, context: str, where: str, note: str) -> None:
    """One text of a data file; the same text at several places is one message, every place noted."""
    existing = template.get(text, context)
    if existing is None:
        template.add(text, None, [(where, 0)], auto_comments=[note], context=context)
        return
    if (where, 0) not in existing.locations:
        existing.locations.append((where, 0))
    if note not in existing.auto_comments:
        existing.auto_comments.append(note)


RULES = ROOT / "resources" / "rules"
LAYOUTS = ROOT / "resources" / "layouts"
#: The rules files whose texts are extracted (each joins once its translations are in).
_RULE_FILES: tuple[str, ...] = ("how_to_play", "variations", "glossary", "quiz")


class ExtractError(Exception):
    """A data file the extractor cannot read; the message names it and says why."""


def _toml(path: Path) -> dict[str, object]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise ExtractError(f"{path.name}: not valid TOML ({exc})") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ExtractError(f"{path.name}: cannot be read ({exc})") from None


def content_texts(
    rules: Path | None = None, layouts: Path | None = None
) -> list[tuple[str, str, str, str]]:
    """Every text a player reads in How to play and in the game's layouts, as ``(text, context,
    file, note)``: each paragraph, title, caption, question, choice and explanation one message
    (translators get whole paragraphs, inline markup as written), each layout's name and
    description one message. The note says where the text stands (``how_to_play: section
    'pairs' (Card values...) paragraph 2``)."""
    out: list[tuple[str, str, str, str]] = []

    def walk(value: object, file: str, where: str) -> None:
        if isinstance(value, str):
            out.append((value, RULES_CONTEXT, file, where))
        elif isinstance(value, list):
            strings = [v for v in value if isinstance(v, str)]
            for i, item in enumerate(value, start=1):
                walk(item, file, f"{where} {i}" if len(strings) > 1 else where)
        elif isinstance(value, dict):
            for key, item in value.items():
                if key in _NOT_WORDS:
                    continue
                if isinstance(item, list) and item and all(isinstance(t, dict) for t in item):
                    for i, table in enumerate(item, start=1):
                        name = table.get("id") if isinstance(table.get("id"), str) else str(i)
                        walk(table, file, f"{where}{' ' if where else ''}{key} '{name}'")
                else:
                    word = _SINGULAR.get(key, key) if isinstance(item, list) else key
                    walk(item, file, f"{where}{' ' if where else ''}{word}")

    for name in _RULE_FILES:
        file = f"resources/rules/{name}.toml"
        walk(_toml((rules or RULES) / f"{name}.toml"), file, f"{name}:")
    for path in sorted((layouts or LAYOUTS).glob("[0-9][0-9][0-9]_*.toml")):
        data = _toml(path)
        file = f"resources/layouts/{path.name}"
        number = data.get("number")
        for key, context in (
            ("name", LAYOUT_NAME_CONTEXT),
            ("description", LAYOUT_DESCRIPTION_CONTEXT),
        ):
            text = data.get(key)
            if isinstance(text, str) and text:
                out.append((text, context, file, f"layout {number} {key}"))
    return out


_SINGULAR = {"paragraphs": "paragraph", "other_names": "other name"}
#: Keys of the rules files that hold data, not words (ids, card codes, presets, numbers).
_NOT_WORDS = frozenset(
    {
        "schema",
        "id",
        "preset",
        "options",
        "deal",
        "cards",
        "highlight",
        "action",
        "removed",
        "free",
        "rows",
        "layout",
        "score",
        "correct",
    }
)


def write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fh:
        # Sorted by message, locations without line numbers: an entry moves only when its text does,
        # so two branches that each add texts merge without conflicts in the catalogues.
        write_po(
            fh,
            catalog,
            width=100,
            omit_header=False,
            sort_output=True,
            ignore_obsolete=True,
            include_lineno=False,
        )


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as fh:
        return read_po(fh, locale=locale, domain=DOMAIN)


def update(template: Catalog, codes: Sequence[str], root: Path = LOCALE) -> list[str]:
    """Each language's catalogue brought up to the template; returns what changed, one a line."""
    said = []
    for code in codes:
        path = po_path(code, root)
        if path.exists():
            catalog = read(path, code)
        else:
            catalog = Catalog(locale=code, project=PROJECT, domain=DOMAIN, fuzzy=False)
            said.append(f"{code}: started {path.relative_to(root)}")
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[code])]
        write(catalog, path)
        said.append(f"{code}: {len([m for m in catalog if m.id])} messages")
    return said


def problems(catalog: Catalog, code: str) -> list[str]:
    """Untranslated and fuzzy entries, and translations whose placeholders differ."""
    found = []
    for m in catalog:
        if not m.id:
            continue
        where = f"{code}: {m.id if isinstance(m.id, str) else m.id[0]!r}"
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy:
            found.append(f"{where} is fuzzy")
        if not all(strings):
            found.append(f"{where} is not translated")
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        want = set().union(*(placeholders(i) for i in ids))
        for s in strings:
            if s and placeholders(s) != want and not _plural_drops_count(m, s, want):
                found.append(f"{where}: placeholders {sorted(placeholders(s))} != {sorted(want)}")
            elif s and m.context == RULES_CONTEXT:
                problem = markup_problem(ids[0], s)
                if problem:
                    found.append(f"{where}: {problem}")
    return found


def _plural_drops_count(m: Message, s: str, want: set[str]) -> bool:
    """A plural form may leave out the count ("одна карта" for 1) but never add a name."""
    return m.pluralizable and placeholders(s) < want and placeholders(s) >= want - {"n", "count"}


def check(codes: Sequence[str], root: Path = LOCALE) -> list[str]:
    found = []
    template = read(root / f"{DOMAIN}.pot") if (root / f"{DOMAIN}.pot").exists() else None
    for code in codes:
        path = po_path(code, root)
        if not path.exists():
            found.append(f"{code}: {path} is missing")
            continue
        catalog = read(path, code)
        found += problems(catalog, code)
        if code in PLURAL_FORMS and catalog.plural_forms != PLURAL_FORMS[code]:
            found.append(f"{code}: Plural-Forms is not {PLURAL_FORMS[code]!r} (run update)")
        if template is not None:
            ids = {(m.id, m.context) for m in catalog if m.id}
            found += [
                f"{code}: {m.id!r} is in the template, not in the catalogue (run update)"
                for m in template
                if m.id and (m.id, m.context) not in ids
            ]
    return found


def _at(ref: str, path: Path, code: str) -> dict[tuple[object, object], Message] | None:
    """The catalogue ``path`` as git revision ``ref`` has it, by (message, context)."""
    import io
    import subprocess

    rel = path.relative_to(ROOT).as_posix()
    shown = subprocess.run(
        ["git", "show", f"{ref}:{rel}"], cwd=ROOT, capture_output=True, check=False
    )
    if shown.returncode != 0:
        return None
    return {(m.id, m.context): m for m in read_po(io.BytesIO(shown.stdout), locale=code) if m.id}


def _done(m: Message) -> bool:
    strings = m.string if isinstance(m.string, tuple) else (m.string,)
    return all(strings) and not m.fuzzy


def fill(ref: str, codes: Sequence[str], root: Path = LOCALE, base: str | None = None) -> list[str]:
    """Entries without a translation (or fuzzy) take the one the catalogues at git revision ``ref``
    give the same message and context: how a merge conflict between two branches' catalogues is
    resolved (keep one side, ``update``, then ``fill`` from the other). With ``base`` (the merge
    base), an entry this side left as it was there takes ``ref``'s revision of it too."""
    said = []
    for code in codes:
        path = po_path(code, root)
        theirs = _at(ref, path, code)
        if theirs is None or not path.exists():
            said.append(f"{code}: nothing to fill from {ref}")
            continue
        before = (_at(base, path, code) or {}) if base else {}
        catalog = read(path, code)
        filled = revised = 0
        for m in catalog:
            if not m.id:
                continue
            other = theirs.get((m.id, m.context))
            if other is None or not _done(other) or other.string == m.string:
                continue
            if not _done(m):
                filled += 1
            else:
                old = before.get((m.id, m.context))
                if old is None or old.string != m.string:
                    continue  # this side revised it (or never had it): keep this side's
                revised += 1
            m.string = other.string
            m.flags.discard("fuzzy")
        write(catalog, path)
        said.append(f"{code}: {filled} filled, {revised} revised from {ref}")
    return said


def _keep_date(template: Catalog) -> None:
    """The template keeps its creation date while its texts are the same: an update that changes
    nothing writes nothing, and two branches do not conflict over a date in every header."""
    if not TEMPLATE.exists():
        return
    old = read(TEMPLATE)

    def texts(c: Catalog) -> set[tuple[object, object, tuple[str, ...]]]:
        return {(m.id, m.context, tuple(m.auto_comments)) for m in c if m.id}

    if texts(old) == texts(template):
        template.creation_date = old.creation_date


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="i18n.py", description=__doc__.split("\n")[0])
    parser.add_argument("action", choices=("extract", "update", "check", "fill", "compile"))
    parser.add_argument("ref", nargs="?", help="fill: the git revision to take translations from")
    parser.add_argument("--base", help="fill: the merge base (take the revision's changes too)")
    args = parser.parse_args(argv)
    codes = [c for c in LANGUAGES if c != SOURCE]
    if args.action == "fill":
        if not args.ref:
            parser.error("fill needs a git revision (a branch, MERGE_HEAD...)")
        print("\n".join(fill(args.ref, codes, base=args.base)))
        return _compile(codes)
    if args.action == "compile":
        return _compile(codes)
    if args.action in ("extract", "update"):
        try:
            template = extract()
        except ExtractError as exc:
            print(f"i18n.py: error: {exc}", file=sys.stderr)
            return 1
        _keep_date(template)
        write(template, TEMPLATE)
        print(f"{TEMPLATE.relative_to(ROOT)}: {len([m for m in template if m.id])} messages")
        if args.action == "update":
            print("\n".join(update(template, codes)))
            return _compile(codes)
        return 0
    found = check(codes)
    print("\n".join(found) if found else f"{len(codes)} catalogues complete")
    return 1 if found else 0


def _compile(codes: Sequence[str]) -> int:
    try:
        said = compile_catalogues(codes)
    except CompileError as exc:
        print(f"i18n.py: error: {exc}", file=sys.stderr)
        return 1
    print("\n".join(said) if said else f"{len(codes)} compiled catalogues up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
