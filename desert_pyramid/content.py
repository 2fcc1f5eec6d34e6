"""The "How to play" content: rules text, variations, glossary and quiz, read from data files.

The text lives in one place, ``resources/rules/*.toml`` (format: ``docs/rules-content.md``). This
module loads and validates it into frozen dataclasses, renders it as plain text for a terminal, and
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

This module decides no rule: it holds words and the data a demonstration replays on the engine.
"""

from __future__ import annotations

import re
import textwrap
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

from desert_pyramid.resources_path import resource_path

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

_RANKS = "A23456789TJQK"
_SUITS = "SHDC"
_SUIT_SYMBOLS = "♠♥♦♣"
_CARD_RE = re.compile(r"^[A2-9TJQK][SHDC]$")
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
# Locating the files


def rules_dir() -> Path:
    """The folder holding the rules content files."""
    return resource_path(RULES_DIR)


# --------------------------------------------------------------------------------------------
# Cards and inline markup


def is_card_code(code: str) -> bool:
    """True for a two-character card code such as ``"6S"`` or ``"TD"``."""
    return bool(_CARD_RE.match(code))


def card_rank(code: str) -> int:
    """1 (ace) to 13 (king) for a valid card code."""
    return _RANKS.index(code[0]) + 1


def card_label(code: str, ascii_only: bool = False) -> str:
    """How a player reads a card: ``"6♠"``, ``"10♦"`` (``"6S"``, ``"10D"`` in ASCII)."""
    rank = "10" if code[0] == "T" else code[0]
    suit = code[1] if ascii_only else _SUIT_SYMBOLS[_SUITS.index(code[1])]
    return rank + suit


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
            raise ValueError(f"a lone '{token}' at character {match.start() + 1}: cards are written like {{6S}}")
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


# --------------------------------------------------------------------------------------------
# Reading and validating


@dataclass(frozen=True)
class _Ctx:
    """Where we are in a file, for error messages."""

    file: Path
    where: str = ""

    def at(self, where: str) -> _Ctx:
        return _Ctx(self.file, f"{self.where}: {where}" if self.where else where)

    def error(self, message: str) -> ContentError:
        prefix = f"{self.file}: {self.where}" if self.where else str(self.file)
        return ContentError(f"{prefix}: {message}")


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        raise ContentError(f"{path}: the file is missing") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path}: not valid TOML: {exc}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(f"{path}: cannot be read: {exc}") from None
    ctx = _Ctx(path)
    schema = data.get("schema")
    if schema != SCHEMA:
        raise ctx.error(f"'schema' must be {SCHEMA}, not {schema!r}")
    return data


def _check_keys(table: Mapping[str, Any], allowed: Sequence[str], ctx: _Ctx) -> None:
    unknown = sorted(set(table) - set(allowed))
    if unknown:
        raise ctx.error(f"unknown key '{unknown[0]}' (allowed: {', '.join(allowed)})")


def _table(value: Any, ctx: _Ctx) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise ctx.error(f"must be a table, not {type(value).__name__}")
    return value


def _tables(data: Mapping[str, Any], key: str, ctx: _Ctx) -> list[Mapping[str, Any]]:
    value = data.get(key)
    if value is None:
        raise ctx.error(f"no [[{key}]] entries")
    if not isinstance(value, list) or not value:
        raise ctx.error(f"'{key}' must be a non-empty array of tables ([[{key}]])")
    return [_table(item, ctx.at(f"{key} {i}")) for i, item in enumerate(value, start=1)]


def _str(table: Mapping[str, Any], key: str, ctx: _Ctx) -> str:
    value = table.get(key)
    if value is None:
        raise ctx.error(f"'{key}' is missing")
    if not isinstance(value, str) or not value.strip():
        raise ctx.error(f"'{key}' must be a non-empty string")
    return value.strip()


def _entry(ctx: _Ctx, kind: str, number: int, table: Mapping[str, Any]) -> _Ctx:
    """The context of the n-th entry: ``question 3 ('satchel')``, or ``question 3`` without an id."""
    entry_id = table.get("id")
    label = f"{kind} {number} ('{entry_id}')" if isinstance(entry_id, str) and entry_id else f"{kind} {number}"
    return ctx.at(label)


def _id(table: Mapping[str, Any], ctx: _Ctx, seen: set[str]) -> str:
    value = _str(table, "id", ctx)
    if not _ID_RE.match(value):
        raise ctx.error(f"id '{value}' must be lower-case letters, digits and dashes")
    if value in seen:
        raise ctx.error(f"id '{value}' is used twice")
    seen.add(value)
    return value


def _paragraph(value: Any, ctx: _Ctx) -> Paragraph:
    if not isinstance(value, str):
        raise ctx.error(f"must be a string, not {type(value).__name__}")
    try:
        return parse_markup(value)
    except ValueError as exc:
        raise ctx.error(str(exc)) from None


def _text(table: Mapping[str, Any], key: str, ctx: _Ctx) -> Paragraph:
    if key not in table:
        raise ctx.error(f"'{key}' is missing")
    return _paragraph(table[key], ctx.at(key))


def _paragraphs(table: Mapping[str, Any], key: str, ctx: _Ctx) -> tuple[Paragraph, ...]:
    value = table.get(key)
    if value is None:
        raise ctx.error(f"'{key}' is missing")
    if not isinstance(value, list) or not value:
        raise ctx.error(f"'{key}' must be a non-empty list of strings")
    return tuple(_paragraph(item, ctx.at(f"{key} {i}")) for i, item in enumerate(value, start=1))


def _card_list(value: Any, ctx: _Ctx) -> tuple[str, ...]:
    if isinstance(value, str):
        value = value.split()
    if not isinstance(value, list):
        raise ctx.error("must be a list of card codes")
    for item in value:
        if not isinstance(item, str) or not is_card_code(item):
            raise ctx.error(
                f"{item!r} is not a card code: a rank (A 2-9 T J Q K) and a suit (S H D C), like \"6S\""
            )
    return tuple(value)


def _int(table: Mapping[str, Any], key: str, ctx: _Ctx, minimum: int | None = None) -> int:
    value = table.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ctx.error(f"'{key}' must be a whole number")
    if minimum is not None and value < minimum:
        raise ctx.error(f"'{key}' must be at least {minimum}, not {value}")
    return value


def _slot_set(value: Any, rows: int, ctx: _Ctx) -> frozenset[tuple[int, int]]:
    if not isinstance(value, list):
        raise ctx.error("must be a list of [row, col] pairs")
    result: set[tuple[int, int]] = set()
    for item in value:
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not all(isinstance(n, int) and not isinstance(n, bool) for n in item)
        ):
            raise ctx.error(f"{item!r} is not a [row, col] pair")
        row, col = item
        if not (1 <= row <= rows and 1 <= col <= row):
            raise ctx.error(f"[{row}, {col}] is not a slot of a {rows}-row pyramid")
        if (row, col) in result:
            raise ctx.error(f"[{row}, {col}] is listed twice")
        result.add((row, col))
    return frozenset(result)


def _diagram(table: Mapping[str, Any], ctx: _Ctx) -> Diagram:
    _check_keys(table, ("rows", "cards", "removed", "free", "caption"), ctx)
    rows = _int(table, "rows", ctx, minimum=2)
    if rows > 7:
        raise ctx.error(f"'rows' must be at most 7, not {rows}")
    cards = _card_list(table.get("cards"), ctx.at("cards"))
    size = rows * (rows + 1) // 2
    if len(cards) != size:
        raise ctx.error(f"'cards' must list {size} cards for {rows} rows, not {len(cards)}")
    if len(set(cards)) != len(cards):
        raise ctx.error("'cards' names a card twice")
    removed = _slot_set(table.get("removed", []), rows, ctx.at("removed"))
    free = _slot_set(table.get("free"), rows, ctx.at("free"))
    actual = Diagram.free_slots(rows, removed)
    if free != actual:
        def fmt(slots: frozenset[tuple[int, int]]) -> str:
            return ", ".join(f"[{r}, {c}]" for r, c in sorted(slots)) or "none"

        raise ctx.error(
            f"'free' does not match 'removed': with those slots removed the free slots are {fmt(actual)}"
        )
    return Diagram(rows, cards, removed, free, _text(table, "caption", ctx))


def _demo_step(table: Mapping[str, Any], ctx: _Ctx, deal: frozenset[str]) -> DemoStep:
    _check_keys(table, ("action", "cards", "caption", "highlight", "score"), ctx)
    action = _str(table, "action", ctx)
    if action not in DEMO_ACTIONS:
        raise ctx.error(f"action '{action}' is not one of {', '.join(DEMO_ACTIONS)}")
    cards = _card_list(table.get("cards", []), ctx.at("cards"))
    if len(cards) != DEMO_ACTIONS[action]:
        raise ctx.error(f"a '{action}' names {DEMO_ACTIONS[action]} card(s), not {len(cards)}")
    if len(set(cards)) != len(cards):
        raise ctx.error("the same card is named twice")
    if action == "pair" and card_rank(cards[0]) + card_rank(cards[1]) != 13:
        raise ctx.error(f"{cards[0]} and {cards[1]} do not add up to 13")
    if action == "king" and card_rank(cards[0]) != 13:
        raise ctx.error(f"{cards[0]} is not a king")
    highlight = _card_list(table.get("highlight", []), ctx.at("highlight"))
    for card in cards + highlight:
        if deal and card not in deal:
            raise ctx.error(f"{card} is not in the demo's deal")
    score = None
    if "score" in table:
        score = _int(table, "score", ctx, minimum=0)
    return DemoStep(action, cards, _text(table, "caption", ctx), highlight, score)


def _demo(table: Mapping[str, Any], ctx: _Ctx) -> Demo:
    _check_keys(table, ("preset", "layout", "deal", "step"), ctx)
    preset = _str(table, "preset", ctx)
    if preset not in PRESETS:
        raise ctx.error(f"preset '{preset}' is not one of {', '.join(PRESETS)}")
    layout = _int(table, "layout", ctx, minimum=1)
    deal = _card_list(table.get("deal"), ctx.at("deal"))
    if len(deal) != 52:
        raise ctx.error(f"the deal must name all 52 cards, not {len(deal)}")
    duplicates = sorted({card for card in deal if deal.count(card) > 1})
    if duplicates:
        raise ctx.error(f"the deal names {', '.join(duplicates)} more than once")
    deal_set = frozenset(deal)
    steps = tuple(
        _demo_step(step, ctx.at(f"step {i}"), deal_set)
        for i, step in enumerate(_tables(table, "step", ctx), start=1)
    )
    return Demo(preset, layout, deal, steps)


def load_how_to_play(root: Path | None = None) -> HowToPlay:
    """Read ``how_to_play.toml`` from ``root`` (default: the game's rules folder)."""
    path = (root or rules_dir()) / HOW_TO_PLAY_FILE
    data = _read_toml(path)
    ctx = _Ctx(path)
    _check_keys(data, ("schema", "title", "section"), ctx)
    title = _str(data, "title", ctx)
    seen: set[str] = set()
    sections = []
    for i, table in enumerate(_tables(data, "section", ctx), start=1):
        sctx = _entry(ctx, "section", i, table)
        _check_keys(table, ("id", "title", "paragraphs", "diagram", "demo"), sctx)
        section_id = _id(table, sctx, seen)
        diagram = None
        if "diagram" in table:
            diagram = _diagram(_table(table["diagram"], sctx.at("diagram")), sctx.at("diagram"))
        demo = None
        if "demo" in table:
            demo = _demo(_table(table["demo"], sctx.at("demo")), sctx.at("demo"))
        sections.append(
            Section(section_id, _str(table, "title", sctx), _paragraphs(table, "paragraphs", sctx), diagram, demo)
        )
    return HowToPlay(title, tuple(sections))


def _options(value: Any, ctx: _Ctx) -> tuple[tuple[str, int | bool], ...]:
    table = _table(value, ctx)
    result: list[tuple[str, int | bool]] = []
    for key, option in table.items():
        if key not in OPTION_KEYS:
            raise ctx.error(f"unknown option '{key}' (options: {', '.join(OPTION_KEYS)})")
        if key == "passes":
            if isinstance(option, bool) or option not in PASSES_VALUES:
                raise ctx.error(f"passes must be 1, 3 or 0 (unlimited), not {option!r}")
        elif not isinstance(option, bool):
            raise ctx.error(f"option '{key}' must be true or false, not {option!r}")
        result.append((key, option))
    return tuple(result)


def load_variations(root: Path | None = None) -> tuple[Variation, ...]:
    """Read ``variations.toml`` from ``root`` (default: the game's rules folder)."""
    path = (root or rules_dir()) / VARIATIONS_FILE
    data = _read_toml(path)
    ctx = _Ctx(path)
    _check_keys(data, ("schema", "variation"), ctx)
    seen: set[str] = set()
    result = []
    for i, table in enumerate(_tables(data, "variation", ctx), start=1):
        vctx = _entry(ctx, "variation", i, table)
        _check_keys(table, ("id", "title", "button", "preset", "explanation", "options"), vctx)
        variation_id = _id(table, vctx, seen)
        title = _str(table, "title", vctx)
        button = _str(table, "button", vctx) if "button" in table else f"Practice: {title}"
        preset = _str(table, "preset", vctx)
        if preset not in PRESETS:
            raise vctx.error(f"preset '{preset}' is not one of {', '.join(PRESETS)}")
        options = _options(table.get("options", {}), vctx.at("options"))
        result.append(
            Variation(variation_id, title, button, _paragraphs(table, "explanation", vctx), preset, options)
        )
    return tuple(result)


def load_glossary(root: Path | None = None) -> tuple[GlossaryEntry, ...]:
    """Read ``glossary.toml`` from ``root`` (default: the game's rules folder)."""
    path = (root or rules_dir()) / GLOSSARY_FILE
    data = _read_toml(path)
    ctx = _Ctx(path)
    _check_keys(data, ("schema", "term"), ctx)
    seen: set[str] = set()
    result = []
    for i, table in enumerate(_tables(data, "term", ctx), start=1):
        tctx = _entry(ctx, "term", i, table)
        _check_keys(table, ("id", "term", "other_names", "explanation"), tctx)
        term_id = _id(table, tctx, seen)
        names = table.get("other_names", [])
        if not isinstance(names, list) or not all(isinstance(n, str) and n.strip() for n in names):
            raise tctx.error("'other_names' must be a list of non-empty strings")
        result.append(
            GlossaryEntry(
                term_id,
                _str(table, "term", tctx),
                tuple(n.strip() for n in names),
                _paragraphs(table, "explanation", tctx),
            )
        )
    return tuple(result)


def load_quiz(root: Path | None = None) -> Quiz:
    """Read ``quiz.toml`` from ``root`` (default: the game's rules folder)."""
    path = (root or rules_dir()) / QUIZ_FILE
    data = _read_toml(path)
    ctx = _Ctx(path)
    _check_keys(data, ("schema", "title", "intro", "question"), ctx)
    title = _str(data, "title", ctx)
    intro = _text(data, "intro", ctx) if "intro" in data else None
    seen: set[str] = set()
    questions = []
    for i, table in enumerate(_tables(data, "question", ctx), start=1):
        qctx = _entry(ctx, "question", i, table)
        _check_keys(table, ("id", "prompt", "choice"), qctx)
        question_id = _id(table, qctx, seen)
        prompt = _text(table, "prompt", qctx)
        choice_tables = _tables(table, "choice", qctx)
        if not 2 <= len(choice_tables) <= MAX_CHOICES:
            raise qctx.error(f"needs 2 to {MAX_CHOICES} choices, not {len(choice_tables)}")
        choices = []
        for j, ctable in enumerate(choice_tables, start=1):
            cctx = qctx.at(f"choice {j}")
            _check_keys(ctable, ("text", "correct", "explanation"), cctx)
            correct = ctable.get("correct")
            if not isinstance(correct, bool):
                raise cctx.error("'correct' must be true or false")
            choices.append(Choice(_text(ctable, "text", cctx), correct, _text(ctable, "explanation", cctx)))
        right = sum(1 for choice in choices if choice.correct)
        if right != 1:
            raise qctx.error(f"must have exactly one right choice (correct = true), not {right}")
        texts = [choice.text.plain() for choice in choices]
        if len(set(texts)) != len(texts):
            raise qctx.error("two choices have the same text")
        questions.append(QuizQuestion(question_id, prompt, tuple(choices)))
    return Quiz(title, intro, tuple(questions))


def load_rules_content(root: Path | None = None) -> RulesContent:
    """Read and validate all four rules content files from ``root`` (default: the game's)."""
    return RulesContent(load_how_to_play(root), load_variations(root), load_glossary(root), load_quiz(root))


@cache
def default_content() -> RulesContent:
    """The game's own rules content, read once."""
    return load_rules_content()


# --------------------------------------------------------------------------------------------
# Plain-text rendering


def wrap_paragraph(paragraph: Paragraph, width: int = 78, ascii_only: bool = False, indent: str = "") -> list[str]:
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


def _paragraph_block(paragraphs: Sequence[Paragraph], width: int, ascii_only: bool, indent: str = "") -> list[str]:
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


def render_variations(variations: Sequence[Variation], width: int = 78, ascii_only: bool = False) -> str:
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


_OPTION_LABELS: Mapping[str, tuple[str, str]] = {
    # key: (label when true, label when false)
    "satchel": ("with the Satchel", "no Satchel"),
    "stock_top_playable": ("stock top playable", "stock top face down"),
    "all_52": ("all 52 cards must go", "clearing the layout wins"),
    "relaxed_match": ("relaxed match", "no relaxed match"),
    "draw_three": ("draw three", "draw one"),
}


def option_label(key: str, value: int | bool) -> str:
    """A player's words for one option override: ``("passes", 1)`` -> ``"1 pass"``."""
    if key == "passes":
        return {0: "unlimited passes", 1: "1 pass"}.get(int(value), f"{int(value)} passes")
    if key not in _OPTION_LABELS:
        raise KeyError(f"unknown option '{key}'")
    return _OPTION_LABELS[key][0 if value else 1]


def variation_rules_text(variation: Variation) -> str:
    """The rule set a variation starts, in words: ``"classic rules, 1 pass"``."""
    return ", ".join([f"{variation.preset} rules"] + [option_label(k, v) for k, v in variation.options])


def render_glossary(entries: Sequence[GlossaryEntry], width: int = 78, ascii_only: bool = False) -> str:
    lines = _heading("Other names you may hear", "-", ascii_only)
    for entry in entries:
        lines.append("")
        head = entry.term + (f" (also: {', '.join(entry.other_names)})" if entry.other_names else "")
        lines.extend(textwrap.wrap(to_ascii(head) if ascii_only else head, width=max(width, 20), subsequent_indent="  "))
        lines.extend(_paragraph_block(entry.paragraphs, width, ascii_only, indent="  "))
    return "\n".join(lines) + "\n"


def render_all(content: RulesContent, width: int = 78, ascii_only: bool = False) -> str:
    """The whole text: title, every section, the variations and the glossary."""
    parts = ["\n".join(_heading(content.how_to_play.title, "=", ascii_only)) + "\n"]
    parts.extend(render_section(section, width, ascii_only) for section in content.how_to_play.sections)
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


# --------------------------------------------------------------------------------------------
# The quiz, as pure logic


@dataclass(frozen=True)
class AnswerResult:
    """What picking a choice means: right or not, and why."""

    question: QuizQuestion
    choice_index: int
    correct: bool
    explanation: Paragraph
    right_index: int
    counted: bool
    """True for the first answer to a question, the one that counts toward the score."""

    @property
    def right_choice(self) -> Choice:
        return self.question.choices[self.right_index]


@dataclass
class QuizSession:
    """One pass through the quiz: the current question, answers, the score so far.

    The first answer to each question counts; picking another choice afterwards still says
    whether it is right and why, without changing the score. ``next()`` moves on (an unanswered
    question counts as not right). ``restart()`` starts again and keeps the best score, so a
    screen can keep one session for the whole time the game runs.
    """

    questions: tuple[QuizQuestion, ...]
    index: int = 0
    score: int = 0
    answered_count: int = 0
    best_score: int | None = None
    _answered: set[int] = field(default_factory=set, init=False, repr=False)

    def __post_init__(self) -> None:
        self.questions = tuple(self.questions)
        if not self.questions:
            raise ValueError("a quiz needs at least one question")

    @property
    def total(self) -> int:
        return len(self.questions)

    @property
    def finished(self) -> bool:
        return self.index >= len(self.questions)

    @property
    def current(self) -> QuizQuestion:
        if self.finished:
            raise IndexError("the quiz is finished: there is no current question")
        return self.questions[self.index]

    @property
    def answered(self) -> bool:
        """Whether the current question has been answered."""
        return self.index in self._answered

    def answer(self, choice_index: int) -> AnswerResult:
        question = self.current
        if not 0 <= choice_index < len(question.choices):
            raise ValueError(f"there is no choice {choice_index + 1}: pick 1 to {len(question.choices)}")
        choice = question.choices[choice_index]
        counted = self.index not in self._answered
        if counted:
            self._answered.add(self.index)
            self.answered_count += 1
            if choice.correct:
                self.score += 1
        return AnswerResult(question, choice_index, choice.correct, choice.explanation, question.right_index, counted)

    def next(self) -> None:
        """Move on to the next question (after the last one the quiz is finished)."""
        if self.finished:
            return
        self.index += 1
        if self.finished and (self.best_score is None or self.score > self.best_score):
            self.best_score = self.score

    def restart(self) -> None:
        """Start again from the first question; the best score is kept."""
        self.index = 0
        self.score = 0
        self.answered_count = 0
        self._answered = set()
