"""The application icon: the red dragon tile standing on a square of baize.

Drawn from the committed tile art, so the window icon and the icon the build embeds in
the Windows executable (`build/icon.py`) are the same picture. Needs no display.
"""

from __future__ import annotations

import pygame

from game.app.paths import asset
from game.app.views.felt import FELT
from game.app.window.palette import EDGE

ICON_TILE = "7z"


def icon_surface(size: int) -> pygame.Surface:
    """The icon, `size` px square, with a transparent outside."""
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = max(2, size // 6)
    pygame.draw.rect(image, FELT, image.get_rect(), border_radius=radius)
    pygame.draw.rect(image, EDGE, image.get_rect(), width=max(1, size // 32), border_radius=radius)
    face = pygame.image.load(str(asset("tiles", f"{ICON_TILE}.png")))
    height = size * 13 // 16
    width = height * face.get_width() // face.get_height()
    tile = pygame.transform.smoothscale(face, (width, height))
    image.blit(tile, tile.get_rect(center=image.get_rect().center))
    return image
