"""The ``desert-pyramid`` command line: ``main(argv) -> int``.

Sub-commands live in :mod:`desert_pyramid.commands`, one module each, found automatically.
Argument errors print one line to stderr and return 2, never a traceback.

:func:`main` is the one place that makes the standard streams safe for every sub-command:

* a console that cannot encode the game's symbols ("♠", "—", "…") gets plain letters instead
  ("S", "-", "..."), and anything else it cannot print becomes "?"; in an error message a
  character it cannot print is its code point ("U+2660"), never a letter that could be taken
  for the character at fault;
* a control character or a bidirectional control that came from input (a code, a file name, a
  layout's name) is written as ``repr`` writes it (``\\x1b``), never raw, on both streams;
* output that cannot be written (a full disk, a closed standard output, an I/O error) ends the
  command with one line on stderr and exit code 1; a reader that went away (``| head``) ends it
  quietly with exit code 141, as a shell reports a broken pipe;
* a standard error that cannot be written is given up quietly: the command still does its work.

Numbers on the command line go through ``parse_int`` / ``parse_float`` (ASCII digits only, a
bounded length, a range), paths through ``check_path`` / ``check_writable_file``: they live with
the usage error in :mod:`desert_pyramid.commands.args`, below this module, so the sub-commands
never import the command line that imports them.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import pkgutil
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from desert_pyramid import __version__
from desert_pyramid.commands.args import OutputError, UsageError, one_line
from desert_pyramid.engine.text import terminal_safe

PROG = "desert-pyramid"
EXIT_USAGE = 2  # a value that cannot be used
EXIT_OUTPUT = 1  # the output could not be written (full disk, closed stdout, I/O error)
EXIT_PIPE = 141  # the reader of the output went away (128 + SIGPIPE, as a shell reports it)


# -- streams ------------------------------------------------------------------------------------
_PLAIN = str.maketrans(
    {
        "♠": "S",
        "♥": "H",
        "♦": "D",
        "♣": "C",
        "♤": "S",
        "♡": "H",
        "♢": "D",
        "♧": "C",
        "—": "-",
        "–": "-",
        "−": "-",
        "‐": "-",
        "…": "...",
        "×": "x",
        "·": "-",
        "•": "*",
        "→": "->",
        "←": "<-",
        "↑": "^",
        "↓": "v",
        "‘": "'",
        "’": "'",
        "“": '"',
        "”": '"',
        "«": '"',
        "»": '"',
        "\u00a0": " ",
        "\u202f": " ",
        "≤": "<=",
        "≥": ">=",
        "≈": "~",
        "°": " deg",
        "²": "2",
        "½": "1/2",
        "✓": "v",
        "✗": "x",
    }
)


def plain_text(text: str, encoding: str) -> str:
    """``text`` as ``encoding`` can print it: the game's symbols as plain letters, then "?"."""
    return text.translate(_PLAIN).encode(encoding, "replace").decode(encoding, "replace")


def error_text(text: str, encoding: str) -> str:
    """An error message as ``encoding`` can print it. Unlike :func:`plain_text`, a character the
    console cannot print is never given a letter or digit in its place (``♠`` is ``S`` in plain
    text, a valid code character: "'S' at position 35" would blame the wrong one): it is written
    as its code point, ``U+2660``. The game's punctuation ("…", "—", "→") keeps its plain form."""
    out = []
    for ch in text:
        try:
            ch.encode(encoding)
            out.append(ch)
            continue
        except (UnicodeEncodeError, LookupError):
            pass
        plain = ch.translate(_PLAIN)
        if plain != ch and not any(c.isalnum() for c in plain):
            out.append(plain)
        else:
            out.append(f"U+{ord(ch):04X}")
    return "".join(out)


class SafeStream:
    """A standard stream as :func:`main` hands it to the sub-commands. Text the stream's encoding
    cannot print is written in plain letters. A failed write raises :class:`OutputError` on
    standard output; on standard error (``quiet``) it is dropped, and so is what follows."""

    def __init__(self, inner: Any, name: str, quiet: bool = False) -> None:
        self.inner = inner
        self.name = name
        self.quiet = quiet
        self.broken = inner is None

    @property
    def encoding(self) -> str:
        return str(getattr(self.inner, "encoding", None) or "utf-8")

    def _failed(self, exc: BaseException | None) -> None:
        self.broken = True
        if self.quiet:
            return
        if isinstance(exc, BrokenPipeError):
            raise OutputError(
                f"cannot write to standard {self.name}: the reader went away", pipe=True
            )
        if exc is None or isinstance(exc, ValueError):
            raise OutputError(f"cannot write to standard {self.name}: it is closed")
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise OutputError(f"cannot write to standard {self.name}: {reason}")

    def write(self, text: str) -> int:
        if self.broken:
            self._failed(None)
            return len(text)
        text = terminal_safe(text)  # an ESC or a right-to-left override from input, escaped
        encoding = getattr(self.inner, "encoding", None)
        if encoding:
            try:
                text.encode(encoding)
            except UnicodeEncodeError:
                text = plain_text(text, encoding)
            except LookupError:
                text = plain_text(text, "ascii")
        try:
            self.inner.write(text)
        except (OSError, ValueError) as exc:  # ValueError: "I/O operation on closed file"
            self._failed(exc)
        return len(text)

    def writelines(self, lines: Sequence[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if self.broken:
            return
        try:
            self.inner.flush()
        except (OSError, ValueError) as exc:
            self._failed(exc)

    def isatty(self) -> bool:
        try:
            return bool(self.inner.isatty()) if self.inner is not None else False
        except (OSError, ValueError):
            return False

    def writable(self) -> bool:
        return not self.broken

    def __getattr__(self, name: str) -> Any:  # fileno, buffer, errors...: the real stream's
        if self.inner is None:
            raise AttributeError(name)
        return getattr(self.inner, name)


def _silence(stream: Any) -> None:
    """Point a failed stream's descriptor at the null device, so that the interpreter's last
    flush of what is still buffered does not print a complaint of its own."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    try:
        os.dup2(devnull, fd)
    except OSError:
        pass
    finally:
        os.close(devnull)


# -- the parser ---------------------------------------------------------------------------------
class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Pyramid solitaire in the desert.")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    subparsers = parser.add_subparsers(dest="command", parser_class=_Parser)
    import desert_pyramid.commands as commands

    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        register_root = getattr(module, "register_root", None)
        if register_root is not None:  # top-level options, e.g. the game window's
            register_root(parser)
        register = getattr(module, "register", None)
        if register is not None:
            register(subparsers)
    return parser


def _asks_for_help(token: str) -> bool:
    """``-h``, ``--help`` or an abbreviation of it (``--he`` is one of ``--headless`` too)."""
    name = token.split("=", 1)[0]
    return token.startswith("-h") or (len(name) >= 3 and "--help".startswith(name))


def _game_parser() -> argparse.ArgumentParser:
    """The top-level options only (``--version`` and the game window's), without a sub-command:
    what starting the game needs, without importing every sub-command and what it imports."""
    from desert_pyramid.commands.play import register_root

    parser = _Parser(prog=PROG, description="Pyramid solitaire in the desert.", add_help=False)
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    parser.set_defaults(command=None)  # as the whole parser leaves it with no sub-command
    register_root(parser)
    return parser


def parse(args_list: list[str]) -> tuple[argparse.ArgumentParser, argparse.Namespace]:
    """The parser and the parsed command line.

    A command line without a sub-command (the game starting) is read first by the top-level
    options alone, which saves importing every sub-command at each launch. Anything that parser
    cannot read (a sub-command, any other word, an unknown option, a help request) is read again
    by the whole parser, so that every answer and every error is the whole parser's."""
    if not any(_asks_for_help(t) for t in args_list):
        parser = _game_parser()
        try:
            return parser, parser.parse_args(args_list)
        except UsageError:
            pass  # the whole parser reads it, and says what is wrong in its own words
    parser = build_parser()
    return parser, parser.parse_args(args_list)


def _run(argv: Sequence[str] | None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        parser, args = parse(args_list)
    except SystemExit as exc:  # --help and --version print, then ask to exit
        return exc.code if isinstance(exc.code, int) else 0
    for name, value in vars(args).items():
        # argparse gives "--seed=--" as an empty list; every option here takes one text
        if isinstance(value, list):
            raise UsageError(f"argument --{name.replace('_', '-')}: expected one value, not '--'")
    func = getattr(args, "func", None)
    if func is None:
        # No sub-command: start the game window if the UI exists, else show help.
        play = getattr(args, "play_func", None)
        if play is not None:
            return int(play(args))
        parser.print_help()
        return 0
    return int(func(args))


def main(argv: Sequence[str] | None = None) -> int:
    saved = sys.stdout, sys.stderr
    out = SafeStream(sys.stdout, "output")
    err = SafeStream(sys.stderr, "error", quiet=True)
    sys.stdout, sys.stderr = out, err
    try:
        try:
            code = _run(argv)
            out.flush()  # what is still buffered fails here, not in the interpreter's last flush
            return code
        except UsageError as exc:
            print(f"{PROG}: error: {error_text(one_line(str(exc)), err.encoding)}", file=err)
            return EXIT_USAGE
        except KeyboardInterrupt:
            print(f"{PROG}: interrupted", file=err)
            return 130
        except OutputError as exc:
            _silence(saved[0])
            if exc.pipe:  # `desert-pyramid layouts | head -1`: not an error of ours
                return EXIT_PIPE
            print(f"{PROG}: error: {exc}", file=err)
            return EXIT_OUTPUT
        except BrokenPipeError:  # a write that went around sys.stdout
            _silence(saved[0])
            return EXIT_PIPE
        except OSError as exc:
            if exc.errno in (errno.ENOSPC, errno.EIO, errno.EBADF) or (exc.errno == errno.EPIPE):
                _silence(saved[0])
                print(f"{PROG}: error: cannot write the output: {exc.strerror or exc}", file=err)
                return EXIT_OUTPUT
            raise
    finally:
        try:
            err.flush()
        except OutputError:
            pass
        sys.stdout, sys.stderr = saved
