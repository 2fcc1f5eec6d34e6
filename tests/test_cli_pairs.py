"""Which rule/layout pairs can be played is decided in one place (``engine.check_playable``) and
every door agrees with it: ``deal``, ``show``, ``solve``, ``stats``, ``--code`` and the Practice
session the window opens. So every deal code the tool prints opens in the game, and a refused
pair is one line and exit 2 everywhere."""

from __future__ import annotations

import pytest

from desert_pyramid.catalog import all_layouts, get_layout
from desert_pyramid.cli import build_parser, main
from desert_pyramid.engine import PRESETS, Deal, RulesError, check_playable, encode_deal_code
from desert_pyramid.modes import InputError, PracticeSession

LAYOUTS = sorted(all_layouts())


def playable(preset: str, number: int) -> bool:
    try:
        check_playable(PRESETS[preset], number)
    except RulesError:
        return False
    return True


def one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("desert-pyramid: error: "), err
    assert "Traceback" not in err and out == ""
    return lines[0]


def test_the_rule_itself() -> None:
    assert all(playable(p, 1) for p in PRESETS)
    assert all(playable(p, n) for p in ("desert", "relaxed") for n in LAYOUTS)
    assert not any(playable(p, n) for p in ("classic", "strict") for n in LAYOUTS if n != 1)
    # a preset changed by an option is no longer the traditional game: it plays any layout
    check_playable(PRESETS["classic"].with_options(passes=1), 5)
    with pytest.raises(RulesError, match="the strict rules play the classic pyramid"):
        check_playable(PRESETS["strict"], 2)


def test_the_issue_s_example(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--seed", "1", "--rules", "classic", "--layout", "5"]) == 2
    assert "classic pyramid (layout 1) only, not layout 5" in one_error_line(capsys)
    assert (
        main(["--code", "DP-1-020H-9KJF"]) == 2
    )  # the code main used to print; refused before a window
    assert "--code: the classic rules play the classic pyramid (layout 1) only" in one_error_line(
        capsys
    )


@pytest.fixture
def one_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole command-line parser built once for a test's hundreds of command lines: building
    it (every sub-command's options) was four fifths of the time of 1,100 ``main`` calls, and a
    parser is only read by ``parse_args`` (each command line still goes through ``main``)."""
    import desert_pyramid.cli as cli

    parser = cli.build_parser()
    monkeypatch.setattr(cli, "build_parser", lambda: parser)


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.usefixtures("one_parser")
def test_every_preset_on_every_layout_agrees(
    preset: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from desert_pyramid.commands.play import options_from_args

    parser = build_parser()
    rules = PRESETS[preset]
    for number in LAYOUTS:
        ok = playable(preset, number)
        rc = main(["deal", "--seed", "7", "--rules", preset, "--layout", str(number)])
        if ok:
            assert rc == 0, (preset, number)
            notation, code = capsys.readouterr().out.splitlines()
            # the window's own path for --code: the option check, then the Practice session
            options = options_from_args(parser.parse_args(["--code", code]))
            assert options.code.layout_number == number and options.code.rules == rules
            session = PracticeSession.from_code(
                code, get_layout=get_layout
            )  # as the window passes it
            assert session.game.layout.number == number and session.game.rules == rules
            assert main(["show", code]) == 0
            assert main(["solve", code, "--budget", "1"]) == 0
            assert main(["show", notation, "--rules", preset, "--layout", str(number)]) == 0
            assert (
                main(
                    [
                        "stats",
                        "--rules",
                        preset,
                        "--layout",
                        str(number),
                        "--deals",
                        "1",
                        "--budget",
                        "1",
                        "--workers",
                        "1",
                    ]
                )
                == 0
            )
            capsys.readouterr()
            continue
        assert rc == 2, (preset, number)
        message = one_error_line(capsys)
        assert f"not layout {number}" in message
        # a code for the pair (typed by hand, or from another tool) is refused the same way
        code = encode_deal_code(Deal.from_seed(7), rules, number)
        with pytest.raises(InputError, match=f"not layout {number}"):
            PracticeSession.from_code(code, get_layout=get_layout)
        for argv in (
            ["--code", code, "--headless", "--frames", "1"],
            ["show", code],
            ["solve", code, "--budget", "1"],
            ["show", Deal.from_seed(7).notation(), "--rules", preset, "--layout", str(number)],
            ["stats", "--rules", preset, "--layout", str(number), "--deals", "1", "--workers", "1"],
        ):
            assert main(argv) == 2, argv
            assert f"not layout {number}" in one_error_line(capsys), argv
