"""Small marks drawn on or around tiles: outlines, wait markers, badges, empty slots."""

from __future__ import annotations

import pygame

from game.app.window.palette import GOLD

WAIT_MARK = (255, 170, 40)
FURITEN_RED = (196, 40, 40)
SLOT_LINE = (120, 170, 140)


def outline(
    surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int] = GOLD, width: int = 3
) -> None:
    pygame.draw.rect(surface, colour, rect.inflate(width * 2, width * 2), width, border_radius=6)


CURSOR = (255, 255, 255)


def cursor(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The keyboard cursor: a thick white frame and a pointer beneath, plain at any size."""
    pygame.draw.rect(surface, (0, 0, 0), rect.inflate(12, 12), 2, border_radius=8)
    pygame.draw.rect(surface, CURSOR, rect.inflate(8, 8), 4, border_radius=7)
    x, y = rect.centerx, rect.bottom + 8
    pygame.draw.polygon(surface, CURSOR, [(x - 9, y + 11), (x + 9, y + 11), (x, y)])


def wait_marker(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A triangle under a pool tile that is one of the player's own winning tiles."""
    x, y = rect.centerx, rect.bottom + 3
    pygame.draw.polygon(surface, WAIT_MARK, [(x - 7, y + 9), (x + 7, y + 9), (x, y)])
    pygame.draw.rect(surface, WAIT_MARK, rect.inflate(2, 2), 2, border_radius=5)


def empty_slot(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, SLOT_LINE, rect, 2, border_radius=6)


BADGE_PAD = (18, 8)
"""A badge's room round its words."""


def badge(
    surface: pygame.Surface,
    text_image: pygame.Surface,
    centre: tuple[int, int],
    colour: tuple[int, int, int] = FURITEN_RED,
) -> pygame.Rect:
    rect = text_image.get_rect(center=centre).inflate(BADGE_PAD)
    pygame.draw.rect(surface, colour, rect, border_radius=rect.height // 2)
    surface.blit(text_image, text_image.get_rect(center=rect.center))
    return rect


def riichi_stick(surface: pygame.Surface, centre: tuple[int, int]) -> None:
    rect = pygame.Rect(0, 0, 54, 8)
    rect.center = centre
    pygame.draw.rect(surface, (245, 245, 240), rect, border_radius=4)
    pygame.draw.circle(surface, FURITEN_RED, rect.center, 3)
