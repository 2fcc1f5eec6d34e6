"""Deal selection: "winnable deals only", and a difficulty grade measured by the search.

``first_winnable`` walks a seed's sequence of shuffles and returns the first one the solver proves
winnable. The budget is counted in nodes, so every machine and Python version picks the same deal.
"""

from __future__ import annotations

from dataclasses import dataclass

from desert_pyramid.engine import Deal, Game, IllegalMoveError, Layout, Move, Rules
from desert_pyramid.engine.moves import MoveKind

from .core import SolveResult, Store, Verdict, solve, solve_growing

# nodes per shuffle tried by first_winnable (the first try, for the Daily: see modes/dealing.py)
SELECT_BUDGET = 200_000
GRADE_BUDGET = 100_000
ALT_GRADE_BUDGET = 5_000  # nodes for each alternative move tried by the grade
GRADES = ("Easy", "Medium", "Hard", "Expert")
GRADE_CUTS = (0.75, 1.5, 2.5)


class NoWinnableDealError(LookupError):
    """No shuffle in the range tried was proved winnable."""


@dataclass(frozen=True, slots=True)
class WinnableDeal:
    deal: Deal  # carries its seed and index
    index: int
    result: SolveResult  # the proof: a winning line from the deal
    tried: int  # shuffles looked at, this one included


def first_winnable(
    seed: int,
    rules: Rules,
    layout: Layout,
    node_budget: int = SELECT_BUDGET,
    start_index: int = 0,
    max_tries: int = 1000,
    max_budget: int | None = None,
) -> WinnableDeal:
    """The first shuffle of ``seed``'s sequence, from ``start_index`` on, that the solver proves
    winnable within ``node_budget`` nodes. Raises :class:`NoWinnableDealError` after ``max_tries``.

    ``max_budget``: a shuffle that ``node_budget`` leaves undecided is searched on, ten times the
    budget at a time (going on from what each try proved), up to ``max_budget``: the choice is
    then the first shuffle that *is* winnable, whatever the search's strength, for every shuffle
    that ``max_budget`` decides (see docs/solver.md, "Deal selection")."""
    for k in range(max_tries):
        index = start_index + k
        deal = Deal.from_seed(seed, index)
        game = Game(layout, rules, deal)
        result = solve(game, node_budget)
        if (
            result.verdict is Verdict.UNKNOWN
            and result.reason == "budget"
            and max_budget is not None
            and max_budget > node_budget
        ):
            result, _ = solve_growing(
                game, min(node_budget * 10, max_budget), max_budget, store=Store(game)
            )
        if result.verdict is Verdict.WINNABLE:
            return WinnableDeal(deal, index, result, k + 1)
    raise NoWinnableDealError(
        f"no deal proved winnable in shuffles {start_index} to {start_index + max_tries - 1} of seed {seed} "
        f"under rules {rules}"
    )


@dataclass(frozen=True, slots=True)
class Difficulty:
    """What the grade is made of."""

    grade: str  # Easy, Medium, Hard, Expert; "Lost" or "Unknown" when not proved winnable
    verdict: Verdict
    first_moves: int  # legal first moves
    first_moves_winnable: int  # of those, proved to keep the deal winnable (unknown counts as kept)
    decisions: int  # positions along the winning line where a removal or a stash could be chosen
    choices: int  # removals and stashes open at those positions, the line's own included
    losing_choices: int  # of those, moves the search proves lose the deal
    traps: int  # positions with at least one losing choice
    redeals_needed: int  # the fewest redeals with which the deal is proved winnable
    line_length: int  # moves in the winning line found
    satchel_needed: bool  # lost without the Satchel (Satchel rules only)
    satchel_moves: int  # Satchel moves in the winning line
    score: float  # the number the grade is cut from

    def to_dict(self) -> dict[str, object]:
        return {
            "grade": self.grade,
            "verdict": self.verdict.value,
            "first_moves": self.first_moves,
            "first_moves_winnable": self.first_moves_winnable,
            "decisions": self.decisions,
            "choices": self.choices,
            "losing_choices": self.losing_choices,
            "traps": self.traps,
            "redeals_needed": self.redeals_needed,
            "line_length": self.line_length,
            "satchel_needed": self.satchel_needed,
            "satchel_moves": self.satchel_moves,
            "score": round(self.score, 3),
        }


def assess(
    target: Game | Deal,
    rules: Rules | None = None,
    layout: Layout | None = None,
    node_budget: int = GRADE_BUDGET,
) -> Difficulty:
    """Measure a deal's (or a position's) difficulty by search.

    * traps: along the winning line, every removal or stash open at each position is tried, and a
      position where one of them is proved to lose the deal is a trap (the first moves are also
      counted for the opening position alone);
    * passes: the fewest redeals a win needs (0, 1 or 2 under three passes);
    * the Satchel: whether the deal is lost without it;
    * length: the moves of the winning line found.

    ``score = 0.6 * traps + 0.75 * redeals needed + (1 if the Satchel is needed)
    + 0.05 * (line length - 50, if more)``; the grade cuts it at 0.75, 1.5 and 2.5. Over Desert
    deals that gives about 35% Easy, 30% Medium, 22% Hard and 13% Expert; classic deals grade
    harder. Alternatives get ``ALT_GRADE_BUDGET`` nodes each; an undecided one counts as not losing.
    """
    game = _game(target, rules, layout)
    result = solve(game, node_budget)
    if result.verdict is not Verdict.WINNABLE:
        grade = "Lost" if result.verdict is Verdict.LOST else "Unknown"
        return Difficulty(grade, result.verdict, 0, 0, 0, 0, 0, 0, 0, 0, False, 0, 0.0)
    first_moves = game.legal_moves()
    first_good = sum(1 for m in first_moves if not _loses_after(game, m))
    decisions, choices, losing, traps = _traps(game, result.line)
    redeals_needed = _fewest_redeals(game, node_budget)
    satchel_needed = _needs_satchel(game, node_budget)
    satchel_moves = sum(1 for m in result.line if m.kind == MoveKind.STASH)
    score = (
        0.6 * traps
        + 0.75 * min(redeals_needed, 2)
        + (1.0 if satchel_needed else 0.0)
        + 0.05 * max(0, len(result.line) - 50)
    )
    cut = sum(score >= c for c in GRADE_CUTS)
    return Difficulty(
        GRADES[cut],
        Verdict.WINNABLE,
        len(first_moves),
        first_good,
        decisions,
        choices,
        losing,
        traps,
        redeals_needed,
        len(result.line),
        satchel_needed,
        satchel_moves,
        score,
    )


def _loses_after(game: Game, move: Move) -> bool:
    """Whether ``move`` is proved to lose the deal from ``game`` (within ALT_GRADE_BUDGET nodes;
    undecided counts as not losing)."""
    g = game.copy()
    g.play(move)
    return not g.won and solve(g, ALT_GRADE_BUDGET).verdict is Verdict.LOST


def _traps(game: Game, line: tuple[Move, ...]) -> tuple[int, int, int, int]:
    """Along the winning ``line`` from ``game``: the positions with a decision (another removal or
    stash open), the options at them, the options proved to lose, and the traps (positions with
    at least one such option)."""
    decisions = choices = losing = traps = 0
    g = game.copy()
    for m in line:
        options = [x for x in g.legal_moves() if x.kind not in (MoveKind.FLIP, MoveKind.REDEAL)]
        if len(options) > 1 or (options and m.kind in (MoveKind.FLIP, MoveKind.REDEAL)):
            decisions += 1
            bad = sum(1 for x in options if x != m and _loses_after(g, x))
            choices += len(options)
            losing += bad
            traps += bad > 0
        g.play(m)
    return decisions, choices, losing, traps


def _needs_satchel(game: Game, node_budget: int) -> bool:
    """Whether the deal is lost without the Satchel (where its rules have one and it is empty;
    a history that used it is not measured)."""
    if not (game.rules.satchel and game.satchel < 0):
        return False
    g = Game(game.layout, game.rules.with_options(satchel=False), game.deal)
    try:
        g.replay(game.history)
    except IllegalMoveError:  # the history used the Satchel: not measured
        return False
    return solve(g, node_budget).verdict is Verdict.LOST


def grade(
    target: Game | Deal,
    rules: Rules | None = None,
    layout: Layout | None = None,
    node_budget: int = GRADE_BUDGET,
) -> str:
    """ "Easy", "Medium", "Hard" or "Expert" (see :func:`assess`); "Lost" or "Unknown" when the
    deal is not proved winnable."""
    return assess(target, rules, layout, node_budget).grade


def _game(target: Game | Deal, rules: Rules | None, layout: Layout | None) -> Game:
    if isinstance(target, Game):
        return target
    if rules is None or layout is None:
        raise TypeError("grading a Deal needs its rules and layout")
    return Game(layout, rules, target)


def _fewest_redeals(game: Game, node_budget: int) -> int:
    """The fewest redeals with which the position is proved winnable (0 when it is won without
    one; the rules' own limit when only that is proved)."""
    from .core import Searcher, _Stop

    limit = game.rules.max_redeals
    top = 3 if limit is None else limit
    for m in range(0, top):
        s = Searcher.from_game(game, max_redeals=game.redeals + m)
        try:
            if s.solve(node_budget, None) is Verdict.WINNABLE:
                return m
        except _Stop:
            continue
    return top
