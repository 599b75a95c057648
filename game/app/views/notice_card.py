"""A notice that does not stop play: a card on empty felt, with the tile it is about, fading
out when its time is up. Once the seat holds its hand the card lies right of the bottom
river (`CARD`); while it builds, the building area, its buttons and the helper take the
bottom and a side of the table, so the card lies beside the centre panel, over a river with
no tile yet (`BUILDING`).

Its words are at the table's type floor (`legible`) and never cut: the card is as wide as
its room and as tall as its words need, standing on the room's bottom. Every notice the
table shows fits within its room in every language, and each room lies on felt that is empty
at two, three and four seats in its phase: the tests measure both, so a longer notice or a
moved seat shows there."""

from __future__ import annotations

import pygame

from game.app.play.table_frame import TableFrame
from game.app.views import legible
from game.app.window.art import TileArt, tile_height
from game.app.window.palette import EDGE, GOLD, INK, PANEL
from game.app.window.text import Text

CARD = pygame.Rect(770, 464, 420, 142)
"""The room the card may take once the seat holds its hand: right of the bottom river and
below the right seat's, left of the right-hand wall, over the pool tiles even when one is
raised under the pointer."""
_RING_BUILDING = pygame.Rect(157, 296, 361, 153)
BUILDING = {2: pygame.Rect(410, 104, 404, 174), 3: _RING_BUILDING, 4: _RING_BUILDING}
"""The room the card may take while the seat builds, by the number of seats: over a river,
empty yet. At two seats, above the centre panel, between the board and the helper (the
building buttons stand left of the panel); at three and four, left of the panel, right of
the left seat's pool (an opponent that has built shows it), from below the dora down to the
panel's bottom (the helper and the buttons stand on the right). Each is wide enough for a
name of 24 W in a notice's line."""
TILE = 30
PAD = 12
TITLE_SIZE = 16
TITLE_TOP = 9
BODY_TOP = 34
"""From the card's top to its first line of words, below the title."""
LEADING = 5
"""Between one line's letters and the next, beyond the type size."""


def card_room(frame: TableFrame) -> pygame.Rect:
    """Where the card lies on `frame`: clear of what the seat works with in its phase."""
    private = frame.private
    building = private is not None and private.hand is None
    return BUILDING[frame.players] if building else CARD


def card_height(text: Text, words: str, tile: str | None, width: int) -> tuple[int, list[str]]:
    """How tall the card of `words` is at `width`, and its lines."""
    size = legible.smallest()
    rows = text.wrap(words, size, width - _left(tile) - PAD)
    font = text.font(size)
    body = BODY_TOP + (len(rows) - 1) * (size + LEADING) + font.get_height() + PAD // 2 if rows else BODY_TOP
    return max(body, PAD + tile_height(TILE) + PAD if tile is not None else 0), rows


def draw_notice_card(surface: pygame.Surface, art: TileArt, text: Text, title: str, words: str,
                     tile: str | None, fade: float, room: pygame.Rect = CARD) -> pygame.Rect:
    """The card standing on the bottom of `room` (`card_room`); `fade` 1 fully shown .. 0
    gone. Returns the card's rectangle."""
    height, rows = card_height(text, words, tile, room.width)
    rect = pygame.Rect(room.left, room.bottom - height, room.width, height)
    card = pygame.Surface(rect.size, pygame.SRCALPHA)
    local = card.get_rect()
    pygame.draw.rect(card, (*PANEL, 235), local, border_radius=10)
    pygame.draw.rect(card, EDGE, local, 2, border_radius=10)
    left = _left(tile)
    if tile is not None:
        card.blit(art.tile(tile, TILE), (PAD, PAD))
    text.draw(card, title, legible.at_least(TITLE_SIZE), GOLD, (left, TITLE_TOP), bold=True)
    size = legible.smallest()
    for index, row in enumerate(rows):
        text.draw(card, row, size, INK, (left, BODY_TOP + index * (size + LEADING)))
    card.set_alpha(round(255 * max(0.0, min(1.0, fade))))
    surface.blit(card, rect)
    return rect


def _left(tile: str | None) -> int:
    return PAD + TILE + PAD if tile is not None else PAD
