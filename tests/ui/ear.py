"""A player who plays by ear: it hears the announcements and presses keys, and sees nothing else.

It never reads the window's Game. What it knows comes from what it heard: the rules and the layout
named at the deal (the layout's shape it knows by number, as a sighted player sees it), every card
of the layout read out with L, and the stock's cards heard one by one as it flips through the stock
once and takes the flips back (undo is unlimited). From that it builds its own model of the deal,
finds a way through with the solver, and plays it with Tab, Enter, S and Space, checking each
announcement against what it expected.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from arcade import key as K

from desert_pyramid.app.spoken import RANK_SPOKEN, SUIT_SPOKEN
from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import SATCHEL, STOCK, WASTE, Card, Deal, Game, Layout, Move, Rules
from desert_pyramid.engine.moves import MoveKind
from desert_pyramid.solver import Verdict, solve

CARD_WORDS = r"(?:ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of (?:spades|hearts|diamonds|clubs)"


def card_of(words: str) -> Card:
    rank, _, suit = words.lower().partition(" of ")
    return Card.make(RANK_SPOKEN.index(rank) + 1, SUIT_SPOKEN.index(suit))


def words_of(card: int) -> str:
    c = Card(card)
    return f"{RANK_SPOKEN[c.rank - 1]} of {SUIT_SPOKEN[c.suit]}"


@dataclass(frozen=True)
class Phrases:
    """What the player listens for, in one language: the words it knows, as a player who speaks
    the language knows them (not read from the game)."""

    rules: str = r"Rules: ([^,.]+),"
    rule_sets: tuple[tuple[str, str], ...] = (("Desert", "desert"), ("Classic", "classic"))
    layout: str = r"Layout (\d+), "
    row: str = r"Row (\d+): ([^.]*)\."
    gone: str = "gone"
    flipped: str = r"Flipped the ({card})\. (\d+) cards? left"
    flip_undone: str = "Undone: flip the stock"
    on_waste: str = " on the waste"
    in_satchel: str = " in the Satchel"
    in_row: str = ", row "
    paired: str = "Paired the"
    removed: str = "Removed the {card}"
    stashed: str = "Put the {card} in the Satchel"
    flip: str = "Flipped"
    redeal: str = "Redealt"
    card: str = CARD_WORDS
    # the menus, as a player who speaks the language hears them (from the title on)
    title: str = "Desert Pyramid, title screen."
    practice: str = "Practice."
    expedition: str = "Expedition."
    deal_code: str = "Deal code, typing: "
    won: str = "You won!"
    daylight: str = "daylight left "

    def card_of(self, words: str) -> Card:
        return card_of(words)

    def words_of(self, card: int) -> str:
        return words_of(card)


ENGLISH = Phrases()


@dataclass(frozen=True)
class German(Phrases):
    """Gesprochen: "Pik-Dame", "Aufgedeckt: die Kreuz-Acht. 23 Karten im Talon übrig."."""

    rules: str = r"Regeln: ([^,.]+),"
    rule_sets: tuple[tuple[str, str], ...] = (("Wüste", "desert"), ("Klassisch", "classic"))
    layout: str = r"Layout (\d+), "
    row: str = r"Reihe (\d+): ([^.]*)\."
    gone: str = "weg"
    flipped: str = r"Aufgedeckt: (?:der|die|das) ({card})\. (\d+) Karten? im Talon"
    flip_undone: str = "Zurückgenommen: eine Karte vom Talon aufdecken"
    on_waste: str = " auf dem Ablagestapel"
    in_satchel: str = " in der Tasche"
    in_row: str = ", in Reihe "
    paired: str = "Gepaart:"
    removed: str = "Weggenommen: der {card}"
    stashed: str = "In die Tasche gelegt: "
    flip: str = "Aufgedeckt"
    redeal: str = "Neu gegeben"
    title: str = "Desert Pyramid, Titelbild."
    practice: str = "Übung."
    expedition: str = "Expedition."
    deal_code: str = "Spielcode, Eingabe: "
    won: str = "Gewonnen!"
    daylight: str = "Tageslicht übrig "
    card: str = r"(?:Pik|Herz|Karo|Kreuz)-(?:Ass|Zwei|Drei|Vier|Fünf|Sechs|Sieben|Acht|Neun|Zehn|Bube|Dame|König)"

    def card_of(self, words: str) -> Card:
        suit, _, rank = words.partition("-")
        ranks = "Ass Zwei Drei Vier Fünf Sechs Sieben Acht Neun Zehn Bube Dame König".split()
        return Card.make(ranks.index(rank) + 1, ["Pik", "Herz", "Karo", "Kreuz"].index(suit))

    def words_of(self, card: int) -> str:
        c = Card(card)
        ranks = "Ass Zwei Drei Vier Fünf Sechs Sieben Acht Neun Zehn Bube Dame König".split()
        return f"{['Pik', 'Herz', 'Karo', 'Kreuz'][c.suit]}-{ranks[c.rank - 1]}"


class Deaf(AssertionError):
    """The player did not hear what it needed."""


@dataclass
class EarPlayer:
    ui: Any  # the test driver: only its key() and frames() are used
    lines: list[str]  # the speech log, as it grows
    heard: list[str] = field(default_factory=list)  # everything heard, in order
    words: Phrases = ENGLISH  # the language it listens in
    _read: int = 0

    # -- ears and hands ----------------------------------------------------------------------------
    def listen(self) -> list[str]:
        new = self.lines[self._read :]
        self._read = len(self.lines)
        self.heard += new
        return new

    def press(self, symbol: int, modifiers: int = 0) -> str:
        """Press a key, let a frame pass, and return what was said meanwhile."""
        self.listen()
        self.ui.key(symbol, modifiers)
        self.ui.frames(1)
        return " ".join(self.listen())

    def waiting(self) -> str:
        """What was said and not listened to yet, left for :meth:`listen`."""
        return " ".join(self.lines[self._read :])

    def choose(self, item: str, key: int = K.DOWN, tries: int = 20) -> str:
        """Move through a menu (↓ by default) until the focused button said starts with
        ``item``; what was said of it."""
        for _ in range(tries):
            said = self.press(key)
            if said.startswith(item) or f". {item}" in said:
                return said
        raise Deaf(f"the menu never reached {item!r}; last heard {self.heard[-3:]}")

    def type_text(self, text: str) -> str:
        """Type ``text`` into the focused field, a character a frame."""
        self.listen()
        for ch in text:
            self.ui.app.dispatch_event("on_text", ch)
            self.ui.app.dispatch_events()
            self.ui.frames(1)
        return " ".join(self.listen())

    def wait_for(self, words: str, frames: int = 600) -> str:
        """Let frames pass until ``words`` are said (not listened to: :meth:`learn_deal` reads
        them); what was said meanwhile."""
        for _ in range(frames):
            if words in self.waiting():
                return self.waiting()
            self.ui.frames(1)
        raise Deaf(f"never heard {words!r}; heard {self.waiting()!r}")

    # -- what the deal is --------------------------------------------------------------------------
    def learn_deal(self) -> tuple[Rules, Layout]:
        said = " ".join(self.listen())
        rules = re.search(self.words.rules, said)
        number = re.search(self.words.layout, said)
        if rules is None or number is None:
            raise Deaf(f"no rules or layout in the deal's announcement: {said!r}")
        named = dict(self.words.rule_sets).get(rules[1])  # the rule set by its name
        if named is None:
            raise Deaf(f"rules I do not know by name: {rules[1]!r}")
        return Rules.parse(named), get_layout(int(number[1]))

    def read_layout(self, layout: Layout) -> list[int]:
        """L: every layout card, row by row, left to right; gone places are -1."""
        said = self.press(K.L)
        cards = [-1] * layout.size
        rows = dict(re.findall(self.words.row, said))
        for row, text in rows.items():
            slots = sorted(
                (s for s in layout.slots if s.row == int(row)), key=lambda s: (s.x, s.index)
            )
            items = text.split("; ")
            if len(items) != len(slots):
                raise Deaf(f"row {row} has {len(slots)} places but I heard {items}")
            for slot, item in zip(slots, items, strict=True):
                if item != self.words.gone:
                    cards[slot.index] = int(self.words.card_of(item.split(",")[0]))
        if sum(1 for c in cards if c >= 0) == 0:
            raise Deaf(f"no layout card heard: {said!r}")
        return cards

    def learn_stock(self) -> list[int]:
        """Flip through the whole stock once, hearing each card, then undo every flip."""
        order: list[int] = []
        while True:
            said = self.press(K.SPACE)
            m = re.search(self.words.flipped.format(card=self.words.card), said)
            if m is None:
                raise Deaf(f"a flip that I could not follow: {said!r}")
            order.append(int(self.words.card_of(m[1])))
            if m[2] == "0":
                break
        for _ in order:
            said = self.press(K.Z)
            if self.words.flip_undone not in said:
                raise Deaf(f"an undo that I could not follow: {said!r}")
        return order

    def model(self) -> Game:
        rules, layout = self.learn_deal()
        return self.model_after_deal(rules, layout)

    def model_after_deal(self, rules: Rules, layout: Layout) -> Game:
        """The deal's model once its rules and layout are heard: the layout read out (L) and
        the stock flipped through once and taken back."""
        cards = self.read_layout(layout)
        stock = self.learn_stock()
        if -1 in cards:
            raise Deaf("the layout was not whole at the deal")
        return Game(layout, rules, Deal(tuple(Card(c) for c in cards + stock)))

    # -- playing -------------------------------------------------------------------------------------
    def focus(self, game: Game, place: int) -> str:
        """Tab until the focus announcement names the card at ``place``."""
        card = game.card_at(place)
        assert card is not None
        name = self.words.words_of(card)
        w = self.words
        where = {WASTE: w.on_waste, SATCHEL: w.in_satchel}.get(place, w.in_row)
        for _ in range(60):
            said = self.press(K.TAB)
            if re.search(rf"\b{name}{re.escape(where)}", said, re.IGNORECASE):
                return said
        raise Deaf(f"Tab never reached the {name} {where}")

    def play(self, game: Game, move: Move) -> str:
        """Make one move by keys; returns what was said about it."""
        kind = move.kind
        w = self.words
        if kind in (MoveKind.FLIP, MoveKind.REDEAL):
            said = self.press(K.SPACE)
            expect = w.flip if kind == MoveKind.FLIP else w.redeal
        elif kind == MoveKind.KING:
            self.focus(game, move.a)
            said = self.press(K.ENTER)
            expect = w.removed.format(card=w.words_of(game.card_at(move.a)))  # type: ignore[arg-type]
        elif kind == MoveKind.STASH:
            self.focus(game, move.a)
            said = self.press(K.S)
            expect = w.stashed.format(card=w.words_of(game.card_at(move.a)))  # type: ignore[arg-type]
        else:
            self.focus(game, move.a)
            said = self.press(K.ENTER)
            if w.paired.split()[0] not in said:  # more than one partner: pick this one
                self.focus(game, move.b)
                said = self.press(K.ENTER)
            expect = w.paired
        if expect.lower() not in said.lower():
            raise Deaf(f"after {game.describe(move)} I expected {expect!r}, heard {said!r}")
        game.play(move)
        return said

    def win(self, node_budget: int = 3_000_000) -> list[str]:
        """Learn the deal by ear, find a way through it, play it; the announcements of the play."""
        return self.play_through(self.model(), node_budget)

    def play_through(self, game: Game, node_budget: int = 3_000_000) -> list[str]:
        """Find a way through the modelled deal and play it by keys; what was said of each move."""
        result = solve(game, node_budget=node_budget)
        if result.verdict != Verdict.WINNABLE:
            raise Deaf(f"my model of the deal is not winnable ({result.verdict})")
        told = []
        for move in result.line:
            told.append(self.play(game, move))
        return told


def stock_cards(game: Game) -> int:
    return len(game.stock)


_RU_RANKS = (
    "туз двойка тройка четвёрка пятёрка шестёрка семёрка восьмёрка девятка десятка валет дама король"
).split()
_RU_SUITS = ("пик", "червей", "бубён", "треф")


@dataclass(frozen=True)
class Russian(Phrases):
    """На слух: «дама пик», «Из колоды: дама пик. В колоде осталось 23 карты.»."""

    rules: str = r"Правила: ([^,.]+),"
    rule_sets: tuple[tuple[str, str], ...] = (("Пустыня", "desert"), ("Классика", "classic"))
    layout: str = r"Схема (\d+), "
    row: str = r"Ряд (\d+): ([^.]*)\."
    gone: str = "пусто"
    flipped: str = r"Из колоды: ({card})\. В колоде остал\w+ (\d+) карт"
    flip_undone: str = "Отменено: открыть карту из колоды"
    on_waste: str = " в сбросе"
    in_satchel: str = " в сумке"
    in_row: str = ", в ряду "
    paired: str = "Сложены"
    removed: str = "{card} убран"
    stashed: str = "{card} положен"
    flip: str = "Из колоды"
    redeal: str = "Пересдача"
    card: str = f"(?:{'|'.join(_RU_RANKS)}) (?:{'|'.join(_RU_SUITS)})"

    def card_of(self, words: str) -> Card:
        rank, _, suit = words.lower().partition(" ")
        return Card.make(_RU_RANKS.index(rank) + 1, _RU_SUITS.index(suit))

    def words_of(self, card: int) -> str:
        c = Card(card)
        return f"{_RU_RANKS[c.rank - 1]} {_RU_SUITS[c.suit]}"


__all__ = [
    "ENGLISH",
    "STOCK",
    "Deaf",
    "EarPlayer",
    "German",
    "Phrases",
    "Russian",
    "card_of",
    "words_of",
]
