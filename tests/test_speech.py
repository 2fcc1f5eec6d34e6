"""The speech layer: the backends, the voice's choice, and a game that goes on when speech fails."""

from __future__ import annotations

import array
import os
import shutil
import sys
import time
import wave
from pathlib import Path

import pytest

from desert_pyramid.app.prefs import SPEECH_CHOICES, Settings, SettingsError
from desert_pyramid.speech import (
    CHOICES,
    Espeak,
    RecordBackend,
    SpdSay,
    SpeechError,
    Voice,
    make_backend,
)


class Flaky:
    """A backend that fails after ``good`` announcements (a screen reader that quits)."""

    name = "flaky"

    def __init__(self, good: int) -> None:
        self.good = good
        self.said: list[str] = []
        self.closed = False

    def speak(self, text: str) -> None:
        if len(self.said) >= self.good:
            raise SpeechError("the screen reader has quit")
        self.said.append(text)

    def close(self) -> None:
        self.closed = True


def test_the_settings_offer_every_choice_of_the_voice() -> None:
    assert SPEECH_CHOICES == CHOICES
    assert Settings().speech == "auto"
    assert Settings.from_dict({"speech": "espeak-ng"}).speech == "espeak-ng"
    with pytest.raises(SettingsError, match="'speech' must be one of"):
        Settings.from_dict({"speech": "loud"})
    with pytest.raises(SettingsError, match="'speech' must be text"):
        Settings.from_dict({"speech": 3})


def test_the_record_backend_writes_one_announcement_a_line(tmp_path: Path) -> None:
    path = tmp_path / "said.txt"
    log = RecordBackend(path)
    log.speak("Eight of clubs,\nrow 6 card 2, free.")
    log.speak("Paired the eight of clubs and the five of hearts. ♠ kept")
    assert path.read_text(encoding="utf-8").splitlines() == [
        "Eight of clubs, row 6 card 2, free.",
        "Paired the eight of clubs and the five of hearts. ♠ kept",
    ]
    log.close()
    with pytest.raises(SpeechError, match="cannot write the speech log"):
        RecordBackend(tmp_path)  # a folder


def test_auto_speaks_only_while_a_screen_reader_runs() -> None:
    made: list[str] = []

    def factory(name: str) -> Flaky:
        made.append(name)
        return Flaky(100)

    quiet = Voice("auto", factory=factory, reader=lambda: False, order=("espeak-ng",))
    quiet.say("Stock, 24 cards.")
    assert made == [] and not quiet.speaking
    assert quiet.status() == "Speech is off: no screen reader is running."
    loud = Voice("auto", factory=factory, reader=lambda: True, order=("espeak-ng",))
    loud.say("Stock, 24 cards.")
    assert made == ["espeak-ng"] and loud.spoken == 1
    off = Voice("off", factory=factory, reader=lambda: True)
    off.say("nothing")
    assert made == ["espeak-ng"]


def test_a_missing_backend_leaves_the_game_silent_says_so_once_and_tries_again() -> None:
    tries: list[str] = []
    present = False

    def factory(name: str) -> Flaky:
        tries.append(name)
        if not present:
            raise SpeechError(f"{name} is not installed")
        return Flaky(100)

    log = RecordBackend()
    voice = Voice("on", log, factory=factory, order=("speech-dispatcher", "espeak-ng"))
    voice.say("Free cards: none.")
    assert tries == ["speech-dispatcher", "espeak-ng"]
    notice = voice.take_notice()
    assert notice is not None and "espeak-ng is not installed" in notice and "F2" in notice
    voice.say("Flipped the five of hearts.")  # quiet now: no new try, no new notice
    assert tries == ["speech-dispatcher", "espeak-ng"] and voice.take_notice() is None
    assert log.lines == ["Free cards: none.", "Flipped the five of hearts."]  # the log goes on
    present = True
    assert voice.retry()  # F2
    voice.say("Stock, empty.")
    assert voice.spoken == 1 and voice.speaking


def test_a_backend_failing_mid_game_goes_quiet_and_comes_back_when_asked() -> None:
    backends: list[Flaky] = []

    def factory(name: str) -> Flaky:
        backends.append(Flaky(2))
        return backends[-1]

    voice = Voice("on", factory=factory, order=("screen-reader",))
    for text in ("one", "two", "three", "four"):
        voice.say(text)  # never raises
    assert backends[0].said == ["one", "two"] and backends[0].closed
    assert voice.broken == "the screen reader has quit"
    assert voice.take_notice() == "Speech is off: the screen reader has quit. F2 tries again."
    assert voice.take_notice() is None
    assert voice.retry()
    voice.say("five")
    assert backends[1].said == ["five"]


def test_a_backend_that_raises_anything_never_stops_the_game() -> None:
    def factory(name: str) -> Flaky:
        raise OSError("a DLL that cannot load")

    voice = Voice("on", factory=factory, order=("screen-reader",))
    voice.say("King of spades.")
    notice = voice.take_notice()
    assert notice is not None and "a DLL that cannot load" in notice


def test_an_unknown_backend_name_is_refused_in_words() -> None:
    with pytest.raises(SpeechError, match="no speech backend called 'nvda'"):
        make_backend("nvda")


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="accessible_output2 is there")
def test_the_screen_reader_backend_says_what_is_missing_where_it_cannot_run() -> None:
    with pytest.raises(SpeechError, match="accessible_output2 is not installed"):
        make_backend("screen-reader")


def _rms(path: Path) -> tuple[float, float]:
    """The loudness of a 16-bit wav (root mean square of the samples) and its length in s."""
    with wave.open(str(path)) as w:
        assert w.getsampwidth() == 2
        frames = w.readframes(w.getnframes())
        rate = w.getframerate()
    samples = array.array("h", frames)
    if sys.byteorder == "big":
        samples.byteswap()
    if not samples:
        return 0.0, 0.0
    return (sum(s * s for s in samples) / len(samples)) ** 0.5, len(samples) / rate


@pytest.mark.skipif(
    shutil.which("espeak-ng") is None,
    reason="neither espeak-ng nor speech-dispatcher's espeak-ng voice is installed here",
)
def test_espeak_ng_produces_audio(tmp_path: Path) -> None:
    wav = tmp_path / "said.wav"
    voice = Espeak(wav=wav)
    voice.speak("Paired the eight of clubs and the five of hearts. Chain 3, plus 30.")
    assert voice.wait(20) == 0
    loudness, seconds = _rms(wav)
    assert seconds > 1.0, seconds  # a sentence, not a click
    assert loudness > 300, loudness  # speech, not silence (full scale is 32767)
    silent = tmp_path / "silent.wav"
    quiet = Espeak(wav=silent)
    quiet.speak(" ")
    quiet.wait(20)
    assert _rms(silent)[0] < loudness / 10  # the measure tells silence from speech


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed here")
def test_a_new_announcement_interrupts_the_one_before() -> None:
    voice = Espeak()
    voice.speak("Free cards: " + ", ".join(["eight of clubs"] * 40))
    first = voice._proc
    assert first is not None
    voice.speak("Stock, empty.")
    assert first.poll() is not None  # stopped, not left talking over the new one
    voice.close()


FAKE_SPD_SAY = """#!/bin/sh
if [ "$1" = "--cancel" ]; then exec sleep "$FAKE_CANCEL_S"; fi
echo "$2" >> "$FAKE_SPD_LOG"
"""


@pytest.fixture
def fake_spd_say(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A stand-in spd-say on the PATH: it writes what it is asked to say to a file (a real one
    would start a speech-dispatcher server that outlives the test)."""
    exe = tmp_path / "bin" / "spd-say"
    exe.parent.mkdir()
    exe.write_text(FAKE_SPD_SAY)
    exe.chmod(0o755)
    monkeypatch.setenv("PATH", f"{exe.parent}{os.pathsep}{os.environ.get('PATH', '')}")
    monkeypatch.setenv("FAKE_SPD_LOG", str(tmp_path / "said.txt"))
    monkeypatch.setenv("FAKE_CANCEL_S", "0")
    return tmp_path / "said.txt"


@pytest.mark.skipif(sys.platform == "win32", reason="the stand-in spd-say is a shell script")
def test_speech_dispatcher_takes_announcements_without_holding_up_a_frame(
    fake_spd_say: Path,
) -> None:
    voice = SpdSay()
    start = time.perf_counter()
    for i in range(20):
        voice.speak(f"Flipped the {i} of clubs.")
    assert time.perf_counter() - start < 0.5  # handed over, not waited for
    deadline = time.monotonic() + 10
    while "Flipped the 19 of clubs." not in _read(fake_spd_say) and time.monotonic() < deadline:
        time.sleep(0.05)
    said = _read(fake_spd_say).splitlines()
    assert said[-1] == "Flipped the 19 of clubs."  # the newest is said
    assert len(said) < 20  # those overtaken while waiting were dropped, not queued
    assert voice.failure == ""
    voice.close()
    assert not voice._thread.is_alive()


@pytest.mark.skipif(sys.platform == "win32", reason="the stand-in spd-say is a shell script")
def test_a_speech_dispatcher_that_does_not_answer_is_a_failure_with_nothing_left_behind(
    fake_spd_say: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_CANCEL_S", "30")
    voice = SpdSay()
    voice.speak("Stock, 24 cards.")
    deadline = time.monotonic() + 10
    while not voice.failure and time.monotonic() < deadline:
        time.sleep(0.05)
    assert voice.failure == "speech-dispatcher does not answer"
    with pytest.raises(SpeechError, match="does not answer"):
        voice.speak("Stock, 23 cards.")  # the voice goes quiet and says so (see Voice)
    start = time.monotonic()
    voice.close()
    assert time.monotonic() - start < 5 and not voice._thread.is_alive()


def _read(path: Path) -> str:
    return path.read_text() if path.exists() else ""
