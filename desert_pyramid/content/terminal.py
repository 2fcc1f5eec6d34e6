"""The content as plain text for a terminal (``desert-pyramid rules``), the quiz's questions too."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from desert_pyramid.engine.wording import OPTION_WORDS, passes_label

from .model import (
    Demo,
    Diagram,
    GlossaryEntry,
    Paragraph,
    QuizQuestion,
    RulesContent,
    Section,
    Variation,
    card_label,
    parse_markup,
    to_ascii,
)

# --------------------------------------------------------------------------------------------
# Plain-text rendering


def wrap_paragraph(
    paragraph: Paragraph, width: int = 78, ascii_only: bool = False, indent: str = ""
) -> list[str]:
    """Wrap a paragraph to ``width`` columns; a bullet gets a dash and a hanging indent."""
    first = indent + ("  - " if paragraph.bullet else "")
    rest = indent + ("    " if paragraph.bullet else "")
    return textwrap.wrap(
        paragraph.plain(ascii_only),
        width=max(width, len(first) + 10),
        initial_indent=first,
        subsequent_indent=rest,
        break_on_hyphens=False,
        break_long_words=False,
    )


def _paragraph_block(
    paragraphs: Sequence[Paragraph], width: int, ascii_only: bool, indent: str = ""
) -> list[str]:
    """Paragraphs separated by blank lines; consecutive bullets stay together."""
    lines: list[str] = []
    previous: Paragraph | None = None
    for paragraph in paragraphs:
        if previous is not None and not (previous.bullet and paragraph.bullet):
            lines.append("")
        lines.extend(wrap_paragraph(paragraph, width, ascii_only, indent))
        previous = paragraph
    return lines


def _heading(title: str, underline: str, ascii_only: bool) -> list[str]:
    text = to_ascii(title) if ascii_only else title
    return [text, underline * len(text)]


def render_diagram(diagram: Diagram, width: int = 78, ascii_only: bool = False) -> list[str]:
    """The small pyramid as text: ``(5♥)`` free, ``[7♠]`` covered, ``..`` taken away."""
    cell = 8
    lines = []
    for row in range(1, diagram.rows + 1):
        cells = []
        for col in range(1, row + 1):
            label = card_label(diagram.card_at(row, col), ascii_only)
            state = diagram.state(row, col)
            text = {"free": f"({label})", "covered": f"[{label}]", "removed": ".."}[state]
            cells.append(text.center(cell))
        lines.append("  " + " " * (cell // 2) * (diagram.rows - row) + "".join(cells).rstrip())
    lines.append("")
    lines.append("  (free)   [covered]   .. taken away")
    lines.append("")
    lines.extend(wrap_paragraph(diagram.caption, width, ascii_only))
    return lines


def render_demo(demo: Demo, width: int = 78, ascii_only: bool = False) -> list[str]:
    """The worked example's steps as a numbered list."""
    lines = []
    for number, step in enumerate(demo.steps, start=1):
        prefix = f"{number:>3}. "
        lines.extend(
            textwrap.wrap(
                step.caption.plain(ascii_only),
                width=max(width, len(prefix) + 10),
                initial_indent=prefix,
                subsequent_indent=" " * len(prefix),
                break_on_hyphens=False,
                break_long_words=False,
            )
        )
    return lines


def render_section(section: Section, width: int = 78, ascii_only: bool = False) -> str:
    lines = _heading(section.title, "-", ascii_only)
    lines.append("")
    lines.extend(_paragraph_block(section.paragraphs, width, ascii_only))
    if section.diagram is not None:
        lines.append("")
        lines.extend(render_diagram(section.diagram, width, ascii_only))
    if section.demo is not None:
        lines.append("")
        lines.extend(render_demo(section.demo, width, ascii_only))
    return "\n".join(lines) + "\n"


def render_variations(
    variations: Sequence[Variation], width: int = 78, ascii_only: bool = False
) -> str:
    lines = _heading("Common variations", "-", ascii_only)
    lines.append("")
    lines.extend(
        wrap_paragraph(
            parse_markup(
                "Rule books differ. Each of these can be played in Practice, under the rule set named below it."
            ),
            width,
            ascii_only,
        )
    )
    for variation in variations:
        lines.append("")
        lines.append(to_ascii(variation.title) if ascii_only else variation.title)
        lines.extend(_paragraph_block(variation.paragraphs, width, ascii_only, indent="  "))
        lines.extend(
            textwrap.wrap(
                f"Practice rules: {variation_rules_text(variation)}",
                width=max(width, 20),
                initial_indent="  ",
                subsequent_indent="    ",
            )
        )
    return "\n".join(lines) + "\n"


def option_label(key: str, value: int | bool) -> str:
    """A player's words for one option override: ``("passes", 1)`` -> ``"1 pass"`` (the words are
    :mod:`desert_pyramid.engine.wording`'s)."""
    if key == "passes":
        return passes_label(int(value) or None)
    if key not in OPTION_WORDS:
        raise KeyError(f"unknown option '{key}'")
    words = OPTION_WORDS[key]
    return words.on if value else words.off


def variation_rules_text(variation: Variation) -> str:
    """The rule set a variation starts, in words: ``"classic rules, 1 pass"``."""
    return ", ".join(
        [f"{variation.preset} rules"] + [option_label(k, v) for k, v in variation.options]
    )


def render_glossary(
    entries: Sequence[GlossaryEntry], width: int = 78, ascii_only: bool = False
) -> str:
    lines = _heading("Other names you may hear", "-", ascii_only)
    for entry in entries:
        lines.append("")
        head = entry.term + (
            f" (also: {', '.join(entry.other_names)})" if entry.other_names else ""
        )
        lines.extend(
            textwrap.wrap(
                to_ascii(head) if ascii_only else head, width=max(width, 20), subsequent_indent="  "
            )
        )
        lines.extend(_paragraph_block(entry.paragraphs, width, ascii_only, indent="  "))
    return "\n".join(lines) + "\n"


def render_all(content: RulesContent, width: int = 78, ascii_only: bool = False) -> str:
    """The whole text: title, every section, the variations and the glossary."""
    parts = ["\n".join(_heading(content.how_to_play.title, "=", ascii_only)) + "\n"]
    parts.extend(
        render_section(section, width, ascii_only) for section in content.how_to_play.sections
    )
    parts.append(render_variations(content.variations, width, ascii_only))
    parts.append(render_glossary(content.glossary, width, ascii_only))
    return "\n".join(parts)


def choice_key(index: int) -> str:
    """The letter of a choice: 0 -> "a"."""
    return "abcdef"[index]


def parse_choice(text: str, count: int) -> int | None:
    """A typed answer ("2", "b", "B)") as a choice index, or None if it names no choice."""
    t = text.strip().lower().rstrip(").")
    if len(t) == 1 and "1" <= t <= "9" and int(t) <= count:  # not "²" or "٣"
        return int(t) - 1
    if len(t) == 1 and "a" <= t <= choice_key(count - 1):
        return ord(t) - ord("a")
    return None


def render_question(
    question: QuizQuestion, number: int, total: int, width: int = 78, ascii_only: bool = False
) -> str:
    lines = textwrap.wrap(
        f"Question {number} of {total}. {question.prompt.plain(ascii_only)}",
        width=max(width, 20),
        break_on_hyphens=False,
        break_long_words=False,
    )
    for index, choice in enumerate(question.choices):
        prefix = f"  {choice_key(index)}) "
        lines.extend(
            textwrap.wrap(
                choice.text.plain(ascii_only),
                width=max(width, len(prefix) + 10),
                initial_indent=prefix,
                subsequent_indent=" " * len(prefix),
                break_on_hyphens=False,
                break_long_words=False,
            )
        )
    return "\n".join(lines) + "\n"
