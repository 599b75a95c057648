"""A notice that does not stop play: a card on the empty felt right of the bottom river,
with the tile it is about, fading out when its time is up.

Its words are at the table's type floor (`legible`) and never cut: the card is as tall as
they need, standing on the bottom of `CARD`. Every notice the table shows there fits within
`CARD` in every language, and `CARD` lies on felt that is empty at two, three and four seats
while discarding (tests/ui/test_notice_card_fits.py, tests/ui/test_felt_board.py)."""

from __future__ import annotations

import pygame

from game.app.views import legible
from game.app.window.art import TileArt, tile_height
from game.app.window.palette import EDGE, GOLD, INK, PANEL
from game.app.window.text import Text

CARD = pygame.Rect(770, 464, 420, 142)
"""The room the card may take: right of the bottom river and below the right seat's, left
of the right-hand wall, over the pool tiles even when one is raised under the pointer."""
TILE = 30
PAD = 12
TITLE_SIZE = 16
TITLE_TOP = 9
BODY_TOP = 34
"""From the card's top to its first line of words, below the title."""
LEADING = 5
"""Between one line's letters and the next, beyond the type size."""


def card_height(text: Text, words: str, tile: str | None) -> tuple[int, list[str]]:
    """How tall the card of `words` is, and its lines."""
    size = legible.smallest()
    rows = text.wrap(words, size, CARD.width - _left(tile) - PAD)
    font = text.font(size)
    body = BODY_TOP + (len(rows) - 1) * (size + LEADING) + font.get_height() + PAD // 2 if rows else BODY_TOP
    return max(body, PAD + tile_height(TILE) + PAD if tile is not None else 0), rows


def draw_notice_card(surface: pygame.Surface, art: TileArt, text: Text, title: str, words: str,
                     tile: str | None, fade: float) -> pygame.Rect:
    """`fade` 1 fully shown .. 0 gone. Returns the card's rectangle."""
    height, rows = card_height(text, words, tile)
    rect = pygame.Rect(CARD.left, CARD.bottom - height, CARD.width, height)
    card = pygame.Surface(rect.size, pygame.SRCALPHA)
    local = card.get_rect()
    pygame.draw.rect(card, (*PANEL, 235), local, border_radius=10)
    pygame.draw.rect(card, EDGE, local, 2, border_radius=10)
    left = _left(tile)
    if tile is not None:
        card.blit(art.tile(tile, TILE), (PAD, PAD))
    text.draw(card, title, legible.at_least(TITLE_SIZE), GOLD, (left, TITLE_TOP), bold=True)
    size = legible.smallest()
    for index, row in enumerate(rows):
        text.draw(card, row, size, INK, (left, BODY_TOP + index * (size + LEADING)))
    card.set_alpha(round(255 * max(0.0, min(1.0, fade))))
    surface.blit(card, rect)
    return rect


def _left(tile: str | None) -> int:
    return PAD + TILE + PAD if tile is not None else PAD
