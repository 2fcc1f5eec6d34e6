"""The voice: the chosen backend, the speech log, and what happens when speech fails.

A setting chooses (:data:`CHOICES`): ``auto`` speaks only while a screen reader runs, ``off`` never,
``on`` with the first backend that answers here, or one backend by name. The backend is opened
lazily, at the first announcement, and tried first: a backend with a ``probe`` says a silent message
with a time limit (:data:`PROBE_SECONDS`) in a thread of its own while the game goes on; the
announcements made meanwhile wait (the newest only) and are said by the backend that answers. With
``on`` and ``auto`` a backend that is missing, fails its probe (speech-dispatcher with no sound
device: it takes messages and never says them) or fails later is passed over for the next (eSpeak
NG), which says so first, out loud. When no backend is left, or the one chosen by name fails, the
voice goes quiet (the game goes on), keeps one notice for the screen (:meth:`Voice.take_notice`),
says it through another voice that answers where there is one, else asks for a sound
(:meth:`Voice.take_alarm`), and stays quiet until :meth:`Voice.retry`. Every backend is handed the
player's language. The log (``--speech-log``) receives every announcement, spoken or not.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable

from desert_pyramid.i18n import _, current_language
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


#: How long a backend has to say its probe before the next one is tried (s).
PROBE_SECONDS = 3.0
#: How much longer a probe's thread may run before it is given up (its own limit ends it first).
PROBE_GRACE = 1.0


def _close(backend: Backend) -> None:
    try:
        backend.close()
    except Exception:  # a backend's own surprise never stops the game
        pass


class _Probe:
    """One backend tried: its probe run by a thread of its own (at once when it has none)."""

    def __init__(self, name: str, backend: Backend, language: str, limit: float) -> None:
        self.name = name
        self.backend = backend
        self.error: str | None = None
        self.started = time.monotonic()
        self.done = threading.Event()
        probe = getattr(backend, "probe", None)
        if probe is None:  # nothing to try first (a screen reader, the tests' stand-ins)
            self.done.set()
            return
        threading.Thread(
            target=self._run,
            args=(probe, language, limit),
            name=f"speech-probe {name}",
            daemon=True,
        ).start()

    def _run(self, probe: Callable[[str, float], None], language: str, limit: float) -> None:
        try:
            probe(language, limit)
        except SpeechError as exc:
            self.error = str(exc)
        except Exception as exc:  # a backend's own surprise never stops the game
            self.error = f"{self.name} failed: {exc}"
        finally:
            self.done.set()


class _Opening:
    """The backends tried one after the other, each with its probe, until one answers."""

    def __init__(
        self,
        names: tuple[str, ...],
        factory: Callable[[str], Backend],
        language: Callable[[], str],
        limit: float,
    ) -> None:
        self.queue = list(names)
        self.factory = factory
        self.language = language
        self.limit = limit
        self.failed: list[tuple[str, str]] = []  # (name, why) of each one passed over
        self.probe: _Probe | None = None
        self.found = ""  # the name of the backend that answered

    def step(self) -> Backend | bool:
        """The backend that answered; ``True`` while one is being tried; ``False`` when none is
        left. Never waits."""
        while True:
            if self.probe is None:
                if not self.queue:
                    return False
                name = self.queue.pop(0)
                try:
                    backend = self.factory(name)
                except SpeechError as exc:
                    self.failed.append((name, str(exc)))
                    continue
                except Exception as exc:  # a backend's own surprise never stops the game
                    self.failed.append((name, f"{name} failed: {exc}"))
                    continue
                self.probe = _Probe(name, backend, self.language(), self.limit)
            probe = self.probe
            if not probe.done.is_set():
                if time.monotonic() - probe.started < self.limit + PROBE_GRACE:
                    return True
                probe.error = probe.error or f"{probe.name} does not answer"
            self.probe = None
            if probe.error is None:
                self.found = probe.name
                return probe.backend
            self.failed.append((probe.name, probe.error))
            _close(probe.backend)

    def reasons(self) -> str:
        return "; ".join(why for _, why in self.failed)

    def close(self) -> None:
        if self.probe is not None:
            _close(self.probe.backend)
            self.probe = None
        self.queue = []


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
        language: Callable[[], str] = current_language,
        probe_seconds: float = PROBE_SECONDS,
    ) -> None:
        self.choice = choice if choice in CHOICES else "auto"
        self.log = log
        self.factory = factory
        self.reader = reader
        self.order = order if order is not None else default_order()
        self.language = language
        self.probe_seconds = probe_seconds
        self.backend: Backend | None = None
        self._backend_name = ""  # the name it was opened by (the order's)
        self._passed: set[str] = set()  # the names that failed since the choice or F2
        self.broken = ""  # why the voice is quiet after a failure ("" when it is not)
        self._reader_seen: bool | None = None
        self._notice: str | None = None
        self._alarm = False
        self._opening: _Opening | None = None  # the backends being tried
        self._pending: str | None = None  # the newest announcement, waiting for a backend
        self._herald: _Opening | None = None  # another voice tried, to say a failure aloud
        self._herald_text = ""
        self._herald_backend: Backend | None = None
        self.spoken = 0  # announcements handed to a backend

    # -- the choice --------------------------------------------------------------------------------
    def configure(self, choice: str) -> None:
        """A new setting: the next announcement opens the backend it names."""
        choice = choice if choice in CHOICES else "auto"
        if choice != self.choice:
            self.choice = choice
            self._drop()
            self._passed = set()
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

    @property
    def probing(self) -> bool:
        """Whether a backend is being tried now (the announcements wait for it)."""
        return self._opening is not None

    # -- saying ------------------------------------------------------------------------------------
    def say(self, text: str) -> None:
        """Say ``text``, interrupting what was being said; never raises, never waits."""
        text = " ".join(text.split())
        if not text:
            return
        if self.log is not None:
            try:
                self.log.speak(text, self.language())
            except SpeechError as exc:
                self.log = None
                # TRANSLATORS: {error} is the system's own message, in English.
                self._notice = _("The speech log stopped: {error}.").format(error=exc)
        if not self.speaking:
            return
        self._pending = text  # what waits for a backend being tried: the newest only
        self.poll()

    def poll(self) -> None:
        """Go on trying backends (every frame, and on every announcement): the one that answers
        says what waits. Never waits itself."""
        self._poll_herald()
        if not self.speaking:
            self._pending = None
            return
        if self.backend is None:
            if self._opening is None:
                self._opening = _Opening(
                    self._names(), self.factory, self.language, self.probe_seconds
                )
            found = self._opening.step()
            if found is True:
                return
            opening, self._opening = self._opening, None
            if found is False:
                self._fail(opening.reasons() or "no speech backend here")
                return
            assert not isinstance(found, bool)
            self.backend, self._backend_name = found, opening.found
            if opening.failed:  # passed over: said first, by the voice that answered
                why = opening.reasons()
                # TRANSLATORS: {why} is what failed, in the backend's own (English) words;
                # {name} the voice that speaks instead (espeak-ng)
                told = _("Speech: {why}; speaking with {name}.").format(why=why, name=found.name)
                self._notice = told
                self._pending = f"{told} {self._pending or ''}".strip()
        text, self._pending = self._pending, None
        if text is None or self.backend is None:
            return
        try:
            self.backend.speak(text, self.language())
            self.spoken += 1
        except SpeechError as exc:
            self._lost(str(exc), text)

    def _names(self, without: tuple[str, ...] = ()) -> tuple[str, ...]:
        names = self.order if self.choice in ("auto", "on") else (self.choice,)
        if self.choice == "auto":  # on because a screen reader runs: it, and no bare voice
            names = tuple("screen-reader-only" if n == "screen-reader" else n for n in names)
        return tuple(n for n in names if n not in without)

    def _lost(self, why: str, text: str) -> None:
        """The backend in use failed: with ``on`` or ``auto`` the next one in the order is tried
        (it says ``text`` and why), else the voice goes quiet."""
        backend, self.backend = self.backend, None
        name = self._backend_name
        if backend is not None:
            _close(backend)
        self._passed.add(name)
        left = self._names(without=tuple(self._passed))
        if self.choice in ("auto", "on") and left:
            self._opening = _Opening(left, self.factory, self.language, self.probe_seconds)
            self._opening.failed.append((name, why))
            self._pending = text
            self.poll()
        else:
            self._fail(why)

    def _fail(self, why: str) -> None:
        self._drop()
        self.broken = why
        # TRANSLATORS: {why} is what failed, in the backend's own (English) words.
        self._notice = _("Speech is off: {why}. F2 tries again.").format(why=why)
        # said aloud where another voice answers (one chosen by name failed), else a sound
        others = tuple(
            n for n in self.order if n != self.choice and self.choice not in ("on", "auto")
        )
        if others:
            self._herald = _Opening(others, self.factory, self.language, self.probe_seconds)
            self._herald_text = self._notice
            self._poll_herald()
        else:
            self._alarm = True

    def _poll_herald(self) -> None:
        if self._herald is None:
            return
        found = self._herald.step()
        if found is True:
            return
        self._herald = None
        if found is False:
            self._alarm = True
            return
        assert not isinstance(found, bool)
        self._herald_backend = found
        try:
            found.speak(self._herald_text, self.language())
        except SpeechError:
            self._alarm = True

    def _drop(self) -> None:
        backend, self.backend = self.backend, None
        if backend is not None:
            _close(backend)
        for opening in (self._opening, self._herald):
            if opening is not None:
                opening.close()
        self._opening = self._herald = None
        herald, self._herald_backend = self._herald_backend, None
        if herald is not None:
            _close(herald)
        self._pending = None

    # -- the player's side ---------------------------------------------------------------------------
    def take_notice(self) -> str | None:
        """What the screen should say once (a failure, a voice passed over), then ``None`` until
        the next one."""
        notice, self._notice = self._notice, None
        return notice

    def take_alarm(self) -> bool:
        """Whether a failure could be said by no voice: the window plays a sound, once."""
        alarm, self._alarm = self._alarm, False
        return alarm

    def retry(self) -> bool:
        """Try again (F2 after a failure, or a screen reader started since): True when a backend
        speaks now or is being tried."""
        self._drop()
        self._passed = set()
        self.broken = ""
        self._reader_seen = None
        if not self.wanted:
            return False
        self.poll()
        return self.backend is not None or self._opening is not None

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
