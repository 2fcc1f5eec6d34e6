"""Synthesise Desert Pyramid's sounds into ``resources/sounds/``: card effects and the desert's ambience.

A maintainer tool (it does not ship in the wheel; the WAV files it writes do)::

    python tools/soundgen.py                  # write every sound into resources/sounds/
    python tools/soundgen.py --out DIR        # somewhere else
    python tools/soundgen.py --only flip --only wind

Pure Python standard library (``math``, ``random.Random(seed)``, ``array``, ``wave``): every sound
is filtered noise bursts, decaying tones and envelopes, with the parameters written out below. The
phrases are played by modelled instruments in the Hijaz mode on D (an oud-like plucked string, a
frame drum, a ney-like flute); the insects are crickets and cicadas calling at random times.
Nothing reads the clock or unseeded randomness, so a run gives the same samples every time; only
the last bit of a sample may differ between platforms whose ``sin``/``exp`` differ in the last
place (the tests allow one step either way).

Files are mono, 16-bit, 22,050 Hz. Effects are normalised to the same short-window loudness
(:data:`EFFECT_LOUDNESS_DB`, the loudest 30 ms above :data:`WEIGHTING_HZ`) with their peak kept
under :data:`PEAK_LIMIT_DB`;
the two ambience layers loop without a seam (the noise is filtered circularly and the insects'
calls wrap around the end) and sit well under the effects.
"""

from __future__ import annotations

import argparse
import array
import math
import random
import sys
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

RATE = 22_050
"""Samples per second."""

EFFECT_LOUDNESS_DB = -18.0
"""Every effect's loudest 30 ms window is brought to this RMS level (dB full scale)."""

PEAK_LIMIT_DB = -1.5
"""No sample of any file goes above this (dB full scale)."""

LOUDNESS_WINDOW_S = 0.030
"""The window of the short-term loudness."""

WEIGHTING_HZ = 200.0
"""Loudness is measured through a high-pass here: a laptop's speakers and the ear at low volume
hear little below it, so a thud made loud by its lows alone would vanish beside a card's snap."""

AMBIENCE_LOUDNESS_DB = {"wind": -31.0, "insects": -35.0}
"""The ambience layers' RMS level over the whole loop (quieter than the effects by design)."""

OUT = Path(__file__).resolve().parent.parent / "resources" / "sounds"

Signal = list[float]


# --------------------------------------------------------------------------------------------
# Building blocks


def silence(seconds: float) -> Signal:
    return [0.0] * int(round(seconds * RATE))


def samples(seconds: float) -> int:
    return int(round(seconds * RATE))


def white(rng: random.Random, n: int) -> Signal:
    """Uniform white noise in -1..1 (``random()`` only: the same numbers on every platform)."""
    r = rng.random
    return [r() * 2.0 - 1.0 for _ in range(n)]


def biquad(x: Sequence[float], kind: str, freq: float, q: float = 0.707) -> Signal:
    """An RBJ-cookbook biquad: ``lowpass``, ``highpass`` or ``bandpass`` (0 dB at the peak)."""
    w0 = 2.0 * math.pi * freq / RATE
    cw, alpha = math.cos(w0), math.sin(w0) / (2.0 * q)
    if kind == "lowpass":
        b0, b1, b2 = (1 - cw) / 2, 1 - cw, (1 - cw) / 2
    elif kind == "highpass":
        b0, b1, b2 = (1 + cw) / 2, -(1 + cw), (1 + cw) / 2
    elif kind == "bandpass":
        b0, b1, b2 = alpha, 0.0, -alpha
    else:
        raise ValueError(kind)
    a0, a1, a2 = 1 + alpha, -2 * cw, 1 - alpha
    b0, b1, b2, a1, a2 = b0 / a0, b1 / a0, b2 / a0, a1 / a0, a2 / a0
    out = [0.0] * len(x)
    x1 = x2 = y1 = y2 = 0.0
    for i, v in enumerate(x):
        y = b0 * v + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, v, y1, y
        out[i] = y
    return out


def decay(n: int, attack_s: float, tau_s: float, hold_s: float = 0.0) -> Signal:
    """A linear attack, an optional hold, then an exponential decay with time constant ``tau_s``."""
    a = max(1, samples(attack_s))
    h = samples(hold_s)
    k = math.exp(-1.0 / (tau_s * RATE))
    env = [0.0] * n
    level = 1.0
    for i in range(n):
        if i < a:
            env[i] = (i + 1) / a
        elif i < a + h:
            env[i] = 1.0
        else:
            level *= k
            env[i] = level
    return env


def swell(n: int, rise_s: float, fall_s: float) -> Signal:
    """A smooth rise (sine squared) to 1 and a smooth fall to 0 at the end."""
    r, f = max(1, samples(rise_s)), max(1, samples(fall_s))
    env = [1.0] * n
    for i in range(min(r, n)):
        env[i] = math.sin(0.5 * math.pi * i / r) ** 2
    for j in range(min(f, n)):
        env[n - 1 - j] = min(env[n - 1 - j], math.sin(0.5 * math.pi * j / f) ** 2)
    return env


def times(a: Sequence[float], b: Sequence[float]) -> Signal:
    return [x * y for x, y in zip(a, b, strict=False)]


def scale(a: Sequence[float], g: float) -> Signal:
    return [x * g for x in a]


def add_at(dst: Signal, src: Sequence[float], at_s: float, gain: float = 1.0) -> None:
    """Mix ``src`` into ``dst`` from ``at_s`` seconds on (growing ``dst`` when needed)."""
    start = samples(at_s)
    end = start + len(src)
    if end > len(dst):
        dst.extend([0.0] * (end - len(dst)))
    for i, v in enumerate(src):
        dst[start + i] += v * gain


def burst(
    rng: random.Random,
    seconds: float,
    kind: str,
    freq: float,
    q: float,
    attack_s: float,
    tau_s: float,
    hold_s: float = 0.0,
) -> Signal:
    """Filtered noise under a decay envelope: the stuff of paper, leather and wood sounds."""
    n = samples(seconds)
    return ends(times(biquad(white(rng, n), kind, freq, q), decay(n, attack_s, tau_s, hold_s)))


def sweep_noise(rng: random.Random, seconds: float, f0: float, f1: float, q: float) -> Signal:
    """Noise through a band-pass (state-variable) filter whose centre glides from ``f0`` to ``f1``."""
    n = samples(seconds)
    x = white(rng, n)
    out = [0.0] * n
    low = band = 0.0
    damp = 1.0 / q
    f = 0.0
    for i in range(n):
        if i % 16 == 0:
            fc = f0 * (f1 / f0) ** (i / max(1, n - 1))
            f = 2.0 * math.sin(math.pi * fc / RATE)
        low += f * band
        high = x[i] - low - damp * band
        band += f * high
        out[i] = band * damp
    return out


def thump(seconds: float, f0: float, f1: float, attack_s: float, tau_s: float) -> Signal:
    """A low sine whose pitch falls from ``f0`` to ``f1``: the body of a soft knock."""
    n = samples(seconds)
    env = decay(n, attack_s, tau_s)
    out = [0.0] * n
    phase = 0.0
    for i in range(n):
        fc = f1 + (f0 - f1) * math.exp(-i / (0.03 * RATE))
        phase += 2.0 * math.pi * fc / RATE
        out[i] = math.sin(phase) * env[i]
    return ends(out)


def note(
    freq: float,
    seconds: float,
    partials: Sequence[tuple[float, float, float]],
    attack_s: float = 0.002,
    mallet: float = 0.0,
    rng: random.Random | None = None,
) -> Signal:
    """A struck note: ``partials`` are (frequency ratio, amplitude, decay time constant in s);
    ``mallet`` adds a soft noise knock at the start. Partials above 0.45 × the rate are left out."""
    n = samples(seconds)
    out = [0.0] * n
    a = max(1, samples(attack_s))
    for ratio, amp, tau in partials:
        f = freq * ratio
        if f >= 0.45 * RATE:
            continue
        w = 2.0 * math.pi * f / RATE
        k = math.exp(-1.0 / (tau * RATE))
        level = amp
        for i in range(n):
            ramp = (i + 1) / a if i < a else 1.0
            out[i] += math.sin(w * i) * level * ramp
            level *= k
    if mallet and rng is not None:
        knock = burst(rng, 0.02, "lowpass", min(4 * freq, 3000.0), 0.7, 0.0005, 0.004)
        add_at(out, knock, 0.0, mallet)
    return ends(out)


def hz(name: str) -> float:
    """Equal-tempered pitch of a note name like ``"A4"`` or ``"C#5"``."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}[name[0]]
    rest = name[1:]
    if rest.startswith("#"):
        steps, rest = steps + 1, rest[1:]
    elif rest.startswith("b"):
        steps, rest = steps - 1, rest[1:]
    return float(440.0 * 2.0 ** ((steps + 12 * (int(rest) - 4)) / 12))


def ends(x: Signal) -> Signal:
    """Fade the last quarter (at most 40 ms) to zero, so that a part cut short never clicks."""
    return fade_tail(x, min(0.04, len(x) / RATE / 4))


def fade_tail(x: Signal, seconds: float = 0.02) -> Signal:
    """End at silence without a click."""
    n = min(len(x), samples(seconds))
    for j in range(n):
        x[len(x) - 1 - j] *= math.sin(0.5 * math.pi * j / n) ** 2
    return x


# --------------------------------------------------------------------------------------------
# The instruments of the phrases: an oud-like plucked string, a frame drum and a ney-like flute,
# all playing in the Hijaz mode on D (D Eb F# G A Bb C: the augmented second Eb-F# is its colour).

HIJAZ = ("D", "Eb", "F#", "G", "A", "Bb", "C")
"""The mode every phrase is written in (the tests check each pitch they can measure against it)."""


def in_mode(name: str) -> float:
    """The pitch of a note of the phrases' mode (``"F#4"``); a note outside :data:`HIJAZ` is a
    slip in a phrase and raises ``ValueError``."""
    if name[:-1] not in HIJAZ:
        raise ValueError(f"{name} is not in the Hijaz mode on D ({' '.join(HIJAZ)})")
    return hz(name)


def one_pole_lowpass(x: Sequence[float], freq: float) -> Signal:
    """A gentle 6 dB/octave low-pass (a plectrum's softness, a far insect's dullness)."""
    a = 1.0 - math.exp(-2.0 * math.pi * freq / RATE)
    out = [0.0] * len(x)
    y = 0.0
    for i, v in enumerate(x):
        y += a * (v - y)
        out[i] = y
    return out


def dc_block(x: Sequence[float]) -> Signal:
    """Take out any slow offset (a plucked string's loop keeps a little)."""
    out = [0.0] * len(x)
    px = py = 0.0
    for i, v in enumerate(x):
        py = v - px + 0.995 * py
        px = v
        out[i] = py
    return out


def string(rng: random.Random, freq: float, seconds: float, tau_s: float, bright: float) -> Signal:
    """One plucked string (Karplus-Strong): a burst of noise one period long circulates in a delay
    line through a two-point average (the string's losses, highs first) and a first-order all-pass
    (the fraction of a sample that tunes it). ``tau_s`` is the fundamental's decay time constant;
    ``bright`` (Hz) is the plectrum: the noise is low-passed there, so a low value is a soft pluck."""
    n = samples(seconds)
    period = RATE / freq
    whole = int(period - 0.5 - 0.1)  # the average delays half a sample; the all-pass the rest
    frac = period - 0.5 - whole
    c = (1.0 - frac) / (1.0 + frac)
    loss = math.exp(-1.0 / (tau_s * freq))
    burst_len = whole
    excite = one_pole_lowpass(white(rng, burst_len), bright)
    mean = sum(excite) / burst_len
    excite = [v - mean for v in excite]
    pick = max(1, int(0.18 * period))  # plucked near the bridge: a comb notch in the spectrum
    excite = [excite[i] - (excite[i - pick] if i >= pick else 0.0) for i in range(burst_len)]
    y = [0.0] * n
    prev_avg = prev_ap = 0.0
    for i in range(n):
        a = y[i - whole] if i >= whole else 0.0
        b = y[i - whole - 1] if i > whole else 0.0
        avg = 0.5 * (a + b)
        ap = c * avg + prev_avg - c * prev_ap
        prev_avg, prev_ap = avg, ap
        y[i] = (excite[i] if i < burst_len else 0.0) + loss * ap
    return y


OUD_BODY = ((115.0, 3.0, 0.9), (260.0, 4.0, 0.6), (520.0, 3.0, 0.35))
"""The oud's bowl: (centre Hz, Q, gain) of its air and wood resonances."""


def oud(
    rng: random.Random, name: str, seconds: float, tau_s: float = 0.5, bright: float = 2600.0
) -> Signal:
    """An oud-like pluck: a doubled course (two strings a few cents apart, so the note shimmers),
    the plectrum's tick, and the bowl's resonances ringing with the strings."""
    f = in_mode(name)
    course = string(rng, f * 2 ** (2.5 / 1200), seconds, tau_s, bright)
    for i, v in enumerate(string(rng, f * 2 ** (-2.5 / 1200), seconds, tau_s * 0.9, bright)):
        course[i] += 0.8 * v
    out = list(course)
    for centre, q, gain in OUD_BODY:
        for i, v in enumerate(biquad(course, "bandpass", centre, q)):
            out[i] += gain * v
    add_at(out, burst(rng, 0.012, "bandpass", 3200, 1.2, 0.0003, 0.0015), 0.0, 0.25)
    out = dc_block(out)
    release = samples(0.001)  # the plectrum leaves the string over a millisecond: no digital click
    for i in range(release):
        out[i] *= (i + 1) / release
    return ends(out)


MEMBRANE = (
    (1.0, 1.0, 0.20),
    (1.59, 0.45, 0.11),
    (2.14, 0.30, 0.08),
    (2.30, 0.22, 0.07),
    (2.65, 0.15, 0.05),
    (2.92, 0.10, 0.04),
)
"""A circular membrane's first modes: (frequency ratio, amplitude, decay time constant in s)."""


def jingle(rng: random.Random, seconds: float, hits: int) -> Signal:
    """The rings inside a daf's frame shaken by a stroke: a few metal clinks scattered over the
    first 40 ms, each a cluster of inharmonic partials between 4 and 9.5 kHz, in a little hiss."""
    n = samples(seconds)
    out = [0.0] * n
    for h in range(hits):
        at = samples(0.004 + 0.036 * rng.random()) if h else 0
        level = 0.5 + 0.5 * rng.random()
        for _ in range(4):
            w = 2.0 * math.pi * (4000.0 + 5500.0 * rng.random()) / RATE
            k = math.exp(-1.0 / ((0.02 + 0.05 * rng.random()) * RATE))
            amp = level * (0.4 + 0.6 * rng.random())
            phase = 2.0 * math.pi * rng.random()
            for j in range(at, n):
                ring_in = min(1.0, (j - at + 1) / 12)  # half a millisecond: no click
                out[j] += amp * ring_in * math.sin(phase + w * (j - at))
                amp *= k
                if amp < 1e-4:
                    break
    add_at(out, burst(rng, min(seconds, 0.12), "highpass", 6000, 0.7, 0.0005, 0.03), 0.0, 1.2)
    return ends(out)


def frame_drum(rng: random.Random, stroke: str, seconds: float = 0.4) -> Signal:
    """A daf or bendir. ``"dum"``: the open stroke in the middle of the skin, a low membrane thump
    (its pitch settling from 95 to 78 Hz) under a soft slap and the jingles. ``"tek"``: the rim
    stroke, the skin's higher modes short and dry, a bright crack and more jingle."""
    n = samples(seconds)
    out = [0.0] * n
    if stroke == "dum":
        f0, f_start, scale_t, jingles, crack = 78.0, 95.0, 1.0, 0.10, 0.25
    elif stroke == "tek":
        f0, f_start, scale_t, jingles, crack = 310.0, 330.0, 0.35, 0.22, 0.9
    else:
        raise ValueError(stroke)
    for ratio, amp, tau in MEMBRANE:
        k = math.exp(-1.0 / (tau * scale_t * RATE))
        level = amp
        phase = 0.0
        for i in range(n):
            fc = (f0 + (f_start - f0) * math.exp(-i / (0.025 * RATE))) * ratio
            phase += 2.0 * math.pi * fc / RATE
            ramp = min(1.0, (i + 1) / 30)
            out[i] += math.sin(phase) * level * ramp
            level *= k
    centre = 900.0 if stroke == "dum" else 2800.0
    add_at(out, burst(rng, 0.03, "bandpass", centre, 1.0, 0.0004, 0.006), 0.0, crack)
    add_at(out, jingle(rng, min(seconds, 0.3), 5 if stroke == "tek" else 3), 0.0, jingles)
    return ends(out)


def glide_track(n: int, notes: Sequence[tuple[float, str]], glide_s: float) -> list[float]:
    """The pitch (Hz) at every sample of a line that moves to each note (at its time in s) with a
    smooth slide of about ``glide_s``, the way a ney player's breath carries from note to note."""
    targets = [0.0] * n
    for k, (at, name) in enumerate(notes):
        end = samples(notes[k + 1][0]) if k + 1 < len(notes) else n
        for i in range(samples(at), min(end, n)):
            targets[i] = math.log(in_mode(name))
    a = 1.0 - math.exp(-1.0 / (glide_s * RATE))
    track = [0.0] * n
    level = targets[0]
    for i in range(n):
        level += a * (targets[i] - level)
        track[i] = math.exp(level)
    return track


NEY_PARTIALS = (1.0, 0.30, 0.14, 0.06, 0.03)
"""The ney's harmonics (a fundamental-heavy, hollow tone)."""


def ney(
    rng: random.Random,
    notes: Sequence[tuple[float, str]],
    seconds: float,
    attack_s: float = 0.2,
    release_s: float = 0.6,
) -> Signal:
    """A ney-like end-blown flute: breath noise through a narrow band that follows the pitch
    (the tube's resonance) and a hollow harmonic tone, both wavering with the breath, a slow
    attack with a breathy chiff, and a vibrato (5.3 Hz, up to ±22 cents) that grows in."""
    n = samples(seconds)
    track = glide_track(n, notes, 0.045)
    breath = one_pole_lowpass(white(rng, n), 6.0)  # the player's breath: a slow waver
    b_rms = math.sqrt(sum(v * v for v in breath) / n) or 1.0
    env = swell(n, attack_s, release_s)
    out = [0.0] * n
    phase = 0.0
    freqs = [0.0] * n
    for i in range(n):
        t = i / RATE
        depth = 22.0 * min(1.0, max(0.0, (t - 0.1) / 0.25))  # cents: the vibrato grows in
        f = track[i] * 2 ** (depth * math.sin(2.0 * math.pi * 5.3 * t) / 1200)
        freqs[i] = f
        phase += 2.0 * math.pi * f / RATE
        tone = sum(
            a * math.sin(h * phase)
            for h, a in enumerate(NEY_PARTIALS, start=1)
            if h * f < 0.45 * RATE
        )
        out[i] = tone * env[i] * (1.0 + 0.12 * breath[i] / b_rms)
    # the breath through the tube: noise in a narrow band that tracks the fundamental
    x = white(rng, n)
    band = [0.0] * n
    low = bp = 0.0
    damp = 1.0 / 14.0
    for i in range(n):
        fc = 2.0 * math.sin(math.pi * freqs[i] / RATE)
        low += fc * bp
        high = x[i] - low - damp * bp
        bp += fc * high
        band[i] = bp * damp
    hiss = biquad(biquad(white(rng, n), "highpass", 1500, 0.7), "lowpass", 5500, 0.7)
    chiff = decay(n, 0.03, 0.12)
    band_rms = math.sqrt(sum(v * v for v in band) / n) or 1.0
    for i in range(n):
        out[i] += env[i] * (0.2 * band[i] / band_rms + hiss[i] * (0.2 + 0.35 * chiff[i]))
    return out


# --------------------------------------------------------------------------------------------
# The effects. Each takes its own seeded generator and returns samples at any level; the
# caller normalises them.


def flip(rng: random.Random) -> Signal:
    """A card flipped off the stock: a bright papery snap, then the lighter slap as it lands."""
    out = burst(rng, 0.06, "highpass", 2600, 0.8, 0.0008, 0.010)
    add_at(out, burst(rng, 0.05, "bandpass", 3900, 0.9, 0.0005, 0.007), 0.002, 0.7)
    add_at(out, burst(rng, 0.05, "bandpass", 1900, 1.1, 0.0006, 0.008), 0.032, 0.55)
    add_at(out, burst(rng, 0.04, "lowpass", 500, 0.7, 0.0008, 0.008), 0.032, 0.25)
    return fade_tail(out, 0.01)


def lift(rng: random.Random) -> Signal:
    """A card lifted from the table: a soft short brush, duller than a flip."""
    out = burst(rng, 0.075, "bandpass", 2300, 1.3, 0.007, 0.016)
    add_at(out, burst(rng, 0.04, "lowpass", 700, 0.7, 0.002, 0.008), 0.0, 0.3)
    return fade_tail(out, 0.012)


def slide(rng: random.Random) -> Signal:
    """A pair slid to the discard: band-passed noise that brightens as it moves, then lands."""
    body = biquad(sweep_noise(rng, 0.22, 1300, 2800, 2.2), "lowpass", 5500, 0.7)
    out = times(body, swell(len(body), 0.05, 0.09))
    add_at(out, burst(rng, 0.06, "bandpass", 1500, 1.0, 0.0008, 0.009), 0.19, 0.9)
    add_at(out, burst(rng, 0.05, "lowpass", 450, 0.7, 0.001, 0.010), 0.19, 0.35)
    return fade_tail(out)


def undo(rng: random.Random) -> Signal:
    """A card drawn back: a short slide that darkens, softer than a pair's."""
    body = biquad(sweep_noise(rng, 0.16, 2600, 1200, 2.0), "lowpass", 5000, 0.7)
    out = times(body, swell(len(body), 0.03, 0.09))
    add_at(out, burst(rng, 0.04, "bandpass", 1800, 1.0, 0.001, 0.007), 0.0, 0.45)
    return fade_tail(out)


def king(rng: random.Random) -> Signal:
    """A king set aside: a soft thud on the cloth (a falling low tone under a muffled knock), a
    little paper on top. The knock carries the thud on small speakers that cannot play the low tone."""
    out = scale(thump(0.2, 150, 100, 0.002, 0.040), 0.35)
    add_at(out, burst(rng, 0.12, "bandpass", 420, 1.2, 0.001, 0.018), 0.0, 3.0)
    out = biquad(out, "lowpass", 1100, 0.707)  # muffled: the cloth
    add_at(out, burst(rng, 0.05, "bandpass", 2100, 1.0, 0.001, 0.009), 0.0, 0.35)
    return fade_tail(out, 0.03)


def satchel(rng: random.Random) -> Signal:
    """The Satchel's flap: a leathery low thump, the flap's slap, and the flap settling."""
    out = scale(thump(0.26, 120, 85, 0.003, 0.045), 0.5)
    add_at(out, burst(rng, 0.12, "lowpass", 420, 0.8, 0.002, 0.030), 0.0, 1.5)
    add_at(out, burst(rng, 0.08, "bandpass", 850, 0.9, 0.003, 0.022), 0.012, 3.0)
    add_at(out, burst(rng, 0.07, "bandpass", 700, 0.9, 0.004, 0.018), 0.095, 1.6)
    return fade_tail(biquad(out, "lowpass", 1800, 0.707), 0.03)  # leather, not paper


def redeal(rng: random.Random) -> Signal:
    """The waste gathered and turned: a riffle of many tiny bursts, then the deck squared."""
    out = silence(0.62)
    t = 0.0
    count = 26
    for i in range(count):
        shape = math.sin(math.pi * (i + 0.5) / count) ** 0.7  # the riffle swells and thins
        centre = 2500 + 1700 * rng.random()
        click = burst(rng, 0.012, "bandpass", centre, 1.4, 0.0004, 0.0025)
        add_at(out, click, t, (0.55 + 0.45 * rng.random()) * shape)
        t += 0.011 + 0.008 * rng.random()
    add_at(out, burst(rng, 0.08, "lowpass", 650, 0.7, 0.001, 0.014), t + 0.05, 0.8)
    add_at(out, burst(rng, 0.05, "bandpass", 1600, 1.0, 0.0008, 0.007), t + 0.05, 0.6)
    return fade_tail(out)


def illegal(rng: random.Random) -> Signal:
    """An illegal try: a soft, low double tap on the table (no buzzer)."""
    out: Signal = []
    for at, f, gain in ((0.0, 220.0, 1.0), (0.115, 190.0, 0.75)):
        tap = scale(thump(0.09, f * 1.15, f, 0.0015, 0.022), 0.7)
        add_at(tap, burst(rng, 0.05, "bandpass", 520, 1.0, 0.001, 0.010), 0.0, 2.2)
        add_at(out, tap, at, gain)
    return fade_tail(biquad(out, "lowpass", 1000, 0.707), 0.02)  # soft: no bright edge


def click(rng: random.Random) -> Signal:
    """A button pressed: a small wooden tick."""
    out = burst(rng, 0.045, "bandpass", 1700, 2.0, 0.0004, 0.005)
    add_at(out, note(880, 0.045, ((1.0, 0.5, 0.008),)), 0.0, 0.6)
    return fade_tail(out, 0.008)


def row(rng: random.Random) -> Signal:
    """A row cleared: two oud plucks rising a fourth to the mode's home note (A4, then D5)."""
    out = silence(0.64)
    add_at(out, oud(rng, "A4", 0.55, tau_s=0.3), 0.0)
    add_at(out, oud(rng, "D5", 0.55, tau_s=0.3), 0.085, 0.9)
    return fade_tail(out[: samples(0.64)], 0.08)


def pyramid(rng: random.Random) -> Signal:
    """A pyramid cleared: the oud climbs the Hijaz colour (D, Eb, F#, A) over a frame drum's
    dum, tek, dum, with the low D ringing under the last note."""
    out = silence(1.3)
    for i, name in enumerate(("D4", "Eb4", "F#4", "A4")):
        add_at(out, oud(rng, name, 0.85, tau_s=0.45), 0.13 * i, 1.0 - 0.05 * i)
    add_at(out, oud(rng, "D3", 0.9, tau_s=0.55, bright=1400), 0.39, 0.55)
    add_at(out, frame_drum(rng, "dum", 0.5), 0.0, 0.55)
    add_at(out, frame_drum(rng, "tek", 0.25), 0.26, 0.25)
    add_at(out, frame_drum(rng, "dum", 0.7), 0.39, 0.7)
    return fade_tail(out[: samples(1.3)], 0.15)


def win(rng: random.Random) -> Signal:
    """The last card of a won deal: a quick bright oud run up to the octave (A, Bb, C, D) on the
    daf's rim, then the D, A and high D struck together on an open dum and a long jingle shake."""
    out = silence(1.3)
    for i, name in enumerate(("A4", "Bb4", "C5", "D5")):
        add_at(out, oud(rng, name, 0.45, tau_s=0.25, bright=3600), 0.075 * i, 0.75)
        add_at(out, frame_drum(rng, "tek", 0.2), 0.075 * i, 0.22)
    for name, gain in (("D5", 0.9), ("A4", 0.6), ("D4", 0.55)):
        add_at(out, oud(rng, name, 0.98, tau_s=0.5, bright=3600), 0.32, gain)
    add_at(out, frame_drum(rng, "dum", 0.6), 0.32, 0.5)
    shake = jingle(rng, 0.7, 9)
    add_at(out, times(shake, swell(len(shake), 0.08, 0.5)), 0.36, 0.45)
    return fade_tail(out[: samples(1.3)], 0.2)


def sunset(rng: random.Random) -> Signal:
    """The sun sets on a trek: a ney's breathy line sinking through the mode (A, G, F#, Eb, D) in
    a gust of wind, and one soft far drum as the sun meets the horizon."""
    n = samples(2.0)
    line = ney(
        rng,
        ((0.0, "A4"), (0.62, "G4"), (0.9, "F#4"), (1.14, "Eb4"), (1.38, "D4")),
        2.0,
        0.25,
        0.75,
    )
    gust = biquad(sweep_noise(rng, 2.0, 900, 350, 1.6), "lowpass", 1800, 0.7)
    gust = times(gust, swell(n, 0.6, 1.1))
    out = [a + 0.35 * b for a, b in zip(line, gust, strict=True)]
    add_at(out, biquad(frame_drum(rng, "dum", 0.6), "lowpass", 900, 0.7), 1.38, 0.6)
    return fade_tail(out[:n], 0.2)


def stuck(rng: random.Random) -> Signal:
    """No removal left in the deal: two muted oud notes falling the mode's half step (Eb to D),
    and a soft dum under the second, all dulled (the jingles hushed)."""
    out = silence(0.67)
    add_at(out, oud(rng, "Eb4", 0.4, tau_s=0.12, bright=1100), 0.0)
    add_at(out, oud(rng, "D4", 0.5, tau_s=0.14, bright=1000), 0.17, 0.9)
    add_at(out, frame_drum(rng, "dum", 0.45), 0.17, 0.45)
    return fade_tail(biquad(out[: samples(0.67)], "lowpass", 1800, 0.707), 0.1)  # muted: dark


# --------------------------------------------------------------------------------------------
# The ambience: loops that repeat without a seam


def circular_svf(
    x: Sequence[float], centre: Callable[[int], float], q: float, output: str
) -> Signal:
    """A state-variable filter run round the loop twice: the second lap starts in the state the
    first ended in, so its output joins its own start without a seam. ``centre(i)`` gives the
    centre frequency at sample ``i`` (re-read every 16 samples); ``output`` is ``low`` or ``band``."""
    n = len(x)
    out = [0.0] * n
    low = band = 0.0
    damp = 1.0 / q
    f = 0.0
    for lap in (0, 1):
        for i in range(n):
            if i % 16 == 0:
                f = 2.0 * math.sin(math.pi * centre(i) / RATE)
            low += f * band
            high = x[i] - low - damp * band
            band += f * high
            if lap:
                out[i] = low if output == "low" else band * damp
    return out


def wind(rng: random.Random) -> Signal:
    """Desert wind, 8 s round: a low rush and a faint whistle that rise and fall in gusts, and a
    little sand hiss. Every slow movement is a whole number of cycles per loop."""
    n = samples(8.0)
    tau = 2.0 * math.pi / n

    def gust(i: int) -> float:
        return (
            0.6
            + 0.22 * math.sin(2 * tau * i + 0.7)
            + 0.12 * math.sin(5 * tau * i + 2.1)
            + 0.06 * math.sin(11 * tau * i)
        )

    rush = circular_svf(white(rng, n), lambda i: 170 + 160 * gust(i), 0.8, "low")
    whistle = circular_svf(white(rng, n), lambda i: 420 + 380 * gust(i), 5.0, "band")
    hiss = circular_svf(white(rng, n), lambda i: 3200.0, 0.9, "band")
    out = [0.0] * n
    for i in range(n):
        g = gust(i)
        out[i] = rush[i] * g + whistle[i] * 0.9 * g * g * g + hiss[i] * 0.05 * g
    return out


def loop_times(rng: random.Random, n: int, mean_s: float, least_s: float) -> list[int]:
    """Irregular event times round a loop of ``n`` samples: gaps of ``least_s`` plus an
    exponential wait (a Poisson-like scatter, now and then a long pause), drawn until they pass
    the loop and then scaled to fill it exactly, so the gap across the seam is drawn like the rest."""
    gaps: list[float] = []
    while sum(gaps) < n / RATE:
        gaps.append(least_s + (mean_s - least_s) * -math.log(1.0 - rng.random()))
    k = (n / RATE) / sum(gaps)
    start = rng.random() * n
    out, t = [], start
    for g in gaps:
        out.append(int(t) % n)
        t += g * k * RATE
    return out


def cricket_chirp(rng: random.Random, carrier: float, pulses: int) -> Signal:
    """One cricket chirp: ``pulses`` short pulses (a wing's file and scraper), each a tone that
    sags a little in pitch, roughened by its tooth strikes, with a faint second harmonic."""
    pulse_s = 0.011 + 0.008 * rng.random()
    gap_s = 0.008 + 0.008 * rng.random()
    out = silence(pulses * (pulse_s + gap_s))
    teeth = 2.0 * math.pi * (180.0 + 120.0 * rng.random()) / RATE
    for p in range(pulses):
        plen = samples(pulse_s)
        amp = 0.7 + 0.3 * rng.random()
        pulse = [0.0] * plen
        phase = 0.0
        for j in range(plen):
            f = carrier * (1.0 - 0.03 * j / plen)
            phase += 2.0 * math.pi * f / RATE
            env = math.sin(math.pi * j / plen) ** 2 * (
                1.0 - 0.35 * (0.5 + 0.5 * math.sin(teeth * j))
            )
            pulse[j] = amp * env * (math.sin(phase) + 0.12 * math.sin(2.0 * phase))
        add_at(out, pulse, p * (pulse_s + gap_s))
    return out


def cicada_buzz(rng: random.Random, seconds: float, rate: float) -> Signal:
    """A cicada's song: a band of noise round 5.5 kHz clicked on and off by its tymbals ``rate``
    times a second (the rate drifts), swelling in, wavering, and dying away."""
    n = samples(seconds)
    noise = biquad(white(rng, n), "bandpass", 5000.0 + 1200.0 * rng.random(), 2.5)
    env = swell(n, 0.25 + 0.35 * rng.random(), 0.3 + 0.4 * rng.random())
    out = [0.0] * n
    phase = 0.0
    wobble = 2.0 * math.pi * (0.7 + rng.random()) / RATE
    for i in range(n):
        phase += (rate * (1.0 + 0.08 * math.sin(wobble * i))) / RATE
        click = math.exp(-(phase % 1.0) * 6.0)  # each tymbal buckle: a quick rise and decay
        out[i] = noise[i] * click * env[i] * (0.8 + 0.2 * math.sin(wobble * 3.1 * i))
    return out


# (carrier Hz, mean s between chirps, shortest s between chirps, level, far off (low-passed))
CRICKETS = (
    (4400.0, 0.55, 0.16, 1.0, False),
    (3800.0, 0.9, 0.25, 0.6, False),
    (5100.0, 1.4, 0.3, 0.4, True),
)


def insects(rng: random.Random) -> Signal:
    """Evening insects, 6 s round: three crickets chirping when they please (irregular waits,
    pulses, pitch and loudness), two cicadas buzzing up and away, over a faint bed. Everything
    placed past the end wraps round to the start, so the loop has no seam."""
    n = samples(6.0)
    out = scale(circular_svf(white(rng, n), lambda i: 2600.0, 0.7, "band"), 0.05)

    def mix(event: Sequence[float], at: int, gain: float) -> None:
        for j, v in enumerate(event):
            out[(at + j) % n] += v * gain

    for carrier, mean_s, least_s, level, far in CRICKETS:
        for at in loop_times(rng, n, mean_s, least_s):
            pitch = carrier * (1.0 + 0.05 * (rng.random() - 0.5))
            pulses = (2, 3, 3, 4, 5)[int(rng.random() * 5)]  # random() only: see the top
            chirp = cricket_chirp(rng, pitch, pulses)
            if far:
                chirp = one_pole_lowpass(chirp, 3000.0)
            mix(chirp, at, level * (0.35 + 0.65 * rng.random()))
    for _ in range(2):
        buzz = cicada_buzz(rng, 1.2 + 1.0 * rng.random(), 90.0 + 60.0 * rng.random())
        mix(buzz, int(rng.random() * n), 0.5 + 0.3 * rng.random())
    return out


# --------------------------------------------------------------------------------------------
# Levels and files


def db(x: float) -> float:
    return 20.0 * math.log10(x) if x > 0 else -200.0


def peak(x: Sequence[float]) -> float:
    return max(abs(v) for v in x)


def rms(x: Sequence[float]) -> float:
    return math.sqrt(sum(v * v for v in x) / len(x))


def loudest_window_rms(x: Sequence[float], window_s: float = LOUDNESS_WINDOW_S) -> float:
    """The RMS of the loudest window (short-term loudness); the whole sound if it is shorter."""
    w = min(len(x), max(1, samples(window_s)))
    acc = sum(v * v for v in x[:w])
    best = acc
    for i in range(w, len(x)):
        acc += x[i] * x[i] - x[i - w] * x[i - w]
        if acc > best:
            best = acc
    return math.sqrt(max(best, 0.0) / w)


def weighted(x: Sequence[float]) -> Signal:
    """What ears and small speakers make of a sound's lows: a high-pass at :data:`WEIGHTING_HZ`."""
    return biquad(x, "highpass", WEIGHTING_HZ, 0.707)


def normalise_effect(x: Signal) -> Signal:
    """Bring the loudest window (weighted) to :data:`EFFECT_LOUDNESS_DB`, then lower it if the
    peak would pass :data:`PEAK_LIMIT_DB`."""
    g = 10 ** (EFFECT_LOUDNESS_DB / 20) / loudest_window_rms(weighted(x))
    g = min(g, 10 ** (PEAK_LIMIT_DB / 20) / peak(x))
    return scale(x, g)


def normalise_ambience(x: Signal, level_db: float) -> Signal:
    g = 10 ** (level_db / 20) / rms(x)
    g = min(g, 10 ** (PEAK_LIMIT_DB / 20) / peak(x))
    return scale(x, g)


def quantise(x: Sequence[float]) -> array.array[int]:
    """16-bit samples, rounded to nearest (ties to even, as ``round`` does everywhere)."""
    return array.array("h", (max(-32767, min(32767, round(v * 32767))) for v in x))


def write_wav(path: Path, pcm: array.array[int]) -> None:
    data = array.array("h", pcm)
    if sys.byteorder == "big":
        data.byteswap()  # WAV is little-endian
    with wave.open(str(path), "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(RATE)
        f.writeframes(data.tobytes())


# (name, generator, seed); the names are the files' stems and the game's sound names.
EFFECTS: dict[str, tuple[Callable[[random.Random], Signal], int]] = {
    "flip": (flip, 101),
    "lift": (lift, 102),
    "slide": (slide, 103),
    "undo": (undo, 104),
    "king": (king, 105),
    "satchel": (satchel, 106),
    "redeal": (redeal, 107),
    "illegal": (illegal, 108),
    "click": (click, 109),
    "row": (row, 110),
    "pyramid": (pyramid, 111),
    "win": (win, 112),
    "sunset": (sunset, 113),
    "stuck": (stuck, 114),
}
AMBIENCE: dict[str, tuple[Callable[[random.Random], Signal], int]] = {
    "wind": (wind, 201),
    "insects": (insects, 202),
}
NAMES = (*EFFECTS, *AMBIENCE)


def render(name: str) -> array.array[int]:
    """One sound's 16-bit samples."""
    if name in EFFECTS:
        make, seed = EFFECTS[name]
        return quantise(normalise_effect(make(random.Random(seed))))
    if name in AMBIENCE:
        make, seed = AMBIENCE[name]
        return quantise(normalise_ambience(make(random.Random(seed)), AMBIENCE_LOUDNESS_DB[name]))
    raise KeyError(name)


def generate(out: Path = OUT, only: Sequence[str] = ()) -> list[Path]:
    """Write the sounds (all, or those in ``only``) as ``out/<name>.wav``; the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name in only or NAMES:
        path = out / f"{name}.wav"
        write_wav(path, render(name))
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="soundgen", description="Synthesise Desert Pyramid's sounds."
    )
    parser.add_argument(
        "--out", type=Path, default=OUT, help="folder to write into (default: resources/sounds)"
    )
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="NAME",
        help=f"only this sound (repeatable): {', '.join(NAMES)}",
    )
    args = parser.parse_args(argv)
    unknown = [n for n in args.only if n not in NAMES]
    if unknown:
        parser.error(f"unknown sound {unknown[0]!r}; the sounds are: {', '.join(NAMES)}")
    if args.out.exists() and not args.out.is_dir():
        parser.error(f"cannot write the sounds to {args.out}: it is a file, not a folder")
    try:
        written = generate(args.out, args.only)
    except OSError as exc:  # a file where the folder should be, no permission, a full disk
        parser.error(f"cannot write the sounds to {args.out}: {exc.strerror or exc}")
    print(f"wrote {len(written)} sound(s) to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
