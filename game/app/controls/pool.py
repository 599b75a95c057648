"""Discarding: point at a pool tile to raise it, click it (or Enter/Space on the cursor)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.app import layout

PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class PoolControls:
    def __init__(self, choose: Callable[[int], None]) -> None:
        self.choose = choose
        self.hover: int | None = None
        self.cursor = 0

    def index_at(self, pool: Sequence[int], pos: tuple[int, int]) -> int | None:
        # The raised tile reaches higher, so the hovered one is tested with its lift.
        for index in range(len(pool)):
            rect = layout.pool_rect(index, len(pool))
            if index == self.hover:
                rect = rect.inflate(0, layout.POOL_RAISE).move(0, -layout.POOL_RAISE // 2)
            if rect.collidepoint(pos):
                return index
        return None

    def raised(self, index: int, keyboard: bool) -> bool:
        return index == self.hover or (keyboard and index == self.cursor)

    def handle_event(self, event: pygame.event.Event, pool: Sequence[int], active: bool) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.index_at(pool, event.pos)
            return False
        if not active or not pool:
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self.index_at(pool, event.pos)
            if index is not None:
                self.cursor = index
                self.choose(pool[index])
                return True
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.cursor = (
                min(self.cursor, len(pool) - 1) + (1 if event.key == pygame.K_RIGHT else -1)
            ) % len(pool)
            return True
        elif event.type == pygame.KEYDOWN and event.key in PRESS_KEYS:
            self.choose(pool[min(self.cursor, len(pool) - 1)])
            return True
        return False
