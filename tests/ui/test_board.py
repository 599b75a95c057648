"""The board's rows at four seats: a name as long as "South Normal AI" shown whole beside
a standing and '17/17 R', every column clear of the next and inside the board, in every
language; a name too long for its column gives way to the seat's wind alone."""

from __future__ import annotations

import pygame
import pytest

from game.app.play.table_frame import CentreInfo, SeatFrame, TableFrame
from game.app.views.board import draw_board
from game.app.window import layout
from game.app.window.text import Text
from game.app.words import i18n, terms
from game.app.words.i18n import _
from tests.ui.test_centre import Inked

WINDS = ("East", "South", "West", "North")
GAP = 4


def frame(name: str, standing: str) -> TableFrame:
    seats = tuple(
        SeatFrame(seat=seat, place=seat, name=name, wind=terms.wind(WINDS[seat]), score="", riichi=True,
                  dealer=seat == 0, turn=seat == 1, river=((0, False),) * 17, last_discarder=False,
                  closed_wall=False, concealed=True, pool_left=4, standing=standing)
        for seat in range(4))
    centre = CentreInfo(1, 8, _("Points"), "", (), None, None)
    return TableFrame(4, False, False, "discard", seats, (), centre, None)


def rows(name: str, standing: str) -> tuple[pygame.Rect, list[list[tuple[str, pygame.Rect]]]]:
    text = Text()
    inked = Inked(text)
    board = draw_board(pygame.Surface(layout.SCREEN.size), text, frame(name, standing))
    drawn = inked.drawn[2:]  # after the heading's stake and "discards"
    return board, [drawn[index:index + 3] for index in range(0, len(drawn), 3)]


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_a_normal_ai_is_named_whole_and_the_columns_stay_apart(display, language):
    pygame.display.set_mode((1, 1))
    before = i18n.language()
    i18n.set_language(language)
    try:
        for name, standing, whole in ((_("Normal AI"), "-12000", True), (_("Normal AI"), "25000", True),
                                      ("Player with a very long name", "25000", False)):
            board, lines = rows(name, standing)
            assert len(lines) == 4
            inside = pygame.Rect((0, 0), board.size).inflate(-8, 0)
            for (shown, name_ink), (_standing, standing_ink), (_made, made_ink) in lines:
                assert shown.endswith(name) if whole else shown in {terms.wind(w) for w in WINDS}, shown
                assert name_ink.right + GAP <= standing_ink.left and standing_ink.right + GAP <= made_ink.left
                assert all(inside.contains(ink) for ink in (name_ink, standing_ink, made_ink))
    finally:
        i18n.set_language(before)
