"""Hints: the next move of a real winning line, and why, in words computed from the position.

Every sentence a hint says is a fact about the position or about a proved search result:
"it frees the 4♥" is read off the layout, "pairing the 6♠ with the 7♥ instead loses" is said only
when the search proved it. When the search runs out of budget, the hint says it cannot tell.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from desert_pyramid.engine import CARDS, SATCHEL, STOCK, WASTE, Game, Move
from desert_pyramid.engine.cards import KING_RANK, partner_rank, rank_of
from desert_pyramid.engine.moves import MoveKind
from desert_pyramid.engine.whereabouts import freed_by, locate
from desert_pyramid.engine.wording import KING_ALONE, SATCHEL_PAIRS_LATER

from .core import SolveResult, Store, Verdict, solve, solve_growing

HINT_BUDGET = 300_000  # nodes for the main question's first try
HINT_MAX_BUDGET = 3_000_000  # ... grown tenfold while undecided, up to this (see hint_for)
ALT_BUDGET = 20_000  # nodes for each alternative checked to explain "why this pair"
MAX_ALTERNATIVES = 4
REWIND_BUDGET = (
    30_000  # first nodes per position tried when looking for a winnable position to rewind to
)
REWIND_MAX_BUDGET = (
    3_000_000  # a position the first budget cannot decide is searched again, x10 each time
)

NO_WAY = "No way through from here: undo."
CANNOT_TELL = "I can't tell within my search budget whether this position can still be won."
WON = "The layout is cleared: nothing left to do."


@dataclass(frozen=True, slots=True)
class Hint:
    """The answer to "what now?"."""

    verdict: Verdict
    move: Move | None = None  # the next move of a winning line (WINNABLE only)
    text: str = ""
    line: tuple[Move, ...] = ()  # the whole winning line from the position
    rewind_to: int | None = None  # LOST: moves of the history to keep to be back on a winnable path
    nodes: int = 0
    reasons: tuple[str, ...] = field(default=())  # the explanation, one fact per item

    def to_dict(self) -> dict[str, object]:
        return {
            "verdict": self.verdict.value,
            "move": str(self.move) if self.move is not None else None,
            "text": self.text,
            "line": [str(m) for m in self.line],
            "rewind_to": self.rewind_to,
            "nodes": self.nodes,
            "reasons": list(self.reasons),
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Hint:
        move = data.get("move")
        line = data.get("line") or []
        reasons = data.get("reasons") or []
        rewind = data.get("rewind_to")
        nodes = data.get("nodes", 0)
        assert isinstance(line, list) and isinstance(reasons, list)
        return cls(
            verdict=Verdict(str(data["verdict"])),
            move=Move.parse(move) if isinstance(move, str) else None,
            text=str(data.get("text", "")),
            line=tuple(Move.parse(str(m)) for m in line),
            rewind_to=rewind if isinstance(rewind, int) else None,
            nodes=nodes if isinstance(nodes, int) else 0,
            reasons=tuple(str(r) for r in reasons),
        )


def hint_for(
    game: Game,
    node_budget: int = HINT_BUDGET,
    *,
    explain: bool = True,
    rewind: bool = True,
    time_limit: float | None = None,
    should_stop: Callable[[], bool] | None = None,
    store: Store | None = None,
    max_budget: int | None = None,
) -> Hint:
    """The hint for ``game``'s position (synchronous; the game is not changed).

    The main question gets ``node_budget`` nodes, and while it stays undecided ten times more,
    up to ``max_budget`` (by default :data:`HINT_MAX_BUDGET`, or ``node_budget`` itself when that
    is below :data:`HINT_BUDGET`: a small budget is a deliberate limit); each try goes on from
    what the one before proved, so "I can't tell" comes only after ``max_budget`` nodes.

    ``explain``: also check the other removals open now (small budgets) to say why this move;
    ``rewind``: when the position is lost, find how far to undo. ``should_stop`` cancels every
    search it makes (see :func:`solve`). ``store``: the game's :class:`Store`, shared with the
    hints before and after this one (every search of this hint shares one in any case: the
    rewind search starts from what the verdict search proved).
    """
    if game.won:
        return Hint(Verdict.WINNABLE, None, WON, (), None, 0, (WON,))
    if store is None or not store.fits(game):
        store = Store(game)
    if max_budget is None:
        max_budget = max(node_budget, HINT_MAX_BUDGET) if node_budget >= HINT_BUDGET else 0
    budget = node_budget
    nodes = 0
    while True:
        result = solve(game, budget, time_limit=time_limit, should_stop=should_stop, store=store)
        nodes += result.nodes
        if result.verdict is not Verdict.UNKNOWN or result.reason != "budget":
            break
        if budget >= max_budget:
            break
        budget = min(budget * 10, max_budget)
    if result.verdict is Verdict.UNKNOWN:
        return Hint(Verdict.UNKNOWN, None, CANNOT_TELL, (), None, nodes, (CANNOT_TELL,))
    if result.verdict is Verdict.LOST:
        rewind_to: int | None = None
        extra = ""
        if rewind and game.moves:
            rewind_to, used, from_start = last_winnable(
                game, REWIND_BUDGET, should_stop=should_stop, store=store
            )
            nodes += used
            if rewind_to is not None:
                back = game.moves - rewind_to
                extra = (
                    f" Undo {back} move{'s' if back != 1 else ''} to get back to a position "
                    "that can still be won."
                )
            elif from_start:
                extra = " This deal could not be won even from the start."
        text = NO_WAY + extra
        reasons: tuple[str, ...] = (NO_WAY,) + ((extra.strip(),) if extra else ())
        return Hint(Verdict.LOST, None, text, (), rewind_to, nodes, reasons)
    move = result.line[0]
    reasons_list, alt_nodes = explain_move(
        game, result, explain, should_stop=should_stop, store=store
    )
    nodes += alt_nodes
    text = " ".join(reasons_list)
    return Hint(Verdict.WINNABLE, move, text, result.line, None, nodes, tuple(reasons_list))


def last_winnable(
    game: Game,
    node_budget: int = REWIND_BUDGET,
    max_budget: int = REWIND_MAX_BUDGET,
    should_stop: Callable[[], bool] | None = None,
    store: Store | None = None,
) -> tuple[int | None, int, bool]:
    """For a lost position: the largest number of history moves to keep so that the position is
    proved winnable (None when none is), the nodes used, and whether the deal itself is proved
    lost. Winnability along a history is a prefix (a position reached from a lost one is lost),
    so a binary search suffices. A position the first budget cannot decide is searched again
    with ten times the budget, up to ``max_budget``; one that even that cannot decide counts as
    not proved. With the game's ``store``, every search goes on from what the searches before it
    (the verdict search, the smaller budgets, the other positions) proved."""
    hist = game.history

    used = 0
    lo, hi = -1, len(hist)  # lo: proved winnable (or none yet), hi: not proved winnable
    best: int | None = None
    start_lost = False
    while hi - lo > 1:
        mid = (lo + hi) // 2
        r, nodes = solve_growing(game.after(mid), node_budget, max_budget, should_stop, store)
        used += nodes
        if r.verdict is Verdict.WINNABLE:
            lo = mid
            best = mid
        else:
            hi = mid
            if mid == 0 and r.verdict is Verdict.LOST:
                start_lost = True
    return best, used, start_lost


# -- explanations -------------------------------------------------------------------------------


def card_name(game: Game, place: int) -> str:
    c = game.card_at(place)
    return str(c) if c is not None else "?"


def _names(game: Game, slots: list[int]) -> str:
    names = [f"the {CARDS[game.cards[s]]}" for s in slots]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _where(game: Game, card: int) -> tuple[str, bool] | None:
    """Where a live card is, in words, and whether it can be played now (None when discarded)."""
    at = locate(game, card)
    if at is None:
        return None
    n = at.above
    if at.place == WASTE:
        return ("on the waste", True) if n == 0 else (f"in the waste under {_cards(n)}", False)
    if at.place == STOCK:
        if at.playable:
            return "on top of the stock", True
        return f"{_cards(n + 1)} down in the stock", False
    if at.place == SATCHEL:
        return "in the Satchel", True
    if n == 0:
        return "free in the pyramid", True
    return f"under {_cards(n)} in the pyramid", False


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def explain_move(
    game: Game,
    result: SolveResult,
    alternatives: bool = True,
    should_stop: Callable[[], bool] | None = None,
    store: Store | None = None,
) -> tuple[list[str], int]:
    """Sentences for the first move of ``result.line`` (a winning line from ``game``)."""
    line = result.line
    move = line[0]
    used = 0
    out: list[str] = []
    kind = move.kind
    if kind in (MoveKind.PAIR, MoveKind.KING):
        freed = freed_by(game, move)
        what = game.describe(move)
        what = what[0].upper() + what[1:]
        if kind == MoveKind.KING:
            out.append(f"{what}: {KING_ALONE}.")
        else:
            out.append(f"{what}.")
        if freed:
            out.append(f"It frees {_names(game, freed)}.")
        after = game.copy()
        after.play(move)
        if after.won:
            out.append("That clears the layout.")
        uses_waste = WASTE in (move.a, move.b)
        if uses_waste and game.stock:
            out.append(f"Do it now: the next flip would cover the {card_name(game, WASTE)}.")
        if kind == MoveKind.PAIR and alternatives:
            alt_lines, n = _alternatives(game, move, should_stop, store)
            used += n
            out.extend(alt_lines)
    elif kind == MoveKind.STASH:
        c = game.card_at(move.a)
        assert c is not None
        src = "" if move.a >= 0 else f" from {'the waste' if move.a == WASTE else 'the stock'}"
        out.append(f"Put the {c}{src} in the Satchel.")
        if c.rank != KING_RANK:
            wheres = []
            reachable = False
            for p in range(52):
                if rank_of(p) != partner_rank(c.rank):
                    continue
                w = _where(game, p)
                if w is not None:
                    wheres.append(f"the {CARDS[p]} is {w[0]}")
                    reachable = reachable or w[1]
            if not wheres:
                pass
            elif reachable:
                out.append(f"Its partners: {'; '.join(wheres)}.")
            else:
                out.append(f"No partner of it can be played yet: {'; '.join(wheres)}.")
        if move.a >= 0:
            freed = freed_by(game, move)
            if freed:
                out.append(f"Parking it frees {_names(game, freed)}.")
        elif move.a == WASTE and game.stock:
            out.append("Otherwise the next flip would bury it.")
        out.append(SATCHEL_PAIRS_LATER)
    elif kind == MoveKind.FLIP:
        out.append("Flip the stock.")
        out.append(_purpose(game, line))
    elif kind == MoveKind.REDEAL:
        out.append("Turn the waste over for the next pass.")
        out.append(_purpose(game, line))
    out.append(_line_summary(line))
    return [s for s in out if s], used


def _purpose(game: Game, line: tuple[Move, ...]) -> str:
    """What the coming flips are for: the next move of the line that uses a stock/waste card."""
    g = game.copy()
    flips = 0
    for m in line:
        if m.kind in (MoveKind.FLIP, MoveKind.REDEAL):
            flips += 1
            g.play(m)
            continue
        if m.kind in (MoveKind.PAIR, MoveKind.KING, MoveKind.STASH) and (
            m.a in (WASTE, STOCK) or m.b in (WASTE, STOCK)
        ):
            place = m.a if m.a in (WASTE, STOCK) else m.b
            c = g.card_at(place)
            desc = g.describe(m)
            steps = f"{flips} turn{'s' if flips != 1 else ''} of the stock"
            if c is not None:
                return f"In {steps} the {c} comes up: then {desc}."
            return f"After {steps}: {desc}."
        if m.is_removal or m.kind == MoveKind.STASH:
            return "No pair on the table is part of the winning line yet."
        g.play(m)
    return ""


def _alternatives(
    game: Game,
    move: Move,
    should_stop: Callable[[], bool] | None = None,
    store: Store | None = None,
) -> tuple[list[str], int]:
    """Why this pair rather than another: the other pairs open now that the search proves lose."""
    used = 0
    losing: list[str] = []
    others = [m for m in game.removals() if m != move and m.kind == MoveKind.PAIR]
    for m in others[:MAX_ALTERNATIVES]:
        g = game.copy()
        g.play(m)
        r = solve(g, ALT_BUDGET, should_stop=should_stop, store=store)
        used += r.nodes
        if r.verdict is Verdict.LOST:
            losing.append(game.describe(m))
    if not losing:
        return [], used
    if len(losing) == 1:
        return [f"Not the other pair: to {losing[0]} instead would lose the deal."], used
    return [f"Not the others: to {'; to '.join(losing)} instead would each lose the deal."], used


def _line_summary(line: tuple[Move, ...]) -> str:
    removals = sum(1 for m in line if m.is_removal)
    flips = sum(1 for m in line if m.kind == MoveKind.FLIP)
    redeals = sum(1 for m in line if m.kind == MoveKind.REDEAL)
    stashes = sum(1 for m in line if m.kind == MoveKind.STASH)
    bits = [
        f"{removals} removal{'s' if removals != 1 else ''}",
        f"{flips} flip{'s' if flips != 1 else ''}",
    ]
    if redeals:
        bits.append(f"{redeals} redeal{'s' if redeals != 1 else ''}")
    if stashes:
        bits.append(f"{stashes} Satchel move{'s' if stashes != 1 else ''}")
    return f"A winning line from here: {', '.join(bits)}."


__all__ = ["CANNOT_TELL", "NO_WAY", "WON", "Hint", "hint_for", "last_winnable"]
