"""The game window's options on the top-level command: ``desert-pyramid [--headless --frames N ...]``.

With no sub-command, ``desert-pyramid`` opens the game. ``--headless --frames N --screenshot PATH``
runs N frames offscreen and saves the last one; ``--frame-stats`` prints frame times as JSON.
Arcade is imported only when the window opens (``--headless`` must be set before that).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from desert_pyramid.app.prefs import TEXT_SIZES
from desert_pyramid.app.screens import STARTING
from desert_pyramid.commands.args import (
    UsageError,
    check_writable_file,
    from_argv,
    parse_int,
    shown,
)
from desert_pyramid.commands.window_args import parse_size, read_game_code
from desert_pyramid.engine import DealCode, GameCode
from desert_pyramid.i18n import LANGUAGES
from desert_pyramid.modes import MODES

if TYPE_CHECKING:
    from desert_pyramid.ui.shell import RunOptions

MAX_FRAMES = 1_000_000


def _process_start() -> float:
    """The wall-clock time this process started (Linux: from /proc), else now.

    Windows and macOS have no /proc (and no ``os.sysconf`` on Windows): there it is now."""
    try:
        with open("/proc/self/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        start_ticks = int(fields[19])
        with open("/proc/uptime") as fh:
            uptime = float(fh.read().split()[0])
        return time.time() - uptime + start_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return time.time()


LAUNCHED_AT = _process_start()


def register_root(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group("game window")
    g.add_argument(
        "--headless",
        action="store_true",
        help="render offscreen (no screen needed); needs --frames",
    )
    g.add_argument("--frames", metavar="N", help="run N frames, then quit")
    g.add_argument(
        "--screenshot", metavar="PATH", help="save the last frame as a PNG (needs --frames)"
    )
    g.add_argument(
        "--code",
        metavar="CODE",
        help="start at the table with this deal code (DP-…), or watch a game code's game (DG-…)",
    )
    g.add_argument("--mode", choices=MODES, help="start at the table in this mode")
    g.add_argument("--autoplay", action="store_true", help="let the computer play the deal")
    g.add_argument(
        "--frame-stats", action="store_true", help="print median, p95 and max frame time as JSON"
    )
    g.add_argument("--size", metavar="WxH", help="window size, e.g. 1280x720 (default)")
    g.add_argument("--screen", choices=STARTING, help="start on this screen (for screenshots)")
    g.add_argument(
        "--lang",
        metavar="CODE",
        help="the window's language for this run: " + ", ".join(LANGUAGES) + " (default: the "
        "one chosen in Settings, else the system's)",
    )
    g.add_argument(
        "--text-size",
        dest="text_size",
        metavar="N",
        help="text size in per cent for this run, from 100 to 200 (default: the one chosen in "
        "Settings)",
    )
    g.add_argument(
        "--high-contrast",
        dest="high_contrast",
        action="store_true",
        help="the high-contrast theme for this run",
    )
    g.add_argument(
        "--reduced-motion",
        dest="reduced_motion",
        action="store_true",
        help="no animations for this run (Settings → Animations: Off)",
    )
    g.add_argument("--layout", metavar="N", help="start at a Practice table on layout N")
    g.add_argument(
        "--check-layout",
        action="store_true",
        help="print every drawn part's box as JSON after the last frame; exit 1 naming the parts "
        "that lie outside the window, overlap or do not fit their box (needs --frames)",
    )
    g.add_argument("--seed", metavar="N", help="the seed of the first random practice deal")
    g.add_argument(
        "--save-dir",
        dest="save_dir",
        metavar="DIR",
        help="keep the save files in DIR (default: $DESERT_PYRAMID_SAVE_DIR, else the user data folder)",
    )
    g.add_argument(
        "--speech-log",
        dest="speech_log",
        metavar="PATH",
        help="write every spoken announcement to PATH, one a line (docs/accessibility.md)",
    )
    g.add_argument(
        "--full-redraw",
        action="store_true",
        help="draw every frame whole, never only the parts that changed (for comparisons)",
    )
    parser.set_defaults(play_func=run_play)


def _frame_options(args: argparse.Namespace) -> tuple[int | None, Path | None]:
    """``--frames`` and what needs it: the frame count and the screenshot's path."""
    frames: int | None = None
    if args.frames is not None:
        frames = parse_int(args.frames, "--frames", 1, MAX_FRAMES)
    if args.headless and frames is None:
        raise UsageError("--headless needs --frames N (an offscreen window has no one to close it)")
    shot: Path | None = None
    if args.screenshot is not None:
        if frames is None:
            raise UsageError("--screenshot needs --frames N")
        if Path(args.screenshot).suffix.lower() != ".png":
            raise UsageError(f"--screenshot must be a .png file, not '{shown(args.screenshot)}'")
        # checked (and tried) before any frame is drawn, not after the last one
        shot = check_writable_file(args.screenshot, "--screenshot")
    if args.frame_stats and frames is None:
        raise UsageError("--frame-stats needs --frames N")
    if args.check_layout and frames is None:
        raise UsageError("--check-layout needs --frames N")
    if args.check_layout and args.frame_stats:
        raise UsageError("--check-layout and --frame-stats both print JSON: choose one")
    return frames, shot


def _code_option(args: argparse.Namespace) -> DealCode | GameCode | None:
    """``--code``: a deal code to play (checked against the catalogue and the playable rules) or
    a game code to watch again."""
    if args.code is None:
        return None
    from desert_pyramid.catalog import Catalogue
    from desert_pyramid.engine import (
        DealCodeError,
        LayoutError,
        RulesError,
        check_playable,
        decode_deal_code,
        looks_like_game_code,
    )

    if looks_like_game_code(args.code):
        code = read_game_code(args.code)
        if args.mode is not None:
            raise UsageError("--code with a game code opens its replay: drop --mode")
        return code
    try:
        deal_code = decode_deal_code(from_argv(args.code))
        Catalogue.open(getattr(args, "save_dir", None)).get_layout(deal_code.layout_number)
        check_playable(
            deal_code.rules, deal_code.layout_number
        )  # the rule the Practice table keeps
    except (DealCodeError, LayoutError, RulesError) as exc:
        raise UsageError(f"--code: {exc}") from None
    if args.mode not in (None, "practice"):
        raise UsageError("--code plays a practice deal: drop --mode or use --mode practice")
    return deal_code


def _lang_option(args: argparse.Namespace) -> str | None:
    """``--lang``: one of the languages, written pt-BR, PT_br or pt_BR alike."""
    lang = getattr(args, "lang", None)
    if lang is None:
        return None
    known = {code.lower(): code for code in LANGUAGES}
    if lang.replace("-", "_").lower() not in known:
        raise UsageError(f"--lang must be one of {', '.join(LANGUAGES)}, not '{shown(lang)}'")
    return known[lang.replace("-", "_").lower()]


def options_from_args(args: argparse.Namespace) -> RunOptions:
    """Check the options and build :class:`desert_pyramid.ui.window.RunOptions` (without Arcade)."""
    frames, shot = _frame_options(args)
    layout: int | None = None
    if args.layout is not None:
        layout = _layout_option(args.layout, getattr(args, "save_dir", None))
        if args.code is not None:
            raise UsageError("--layout and --code both choose the deal's layout: choose one")
        if args.mode not in (None, "practice"):
            raise UsageError("--layout starts a practice deal: drop --mode or use --mode practice")
    code = _code_option(args)
    seed: int | None = None
    if args.seed is not None:
        seed = parse_int(args.seed, "--seed", 0, 2**63 - 1)
    size = parse_size(args.size) if args.size is not None else (1280, 720)
    lang = _lang_option(args)
    text_size: int | None = None
    if getattr(args, "text_size", None) is not None:
        text_size = parse_int(
            args.text_size.removesuffix("%"), "--text-size", TEXT_SIZES[0], TEXT_SIZES[-1]
        )
    speech_log = getattr(args, "speech_log", None)
    log = None if speech_log is None else check_writable_file(speech_log, "--speech-log")
    save_dir = getattr(args, "save_dir", None)
    from desert_pyramid.commands.profile import check_save_dir

    check_save_dir(save_dir)
    if args.headless:
        os.environ["ARCADE_HEADLESS"] = "1"
    from desert_pyramid.ui.shell import RunOptions

    return RunOptions(
        size=size,
        headless=bool(args.headless or os.environ.get("ARCADE_HEADLESS")),
        frames=frames,
        screenshot=shot,
        code=code,
        mode=args.mode,
        autoplay=bool(args.autoplay),
        frame_stats=bool(args.frame_stats),
        screen=args.screen,
        seed=seed,
        launched_at=LAUNCHED_AT,
        save_dir=save_dir,
        speech_log=log,
        full_redraw=bool(args.full_redraw or args.check_layout),
        layout=layout,
        check_layout=bool(args.check_layout),
        lang=lang,
        text_size=text_size,
        high_contrast=bool(getattr(args, "high_contrast", False)),
        reduced_motion=bool(getattr(args, "reduced_motion", False)),
    )


def _layout_option(text: str, save_dir: str | None) -> int:
    """The number of ``--layout``: one the game (1..99) or the player (101..999) has."""
    from desert_pyramid.catalog import Catalogue
    from desert_pyramid.engine import DESERT, LayoutError, RulesError, check_playable

    number = parse_int(text, "--layout", 1, 999)
    try:
        Catalogue.open(save_dir).get_layout(number)
        check_playable(DESERT, number)  # a Practice table plays the Desert rules
    except (LayoutError, RulesError) as exc:
        raise UsageError(f"--layout: {exc}") from None
    return number


NO_DISPLAY = (
    "no display to open the game window on{why}: run it on a desktop, "
    "or offscreen with --headless --frames N"
)


def display_problem(headless: bool) -> str | None:
    """Why the game window cannot open here, or None. On Linux and the BSDs a window needs an X
    display (``DISPLAY``); Windows and macOS always have one."""
    if headless or not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return None
    if os.environ.get("DISPLAY"):
        return None
    return NO_DISPLAY.format(why=" (DISPLAY is not set)")


def _is_no_display(exc: BaseException) -> bool:
    return any(cls.__name__ == "NoSuchDisplayException" for cls in type(exc).__mro__)


def run_play(args: argparse.Namespace) -> int:
    options = options_from_args(args)
    problem = display_problem(options.headless)
    if problem is not None:
        raise UsageError(problem)
    from desert_pyramid.ui.window import run

    try:
        if options.screenshot is None:
            return run(options)
        from desert_pyramid.commands.output import output_file

        with output_file(options.screenshot) as part:  # a failed write leaves nothing at PATH
            return run(dataclasses.replace(options, screenshot=part))
    except Exception as exc:
        if _is_no_display(exc):  # DISPLAY names a display that cannot be reached
            raise UsageError(NO_DISPLAY.format(why=unreachable_display())) from None
        raise


def unreachable_display() -> str:
    """Why the window did not open when the display could not be reached: the display named, as
    ``$DISPLAY`` gives it (pyglet's own message names ``None`` when it read the variable)."""
    name = os.environ.get("DISPLAY", "")
    if not name:
        return " (DISPLAY is not set)"
    return f' (cannot connect to the display "{shown(name)}" that DISPLAY names)'
