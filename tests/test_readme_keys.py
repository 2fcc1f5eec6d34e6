"""The README's keyboard table lists every binding of the key table the in-game help reads
(``ui/input/keys.py``), so the two never drift apart (issue 27, first contact)."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("ARCADE_HEADLESS", "1")  # keys.py names Arcade's key codes

from desert_pyramid.ui.input import keys  # noqa: E402

README = Path(__file__).resolve().parent.parent / "README.md"
TITLES = {**keys.CONTEXT_TITLES, keys.HOWTO: "In How to play"}


def expected_rows() -> list[str]:
    rows = []
    for context in dict.fromkeys(b.context for b in keys.BINDINGS):
        rows.append(f"| **{TITLES[context]}** | |")
        rows += [
            f"| {b.label} | {b.text} |" for b in keys.BINDINGS if b.context == context and b.label
        ]
    return rows


def keyboard_section() -> list[str]:
    text = README.read_text(encoding="utf-8")
    start = text.index("## Keyboard\n")
    end = text.index("\n## ", start + 1)
    return [line.strip() for line in text[start:end].splitlines()]


def test_the_readme_lists_every_key_binding_under_its_context() -> None:
    section = keyboard_section()
    missing = [row for row in expected_rows() if row not in section]
    assert not missing, "README.md's keyboard table lacks:\n" + "\n".join(missing)
    for context, rows in keys.help_rows(keys.CONTEXT_TITLES):
        heading = section.index(f"| **{context}** | |")
        for label, text in rows:  # each under its own heading, before the next one
            at = section.index(f"| {label} | {text} |", heading)
            assert not any(line.startswith("| **") for line in section[heading + 1 : at])


def test_the_keyboard_table_sits_beside_the_controllers() -> None:
    text = README.read_text(encoding="utf-8")
    assert text.index("## Keyboard") < text.index("## Controller") < text.index("## Test")
