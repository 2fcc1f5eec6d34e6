"""The quiz as pure logic: a session of questions, the answers and the score."""

from __future__ import annotations

from dataclasses import dataclass, field

from .model import Choice, Paragraph, QuizQuestion

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
            raise ValueError(
                f"there is no choice {choice_index + 1}: pick 1 to {len(question.choices)}"
            )
        choice = question.choices[choice_index]
        counted = self.index not in self._answered
        if counted:
            self._answered.add(self.index)
            self.answered_count += 1
            if choice.correct:
                self.score += 1
        return AnswerResult(
            question,
            choice_index,
            choice.correct,
            choice.explanation,
            question.right_index,
            counted,
        )

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
