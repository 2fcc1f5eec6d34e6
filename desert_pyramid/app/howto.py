"""What the How to play screen remembers while the game runs: the page, each page's scroll, the
quiz and its score (kept on the window as ``app.howto_memory``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from desert_pyramid.content import AnswerResult, QuizSession


@dataclass
class HowtoMemory:
    """Kept on the app (``app.howto_memory``): the page, the scroll, the quiz and its score."""

    quiz: QuizSession
    page: str = "rules"
    scroll: dict[str, float] = field(default_factory=dict)
    last: AnswerResult | None = None  # the last answer given to the current question
    first_answers: dict[int, bool] = field(default_factory=dict)  # question index: right first time
    quiz_focus: int = 0
    variation_focus: int = 0
    rounds: int = 0  # quizzes finished this session
