"""Hints and the computer player, from the solver, without ever holding up a frame.

Searches run in the solver's :class:`HintService` (another process). The table asks for a hint
or for a line to autoplay; :meth:`Advisor.poll` hands back an answer only if it is for the
position on the table now. Autoplay follows the winning line the solver found, one move per
step, and asks again when the player has moved in between.

**Thinking while the player thinks.** Once the table is showing (:meth:`Advisor.wake`), every
:meth:`Advisor.poll` (once a frame) checks whether the position changed, and if it did, tells the
service to ponder the new one: the worker works out its hint, and then the hints one move on,
so that a hint asked a few seconds later is answered from what the worker already knows. A move
drops a question still on its way (its answer would be for another position); :meth:`cancel`
(Esc) drops it too, while the worker goes on thinking.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from desert_pyramid.engine import Game, Move
from desert_pyramid.engine.game import PositionKey
from desert_pyramid.i18n.say import Say, join_text, tell

if TYPE_CHECKING:
    from desert_pyramid.solver.hints import Hint
    from desert_pyramid.solver.players import ThumbPlayer


class HintSource(Protocol):
    """What the advisor asks for hints (the solver's ``HintService``, in another process). It
    may also ``ponder(game)`` (think ahead), which the advisor uses when it is there."""

    error: str | None  # why the search stopped, when it did

    @property
    def busy(self) -> bool: ...

    def request(self, game: Game) -> None: ...

    def poll(self) -> Hint | None: ...


#: A position as the advisor remembers it: its key and the moves played to reach it.
_At = tuple[PositionKey, int]


@dataclass
class Answer:
    purpose: str  # "hint" or "autoplay"
    move: Move | None
    says: tuple[Say, ...]  # the answer's sentences, worded when shown (see text)
    line: tuple[Move, ...]
    verdict: str  # winnable, lost, unknown
    rewind_to: int | None = None  # lost: how many moves to keep to be back where it could be won
    hint: Hint | None = None  # the solver's Hint itself

    @property
    def text(self) -> str:
        """The answer in the player's language now, cards written as on their faces."""
        return join_text(self.says)

    @property
    def spoken(self) -> str:
        """The answer as it is said aloud (cards in words)."""
        return join_text(self.says, spoken=True)


class Advisor:
    """Hints and autoplay for one table, through a hint service the app shares between tables."""

    def __init__(self, service: Callable[[], HintSource | None]) -> None:
        self._get_service = service
        self._pending: tuple[str, PositionKey, int] | None = None
        self.plan: list[Move] = []  # the autoplay line still to play
        self._plan_at: _At | None = None  # position the plan starts from
        self._thumb: ThumbPlayer | None = None
        self._awake = False  # the table is showing: think about every position (see wake)
        self._pondered: _At | None = None  # the position last pondered

    def wake(self) -> None:
        """The table is showing: start the hint process (not before the first frames, so the
        table appears at once) and ponder every position from now on."""
        self._awake = True
        self._get_service()

    @property
    def available(self) -> bool:
        return self._get_service() is not None

    @property
    def thinking(self) -> bool:
        return self._pending is not None

    def ask(self, game: Game, purpose: str) -> Say:
        """Start a search for this position; returns what to tell the player meanwhile."""
        service = self._get_service()
        if service is None:
            return tell("Hints need the solver, which this build does not have.")
        self._pending = (purpose, game.position_key(), game.moves)
        service.request(game)
        if purpose == "hint":
            return tell("Thinking…")
        return tell("The computer is looking for a way through…")

    def cancel(self, game: Game) -> Say | str:
        """Drop the question on its way (Esc); the worker goes on thinking about the position.
        Returns what to tell the player ("" when there was no question)."""
        if self._pending is None:
            return ""
        purpose = self._pending[0]
        self._pending = None
        service = self._get_service()
        ponder = getattr(service, "ponder", None)
        if ponder is not None:
            ponder(game)
            self._pondered = (game.position_key(), game.moves)
        return (
            tell("Hint cancelled.") if purpose == "hint" else tell("The computer stopped looking.")
        )

    def _keep_up(self, game: Game) -> None:
        """Ponder the position on the table when it changed since the last look."""
        if not self._awake:
            return
        at = (game.position_key(), game.moves)
        if at == self._pondered:
            return
        self._pondered = at
        if self._pending is not None:
            if (self._pending[1], self._pending[2]) == at:
                return  # the question for this very position is on its way
            self._pending = None  # the player moved: that answer would be for another position
        service = self._get_service()
        ponder = getattr(service, "ponder", None)
        if ponder is not None:
            ponder(game)

    def poll(self, game: Game) -> Answer | None:
        """The answer to the last question, once ready and if the position has not changed since.
        Once awake, it also keeps the service pondering the position on the table."""
        self._keep_up(game)
        if self._pending is None:
            return None
        service = self._get_service()
        hint = service.poll() if service is not None else None
        if hint is None:
            if service is not None and not service.busy:  # the search process failed
                self._pending = None
                # TRANSLATORS: {error} is the search process's own message, in English.
                stopped = tell(
                    "The hint search stopped: {error}", error=service.error or "no answer"
                )
                return Answer("hint", None, (stopped,), (), "unknown")
            return None
        purpose, key, moves = self._pending
        self._pending = None
        if key != game.position_key() or moves != game.moves:
            return None  # the player moved meanwhile: a stale answer
        verdict = str(getattr(hint.verdict, "value", hint.verdict))
        line = tuple(hint.line or ())
        if purpose == "autoplay" and verdict == "winnable":
            self.plan = list(line)
            self._plan_at = (key, moves)
        says = tuple(getattr(hint, "says", ()))
        return Answer(
            purpose, hint.move, says, line, verdict, getattr(hint, "rewind_to", None), hint
        )

    def next_planned(self, game: Game) -> Move | None:
        """The next move of the autoplay line, if the table is still on that line."""
        if not self.plan or self._plan_at is None:
            return None
        key, moves = self._plan_at
        if key != game.position_key() or moves != game.moves:
            self.plan = []
            return None
        return self.plan[0]

    def advance_plan(self, game: Game) -> None:
        """The planned move was played: the plan continues from the new position."""
        if self.plan:
            self.plan.pop(0)
            self._plan_at = (game.position_key(), game.moves)

    def thumb_move(self, game: Game) -> Move | None:
        """A move by rules of thumb (the beginner's four tips), when the solver knows no way through."""
        if self._thumb is None:
            from desert_pyramid.solver.players import ThumbPlayer

            self._thumb = ThumbPlayer()
        move: Move | None = self._thumb.next_move(game)
        return move

    def forget(self) -> None:
        self._pending = None
        self.plan = []
        self._plan_at = None
