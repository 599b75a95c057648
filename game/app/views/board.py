"""The table at a glance, on the empty felt of the top-left corner: every seat's wind,
name, standing and discards made, riichi, and the stake — what the plates and the centre
panel say, gathered where the eye finds it in every layout."""

from __future__ import annotations

import pygame

from game.app.i18n import _
from game.app.palette import EDGE, GOLD, INK, SOFT
from game.app.table_frame import TableFrame
from game.app.text import Text

BOARD = pygame.Rect(160, 104, 220, 0)
"""Clear of the walls, seats and rivers at two, three and four seats (height from the rows)."""
ROW = 20
FILL = (10, 40, 28, 200)


def draw_board(surface: pygame.Surface, text: Text, frame: TableFrame) -> pygame.Rect:
    rect = BOARD.copy()
    rect.height = 30 + ROW * len(frame.seats)
    card = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(card, FILL, card.get_rect(), border_radius=8)
    pygame.draw.rect(card, EDGE, card.get_rect(), 1, border_radius=8)
    text.draw(card, frame.centre.stake, 14, GOLD, (10, 5), bold=True)
    text.draw(card, _("discards"), 12, SOFT, (rect.width - 10, 7), "topright")
    for index, seat in enumerate(sorted(frame.seats, key=lambda s: s.place)):
        y = 28 + index * ROW
        colour = GOLD if seat.turn else INK
        name = _fit(text, _("{wind} {name}").format(wind=seat.wind, name=seat.name), 13, 92)
        text.draw(card, name, 13, colour, (10, y), bold=seat.turn)
        text.draw(card, seat.standing, 13, SOFT, (150, y), "topright")
        # Translators: discards made of 17, and R for a seat in riichi
        made = _("{made}/17 R") if seat.riichi else "{made}/17"
        text.draw(card, made.format(made=len(seat.river)), 13, colour, (rect.width - 10, y), "topright")
    surface.blit(card, rect)
    return rect


def _fit(text: Text, words: str, size: int, width: int) -> str:
    font = text.font(size)
    while len(words) > 3 and font.size(words)[0] > width:
        words = words[:-2] + "…"
    return words
