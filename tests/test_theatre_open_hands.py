"""Where the theatre lays an open seat's tiles and waits: upright, on the felt, clear of every
seat's tiles, plates and rivers, of the centre, the board and the dora."""

from __future__ import annotations

import pygame
import pytest

from game.app.scenes.theatre import OVERLAY_AREAS
from game.app.views.board import BOARD, board_height
from game.app.views.centre import DORA_TILE_RIGHT
from game.app.views.open_hands import open_rects, open_waits_layout
from game.app.views.seats import BOTTOM_PLATE
from game.app.window import layout
from game.app.window.window import LOGICAL_SIZE


def taken_by_the_table(table: layout.TableLayout) -> list[pygame.Rect]:
    """What an open seat's tiles must not lie over: plates, full rivers (a riichi tile
    sideways), the centre, the board, the dora, the bottom seat's pool and hand."""
    rects = [pygame.Rect((x, y), layout.PLATE_SIZE) for x, y in
             [BOTTOM_PLATE, *(spot.plate for spot in table.seats.values())]]
    rects.append(pygame.Rect(BOTTOM_PLATE[0], BOTTOM_PLATE[1], layout.PLATE_SIZE[0], 100))  # its riichi stick
    for place in (0, *table.seats):
        rects += [layout.river_tile_rect(table, place, index, 0) for index in range(17)]
        if place:  # the stick before a plate
            x, y = table.seats[place].plate
            rects.append(pygame.Rect(x, y, layout.PLATE_SIZE[0], layout.PLATE_SIZE[1] + 14))
    rects += [table.centre, pygame.Rect(BOARD.topleft, (BOARD.width, board_height(table.players))),
              pygame.Rect(table.dora_at, (DORA_TILE_RIGHT, 45))]
    rects += [layout.pool_rect(index, 21) for index in range(21)]
    return rects


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("count", [1, 2, 6, 13])
def test_an_open_seat_s_tiles_and_waits_lie_upright_on_the_felt_clear_of_the_table(players, count):
    table = layout.for_players(players)
    screen = pygame.Rect((0, 0), LOGICAL_SIZE)
    taken = taken_by_the_table(table)
    seats = {place: open_rects(table, place, 21) for place in table.seats}
    for place, (hand, pool) in seats.items():
        label, waits = open_waits_layout(place, count, hand, pool, 60)
        mine = [*hand, *pool, label, *waits]
        others = taken + [rect for other, (h, p) in seats.items() if other != place for rect in (*h, *p)]
        for rect in mine:
            assert screen.contains(rect), (place, rect)
            assert rect.collidelist(others) == -1, (place, rect, others[rect.collidelist(others)])
        tiles = [*hand, *pool, *waits]
        assert all(rect.width < rect.height for rect in tiles)  # upright
        assert not any(a.colliderect(b) for i, a in enumerate(tiles) for b in tiles[i + 1:])
        assert min(rect.width for rect in [*hand, *pool]) >= 28  # the top seat's sizes, at every seat


def test_at_three_seats_an_overlay_lies_clear_of_every_open_seat_and_the_side_wall():
    # The helper's place, where the overlays lay, holds the right seat's open tiles now.
    table = layout.for_players(3)
    area = OVERLAY_AREAS[3]
    taken = taken_by_the_table(table)
    taken += [rect for place in table.seats for rects in open_rects(table, place, 21) for rect in rects]
    # The side wall's stacks, a turned indicator standing out beside its own.
    taken += [layout.side_stack_rect(3, stack).inflate(96, 0) for stack in range(17)]
    assert pygame.Rect((0, 0), LOGICAL_SIZE).contains(area) and area.collidelist(taken) == -1
    assert area.width >= layout.for_players(3).helper.width
