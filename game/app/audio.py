"""Sound effects. Without an audio device the game is silent; it never fails for sound."""

from __future__ import annotations

import pygame

from game.app.paths import asset

SOUND_NAMES = ("tile_placed", "discard", "riichi", "ron", "draw", "dora_flip", "button")


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
