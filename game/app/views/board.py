"""The table at a glance, on the empty felt of the top-left corner: every seat's wind,
name, standing and discards made, riichi, and the stake — what the plates and the centre
panel say, gathered where the eye finds it in every layout."""

from __future__ import annotations

import pygame

from game.app.play.table_frame import TableFrame
from game.app.views import legible
from game.app.window.fitting import fitted_name
from game.app.window.palette import EDGE, GOLD, INK, SOFT
from game.app.window.text import Text
from game.app.words.i18n import _

BOARD = pygame.Rect(130, 104, 268, 0)
"""Clear of the walls, seats, rivers and the dora at two, three and four seats (height from
the rows); wide enough for "South Normal AI  -123,000  17/17 R" at the least readable size."""
HEADING = 30
ROW = 23
PAD = 8
COLUMN_GAP = 6
FILL = (10, 40, 28, 200)


def draw_board(surface: pygame.Surface, text: Text, frame: TableFrame) -> pygame.Rect:
    rect = BOARD.copy()
    rect.height = board_height(len(frame.seats))
    small = legible.at_least(13)
    card = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(card, FILL, card.get_rect(), border_radius=8)
    pygame.draw.rect(card, EDGE, card.get_rect(), 1, border_radius=8)
    text.draw(card, frame.centre.stake, legible.at_least(14), GOLD, (PAD, 4), bold=True)
    text.draw(card, _("discards"), legible.at_least(12), SOFT, (rect.width - PAD, 5), "topright")
    seats = sorted(frame.seats, key=lambda s: s.place)
    # Translators: discards made of 17, and R for a seat in riichi
    made = [(_("{made}/17 R") if seat.riichi else "{made}/17").format(made=len(seat.river)) for seat in seats]
    # The numbers take what they need, the names the rest.
    made_width = _widest(text, made, small)
    standing_right = rect.width - PAD - made_width - COLUMN_GAP
    name_width = standing_right - _widest(text, [seat.standing for seat in seats], small) - COLUMN_GAP - PAD
    for index, seat in enumerate(seats):
        y = HEADING - 2 + index * ROW
        colour = GOLD if seat.turn else INK
        name = fitted_name(text, lambda name, wind=seat.wind: _("{wind} {name}").format(wind=wind, name=name),
                           seat.name, small, name_width)
        text.draw(card, name, small, colour, (PAD, y))  # the turn in gold: bold would not fit
        text.draw(card, seat.standing, small, SOFT, (standing_right, y), "topright")
        text.draw(card, made[index], small, colour, (rect.width - PAD, y), "topright")
    surface.blit(card, rect)
    return rect


def board_height(seats: int) -> int:
    return HEADING + ROW * seats


def _widest(text: Text, words: list[str], size: int) -> int:
    font = text.font(size)
    return max((font.size(line)[0] for line in words), default=0)
