"""The theatre's open hands: every other seat's hand and pool face up where its backs would
lie, and the bottom seat's opened wall in the building rows before it has built."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.app import layout, terms
from game.app.art import TileArt
from game.app.palette import INK
from game.app.text import Text
from game.app.theatre_frame import OpenSeat
from game.app.views import marks
from game.app.views.rivers import UPRIGHT_TURN
from game.app.views.seats import concealed_rects
from game.engine.hand import HAND_SIZE
from game.engine.tiles import tile_code


def draw_open_seat(surface: pygame.Surface, art: TileArt, text: Text, table: layout.TableLayout, seat: OpenSeat,
                   red_fives: bool) -> None:
    spot = table.seats[seat.place]
    turn = UPRIGHT_TURN[seat.place]
    if seat.hand is None:  # still building: its 34 tiles lie open in the hand and pool rows
        wall = sorted(seat.wall or ())
        hand, pool = list(wall[:HAND_SIZE]), list(wall[HAND_SIZE:])
    else:
        hand, pool = list(seat.hand), list(seat.pool)
    hand_rects, pool_rects = concealed_rects(table, seat.place, len(pool))
    for tiles, rects, row in ((hand, hand_rects, spot.hand), (pool, pool_rects, spot.pool)):
        for tile, rect in zip(tiles, rects, strict=False):
            surface.blit(art.tile(tile_code(tile, red_fives), row.tile, turn), rect)
            if seat.hand is not None and rects is pool_rects and tile // 4 in seat.waits:
                marks.wait_marker(surface, rect)
    if seat.furiten and hand_rects:
        badge = text.render(terms.term("FURITEN"), 13, INK, bold=True)
        marks.badge(surface, badge, hand_rects[len(hand_rects) // 2].center)


def draw_bottom_wall(surface: pygame.Surface, art: TileArt, text: Text, wall: Sequence[int], red_fives: bool,
                     caption: str) -> None:
    for index, tile in enumerate(sorted(wall)):
        surface.blit(art.tile(tile_code(tile, red_fives), layout.BUILD_WALL_TILE), layout.build_wall_rect(index))
    first = layout.build_wall_rect(0)
    text.draw(surface, caption, 16, INK, (first.left, first.top - 26), bold=True)
