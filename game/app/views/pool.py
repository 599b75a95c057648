"""The bottom seat during the discards: the pool to discard from, the fixed hand, the
player's own waits marked in the pool, and the furiten badge."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.app import layout, terms
from game.app.art import TileArt
from game.app.controls.pool import PoolControls
from game.app.i18n import _
from game.app.palette import GOOD, INK, SOFT, URGENT
from game.app.text import Text
from game.app.views import marks
from game.app.wait_strip import NO_YAKU, WaitLine, WaitStrip
from game.engine.tiles import kind_code, tile_code

WAIT_TILE = 30
STRIP_TILE = 24
STRIP_PITCH = 64
"""The least room a wait of the strip takes; more when its words need it."""
STRIP_GAP = 6
STRIP_OFFSET = 16
"""From the hand to the strip (or its waits, or "Not tenpai")."""
VALUE_SIZES = (12, 11)


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
    cursor = controls.cursor_index(len(pool))
    for index, tile in enumerate(pool):
        rect = controls.rect(index, len(pool))
        if active and controls.raised(index, keyboard):
            rect = rect.move(0, -layout.POOL_RAISE)
        surface.blit(art.tile(tile_code(tile, red_fives), layout.POOL_TILE), rect)
        if tile // 4 in waits:
            marks.wait_marker(surface, rect)
        if active and keyboard and index == cursor:
            marks.cursor(surface, rect)


def draw_hand(
    surface: pygame.Surface,
    art: TileArt,
    text: Text,
    hand: Sequence[int],
    waits: Sequence[int],
    furiten: bool,
    red_fives: bool,
    strip: WaitStrip | None = None,
) -> None:
    """`strip`, when given, shows each wait's unseen copies and value beside the hand."""
    for index, tile in enumerate(hand):
        surface.blit(
            art.tile(tile_code(tile, red_fives), layout.HAND_TILE), layout.hand_rect(index, len(hand))
        )
    right = layout.hand_rect(len(hand) - 1, len(hand)).right + STRIP_OFFSET
    if strip is not None:
        draw_wait_strip(surface, art, text, strip, right)
    elif waits:
        text.draw(surface, _("Waits"), 14, SOFT, (right, layout.HAND_Y - 2))
        for index, kind in enumerate(waits):
            surface.blit(
                art.tile(kind_code(kind), WAIT_TILE), (right + index * (WAIT_TILE + 3), layout.HAND_Y + 18)
            )
    else:
        text.draw(surface, _("Not tenpai"), 15, SOFT, (right, layout.HAND_Y + 18))
    if furiten:
        # Left of the hand, clear of the waits however many there are.
        left = layout.hand_rect(0, len(hand)).left
        marks.badge(surface, text.render(terms.term("FURITEN"), 16, INK, bold=True), (left - 70, layout.HAND_Y + 30))


def draw_wait_strip(surface: pygame.Surface, art: TileArt, text: Text, strip: WaitStrip, left: int) -> None:
    """Each wait as a tile with its unseen copies and its value beneath, green when a ron on
    it wins, dim when it cannot; a red badge above when the hand cannot win at all."""
    width = layout.SCREEN.right - 12 - left
    verdict = strip.verdict
    if verdict is not None:
        badge = text.render(verdict, 14, INK, bold=True)
        marks.badge(surface, badge, (left + max(badge.get_width() // 2 + 9, width // 2), layout.HAND_Y - 18))
    if not strip.waits:
        text.draw(surface, _("Not tenpai"), 15, SOFT, (left, layout.HAND_Y + 18))
        return
    values = [_wait_value(line) for line in strip.waits]
    lefts = [_("{count} left").format(count=line.unseen) for line in strip.waits]
    room = width // len(strip.waits)
    # The values as large as they fit side by side (winners are bold); none if even the
    # smallest would run into each other.
    size = next((size for size in VALUE_SIZES if _widest(text, values, size) + STRIP_GAP <= room), None)
    needed = max(_widest(text, lefts, 12), _widest(text, values, size) if size is not None else 0) + STRIP_GAP
    pitch = min(max(STRIP_PITCH, needed), room)
    for index, line in enumerate(strip.waits):
        middle = left + index * pitch + pitch // 2  # each wait centred in its own column
        image = art.tile(line.code, STRIP_TILE)
        wins = line.clears and line.live and not strip.furiten
        if not wins:
            image = image.copy()
            image.set_alpha(110)
        surface.blit(image, (middle - STRIP_TILE // 2, layout.HAND_Y))
        colour = GOOD if wins else SOFT
        below = layout.HAND_Y + image.get_height()
        text.draw(surface, lefts[index], 12, INK if line.live else URGENT, (middle, below), "midtop")
        if size is not None:
            text.draw(surface, values[index], size, colour, (middle, below + 18), "midtop", bold=wins)


def _widest(text: Text, words: Sequence[str], size: int) -> int:
    font = text.font(size, bold=True)
    return max(font.size(line)[0] for line in words)


def _wait_value(line: WaitLine) -> str:
    """Beneath a wait: its value when a ron on it is allowed, else why not."""
    if line.value == NO_YAKU:
        return _("no yaku")
    # Translators: beneath a wait whose ron is worth less than mangan
    return terms.limit(line.value) if line.clears else _("too low")
