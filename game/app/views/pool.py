"""The bottom seat during the discards: the pool to discard from, the fixed hand, the
player's own waits marked in the pool, and the furiten badge."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.app import layout
from game.app.art import TileArt
from game.app.controls.pool import PoolControls
from game.app.palette import INK, SOFT
from game.app.text import Text
from game.app.views import marks
from game.engine.tiles import kind_code, tile_code

WAIT_TILE = 30


def draw_pool(
    surface: pygame.Surface,
    art: TileArt,
    text: Text,
    pool: Sequence[int],
    waits: Sequence[int],
    red_fives: bool,
    controls: PoolControls,
    keyboard: bool,
    active: bool,
) -> None:
    for index, tile in enumerate(pool):
        rect = layout.pool_rect(index, len(pool))
        if active and controls.raised(index, keyboard):
            rect = rect.move(0, -layout.POOL_RAISE)
        surface.blit(art.tile(tile_code(tile, red_fives), layout.POOL_TILE), rect)
        if tile // 4 in waits:
            marks.wait_marker(surface, rect)
        if active and keyboard and index == controls.cursor:
            marks.outline(surface, rect, INK, 2)


def draw_hand(
    surface: pygame.Surface,
    art: TileArt,
    text: Text,
    hand: Sequence[int],
    waits: Sequence[int],
    furiten: bool,
    red_fives: bool,
) -> None:
    for index, tile in enumerate(hand):
        surface.blit(
            art.tile(tile_code(tile, red_fives), layout.HAND_TILE), layout.hand_rect(index, len(hand))
        )
    right = layout.hand_rect(len(hand) - 1, len(hand)).right + 24
    if waits:
        text.draw(surface, "Waits", 14, SOFT, (right, layout.HAND_Y - 2))
        for index, kind in enumerate(waits):
            surface.blit(
                art.tile(kind_code(kind), WAIT_TILE), (right + index * (WAIT_TILE + 3), layout.HAND_Y + 18)
            )
    else:
        text.draw(surface, "Not tenpai", 15, SOFT, (right, layout.HAND_Y + 18))
    if furiten:
        # Left of the hand, clear of the waits however many there are.
        left = layout.hand_rect(0, len(hand)).left
        marks.badge(surface, text.render("FURITEN", 16, INK, bold=True), (left - 70, layout.HAND_Y + 30))
