"""What the game's launch skips, and that skipping it changes nothing.

- The command line of a game launch (no sub-command) is read by the top-level options alone: the
  same namespace as the whole parser's, the whole parser's words for every error, and none of the
  sub-commands (nor the solver they import) imported.
- pyglet's glyph conversion, replaced by a faster one, gives the same bytes.
"""

from __future__ import annotations

import subprocess
import sys
from ctypes import c_ubyte

import pytest

from desert_pyramid.cli import build_parser, parse
from desert_pyramid.commands.args import UsageError

GAME_LINES = [
    [],
    ["--headless", "--frames", "3"],
    ["--headless", "--frames=3", "--size", "800x600", "--mode", "practice", "--autoplay"],
    ["--headl", "--frames", "2", "--seed", "-1"],  # an abbreviation, a negative value
    ["--frame-stats", "--full-redraw", "--screen", "title", "--save-dir", "stats"],
    ["--code", "DP-XXXX", "--screenshot", "x.png"],
]


@pytest.mark.parametrize("argv", GAME_LINES)
def test_a_game_launch_reads_as_the_whole_parser_reads_it(argv: list[str]) -> None:
    parser, args = parse(argv)
    assert vars(args) == vars(build_parser().parse_args(argv))
    assert args.command is None and args.play_func is not None
    assert parser.get_default("play_func") is args.play_func


BAD_LINES = [
    ["--nope"],
    ["--he"],  # --help or --headless?
    ["--headless", "--fram", "2"],  # --frames or --frame-stats?
    ["--frames"],
    ["stats", "--nope"],
    ["nosuchcommand"],
    ["--headless", "extra"],
    ["--mode", "sideways"],
]


@pytest.mark.parametrize("argv", BAD_LINES)
def test_every_error_is_the_whole_parsers(argv: list[str]) -> None:
    with pytest.raises(UsageError) as whole:
        build_parser().parse_args(argv)
    with pytest.raises(UsageError) as ours:
        parse(argv)
    assert str(ours.value) == str(whole.value)


@pytest.mark.parametrize("argv", [["-h"], ["--help"], ["--hel"], ["deal", "--help"]])
def test_help_is_the_whole_parsers(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(argv)
    whole = capsys.readouterr().out
    with pytest.raises(SystemExit):
        parse(argv)
    assert capsys.readouterr().out == whole
    if argv[0] != "deal":
        assert "stats" in whole  # the sub-commands are listed


def test_a_sub_command_is_read_by_the_whole_parser() -> None:
    _, args = parse(["deal", "--seed", "3"])
    assert args.command == "deal"
    assert vars(args) == vars(build_parser().parse_args(["deal", "--seed", "3"]))


def test_the_launch_imports_no_sub_command_and_no_solver() -> None:
    code = (
        "import sys\n"
        "from desert_pyramid.cli import parse\n"
        "_, args = parse(['--headless', '--frames', '1'])\n"
        "import desert_pyramid.difficulty, desert_pyramid.catalog\n"
        "desert_pyramid.catalog.all_layouts()\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('desert_pyramid.'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    loaded = set(out.stdout.split())
    assert "desert_pyramid.commands.play" in loaded
    for name in ("stats", "solve", "replay", "rules", "deal", "layouts", "daily"):
        assert f"desert_pyramid.commands.{name}" not in loaded
    assert not {
        m for m in loaded if m.startswith(("desert_pyramid.solver", "desert_pyramid.content"))
    }


def test_the_fast_glyph_conversion_gives_pyglets_bytes() -> None:
    from desert_pyramid.ui.art.assets import _fast_expand_to_rgba

    calls: list[tuple[str, str]] = []

    def slow(self: object, data: object, src: str, dst: str) -> bytes:
        """pyglet 2.1's loop, for any formats (what the fast one must equal)."""
        calls.append((src, dst))
        raw = bytes(data)  # type: ignore[call-overload]
        mapping = {c: i for i, c in enumerate(src)}
        out = bytearray()
        for i in range(len(raw) // len(src)):
            for c in dst:
                if c in mapping:
                    out.append(255)
                elif c == "A":
                    out.append(raw[i * len(src)])
                else:
                    out.append(255)
        return bytes(out)

    fast = _fast_expand_to_rgba(slow)
    for size in (0, 1, 7, 256, 999):
        data = (c_ubyte * size)(*[(i * 37 + 11) % 256 for i in range(size)])
        assert fast(None, data, "R", "BGRA") == slow(None, data, "R", "BGRA")
    calls.clear()
    data = (c_ubyte * 6)(1, 2, 3, 4, 5, 6)
    assert fast(None, data, "RG", "RGBA") == slow(None, data, "RG", "RGBA")
    assert calls == [("RG", "RGBA"), ("RG", "RGBA")]  # another conversion is pyglet's own


def test_the_glyph_conversion_is_replaced_once() -> None:
    from pyglet.font import freetype

    from desert_pyramid.ui.art.assets import speed_up_glyphs

    speed_up_glyphs()
    first = freetype.FreeTypeGlyphRenderer._expand_to_rgba
    speed_up_glyphs()
    assert freetype.FreeTypeGlyphRenderer._expand_to_rgba is first
    assert first.original is not first  # wraps pyglet's own, not itself
    assert not hasattr(first.original, "original")
