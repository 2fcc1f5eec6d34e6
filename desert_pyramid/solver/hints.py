"""Hints: the next move of a real winning line, and why, in words computed from the position.

Every sentence a hint says is a fact about the position or about a proved search result:
"it frees the 4♥" is read off the layout, "pairing the 6♠ with the 7♥ instead loses" is said only
when the search proved it. When the search runs out of budget, the hint says it cannot tell.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from desert_pyramid.engine import CARDS, SATCHEL, STOCK, WASTE, Card, Game, Move
from desert_pyramid.engine.cards import KING_RANK, partner_rank, rank_of
from desert_pyramid.engine.moves import MoveKind
from desert_pyramid.engine.whereabouts import freed_by, locate
from desert_pyramid.i18n import N_
from desert_pyramid.i18n.say import Arg, Many, Say, cards, many, tell, tell_n, tell_p

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

NO_WAY = N_("No way through from here: undo.")
CANNOT_TELL = N_("I can't tell within my search budget whether this position can still be won.")
WON = N_("The layout is cleared: nothing left to do.")


@dataclass(frozen=True, slots=True)
class Hint:
    """The answer to "what now?"."""

    verdict: Verdict
    move: Move | None = None  # the next move of a winning line (WINNABLE only)
    line: tuple[Move, ...] = ()  # the whole winning line from the position
    rewind_to: int | None = None  # LOST: moves of the history to keep to be back on a winnable path
    nodes: int = 0
    #: the explanation, one fact per sentence, worded where it is shown (``say.text()``)
    says: tuple[Say, ...] = field(default=())

    @property
    def text(self) -> str:
        """The whole hint in English (the command line's); the window words :attr:`says`."""
        return " ".join(str(s) for s in self.says)

    @property
    def reasons(self) -> tuple[str, ...]:
        """The sentences in English, one fact each."""
        return tuple(str(s) for s in self.says)

    def to_dict(self) -> dict[str, object]:
        return {
            "verdict": self.verdict.value,
            "move": str(self.move) if self.move is not None else None,
            "text": self.text,
            "line": [str(m) for m in self.line],
            "rewind_to": self.rewind_to,
            "nodes": self.nodes,
            "reasons": list(self.reasons),
            "says": [s.to_data() for s in self.says],
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Hint:
        move = data.get("move")
        line = data.get("line") or []
        says = data.get("says")
        if says is None:  # plain English sentences
            says = data.get("reasons") or []
        rewind = data.get("rewind_to")
        nodes = data.get("nodes", 0)
        assert isinstance(line, list) and isinstance(says, list)
        return cls(
            verdict=Verdict(str(data["verdict"])),
            move=Move.parse(move) if isinstance(move, str) else None,
            line=tuple(Move.parse(str(m)) for m in line),
            rewind_to=rewind if isinstance(rewind, int) else None,
            nodes=nodes if isinstance(nodes, int) else 0,
            says=tuple(Say.from_data(s) for s in says),
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
        return Hint(Verdict.WINNABLE, says=(Say(WON),))
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
        return Hint(Verdict.UNKNOWN, nodes=nodes, says=(Say(CANNOT_TELL),))
    if result.verdict is Verdict.LOST:
        rewind_to: int | None = None
        lost = [Say(NO_WAY)]
        if rewind and game.moves:
            rewind_to, used, from_start = last_winnable(
                game, REWIND_BUDGET, should_stop=should_stop, store=store
            )
            nodes += used
            if rewind_to is not None:
                lost.append(rewind_words(game.moves - rewind_to))
            elif from_start:
                lost.append(tell("This deal could not be won even from the start."))
        return Hint(Verdict.LOST, rewind_to=rewind_to, nodes=nodes, says=tuple(lost))
    move = result.line[0]
    reasons_list, alt_nodes = explain_move(
        game, result, explain, should_stop=should_stop, store=store
    )
    nodes += alt_nodes
    return Hint(Verdict.WINNABLE, move, result.line, None, nodes, tuple(reasons_list))


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
    if store is not None and store.fits(game):
        # What the store already answered (this hint's verdict search, the hints before it, the
        # positions pondered) narrows the search before any new one.
        g = game.after(0)
        for k in range(len(hist) + 1):
            known = store.known(g)
            if known is not None and known.verdict is Verdict.WINNABLE and k > lo:
                lo = best = k
            elif known is not None and known.verdict is Verdict.LOST and k < hi:
                hi = k
                start_lost = k == 0
            if k < len(hist):
                g.play(hist[k])
    while hi - lo > 1:
        mid = (lo + hi) // 2
        # (no discrepancy probes: they only find wins, and most positions asked here are lost:
        # every one after the last winnable one, and all of them when the deal is lost)
        r, nodes = solve_growing(
            game.after(mid), node_budget, max_budget, should_stop, store, probes=False
        )
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
# Sentences, not text: each is a Say worded where it is shown, in the player's language then
# (desert_pyramid/i18n/say.py, docs/translations.md "Sentences"); str() of one is the English.
# A card placeholder takes its article (and, in German or Russian, its case) from its spec:
# "{a:the}" is "the 6♠" in English.


def card_name(game: Game, place: int) -> str:
    c = game.card_at(place)
    return str(c) if c is not None else "?"


def placed(game: Game, place: int) -> Say | Card:
    """The card at ``place`` as a move names it: a layout card alone, a pile's card with its pile
    ("the 3♣ from the waste"; the spec on its placeholder passes to the card)."""
    c = game.card_at(place)
    assert c is not None
    if place == WASTE:
        # TRANSLATORS: a card named in a move ("pair the 6♠ with the 3♣ from the waste"); the
        # form that {card} needs comes from where the phrase stands: write {card} without a spec.
        return tell_p("card", "{card} from the waste", card=c)
    if place == STOCK:
        return tell_p("card", "{card} from the stock", card=c)
    if place == SATCHEL:
        return tell_p("card", "{card} from the Satchel", card=c)
    return c


def move_words(game: Game, move: Move) -> Say:
    """A move as a phrase, as it stands in a sentence: ``pair the 6♠ with the 7♦`` (the words of
    ``Game.describe``, which the command line prints)."""
    kind = move.kind
    if kind == MoveKind.PAIR:
        return tell_p(
            "move", "pair {a:the} with {b:the}", a=placed(game, move.a), b=placed(game, move.b)
        )
    if kind == MoveKind.KING:
        return tell_p("move", "remove {a:the}", a=placed(game, move.a))
    if kind == MoveKind.STASH:
        return tell_p("move", "put {a:the} in the Satchel", a=placed(game, move.a))
    if kind == MoveKind.FLIP:
        return tell_p("move", "flip the stock")
    return tell_p("move", "redeal the waste")


def rewind_words(back: int) -> Say:
    return tell_n(
        "Undo {n} move to get back to a position that can still be won.",
        "Undo {n} moves to get back to a position that can still be won.",
        back,
    )


def _names(game: Game, slots: list[int]) -> Many:
    return cards(game.cards[s] for s in slots)


def _where(game: Game, card: int) -> tuple[Say, bool] | None:
    """Where a live card is, as a sentence about it, and whether it can be played now (None when
    discarded)."""
    at = locate(game, card)
    if at is None:
        return None
    c = CARDS[card]
    n = at.above
    if at.place == WASTE:
        if n == 0:
            return tell("{card:the} is on the waste", card=c), True
        return (
            tell_n(
                "{card:the} is in the waste under {n} card",
                "{card:the} is in the waste under {n} cards",
                n,
                card=c,
            ),
            False,
        )
    if at.place == STOCK:
        if at.playable:
            return tell("{card:the} is on top of the stock", card=c), True
        return (
            tell_n(
                "{card:the} is {n} card down in the stock",
                "{card:the} is {n} cards down in the stock",
                n + 1,
                card=c,
            ),
            False,
        )
    if at.place == SATCHEL:
        return tell("{card:the} is in the Satchel", card=c), True
    if n == 0:
        return tell("{card:the} is free in the pyramid", card=c), True
    return (
        tell_n(
            "{card:the} is under {n} card in the pyramid",
            "{card:the} is under {n} cards in the pyramid",
            n,
            card=c,
        ),
        False,
    )


def explain_move(
    game: Game,
    result: SolveResult,
    alternatives: bool = True,
    should_stop: Callable[[], bool] | None = None,
    store: Store | None = None,
) -> tuple[list[Say], int]:
    """Sentences for the first move of ``result.line`` (a winning line from ``game``)."""
    line = result.line
    move = line[0]
    used = 0
    out: list[Say] = []
    kind = move.kind
    if kind in (MoveKind.PAIR, MoveKind.KING):
        out, used = _explain_removal(game, move, alternatives, should_stop, store)
    elif kind == MoveKind.STASH:
        out = _explain_stash(game, move)
    elif kind == MoveKind.FLIP:
        out.append(tell("Flip the stock."))
        out.extend(_purpose(game, line))
    elif kind == MoveKind.REDEAL:
        out.append(tell("Turn the waste over for the next pass."))
        out.extend(_purpose(game, line))
    out.append(_line_summary(line))
    return out, used


def _explain_removal(
    game: Game,
    move: Move,
    alternatives: bool,
    should_stop: Callable[[], bool] | None,
    store: Store | None,
) -> tuple[list[Say], int]:
    """:func:`explain_move` for a pair or a king: what it frees, whether it clears the layout or
    must be made now, and (a pair, with ``alternatives``) the other pairs of its card; the nodes
    the alternatives' searches used."""
    out: list[Say] = []
    used = 0
    kind = move.kind
    freed = freed_by(game, move)
    if kind == MoveKind.KING:
        out.append(tell("Remove {a:the}: a king goes alone.", a=placed(game, move.a)))
    else:
        out.append(
            tell("Pair {a:the} with {b:the}.", a=placed(game, move.a), b=placed(game, move.b))
        )
    if freed:
        out.append(tell("It frees {cards:the}.", cards=_names(game, freed)))
    after = game.copy()
    after.play(move)
    if after.won:
        out.append(tell("That clears the layout."))
    uses_waste = WASTE in (move.a, move.b)
    if uses_waste and game.stock:
        waste = game.card_at(WASTE)
        assert waste is not None
        out.append(tell("Do it now: the next flip would cover {card:the}.", card=waste))
    if kind == MoveKind.PAIR and alternatives:
        alt_lines, n = _alternatives(game, move, should_stop, store)
        used += n
        out.extend(alt_lines)
    return out, used


def _explain_stash(game: Game, move: Move) -> list[Say]:
    """:func:`explain_move` for a stash: where the card's partners are, what parking it frees or
    saves it from."""
    out: list[Say] = []
    c = game.card_at(move.a)
    assert c is not None
    out.append(tell("Put {card:the} in the Satchel.", card=placed(game, move.a)))
    if c.rank != KING_RANK:
        out.extend(_partners_said(game, c.rank))
    if move.a >= 0:
        freed = freed_by(game, move)
        if freed:
            out.append(tell("Parking it frees {cards:the}.", cards=_names(game, freed)))
    elif move.a == WASTE and game.stock:
        out.append(tell("Otherwise the next flip would bury it."))
    out.append(tell("The Satchel card can pair later with any free card."))
    return out


def _partners_said(game: Game, rank: int) -> list[Say]:
    """Where the partners of a card of ``rank`` are, and whether one can be played yet (nothing
    when none is left)."""
    wheres: list[Say] = []
    reachable = False
    for p in range(52):
        if rank_of(p) != partner_rank(rank):
            continue
        w = _where(game, p)
        if w is not None:
            wheres.append(w[0])
            reachable = reachable or w[1]
    if not wheres:
        return []
    listed = many(list(wheres), "semicolon")
    if reachable:
        return [tell("Its partners: {where}.", where=listed)]
    return [tell("No partner of it can be played yet: {where}.", where=listed)]


def _purpose(game: Game, line: tuple[Move, ...]) -> list[Say]:
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
            what = move_words(g, m)
            steps = tell_n("{n} turn of the stock", "{n} turns of the stock", flips)
            if c is not None:
                return [
                    # TRANSLATORS: {steps} is "3 turns of the stock", {move} a move such as
                    # "pair the 6♠ with the 7♦ from the waste".
                    tell(
                        "In {steps} {card:the} comes up: then {move}.",
                        steps=steps,
                        card=c,
                        move=what,
                    )
                ]
            return [tell("After {steps}: {move}.", steps=steps, move=what)]
        if m.is_removal or m.kind == MoveKind.STASH:
            return [tell("No pair on the table is part of the winning line yet.")]
        g.play(m)
    return []


def _alternatives(
    game: Game,
    move: Move,
    should_stop: Callable[[], bool] | None = None,
    store: Store | None = None,
) -> tuple[list[Say], int]:
    """Why this pair rather than another: the other pairs open now that the search proves lose."""
    used = 0
    losing: list[Say] = []
    others = [m for m in game.removals() if m != move and m.kind == MoveKind.PAIR]
    for m in others[:MAX_ALTERNATIVES]:
        g = game.copy()
        g.play(m)
        r = solve(g, ALT_BUDGET, should_stop=should_stop, store=store)
        used += r.nodes
        if r.verdict is Verdict.LOST:
            # TRANSLATORS: one of the other pairs, in "Not the others: to pair the 6♠ with the
            # 7♦; to pair ... instead would each lose the deal."
            losing.append(tell_p("alternative", "to {move}", move=move_words(game, m)))
    if not losing:
        return [], used
    if len(losing) == 1:
        return [
            tell("Not the other pair: {move} instead would lose the deal.", move=losing[0])
        ], used
    return [
        tell(
            "Not the others: {moves} instead would each lose the deal.",
            moves=many(losing, "semicolon"),
        )
    ], used


def _line_summary(line: tuple[Move, ...]) -> Say:
    removals = sum(1 for m in line if m.is_removal)
    flips = sum(1 for m in line if m.kind == MoveKind.FLIP)
    redeals = sum(1 for m in line if m.kind == MoveKind.REDEAL)
    stashes = sum(1 for m in line if m.kind == MoveKind.STASH)
    bits: list[Arg] = [
        tell_n("{n} removal", "{n} removals", removals),
        tell_n("{n} flip", "{n} flips", flips),
    ]
    if redeals:
        bits.append(tell_n("{n} redeal", "{n} redeals", redeals))
    if stashes:
        bits.append(tell_n("{n} Satchel move", "{n} Satchel moves", stashes))
    return tell("A winning line from here: {counts}.", counts=many(bits, "comma"))


__all__ = [
    "CANNOT_TELL",
    "NO_WAY",
    "WON",
    "Hint",
    "explain_move",
    "hint_for",
    "last_winnable",
    "move_words",
    "placed",
]
