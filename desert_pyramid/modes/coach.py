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

from desert_pyramid.engine import CARDS, SATCHEL, STOCK, WASTE, Card, Game, Move, Rules
from desert_pyramid.engine.cards import KING_RANK, TARGET, rank_of
from desert_pyramid.engine.moves import MoveKind
from desert_pyramid.engine.reading import Reader
from desert_pyramid.engine.whereabouts import freed_by, locate, newly_freed, slots_under
from desert_pyramid.engine.wording import (
    CLEAR_THE_LAYOUT,
    DRAW_ONE,
    OPTION_WORDS,
    PAIRS,
    WIN_BY_CLEARING,
)
from desert_pyramid.i18n.cards import Rank
from desert_pyramid.i18n.say import Arg, Say, cards, join_text, many, tell, tell_n, tell_p

TIP = "tip"
MISTAKE = "mistake"
WARNING = "warning"


@dataclass(frozen=True, slots=True)
class CoachMessage:
    """One thing the coach says. ``mistake`` is 1..4 for the four beginner mistakes, else 0.
    ``places``: where the cards it is about lie now (layout slots, WASTE, STOCK, SATCHEL), the
    card it is most about first; only places whose card can be seen. ``says``: its sentences,
    worded in the player's language when shown (:attr:`text`) or said (:attr:`spoken`)."""

    kind: str  # "tip", "mistake" or "warning"
    topic: str  # rules, flip, redeal, last_pass, satchel, king_tip, stuck, uncover, waste, king, partner
    says: tuple[Say, ...]
    mistake: int = 0
    places: tuple[int, ...] = ()

    @property
    def text(self) -> str:
        """The message in the player's language now, cards written as on their faces."""
        return join_text(self.says)

    @property
    def spoken(self) -> str:
        """The message as it is said aloud, cards in words."""
        return join_text(self.says, spoken=True)


# -- words ------------------------------------------------------------------------------------------
# Sentences worded where they are shown (desert_pyramid/i18n/say.py); a card's placeholder takes
# its article and case from its spec ("{card:the}" is "the 7♠" in English).


def where_say(game: Game, place: int) -> Say:
    """Where a place is: ``in row 3``, ``on the waste``, ``in the Satchel``."""
    if place >= 0:
        return tell_p("where", "in row {row}", row=game.layout.slots[place].row)
    if place == WASTE:
        return tell_p("where", "on the waste")
    if place == STOCK:
        return tell_p("where", "on the stock")
    return tell_p("where", "in the Satchel")


def where(game: Game, place: int) -> str:
    """Where a place is, in words: ``in row 3``, ``on the waste``, ``in the Satchel``."""
    return where_say(game, place).text()


def located(card: int, where: Say) -> Say:
    """A card and where it is: ``the 7♠ in row 3`` (the spec on its placeholder passes to the
    card)."""
    # TRANSLATORS: a card and where it lies: "the 7♠ in row 3", "the 6♥ on the waste". Keep
    # {card} without a spec: it takes the one of the placeholder this phrase stands in.
    return tell_p("card", "{card} {where}", card=CARDS[int(card)], where=where)


def at(game: Game, card: int, place: int) -> Say:
    return located(card, where_say(game, place))


def where_card_say(game: Game, card: int) -> Say:
    """Where a card is now (``gone`` on the discard pile)."""
    found = locate(game, card)
    if found is None:
        return tell_p("where", "gone")
    if found.place == WASTE:
        return (
            tell_p("where", "on the waste") if found.above == 0 else tell_p("where", "in the waste")
        )
    if found.place == STOCK:
        return tell_p("where", "in the stock")
    return where_say(game, found.place)  # a layout slot: its row; the Satchel


def where_card(game: Game, card: int) -> str:
    """Where a card is now, in words (``"gone"`` on the discard pile)."""
    return where_card_say(game, card).text()


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


def _best_pair_given_up(before: Game, move: Move, after: Game) -> tuple[Move, list[int]] | None:
    """Of the pairs that ``move`` made impossible (one of its cards with another), the one that
    would have freed the most cards, with those cards; None when none would have freed any."""
    chosen = _cards(before, move)
    still = {_cards(after, m) for m in after.removals()}
    best: tuple[Move, list[int]] | None = None
    for alt in before.removals():
        if alt == move or alt.kind != MoveKind.PAIR:
            continue
        cards_alt = _cards(before, alt)
        if cards_alt in still or not cards_alt & chosen:
            continue  # still possible, or untouched by the move: nothing was given up
        freed = freed_by(before, alt)
        if freed and (best is None or len(freed) > len(best[1])):
            best = (alt, freed)
    return best


def mistake_uncover(before: Game, move: Move, after: Game) -> CoachMessage | None:
    """Mistake 1: a pair that freed nothing, when a pair it made impossible would have freed cards."""
    if move.kind != MoveKind.PAIR or newly_freed(before, after):
        return None
    chosen = _cards(before, move)
    best = _best_pair_given_up(before, move, after)
    if best is None:
        return None
    alt, freed = best
    shared = sorted(_cards(before, alt) & chosen)[0]
    x = CARDS[shared]
    y_card = next(c for c in chosen if c != shared)
    z_card = next(c for c in _cards(before, alt) if c != shared)
    y_place = next(p for p in _places(move) if before.card_at(p) == y_card)
    z_place = next(p for p in _places(alt) if before.card_at(p) == z_card)
    return CoachMessage(
        MISTAKE,
        "uncover",
        (
            tell(
                "You paired {x:the} with {y:the}, which freed no card.",
                x=x,
                y=at(before, y_card, y_place),
            ),
            tell(
                "Paired with {z:the} instead, {x:the} would have freed {freed:the}.",
                z=at(before, z_card, z_place),
                x=x,
                freed=cards(before.cards[s] for s in freed),
            ),
            tell("Uncover cards first."),
        ),
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
            partner = at(before, card, place)
            if move.kind == MoveKind.REDEAL:
                what = tell(
                    "{w:the.cap} on the waste could have paired with {card:the} before you "
                    "redealt: now it is back in the stock.",
                    w=w,
                    card=partner,
                )
            elif top is not None:
                what = tell(
                    "{w:the.cap} on the waste could have paired with {card:the} before you "
                    "flipped: now {top:the} lies on it.",
                    w=w,
                    card=partner,
                    top=top,
                )
            else:
                what = tell(
                    "{w:the.cap} on the waste could have paired with {card:the} before you "
                    "flipped: now it is covered.",
                    w=w,
                    card=partner,
                )
            return CoachMessage(
                MISTAKE,
                "waste",
                (what, tell("Use the waste card before you turn over the next.")),
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
    take = tell("Take a free king away at once.")
    for place, card in before.playable():
        if card.rank != KING_RANK or int(card) in warned:
            continue
        named: list[Card | None] = [card]
        text: tuple[Say, ...]
        if move.kind == MoveKind.STASH and move.a == place:
            text = (
                tell(
                    "A king goes alone: {card:the} could have been removed at once instead of "
                    "filling the Satchel.",
                    card=card,
                ),
            )
        elif place >= 0:
            under = [
                before.cards[j] for j in before.layout.slots[place].covers if before.cards[j] >= 0
            ]
            holds = (
                tell(
                    "It never pairs with anything, and it holds down {cards:the}.",
                    cards=cards(under),
                )
                if under
                else tell("It never pairs with anything.")
            )
            text = (
                tell(
                    "{card:the.cap} is free: take a free king away at once.",
                    card=at(before, card, place),
                ),
                holds,
            )
        elif place == WASTE:
            if move.kind == MoveKind.FLIP:
                top = after.card_at(WASTE)
                named.append(top)
                assert top is not None
                text = (
                    tell(
                        "{card:the.cap} was free on the waste; now {top:the} lies on it.",
                        card=card,
                        top=top,
                    ),
                    take,
                )
            elif move.kind == MoveKind.REDEAL:
                text = (
                    tell(
                        "{card:the.cap} was free on the waste; now it is back in the stock.",
                        card=card,
                    ),
                    take,
                )
            else:
                text = (
                    tell(
                        "{card:the.cap} on the waste is free: take it away at once, before the "
                        "next flip covers it.",
                        card=card,
                    ),
                )
        elif place == SATCHEL:
            text = (
                tell(
                    "{card:the.cap} in the Satchel can go alone: remove it and the Satchel is "
                    "free again.",
                    card=card,
                ),
            )
        else:
            text = (
                tell(
                    "{card:the.cap} is free: take a free king away at once.",
                    card=at(before, card, place),
                ),
            )
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
        remaining = [c for c in range(52) if rank_of(c) == r and c not in gone]
        y_cone = slots_under(before.layout, py) if py >= 0 else frozenset()
        y_others = [c for c in remaining if c != x and slot_of.get(c, -1) not in y_cone]
        if not y_others:
            continue  # the other card needed this partner too: no better choice
        stranded = _stranded_by(before, x, y, remaining, slot_of)
        if stranded is not None:
            c, s, inside = stranded
            return _partner_message(before, after, x, y, c, s, inside, y_others[0], slot_of)
    return None


def _stranded_by(
    before: Game, x: Card, y: Card, remaining: list[int], slot_of: dict[int, int]
) -> tuple[int, int, list[int]] | None:
    """Mistake 4's layout card: a partner of ``x`` (not ``y``) whose only partner left outside the
    cards it lies over (``remaining``: the cards of ``x``'s rank not gone) is ``x`` itself; as
    (the card, its slot, the partners it lies over). None when there is none."""
    a = TARGET - x.rank
    for s, c in enumerate(before.cards):
        if c < 0 or rank_of(c) != a or c == int(y):
            continue
        s_cone = slots_under(before.layout, s)
        inside = [p for p in remaining if slot_of.get(p, -1) in s_cone]
        outside = [p for p in remaining if p not in inside]
        if inside and outside == [int(x)]:
            return c, s, inside
    return None


def _partner_message(
    before: Game,
    after: Game,
    x: Card,
    y: Card,
    c: int,
    s: int,
    inside: list[int],
    y_other: int,
    slot_of: dict[int, int],
) -> CoachMessage:
    """Mistake 4's words: ``x`` spent on ``y``, which had the partner ``y_other``, was the only
    partner left for the card ``c`` at slot ``s``, lying over its other partners ``inside``."""
    card_a = CARDS[c]
    below: list[Arg] = [at(before, p, slot_of[p]) for p in inside]
    if before.rules.satchel:
        then = tell("Now {card:the} can leave the layout only through the Satchel.", card=card_a)
    else:
        then = tell("Now {card:the} can never be removed: this deal is lost.", card=card_a)
    return CoachMessage(
        MISTAKE,
        "partner",
        (
            tell_n(
                "That {x} was the only partner left for {a:the}, which lies over "
                "{below:the} and can never pair with it.",
                "That {x} was the only partner left for {a:the}, which lies over "
                "{below:the} and can never pair with them.",
                len(inside),
                x=x,
                a=at(before, c, s),
                below=many(below),
            ),
            tell(
                "{y:the.cap} had another partner: {other:the}.",
                y=y,
                other=located(y_other, where_card_say(before, y_other)),
            ),
            then,
        ),
        4,
        shown_at(after, [c, y_other]),
    )


# -- the coach -------------------------------------------------------------------------------------


def passes_say(passes: int | None) -> Say:
    """The passes rule told to a player (engine.wording.passes_sentence's words)."""
    if passes is None:
        return tell("You may go through the stock as often as you like.")
    if passes == 1:
        return tell("You go through the stock once: there is no redeal.")
    return tell_n(
        "You may go through the stock {passes} times in all ({n} redeal).",
        "You may go through the stock {passes} times in all ({n} redeals).",
        passes - 1,
        passes=passes,
    )


def rules_line(rules: Rules) -> Say:
    """The rules in one line, as ``Rules.describe`` words them (``3 passes, Satchel, clear the
    layout``), in the player's language when shown."""
    passes = rules.max_passes
    if passes is None:
        bits: list[Arg] = [tell("unlimited passes")]
    elif passes == 1:
        bits = [tell("one pass")]
    else:
        bits = [tell_n("{n} pass", "{n} passes", passes)]
    for words in OPTION_WORDS.values():
        if words.field != "all_52" and getattr(rules, words.field):
            bits.append(Say(words.short))
    bits.append(Say(OPTION_WORDS["all_52"].short if rules.all_52 else CLEAR_THE_LAYOUT))
    return Say("{rules}", (("rules", many(bits, "comma")),))  # a list, not a text to translate


def rules_says(game: Game) -> list[Say]:
    """The rules of this table in a few sentences (shown at the deal), in the words of
    :mod:`desert_pyramid.engine.wording` (marked there for the catalogues)."""
    r = game.rules
    free = len(game.free_slots())
    lines = [
        Say(PAIRS),
        tell_n(
            "A card is free when no card covers it: at the deal, the {n} uncovered card.",
            "A card is free when no card covers it: at the deal, the {n} uncovered cards.",
            free,
        ),
    ]
    lines.append(Say(OPTION_WORDS["draw_three"].sentence if r.draw_three else DRAW_ONE))
    lines.append(passes_say(r.max_passes))
    for field in ("stock_top_playable", "satchel", "relaxed_match"):
        if getattr(r, field):
            lines.append(Say(OPTION_WORDS[field].sentence))
    lines.append(Say(OPTION_WORDS["all_52"].sentence if r.all_52 else WIN_BY_CLEARING))
    return lines


def rules_text(game: Game) -> list[str]:
    """:func:`rules_says` worded in the player's language."""
    return [s.text() for s in rules_says(game)]


def _spot(kind: str, n: int) -> Say:
    if kind == "covered":
        return tell_n("{n} covered in the layout", "{n} covered in the layout", n)
    if kind == "on the waste":
        return tell_n("{n} on the waste", "{n} on the waste", n)
    if kind == "in the waste":
        return tell_n("{n} in the waste", "{n} in the waste", n)
    if kind == "in the stock":
        return tell_n("{n} in the stock", "{n} in the stock", n)
    if kind == "in the Satchel":
        return tell_n("{n} in the Satchel", "{n} in the Satchel", n)
    return tell_n("{n} gone", "{n} gone", n)


def explain_card_say(game: Game, place: int) -> list[Say]:
    """What a picked card needs: its free partners, or why it has none now."""
    card = game.card_at(place)
    if card is None:
        return [tell("There is no card there.")]
    if place >= 0 and not game.is_free(place):
        return [
            tell(
                "{card:the.cap} is covered by {cards:the}.",
                card=card,
                cards=cards(game.cards[j] for j in game.covering(place)),
            )
        ]
    if card.rank == KING_RANK:
        return [tell("{card:the.cap} is a king: it goes alone.", card=card)]
    want = TARGET - card.rank
    partners: list[Arg] = [
        at(game, c, p)
        for p, c in game.playable()
        if p != place and c.rank == want and game.is_legal(Move.pair(place, p))
    ]
    if partners:
        return [tell("{card:the.cap} pairs with {cards:the}.", card=card, cards=many(partners))]
    spots = _partner_spots(game, want)
    detail = many([_spot(k, n) for k, n in spots.items()], "comma")
    return [
        tell(
            # TRANSLATORS: "A Q needs an A, and no A is free now (2 covered in the layout, 1 gone)."
            "{rank:a.cap} needs {want:a}, and {want:no} is free now ({detail}).",
            rank=Rank(card.rank),
            want=Rank(want),
            detail=detail,
        )
    ]


def _partner_spots(game: Game, want: int) -> dict[str, int]:
    """Where the cards of rank ``want`` are, counted by kind of spot ("covered", "on the waste",
    "in the waste", "in the stock", "in the Satchel", then "gone"), in the order first met."""
    spots: dict[str, int] = {}
    for c in range(52):
        if rank_of(c) == want and c not in game.discard:
            found = locate(game, c)
            if found is None:
                continue
            if found.place >= 0:
                kind = "covered"
            elif found.place == WASTE:
                kind = "on the waste" if found.above == 0 else "in the waste"
            elif found.place == STOCK:
                kind = "in the stock"
            else:
                kind = "in the Satchel"
            spots[kind] = spots.get(kind, 0) + 1
    gone = sum(1 for c in game.discard if rank_of(c) == want)
    if gone:
        spots["gone"] = gone
    return spots


def explain_card(game: Game, place: int) -> str:
    """What a picked card needs, in the player's language: its free partners, or why it has none
    now."""
    return join_text(explain_card_say(game, place))


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
            CoachMessage(TIP, "rules", tuple(rules_says(game)), places=tuple(game.free_slots()))
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
            turned = (
                tell("The flip turned three cards onto the waste.")
                if r.draw_three
                else tell("The flip turned its top card onto the waste.")
            )
            tips.append(
                CoachMessage(
                    TIP,
                    "flip",
                    (
                        turned,
                        tell(
                            "Only the waste's top card is free: the next flip covers it, so use "
                            "it first if it pairs."
                        ),
                    ),
                    places=shown_at(after, [after.card_at(WASTE)]),
                )
            )
        if move.kind == MoveKind.REDEAL:
            left = after.redeals_left
            if self._once("redeal"):
                more = (
                    tell("unlimited redeals")
                    if left is None
                    else tell_n("{n} redeal left", "{n} redeals left", left)
                )
                tips.append(
                    CoachMessage(
                        TIP,
                        "redeal",
                        (
                            tell(
                                "The waste turned back over as the stock, unshuffled: the cards "
                                "come up again in the same order ({redeals}).",
                                redeals=more,
                            ),
                            tell("A redeal resets the chain."),
                        ),
                        places=(STOCK,),
                    )
                )
            if left == 0 and self._once("last_pass"):
                tips.append(
                    CoachMessage(
                        TIP,
                        "last_pass",
                        (tell("This is your last pass through the stock."),),
                        places=(STOCK,),
                    )
                )
        if move.kind == MoveKind.STASH and self._once("satchel"):
            tips.append(
                CoachMessage(
                    TIP,
                    "satchel",
                    (
                        tell("{card:the.cap} waits in the Satchel.", card=CARDS[after.satchel]),
                        tell(
                            "It stays free: it pairs with any free layout card or the waste top, "
                            "and it leaves the Satchel only by being removed."
                        ),
                    ),
                    places=(SATCHEL,),
                )
            )
        if move.kind == MoveKind.KING and self._once("king_tip"):
            tips.append(
                CoachMessage(
                    TIP, "king_tip", (tell("A king counts 13 on its own, so it goes alone."),)
                )
            )
        if after.is_stuck() and not before.is_stuck():
            redeal, satchel = r.passes != 1, r.satchel
            if redeal and satchel:
                stuck = tell(
                    "Stuck: no pair or king can be removed now, and none ever can by flipping, "
                    "redealing or using the Satchel."
                )
            elif redeal:
                stuck = tell(
                    "Stuck: no pair or king can be removed now, and none ever can by flipping or "
                    "redealing."
                )
            elif satchel:
                stuck = tell(
                    "Stuck: no pair or king can be removed now, and none ever can by flipping or "
                    "using the Satchel."
                )
            else:
                stuck = tell(
                    "Stuck: no pair or king can be removed now, and none ever can by flipping."
                )
            tips.append(CoachMessage(WARNING, "stuck", (stuck, tell("Undo to find another way."))))
        return tips

    def to_dict(self) -> dict[str, object]:
        return {
            "shown": sorted(self.shown),
            "warned_kings": sorted(self.warned_kings),
            "mistakes": dict(sorted(self.mistakes.items())),
        }

    @classmethod
    def from_dict(cls, data: object) -> Coach:
        """The coach as :meth:`to_dict` saved it; anything else raises ``StateError``."""
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
