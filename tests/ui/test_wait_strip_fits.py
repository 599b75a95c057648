"""The waits strip beside the hand, with the longest values it can show ('3 han 30 fu' at
three and four seats, where a wait below mangan still wins; 'kazoe yakuman'), in every
language at the least readable size: each wait's words apart from its neighbours', on the
screen, clear of the hand; long values shown beside as many as four waits, limit names
beside five."""

from __future__ import annotations

import pygame
import pytest

from game.app import i18n, layout
from game.app.art import TileArt
from game.app.text import Text
from game.app.views.pool import STRIP_OFFSET, draw_wait_strip
from game.app.wait_strip import WaitLine, WaitStrip
from tests.ui.test_centre_panel_fits import Inked

LONGEST = ("kazoe yakuman", "double yakuman", "3 han 110 fu")
"""Shown in full beside up to three waits."""
LONG = ("3 han 110 fu", "3 han 30 fu", "sanbaiman", "2 han 40 fu", "no yaku")
"""Shown beside up to four waits."""
LIMITS = ("haneman", "yakuman", "mangan", "no yaku", "haneman")
"""Shown beside five waits (the fifth too low where it does not clear)."""
CODES = ("1m", "4m", "7m", "2p", "5p", "8p")
GAP = 2


def strip(count: int, clears: bool) -> WaitStrip:
    values = (*LONGEST, *LONG) if count <= 3 else LONG if count == 4 else LIMITS
    lines = tuple(WaitLine(CODES[i], 4 - i % 4, values[i], clears) for i in range(count))
    return WaitStrip(lines, floor=False, furiten=False)


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_words_of_each_wait_stay_apart_and_on_the_screen(display, language):
    surface = pygame.display.set_mode(layout.SCREEN.size)
    hand_right = layout.hand_rect(12, 13).right
    strip_left = hand_right + STRIP_OFFSET
    before = i18n.language()
    i18n.set_language(language)
    try:
        for count in range(1, 6):
            for clears in (True, False):
                text = Text()
                inked = Inked(text)
                draw_wait_strip(surface, TileArt(), text, strip(count, clears), strip_left)
                words = [(w, ink) for w, ink in inked.drawn if ink.top > layout.HAND_Y]
                assert len(words) == 2 * count, [w for w, _ink in words]  # unseen copies and value, each
                for index, (word, ink) in enumerate(words):
                    assert ink.left > hand_right + GAP and ink.right <= layout.SCREEN.right - 4, (word, ink)
                    assert ink.bottom <= layout.SCREEN.bottom, (word, ink)
                    for other, other_ink in words[index + 1:]:
                        assert not ink.inflate(2 * GAP, 2 * GAP).colliderect(other_ink), (count, word, other)
    finally:
        i18n.set_language(before)
