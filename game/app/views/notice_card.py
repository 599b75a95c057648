"""A notice that does not stop play: a card on the empty felt left of the bottom river,
with the tile it is about, fading out when its time is up."""

from __future__ import annotations

import pygame

from game.app.art import TileArt
from game.app.palette import EDGE, GOLD, INK, PANEL
from game.app.text import Text

CARD = pygame.Rect(196, 462, 280, 150)
TILE = 30


def draw_notice_card(surface: pygame.Surface, art: TileArt, text: Text, title: str, words: str,
                     tile: str | None, fade: float) -> pygame.Rect:
    """`fade` 1 fully shown .. 0 gone. Returns the card's rectangle."""
    card = pygame.Surface(CARD.size, pygame.SRCALPHA)
    local = card.get_rect()
    pygame.draw.rect(card, (*PANEL, 235), local, border_radius=10)
    pygame.draw.rect(card, EDGE, local, 2, border_radius=10)
    left = 12
    if tile is not None:
        card.blit(art.tile(tile, TILE), (12, 12))
        left += TILE + 12
    text.draw(card, title, 16, GOLD, (left, 10), bold=True)
    for index, row in enumerate(text.wrap(words, 13, CARD.width - left - 10)[:6]):
        text.draw(card, row, 13, INK, (left, 32 + index * 19))
    card.set_alpha(round(255 * max(0.0, min(1.0, fade))))
    surface.blit(card, CARD)
    return CARD
