"""The notice card of a winning tile the player may not win on: every notice the table can
show there (each reason, each consequence, from each wind, about a suited tile or an honour)
is drawn whole, at the table's type floor, inside its card, in every language; and the card
lies on empty felt at two, three and four seats, clear of the rivers, walls, plates, the pool
(a tile raised under the pointer too) and the waits strip."""

from __future__ import annotations

import pygame
import pytest

from game.app.play.seat_notices import MISSED_REASONS, missed_message
from game.app.views import legible
from game.app.views.notice_card import CARD, draw_notice_card
from game.app.views.pool import STRIP_OFFSET
from game.app.window import layout
from game.app.window.art import TileArt
from game.app.window.text import NO_BREAK_SPACE, WORD_JOINER, Text
from game.app.words import i18n
from game.app.words.i18n import _
from game.engine.events import FuritenStarted, WinningTileMissed
from game.engine.kyoku import FuritenSpan
from tests.ui.test_felt import occupied

WINDS = ("east", "south", "west", "north")
TILES = ("1m", "0p", "6z", "7z")
AFTER = ((), (FuritenStarted(0, "passed", False),), (FuritenStarted(0, "passed", True),))
"""What follows the missed tile: nothing, a furiten that ends with the player's own discard,
one for the rest of the hand (a seat already furiten is told how long it stays so)."""
EDGE = 2
"""The card's border."""


def notices() -> list[str]:
    """Every notice of a missed winning tile, in the current language, as the table words it."""
    words = []
    for reason in MISSED_REASONS:
        cases = [(after, None) for after in AFTER] if reason != "furiten" else [((), span) for span in FuritenSpan]
        for after, span in cases:
            for discarder in range(len(WINDS)):
                for tile in TILES:
                    furiten = after[0] if after else None
                    missed = missed_message(WinningTileMissed(0, tile, reason), WINDS, discarder, span, furiten)
                    words.append(str(missed))
    return words


class Sized:
    """Every text drawn, with its size and the rectangle its letters cover on the card."""

    def __init__(self, text: Text) -> None:
        self.drawn: list[tuple[str, int, pygame.Rect]] = []
        draw = text.draw

        def recorded(surface, words, size, colour, pos, anchor="topleft", bold=False):
            rect = draw(surface, words, size, colour, pos, anchor, bold)
            ink = text.render(words, size, colour, bold).get_bounding_rect().move(rect.topleft)
            self.drawn.append((words, size, ink))
            return rect

        text.draw = recorded


def letters(words: str) -> str:
    """The words without the places a line may break or not (what wrapping may drop)."""
    return "".join(words.replace(WORD_JOINER, "").replace(NO_BREAK_SPACE, " ").split())


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_notice_is_drawn_whole_at_the_floor_inside_its_card(display, language):
    pygame.display.set_mode((1, 1))
    surface = pygame.Surface(layout.SCREEN.size)
    art = TileArt()
    before = i18n.language()
    i18n.set_language(language)
    try:
        problems: list[str] = []
        title = _("Your winning tile")
        for notice in notices():
            text = Text()
            sized = Sized(text)
            card = draw_notice_card(surface, art, text, title, notice, "7z", 1.0)
            drawn = [(words, size, ink.move(card.topleft)) for words, size, ink in sized.drawn]
            if not CARD.contains(card):
                problems.append(f"the card {card} leaves its room {CARD}: {notice!r}")
            assert drawn[0][0] == title
            body = [words for words, _size, _ink in drawn[1:]]
            if letters("".join(body)) != letters(notice):
                problems.append(f"lines {body} are not the whole notice {notice!r}")
            for index, (words, size, ink) in enumerate(drawn):
                if size < legible.smallest():
                    problems.append(f"{words!r} at {size} px, below the floor {legible.smallest()}")
                if not card.inflate(-2 * EDGE, -2 * EDGE).contains(ink):
                    problems.append(f"{words!r} {ink} is not inside the card {card}")
                problems += [f"{words!r} {ink} runs into {other!r} {other_ink}"
                             for other, _size, other_ink in drawn[index + 1:] if ink.colliderect(other_ink)]
        assert problems == [], "\n".join(problems[:12])
    finally:
        i18n.set_language(before)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_card_lies_on_empty_felt_while_discarding(players):
    """While the card can show (the discards: it is dropped with its hand), the helper and the
    building buttons are not on the table; everything else is."""
    table = layout.for_players(players)
    others = [rect for rect in occupied(table) if rect != table.helper]
    others += [layout.pool_rect(index, 21).move(0, -layout.POOL_RAISE) for index in range(21)]
    hand_right = layout.hand_rect(12, 13).right
    strip = pygame.Rect(hand_right + STRIP_OFFSET, layout.HAND_Y - 32, layout.SCREEN.right, layout.SCREEN.bottom)
    others.append(strip)  # the waits strip, its "Cannot win" badge above it
    assert layout.SCREEN.contains(CARD)
    assert [rect for rect in others if CARD.colliderect(rect)] == []
