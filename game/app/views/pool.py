"""The bottom seat during the discards: the pool to discard from, the fixed hand, the
player's own waits marked in the pool, and the furiten badge."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.app.controls.pool import PoolControls
from game.app.play.wait_strip import NO_YAKU, WaitLine, WaitStrip
from game.app.views import legible, marks
from game.app.window import layout
from game.app.window.art import TileArt
from game.app.window.palette import GOOD, INK, SOFT, URGENT
from game.app.window.text import SizedFont, Text
from game.app.words import terms
from game.app.words.i18n import _
from game.engine.tiles import kind_code, kind_of, tile_code

WAIT_TILE = 30
STRIP_TILE = 22
STRIP_PITCH = 64
"""The least room a wait of the strip takes; more when its words need it."""
STRIP_GAP = 4
VALUE_GAP = 12
"""Between two values, or two waits' copies in words, on one line: wide enough that they do
not read as one."""
STRIP_OFFSET = 10
"""From the hand to the strip (or its waits, or "Not tenpai")."""
STRIP_MARGIN = 4
"""From the strip's last word to the window's edge."""
LINE_LEAD = 4
"""The space atop a line box, where the tile's edge may reach."""
STRIP_TOP = layout.HAND_Y - 3
"""The strip's tiles, a little above the hand's, for two lines of values beneath them."""
STAGGER = 7
"""From one line of values to the next, beyond the type size, when neighbours alternate
lines (and may overlap side by side): room for descenders above the next line's letters."""


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
        if kind_of(tile) in waits:
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
    """Each wait as a tile with its unseen copies, dim when a ron on it cannot win, and its
    value beneath, green when it wins; a red badge above when the hand cannot win at all.
    Where they do not fit apart, waits of the same value side by side share one, beneath
    them all; the first of the arrangements (`_arrange`) that fits is drawn, so that every
    value shows however many the waits."""
    width = layout.SCREEN.right - STRIP_MARGIN - left
    verdict = strip.verdict
    room = width
    if verdict is not None:
        badge = text.render(verdict, legible.at_least(14), INK, bold=True)
        room -= badge.get_width() + 2 * 9 + VALUE_GAP
        middle = left + max(badge.get_width() // 2 + 9, width // 2)
        if strip.waits and text.font(legible.at_least(12)).size(strip.basis_words)[0] <= room:
            middle = left + badge.get_width() // 2 + 9  # the values' basis beside it
        marks.badge(surface, badge, (middle, STRIP_TOP - 16))
    if strip.waits:
        # What the values count (ippatsu, before the riichi...), in the helper's words; the
        # verdict goes first where both do not fit.
        small = legible.at_least(12)
        if text.font(small).size(strip.basis_words)[0] <= room:
            at, anchor = ((left, STRIP_TOP - 16), "midleft") if verdict is None else \
                ((left + width, STRIP_TOP - 16), "midright")
            text.draw(surface, strip.basis_words, small, SOFT, at, anchor)
    if not strip.waits:
        text.draw(surface, _("Not tenpai"), legible.at_least(15), SOFT, (left, layout.HAND_Y + 18))
        return
    small = legible.at_least(12)
    plan = _arrange(text.font(small), strip, left, width)
    below = STRIP_TOP + art.tile(strip.waits[0].code, STRIP_TILE).get_height() - LINE_LEAD
    for index, line in enumerate(strip.waits):
        middle = left + index * plan.pitch + plan.pitch // 2  # each wait centred in its own column
        image = _wait_tile(art, strip, line)
        surface.blit(image, (middle - STRIP_TILE // 2, STRIP_TOP))
        colour = INK if line.live else URGENT
        if plan.counts == "beside":
            text.draw(surface, f"{line.unseen}", small, colour,
                      (middle + STRIP_TILE // 2 + 3, STRIP_TOP + image.get_height() // 2), "midleft", bold=True)
        else:
            words = _("{count} left").format(count=line.unseen) if plan.counts == "words" else f"{line.unseen}"
            text.draw(surface, words, small, colour, (middle, below), "midtop")
    # Beneath the copies, or on the two lines beneath the tiles when the copies are beside them.
    tops = (below + small + 3,) if plan.counts != "beside" else (below + 1, below + 1 + small + STAGGER)
    for label in plan.values:
        text.draw(surface, label.words, small, GOOD if label.wins else SOFT, (label.left, tops[label.line]))


@dataclass(frozen=True)
class ValueLabel:
    words: str
    wins: bool
    left: int
    line: int
    """0 the first line of values beneath the tiles, 1 the second."""


@dataclass(frozen=True)
class StripPlan:
    pitch: int
    counts: str
    """The unseen copies beneath each tile ("words": "3 left"; "number": "3") or "beside" it."""
    values: tuple[ValueLabel, ...]


def _arrange(font: SizedFont, strip: WaitStrip, left: int, width: int) -> StripPlan:
    """The first that fits of: the copies in words beneath each tile and the values on the
    line below; the copies beside each tile and the values on the line beneath, or on two
    lines, neighbours alternating; the copies as a number beneath and the values below.
    Each arrangement is tried with a value beneath every wait, then with neighbouring waits
    of one value sharing it.
    Each value lies beneath its waits (its middle within their columns), apart from the
    others; the columns as narrow as the words allow (at least `STRIP_PITCH`), else as wide
    as the strip. None fitting (more different values side by side than the strip can hold),
    the tiles and copies alone: the tiles' dimming still says which waits win."""
    count = len(strip.waits)
    room = width // count
    runs = _runs(strip, grouped=True)
    words = [_("{count} left").format(count=line.unseen) for line in strip.waits]
    needed = max(_widest(font, words), _widest(font, [value for value, _wins, _first, _last in runs])) + STRIP_GAP
    pitches = sorted({min(room, max(STRIP_PITCH, needed)), room})
    # A number beside its tile, nearer to it than to the next tile.
    beside = STRIP_TILE + 3 + _widest(font, [f"{line.unseen}" for line in strip.waits]) + 2 * STRIP_GAP
    for counts, lines in (("words", 1), ("beside", 1), ("beside", 2), ("number", 1)):
        for shared in (_runs(strip, grouped=False), runs):
            for pitch in pitches:
                if counts == "words" and _widest(font, words) + VALUE_GAP > pitch:
                    continue
                if counts == "beside" and beside > pitch:
                    continue
                values = _place_values(font, shared, left, width, pitch, lines)
                if values is not None:
                    return StripPlan(pitch, counts, values)
    return StripPlan(room, "number", ())


def _runs(strip: WaitStrip, grouped: bool) -> list[tuple[str, bool, int, int]]:
    """Each wait's value, or (`grouped`) neighbouring waits of one value as one: (value,
    whether one of them wins, first, last wait). A wait of the run that cannot win (used up,
    furiten) says so by its dim tile."""
    runs: list[tuple[str, bool, int, int]] = []
    for index, line in enumerate(strip.waits):
        value, wins = _wait_value(line), _wins(strip, line)
        if grouped and runs and runs[-1][0] == value:
            runs[-1] = (value, wins or runs[-1][1], runs[-1][2], index)
        else:
            runs.append((value, wins, index, index))
    return runs


def _place_values(font: SizedFont, runs: Sequence[tuple[str, bool, int, int]], left: int, width: int,
                  pitch: int, lines: int) -> tuple[ValueLabel, ...] | None:
    """Each run's value centred beneath its waits on line `index % lines`, pushed apart from
    its neighbours on that line and kept within the strip; None if one cannot stay beneath
    its own waits."""
    labels: list[ValueLabel] = []
    for line in range(lines):
        mine = [run for index, run in enumerate(runs) if index % lines == line]
        sizes = [font.size(words)[0] for words, _wins, _first, _last in mine]
        spans = [(left + first * pitch, left + (last + 1) * pitch) for _words, _wins, first, last in mine]
        lefts = [min(max(left, (low + high - size) // 2), left + width - size)
                 for (low, high), size in zip(spans, sizes, strict=True)]
        for index in range(1, len(lefts)):
            lefts[index] = max(lefts[index], lefts[index - 1] + sizes[index - 1] + VALUE_GAP)
        if lefts:
            lefts[-1] = min(lefts[-1], left + width - sizes[-1])
        for index in range(len(lefts) - 2, -1, -1):
            lefts[index] = min(lefts[index], lefts[index + 1] - VALUE_GAP - sizes[index])
        if lefts and lefts[0] < left:
            return None
        for (words, wins, _first, _last), (low, high), size, at in zip(mine, spans, sizes, lefts, strict=True):
            if not low + STRIP_GAP <= at + size // 2 <= high - STRIP_GAP:
                return None
            labels.append(ValueLabel(words, wins, at, line))
    return tuple(labels)


def _wins(strip: WaitStrip, line: WaitLine) -> bool:
    return line.clears and line.live and not strip.furiten


def _wait_tile(art: TileArt, strip: WaitStrip, line: WaitLine) -> pygame.Surface:
    image = art.tile(line.code, STRIP_TILE)
    if not _wins(strip, line):
        image = image.copy()
        image.set_alpha(110)
    return image


def _widest(font: SizedFont, words: Sequence[str]) -> int:
    return max(font.size(line)[0] for line in words)


def _wait_value(line: WaitLine) -> str:
    """Beneath a wait: its value when a ron on it is allowed, else why not."""
    if line.value == NO_YAKU:
        return _("no yaku")
    # Translators: beneath a wait whose ron is worth less than mangan
    return terms.limit(line.value) if line.clears else _("too low")
