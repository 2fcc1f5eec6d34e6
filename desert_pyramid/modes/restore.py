"""Restoring a saved session (CONTINUE): the one place that knows every session type.

The base module :mod:`.session` knows none of its subclasses; this module reads the saved ``mode``
and hands the data to the matching class's ``from_dict``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from desert_pyramid.engine import StateError

from .daily import DailySession
from .expedition import ExpeditionSession
from .practice import PracticeSession
from .session import LayoutGetter, Session

SESSION_TYPES: tuple[type[Session], ...] = (PracticeSession, DailySession, ExpeditionSession)
"""Every session type, one per mode of :data:`~desert_pyramid.modes.results.MODES`."""


def session_from_current(
    game: Mapping[str, Any],
    mode_state: Mapping[str, Any],
    get_layout: LayoutGetter | None = None,
    finder: Any = None,
) -> Session:
    """Rebuild a session from storage's ``CurrentGame.game`` and ``.mode_state``."""
    if not isinstance(mode_state, Mapping):
        raise StateError("the saved mode state must be a table")
    return session_from_dict({**mode_state, "game": game}, get_layout, finder)


def session_from_dict(
    data: Mapping[str, Any], get_layout: LayoutGetter | None = None, finder: Any = None
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
