"""Restoring a saved session (CONTINUE): the one place that knows every session type.

The base module :mod:`.session` knows none of its subclasses; this module reads the saved ``mode``
and hands the data to the matching class's ``from_dict``.
"""

from __future__ import annotations

from collections.abc import Mapping

from desert_pyramid.engine import StateError

from .daily import DailySession
from .dealing import DealFinder
from .expedition import ExpeditionSession
from .practice import PracticeSession
from .session import LayoutGetter, SavedSession, Session

SESSION_TYPES: tuple[type[Session], ...] = (PracticeSession, DailySession, ExpeditionSession)
"""Every session type, one per mode of :data:`~desert_pyramid.modes.results.MODES`."""


def session_from_saved(
    saved: SavedSession,
    get_layout: LayoutGetter | None = None,
    finder: DealFinder | None = None,
) -> Session:
    """Rebuild a session from what the save keeps (storage's ``CurrentGame``): its game, its
    ``mode_state`` and, for an Expedition, the pyramid's number, the trek's id and the daylight
    left, which the save writes once as fields of their own. A save written before they were
    (they were kept in ``mode_state`` as well) reads as it did: its ``mode_state`` copies win."""
    mode_state = saved.mode_state
    if not isinstance(mode_state, Mapping):
        raise StateError("the saved mode state must be a table")
    apart: dict[str, object] = {}
    if mode_state.get("mode") == ExpeditionSession.mode:
        apart = {
            "number": saved.pyramid_number,
            "trek_id": saved.trek_id,
            "daylight_ms": saved.daylight_ms,
        }
    return session_from_dict({**apart, **mode_state, "game": saved.game}, get_layout, finder)


def session_from_current(
    game: Mapping[str, object],
    mode_state: Mapping[str, object],
    get_layout: LayoutGetter | None = None,
    finder: DealFinder | None = None,
) -> Session:
    """Rebuild a session from a saved game and its ``mode_state`` alone (a session's
    :meth:`~desert_pyramid.modes.session.Session.to_dict` but the game): an Expedition's
    ``mode_state`` must then hold its pyramid's number, trek id and daylight (use
    :func:`session_from_saved` for what the save keeps)."""
    if not isinstance(mode_state, Mapping):
        raise StateError("the saved mode state must be a table")
    return session_from_dict({**mode_state, "game": game}, get_layout, finder)


def session_from_dict(
    data: Mapping[str, object],
    get_layout: LayoutGetter | None = None,
    finder: DealFinder | None = None,
) -> Session:
    """Rebuild any saved session (CONTINUE). Raises :class:`StateError` saying what is wrong."""
    if not isinstance(data, Mapping):
        raise StateError("a saved session must be a table")
    mode = data.get("mode")
    if mode == PracticeSession.mode:
        return PracticeSession.from_dict(data, get_layout)
    if mode == DailySession.mode:
        return DailySession.from_dict(data, get_layout)
    if mode == ExpeditionSession.mode:
        return ExpeditionSession.from_dict(data, get_layout, finder)
    raise StateError(f"unknown game mode {mode!r} in the saved session")
