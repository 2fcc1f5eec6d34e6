"""The speech backends: where an announcement goes.

- :class:`RecordBackend`: a list, or a file with one announcement a line (``--speech-log``);
- :class:`Speechd`: speech-dispatcher through its Python module ``speechd`` (Linux);
- :class:`SpdSay`: speech-dispatcher through its ``spd-say`` command, where the module is missing;
- :class:`Espeak`: the ``espeak-ng`` program (Linux; anywhere it is installed);
- :class:`AccessibleOutput`: the ``accessible_output2`` library (Windows: NVDA, JAWS, SAPI;
  macOS: VoiceOver, the system voice), imported only when it is used.

Every backend's :meth:`Backend.speak` interrupts what it was saying, and raises
:class:`SpeechError` when it cannot speak (the voice then goes quiet: see :mod:`.voice`).
Nothing POSIX-only is imported here: programs are found with :func:`shutil.which`.
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


class SpeechError(Exception):
    """A backend cannot speak (missing, failed, or its screen reader has quit)."""


class Backend(Protocol):
    """Where announcements go."""

    name: str

    def speak(self, text: str) -> None:
        """Say ``text``, interrupting what was being said. Raises :class:`SpeechError`."""

    def close(self) -> None:
        """Stop speaking and let go of what the backend holds."""


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

    def speak(self, text: str) -> None:
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
        try:
            self._client: Any = speechd.SSIPClient("desert-pyramid")
        except Exception as exc:  # the module raises its own kinds when the server is absent
            raise SpeechError(f"speech-dispatcher did not answer: {exc}") from None

    def speak(self, text: str) -> None:
        try:
            self._client.cancel()
            self._client.speak(text)
        except Exception as exc:
            raise SpeechError(f"speech-dispatcher stopped: {exc}") from None

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

    def command(self, text: str) -> list[str]:
        raise NotImplementedError

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

    def speak(self, text: str) -> None:
        self.stop()
        proc = self._run(self.command(text))
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
        self.stop()


class Espeak(_Program):
    """The espeak-ng program; with ``wav``, the speech is written to that file instead of the
    speakers (the audio test)."""

    name = "espeak-ng"
    program = "espeak-ng"

    def __init__(self, wav: Path | None = None) -> None:
        super().__init__()
        self.wav = wav

    def command(self, text: str) -> list[str]:
        out = ["-w", str(self.wav)] if self.wav is not None else []
        return [self.exe, "-s", "190", *out, "--", text]


class SpdSay(_Program):
    """speech-dispatcher through its ``spd-say`` command. The cancel and the new message are run
    one after the other by a thread of their own, so a slow server never holds up a frame; while
    one runs, only the newest waiting announcement is kept."""

    name = "speech-dispatcher"
    program = "spd-say"

    def __init__(self) -> None:
        super().__init__()
        self._wanted: str | None = None
        self._wake = threading.Condition()
        self._closed = False
        self.failure = ""
        self._thread = threading.Thread(target=self._work, name="spd-say", daemon=True)
        self._thread.start()

    def speak(self, text: str) -> None:
        if self.failure:
            raise SpeechError(self.failure)
        with self._wake:
            self._wanted = text
            self._wake.notify()

    def _work(self) -> None:
        while True:
            with self._wake:
                while self._wanted is None and not self._closed:
                    self._wake.wait()
                if self._closed:
                    return
                text, self._wanted = self._wanted, None
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
                self._proc = self._run(self.command(text or ""))
                code = self._proc.wait(5.0)
                if code != 0:
                    self.failure = f"spd-say failed (exit code {code})"
            except subprocess.TimeoutExpired:
                continue  # still handing the message over (the next one ends it)
            except SpeechError as exc:
                self.failure = str(exc)

    def command(self, text: str) -> list[str]:
        return [self.exe, "--", text]

    def close(self) -> None:
        with self._wake:
            self._closed = True
            self._wake.notify()
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

    def speak(self, text: str) -> None:
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
                if (entry / "comm").read_text().strip() in _LINUX_READERS:
                    return True
    except OSError:
        return False
    return False
