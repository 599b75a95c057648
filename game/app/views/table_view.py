"""The whole table as one picture, drawn from the controller's `TableFrame`: walls, rivers,
centre panel, name plates, and the private part (building area or pool and hand) only
when the frame holds one. `TableUi` is the pointer's part: hover, cursor, drag, motion."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.app.controls.build import BuildControls
from game.app.controls.pool import PoolControls
from game.app.play.table_frame import PrivateFrame, TableFrame
from game.app.play.table_mode import TableMode
from game.app.views.board import draw_board
from game.app.views.building import draw_building
from game.app.views.centre import draw_centre
from game.app.views.felt import draw_felt
from game.app.views.helper_panel import draw_helper
from game.app.views.pool import draw_hand, draw_pool
from game.app.views.rivers import draw_flight, draw_river
from game.app.views.seats import draw_concealed, draw_open_hand, draw_plate
from game.app.views.walls import draw_closed_wall, draw_side_wall
from game.app.window import layout
from game.app.window.animation import DiscardFlight, DoraFlip
from game.app.window.art import TileArt
from game.app.window.text import Text


@dataclass
class TableUi:
    keyboard: bool
    pool_controls: PoolControls
    build_controls: BuildControls | None
    pointed_stack: tuple[int, int] | None
    flight: DiscardFlight | None
    flip: DoraFlip | None


def draw_table(surface: pygame.Surface, art: TileArt, text: Text, frame: TableFrame, ui: TableUi) -> None:
    table = layout.for_players(frame.players)
    red = frame.red_fives
    draw_felt(surface)
    for wall in frame.side_walls:
        pointed = ui.pointed_stack
        highlight = pointed[1] if pointed is not None and pointed[0] == wall.wall else None
        flip = ui.flip if ui.flip is not None and ui.flip.wall == wall.wall else None
        draw_side_wall(surface, art, wall, highlight, flip)
    for seat in frame.seats:
        if seat.open_hand is not None:
            draw_open_hand(surface, art, text, table, seat)
        elif seat.closed_wall:
            draw_closed_wall(surface, art, table, seat.place)
        elif seat.concealed:
            draw_concealed(surface, art, table, seat.place, seat.pool_left)
    flight = ui.flight
    for seat in frame.seats:
        seat_flight = flight if flight is not None and flight.seat == seat.seat else None
        draw_river(surface, art, table, seat.place, seat.river, red, seat.last_discarder, seat_flight,
                   seat.dealt_in)
    draw_centre(surface, text, art, table, frame.centre)
    draw_board(surface, text, frame)
    for seat in frame.seats:
        draw_plate(surface, text, table, seat)
    if frame.private is not None:
        _draw_private(surface, art, text, frame, frame.private, table, ui)
    if flight is not None and not flight.done:
        seat = next(s for s in frame.seats if s.seat == flight.seat)
        draw_flight(surface, art, table, seat.place, seat.river, red, flight)


def _draw_private(surface: pygame.Surface, art: TileArt, text: Text, frame: TableFrame, private: PrivateFrame,
                  table: layout.TableLayout, ui: TableUi) -> None:
    red = frame.red_fives
    if private.hand is None:
        if private.build is not None and ui.build_controls is not None:
            draw_building(surface, art, text, private.build, ui.build_controls, ui.keyboard)
        if private.report is not None:
            draw_helper(surface, art, text, private.report, red, table.helper, frame.floor)
        return
    draw_pool(surface, art, text, private.pool, private.waits, red, ui.pool_controls, ui.keyboard,
              frame.mode == TableMode.DISCARD)
    draw_hand(surface, art, text, private.hand, private.waits, private.furiten, red, private.strip,
              private.furiten_until_discard)
