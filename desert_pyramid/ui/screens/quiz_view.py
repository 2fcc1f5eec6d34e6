"""The quiz page of How to play: one question at a time, three choices, right or wrong and why.

The logic is :class:`desert_pyramid.content.QuizSession`, kept on the app (``app.howto_memory``) so
the score lasts as long as the game runs: leave the screen and come back, the quiz is where you
left it. Keys: 1 2 3 answer at once; ↑ ↓ move the focus between the choices and the Next button,
Enter presses it; N goes on to the next question. The mouse: hover and click.

The first answer to a question counts for the score; picking another choice afterwards still says
whether it is right and why.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import arcade

from desert_pyramid.content import Paragraph, QuizQuestion, QuizSession, Span, parse_markup
from desert_pyramid.i18n import N_, _, pgettext
from desert_pyramid.ui.art.skin import skin
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.palette import GOLD, INK, MUTED, WRONG
from desert_pyramid.ui.screens.pages import PageHost, ScrollPage
from desert_pyramid.ui.widgets.buttons import STYLES
from desert_pyramid.ui.widgets.richtext import px, text_width

if TYPE_CHECKING:
    from desert_pyramid.app.howto import HowtoMemory

RGB = tuple[int, int, int]
GOOD: RGB = (150, 232, 140)  # "Right." on the dark panel
BAD: RGB = WRONG  # "Not right."
# row skins: (top, bottom, border, border width)
ROW_STYLES: dict[str, tuple[RGB, RGB, RGB, int]] = {
    "normal": STYLES["normal"],
    "focus": STYLES["focus"],
    "right": ((92, 168, 92), (50, 118, 56), (30, 76, 34), 2),
    "right_focus": ((104, 184, 104), (58, 132, 64), GOLD, 4),
    "wrong": ((196, 92, 72), (148, 54, 42), (96, 30, 20), 2),
    "wrong_focus": ((210, 104, 84), (160, 62, 48), GOLD, 4),
}


@dataclass
class Row:
    """A pressable row: a choice, or the Next / Try again button."""

    rect: Rect
    action: Callable[[], None]
    state: str = "normal"  # normal, right, wrong
    kind: str = "choice"  # choice or button


class QuizPage(ScrollPage):
    name = "quiz"
    hint = N_(
        "1 2 3 answer · ↑ ↓ and Enter too · N next question · Tab or ← → change page · Esc back"
    )

    def __init__(self, view: PageHost) -> None:
        self.skins: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.rows: list[Row] = []  # in content coordinates (see :class:`Scroll`)
        self.result_text = ""  # what the last answer said, in plain words (for tests)
        super().__init__(view)

    @property
    def memory(self) -> HowtoMemory:
        return self.view.memory

    @property
    def quiz(self) -> QuizSession:
        return self.view.memory.quiz

    # -- laying out --------------------------------------------------------------------------------
    def rebuild(self, top: bool = False) -> None:
        """Lay the page out again for the quiz's state (``top``: scroll back to the top)."""
        if top:
            self.scroll.offset = 0.0
        self.build(self.area, self.s)

    def fill(self, width: float, s: float) -> float:
        self.rows = []
        col = min(width - 16 * s, 940 * s)
        x0 = (width - col) / 2
        y = 0.0
        quiz, content = self.quiz, self.view.content.quiz
        # the header: title, and the score for this session
        self.rich.line_text(content.title, x0, y, 17.5 * s, GOLD, bold=True)
        self.rich.text(
            self.score_text(),
            x0 + col,
            y - px(17.5 * s) * 0.75,
            13 * s,
            MUTED,
            bold=True,
            anchor_x="right",
            anchor_y="center",
        )
        y -= px(17.5 * s) * 1.5
        if quiz.finished:
            y = self._summary(x0, y, col, s)
        else:
            if content.intro is not None and quiz.index == 0:
                y = self.rich.paragraph(content.intro, x0, y, col, 13 * s, MUTED) - 6 * s
            y = self._question(quiz.current, x0, y, col, s)
        self._focus_fix()
        self._skins()
        return -y + 6 * s

    def score_text(self) -> str:
        q = self.quiz
        if q.best_score is None:
            return _("Score: {score} of {answered} right").format(
                score=q.score, answered=q.answered_count
            )
        return _("Score: {score} of {answered} right · best {best} of {total}").format(
            score=q.score, answered=q.answered_count, best=q.best_score, total=q.total
        )

    def _question(
        self, question: QuizQuestion, x0: float, top: float, col: float, s: float
    ) -> float:
        quiz, last = self.quiz, self.memory.last
        y = self.rich.line_text(
            _("Question {number} of {total}").format(number=quiz.index + 1, total=quiz.total),
            x0,
            top,
            12.5 * s,
            MUTED,
            bold=True,
        )
        y = self.rich.paragraph(question.prompt, x0, y, col, 17 * s, INK, bold=True) - 10 * s
        size = 14.5 * s
        badge = 30 * s
        for i, choice in enumerate(question.choices):
            text_x = x0 + 22 * s + badge
            lines = self.rich.measure(choice.text, col - (text_x - x0) - 20 * s, size)
            h = max(48 * s, lines * px(size) * 1.5 + 16 * s)
            rect = Rect(round(x0), round(y - h), round(col), round(h))
            state = "normal"
            if last is not None:
                if i == last.right_index:
                    state = "right"
                elif i == last.choice_index:
                    state = "wrong"
            self.rows.append(Row(rect, lambda i=i: self.answer(i), state))  # type: ignore[misc]
            self.rich.text(
                str(i + 1),
                x0 + 12 * s + badge / 2,
                rect.cy,
                15 * s,
                GOLD,
                True,
                anchor_x="center",
                anchor_y="center",
            )
            text_top = rect.cy + lines * px(size) * 1.5 / 2
            self.rich.paragraph(
                choice.text, text_x, text_top, col - (text_x - x0) - 20 * s, size, INK
            )
            y -= h + 8 * s
        if last is None:
            return y
        y -= 6 * s
        verdict = _("Right.") if last.correct else _("Not right.")
        self.result_text = verdict + " " + last.explanation.plain()
        y = self.rich.line_text(verdict, x0, y, 16 * s, GOOD if last.correct else BAD, bold=True)
        y = self.rich.paragraph(last.explanation, x0, y, col, 14.5 * s, INK)
        if not last.correct:
            right = last.right_choice.text
            # (markup is parsed stripped: the space after the colon is a span of its own)
            note = Paragraph(
                right.source,
                (
                    *parse_markup(
                        _("The right answer is {number}:").format(number=last.right_index + 1)
                    ).spans,
                    Span(" ", False),
                    *right.spans,
                    *parse_markup(".").spans,
                ),
            )
            self.result_text += " " + note.plain()
            y = self.rich.paragraph(note, x0, y - 4 * s, col, 14 * s, MUTED)
        if not last.counted:
            y = self.rich.line_text(
                _("(Only your first answer counts for the score.)"), x0, y, 12 * s, MUTED
            )
        last_question = quiz.index + 1 >= quiz.total
        label = _("See your score · Enter") if last_question else _("Next question · Enter")
        bh = 42 * s
        y -= 12 * s
        rect = Rect(round(x0 + col - 300 * s), round(y - bh), round(300 * s), round(bh))
        self.rows.append(Row(rect, self.next_question, kind="button"))
        self.rich.text(
            label, rect.cx, rect.cy, 14.5 * s, INK, True, anchor_x="center", anchor_y="center"
        )
        return rect.bottom

    def _summary(self, x0: float, top: float, col: float, s: float) -> float:
        quiz = self.quiz
        y = top - 6 * s
        y = self.rich.line_text(
            _("You got {score} of {total} right.").format(score=quiz.score, total=quiz.total),
            x0,
            y,
            22 * s,
            INK,
            bold=True,
        )
        if quiz.best_score is not None and self.memory.rounds > 1:
            y = self.rich.line_text(
                _("Your best this session: {best} of {total}.").format(
                    best=quiz.best_score, total=quiz.total
                ),
                x0,
                y,
                14 * s,
                MUTED,
            )
        y -= 10 * s
        size = 13.5 * s
        words = {
            True: (pgettext("quiz answer", "right"), GOOD),
            False: (pgettext("quiz answer", "wrong"), BAD),
            None: (pgettext("quiz answer", "skipped"), MUTED),
        }
        # the prompts start past the widest word (German and Russian run longer than "skipped")
        indent = max(80 * s, max(text_width(w, size, True) for w, _c in words.values()) + 14 * s)
        for i, question in enumerate(quiz.questions):
            word, colour = words[self.memory.first_answers.get(i)]
            self.rich.line_text(word, x0, y, size, colour, bold=True)
            y = (
                self.rich.paragraph(question.prompt, x0 + indent, y, col - indent, size, INK)
                - 4 * s
            )
        y -= 14 * s
        bh = 42 * s
        rect = Rect(round(x0), round(y - bh), round(300 * s), round(bh))
        self.rows.append(Row(rect, self.restart, kind="button"))
        self.rich.text(
            _("Try again · Enter"),
            rect.cx,
            rect.cy,
            14.5 * s,
            INK,
            True,
            anchor_x="center",
            anchor_y="center",
        )
        return rect.bottom

    def _focus_fix(self) -> None:
        if not self.rows:
            self.memory.quiz_focus = -1
        elif self.memory.quiz_focus >= len(self.rows):
            self.memory.quiz_focus = len(self.rows) - 1

    def _skins(self) -> None:
        self.skins = arcade.SpriteList()
        for i, row in enumerate(self.rows):
            style = row.state + ("_focus" if i == self.memory.quiz_focus else "")
            if style == "normal_focus":
                style = "focus"
            sprite = arcade.Sprite(self._row_skin(style, int(row.rect.width), int(row.rect.height)))
            sprite.position = (round(row.rect.cx), round(row.rect.cy))
            self.skins.append(sprite)

    def _row_skin(self, style: str, w: int, h: int) -> arcade.Texture:
        top, bottom, border, bw = ROW_STYLES[style]
        r = int(min(h, 48 * self.s) * 0.3)
        return self.app.assets.texture(
            f"quiz-{style}-{w}x{h}-{r}", lambda: skin(w, h, top, bottom, border, bw, r)
        )

    # -- the quiz ----------------------------------------------------------------------------------
    def answer(self, index: int) -> None:
        quiz = self.quiz
        if quiz.finished or not 0 <= index < len(quiz.current.choices):
            return
        result = quiz.answer(index)
        if result.counted:
            self.memory.first_answers[quiz.index] = result.correct
        self.memory.last = result
        self.app.sounds.play("pair" if result.correct else "illegal")
        self.rebuild()
        self.set_focus(len(self.rows) - 1)  # the Next button: Enter goes on

    def next_question(self) -> None:
        quiz = self.quiz
        if quiz.finished:
            return
        quiz.next()
        self.memory.last = None
        self.memory.quiz_focus = 0
        if quiz.finished:
            self.memory.rounds += 1
        self.rebuild(top=True)

    def restart(self) -> None:
        self.quiz.restart()
        self.memory.last = None
        self.memory.first_answers = {}
        self.memory.quiz_focus = 0
        self.rebuild(top=True)

    # -- input -------------------------------------------------------------------------------------
    def set_focus(self, index: int) -> None:
        """Move the focus to a row and scroll it into sight."""
        if self.rows:
            self.memory.quiz_focus = index % len(self.rows)
            r = self.rows[self.memory.quiz_focus].rect
            self.scroll.ensure_visible(r.top, r.bottom)
            self._skins()

    def on_action(self, action: str) -> bool:
        if action.startswith("pick_"):
            self.answer(int(action[5:]) - 1)
            return True
        if action == "next_question":
            self.next_question()
            return True
        if action in ("line_up", "line_down"):
            f = self.memory.quiz_focus
            self.set_focus(0 if f < 0 else f + (1 if action == "line_down" else -1))
            return True
        if action == "press":
            f = self.memory.quiz_focus
            if 0 <= f < len(self.rows):
                self.rows[f].action()
            return True
        return super().on_action(action)  # PgUp PgDn Home End scroll

    def on_hover(self, x: float, y: float) -> None:
        p = self.scroll.to_content(x, y)
        if p is None:
            return
        for i, row in enumerate(self.rows):
            if row.rect.contains(*p) and i != self.memory.quiz_focus:
                self.memory.quiz_focus = i
                self._skins()
                return

    def on_click(self, x: float, y: float) -> bool:
        p = self.scroll.to_content(x, y)
        if p is None:
            return False
        for row in self.rows:
            if row.rect.contains(*p):
                self.app.sounds.play("click")
                row.action()
                return True
        return False

    def draw_content(self) -> None:
        self.skins.draw()
        super().draw_content()
