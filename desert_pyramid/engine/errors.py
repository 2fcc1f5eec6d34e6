"""The engine's error types. Every message says what is wrong and where, in words a player reads."""

from __future__ import annotations


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input or an illegal move."""


class IllegalMoveError(EngineError):
    """A move that the rules do not allow in this position. The message says why."""


class LayoutError(EngineError):
    """Layout data that breaks the layout format. The message names the source and the slot."""


class DealError(EngineError):
    """A deal in notation that cannot be read: a bad card, a duplicate, a wrong count."""


class DealCodeError(EngineError):
    """A deal code that cannot be read. The message says what is wrong with it."""


class RulesError(EngineError):
    """A rule-set name or option that does not exist, or a bad combination."""


class StateError(EngineError):
    """A saved game that cannot be restored: wrong schema, missing keys, moves that do not replay."""


class GameCodeError(EngineError):
    """A game code that cannot be read. The message says what is wrong with it."""


class LayoutCodeError(EngineError):
    """A layout code that cannot be read, or that holds a layout the engine cannot play."""


class GameCodeClaimError(GameCodeError):
    """A game code that reads but claims more than a game can hold (moves above all)."""
