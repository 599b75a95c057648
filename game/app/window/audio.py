"""Sound effects. Without an audio device the game is silent; it never fails for sound."""

from __future__ import annotations

import time

import pygame

from game.app.paths import asset

SOUND_NAMES = ("tile_placed", "discard", "riichi", "ron", "draw", "dora_flip", "button")
SETTLE_SECONDS = 0.05
"""Time given to SDL's audio thread, with the GIL free, to finish a callback it is in."""
DRAIN_LIMIT_SECONDS = 1.0


def quiet_mixer() -> None:
    """Stop every channel and let SDL's audio thread finish before the mixer may quit.

    pygame-ce can deadlock in `mixer.quit()` (and so in `pygame.quit()`): quitting takes
    SDL's audio lock holding the GIL, while the audio thread, holding that lock, waits for
    the GIL in pygame's end-of-sound callback when a sound has just finished. With nothing
    playing and the thread given time with the GIL released (sleeping releases it), no
    callback can be under way when the mixer quits. Call before `pygame.quit()`.
    """
    if not pygame.mixer.get_init():
        return
    time.sleep(SETTLE_SECONDS)  # a sound finishing this moment ends its callback first
    pygame.mixer.stop()
    deadline = time.monotonic() + DRAIN_LIMIT_SECONDS
    while pygame.mixer.get_busy() and time.monotonic() < deadline:
        time.sleep(SETTLE_SECONDS)
    time.sleep(SETTLE_SECONDS)  # the callbacks of the channels just stopped


class Audio:
    def __init__(self, volume: float) -> None:
        self.volume = volume
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            for name in SOUND_NAMES:
                self.sounds[name] = pygame.mixer.Sound(str(asset("sounds", f"{name}.wav")))
        except (pygame.error, FileNotFoundError):
            self.sounds = {}
        self.set_volume(volume)

    @property
    def available(self) -> bool:
        return bool(self.sounds)

    def set_volume(self, volume: float) -> None:
        self.volume = volume
        for sound in self.sounds.values():
            sound.set_volume(volume)

    def play(self, name: str) -> None:
        sound = self.sounds.get(name)
        if sound is not None and self.volume > 0:
            sound.play()

    def close(self) -> None:
        """Silence everything and quit the mixer safely (see `quiet_mixer`); no sound after."""
        self.sounds = {}
        quiet_mixer()
        pygame.mixer.quit()
