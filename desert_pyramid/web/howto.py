"""The web edition's How to play, from the content the desktop reads (:mod:`desert_pyramid.content`,
``resources/rules/*.toml``) in the player's language: the rules with their figure and the worked
example, the variations, the glossary and the quiz, whose answers are checked here
(:class:`~desert_pyramid.content.QuizSession`, kept in :class:`~desert_pyramid.app.howto.HowtoMemory`
as the desktop keeps it), never on the page.

A paragraph goes to the page as spans (``text``, ``bold``, ``card``: the card's number, the image
the page draws), so the page needs no markup of its own.
"""

from __future__ import annotations

from typing import Any

from desert_pyramid.app.howto import HowtoMemory
from desert_pyramid.content import (
    Paragraph,
    QuizSession,
    default_content,
    source_content,
    variation_note,
    variation_rules_words,
)
from desert_pyramid.engine import PRESETS, Card
from desert_pyramid.i18n import _, pgettext
from desert_pyramid.web.table import RequestError, WebTable

#: How to play's pages (the desktop's tabs) and their names.
PAGES = ("rules", "variations", "glossary", "quiz")
_TABS = {
    "rules": "How to play",
    "variations": "Variations",
    "glossary": "Other names",
    "quiz": "Quiz",
}
#: The figure's legend (the desktop's, ui/screens/howto_figure.py).
_LEGEND = (
    ("free", "free: nothing covers it"),
    ("covered", "covered: not free yet"),
    ("removed", "taken away"),
)


class QuizRequestError(RequestError):
    """A quiz request the game refuses (an unknown action, a choice that is not there)."""


def card_number(code: str) -> int:
    """A content card code (``6S``) as the engine's card number (the page's image)."""
    return int(Card.parse(code))


def paragraph_json(p: Paragraph) -> dict[str, Any]:
    """A paragraph as spans the page draws: text, bold, or a card (its number and its label)."""
    spans = []
    for span in p.spans:
        entry: dict[str, Any] = {"text": span.plain(), "bold": span.bold}
        if span.card is not None:
            entry["card"] = card_number(span.card)
            entry["suit"] = Card.parse(span.card).suit  # 0 spades, 1 hearts, 2 diamonds, 3 clubs
        spans.append(entry)
    return {"bullet": p.bullet, "spans": spans}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def howto_json() -> dict[str, Any]:
    """Every page of How to play but the quiz, in the player's language."""
    content = default_content()
    sections = []
    for section in content.how_to_play.sections:
        entry: dict[str, Any] = {
            "id": section.id,
            "title": section.title,
            "paragraphs": [paragraph_json(p) for p in section.paragraphs],
            "diagram": None,
            "demo": None,
        }
        d = section.diagram
        if d is not None:
            entry["diagram"] = {
                "rows": d.rows,
                "slots": [
                    {
                        "row": r,
                        "col": c,
                        "card": card_number(d.card_at(r, c)),
                        "state": d.state(r, c),
                    }
                    for r, c in d.slots()
                ],
                "caption": paragraph_json(d.caption),
                "legend": [{"state": state, "words": _(words)} for state, words in _LEGEND],
            }
        if section.demo is not None:
            entry["demo"] = {
                "steps": [
                    {
                        "action": step.action,
                        "cards": [card_number(c) for c in step.cards],
                        "caption": paragraph_json(step.caption),
                    }
                    for step in section.demo.steps
                ]
            }
        sections.append(entry)
    return {
        "title": _("How to play"),
        "tabs": {page: pgettext("how to play tab", words) for page, words in _TABS.items()},
        "sections": sections,
        "variations": [
            {
                "id": v.id,
                "title": v.title,
                "rules": _("{rules}.").format(rules=_cap(variation_rules_words(v))),
                "button": v.button,
                "paragraphs": [paragraph_json(p) for p in v.paragraphs],
            }
            for v in content.variations
        ],
        "glossary": {
            "intro": _("The same things go by other names in other games and books."),
            "entries": [
                {
                    "id": e.id,
                    "term": e.term,
                    "also": _("Also called: {names}").format(names=", ".join(e.other_names))
                    if e.other_names
                    else "",
                    "paragraphs": [paragraph_json(p) for p in e.paragraphs],
                }
                for e in content.glossary
            ],
        },
    }


def start_variation(table: WebTable, variation_id: object) -> None:
    """A Practice deal under a variation's rules (its preset with its options) on the first
    layout, opened with the variation's note, as the desktop's Variations page starts it."""
    variations = {v.id: v for v in source_content().variations}
    variation = variations.get(variation_id) if isinstance(variation_id, str) else None
    if variation is None:
        raise RequestError(f"unknown variation {variation_id!r}: one of {', '.join(variations)}")
    rules = PRESETS[variation.preset].with_options(**variation.options_dict())
    seat = table.app.start_practice(rules, table.app.get_layout(1))
    table.sit(seat, variation_note(variation))


def new_quiz() -> HowtoMemory:
    """A quiz from its first question (the source's questions: which choice is right is the
    same in every language; the words are read in the language shown)."""
    return HowtoMemory(quiz=QuizSession(source_content().quiz.questions))


def quiz_step(memory: HowtoMemory, action: object, choice: object = None) -> dict[str, Any]:
    """One step of the quiz (``show``, ``answer`` with ``choice`` from 1, ``next``,
    ``restart``) and the quiz as the page shows it then (:func:`quiz_json`)."""
    quiz = memory.quiz
    if action == "answer":
        if quiz.finished:
            raise QuizRequestError("the quiz is finished: 'restart' begins it again")
        total = len(quiz.current.choices)
        if not isinstance(choice, int) or isinstance(choice, bool) or not 1 <= choice <= total:
            raise QuizRequestError(f"not a choice of this question: {choice!r} (1 to {total})")
        result = quiz.answer(choice - 1)
        memory.last = result
        if result.counted:
            memory.first_answers[quiz.index] = result.correct
    elif action == "next":
        quiz.next()
        memory.last = None
        if quiz.finished:
            memory.rounds += 1
    elif action == "restart":
        quiz.restart()
        memory.last = None
        memory.first_answers = {}
    elif action != "show":
        raise QuizRequestError(
            f"unknown quiz action {action!r}: one of show, answer, next, restart"
        )
    return quiz_json(memory)


def quiz_json(memory: HowtoMemory) -> dict[str, Any]:
    """The quiz in the player's language: the question and its choices, the verdict on the last
    answer with its explanation (the desktop's words), or the summary once finished."""
    quiz = memory.quiz
    words = default_content().quiz
    out: dict[str, Any] = {
        "title": words.title,
        "total": quiz.total,
        "score": quiz.score,
        "finished": quiz.finished,
        "score_line": _score_line(quiz),
    }
    if quiz.finished:
        marks = {
            True: ("right", pgettext("quiz answer", "right")),
            False: ("wrong", pgettext("quiz answer", "wrong")),
            None: ("skipped", pgettext("quiz answer", "skipped")),
        }
        out["summary"] = {
            "line": _("You got {score} of {total} right.").format(
                score=quiz.score, total=quiz.total
            ),
            "best": _("Your best this session: {best} of {total}.").format(
                best=quiz.best_score, total=quiz.total
            )
            if quiz.best_score is not None and memory.rounds > 1
            else "",
            "questions": [
                {
                    "mark": marks[memory.first_answers.get(i)][0],
                    "word": marks[memory.first_answers.get(i)][1],
                    "prompt": paragraph_json(q.prompt),
                }
                for i, q in enumerate(words.questions)
            ],
            "again": _("Try again · Enter"),
        }
        return out
    question = words.questions[quiz.index]
    out["question"] = {
        "number": quiz.index + 1,
        "heading": _("Question {number} of {total}").format(
            number=quiz.index + 1, total=quiz.total
        ),
        "intro": paragraph_json(words.intro)
        if words.intro is not None and quiz.index == 0
        else None,
        "prompt": paragraph_json(question.prompt),
        "choices": [paragraph_json(c.text) for c in question.choices],
    }
    last = memory.last
    if last is None:
        out["answer"] = None
        return out
    local = question.choices
    right_note = ""
    if not last.correct:
        right_note = (
            _("The right answer is {number}:").format(number=last.right_index + 1)
            + " "
            + local[last.right_index].text.plain()
            + "."
        )
    last_question = quiz.index + 1 >= quiz.total
    out["answer"] = {
        "choice": last.choice_index + 1,
        "right": last.right_index + 1,
        "correct": last.correct,
        "verdict": _("Right.") if last.correct else _("Not right."),
        "explanation": paragraph_json(local[last.choice_index].explanation),
        "right_note": right_note,
        "counted_note": "" if last.counted else _("(Only your first answer counts for the score.)"),
        "next": _("See your score · Enter") if last_question else _("Next question · Enter"),
    }
    return out


def _score_line(quiz: QuizSession) -> str:
    if quiz.best_score is None:
        return _("Score: {score} of {answered} right").format(
            score=quiz.score, answered=quiz.answered_count
        )
    return _("Score: {score} of {answered} right · best {best} of {total}").format(
        score=quiz.score, answered=quiz.answered_count, best=quiz.best_score, total=quiz.total
    )
