"""What the game says aloud: the announcements, worded from the game's state and events.

Pure (no Arcade, no speech backend): the window hands these texts to its voice
(:mod:`desert_pyramid.speech`). They follow what a sighted player sees, briefly and in order: the
focus, every move and its result, and on request the board, where a rank's cards are, what covers
a card, the daylight and the score. Cards are said in words (``eight of clubs``); texts made for
the screen (hints, the coach, the engine's reasons) go through :func:`speakable`, which turns
``8♣`` into words. Positions in the layout are ``row R card K`` (K counted from the left).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

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
from desert_pyramid.modes import explain_card

RANK_SPOKEN = (
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
)
RANK_PLURAL = tuple("sixes" if w == "six" else w + "s" for w in RANK_SPOKEN)
SUIT_SPOKEN = ("spades", "hearts", "diamonds", "clubs")
BUTTON_WORDS = {
    "undo": "Undo button",
    "hint": "Hint button",
    "menu": "Menu button",
}

_CARD = re.compile(r"(10|[A2-9JQK])([♠♥♦♣])")
_RANK_AFTER = re.compile(r"\b([Aa]n?|[Nn]o|one|two|three|four) (10|[A2-9JQK])\b(?![♠♥♦♣])")
_SYMBOLS = {
    "×": "times ",
    " · ": ", ",
    "·": ",",
    "←": " left",
    "→": " right",
    "↑": " up",
    "↓": " down",
    "…": "...",
    "—": ", ",
    "–": " to ",
}
_RANK_INDEX = {n: i for i, n in enumerate(("A", "2", "3", "4", "5", "6", "7", "8", "9", "10"))}
_RANK_INDEX.update({"J": 10, "Q": 11, "K": 12})


def card_words(card: int) -> str:
    """A card in words: ``eight of clubs``."""
    c = CARDS[int(card)]
    return f"{RANK_SPOKEN[c.rank - 1]} of {SUIT_SPOKEN[c.suit]}"


def _rank_word(name: str) -> str:
    return RANK_SPOKEN[_RANK_INDEX[name]]


def speakable(text: str) -> str:
    """A text made for the screen, as it should be heard: ``8♣`` → ``eight of clubs``, ``an 8
    needs a 5`` → ``an eight needs a five``, symbols in words."""

    def card(m: re.Match[str]) -> str:
        rank = _rank_word(m[1])
        suit = SUIT_SPOKEN["♠♥♦♣".index(m[2])]
        return f"{rank} of {suit}"

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
    out = _RANK_AFTER.sub(rank, out)
    for symbol, words in _SYMBOLS.items():
        out = out.replace(symbol, words)
    return " ".join(out.split())


def _join(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


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


def place_words(game: Game, place: int) -> str:
    """``row 6 card 2``, ``on the waste``, ``on the stock``, ``in the Satchel``."""
    if place >= 0:
        row, k = position(game, place)
        return f"row {row} card {k}"
    return {WASTE: "on the waste", STOCK: "on the stock", SATCHEL: "in the Satchel"}.get(
        place, "gone"
    )


def _stock_words(game: Game) -> str:
    n = len(game.stock)
    left = game.redeals_left
    redeals = (
        "unlimited redeals" if left is None else f"{left} redeal{'s' if left != 1 else ''} left"
    )
    if n:
        return f"Stock, {n} card{'s' if n != 1 else ''}, {redeals}."
    if game.waste and (left is None or left > 0):
        return f"Stock, empty: Space redeals, {redeals}."
    return "Stock, empty, no redeal left."


# -- the focus -----------------------------------------------------------------------------------------
def partners_words(game: Game, place: int) -> str:
    """What the card at a free place pairs with now, in words (empty for a king)."""
    card = game.card_at(place)
    if card is None:
        return ""
    if card.rank == KING_RANK:
        return "A king goes alone: Enter removes it."
    found = []
    for m in game.removals():
        if m.kind == MoveKind.PAIR and place in (m.a, m.b):
            other = m.b if m.a == place else m.a
            c = game.card_at(other)
            if c is not None:
                found.append(f"{card_words(c)} {place_words(game, other)}")
    want = partner_rank(card.rank)
    if found:
        return f"Pairs with a {RANK_SPOKEN[(want or 1) - 1]}: {_join(found)}."
    return speakable(explain_card(game, place))


def focus_text(game: Game, focus: int | str | None) -> str:
    """The focused card, pile or button: ``Eight of clubs, row 6 card 2, free. Pairs with a
    five: five of hearts on the waste.``"""
    if focus is None:
        return ""
    if isinstance(focus, str):
        return BUTTON_WORDS.get(focus, f"{focus.capitalize()} button") + "."
    if focus == STOCK:
        return _stock_words(game)
    if focus == WASTE:
        if not game.waste:
            return "Waste, empty."
        n = len(game.waste)
        top = card_words(game.waste[-1])
        return (
            sentence(f"{top} on the waste, {n} card{'s' if n != 1 else ''}")
            + " "
            + (partners_words(game, WASTE))
        )
    if focus == SATCHEL:
        if game.satchel < 0:
            return "Satchel, empty: S puts the selected card in it."
        return (
            sentence(f"{card_words(game.satchel)} in the Satchel")
            + " "
            + partners_words(game, SATCHEL)
        )
    card = game.card_at(focus)
    if card is None:
        return sentence(f"{place_words(game, focus)}, empty")
    if not game.is_free(focus):
        return (
            sentence(f"{card_words(card)}, {place_words(game, focus)}, covered")
            + " "
            + (covering_text(game, focus))
        )
    return (
        sentence(f"{card_words(card)}, {place_words(game, focus)}, free")
        + " "
        + (partners_words(game, focus))
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
    parts: list[str] = []
    undone = next((e for e in events if isinstance(e, Undone)), None)
    if undone is not None:  # the position is the one the move was played from again
        try:
            words = game.describe(Move.parse(undone.move_text))
        except (ValueError, EngineError):
            words = "the last move"
        return sentence(f"undone: {speakable(words)}")
    moved = [e for e in events if isinstance(e, CardMoved)]
    gone = [card_words(e.card) for e in moved if e.dst == DISCARD]
    kind = move.kind if move is not None else None
    if kind == MoveKind.PAIR and len(gone) == 2:
        parts.append(f"Paired the {gone[0]} and the {gone[1]}.")
    elif kind == MoveKind.KING and gone:
        parts.append(f"Removed the {gone[0]}.")
    elif kind == MoveKind.STASH and moved:
        parts.append(f"Put the {card_words(moved[0].card)} in the Satchel.")
    elif kind == MoveKind.FLIP:
        flipped = [card_words(e.card) for e in moved if e.dst == WASTE]
        n = len(game.stock)
        parts.append(
            f"Flipped the {_join(flipped)}. {n} card{'s' if n != 1 else ''} left in the stock."
            if flipped
            else "Flipped."
        )
    elif kind == MoveKind.REDEAL:
        redealt = next((e for e in events if isinstance(e, Redealt)), None)
        left = game.redeals_left
        count = redealt.count if redealt is not None else len(game.stock)
        parts.append(
            f"Redealt: {count} cards back in the stock"
            + ("." if left is None else f", {left} redeal{'s' if left != 1 else ''} left.")
        )
    elif move is not None:
        parts.append(sentence(speakable(game.describe(move))))
    score = sum(e.points for e in events if isinstance(e, Scored))
    chain = next((e.new for e in events if isinstance(e, ChainChanged) and e.new > 1), None)
    tally = []
    if chain is not None:
        tally.append(f"Chain {chain}")
    if score > 0:
        tally.append(f"plus {score}")
    if tally:
        parts.append(", ".join(tally) + ".")
    for e in events:
        if isinstance(e, RowCleared):
            parts.append(f"Row {e.row} cleared.")
        elif isinstance(e, LayoutCleared):
            parts.append("The layout is cleared!")
    freed = freed_by_events(game, events)
    if freed:
        names = [f"the {card_words(game.cards[s])} {place_words(game, s)}" for s in freed]
        parts.append(f"Freed {_join(names)}.")
    if any(isinstance(e, Won) for e in events):
        parts.append("You won!")
    return " ".join(parts)


# -- on request ----------------------------------------------------------------------------------------
def board_text(game: Game) -> str:
    """The whole board in brief: free cards by row (the bottom row first), the waste, the
    Satchel, the stock and the redeals left."""
    rows: dict[int, list[int]] = {}
    for s in game.free_slots():
        rows.setdefault(game.layout.slots[s].row, []).append(s)
    parts = []
    for row in sorted(rows, reverse=True):
        cards = sorted(rows[row], key=lambda s: position(game, s))
        names = [f"{card_words(game.cards[s])} card {position(game, s)[1]}" for s in cards]
        parts.append(f"Row {row}: {', '.join(names)}.")
    text = "Free cards: " + (" ".join(parts) if parts else "none.")
    text += f" {game.cards_left} card{'s' if game.cards_left != 1 else ''} in the layout."
    text += " Waste: " + (card_words(game.waste[-1]) if game.waste else "empty") + "."
    if game.rules.satchel:
        text += " Satchel: " + (card_words(game.satchel) if game.satchel >= 0 else "empty") + "."
    return text + " " + _stock_words(game)


def layout_text(game: Game) -> str:
    """Every card of the layout, row by row from the top, left to right, as a sighted player
    sees them: ``Row 3: jack of clubs, covered; gone; two of hearts, free.``"""
    rows: dict[int, list[int]] = {}
    for slot in game.layout.slots:
        rows.setdefault(slot.row, []).append(slot.index)
    parts = []
    for row in sorted(rows):
        said = []
        for i in sorted(rows[row], key=lambda j: position(game, j)):
            c = game.cards[i]
            if c < 0:
                said.append("gone")
            else:
                said.append(f"{card_words(c)}, {'free' if game.is_free(i) else 'covered'}")
        parts.append(f"Row {row}: {'; '.join(said)}.")
    return f"Layout {game.layout.number}, {game.layout.size} places. " + " ".join(parts)


def rank_text(game: Game, rank: int) -> str:
    """Where a rank's four cards are: ``Eights: eight of clubs row 6 card 2, free; eight of
    hearts row 3 card 1, under 4 cards; one in the stock; one gone.``"""
    seen: list[str] = []
    hidden = 0
    gone = 0
    for suit in range(4):
        card = Card.make(rank, suit)
        c = int(card)
        if c in game.cards:
            slot = game.cards.index(c)
            above = cards_on(game, slot)
            state = "free" if above == 0 else f"under {above} card{'s' if above != 1 else ''}"
            seen.append(f"{card_words(c)} {place_words(game, slot)}, {state}")
        elif game.waste and game.waste[-1] == c:
            seen.append(f"{card_words(c)} on the waste")
        elif game.satchel == c:
            seen.append(f"{card_words(c)} in the Satchel")
        elif c in game.discard:
            gone += 1
        else:
            hidden += 1
    if hidden:
        seen.append(f"{hidden} in the stock or under the waste")
    if gone:
        seen.append(f"{gone} gone")
    return f"{RANK_PLURAL[rank - 1].capitalize()}: {'; '.join(seen)}."


def covering_text(game: Game, slot: int | str | None) -> str:
    """The cards lying on a layout card (the ones that must go before it is free)."""
    if not isinstance(slot, int) or slot < 0:
        return "Only a card in the layout can be covered."
    card = game.card_at(slot)
    if card is None:
        return "There is no card there."
    on = game.covering(slot)
    if not on:
        return f"Nothing covers the {card_words(card)}."
    names = [f"the {card_words(game.cards[j])} {place_words(game, j)}" for j in on]
    total = cards_on(game, slot)
    more = f", {total} cards in all" if total > len(on) else ""
    return f"The {card_words(card)} is covered by {_join(names)}{more}."


def status_text(hud: Mapping[str, str], timed: bool = True) -> str:
    """The score, the chain, the moves and the clock (the daylight left in an Expedition)."""
    parts = [f"Score {hud.get('score', '0')}"]
    chain = hud.get("chain", "")
    if chain:
        parts.append(f"chain {chain.lstrip('×')}")
    parts.append(f"{hud.get('moves', '0')} moves")
    if "daylight" in hud:
        parts.append(f"daylight left {_clock_words(hud['daylight'])}")
        if "pyramid" in hud:
            parts.append(f"pyramid {hud['pyramid']}")
    elif timed and hud.get("time"):
        parts.append(f"time {_clock_words(hud['time'])}")
    if "redeals" in hud:
        parts.append(f"redeals left {hud['redeals']}")
    return sentence(", ".join(parts))


def _clock_words(text: str) -> str:
    """``3:05`` → ``3 minutes 5 seconds``."""
    bits = text.split(":")
    if len(bits) == 2 and all(b.isdecimal() for b in bits):
        m, s = int(bits[0]), int(bits[1])
        words = []
        if m:
            words.append(f"{m} minute{'s' if m != 1 else ''}")
        words.append(f"{s} second{'s' if s != 1 else ''}")
        return " ".join(words)
    return text


def deal_text(title: str, subtitle: str, game: Game) -> str:
    """A new deal on the table: the mode, the rules and the layout, then how to look around."""
    name = game.layout.name or f"Layout {game.layout.number}"
    return (
        f"{speakable(title)}. {speakable(subtitle)}. Rules: {game.rules}, "
        f"{speakable(game.rules.describe())}. Layout {game.layout.number}, {name}, "
        f"{game.layout.size} cards. Tab moves between free cards, B reads the board."
    )


def screen_text(title: str, message: str = "") -> str:
    """A screen opened: its heading and its message line."""
    return " ".join(p for p in (sentence(speakable(title)), sentence(speakable(message))) if p)


def button_text(label: str, value: str = "", enabled: bool = True) -> str:
    """A focused menu button: ``Animations: Normal``."""
    label = speakable(label.replace(" · ", ", "))
    text = f"{label}: {speakable(value)}" if value else label
    return text + ("" if enabled else ", unavailable") + "."
