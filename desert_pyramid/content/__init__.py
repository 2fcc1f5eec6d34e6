"""The "How to play" content: rules text, variations, glossary and quiz, read from data files.

The text lives in one place, ``resources/rules/*.toml`` (format: ``docs/rules-content.md``). This
package loads and validates it into frozen dataclasses, renders it as plain text for a terminal, and
runs the quiz as pure logic (:class:`QuizSession`). The ``desert-pyramid rules`` command and the
"How to play" screen both read it from here, so they always say the same thing.

Loading::

    content = load_rules_content()          # all four files, validated
    content.how_to_play.section("satchel")  # one Section
    print(render_all(content, width=78))

Bad data raises :class:`ContentError`, whose message names the file and the entry at fault.

Inline markup in paragraphs: ``**bold**``; ``{6S}`` is a card (rank ``A 2-9 T J Q K`` and suit
``S H D C``), shown as ``6♠``; a paragraph starting with ``- `` is a bullet. Parsed paragraphs are
:class:`Paragraph` objects made of :class:`Span` runs that a screen can draw (bold, card colours).

This package decides no rule: it holds words and the data a demonstration replays on the engine.

Split by concern: :mod:`.model` (the types, cards and markup), :mod:`.reading` (the files, validated),
:mod:`.terminal` (plain text), :mod:`.quiz` (the quiz's logic), :mod:`.localized` (the words in
the player's language: :func:`default_content` gives them, read where they are shown).
"""

from .localized import *  # noqa: F403
from .model import *  # noqa: F403
from .quiz import *  # noqa: F403
from .reading import *  # noqa: F403
from .terminal import *  # noqa: F403
