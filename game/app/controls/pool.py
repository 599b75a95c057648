"""Discarding: point at a pool tile to raise it, click it (or Enter/Space on the cursor).

After a discard the pool keeps its gap, every other tile where it was, until the pointer
leaves the pool or `GAP_SECONDS` have passed: a quick second click lands on the tile that
was under the pointer, never on one that slid there. The keyboard cursor stays on the
nearest tile when the pool shrinks; Enter while it is not drawn (the pointer was used
last, or the seat was just taken back) shows it first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.app.window import layout

PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
GAP_SECONDS = 0.8


class PoolControls:
    def __init__(self, choose: Callable[[int], None]) -> None:
        self.choose = choose
        self.hover: int | None = None
        self.cursor = 0
        self.chosen: int | None = None
        """The index of the tile last chosen to discard (where the gap opens)."""
        self.gap: tuple[int, int] | None = None
        """(pool size before the discard, index of the gap) while the gap is kept."""
        self.gap_left = 0.0

    # --- where the tiles lie ------------------------------------------------------------

    def slot(self, index: int, count: int) -> tuple[int, int]:
        """(place in the row, row length) of the index-th of `count` pool tiles."""
        gap = self.gap
        if gap is None or gap[0] != count + 1:
            return index, count
        return (index if index < gap[1] else index + 1), gap[0]

    def rect(self, index: int, count: int) -> pygame.Rect:
        return layout.pool_rect(*self.slot(index, count))

    def cursor_index(self, count: int) -> int:
        return max(0, min(self.cursor, count - 1))

    def index_at(self, pool: Sequence[int], pos: tuple[int, int]) -> int | None:
        # The raised tile reaches higher, so the hovered one is tested with its lift.
        for index in range(len(pool)):
            rect = self.rect(index, len(pool))
            if index == self.hover:
                rect = rect.inflate(0, layout.POOL_RAISE).move(0, -layout.POOL_RAISE // 2)
            if rect.collidepoint(pos):
                return index
        return None

    def raised(self, index: int, keyboard: bool) -> bool:
        return index == self.hover or (keyboard and index == self.cursor)

    # --- the gap after a discard ----------------------------------------------------------

    def keep_gap(self, count_before: int) -> None:
        """The chosen tile has been discarded from a pool of `count_before` tiles."""
        if self.chosen is None or not 0 <= self.chosen < count_before:
            return
        self.gap, self.gap_left = (count_before, self.chosen), GAP_SECONDS
        self.hover = None
        self.cursor = min(self.chosen, count_before - 2) if count_before > 1 else 0
        self.chosen = None

    def tick(self, dt: float) -> None:
        if self.gap is not None:
            self.gap_left -= dt
            if self.gap_left <= 0:
                self.gap = None

    def _pool_band(self, count: int) -> pygame.Rect:
        size = self.gap[0] if self.gap is not None else count
        first, last = layout.pool_rect(0, size), layout.pool_rect(size - 1, size)
        return first.union(last).inflate(8, layout.POOL_RAISE * 2 + 8)

    # --- input ----------------------------------------------------------------------------

    def _choose(self, pool: Sequence[int], index: int) -> None:
        self.chosen = index
        self.choose(pool[index])

    def handle_event(self, event: pygame.event.Event, pool: Sequence[int], active: bool,
                     cursor_shown: bool = True) -> bool:
        """`cursor_shown`: the keyboard cursor was drawn before this event (the last input
        was a key); Enter on a cursor not drawn only shows it, never discarding blind."""
        if event.type == pygame.MOUSEMOTION:
            if self.gap is not None and not self._pool_band(len(pool)).collidepoint(event.pos):
                self.gap = None  # the pointer left the pool: it may close up
            self.hover = self.index_at(pool, event.pos)
            return False
        if not active or not pool:
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self.index_at(pool, event.pos)
            if index is not None:
                self.cursor = index
                self._choose(pool, index)
                return True
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.cursor = (self.cursor_index(len(pool)) + (1 if event.key == pygame.K_RIGHT else -1)) % len(pool)
            return True
        elif event.type == pygame.KEYDOWN and event.key in PRESS_KEYS:
            if not cursor_shown:
                return True
            self._choose(pool, self.cursor_index(len(pool)))
            return True
        return False
