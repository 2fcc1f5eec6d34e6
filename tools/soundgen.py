"""Synthesise Desert Pyramid's sounds into ``resources/sounds/``: card effects and the desert's ambience.

A maintainer tool (it does not ship in the wheel; the WAV files it writes do)::

    python tools/soundgen.py                  # write every sound into resources/sounds/
    python tools/soundgen.py --out DIR        # somewhere else
    python tools/soundgen.py --only flip --only wind

Pure Python standard library (``math``, ``random.Random(seed)``, ``array``, ``wave``): every sound
is filtered noise bursts, decaying tones and envelopes, with the parameters written out below.
Nothing reads the clock or unseeded randomness, so a run gives the same samples every time; only
the last bit of a sample may differ between platforms whose ``sin``/``exp`` differ in the last
place (the tests allow one step either way).

Files are mono, 16-bit, 22,050 Hz. Effects are normalised to the same short-window loudness
(:data:`EFFECT_LOUDNESS_DB`, the loudest 30 ms above :data:`WEIGHTING_HZ`) with their peak kept
under :data:`PEAK_LIMIT_DB`;
the two ambience layers loop without a seam (the noise is filtered circularly and the insects'
chirps wrap around the end) and sit well under the effects.
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


MARIMBA = ((1.0, 1.0, 0.32), (3.93, 0.30, 0.07), (9.2, 0.08, 0.025))
WARM = ((1.0, 1.0, 0.45), (2.0, 0.22, 0.20), (3.93, 0.10, 0.06))
BELL = (
    (1.0, 1.0, 0.55),
    (2.0, 0.45, 0.35),
    (3.0, 0.25, 0.22),
    (4.16, 0.18, 0.12),
    (5.43, 0.10, 0.06),
)


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
    """A row cleared: a gentle marimba-like pair of notes, the second a fifth up."""
    out = note(hz("E5"), 0.55, MARIMBA, mallet=0.15, rng=rng)
    add_at(out, note(hz("B5"), 0.55, MARIMBA, mallet=0.15, rng=rng), 0.085, 0.85)
    return fade_tail(out, 0.08)


def pyramid(rng: random.Random) -> Signal:
    """A pyramid cleared: a warmer three-note phrase rising through a major chord."""
    out: Signal = []
    for i, name in enumerate(("C5", "E5", "G5")):
        add_at(
            out,
            note(hz(name), 0.8, WARM, attack_s=0.004, mallet=0.1, rng=rng),
            0.15 * i,
            1.0 - 0.1 * i,
        )
    add_at(
        out, note(hz("C4"), 1.0, WARM, attack_s=0.01), 0.3, 0.35
    )  # a soft low root under the last note
    return fade_tail(out, 0.15)


def win(rng: random.Random) -> Signal:
    """The last card of a won deal: a brighter, bell-like phrase up to the octave with a shimmer."""
    out: Signal = []
    for i, name in enumerate(("G5", "C6", "E6", "G6")):
        add_at(
            out,
            note(hz(name), 0.9, BELL, attack_s=0.002, mallet=0.08, rng=rng),
            0.1 * i,
            0.8 + 0.1 * (i == 3),
        )
    shimmer = times(
        biquad(white(rng, samples(0.7)), "highpass", 5000, 0.7), swell(samples(0.7), 0.05, 0.6)
    )
    add_at(out, shimmer, 0.3, 0.08)
    return fade_tail(out, 0.2)


def sunset(rng: random.Random) -> Signal:
    """The sun sets on a trek: a soft tone falling an octave and a half, and a gust of wind."""
    n = samples(2.0)
    tone = [0.0] * n
    env = swell(n, 0.15, 1.2)
    phase = 0.0
    for i in range(n):
        f = 560.0 * 2.0 ** (-1.5 * i / n)
        phase += 2.0 * math.pi * f / RATE
        tone[i] = (math.sin(phase) + 0.18 * math.sin(2 * phase) + 0.06 * math.sin(3 * phase)) * env[
            i
        ]
    gust = biquad(sweep_noise(rng, 2.0, 900, 350, 1.6), "lowpass", 1800, 0.7)
    gust = times(gust, swell(n, 0.6, 1.1))
    return fade_tail([a * 0.7 + b * 0.8 for a, b in zip(tone, gust, strict=True)], 0.2)


def stuck(rng: random.Random) -> Signal:
    """No removal left in the deal: two low notes stepping down, muted."""
    muted = ((1.0, 1.0, 0.18), (3.93, 0.15, 0.04))
    out = note(hz("E4"), 0.4, muted, attack_s=0.004, mallet=0.1, rng=rng)
    add_at(out, note(hz("B3"), 0.5, muted, attack_s=0.004, mallet=0.1, rng=rng), 0.17, 0.9)
    return fade_tail(out, 0.1)


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


def insects(rng: random.Random) -> Signal:
    """Evening insects, 6 s round: three crickets at their own pitch and rhythm over a faint bed.
    Chirps placed past the end wrap round to the start."""
    n = samples(6.0)
    out = circular_svf(white(rng, n), lambda i: 2600.0, 0.7, "band")
    out = scale(out, 0.06)
    # (carrier Hz, chirps per loop, pulses per chirp, pulse s, gap s, level)
    crickets = (
        (4300.0, 12, 3, 0.016, 0.012, 1.0),
        (3700.0, 8, 4, 0.014, 0.011, 0.55),
        (5000.0, 4, 14, 0.010, 0.014, 0.3),
    )
    for carrier, chirps, pulses, pulse_s, gap_s, level in crickets:
        period = n / chirps
        offset = rng.random() * period
        w = 2.0 * math.pi * carrier / RATE
        plen = samples(pulse_s)
        for c in range(chirps):
            start = offset + c * period + (rng.random() - 0.5) * 0.02 * RATE
            amp = level * (0.75 + 0.25 * rng.random())
            for p in range(pulses):
                p0 = int(start + p * (pulse_s + gap_s) * RATE)
                for j in range(plen):
                    env = math.sin(math.pi * j / plen) ** 2
                    out[(p0 + j) % n] += amp * env * math.sin(w * (p0 + j))
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
    written = generate(args.out, args.only)
    print(f"wrote {len(written)} sound(s) to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
