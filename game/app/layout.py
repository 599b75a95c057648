"""Where things sit on the two-player table, in logical pixels (1280 x 800).

Drawing and hit-testing both ask this module, so a tile is clicked where it is drawn.
Places are relative to the seat at the bottom: 0 bottom, 1 right, 2 top, 3 left, the
order in which the engine numbers walls round the table.
"""

from __future__ import annotations

import pygame

from game.app.art import depth_of, tile_height
from game.engine.table import PERSONAL_WALLS, STACKS_PER_WALL

SCREEN = pygame.Rect(0, 0, 1280, 800)
CENTRE_X = SCREEN.centerx

# Side walls: 17 stacks of two, tiles lying sideways, stack 0 nearest the bottom seat's
# right hand on the right wall and farthest on the left (walls run anticlockwise).
SIDE_TILE = 30
SIDE_STACK_PITCH = 30
SIDE_TOP = 146
SIDE_X = {1: SCREEN.right - 22 - tile_height(SIDE_TILE), 3: 22}
STACK_LIFT = 6  # the upper tile of a stack is drawn this much higher than the lower one

# Personal walls before they are opened: 17 stacks of backs along the top or bottom.
CLOSED_WALL_TILE = 30
CLOSED_WALL_Y = {0: 706, 2: 16}

# The opponent across the table, once hands are built: hand and pool, backs only.
OPPONENT_HAND_TILE = 30
OPPONENT_HAND_Y = 10
OPPONENT_POOL_TILE = 28
OPPONENT_POOL_Y = 60

# Rivers: six to a row, from the centre outwards.
RIVER_TILE = 36
RIVER_PITCH = RIVER_TILE + 1
RIVER_ROW_PITCH = 52
RIVER_PER_ROW = 6
RIVER_NEAR_Y = {0: 448, 2: 286 - RIVER_ROW_PITCH}

CENTRE_PANEL = pygame.Rect(470, 290, 340, 152)

# The bottom seat while discarding: pool (raised on hover) and the fixed hand.
POOL_TILE = 48
POOL_PITCH = 50
POOL_Y = 622
POOL_RAISE = 12
HAND_TILE = 40
HAND_PITCH = 42
HAND_Y = 728

# The bottom seat while building: 13 hand slots above the opened 34-tile wall.
SLOT_TILE = 54
SLOT_PITCH = 57
SLOT_Y = 538
BUILD_WALL_TILE = 50
BUILD_WALL_PITCH = 53
BUILD_WALL_ROWS_Y = (636, 712)
BUILD_WALL_PER_ROW = 17
HELPER_PANEL = pygame.Rect(826, 96, 370, 408)
BUILD_BUTTONS = pygame.Rect(84, 300, 170, 40)  # the first button; the others follow below

RESULT_PANEL = pygame.Rect(120, 60, 1040, 680)


def relative_place(seat_wall: int, bottom_wall: int) -> int:
    return (seat_wall - bottom_wall) % 4


def seat_wall(players: int, seat: int) -> int:
    return PERSONAL_WALLS[players][seat]


def side_stack_rect(place: int, stack: int) -> pygame.Rect:
    """The upper tile of a side-wall stack (what the dealer clicks to flip the dora)."""
    index = stack if place == 3 else STACKS_PER_WALL - 1 - stack
    y = SIDE_TOP + index * SIDE_STACK_PITCH
    return pygame.Rect(SIDE_X[place], y, tile_height(SIDE_TILE), SIDE_TILE)


def closed_wall_stack_rect(place: int, stack: int) -> pygame.Rect:
    """A stack of a personal wall that is still closed (top or bottom of the table)."""
    pitch = CLOSED_WALL_TILE + 1
    left = CENTRE_X - STACKS_PER_WALL * pitch // 2
    index = stack if place == 0 else STACKS_PER_WALL - 1 - stack
    return pygame.Rect(
        left + index * pitch, CLOSED_WALL_Y[place], CLOSED_WALL_TILE, tile_height(CLOSED_WALL_TILE)
    )


def row_left(count: int, pitch: int) -> int:
    return CENTRE_X - (count * pitch) // 2


def pool_rect(index: int, count: int) -> pygame.Rect:
    left = row_left(count, POOL_PITCH)
    return pygame.Rect(
        left + index * POOL_PITCH, POOL_Y, POOL_TILE, tile_height(POOL_TILE) + depth_of(POOL_TILE)
    )


def hand_rect(index: int, count: int) -> pygame.Rect:
    left = row_left(count, HAND_PITCH)
    return pygame.Rect(left + index * HAND_PITCH, HAND_Y, HAND_TILE, tile_height(HAND_TILE))


def slot_rect(index: int) -> pygame.Rect:
    left = row_left(13, SLOT_PITCH)
    return pygame.Rect(
        left + index * SLOT_PITCH, SLOT_Y, SLOT_TILE, tile_height(SLOT_TILE) + depth_of(SLOT_TILE)
    )


def build_wall_rect(index: int) -> pygame.Rect:
    row, column = divmod(index, BUILD_WALL_PER_ROW)
    left = row_left(BUILD_WALL_PER_ROW, BUILD_WALL_PITCH)
    height = tile_height(BUILD_WALL_TILE) + depth_of(BUILD_WALL_TILE)
    return pygame.Rect(left + column * BUILD_WALL_PITCH, BUILD_WALL_ROWS_Y[row], BUILD_WALL_TILE, height)


SLOTS_AREA = pygame.Rect(row_left(13, SLOT_PITCH) - 20, SLOT_Y - 20, 13 * SLOT_PITCH + 40, 120)


def river_tile_rect(place: int, index: int, riichi_index: int | None) -> pygame.Rect:
    """Where the index-th discard of a river lies (the riichi tile lies sideways).

    The bottom river runs left to right, rows growing downwards; the top one is the same
    seen from across the table: right to left, rows growing upwards.
    """
    row, column = divmod(index, RIVER_PER_ROW)
    sideways_extra = tile_height(RIVER_TILE) - RIVER_TILE
    offset = column * RIVER_PITCH
    if riichi_index is not None and riichi_index // RIVER_PER_ROW == row and riichi_index < index:
        offset += sideways_extra
    sideways = index == riichi_index
    width = tile_height(RIVER_TILE) if sideways else RIVER_TILE
    height = RIVER_TILE if sideways else tile_height(RIVER_TILE)
    full = tile_height(RIVER_TILE)
    left = CENTRE_X - (RIVER_PER_ROW * RIVER_PITCH) // 2
    if place == 0:
        top = RIVER_NEAR_Y[0] + row * RIVER_ROW_PITCH + (full - height)
        return pygame.Rect(left + offset, top, width, height)
    right = CENTRE_X + (RIVER_PER_ROW * RIVER_PITCH) // 2
    top = RIVER_NEAR_Y[2] - row * RIVER_ROW_PITCH
    return pygame.Rect(right - offset - width, top, width, height)
