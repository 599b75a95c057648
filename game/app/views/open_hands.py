"""The theatre's open hands: every other seat's hand and pool face up where its backs would
lie, and the bottom seat's wall, closed or opened, before it has built.

The theatre's control bar lies between the bottom seat's pool row and its hand row, so the
bottom seat's wall is drawn in those two rows (live play's building rows would lie under
the bar), and its closed wall below the bar."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.app.theatre.theatre_frame import OpenSeat
from game.app.views import legible, marks
from game.app.views.rivers import UPRIGHT_TURN
from game.app.views.seats import concealed_rects
from game.app.window import layout
from game.app.window.art import TileArt, depth_of, tile_height
from game.app.window.palette import INK
from game.app.window.text import Text
from game.app.words import terms
from game.engine.kyoku import HAND_SIZE
from game.engine.tiles import kind_of, tile_code
from game.engine.wall import STACKS_PER_WALL

WALL_TILE = layout.POOL_TILE
WALL_PITCH = layout.POOL_PITCH
WALL_ROWS_Y = (layout.POOL_Y - 2, layout.HAND_Y)
"""The opened wall's two rows of 17: where the pool and the hand will lie."""
CLOSED_WALL_Y = 734
"""The upper tiles of the closed wall's stacks (below the control bar)."""


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
            if seat.hand is not None and rects is pool_rects and kind_of(tile) in seat.waits:
                marks.wait_marker(surface, rect)
    if seat.furiten and hand_rects:
        badge = text.render(terms.term("FURITEN"), legible.at_least(13), INK, bold=True)
        marks.badge(surface, badge, hand_rects[len(hand_rects) // 2].center)


def bottom_wall_rect(index: int) -> pygame.Rect:
    """Where the index-th tile (sorted) of the bottom seat's opened wall lies."""
    row, column = divmod(index, layout.BUILD_WALL_PER_ROW)
    left = layout.row_left(layout.BUILD_WALL_PER_ROW, WALL_PITCH)
    return pygame.Rect(left + column * WALL_PITCH, WALL_ROWS_Y[row], WALL_TILE,
                       tile_height(WALL_TILE) + depth_of(WALL_TILE))


def closed_bottom_rects() -> list[pygame.Rect]:
    """The bottom seat's closed wall, each stack's upper tile and lower tile."""
    first = layout.closed_wall_stack_rect(0)
    rects = []
    for stack in range(STACKS_PER_WALL):
        upper = layout.closed_wall_stack_rect(stack).move(0, CLOSED_WALL_Y - first.y)
        upper.height += depth_of(first.width)
        rects += [upper, upper.move(0, layout.STACK_LIFT + depth_of(first.width))]
    return rects


def draw_closed_bottom_wall(surface: pygame.Surface, art: TileArt) -> None:
    back = art.tile(None, layout.closed_wall_stack_rect(0).width)
    rects = closed_bottom_rects()
    for upper, lower in zip(rects[0::2], rects[1::2], strict=True):
        surface.blit(back, lower)
        surface.blit(back, upper)


def draw_bottom_wall(surface: pygame.Surface, art: TileArt, text: Text, wall: Sequence[int], red_fives: bool,
                     caption: str) -> None:
    for index, tile in enumerate(sorted(wall)):
        surface.blit(art.tile(tile_code(tile, red_fives), WALL_TILE), bottom_wall_rect(index))
    first = bottom_wall_rect(0)
    text.draw(surface, caption, 16, INK, (first.left, first.top - 26), bold=True)
