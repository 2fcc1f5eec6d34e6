"""Practice: untimed play with any preset, option and layout, any deal, a coach, hints and a
computer player. Unlimited undo.

The clock still counts (paused with the table) for the statistics' best times and for the timed
scoring of the relaxed preset (docs/rules.md, "Scoring"): 10 per removal, −30 per full 30 s,
+ 600000 / seconds on a win (:func:`desert_pyramid.engine.scoring.timed_score`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from desert_pyramid.engine import (
    DESERT,
    Deal,
    DealCodeError,
    DealError,
    Event,
    Game,
    Layout,
    Move,
    Rules,
    RulesError,
    StateError,
    check_playable,
    decode_deal_code,
    timed_score,
)
from desert_pyramid.engine.errors import LayoutError
from desert_pyramid.engine.rules import Scoring
from desert_pyramid.i18n import N_, format_number, ngettext
from desert_pyramid.i18n.say import Say, tell, tell_n

from .clock import Clock
from .coach import Coach
from .dealing import PRACTICE_MAX_TRIES, PRACTICE_NODE_BUDGET, DealFinder, find_deal
from .errors import InputError
from .events import PracticeWon
from .results import Results
from .session import (
    LayoutGetter,
    Offers,
    Session,
    check_header,
    classic_only,
    get_bool,
    get_elapsed,
    get_str,
    random_seed,
    restore_game,
)

if TYPE_CHECKING:
    from desert_pyramid.solver.hints import Hint

SOURCES = ("random", "code", "winnable", "seed")


def check_rules_layout(rules: Rules, layout: Layout) -> None:
    """Refuse a rule/layout pair that is not played (:func:`desert_pyramid.engine.check_playable`
    decides) with :class:`InputError`."""
    try:
        check_playable(rules, layout.number)
    except RulesError as exc:
        raise InputError(str(exc)) from None


class PracticeSession(Session):
    mode = "practice"
    name = N_("Practice")
    opening_timed = N_("Pair cards that add up to 13; a king goes alone. F1 shows the keys.")
    offers = Offers(restart="deal", new_deal=True, rewind=True, after="deal")
    resume_on_focus = True
    has_coach = True

    def __init__(
        self,
        game: Game,
        *,
        source: str = "random",
        grade: str = "",
        coach: Coach | None = None,
        clock: Clock | None = None,
    ) -> None:
        check_rules_layout(game.rules, game.layout)
        if source not in SOURCES:
            raise InputError(f"unknown deal source {source!r}")
        super().__init__(game, clock or Clock())
        self.source = source
        self.grade = grade
        self.coach = coach or Coach()
        self.messages = [] if game.moves else self.coach.opening(game)

    # -- starting ---------------------------------------------------------------------------------
    @classmethod
    def new(
        cls, rules: Rules, layout: Layout, deal: Deal, *, source: str = "seed", grade: str = ""
    ) -> PracticeSession:
        check_rules_layout(rules, layout)
        return cls(Game(layout, rules, deal), source=source, grade=grade)

    @classmethod
    def random(cls, rules: Rules, layout: Layout, seed: int | None = None) -> PracticeSession:
        """A random deal (``seed`` chosen at random unless given)."""
        return cls.new(
            rules, layout, Deal.from_seed(random_seed() if seed is None else seed), source="random"
        )

    @classmethod
    def from_code(
        cls,
        text: str,
        rules: Rules = DESERT,
        layout: Layout | None = None,
        get_layout: LayoutGetter | None = None,
    ) -> PracticeSession:
        """A deal typed or pasted: a deal code (``DP-…``, which carries its rules and layout) or
        52 cards in the deal notation (played with ``rules`` on ``layout``). A text that cannot be
        read raises :class:`InputError` saying what is wrong; nothing else changes."""
        stripped = text.strip()
        if not stripped:
            raise InputError("type or paste a deal code (DP-…) or a deal of 52 cards")
        if (
            get_layout is None
        ):  # the classic pyramid is the engine's own; others come from the caller
            get_layout = classic_only
        if stripped.upper().startswith("DP"):
            try:
                code = decode_deal_code(stripped)
            except DealCodeError as exc:
                raise InputError(f"deal code: {exc}") from None
            try:
                lay = get_layout(code.layout_number)
            except LayoutError as exc:
                raise InputError(f"deal code: {exc}") from None
            return cls.new(code.rules, lay, code.deal, source="code")
        try:
            deal = Deal.parse(stripped)
        except DealError as exc:
            raise InputError(f"deal: {exc}") from None
        return cls.new(rules, layout or get_layout(1), deal, source="code")

    @classmethod
    def winnable(
        cls,
        rules: Rules,
        layout: Layout,
        seed: int | None = None,
        *,
        finder: DealFinder | None = None,
        grader: Callable[[Game], str] | None = None,
    ) -> PracticeSession:
        """The first deal from a (random) seed that the solver proves winnable under these rules,
        with the solver's difficulty grade."""
        check_rules_layout(rules, layout)
        chosen = find_deal(
            random_seed() if seed is None else seed,
            rules,
            layout,
            node_budget=PRACTICE_NODE_BUDGET,
            max_tries=PRACTICE_MAX_TRIES,
            finder=finder,
        )
        game = Game(layout, rules, chosen.deal)
        if grader is None:
            from desert_pyramid.solver.deals import grade as solver_grade

            grader = solver_grade
        return cls(game, source="winnable", grade=str(grader(game)))

    # -- playing ------------------------------------------------------------------------------------
    def _before_move(self) -> Game | None:
        return None if self._computer_playing else self.game.copy()

    def _after_move(self, move: Move, before: Game | None, events: list[Event]) -> None:
        if isinstance(before, Game):
            self.messages = self.coach.after_move(before, move, self.game)
        else:
            self.messages = []
        if self.game.won:
            self._finish()
            events.append(PracticeWon(self.clock.seconds, self.score))

    def _after_undo(self, events: list[Event]) -> None:
        self.messages = []

    def play_hint(self, hint: Hint) -> list[Event]:
        """Play the hinted move (``hint.move``; the solver's :class:`Hint`)."""
        move = hint.move
        if move is None:
            from desert_pyramid.engine import IllegalMoveError

            raise IllegalMoveError("this hint has no move to play")
        return self.play(move)

    def lost_offer(self, hint: Hint) -> Say | str:
        """The words for a hint that proves the deal lost from here (worded where they are
        shown: ``str()`` is the English); empty unless it is lost."""
        if hint.verdict != "lost":  # Verdict is a str enum
            return ""
        keep = hint.rewind_to
        if keep is None:
            return tell(
                "No way through from here, and none from any earlier position either: this deal "
                "cannot be won."
            )
        back = self.game.moves - int(keep)
        return tell_n(
            "No way through from here. Undo {n} move to go back to the last position from which "
            "the deal could still be won?",
            "No way through from here. Undo {n} moves to go back to the last position from which "
            "the deal could still be won?",
            back,
        )

    # -- figures -------------------------------------------------------------------------------------
    @property
    def score(self) -> int:
        g = self.game
        if g.rules.scoring == Scoring.TIMED:
            return timed_score(g.points, self.clock.elapsed_ms / 1000, g.won)
        return g.score

    def results(self) -> Results:
        return self._results(grade=self.grade)

    def hud(self) -> dict[str, str]:
        out = super().hud()
        out["rules"] = str(self.game.rules)
        out["layout"] = self.game.layout.name
        if self.grade:
            out["grade"] = self.grade
        if self.game.rules.scoring == Scoring.CLASSIC:
            left = self.game.cards_left
            # TRANSLATORS: the HUD's score box in classic scoring: the cards still to remove
            out["score"] = ngettext("{n} left", "{n} left", left).format(n=format_number(left))
        return out

    # -- saving ----------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        data = super().to_dict()
        data.update(source=self.source, grade=self.grade, coach=self.coach.to_dict())
        return data

    @classmethod
    def from_dict(
        cls, data: Mapping[str, object], get_layout: LayoutGetter | None = None
    ) -> PracticeSession:
        check_header(data, cls.mode)
        game = restore_game(data, get_layout)
        clock = Clock(get_elapsed(data), get_bool(data, "paused", False))
        coach_data = data.get("coach", {})
        try:
            session = cls(
                game,
                source=get_str(data, "source", "random"),
                grade=get_str(data, "grade", ""),
                coach=Coach.from_dict(coach_data),
                clock=clock,
            )
        except InputError as exc:
            raise StateError(f"the saved practice game: {exc}") from None
        session._restore_common(data)
        return session
