"""Choosing the dora: point at an upper tile of a side wall and click it, or move along
the walls with the arrows (left/right changes wall) and press Enter or Space."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app.window import layout
from game.engine.wall import STACKS_PER_WALL

PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class DoraControls:
    def __init__(self, places: dict[int, int], choose: Callable[[int, int], None]) -> None:
        """places: side wall number -> where it is drawn (1 right, 3 left)."""
        self.places = places
        self.choose = choose
        self.hover: tuple[int, int] | None = None
        first = min(places)
        self.cursor: tuple[int, int] = (first, STACKS_PER_WALL // 2)

    def stack_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        for wall, place in self.places.items():
            for stack in range(STACKS_PER_WALL):
                if layout.side_stack_rect(place, stack).collidepoint(pos):
                    return wall, stack
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.stack_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self.stack_at(event.pos)
            if hit is not None:
                self.choose(*hit)
                return True
            return False
        if event.type != pygame.KEYDOWN:
            return False
        wall, stack = self.cursor
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            wanted = 3 if event.key == pygame.K_LEFT else 1
            self.cursor = next(
                ((w, stack) for w, place in self.places.items() if place == wanted), self.cursor
            )
        elif event.key in (pygame.K_UP, pygame.K_DOWN):
            # Up the screen: the left wall's stacks count up downwards, the right wall's upwards.
            upward = event.key == pygame.K_UP
            step = -1 if (self.places[wall] == 3) == upward else 1
            self.cursor = (wall, max(0, min(STACKS_PER_WALL - 1, stack + step)))
        elif event.key in PRESS_KEYS:
            self.choose(*self.cursor)
        else:
            return False
        return True
