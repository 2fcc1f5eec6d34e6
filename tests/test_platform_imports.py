"""The game starts where POSIX-only modules do not exist (Windows).

A subprocess makes ``resource``, ``fcntl``, ``termios``, ``pwd``, ``grp``, ``tty``, ``pty``,
``posix``... unavailable to the game's code, then imports every module of ``desert_pyramid`` (and
every ``bench/`` and ``tools/`` script) and plays a few headless frames through ``cli.main`` (on
Linux: the offscreen renderer needs EGL; elsewhere it deals a deal through ``cli.main``). The
blocker is installed after the standard ``os`` is loaded (``os`` itself needs ``posix`` on Linux),
and it refuses only the listed names: to any importer for the modules nothing else on Linux loads
in such a run (``resource``, ``termios``...), and to the game's own code (``desert_pyramid.*``,
``bench_*``, ``tools_*``) for those the standard library uses on Linux (``fcntl`` by subprocess,
``posix`` by shutil).

A static check covers what an import blocker cannot: POSIX-only attributes of ``os`` and
``signal`` (``os.sysconf``, ``os.getuid``, ``signal.SIGKILL``...) used only behind a guard.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
import textwrap
import unicodedata
from pathlib import Path

import pytest

from desert_pyramid import __version__
from desert_pyramid.cli import build_parser, main

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "desert_pyramid"
SCRIPT_DIRS = (ROOT / "bench", ROOT / "tools")

#: Modules a Windows Python does not have, which the game could import directly.
POSIX_ONLY = (
    "resource",
    "fcntl",
    "termios",
    "pwd",
    "grp",
    "tty",
    "pty",
    "posix",
    "syslog",
    "crypt",
    "spwd",
    "nis",
    "readline",
    "curses",
    "_curses",
    "_posixsubprocess",
    "_posixshmem",
)
#: Of those, the ones nothing in a Linux run needs: refused to every importer.
NOBODY_NEEDS = (
    "resource",
    "termios",
    "pwd",
    "grp",
    "tty",
    "pty",
    "syslog",
    "crypt",
    "spwd",
    "nis",
    "readline",
    "curses",
    "_curses",
)

BLOCKED_RUN = textwrap.dedent(
    """
    import builtins, importlib, importlib.util, json, os, pkgutil, sys
    from pathlib import Path

    POSIX_ONLY = set(sys.argv[1].split(","))
    NOBODY_NEEDS = set(sys.argv[2].split(","))
    SAVE_DIR, SHOT, ROOT = sys.argv[3], sys.argv[4], Path(sys.argv[5])
    OURS = ("desert_pyramid", "bench_", "tools_")
    attempts = []

    for name in NOBODY_NEEDS:
        assert name not in sys.modules, f"{name} was loaded before the blocker"
        sys.modules[name] = None  # 'import name' raises ImportError from now on, for everyone

    real_import = builtins.__import__
    real_import_module = importlib.import_module

    def _ours(module_name):
        return isinstance(module_name, str) and module_name.startswith(OURS)

    def _check(name, importer, level=0):
        top = name.split(".")[0]
        if level == 0 and top in POSIX_ONLY and _ours(importer):
            attempts.append([importer, top])
            raise ModuleNotFoundError(f"No module named {top!r} (not on Windows)", name=top)

    def blocking_import(name, globals=None, locals=None, fromlist=(), level=0):
        importer = (globals or sys._getframe(1).f_globals).get("__name__")
        _check(name, importer, level)
        if level == 0 and name.split(".")[0] in NOBODY_NEEDS:  # refused by sys.modules
            attempts.append([importer, name.split(".")[0]])
        return real_import(name, globals, locals, fromlist, level)

    def blocking_import_module(name, package=None):
        _check(name, sys._getframe(1).f_globals.get("__name__"))
        return real_import_module(name, package)

    builtins.__import__ = blocking_import
    importlib.import_module = blocking_import_module

    # the blocker works: the game's code cannot import them, in any of the usual ways
    for code in ("import fcntl", "import resource", "from termios import tcgetattr", "import posix",
                 "import importlib; importlib.import_module('fcntl')"):
        try:
            exec(code, {"__name__": "desert_pyramid.probe"})
        except ImportError:
            pass
        else:
            raise AssertionError(f"the blocker let {code!r} through")
    del attempts[:]

    os.environ["ARCADE_HEADLESS"] = "1"
    import desert_pyramid

    modules = []
    for info in pkgutil.walk_packages(desert_pyramid.__path__, "desert_pyramid."):
        importlib.import_module(info.name)
        modules.append(info.name)
    scripts = []
    for folder in ("bench", "tools"):
        for path in sorted((ROOT / folder).glob("*.py")):
            name = f"{folder}_{path.stem}"
            spec = importlib.util.spec_from_file_location(name, path)
            mod = importlib.util.module_from_spec(spec)
            sys.modules[name] = mod
            spec.loader.exec_module(mod)
            scripts.append(name)

    from desert_pyramid.cli import main
    if sys.argv[6] == "frames":
        code = main(["--headless", "--frames", "5", "--mode", "practice", "--save-dir", SAVE_DIR,
                     "--screenshot", SHOT, "--frame-stats"])
    else:
        code = main(["deal", "--seed", "1"])
    print("RESULT " + json.dumps({"code": code, "modules": modules, "scripts": scripts,
                                  "attempts": attempts}))
    """
)


#: Headless frames render through EGL, which only Linux has: elsewhere the run deals a deal instead.
HEADLESS_FRAMES = sys.platform.startswith("linux")


def run_blocked(tmp_path: Path) -> tuple[subprocess.CompletedProcess[str], dict[str, object]]:
    shot = tmp_path / "shot.png"
    env = dict(os.environ, ARCADE_HEADLESS="1", PYTHONPATH=str(ROOT))
    env.pop("DESERT_PYRAMID_SAVE_DIR", None)
    env.setdefault("HOME", str(tmp_path))  # without it, Linux's expanduser("~") looks up pwd
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            BLOCKED_RUN,
            ",".join(POSIX_ONLY),
            ",".join(NOBODY_NEEDS),
            str(tmp_path / "saves"),
            str(shot),
            str(ROOT),
            "frames" if HEADLESS_FRAMES else "deal",
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    lines = [line for line in out.stdout.splitlines() if line.startswith("RESULT ")]
    assert out.returncode == 0 and lines, (
        f"exit {out.returncode}\n{out.stdout[-3000:]}\n{out.stderr[-6000:]}"
    )
    return out, json.loads(lines[-1][len("RESULT ") :])


def test_every_module_imports_and_the_game_runs_without_posix_modules(tmp_path: Path) -> None:
    out, result = run_blocked(tmp_path)
    assert result["code"] == 0
    expected = sorted(
        ".".join(p.relative_to(ROOT).with_suffix("").parts)
        for p in PACKAGE.rglob("*.py")
        if p.name not in ("__init__.py", "__main__.py")
    )
    imported = set(result["modules"])  # type: ignore[arg-type]
    assert set(expected) <= imported, set(expected) - imported
    assert "desert_pyramid.__main__" in imported  # the entry script too (its body is guarded)
    scripts = {f"{d.name}_{p.stem}" for d in SCRIPT_DIRS for p in d.glob("*.py")}
    assert set(result["scripts"]) == scripts  # type: ignore[arg-type]
    assert "bench_bench_frames" in scripts and "tools_build_standalone" in scripts
    # the only attempt: the peak-memory helper's, inside a function, on a platform that is not
    # Windows (there it asks GetProcessMemoryInfo instead); without 'resource' it gives no figure
    # (--frame-stats asks for it; the run that deals a deal does not)
    expected_attempts = [["desert_pyramid.sysinfo", "resource"]] if HEADLESS_FRAMES else []
    assert result["attempts"] == expected_attempts, result["attempts"]
    if HEADLESS_FRAMES:
        stats = json.loads([line for line in out.stdout.splitlines() if line.startswith("{")][-1])
        assert stats["frames"] == 5 and stats["peak_rss_mb"] is None
        assert (tmp_path / "shot.png").stat().st_size > 10_000
    else:
        assert "DP-1-" in out.stdout


# -- the static check: POSIX-only attributes only behind a guard -----------------------------------
POSIX_ATTRS = {
    "os": {
        "sysconf",
        "sysconf_names",
        "confstr",
        "getuid",
        "geteuid",
        "getgid",
        "getegid",
        "getgroups",
        "setuid",
        "setgid",
        "getpgid",
        "getpgrp",
        "setpgrp",
        "setsid",
        "killpg",
        "fork",
        "forkpty",
        "mkfifo",
        "mknod",
        "openpty",
        "pipe2",
        "fchmod",
        "fchown",
        "chown",
        "lchown",
        "getloadavg",
        "nice",
        "sync",
        "uname",
        "statvfs",
        "fstatvfs",
        "sched_getaffinity",
        "posix_fadvise",
        "ttyname",
        "ctermid",
        "O_NOFOLLOW",
        "O_DIRECTORY",
        "O_CLOEXEC",
        "O_NONBLOCK",
        "O_SYNC",
        "O_DSYNC",
        "WNOHANG",
        "register_at_fork",
        "getresuid",
        "initgroups",
    },
    "signal": {
        "SIGKILL",
        "SIGHUP",
        "SIGQUIT",
        "SIGALRM",
        "SIGUSR1",
        "SIGUSR2",
        "SIGCHLD",
        "SIGPIPE",
        "SIGSTOP",
        "SIGCONT",
        "SIGTSTP",
        "alarm",
        "setitimer",
        "pause",
        "siginterrupt",
        "pthread_kill",
        "pthread_sigmask",
        "SIG_BLOCK",
        "sigwait",
    },
}
GUARD_NAMES = {"platform", "name", "hasattr", "getattr", "is_win", "WINDOWS", "POSIX"}
CATCHES = {"AttributeError", "Exception", "BaseException", "ImportError", "OSError"}


def _names(expr: ast.AST) -> set[str]:
    return {
        n.attr if isinstance(n, ast.Attribute) else n.id
        for n in ast.walk(expr)
        if isinstance(n, ast.Attribute | ast.Name)
    }


def _guard_flags(tree: ast.AST) -> set[str]:
    """Variables that hold a platform test (``use_alarm = hasattr(signal, "SIGALRM")``)."""
    flags: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if _names(node.value) & GUARD_NAMES:
                flags |= {t.id for t in targets if isinstance(t, ast.Name)}
    return flags


def _guarded(
    node: ast.AST, parents: dict[ast.AST, ast.AST], flags: frozenset[str] | set[str] = frozenset()
) -> bool:
    child = node
    parent = parents.get(node)
    while parent is not None:
        if isinstance(parent, ast.If | ast.IfExp) and child is not parent.test:
            if _names(parent.test) & (GUARD_NAMES | flags):
                return True
        if isinstance(parent, ast.Try) and child in parent.body:
            for handler in parent.handlers:
                caught = handler.type  # None: a bare except
                names = (
                    {n.id for n in ast.walk(caught) if isinstance(n, ast.Name)}
                    if caught
                    else {"BaseException"}
                )
                if names & CATCHES:
                    return True
        child, parent = parent, parents.get(parent)
    return False


_WATCHED = {name.split(".")[0] for name in POSIX_ONLY} | {
    attr for attrs in POSIX_ATTRS.values() for attr in attrs
}


def posix_only_uses(path: Path) -> list[str]:
    """Unguarded POSIX-only things in a file: imports (at module level or in a function) and
    attributes of os/signal. Guarded: under an ``if`` on the platform (``sys.platform``,
    ``os.name``, ``hasattr``...; or a variable set from one), or in a ``try`` that catches
    AttributeError, ImportError, OSError or Exception."""
    text = path.read_text(encoding="utf-8")
    # Each use names its module or attribute as an identifier (NFKC-normalised, as Python reads
    # identifiers): a file with none of these words cannot have one, and is not parsed (most of
    # the package: 2.6 s of parsing and walking down to 0.5 s).
    if _WATCHED.isdisjoint(re.findall(r"\w+", unicodedata.normalize("NFKC", text))):
        return []
    tree = ast.parse(text, str(path))
    parents = {child: parent for parent in ast.walk(tree) for child in ast.iter_child_nodes(parent)}
    flags = _guard_flags(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
            )
            for name in names:
                if name.split(".")[0] in POSIX_ONLY and not _guarded(node, parents, flags):
                    found.append(f"{path.name}:{node.lineno}: import {name}")
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.attr in POSIX_ATTRS.get(node.value.id, ()) and not _guarded(
                node, parents, flags
            ):
                found.append(f"{path.name}:{node.lineno}: {node.value.id}.{node.attr}")
    return found


def source_files() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py")) + sorted(p for d in SCRIPT_DIRS for p in d.rglob("*.py"))


def test_no_unguarded_posix_only_code() -> None:
    found = [use for path in source_files() for use in posix_only_uses(path)]
    assert not found, "POSIX-only, unguarded (Windows has none of it):\n" + "\n".join(found)


def test_the_static_check_finds_what_it_looks_for(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        textwrap.dedent(
            """
        import os, resource
        import signal
        from fcntl import flock

        def f(pid):
            os.kill(pid, signal.SIGKILL)
            alarm = True  # not a platform test
            signal.alarm(1) if alarm else None
            return os.sysconf("SC_CLK_TCK")
        """
        ),
        encoding="utf-8",
    )
    assert sorted(posix_only_uses(bad)) == [
        "bad.py:10: os.sysconf",
        "bad.py:2: import resource",
        "bad.py:4: import fcntl",
        "bad.py:7: signal.SIGKILL",
        "bad.py:9: signal.alarm",
    ]
    good = tmp_path / "good.py"
    good.write_text(
        textwrap.dedent(
            """
        import os, sys

        def f(pid):
            if sys.platform != "win32":
                import resource
                return resource.getrusage(resource.RUSAGE_SELF)
            use_alarm = hasattr(signal, "SIGALRM")
            old = signal.signal(signal.SIGALRM, print) if use_alarm else None
            try:
                return os.sysconf("SC_CLK_TCK")
            except (OSError, AttributeError):
                return None
        """
        ),
        encoding="utf-8",
    )
    assert posix_only_uses(good) == []


# -- --version and --help answer -----------------------------------------------------------------------
def exit_code(argv: list[str]) -> object:
    """What ``main`` ends with: its return value, or the code of a SystemExit (argparse's way)."""
    try:
        return main(argv)
    except SystemExit as exc:
        return exc.code


def test_version_matches_the_package_metadata(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    assert exit_code(["--version"]) in (0, None)
    assert capsys.readouterr().out.strip() == f"desert-pyramid {__version__}"
    assert version("desert-pyramid") == __version__  # pyproject.toml and the package agree


def test_help_of_the_command_and_every_sub_command(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    subs = next(a for a in parser._actions if a.dest == "command")
    names = sorted(subs.choices)  # type: ignore[arg-type]
    assert {"deal", "solve", "stats"} <= set(names)
    for argv in ([], *([name] for name in names)):
        assert exit_code([*argv, "--help"]) in (0, None), argv
        out = capsys.readouterr().out
        assert out.startswith(f"usage: desert-pyramid {' '.join(argv)}".rstrip()), argv
