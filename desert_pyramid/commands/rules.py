"""``desert-pyramid rules``: how to play, on the terminal, and the rules quiz.

    desert-pyramid rules                  the whole text: sections, variations, glossary
    desert-pyramid rules --section ID     one section (or "variations", "glossary")
    desert-pyramid rules --list           the section ids
    desert-pyramid rules --quiz           the quiz, answered on stdin (1-3 or a-c; q stops)

The text is the same data the "How to play" screen shows (``resources/rules/``).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import textwrap
from typing import TextIO

from desert_pyramid.commands.args import UsageError, parse_int, shown
from desert_pyramid.content import (
    ContentError,
    QuizSession,
    RulesContent,
    choice_key,
    load_rules_content,
    parse_choice,
    render_all,
    render_glossary,
    render_question,
    render_section,
    render_variations,
    to_ascii,
    wrap_paragraph,
)

EXTRA_SECTIONS = ("variations", "glossary")
MIN_WIDTH = 30
MAX_DEFAULT_WIDTH = 100
MAX_WIDTH = 1000
MAX_REPLY = 200  # characters of an answer line that are read; the rest of a longer line is skipped


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "rules",
        help="print how to play, or take the rules quiz",
        description="Print how to play Desert Pyramid, or take the rules quiz.",
    )
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--section", metavar="ID", help="print one section (see --list)")
    what.add_argument("--list", action="store_true", help="list the section ids")
    what.add_argument("--quiz", action="store_true", help="take the six-question rules quiz")
    parser.add_argument(
        "--width", metavar="N", help=f"wrap to this many columns ({MIN_WIDTH} to {MAX_WIDTH})"
    )
    parser.add_argument("--ascii", action="store_true", help="ASCII only: 6S for the 6 of spades")
    parser.set_defaults(func=run)


def _width(requested: str | None) -> int:
    if requested is not None:
        return parse_int(requested, "--width", MIN_WIDTH, MAX_WIDTH)
    columns = shutil.get_terminal_size((80, 24)).columns
    return max(MIN_WIDTH, min(MAX_DEFAULT_WIDTH, columns - 2))


def needs_ascii(stream: TextIO) -> bool:
    """True when the stream cannot print the suit symbols."""
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "♠♥♦♣×−".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return True
    return False


def run(args: argparse.Namespace) -> int:
    width = _width(args.width)
    out = sys.stdout
    ascii_only = bool(args.ascii) or needs_ascii(out)
    try:
        content = load_rules_content()
    except ContentError as exc:
        print(f"desert-pyramid: the rules text cannot be read: {exc}", file=sys.stderr)
        return 1
    if args.list:
        for section in content.how_to_play.sections:
            out.write(
                f"{section.id:<14} {to_ascii(section.title) if ascii_only else section.title}\n"
            )
        out.write(
            f"{'variations':<14} Common variations\n{'glossary':<14} Other names you may hear\n"
        )
        return 0
    if args.quiz:
        run_quiz(content, _readable(sys.stdin), out, width, ascii_only)
        return 0
    if args.section is not None:
        out.write(_one_section(content, args.section, width, ascii_only))
        return 0
    out.write(render_all(content, width, ascii_only))
    return 0


def _one_section(content: RulesContent, section_id: str, width: int, ascii_only: bool) -> str:
    if section_id == "variations":
        return render_variations(content.variations, width, ascii_only)
    if section_id == "glossary":
        return render_glossary(content.glossary, width, ascii_only)
    ids = content.how_to_play.section_ids
    if section_id not in ids:
        raise UsageError(
            f"no section '{shown(section_id)}': choose one of {', '.join(ids + EXTRA_SECTIONS)}"
        )
    return render_section(content.how_to_play.section(section_id), width, ascii_only)


def run_quiz(
    content: RulesContent,
    stdin: TextIO | None,
    out: TextIO,
    width: int = 78,
    ascii_only: bool = False,
) -> QuizSession:
    """Ask the quiz on a text stream. Stops cleanly at the end, on "q", or at end of input."""
    quiz = content.quiz
    session = QuizSession(quiz.questions)
    title = to_ascii(quiz.title) if ascii_only else quiz.title
    out.write(f"{title}\n{'=' * len(title)}\n")
    if quiz.intro is not None:
        out.write("\n".join(wrap_paragraph(quiz.intro, width, ascii_only)) + "\n")
    out.write("Answer with a number or a letter (1 or a, ...); q stops.\n")
    while not session.finished:
        question = session.current
        count = len(question.choices)
        out.write(
            "\n" + render_question(question, session.index + 1, session.total, width, ascii_only)
        )
        while True:
            out.write("> ")
            out.flush()
            line = _read_line(stdin)
            if not line:  # end of input (or an input that is closed or cannot be read)
                out.write("\n")
                _stopped(session, out)
                return session
            reply = line.strip()
            if reply.lower() in ("q", "quit"):
                _stopped(session, out)
                return session
            index = parse_choice(reply, count)
            if index is not None:
                break
            hint = f"type 1 to {count} or a to {choice_key(count - 1)} (q stops)"
            out.write(
                f"'{shown(reply)}' is not an answer: {hint}.\n"
                if reply
                else f"No answer: {hint}.\n"
            )
        result = session.answer(index)
        verdict = "Right." if result.correct else "Not right."
        out.write(f"{verdict}\n")
        out.write("\n".join(wrap_paragraph(result.explanation, width, ascii_only)) + "\n")
        if not result.correct:
            right = result.right_choice
            answer = f"The right answer is {choice_key(result.right_index)}) {right.text.plain(ascii_only)}."
            out.write("\n".join(_wrap_plain(answer, width)) + "\n")
        session.next()
    out.write(f"\nYour score: {session.score} out of {session.total}.\n")
    return session


def _readable(stdin: TextIO | None) -> TextIO | None:
    """Standard input for the quiz: bytes that are not text in its encoding read as "?" (the
    answer is then refused like any other wrong one) instead of ending the program."""
    reconfigure = getattr(stdin, "reconfigure", None)
    if reconfigure is not None:
        try:
            reconfigure(errors="replace")
        except (OSError, ValueError):
            pass
    return stdin


def _read_line(stdin: TextIO | None) -> str:
    """One line of input; "" at its end, and when the input is closed or cannot be read."""
    if stdin is None:  # the program was started with its standard input closed
        return ""
    try:
        line = stdin.readline(MAX_REPLY)
    except UnicodeDecodeError:
        return "?\n"
    except (OSError, ValueError):  # ValueError: "I/O operation on closed file"
        return ""
    if len(line) >= MAX_REPLY and not line.endswith("\n"):  # skip the rest of a very long line
        try:
            while True:
                more = stdin.readline(MAX_REPLY)
                if not more or more.endswith("\n"):
                    break
        except (OSError, ValueError):
            return ""
    return line if isinstance(line, str) else ""


def _wrap_plain(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, width=width, break_on_hyphens=False, break_long_words=False)


def _stopped(session: QuizSession, out: TextIO) -> None:
    out.write(
        f"Quiz stopped. Your score so far: {session.score} out of {session.answered_count} answered "
        f"({session.total} questions in all).\n"
    )
