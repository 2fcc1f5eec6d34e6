"""Plain records that the modes hand to progression: a finished game and a finished trek.

A *game* is one deal: one Practice deal, one Daily, or one pyramid of an Expedition. Its
``game_id`` is unique per attempt (the modes make it when the deal starts); recording the same id
twice is a no-op, so an undo and a re-clear, or a replay of the results screen, never counts twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from desert_pyramid.engine.errors import GameCodeClaimError
from desert_pyramid.engine.gamecode import check_game_code_claims
from desert_pyramid.engine.reading import TEXT_MAX as TEXT_MAX
from desert_pyramid.engine.reading import is_iso_date as is_iso_date
from desert_pyramid.engine.reading import is_save_date as is_save_date

# the modes are the modes layer's one list (re-exported for the progression package)
from desert_pyramid.modes.results import MODES as MODES
from desert_pyramid.modes.results import Mode as Mode
from desert_pyramid.modes.results import Results
from desert_pyramid.modes.streak import EARLIEST, LATEST

Outcome = Literal["won", "lost", "abandoned"]

OUTCOMES: tuple[Outcome, ...] = get_args(Outcome)


class ProgressError(ValueError):
    """Progress data that cannot be right (a streak longer than the calendar, a date in year
    9999): raised while building progress from a file, so that storage treats the file as
    damaged instead of letting arithmetic overflow later."""


# The bounds of what progress holds. Far above anything a player reaches, far below what would
# overflow or stall: a file beyond them is damaged.
COUNT_MAX = 10_000_000  # games won, lost, pyramids cleared, treks (a game takes 30 s at least)
SCORE_MAX = 1_000_000_000  # one game's or one trek's score
SECONDS_MAX = 1e9  # a game's time (31 years)
CHAIN_MAX = 1_000  # a chain, redeals used (a deal has 52 cards)
PYRAMID_MAX = 100_000  # a pyramid's number in its trek
LAYOUT_MAX = 999  # layout numbers (the files are NNN_name.toml)
GAME_CODE_MAX = 8_000  # characters of a game code (a 500-move game takes a few hundred)
_GAME_CODE_CHARS = frozenset("DG-0123456789ABCDEFGHJKMNPQRSTVWXYZ")


def check_game_code(name: str, value: object) -> None:
    """A game code as progress keeps it: empty (none), or ``DG-`` and code characters whose
    claims (the number of moves above all) are within what a game holds: a code that claims two
    billion moves is refused here, not replayed when the player asks to watch it."""
    if value == "":
        return
    if (
        not isinstance(value, str)
        or len(value) > GAME_CODE_MAX
        or not value.startswith("DG-")
        or not _GAME_CODE_CHARS.issuperset(value)
    ):
        shown = (
            value if not isinstance(value, str) else value[:40] + ("…" if len(value) > 40 else "")
        )
        raise ValueError(
            f"{name} must be a game code (DG-…) of at most {GAME_CODE_MAX:,} characters, not {shown!r}"
        )
    try:
        check_game_code_claims(value)
    except GameCodeClaimError as exc:
        raise ValueError(f"{name}: {exc}") from None


def _check_text(name: str, value: object) -> None:
    if not isinstance(value, str) or not value or len(value) > TEXT_MAX:
        raise ValueError(
            f"{name} must be a non-empty text of at most {TEXT_MAX} characters, not {value!r}"
        )


def _check_count(name: str, value: object, maximum: int = COUNT_MAX) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= maximum:
        raise ValueError(f"{name} must be a whole number from 0 to {maximum:,}, not {value!r}")


def _check_date(name: str, value: object, *, optional: bool = False) -> None:
    if optional and value == "":
        return
    if not isinstance(value, str) or not is_save_date(value):
        raise ValueError(
            f"{name} must be a date YYYY-MM-DD from {EARLIEST} to {LATEST}, not {value!r}"
        )


def _check_seconds(name: str, value: object) -> None:
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not (0 <= value < SECONDS_MAX)
    ):
        raise ValueError(f"{name} must be a number of seconds >= 0, not {value!r}")


def _check_flag(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be true or false, not {value!r}")


def _check_layout(value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= LAYOUT_MAX:
        raise ValueError(f"layout must be a layout number from 1 to {LAYOUT_MAX}, not {value!r}")


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished deal.

    ``outcome``: "won" (layout cleared), "lost" (stuck and given up, or the sunset ended the
    Expedition on this pyramid) or "abandoned" (left unfinished, skipped). Both "lost" and
    "abandoned" count as a loss.
    ``pyramid_number``: in an Expedition, this pyramid's number in its trek (1, 2, ...); since a skip
    keeps the number, clearing pyramid k means k pyramids cleared in this trek. 0 elsewhere.
    ``date``: the player's local date when the game ended. ``deal_date``: for a Daily, the date of
    the daily deal; the day streak counts a clear only when ``deal_date == date``.
    ``untimed``: an Expedition pyramid or Daily played without the clock: its statistics are kept
    under a key of their own (:class:`~desert_pyramid.progression.stats.StatsKey`).
    ``assisted``: the computer played at least one of its moves (autoplay): counted in the
    statistics as played, but it earns nothing (no pyramid toward the relics, no relic, no back).
    """

    game_id: str
    mode: Mode
    preset: str
    layout: int
    outcome: Outcome
    score: int
    seconds: float
    best_chain: int
    redeals_used: int
    date: str
    pyramid_number: int = 0
    deal_date: str = ""
    trek_id: str = ""
    game_code: str = ""  # the whole game, to watch again ("" when unknown)
    untimed: bool = False
    assisted: bool = False

    def __post_init__(self) -> None:
        _check_text("game_id", self.game_id)
        _check_flag("untimed", self.untimed)
        _check_flag("assisted", self.assisted)
        check_game_code("game_code", self.game_code)
        if self.mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {self.mode!r}")
        _check_text("preset", self.preset)
        _check_layout(self.layout)
        if self.outcome not in OUTCOMES:
            raise ValueError(f"outcome must be one of {', '.join(OUTCOMES)}, not {self.outcome!r}")
        _check_count("score", self.score, SCORE_MAX)
        _check_seconds("seconds", self.seconds)
        _check_count("best_chain", self.best_chain, CHAIN_MAX)
        _check_count("redeals_used", self.redeals_used, CHAIN_MAX)
        _check_date("date", self.date)
        _check_count("pyramid_number", self.pyramid_number, PYRAMID_MAX)
        _check_date("deal_date", self.deal_date, optional=True)
        if self.trek_id:
            _check_text("trek_id", self.trek_id)

    @property
    def won(self) -> bool:
        return self.outcome == "won"


@dataclass(frozen=True, slots=True)
class TrekResult:
    """One finished Expedition (the sunset came, or the player left it)."""

    trek_id: str
    pyramids_cleared: int
    score: int
    best_chain: int
    seconds: float
    date: str
    preset: str = "desert"
    layout: int = 1
    untimed: bool = False  # no daylight: kept apart, and no trek card back (they reward speed)
    assisted: bool = False  # the computer played some of it: it earns no card back

    def __post_init__(self) -> None:
        _check_text("trek_id", self.trek_id)
        _check_flag("untimed", self.untimed)
        _check_flag("assisted", self.assisted)
        _check_count("pyramids_cleared", self.pyramids_cleared, PYRAMID_MAX)
        _check_count("score", self.score, SCORE_MAX)
        _check_count("best_chain", self.best_chain, CHAIN_MAX)
        _check_seconds("seconds", self.seconds)
        _check_date("date", self.date)
        _check_text("preset", self.preset)
        _check_layout(self.layout)


# -- a session's results as records ---------------------------------------------------------------


def _mode(text: str) -> Mode:
    if text not in MODES:
        raise ProgressError(f"mode: {text!r} is not one of {', '.join(MODES)}")
    return text


def _outcome(text: str) -> Outcome:
    if text not in OUTCOMES:
        raise ProgressError(f"outcome: {text!r} is not one of {', '.join(OUTCOMES)}")
    return text


def game_results(results: Results, date: str) -> list[GameResult]:
    """The games a session's results count: one, or one per pyramid of a trek. ``date`` is the
    player's local date; ``preset`` is the exact rules text (``desert``, ``classic+p1``)."""
    mode = _mode(results.mode)
    if mode == "expedition":
        return [
            GameResult(
                game_id=p.game_id,
                mode=mode,
                preset=results.rules,
                layout=results.layout,
                outcome=_outcome(p.outcome),
                score=p.score,
                seconds=p.elapsed_ms / 1000,
                best_chain=p.best_chain,
                redeals_used=p.redeals_used,
                date=date,
                pyramid_number=p.number,
                trek_id=results.trek_id,
                game_code=p.game_code,
                untimed=results.untimed,
                assisted=results.assisted,
            )
            for p in results.pyramids
        ]
    return [
        GameResult(
            game_id=results.game_id,
            mode=mode,
            preset=results.rules,
            layout=results.layout,
            outcome=_outcome(results.outcome),
            score=results.score,
            seconds=results.elapsed_ms / 1000,
            best_chain=results.best_chain,
            redeals_used=results.redeals_used,
            date=date,
            deal_date=results.date,
            game_code=results.game_code,
            untimed=results.untimed,
            assisted=results.assisted,
        )
    ]


def trek_result(results: Results, date: str) -> TrekResult:
    """The trek an Expedition's results count."""
    return TrekResult(
        trek_id=results.trek_id,
        pyramids_cleared=results.pyramids_cleared,
        score=results.score,
        best_chain=results.best_chain,
        seconds=results.elapsed_ms / 1000,
        date=date,
        preset=results.rules,
        layout=results.layout,
        untimed=results.untimed,
        assisted=results.assisted,
    )
