"""The speech backends: where an announcement goes.

- :class:`RecordBackend`: a list, or a file with one announcement a line (``--speech-log``);
- :class:`Speechd`: speech-dispatcher through its Python module ``speechd`` (Linux);
- :class:`SpdSay`: speech-dispatcher through its ``spd-say`` command, where the module is missing;
- :class:`Espeak`: the ``espeak-ng`` program (Linux; anywhere it is installed);
- :class:`AccessibleOutput`: the ``accessible_output2`` library (Windows: NVDA, JAWS, SAPI;
  macOS: VoiceOver, the system voice), imported only when it is used.

Every backend's :meth:`Backend.speak` interrupts what it was saying, takes the player's language
(the program's voice for it: ``espeak-ng -v de``, ``spd-say -l de``) and raises
:class:`SpeechError` when it cannot speak (the voice then tries the next one or goes quiet: see
:mod:`.voice`). A backend that can hang (a speech-dispatcher with no sound device takes a message
and never says it) has a ``probe(language, limit)``: a silent message said with a time limit, run by
the voice in a thread of its own, so a voice that does not answer is passed over without holding up
a frame. Nothing POSIX-only is imported here: programs are found with :func:`shutil.which`.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Any, Protocol

#: The backends by the name the settings use, in the order ``auto`` tries them.
BACKEND_NAMES: tuple[str, ...] = ("screen-reader", "speech-dispatcher", "espeak-ng")
#: accessible_output2's outputs that are a voice and not a screen reader.
_VOICES_ONLY = {"sapi5", "sapi4", "apple say", "espeak", "e_speak", "speech dispatcher"}
_LINUX_READERS = ("orca",)  # screen readers whose process shows in /proc
#: The game's languages (i18n.LANGUAGES) as espeak-ng's voices and speech-dispatcher's languages.
ESPEAK_VOICES: dict[str, str] = {
    "en": "en",
    "de": "de",
    "fr": "fr",
    "es": "es",
    "it": "it",
    "pt_BR": "pt-br",
    "pt": "pt-br",
    "ru": "ru",
}
SPD_LANGUAGES: dict[str, str] = {
    "en": "en",
    "de": "de",
    "fr": "fr",
    "es": "es",
    "it": "it",
    "pt_BR": "pt-BR",
    "pt": "pt-BR",
    "ru": "ru",
}
#: What a probe says: nothing heard (no word, no punctuation read out), but a whole message
#: through the voice's sound output, which is where a voice without a sound device hangs.
PROBE_TEXT = "."


def _language(table: dict[str, str], code: str) -> str:
    """``code`` (``pt_BR``, ``de``, ``de_AT``) in ``table``'s terms; English when unknown."""
    return table.get(code) or table.get(code.split("_")[0].split("-")[0], table["en"])


def espeak_voice(code: str) -> str:
    """espeak-ng's ``-v`` for the game's language ``code``."""
    return _language(ESPEAK_VOICES, code)


def spd_language(code: str) -> str:
    """spd-say's ``-l`` (speech-dispatcher's language) for the game's language ``code``."""
    return _language(SPD_LANGUAGES, code)


class SpeechError(Exception):
    """A backend cannot speak (missing, failed, or its screen reader has quit)."""


class Backend(Protocol):
    """Where announcements go."""

    name: str

    def speak(self, text: str, language: str = "en") -> None:
        """Say ``text`` in ``language`` (the game's code: ``de``, ``pt_BR``), interrupting what
        was being said. Raises :class:`SpeechError`."""

    def close(self) -> None:
        """Stop speaking and let go of what the backend holds."""


class Probed(Protocol):
    """A backend that can be tried before it is used (see :mod:`.voice`)."""

    def probe(self, language: str, limit: float) -> None:
        """Say a silent message and wait for it to be said, ``limit`` seconds at most; raises
        :class:`SpeechError` when the voice fails or does not answer in time."""


class RecordBackend:
    """Every announcement kept: in ``lines``, and with ``path`` also written to that file, one a
    line, as soon as it is made (a killed game leaves what it said)."""

    name = "record"

    def __init__(self, path: Path | None = None) -> None:
        self.lines: list[str] = []
        self.path = path
        self._file: IO[str] | None = None
        if path is not None:
            try:
                self._file = open(path, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
            except OSError as exc:
                raise SpeechError(f"cannot write the speech log {path}: {exc.strerror}") from None

    def speak(self, text: str, language: str = "en") -> None:
        line = " ".join(text.split())  # one announcement, one line
        self.lines.append(line)
        if self._file is not None:
            try:
                self._file.write(line + "\n")
                self._file.flush()
            except (OSError, ValueError) as exc:
                self._file = None
                raise SpeechError(f"the speech log cannot be written: {exc}") from None

    def close(self) -> None:
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.close()
            self._file = None


class Speechd:
    """speech-dispatcher through its Python module (``python3-speechd``)."""

    name = "speech-dispatcher"

    def __init__(self) -> None:
        try:
            import speechd  # type: ignore[import-not-found,unused-ignore]
        except ImportError:
            raise SpeechError("the speechd module is not installed") from None
        self._module: Any = speechd
        try:
            self._client: Any = speechd.SSIPClient("desert-pyramid")
        except Exception as exc:  # the module raises its own kinds when the server is absent
            raise SpeechError(f"speech-dispatcher did not answer: {exc}") from None
        self._language = ""

    def _set_language(self, language: str) -> None:
        wanted = spd_language(language)
        if wanted != self._language:
            self._client.set_language(wanted)
            self._language = wanted

    def speak(self, text: str, language: str = "en") -> None:
        try:
            self._client.cancel()
            self._set_language(language)
            self._client.speak(text)
        except Exception as exc:
            raise SpeechError(f"speech-dispatcher stopped: {exc}") from None

    def probe(self, language: str, limit: float) -> None:
        said = threading.Event()
        try:
            self._set_language(language)
            end = self._module.CallbackType.END
            self._client.speak(PROBE_TEXT, callback=lambda *_: said.set(), event_types=(end,))
        except Exception as exc:
            raise SpeechError(f"speech-dispatcher stopped: {exc}") from None
        if not said.wait(limit):
            raise SpeechError("speech-dispatcher does not answer")

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._client.cancel()
            self._client.close()


class _Program:
    """A backend that runs a program per announcement; a new one ends the one before."""

    name = ""
    program = ""

    def __init__(self) -> None:
        found = shutil.which(self.program)
        if found is None:
            raise SpeechError(f"{self.program} is not installed")
        self.exe = found
        self._proc: subprocess.Popen[bytes] | None = None
        self._probing: subprocess.Popen[bytes] | None = None

    def command(self, text: str, language: str = "en") -> list[str]:
        raise NotImplementedError

    def probe_command(self, language: str) -> list[str]:
        """The command of a probe: a silent message, said to the end."""
        return self.command(PROBE_TEXT, language)

    def probe(self, language: str, limit: float) -> None:
        proc = self._run(self.probe_command(language))
        self._probing = proc  # closing the backend (the game quits) ends it too
        try:
            code = proc.wait(limit)
        except subprocess.TimeoutExpired:
            raise SpeechError(f"{self.name} does not answer") from None
        finally:
            self._end_probe()
        if code != 0:
            raise SpeechError(f"{self.program} failed (exit code {code})")

    def _end_probe(self) -> None:
        """The probe's program killed if it still runs (it never outlives its time or the game)."""
        proc, self._probing = self._probing, None
        if proc is not None and proc.poll() is None:
            with contextlib.suppress(OSError):
                proc.kill()
            with contextlib.suppress(subprocess.TimeoutExpired, OSError):
                proc.wait(1.0)

    def _run(self, args: list[str]) -> subprocess.Popen[bytes]:
        try:
            return subprocess.Popen(
                args,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        except OSError as exc:
            raise SpeechError(f"{self.program} could not be started: {exc.strerror}") from None

    def speak(self, text: str, language: str = "en") -> None:
        self.stop()
        proc = self._run(self.command(text, language))
        self._proc = proc

    def wait(self, timeout: float = 10.0) -> int | None:
        """Wait for the last announcement to be said (tests); its exit code."""
        if self._proc is None:
            return None
        try:
            return self._proc.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def stop(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None and proc.poll() is None:
            with contextlib.suppress(OSError):
                proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired, OSError):
                proc.wait(1.0)

    def close(self) -> None:
        self._end_probe()
        self.stop()


class Espeak(_Program):
    """The espeak-ng program; with ``wav``, the speech is written to that file instead of the
    speakers (the audio test)."""

    name = "espeak-ng"
    program = "espeak-ng"

    def __init__(self, wav: Path | None = None) -> None:
        super().__init__()
        self.wav = wav

    def command(self, text: str, language: str = "en") -> list[str]:
        out = ["-w", str(self.wav)] if self.wav is not None else []
        return [self.exe, "-v", espeak_voice(language), "-s", "190", *out, "--", text]


class SpdSay(_Program):
    """speech-dispatcher through its ``spd-say`` command. The cancel and the new message are run
    one after the other by a thread of their own, so a slow server never holds up a frame; while
    one runs, only the newest waiting announcement is kept."""

    name = "speech-dispatcher"
    program = "spd-say"

    def __init__(self) -> None:
        super().__init__()
        self._wanted: tuple[str, str] | None = None
        self._wake = threading.Condition()
        self._closed = False
        self.failure = ""
        self._thread = threading.Thread(target=self._work, name="spd-say", daemon=True)
        self._thread.start()

    def speak(self, text: str, language: str = "en") -> None:
        if self.failure:
            raise SpeechError(self.failure)
        with self._wake:
            self._wanted = (text, language)
            self._wake.notify()

    def _work(self) -> None:
        while True:
            with self._wake:
                while self._wanted is None and not self._closed:
                    self._wake.wait()
                if self._closed:
                    return
                wanted, self._wanted = self._wanted, None
            text, language = wanted or ("", "en")
            try:
                self.stop()  # the last message's client, if it still waits
                cancel = self._run([self.exe, "--cancel"])
                try:
                    cancel.wait(2.0)
                except subprocess.TimeoutExpired:
                    cancel.kill()  # a server that does not answer: never left behind
                    cancel.wait()
                    self.failure = "speech-dispatcher does not answer"
                    continue
                self._proc = self._run(self.command(text, language))
                code = self._proc.wait(5.0)
                if code != 0:
                    self.failure = f"spd-say failed (exit code {code})"
            except subprocess.TimeoutExpired:
                continue  # still handing the message over (the next one ends it)
            except SpeechError as exc:
                self.failure = str(exc)

    def command(self, text: str, language: str = "en") -> list[str]:
        return [self.exe, "-l", spd_language(language), "--", text]

    def probe_command(self, language: str) -> list[str]:
        # --wait: the client returns when the message has been said, not when it is handed over
        return [self.exe, "--wait", "-l", spd_language(language), "--", PROBE_TEXT]

    def close(self) -> None:
        with self._wake:
            self._closed = True
            self._wake.notify()
        self._end_probe()
        self._thread.join(8.0)  # the cancel (2 s at most) and the message under way end first
        self.stop()


class AccessibleOutput:
    """The player's screen reader or the system voice through accessible_output2 (Windows and
    macOS; the package is installed there with the game)."""

    name = "screen-reader"

    def __init__(self, need_reader: bool = False) -> None:
        try:
            from accessible_output2.outputs.auto import (  # type: ignore[import-not-found,unused-ignore]
                Auto,
            )
        except Exception:  # ImportError, or a DLL it cannot load
            raise SpeechError("accessible_output2 is not installed") from None
        try:
            self._auto: Any = Auto()
        except Exception as exc:
            raise SpeechError(f"accessible_output2 failed: {exc}") from None
        self.need_reader = need_reader
        if need_reader and not self.reader_active():
            raise SpeechError("no screen reader is running")

    def reader_active(self) -> bool:
        """Whether a screen reader (not a bare voice) is running now."""
        for output in getattr(self._auto, "outputs", ()):
            name = str(getattr(output, "name", "")).lower()
            if name in _VOICES_ONLY:
                continue
            try:
                if output.is_active():
                    return True
            except Exception:
                continue
        return False

    def speak(self, text: str, language: str = "en") -> None:
        # the screen reader speaks in the language its user chose for it
        if self.need_reader and not self.reader_active():
            # chosen because a screen reader ran (Auto): when it quits, the game falls silent
            raise SpeechError("the screen reader has quit")
        try:
            output = self._auto.get_first_available_output()
            if output is None:
                raise SpeechError("the screen reader has quit and no voice is left")
            output.speak(text, interrupt=True)
        except SpeechError:
            raise
        except Exception as exc:
            raise SpeechError(f"the screen reader stopped: {exc}") from None

    def close(self) -> None:
        with contextlib.suppress(Exception):
            output = self._auto.get_first_available_output()
            if output is not None and hasattr(output, "silence"):
                output.silence()


def make_backend(name: str) -> Backend:
    """The backend of that name (``BACKEND_NAMES``); raises :class:`SpeechError` when it cannot
    be used here."""
    if name == "screen-reader":
        return AccessibleOutput()
    if name == "screen-reader-only":  # Auto: the player's screen reader, never a bare voice
        return AccessibleOutput(need_reader=True)
    if name == "speech-dispatcher":
        try:
            return Speechd()
        except SpeechError:
            return SpdSay()
    if name == "espeak-ng":
        return Espeak()
    raise SpeechError(f"there is no speech backend called '{name}'")


def available_backends() -> list[str]:
    """The backends that look usable here (cheap checks: a module or a program present)."""
    out: list[str] = []
    if sys.platform in ("win32", "darwin"):
        import importlib.util

        with contextlib.suppress(ImportError, ValueError):
            if importlib.util.find_spec("accessible_output2") is not None:
                out.append("screen-reader")
    if shutil.which("spd-say") is not None:
        out.append("speech-dispatcher")
    else:
        import importlib.util

        with contextlib.suppress(ImportError, ValueError):
            if importlib.util.find_spec("speechd") is not None:
                out.append("speech-dispatcher")
    if shutil.which("espeak-ng") is not None:
        out.append("espeak-ng")
    return out


def screen_reader_running() -> bool:
    """Whether the player's screen reader is running: NVDA, JAWS... (Windows) or VoiceOver
    (macOS) as accessible_output2 sees them; Orca on Linux (its process)."""
    if os.environ.get("DESERT_PYRAMID_SCREEN_READER") == "1":
        return True  # the player (or a test) says so
    if sys.platform in ("win32", "darwin"):
        try:
            return AccessibleOutput().reader_active()
        except SpeechError:
            return False
    proc = Path("/proc")
    if not proc.is_dir():
        return False
    try:
        for entry in proc.iterdir():
            if not entry.name.isdigit():
                continue
            with contextlib.suppress(OSError):
                if (entry / "comm").read_text(
                    encoding="utf-8", errors="replace"
                ).strip() in _LINUX_READERS:
                    return True
    except OSError:
        return False
    return False
