"""The green baize every screen is drawn on, rendered once per size."""

from __future__ import annotations

import pygame

FELT = (22, 84, 58)
FELT_EDGE = (10, 46, 32)

_cache: dict[tuple[int, int], pygame.Surface] = {}


def _render(size: tuple[int, int]) -> pygame.Surface:
    """A radial darkening towards the edges, like a lamp over the table."""
    small = pygame.Surface((64, 40))
    for y in range(40):
        for x in range(64):
            dx, dy = (x - 31.5) / 32, (y - 19.5) / 20
            shade = min(1.0, (dx * dx + dy * dy) ** 0.5 / 1.3)
            small.set_at((x, y), [round(a + (b - a) * shade) for a, b in zip(FELT, FELT_EDGE, strict=True)])
    return pygame.transform.smoothscale(small, size).convert()


def draw_felt(surface: pygame.Surface) -> None:
    size = surface.get_size()
    image = _cache.get(size)
    if image is None:
        image = _cache[size] = _render(size)
    surface.blit(image, (0, 0))
