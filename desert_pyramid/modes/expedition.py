"""Expedition: pyramid after pyramid against a sunset clock (docs/modes.md).

- 240 s of daylight at the start. The daylight runs only while the table is in play: pause, a
  menu or a window without focus stops it (and the view hides the cards of a paused table).
- Clearing pyramid k adds max(50, 110 − 10·k) s (100, 90, 80, 70, 60, 50, 50, …) and deals
  pyramid k + 1 at once.
- Pyramid N multiplies every score by N: the engine's ``multiplier`` (pairs, kings, rows and the
  clear bonus, the unused-redeal bonus included). The trek's score is the sum over its pyramids.
- Every pyramid is a deal the solver has proven winnable under Desert rules on layout 1 (see
  :mod:`desert_pyramid.modes.dealing`), so a stuck position can always be undone to a winnable one.
- "Skip this pyramid" costs 30 s of daylight and keeps the pyramid number: the next deal comes
  with the same multiplier. Points already scored on a skipped pyramid stay in the trek's score.
  With 30 s or less left, a skip spends the rest of the daylight and the trek ends.
- At 0 s the trek ends: the results give pyramids cleared, score, best chain and each pyramid.
- Untimed (``untimed=True``, the Settings' Clock row): the daylight does not run and a clear
  adds none; a skip costs none (the skipped pyramid still counts as a loss). The trek ends when
  the player ends it (``abandon()``) or when the pyramid on the table is stuck (the engine's exact
  ``is_stuck``: no removal is possible now or ever by flipping, redealing or the Satchel), which
  takes the sunset's place. Its results are marked ``untimed``.
- A saved trek never has more daylight than its rules allow (:func:`daylight_cap_ms`): a save
  that claims more is damaged and is refused with :class:`StateError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from desert_pyramid.engine import DESERT, Event, Game, Layout, Move, StateError, classic_layout
from desert_pyramid.engine.errors import IllegalMoveError
from desert_pyramid.i18n import N_

from .clock import DAYLIGHT_START_MS, DaylightClock, Sky, clock_text
from .dealing import ChosenDeal, DealFinder, expedition_deal
from .errors import ModeError
from .events import NewPyramid, PyramidCleared, PyramidSkipped, TrekEnded
from .results import PyramidRecord, Results
from .session import (
    LayoutGetter,
    Offers,
    SavedSession,
    Session,
    check_header,
    get_bool,
    get_elapsed,
    get_int,
    get_str,
    new_id,
    random_seed,
    restore_game,
)

SKIP_COST_MS = 30_000


def clear_bonus_ms(k: int) -> int:
    """Daylight added for clearing pyramid ``k`` (1-based): max(50, 110 − 10·k) seconds."""
    return max(50, 110 - 10 * k) * 1000


def daylight_cap_ms(cleared: int) -> int:
    """The most daylight a trek can ever have had after clearing ``cleared`` pyramids: the 240 s
    of the start plus every clear's bonus (daylight left plus daylight spent never exceeds it)."""
    if cleared < 0:
        raise ValueError(f"pyramids cleared cannot be negative ({cleared})")
    first = min(cleared, 5)  # 100, 90, 80, 70, 60 s, then 50 s for every later pyramid
    return (
        DAYLIGHT_START_MS
        + sum(clear_bonus_ms(k) for k in range(1, first + 1))
        + 50_000 * (cleared - first)
    )


SAVED_APART = ("number", "trek_id", "daylight_ms")
"""The trek's state that the save keeps in fields of their own (``SavedSession.pyramid_number``,
``.trek_id``, ``.daylight_ms``), not again in ``mode_state``."""


class ExpeditionSession(Session):
    mode = "expedition"
    name = N_("Expedition")
    opening_timed = N_(
        "Clear pyramids before the sun sets: each clear adds daylight, and pyramid N scores ×N."
    )
    opening_untimed = N_(
        "Clear pyramid after pyramid, untimed: pyramid N scores ×N, and the trek ends "
        "when you end it or a pyramid is stuck."
    )
    offers = Offers(skip=True, end_run=True, after="run")

    def __init__(
        self,
        trek_seed: int | None = None,
        layout: Layout | None = None,
        *,
        finder: DealFinder | None = None,
        daylight_ms: int = DAYLIGHT_START_MS,
        untimed: bool = False,
        _first: ChosenDeal | None = None,
        _game: Game | None = None,
        _clock: DaylightClock | None = None,
    ) -> None:
        if layout is None:
            layout = classic_layout()  # the trek's layout, built by the engine (no file read)
        if trek_seed is None:
            trek_seed = random_seed()
        self.trek_seed = int(trek_seed)
        self.finder = finder
        self.number = 1  # the pyramid on the table (its multiplier)
        self.records: list[PyramidRecord] = []  # pyramids finished (cleared or skipped)
        self.pyramid_started_ms = 0
        self._next: ChosenDeal | None = None
        if _game is None:
            chosen = _first or expedition_deal(self.trek_seed, 0, layout, finder)
            self.deal_index = chosen.index
            _game = Game(layout, DESERT, chosen.deal, multiplier=self.number)
        else:
            self.deal_index = _game.deal.index
        self.daylight: DaylightClock = _clock or DaylightClock(daylight_ms, runs=not untimed)
        super().__init__(_game, self.daylight)
        self.untimed = not self.daylight.runs
        self.trek_id = new_id("trek")

    # -- time -------------------------------------------------------------------------------------
    def update(self, dt_ms: float) -> int:
        used = super().update(dt_ms)
        if not self.finished and self.daylight.expired:
            self._end_trek()
        return used

    @property
    def sky(self) -> Sky:
        return self.daylight.sky

    @property
    def skip_cost_ms(self) -> int:
        """A skip costs :data:`SKIP_COST_MS` of daylight; untimed, nothing."""
        return 0 if self.untimed else SKIP_COST_MS

    @property
    def pulse(self) -> bool:
        """The daylight bar pulses in the last 20 s."""
        return self.daylight.pulse and not self.finished

    # -- the pyramids ---------------------------------------------------------------------------------
    def _after_move(self, move: Move, before: Game | None, events: list[Event]) -> None:
        if not self.game.won:
            if self.untimed and self.game.is_stuck():  # untimed, being stuck is the sunset
                self._end_trek(events)
            return
        k = self.number
        bonus = 0 if self.untimed else clear_bonus_ms(k)
        self.daylight.add(bonus)
        self.records.append(
            self._pyramid_record(
                k, self.daylight.elapsed_ms - self.pyramid_started_ms, outcome="won"
            )
        )
        events.append(PyramidCleared(k, bonus, self.game.points))
        self.number = k + 1
        self._deal_next(events)

    def prepare_next(self) -> ChosenDeal:
        """Search the next pyramid's deal now and keep it (the next clear or skip deals it at once).
        A view may call this between frames, or from a worker thread, after each new pyramid."""
        nxt = self._next
        if nxt is None or nxt.index <= self.deal_index:
            nxt = expedition_deal(
                self.trek_seed, self.deal_index + 1, self.game.layout, self.finder
            )
            self._next = nxt
        return nxt

    def _deal_next(self, events: list[Event]) -> None:
        chosen = self.prepare_next()
        self._next = None
        self.deal_index = chosen.index
        self.game = Game(self.game.layout, DESERT, chosen.deal, multiplier=self.number)
        self.game_id = new_id(self.mode)
        self.pyramid_started_ms = self.daylight.elapsed_ms
        events.append(NewPyramid(self.number))

    def skip(self) -> list[Event]:
        """Skip this pyramid: 30 s of daylight, same pyramid number, a new deal. With 30 s or less
        left the skip takes the rest of the daylight and the trek ends. Untimed, a skip costs no
        daylight (the skipped pyramid still counts as a loss)."""
        if self.finished:
            raise ModeError("the trek is over")
        if self.daylight.paused:
            raise IllegalMoveError("the game is paused: resume to play")
        cost = 0 if self.untimed else self.daylight.spend(SKIP_COST_MS)
        events: list[Event] = [PyramidSkipped(self.number, cost)]
        self.records.append(
            self._pyramid_record(
                self.number,
                self.daylight.elapsed_ms - self.pyramid_started_ms,
                skipped=True,
                outcome="abandoned",
            )
        )
        if self.daylight.expired and not self.untimed:
            self._end_trek(events, recorded=True)
        else:
            self._deal_next(events)
        return events

    def _end_trek(self, events: list[Event] | None = None, recorded: bool = False) -> None:
        if not recorded:
            outcome = "abandoned" if self.abandoned else "lost"
            self.records.append(
                self._pyramid_record(
                    self.number, self.daylight.elapsed_ms - self.pyramid_started_ms, outcome=outcome
                )
            )
        self._finish()
        if events is not None:
            events.append(TrekEnded(self.pyramids_cleared, self.score))

    def abandon(self) -> Results:
        if not self.finished:
            self.abandoned = True
            self._end_trek()
        return self.results()

    # -- figures -----------------------------------------------------------------------------------------
    @property
    def pyramids_cleared(self) -> int:
        return sum(1 for r in self.records if r.cleared)

    @property
    def skips(self) -> int:
        return sum(1 for r in self.records if r.skipped)

    @property
    def score(self) -> int:
        """The trek's score: every finished pyramid's points plus the one on the table."""
        banked = sum(r.score for r in self.records)
        return banked if self.finished else banked + self.game.points

    @property
    def best_chain(self) -> int:
        chains = [r.best_chain for r in self.records]
        if not self.finished:
            chains.append(self.game.best_chain)
        return max(chains, default=0)

    @property
    def outcome(self) -> str:
        """The trek's: ``won`` with a pyramid cleared, else ``abandoned`` if left, else ``lost``."""
        if self.pyramids_cleared:
            return "won"
        return "abandoned" if self.abandoned else "lost"

    def results(self) -> Results:
        return self._results(
            won=self.pyramids_cleared > 0,
            trek_id=self.trek_id,
            deal_code=self.records[0].deal_code if self.records else self.deal_code,
            score=self.score,
            best_chain=self.best_chain,
            redeals_used=sum(r.redeals_used for r in self.records),
            moves=sum(r.moves for r in self.records),
            pyramids_cleared=self.pyramids_cleared,
            clean_clears=sum(1 for r in self.records if r.cleared and r.redeals_used == 0),
            skips=self.skips,
            pyramids=tuple(self.records),
        )

    def saved(self) -> SavedSession:
        """The pyramid's number, the trek's id and the daylight left are fields of their own
        (:data:`SAVED_APART`), saved once: not again in ``mode_state``."""
        base = super().saved()
        state = {k: v for k, v in base.mode_state.items() if k not in SAVED_APART}
        return replace(
            base,
            mode_state=state,
            score=self.game.points,
            pyramid_number=self.number,
            trek_id=self.trek_id,
            daylight_ms=self.daylight.left_ms,
            best_chain=self.game.best_chain,
            seconds=(self.daylight.elapsed_ms - self.pyramid_started_ms) / 1000,
        )

    def hud(self) -> dict[str, str]:
        out = super().hud()
        out["pyramid"] = str(self.number)
        out["multiplier"] = f"×{self.number}"
        out["cleared"] = str(self.pyramids_cleared)
        if not self.untimed:  # untimed: no daylight to show (the time taken is "time")
            out["daylight"] = clock_text(self.daylight.seconds_left * 1000)
            out["sky"] = self.daylight.sky.phase
        return out

    # -- saving ---------------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        data = super().to_dict()
        data.update(
            trek_seed=str(self.trek_seed),  # TOML integers stop at 2^63 - 1
            trek_id=self.trek_id,
            deal_index=self.deal_index,
            number=self.number,
            daylight_ms=self.daylight.left_ms,
            pyramid_started_ms=self.pyramid_started_ms,
            records=[r.to_dict() for r in self.records],
        )
        return data

    @classmethod
    def from_dict(
        cls,
        data: Mapping[str, object],
        get_layout: LayoutGetter | None = None,
        finder: DealFinder | None = None,
    ) -> ExpeditionSession:
        check_header(data, cls.mode)
        game = restore_game(data, get_layout)
        number = get_int(data, "number", low=1)
        if game.multiplier != number:
            raise StateError(f"the saved pyramid {number} has multiplier {game.multiplier}")
        raw = data.get("records", [])
        if not isinstance(raw, list):
            raise StateError("'records' must be a list")
        records = [PyramidRecord.from_dict(r) for r in raw]
        clock = _saved_daylight(data, number, records, untimed=get_bool(data, "untimed", False))
        session = cls(
            get_int(data, "trek_seed"), game.layout, finder=finder, _game=game, _clock=clock
        )
        session.number = number
        session.deal_index = get_int(data, "deal_index")
        session.pyramid_started_ms = get_int(data, "pyramid_started_ms", 0, high=clock.elapsed_ms)
        session.records = records
        session.trek_id = get_str(data, "trek_id", session.trek_id) or session.trek_id
        session._restore_common(data)
        return session


def _saved_daylight(
    data: Mapping[str, object], number: int, records: list[PyramidRecord], *, untimed: bool = False
) -> DaylightClock:
    """The saved daylight clock, checked against the rules: a trek on pyramid ``number`` has
    cleared ``number - 1`` pyramids, and its daylight left plus the daylight it spent (elapsed
    time and 30 s per skip) is at most :func:`daylight_cap_ms` of them. More is a damaged (or
    edited) save: :class:`StateError`. An untimed trek's daylight never ran: it is still the
    240 s of the start, whatever the time played."""
    cleared = sum(1 for r in records if r.cleared)
    if cleared != number - 1:
        raise StateError(
            f"the saved trek is on pyramid {number} but its records show {cleared} cleared"
        )
    cap = daylight_cap_ms(cleared)
    left = get_int(data, "daylight_ms", high=cap)
    elapsed = get_elapsed(data)
    paused = get_bool(data, "paused", False)
    if untimed:
        if left != DAYLIGHT_START_MS:
            raise StateError(
                f"the saved untimed trek has {left} ms of daylight: its daylight never runs "
                f"({DAYLIGHT_START_MS} ms)"
            )
        return DaylightClock(left, elapsed, paused, runs=False)
    skips = sum(1 for r in records if r.skipped)
    finished = data.get("finished", False) is True
    # every skip of a trek still on the way cost 30 s; the last skip of an ended trek may cost less
    skipped_ms = SKIP_COST_MS * (max(0, skips - 1) if finished else skips)
    if left + elapsed + skipped_ms > cap:
        raise StateError(
            f"the saved daylight ({left} ms left after {elapsed} ms played and {skips} skips) is more than "
            f"a trek with {cleared} pyramids cleared can have: {cap} ms in all"
        )
    return DaylightClock(left, elapsed, paused=paused)
