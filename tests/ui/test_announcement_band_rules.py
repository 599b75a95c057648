"""The announcement band's words lie between its two rules: the status line at its foot
("Click or press a key for the result") was cut by the lower rule in Chinese and Japanese,
whose lines stand taller than the band's fixed 20 px allowed."""

from __future__ import annotations

import pygame
import pytest

from game.app.views.centre import draw_centre
from game.app.window import layout
from game.app.window.art import TileArt
from game.app.window.text import Text
from game.app.words import terms
from game.app.words.i18n import _
from tests.ui.test_centre import WINDS, Inked, centre_info


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_bands_words_lie_between_its_rules(monkeypatch, language, players):
    rules: list[int] = []
    line = pygame.draw.line

    def noting(surface, colour, start, end, width=1):
        rules.append(start[1])
        return line(surface, colour, start, end, width)

    monkeypatch.setattr(pygame.draw, "line", noting)
    status = _("Click or press a key for the result")
    east, *others = (terms.wind(wind) for wind in WINDS[:players])
    announcement = _("Ron! {winner} on {discarder}'s discard").format(winner=others[-1], discarder=east)
    text = Text()
    inked = Inked(text)
    draw_centre(pygame.Surface(layout.SCREEN.size), text, TileArt(), layout.for_players(players),
                centre_info(players, status, "", None, 8, announcement))
    top, bottom = rules[-2:]  # the band's, drawn last but for its words
    inside = [(words, ink) for words, ink in inked.drawn if not words.endswith("/17")
              and (words in status or words in announcement) and ink.height]
    assert inside
    for words, ink in inside:
        assert top + 1 < ink.top and ink.bottom < bottom - 1, (words, ink, top, bottom)
