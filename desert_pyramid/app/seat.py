"""The deal in play as a front end plays it: :class:`Seat`, and :class:`SeatState`, what it shows.

The application (:class:`~desert_pyramid.app.application.Application`) seats every deal: a new
one, a restart, CONTINUE. The front end (the Arcade window's table, the browser edition, a test
with no window) gets the :class:`Seat` and plays through it alone: its moves, undo, redo, a skip,
a hint's move, the computer's; the clock (each frame's time, a pause, the window's focus). The
seat passes every move to the session (:class:`~desert_pyramid.modes.ModeSession`, the modes'
rules) and then to the application, which saves the game and counts a finished deal: no front
end writes a save. What the front end draws and says comes back as events and as plain values
(:meth:`Seat.state`): the position, the clock, the score, the coach's words, what the mode
offers; the results of the deal come from ``Application.finish``.

A seat that the application did not put on the table (the worked example of How to play) plays
the same way and is never saved.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from desert_pyramid.app import sessions
from desert_pyramid.app.control import TableControl
from desert_pyramid.engine import Event, Game, Move
from desert_pyramid.modes import CoachMessage, ModeSession, Offers

if TYPE_CHECKING:
    from desert_pyramid.i18n.say import Say
    from desert_pyramid.modes import DaylightClock, Sky
    from desert_pyramid.solver.hints import Hint


@dataclass(frozen=True, slots=True)
class SeatState:
    """The deal in play as plain values (text, whole numbers, flags, tuples: ready to be sent as
    JSON to a front end in another process). Cards are the engine's card numbers, ``-1`` for an
    empty place; the stock and the waste have their top card last."""

    mode: str  # "practice", "expedition", "daily"
    title: str  # the mode's name, in the player's language
    subtitle: str  # the rules, the layout, the deal code (and the Daily's date, a grade)
    layout: int
    cards: tuple[int, ...]  # the layout's places, in the layout's order
    stock: tuple[int, ...]
    waste: tuple[int, ...]
    satchel: int
    moves: int
    score: int
    won: bool
    stuck: bool
    finished: bool
    timed: bool  # the clock counts: whatever covers the table hides its cards
    untimed: bool  # an Expedition or Daily played untimed (the Settings' Clock row)
    paused: bool
    pause_reason: str
    elapsed_ms: int
    daylight_ms: int  # an Expedition's daylight left; -1 in other modes
    pulse: bool  # the daylight's last seconds
    hud: tuple[tuple[str, str], ...]  # the top bar's figures: (name, text)
    coach: tuple[str, ...]  # the coach's words after the last move, in the player's language
    skip_cost_ms: int
    offers: Offers


class SeatHost(Protocol):
    """What a seat tells after every move: the application (it saves the game, notes the chain,
    counts a finished deal). A seat with no host is never saved."""

    def after_move(self, seat: Seat) -> None: ...


class Seat:
    """The deal in play: the one object a front end plays it through (see the module text).
    ``host``: the application that seated it (``None``: a deal that is never saved)."""

    def __init__(self, host: SeatHost | None, session: ModeSession) -> None:
        self._host = host
        self._session = session
        self.control = TableControl(self)  # a click's meaning, the selection, the hint to play

    # -- what is played --------------------------------------------------------------------------
    @property
    def session(self) -> ModeSession:
        """The mode's session (for the application and the tests: a front end reads the seat)."""
        return self._session

    @property
    def game(self) -> Game:
        return self._session.game

    @property
    def game_id(self) -> str:
        return self._session.game_id

    # -- moves: each one saved (and a finished deal counted) by the host ----------------------------
    def play(self, move: Move | str) -> list[Event]:
        """Play a move (or its text, ``"12+W"``). Raises
        :class:`~desert_pyramid.engine.IllegalMoveError` with the reason."""
        return self._moved(self._session.play(Move.parse(move) if isinstance(move, str) else move))

    def play_as_computer(self, move: Move) -> list[Event]:
        """Play ``move`` for the player (autoplay, a hint played out): the results say
        "assisted", and the coach does not judge it."""
        return self._moved(self._session.play_as_computer(move))

    def undo(self) -> list[Event]:
        return self._moved(self._session.undo())

    def rewind(self, keep: int) -> list[Event]:
        """Undo until only the first ``keep`` moves remain (back to where the deal can be won)."""
        return self._moved(self._session.rewind(keep))

    def skip(self) -> list[Event]:
        """Skip the deal in play where the mode offers it (:attr:`offers`), for
        :attr:`skip_cost_ms` of its clock."""
        return self._moved(self._session.skip())

    def _moved(self, events: list[Event]) -> list[Event]:
        if self._host is not None:
            self._host.after_move(self)
        return events

    def note_hint(self) -> None:
        """The player asked for a hint (the results count it)."""
        if not self._session.finished:
            self._session.note_hint()

    def lost_offer(self, hint: Hint | None) -> Say | str:
        """The words offering to go back when ``hint`` proves the deal lost ("" in a mode that
        offers nothing, or without a hint: an answer that is the search's failure)."""
        return "" if hint is None else self._session.lost_offer(hint)

    # -- the clock -----------------------------------------------------------------------------------
    def update(self, dt_ms: float) -> int:
        """A frame's time (milliseconds): the clock runs; a suspend gap pauses a timed table."""
        return self._session.update(dt_ms)

    def pause(self, reason: str = "pause") -> None:
        """Stop the clock (nothing once the deal is over): ``"pause"``, ``"menu"``, ``"focus"``."""
        if not self._session.finished:
            self._session.pause(reason)

    def resume(self) -> None:
        if not self._session.finished:
            self._session.resume()

    def focus_lost(self) -> None:
        if not self._session.finished:
            self._session.focus_lost()

    def focus_gained(self) -> None:
        if not self._session.finished:
            self._session.focus_gained()

    # -- what the front end shows --------------------------------------------------------------------
    @property
    def mode(self) -> str:
        return self._session.mode

    @property
    def title(self) -> str:
        return self._session.title

    @property
    def subtitle(self) -> str:
        return sessions.subtitle(self._session)

    @property
    def opening(self) -> str:
        return self._session.opening

    @property
    def offers(self) -> Offers:
        return self._session.offers

    @property
    def skip_cost_ms(self) -> int:
        return self._session.skip_cost_ms

    @property
    def has_coach(self) -> bool:
        return self._session.has_coach

    @property
    def messages(self) -> list[CoachMessage]:
        """The coach's words after the last move."""
        return self._session.messages

    @property
    def finished(self) -> bool:
        return self._session.finished

    @property
    def timed(self) -> bool:
        return self._session.timed

    @property
    def untimed(self) -> bool:
        return self._session.untimed

    @property
    def paused(self) -> bool:
        return self._session.paused

    @property
    def pause_reason(self) -> str:
        return self._session.pause_reason

    @property
    def daylight(self) -> DaylightClock | None:
        return self._session.daylight

    @property
    def sky(self) -> Sky | None:
        return self._session.sky

    @property
    def pulse(self) -> bool:
        return self._session.pulse

    def hud(self) -> dict[str, str]:
        """The top bar's figures (score, chain, moves, time, redeals; daylight, pyramid, ...)."""
        return self._session.hud()

    def state(self) -> SeatState:
        """The deal in play now, as plain values."""
        session, game = self._session, self._session.game
        daylight = session.daylight
        return SeatState(
            mode=session.mode,
            title=session.title,
            subtitle=self.subtitle,
            layout=game.layout.number,
            cards=tuple(game.cards),
            stock=tuple(game.stock),
            waste=tuple(game.waste),
            satchel=game.satchel,
            moves=game.moves,
            score=session.score,
            won=game.won,
            stuck=game.is_stuck(),
            finished=session.finished,
            timed=session.timed,
            untimed=session.untimed,
            paused=session.paused,
            pause_reason=session.pause_reason,
            elapsed_ms=session.elapsed_ms,
            daylight_ms=daylight.left_ms if daylight is not None else -1,
            pulse=session.pulse,
            hud=tuple(session.hud().items()),
            coach=tuple(m.text for m in session.messages),
            skip_cost_ms=session.skip_cost_ms,
            offers=session.offers,
        )
