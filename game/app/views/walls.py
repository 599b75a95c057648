"""The walls: side walls (where the dora is flipped) and personal walls still closed."""

from __future__ import annotations

import pygame

from game.app.play.table_frame import SideWallFrame
from game.app.views import marks
from game.app.views.rivers import UPRIGHT_TURN
from game.app.window import layout
from game.app.window.animation import DoraFlip
from game.app.window.art import TileArt, depth_of
from game.engine.wall import STACKS_PER_WALL

# Sideways tiles face the centre: the left wall's tops point right, the right wall's left.
SIDE_TURN = {1: 3, 3: 1}


def draw_side_wall(
    surface: pygame.Surface,
    art: TileArt,
    wall: SideWallFrame,
    highlight: int | None,
    flip: DoraFlip | None,
) -> None:
    """One side wall of 17 stacks, two tiles high, seen from above and a little in front.

    A flipped stack shows the indicator face up on top; once revealed, the ura indicator
    beneath is pulled out beside the stack; `highlight` raises the stack under the pointer.
    """
    place, indicator, ura = wall.place, wall.indicator, wall.ura
    turn = SIDE_TURN[place]
    back = art.tile(None, layout.SIDE_TILE, turn)
    flipping: pygame.Rect | None = None
    for stack in range(STACKS_PER_WALL):
        if stack == wall.flipped_stack and ura is not None:
            continue  # a revealed stack is drawn opened up, after the loop
        rect = layout.side_stack_rect(place, stack)
        surface.blit(back, (rect.x, rect.y + layout.STACK_LIFT))
        lift = 4 if stack == highlight else 0
        top_rect = rect.move(0, -lift)
        if flip is not None and flip.stack == stack and not flip.done:
            flipping = top_rect  # drawn after the loop, above its neighbours
        elif stack == wall.flipped_stack and indicator is not None:
            surface.blit(art.tile(indicator, layout.SIDE_TILE, turn), top_rect)
            if flip is not None and flip.stack == stack and flip.glowing:
                marks.outline(surface, pygame.Rect(top_rect.topleft, art.size(layout.SIDE_TILE, turn)))
        else:
            surface.blit(back, top_rect)
        if stack == highlight:
            marks.outline(surface, pygame.Rect(top_rect.topleft, art.size(layout.SIDE_TILE, turn)))
    if flipping is not None and flip is not None:
        _draw_flipping(surface, art, flipping, turn, indicator, flip)
    if wall.flipped_stack is not None and ura is not None:
        rect = layout.side_stack_rect(place, wall.flipped_stack)
        surface.blit(art.tile(indicator, layout.SIDE_TILE, turn), rect)
        beside = rect.move(rect.width + 6 if place == 3 else -rect.width - 6, 0)
        surface.blit(art.tile(ura, layout.SIDE_TILE, turn), beside)
        marks.outline(surface, pygame.Rect(beside.topleft, art.size(layout.SIDE_TILE, turn)), width=2)


def _draw_flipping(
    surface: pygame.Surface, art: TileArt, rect: pygame.Rect, turn: int, indicator: str | None, flip: DoraFlip
) -> None:
    image = art.tile(indicator if flip.showing_face else None, layout.SIDE_TILE, turn)
    # Lifted out of the wall and enlarged, turning over across the wall's length: the tile
    # narrows along the wall's axis, shows its face, and settles back on its stack.
    # It stays over its own wall's column: what lies beside the wall may be private.
    grow = 1 + 0.5 * flip.lift
    width = round(image.get_width() * grow)
    height = max(1, round(image.get_height() * grow * flip.width_fraction))
    squeezed = pygame.transform.smoothscale(image, (width, height))
    towards_centre = 1 if rect.centerx < layout.CENTRE_X else -1
    centre = (rect.centerx + towards_centre * round(8 * flip.lift), rect.centery - round(18 * flip.lift))
    surface.blit(squeezed, squeezed.get_rect(center=centre))


def draw_closed_wall(surface: pygame.Surface, art: TileArt, table: layout.TableLayout, place: int) -> None:
    """A personal wall not yet opened: 17 stacks of backs along the player's edge."""
    if place == 0:
        tile = layout.closed_wall_stack_rect(0).width
        back = art.tile(None, tile)
        rects = [layout.closed_wall_stack_rect(stack) for stack in range(STACKS_PER_WALL)]
    else:
        spot = table.seats[place]
        tile = spot.wall.tile
        back = art.tile(None, tile, UPRIGHT_TURN[place])
        rects = layout.row_rects(place, spot, spot.wall, STACKS_PER_WALL)
    lift = layout.STACK_LIFT + depth_of(tile)
    for rect in rects:
        surface.blit(back, (rect.x, rect.y + lift))
        surface.blit(back, rect)
