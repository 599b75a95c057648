"""Synthesize the sounds of 17 Steps into assets/sounds/ as plain WAV files (stdlib only).

Tiles are wood-and-resin clicks (filtered noise over a short resonance), the riichi call
a rising chime, a ron a struck gong, an exhaustive draw a falling three-note phrase.
Noise comes from a fixed seed, so the files are the same on every run.

    python tools/make_sounds.py [--out FOLDER]
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable, Iterable
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"
RATE = 22050
PEAK = 0.8


def samples(seconds: float) -> range:
    return range(int(seconds * RATE))


def click(rng: random.Random, seconds: float, pitch: float, decay: float, brightness: float) -> list[float]:
    """A tile striking wood: a noise burst, low-passed by `brightness`, over a ringing tone."""
    out = []
    smoothed = 0.0
    for n in samples(seconds):
        t = n / RATE
        smoothed += brightness * (rng.uniform(-1, 1) - smoothed)
        envelope = math.exp(-t * decay)
        out.append(envelope * (0.7 * smoothed + 0.5 * math.sin(2 * math.pi * pitch * t)))
    return out


def tone(
    seconds: float, partials: Iterable[tuple[float, float]], decay: float, attack: float = 0.004
) -> list[float]:
    """A struck tone: (frequency, amplitude) partials under an exponential decay."""
    parts = list(partials)
    out = []
    for n in samples(seconds):
        t = n / RATE
        envelope = min(1.0, t / attack) * math.exp(-t * decay)
        out.append(envelope * sum(a * math.sin(2 * math.pi * f * t) for f, a in parts))
    return out


def chime(frequency: float, seconds: float) -> list[float]:
    return tone(seconds, [(frequency, 1.0), (frequency * 2.76, 0.35), (frequency * 5.4, 0.12)], decay=6.0)


def sequence(*pieces: tuple[float, list[float]]) -> list[float]:
    """Mix pieces, each starting at its offset in seconds."""
    length = max(int(start * RATE) + len(piece) for start, piece in pieces)
    mixed = [0.0] * length
    for start, piece in pieces:
        offset = int(start * RATE)
        for index, value in enumerate(piece):
            mixed[offset + index] += value
    return mixed


def normalised(signal: list[float]) -> list[float]:
    loudest = max(abs(v) for v in signal) or 1.0
    return [v * PEAK / loudest for v in signal]


def tile_placed(rng: random.Random) -> list[float]:
    return click(rng, 0.09, pitch=1900, decay=70, brightness=0.5)


def discard(rng: random.Random) -> list[float]:
    return sequence(
        (0.0, click(rng, 0.14, pitch=1400, decay=45, brightness=0.7)),
        (0.03, [v * 0.4 for v in click(rng, 0.08, pitch=2300, decay=90, brightness=0.6)]),
    )


def riichi(rng: random.Random) -> list[float]:
    return sequence((0.0, discard(rng)), (0.06, chime(880, 0.5)), (0.18, chime(1320, 0.6)))


def ron(rng: random.Random) -> list[float]:
    gong = tone(1.6, [(196, 1.0), (294, 0.5), (392, 0.45), (523, 0.25), (741, 0.2)], decay=2.6, attack=0.01)
    return sequence((0.0, click(rng, 0.12, pitch=900, decay=40, brightness=0.8)), (0.02, gong))


def exhaustive_draw(rng: random.Random) -> list[float]:
    return sequence((0.0, chime(659, 0.5)), (0.22, chime(523, 0.5)), (0.44, chime(392, 0.9)))


def dora_flip(rng: random.Random) -> list[float]:
    swish = []
    smoothed = 0.0
    for n in samples(0.12):
        t = n / RATE
        smoothed += 0.15 * (rng.uniform(-1, 1) - smoothed)
        swish.append(smoothed * math.sin(math.pi * t / 0.12) * 0.8)
    return sequence(
        (0.0, swish),
        (0.1, click(rng, 0.1, pitch=2100, decay=60, brightness=0.5)),
        (0.12, [v * 0.3 for v in chime(1568, 0.4)]),
    )


def button(rng: random.Random) -> list[float]:
    return tone(0.05, [(1200, 1.0), (2400, 0.3)], decay=80, attack=0.001)


SOUNDS: dict[str, Callable[[random.Random], list[float]]] = {
    "tile_placed": tile_placed,
    "discard": discard,
    "riichi": riichi,
    "ron": ron,
    "draw": exhaustive_draw,
    "dora_flip": dora_flip,
    "button": button,
}


def write_wav(path: Path, signal: list[float]) -> None:
    frames = b"".join(struct.pack("<h", round(max(-1.0, min(1.0, v)) * 32767)) for v in signal)
    with wave.open(str(path), "wb") as handle:
        handle.setnchannels(1)
        handle.setsampwidth(2)
        handle.setframerate(RATE)
        handle.writeframes(frames)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", type=Path, default=OUT, help="folder to write (default: assets/sounds)")
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        write_wav(out / f"{name}.wav", normalised(make(random.Random(name))))
    print(f"wrote {len(SOUNDS)} sounds to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
