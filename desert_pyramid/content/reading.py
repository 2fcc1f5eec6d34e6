"""Reading and validating the rules content files into the model (bad data: :class:`ContentError`
naming the file and the entry at fault)."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from desert_pyramid.resources_path import resource_path

from .localized import localized
from .model import (
    _ID_RE,
    DEMO_ACTIONS,
    GLOSSARY_FILE,
    HOW_TO_PLAY_FILE,
    MAX_CHOICES,
    OPTION_KEYS,
    PASSES_VALUES,
    PRESETS,
    QUIZ_FILE,
    RULES_DIR,
    SCHEMA,
    VARIATIONS_FILE,
    Choice,
    ContentError,
    Demo,
    DemoStep,
    Diagram,
    GlossaryEntry,
    HowToPlay,
    Paragraph,
    Quiz,
    QuizQuestion,
    RulesContent,
    Section,
    Variation,
    card_rank,
    is_card_code,
    parse_markup,
)

# --------------------------------------------------------------------------------------------
# Locating the files


def rules_dir() -> Path:
    """The folder holding the rules content files."""
    return resource_path(RULES_DIR)


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


def _read_toml(path: Path) -> dict[str, object]:
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


def _check_keys(table: Mapping[str, object], allowed: Sequence[str], ctx: _Ctx) -> None:
    unknown = sorted(set(table) - set(allowed))
    if unknown:
        raise ctx.error(f"unknown key '{unknown[0]}' (allowed: {', '.join(allowed)})")


def _table(value: object, ctx: _Ctx) -> Mapping[str, object]:
    if not isinstance(value, dict):
        raise ctx.error(f"must be a table, not {type(value).__name__}")
    return value


def _tables(data: Mapping[str, object], key: str, ctx: _Ctx) -> list[Mapping[str, object]]:
    value = data.get(key)
    if value is None:
        raise ctx.error(f"no [[{key}]] entries")
    if not isinstance(value, list) or not value:
        raise ctx.error(f"'{key}' must be a non-empty array of tables ([[{key}]])")
    return [_table(item, ctx.at(f"{key} {i}")) for i, item in enumerate(value, start=1)]


def _str(table: Mapping[str, object], key: str, ctx: _Ctx) -> str:
    value = table.get(key)
    if value is None:
        raise ctx.error(f"'{key}' is missing")
    if not isinstance(value, str) or not value.strip():
        raise ctx.error(f"'{key}' must be a non-empty string")
    return value.strip()


def _entry(ctx: _Ctx, kind: str, number: int, table: Mapping[str, object]) -> _Ctx:
    """The context of the n-th entry: ``question 3 ('satchel')``, or ``question 3`` without an id."""
    entry_id = table.get("id")
    label = (
        f"{kind} {number} ('{entry_id}')"
        if isinstance(entry_id, str) and entry_id
        else f"{kind} {number}"
    )
    return ctx.at(label)


def _id(table: Mapping[str, object], ctx: _Ctx, seen: set[str]) -> str:
    value = _str(table, "id", ctx)
    if not _ID_RE.match(value):
        raise ctx.error(f"id '{value}' must be lower-case letters, digits and dashes")
    if value in seen:
        raise ctx.error(f"id '{value}' is used twice")
    seen.add(value)
    return value


def _paragraph(value: object, ctx: _Ctx) -> Paragraph:
    if not isinstance(value, str):
        raise ctx.error(f"must be a string, not {type(value).__name__}")
    try:
        return parse_markup(value)
    except ValueError as exc:
        raise ctx.error(str(exc)) from None


def _text(table: Mapping[str, object], key: str, ctx: _Ctx) -> Paragraph:
    if key not in table:
        raise ctx.error(f"'{key}' is missing")
    return _paragraph(table[key], ctx.at(key))


def _paragraphs(table: Mapping[str, object], key: str, ctx: _Ctx) -> tuple[Paragraph, ...]:
    value = table.get(key)
    if value is None:
        raise ctx.error(f"'{key}' is missing")
    if not isinstance(value, list) or not value:
        raise ctx.error(f"'{key}' must be a non-empty list of strings")
    return tuple(_paragraph(item, ctx.at(f"{key} {i}")) for i, item in enumerate(value, start=1))


def _card_list(value: object, ctx: _Ctx) -> tuple[str, ...]:
    if isinstance(value, str):
        value = value.split()
    if not isinstance(value, list):
        raise ctx.error("must be a list of card codes")
    for item in value:
        if not isinstance(item, str) or not is_card_code(item):
            raise ctx.error(
                f'{item!r} is not a card code: a rank (A 2-9 T J Q K) and a suit (S H D C), like "6S"'
            )
    return tuple(value)


def _int(table: Mapping[str, object], key: str, ctx: _Ctx, minimum: int | None = None) -> int:
    value = table.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ctx.error(f"'{key}' must be a whole number")
    if minimum is not None and value < minimum:
        raise ctx.error(f"'{key}' must be at least {minimum}, not {value}")
    return value


def _slot_set(value: object, rows: int, ctx: _Ctx) -> frozenset[tuple[int, int]]:
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


def _diagram(table: Mapping[str, object], ctx: _Ctx) -> Diagram:
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


def _demo_step(table: Mapping[str, object], ctx: _Ctx, deal: frozenset[str]) -> DemoStep:
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


def _demo(table: Mapping[str, object], ctx: _Ctx) -> Demo:
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
            Section(
                section_id,
                _str(table, "title", sctx),
                _paragraphs(table, "paragraphs", sctx),
                diagram,
                demo,
            )
        )
    return HowToPlay(title, tuple(sections))


def _options(value: object, ctx: _Ctx) -> tuple[tuple[str, int | bool], ...]:
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
            Variation(
                variation_id,
                title,
                button,
                _paragraphs(table, "explanation", vctx),
                preset,
                options,
            )
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
            choices.append(
                Choice(_text(ctable, "text", cctx), correct, _text(ctable, "explanation", cctx))
            )
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
    return RulesContent(
        load_how_to_play(root), load_variations(root), load_glossary(root), load_quiz(root)
    )


@cache
def source_content() -> RulesContent:
    """The game's own rules content as written (English), read once."""
    return load_rules_content()


def default_content() -> RulesContent:
    """The game's own rules content in the language spoken now (English: :func:`source_content`
    itself). Call it where the text is shown, so a change of language applies at once."""
    return localized(source_content())
