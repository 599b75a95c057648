"""The whole table as one picture: walls, rivers, centre panel, name plates, and the
private part (building area or pool and hand) only for the seat the scene allows."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.views.building import draw_building
from game.app.views.centre import CentreInfo, draw_centre
from game.app.views.felt import draw_felt
from game.app.views.helper_panel import draw_helper
from game.app.views.pool import draw_hand, draw_pool
from game.app.views.rivers import draw_flight, draw_river
from game.app.views.seats import SeatPlate, draw_concealed, draw_plate
from game.app.views.walls import draw_closed_wall, draw_side_wall
from game.engine.events import DoraFlipped
from game.engine.hand import HAND_SIZE, Phase, SeatView
from game.engine.table import side_walls
from game.engine.tiles import tile_code

if TYPE_CHECKING:
    from game.app.scenes.table import TableScene

POOL_SIZE = 21
STAKE_WORDS = {"stakes": "Stake {stake:g}", "points": "Points", "points_as_dealer": "Points (as dealer)",
               "units": "Units"}
SCORE_WORDS = {"stakes": "Bankroll {score:g}", "points": "{score:g} points",
               "points_as_dealer": "{score:g} points", "units": "{score:+g} units"}
MODE_STATUS = {"dora": "Flip the dora: click a side-wall tile",
               "build": "Build your hand: 13 of your 34 tiles",
               "discard": "Your turn: discard from your pool"}
WAITING_STATUS = {Phase.DORA: "{who} flips the dora", Phase.BUILD: "Waiting for {who} to build",
                  Phase.DISCARD: "{who} to discard", Phase.RON: "{who} decides on ron"}


def draw_table(surface: pygame.Surface, scene: TableScene) -> None:
    art, text = scene.app.art, scene.app.text
    session = scene.session
    players = session.rules.players
    red = session.rules.red_fives
    view = session.view(scene.bottom)  # only its public parts, unless it is the private seat
    private = scene.shown_private_seat
    draw_felt(surface)
    _draw_side_walls(surface, scene, view)
    for seat in range(players):
        if seat == private:
            continue
        if view.phase is Phase.DORA or not view.built[seat]:
            draw_closed_wall(surface, art, scene.place(seat))
        else:
            draw_concealed(surface, art, scene.place(seat), HAND_SIZE, POOL_SIZE - len(view.rivers[seat]))
    last_discarder = view.last_discard[0] if view.last_discard else None
    flight = scene.flight
    for seat in range(players):
        seat_flight = flight if flight is not None and flight.seat == seat else None
        draw_river(surface, art, scene.place(seat), view.rivers[seat], red, seat == last_discarder,
                   seat_flight)
    draw_centre(surface, text, art, centre_info(scene, view))
    for seat in range(players):
        draw_plate(surface, text, scene.place(seat), plate(scene, seat, view))
    if private is not None:
        _draw_private(surface, scene, session.view(private))
    if flight is not None and not flight.done:
        draw_flight(surface, art, scene.place(flight.seat), view.rivers[flight.seat], red, flight)


def _draw_side_walls(surface: pygame.Surface, scene: TableScene, view: SeatView) -> None:
    red = scene.session.rules.red_fives
    flipped = next((e for e in view.events if isinstance(e, DoraFlipped)), None)
    indicator = tile_code(view.dora_indicator, red) if view.dora_indicator is not None else None
    result = view.result
    ura = None
    if result is not None and result.wins and result.wins[0].ura_indicator is not None:
        ura = tile_code(result.wins[0].ura_indicator, red)  # revealed by the win
    pointed = scene.pointed_stack()
    for wall in side_walls(scene.session.rules.players):
        stack = flipped.stack if flipped is not None and flipped.wall == wall else None
        flip = scene.flip if scene.flip is not None and scene.flip.wall == wall else None
        highlight = pointed[1] if pointed is not None and pointed[0] == wall else None
        draw_side_wall(surface, scene.app.art, scene.wall_place(wall), stack, indicator,
                       ura if stack is not None else None, highlight, flip)


def _draw_private(surface: pygame.Surface, scene: TableScene, view: SeatView) -> None:
    art, text = scene.app.art, scene.app.text
    red = scene.session.rules.red_fives
    if view.phase is Phase.BUILD and view.hand is None:
        state = scene.builds.get(view.seat)
        if state is not None:
            draw_building(surface, art, text, state, scene.build_controls[view.seat], scene.keyboard)
        report = scene.helper_report()
        if report is not None:
            draw_helper(surface, art, text, report, red)
        return
    draw_pool(surface, art, text, view.pool, view.waits, red, scene.pool_controls, scene.keyboard,
              scene.mode() == "discard")
    if view.hand is not None:
        draw_hand(surface, art, text, view.hand, view.waits, view.furiten, red)


def wind(view: SeatView, seat: int) -> str:
    return view.seat_winds[seat].capitalize()


def centre_info(scene: TableScene, view: SeatView) -> CentreInfo:
    match = scene.session.match
    rules = match.rules
    discards = tuple((wind(view, seat), len(view.rivers[seat])) for seat in range(rules.players))
    indicator = tile_code(view.dora_indicator, rules.red_fives) if view.dora_indicator is not None else None
    return CentreInfo(match.hand_number, rules.hands, STAKE_WORDS[rules.settlement].format(stake=match.stake),
                      status(scene, view), discards, indicator, scene.countdown())


def status(scene: TableScene, view: SeatView) -> str:
    """Whose move it is, in words."""
    session = scene.session
    if session.busy:
        return "Completing the hand…"
    mode = scene.mode()
    if mode in MODE_STATUS:
        return MODE_STATUS[mode]
    if view.phase is Phase.END:
        return "The hand is over"
    waiting = session.waiting_on()
    if not waiting:
        return ""
    who = f"{wind(view, waiting[0])} ({session.name(waiting[0])})"
    return WAITING_STATUS.get(view.phase, "").format(who=who)


def plate(scene: TableScene, seat: int, view: SeatView) -> SeatPlate:
    match = scene.session.match
    score = SCORE_WORDS[match.rules.settlement].format(score=match.scores[seat])
    return SeatPlate(scene.session.name(seat), wind(view, seat), score, view.riichi[seat],
                     seat == view.dealer)
