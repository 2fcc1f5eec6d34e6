"""One check for text that comes from outside the game, and one way to show it back.

Names and texts reach the game from places it does not control: layout files placed by hand, codes
sent by strangers (a layout code carries a name), saves, the command line. Each goes through
:func:`text_problem` with the bounds of its kind, so a layout name is held to the same limits
wherever it comes from: at most :data:`NAME_CHARS_MAX` characters (the layout editor's name field)
and :data:`NAME_BYTES_MAX` bytes of UTF-8 (what a layout code carries), no control character (ESC,
TAB, NUL...), no bidirectional override or isolate (which would reorder what a terminal or a screen
shows after it), nothing else a screen cannot draw (``str.isprintable``).

Anything echoed back in a message or printed to a terminal goes through :func:`escaped`, which
writes such characters as ``repr`` would (``\\x1b``, ``\\t``, ``\\u202e``), so input can never
colour a terminal, move its cursor or turn a line around.

Plain Python, importing nothing of the project: every layer may use it.
"""

from __future__ import annotations

import re
import unicodedata

NAME_CHARS_MAX = 60  #: characters of a layout name (the editor's name field takes 60)
NAME_BYTES_MAX = 60  #: bytes of UTF-8 in a layout name (a layout code carries 60)
FAMILY_MAX = 40  #: characters of a layout's family ("classic", "custom", ...)
DESCRIPTION_MAX = 400  #: characters of a layout's description (the game's own take 120 at most)

#: Bidirectional controls: embeddings, overrides, isolates and marks. Python counts them as
#: unprintable already; they are named here so that a message can say what was found.
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


def _first_unprintable(text: str) -> str | None:
    if text.isprintable():
        return None
    return next(ch for ch in text if not ch.isprintable())


def text_problem(text: str, longest: int, longest_bytes: int | None = None) -> str | None:
    """What is wrong with ``text`` as a text from outside, or ``None``: longer than ``longest``
    characters (or ``longest_bytes`` bytes of UTF-8), or holding a control character, a
    bidirectional control or another character a screen cannot show. The reason is a phrase to
    follow a subject: ``"is too long (100,000 characters; at most 60)"``,
    ``"holds a control character (\\x1b)"``."""
    if len(text) > longest:
        return f"is too long ({len(text):,} characters; at most {longest:,})"
    if longest_bytes is not None:
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > longest_bytes:
            return f"is too long ({size:,} bytes of UTF-8; at most {longest_bytes:,})"
    bad = _first_unprintable(text)
    if bad is None:
        return None
    if bad in BIDI_CONTROLS:
        kind = "a bidirectional control"
    elif unicodedata.category(bad) == "Cc":
        kind = "a control character"
    else:
        kind = "a character that cannot be shown"
    return f"holds {kind} ({escaped(bad)})"


def name_problem(name: str) -> str | None:
    """What is wrong with a layout name (empty, too long, unprintable), or ``None``."""
    if not name.strip():
        return "is empty"
    return text_problem(name, NAME_CHARS_MAX, NAME_BYTES_MAX)


def escaped(text: str) -> str:
    """``text`` with every character a terminal or a screen would not just show (control
    characters, bidirectional controls, lone surrogates...) written as ``repr`` writes it."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


_TERMINAL_UNSAFE = re.compile(
    "[\x00-\x09\x0b\x0c\x0e-\x1f\x7f-\x9f" + "".join(sorted(BIDI_CONTROLS)) + "]"
)


def terminal_safe(text: str) -> str:
    """Text as a terminal may be given it: line ends (``\\n``, ``\\r``) as they are, a tab and every other
    control character and every bidirectional control written as ``repr`` writes it. The command
    line passes everything it prints through this."""
    return _TERMINAL_UNSAFE.sub(lambda m: repr(m.group())[1:-1], text)


def shown(text: str, limit: int = 40) -> str:
    """A value from outside for a one-line message: escaped, and cut to ``limit`` characters."""
    cut = text if len(text) <= limit else text[: limit - 1] + "…"
    return escaped(cut)
