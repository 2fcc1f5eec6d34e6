"""Fuzz the command line in-process: hostile argument lists across every sub-command.

    python bench/fuzz_cli.py [--cases 10000] [--seed 1] [--windows] [--show 5]

Each case is an argument list built from the parser itself (every sub-command and option it has,
found at run time), with values drawn from a pool of hostile ones: unicode digits, 5,000-digit
numbers, absurd sizes, NUL bytes, undecodable file names, unwritable paths, deal codes of every
rule set and layout. Each case also gets a standard input (closed, undecodable, hostile text) and a
standard output (UTF-8, an ASCII-only console, a full disk, a closed stream, a broken pipe).
``main(argv)`` runs in this process; nothing in the code under test is replaced.

Prints the counts: cases, exit codes, uncaught exceptions by kind, hangs (a case that runs past
the time limit). The goal is 0 exceptions and 0 hangs. The game window is not opened unless
``--windows`` is given (then a few cases run ``--headless --frames 1``).
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import io
import os
import random
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from desert_pyramid import cli  # noqa: E402

# -- the values ---------------------------------------------------------------------------------
NUMBERS = [
    "0",
    "1",
    "2",
    "3",
    "5",
    "-1",
    "-0",
    "+1",
    " 1 ",
    "1.5",
    "1e3",
    "0x10",
    "0b1",
    "1_0",
    "1,0",
    "nan",
    "inf",
    "-inf",
    "99",
    "100",
    "1" * 25,
    "9" * 4301,
    "9" * 5000,
    "-" + "9" * 5000,
]
UNICODE_DIGITS = [
    "²",
    "³",
    "٣",
    "١٠",
    "１２",
    "𝟙",
    "Ⅻ",
    "½",
    "⁴²",
    "߁",
    "০",
    "K²",
    "²x720",
    "1280x７２０",
]
TEXTS = [
    "",
    " ",
    "-",
    "--",
    "x",
    "—",
    "♠",
    "…",
    "\x00",
    "a\x00b",
    "\udcff",
    "caf\udce9",
    "é" * 300,
    "a" * 300,
    "a" * 5000,
    "\n",
    "\t",
    "\u202eabc",
    "DP",
    "DP-",
    "dp-1-002g-9ng9",
    "\ufeff1",
]
SIZES = [
    "1280x720",
    "800x600",
    "640x360",
    "7680x4320",
    "1x1",
    "x",
    "1280x",
    "x720",
    "1280×720",
    "1280X720",
    "1280 x 720",
    "99999x99999",
    "9" * 5000 + "x720",
    "²x720",
]
PATHS = [
    "/dev/full",
    "/dev/null",
    "/proc/x.png",
    "/nonexistent/x.png",
    "/etc/passwd/x.png",
    "/tmp",
    "/",
    "x.png",
    "x.PNG",
    "x.jpg",
    ("a" * 300) + ".png",
    "caf\udce9.png",
    "a\x00b.png",
    "{tmp}/out.png",
    "{tmp}/adir.png",
    "{tmp}/" + "d" * 300,
    "{tmp}/caf\udce9",
    "{tmp}",
    "{tmp}/file",
    "{tmp}/missing/deeper",
]
DATES = [
    "2026-11-30",
    "2026-02-30",
    "9999-12-31",
    "0000-01-01",
    "2026-13-01",
    "２０２６-01-01",
    "2026-1-1",
    "99999-01-01",
    "-1-01-01",
    "2026-11-30T00:00",
]
RULES = [
    "desert",
    "classic",
    "strict",
    "relaxed",
    "classic+p1",
    "relaxed+p1+p3",
    "desert+",
    "+",
    "easy",
    "classic+top+all52+match+draw3+nosatchel",
    "CLASSIC",
    "desert+score-x",
    "p1",
]
MOVES = [
    "",
    "F",
    "R",
    "25+22 F",
    "K²",
    "K5",
    "12+W",
    "S+3",
    "W>S",
    "T",
    "99+98",
    "1+2",
    "F " * 200,
    "K" + "9" * 5000,
    "²+³",
    "٣+٤",
    "—",
    "\x00",
]


def deal_codes() -> list[str]:
    """One printed code of every rule preset on a few layouts, plus broken ones."""
    from desert_pyramid.engine import PRESETS, Deal, encode_deal_code

    out = ["DP-1-002G-9NG9", "DP-1-020H-9KJF", "DP-1-002G-9NGX", "DP-1-002G", "DP-99-0-0"]
    for rules in PRESETS.values():
        for layout in (1, 5, 55, 99, 0):
            with contextlib.suppress(Exception):
                out.append(encode_deal_code(Deal.from_seed(7), rules, layout))
    out.append(Deal.from_seed(3).notation())
    out.extend(game_codes())
    return out


def game_codes() -> list[str]:
    """Game codes (``replay``, ``--code``): a short real game, the same with a typo, a truncated one."""
    from desert_pyramid.catalog import get_layout
    from desert_pyramid.engine import CLASSIC, Deal, Game, encode_game_code

    game = Game(get_layout(1), CLASSIC, Deal.from_seed(1, 4550))
    game.replay("25+22 F F F F KW".split())
    code = encode_game_code(game)
    typo = code[:-1] + ("0" if code[-1] != "0" else "1")
    return [code, typo, code[:12], "DG-", "DG-" + "Z" * 5000]


# -- what the parser offers ---------------------------------------------------------------------
@dataclass
class Option:
    strings: list[str]
    flag: bool  # takes no value
    choices: list[str] = field(default_factory=list)
    dest: str = ""


@dataclass
class Command:
    name: str | None  # None: the top-level command (the game window)
    options: list[Option]
    positionals: list[str]


def _options(parser: argparse.ArgumentParser) -> tuple[list[Option], list[str]]:
    options: list[Option] = []
    positionals: list[str] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            continue
        if action.option_strings:
            options.append(
                Option(
                    list(action.option_strings),
                    action.nargs == 0,
                    [str(c) for c in action.choices or []],
                    action.dest,
                )
            )
        else:
            positionals.append(action.dest)
    return options, positionals


def commands() -> list[Command]:
    parser = cli.build_parser()
    root_options, _ = _options(parser)
    out = [Command(None, root_options, [])]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                opts, pos = _options(sub)
                out.append(Command(name, opts, pos))
    return out


def _pool_for(dest: str, codes: list[str]) -> list[str]:
    d = dest.lower()
    if "size" in d:
        return SIZES + UNICODE_DIGITS
    if "screenshot" in d or "dir" in d:
        return PATHS
    if "date" in d:
        return DATES
    if "rules" in d:
        return RULES
    if "moves" in d:
        return MOVES
    if d in ("code", "deal"):
        return codes
    if d in ("deals", "frames"):  # work-sized: kept small when valid so no case runs for minutes
        return ["1", "2", "0", "-1", "1" * 25, "9" * 5000] + UNICODE_DIGITS
    if d == "budget":
        return ["1", "100", "1_000", "10,000", "0", "1" * 25, "9" * 5000] + UNICODE_DIGITS
    if d in ("time",):
        return ["0.5", "0", "-1", "nan", "inf", "1e400", "1" * 5000, "²", "٣", "0x1p-2", "1_0"]
    if d == "workers":
        return ["1", "0", "-1", "257", "1" * 25] + UNICODE_DIGITS
    return NUMBERS + UNICODE_DIGITS


class Hang(BaseException):
    """Raised by the alarm when a case runs past its time."""


# -- streams ------------------------------------------------------------------------------------
class _FullRaw(io.RawIOBase):
    def writable(self) -> bool:
        return True

    def write(self, b: Any) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


class _PipeRaw(io.RawIOBase):
    def writable(self) -> bool:
        return True

    def write(self, b: Any) -> int:
        raise BrokenPipeError(errno.EPIPE, "Broken pipe")


def make_stdout(kind: str) -> Any:
    if kind == "utf8":
        return io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    if kind == "ascii":
        return io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    if kind == "latin1":
        return io.TextIOWrapper(io.BytesIO(), encoding="latin-1")
    if kind == "full":
        return io.TextIOWrapper(io.BufferedWriter(_FullRaw()), encoding="utf-8")
    if kind == "pipe":
        return io.TextIOWrapper(io.BufferedWriter(_PipeRaw()), encoding="utf-8")
    if kind == "closed":
        return None  # what Python sets when the process starts with the descriptor closed
    if kind == "shut":
        s = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
        s.close()
        return s
    raise ValueError(kind)


def make_stdin(kind: str) -> Any:
    if kind == "closed":
        return None
    if kind == "shut":
        s = io.TextIOWrapper(io.BytesIO(b"1\n"), encoding="utf-8")
        s.close()
        return s
    data = {
        "empty": b"",
        "answers": b"1\nb\n3\nc\n2\na\n",
        "hostile": "²\n٣\n１\n\x00\n—\n\n   \n".encode() + b"9" * 5000 + b"\nq\n",
        "undecodable": b"\xff\xfe\xc3(\n1\n\x80\n",
        "ascii": b"\xe2\x80\x94\n1\n",
        "endless": b"x\n" * 20000,
    }[kind]
    encoding = "ascii" if kind == "ascii" else "utf-8"
    return io.TextIOWrapper(io.BytesIO(data), encoding=encoding)


STDOUTS = ["utf8"] * 6 + ["ascii", "ascii", "latin1", "full", "pipe", "closed", "shut"]
STDINS = ["closed", "shut", "empty", "answers", "hostile", "undecodable", "ascii", "endless"]
BAD_STREAMS = {"full", "pipe", "closed", "shut"}


@dataclass
class Case:
    argv: list[str]
    stdin: str
    stdout: str
    stderr: str


def generate(
    rng: random.Random, cmds: list[Command], codes: list[str], tmp: str, windows: bool = False
) -> Case:
    cmd = rng.choice(cmds)
    argv: list[str] = [] if cmd.name is None else [cmd.name]
    for pos in cmd.positionals:
        if rng.random() < 0.9:
            argv.append(rng.choice(_pool_for(pos, codes) + TEXTS))
    chosen = rng.sample(cmd.options, k=min(len(cmd.options), rng.randint(0, 4)))
    for opt in chosen:
        if opt.dest in ("help", "version") and rng.random() < 0.8:
            continue
        if opt.dest == "headless" and not windows:
            continue
        s = rng.choice(opt.strings)
        if opt.flag:
            argv.append(s)
            continue
        if opt.choices and rng.random() < 0.6:
            value = rng.choice(opt.choices)
        else:
            value = rng.choice(_pool_for(opt.dest, codes) + (TEXTS if rng.random() < 0.3 else []))
        if rng.random() < 0.15 and s.startswith("--"):
            argv.append(f"{s}={value}")
        else:
            argv.extend([s, value])
    if cmd.name is None and windows and rng.random() < 0.05:
        argv += ["--headless", "--frames", "1"]
    if rng.random() < 0.05:
        argv.insert(
            rng.randint(0, len(argv)), rng.choice(["--nonsense", "-x", "--", "-", "--help", "-h"])
        )
    argv = [a.replace("{tmp}", tmp) for a in argv]
    return Case(
        argv,
        rng.choice(STDINS),
        rng.choice(STDOUTS),
        rng.choice(["utf8"] * 5 + ["ascii", "closed"]),
    )


@contextlib.contextmanager
def _swapped(case: Case) -> Iterator[None]:
    saved = sys.stdin, sys.stdout, sys.stderr
    env = dict(os.environ)
    sys.stdin = make_stdin(case.stdin)
    sys.stdout = make_stdout(case.stdout)
    sys.stderr = make_stdout(case.stderr)
    try:
        yield
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
        os.environ.clear()
        os.environ.update(env)


def run_case(case: Case, limit: float = 20.0) -> tuple[int | None, str | None, str]:
    """(exit code, exception kind or None, traceback text). The kind "hang" means past ``limit``."""
    use_alarm = hasattr(signal, "SIGALRM")

    def on_alarm(signum: int, frame: Any) -> None:
        raise Hang()

    old = signal.signal(signal.SIGALRM, on_alarm) if use_alarm else None
    if use_alarm:
        signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        with _swapped(case):
            rc = cli.main(case.argv)
        return rc, None, ""
    except Hang:
        return None, "hang", ""
    except BaseException as exc:  # noqa: B036 - counting every kind is the point
        return None, f"{type(exc).__name__}", traceback.format_exc()
    finally:
        if use_alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)


def allowed_codes(case: Case) -> set[int]:
    """Exit codes a case may end with: 0 or 2; with a broken output also 1 (and 141, a pipe);
    ``profile --check`` also 1, its answer when it found a problem (a save folder that is a file,
    a damaged record); ``profile --import`` and ``--export`` also 1, theirs when the file cannot
    be imported or written (docs/saves.md, "Moving a profile": one line, nothing changed)."""
    answers_one = ("--check", "--import", "--export")
    found = (
        {1}
        if case.argv[:1] == ["profile"] and any(a.split("=")[0] in answers_one for a in case.argv)
        else set()
    )
    if case.stdout in BAD_STREAMS:
        return {0, 1, 2, 141}
    return {0, 2} | found


@contextlib.contextmanager
def fuzz_environment() -> Iterator[str]:
    """No display, no headless default, a throwaway save folder and working folder."""
    with tempfile.TemporaryDirectory(prefix="dp-fuzz-") as tmp:
        Path(tmp, "adir.png").mkdir()
        Path(tmp, "file").write_text("x")
        saved_env, saved_cwd = dict(os.environ), os.getcwd()
        for name in ("DISPLAY", "WAYLAND_DISPLAY", "ARCADE_HEADLESS"):
            os.environ.pop(name, None)
        os.environ["DESERT_PYRAMID_SAVE_DIR"] = str(Path(tmp, "saves"))
        os.chdir(tmp)
        try:
            yield tmp
        finally:
            os.chdir(saved_cwd)
            os.environ.clear()
            os.environ.update(saved_env)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cases", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--limit", type=float, default=20.0, help="seconds before a case counts as a hang"
    )
    ap.add_argument("--windows", action="store_true", help="also open a few headless windows")
    ap.add_argument("--show", type=int, default=3, help="tracebacks to print per kind")
    opts = ap.parse_args(argv)
    rng = random.Random(opts.seed)
    cmds, codes = commands(), deal_codes()
    exits: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    per_command: Counter[str] = Counter()
    bad_exit: Counter[str] = Counter()
    shown: Counter[str] = Counter()
    windows = 0  # headless game windows that ran their frame
    real_stderr = sys.stderr
    start = time.perf_counter()
    with fuzz_environment() as tmp:
        for _ in range(opts.cases):
            case = generate(rng, cmds, codes, tmp, windows=opts.windows)
            per_command[
                case.argv[0] if case.argv and not case.argv[0].startswith("-") else "(window)"
            ] += 1
            rc, kind, tb = run_case(case, opts.limit)
            if kind is not None:
                kinds[kind] += 1
                if shown[kind] < opts.show:
                    shown[kind] += 1
                    print(
                        f"--- {kind}: argv={case.argv!r} stdin={case.stdin} stdout={case.stdout} "
                        f"stderr={case.stderr}\n{tb}",
                        file=real_stderr,
                    )
                continue
            exits[str(rc)] += 1
            if rc == 0 and "--headless" in case.argv:
                windows += 1
            if rc not in allowed_codes(case):
                bad_exit[f"{rc} on stdout={case.stdout}"] += 1
    seconds = time.perf_counter() - start
    print(f"cases: {opts.cases} (seed {opts.seed}) in {seconds:.1f} s")
    print("per command: " + ", ".join(f"{k} {v}" for k, v in sorted(per_command.items())))
    print("exit codes: " + ", ".join(f"{k}: {v}" for k, v in sorted(exits.items())))
    print(
        f"unexpected exit codes: {sum(bad_exit.values())}"
        + ("".join(f"\n  {k}: {v}" for k, v in bad_exit.most_common()))
    )
    hangs = kinds.pop("hang", 0)
    print(
        f"uncaught exceptions: {sum(kinds.values())} in {len(kinds)} kinds"
        + "".join(f"\n  {k}: {v}" for k, v in kinds.most_common())
    )
    print(f"hangs (over {opts.limit:g} s): {hangs}")
    if opts.windows:
        print(f"headless windows opened and closed: {windows}")
    return 0 if not kinds and not hangs and not bad_exit else 1


if __name__ == "__main__":
    sys.exit(main())
