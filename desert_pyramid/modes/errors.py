"""Errors of the modes layer. Every message says what is wrong in words a player reads."""

from __future__ import annotations

from desert_pyramid.engine.errors import EngineError


class ModeError(EngineError):
    """Something a mode cannot do now (a skip after the trek ended, a future daily)."""


class InputError(ModeError):
    """A value typed or pasted by the player (a date, a deal code) that cannot be read.

    Raising it never changes any session: the caller keeps what it had."""
