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
PAD = 10
COLUMN_GAP = 6
FILL = (10, 40, 28, 200)


def draw_board(surface: pygame.Surface, text: Text, frame: TableFrame) -> pygame.Rect:
    rect = BOARD.copy()
    rect.height = 30 + ROW * len(frame.seats)
    card = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(card, FILL, card.get_rect(), border_radius=8)
    pygame.draw.rect(card, EDGE, card.get_rect(), 1, border_radius=8)
    text.draw(card, frame.centre.stake, 14, GOLD, (PAD, 5), bold=True)
    text.draw(card, _("discards"), 12, SOFT, (rect.width - PAD, 7), "topright")
    seats = sorted(frame.seats, key=lambda s: s.place)
    # Translators: discards made of 17, and R for a seat in riichi
    made = [(_("{made}/17 R") if seat.riichi else "{made}/17").format(made=len(seat.river)) for seat in seats]
    # The numbers take what they need, the names the rest.
    made_width = _widest(text, made)
    standing_right = rect.width - PAD - made_width - COLUMN_GAP
    name_width = standing_right - _widest(text, [seat.standing for seat in seats]) - COLUMN_GAP - PAD
    for index, seat in enumerate(seats):
        y = 28 + index * ROW
        colour = GOLD if seat.turn else INK
        name = _("{wind} {name}").format(wind=seat.wind, name=seat.name)
        if text.font(13, seat.turn).size(name)[0] > name_width:
            name = seat.wind  # the name plate says who it is
        text.draw(card, name, 13, colour, (PAD, y), bold=seat.turn)
        text.draw(card, seat.standing, 13, SOFT, (standing_right, y), "topright")
        text.draw(card, made[index], 13, colour, (rect.width - PAD, y), "topright")
    surface.blit(card, rect)
    return rect


def _widest(text: Text, words: list[str]) -> int:
    font = text.font(13)
    return max((font.size(line)[0] for line in words), default=0)
