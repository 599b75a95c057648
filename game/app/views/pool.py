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
from game.app.views import legible, marks
from game.app.wait_strip import NO_YAKU, WaitLine, WaitStrip
from game.engine.tiles import kind_code, tile_code

WAIT_TILE = 30
STRIP_TILE = 22
STRIP_PITCH = 64
"""The least room a wait of the strip takes; more when its words need it."""
STRIP_GAP = 4
STRIP_OFFSET = 10
"""From the hand to the strip (or its waits, or "Not tenpai")."""
STRIP_MARGIN = 4
"""From the strip's last word to the window's edge."""
LINE_LEAD = 4
"""The space atop a line box, where the tile's edge may reach."""
ROW_GAP = 5
"""Between the two rows of a strip of many waits."""


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
    until_discard: bool = False,
) -> None:
    """`strip`, when given, shows each wait's unseen copies and value beside the hand;
    `until_discard`: the furiten ends with the player's own next discard, and its badge says so."""
    for index, tile in enumerate(hand):
        surface.blit(
            art.tile(tile_code(tile, red_fives), layout.HAND_TILE), layout.hand_rect(index, len(hand))
        )
    right = layout.hand_rect(len(hand) - 1, len(hand)).right + STRIP_OFFSET
    if strip is not None:
        draw_wait_strip(surface, art, text, strip, right)
    elif waits:
        text.draw(surface, _("Waits"), legible.at_least(14), SOFT, (right, layout.HAND_Y - 2))
        for index, kind in enumerate(waits):
            surface.blit(
                art.tile(kind_code(kind), WAIT_TILE), (right + index * (WAIT_TILE + 3), layout.HAND_Y + 18)
            )
    else:
        text.draw(surface, _("Not tenpai"), legible.at_least(15), SOFT, (right, layout.HAND_Y + 18))
    if furiten:
        # Left of the hand, clear of the waits however many there are.
        left = layout.hand_rect(0, len(hand)).left
        words = text.render(terms.term("FURITEN"), 16, INK, bold=True)
        if until_discard:
            # Translators: under FURITEN on its badge: the furiten ends with the player's own next discard
            words = _two_rows(words, text.render(_("until your discard"), legible.at_least(15), INK))
            marks.badge(surface, words, (left - 16 - words.get_width() // 2, layout.HAND_Y + 30))
        else:
            marks.badge(surface, words, (left - 70, layout.HAND_Y + 30))


def _two_rows(first: pygame.Surface, second: pygame.Surface) -> pygame.Surface:
    """Two lines of words, centred one above the other, as one picture."""
    rows = pygame.Surface((max(first.get_width(), second.get_width()), first.get_height() + second.get_height() - 4),
                          pygame.SRCALPHA)
    rows.blit(first, first.get_rect(midtop=(rows.get_width() // 2, 0)))
    rows.blit(second, second.get_rect(midbottom=(rows.get_width() // 2, rows.get_height())))
    return rows


def draw_wait_strip(surface: pygame.Surface, art: TileArt, text: Text, strip: WaitStrip, left: int) -> None:
    """Each wait as a tile with its unseen copies and its value beneath, green when a ron on
    it wins, dim when it cannot; a red badge above when the hand cannot win at all. Too many
    waits for their words side by side (a thirteen-sided wait) lie in two rows, each tile
    with its unseen copies beside it."""
    width = layout.SCREEN.right - STRIP_MARGIN - left
    verdict = strip.verdict
    if verdict is not None:
        badge = text.render(verdict, legible.at_least(14), INK, bold=True)
        marks.badge(surface, badge, (left + max(badge.get_width() // 2 + 9, width // 2), layout.HAND_Y - 18))
    if not strip.waits:
        text.draw(surface, _("Not tenpai"), legible.at_least(15), SOFT, (left, layout.HAND_Y + 18))
        return
    small = legible.at_least(12)
    lefts = [_("{count} left").format(count=line.unseen) for line in strip.waits]
    room = width // len(strip.waits)
    if _widest(text, lefts, small) + STRIP_GAP > room:
        _draw_two_rows(surface, art, text, strip, left, width, small)
        return
    values = [_wait_value(line) for line in strip.waits]
    # The values only if they fit side by side (winners in green): the tiles' dimming still
    # says which waits win.
    shown = _widest(text, values, small) + STRIP_GAP <= room
    needed = max(_widest(text, lefts, small), _widest(text, values, small) if shown else 0) + STRIP_GAP
    pitch = min(max(STRIP_PITCH, needed), room)
    for index, line in enumerate(strip.waits):
        middle = left + index * pitch + pitch // 2  # each wait centred in its own column
        image = _wait_tile(art, strip, line)
        surface.blit(image, (middle - STRIP_TILE // 2, layout.HAND_Y))
        below = layout.HAND_Y + image.get_height() - LINE_LEAD
        text.draw(surface, lefts[index], small, INK if line.live else URGENT, (middle, below), "midtop")
        if shown:
            wins = _wins(strip, line)
            text.draw(surface, values[index], small, GOOD if wins else SOFT, (middle, below + small + 3), "midtop")


def _draw_two_rows(surface: pygame.Surface, art: TileArt, text: Text, strip: WaitStrip, left: int, width: int,
                   size: int) -> None:
    per_row = (len(strip.waits) + 1) // 2
    column = width // per_row
    for index, line in enumerate(strip.waits):
        row, place = divmod(index, per_row)
        image = _wait_tile(art, strip, line)
        x, y = left + place * column, layout.HAND_Y + row * (image.get_height() + ROW_GAP)
        surface.blit(image, (x, y))
        text.draw(surface, f"{line.unseen}", size, INK if line.live else URGENT,
                  (x + image.get_width() + 3, y + image.get_height() // 2), "midleft", bold=True)


def _wins(strip: WaitStrip, line: WaitLine) -> bool:
    return line.clears and line.live and not strip.furiten


def _wait_tile(art: TileArt, strip: WaitStrip, line: WaitLine) -> pygame.Surface:
    image = art.tile(line.code, STRIP_TILE)
    if not _wins(strip, line):
        image = image.copy()
        image.set_alpha(110)
    return image


def _widest(text: Text, words: Sequence[str], size: int) -> int:
    font = text.font(size)
    return max(font.size(line)[0] for line in words)


def _wait_value(line: WaitLine) -> str:
    """Beneath a wait: its value when a ron on it is allowed, else why not."""
    if line.value == NO_YAKU:
        return _("no yaku")
    # Translators: beneath a wait whose ron is worth less than mangan
    return terms.limit(line.value) if line.clears else _("too low")
