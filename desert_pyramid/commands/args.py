"""Command-line values: the usage error every sub-command raises, and the checked readers of
numbers and paths they share (:mod:`desert_pyramid.cli` shows the errors and sets the exit code).

Numbers go through :func:`parse_int` / :func:`parse_float` (ASCII digits only, a bounded length, a
range), paths through :func:`check_path` / :func:`check_writable_file`.
"""

from __future__ import annotations

import math
import os
import re
import stat
from pathlib import Path

from desert_pyramid.engine.text import escaped
from desert_pyramid.engine.text import shown as text_shown

MAX_DIGITS = 30  # longer than any number the command line takes (2^64 has 20 digits)
SHOWN_MAX = 40  # characters of a bad value repeated in a message


class UsageError(Exception):
    """A command-line value that cannot be used. Its message is shown as one line; exit code 2."""


class OutputError(Exception):
    """Standard output cannot be written. ``pipe``: the reader went away (not worth a message)."""

    def __init__(self, message: str, pipe: bool = False) -> None:
        super().__init__(message)
        self.pipe = pipe


# -- values -------------------------------------------------------------------------------------
def from_argv(text: str) -> str:
    """A command-line value as the player typed it. Under a console whose locale is plain ASCII
    (``LC_ALL=C``) Python hands non-ASCII bytes over as lone surrogates (a "♠" is three of them):
    bytes that are UTF-8 are read as such, so that a message names the character typed, not its
    first byte."""
    if not any("\udc80" <= ch <= "\udcff" for ch in text):
        return text
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8")
    except UnicodeError:
        return text


def shown(text: str) -> str:
    """A value for a one-line message: cut to :data:`SHOWN_MAX` characters, control characters,
    bidirectional controls, undecodable bytes and other unprintable ones written as ``repr``
    writes them (:func:`desert_pyramid.engine.text.shown`, the one helper every message uses)."""
    return text_shown(text, SHOWN_MAX)


def one_line(message: str, limit: int = 300) -> str:
    """A message as one line of at most ``limit`` characters (a hostile value can be long), any
    character a terminal would act on written as ``repr`` writes it."""
    text = escaped(" ".join(message.splitlines()))
    return text if len(text) <= limit else text[: limit - 1] + "…"


_INT = re.compile(r"[+-]?[0-9]+")
_FLOAT = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?")


def parse_int(text: str, what: str, low: int, high: int) -> int:
    """A whole number written with the ASCII digits 0-9, from ``low`` to ``high``; anything else
    (unicode digits such as "²" or "٣", 5,000-digit numbers, "1e3") raises :class:`UsageError`."""
    t = text.strip(" \t")
    if len(t) > MAX_DIGITS and _INT.fullmatch(t):
        raise UsageError(f"{what} must be from {low} to {high}, not a number of {len(t)} digits")
    if not _INT.fullmatch(t):
        digits = (
            " written with the digits 0-9"
            if any(c.isnumeric() and not c.isascii() for c in t)
            else ""
        )
        raise UsageError(f"{what} must be a whole number{digits}, not '{shown(text)}'")
    value = int(t)
    if not low <= value <= high:
        raise UsageError(f"{what} must be from {low} to {high}, not {value}")
    return value


def parse_float(text: str, what: str, low: float, high: float) -> float:
    """A decimal number (ASCII digits, optional fraction and exponent) from ``low`` to ``high``."""
    t = text.strip(" \t")
    if len(t) > MAX_DIGITS or not _FLOAT.fullmatch(t):
        raise UsageError(f"{what} must be a number such as 2 or 0.5, not '{shown(text)}'")
    value = float(t)
    if not (math.isfinite(value) and low <= value <= high):
        raise UsageError(f"{what} must be from {_number(low)} to {_number(high)}, not {shown(t)}")
    return value


def _number(x: float) -> str:
    return f"{int(x):,}" if float(x).is_integer() else f"{x:g}"


def check_path(text: str, what: str) -> Path:
    """A path the system can take: not empty, no NUL character, no name over 255 bytes."""
    if not text.strip():
        raise UsageError(f"{what} needs a path, not an empty value")
    if "\x00" in text:
        raise UsageError(f"{what}: a path cannot hold a NUL character: '{shown(text)}'")
    try:
        raw = os.fsencode(text)
    except UnicodeError:
        raise UsageError(f"{what}: '{shown(text)}' cannot be a file name on this system") from None
    if len(raw) > 4000:
        raise UsageError(
            f"{what}: the path is {len(raw)} bytes long; systems take about 4,000 at most"
        )
    for part in raw.replace(b"\\", b"/").split(b"/"):
        if len(part) > 255:
            raise UsageError(
                f"{what}: the name '{shown(os.fsdecode(part))}' is {len(part)} bytes long; "
                "file names are at most 255"
            )
    return Path(text)


def check_writable_file(text: str, what: str) -> Path:
    """A file that can be written now: checked before any work is done, so a long run does not
    fail at its end. A folder, a device or a pipe is refused; a file that did not exist is not
    left behind."""
    check_path(text, what)
    path = Path(os.path.realpath(text))  # a symbolic link: its target is tried, the link is kept
    try:
        info = path.stat()
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise UsageError(f"{what}: cannot write '{shown(text)}': {exc.strerror or exc}") from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise UsageError(f"{what}: '{shown(text)}' is a folder, not a file")
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise UsageError(f"{what}: '{shown(text)}' is not a regular file")
    if info is None and not path.parent.is_dir():
        raise UsageError(f"{what}: the folder '{shown(str(path.parent))}' does not exist")
    try:
        with open(path, "ab"):
            pass
    except OSError as exc:
        raise UsageError(f"{what}: cannot write '{shown(text)}': {exc.strerror or exc}") from None
    if info is None:
        try:
            path.unlink()
        except OSError:
            pass
    return Path(text)
