"""The rules content files (resources/rules/) load, are complete and consistent."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from desert_pyramid import content as c
from desert_pyramid.resources_path import resource_path

RULES = c.rules_dir()


@pytest.fixture(scope="module")
def content() -> c.RulesContent:
    return c.load_rules_content()


# ---------------------------------------------------------------------------- loading


def test_resource_path_finds_the_rules_folder() -> None:
    assert RULES == resource_path("rules")
    for name in (c.HOW_TO_PLAY_FILE, c.VARIATIONS_FILE, c.GLOSSARY_FILE, c.QUIZ_FILE):
        assert (RULES / name).is_file()


def test_every_file_loads(content: c.RulesContent) -> None:
    assert content.how_to_play.sections
    assert content.variations
    assert content.glossary
    assert content.quiz.questions
    assert c.default_content() == content


def test_sections_cover_issue_8(content: c.RulesContent) -> None:
    ids = set(content.how_to_play.section_ids)
    assert {
        "values",
        "free-cards",
        "stock",
        "satchel",
        "winning",
        "scoring",
        "modes",
        "example",
    } <= ids
    text = " ".join(p.plain() for s in content.how_to_play.sections for p in s.paragraphs)
    # Desert rules, in numbers
    for fact in (
        "two redeals",
        "three passes",
        "120",
        "+50",
        "+500",
        "+250",
        "240 seconds",
        "1800 − 6 ×",
    ):
        assert fact in text, fact
    for word in ("Stuck", "Lost", "Satchel", "Expedition", "Daily", "chain"):
        assert word in text, word


def test_free_cards_diagram(content: c.RulesContent) -> None:
    diagram = content.how_to_play.section("free-cards").diagram
    assert diagram is not None
    assert diagram.free == c.Diagram.free_slots(diagram.rows, diagram.removed)
    # it shows all three states, and a free card above the bottom row
    states = {diagram.state(r, col) for r, col in diagram.slots()}
    assert states == {"free", "covered", "removed"}
    assert any(r < diagram.rows and diagram.state(r, col) == "free" for r, col in diagram.slots())
    assert diagram.state(1, 1) == "covered"


def test_section_lookup_names_the_ids(content: c.RulesContent) -> None:
    with pytest.raises(KeyError, match="satchel"):
        content.how_to_play.section("nope")


# ---------------------------------------------------------------------------- the quiz


def test_quiz_has_six_questions_with_one_right_answer_each(content: c.RulesContent) -> None:
    questions = content.quiz.questions
    assert len(questions) == 6
    for q in questions:
        assert len(q.choices) == 3, q.id
        assert sum(choice.correct for choice in q.choices) == 1, q.id
        for choice in q.choices:
            assert choice.text.plain().strip(), q.id
            assert len(choice.explanation.plain()) > 20, q.id
        explanations = [choice.explanation.plain() for choice in q.choices]
        assert len(set(explanations)) == 3, q.id  # a reason for each choice, not one shared text
        assert q.choices[q.right_index].correct


def test_quiz_covers_satchel_chain_and_stuck_vs_lost(content: c.RulesContent) -> None:
    prompts = {q.id: q for q in content.quiz.questions}
    assert "Satchel" in prompts["satchel"].prompt.plain()
    chain = prompts["chain"]
    assert chain.choices[chain.right_index].text.plain() == str(10 + 20 + 30 + 10)
    lost = prompts["lost"]
    assert "Stuck" in " ".join(ch.explanation.plain() for ch in lost.choices)


# ---------------------------------------------------------------------------- variations, glossary


def test_variation_options_are_valid(content: c.RulesContent) -> None:
    seen: dict[str, set[int | bool]] = {}
    for variation in content.variations:
        assert variation.preset in c.PRESETS
        for key, value in variation.options:
            assert key in c.OPTION_KEYS
            if key == "passes":
                assert value in (0, 1, 3) and not isinstance(value, bool)
            else:
                assert isinstance(value, bool)
            seen.setdefault(key, set()).add(value)
        assert variation.paragraphs and variation.button
        c.variation_rules_text(variation)
    # every variation the issue names has a button
    assert {0, 1} <= seen["passes"]
    for key in ("all_52", "stock_top_playable", "relaxed_match", "draw_three"):
        assert True in seen[key], key
    assert "strict" in {v.preset for v in content.variations}


def test_option_labels() -> None:
    assert c.option_label("passes", 0) == "unlimited passes"
    assert c.option_label("passes", 1) == "1 pass"
    assert c.option_label("satchel", False) == "no Satchel"
    with pytest.raises(KeyError):
        c.option_label("jokers", True)


def test_glossary_has_the_other_names(content: c.RulesContent) -> None:
    names = set()
    for entry in content.glossary:
        names.add(entry.term.lower())
        names.update(n.lower() for n in entry.other_names)
        assert entry.paragraphs
    for wanted in (
        "stock",
        "talon",
        "waste",
        "discard pile",
        "foundation",
        "redeal",
        "exposed card",
        "available card",
        "pyramid patience",
        "tut's tomb",
        "king tut",
    ):
        assert wanted in names, wanted


# ---------------------------------------------------------------------------- markup


def test_markup_bold_cards_and_bullets() -> None:
    p = c.parse_markup("- **Pair** the {6S} with the {TD}.")
    assert p.bullet
    assert p.plain() == "Pair the 6♠ with the 10♦."
    assert p.plain(ascii_only=True) == "Pair the 6S with the 10D."
    assert p.cards == ("6S", "TD")
    assert p.spans[0] == c.Span("Pair", bold=True)
    assert p.spans[2] == c.Span("6♠", card="6S")


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("a **bold start", "not closed"),
        ("the {6X} card", "not a card"),
        ("a } alone", "lone"),
        ("   ", "empty"),
    ],
)
def test_markup_errors(source: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        c.parse_markup(source)


# ---------------------------------------------------------------------------- the worked example


SUM = 13


def _rank(code: str) -> int:
    return c.card_rank(code)


def _covers(slot: int) -> tuple[int, int] | None:
    """The two slots (0-based) lying on slot (0-based) of the classic 7-row pyramid."""
    row = next(r for r in range(1, 8) if slot < r * (r + 1) // 2)
    if row == 7:
        return None
    col = slot - row * (row - 1) // 2
    below = row * (row + 1) // 2 + col
    return below, below + 1


class _MiniTable:
    """A small independent model of Desert rules on the classic pyramid, for checking the demo."""

    def __init__(self, deal: tuple[str, ...]) -> None:
        self.slot_of = {card: i for i, card in enumerate(deal[:28])}
        self.in_layout = set(range(28))
        self.stock = list(deal[28:])
        self.waste: list[str] = []
        self.satchel: str | None = None
        self.passes = 1
        self.score = 0
        self.chain = 0
        self.rows_paid: set[int] = set()
        self.deal = deal

    def free_layout(self) -> set[str]:
        result = set()
        for slot in self.in_layout:
            cover = _covers(slot)
            if cover is None or not (set(cover) & self.in_layout):
                result.add(self.deal[slot])
        return result

    def free(self) -> set[str]:
        result = self.free_layout()
        if self.waste:
            result.add(self.waste[-1])
        if self.satchel is not None:
            result.add(self.satchel)
        return result

    def _take(self, card: str) -> None:
        if self.satchel == card:
            self.satchel = None
        elif self.waste and self.waste[-1] == card:
            self.waste.pop()
        else:
            self.in_layout.remove(self.slot_of[card])

    def remove(self, cards: tuple[str, ...]) -> None:
        free = self.free()
        for card in cards:
            assert card in free, f"{card} is not free"
        assert sum(_rank(card) for card in cards) == SUM
        for card in cards:
            self._take(card)
        self.chain = min(self.chain + 1, 12)
        self.score += 10 * self.chain
        parked = self.slot_of.get(self.satchel or "")  # a layout card in the Satchel is not removed
        for row in range(1, 8):
            slots = set(range(row * (row - 1) // 2, row * (row + 1) // 2))
            if row not in self.rows_paid and not slots & self.in_layout and parked not in slots:
                self.rows_paid.add(row)
                self.score += 50

    def apply(self, step: c.DemoStep) -> None:
        if step.action == "flip":
            assert self.stock, "flip with an empty stock"
            assert self.stock[0] == step.cards[0], (
                f"the stock's top card is {self.stock[0]}, not {step.cards[0]}"
            )
            self.waste.append(self.stock.pop(0))
            self.chain = 0
        elif step.action == "redeal":
            assert not self.stock and self.passes < 3
            self.stock, self.waste = self.waste, []
            self.passes += 1
            self.chain = 0
        elif step.action in ("pair", "king"):
            self.remove(step.cards)
        elif step.action == "satchel":
            card = step.cards[0]
            assert self.satchel is None, "the Satchel is full"
            assert card in self.free(), f"{card} is not free"
            self._take(card)
            self.satchel = card
        else:  # pragma: no cover - the loader rejects other actions
            raise AssertionError(step.action)


def test_demo_deal_matches_the_seed_example(content: c.RulesContent) -> None:
    demo = content.how_to_play.section("example").demo
    assert demo is not None
    assert demo.preset == "desert" and demo.layout == 1
    deal = demo.deal
    assert len(set(deal)) == 52
    # bottom row ends with 6S 9C (slots 27, 28), which both cover the 4H (slot 21); 7D comes up first
    assert deal[26:28] == ("6S", "9C")
    assert deal[20] == "4H"
    assert _covers(20) == (26, 27)
    assert deal[28] == "7D"
    assert c.Demo("desert", 1, deal, ()).deal_text.split() == list(deal)


def test_demo_replays_under_desert_rules(content: c.RulesContent) -> None:
    demo = content.how_to_play.section("example").demo
    assert demo is not None
    table = _MiniTable(demo.deal)
    # at the deal nothing can be taken: no king and no pair among the free bottom row
    bottom = table.free_layout()
    assert all(_rank(a) != 13 for a in bottom)
    assert not any(_rank(a) + _rank(b) == SUM for a in bottom for b in bottom if a != b)
    for number, step in enumerate(demo.steps, start=1):
        table.apply(step)
        if step.score is not None:
            assert table.score == step.score, f"step {number}"
        for card in step.highlight:
            assert card in table.free(), f"step {number}: {card} is not free"
        if step.action == "flip" and "No free card makes 13" in step.caption.plain():
            up = step.cards[0]
            assert all(_rank(up) + _rank(other) != SUM for other in table.free() - {up})
    assert "4H" in table.free_layout()
    assert table.satchel is None


# ---------------------------------------------------------------------------- broken files


@pytest.fixture
def rules_copy(tmp_path: Path) -> Path:
    target = tmp_path / "rules"
    shutil.copytree(RULES, target)
    return target


def _edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def test_copy_loads(rules_copy: Path) -> None:
    assert c.load_rules_content(rules_copy) == c.load_rules_content()


def test_missing_file(rules_copy: Path) -> None:
    (rules_copy / c.QUIZ_FILE).unlink()
    with pytest.raises(c.ContentError, match=r"quiz\.toml: the file is missing"):
        c.load_rules_content(rules_copy)


def test_not_toml(rules_copy: Path) -> None:
    (rules_copy / c.GLOSSARY_FILE).write_text("schema = 1\n[[term]\n", encoding="utf-8")
    with pytest.raises(c.ContentError, match=r"glossary\.toml: not valid TOML"):
        c.load_glossary(rules_copy)


def test_wrong_schema(rules_copy: Path) -> None:
    _edit(rules_copy / c.VARIATIONS_FILE, "schema = 1", "schema = 7")
    with pytest.raises(c.ContentError, match=r"variations\.toml: 'schema' must be 1, not 7"):
        c.load_variations(rules_copy)


def test_quiz_question_with_two_right_answers(rules_copy: Path) -> None:
    _edit(
        rules_copy / c.QUIZ_FILE, "correct = false", "correct = true"
    )  # the first question's first choice
    with pytest.raises(
        c.ContentError,
        match=r"quiz\.toml: question 1 \('jack'\): must have exactly one right choice.*not 2",
    ):
        c.load_quiz(rules_copy)


def test_quiz_question_with_no_right_answer(rules_copy: Path) -> None:
    path = rules_copy / c.QUIZ_FILE
    text = path.read_text(encoding="utf-8")
    # make question 2's right choice wrong
    start = text.index('id = "covering"')
    end = text.index("[[question]]", start)
    block = text[start:end].replace("correct = true", "correct = false")
    path.write_text(text[:start] + block + text[end:], encoding="utf-8")
    with pytest.raises(
        c.ContentError,
        match=r"question 2 \('covering'\): must have exactly one right choice.*not 0",
    ):
        c.load_quiz(rules_copy)


def test_quiz_choice_without_explanation(rules_copy: Path) -> None:
    path = rules_copy / c.QUIZ_FILE
    text = path.read_text(encoding="utf-8")
    text = re.sub(r'explanation = "A jack counts 11, and[^\n]*\n', "", text, count=1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(
        c.ContentError, match=r"question 1 \('jack'\): choice 2: 'explanation' is missing"
    ):
        c.load_quiz(rules_copy)


def test_variation_unknown_option(rules_copy: Path) -> None:
    _edit(rules_copy / c.VARIATIONS_FILE, "draw_three = true", "draw_four = true")
    with pytest.raises(
        c.ContentError, match=r"variation 7 \('tuts-tomb'\): options: unknown option 'draw_four'"
    ):
        c.load_variations(rules_copy)


def test_variation_bad_passes(rules_copy: Path) -> None:
    _edit(rules_copy / c.VARIATIONS_FILE, "passes = 1", "passes = 2")
    with pytest.raises(
        c.ContentError, match=r"variation 1 \('one-pass'\): options: passes must be 1, 3 or 0"
    ):
        c.load_variations(rules_copy)


def test_variation_bad_preset(rules_copy: Path) -> None:
    _edit(rules_copy / c.VARIATIONS_FILE, 'preset = "strict"', 'preset = "easy"')
    with pytest.raises(
        c.ContentError, match=r"variation 4 \('strict'\): preset 'easy' is not one of"
    ):
        c.load_variations(rules_copy)


def test_bad_card_in_a_paragraph(rules_copy: Path) -> None:
    _edit(rules_copy / c.HOW_TO_PLAY_FILE, "the {6S} pairs with", "the {6Z} pairs with")
    with pytest.raises(
        c.ContentError,
        match=r"how_to_play\.toml: section 2 \('values'\): paragraphs 5: '\{6Z\}' is not a card",
    ):
        c.load_how_to_play(rules_copy)


def test_duplicate_section_id(rules_copy: Path) -> None:
    _edit(rules_copy / c.HOW_TO_PLAY_FILE, 'id = "controls"', 'id = "tips"')
    with pytest.raises(c.ContentError, match=r"section 13 \('tips'\): id 'tips' is used twice"):
        c.load_how_to_play(rules_copy)


def test_unknown_key_is_reported(rules_copy: Path) -> None:
    _edit(rules_copy / c.GLOSSARY_FILE, 'term = "redeal"', 'term = "redeal"\ntitle = "x"')
    with pytest.raises(c.ContentError, match=r"term 4 \('redeal'\): unknown key 'title'"):
        c.load_glossary(rules_copy)


def test_diagram_free_must_match(rules_copy: Path) -> None:
    _edit(
        rules_copy / c.HOW_TO_PLAY_FILE,
        "free = [[3, 2], [4, 1], [4, 4]]",
        "free = [[3, 1], [4, 1], [4, 4]]",
    )
    with pytest.raises(
        c.ContentError,
        match=r"section 4 \('free-cards'\): diagram: 'free' does not match 'removed'.*\[3, 2\]",
    ):
        c.load_how_to_play(rules_copy)


def test_demo_pair_must_make_13(rules_copy: Path) -> None:
    _edit(rules_copy / c.HOW_TO_PLAY_FILE, 'cards = ["6S", "7D"]', 'cards = ["6S", "8D"]')
    with pytest.raises(
        c.ContentError,
        match=r"section 11 \('example'\): demo: step 2: 6S and 8D do not add up to 13",
    ):
        c.load_how_to_play(rules_copy)


def test_demo_deal_must_have_52_different_cards(rules_copy: Path) -> None:
    _edit(rules_copy / c.HOW_TO_PLAY_FILE, 'deal = "8C 2S', 'deal = "8C 8C')
    with pytest.raises(c.ContentError, match=r"demo: the deal names 8C more than once"):
        c.load_how_to_play(rules_copy)


# ---------------------------------------------------------------------------- rendering


def test_render_all_wraps_to_the_width(content: c.RulesContent) -> None:
    for width in (40, 60, 100):
        text = c.render_all(content, width)
        for line in text.splitlines():
            assert len(line) <= width, (width, line)


def test_render_ascii_is_ascii(content: c.RulesContent) -> None:
    text = c.render_all(content, 78, ascii_only=True)
    text.encode("ascii")
    assert "6S" in text and "10C" in text


def test_render_diagram_marks_free_and_covered(content: c.RulesContent) -> None:
    diagram = content.how_to_play.section("free-cards").diagram
    assert diagram is not None
    art = "\n".join(c.render_diagram(diagram))
    assert "(5♥)" in art and "[7♠]" in art and "[Q♣]" in art and ".." in art


def test_parse_choice() -> None:
    assert c.parse_choice("1", 3) == 0
    assert c.parse_choice(" C ", 3) == 2
    assert c.parse_choice("b)", 3) == 1
    for bad in ("4", "d", "0", "", "ab", "12"):
        assert c.parse_choice(bad, 3) is None


# ---------------------------------------------------------------------------- QuizSession


def test_quiz_session_scores_first_answers(content: c.RulesContent) -> None:
    questions = content.quiz.questions
    session = c.QuizSession(questions)
    assert session.total == 6 and not session.finished and not session.answered
    right = session.current.right_index
    wrong = (right + 1) % 3
    result = session.answer(wrong)
    assert not result.correct and result.counted
    assert result.explanation == session.current.choices[wrong].explanation
    assert result.right_choice.correct
    again = session.answer(right)  # picking another choice explains it, but does not score
    assert again.correct and not again.counted
    assert session.score == 0 and session.answered
    session.next()
    assert session.answer(session.current.right_index).correct
    assert session.score == 1
    session.next()
    session.next()  # skip question 3 unanswered
    while not session.finished:
        session.answer(session.current.right_index)
        session.next()
    assert session.score == 4 and session.answered_count == 5
    assert session.best_score == 4
    with pytest.raises(IndexError):
        _ = session.current
    session.next()  # harmless once finished
    session.restart()
    assert session.score == 0 and session.index == 0 and session.best_score == 4
    with pytest.raises(ValueError, match="no choice 4"):
        session.answer(3)


def test_quiz_session_needs_questions() -> None:
    with pytest.raises(ValueError):
        c.QuizSession(())
