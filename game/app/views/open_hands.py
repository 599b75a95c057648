"""The theatre's open hands: every other seat's hand and pool face up, and the bottom seat's
wall, closed or opened, before it has built.

Face up, every tile stands upright, to be read. The top seat's lie where its backs would.
A side seat's backs lie sideways and small, in a column at the screen's edge: its open
tiles stand in rows of seven at the top seat's sizes instead, on the felt between its river
and the screen's edge (`SIDE_BOXES`), the waits beside the hand.

The theatre's control bar lies between the bottom seat's pool row and its hand row, so the
bottom seat's wall is drawn in those two rows (live play's building rows would lie under
the bar), and its closed wall below the bar."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.app.theatre.theatre_frame import OpenSeat
from game.app.views import legible, marks
from game.app.views.seats import concealed_rects
from game.app.window import layout
from game.app.window.art import TileArt, depth_of, tile_height
from game.app.window.palette import INK, SOFT
from game.app.window.text import Text
from game.app.words import terms
from game.app.words.i18n import _
from game.engine.kyoku import HAND_SIZE
from game.engine.tiles import kind_code, kind_of, tile_code
from game.engine.wall import STACKS_PER_WALL

WALL_TILE = layout.POOL_TILE
WALL_PITCH = layout.POOL_PITCH
WALL_ROWS_Y = (layout.POOL_Y - 2, layout.HAND_Y)
"""The opened wall's two rows of 17: where the pool and the hand will lie."""
CLOSED_WALL_Y = 734
"""The upper tiles of the closed wall's stacks (below the control bar)."""


SIDE_HAND = layout.Row(30, 31, out=0, per_row=7, row_pitch=46)
"""A side seat's open hand: the top seat's tile, upright, seven to a row."""
SIDE_POOL = layout.Row(28, 29, out=0, per_row=7, row_pitch=43)
SIDE_ROWS_GAP = 10
"""Between a side seat's hand and its pool."""
SIDE_BOXES = {1: pygame.Rect(916, 206, 354, 402), 3: pygame.Rect(10, 290, 352, 236)}
"""The felt a side seat's open tiles may take: between its river (three rows of six, a
sideways riichi tile among them) and the screen's edge; below the right seat's plate and
the top seat's waits (four rows of a thirteen-sided wait), above the bottom seat's pool;
below the left one's dora, above its plate."""


def open_rects(table: layout.TableLayout, place: int, pool_size: int) -> tuple[list[pygame.Rect],
                                                                              list[pygame.Rect]]:
    """Where an open seat's hand and pool lie, upright, in order from the screen's left: the
    top seat's as its backs, a side seat's hand above its pool in its box, at the box's top,
    its waits' room on the centre's side."""
    if place not in SIDE_BOXES:  # the top seat's, from the screen's left as upright tiles read
        hand, pool = concealed_rects(table, place, pool_size)
        return hand[::-1], pool[::-1]
    box = SIDE_BOXES[place]
    left = box.left if place == 3 else box.left + WAITS_ROOM
    hand = _upright_rows(SIDE_HAND, HAND_SIZE, left, box.top)
    below = hand[-1].bottom + SIDE_ROWS_GAP
    return hand, _upright_rows(SIDE_POOL, pool_size, left, below)


def _upright_rows(row: layout.Row, count: int, left: int, top: int) -> list[pygame.Rect]:
    height = tile_height(row.tile) + depth_of(row.tile)
    return [pygame.Rect(left + (index % row.per_row) * row.pitch, top + (index // row.per_row) * row.row_pitch,
                        row.tile, height) for index in range(count)]


def draw_open_seat(surface: pygame.Surface, art: TileArt, text: Text, table: layout.TableLayout, seat: OpenSeat,
                   red_fives: bool) -> None:
    side = seat.place in SIDE_BOXES
    spot = table.seats[seat.place]
    if seat.hand is None:  # still building: its 34 tiles lie open in the hand and pool rows
        wall = sorted(seat.wall or ())
        hand, pool = list(wall[:HAND_SIZE]), list(wall[HAND_SIZE:])
    else:
        hand, pool = list(seat.hand), list(seat.pool)
    hand_rects, pool_rects = open_rects(table, seat.place, len(pool))
    rows = (SIDE_HAND, SIDE_POOL) if side else (spot.hand, spot.pool)
    for tiles, rects, row in ((hand, hand_rects, rows[0]), (pool, pool_rects, rows[1])):
        for tile, rect in zip(tiles, rects, strict=False):
            surface.blit(art.tile(tile_code(tile, red_fives), row.tile), rect)  # upright, to be read
            if seat.hand is not None and rects is pool_rects and kind_of(tile) in seat.waits:
                marks.wait_marker(surface, rect)
    if seat.hand is not None and seat.waits and hand_rects and pool_rects:
        draw_open_waits(surface, art, text, seat.place, seat.waits, hand_rects, pool_rects)
    if seat.furiten and hand_rects:
        badge = text.render(terms.term("FURITEN"), legible.at_least(13), INK, bold=True)
        marks.badge(surface, badge, hand_rects[len(hand_rects) // 2].center)


OPEN_WAIT_TILE = 24
OPEN_WAIT_PITCH = OPEN_WAIT_TILE + 3
TOP_WAITS_PER_ROW = 4
"""The top seat's, between its tiles and the theatre's buttons in the corner."""
LABEL_HEIGHT = 22
WAITS_GAP = 12
"""Between a seat's tiles and its waits."""


SIDE_WAITS_PER_ROW = 4
WAITS_ROOM = SIDE_WAITS_PER_ROW * OPEN_WAIT_PITCH - 3 + WAITS_GAP
"""Left of the right seat's hand: its waits, on the centre's side as the left seat's lie."""


def open_waits_layout(place: int, count: int, hand: list[pygame.Rect], pool: list[pygame.Rect],
                      label_width: int) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """Where an open seat's "Waits" and its `count` wait tiles lie, upright and readable,
    on felt nothing else uses: the top seat's right of its tiles (left of them lie its
    plate and the board), a side seat's beside its hand, on the centre's side. The words
    above, the tiles in rows (a thirteen-sided wait, four rows of four at a side)."""
    height = tile_height(OPEN_WAIT_TILE) + depth_of(OPEN_WAIT_TILE)
    row_height = height + 4
    per_row = TOP_WAITS_PER_ROW if place == 2 else SIDE_WAITS_PER_ROW
    tiles_width = min(count, per_row) * OPEN_WAIT_PITCH - 3
    label = pygame.Rect(0, 0, label_width, LABEL_HEIGHT)
    if place == 2:
        tiles = hand[0].unionall([*hand[1:], *pool])
        label.topleft = (tiles.right + WAITS_GAP, tiles.top)
        left = label.left
    else:
        tiles = hand[0].unionall(hand[1:])
        if place == 1:  # right-aligned, left of the hand
            label.topright = (tiles.left - WAITS_GAP, tiles.top)
            left = label.right - tiles_width
        else:
            label.topleft = (tiles.right + WAITS_GAP, tiles.top)
            left = label.left
    return label, [pygame.Rect(left + (index % per_row) * OPEN_WAIT_PITCH,
                               label.bottom + (index // per_row) * row_height, OPEN_WAIT_TILE, height)
                   for index in range(count)]


def draw_open_waits(surface: pygame.Surface, art: TileArt, text: Text, place: int, waits: Sequence[int],
                    hand: list[pygame.Rect], pool: list[pygame.Rect]) -> None:
    """An open seat's waits, as the bottom seat's are shown beside its hand: its pool's
    markers alone say nothing of a wait it holds none of."""
    words = _("Waits")
    size = legible.at_least(14)
    label, rects = open_waits_layout(place, len(waits), hand, pool, text.font(size).size(words)[0])
    text.draw(surface, words, size, SOFT, label.topleft)
    for kind, rect in zip(sorted(waits), rects, strict=True):
        surface.blit(art.tile(kind_code(kind), OPEN_WAIT_TILE), rect)


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
