"""The coach: pure logic that looks at the game before and after each move and explains.

It explains the rules in context (the first flip, the first redeal, the last pass, the Satchel,
the first king, a stuck position) and names four common beginner mistakes when the
player makes one:

1. **Uncover cards first** (``uncover``): a pair that freed no card was chosen, using a card that
   another pair could have used to free cards (that better pair is gone now).
2. **Use the waste card before turning over the next** (``waste``): the stock was flipped (or
   redealt) while the waste's top card had a free partner; now it is covered.
3. **Take kings at once** (``king``): a move other than removing it was made while a king was
   free (told once per king).
4. **Watch for a card sitting on its partner** (``partner``): a waste, stock or Satchel card was
   paired with a card that had other partners, while it was the only partner left for a layout
   card that sits above all the other cards of its partner's rank.

Every message is computed from the position and is true of it; nothing is said from a template
that the position does not back. Each message also carries the places (after the move) of the
cards it is about that can be seen on the table, so that the table can mark them while it speaks;
its words say where those cards are ("the 7♠ in row 3", "on the waste"). Mistake 4 is not judged under the relaxed-match option (a card
may then pair with a card it covers, so "sitting on its partner" means something else).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from desert_pyramid.engine import CARDS, SATCHEL, STOCK, WASTE, Card, Game, Move
from desert_pyramid.engine.cards import KING_RANK, TARGET, a_rank, rank_name, rank_of
from desert_pyramid.engine.moves import MoveKind
from desert_pyramid.engine.reading import Reader
from desert_pyramid.engine.whereabouts import freed_by, locate, newly_freed, slots_under
from desert_pyramid.engine.wording import (
    DRAW_ONE,
    FREE,
    KING_ALONE,
    OPTION_WORDS,
    PAIRS,
    WIN_BY_CLEARING,
    passes_sentence,
)

TIP = "tip"
MISTAKE = "mistake"
WARNING = "warning"


@dataclass(frozen=True, slots=True)
class CoachMessage:
    """One thing the coach says. ``mistake`` is 1..4 for the four beginner mistakes, else 0.
    ``places``: where the cards it is about lie now (layout slots, WASTE, STOCK, SATCHEL), the
    card it is most about first; only places whose card can be seen."""

    kind: str  # "tip", "mistake" or "warning"
    topic: str  # rules, flip, redeal, last_pass, satchel, king_tip, stuck, uncover, waste, king, partner
    text: str
    mistake: int = 0
    places: tuple[int, ...] = ()


# -- words ------------------------------------------------------------------------------------------


def _join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _the(cards: Iterable[Card]) -> str:
    return _join([f"the {c}" for c in cards])


def where(game: Game, place: int) -> str:
    """Where a place is, in words: ``in row 3``, ``on the waste``, ``in the Satchel``."""
    if place >= 0:
        return f"in row {game.layout.slots[place].row}"
    return {WASTE: "on the waste", STOCK: "on the stock", SATCHEL: "in the Satchel"}.get(place, "")


def where_card(game: Game, card: int) -> str:
    """Where a card is now, in words (``"gone"`` on the discard pile)."""
    at = locate(game, card)
    if at is None:
        return "gone"
    if at.place == WASTE:
        return "on the waste" if at.above == 0 else "in the waste"
    if at.place == STOCK:
        return "in the stock"
    return where(game, at.place)  # a layout slot: its row; the Satchel


def place_of(game: Game, card: int) -> int | None:
    """The place where a card can be seen now: its layout slot, the waste's top, the Satchel, or
    the stock's top when it lies face up; ``None`` for a card buried in a pile or discarded."""
    card = int(card)
    if card in game.cards:
        return game.cards.index(card)
    if game.waste and game.waste[-1] == card:
        return WASTE
    if game.satchel == card:
        return SATCHEL
    if game.rules.stock_top_playable and game.stock and game.stock[-1] == card:
        return STOCK
    return None


def shown_at(game: Game, cards: Iterable[int | Card | None]) -> tuple[int, ...]:
    """The places (see :func:`place_of`) of the cards that can be seen, in the order given."""
    out: list[int] = []
    for c in cards:
        p = None if c is None else place_of(game, int(c))
        if p is not None and p not in out:
            out.append(p)
    return tuple(out)


def _places(move: Move) -> tuple[int, ...]:
    if move.kind == MoveKind.PAIR:
        return (move.a, move.b)
    if move.kind in (MoveKind.KING, MoveKind.STASH):
        return (move.a,)
    return ()


def _cards(game: Game, move: Move) -> frozenset[int]:
    out: set[int] = set()
    for p in _places(move):
        c = game.card_at(p)
        if c is not None:
            out.add(int(c))
    return frozenset(out)


# -- the four mistakes ------------------------------------------------------------------------------


def mistake_uncover(before: Game, move: Move, after: Game) -> CoachMessage | None:
    """Mistake 1: a pair that freed nothing, when a pair it made impossible would have freed cards."""
    if move.kind != MoveKind.PAIR or newly_freed(before, after):
        return None
    chosen = _cards(before, move)
    still = {_cards(after, m) for m in after.removals()}
    best: tuple[Move, list[int]] | None = None
    for alt in before.removals():
        if alt == move or alt.kind != MoveKind.PAIR:
            continue
        cards = _cards(before, alt)
        if cards in still or not cards & chosen:
            continue  # still possible, or untouched by the move: nothing was given up
        freed = freed_by(before, alt)
        if freed and (best is None or len(freed) > len(best[1])):
            best = (alt, freed)
    if best is None:
        return None
    alt, freed = best
    shared = sorted(_cards(before, alt) & chosen)[0]
    x = CARDS[shared]
    y_card = next(c for c in chosen if c != shared)
    z_card = next(c for c in _cards(before, alt) if c != shared)
    y_place = next(p for p in _places(move) if before.card_at(p) == y_card)
    z_place = next(p for p in _places(alt) if before.card_at(p) == z_card)
    freed_cards = [CARDS[before.cards[s]] for s in freed]
    return CoachMessage(
        MISTAKE,
        "uncover",
        f"You paired the {x} with the {CARDS[y_card]} {where(before, y_place)}, which freed no card. "
        f"Paired with the {CARDS[z_card]} {where(before, z_place)} instead, the {x} would have freed "
        f"{_the(freed_cards)}. Uncover cards first.",
        1,
        shown_at(after, [z_card]),
    )


def mistake_waste(before: Game, move: Move, after: Game) -> CoachMessage | None:
    """Mistake 2: flipping (or redealing) while the waste's top card had a free partner."""
    if move.kind not in (MoveKind.FLIP, MoveKind.REDEAL) or not before.waste:
        return None
    w = CARDS[before.waste[-1]]
    if w.rank == KING_RANK:
        return None  # a king on the waste is mistake 3
    for place, card in before.playable():
        if (
            place != WASTE
            and card.rank + w.rank == TARGET
            and before.is_legal(Move.pair(WASTE, place))
        ):
            top = after.card_at(WASTE) if move.kind == MoveKind.FLIP else None
            if move.kind == MoveKind.FLIP:
                now = f"now the {top} lies on it" if top is not None else "now it is covered"
            else:
                now = "now it is back in the stock"
            verb = "flipped" if move.kind == MoveKind.FLIP else "redealt"
            return CoachMessage(
                MISTAKE,
                "waste",
                f"The {w} on the waste could have paired with the {card} {where(before, place)} "
                f"before you {verb}: {now}. Use the waste card before you turn over the next.",
                2,
                shown_at(after, [card, top]),
            )
    return None


def mistake_king(
    before: Game, move: Move, after: Game, warned: set[int] | None = None
) -> CoachMessage | None:
    """Mistake 3: leaving a free king (another move made while a king was free). Kings already in
    ``warned`` are not told again; the king told about is added to it."""
    if move.kind == MoveKind.KING:
        return None
    warned = set() if warned is None else warned
    for place, card in before.playable():
        if card.rank != KING_RANK or int(card) in warned:
            continue
        named: list[Card | None] = [card]
        if move.kind == MoveKind.STASH and move.a == place:
            text = (
                f"{KING_ALONE.capitalize()}: the {card} could have been removed at once instead of "
                "filling the Satchel."
            )
        elif place >= 0:
            under = [
                CARDS[before.cards[j]]
                for j in before.layout.slots[place].covers
                if before.cards[j] >= 0
            ]
            holds = f", and it holds down {_the(under)}" if under else ""
            text = (
                f"The {card} {where(before, place)} is free: take a free king away at once. "
                f"It never pairs with anything{holds}."
            )
        elif place == WASTE:
            if move.kind == MoveKind.FLIP:
                named.append(after.card_at(WASTE))
                text = (
                    f"The {card} was free on the waste; now the {after.card_at(WASTE)} lies on it. "
                    "Take a free king away at once."
                )
            elif move.kind == MoveKind.REDEAL:
                text = f"The {card} was free on the waste; now it is back in the stock. Take a free king away at once."
            else:
                text = f"The {card} on the waste is free: take it away at once, before the next flip covers it."
        elif place == SATCHEL:
            text = (
                f"The {card} in the Satchel can go alone: remove it and the Satchel is free again."
            )
        else:
            text = f"The {card} {where(before, place)} is free: take a free king away at once."
        warned.add(int(card))
        return CoachMessage(MISTAKE, "king", text, 3, shown_at(after, named))
    return None


def mistake_partner(before: Game, move: Move, after: Game) -> CoachMessage | None:
    """Mistake 4: a waste, stock or Satchel card spent on a card that had other partners, when it
    was the only partner left for a layout card sitting above every other card it could pair with."""
    rules = before.rules
    if move.kind != MoveKind.PAIR or rules.relaxed_match:
        return None
    gone = set(before.discard)
    slot_of = {c: s for s, c in enumerate(before.cards) if c >= 0}
    for px, py in ((move.a, move.b), (move.b, move.a)):
        if px >= 0:
            continue
        x, y = before.card_at(px), before.card_at(py)
        if x is None or y is None:
            continue
        r = x.rank
        a = TARGET - r
        remaining = [c for c in range(52) if rank_of(c) == r and c not in gone]
        y_cone = slots_under(before.layout, py) if py >= 0 else frozenset()
        y_others = [c for c in remaining if c != x and slot_of.get(c, -1) not in y_cone]
        if not y_others:
            continue  # the other card needed this partner too: no better choice
        for s, c in enumerate(before.cards):
            if c < 0 or rank_of(c) != a or c == int(y):
                continue
            s_cone = slots_under(before.layout, s)
            inside = [p for p in remaining if slot_of.get(p, -1) in s_cone]
            outside = [p for p in remaining if p not in inside]
            if not inside or outside != [int(x)]:
                continue
            card_a = CARDS[c]
            below = _join([f"the {CARDS[p]} {where(before, slot_of[p])}" for p in inside])
            if rules.satchel:
                then = f"Now the {card_a} can leave the layout only through the Satchel."
            else:
                then = f"Now the {card_a} can never be removed: this deal is lost."
            return CoachMessage(
                MISTAKE,
                "partner",
                f"That {x} was the only partner left for the {card_a} {where(before, s)}, which lies "
                f"over {below} and can never pair with {'it' if len(inside) == 1 else 'them'}. "
                f"The {y} had another partner: the {CARDS[y_others[0]]} {where_card(before, y_others[0])}. "
                f"{then}",
                4,
                shown_at(after, [c, y_others[0]]),
            )
    return None


# -- the coach -------------------------------------------------------------------------------------


def rules_text(game: Game) -> list[str]:
    """The rules of this table in a few sentences (shown at the deal), in the words of
    :mod:`desert_pyramid.engine.wording`."""
    r = game.rules
    free = len(game.free_slots())
    lines = [f"{PAIRS} {FREE}: at the deal, the {free} uncovered cards."]
    lines.append(OPTION_WORDS["draw_three"].sentence if r.draw_three else DRAW_ONE)
    lines.append(passes_sentence(r.max_passes))
    for field in ("stock_top_playable", "satchel", "relaxed_match"):
        if getattr(r, field):
            lines.append(OPTION_WORDS[field].sentence)
    lines.append(OPTION_WORDS["all_52"].sentence if r.all_52 else WIN_BY_CLEARING)
    return lines


def explain_card(game: Game, place: int) -> str:
    """What a picked card needs, in words: its free partners, or why it has none now."""
    card = game.card_at(place)
    if card is None:
        return "There is no card there."
    if place >= 0 and not game.is_free(place):
        return (
            f"The {card} is covered by {_the(CARDS[game.cards[j]] for j in game.covering(place))}."
        )
    if card.rank == KING_RANK:
        return f"The {card} is a king: it goes alone."
    want = TARGET - card.rank
    partners = [
        (p, c)
        for p, c in game.playable()
        if p != place and c.rank == want and game.is_legal(Move.pair(place, p))
    ]
    if partners:
        return (
            f"The {card} pairs with "
            + _join([f"the {c} {where(game, p)}" for p, c in partners])
            + "."
        )
    gone = sum(1 for c in game.discard if rank_of(c) == want)
    spots: dict[str, int] = {}
    for c in range(52):
        if rank_of(c) == want and c not in game.discard:
            w = where_card(game, c)
            w = "covered in the layout" if w.startswith("in row") else w
            spots[w] = spots.get(w, 0) + 1
    if gone:
        spots["gone"] = gone
    detail = ", ".join(f"{n} {w}" for w, n in spots.items())
    needs = f"{a_rank(card.rank)} needs {a_rank(want)}"
    return f"{needs[0].upper()}{needs[1:]}, and no {rank_name(want)} is free now ({detail})."


class Coach:
    """Remembers which tips were shown and which kings were told about; turns each move into
    messages. Pure: give it the game before and after a move."""

    def __init__(
        self,
        shown: Iterable[str] = (),
        warned_kings: Iterable[int] = (),
        mistakes: Mapping[str, int] | None = None,
    ) -> None:
        self.shown: set[str] = set(shown)
        self.warned_kings: set[int] = set(warned_kings)
        self.mistakes: dict[str, int] = {str(k): int(v) for k, v in (mistakes or {}).items()}
        self.last: list[CoachMessage] = []

    def opening(self, game: Game) -> list[CoachMessage]:
        """The rules of the table; it points at the cards free at the deal."""
        return [
            CoachMessage(TIP, "rules", " ".join(rules_text(game)), places=tuple(game.free_slots()))
        ]

    def after_move(self, before: Game, move: Move, after: Game) -> list[CoachMessage]:
        out: list[CoachMessage] = []
        for check in (mistake_partner, mistake_waste, mistake_uncover):
            found = check(before, move, after)
            if found is not None:
                out.append(found)
        king = mistake_king(before, move, after, self.warned_kings)
        if king is not None:
            out.append(king)
        out.sort(key=lambda m: (0, -m.mistake) if m.mistake == 4 else (1, m.mistake))
        for m in out:
            self.mistakes[str(m.mistake)] = self.mistakes.get(str(m.mistake), 0) + 1
        out.extend(self._tips(before, move, after))
        self.last = out
        return out

    def _once(self, topic: str) -> bool:
        if topic in self.shown:
            return False
        self.shown.add(topic)
        return True

    def _tips(self, before: Game, move: Move, after: Game) -> list[CoachMessage]:
        tips: list[CoachMessage] = []
        r = after.rules
        if move.kind == MoveKind.FLIP and self._once("flip"):
            n = "three cards" if r.draw_three else "its top card"
            tips.append(
                CoachMessage(
                    TIP,
                    "flip",
                    f"The flip turned {n} onto the waste. Only the waste's top card is free: the next "
                    "flip covers it, so use it first if it pairs.",
                    places=shown_at(after, [after.card_at(WASTE)]),
                )
            )
        if move.kind == MoveKind.REDEAL:
            left = after.redeals_left
            if self._once("redeal"):
                more = (
                    "unlimited redeals"
                    if left is None
                    else f"{left} redeal{'s' if left != 1 else ''} left"
                )
                tips.append(
                    CoachMessage(
                        TIP,
                        "redeal",
                        "The waste turned back over as the stock, unshuffled: the cards come up again in "
                        f"the same order ({more}). A redeal resets the chain.",
                        places=(STOCK,),
                    )
                )
            if left == 0 and self._once("last_pass"):
                tips.append(
                    CoachMessage(
                        TIP,
                        "last_pass",
                        "This is your last pass through the stock.",
                        places=(STOCK,),
                    )
                )
        if move.kind == MoveKind.STASH and self._once("satchel"):
            tips.append(
                CoachMessage(
                    TIP,
                    "satchel",
                    f"The {after.card_at(SATCHEL)} waits in the Satchel. It stays free: it pairs with any "
                    "free layout card or the waste top, and it leaves the Satchel only by being removed.",
                    places=(SATCHEL,),
                )
            )
        if move.kind == MoveKind.KING and self._once("king_tip"):
            tips.append(
                CoachMessage(TIP, "king_tip", "A king counts 13 on its own, so it goes alone.")
            )
        if after.is_stuck() and not before.is_stuck():
            ways = ["flipping"]
            if r.passes != 1:
                ways.append("redealing")
            if r.satchel:
                ways.append("using the Satchel")
            how = ", ".join(ways[:-1]) + " or " + ways[-1] if len(ways) > 1 else ways[0]
            tips.append(
                CoachMessage(
                    WARNING,
                    "stuck",
                    "Stuck: no pair or king can be removed now, and none ever can by "
                    f"{how}. Undo to find another way.",
                )
            )
        return tips

    def to_dict(self) -> dict[str, Any]:
        return {
            "shown": sorted(self.shown),
            "warned_kings": sorted(self.warned_kings),
            "mistakes": dict(sorted(self.mistakes.items())),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Coach:
        from desert_pyramid.engine import StateError

        if not isinstance(data, Mapping):
            raise StateError("the coach's state must be a table")
        saved = Reader(data, "coach", StateError)
        shown = saved.texts("shown", [], most=1_000)
        kings = saved.integers("warned_kings", [], most=52, maximum=51)
        counts = saved.table("mistakes", {})
        if len(counts.data) > 100:
            raise StateError(f"coach.mistakes: at most 100 kinds, found {len(counts.data):,}")
        mistakes = {name: counts.integer(name, maximum=10**9) for name in counts.data}
        return cls(shown, kings, mistakes)
