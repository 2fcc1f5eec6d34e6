"""The voice: the chosen backend, the speech log, and what happens when speech fails.

A setting chooses (:data:`CHOICES`): ``auto`` speaks only while a screen reader runs, ``off`` never,
``on`` with the first backend that works here, or one backend by name. The backend is opened
lazily, at the first announcement. When it cannot be opened or fails later, the voice goes quiet
(the game goes on), keeps one notice for the screen (:meth:`Voice.take_notice`) and stays quiet
until :meth:`Voice.retry`. The log (``--speech-log``) receives every announcement, spoken or not.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from desert_pyramid.i18n import _
from desert_pyramid.i18n.say import Say, tell

from .backends import (
    BACKEND_NAMES,
    Backend,
    RecordBackend,
    SpeechError,
    available_backends,
    make_backend,
    screen_reader_running,
)

CHOICES: tuple[str, ...] = ("auto", "off", "on", *BACKEND_NAMES)
CHOICE_NAMES = {
    "auto": "Auto",
    "off": "Off",
    "on": "On",
    "screen-reader": "Screen reader",
    "speech-dispatcher": "Speech-dispatcher",
    "espeak-ng": "eSpeak NG",
}


def default_order() -> tuple[str, ...]:
    """The backends ``on`` and ``auto`` try, best first, for this platform."""
    if sys.platform in ("win32", "darwin"):
        return ("screen-reader",)
    return ("speech-dispatcher", "espeak-ng")


class Voice:
    """Says announcements through the chosen backend and writes them to the log."""

    def __init__(
        self,
        choice: str = "auto",
        log: RecordBackend | None = None,
        *,
        factory: Callable[[str], Backend] = make_backend,
        reader: Callable[[], bool] = screen_reader_running,
        order: tuple[str, ...] | None = None,
    ) -> None:
        self.choice = choice if choice in CHOICES else "auto"
        self.log = log
        self.factory = factory
        self.reader = reader
        self.order = order if order is not None else default_order()
        self.backend: Backend | None = None
        self.broken = ""  # why the voice is quiet after a failure ("" when it is not)
        self._reader_seen: bool | None = None
        self._notice: str | None = None
        self.spoken = 0  # announcements handed to a backend

    # -- the choice --------------------------------------------------------------------------------
    def configure(self, choice: str) -> None:
        """A new setting: the next announcement opens the backend it names."""
        choice = choice if choice in CHOICES else "auto"
        if choice != self.choice:
            self.choice = choice
            self._drop()
            self.broken = ""

    @property
    def wanted(self) -> bool:
        """Whether the setting asks for a voice now (``auto``: a screen reader runs)."""
        if self.choice == "off":
            return False
        if self.choice == "auto":
            if self._reader_seen is None:
                self._reader_seen = bool(self.reader())
            return self._reader_seen
        return True

    @property
    def speaking(self) -> bool:
        """Whether announcements are heard (a voice wanted and not broken)."""
        return self.wanted and not self.broken

    # -- saying ------------------------------------------------------------------------------------
    def say(self, text: str) -> None:
        """Say ``text``, interrupting what was being said; never raises."""
        text = " ".join(text.split())
        if not text:
            return
        if self.log is not None:
            try:
                self.log.speak(text)
            except SpeechError as exc:
                self.log = None
                # TRANSLATORS: {error} is the system's own message, in English.
                self._notice = _("The speech log stopped: {error}.").format(error=exc)
        if not self.speaking:
            return
        backend = self.backend or self._open()
        if backend is None:
            return
        try:
            backend.speak(text)
            self.spoken += 1
        except SpeechError as exc:
            self._fail(str(exc))

    def _open(self) -> Backend | None:
        names = self.order if self.choice in ("auto", "on") else (self.choice,)
        if self.choice == "auto":  # on because a screen reader runs: it, and no bare voice
            names = tuple("screen-reader-only" if n == "screen-reader" else n for n in names)
        reasons: list[str] = []
        for name in names:
            try:
                self.backend = self.factory(name)
                return self.backend
            except SpeechError as exc:
                reasons.append(str(exc))
            except Exception as exc:  # a backend's own surprise never stops the game
                reasons.append(f"{name} failed: {exc}")
        self._fail("; ".join(reasons) or "no speech backend here")
        return None

    def _fail(self, why: str) -> None:
        self._drop()
        self.broken = why
        # TRANSLATORS: {why} is what failed, in the backend's own (English) words.
        self._notice = _("Speech is off: {why}. F2 tries again.").format(why=why)

    def _drop(self) -> None:
        backend, self.backend = self.backend, None
        if backend is not None:
            try:
                backend.close()
            except Exception:
                pass

    # -- the player's side ---------------------------------------------------------------------------
    def take_notice(self) -> str | None:
        """What the screen should say once (a failure), then ``None`` until the next one."""
        notice, self._notice = self._notice, None
        return notice

    def retry(self) -> bool:
        """Try again (F2 after a failure, or a screen reader started since): True when a backend
        speaks now."""
        self._drop()
        self.broken = ""
        self._reader_seen = None
        if not self.wanted:
            return False
        return self._open() is not None

    def status(self) -> str:
        """The voice in words, for the screen and the settings."""
        return self.said_status().text()

    def said_status(self) -> Say:
        """:meth:`status` as a sentence worded where it is shown: a toast that shows it follows a
        language chosen while it shows."""
        if self.broken:
            return tell("Speech is off: {why}.", why=self.broken)
        if self.choice == "off":
            return tell("Speech is off.")
        if not self.wanted:
            return tell("Speech is off: no screen reader is running.")
        name = self.backend.name if self.backend is not None else ""
        if name:
            # TRANSLATORS: {name} is the voice's program: espeak-ng, NVDA, say...
            return tell("Speech is on ({name}).", name=name)
        return tell("Speech is on.")

    def available(self) -> list[str]:
        return available_backends()

    def close(self) -> None:
        self._drop()
        if self.log is not None:
            self.log.close()
