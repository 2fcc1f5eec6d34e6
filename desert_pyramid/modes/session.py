"""What every mode's session shares: the game, moves passed through, the clock, pause and focus,
abandoning, results and saving.

A session is driven by the view: :meth:`Session.update` with each frame's time (milliseconds,
counted in full; a suspend gap counts nothing and pauses a timed table), :meth:`Session.play`
and :meth:`Session.undo` with the player's moves. It never reads a clock or a file.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Protocol, TypedDict, Unpack

from desert_pyramid.engine import (
    EngineError,
    Event,
    Game,
    IllegalMoveError,
    Layout,
    LayoutError,
    Move,
    Rules,
    StateError,
    classic_layout,
    encode_deal_code,
    encode_game_code,
)
from desert_pyramid.engine.rules import Scoring
from desert_pyramid.i18n import _, format_number

from .clock import MAX_ELAPSED_MS, Clock, DaylightClock, Sky, clock_text, is_suspend_gap
from .coach import CoachMessage
from .results import PyramidRecord, Results

if TYPE_CHECKING:
    from desert_pyramid.i18n.say import Say
    from desert_pyramid.solver.hints import Hint

SESSION_SCHEMA = 1

LayoutGetter = Callable[[int], Layout]


def classic_only(number: int) -> Layout:
    """The layouts the modes know without being given a catalogue: the classic pyramid, built by
    the engine. A session of another layout is read with the caller's ``get_layout`` (the UI and
    the command line pass ``desert_pyramid.catalog.get_layout``); the modes read no file."""
    if number != 1:
        raise LayoutError(
            f"layout {number} needs the layout catalogue (only the classic pyramid is built in)"
        )
    return classic_layout()


PAUSE = "pause"  # the player paused (Esc)
MENU = "menu"  # a menu is open over the table
FOCUS = "focus"  # the window lost focus
SUSPEND = "suspend"  # the frames stopped for longer than a suspend gap (a sleeping laptop)

SEED_DIGITS = 20  # a seed saved as text has at most 20 digits (seeds are below 2^64)


@dataclass(frozen=True, slots=True)
class Offers:
    """What a mode offers beyond the moves: the ways on that the pause, a stuck deal's dialog and
    the results show. Plain values, so every front end reads the same (no front end asks a
    session's mode by name)."""

    skip: bool = False  # skip the pyramid in play (it costs ``skip_cost_ms`` of the clock)
    end_run: bool = False  # end the whole run now, not only this deal (an Expedition's trek)
    restart: str = ""  # the same deal again: "deal", "day" (the same day's deal), "" none
    new_deal: bool = False  # another deal on the same rules and layout
    rewind: bool = False  # a stuck deal: undo to where it can still be won, or watch its replay
    after: str = ""  # what the results lead to: "deal" (a new one or this one again),
    # "calendar" (the Daily's), "run" (a new trek)


class ModeSession(Protocol):
    """The declared interface of a mode's session: what the application layer and every front
    end may ask of one (each mode's :class:`Session` implements it; tests/test_modes_protocol.py
    holds them to it). Moves go through :meth:`play` and the others, which raise
    :class:`~desert_pyramid.engine.IllegalMoveError` with the reason."""

    mode: ClassVar[str]  # "practice", "expedition", "daily": the saves' and statistics' word
    has_coach: ClassVar[bool]  # a coach speaks (``messages``) beside the cards
    offers: ClassVar[Offers]
    game: Game
    game_id: str
    untimed: bool  # played untimed (the Settings' Clock row): no daylight, no time bonus
    finished: bool
    abandoned: bool
    pause_reason: str  # "" while the clock runs; else "pause", "menu", "focus", "suspend"
    messages: list[CoachMessage]
    grade: str  # a "winnable deals only" deal: the solver's difficulty grade ("" else)

    @property
    def title(self) -> str: ...  # the mode's name in the player's language

    @property
    def opening(self) -> str: ...  # the first words at the table (a message id, worded when shown)

    @property
    def timed(self) -> bool: ...

    @property
    def paused(self) -> bool: ...

    @property
    def elapsed_ms(self) -> int: ...

    @property
    def daylight(self) -> DaylightClock | None: ...

    @property
    def sky(self) -> Sky | None: ...

    @property
    def pulse(self) -> bool: ...

    @property
    def skip_cost_ms(self) -> int: ...  # what a skip costs of the clock (0: free, or no skip)

    @property
    def deal_code(self) -> str: ...

    @property
    def score(self) -> int: ...

    def hud(self) -> dict[str, str]: ...

    def update(self, dt_ms: float) -> int: ...

    def pause(self, reason: str = ...) -> None: ...

    def resume(self) -> None: ...

    def focus_lost(self) -> None: ...

    def focus_gained(self) -> None: ...

    def play(self, move: Move) -> list[Event]: ...

    def play_as_computer(self, move: Move) -> list[Event]: ...

    def undo(self) -> list[Event]: ...

    def rewind(self, keep: int) -> list[Event]: ...

    def skip(self) -> list[Event]: ...

    def note_hint(self) -> None: ...

    @property
    def assisted(self) -> bool: ...  # the computer played a move of it (autoplay): earns nothing

    def lost_offer(self, hint: Hint) -> Say | str: ...

    def abandon(self) -> Results: ...

    def results(self) -> Results: ...

    def saved(self) -> SavedSession: ...


@dataclass(frozen=True, slots=True)
class SavedSession:
    """A session as the save keeps it between moves (storage's ``CurrentGame`` but ``started``,
    the local date the deal started, which the caller knows). ``game`` is the engine's
    ``Game.to_dict()``; ``mode_state`` the mode's own state (:meth:`Session.mode_state`). The
    Expedition's pyramid number, trek id and daylight left are the fields ``pyramid_number``,
    ``trek_id`` and ``daylight_ms``, written once (not again in ``mode_state``)."""

    game_id: str
    mode: str
    preset: str
    layout: int
    game: Mapping[str, object]
    score: int = 0
    seconds: float = 0.0
    best_chain: int = 0
    redeals_used: int = 0
    pyramid_number: int = 0
    deal_date: str = ""
    trek_id: str = ""
    daylight_ms: int = 0
    mode_state: dict[str, object] = field(default_factory=dict)


class ResultChanges(TypedDict, total=False):
    """The fields of :class:`Results` a mode sets itself (:meth:`Session._results`): the rest
    are the deal's, which every mode shares."""

    won: bool
    trek_id: str
    deal_code: str
    score: int
    best_chain: int
    redeals_used: int
    moves: int
    pyramids_cleared: int
    clean_clears: int
    skips: int
    pyramids: tuple[PyramidRecord, ...]
    grade: str
    date: str
    played_on: str
    counts_for_streak: bool
    time_bonus: int


class ComputerPlayer(Protocol):
    """A computer player (:mod:`desert_pyramid.solver.players`): the move it would make."""

    def next_move(self, game: Game) -> Move | None: ...


def new_id(prefix: str) -> str:
    """A fresh id for one attempt at a deal (or a trek): ``practice-3f9a1c2b7d4e``."""
    return f"{prefix}-{secrets.token_hex(6)}"


def random_seed() -> int:
    """A fresh random seed for a random deal (32 bits, so its deal code stays short)."""
    return secrets.randbelow(1 << 32)


class Session:
    """Base of :class:`PracticeSession`, :class:`ExpeditionSession` and :class:`DailySession`:
    the one interface the table and the application layer play every mode through. What only
    some modes have is declared here with the value a mode without it gives (no coach, no
    daylight, no sky), so nobody asks a session by attribute name."""

    mode: ClassVar[str] = ""
    name: ClassVar[str] = ""  # the mode's name, a message id (translated in :attr:`title`)
    # the first words at the table, message ids (worded in the player's language where shown)
    opening_timed: ClassVar[str] = ""
    opening_untimed: ClassVar[str] = ""
    offers: ClassVar[Offers] = Offers()
    resume_on_focus: ClassVar[bool] = False  # untimed modes take up again when focus returns
    has_coach: ClassVar[bool] = False  # Practice: a coach speaks (``messages``) beside the cards
    daylight: DaylightClock | None = None  # Expedition: the daylight left
    grade: str = ""  # a "winnable deals only" Practice deal: the solver's difficulty grade

    def __init__(self, game: Game, clock: Clock) -> None:
        self.game = game
        self.clock = clock
        self.game_id = new_id(self.mode)
        self.pause_reason = PAUSE if clock.paused else ""
        self.finished = False
        self.abandoned = False
        self.hints_used = 0
        self.computer_moves = 0
        self._computer_playing = False
        self.messages: list[CoachMessage] = []  # the coach's words after the last move
        # played untimed (the Settings' Clock row, read when the session starts): an Expedition's
        # daylight does not run, a Daily gets no time bonus, the results are kept apart
        self.untimed = False

    # -- time -------------------------------------------------------------------------------------
    def update(self, dt_ms: float) -> int:
        """Advance the clock by one frame's time; nothing while paused or finished. A frame
        longer than a suspend gap (:data:`~desert_pyramid.modes.clock.SUSPEND_GAP_MS`) counts
        nothing and pauses a timed table (reason ``"suspend"``): the player comes back to a
        paused game, its cards hidden. Returns the milliseconds counted."""
        if self.finished:
            return 0
        if is_suspend_gap(dt_ms):
            if self.timed and not self.clock.paused:
                self.pause(SUSPEND)
            return 0
        return self.clock.update(dt_ms)

    @property
    def timed(self) -> bool:
        """Whether the clock matters to the result (an Expedition's daylight, the Daily's time
        bonus, the timed scoring of a Practice deal). A timed table hides its cards whenever
        anything covers it (pause, help, a lost focus), and a lost focus keeps it paused until
        the player resumes. An untimed Expedition or Daily is not timed."""
        if self.untimed:
            return False
        return not self.resume_on_focus or self.game.rules.scoring == Scoring.TIMED

    @property
    def paused(self) -> bool:
        return self.clock.paused

    @property
    def title(self) -> str:
        """The mode's name in the player's language (the table's title)."""
        return _(self.name) if self.name else self.mode.capitalize()

    @property
    def opening(self) -> str:
        """The first words at the table: a message id, worded where it is shown."""
        return self.opening_untimed if self.untimed and self.opening_untimed else self.opening_timed

    @property
    def skip_cost_ms(self) -> int:
        """What skipping the deal in play costs of the clock (0: free, or no skip here)."""
        return 0

    def skip(self) -> list[Event]:
        """Skip the deal in play (an Expedition's pyramid; see :attr:`offers`). Raises
        :class:`IllegalMoveError` in a mode that does not skip."""
        raise IllegalMoveError("only an Expedition skips a pyramid")

    @property
    def sky(self) -> Sky | None:
        """Expedition: the sky of the daylight left (``None`` in other modes)."""
        return None

    @property
    def pulse(self) -> bool:
        """Whether the daylight bar pulses (an Expedition's last seconds)."""
        return False

    def pause(self, reason: str = PAUSE) -> None:
        """Stop the clock: ``reason`` is ``"pause"`` (Esc), ``"menu"``, ``"focus"`` or
        ``"suspend"``."""
        if not self.clock.paused or reason != FOCUS:
            self.pause_reason = reason
        self.clock.pause()

    def resume(self) -> None:
        self.clock.resume()
        self.pause_reason = ""

    def focus_lost(self) -> None:
        """The window lost focus: the clock stops."""
        if not self.clock.paused:
            self.pause("focus")

    def focus_gained(self) -> None:
        """The window has focus again. A timed table stays paused (its cards hidden) until the
        player resumes; an untimed one takes up where it was if only the focus had stopped it."""
        untimed = self.resume_on_focus or self.untimed
        if untimed and self.clock.paused and self.pause_reason == FOCUS:
            self.resume()

    @property
    def elapsed_ms(self) -> int:
        return self.clock.elapsed_ms

    # -- moves ------------------------------------------------------------------------------------
    def _check_open(self) -> None:
        if self.finished:
            raise IllegalMoveError("this game is over")
        if self.clock.paused:
            raise IllegalMoveError("the game is paused: resume to play")

    def play(self, move: Move) -> list[Event]:
        """Play a move on the table. Raises :class:`IllegalMoveError` with the reason."""
        self._check_open()
        before = self._before_move()
        events = self.game.play(move)
        self._after_move(move, before, events)
        return events

    def play_text(self, text: str) -> list[Event]:
        return self.play(Move.parse(text))

    def undo(self) -> list[Event]:
        """Take the last move back, points and chain included."""
        self._check_open()
        events = self.game.undo()
        self._after_undo(events)
        return events

    def rewind(self, keep: int) -> list[Event]:
        """Undo until only the first ``keep`` moves remain (the solver's "last winnable position")."""
        self._check_open()
        if not 0 <= keep <= self.game.moves:
            raise IllegalMoveError(
                f"cannot rewind to move {keep}: the game has {self.game.moves} moves"
            )
        events: list[Event] = []
        while self.game.moves > keep:
            events.extend(self.game.undo())
        self._after_undo(events)
        return events

    def computer_step(self, player: ComputerPlayer) -> Move | None:
        """Let a computer player (``player.next_move(game) -> Move | None``) make one move.
        Returns the move played, or ``None`` when it has nothing to play."""
        self._check_open()
        move: Move | None = player.next_move(self.game.copy())
        if move is None:
            return None
        self.play_as_computer(move)
        return move

    def play_as_computer(self, move: Move) -> list[Event]:
        """Play ``move`` for the player as the computer (a hint played out, autoplay): the coach
        does not judge it and the results say "assisted". Returns the move's events."""
        self._check_open()
        self.computer_moves += 1
        self._computer_playing = True
        try:
            return self.play(move)
        finally:
            self._computer_playing = False

    def note_hint(self) -> None:
        """The player asked for a hint (recorded in the results)."""
        self.hints_used += 1

    @property
    def assisted(self) -> bool:
        """The computer played at least one move of this session for the player (autoplay):
        its results say so and it earns no relic or card back. A hint the player plays is the
        player's move (only ``note_hint`` counts it)."""
        return self.computer_moves > 0

    def lost_offer(self, hint: Hint) -> Say | str:
        """The words offering to go back when ``hint`` proves the deal lost from here (Practice
        offers it); empty when the mode offers nothing."""
        return ""

    def _before_move(self) -> Game | None:
        """The position before a move, for a mode that looks back at it (the coach), or
        ``None``."""
        return None

    def _after_move(self, move: Move, before: Game | None, events: list[Event]) -> None:
        """A mode's reaction to a move (a win, a clear); ``before`` is :meth:`_before_move`'s."""

    def _after_undo(self, events: list[Event]) -> None:
        pass

    # -- the end -----------------------------------------------------------------------------------
    def abandon(self) -> Results:
        """The player leaves the game unfinished: it ends as a loss. Returns the results."""
        if not self.finished:
            self.abandoned = True
            self._finish()
        return self.results()

    def _finish(self) -> None:
        self.finished = True
        self.clock.pause()

    def results(self) -> Results:
        raise NotImplementedError

    # -- shared figures -----------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def layout(self) -> Layout:
        return self.game.layout

    @property
    def deal_code(self) -> str:
        return encode_deal_code(self.game.deal, self.game.rules, self.game.layout.number)

    @property
    def score(self) -> int:
        """The headline score now."""
        return self.game.score

    @property
    def best_chain(self) -> int:
        return self.game.best_chain

    @property
    def game_code(self) -> str:
        """The game code of the deal in play: its rules, layout, deal and moves ("" when the game
        cannot be put in one, e.g. a layout numbered beyond the codes' range)."""
        try:
            return encode_game_code(self.game)
        except EngineError:
            return ""

    @property
    def outcome(self) -> str:
        """``won``; ``lost`` when left while stuck; ``abandoned`` when left otherwise."""
        if self.game.won:
            return "won"
        return "lost" if self.game.is_stuck() else "abandoned"

    def _pyramid_record(
        self, number: int, elapsed_ms: int, skipped: bool = False, outcome: str = ""
    ) -> PyramidRecord:
        g = self.game
        return PyramidRecord(
            number=number,
            game_id=self.game_id,
            outcome=outcome or self.outcome,
            deal_code=self.deal_code,
            cleared=g.won,
            skipped=skipped,
            score=g.points if g.rules.scoring != Scoring.CLASSIC else g.score,
            elapsed_ms=elapsed_ms,
            best_chain=g.best_chain,
            redeals_used=g.redeals,
            moves=g.moves,
            game_code=self.game_code,
        )

    def _results(self, **changes: Unpack[ResultChanges]) -> Results:
        """The results of this deal, with a mode's own fields in ``changes``."""
        g = self.game
        base = Results(
            mode=self.mode,
            game_id=self.game_id,
            outcome=self.outcome,
            preset=g.rules.base_preset,
            rules=str(g.rules),
            scoring=g.rules.scoring.value,
            layout=g.layout.number,
            won=g.won,
            score=self.score,
            elapsed_ms=self.clock.elapsed_ms,
            best_chain=self.best_chain,
            redeals_used=g.redeals,
            moves=g.moves,
            pyramids_cleared=1 if g.won else 0,
            clean_clears=1 if g.won and g.redeals == 0 else 0,
            deal_code=self.deal_code,
            abandoned=self.abandoned,
            assisted=self.assisted,
            hints_used=self.hints_used,
            game_code=self.game_code,
            untimed=self.untimed,
        )
        return dataclasses.replace(base, **changes)

    def hud(self) -> dict[str, str]:
        """Labels for the heads-up display."""
        g = self.game
        left = g.redeals_left
        return {
            "mode": self.mode.capitalize(),
            "score": format_number(self.score),
            "chain": f"×{g.chain}",
            "best_chain": str(self.best_chain),
            "moves": format_number(g.moves),
            "time": clock_text(self.clock.elapsed_ms),
            "redeals": "unlimited" if left is None else str(left),
            "stock": str(len(g.stock)),
            "cards_left": str(g.cards_left),
        }

    # -- saving --------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        """The session as plain TOML-able values (no ``None``): the game with its whole undo
        history, the clock, and the mode's own state."""
        return {
            "schema": SESSION_SCHEMA,
            "mode": self.mode,
            "game_id": self.game_id,
            "game": self.game.to_dict(),
            "elapsed_ms": self.clock.elapsed_ms,
            "paused": self.clock.paused,
            "pause_reason": self.pause_reason,
            "finished": self.finished,
            "abandoned": self.abandoned,
            "hints_used": self.hints_used,
            "computer_moves": self.computer_moves,
        } | ({"untimed": True} if self.untimed else {})  # absent: timed (saves before it read so)

    def mode_state(self) -> dict[str, object]:
        """Everything of :meth:`to_dict` but the game (for storage's ``CurrentGame.mode_state``)."""
        data = self.to_dict()
        del data["game"]
        return data

    def saved(self) -> SavedSession:
        """The session as the save keeps it (storage's ``CurrentGame`` but ``started``)."""
        return SavedSession(
            game_id=self.game_id,
            mode=self.mode,
            preset=str(self.game.rules),
            layout=self.game.layout.number,
            game=self.game.to_dict(),
            score=self.score,
            seconds=self.clock.elapsed_ms / 1000,
            best_chain=self.best_chain,
            redeals_used=self.game.redeals,
            mode_state=self.mode_state(),
        )

    def _restore_common(self, data: Mapping[str, object]) -> None:
        self.game_id = get_str(data, "game_id", self.game_id) or self.game_id
        self.pause_reason = get_str(data, "pause_reason", "")
        self.finished = get_bool(data, "finished", False)
        self.abandoned = get_bool(data, "abandoned", False)
        self.hints_used = get_int(data, "hints_used", 0, high=10**9)
        self.computer_moves = get_int(data, "computer_moves", 0, high=10**9)
        self.untimed = get_bool(data, "untimed", False)
        if self.finished:
            self.clock.pause()


def check_header(data: Mapping[str, object], mode: str) -> None:
    if not isinstance(data, Mapping):
        raise StateError("a saved session must be a table")
    schema = data.get("schema")
    if schema != SESSION_SCHEMA:
        raise StateError(
            f"saved session schema {schema!r} is not supported (this game reads {SESSION_SCHEMA})"
        )
    if data.get("mode") != mode:
        raise StateError(f"the saved session is a {data.get('mode')!r} game, not {mode!r}")


def restore_game(data: Mapping[str, object], get_layout: LayoutGetter | None) -> Game:
    game_data = data.get("game")
    if not isinstance(game_data, Mapping):
        raise StateError("the saved session has no game")
    number = game_data.get("layout")
    if not isinstance(number, int) or isinstance(number, bool):
        raise StateError(f"the saved game's layout must be a number, not {number!r}")
    if get_layout is None:  # the classic pyramid is the engine's own; others come from the caller
        get_layout = classic_only
    try:
        layout = get_layout(number)
    except ValueError as exc:
        raise StateError(f"the saved game's layout: {exc}") from None
    return Game.from_dict(game_data, layout)


def get_int(
    data: Mapping[str, object],
    key: str,
    default: int | None = None,
    low: int = 0,
    high: int | None = None,
) -> int:
    """A whole number from a saved session, from ``low`` to ``high``; big numbers (seeds) may be
    saved as text of ASCII digits. Anything else raises :class:`StateError` naming the field."""
    if key not in data:
        if default is None:
            raise StateError(f"the saved session is missing '{key}'")
        return default
    value = data[key]
    if isinstance(value, str):  # big numbers are saved as text: ASCII digits only ("²" is not 2)
        if not (value.isascii() and value.isdigit()):
            raise StateError(f"'{key}' must be a whole number, not {value[:40]!r}")
        if len(value) > SEED_DIGITS:
            raise StateError(
                f"'{key}' is a number of {len(value)} digits: at most {SEED_DIGITS} make sense"
            )
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        raise StateError(f"'{key}' must be a whole number, not {value!r}")
    if value < low:
        raise StateError(f"'{key}' must be at least {low}, not {value}")
    if high is not None and value > high:
        raise StateError(f"'{key}' must be at most {high}, not {value}")
    return value


def get_elapsed(data: Mapping[str, object]) -> int:
    """The saved clock's elapsed time: whole milliseconds, from 0 to a year."""
    return get_int(data, "elapsed_ms", high=MAX_ELAPSED_MS)


def get_bool(data: Mapping[str, object], key: str, default: bool | None = None) -> bool:
    if key not in data:
        if default is None:
            raise StateError(f"the saved session is missing '{key}'")
        return default
    value = data[key]
    if not isinstance(value, bool):
        raise StateError(f"'{key}' must be true or false, not {value!r}")
    return value


def get_str(data: Mapping[str, object], key: str, default: str | None = None) -> str:
    if key not in data:
        if default is None:
            raise StateError(f"the saved session is missing '{key}'")
        return default
    value = data[key]
    if not isinstance(value, str):
        raise StateError(f"'{key}' must be text, not {value!r}")
    return value
