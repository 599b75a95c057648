"""Where things sit on the table, in logical pixels (1280 x 800), for 2, 3 and 4 seats.

Drawing and hit-testing both ask this module, so a tile is clicked where it is drawn.
Places are relative to the seat at the bottom: 0 bottom, 1 right, 2 top, 3 left; turn
order runs counter-clockwise, so the seat after the bottom one sits on the right.

What differs between 2, 3 and 4 seats is data (`TableLayout`), not code: each seat's
rows of tiles are described in that seat's own frame ("along" its left-to-right as it
faces the centre, "out" from the centre towards it) and `place_rect` turns them into
the screen's rectangles.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.app.window.art import depth_of, tile_height
from game.engine.wall import STACKS_PER_WALL

SCREEN = pygame.Rect(0, 0, 1280, 800)
CENTRE_X = SCREEN.centerx

# Side walls: 17 stacks of two, tiles lying sideways, stack 0 nearest the bottom seat's
# right hand on the right wall and farthest on the left (walls run anticlockwise).
SIDE_TILE = 30
SIDE_STACK_PITCH = 30
SIDE_TOP = 146
SIDE_X = {1: SCREEN.right - 22 - tile_height(SIDE_TILE), 3: 22}
STACK_LIFT = 6  # the upper tile of a stack is drawn this much higher than the lower one

RIVER_PER_ROW = 6

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
SLOT_Y = 542
HAND_LABEL_Y = SLOT_Y - 35
"""The row over the slots ("Your hand: 4 of 13" and the hint), clear of a slot tile raised
under the pointer and of the helper panel above it, in every language."""
BUILD_WALL_TILE = 50
BUILD_WALL_PITCH = 53
BUILD_WALL_ROWS_Y = (636, 712)
BUILD_WALL_PER_ROW = 17
BUILD_BUTTON_SIZE = (170, 40)

MENU_BUTTON = pygame.Rect(1130, 14, 134, 38)
PLATE_SIZE = (176, 52)
RESULT_PANEL = pygame.Rect(120, 60, 1040, 680)
HELPER_PANEL = pygame.Rect(826, 96, 370, 408)
"""The helper beside the two-player table; three and four seats put it elsewhere."""


@dataclass(frozen=True)
class Row:
    """A row (or block of rows) of tiles in a seat's own frame, centred along the seat."""

    tile: int
    pitch: int
    out: int
    """How far from the seat's inner edge the first row lies."""
    per_row: int = 21
    row_pitch: int = 0


@dataclass(frozen=True)
class SeatSpot:
    """Where an opponent's things lie: `anchor` is the middle of the seat's inner edge."""

    anchor: tuple[int, int]
    plate: tuple[int, int]
    hand: Row
    pool: Row
    wall: Row
    """The 17 stacks of the personal wall before it is opened."""


@dataclass(frozen=True)
class RiverSpot:
    corner: tuple[int, int]
    """The river's near-left corner, as its seat sees it."""


@dataclass(frozen=True)
class TableLayout:
    players: int
    river_tile: int
    river_row_pitch: int
    rivers: dict[int, RiverSpot]
    seats: dict[int, SeatSpot]
    """Opponents' places; the bottom seat is drawn by the pool, hand and building views."""
    centre: pygame.Rect
    count_at: dict[int, tuple[tuple[int, int], str]]
    """Where each place's "discards n/17" sits in the centre panel (offset, anchor)."""
    status_y: int
    status_rows: tuple[tuple[int, int], ...]
    """Each row the status may take: (its middle's x from the panel's centre, its width). In
    the wide panel of two seats the second lies between the dora row and the countdown."""
    countdown_at: tuple[tuple[int, int], str]
    dora_at: tuple[int, int]
    helper: pygame.Rect
    build_buttons: tuple[int, int]
    """The first building button's top-left; the others follow below."""
    stake_in_centre: bool = True
    """The stake beside the panel's heading; the narrow ring panel leaves it to the board."""

    @property
    def river_pitch(self) -> int:
        return self.river_tile + 1


def place_rect(place: int, origin: tuple[int, int], along: int, along_len: int, out: int,
               out_len: int) -> pygame.Rect:
    """A rectangle given in the frame of the seat at `place` (see the module docstring)."""
    x, y = origin
    if place == 0:
        return pygame.Rect(x + along, y + out, along_len, out_len)
    if place == 2:
        return pygame.Rect(x - along - along_len, y - out - out_len, along_len, out_len)
    if place == 1:
        return pygame.Rect(x + out, y - along - along_len, out_len, along_len)
    return pygame.Rect(x - out - out_len, y + along, out_len, along_len)


def row_rects(place: int, spot: SeatSpot, row: Row, count: int) -> list[pygame.Rect]:
    """The tiles of one of a seat's rows, in order from the seat's left."""
    per_row = min(row.per_row, max(count, 1))
    start = -(per_row * row.pitch) // 2
    height = tile_height(row.tile)
    rects = []
    for index in range(count):
        line, column = divmod(index, per_row)
        rects.append(place_rect(place, spot.anchor, start + column * row.pitch, row.tile,
                                row.out + line * row.row_pitch, height))
    return rects


def _ring(panel: pygame.Rect, gap: int, span: int) -> dict[int, RiverSpot]:
    """Four rivers round the centre panel, each starting at the panel's edge on its side."""
    half = span // 2
    return {
        0: RiverSpot((panel.centerx - half, panel.bottom + gap)),
        1: RiverSpot((panel.right + gap, panel.centery + half)),
        2: RiverSpot((panel.centerx + half, panel.top - gap)),
        3: RiverSpot((panel.left - gap, panel.centery - half)),
    }


_TOP_SEAT = SeatSpot(anchor=(CENTRE_X, 100), plate=(10, 12),
                     hand=Row(30, 31, out=50), pool=Row(28, 29, out=3), wall=Row(30, 31, out=44))
_TWO_CENTRE = pygame.Rect(470, 290, 340, 152)
_RING_CENTRE = pygame.Rect(530, 259, 220, 190)
_SIDE_HAND = Row(24, 25, out=100)
_SIDE_POOL = Row(22, 24, out=0, per_row=7, row_pitch=31)
_SIDE_WALL = Row(22, 23, out=100)
_RIGHT_SEAT = SeatSpot(anchor=(1135, 325), plate=(1094, 66), hand=_SIDE_HAND, pool=_SIDE_POOL,
                       wall=_SIDE_WALL)
_LEFT_SEAT = SeatSpot(anchor=(145, 325), plate=(10, 530), hand=_SIDE_HAND, pool=_SIDE_POOL,
                      wall=_SIDE_WALL)
# Heading, top seat's count, two status rows, side counts, countdown, bottom count: each
# clear of the next in every language, each row's widest words measured. The status's two
# rows lie closer to each other than to the side counts beneath them, so that a wrapped
# status is read as one sentence and a count is not read as its third row.
_RING_COUNTS = {0: ((0, 68), "midtop"), 1: ((100, 23), "midright"), 2: ((0, -64), "midtop"),
                3: ((-100, 23), "midleft")}
_RING_STATUS_Y = -41
_RING_COUNTDOWN = ((0, 49), "center")
_RING_DORA_X = 160
"""Beneath the board (18 px below it), clear of the left seat's pool and the left river's
third row, and far from the top river, whose first row a sideways riichi tile lengthens."""
_RING_STATUS_ROWS = ((0, _RING_CENTRE.width - 20),) * 2
_TWO_SECOND_STATUS_ROW = (33, 110)
"""Between the dora row's second tile (its right edge 28 px left of the panel's centre) and
the countdown's left (some 94 px right of it), 6 px clear of each."""
_RING_HELPER = pygame.Rect(755, 122, 370, 382)
"""Below the right seat's plate, above the label of the hand being built."""

LAYOUTS: dict[int, TableLayout] = {
    2: TableLayout(
        players=2, river_tile=36, river_row_pitch=52,
        rivers={0: RiverSpot((CENTRE_X - 111, 448)), 2: RiverSpot((CENTRE_X + 111, 282))},
        seats={2: _TOP_SEAT}, centre=_TWO_CENTRE,
        count_at={0: ((0, 49), "midtop"), 2: ((0, -45), "midtop")}, status_y=-20,
        status_rows=((0, _TWO_CENTRE.width - 20), _TWO_SECOND_STATUS_ROW),
        countdown_at=((156, 24), "midright"), dora_at=(482, 374),
        helper=HELPER_PANEL, build_buttons=(84, 300),
    ),
    3: TableLayout(
        players=3, river_tile=34, river_row_pitch=50, rivers=_ring(_RING_CENTRE, 8, 6 * 35),
        seats={1: _RIGHT_SEAT, 2: _TOP_SEAT}, centre=_RING_CENTRE, count_at=_RING_COUNTS,
        status_y=_RING_STATUS_Y, status_rows=_RING_STATUS_ROWS, countdown_at=_RING_COUNTDOWN,
        dora_at=(_RING_DORA_X, 221), helper=_RING_HELPER, build_buttons=(1100, 540), stake_in_centre=False,
    ),
    4: TableLayout(
        players=4, river_tile=34, river_row_pitch=50, rivers=_ring(_RING_CENTRE, 8, 6 * 35),
        seats={1: _RIGHT_SEAT, 2: _TOP_SEAT, 3: _LEFT_SEAT}, centre=_RING_CENTRE,
        count_at=_RING_COUNTS, status_y=_RING_STATUS_Y, status_rows=_RING_STATUS_ROWS,
        countdown_at=_RING_COUNTDOWN, dora_at=(_RING_DORA_X, 244), helper=_RING_HELPER, build_buttons=(1100, 540),
        stake_in_centre=False,
    ),
}


def for_players(players: int) -> TableLayout:
    return LAYOUTS[players]


def side_stack_rect(place: int, stack: int) -> pygame.Rect:
    """The upper tile of a side-wall stack (what the dealer clicks to flip the dora)."""
    index = stack if place == 3 else STACKS_PER_WALL - 1 - stack
    y = SIDE_TOP + index * SIDE_STACK_PITCH
    return pygame.Rect(SIDE_X[place], y, tile_height(SIDE_TILE), SIDE_TILE)


def closed_wall_stack_rect(stack: int) -> pygame.Rect:
    """A stack of the bottom seat's own wall before it is opened."""
    pitch = _TOP_SEAT.wall.pitch
    left = CENTRE_X - STACKS_PER_WALL * pitch // 2
    return pygame.Rect(left + stack * pitch, 706, _TOP_SEAT.wall.tile, tile_height(_TOP_SEAT.wall.tile))


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


def river_tile_rect(table: TableLayout, place: int, index: int, riichi_index: int | None) -> pygame.Rect:
    """Where the index-th discard of a river lies (the riichi tile lies sideways), six to a
    row from the centre outwards, read from left to right by the seat that discarded."""
    row, column = divmod(index, RIVER_PER_ROW)
    size = table.river_tile
    full = tile_height(size)
    along = column * table.river_pitch
    if riichi_index is not None and riichi_index // RIVER_PER_ROW == row and riichi_index < index:
        along += full - size
    sideways = index == riichi_index
    along_len, out_len = (full, size) if sideways else (size, full)
    out = row * table.river_row_pitch + (full - out_len)
    return place_rect(place, table.rivers[place].corner, along, along_len, out, out_len)
