"""A seeded fuzz of the command line: hostile argument lists across every sub-command (found from
the parser), with a hostile standard input and output, through the real ``main(argv)``.

Every case must end with an exit code, never an exception: 0 or 2 on a sound output; 1 (output
failed) or 141 (the reader went away) besides when the output is full, closed or a broken pipe.
The wider run is ``python bench/fuzz_cli.py`` (10,000 cases and more)."""

from __future__ import annotations

import random
import sys
from collections import Counter

import pytest

from bench.fuzz_cli import (
    Case,
    allowed_codes,
    commands,
    deal_codes,
    fuzz_environment,
    generate,
    run_case,
)

CASES = 2000  # about 20 s here; bench/fuzz_cli.py runs 10,000 and more


def test_the_generator_reaches_every_sub_command_and_stream() -> None:
    cmds = commands()
    names = {c.name for c in cmds}
    assert (
        None in names
        and {"deal", "show", "solve", "stats", "rules", "daily", "profile", "layouts", "replay"}
        <= names
    )
    rng = random.Random(0)
    cases = [generate(rng, cmds, deal_codes(), "/tmp") for _ in range(600)]
    assert {c.argv[0] for c in cases if c.argv and not c.argv[0].startswith("-")} >= names - {None}
    assert {c.stdout for c in cases} >= {"utf8", "ascii", "full", "pipe", "closed", "shut"}
    assert {c.stdin for c in cases} >= {"closed", "shut", "undecodable", "hostile"}
    quiz = [c for c in cases if c.argv[:1] == ["rules"] and "--quiz" in c.argv]
    assert quiz, "the quiz (which reads stdin) is in the fuzz"


def test_an_exception_would_be_seen() -> None:
    # the harness reports an exception by kind (here: main given a value that is not a string)
    rc, kind, _ = run_case(Case(["deal", "--seed", 1], "empty", "utf8", "utf8"))  # type: ignore[list-item]
    assert rc is None and kind in ("TypeError", "AttributeError")  # int has no .split


@pytest.mark.slow  # about 1,000 runs of the command line: in CI's second pass
@pytest.mark.skipif(sys.platform == "win32", reason="the harness's time limit uses SIGALRM")
def test_fuzz_the_command_line() -> None:
    rng = random.Random(20261201)
    cmds, codes = commands(), deal_codes()
    if not sys.platform.startswith("linux"):  # elsewhere a display is always there: no windows
        cmds = [c for c in cmds if c.name is not None]
    failures: list[str] = []
    exits: Counter[int | None] = Counter()
    with fuzz_environment() as tmp:
        for _ in range(CASES):
            case = generate(rng, cmds, codes, tmp)
            rc, kind, tb = run_case(case, limit=20.0)
            exits[rc] += 1
            if kind is not None:
                failures.append(f"{kind} on {case}:\n{tb}")
            elif rc not in allowed_codes(case):
                failures.append(f"exit {rc} on {case}")
    assert not failures, f"{len(failures)} failures; the first:\n" + failures[0]
    assert exits[0] > 150 and exits[2] > 600  # the values are both used and refused
