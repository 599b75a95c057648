"""A winner's call (ロン) at the end of the hand lies over nothing a player reads: not its
own hand, the tile it won on or its face-down pool, not any river (full, with a riichi
tile), the centre panel, a name plate or the board; and inside the window — for every
place at two, three and four seats, in every language, with a full pool or a short one."""

from __future__ import annotations

import pygame
import pytest

from game.app.play.table_frame import CentreInfo, SeatFrame, TableFrame
from game.app.views import marks
from game.app.views.board import draw_board
from game.app.views.rivers import river_rect
from game.app.views.seats import concealed_rects, draw_open_hand, plate_topleft
from game.app.window import layout
from game.app.window.art import TileArt
from game.app.window.text import Text
from game.app.words import i18n

PLACES = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
RIVER = tuple((4 * index, index == 5) for index in range(17))
HAND = ("1m", "1m", "1m", "2m", "2m", "2m", "3m", "3m", "3m", "4m", "7p", "7p", "7p")
GAP = 4


def seat(place: int, pool_left: int, winner: bool) -> SeatFrame:
    return SeatFrame(seat=place, place=place, name="Normal AI", wind="East", score="", riichi=True, dealer=False,
                     turn=False, river=RIVER, last_discarder=False, closed_wall=False, concealed=not winner,
                     pool_left=pool_left, open_hand=HAND if winner else None, winning_tile="4m" if winner else None,
                     call="ロン" if winner else None)


def obstacles(players: int, winner: SeatFrame, text: Text) -> dict[str, pygame.Rect]:
    table = layout.for_players(players)
    things = {"centre panel": table.centre}
    for place in PLACES[players]:
        things[f"plate {place}"] = pygame.Rect(plate_topleft(table, place), layout.PLATE_SIZE)
        things.update({f"river {place} tile {i}": river_rect(table, place, RIVER, i) for i in range(len(RIVER))})
    if winner.place == 0:
        hand = [layout.hand_rect(i, 13) for i in range(13)]
        pool = [layout.pool_rect(i, winner.pool_left) for i in range(winner.pool_left)]
    else:
        hand, pool = concealed_rects(table, winner.place, winner.pool_left)
    things.update({f"hand tile {i}": rect for i, rect in enumerate(hand)})
    things.update({f"pool tile {i}": rect for i, rect in enumerate(pool)})
    seats = tuple(seat(place, 4, False) for place in PLACES[players])
    centre = CentreInfo(1, 8, "Stake 1", "", (), None, None)
    things["board"] = draw_board(pygame.Surface(layout.SCREEN.size), text,
                                 TableFrame(players, False, True, "end", seats, (), centre, None))
    return things


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_call_hides_nothing_a_player_reads(display, monkeypatch, language, players):
    pygame.display.set_mode((1, 1))
    before = i18n.language()
    i18n.set_language(language)
    badges: list[pygame.Rect] = []
    real_badge = marks.badge
    monkeypatch.setattr(marks, "badge", lambda *args, **named: badges.append(real_badge(*args, **named)) or badges[-1])
    try:
        problems = []
        for place in PLACES[players]:
            for pool_left in (21, 4, 0):
                text = Text()
                winner = seat(place, pool_left, True)
                surface = pygame.Surface(layout.SCREEN.size)
                drawn = draw_open_hand(surface, TileArt(), text, layout.for_players(players), winner)
                badge = badges.pop()
                assert drawn == badge and not badges
                if not layout.SCREEN.inflate(-2 * GAP, -2 * GAP).contains(badge):
                    problems.append(f"place {place}: {badge} leaves the window")
                for name, rect in obstacles(players, winner, text).items():
                    if badge.inflate(2 * GAP, 2 * GAP).colliderect(rect):
                        problems.append(f"place {place}, pool {pool_left}: the call {badge} covers {name} {rect}")
        assert problems == [], "\n".join(problems)
    finally:
        i18n.set_language(before)
