"""The ``desert-pyramid`` command line: ``main(argv) -> int``.

Sub-commands live in :mod:`desert_pyramid.commands`, one module each, found automatically.
Argument errors print one line to stderr and return 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

from desert_pyramid import __version__

PROG = "desert-pyramid"


class UsageError(Exception):
    """A command-line value that cannot be used. Its message is shown as one line; exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
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


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        args = parser.parse_args(args_list)
        func = getattr(args, "func", None)
        if func is None:
            # No sub-command: start the game window if the UI exists, else show help.
            play = getattr(args, "play_func", None)
            if play is not None:
                return int(play(args))
            parser.print_help()
            return 0
        return int(func(args))
    except UsageError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``desert-pyramid deal --seed 1 | head -1``): not an error of ours.
        # Point stdout at devnull so the interpreter's final flush does not complain either.
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
