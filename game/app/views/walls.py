"""The walls: side walls (where the dora is flipped) and personal walls still closed."""

from __future__ import annotations

import pygame

from game.app import layout
from game.app.animation import DoraFlip
from game.app.art import TileArt, depth_of
from game.app.views import marks
from game.engine.table import STACKS_PER_WALL

# Sideways tiles face the centre: the left wall's tops point right, the right wall's left.
SIDE_TURN = {1: 3, 3: 1}


def draw_side_wall(
    surface: pygame.Surface,
    art: TileArt,
    place: int,
    flipped_stack: int | None,
    indicator: str | None,
    ura: str | None,
    highlight: int | None,
    flip: DoraFlip | None,
) -> None:
    """One side wall of 17 stacks, two tiles high, seen from above and a little in front.

    flipped_stack shows `indicator` face up on top; `ura` (once revealed) shows the tile
    beneath pulled out beside the stack; `highlight` raises the stack under the pointer.
    """
    turn = SIDE_TURN[place]
    back = art.tile(None, layout.SIDE_TILE, turn)
    for stack in range(STACKS_PER_WALL):
        if stack == flipped_stack and ura is not None:
            continue  # a revealed stack is drawn opened up, after the loop
        rect = layout.side_stack_rect(place, stack)
        surface.blit(back, (rect.x, rect.y + layout.STACK_LIFT))
        lift = 4 if stack == highlight else 0
        top_rect = rect.move(0, -lift)
        if flip is not None and flip.stack == stack and not flip.done:
            _draw_flipping(surface, art, top_rect, turn, indicator, flip)
        elif stack == flipped_stack and indicator is not None:
            surface.blit(art.tile(indicator, layout.SIDE_TILE, turn), top_rect)
        else:
            surface.blit(back, top_rect)
        if stack == highlight:
            marks.outline(surface, pygame.Rect(top_rect.topleft, art.size(layout.SIDE_TILE, turn)))
    if flipped_stack is not None and ura is not None:
        rect = layout.side_stack_rect(place, flipped_stack)
        surface.blit(art.tile(indicator, layout.SIDE_TILE, turn), rect)
        beside = rect.move(rect.width + 6 if place == 3 else -rect.width - 6, 0)
        surface.blit(art.tile(ura, layout.SIDE_TILE, turn), beside)
        marks.outline(surface, pygame.Rect(beside.topleft, art.size(layout.SIDE_TILE, turn)), width=2)


def _draw_flipping(
    surface: pygame.Surface, art: TileArt, rect: pygame.Rect, turn: int, indicator: str | None, flip: DoraFlip
) -> None:
    image = art.tile(indicator if flip.showing_face else None, layout.SIDE_TILE, turn)
    # Turning over across the wall's length: the tile narrows along the wall's axis.
    height = max(1, round(image.get_height() * flip.width_fraction))
    squeezed = pygame.transform.smoothscale(image, (image.get_width(), height))
    surface.blit(squeezed, (rect.x, rect.y + (image.get_height() - height) // 2 - 6))


def draw_closed_wall(surface: pygame.Surface, art: TileArt, place: int) -> None:
    """A personal wall not yet opened: 17 stacks of backs along the player's edge."""
    back = art.tile(None, layout.CLOSED_WALL_TILE, 0 if place == 0 else 2)
    lift = layout.STACK_LIFT + depth_of(layout.CLOSED_WALL_TILE)
    for stack in range(STACKS_PER_WALL):
        rect = layout.closed_wall_stack_rect(place, stack)
        surface.blit(back, (rect.x, rect.y + lift))
        surface.blit(back, rect)
