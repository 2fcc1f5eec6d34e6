"""What a click, a drag or a key does at the table: selection, partners, pairing at once, messages.

Pure (no Arcade): the table view turns mouse and keys into calls here and animates the
:class:`Feedback` that comes back. Every rule question goes to the engine: partners come from
``game.removals()``, legality and the reason a pick is illegal from ``game.play`` raising
:class:`IllegalMoveError`, what a lone card needs from ``partner_rank``, stuck from
``game.is_stuck()``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from desert_pyramid.engine import (
    SATCHEL,
    STOCK,
    WASTE,
    Card,
    Event,
    Game,
    IllegalMoveError,
    Move,
)
from desert_pyramid.engine.moves import MoveKind
from desert_pyramid.i18n.say import Say, joined, many, tell, tell_n
from desert_pyramid.modes import (
    Offers,
    explain_card_say,  # the coach's words for a lone card
)
from desert_pyramid.solver.hints import move_words  # a move in the player's words

Place = int


@dataclass
class Feedback:
    """The outcome of one action: the move made and its events, or why nothing happened."""

    move: Move | None = None
    events: list[Event] = field(default_factory=list)
    # replaces the message line when not None ("" clears it): sentences, worded where they are
    # shown (so a language chosen while they show words them again), or the engine's English
    message: Say | str | None = None
    shake: tuple[Place, ...] = ()  # places whose card shakes
    sound: str | None = None  # select, pair, king, flip, redeal, stash, undo, illegal, win
    undone: bool = False


def sentence(text: str) -> str:
    """An engine reason as a sentence: capital first letter, full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?:" else text + "."


def place_reason(game: Game, place: Place) -> Say | None:
    """Why the card at ``place`` cannot take part in a move, in the player's words (the engine's
    ``why_not_playable`` says it in English for the command line), or ``None`` when the words
    for the engine's reason are not known here."""
    if game.won:
        return tell("The game is already won.")
    if place >= 0:
        card = game.card_at(place)
        if card is None:
            return tell("That place is empty.")
        over = [c for c in map(game.card_at, game.covering(place)) if c is not None]
        if over:
            return tell("{card:the.cap} is covered by {cards:the}.", card=card, cards=many(over))
        return None
    if place == WASTE and not game.waste:
        return tell("The waste is empty.")
    if place == STOCK:
        if not game.stock:
            return tell("The stock is empty.")
        if not game.rules.stock_top_playable:
            return tell("The stock's top card is face down: flip it onto the waste first.")
    if place == SATCHEL:
        if not game.rules.satchel:
            return tell("These rules have no Satchel.")
        if game.satchel < 0:
            return tell("The Satchel is empty.")
    return None


def move_reason(game: Game, move: Move) -> Say | None:
    """Why ``move`` (which the engine refused) cannot be played, in the player's words; ``None``
    when the words are not known here (the engine's English is shown then)."""
    if game.won:
        return tell("The game is already won.")
    why = _REASONS.get(move.kind)
    return why(game, move) if why is not None else None


def _pair_reason(game: Game, move: Move) -> Say | None:
    if move.a == move.b:
        return tell("A card cannot pair with itself.")
    for place in (move.a, move.b):
        reason = place_reason(game, place)
        if reason is not None:
            return reason
    a, b = game.card_at(move.a), game.card_at(move.b)
    if a is None or b is None:
        return None
    for one in (a, b):
        if one.rank == 13:
            return tell("{card:the.cap} is a king: it goes alone.", card=one)
    return tell(
        "{a:the.cap} and {b:the} add up to {total}, not 13.", a=a, b=b, total=a.rank + b.rank
    )


def _king_reason(game: Game, move: Move) -> Say | None:
    reason = place_reason(game, move.a)
    alone = game.card_at(move.a)
    if reason is None and alone is not None and alone.rank != 13:
        return tell("{card:the.cap} is not a king: only a king goes alone.", card=alone)
    return reason


def _flip_reason(game: Game, move: Move) -> Say | None:
    if game.stock:
        return None
    left = game.redeals_left
    if game.waste and (left is None or left > 0):
        return tell("The stock is empty: redeal to turn the waste over.")
    return tell("The stock is empty and no redeal is left.")


def _redeal_reason(game: Game, move: Move) -> Say | None:
    n = len(game.stock)
    if n:
        return tell_n(
            "The stock still has {n} card: redeal when it is empty.",
            "The stock still has {n} cards: redeal when it is empty.",
            n,
        )
    if not game.waste:
        return tell("The waste is empty: there is nothing to redeal.")
    return tell("No redeal is left.")


def _stash_reason(game: Game, move: Move) -> Say | None:
    if not game.rules.satchel:
        return tell("These rules have no Satchel.")
    if move.a == SATCHEL:
        return tell("That card is already in the Satchel.")
    held = game.card_at(SATCHEL)
    if held is not None:
        return tell("The Satchel already holds {card:the}.", card=held)
    return place_reason(game, move.a)


#: The words for each kind of move the engine refused
_REASONS: dict[MoveKind, Callable[[Game, Move], Say | None]] = {
    MoveKind.PAIR: _pair_reason,
    MoveKind.KING: _king_reason,
    MoveKind.FLIP: _flip_reason,
    MoveKind.REDEAL: _redeal_reason,
    MoveKind.STASH: _stash_reason,
}


class Played(Protocol):
    """What the table's actions play through: the seat (:class:`~desert_pyramid.app.seat.Seat`,
    which saves after every move) or a mode's session itself."""

    @property
    def game(self) -> Game: ...

    @property
    def offers(self) -> Offers: ...

    def play(self, move: Move) -> list[Event]: ...

    def undo(self) -> list[Event]: ...

    def rewind(self, keep: int) -> list[Event]: ...

    def skip(self) -> list[Event]: ...


class TableControl:
    """Selection and actions at the table for one deal (``seat``: where its moves are played)."""

    def __init__(self, seat: Played) -> None:
        self.seat = seat
        self.selected: Place | None = None
        self.partners: tuple[Place, ...] = ()
        self.hint_move: Move | None = None
        self.hint_rewind: int | None = None  # a lost position: how many moves to keep to win again
        self.hint_armed = False  # Enter plays the hint until the player does something else
        self.stuck = seat.game.is_stuck()

    @property
    def game(self) -> Game:
        return self.seat.game

    # -- looking ----------------------------------------------------------------------------------
    def partners_of(self, place: Place) -> tuple[Place, ...]:
        """The places whose card pairs with the card at ``place`` now (from the engine)."""
        out: list[Place] = []
        for m in self.game.removals():
            if m.kind == MoveKind.PAIR and place in (m.a, m.b):
                out.append(m.b if m.a == place else m.a)
        return tuple(out)

    def is_card_place(self, place: Place) -> bool:
        """Whether a card lies at the place (covered or not)."""
        return self.game.card_at(place) is not None

    def why_not_playable(self, place: Place) -> Say | str | None:
        """The engine's reason that the card at ``place`` cannot be played now, or ``None``."""
        reason = self.game.why_not_playable(place)
        if reason is None:
            return None
        words = place_reason(self.game, place)
        return words if words is not None else sentence(reason)

    # -- actions ------------------------------------------------------------------------------------
    def deselect(self) -> None:
        self.selected = None
        self.partners = ()

    def play(
        self,
        move: Move,
        shake: tuple[Place, ...] = (),
        by_computer: Callable[[Move], list[Event]] | None = None,
    ) -> Feedback:
        """Make a move through the session (``by_computer``: as the computer player); an illegal
        one shakes and says why."""
        try:
            events = by_computer(move) if by_computer is not None else self.seat.play(move)
        except IllegalMoveError as exc:
            words = move_reason(self.game, move)
            message = words if words is not None else sentence(str(exc))
            return Feedback(message=message, shake=shake, sound="illegal")
        self.deselect()
        self.set_hint(None)
        sound = {
            MoveKind.PAIR: "pair",
            MoveKind.KING: "king",
            MoveKind.STASH: "stash",
            MoveKind.REDEAL: "redeal",
        }.get(move.kind, "flip")
        if self.game.won:
            sound = "win"
        self.stuck = self.game.is_stuck()
        msg: Say | str = self.stuck_text() if self.stuck else ""
        if move.kind == MoveKind.REDEAL:
            left = self.game.redeals_left
            if left is None:
                redealt = tell("Redealt: the waste is the stock again.")
            else:
                redealt = tell_n(
                    "Redealt: the waste is the stock again ({n} redeal left).",
                    "Redealt: the waste is the stock again ({n} redeals left).",
                    left,
                )
            msg = msg or redealt
        return Feedback(move=move, events=events, message=msg, sound=sound)

    def stuck_text(self) -> Say:
        return tell("No removal can ever be made from here: undo (Z) or start a new deal (Esc).")

    def click(self, place: Place) -> Feedback:
        """A click on a place (or the keyboard's select on the focused place)."""
        g = self.game
        if place == STOCK and not (
            self.selected is not None and g.rules.stock_top_playable and g.stock
        ):
            self.deselect()
            return self.flip()
        if self.selected is not None:
            return self._second_pick(place)
        if place == SATCHEL and g.satchel < 0:
            return Feedback(
                message=tell(
                    "The Satchel keeps one card: select a card, then the Satchel (or press S)."
                )
            )
        reason = self.why_not_playable(place)
        if reason is not None:
            return Feedback(message=reason, shake=(place,), sound="illegal")
        card = g.card_at(place)
        if card is None:
            return Feedback()
        if card.rank == 13:
            return self.play(Move.king(place), shake=(place,))
        partners = self.partners_of(place)
        if len(partners) == 1:
            return self.play(Move.pair(place, partners[0]), shake=(place,))
        return self._select(place, card, partners)

    def _second_pick(self, place: Place) -> Feedback:
        """A click while a card is selected: the same card drops it, the empty Satchel takes it,
        any other place is its partner (or says why not)."""
        selected = self.selected
        assert selected is not None
        if place == selected:
            self.deselect()
            return Feedback(message="", sound="select")
        if place == SATCHEL and self.game.satchel < 0:
            return self.stash(selected)
        return self.play(Move.pair(selected, place), shake=(place,))

    def _select(self, place: Place, card: Card, partners: tuple[Place, ...]) -> Feedback:
        """Select a card with no single partner: its partners to pick from, or what it needs."""
        g = self.game
        self.selected = place
        self.partners = partners
        if partners:
            names = many([c for c in map(g.card_at, partners) if c is not None], "or")
            # the cards in the article and case the language gives them (i18n/say.py)
            told = tell("{card:the.cap} pairs with {cards:the}: pick one.", card=card, cards=names)
            return Feedback(message=told, sound="select")
        says = explain_card_say(g, place)
        if g.rules.satchel and g.satchel < 0 and place != SATCHEL:
            says.append(tell("Press S or click the Satchel to park it."))
        return Feedback(message=joined(*says), sound="select")

    def drop(self, src: Place, dst: Place) -> Feedback:
        """A card dragged from ``src`` and dropped on ``dst``."""
        self.deselect()
        if src == dst:
            return Feedback()
        if dst == SATCHEL and self.game.satchel < 0:
            return self.stash(src)
        return self.play(Move.pair(src, dst), shake=(src, dst))

    def flip(self) -> Feedback:
        """Space or a click on the stock: flip, or redeal when the stock is empty."""
        g = self.game
        self.deselect()
        if g.stock or not g.waste:
            return self.play(Move.flip(), shake=(STOCK,))
        return self.play(Move.redeal(), shake=(STOCK,))

    def stash(self, place: Place | None = None) -> Feedback:
        """S: the selected card (or ``place``) into the Satchel."""
        target = self.selected if place is None else place
        if target is None:
            return Feedback(
                message=tell("Select a card first, then press S to put it in the Satchel."),
                sound="illegal",
            )
        return self.play(Move.stash(target), shake=(target,))

    def undo(self) -> Feedback:
        self.deselect()
        self.set_hint(None)
        history = self.game.history
        try:
            events = self.seat.undo()
        except IllegalMoveError as exc:
            if history:
                return Feedback(message=sentence(str(exc)), sound="illegal")
            return Feedback(message=tell("Nothing to undo: this is the deal."), sound="illegal")
        self.stuck = self.game.is_stuck()
        # say what was taken back (the position is the one the move was played from again)
        words = tell("Undone: {move}.", move=move_words(self.game, history[-1])) if history else ""
        return Feedback(events=events, message=words, sound="undo", undone=True)

    def redo(self) -> Feedback:
        if not self.game.redo_stack:
            return Feedback(message=tell("Nothing to redo."), sound="illegal")
        return self.play(self.game.redo_stack[0])

    def set_hint(self, move: Move | None, rewind: int | None = None) -> None:
        """A hint's move (Enter plays it) or, for a lost position, the moves to keep (Enter goes back)."""
        self.hint_move = move
        self.hint_rewind = rewind if move is None else None
        self.hint_armed = move is not None or self.hint_rewind is not None
        self.deselect()

    def accept_hint(self) -> Feedback:
        """Enter: play the hinted move, or go back to the last position from which the deal could be won."""
        move, keep = self.hint_move, self.hint_rewind
        if move is not None:
            return self.play(move)
        if keep is not None:
            self.set_hint(None)
            try:
                events = self.seat.rewind(keep)
            except IllegalMoveError as exc:
                return Feedback(message=sentence(str(exc)), sound="illegal")
            self.stuck = self.game.is_stuck()
            return Feedback(
                events=events,
                message=tell("Back to a position from which the deal can be won."),
                sound="undo",
                undone=True,
            )
        return Feedback(message=tell("No hint to play: press H for one."), sound="illegal")

    def skip(self) -> Feedback:
        """Expedition: skip this pyramid (it costs daylight); the next pyramid is dealt."""
        if not self.seat.offers.skip:
            return Feedback(message=tell("Only an Expedition skips a pyramid."), sound="illegal")
        self.deselect()
        self.set_hint(None)
        try:
            events = self.seat.skip()
        except (IllegalMoveError, ValueError) as exc:
            return Feedback(message=sentence(str(exc)), sound="illegal")
        self.stuck = self.game.is_stuck()
        return Feedback(events=events, message="", sound="redeal", undone=True)
