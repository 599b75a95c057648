"""The players: a name plate per seat, and each opponent's concealed hand and pool."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app.play.table_frame import SeatFrame
from game.app.views import legible, marks
from game.app.views.rivers import UPRIGHT_TURN
from game.app.window import layout
from game.app.window.art import TileArt
from game.app.window.fitting import fits_in, fitted_name
from game.app.window.palette import GOLD, INK, SOFT
from game.app.window.text import Text
from game.app.words import terms
from game.app.words.i18n import _
from game.app.words.net_words import AWAY, STAND_IN, plate_name
from game.engine.kyoku import HAND_SIZE

PLATE = (12, 46, 32)
BOTTOM_PLATE = (10, 700)
TURN_EDGE = (255, 236, 160)
PLATE_GAP = 4
"""Between a plate's standing and the word dealer."""
PLATE_PAD = 10
PLATE_NAME = 17


def plate_topleft(table: layout.TableLayout, place: int) -> tuple[int, int]:
    return BOTTOM_PLATE if place == 0 else table.seats[place].plate


def draw_plate(surface: pygame.Surface, text: Text, table: layout.TableLayout, seat: SeatFrame) -> None:
    x, y = plate_topleft(table, seat.place)
    rect = pygame.Rect((x, y), layout.PLATE_SIZE)
    pygame.draw.rect(surface, PLATE, rect, border_radius=8)
    edge, width = (TURN_EDGE, 3) if seat.turn else (GOLD if seat.dealer else SOFT, 1)
    pygame.draw.rect(surface, edge, rect, width, border_radius=8)
    plate, size = plate_words(text, seat, rect.width - 2 * PLATE_PAD)
    text.draw(surface, plate, size, GOLD if seat.dealer else INK, (x + PLATE_PAD, y + 4), bold=True)
    small, size = legible.at_least(14), legible.at_least(15)
    score = seat.score
    if seat.dealer:
        dealer = text.draw(surface, _("dealer"), small, GOLD, (rect.right - 10, y + 27), "topright", bold=True)
        if x + 10 + text.font(size).size(score)[0] + PLATE_GAP > dealer.left:
            score = seat.standing  # a bankroll of millions: the number alone, as the board writes it
    text.draw(surface, score, size, SOFT, (x + 10, y + 27))
    if seat.riichi:
        marks.riichi_stick(surface, (rect.centerx, rect.bottom + 7))  # the stick laid down before the seat


NAME_HOLE = "\x00"


def name_and_mark(shown: str) -> tuple[str, Callable[[str], str]]:
    """A plate's name apart from its mark ("Kaiji" and "{name} (away)"), so that a name too
    long for the plate is cut and never the mark, the one word that matters there."""
    for presence in (AWAY, STAND_IN):
        before, _hole, after = plate_name(NAME_HOLE, presence).partition(NAME_HOLE)
        if len(shown) > len(before) + len(after) and shown.startswith(before) and shown.endswith(after):
            return shown[len(before):len(shown) - len(after)], lambda name, b=before, a=after: b + name + a
    return shown, lambda name: name


def plate_words(text: Text, seat: SeatFrame, room: int) -> tuple[str, int]:
    """The plate's line in `room` pixels, and its size: the wind and the whole name with its
    mark ("(away)"), smaller if need be, down to the least readable size; else the whole
    name and its mark without the wind (which the centre panel and the board say too: a
    name cut to fit "(away)", "Sa··· (away)", hid whose seat it was); else a long name cut,
    its mark whole, with the wind, then without."""
    name, marked = name_and_mark(seat.name)
    lines = (lambda cut: _("{wind} · {name}").format(wind=seat.wind, name=marked(cut)), marked)
    sizes = range(PLATE_NAME, legible.smallest() - 1, -1)
    for line in lines:
        for size in sizes:
            if fits_in(text, size, room, bold=True)(line(name)):
                return line(name), size
    words = ""
    for line in lines:
        for size in sizes:
            words = fitted_name(text, line, name, size, room, bold=True)
            if fits_in(text, size, room, bold=True)(words):
                return words, size
    return words, legible.smallest()


def concealed_rects(table: layout.TableLayout, place: int, pool_size: int) -> tuple[list[pygame.Rect],
                                                                                    list[pygame.Rect]]:
    """Where an opponent's standing hand and face-down pool lie."""
    spot = table.seats[place]
    return (layout.row_rects(place, spot, spot.hand, HAND_SIZE),
            layout.row_rects(place, spot, spot.pool, pool_size))


def draw_concealed(surface: pygame.Surface, art: TileArt, table: layout.TableLayout, place: int,
                   pool_size: int) -> None:
    """A built seat seen by someone else: standing hand and face-down pool, backs only."""
    if place == 0:
        back = art.tile(None, layout.POOL_TILE)
        for index in range(pool_size):
            surface.blit(back, layout.pool_rect(index, pool_size))
        back = art.tile(None, layout.HAND_TILE)
        for index in range(HAND_SIZE):
            surface.blit(back, layout.hand_rect(index, HAND_SIZE))
        return
    spot = table.seats[place]
    turn = UPRIGHT_TURN[place]
    hand, pool = concealed_rects(table, place, pool_size)
    for rects, row in ((hand, spot.hand), (pool, spot.pool)):
        back = art.tile(None, row.tile, turn)
        for rect in rects:
            surface.blit(back, rect)


RON_RED = (200, 44, 44)


def draw_open_hand(surface: pygame.Surface, art: TileArt, text: Text, table: layout.TableLayout,
                   seat: SeatFrame) -> pygame.Rect | None:
    """The end of the hand: the seat's hand laid face up where it stood, the winning tile
    apart beside it, its pool left face down; a winner's call (ロン) beside them (see
    `call_rect`). Returns where the call lies, if there is one."""
    assert seat.open_hand is not None
    place = seat.place
    if place == 0:
        back = art.tile(None, layout.POOL_TILE)
        pool = [layout.pool_rect(index, seat.pool_left) for index in range(seat.pool_left)]
        for rect in pool:
            surface.blit(back, rect)
        rects = [layout.hand_rect(index, len(seat.open_hand)) for index in range(len(seat.open_hand))]
        size = layout.HAND_TILE
    else:
        spot = table.seats[place]
        hand, pool = concealed_rects(table, place, seat.pool_left)
        back = art.tile(None, spot.pool.tile, UPRIGHT_TURN[place])
        for rect in pool:
            surface.blit(back, rect)
        rects, size = hand, spot.hand.tile
    turn = UPRIGHT_TURN[place]
    for code, rect in zip(seat.open_hand, rects, strict=False):
        surface.blit(art.tile(code, size, turn), rect)
    beside = None
    if seat.winning_tile is not None and rects:
        last, first = rects[-1], rects[0]
        step = (last.x - first.x, last.y - first.y)
        length = max(1, abs(step[0]) + abs(step[1]))
        gap = size // 2 + size
        image = art.tile(seat.winning_tile, size, turn)
        beside = pygame.Rect(last.move(round(step[0] / length * gap), round(step[1] / length * gap)).topleft,
                             image.get_size())
        surface.blit(image, beside)
        marks.outline(surface, beside, RON_RED, 3)
    if seat.call is None or not rects:
        return None
    words = text.render(terms.ron_call(), 26, INK, bold=True)
    badge = call_rect(place, words.get_rect().inflate(marks.BADGE_PAD), rects, pool, beside)
    return marks.badge(surface, words, badge.center, RON_RED)


CALL_GAP = 14
"""Between a winner's call and the tiles it stands beside."""


def call_rect(place: int, badge: pygame.Rect, hand: list[pygame.Rect], pool: list[pygame.Rect],
              winning: pygame.Rect | None) -> pygame.Rect:
    """Where a winner's call (a badge of `badge`'s size) lies, over nothing a player reads:
    the bottom and top seats' beyond the tile won on, along the hand (the pool lies between
    the hand and the river, the plate at the hand's other end); a side seat's between its
    tiles (hand and pool) and the centre, on the felt before its river."""
    badge = badge.copy()
    if place in (0, 2):
        end = winning or hand[-1]
        if place == 0:
            badge.midleft = (end.right + CALL_GAP, end.centery)
        else:
            badge.midright = (end.left - CALL_GAP, end.centery)
        return badge
    tiles = hand[0].unionall([*hand[1:], *pool])
    if place == 1:
        badge.midright = (tiles.left - CALL_GAP, tiles.centery)
    else:
        badge.midleft = (tiles.right + CALL_GAP, tiles.centery)
    return badge


def pool_centre(table: layout.TableLayout, place: int, pool_size: int) -> tuple[int, int]:
    """Where an opponent's discard leaves from: the middle of its pool."""
    _, pool = concealed_rects(table, place, max(pool_size, 1))
    return pool[len(pool) // 2].topleft
