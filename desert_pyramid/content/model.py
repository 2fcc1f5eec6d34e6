"""The content's model: its types, its cards and inline markup, and the names of its files."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Literal

from desert_pyramid.engine.cards import RANK_CHARS, RANK_NAMES, SUIT_CHARS, Card

SCHEMA = 1

RULES_DIR = "rules"
HOW_TO_PLAY_FILE = "how_to_play.toml"
VARIATIONS_FILE = "variations.toml"
GLOSSARY_FILE = "glossary.toml"
QUIZ_FILE = "quiz.toml"

PRESETS = ("desert", "classic", "strict", "relaxed")
"""Rule presets a variation or a demo may name (the rule sets of docs/rules.md)."""

OPTION_KEYS = ("passes", "satchel", "stock_top_playable", "all_52", "relaxed_match", "draw_three")
"""Option overrides a variation may set. ``passes`` is 1, 3 or 0 (unlimited); the rest are bools."""

PASSES_VALUES = (0, 1, 3)

DEMO_ACTIONS: Mapping[str, int] = {"flip": 1, "pair": 2, "king": 1, "satchel": 1, "redeal": 0}
"""Demo step actions and how many cards each names.

``flip``: the stock's top card turns over onto the waste (``cards`` = the card that comes up).
``pair``: two free cards adding up to 13 are removed. ``king``: a free king is removed alone.
``satchel``: a free card goes into the empty Satchel. ``redeal``: the waste turns back into the stock.
"""

MAX_CHOICES = 6

# The card code is the engine's (desert_pyramid.engine.cards): a rank character and a suit character.
_CARD_RE = re.compile(f"[{RANK_CHARS}][{SUIT_CHARS}]")
_ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_MARKUP_RE = re.compile(r"\*\*|\{([^{}]*)\}|[{}]")

_ASCII_TABLE = str.maketrans(
    {
        "×": "x",
        "−": "-",
        "–": "-",
        "—": "--",
        "‘": "'",
        "’": "'",
        "“": '"',
        "”": '"',
        "…": "...",
        "→": "->",
        "·": ".",
        " ": " ",
    }
)


class ContentError(Exception):
    """A rules content file that is missing, not TOML, or holds data that cannot be used."""


# --------------------------------------------------------------------------------------------
# Cards and inline markup


def is_card_code(code: str) -> bool:
    """True for a two-character card code such as ``"6S"`` or ``"TD"``."""
    return bool(_CARD_RE.fullmatch(code))


def card_rank(code: str) -> int:
    """1 (ace) to 13 (king) for a valid card code."""
    return Card.parse(code).rank


def card_label(code: str, ascii_only: bool = False) -> str:
    """How a player reads a card: ``"6♠"``, ``"10♦"`` (``"6S"``, ``"10D"`` in ASCII)."""
    card = Card.parse(code)
    if ascii_only:
        return RANK_NAMES[card.rank - 1] + SUIT_CHARS[card.suit]
    return str(card)


def to_ascii(text: str) -> str:
    """Replace the typographic characters the content uses with ASCII look-alikes."""
    return text.translate(_ASCII_TABLE).encode("ascii", "replace").decode("ascii")


@dataclass(frozen=True)
class Span:
    """A run of text with one style. A card span has ``card`` set and ``text`` = its label."""

    text: str
    bold: bool = False
    card: str | None = None

    def plain(self, ascii_only: bool = False) -> str:
        if self.card is not None:
            return card_label(self.card, ascii_only)
        return to_ascii(self.text) if ascii_only else self.text


@dataclass(frozen=True)
class Paragraph:
    """One paragraph (or one bullet) of text, as styled spans."""

    source: str
    spans: tuple[Span, ...]
    bullet: bool = False

    def plain(self, ascii_only: bool = False) -> str:
        """The text without markup (and without the bullet dash)."""
        return "".join(span.plain(ascii_only) for span in self.spans)

    @property
    def cards(self) -> tuple[str, ...]:
        """The card codes named in the paragraph, in order."""
        return tuple(span.card for span in self.spans if span.card is not None)


def parse_markup(source: str) -> Paragraph:
    """Parse one paragraph of inline markup. Raises ``ValueError`` saying what is wrong."""
    text = source.strip()
    bullet = text.startswith("- ")
    if bullet:
        text = text[2:].lstrip()
    if not text:
        raise ValueError("empty paragraph")
    spans: list[Span] = []
    bold = False
    pos = 0
    for match in _MARKUP_RE.finditer(text):
        if match.start() > pos:
            spans.append(Span(text[pos : match.start()], bold))
        token = match.group(0)
        if token == "**":
            bold = not bold
        elif token in ("{", "}"):
            raise ValueError(
                f"a lone '{token}' at character {match.start() + 1}: cards are written like {{6S}}"
            )
        else:
            code = match.group(1)
            if not is_card_code(code):
                raise ValueError(
                    f"'{{{code}}}' is not a card: write a rank (A 2-9 T J Q K) and a suit (S H D C), like {{6S}}"
                )
            spans.append(Span(card_label(code), bold, code))
        pos = match.end()
    if pos < len(text):
        spans.append(Span(text[pos:], bold))
    if bold:
        raise ValueError("a '**' is not closed")
    return Paragraph(source, tuple(spans), bullet)


# --------------------------------------------------------------------------------------------
# The content types


DiagramState = Literal["free", "covered", "removed"]


@dataclass(frozen=True)
class Diagram:
    """A small pyramid figure: which slots are taken away and which cards are free.

    Slots are ``(row, col)``, both from 1; row ``r`` has ``r`` slots and ``(r, c)`` is covered by
    ``(r + 1, c)`` and ``(r + 1, c + 1)``. ``cards`` lists a card for every slot in slot order
    (row 1 first, left to right); a removed slot's card is the one that was taken away.
    """

    rows: int
    cards: tuple[str, ...]
    removed: frozenset[tuple[int, int]]
    free: frozenset[tuple[int, int]]
    caption: Paragraph

    def slots(self) -> Iterator[tuple[int, int]]:
        for row in range(1, self.rows + 1):
            for col in range(1, row + 1):
                yield row, col

    def card_at(self, row: int, col: int) -> str:
        return self.cards[row * (row - 1) // 2 + col - 1]

    def state(self, row: int, col: int) -> DiagramState:
        if (row, col) in self.removed:
            return "removed"
        return "free" if (row, col) in self.free else "covered"

    @staticmethod
    def free_slots(rows: int, removed: frozenset[tuple[int, int]]) -> frozenset[tuple[int, int]]:
        """The slots that no remaining slot covers."""
        result = set()
        for row in range(1, rows + 1):
            for col in range(1, row + 1):
                if (row, col) in removed:
                    continue
                if row == rows or {(row + 1, col), (row + 1, col + 1)} <= removed:
                    result.add((row, col))
        return frozenset(result)


@dataclass(frozen=True)
class DemoStep:
    """One step of the worked example: an action on named cards, with its caption."""

    action: str
    cards: tuple[str, ...]
    caption: Paragraph
    highlight: tuple[str, ...] = ()
    score: int | None = None
    """The Desert score after this step, when given (for checking a replay)."""


@dataclass(frozen=True)
class Demo:
    """A worked example that a demonstration replays on the real engine.

    ``deal`` is the full 52-card deal: the layout's slots in slot order, then the stock, the
    first card to be turned over first.
    """

    preset: str
    layout: int
    deal: tuple[str, ...]
    steps: tuple[DemoStep, ...]

    @property
    def deal_text(self) -> str:
        """The deal in the notation of space-separated card codes."""
        return " ".join(self.deal)


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    paragraphs: tuple[Paragraph, ...]
    diagram: Diagram | None = None
    demo: Demo | None = None


@dataclass(frozen=True)
class HowToPlay:
    title: str
    sections: tuple[Section, ...]

    @property
    def section_ids(self) -> tuple[str, ...]:
        return tuple(section.id for section in self.sections)

    def section(self, section_id: str) -> Section:
        """The section with this id. Raises ``KeyError`` naming the ids there are."""
        for section in self.sections:
            if section.id == section_id:
                return section
        raise KeyError(f"no section '{section_id}' (there are: {', '.join(self.section_ids)})")


@dataclass(frozen=True)
class Variation:
    """A variation of the rules, and the Practice rule set its button starts."""

    id: str
    title: str
    button: str
    paragraphs: tuple[Paragraph, ...]
    preset: str
    options: tuple[tuple[str, int | bool], ...] = ()
    """Overrides on top of the preset, as ``(key, value)`` pairs in file order."""

    def options_dict(self) -> dict[str, int | bool]:
        return dict(self.options)


@dataclass(frozen=True)
class GlossaryEntry:
    id: str
    term: str
    other_names: tuple[str, ...]
    paragraphs: tuple[Paragraph, ...]


@dataclass(frozen=True)
class Choice:
    text: Paragraph
    correct: bool
    explanation: Paragraph


@dataclass(frozen=True)
class QuizQuestion:
    id: str
    prompt: Paragraph
    choices: tuple[Choice, ...]

    @property
    def right_index(self) -> int:
        """The index of the one right choice."""
        return next(i for i, choice in enumerate(self.choices) if choice.correct)


@dataclass(frozen=True)
class Quiz:
    title: str
    intro: Paragraph | None
    questions: tuple[QuizQuestion, ...]


@dataclass(frozen=True)
class RulesContent:
    how_to_play: HowToPlay
    variations: tuple[Variation, ...]
    glossary: tuple[GlossaryEntry, ...]
    quiz: Quiz
