"""Results records: what a finished (or left) session leaves for the results screen, the
statistics and the progression layer. Frozen, plain values, TOML-able through :meth:`to_dict`
(no ``None`` anywhere: an empty string or 0 means "not this mode")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, fields
from typing import Any, Literal, get_args

from desert_pyramid.engine.errors import StateError
from desert_pyramid.engine.reading import PLAIN_TEXT_MAX, Reader

Mode = Literal["practice", "expedition", "daily"]
MODES: tuple[Mode, ...] = get_args(Mode)  # the game's modes: the one list every layer uses


@dataclass(frozen=True, slots=True)
class PyramidRecord:
    """One pyramid of an Expedition (or the one deal of a Practice or Daily game)."""

    number: int  # 1-based position in the trek; the multiplier (1 outside an Expedition)
    game_id: str  # unique per attempt at a deal
    outcome: (
        str  # "won", "lost" (the sunset came, or stuck and given up) or "abandoned" (skipped, left)
    )
    deal_code: str
    cleared: bool
    skipped: bool
    score: int  # points scored on this pyramid, multiplier included
    elapsed_ms: int  # time spent on it
    best_chain: int
    redeals_used: int
    moves: int
    game_code: str = ""  # the whole game (rules, layout, deal, moves): a replay can be watched

    def to_dict(self) -> dict[str, object]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> PyramidRecord:
        return cls(**_typed(cls, data, "pyramid record"))


@dataclass(frozen=True, slots=True)
class Results:
    """A session's outcome.

    ``won``: Practice and Daily: the deal was won. Expedition: at least one pyramid was cleared
    (each pyramid's own outcome is in ``pyramids``). ``score`` is the mode's headline number:
    Desert points (time bonus included for a Daily, the sum over the trek for an Expedition), the
    relaxed preset's timed points for the timed scoring, and cards left in the layout for the classic scoring
    (``scoring`` says which: ``"desert"``, ``"timed"`` or ``"classic"``).
    ``pyramids_cleared`` counts toward the relics (every mode counts); ``clean_clears`` counts the
    clears without a redeal (a card back). ``abandoned``: the player left an unfinished game (a
    loss). ``assisted``: the computer player made at least one move.
    Daily only: ``date`` (the deal's date), ``played_on`` (the date the session started, which
    decides the streak), ``counts_for_streak`` and ``time_bonus``.
    ``untimed``: an Expedition or Daily played without the clock (no daylight, no time bonus):
    progression keeps it apart from the timed results.
    """

    mode: str
    game_id: (
        str  # unique per attempt (for an Expedition: its last pyramid's; each is in ``pyramids``)
    )
    outcome: str  # "won", "lost" (stuck and given up; the sunset) or "abandoned" (left unfinished)
    preset: str  # the closest preset: desert, classic, strict or relaxed
    rules: str  # the exact rules, e.g. "classic+p1"
    scoring: str
    layout: int
    won: bool
    score: int
    elapsed_ms: int
    best_chain: int
    redeals_used: int
    moves: int
    pyramids_cleared: int
    clean_clears: int
    deal_code: str
    abandoned: bool = False
    assisted: bool = False
    hints_used: int = 0
    date: str = ""
    played_on: str = ""
    counts_for_streak: bool = False
    time_bonus: int = 0
    skips: int = 0
    grade: str = ""
    trek_id: str = ""
    game_code: str = (
        ""  # the deal's whole game (an Expedition's: each pyramid's is in ``pyramids``)
    )
    pyramids: tuple[PyramidRecord, ...] = ()
    untimed: bool = False  # played untimed: kept apart in the statistics, no speed reward

    @property
    def replay_total(self) -> int | None:
        """The total a replay of ``game_code`` ends on, the same as these results show: the
        mode's score for its one deal (a Daily's time bonus, a timed score's time included,
        which the moves alone do not give). ``None`` for an Expedition, whose total is the
        trek's: its replay ends on the last pyramid's own points."""
        return None if self.trek else self.score

    @property
    def trek(self) -> bool:
        """The results of a whole run of pyramids (an Expedition's trek), not of one deal."""
        return self.mode == "expedition"

    @property
    def dated(self) -> bool:
        """The deal of a date (a Daily): the results show the date and its time bonus."""
        return self.mode == "daily"

    @property
    def offers_share(self) -> bool:
        """A cleared Daily: a line to share (``streak.share_line``)."""
        return self.dated and self.won

    @property
    def seconds(self) -> int:
        """Whole seconds taken."""
        return self.elapsed_ms // 1000

    @property
    def lost(self) -> bool:
        return not self.won

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = [p.to_dict() for p in value] if f.name == "pyramids" else value
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Results:
        if not isinstance(data, Mapping):
            raise StateError("results must be a table")
        plain = {k: v for k, v in data.items() if k != "pyramids"}
        values = _typed(cls, plain, "results", skip=("pyramids",))
        raw = data.get("pyramids", [])
        if not isinstance(raw, list):
            raise StateError("results: 'pyramids' must be a list")
        values["pyramids"] = tuple(PyramidRecord.from_dict(p) for p in raw)
        if values["mode"] not in MODES:
            raise StateError(f"results: unknown mode {values['mode']!r}")
        return cls(**values)


def _typed(
    cls: type, data: Mapping[str, object], what: str, skip: tuple[str, ...] = ()
) -> dict[str, Any]:
    """Check a table against a dataclass's fields (int, bool, str), naming what is wrong. The
    keyword arguments of ``cls``: each value checked against its field's type here, at run time
    (hence ``Any``: the check is by the field's declared type, which mypy does not follow)."""
    if not isinstance(data, Mapping):
        raise StateError(f"a {what} must be a table")
    out: dict[str, Any] = {}
    known = {f.name: f for f in fields(cls)}
    for key in data:
        if key not in known:
            raise StateError(f"{what}: unknown field '{key}'")
    saved = Reader(data, what, StateError)
    for name, f in known.items():
        if name in skip:
            continue
        if name not in data:
            if f.default is not MISSING:  # has a default: optional
                continue
            raise StateError(f"{what}: '{name}' is missing")
        want = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")
        if want == "bool":
            out[name] = saved.boolean(name)
        elif want == "int":  # scores and times: bounded by what TOML holds
            out[name] = saved.integer(name, minimum=-(2**63), maximum=2**63 - 1)
        elif want == "str":
            out[name] = saved.text(name, longest=PLAIN_TEXT_MAX)
        else:
            out[name] = data[name]
    return out
