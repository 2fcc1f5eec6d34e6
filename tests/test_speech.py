"""The speech layer: the backends, the voice's choice, and a game that goes on when speech fails."""

from __future__ import annotations

import array
import os
import shutil
import sys
import time
import wave
from collections.abc import Callable
from pathlib import Path
from typing import Any

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
from desert_pyramid.speech.backends import espeak_voice


class Flaky:
    """A backend that fails after ``good`` announcements (a screen reader that quits)."""

    name = "flaky"

    def __init__(self, good: int) -> None:
        self.good = good
        self.said: list[str] = []
        self.closed = False

    def speak(self, text: str, language: str = "en") -> None:
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


@pytest.mark.skipif(sys.platform == "win32", reason="the stand-in espeak-ng is a shell script")
def test_a_new_announcement_interrupts_the_one_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stand-in espeak-ng that takes 30 s to say anything: the next announcement ends it."""
    exe = tmp_path / "espeak-ng"
    exe.write_text("#!/bin/sh\nexec sleep 30\n")
    exe.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ.get('PATH', '')}")
    voice = Espeak()
    voice.speak("Free cards: " + ", ".join(["eight of clubs"] * 40))
    first = voice._proc
    assert first is not None and first.poll() is None  # still talking
    voice.speak("Stock, empty.")
    assert first.poll() is not None  # stopped, not left talking over the new one
    second = voice._proc
    assert second is not None and second.poll() is None
    voice.close()
    assert second.poll() is not None  # closing the game ends what it was saying


FAKE_SPD_SAY = """#!/bin/sh
if [ "$1" = "--cancel" ]; then exec sleep "$FAKE_CANCEL_S"; fi
for a; do last="$a"; done
echo "$last" >> "$FAKE_SPD_LOG"
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


def test_a_speech_log_that_cannot_be_written_any_more_stops_once_and_the_voice_goes_on(
    tmp_path: Path,
) -> None:
    log = RecordBackend(tmp_path / "said.txt")

    class Full:
        def write(self, text: str) -> int:
            raise OSError(28, "No space left on device")

        def flush(self) -> None: ...

        def close(self) -> None: ...

    log._file = Full()  # type: ignore[assignment]  # the disk filled up mid-game
    backend = Flaky(100)
    voice = Voice("on", log, factory=lambda name: backend, order=("espeak-ng",))
    voice.say("Paired the eight of clubs and the five of hearts.")
    voice.say("Flipped the king of spades.")
    notice = voice.take_notice()
    assert notice is not None and "speech log" in notice and "No space left" in notice
    assert voice.take_notice() is None and voice.log is None
    assert backend.said == [
        "Paired the eight of clubs and the five of hearts.",
        "Flipped the king of spades.",
    ]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_or_a_folder_is_refused_as_a_speech_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from desert_pyramid.cli import main

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert main(["--frames", "2", "--speech-log", str(fifo)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "--speech-log" in err and "not a regular file" in err


def test_auto_speaks_through_the_screen_reader_only_and_on_may_use_the_system_voice() -> None:
    asked: list[str] = []

    def factory(name: str) -> Flaky:
        asked.append(name)
        return Flaky(100)

    Voice("auto", factory=factory, reader=lambda: True, order=("screen-reader",)).say("a")
    Voice("on", factory=factory, reader=lambda: False, order=("screen-reader",)).say("b")
    assert asked == ["screen-reader-only", "screen-reader"]


class FakeOutput:
    def __init__(self, name: str, active: bool = True) -> None:
        self.name = name
        self.active = active
        self.said: list[tuple[str, bool]] = []

    def is_active(self) -> bool:
        return self.active

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.said.append((text, interrupt))

    def silence(self) -> None: ...


@pytest.fixture
def fake_ao2(monkeypatch: pytest.MonkeyPatch) -> dict[str, FakeOutput]:
    """accessible_output2 as on Windows with NVDA running (and SAPI, always there)."""
    import types

    outputs = {"nvda": FakeOutput("NVDA"), "sapi": FakeOutput("sapi5")}

    class Auto:
        def __init__(self) -> None:
            self.outputs = [outputs["nvda"], outputs["sapi"]]

        def get_first_available_output(self) -> FakeOutput | None:
            return next((o for o in self.outputs if o.is_active()), None)

    package = types.ModuleType("accessible_output2")
    sub = types.ModuleType("accessible_output2.outputs")
    auto = types.ModuleType("accessible_output2.outputs.auto")
    auto.Auto = Auto  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "accessible_output2", package)
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs", sub)
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs.auto", auto)
    return outputs


def test_the_screen_reader_speaks_and_interrupts(fake_ao2: dict[str, FakeOutput]) -> None:
    backend = make_backend("screen-reader-only")
    backend.speak("Eight of clubs, row 6 card 2, free.")
    assert fake_ao2["nvda"].said == [("Eight of clubs, row 6 card 2, free.", True)]
    assert fake_ao2["sapi"].said == []


def test_a_screen_reader_that_quits_leaves_auto_silent_until_asked(
    fake_ao2: dict[str, FakeOutput], monkeypatch: pytest.MonkeyPatch
) -> None:
    from desert_pyramid.speech import backends

    monkeypatch.setattr(backends.sys, "platform", "win32")
    assert backends.screen_reader_running()
    voice = Voice("auto", order=("screen-reader",))
    voice.say("Stock, 24 cards.")
    fake_ao2["nvda"].active = False  # the player quits NVDA
    voice.say("Flipped the five of hearts.")
    voice.say("Flipped the six of hearts.")
    assert fake_ao2["sapi"].said == []  # not the system voice instead: silence
    notice = voice.take_notice()
    assert notice == "Speech is off: the screen reader has quit. F2 tries again."
    assert not voice.retry()  # F2 with no screen reader: auto stays quiet
    fake_ao2["nvda"].active = True  # NVDA again
    assert voice.retry()
    voice.say("Stock, 23 cards.")
    assert [t for t, _ in fake_ao2["nvda"].said] == ["Stock, 24 cards.", "Stock, 23 cards."]


def test_on_uses_the_system_voice_when_no_screen_reader_runs(
    fake_ao2: dict[str, FakeOutput],
) -> None:
    fake_ao2["nvda"].active = False
    voice = Voice("on", order=("screen-reader",))
    voice.say("King of spades.")
    assert fake_ao2["sapi"].said == [("King of spades.", True)]


def test_the_standalone_build_takes_accessible_output2_where_it_is_installed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import importlib.util

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    try:
        import build_standalone
    finally:
        sys.path.pop(0)
    real = importlib.util.find_spec

    def finder(installed: bool) -> object:
        def find(name: str, *rest: object) -> object:
            if name == "accessible_output2":
                return object() if installed else None
            return real(name, *rest)  # type: ignore[arg-type]

        return find

    for installed in (False, True):
        monkeypatch.setattr(importlib.util, "find_spec", finder(installed))
        args = build_standalone.pyinstaller_args(Path("dist"), Path("work"))
        assert ("accessible_output2" in args) == installed


# -- the voice that answers, in the player's language (issue 40, items 16 and 17) -----------------

needs_posix_fakes = pytest.mark.skipif(
    sys.platform == "win32", reason="the stand-in programs are scripts with a #! line"
)


@pytest.fixture
def fakes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """A folder first on the PATH for stand-in programs, and the file they write their argv to."""
    folder = tmp_path / "bin"
    folder.mkdir()
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ.get('PATH', '')}")
    return folder, tmp_path / "argv.txt"


def _until(done: Callable[[], bool], voice: Voice | None = None, seconds: float = 15.0) -> None:
    """Frames go by (the voice polled as the window does) until ``done``."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "timed out"
        if voice is not None:
            voice.poll()
        time.sleep(0.02)


LANGUAGE_ARGS = [
    ("en", "en", "en"),
    ("de", "de", "de"),
    ("fr", "fr", "fr"),
    ("es", "es", "es"),
    ("it", "it", "it"),
    ("pt_BR", "pt-br", "pt-BR"),
    ("ru", "ru", "ru"),
]


@needs_posix_fakes
@pytest.mark.parametrize(("code", "voice_arg", "spd_arg"), LANGUAGE_ARGS)
def test_the_players_language_reaches_the_programs_command_line(
    fakes: tuple[Path, Path], code: str, voice_arg: str, spd_arg: str
) -> None:
    from .speech_fakes import calls, fake_program

    folder, argv = fakes
    fake_program(folder, "espeak-ng", argv)
    fake_program(folder, "spd-say", argv)
    for choice, program in (("espeak-ng", "espeak-ng"), ("speech-dispatcher", "spd-say")):
        voice = Voice(choice, language=lambda: code, probe_seconds=5)
        voice.say("Flipped the queen of spades.")
        _until(
            lambda p=program: any(  # type: ignore[misc]
                c[0] == p and c[-1] == "Flipped the queen of spades." for c in calls(argv)
            ),
            voice,
        )
        voice.close()
    said = [c for c in calls(argv) if c[-1] == "Flipped the queen of spades."]
    espeak = next(c for c in said if c[0] == "espeak-ng")
    spd = next(c for c in said if c[0] == "spd-say")
    assert espeak[espeak.index("-v") + 1] == voice_arg, espeak
    assert spd[spd.index("-l") + 1] == spd_arg, spd
    # the probes were made in the language too, and waited for (spd-say --wait)
    probes = [c for c in calls(argv) if c[-1] == "."]
    assert any(c[0] == "spd-say" and "--wait" in c and spd_arg in c for c in probes), probes
    assert any(c[0] == "espeak-ng" and voice_arg in c for c in probes), probes


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
@pytest.mark.parametrize("code", ["en", "de", "fr", "es", "it", "pt_BR", "ru"])
def test_espeak_ng_has_a_voice_for_every_language_of_the_game(code: str) -> None:
    Espeak().probe(code, 10.0)  # the real program: an unknown -v exits 1 (a SpeechError)
    bad = Espeak()
    bad.probe_command = lambda language: [bad.exe, "-v", "xx-no-such", "--", "."]  # type: ignore[method-assign]
    with pytest.raises(SpeechError, match="exit code 1"):
        bad.probe(code, 10.0)  # a voice espeak-ng lacks is a failure, told
    assert espeak_voice("xx") == "en" and espeak_voice("de_AT") == "de"


@needs_posix_fakes
def test_on_passes_over_a_speech_dispatcher_that_hangs_to_espeak_ng_and_says_so(
    fakes: tuple[Path, Path],
) -> None:
    """spd-say as with no sound device: it takes the probe and never says it. The frames go on
    (say() returns at once), eSpeak NG is tried after the time limit and says why, then what
    waited; the screen is told too."""
    from .speech_fakes import calls, fake_program

    folder, argv = fakes
    fake_program(folder, "spd-say", argv, hang_on_wait=True)
    fake_program(folder, "espeak-ng", argv)
    voice = Voice("on", order=("speech-dispatcher", "espeak-ng"), language=lambda: "de")
    voice.probe_seconds = 0.5
    start = time.perf_counter()
    voice.say("Desert Pyramid, Titelbildschirm.")
    voice.say("Neues Spiel, Schaltfläche.")  # a second one while the first voice is tried
    assert time.perf_counter() - start < 0.3  # never waited for
    assert voice.probing and voice.backend is None
    _until(lambda: voice.backend is not None, voice)
    assert voice.backend is not None and voice.backend.name == "espeak-ng"
    notice = voice.take_notice()
    assert notice == "Speech: speech-dispatcher does not answer; speaking with espeak-ng."
    _until(lambda: any(c[0] == "espeak-ng" and c[-1] != "." for c in calls(argv)), voice)
    spoken = [c for c in calls(argv) if c[0] == "espeak-ng" and c[-1] != "."]
    assert spoken[0][-1] == f"{notice} Neues Spiel, Schaltfläche."  # the newest that waited
    assert spoken[0][spoken[0].index("-v") + 1] == "de"
    assert not voice.take_alarm() and voice.speaking
    voice.close()


@needs_posix_fakes
def test_a_voice_chosen_by_name_that_hangs_is_told_aloud_by_another_or_by_a_sound(
    fakes: tuple[Path, Path],
) -> None:
    from .speech_fakes import calls, fake_program

    folder, argv = fakes
    fake_program(folder, "spd-say", argv, hang_on_wait=True)
    fake_program(folder, "espeak-ng", argv)
    voice = Voice("speech-dispatcher", order=("speech-dispatcher", "espeak-ng"))
    voice.probe_seconds = 0.5
    voice.say("Desert Pyramid, title screen.")
    _until(lambda: bool(voice.broken), voice)
    notice = voice.take_notice()
    assert notice == "Speech is off: speech-dispatcher does not answer. F2 tries again."
    # the system's own voice says it, once; the setting stays the player's
    _until(lambda: any(c[0] == "espeak-ng" and c[-1] == notice for c in calls(argv)), voice)
    assert voice.choice == "speech-dispatcher" and not voice.take_alarm()
    voice.close()
    # no other voice answers either: a sound instead (the window plays it)
    (folder / "espeak-ng").unlink()
    fake_program(folder, "espeak-ng", argv, code=1)
    alone = Voice("speech-dispatcher", order=("speech-dispatcher", "espeak-ng"))
    alone.probe_seconds = 0.5
    alone.say("Desert Pyramid, title screen.")
    _until(lambda: bool(alone.broken), alone)
    _until(lambda: alone._herald is None, alone)
    assert alone.take_alarm() and not alone.take_alarm()  # once
    alone.close()


def test_on_with_every_voice_failing_is_a_sound_and_a_notice() -> None:
    def missing(name: str) -> Flaky:
        raise SpeechError(f"{name} is not installed")

    voice = Voice("on", factory=missing, order=("speech-dispatcher", "espeak-ng"))
    voice.say("Stock, 24 cards.")
    assert voice.broken and voice.take_alarm()
    assert voice.take_notice() == (
        "Speech is off: speech-dispatcher is not installed; espeak-ng is not installed. "
        "F2 tries again."
    )


def test_a_voice_failing_mid_game_hands_over_to_the_next_one() -> None:
    made: dict[str, Flaky] = {}

    def factory(name: str) -> Flaky:
        made[name] = Flaky(1 if name == "speech-dispatcher" else 100)
        return made[name]

    voice = Voice("on", factory=factory, order=("speech-dispatcher", "espeak-ng"))
    voice.say("one")
    voice.say("two")  # speech-dispatcher fails: eSpeak NG says it, and why
    assert made["speech-dispatcher"].said == ["one"] and made["speech-dispatcher"].closed
    assert made["espeak-ng"].said == [
        "Speech: the screen reader has quit; speaking with flaky. two"
    ]
    voice.say("three")
    assert made["espeak-ng"].said[-1] == "three" and not voice.broken


@needs_posix_fakes
def test_a_probe_under_way_ends_with_the_game(fakes: tuple[Path, Path]) -> None:
    """The game quits while spd-say still waits on its probe: the program is ended with it, never
    left behind waiting on a server that does not answer."""
    from .speech_fakes import calls, fake_program

    folder, argv = fakes
    fake_program(folder, "spd-say", argv, hang_on_wait=True)
    voice = Voice("speech-dispatcher", order=("speech-dispatcher",), probe_seconds=30)
    voice.say("Desert Pyramid, title screen.")
    _until(lambda: any("--wait" in c for c in calls(argv)))
    opening = voice._opening
    assert opening is not None and opening.probe is not None
    backend = opening.probe.backend
    _until(lambda: backend._probing is not None)  # type: ignore[attr-defined]
    proc = backend._probing  # type: ignore[attr-defined]
    assert proc.poll() is None  # still waiting
    start = time.monotonic()
    voice.close()
    assert proc.wait(3) is not None and time.monotonic() - start < 3


def test_the_speechd_module_is_given_the_language_and_probed_with_a_time_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """speech-dispatcher's Python module (a stand-in here): the language set before speaking,
    the probe waits for the END of its message and fails in time when none comes."""
    import types

    calls: list[tuple[str, object]] = []
    answers = {"end": True}

    class Client:
        def __init__(self, name: str) -> None:
            calls.append(("open", name))

        def cancel(self) -> None: ...

        def set_language(self, language: str) -> None:
            calls.append(("language", language))

        def speak(self, text: str, callback: Any = None, event_types: Any = None) -> None:
            calls.append(("speak", text))
            if callback is not None and answers["end"]:
                callback("end")

        def close(self) -> None: ...

    module = types.ModuleType("speechd")
    module.SSIPClient = Client  # type: ignore[attr-defined]
    module.CallbackType = types.SimpleNamespace(END="end")  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "speechd", module)
    from desert_pyramid.speech.backends import Speechd

    backend = Speechd()
    backend.probe("pt_BR", 1.0)
    backend.speak("Dama de espadas.", "pt_BR")
    backend.speak("Пиковая дама.", "ru")
    assert calls == [
        ("open", "desert-pyramid"),
        ("language", "pt-BR"),
        ("speak", "."),
        ("speak", "Dama de espadas."),  # the language already set
        ("language", "ru"),
        ("speak", "Пиковая дама."),
    ]
    answers["end"] = False  # a server that takes the message and never says it
    start = time.monotonic()
    with pytest.raises(SpeechError, match="does not answer"):
        Speechd().probe("en", 0.3)
    assert time.monotonic() - start < 2
