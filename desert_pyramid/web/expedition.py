"""The Expedition in the browser (docs/web.md, "The Expedition"): the clock the page reports, the
trek's figures and moments, and its results in words.

Nothing here decides a rule: the daylight, the clear bonuses, the ×N scoring, the sunset and the
results are the application's (:class:`~desert_pyramid.app.application.Application`'s seat and
:mod:`desert_pyramid.modes.expedition`), as at the desktop. This module turns them into what the
page draws and says, with the desktop's own words (the table's banner, the pause, the results
screen).

The clock: the worker reads no clock. The page measures its own time (one function, ``now()`` in
``web/page.js``, which a test can replace) and reports the milliseconds since its last report
(:func:`elapsed_of`); the seat counts them as the desktop's frames (a report longer than the
suspend gap counts nothing and pauses a timed table).
"""

from __future__ import annotations

import math
from typing import Any

from desert_pyramid.app.ambience import Scene, ambience_gains, ambience_pitches
from desert_pyramid.app.application import Finished
from desert_pyramid.app.seat import Seat
from desert_pyramid.engine import Event, Scored
from desert_pyramid.i18n import _, format_number
from desert_pyramid.modes import ExpeditionSession, NewPyramid, PyramidCleared, PyramidSkipped
from desert_pyramid.modes.clock import MAX_ELAPSED_MS, clock_text

#: the reasons the clock stops (``pause``'s ``reason``) and takes up again (``resume``'s)
PAUSE_REASONS = ("pause", "hidden")
RESUME_REASONS = ("player", "shown")


class ClockError(ValueError):
    """A time report the worker cannot count: the message says what is wrong."""


def elapsed_of(value: object) -> float:
    """The page's time report: milliseconds since its last one, a finite number from 0 to a year
    (:data:`~desert_pyramid.modes.clock.MAX_ELAPSED_MS`). Raises :class:`ClockError` saying what
    is wrong with anything else (text, ``true``, a negative or endless number)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ClockError(f"'elapsed_ms' must be a number of milliseconds, not {value!r}")
    if not math.isfinite(value):
        raise ClockError(f"'elapsed_ms' must be a finite number of milliseconds, not {value!r}")
    if value < 0:
        raise ClockError(f"'elapsed_ms' cannot be negative ({value!r} ms)")
    if value > MAX_ELAPSED_MS:
        raise ClockError(f"'elapsed_ms' of {value!r} ms is more than a year: not a time report")
    return float(value)


def is_trek(seat: Seat | None) -> bool:
    return seat is not None and isinstance(seat.session, ExpeditionSession)


def trek_state(seat: Seat) -> dict[str, Any] | None:
    """The trek's figures for the page (``None`` in another mode): the pyramid and its
    multiplier, pyramids cleared, the daylight left (text, ms, the bar's fraction), the sky's
    light (``dusk``: 0 noon .. 1 night, as the desktop's desert is drawn), its phase, the last
    seconds' pulse, and what a skip costs."""
    session = seat.session
    if not isinstance(session, ExpeditionSession):
        return None
    daylight = session.daylight
    sky = session.sky
    cost_s = session.skip_cost_ms // 1000
    return {
        "pyramid": session.number,
        "multiplier": f"×{session.number}",
        "cleared": session.pyramids_cleared,
        "untimed": session.untimed,
        "daylight": "" if session.untimed else clock_text(daylight.seconds_left * 1000),
        "daylight_ms": daylight.left_ms,
        "fraction": 1.0 if session.untimed else round(daylight.fraction, 4),
        "dusk": 0.0 if session.untimed else round(sky.progress, 4),
        "phase": "noon" if session.untimed else sky.phase,
        "pulse": session.pulse,
        "skip": _("Skip this pyramid (−{seconds} s)").format(seconds=cost_s)
        if cost_s
        else _("Skip this pyramid"),
    }


def ambience_json(seat: Seat) -> dict[str, dict[str, float]]:
    """The desert's sound at this table, as the desktop's window plays it (``app/ambience.py``):
    each layer's share of the ambience volume (``gains``: ``wind``, ``insects``) and its playback
    speed (``pitches``). An Expedition's wind rises and deepens as the sun goes down and the
    insects come in during the last minute; at any other table the wind blows softly. The page
    multiplies the gains by the settings' ``ambience_level`` and stops while the table is
    paused."""
    daylight = seat.daylight
    scene = Scene(daylight_ms=daylight.left_ms if daylight is not None else None)
    gains = ambience_gains(scene)
    pitches = ambience_pitches(scene)
    return {
        "gains": {name: round(value, 4) for name, value in gains.items()},
        "pitches": {name: round(value, 4) for name, value in pitches.items()},
    }


def clock_state(seat: Seat) -> dict[str, Any]:
    """Whether the clock matters (a timed table hides its cards whenever it is paused) and
    whether it is stopped, and why (``pause``, ``focus``: the page hidden, ``suspend``)."""
    return {
        "timed": seat.timed and not seat.finished,
        "paused": seat.paused and not seat.finished,
        "pause_reason": seat.pause_reason if not seat.finished else "",
    }


def moments(events: list[Event]) -> tuple[list[dict[str, Any]], str]:
    """The trek's moments in a move's events, as the desktop's table shows them: a pyramid
    cleared (its banner: "Pyramid 1 cleared!", "+100 s of daylight · +230 points"), a pyramid
    skipped, the next pyramid dealt. Returns them and the message line's words ("" for none)."""
    out: list[dict[str, Any]] = []
    message = ""
    points = sum(e.points for e in events if isinstance(e, Scored) and e.points > 0)
    for e in events:
        if isinstance(e, PyramidCleared):
            seconds = e.bonus_ms // 1000
            parts = []
            if e.bonus_ms:
                parts.append(_("+{seconds} s of daylight").format(seconds=format_number(seconds)))
                message = _("Pyramid {number} cleared: +{seconds} s of daylight.").format(
                    number=e.number, seconds=seconds
                )
            else:
                message = _("Pyramid {number} cleared.").format(number=e.number)
            if points:
                parts.append(_("+{points} points").format(points=format_number(points)))
            out.append(
                {
                    "kind": "cleared",
                    "number": e.number,
                    "bonus_ms": e.bonus_ms,
                    "points": points,
                    "title": _("Pyramid {number} cleared!").format(number=format_number(e.number)),
                    "detail": " · ".join(parts),
                }
            )
        elif isinstance(e, PyramidSkipped):
            if e.cost_ms:
                message = _("Pyramid {number} skipped: {seconds} s of daylight spent.").format(
                    number=e.number, seconds=e.cost_ms // 1000
                )
            else:
                message = _("Pyramid {number} skipped.").format(number=e.number)
            out.append({"kind": "skipped", "number": e.number, "cost_ms": e.cost_ms})
        elif isinstance(e, NewPyramid):
            out.append({"kind": "next", "number": e.number, "multiplier": f"×{e.number}"})
    return out, message


def sunset(seat: Seat) -> dict[str, Any]:
    """The trek's end at the table, as the desktop's: "The sun has set", "The trek ends · score
    1,234" (an untimed trek that ends says so instead)."""
    session = seat.session
    score = format_number(session.score)
    if session.untimed:
        title = _("The untimed trek ends here.")
    else:
        title = _("The sun has set")
    return {
        "kind": "sunset",
        "title": title,
        "detail": _("The trek ends · score {score}").format(score=score),
        "untimed": session.untimed,
    }


def trek_result(done: Finished) -> dict[str, Any]:
    """A finished trek's results as the desktop's results screen has them: its headline ("THE
    SUN HAS SET", or "TREK OVER" for one the player ended), its rows (pyramids cleared, score,
    best chain, skips, time), what it unlocked, and each pyramid."""
    res = done.results
    rows = [
        (_("Pyramids cleared"), format_number(res.pyramids_cleared)),
        (_("Score"), format_number(res.score)),
        (_("Best chain"), format_number(res.best_chain)),
        (_("Skips"), format_number(res.skips)),
        (
            _("Time on the untimed trek") if res.untimed else _("Time on the trek"),
            clock_text(res.elapsed_ms),
        ),
    ]
    unlocked = done.unlocks.messages()
    # TRANSLATORS: a results line read out: what was unlocked and its name
    lines = [_("{what}: {name}").format(what=label, name=value) for label, value in rows]
    return {
        "headline": _("THE SUN HAS SET") if not res.abandoned else _("TREK OVER"),
        "rows": [list(row) for row in rows],
        "unlocked": unlocked,
        "lines": [*lines, *unlocked],
        "pyramids_cleared": res.pyramids_cleared,
        "skips": res.skips,
        "pyramids": [
            {
                "number": p.number,
                "outcome": p.outcome,
                "cleared": p.cleared,
                "skipped": p.skipped,
                "score": p.score,
                "deal_code": p.deal_code,
            }
            for p in res.pyramids
        ],
    }
