"""A translucent colour laid over the whole picture, beneath a dialog, the result or the
privacy curtain.

Each pixel blends with the shade on its own, so a strip of the shade laid down the picture
gives exactly the pixels a picture-sized shade gives, for 1/50 of the memory: a 1280 x 800
shade held 4 MB per scene, and with a dialog over the result 8 MB at once.
"""

from __future__ import annotations

import pygame

STRIP_HEIGHT = 16

Colour = tuple[int, int, int, int]


class Shade:
    def __init__(self, colour: Colour, width: int) -> None:
        self.strip = pygame.Surface((width, STRIP_HEIGHT), pygame.SRCALPHA)
        self.strip.fill(colour)

    def draw(self, surface: pygame.Surface) -> None:
        """Shade all of `surface` (as wide as the shade)."""
        for top in range(0, surface.get_height(), STRIP_HEIGHT):
            surface.blit(self.strip, (0, top))
