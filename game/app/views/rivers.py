"""The rivers: each seat's discards, six to a row, the riichi tile sideways, the latest
discard outlined; a discard still in flight is drawn where it is on its way."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.app.views import marks
from game.app.window import layout
from game.app.window.animation import DiscardFlight
from game.app.window.art import TileArt
from game.engine.tiles import tile_code

# Tiles are drawn the right way up for the seat that discarded them (quarter turns
# anticlockwise: the right seat's tops point left, to the centre).
UPRIGHT_TURN = {0: 0, 1: 1, 2: 2, 3: 3}


def turn_for(place: int, riichi: bool) -> int:
    return (UPRIGHT_TURN[place] + (1 if riichi else 0)) % 4


def river_rect(table: layout.TableLayout, place: int, river: Sequence[tuple[int, bool]],
               index: int) -> pygame.Rect:
    riichi_index = next((i for i, (_, riichi) in enumerate(river) if riichi), None)
    return layout.river_tile_rect(table, place, index, riichi_index)


def draw_river(
    surface: pygame.Surface,
    art: TileArt,
    table: layout.TableLayout,
    place: int,
    river: Sequence[tuple[int, bool]],
    red_fives: bool,
    is_last_discarder: bool,
    flight: DiscardFlight | None,
    dealt_in: bool = False,
) -> None:
    """`dealt_in`: the latest discard is the tile someone won on, marked in red."""
    for index, (tile, riichi) in enumerate(river):
        rect = river_rect(table, place, river, index)
        image = art.tile(tile_code(tile, red_fives), table.river_tile, turn_for(place, riichi))
        latest = index == len(river) - 1
        if latest and flight is not None and not flight.done:
            continue  # drawn last, above everything, by draw_flight
        surface.blit(image, rect)
        if latest and dealt_in:
            marks.outline(surface, pygame.Rect(rect.topleft, image.get_size()), marks.FURITEN_RED, 4)
        elif latest and is_last_discarder:
            marks.outline(surface, pygame.Rect(rect.topleft, image.get_size()))


def draw_flight(
    surface: pygame.Surface,
    art: TileArt,
    table: layout.TableLayout,
    place: int,
    river: Sequence[tuple[int, bool]],
    red_fives: bool,
    flight: DiscardFlight,
) -> None:
    if flight.done or not river:
        return
    tile, riichi = river[-1]
    surface.blit(
        art.tile(tile_code(tile, red_fives), table.river_tile, turn_for(place, riichi)),
        flight.position(river_rect(table, place, river, len(river) - 1)),
    )
