"""A hand of many waits (a thirteen-sided thirteen orphans, a nine-sided nine gates) keeps
the strip legible in every language: every wait labelled with its unseen copies, no label
running into another or over a tile, no two tiles overlapping, all on the screen beside
the hand."""

from __future__ import annotations

import pygame
import pytest

from game.app.play.wait_strip import WaitLine, WaitStrip
from game.app.views.pool import STRIP_OFFSET, STRIP_TILE, draw_wait_strip
from game.app.window import layout
from game.app.window.art import TileArt
from game.app.window.text import Text
from game.app.words import i18n
from tests.ui.test_centre import Inked

THIRTEEN = ("1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z")
GAP = 4


class Recording(pygame.Surface):
    """A surface that remembers where each image went."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.images: list[pygame.Rect] = []

    def blit(self, source, dest, *rest, **named):
        rect = super().blit(source, dest, *rest, **named)
        self.images.append(pygame.Rect(dest[:2] if not isinstance(dest, pygame.Rect) else dest.topleft,
                                       source.get_size()))
        return rect


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_many_waits_stay_legible(display, language):
    pygame.display.set_mode((1, 1))
    hand_right = layout.hand_rect(12, 13).right
    before = i18n.language()
    i18n.set_language(language)
    try:
        problems = []
        for count in range(6, 14):
            lines = tuple(WaitLine(code, (3, 0, 4, 1)[index % 4], "yakuman", True)
                          for index, code in enumerate(THIRTEEN[:count]))
            surface = Recording(layout.SCREEN.size)
            text = Text()
            words = Inked(text).drawn
            draw_wait_strip(surface, TileArt(), text, WaitStrip(lines, floor=True, furiten=False),
                            hand_right + STRIP_OFFSET)
            tile_size = TileArt().tile("1m", STRIP_TILE).get_size()
            tiles = [image for image in surface.images if image.size == tile_size]  # the rest are words
            assert len(tiles) == count and len(words) >= count, (count, [w for w, _ink in words])
            for index, (word, ink) in enumerate(words):
                if not (ink.left > hand_right and ink.right <= layout.SCREEN.right - 4
                        and ink.bottom <= layout.SCREEN.bottom):
                    problems.append(f"{count} waits: {word!r} {ink} is off the strip")
                problems += [f"{count} waits: {word!r} {ink} runs into {other!r} {other_ink}"
                             for other, other_ink in words[index + 1:] if ink.inflate(GAP, GAP).colliderect(other_ink)]
                problems += [f"{count} waits: {word!r} {ink} lies on a tile {tile}" for tile in tiles
                             if ink.colliderect(tile)]
            problems += [f"{count} waits: tiles {tile} and {other} overlap" for index, tile in enumerate(tiles)
                         for other in tiles[index + 1:] if tile.colliderect(other)]
            problems += [f"{count} waits: a tile {tile} is off the screen" for tile in tiles
                         if not layout.SCREEN.contains(tile)]
        assert problems == [], "\n".join(problems[:20])
    finally:
        i18n.set_language(before)
