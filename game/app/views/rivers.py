"""The rivers: each seat's discards, six to a row, the riichi tile sideways, the latest
discard outlined; a discard still in flight is drawn where it is on its way."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.app import layout
from game.app.animation import DiscardFlight
from game.app.art import TileArt
from game.app.views import marks
from game.engine.tiles import tile_code

# Tiles are drawn the right way up for the seat that discarded them.
UPRIGHT_TURN = {0: 0, 2: 2}
SIDEWAYS_TURN = {0: 1, 2: 3}


def river_rect(place: int, river: Sequence[tuple[int, bool]], index: int) -> pygame.Rect:
    riichi_index = next((i for i, (_, riichi) in enumerate(river) if riichi), None)
    return layout.river_tile_rect(place, index, riichi_index)


def draw_river(
    surface: pygame.Surface,
    art: TileArt,
    place: int,
    river: Sequence[tuple[int, bool]],
    red_fives: bool,
    is_last_discarder: bool,
    flight: DiscardFlight | None,
) -> None:
    for index, (tile, riichi) in enumerate(river):
        rect = river_rect(place, river, index)
        turn = SIDEWAYS_TURN[place] if riichi else UPRIGHT_TURN[place]
        image = art.tile(tile_code(tile, red_fives), layout.RIVER_TILE, turn)
        latest = index == len(river) - 1
        if latest and flight is not None and not flight.done:
            continue  # drawn last, above everything, by draw_flight
        surface.blit(image, rect)
        if latest and is_last_discarder:
            marks.outline(surface, pygame.Rect(rect.topleft, image.get_size()))


def draw_flight(
    surface: pygame.Surface,
    art: TileArt,
    place: int,
    river: Sequence[tuple[int, bool]],
    red_fives: bool,
    flight: DiscardFlight,
) -> None:
    if flight.done or not river:
        return
    tile, riichi = river[-1]
    turn = SIDEWAYS_TURN[place] if riichi else UPRIGHT_TURN[place]
    surface.blit(
        art.tile(tile_code(tile, red_fives), layout.RIVER_TILE, turn),
        flight.position(river_rect(place, river, len(river) - 1)),
    )
