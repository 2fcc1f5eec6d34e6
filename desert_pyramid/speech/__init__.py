"""Speech: the announcements of the game spoken by the player's screen reader or the system's voice,
or written down (``--speech-log``, the tests).

Platform input and output only, with no Arcade and no rule: the application layer
(:mod:`desert_pyramid.app.spoken`) words the announcements, the window hands them to a
:class:`Voice`. Backends are tried lazily: a module or a program missing, a backend failing in the
middle of a game or a screen reader that quits never stops the game; the voice goes quiet, says so
once (:meth:`Voice.take_notice`) and tries again when asked (:meth:`Voice.retry`).
"""

from __future__ import annotations

from .backends import (
    BACKEND_NAMES,
    AccessibleOutput,
    Backend,
    Espeak,
    RecordBackend,
    SpdSay,
    Speechd,
    SpeechError,
    available_backends,
    make_backend,
    screen_reader_running,
)
from .voice import CHOICES, Voice

__all__ = [
    "BACKEND_NAMES",
    "CHOICES",
    "AccessibleOutput",
    "Backend",
    "Espeak",
    "RecordBackend",
    "SpdSay",
    "SpeechError",
    "Speechd",
    "Voice",
    "available_backends",
    "make_backend",
    "screen_reader_running",
]
