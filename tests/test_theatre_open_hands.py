"""Where the theatre lays an open seat's waits: on the felt, clear of every seat's tiles and plate."""

from __future__ import annotations

import pygame
import pytest

from game.app.views.open_hands import open_waits_layout
from game.app.views.seats import BOTTOM_PLATE, concealed_rects
from game.app.window import layout
from game.app.window.window import LOGICAL_SIZE


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("count", [1, 2, 6, 13])
def test_an_open_seat_s_waits_lie_on_the_felt_clear_of_every_seat(players, count):
    table = layout.for_players(players)
    screen = pygame.Rect((0, 0), LOGICAL_SIZE)
    taken = [pygame.Rect((x, y), layout.PLATE_SIZE) for x, y in
             [BOTTOM_PLATE, *(spot.plate for spot in table.seats.values())]]
    for place in table.seats:
        hand, pool = concealed_rects(table, place, 17)
        taken += [*hand, *pool]
    taken.append(table.centre)
    for place in table.seats:
        hand, pool = concealed_rects(table, place, 17)
        label, rects = open_waits_layout(place, count, hand, pool, 60)
        for rect in (label, *rects):
            assert screen.contains(rect), (place, rect)
            assert rect.collidelist(taken) == -1, (place, rect, taken[rect.collidelist(taken)])
