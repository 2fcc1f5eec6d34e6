"""Maintainer tool: the sweep for texts still drawn in English (issue 25).

Every screen ``--screen`` accepts (and the Daily, an Expedition table, a replay) is opened in a
language that is not English, a few frames are drawn with the layout audit on, and every drawn
text (texts, buttons' labels, the HUD's badges) is checked: a text that holds a word of the
catalogues' English (a word of some message that no translation of that language uses) is
reported. Numbers, codes (DP-...), card indices (Q♠), key names (Esc, F1) and a player's own
layout names hold no such word, and a word both languages spell alike (``Desert``, ``Expedition``
in a glossary) is used by some translation, so neither is reported.

    python tools/english_left.py                 # German, every screen
    python tools/english_left.py --lang ru --screens title settings
    python tools/english_left.py --moments --damaged   # also a hint, the coach, a stuck deal,
                                                       # a win, How to play, broken files

Prints one line per English text found (``screen: 'text' (words)``) and exits 1 when any is.
``tests/ui/test_no_english_left.py`` runs the same check over a handful of screens.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "resources" / "locale"
DOMAIN = "desert_pyramid"

#: Words a drawn text may hold although they are English, with the reason.
ALLOWED: dict[str, str] = {
    "Desert": "the game's name (Desert Pyramid) is kept in every language",
    "Pyramid": "the game's name (Desert Pyramid) is kept in every language",
    "DP": "the prefix of a deal or game code",
    "Esc": "a key's name, printed on the keyboard",
    "Enter": "a key's name, printed on the keyboard",
    "Tab": "a key's name, printed on the keyboard",
    "Shift": "a key's name, printed on the keyboard",
    "Ctrl": "a key's name, printed on the keyboard",
    "Space": "a key's name, printed on the keyboard",
    "Home": "a key's name, printed on the keyboard",
    "End": "a key's name, printed on the keyboard",
    "English": "the Language row names each language in itself",
    "System": "the Language row's 'System' when the catalogue keeps it (checked as a message)",
}

_WORD = re.compile(r"[A-Za-z][A-Za-z']*[A-Za-z]|[A-Za-z]")
#: Left out of a text's words: placeholders, markup, file names (difficulty.toml), and deal, game
#: and layout codes (DP-3MY-002G-9NG9: their letters are base-32 digits, "MY" is no word).
_FIELD = re.compile(
    r"\{[^{}]*\}|%\([^)]*\)[a-z]|\*\*|[\w-]+\.(?:toml|json|png|txt)\b|\bD[PGL][0-9]?-[0-9A-Za-z-]+"
)


def words(text: str) -> set[str]:
    """The words of ``text`` made of Latin letters (placeholders and markup left out)."""
    return {w.strip("'") for w in _WORD.findall(_FIELD.sub(" ", text)) if len(w.strip("'")) > 1}


@dataclass(frozen=True)
class Vocabulary:
    """The English words of the catalogues that the language ``code`` never uses itself."""

    english_only: frozenset[str]
    translations: frozenset[str]  # every translation of the language, whole

    def english_in(self, text: str) -> list[str]:
        """The words of ``text`` that are the catalogues' English (empty: nothing English)."""
        if text.strip() in self.translations:
            return []
        allowed = {w.casefold() for w in ALLOWED}
        return sorted(
            w
            for w in words(text)
            if w.casefold() in self.english_only and w.casefold() not in allowed
        )


@lru_cache(maxsize=8)
def vocabulary(code: str, root: Path = LOCALE) -> Vocabulary:
    from babel.messages.pofile import read_po

    with (root / code / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as f:
        catalog = read_po(f, locale=code)
    english: set[str] = set()
    native: set[str] = set()
    whole: set[str] = set()
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, (tuple, list)) else (m.id,)
        strs = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        for s in ids:
            english |= {w.casefold() for w in words(s)}
        for s in strs:
            if s:
                native |= {w.casefold() for w in words(s)}
                whole.add(s.strip())
    return Vocabulary(frozenset(english - native), frozenset(whole))


# -- the sweep through the real window -----------------------------------------------------------

#: What the sweep opens besides the --screen names: a table in these modes.
EXTRA = ("daily", "expedition", "clock")


def damage(save_dir: Path) -> None:
    """Files a player may break by hand, so that the title's notices are drawn: a layout file far
    too large, one that is not TOML, one without its slots, an empty one, a damaged difficulty
    file, a damaged save."""
    from desert_pyramid.storage.layouts import DIFFICULTY_FILE, LAYOUT_FILE_MAX, LAYOUTS_DIR

    folder = save_dir / LAYOUTS_DIR
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "101_huge.toml").write_bytes(b"#" * (LAYOUT_FILE_MAX + 1))
    (folder / "102_broken.toml").write_text("this is [not toml", encoding="utf-8")
    (folder / "103_wrong.toml").write_text(
        'schema = 1\nnumber = 103\nname = "x"\n', encoding="utf-8"
    )
    (folder / "104_empty.toml").write_text("", encoding="utf-8")
    (folder / DIFFICULTY_FILE).write_text("[[[", encoding="utf-8")
    (save_dir / "save.toml").write_text("[[[", encoding="utf-8")


def drawn_texts(app: object, frames: int = 3) -> list[str]:
    """The texts the window draws in ``frames`` frames (texts, buttons' labels, badges)."""
    from desert_pyramid.ui.base import audit

    parts = audit.record_frames(app.step, frames)  # type: ignore[attr-defined]
    seen: list[str] = []
    for p in parts:
        if p.kind == audit.BUTTON and p.layer == audit.TABLE:
            continue  # the table's buttons are named by their ids; their labels are texts
        if p.kind in (audit.TEXT, audit.BUTTON, "badge") and p.name not in seen:
            seen.append(p.name)
    return seen


#: The moments the sweep stages at a Practice table (``--moments``).
MOMENTS = ("hint", "coach", "stuck", "won", "howto pages", "worked example")


def moments(app: Any) -> Iterator[tuple[str, list[str]]]:
    """Each of :data:`MOMENTS` staged at a table in ``app``, with the texts then drawn."""
    import time

    import arcade

    from desert_pyramid.catalog import get_layout
    from desert_pyramid.engine import DESERT, Deal
    from desert_pyramid.solver import solve

    def until(done: Callable[[], bool], seconds: float = 30.0) -> None:
        end = time.monotonic() + seconds
        while not done() and time.monotonic() < end:
            app.step()
            time.sleep(0.01)

    def table(seed: int = 5, moves: int = 0) -> Any:
        app.start_practice(DESERT, get_layout(1), Deal.from_seed(seed))
        t = app.table
        for move in solve(t.game, 300_000).line[:moves]:
            t.apply(t.control.play(move))
        return t

    t = table(moves=14)
    t.ask_hint()
    until(lambda: bool(t.hint_places))
    yield "hint", drawn_texts(app)
    from gallery import king_seed

    t = table(seed=king_seed())
    t.apply(t.control.flip())  # a flip while a king is free: the coach speaks
    yield "coach", drawn_texts(app, 20)
    t = table(seed=1)
    while not t.game.is_stuck() and not t.game.won:
        t.apply(t.control.play(t.game.legal_moves()[-1]))
    yield "stuck", drawn_texts(app, 60)
    t = table()
    for move in solve(t.game, 300_000).line:
        t.apply(t.control.play(move))
    drawn_texts(app, 30)
    if type(app.current_view).__name__ != "ResultsView":
        t.finish()
    until(lambda: type(app.current_view).__name__ == "ResultsView", 20)
    yield "won", drawn_texts(app)
    app.show_howto(app.current_view)
    texts = drawn_texts(app)
    for _ in range(8):  # the next pages of How to play
        app.current_view.on_key_press(arcade.key.RIGHT, 0)
        texts += drawn_texts(app)
    yield "howto pages", texts
    app.current_view.on_key_press(arcade.key.W, 0)  # the worked example of this page
    yield "worked example", drawn_texts(app, 10)


def sweep(
    lang: str,
    screens: Iterable[str],
    size: tuple[int, int] = (1280, 720),
    damaged: bool = False,
    staged: bool = False,
) -> dict[str, list[tuple[str, list[str]]]]:
    """For each screen, the drawn texts in ``lang`` that hold English words, with those words."""
    os.environ.setdefault("ARCADE_HEADLESS", "1")
    from dataclasses import replace

    import desert_pyramid.ui  # noqa: F401  (before Arcade)
    from desert_pyramid.app.prefs import Settings
    from desert_pyramid.i18n import use_language
    from desert_pyramid.ui.window import (
        GameApp,
        RunOptions,
        choose_language,
        notice_own_layouts,
        start,
    )

    vocab = vocabulary(lang)
    found: dict[str, list[tuple[str, list[str]]]] = {}
    with tempfile.TemporaryDirectory() as saves:
        if damaged:
            damage(Path(saves))
        options = RunOptions(
            size=size,
            headless=True,
            frames=3,
            full_redraw=True,
            save_dir=saves,
            lang=lang,
            settings=Settings(animation_speed=0, mute=True),
        )
        use_language(lang)  # as ui/window.py's run(): before the saves are read
        app = GameApp(options)
        if app.saves.store is None:
            app.application.open_saves(background=False)
        choose_language(app, options)
        notice_own_layouts(app)
        for what in screens:
            if what in ("daily", "expedition", "clock"):
                opts = replace(options, mode=what)
            else:
                opts = replace(options, screen=what)
            app.options = opts
            start(app, opts)
            texts = drawn_texts(app)
            found[what] = [(t, e) for t in texts if (e := vocab.english_in(t))]
        if staged:
            for what, texts in moments(app):
                found[what] = [(t, e) for t in dict.fromkeys(texts) if (e := vocab.english_in(t))]
        app.close()
    return found


def main(argv: Sequence[str] | None = None) -> int:
    from desert_pyramid.app.screens import STARTING

    parser = argparse.ArgumentParser(prog="english_left.py", description=__doc__.split("\n")[0])
    parser.add_argument("--lang", default="de", help="the language to sweep (default de)")
    parser.add_argument("--screens", nargs="*", help="the screens (default: every one)")
    parser.add_argument(
        "--damaged", action="store_true", help="break the save and layout files first (notices)"
    )
    parser.add_argument(
        "--moments", action="store_true", help="stage a hint, the coach, a stuck deal, a win..."
    )
    parser.add_argument("--size", default="1280x720", help="the window's size (default 1280x720)")
    args = parser.parse_args(argv)
    w, h = (int(x) for x in args.size.split("x"))
    screens = args.screens or [*STARTING, "daily", "expedition"]
    found = sweep(args.lang, screens, (w, h), args.damaged, args.moments)
    count = 0
    for screen, texts in found.items():
        for text, english in texts:
            count += 1
            print(f"{screen}: {text!r} ({', '.join(english)})")
    print(
        f"{count} texts in English on {sum(1 for t in found.values() if t)} of {len(found)} screens"
    )
    return 1 if count else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
