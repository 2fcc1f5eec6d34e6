"""A minimal session for the table until :mod:`desert_pyramid.modes` lands on main.

It has the method names of docs/interfaces.md (Modes): ``game``, ``play``, ``undo``,
``update(dt_ms)``, ``pause``/``resume``, ``paused``, ``finished``, ``hud()``, ``results()``.
It wraps one :class:`Game` and keeps the clock of a Practice deal: the clock starts with the first
move (seed 003), runs only while the table is in play, and never reads the system clock.
"""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from desert_pyramid.catalog import get_layout, load_layout_file
from desert_pyramid.engine import Event, Game, Layout, Move, encode_deal_code, timed_score
from desert_pyramid.engine.rules import Scoring
from desert_pyramid.resources_path import resource_path

#: Frame times above this are counted as this much (a stalled frame must not eat the clock).
MAX_STEP_MS = 250


class TableSession(Protocol):
    """What the table needs from a session (the modes sessions have the same names)."""

    @property
    def game(self) -> Game: ...

    def play(self, move: Move) -> list[Event]: ...

    def undo(self) -> list[Event]: ...

    def update(self, dt_ms: int) -> None: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    @property
    def paused(self) -> bool: ...

    @property
    def finished(self) -> bool: ...

    def hud(self) -> dict[str, str]: ...

    def results(self) -> Mapping[str, Any]: ...


def clock_text(ms: int) -> str:
    """``75_000`` → ``"1:15"``; an hour or more → ``"1:02:03"``."""
    s = max(0, ms) // 1000
    h, rest = divmod(s, 3600)
    m, sec = divmod(rest, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


def number_text(n: int) -> str:
    return f"{n:,}"


@dataclass
class LocalSession:
    """One deal of Practice (or a placeholder for a mode that is not built yet)."""

    _game: Game
    mode: str = "practice"  # practice, expedition, daily
    title: str = "Practice"
    note: str = ""  # shown once when the table opens (placeholders say what is missing)
    elapsed_ms: int = 0
    game_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    started: str = field(default_factory=lambda: datetime.date.today().isoformat())  # the local date
    _paused: bool = False
    _started: bool = False

    @property
    def game(self) -> Game:
        return self._game

    @property
    def timed(self) -> bool:
        """Whether the clock counts for the score (a paused table then hides its cards)."""
        return self.mode in ("expedition", "daily") or self._game.rules.scoring == Scoring.TIMED

    @property
    def code(self) -> str:
        g = self._game
        return encode_deal_code(g.deal, g.rules, g.layout.number)

    # -- moves ----------------------------------------------------------------------------------
    def play(self, move: Move) -> list[Event]:
        events = self._game.play(move)
        self._started = True
        return events

    def undo(self) -> list[Event]:
        return self._game.undo()

    def redo(self) -> list[Event]:
        events = self._game.redo()
        self._started = True
        return events

    # -- the clock ------------------------------------------------------------------------------
    def update(self, dt_ms: int) -> None:
        if self._paused or self.finished or not self._started:
            return
        self.elapsed_ms += max(0, min(MAX_STEP_MS, int(dt_ms)))

    def pause(self) -> None:
        self._paused = True

    def resume(self) -> None:
        self._paused = False

    @property
    def paused(self) -> bool:
        return self._paused

    @property
    def finished(self) -> bool:
        return self._game.won

    # -- what the HUD and the results show --------------------------------------------------------
    @property
    def score(self) -> int:
        g = self._game
        if g.rules.scoring == Scoring.TIMED:
            return timed_score(g.points, self.elapsed_ms / 1000, g.won)
        return g.score

    def hud(self) -> dict[str, str]:
        g = self._game
        out: dict[str, str] = {}
        if g.rules.scoring == Scoring.CLASSIC:
            out["cards"] = str(g.cards_left)
        else:
            out["score"] = number_text(self.score)
            out["chain"] = f"{g.chain}"
        if g.multiplier > 1:
            out["multiplier"] = f"×{g.multiplier}"
        out["moves"] = str(g.moves)
        out["time"] = clock_text(self.elapsed_ms)
        return out

    def results(self) -> dict[str, Any]:
        g = self._game
        return {
            "mode": self.mode,
            "title": self.title,
            "won": g.won,
            "score": self.score,
            "score_label": "Cards left" if g.rules.scoring == Scoring.CLASSIC else "Score",
            "time": clock_text(self.elapsed_ms),
            "moves": g.moves,
            "best_chain": g.best_chain,
            "layout": f"{g.layout.number}: {g.layout.name}",
            "rules": str(g.rules),
            "code": self.code,
        }



def layout_number(number: int) -> Layout:
    """Layout ``number``, reading only its own file when it can (the catalogue reads all 55 files
    to find one, which costs the first frame a quarter of a second); else the catalogue's answer."""
    files = sorted(resource_path("layouts").glob(f"{number:03d}_*.toml"))
    if len(files) == 1:
        layout = load_layout_file(files[0])
        if layout.number == number:
            return layout
    return get_layout(number)
