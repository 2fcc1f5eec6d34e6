"""The rules content in the player's language.

The texts of ``resources/rules/*.toml`` are English; ``tools/i18n.py extract`` takes each
paragraph, title, caption, question, choice and explanation into the catalogues as one message
(context :data:`RULES_CONTEXT`). :func:`localized` gives the content with every text in the
language spoken now, parsed again for its markup. A translation whose markup does not match its
English (other cards, a different number of ``**``, a bullet lost or added) is not used: the
English paragraph shows there instead (``tools/i18n.py check`` reports it).

Only words change: ids, cards, the demo's deal and steps, the diagram, which choice is right and
the variations' rules stay the source's, so the quiz checks the same answers in every language.
"""

from __future__ import annotations

import dataclasses
import re

from desert_pyramid.i18n import SOURCE, current_language, pgettext, placeholders
from desert_pyramid.i18n.say import Say, many, tell, tell_n, tell_p

from .model import (
    Choice,
    Demo,
    GlossaryEntry,
    HowToPlay,
    Paragraph,
    Quiz,
    QuizQuestion,
    RulesContent,
    Section,
    Variation,
    parse_markup,
)

__all__ = [
    "RULES_CONTEXT",
    "localized",
    "markup_problem",
    "rules_paragraph",
    "variation_note",
    "variation_rules_words",
]

#: The catalogues' context of every text of How to play (so "Quiz" the page title and "pass" the
#: glossary term never share a translation with a button of the same English word elsewhere).
RULES_CONTEXT = "rules"

_BOLD = re.compile(r"\*\*")


def markup_problem(source: str, translation: str) -> str | None:
    """What differs between a text's inline markup and its translation's (None: nothing): the
    cards (``{6S}``), the number of ``**`` and the bullet (a leading ``- ``)."""
    if placeholders(source) != placeholders(translation):
        return f"cards {sorted(placeholders(translation))} != {sorted(placeholders(source))}"
    if len(_BOLD.findall(source)) != len(_BOLD.findall(translation)):
        return "the bold markers (**) differ from the English"
    if source.strip().startswith("- ") != translation.strip().startswith("- "):
        return "a bullet ('- ' at the start) in one and not the other"
    try:
        parse_markup(translation)
    except ValueError as exc:
        return f"the markup cannot be read: {exc}"
    return None


def _text(text: str) -> str:
    translated = pgettext(RULES_CONTEXT, text)
    return translated if markup_problem(text, translated) is None else text


def _paragraph(paragraph: Paragraph) -> Paragraph:
    translated = pgettext(RULES_CONTEXT, paragraph.source)
    if translated == paragraph.source or markup_problem(paragraph.source, translated) is not None:
        return paragraph
    return parse_markup(translated)


def rules_paragraph(source: str) -> Paragraph:
    """A text with inline markup written in the code (a screen's introduction) in the player's
    language. ``tools/i18n.py extract`` takes every ``rules_paragraph("...")`` literal into the
    catalogues with the rules' context, so the check compares its markup with its translation's;
    a translation that does not match is not used."""
    return _paragraph(parse_markup(source))


def _paragraphs(paragraphs: tuple[Paragraph, ...]) -> tuple[Paragraph, ...]:
    return tuple(_paragraph(p) for p in paragraphs)


def _demo(demo: Demo | None) -> Demo | None:
    if demo is None:
        return None
    steps = tuple(dataclasses.replace(s, caption=_paragraph(s.caption)) for s in demo.steps)
    return dataclasses.replace(demo, steps=steps)


def _section(section: Section) -> Section:
    diagram = section.diagram
    if diagram is not None:
        diagram = dataclasses.replace(diagram, caption=_paragraph(diagram.caption))
    return dataclasses.replace(
        section,
        title=_text(section.title),
        paragraphs=_paragraphs(section.paragraphs),
        diagram=diagram,
        demo=_demo(section.demo),
    )


def _variation(variation: Variation) -> Variation:
    return dataclasses.replace(
        variation,
        title=_text(variation.title),
        button=_text(variation.button),
        paragraphs=_paragraphs(variation.paragraphs),
    )


def _entry(entry: GlossaryEntry) -> GlossaryEntry:
    term = _text(entry.term)
    names: list[str] = []
    for name in (_text(n) for n in entry.other_names):
        if name.casefold() != term.casefold() and name.casefold() not in map(str.casefold, names):
            names.append(name)  # two English names may be one word in another language
    return dataclasses.replace(
        entry, term=term, other_names=tuple(names), paragraphs=_paragraphs(entry.paragraphs)
    )


def _question(question: QuizQuestion) -> QuizQuestion:
    choices = tuple(
        Choice(_paragraph(c.text), c.correct, _paragraph(c.explanation)) for c in question.choices
    )
    return dataclasses.replace(question, prompt=_paragraph(question.prompt), choices=choices)


def _localize(content: RulesContent) -> RulesContent:
    how = content.how_to_play
    quiz = content.quiz
    return RulesContent(
        HowToPlay(_text(how.title), tuple(_section(s) for s in how.sections)),
        tuple(_variation(v) for v in content.variations),
        tuple(_entry(e) for e in content.glossary),
        Quiz(
            _text(quiz.title),
            _paragraph(quiz.intro) if quiz.intro is not None else None,
            tuple(_question(q) for q in quiz.questions),
        ),
    )


def localized(content: RulesContent) -> RulesContent:
    """``content`` with its words in the language spoken now (English: ``content`` itself). Call
    it where the text is shown, so the Language row applies at once (it takes a few
    milliseconds: nothing is kept between calls, so a catalogue read again is never stale)."""
    if current_language() == SOURCE:
        return content
    return _localize(content)


def _rule_set_words() -> dict[str, Say]:
    # ("rules" is RULES_CONTEXT, written out: the extractor reads only a literal context)
    # TRANSLATORS: a variation's rule set, first in a list such as "classic rules, 1 pass, no
    # Satchel" under the variation's title on How to play's Variations page.
    return {
        "desert": tell_p("rules", "Desert rules"),
        "classic": tell_p("rules", "classic rules"),
        "strict": tell_p("rules", "strict rules"),
        "relaxed": tell_p("rules", "relaxed rules"),
    }


def _option_words(key: str, value: int | bool) -> Say:
    """The words of one of a variation's options (engine/wording.py's ``on``/``off`` labels and
    its passes, which the engine cannot translate)."""
    if key == "passes":
        if not value:
            return tell_p("rules", "unlimited passes")
        return tell_n("{n} pass", "{n} passes", int(value))
    words = {
        ("satchel", True): tell_p("rules", "with the Satchel"),
        ("satchel", False): tell_p("rules", "no Satchel"),
        ("stock_top_playable", True): tell_p("rules", "stock top playable"),
        ("stock_top_playable", False): tell_p("rules", "stock top face down"),
        ("draw_three", True): tell_p("rules", "draw three"),
        ("draw_three", False): tell_p("rules", "draw one"),
        ("relaxed_match", True): tell_p("rules", "relaxed match"),
        ("relaxed_match", False): tell_p("rules", "no relaxed match"),
        ("all_52", True): tell_p("rules", "all 52 cards must go"),
        ("all_52", False): tell_p("rules", "clearing the layout wins"),
    }
    return words[(key, bool(value))]


def _rules_parts(variation: Variation) -> list[Say]:
    return [
        _rule_set_words()[variation.preset],
        *(_option_words(k, v) for k, v in variation.options),
    ]


def variation_rules_words(variation: Variation) -> str:
    """The rule set a variation starts, in the player's language: ``"classic rules, 1 pass"``
    (:func:`~desert_pyramid.content.variation_rules_text`'s words, translated)."""
    return ", ".join(part.text() for part in _rules_parts(variation))


def variation_note(variation: Variation) -> Say:
    """The note a Practice deal started from ``variation`` opens with ("One pass through the
    stock: classic rules, 1 pass."), worded when it is shown, so a language chosen during the
    deal applies to it too. ``variation``: as the content file has it (its title in English)."""
    # TRANSLATORS: the note a Practice deal started from a variation opens with.
    return tell(
        "{title}: {rules}.",
        title=Say(variation.title, context=RULES_CONTEXT),
        rules=many(_rules_parts(variation), "comma"),
    )
