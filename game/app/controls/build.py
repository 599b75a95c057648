"""Building: drag tiles (or click them) between the opened wall and the 13 hand slots.

Keys: arrows move the cursor over the slots and the two wall rows, Space moves the tile
under it into or out of the hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.app.play.builder import BuildState
from game.app.window import layout
from game.engine.kyoku import HAND_SIZE

DRAG_THRESHOLD = 5
HAND_ROW = "hand"
WALL_ROW = "wall"


@dataclass
class Drag:
    tile: int
    from_hand: bool
    grab: tuple[int, int]
    """Where in the tile the pointer took hold."""
    pos: tuple[int, int]
    start: tuple[int, int]
    moved: bool = False

    @property
    def topleft(self) -> tuple[int, int]:
        return self.pos[0] - self.grab[0], self.pos[1] - self.grab[1]


class BuildControls:
    def __init__(self, state: BuildState, play_sound: Callable[[str], None]) -> None:
        self.state = state
        self.play_sound = play_sound
        self.hover: int | None = None
        self.drag: Drag | None = None
        self.cursor: tuple[str, int] = (WALL_ROW, 0)

    def tile_at(self, pos: tuple[int, int]) -> tuple[int, bool, pygame.Rect] | None:
        """(tile, in the hand?, its rect) under the pointer."""
        for index, tile in enumerate(self.state.hand):
            rect = layout.slot_rect(index)
            if rect.collidepoint(pos):
                return tile, True, rect
        for index, tile in enumerate(self.state.wall):
            rect = layout.build_wall_rect(index)
            if rect.collidepoint(pos) and not self.state.in_hand(tile):
                return tile, False, rect
        return None

    @staticmethod
    def slot_for(x: int) -> int:
        """The slot a tile dropped at x goes into."""
        left = layout.row_left(HAND_SIZE, layout.SLOT_PITCH)
        return max(0, min(HAND_SIZE - 1, (x - left) // layout.SLOT_PITCH))

    def cursor_tile(self) -> int | None:
        row, index = self.cursor
        if row == HAND_ROW:
            return self.state.hand[index] if index < len(self.state.hand) else None
        tile = self.state.wall[index]
        return None if self.state.in_hand(tile) else tile

    def cursor_rect(self) -> pygame.Rect:
        row, index = self.cursor
        return layout.slot_rect(index) if row == HAND_ROW else layout.build_wall_rect(index)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.tile_at(event.pos)
            if hit is None:
                return False
            tile, from_hand, rect = hit
            self.drag = Drag(
                tile, from_hand, (event.pos[0] - rect.x, event.pos[1] - rect.y), event.pos, event.pos
            )
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            drag, self.drag = self.drag, None
            drag.pos = event.pos
            if drag.moved:
                self._drop(drag)
            else:
                self._toggle(drag.tile)
            self._motion(event.pos)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return False

    def _motion(self, pos: tuple[int, int]) -> bool:
        hit = self.tile_at(pos)
        self.hover = hit[0] if hit else None
        if self.drag is not None:
            self.drag.pos = pos
            dx, dy = pos[0] - self.drag.start[0], pos[1] - self.drag.start[1]
            self.drag.moved = self.drag.moved or dx * dx + dy * dy > DRAG_THRESHOLD**2
            return True
        return False

    def _drop(self, drag: Drag) -> None:
        centre = (drag.topleft[0] + layout.SLOT_TILE // 2, drag.topleft[1] + layout.SLOT_TILE // 2)
        if layout.SLOTS_AREA.collidepoint(centre) or layout.SLOTS_AREA.collidepoint(drag.pos):
            slot = self.slot_for(drag.pos[0])
            changed = self.state.move(drag.tile, slot) if drag.from_hand else self.state.add(drag.tile, slot)
        elif drag.from_hand:
            changed = self.state.remove(drag.tile)
        else:
            changed = False
        if changed:
            self.play_sound("tile_placed")

    def _toggle(self, tile: int) -> None:
        if self.state.toggle(tile):
            self.play_sound("tile_placed")

    def _key(self, key: int) -> bool:
        row, index = self.cursor
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            size = HAND_SIZE if row == HAND_ROW else len(self.state.wall)
            self.cursor = (row, (index + step) % size)
        elif key == pygame.K_UP:
            if row == WALL_ROW and index >= layout.BUILD_WALL_PER_ROW:
                self.cursor = (WALL_ROW, index - layout.BUILD_WALL_PER_ROW)
            elif row == WALL_ROW:
                self.cursor = (HAND_ROW, min(index * HAND_SIZE // layout.BUILD_WALL_PER_ROW, HAND_SIZE - 1))
        elif key == pygame.K_DOWN:
            if row == HAND_ROW:
                self.cursor = (WALL_ROW, min(index * layout.BUILD_WALL_PER_ROW // HAND_SIZE, 16))
            elif index < layout.BUILD_WALL_PER_ROW:
                self.cursor = (WALL_ROW, index + layout.BUILD_WALL_PER_ROW)
        elif key == pygame.K_SPACE:
            tile = self.cursor_tile()
            if tile is not None:
                self._toggle(tile)
        else:
            return False
        return True
