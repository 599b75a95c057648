"""The players: a name plate per seat, and the opponent's concealed hand and pool."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.app import layout
from game.app.art import TileArt
from game.app.palette import GOLD, INK, SOFT
from game.app.text import Text
from game.app.views import marks

PLATE = (12, 46, 32)
PLATE_TOPLEFT = {0: (10, 700), 2: (10, 12)}
PLATE_SIZE = (172, 52)


@dataclass(frozen=True)
class SeatPlate:
    name: str
    wind: str
    score: str
    riichi: bool
    dealer: bool


def draw_plate(surface: pygame.Surface, text: Text, place: int, plate: SeatPlate) -> None:
    x, y = PLATE_TOPLEFT[place]
    rect = pygame.Rect((x, y), PLATE_SIZE)
    pygame.draw.rect(surface, PLATE, rect, border_radius=8)
    pygame.draw.rect(surface, GOLD if plate.dealer else SOFT, rect, 1, border_radius=8)
    text.draw(
        surface, f"{plate.wind} · {plate.name}", 17, GOLD if plate.dealer else INK, (x + 10, y + 4), bold=True
    )
    text.draw(surface, plate.score, 15, SOFT, (x + 10, y + 28))
    if plate.riichi:
        marks.riichi_stick(surface, (rect.right - 33, y + 37))


def draw_concealed(surface: pygame.Surface, art: TileArt, place: int, hand_size: int, pool_size: int) -> None:
    """A built seat seen by someone else: standing hand and face-down pool, backs only."""
    if place == 0:
        back = art.tile(None, layout.POOL_TILE)
        for index in range(pool_size):
            surface.blit(back, layout.pool_rect(index, pool_size))
        back = art.tile(None, layout.HAND_TILE)
        for index in range(hand_size):
            surface.blit(back, layout.hand_rect(index, hand_size))
        return
    hand_back = art.tile(None, layout.OPPONENT_HAND_TILE, 2)
    pitch = layout.OPPONENT_HAND_TILE + 1
    left = layout.row_left(hand_size, pitch)
    for index in range(hand_size):
        surface.blit(hand_back, (left + index * pitch, layout.OPPONENT_HAND_Y))
    pool_back = art.tile(None, layout.OPPONENT_POOL_TILE, 2)
    for index in range(pool_size):
        surface.blit(pool_back, opponent_pool_rect(index, pool_size))


def opponent_pool_rect(index: int, pool_size: int) -> pygame.Rect:
    """Where the opponent's index-th pool tile is drawn (a discard flies from there)."""
    pitch = layout.OPPONENT_POOL_TILE + 1
    return pygame.Rect(
        layout.row_left(pool_size, pitch) + index * pitch,
        layout.OPPONENT_POOL_Y,
        layout.OPPONENT_POOL_TILE,
        layout.OPPONENT_POOL_TILE * 4 // 3,
    )
