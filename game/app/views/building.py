"""The bottom seat building: the opened wall in two rows and the 13 hand slots above it."""

from __future__ import annotations

import pygame

from game.app.controls.build import BuildControls
from game.app.play.builder import BuildState
from game.app.views import legible, marks
from game.app.window import layout
from game.app.window.art import TileArt
from game.app.window.palette import GOLD, INK, SOFT
from game.app.window.text import Text
from game.app.words.i18n import _
from game.engine.kyoku import HAND_SIZE
from game.engine.tiles import tile_code

HOVER_LIFT = 8


def draw_building(
    surface: pygame.Surface,
    art: TileArt,
    text: Text,
    state: BuildState,
    controls: BuildControls,
    show_cursor: bool,
) -> None:
    red = state.red_fives
    drag = controls.drag
    dragging = drag.tile if drag is not None and drag.moved else None
    text.draw(
        surface,
        _("Your hand: {count} of 13").format(count=len(state.hand)),
        16,
        INK,
        (layout.slot_rect(0).left, layout.HAND_LABEL_Y),
        bold=True,
    )
    text.draw(
        surface,
        _("Drag or click tiles; Space moves the one under the cursor, Enter confirms."),
        legible.at_least(14),
        SOFT,
        (layout.slot_rect(12).right, layout.HAND_LABEL_Y + 1),
        "topright",
    )
    for index in range(HAND_SIZE):
        rect = layout.slot_rect(index)
        tile = state.hand[index] if index < len(state.hand) else None
        if tile is None or tile == dragging:
            marks.empty_slot(surface, rect)
            continue
        lift = HOVER_LIFT if tile == controls.hover and drag is None else 0
        surface.blit(art.tile(tile_code(tile, red), layout.SLOT_TILE), rect.move(0, -lift))
    if dragging is not None and layout.SLOTS_AREA.collidepoint(drag.pos):
        slot = controls.slot_for(drag.pos[0])
        marker = layout.slot_rect(slot)
        pygame.draw.line(
            surface, GOLD, (marker.left - 2, marker.top - 4), (marker.left - 2, marker.bottom + 2), 3
        )
    for index, tile in enumerate(state.wall):
        rect = layout.build_wall_rect(index)
        if state.in_hand(tile):
            marks.empty_slot(surface, rect)
            continue
        if tile == dragging:
            marks.empty_slot(surface, rect)
            continue
        lift = HOVER_LIFT if tile == controls.hover and drag is None else 0
        surface.blit(art.tile(tile_code(tile, red), layout.BUILD_WALL_TILE), rect.move(0, -lift))
    if show_cursor:
        marks.outline(surface, controls.cursor_rect(), INK, 2)
    if dragging is not None:
        surface.blit(art.tile(tile_code(dragging, red), layout.SLOT_TILE), drag.topleft)
