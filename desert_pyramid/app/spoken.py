"""What the game says aloud: the announcements, worded from the game's state and events.

Pure (no Arcade, no speech backend): the window hands these texts to its voice
(:mod:`desert_pyramid.speech`). They follow what a sighted player sees, briefly and in order: the
focus, every move and its result, and on request the board, where a rank's cards are, what covers
a card, the daylight and the score. Cards are said in words (``eight of clubs``); texts made for
the screen go through :func:`speakable`, which turns ``8♣`` into words; sentences that come as
:class:`~desert_pyramid.i18n.say.Say` values (hints, the coach) are worded aloud from their
arguments instead (:func:`~desert_pyramid.i18n.say.spoken_for`), so each card is said in the form its sentence needs.
Positions in the layout are ``row R card K`` (K counted from the left).

Every text is worded in the player's language when it is said (docs/translations.md,
"Sentences"); a sentence here is a :func:`say` rendered at once with ``spoken=True``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from desert_pyramid.app.layouts import layout_title, preset_name
from desert_pyramid.engine import (
    DISCARD,
    SATCHEL,
    STOCK,
    WASTE,
    Card,
    EngineError,
    Event,
    Game,
    Move,
    Rules,
)
from desert_pyramid.engine.cards import CARDS, KING_RANK, partner_rank
from desert_pyramid.engine.events import (
    CardMoved,
    ChainChanged,
    LayoutCleared,
    Redealt,
    RowCleared,
    Scored,
    Undone,
    Won,
)
from desert_pyramid.engine.moves import MoveKind
from desert_pyramid.engine.whereabouts import cards_on
from desert_pyramid.i18n import N_, _, current_language, pgettext
from desert_pyramid.i18n.cards import English, Rank, card_name
from desert_pyramid.i18n.say import Arg, Say, many, spoken_for, tell, tell_n, tell_p
from desert_pyramid.modes.coach import explain_card_say, rules_line
from desert_pyramid.solver.hints import move_words

#: English card words, as the play-by-ear test hears them (the speech itself takes each language's
#: names from desert_pyramid/i18n/cards.py).
RANK_SPOKEN = English.ranks
SUIT_SPOKEN = English.suits
#: The table's buttons as the top bar labels them (its texts, context "button"): the focus says
#: the label the player sees.
BUTTON_LABELS = {"undo": "Undo", "hint": "Hint", "menu": "Menu"}

_CARD = re.compile(r"(10|[A2-9JQK])([♠♥♦♣])")
_RANK_AFTER = re.compile(r"\b([Aa]n?|[Nn]o|one|two|three|four) (10|[A2-9JQK])\b(?![♠♥♦♣])")
# TRANSLATORS: the symbols of a screen's text, said aloud ("3×" is "3 times", "←" "left").
_SYMBOLS = {
    "×": N_("times "),
    " · ": ", ",
    "·": ",",
    "←": N_(" left"),
    "→": N_(" right"),
    "↑": N_(" up"),
    "↓": N_(" down"),
    "…": "...",
    "—": ", ",
    "–": N_(" to "),
}
_RANK_INDEX = {n: i for i, n in enumerate(("A", "2", "3", "4", "5", "6", "7", "8", "9", "10"))}
_RANK_INDEX.update({"J": 10, "Q": 11, "K": 12})


def aloud(*sentences: Say) -> str:
    """Sentences worded to be said, one after the other."""
    return " ".join(t for t in (s.text(spoken=True) for s in sentences) if t)


def card_words(card: int) -> str:
    """A card in words, in the player's language: ``eight of clubs``, ``Kreuz-Acht``."""
    return card_name(int(card), current_language(), spoken=True)


def _rank_word(name: str) -> str:
    return RANK_SPOKEN[_RANK_INDEX[name]]


def speakable(text: str) -> str:
    """A text made for the screen, as it should be heard: ``8♣`` → ``eight of clubs``, ``an 8
    needs a 5`` → ``an eight needs a five``, symbols in words. A sentence worded lately for the
    screen (a hint, the coach: :func:`~desert_pyramid.i18n.say.spoken_for`) is said from its own
    arguments, each card in the form the sentence gives it."""
    text = spoken_for(text)
    code = current_language()

    def card(m: re.Match[str]) -> str:
        c = Card.make(_RANK_INDEX[m[1]] + 1, "♠♥♦♣".index(m[2]))
        return card_name(c, code, spoken=True)

    def rank(m: re.Match[str]) -> str:
        word = _rank_word(m[2])
        article = m[1]
        if article.lower() in ("a", "an"):
            article = (
                ("an" if word[0] in "ae" else "a").capitalize()
                if article[0] == "A"
                else ("an" if word[0] in "ae" else "a")
            )
        return f"{article} {word}"

    out = _CARD.sub(card, text)
    if code == "en":
        out = _RANK_AFTER.sub(rank, out)
    for symbol, words in _SYMBOLS.items():
        out = out.replace(symbol, _(words) if words.strip(" ,.") else words)
    return " ".join(out.split())


def sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?:" else text + "."


# -- places ------------------------------------------------------------------------------------------
def position(game: Game, slot: int) -> tuple[int, int]:
    """A layout slot as (row, card counted from the left in that row), as said aloud."""
    slots = game.layout.slots
    row = slots[slot].row
    same = sorted((s for s in slots if s.row == row), key=lambda s: (s.x, s.index))
    return row, 1 + [s.index for s in same].index(slot)


def place_say(game: Game, place: int) -> Say:
    """``row 6 card 2``, ``on the waste``, ``on the stock``, ``in the Satchel``."""
    if place >= 0:
        row, k = position(game, place)
        return tell_p("place", "row {row} card {k}", row=row, k=k)
    if place == WASTE:
        return tell_p("place", "on the waste")
    if place == STOCK:
        return tell_p("place", "on the stock")
    if place == SATCHEL:
        return tell_p("place", "in the Satchel")
    return tell_p("place", "gone")


def card_at(game: Game, place: int) -> Say:
    """A card and where it lies: ``five of hearts on the waste``, ``eight of clubs row 6 card 2``
    (a spec on its placeholder passes to the card)."""
    card = game.card_at(place)
    assert card is not None
    # TRANSLATORS: a card and its place, said aloud: "five of hearts on the waste", "eight of
    # clubs row 6 card 2". Keep {card} without a spec: it takes the one of where it stands.
    return tell_p("card", "{card} {place}", card=card, place=place_say(game, place))


def _redeals(game: Game) -> Say:
    left = game.redeals_left
    if left is None:
        return tell("unlimited redeals")
    return tell_n("{n} redeal left", "{n} redeals left", left)


def _stock_words(game: Game) -> str:
    n = len(game.stock)
    left = game.redeals_left
    if n:
        return aloud(
            tell_n(
                "Stock, {n} card, {redeals}.",
                "Stock, {n} cards, {redeals}.",
                n,
                redeals=_redeals(game),
            )
        )
    if game.waste and (left is None or left > 0):
        return aloud(tell("Stock, empty: Space redeals, {redeals}.", redeals=_redeals(game)))
    return aloud(tell("Stock, empty, no redeal left."))


# -- the focus -----------------------------------------------------------------------------------------
def partners_words(game: Game, place: int) -> str:
    """What the card at a free place pairs with now, in words (empty for a king)."""
    card = game.card_at(place)
    if card is None:
        return ""
    if card.rank == KING_RANK:
        return aloud(tell("A king goes alone: Enter removes it."))
    found: list[Arg] = []
    for m in game.removals():
        if m.kind == MoveKind.PAIR and place in (m.a, m.b):
            other = m.b if m.a == place else m.a
            if game.card_at(other) is not None:
                found.append(card_at(game, other))
    want = partner_rank(card.rank)
    if found:
        return aloud(tell("Pairs with {rank:a}: {cards}.", rank=Rank(want or 1), cards=many(found)))
    return aloud(*explain_card_say(game, place))


def focus_text(game: Game, focus: int | str | None) -> str:
    """The focused card, pile or button: ``Eight of clubs, row 6 card 2, free. Pairs with a
    five: five of hearts on the waste.``"""
    if focus is None:
        return ""
    if isinstance(focus, str):
        if focus in BUTTON_LABELS:
            name = pgettext("button", BUTTON_LABELS[focus])
        else:
            name = focus.capitalize()
        return aloud(tell("{name} button.", name=name))
    if focus == STOCK:
        return _stock_words(game)
    if focus == WASTE:
        if not game.waste:
            return aloud(tell("Waste, empty."))
        n = len(game.waste)
        top = CARDS[game.waste[-1]]
        return (
            aloud(
                tell_n(
                    "{card:cap} on the waste, {n} card.",
                    "{card:cap} on the waste, {n} cards.",
                    n,
                    card=top,
                )
            )
            + " "
            + partners_words(game, WASTE)
        )
    if focus == SATCHEL:
        if game.satchel < 0:
            return aloud(tell("Satchel, empty: S puts the selected card in it."))
        return (
            aloud(tell("{card:cap} in the Satchel.", card=CARDS[game.satchel]))
            + " "
            + partners_words(game, SATCHEL)
        )
    card = game.card_at(focus)
    if card is None:
        row, k = position(game, focus)
        return aloud(tell("Row {row} card {k}, empty.", row=row, k=k))
    where = place_say(game, focus)
    if not game.is_free(focus):
        return (
            # TRANSLATORS: a card with the focus, said aloud: "Eight of clubs, row 6 card 2,
            # covered." ({card:?...|...} picks the word that agrees with the card's gender).
            aloud(tell("{card:cap}, {place}, covered.", card=card, place=where))
            + " "
            + covering_text(game, focus)
        )
    return (
        aloud(tell("{card:cap}, {place}, free.", card=card, place=where))
        + " "
        + partners_words(game, focus)
    )


# -- moves ---------------------------------------------------------------------------------------------
def freed_by_events(game: Game, events: Iterable[Event]) -> list[int]:
    """Layout slots that the moved cards uncovered (free in ``game``, the position after)."""
    out: list[int] = []
    slots = game.layout.slots
    for e in events:
        if isinstance(e, CardMoved) and e.src >= 0:
            for j in slots[e.src].covers:
                if game.cards[j] >= 0 and game.is_free(j) and j not in out:
                    out.append(j)
    return sorted(out, key=lambda s: position(game, s))


def move_text(game: Game, move: Move | None, events: Sequence[Event]) -> str:
    """A move and its result, said after it was played (``game`` is the position after):
    ``Paired the eight of clubs and the five of hearts. Chain 3, plus 30.``"""
    undone = next((e for e in events if isinstance(e, Undone)), None)
    if undone is not None:  # the position is the one the move was played from again
        return _undone_words(game, undone)
    parts = [_played_words(game, move, events)]
    parts.append(_tally_words(events))
    parts += _cleared_words(events)
    parts.append(_freed_words(game, events))
    if any(isinstance(e, Won) for e in events):
        parts.append(aloud(tell("You won!")))
    return " ".join(p for p in parts if p)


def _undone_words(game: Game, undone: Undone) -> str:
    try:
        words: Say = move_words(game, Move.parse(undone.move_text))
    except (ValueError, EngineError, AssertionError):
        words = tell_p("move", "the last move")
    return aloud(tell("Undone: {move}.", move=words))


def _played_words(game: Game, move: Move | None, events: Sequence[Event]) -> str:
    """What the move did: ``Paired the … and the ….``, ``Flipped the ….``, ``Redealt: …``."""
    moved = [e for e in events if isinstance(e, CardMoved)]
    gone = [CARDS[e.card] for e in moved if e.dst == DISCARD]
    kind = move.kind if move is not None else None
    if kind == MoveKind.PAIR and len(gone) == 2:
        return aloud(tell("Paired {a:the} and {b:the}.", a=gone[0], b=gone[1]))
    if kind == MoveKind.KING and gone:
        return aloud(tell("Removed {card:the}.", card=gone[0]))
    if kind == MoveKind.STASH and moved:
        # TRANSLATORS: said after the move (the hint's "Put the 8♣ in the Satchel." asks for it).
        return aloud(tell_p("done", "Put {card:the} in the Satchel.", card=CARDS[moved[0].card]))
    if kind == MoveKind.FLIP:
        return _flip_words(game, moved)
    if kind == MoveKind.REDEAL:
        return _redeal_words(game, events)
    if move is not None:
        return sentence(move_words(game, move).text(spoken=True))
    return ""


def _flip_words(game: Game, moved: Sequence[CardMoved]) -> str:
    flipped = [CARDS[e.card] for e in moved if e.dst == WASTE]
    if not flipped:
        return aloud(tell("Flipped."))
    n = len(game.stock)
    return aloud(
        tell("Flipped {cards:the}.", cards=many(list(flipped))),
        tell_n("{n} card left in the stock.", "{n} cards left in the stock.", n),
    )


def _redeal_words(game: Game, events: Sequence[Event]) -> str:
    redealt = next((e for e in events if isinstance(e, Redealt)), None)
    left = game.redeals_left
    count = redealt.count if redealt is not None else len(game.stock)
    if left is None:
        return aloud(
            tell_n(
                "Redealt: {n} card back in the stock.",
                "Redealt: {n} cards back in the stock.",
                count,
            )
        )
    return aloud(
        tell_n(
            "Redealt: {n} card back in the stock, {redeals}.",
            "Redealt: {n} cards back in the stock, {redeals}.",
            count,
            redeals=_redeals(game),
        )
    )


def _tally_words(events: Sequence[Event]) -> str:
    """``Chain 3, plus 30.``: the chain (from 2 on) and the points the move scored."""
    score = sum(e.points for e in events if isinstance(e, Scored))
    chain = next((e.new for e in events if isinstance(e, ChainChanged) and e.new > 1), None)
    if chain is not None and score > 0:
        return aloud(tell("Chain {chain}, plus {points}.", chain=chain, points=score))
    if chain is not None:
        return aloud(tell("Chain {chain}.", chain=chain))
    if score > 0:
        return aloud(tell("Plus {points}.", points=score))
    return ""


def _cleared_words(events: Sequence[Event]) -> list[str]:
    out = []
    for e in events:
        if isinstance(e, RowCleared):
            out.append(aloud(tell("Row {row} cleared.", row=e.row)))
        elif isinstance(e, LayoutCleared):
            out.append(aloud(tell("The layout is cleared!")))
    return out


def _freed_words(game: Game, events: Sequence[Event]) -> str:
    freed = freed_by_events(game, events)
    if not freed:
        return ""
    return aloud(tell("Freed {cards:the}.", cards=many([card_at(game, s) for s in freed])))


# -- on request ----------------------------------------------------------------------------------------
def board_text(game: Game) -> str:
    """The whole board in brief: free cards by row (the bottom row first), the waste, the
    Satchel, the stock and the redeals left."""
    rows: dict[int, list[int]] = {}
    for s in game.free_slots():
        rows.setdefault(game.layout.slots[s].row, []).append(s)
    parts = []
    for row in sorted(rows, reverse=True):
        slots = sorted(rows[row], key=lambda s: position(game, s))
        names: list[Arg] = [
            tell_p("card", "{card} card {k}", card=CARDS[game.cards[s]], k=position(game, s)[1])
            for s in slots
        ]
        parts.append(aloud(tell("Row {row}: {cards}.", row=row, cards=many(names, "comma"))))
    free = (
        aloud(tell("Free cards: {rows}", rows=" ".join(parts)))
        if parts
        else aloud(tell("Free cards: none."))
    )
    n = game.cards_left
    said = [free, aloud(tell_n("{n} card in the layout.", "{n} cards in the layout.", n))]
    if game.waste:
        said.append(aloud(tell("Waste: {card}.", card=CARDS[game.waste[-1]])))
    else:
        said.append(aloud(tell("Waste: empty.")))
    if game.rules.satchel:
        if game.satchel >= 0:
            said.append(aloud(tell("Satchel: {card}.", card=CARDS[game.satchel])))
        else:
            said.append(aloud(tell("Satchel: empty.")))
    return " ".join(said) + " " + _stock_words(game)


def layout_text(game: Game) -> str:
    """Every card of the layout, row by row from the top, left to right, as a sighted player
    sees them: ``Row 3: jack of clubs, covered; gone; two of hearts, free.``"""
    rows: dict[int, list[int]] = {}
    for slot in game.layout.slots:
        rows.setdefault(slot.row, []).append(slot.index)
    parts = []
    for row in sorted(rows):
        said: list[Arg] = []
        for i in sorted(rows[row], key=lambda j: position(game, j)):
            c = game.cards[i]
            if c < 0:
                said.append(tell_p("place", "gone"))
            elif game.is_free(i):
                said.append(tell("{card}, free", card=CARDS[c]))
            else:
                said.append(tell("{card}, covered", card=CARDS[c]))
        parts.append(aloud(tell("Row {row}: {cards}.", row=row, cards=many(said, "semicolon"))))
    head = aloud(
        tell_n(
            "Layout {number}, {n} place.",
            "Layout {number}, {n} places.",
            game.layout.size,
            number=game.layout.number,
        )
    )
    return head + " " + " ".join(parts)


def rank_text(game: Game, rank: int) -> str:
    """Where a rank's four cards are: ``Eights: eight of clubs row 6 card 2, free; eight of
    hearts row 3 card 1, under 4 cards; one in the stock; one gone.``"""
    seen: list[Arg] = []
    hidden = 0
    gone = 0
    for suit in range(4):
        card = Card.make(rank, suit)
        c = int(card)
        if c in game.cards:
            slot = game.cards.index(c)
            above = cards_on(game, slot)
            where = place_say(game, slot)
            if above == 0:
                seen.append(tell("{card} {place}, free", card=card, place=where))
            else:
                seen.append(
                    tell_n(
                        "{card} {place}, under {n} card",
                        "{card} {place}, under {n} cards",
                        above,
                        card=card,
                        place=where,
                    )
                )
        elif game.waste and game.waste[-1] == c:
            seen.append(tell("{card} on the waste", card=card))
        elif game.satchel == c:
            seen.append(tell("{card} in the Satchel", card=card))
        elif c in game.discard:
            gone += 1
        else:
            hidden += 1
    if hidden:
        seen.append(
            tell_n(
                "{n} in the stock or under the waste", "{n} in the stock or under the waste", hidden
            )
        )
    if gone:
        seen.append(tell_n("{n} gone", "{n} gone", gone))
    return aloud(tell("{rank:pl.cap}: {cards}.", rank=Rank(rank), cards=many(seen, "semicolon")))


def covering_text(game: Game, slot: int | str | None) -> str:
    """The cards lying on a layout card (the ones that must go before it is free)."""
    if not isinstance(slot, int) or slot < 0:
        return aloud(tell("Only a card in the layout can be covered."))
    card = game.card_at(slot)
    if card is None:
        return aloud(tell("There is no card there."))
    on = game.covering(slot)
    if not on:
        return aloud(tell("Nothing covers {card:the}.", card=card))
    names = many([card_at(game, j) for j in on])
    total = cards_on(game, slot)
    if total > len(on):
        return aloud(
            tell_n(
                "{card:the.cap} is covered by {cards:the}, {n} card in all.",
                "{card:the.cap} is covered by {cards:the}, {n} cards in all.",
                total,
                card=card,
                cards=names,
            )
        )
    return aloud(tell("{card:the.cap} is covered by {cards:the}.", card=card, cards=names))


def status_text(hud: Mapping[str, str], clock: bool = True) -> str:
    """The score, the chain, the moves and, with ``clock``, the time (the daylight left in an
    Expedition, always)."""
    parts = [tell("Score {score}", score=hud.get("score", "0"))]
    chain = hud.get("chain", "")
    if chain:
        parts.append(tell("chain {chain}", chain=chain.lstrip("×")))
    moves = hud.get("moves", "0")
    count = int(moves) if moves.isdecimal() and len(moves) < 10 else 2
    parts.append(tell_n("{moves} move", "{moves} moves", count, moves=moves))
    if "daylight" in hud:
        parts.append(tell("daylight left {time}", time=_clock_words(hud["daylight"])))
        if "pyramid" in hud:
            parts.append(tell("pyramid {pyramid}", pyramid=hud["pyramid"]))
    elif clock and hud.get("time"):
        parts.append(tell("time {time}", time=_clock_words(hud["time"])))
    if "redeals" in hud:
        parts.append(tell("redeals left {redeals}", redeals=hud["redeals"]))
    return aloud(tell("{parts:cap}.", parts=many(parts, "comma")))


def _clock_words(text: str) -> str:
    """``3:05`` → ``3 minutes 5 seconds``."""
    bits = text.split(":")
    if len(bits) == 2 and all(b.isdecimal() for b in bits) and all(len(b) < 6 for b in bits):
        m, s = int(bits[0]), int(bits[1])
        seconds = tell_n("{n} second", "{n} seconds", s)
        if m:
            return aloud(
                tell(
                    "{minutes} {seconds}",
                    minutes=tell_n("{n} minute", "{n} minutes", m),
                    seconds=seconds,
                )
            )
        return aloud(seconds)
    return text


def rules_name(rules: Rules) -> str:
    """A rule set by its preset's name in the player's language ("Wüste"), "+ options" when it
    differs from it (the rules in words follow it): never the command line's code word."""
    base = preset_name(rules.base_preset)
    if str(rules) == rules.base_preset:
        return base
    return _("{rules} + options").format(rules=base)


def deal_text(title: str, subtitle: str, game: Game) -> str:
    """A new deal on the table: the mode, the rules and the layout, then how to look around."""
    name = layout_title(game.layout) or _("Layout {number}").format(number=game.layout.number)
    return aloud(
        # TRANSLATORS: said at a new deal. {rules} is the rule set's name ("Desert", or
        # "Classic + options"), {rules_words} the rules in words; "Layout {number}," names
        # the layout by its number.
        tell(
            "{title}. {subtitle}. Rules: {rules}, {rules_words}. Layout {number}, {name}, "
            "{size} cards. Tab moves between free cards, B reads the board.",
            title=speakable(title),
            subtitle=speakable(subtitle),
            rules=rules_name(game.rules),
            rules_words=rules_line(game.rules).text(spoken=True),
            number=game.layout.number,
            name=name,
            size=game.layout.size,
        )
    )


def screen_text(title: str, message: str = "") -> str:
    """A screen opened: its heading and its message line."""
    return " ".join(p for p in (sentence(speakable(title)), sentence(speakable(message))) if p)


#: The caret a text field being typed in shows after its text ("DP-1-0|"): never read out
CARET = "|"


def button_text(label: str, value: str = "", enabled: bool = True) -> str:
    """A focused menu button: ``Animations: Normal``; a text field being typed in (its value ends
    with the caret): ``Deal code, typing: DP-1``, never the caret itself."""
    label = speakable(label.replace(" · ", ", "))
    if value.endswith(CARET):
        typed = value[: -len(CARET)].strip()
        if not typed:
            # TRANSLATORS: a text field being typed in, still empty (the deal code)
            return aloud(tell("{label}, typing: nothing yet.", label=label))
        # TRANSLATORS: a text field being typed in; {text} is what is typed so far
        return aloud(tell("{label}, typing: {text}.", label=label, text=typed))
    if value:
        label = aloud(tell("{label}: {value}", label=label, value=speakable(value)))
    if not enabled:
        return aloud(tell("{label}, unavailable.", label=label))
    return label + "."
